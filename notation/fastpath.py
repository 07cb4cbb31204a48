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

Nothing of the notation is written here again: each statement's line pattern (its tokens, in
their shapes, with the grammar's own blanks between them), how a line's statement is told from
its first character or word, and the order of a hand's statements come from the grammar, as
derive.py reads them off it (tokens.py). What is written here is what each statement makes, by
the names of its rule and tokens (as builder.py's methods are named): a statement whose tokens
are not those its reader knows is left to lark. The checks on built values and the conversions
of token text come from statements.py, shared with lark's path.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Iterable, NoReturn, Sequence

from muggins.notation import tokens
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
    Turn,
)

__all__ = ["FastReader", "parse_fast"]

_SEEN_MOST_DEFAULT = 20_000

#: What a line says (:meth:`FastReader.line`): a tuple whose first item says what to do with the
#: rest (``None`` for a turn, else the :class:`_Reader` method taking it), the rest as that one
#: expects; its shape differs from statement to statement, so it is typed no closer.
_Said = tuple[Any, ...]
#: The text of a statement's tokens, in its reader's order (``None`` for an optional one left out).
_Fields = tuple[Any, ...]
#: Reads one line (leading blanks off) into what it says, or raises :class:`_Declined`.
_Read = Callable[[str], _Said]
#: Makes what a statement says from its fields and the comments after it.
_Make = Callable[[_Fields, tuple[str, ...]], _Said]


class _Declined(Exception):
    """Not a text for the fast path: lark reads it."""


class _Unfollowed(Exception):
    """A statement whose tokens the readers below do not know (the grammar changed): its lines
    are left to lark."""


#: What each statement's reader takes from its line, by the grammar's token names (each
#: alternative of the turns by its name): a statement whose tokens are others is left to lark.
_TOKENS = {
    "header": ("LBRACKET", "TAG", "KEY", "STRING", "RBRACKET"),
    "hand_open": ("HAND", "NUMBER"),
    "deal": ("DEAL", "SEAT", "TILES", "UNKNOWN"),
    "boneyard": ("BONEYARD", "TILES"),
    "lead": ("LEAD", "SEAT"),
    "play": ("SEAT", "TILE", "END", "INLINE", "MARK", "CLAIM"),
    "draw": ("SEAT", "DRAW", "TILES", "NUMBER"),
    "pass_turn": ("SEAT", "PASS"),
    "muggins": ("SEAT", "MUGGINS", "SEAT", "CLAIM"),
    "sheet": ("SEAT", "CLAIM"),
    "outcome": ("DOMINO", "SEAT", "BLOCKED"),
    "pips": ("PIPS", "entries"),
    "score": ("SCORE", "entries"),
    "totals": ("TOTALS", "entries"),
    "entries": ("ID", "INT"),
}
#: The statements of a hand that the reader keeps in the hand, by rule: (the attribute of
#: :class:`Hand` holding it, the kind of a tally).
_HELD = {"deal": ("deals", None), "boneyard": ("boneyard", None), "lead": ("lead", None), "turns": ("turns", None),
         "outcome": ("outcome", None), "pips": ("pips", "pips"), "score": ("scores", "score"),
         "totals": ("totals", "totals")}


def _tiles(text: str) -> tuple[Tile, ...]:
    tiles = tiles_from_text(text)
    if tiles is None:
        raise _Declined
    return tiles


def _tile(text: str) -> Tile:
    found = TILE_BY_TEXT.get(text) or tile_from_text(text)
    if found is None:
        raise _Declined
    return found


