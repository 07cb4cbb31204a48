"""The Muggins ledger: who earned, claimed, forgot, took and gave away which points, and where.

For every seat and every side (a team, or the seat itself when nobody plays in pairs), hand by
hand and over the whole game, the ledger adds up the replayer's turn facts into the figures a
scorekeeper argues about (ANALYSIS.md, "The ledger"). Every figure keeps the ``(hand, turn)``
of each turn it adds up (``turn`` is ``None`` for end-of-hand points), so any number in a report
can be traced back to the lines of the record it comes from.

The ledger judges nothing: it only sorts the points the replayer established. It works on a
:class:`~muggins.replay.facts.ReplayResult`, so it serves played-out and score-sheet-only
records alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from muggins.replay.facts import HandResult, ReplayResult

#: Where a figure's points come from: (hand, turn); turn None means the end of the hand.
Trace = tuple[tuple[int, int | None], ...]


@dataclass(frozen=True, slots=True)
class Figure:
    """A number and the turns it adds up."""

    value: int = 0
    turns: Trace = ()

    def __add__(self, other: Figure) -> Figure:
        return Figure(self.value + other.value, self.turns + other.turns)


#: The ledger's columns, in report order; ANALYSIS.md explains each.
COLUMNS: tuple[str, ...] = (
    "earned",
    "claimed",
    "unclaimed",
    "lost",
    "muggins_lost",
    "taken_back",
    "muggins_gained",
    "over_claimed",
    "penalty",
    "end_points",
)


@dataclass(frozen=True, slots=True)
class Line:
    """One row of the ledger: a seat or a side, over one hand (``hand``) or the game (None).

    ``unclaimed`` is ``lost`` + ``muggins_lost``; a call takes ``muggins_lost`` + ``taken_back``
    of the called seat's play. ``end_points`` is given for sides only (and for a seat that is its
    own side): a team's end-of-hand points belong to the team.
    """

    who: str
    kind: str  # "seat" or "side"
    hand: int | None
    earned: Figure = Figure()  # rule points made in play (score-sheet entries included)
    claimed: Figure = Figure()  # points claimed, as written (over-claims included)
    unclaimed: Figure = Figure()  # earned but never claimed
    lost: Figure = Figure()  # ... and taken by nobody
    muggins_lost: Figure = Figure()  # ... and taken by an opponent's Muggins call
    taken_back: Figure = Figure()  # claimed, then taken off again by such a call (the caller takes the whole play)
    muggins_gained: Figure = Figure()  # taken from opponents by own Muggins calls
    over_claimed: Figure = Figure()  # claimed above what the play made
    penalty: Figure = Figure()  # what the opponents scored for those over-claims
    end_points: Figure | None = None  # end-of-hand points (sides only)

    def figure(self, column: str) -> Figure | None:
        figure: Figure | None = getattr(self, column)  # a column of COLUMNS: a field of this class
        return figure

    def value(self, column: str) -> int | None:
        figure = self.figure(column)
        return None if figure is None else figure.value


@dataclass(frozen=True, slots=True)
class Ledger:
    """The ledger of one record: a line per seat and per side, per hand and for the game."""

    seats: tuple[str, ...]
    sides: dict[str, str]  # seat -> side
    hands: tuple[int, ...]
    lines: tuple[Line, ...] = field(default=())

    @property
    def side_list(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.sides[s] for s in self.seats))

    @property
    def has_teams(self) -> bool:
        return any(self.sides[s] != s for s in self.seats)

    def line(self, who: str, hand: int | None = None) -> Line:
        """The line of seat or side ``who`` for hand ``hand`` (None: the whole game)."""
        for line in self.lines:
            if line.who == who and line.hand == hand:
                return line
        raise KeyError(f"no ledger line for {who!r} in {'the game' if hand is None else f'hand {hand}'}")

    def game_lines(self, kind: str | None = None) -> tuple[Line, ...]:
        return tuple(l for l in self.lines if l.hand is None and (kind is None or l.kind == kind))


_ADDED = tuple(f.name for f in fields(Line) if f.name not in ("who", "kind", "hand"))


@dataclass(slots=True)
class _Sum:
    """A figure being added up."""

    value: int = 0
    turns: list[tuple[int, int | None]] = field(default_factory=list)


class _Book:
    """Mutable sums while the ledger is being built: (who, hand) -> column -> sum."""

    def __init__(self) -> None:
        self.sums: dict[tuple[str, int], dict[str, _Sum]] = {}

    def add(self, who: str, hand: int, column: str, value: int, *turns: tuple[int, int | None]) -> None:
        if not value:
            return
        cell = self.sums.setdefault((who, hand), {}).setdefault(column, _Sum())
        cell.value += value
        cell.turns.extend(turns)

    def figure(self, who: str, hand: int, column: str) -> Figure:
        cell = self.sums.get((who, hand), {}).get(column)
        return Figure(cell.value, tuple(cell.turns)) if cell is not None else Figure()


def build_ledger(result: ReplayResult) -> Ledger:
    """The ledger of a replayed record."""
    seats = result.record.seats
    sides = dict(result.sides)
    side_list = list(dict.fromkeys(sides[s] for s in seats))
    book = _Book()
    for hand in result.hands:
        _book_hand(book, hand, sides)
    numbers = tuple(h.number for h in result.hands)
    lines: list[Line] = []
    # A side that is a single seat (nobody plays in pairs) is that seat's line.
    who_list = [(s, "seat") for s in seats] + [(s, "side") for s in side_list if s not in seats]
    for who, kind in who_list:
        own_side = kind == "side" or sides[who] == who
        per_hand = [_line(book, who, kind, number, own_side) for number in numbers]
        lines += per_hand
        lines.append(_total(who, kind, per_hand, own_side))
    return Ledger(tuple(seats), sides, numbers, tuple(lines))


def _book_hand(book: _Book, hand: HandResult, sides: dict[str, str]) -> None:
    number = hand.number
    taken = {f.refers_to: f for f in hand.facts if f.kind == "muggins" and f.refers_to is not None}

    def add(seat: str, column: str, value: int, *turns: tuple[int, int | None]) -> None:
        book.add(seat, number, column, value, *turns)
        book.add(sides[seat], number, "side:" + column, value, *turns)

    for fact in hand.facts:
        at = (number, fact.turn)
        if fact.kind in ("play", "sheet"):
            add(fact.seat, "earned", fact.points, at)
            add(fact.seat, "claimed", fact.claim or 0, at)
            add(fact.seat, "over_claimed", fact.excess, at)
            add(fact.seat, "penalty", fact.penalty, at)
            if fact.unclaimed:
                add(fact.seat, "unclaimed", fact.unclaimed, at)
                call = taken.get(fact.turn)
                if call is not None:
                    add(fact.seat, "muggins_lost", fact.unclaimed, at, (number, call.turn))
                    add(fact.seat, "taken_back", call.taken_back, at, (number, call.turn))
                else:
                    add(fact.seat, "lost", fact.unclaimed, at)
        elif fact.kind == "muggins" and fact.refers_to is not None:
            add(fact.seat, "muggins_gained", fact.expected or 0, (number, fact.refers_to), at)
        elif fact.kind == "muggins" and fact.claim is not None:
            # A call on a score sheet: the sheet says the opponent's play made that much more than
            # was written, and the caller took it; the call is the only turn there is to point at.
            against = fact.as_call().against
            for column in ("earned", "unclaimed", "muggins_lost"):
                add(against, column, fact.claim, at)
            add(fact.seat, "muggins_gained", fact.claim, at)
    if hand.award is not None:
        for side, amount in hand.award.points.items():
            book.add(side, number, "side:end_points", amount, (number, None))


def _line(book: _Book, who: str, kind: str, hand: int, own_side: bool) -> Line:
    prefix = "side:" if kind == "side" else ""
    values = {name: book.figure(who, hand, prefix + name) for name in _ADDED if name != "end_points"}
    end = book.figure(who, hand, "side:end_points") if own_side else None
    return Line(who, kind, hand, end_points=end, **values)


def _total(who: str, kind: str, per_hand: list[Line], own_side: bool) -> Line:
    values: dict[str, Figure] = {}
    for name in _ADDED:
        total = Figure()
        for line in per_hand:
            total = total + (line.figure(name) or Figure())
        values[name] = total
    end = values.pop("end_points")
    return Line(who, kind, None, end_points=end if own_side else None, **values)
