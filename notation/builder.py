"""The transformer behind the parser: model values built as LALR reduces each rule.

No parse tree is made: each grammar rule of ``mgn.lark`` has a method here that returns the
frozen value of ``model.py`` for it (a :class:`Play` for ``play``, a :class:`Hand` for
``hand``), with the line and column of its first token. Every terminal swallows the whitespace
after it (see the grammar), so token text is stripped where it is kept.

The builder also collects the problems of the record being read that are visible in its text
alone (undeclared seats, hands out of order, ...): LALR reduces in text order, so every header tag
is built before any hand and the declared seats are known when a turn names one. It holds one
record's state at a time; :func:`muggins.notation.parser.parse_record` calls :meth:`begin`
before each parse.

The checks that look at built values (a Seat or Team tag, the teams, a hand's turns) and the
conversions of token text (tiles, quoted values) live in statements.py, shared with the fast
path (fastpath.py), so both readers agree on what a record says and on what is wrong with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from lark import Token, Transformer

from muggins.diagnostics import Diagnostic
from muggins.i18n import msg
from muggins.notation.errors import diagnostic_at
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
    Turn,
)

_TILE_IN_TEXT = re.compile(r"\S+")

def _comment(token: Token) -> str:
    text: str = token.value
    return text.rstrip()


def _at(token: Token) -> tuple[int, int]:
    """Where ``token`` starts: (line, column); the lexer sets both on every token it makes."""
    line, column = token.line, token.column
    assert line is not None and column is not None
    return line, column


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


class Builder(Transformer[Token, Record]):
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
            line, column = _at(token)
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
        start, end = token.start_pos, token.end_pos
        assert start is not None and end is not None  # set on every token the lexer makes
        self.last_comment = (start, end)
        return token

    # ---- names ---------------------------------------------------------------------------

    def _seat(self, token: Token, turn: bool = False) -> str:
        name: str = token.value.rstrip()
        if name in self.seats:
            self.seat_of[token.value] = name
        elif name not in self.reported:
            self.reported.add(name)
            player = next((seat for seat, header in self.seats.items() if header.value == name), None)
            if name in self.teams:
                message = msg("{name} is a team, not a seat: a turn, deal or lead names one seat", name=name)
            elif player is not None:
                message = msg("{name} is the player of seat {player}: write the seat, {player}", name=name, player=player)
            else:
                message = msg("seat {name} is not declared: add a tag such as [Seat {name} \"...\"]", name=name)
            self.problem("undeclared-seat", message, token, turn=turn)
        return name

    def _tile(self, token: Token) -> Tile:
        tile = tile_from_text(token.value.rstrip())
        if tile is None:
            return self._bad_tile(token.value.rstrip(), *_at(token))
        if len(token.value) <= 12:
            TILE_BY_TEXT[token.value] = tile
        return tile

    def _bad_tile(self, text: str, line: int, column: int) -> Tile:
        self.problem(
            "pip-range",
            msg("no tile {text}: the notation allows pips from 0 to {most}", text=text, most=NOTATION_MAX_PIP),
            line=line,
            column=column,
            turn=self.hand_number is not None and self.turn_count > 0,
        )
        return Tile.of(0, 0)  # a stand-in: the record is rejected anyway

    def _tiles(self, token: Token) -> tuple[Tile, ...]:
        tiles = tiles_from_text(token.value)
        if tiles is not None:
            return tiles
        found = []
        for match in _TILE_IN_TEXT.finditer(token.value):
            tile = tile_from_text(match.group(0))
            if tile is None:
                before = token.value[: match.start()]
                newlines = before.count("\n")
                first_line, first_column = _at(token)
                line = first_line + newlines
                column = (first_column + match.start()) if not newlines else match.start() - before.rfind("\n")
                tile = self._bad_tile(match.group(0), line, column)
            found.append(tile)
        return tuple(found)

    # ---- record and headers --------------------------------------------------------------

    def comments(self, c: list[Token]) -> tuple[str, ...]:
        if self.record_line is None:
            self.record_line = _at(c[0])[0] + self.line0
        return tuple(_comment(t) for t in c)

    def header(self, c: list[Any]) -> Header:
        bracket = c[0]
        line = bracket.line + self.line0
        # The record starts at its first comment or tag. The first tag's own comments are
        # reduced before it, so they may have set a later line: the tag's line comes first.
        if self.record_line is None or line < self.record_line:
            self.record_line = line
        name = c[1].value.rstrip()
        key_token = c[2] if c[2].type == "KEY" else None
        index = 3 if key_token is not None else 2
        key = key_token.value.rstrip() if key_token is not None else None
        comments = c[index + 2] if len(c) > index + 2 else ()
        header = Header(name, key, unquote(c[index].value), line, bracket.column, comments)
        problem = declare(header, self.seats, self.teams)
        if problem is not None:
            code, message = problem
            self.problem(code, message, c[1] if code == "header-key" else key_token or c[1])
        return header

    def start(self, c: list[Any]) -> Record:
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
        for header, code, message in team_problems(self.seats, self.teams):
            self.problem(code, message, line=header.line - self.line0, column=header.column)

    # ---- hands ---------------------------------------------------------------------------

    def hand_open(self, c: list[Any]) -> _Opening:
        number = int(c[1].value)
        expected = self.last_hand + 1
        self.hand_number = number
        self.turn_count = 0
        self.deal_seats = set()
        if number != expected:
            self.problem(
                "hand-order",
                msg("out of order: this should be hand {expected} (hands are numbered 1, 2, 3, ... in order)", expected=expected),
                c[1],
            )
        self.last_hand = number
        return _Opening(number, c[0].line + self.line0, c[0].column, c[2] if len(c) > 2 else ())

    def setup(self, c: list[Any]) -> _Setup:
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

    def deal(self, c: list[Any]) -> Deal:
        seat_token = c[1]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token)
        if seat in self.deal_seats:
            self.problem("duplicate-deal", msg("seat {seat} has two deal lines in this hand", seat=seat), seat_token)
        self.deal_seats.add(seat)
        tiles = None if c[2].type == "UNKNOWN" else self._tiles(c[2])
        return Deal(seat, tiles, c[0].line + self.line0, c[0].column, c[3] if len(c) > 3 else ())

    def boneyard(self, c: list[Any]) -> Boneyard:
        tiles: tuple[Tile, ...] = ()
        comments: tuple[str, ...] = ()
        for item in c[1:]:
            if type(item) is tuple:
                comments = item
            else:
                tiles = self._tiles(item)
        return Boneyard(tiles, c[0].line + self.line0, c[0].column, comments)

    def lead(self, c: list[Any]) -> Lead:
        seat = self.seat_of.get(c[1].value) or self._seat(c[1])
        return Lead(seat, c[0].line + self.line0, c[0].column, c[2] if len(c) > 2 else ())

    # Each turn rule starts with the turns before it (none for the first), so that a turn costs
    # one reduction: each returns the hand's list of turns with itself appended.

    def _turn(self, c: list[Any]) -> tuple[list[Turn], list[Any], str]:
        """(the turns before this one, this turn's own children, its seat)."""
        if type(c[0]) is list:
            turns, own = c[0], c[1:]
        else:
            turns, own = [], c
        self.turn_count += 1
        seat = self.seat_of.get(own[0].value) or self._seat(own[0], turn=True)
        return turns, own, seat

    def play(self, c: list[Any]) -> list[Turn]:
        # The hot path: _turn() written out, and no slicing.
        if type(c[0]) is list:
            turns, i = c[0], 1
        else:
            turns, i = [], 0
        self.turn_count += 1
        seat_token = c[i]
        seat = self.seat_of.get(seat_token.value) or self._seat(seat_token, turn=True)
        tile = TILE_BY_TEXT.get(c[i + 1].value) or self._tile(c[i + 1])
        end = mark = claim = None
        inline = False
        comments: tuple[str, ...] = ()
        for index in range(i + 2, len(c)):
            item = c[index]
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
        turns.append(Play(seat, tile, end, inline, mark, claim, seat_token.line + self.line0, seat_token.column, comments))
        return turns

    def draw(self, c: list[Any]) -> list[Turn]:
        turns, c, seat = self._turn(c)
        what = c[2]
        comments = c[3] if len(c) > 3 else ()
        line = c[0].line + self.line0
        if what.type == "NUMBER":
            turns.append(Draw(seat, int(what.value), None, line, c[0].column, comments))
        else:
            tiles = self._tiles(what)
            turns.append(Draw(seat, len(tiles), tiles, line, c[0].column, comments))
        return turns

    def pass_turn(self, c: list[Any]) -> list[Turn]:
        turns, c, seat = self._turn(c)
        turns.append(Pass(seat, c[0].line + self.line0, c[0].column, c[2] if len(c) > 2 else ()))
        return turns

    def muggins(self, c: list[Any]) -> list[Turn]:
        turns, c, seat = self._turn(c)
        against = self.seat_of.get(c[2].value) or self._seat(c[2], turn=True)
        comments = c[4] if len(c) > 4 else ()
        turns.append(MugginsCall(seat, against, int(c[3].value), c[0].line + self.line0, c[0].column, comments))
        return turns

    def sheet(self, c: list[Any]) -> list[Turn]:
        turns, c, seat = self._turn(c)
        comments = c[2] if len(c) > 2 else ()
        turns.append(SheetScore(seat, int(c[1].value), c[0].line + self.line0, c[0].column, comments))
        return turns

    def ending(self, c: list[Any]) -> _Ending:
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

    def outcome(self, c: list[Any]) -> Outcome:
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

    def entries(self, c: list[Any]) -> list[tuple[str, int]]:
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
                msg('{name} is neither a declared seat nor a declared team: add a [Seat {name} "..."] or [Team {name} "..."] tag', name=name),
                token,
            )
        if any(name == named for named, _ in entries):
            self.problem("duplicate-entry", msg("{name} is named twice on this line", name=name), token)
        entries.append((name, int(value.value)))
        return entries

    def _tally(self, c: list[Any], kind: Literal["pips", "score", "totals"]) -> Tally:
        return Tally(kind, tuple(c[1]), c[0].line + self.line0, c[0].column, c[2] if len(c) > 2 else ())

    def pips(self, c: list[Any]) -> Tally:
        return self._tally(c, "pips")

    def score(self, c: list[Any]) -> Tally:
        return self._tally(c, "score")

    def totals(self, c: list[Any]) -> Tally:
        return self._tally(c, "totals")

    def hand(self, c: list[Any]) -> Hand:
        opening: _Opening = c[0]
        setup = _Setup((), None, None)
        ending = _Ending(None, None, None, None)
        turns: tuple[Turn, ...] = ()
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

    def _check_turns(self, turns: tuple[Turn, ...], lead: Lead | None) -> None:
        for number, code, message in turn_problems(turns, lead):
            turn = turns[number - 1]
            self.turn_count = number
            self.problem(code, message, line=turn.line - self.line0, column=turn.column, turn=True)