class FastReader:
    """The fast path for one grammar, from what derive.py read off it (tokens.py's ``SPEC``):
    each line read once into what it says, with the statement order of the grammar's hands."""

    def __init__(self, spec: dict[str, Any]) -> None:
        statements = spec["STATEMENTS"]
        blank, comment = spec["BLANK"], spec["TERMINALS"]["COMMENT"]
        self.blanks: str = spec["BLANKS"]
        # The rest of a line after a statement: its comments, each followed by blanks.
        self.rest = re.compile(f"(?:(?>{comment}){blank}*+)*+")
        self.comment = re.compile(comment)
        self.rank = {spec["HAND_OPENER"]: 0, **{name: rank for rank, name in enumerate(spec["HAND_ORDER"], 1)}}
        self.repeats = frozenset(spec["REPEATS"])
        self.turns = self.rank["turns"] if "turns" in self.repeats else -1  # rank of the turns, if they repeat
        readers = {name: self._reader(name, statement) for name, statement in statements.items()}
        readers["comments"] = lambda line: (_Reader.on_comments, self._comments(line, 0))
        self.unfollowed = sorted(name for name, read in readers.items() if read is None)
        by_word: dict[str, _Read] = {}
        for name, statement in statements.items():
            for opener in statement["openers"]:
                if opener in spec["KEYWORDS"]:
                    by_word[spec["KEYWORDS"][opener]] = readers[name] or _decline
        self.by_word = by_word
        self.word = re.compile(r"\w+")  # a keyword ends where \b does: at the end of a run of \w
        self.by_first: dict[str, _Read] = {}
        for char in {word[0] for word in by_word}:
            self.by_first[char] = self._keyword_reader([word for word in by_word if word[0] == char])
        for name, chars in spec["FIRST"].items():
            for char in chars:
                self.by_first[char] = readers[name] or _decline
        self.seen: dict[str, _Said] = {}

    def _reader(self, name: str, statement: dict[str, Any]) -> _Read | None:
        """The function reading one line of statement ``name``, or ``None`` when its tokens are
        not those its reader knows."""
        pattern = re.compile(statement["pattern"])
        groups = statement["groups"]
        try:
            if name == "turns":
                return self._turns(pattern, statement)
            at = _fields(groups, range(len(groups)), _TOKENS[name])
            make = getattr(self, "_" + name, None) or self._held_statement(name, statement)
            return _line_reader(pattern, at, make, self._comments)
        except (_Unfollowed, KeyError):
            return None

    def _turns(self, pattern: re.Pattern[str], statement: dict[str, Any]) -> _Read:
        if self.turns < 0:
            raise _Unfollowed
        groups, starts = statement["groups"], sorted(statement["alternatives"].items(), key=lambda item: item[1])
        shared = range(starts[0][1] - 1)
        build: dict[int, tuple[tuple[int, ...], _Make]] = {}
        for number, (alias, start) in enumerate(starts):
            end = starts[number + 1][1] - 1 if number + 1 < len(starts) else len(groups)
            indices = [*shared, *range(start, end)]
            build[start] = (_fields(groups, indices, _TOKENS[alias]), getattr(self, "_" + alias))
        comments = self._comments

        def read(line: str) -> _Said:
            match = pattern.match(line)
            if match is None:
                raise _Declined
            alternative = match.lastindex
            assert alternative is not None  # the group of the alternative that matched
            at, make = build[alternative]
            end = match.end()
            return make(match.group(*at), () if end == len(line) else comments(line, end))

        return read

    def _comments(self, line: str, start: int) -> tuple[str, ...]:
        """The comments that fill ``line`` from ``start``, each as the builder keeps it."""
        if self.rest.fullmatch(line, start) is None:
            raise _Declined
        return tuple(comment.rstrip() for comment in self.comment.findall(line, start))

    def _keyword_reader(self, words: list[str]) -> _Read:
        """The reader of a line opening with the first character of ``words`` (keywords): that
        keyword's when it is the only one; else found by the fewest first characters that tell
        them apart (each reader's pattern then checks the whole keyword), or by the first word."""
        if len(words) == 1:
            return self.by_word[words[0]]
        shortest = min(map(len, words))
        size = next((n for n in range(2, shortest + 1) if len({word[:n] for word in words}) == len(words)), None)
        if size is None:
            return self._keyword_line
        by_start = {word[:size]: self.by_word[word] for word in words}
        return lambda line: by_start.get(line[:size], _decline)(line)

    def _keyword_line(self, line: str) -> _Said:
        word = self.word.match(line)
        read = self.by_word.get(word.group()) if word is not None else None
        if read is None:
            raise _Declined
        return read(line)

    # ---- what each statement says: (fields of its line, comments) -> what _line() says ------
    # A tuple whose first item says what to do with the rest (None for a turn: the hot path).

    @staticmethod
    def _play(fields: _Fields, comments: tuple[str, ...]) -> _Said:
        seat, tile, end, inline, mark, claim = fields
        args = (seat, _tile(tile), end, inline is not None, mark, None if claim is None else int(claim))
        return None, Play, args, comments, seat, None

    @staticmethod
    def _draw(fields: _Fields, comments: tuple[str, ...]) -> _Said:
        seat, _, drawn, count = fields
        if drawn is not None:
            tiles = _tiles(drawn)
            return None, Draw, (seat, len(tiles), tiles), comments, seat, None
        return None, Draw, (seat, int(count), None), comments, seat, None

    @staticmethod
    def _pass_turn(fields: _Fields, comments: tuple[str, ...]) -> _Said:
        return None, Pass, (fields[0],), comments, fields[0], None

    @staticmethod
    def _muggins(fields: _Fields, comments: tuple[str, ...]) -> _Said:
        seat, _, against, points = fields
        return None, MugginsCall, (seat, against, int(points)), comments, seat, against

    @staticmethod
    def _sheet(fields: _Fields, comments: tuple[str, ...]) -> _Said:
        seat, points = fields
        return None, SheetScore, (seat, int(points)), comments, seat, None

    @staticmethod
    def _header(fields: _Fields, comments: tuple[str, ...]) -> _Said:
        _, name, key, value, _ = fields
        return _Reader.on_header, name, key, unquote(value), comments

    @staticmethod
    def _hand_open(fields: _Fields, comments: tuple[str, ...]) -> _Said:
        return _Reader.on_hand, int(fields[1]), comments

    def _held_statement(self, name: str, statement: dict[str, Any]) -> _Make:
        """The maker of a statement the hand keeps, with its rank and where it is kept."""
        rank, repeats = self.rank[name], name in self.repeats
        attribute, kind = _HELD[name]
        if name == "deal":
            def make(fields: _Fields, comments: tuple[str, ...]) -> _Said:
                return _Reader.on_deal, rank, attribute, fields[1], None if fields[3] else _tiles(fields[2]), comments
        elif name == "boneyard":
            def make(fields: _Fields, comments: tuple[str, ...]) -> _Said:
                return _Reader.on_boneyard, rank, attribute, _tiles(fields[1]) if fields[1] else (), comments
        elif name == "lead":
            def make(fields: _Fields, comments: tuple[str, ...]) -> _Said:
                return _Reader.on_lead, rank, attribute, fields[1], comments
        elif name == "outcome":
            def make(fields: _Fields, comments: tuple[str, ...]) -> _Said:
                return _Reader.on_outcome, rank, attribute, "blocked" if fields[2] else "domino", fields[1], comments
        elif kind is not None:
            part = statement["parts"]["entries"]
            entries = re.compile(part["pattern"])
            who, amount = (at - 1 for at in _fields(part["groups"], range(len(part["groups"])), _TOKENS["entries"]))

            def make(fields: _Fields, comments: tuple[str, ...]) -> _Said:
                found = tuple((item[who], int(item[amount])) for item in entries.findall(fields[1]))
                if len({seat for seat, _ in found}) < len(found):  # a seat or team named twice
                    raise _Declined
                return _Reader.on_tally, rank, attribute, kind, found, comments
        else:
            raise _Unfollowed
        if repeats != (name == "deal"):
            raise _Unfollowed  # deals repeat, the others do not: as the readers below are written
        return make

    # ---- lines -----------------------------------------------------------------------------

    def parse(self, text: str, source: str = "<string>", first_line: int = 1,
              seen: dict[str, _Said] | None = None, most: int = _SEEN_MOST_DEFAULT) -> Record | None:
        """The record lark builds from ``text``, or ``None`` (see :func:`parse_fast`); ``seen``:
        the line memory to use (this reader's own when not given)."""
        try:
            return _Reader(source).read(self, text, first_line, self.seen if seen is None else seen, most)
        except _Declined:
            return None

    def line(self, line: str) -> _Said:
        """What a line says apart from where it stands (leading blanks off, not empty)."""
        read = self.by_first.get(line[0])
        if read is None:
            raise _Declined
        return read(line)


