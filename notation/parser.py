"""Text -> records: the ``.mgn`` parser, one record at a time.

The promises, which the rest of muggins relies on:

- :func:`parse_record` turns one record's text into a :class:`Record`, or raises
  :class:`NotationError` carrying one :class:`Diagnostic` per problem (file, line, column, the
  line itself for a caret, what was expected in words).
- :func:`iter_records` and :func:`read_file` stream a file of many records: each record is read,
  yielded and forgotten, a broken one is yielded as its :class:`NotationError` and the records
  after it are still read. Line numbers are those of the file.
- Besides the syntax, the notation's own structure is checked here, from the text alone: every
  seat and team declared, hands numbered 1, 2, 3, ..., ``lead`` agreeing with the first turn, a
  hand not mixing score-sheet entries with plays, pips no higher than 18. Whether the record
  is right by the rules is the replayer's business.

One grammar (``mgn.lark``, LALR with the contextual lexer) and one transformer that builds the
frozen values of ``model.py`` as the parser reduces, with no parse tree in between. Parsing is
serialised by a lock, since the transformer holds the state of the record being read.
"""

from __future__ import annotations

import io
import os
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from muggins.diagnostics import Diagnostic
from muggins.notation.errors import NotationError, classify, diagnostic_at, expected_words
from muggins.notation.model import (
    NOTATION_MAX_PIP,
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
from muggins.notation.split import Chunk, split_records

__all__ = [
    "GRAMMAR_PATH",
    "NotationError",
    "iter_records",
    "parse_record",
    "read_file",
    "read_headers",
]

#: The grammar file, installed next to this module.
GRAMMAR_PATH: Path = Path(__file__).with_name("mgn.lark")

_ID = re.compile(r"[A-Z][A-Za-z0-9_]*")
_TILE_IN_TEXT = re.compile(r"\S+")

#: Token text (trailing space included) -> tile. Every tile of the notation is here at start in
#: both spellings; other spellings (``6-4\n``, ``06-4``) are added when first met.
_TILE_BY_TEXT: dict[str, Tile] = {}
for _high in range(NOTATION_MAX_PIP + 1):
    for _low in range(_high + 1):
        _TILE_BY_TEXT[f"{_high}-{_low}"] = _TILE_BY_TEXT[f"{_low}-{_high}"] = Tile.of(_high, _low)


def _tile_from_text(text: str) -> Tile | None:
    """The tile written ``text`` (``6-4``), or ``None`` when a pip is above the notation's 18."""
    high, _, low = text.partition("-")
    try:
        return Tile.of(int(high), int(low))
    except ValueError:
        return None


def _unquote(token: str) -> str:
    """The value inside a quoted string: ``\\"`` and ``\\\\`` stand for ``"`` and ``\\``; any other
    backslash is kept as written."""
    inner = token.rstrip()[1:-1]
    if "\\" not in inner:
        return inner
    return re.sub(r'\\(["\\])', r"\1", inner)


def _comment(token: Token) -> str:
    return token.value.rstrip()


@dataclass(slots=True)
class _Opening:
    number: int
    line: int
    column: int
    comments: tuple[str, ...]


@dataclass(slots=True)
class _Setup:
    deals: tuple[Deal, ...]
    boneyard: Boneyard | None
    lead: Lead | None


@dataclass(slots=True)
class _Ending:
    outcome: Outcome | None
    pips: Tally | None
    scores: Tally | None
    totals: Tally | None


class _Builder(Transformer):
    """Builds model values as the parser reduces each rule, and collects one record's problems.

    LALR reduces in text order, so every header tag is built before any hand: by the time a turn
    names a seat, the declared seats are known.
    """

    def begin(self, text: str, source: str, first_line: int) -> None:
        self.text = text
        self.source = source
        self.first_line = first_line
        self.line0 = first_line - 1
        self.problems: list[Diagnostic] = []
        self.seat_of: dict[str, str] = {}  # token text -> declared seat id
        self.seats: dict[str, Header] = {}
        self.teams: dict[str, Header] = {}
        self.reported: set[str] = set()
        self.record_line: int | None = None
        self.hand_number: int | None = None
        self.last_hand = 0
        self.turn_count = 0
        self.deal_seats: set[str] = set()
        self.last_comment: tuple[int, int] | None = None

    # ---- problems ------------------------------------------------------------------------

    def problem(self, code: str, message: str, token: Token | None = None, *, line: int = 0,
                column: int = 0, turn: bool = False) -> None:
        """Record a problem at ``token`` (or at a chunk ``line``/``column``)."""
        if token is not None:
            line, column = token.line, token.column
        self.problems.append(
            diagnostic_at(
                code,
                message,
                text=self.text,
                line=line,
                column=column,
                source=self.source,
                first_line=self.first_line,
                hand=self.hand_number,
                turn=self.turn_count if turn else None,
            )
        )

    def saw_comment(self, token: Token) -> Token:
        """Lexer callback: remember the last comment, to tell a comment inside a statement."""
        self.last_comment = (token.start_pos, token.end_pos)
        return token

    # ---- names ---------------------------------------------------------------------------

    def _seat(self, token: Token, turn: bool = False) -> str:
        name = token.value.rstrip()
        if name in self.seats:
            self.seat_of[token.value] = name
        elif name not in self.reported:
            self.reported.add(name)
            if name in self.teams:
                message = f"{name} is a team, not a seat: a turn, deal or lead names one seat"
            else:
                message = f'seat {name} is not declared: add a tag such as [Seat {name} "..."]'
            self.problem("undeclared-seat", message, token, turn=turn)
        return name

    def _tile(self, token: Token) -> Tile:
        tile = _tile_from_text(token.value.rstrip())
        if tile is None:
            return self._bad_tile(token.value.rstrip(), token.line, token.column)
        if len(token.value) <= 12:
            _TILE_BY_TEXT[token.value] = tile
        return tile

    def _bad_tile(self, text: str, line: int, column: int) -> Tile:
        self.problem(
            "pip-range",
            f"no tile {text}: the notation allows pips from 0 to {NOTATION_MAX_PIP}",
            line=line,
            column=column,
            turn=self.hand_number is not None and self.turn_count > 0,
        )
        return Tile.of(0, 0)  # a stand-in: the record is rejected anyway

    def _tiles(self, token: Token) -> tuple[Tile, ...]:
        tiles = [_TILE_BY_TEXT.get(text) for text in token.value.split()]
        if None not in tiles:
            return tuple(tiles)  # type: ignore[arg-type]
        found = []
        for match in _TILE_IN_TEXT.finditer(token.value):
            tile = _tile_from_text(match.group(0))
            if tile is None:
                before = token.value[: match.start()]
                newlines = before.count("\n")
                line = token.line + newlines
                column = (token.column + match.start()) if not newlines else match.start() - before.rfind("\n")
                tile = self._bad_tile(match.group(0), line, column)
            found.append(tile)
        return tuple(found)

    # ---- record and headers --------------------------------------------------------------

    def comments(self, c: list[Token]) -> tuple[str, ...]:
        if self.record_line is None:
            self.record_line = c[0].line + self.line0
        return tuple(_comment(t) for t in c)

    def header(self, c: list) -> Header:
        bracket = c[0]
        if self.record_line is None:
            self.record_line = bracket.line + self.line0
        name = c[1].value.rstrip()
        key_token = c[2] if c[2].type == "KEY" else None
        index = 3 if key_token is not None else 2
        key = key_token.value.rstrip() if key_token is not None else None
        comments = c[index + 2] if len(c) > index + 2 else ()
        header = Header(name, key, _unquote(c[index].value), bracket.line + self.line0, bracket.column, comments)
        if name in ("Seat", "Team"):
            where = key_token or c[1]
            if key is None or not _ID.fullmatch(key):
                self.problem(
                    "seat-id",
                    f'a {name} tag needs an id that starts with a capital letter: [{name} A "..."]',
                    where,
                )
            elif name == "Seat":
                if key in self.seats:
                    self.problem("duplicate-seat", f"seat {key} is declared twice", where)
                else:
                    self.seats[key] = header
            elif key in self.teams:
                self.problem("duplicate-team", f"team {key} is declared twice", where)
            else:
                self.teams[key] = header
        elif name == "Set" and key is None:
            self.problem("header-key", 'a Set tag names the parameter it sets: [Set target "150"]', c[1])
        return header

    def start(self, c: list) -> Record:
        comments: tuple[str, ...] = ()
        headers = []
        hands = []
        for item in c:
            kind = type(item)
            if kind is Header:
                headers.append(item)
            elif kind is Hand:
                hands.append(item)
            else:
                comments = item
        self._check_teams()
        return Record(tuple(headers), tuple(hands), comments, self.source, self.record_line or self.first_line)

    def _check_teams(self) -> None:
        self.hand_number = None
        for team, header in self.teams.items():
            at = {"line": header.line - self.line0, "column": header.column}
            if team in self.seats:
                self.problem("team-is-seat", f"team {team} has the id of a seat: give the team its own id", **at)
            members = header.value.split()
            if not members:
                self.problem("undeclared-seat", f"team {team} lists no seats", **at)
            for seat in members:
                if seat not in self.seats:
                    self.problem("undeclared-seat", f'team {team} lists seat {seat}, which is not declared', **at)

    # ---- hands ---------------------------------------------------------------------------

    def hand_open(self, c: list) -> _Opening:
        number = int(c[1].value)
        expected = self.last_hand + 1
        self.hand_number = number
        self.turn_count = 0
        self.deal_seats = set()
        if number != expected:
            self.problem(
                "hand-order",
                f"out of order: this should be hand {expected} (hands are numbered 1, 2, 3, ... in order)",
                c[1],
            )
        self.last_hand = number
        return _Opening(number, c[0].line + self.line0, c[0].column, c[2] if len(c) > 2 else ())

    def setup(self, c: list) -> _Setup:
        deals = []
        boneyard = lead = None
        for item in c:
            kind = type(item)
            if kind is Deal:
                deals.append(item)
            elif kind is Boneyard:
                boneyard = item
            else:
                lead = item
        return _Setup(tuple(deals), boneyard, lead)

    def deal(self, c: list) -> Deal:
        seat_token = c[1]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token)
        if seat in self.deal_seats:
            self.problem("duplicate-deal", f"seat {seat} has two deal lines in this hand", seat_token)
        self.deal_seats.add(seat)
        tiles = None if c[2].type == "UNKNOWN" else self._tiles(c[2])
        return Deal(seat, tiles, c[0].line + self.line0, c[0].column, c[3] if len(c) > 3 else ())

    def boneyard(self, c: list) -> Boneyard:
        tiles: tuple[Tile, ...] = ()
        comments: tuple[str, ...] = ()
        for item in c[1:]:
            if type(item) is tuple:
                comments = item
            else:
                tiles = self._tiles(item)
        return Boneyard(tiles, c[0].line + self.line0, c[0].column, comments)

    def lead(self, c: list) -> Lead:
        seat = self.seat_of.get(c[1].value) or self._seat(c[1])
        return Lead(seat, c[0].line + self.line0, c[0].column, c[2] if len(c) > 2 else ())

    def turns(self, c: list) -> list:
        if len(c) == 1:
            return c
        turns = c[0]
        turns.append(c[1])
        return turns

    def play(self, c: list) -> Play:
        self.turn_count += 1
        seat_token = c[0]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token, turn=True)
        tile = _TILE_BY_TEXT.get(c[1].value) or self._tile(c[1])
        if len(c) == 2:
            return Play(seat, tile, None, False, None, None, seat_token.line + self.line0, seat_token.column)
        end = mark = claim = None
        inline = False
        comments: tuple[str, ...] = ()
        for item in c[2:]:
            if type(item) is tuple:
                comments = item
                continue
            kind = item.type
            if kind == "END":
                end = item.value.rstrip()
            elif kind == "CLAIM":
                claim = int(item.value)
            elif kind == "MARK":
                mark = item.value.rstrip()
            else:
                inline = True
        return Play(seat, tile, end, inline, mark, claim, seat_token.line + self.line0, seat_token.column, comments)

    def draw(self, c: list) -> Draw:
        self.turn_count += 1
        seat_token = c[0]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token, turn=True)
        what = c[2]
        comments = c[3] if len(c) > 3 else ()
        line = seat_token.line + self.line0
        if what.type == "NUMBER":
            return Draw(seat, int(what.value), None, line, seat_token.column, comments)
        tiles = self._tiles(what)
        return Draw(seat, len(tiles), tiles, line, seat_token.column, comments)

    def pass_turn(self, c: list) -> Pass:
        self.turn_count += 1
        seat_token = c[0]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token, turn=True)
        return Pass(seat, seat_token.line + self.line0, seat_token.column, c[2] if len(c) > 2 else ())

    def muggins(self, c: list) -> MugginsCall:
        self.turn_count += 1
        seat_token = c[0]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token, turn=True)
        against = self.seat_of.get(c[2].value) or self._seat(c[2], turn=True)
        comments = c[4] if len(c) > 4 else ()
        return MugginsCall(seat, against, int(c[3].value), seat_token.line + self.line0, seat_token.column, comments)

    def sheet(self, c: list) -> SheetScore:
        self.turn_count += 1
        seat_token = c[0]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token, turn=True)
        comments = c[2] if len(c) > 2 else ()
        return SheetScore(seat, int(c[1].value), seat_token.line + self.line0, seat_token.column, comments)

    def ending(self, c: list) -> _Ending:
        ending = _Ending(None, None, None, None)
        for item in c:
            if type(item) is Outcome:
                ending.outcome = item
            elif item.kind == "pips":
                ending.pips = item
            elif item.kind == "score":
                ending.scores = item
            else:
                ending.totals = item
        return ending

    def outcome(self, c: list) -> Outcome:
        first = c[0]
        line = first.line + self.line0
        if first.type == "BLOCKED":
            return Outcome("blocked", None, line, first.column, c[1] if len(c) > 1 else ())
        seat = None
        comments: tuple[str, ...] = ()
        for item in c[1:]:
            if type(item) is tuple:
                comments = item
            else:
                seat = self.seat_of.get(item.value) or self._seat(item)
        return Outcome("domino", seat, line, first.column, comments)

    def entries(self, c: list) -> list[tuple[str, int]]:
        if len(c) == 2:
            entries: list[tuple[str, int]] = []
            token, value = c
        else:
            entries, token, value = c
        name = token.value.rstrip()
        if name not in self.seats and name not in self.teams and name not in self.reported:
            self.reported.add(name)
            self.problem(
                "undeclared-seat",
                f'{name} is neither a declared seat nor a declared team: add a tag such as [Seat {name} "..."]',
                token,
            )
        if any(name == named for named, _ in entries):
            self.problem("duplicate-entry", f"{name} is named twice on this line", token)
        entries.append((name, int(value.value)))
        return entries

    def _tally(self, c: list, kind: str) -> Tally:
        return Tally(kind, tuple(c[1]), c[0].line + self.line0, c[0].column, c[2] if len(c) > 2 else ())  # type: ignore[arg-type]

    def pips(self, c: list) -> Tally:
        return self._tally(c, "pips")

    def score(self, c: list) -> Tally:
        return self._tally(c, "score")

    def totals(self, c: list) -> Tally:
        return self._tally(c, "totals")

    def hand(self, c: list) -> Hand:
        opening: _Opening = c[0]
        setup = _Setup((), None, None)
        ending = _Ending(None, None, None, None)
        turns: tuple = ()
        for item in c[1:]:
            kind = type(item)
            if kind is list:
                turns = tuple(item)
            elif kind is _Setup:
                setup = item
            else:
                ending = item
        if turns:
            self._check_turns(turns, setup.lead)
        return Hand(
            opening.number,
            setup.deals,
            setup.boneyard,
            setup.lead,
            turns,
            ending.outcome,
            ending.pips,
            ending.scores,
            ending.totals,
            opening.line,
            opening.column,
            opening.comments,
        )

    def _check_turns(self, turns: tuple, lead: Lead | None) -> None:
        first = turns[0]
        if lead is not None and first.seat != lead.seat:
            self.turn_count = 1
            self.problem(
                "lead-mismatch",
                f"lead {lead.seat} disagrees with the first turn, which is {first.seat}'s",
                line=first.line - self.line0,
                column=first.column,
                turn=True,
            )
        sheet = type(first) is SheetScore
        for number, turn in enumerate(turns, 1):
            if (type(turn) is SheetScore) != sheet:
                self.turn_count = number
                self.problem(
                    "mixed-hand",
                    "a hand is either played out (plays, draws, passes) or kept as score-sheet "
                    "entries (A +10); this one mixes the two",
                    line=turn.line - self.line0,
                    column=turn.column,
                    turn=True,
                )
                break


