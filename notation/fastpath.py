"""The fast path: a record in the common layout read without lark, into the very values lark builds.

The promise: :func:`parse_fast` returns either ``None`` or exactly the :class:`Record` that the lark
parser (parser.py) returns for the same text, source and first line, field for field: every
statement's line, column and comments, the record's ``source`` and ``line``. The grammar
(``mgn.lark``) stays the one definition of the notation and lark the one source of diagnostics:
the fast path declines (returns ``None``) whatever it is not sure of, and then lark reads the
text. Tests hold it to that on samples, the error catalogue, simulated games, generated records
and thousands of mutated texts (tests/test_notation_fastpath.py).

What it reads is the layout ``muggins fmt`` and ``muggins simulate`` write and people usually
write by hand: one statement per line, any run of spaces or tabs between its tokens, blank lines,
``;`` comments and one-line ``{...}`` comments after a statement or on a line of their own,
trailing blanks, CRLF. It declines a statement split over lines, two statements on a line, a
brace comment spanning lines, anything it does not recognise, and every record in which lark
would find a problem (it then finds it itself, in its own words).

Token shapes below are those of ``mgn.lark``; between tokens only the grammar's own blanks count
(space, tab, ``\\r``, ``\\f``; never ``\\s`` or ``\\d``, which take in Unicode). The checks on
built values and the conversions of token text come from builder.py, shared with lark's path.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from muggins.notation.statements import (
    TILE_BY_TEXT,
    declare,
    team_problems,
    tile_from_text,
    tiles_from_text,
    turn_problems,
    unquote,
)
from muggins.notation.model import (
    Boneyard,
    Deal,
    Draw,
    Hand,
    Header,
    Lead,
    MugginsCall,
    Outcome,
    Pass,
    Play,
    Record,
    SheetScore,
    Tally,
    Tile,
)

__all__ = ["parse_fast"]

_BLANKS = " \t\r\f"
_WS = r"[ \t\r\f]"
_ID = r"[A-Z][A-Za-z0-9_]*+"
_TILE = r"[0-9]+-[0-9]+(?![0-9-])"
_TILES = rf"{_TILE}(?:{_WS}+{_TILE})*"
_NUMBER = r"[0-9]{1,9}(?![0-9-])"
_INT = r"-?[0-9]{1,9}(?![0-9-])"
_CLAIM = r"\+([0-9]{1,9})(?![0-9])"
_END = r"(?:[lr]|[ud](?:[2-9]|[1-9][0-9]+)?)\b"
_MARK = r"!\?|\?!|\?\?|!|\?"

# Groups: seat; play: tile, end, inline, mark, claim; draw: tiles, count; pass; muggins: against,
# points; score-sheet entry: points.
_TURN = re.compile(
    rf"({_ID})(?:{_WS}+(?:"
    rf"({_TILE})(?:{_WS}+({_END}))?(?:{_WS}+(inline)\b)?(?:{_WS}*({_MARK}))?(?:{_WS}*{_CLAIM})?"
    rf"|draw{_WS}+(?:({_TILES})|({_NUMBER}))"
    rf"|(pass)\b"
    rf"|muggins{_WS}+({_ID}){_WS}*{_CLAIM}"
    rf")|{_WS}*{_CLAIM}){_WS}*"
)
_HEADER = re.compile(
    rf'\[{_WS}*([A-Za-z][A-Za-z0-9_]*+){_WS}*(?:([A-Za-z_][A-Za-z0-9_]*+){_WS}*)?'
    rf'("[^"\\\n]*(?:\\.[^"\\\n]*)*"){_WS}*\]{_WS}*'
)
_HAND = re.compile(rf"hand{_WS}+({_NUMBER}){_WS}*")
_DEAL = re.compile(rf"deal{_WS}+({_ID}){_WS}+(?:(\?)|({_TILES})){_WS}*")
_BONEYARD = re.compile(rf"boneyard\b(?:{_WS}+({_TILES}))?{_WS}*")
_LEAD = re.compile(rf"lead{_WS}+({_ID}){_WS}*")
_DOMINO = re.compile(rf"domino\b(?:{_WS}+({_ID}))?{_WS}*")
_BLOCKED = re.compile(rf"blocked\b{_WS}*")
_TALLY = re.compile(rf"(?:pips|score|totals)((?:{_WS}+{_ID}{_WS}+{_INT})+){_WS}*")
_ENTRY = re.compile(rf"({_ID}){_WS}+({_INT})")
# The rest of a line after a statement: one-line brace comments, then maybe a ; comment.
_COMMENTS = re.compile(rf"(?:\{{[^}}\n]*\}}{_WS}*)*(?:;.*)?")
_COMMENT = re.compile(r"\{[^}\n]*\}|;.*")

# Where a hand is: each statement may come only after those of a lower rank; deals and turns
# repeat. A hand's rank is reset by ``hand N``; before the first hand it is above them all.
_OPENED, _DEALS, _BONEYARD_RANK, _LEAD_RANK, _TURNS, _OUTCOME, _PIPS, _SCORE, _TOTALS = range(9)
_HEADERS = 99
_TALLY_RANK = {"pips": (_PIPS, "pips"), "score": (_SCORE, "scores"), "totals": (_TOTALS, "totals")}


class _Declined(Exception):
    """Not a text for the fast path: lark reads it."""


def _comments(line: str, start: int) -> tuple[str, ...]:
    """The comments that fill ``line`` from ``start``, each as the builder keeps it."""
    if _COMMENTS.fullmatch(line, start) is None:
        raise _Declined
    return tuple(comment.rstrip() for comment in _COMMENT.findall(line, start))


def _match(pattern: re.Pattern[str], line: str) -> tuple[re.Match[str], tuple[str, ...]]:
    """``pattern`` at the start of ``line``, and the comments after it."""
    match = pattern.match(line)
    if match is None:
        raise _Declined
    end = match.end()
    return match, (() if end == len(line) else _comments(line, end))


def _tiles(text: str) -> tuple[Tile, ...]:
    tiles = tiles_from_text(text)
    if tiles is None:
        raise _Declined
    return tiles


# ---- one line on its own -------------------------------------------------------------------
# What a line says apart from where it stands: a tuple whose first item says what to do with
# the rest (None for a turn). Lines are read once and kept (a game repeats most of its lines:
# "A 6-4 r +10", "hand 3", "domino B"), except those that list tiles dealt.


def _turn_line(line: str) -> tuple:
    """(None, the turn's class, its fields before the position, comments, seat, the other
    seat named or None)."""
    match, comments = _match(_TURN, line)
    seat, tile, end, inline, mark, claim, drawn, count, passed, against, points, sheet = match.groups()
    if tile is not None:
        found = TILE_BY_TEXT.get(tile) or tile_from_text(tile)
        if found is None:
            raise _Declined
        fields: tuple = (seat, found, end, inline is not None, mark, None if claim is None else int(claim))
        return None, Play, fields, comments, seat, None
    if drawn is not None:
        tiles = _tiles(drawn)
        return None, Draw, (seat, len(tiles), tiles), comments, seat, None
    if count is not None:
        return None, Draw, (seat, int(count), None), comments, seat, None
    if passed is not None:
        return None, Pass, (seat,), comments, seat, None
    if against is not None:
        return None, MugginsCall, (seat, against, int(points)), comments, seat, against
    return None, SheetScore, (seat, int(sheet)), comments, seat, None


def _line(line: str) -> tuple:
    first = line[0]
    if "A" <= first <= "Z":
        return _turn_line(line)
    if first == "{" or first == ";":
        return _Reader.on_comments, _comments(line, 0)
    if first == "[":
        match, comments = _match(_HEADER, line)
        name, key, value = match.groups()
        return _Reader.on_header, name, key, unquote(value), comments
    read = _BY_START.get(line[:2])  # each keyword has its own first two letters
    if read is None:
        raise _Declined
    return read(line)


def _hand_line(line: str) -> tuple:
    match, comments = _match(_HAND, line)
    return _Reader.on_hand, int(match.group(1)), comments


def _deal_line(line: str) -> tuple:
    match, comments = _match(_DEAL, line)
    seat, unknown, tiles = match.groups()
    return _Reader.on_deal, seat, None if unknown else _tiles(tiles), comments


def _boneyard_line(line: str) -> tuple:
    match, comments = _match(_BONEYARD, line)
    tiles = match.group(1)
    return _Reader.on_boneyard, _tiles(tiles) if tiles else (), comments


def _lead_line(line: str) -> tuple:
    match, comments = _match(_LEAD, line)
    return _Reader.on_lead, match.group(1), comments


def _domino_line(line: str) -> tuple:
    match, comments = _match(_DOMINO, line)
    return _Reader.on_outcome, "domino", match.group(1), comments


def _blocked_line(line: str) -> tuple:
    _, comments = _match(_BLOCKED, line)
    return _Reader.on_outcome, "blocked", None, comments


def _tally_line(line: str) -> tuple:
    match, comments = _match(_TALLY, line)
    kind = line[: match.start(1)]
    entries = tuple((name, int(value)) for name, value in _ENTRY.findall(match.group(1)))
    if len({name for name, _ in entries}) < len(entries):  # a seat or team named twice
        raise _Declined
    return _Reader.on_tally, kind, entries, comments


_BY_START = {
    "ha": _hand_line,
    "de": _deal_line,
    "bo": _boneyard_line,
    "le": _lead_line,
    "do": _domino_line,
    "bl": _blocked_line,
    "pi": _tally_line,
    "sc": _tally_line,
    "to": _tally_line,
}

#: Line text (leading blanks off) -> what _line() says about it. Cleared when it grows too big;
#: long lines are not kept.
_SEEN: dict[str, tuple] = {}
_SEEN_MOST = 20_000
_SEEN_LONGEST = 200


def _read_line(line: str) -> tuple:
    said = _line(line)
    if said[0] not in _UNKEPT and len(line) <= _SEEN_LONGEST:
        if len(_SEEN) >= _SEEN_MOST:
            _SEEN.clear()
        _SEEN[line] = said
    return said


# ---- the record ----------------------------------------------------------------------------


class _HandDraft:
    """The hand being read; its attributes are those of :class:`Hand`, lists where they repeat."""

    __slots__ = ("number", "line", "column", "comments", "deals", "boneyard", "lead", "turns", "outcome",
                 "pips", "scores", "totals")

    def __init__(self, number: int, line: int, column: int, comments: tuple[str, ...]):
        self.number, self.line, self.column, self.comments = number, line, column, comments
        self.deals: list[Deal] = []
        self.turns: list = []
        self.boneyard = self.lead = self.outcome = self.pips = self.scores = self.totals = None

    def build(self) -> Hand:
        turns = tuple(self.turns)
        if turns and turn_problems(turns, self.lead):
            raise _Declined
        return Hand(self.number, tuple(self.deals), self.boneyard, self.lead, turns, self.outcome, self.pips,
                    self.scores, self.totals, self.line, self.column, self.comments)


class _RecordDraft:
    """The record being read: its comments before the first tag and its header tags."""

    __slots__ = ("comments", "headers")

    def __init__(self) -> None:
        self.comments: tuple[str, ...] = ()
        self.headers: list[Header] = []


class _Reader:
    """One record's text, read line by line, with the checks lark's path makes. ``rank`` says
    where the hand is (a statement may only follow those of a lower rank); ``last`` names the
    attribute (of the hand, else of the record) holding the statement that a comment on a line
    of its own belongs to."""

    __slots__ = ("source", "record", "record_line", "seats", "teams", "hands", "hand", "rank", "last")

    def __init__(self, source: str):
        self.source = source
        self.record = _RecordDraft()
        self.record_line: int | None = None
        self.seats: dict[str, Header] = {}
        self.teams: dict[str, Header] = {}
        self.hands: list[Hand] = []
        self.hand: _HandDraft | None = None
        self.rank = _HEADERS
        self.last = "comments"

    def read(self, text: str, first_line: int) -> Record:
        seats = self.seats
        seen = _SEEN.get
        turns: list = []
        rank = _HEADERS
        for number, line in enumerate(text.split("\n"), first_line):
            said = seen(line)
            column = 1
            if said is None:  # a line not met before, blank, or with blanks in front
                if not line:
                    continue
                if line[0] in _BLANKS:
                    body = line.lstrip(_BLANKS)
                    if not body:
                        continue
                    column += len(line) - len(body)
                    line = body
                said = seen(line) or _read_line(line)
            if said[0] is None:  # a turn: the hot path, written out
                _, kind, fields, comments, seat, against = said
                if rank > _TURNS or seat not in seats or (against is not None and against not in seats):
                    raise _Declined
                turns.append(kind(*fields, number, column, comments))
                if rank != _TURNS:
                    rank, self.last = _TURNS, "turns"
            else:
                self.rank = rank
                said[0](self, said, number, column)
                rank = self.rank
                if self.hand is not None:
                    turns = self.hand.turns
        return self.finish()

    def finish(self) -> Record:
        if self.hand is not None:
            self.hands.append(self.hand.build())
        record = self.record
        if not record.headers or team_problems(self.seats, self.teams):
            raise _Declined
        return Record(tuple(record.headers), tuple(self.hands), record.comments, self.source, self.record_line)

    # ---- statements other than turns: (self, what _line() said, line, column) ----------------

    def _seat(self, seat: str) -> str:
        if seat not in self.seats:
            raise _Declined
        return seat

    def _step(self, rank: int, last: str, repeats: bool = False) -> _HandDraft:
        """The hand, moved on to a statement of ``rank`` kept in its attribute ``last``."""
        if self.hand is None or self.rank > rank or (self.rank == rank and not repeats):
            raise _Declined
        self.rank, self.last = rank, last
        return self.hand

    def on_comments(self, said: tuple, number: int, column: int) -> None:
        """Comments on a line of their own belong to the statement above."""
        comments = said[1]
        owner: Any = self.hand if self.hand is not None else self.record
        held = getattr(owner, self.last)
        if type(held) is tuple:  # the record's or the hand's own comments
            if self.record_line is None:  # comments before the first tag: the record starts here
                self.record_line = number
            setattr(owner, self.last, held + comments)
        elif type(held) is list:
            held[-1] = replace(held[-1], comments=held[-1].comments + comments)
        else:
            setattr(owner, self.last, replace(held, comments=held.comments + comments))

    def on_header(self, said: tuple, number: int, column: int) -> None:
        if self.hand is not None:
            raise _Declined
        _, name, key, value, comments = said
        header = Header(name, key, value, number, column, comments)
        if declare(header, self.seats, self.teams) is not None:
            raise _Declined
        if self.record_line is None:
            self.record_line = number
        self.record.headers.append(header)
        self.last = "headers"

    def on_hand(self, said: tuple, number: int, column: int) -> None:
        if not self.record.headers:
            raise _Declined
        if self.hand is not None:
            self.hands.append(self.hand.build())
        if said[1] != len(self.hands) + 1:
            raise _Declined
        self.hand = _HandDraft(said[1], number, column, said[2])
        self.rank, self.last = _OPENED, "comments"

    def on_deal(self, said: tuple, number: int, column: int) -> None:
        _, seat, tiles, comments = said
        deals = self._step(_DEALS, "deals", repeats=True).deals
        if self._seat(seat) in [deal.seat for deal in deals]:
            raise _Declined
        deals.append(Deal(seat, tiles, number, column, comments))

    def on_boneyard(self, said: tuple, number: int, column: int) -> None:
        self._step(_BONEYARD_RANK, "boneyard").boneyard = Boneyard(said[1], number, column, said[2])

    def on_lead(self, said: tuple, number: int, column: int) -> None:
        self._step(_LEAD_RANK, "lead").lead = Lead(self._seat(said[1]), number, column, said[2])

    def on_outcome(self, said: tuple, number: int, column: int) -> None:
        _, kind, seat, comments = said
        if seat is not None:
            self._seat(seat)
        self._step(_OUTCOME, "outcome").outcome = Outcome(kind, seat, number, column, comments)

    def on_tally(self, said: tuple, number: int, column: int) -> None:
        _, kind, entries, comments = said
        rank, attribute = _TALLY_RANK[kind]
        hand = self._step(rank, attribute)
        if any(name not in self.seats and name not in self.teams for name, _ in entries):
            raise _Declined
        setattr(hand, attribute, Tally(kind, entries, number, column, comments))


#: What lines _read_line() does not keep: deals and boneyards, hardly ever written twice.
_UNKEPT = (_Reader.on_deal, _Reader.on_boneyard)


def parse_fast(text: str, source: str = "<string>", first_line: int = 1) -> Record | None:
    """The record that ``parse_record(text, source, first_line)`` returns, read without lark, or
    ``None`` when the text is not in the common layout or lark would report a problem."""
    try:
        return _Reader(source).read(text, first_line)
    except _Declined:
        return None