def _decline(line: str) -> NoReturn:
    raise _Declined


def _fields(groups: Sequence[str], indices: Iterable[int], names: tuple[str, ...]) -> tuple[int, ...]:
    """The group numbers (from 1) that hold ``names`` in order, each taken once, among
    ``indices`` (from 0) of ``groups``: exactly those, or the statement is not followed."""
    held = [(groups[i], i + 1) for i in indices]
    if sorted(name for name, _ in held) != sorted(names):
        raise _Unfollowed
    found: list[int] = []
    for name in names:
        at = next(index for held_name, index in held if held_name == name and index not in found)
        found.append(at)
    return tuple(found)


def _line_reader(pattern: re.Pattern[str], at: tuple[int, ...], make: _Make,
                 comments: Callable[[str, int], tuple[str, ...]]) -> _Read:
    def read(line: str) -> _Said:
        match = pattern.match(line)
        if match is None:
            raise _Declined
        end = match.end()
        return make(match.group(*at), () if end == len(line) else comments(line, end))

    return read


#: Line text (leading blanks off) -> what FastReader.line() says about it. Cleared when it grows
#: too big; long lines are not kept. (The reader of the shipped grammar's own; a FastReader made
#: for another grammar keeps its own.)
_SEEN: dict[str, _Said] = {}
_SEEN_MOST = _SEEN_MOST_DEFAULT
_SEEN_LONGEST = 200