# --------------------------------------------------------------------------------------------
# The parser and its entry points.

_BUILDER = _Builder()
_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def backend() -> str:
    """Which lark runs the parser: ``"lark-cython"`` when that optional extra is installed (the
    same parse, about 1.4 times as fast) unless the environment sets ``MUGGINS_LARK_CYTHON=0``
    at start; else ``"lark"``."""
    if os.environ.get("MUGGINS_LARK_CYTHON", "1") != "0":
        try:
            import lark_cython  # noqa: F401
        except ImportError:
            pass
        else:
            return "lark-cython"
    return "lark"


@lru_cache(maxsize=2)
def _lark_for(backend_name: str) -> Lark:
    extra = {}
    if backend_name == "lark-cython":
        import lark_cython

        extra["_plugins"] = lark_cython.plugins
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        strict=True,
        transformer=_BUILDER,
        maybe_placeholders=False,
        lexer_callbacks={"COMMENT": _BUILDER.saw_comment},
        cache=True,
        **extra,
    )


def _lark() -> Lark:
    return _lark_for(backend())


def _first_error_offset(text: str) -> int | None:
    """Where a plain parse of ``text`` first fails (``None`` if it does not): a probe for the
    error classifier. Runs inside the lock; leaves the builder to be reset by its caller."""
    _BUILDER.begin(text, "<probe>", 1)
    try:
        _lark().parse(text)
    except UnexpectedInput as exc:
        return exc.pos_in_stream or 0
    return None


def _syntax_diagnostic(exc: UnexpectedInput, text: str, source: str, first_line: int) -> Diagnostic:
    last_comment = _BUILDER.last_comment

    def parses_without(start: int, end: int) -> int | None:
        blanked = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
        return _first_error_offset(blanked)

    code, message, offset = classify(exc, text, last_comment=last_comment, parses_without=parses_without)
    if code == "comment-inside":
        expected = "the rest of the statement first, then the comment"
    else:
        expected = expected_words(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    return diagnostic_at(
        code, message, text=text, offset=offset, source=source, first_line=first_line, expected=expected
    )


def parse_record(text: str, source: str = "<string>", first_line: int = 1) -> Record:
    """Parse one record's ``text``; its first line is line ``first_line`` of ``source``.

    Raises :class:`NotationError` with every problem found (a syntax error stops the parse, so
    it comes alone).
    """
    with _LOCK:
        parser = _lark()
        _BUILDER.begin(text, source, first_line)
        try:
            record = parser.parse(text)
        except UnexpectedInput as exc:
            raise NotationError([_syntax_diagnostic(exc, text, source, first_line)]) from None
        problems = _BUILDER.problems
    if problems:
        raise NotationError(sorted(problems, key=lambda d: (d.line, d.column)))
    return record


def _parse_chunk(chunk: Chunk, source: str) -> Record | NotationError:
    try:
        return parse_record(chunk.text, source, chunk.first_line)
    except NotationError as exc:
        return exc


def _lines(lines_or_text: str | Iterable[str]) -> Iterable[str]:
    if isinstance(lines_or_text, str):
        return io.StringIO(lines_or_text, newline="")
    return lines_or_text


def iter_records(lines_or_text: str | Iterable[str], source: str = "<string>") -> Iterator[Record | NotationError]:
    """Each record of a text (or of an iterable of lines, line endings kept), in order.

    A broken record is yielded as its :class:`NotationError`, not raised, and reading goes on.
    """
    for chunk in split_records(_lines(lines_or_text)):
        yield _parse_chunk(chunk, source)


class _NotUtf8(Exception):
    def __init__(self, line: int, column: int, byte: int):
        self.line, self.column, self.byte = line, column, byte


def _decoded_lines(handle: io.BufferedReader) -> Iterator[str]:
    """The lines of a binary file as text; raises :class:`_NotUtf8` at the first bad byte."""
    for number, raw in enumerate(handle, 1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            column = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
            raise _NotUtf8(number, column, raw[exc.start]) from None
        if number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        yield text


def _file_chunks(path: str | Path) -> Iterator[Chunk | NotationError]:
    """The record chunks of a UTF-8 file; a ``not-utf8`` error ends them at the first bad byte."""
    with open(path, "rb") as handle:
        try:
            yield from split_records(_decoded_lines(handle))
        except _NotUtf8 as bad:
            message = f"byte 0x{bad.byte:02x} is not UTF-8: save the file as UTF-8 text"
            yield NotationError([Diagnostic("not-utf8", message, source=str(path), line=bad.line, column=bad.column)])


def read_file(path: str | Path) -> Iterator[Record | NotationError]:
    """Each record of the file at ``path``, streamed, as :func:`iter_records` gives them.

    The file must be UTF-8: at the first byte that is not, one :class:`NotationError` (code
    ``not-utf8``) is yielded and reading stops. A file that cannot be opened raises ``OSError``
    when iteration starts.
    """
    source = str(path)
    for chunk in _file_chunks(path):
        yield chunk if isinstance(chunk, NotationError) else _parse_chunk(chunk, source)


def read_headers(path: str | Path) -> Iterator[Record | NotationError]:
    """Each record of a file cut after its header tags (``hands`` is empty): the cheap pass for
    batch filters, which parses no hand. ``Record.line`` says where to find the whole record."""
    source = str(path)
    for chunk in _file_chunks(path):
        if isinstance(chunk, NotationError):
            yield chunk
            continue
        result = _parse_chunk(Chunk(chunk.head, chunk.first_line, chunk.head_length), source)
        if isinstance(result, NotationError):  # a header line that also holds hand text
            result = _parse_chunk(chunk, source)
            if isinstance(result, Record):
                result = Record(result.headers, (), result.comments, result.source, result.line)
        yield result