# ---- the record ----------------------------------------------------------------------------


class _HandDraft:
    """The hand being read; its attributes are those of :class:`Hand`, lists where they repeat."""

    __slots__ = ("number", "line", "column", "comments", "deals", "boneyard", "lead", "turns", "outcome",
                 "pips", "scores", "totals")

    boneyard: Boneyard | None
    lead: Lead | None
    outcome: Outcome | None
    pips: Tally | None
    scores: Tally | None
    totals: Tally | None

    def __init__(self, number: int, line: int, column: int, comments: tuple[str, ...]):
        self.number, self.line, self.column, self.comments = number, line, column, comments
        self.deals: list[Deal] = []
        self.turns: list[Turn] = []
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


#: Where a reader stands before the first hand: above every rank of a hand.
_HEADERS = 1 << 30


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

    def read(self, grammar: FastReader, text: str, first_line: int, seen_lines: dict[str, _Said], most: int) -> Record:
        seats = self.seats
        seen = seen_lines.get
        said_of, blanks, turns_rank = grammar.line, grammar.blanks, grammar.turns
        turns: list[Turn] = []
        rank = _HEADERS
        # Comment lines in a row are gathered and given to the statement above once, when the
        # next statement comes: adding them one at a time rebuilt its comments at each line,
        # quadratic in a run of them.
        pending: list[str] = []
        pending_line = 0  # the line of the first of them
        on_comments = _Reader.on_comments
        for number, line in enumerate(text.split("\n"), first_line):
            said = seen(line)
            column = 1
            if said is None:  # a line not met before, blank, or with blanks in front
                if not line:
                    continue
                if line[0] in blanks:
                    body = line.lstrip(blanks)
                    if not body:
                        continue
                    column += len(line) - len(body)
                    line = body
                said = seen(line)
                if said is None:
                    said = said_of(line)
                    if said[0] not in _UNKEPT and len(line) <= _SEEN_LONGEST:
                        if len(seen_lines) >= most:
                            seen_lines.clear()
                        seen_lines[line] = said
            if said[0] is None:  # a turn: the hot path, written out
                if pending:
                    self.on_comments(tuple(pending), pending_line)
                    pending.clear()
                _, kind, fields, comments, seat, against = said
                if rank > turns_rank or seat not in seats or (against is not None and against not in seats):
                    raise _Declined
                turns.append(kind(*fields, number, column, comments))
                if rank != turns_rank:
                    rank, self.last = turns_rank, "turns"
            elif said[0] is on_comments:
                if not pending:
                    pending_line = number
                pending += said[1]
            else:
                if pending:
                    self.on_comments(tuple(pending), pending_line)
                    pending.clear()
                self.rank = rank
                said[0](self, said, number, column)
                rank = self.rank
                if self.hand is not None:
                    turns = self.hand.turns
        if pending:
            self.on_comments(tuple(pending), pending_line)
        return self.finish()

    def finish(self) -> Record:
        if self.hand is not None:
            self.hands.append(self.hand.build())
        record, line = self.record, self.record_line
        # (a record with header tags has its line: the first tag's at the latest)
        if not record.headers or line is None or team_problems(self.seats, self.teams):
            raise _Declined
        return Record(tuple(record.headers), tuple(self.hands), record.comments, self.source, line)

    # ---- statements other than turns: (self, what FastReader.line() said, line, column) ------

    def _seat(self, seat: str) -> str:
        if seat not in self.seats:
            raise _Declined
        return seat

    def _step(self, said: _Said) -> _HandDraft:
        """The hand, moved on to the statement ``said``: (..., its rank, the attribute holding it, ...)."""
        rank, last = said[1], said[2]
        if self.hand is None or self.rank > rank or (self.rank == rank and last != "deals"):
            raise _Declined
        self.rank, self.last = rank, last
        return self.hand

    def on_comments(self, comments: tuple[str, ...], number: int) -> None:
        """Comments on lines of their own (a run of them, the first on line ``number``) belong
        to the statement above."""
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

    def on_header(self, said: _Said, number: int, column: int) -> None:
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

    def on_hand(self, said: _Said, number: int, column: int) -> None:
        if not self.record.headers:
            raise _Declined
        if self.hand is not None:
            self.hands.append(self.hand.build())
        if said[1] != len(self.hands) + 1:
            raise _Declined
        self.hand = _HandDraft(said[1], number, column, said[2])
        self.rank, self.last = 0, "comments"

    def on_deal(self, said: _Said, number: int, column: int) -> None:
        seat, tiles, comments = said[3:]
        deals = self._step(said).deals
        if self._seat(seat) in [deal.seat for deal in deals]:
            raise _Declined
        deals.append(Deal(seat, tiles, number, column, comments))

    def on_boneyard(self, said: _Said, number: int, column: int) -> None:
        self._step(said).boneyard = Boneyard(said[3], number, column, said[4])

    def on_lead(self, said: _Said, number: int, column: int) -> None:
        self._step(said).lead = Lead(self._seat(said[3]), number, column, said[4])

    def on_outcome(self, said: _Said, number: int, column: int) -> None:
        kind, seat, comments = said[3:]
        if seat is not None:
            self._seat(seat)
        self._step(said).outcome = Outcome(kind, seat, number, column, comments)

    def on_tally(self, said: _Said, number: int, column: int) -> None:
        kind, entries, comments = said[3:]
        hand = self._step(said)
        if any(name not in self.seats and name not in self.teams for name, _ in entries):
            raise _Declined
        setattr(hand, said[2], Tally(kind, entries, number, column, comments))


#: What lines are not kept in the line memory: deals and boneyards, hardly ever written twice.
_UNKEPT = (_Reader.on_deal, _Reader.on_boneyard)

#: The fast path of the grammar shipped (tokens.py).
_SHIPPED = FastReader(tokens.SPEC)


def parse_fast(text: str, source: str = "<string>", first_line: int = 1) -> Record | None:
    """The record that ``parse_record(text, source, first_line)`` returns, read without lark, or
    ``None`` when the text is not in the common layout or lark would report a problem."""
    return _SHIPPED.parse(text, source, first_line, _SEEN, _SEEN_MOST)
