"""The record data model: what a written All Fives game says, and nothing about whether it is right.

Every value here is a frozen, slotted dataclass built directly by the parser's transformer, so a
parsed record is cheap, hashable and safe to share between the replayer, the auditor and the
formatter. Rules (which ends count, who may lead) live in ``muggins.replay``; this module only
names things in the players' own words: tiles, seats, plays, draws, claims, Muggins calls.

Every statement keeps the ``line`` and ``column`` where it starts in its source file and the
comments written after it (raw, with their ``{}`` or ``;`` delimiters), so diagnostics point at
the source and the formatter loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator, Literal, Union

if TYPE_CHECKING:
    from muggins.diagnostics import Diagnostic

#: The largest pip value the notation accepts at all. A rule set narrows this (double-six is 6);
#: the notation only guards against nonsense such as ``123-4``.
NOTATION_MAX_PIP = 18

#: The named ends of the layout: the line's two ends, and the spinner's two branches.
#: Further spinners (rule sets where every double spins) add ``u2``/``d2``, ``u3``/``d3``, ...
LINE_ENDS = ("l", "r")
BRANCH_ENDS = ("u", "d")

Mark = Literal["!", "?", "!?", "?!", "??"]
MARKS: tuple[str, ...] = ("!", "?", "!?", "?!", "??")


class Tile:
    """A domino, always stored high pip first: ``4-6`` and ``6-4`` are the same tile.

    Tiles are interned: ``Tile(4, 6) is Tile(6, 4)``. So equality and hashing are by identity,
    done in C, which keeps the replayer's and the solver's hot loops cheap; ``pips``,
    ``is_double`` and ``index`` are computed once. Tiles are immutable and pickle to the
    interned instance in another process.
    """

    __slots__ = ("high", "low", "pips", "is_double", "index")

    high: int
    low: int
    pips: int  # both halves together: what the tile weighs in a hand at the end
    is_double: bool
    index: int  # position in the canonical order 0-0, 1-0, 1-1, 2-0, ...: the same in every set size

    def __new__(cls, a: int, b: int) -> Tile:
        key = (a, b) if a >= b else (b, a)
        tile = _TILES.get(key)
        if tile is not None:
            return tile
        high, low = key
        if not (isinstance(high, int) and isinstance(low, int)) or low < 0 or high > NOTATION_MAX_PIP:
            raise ValueError(f"no tile {a}-{b}: pips run from 0 to {NOTATION_MAX_PIP}")
        tile = object.__new__(cls)
        for name, value in (
            ("high", high),
            ("low", low),
            ("pips", high + low),
            ("is_double", high == low),
            ("index", high * (high + 1) // 2 + low),
        ):
            object.__setattr__(tile, name, value)
        _TILES[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        return self.index >= other.index

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b``, in either order (the same as ``Tile(a, b)``)."""
        return Tile(a, b)

    @staticmethod
    def parse(text: str) -> Tile:
        """Parse ``"6-4"`` (either order)."""
        a, sep, b = text.strip().partition("-")
        if not sep or not a.isdigit() or not b.isdigit():
            raise ValueError(f"not a tile: {text!r} (write a tile as 6-4)")
        return Tile(int(a), int(b))

    def has(self, pip: int) -> bool:
        return self.high == pip or self.low == pip

    def other(self, pip: int) -> int:
        """The half that is left exposed when the tile is matched against ``pip``."""
        if pip == self.high:
            return self.low
        if pip == self.low:
            return self.high
        raise ValueError(f"{self} has no {pip}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}-{self.low})"


_TILES: dict[tuple[int, int], Tile] = {}


def full_set(max_pip: int = 6) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pip`` set, in canonical order (28 tiles for double-six)."""
    return tuple(Tile(h, l) for h in range(max_pip + 1) for l in range(h + 1))


# --------------------------------------------------------------------------------------------
# Statements. Each knows where it starts and what was written after it.


@dataclass(frozen=True, slots=True)
class Header:
    """A header tag: ``[Event "Club night"]`` or, with a key, ``[Seat A "Ana"]``."""

    name: str
    key: str | None
    value: str
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Play:
    """A tile placed on the layout.

    ``end`` names where it goes (``l``/``r`` on the line, ``u``/``d`` on the spinner, ``u2``...
    on later spinners); ``None`` means the writer left it out because every legal placement
    gives the same result. ``inline`` is a double laid lengthwise (Sniff). ``claim`` is the
    number of points the player announced; ``None`` means nothing was claimed.
    """

    seat: str
    tile: Tile
    end: str | None = None
    inline: bool = False
    mark: str | None = None
    claim: int | None = None
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Draw:
    """Tiles taken from the boneyard: ``tiles`` when they are known, otherwise only ``count``."""

    seat: str
    count: int
    tiles: tuple[Tile, ...] | None = None
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """A seat that could not (or did not) play."""

    seat: str
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MugginsCall:
    """``B muggins A +10``: seat ``seat`` calls "Muggins!" on ``against`` and takes ``points``."""

    seat: str
    against: str
    points: int
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetScore:
    """A score-sheet-only entry, ``A +10``: the seat scored ``points`` in play, tiles unknown."""

    seat: str
    points: int
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


Turn = Union[Play, Draw, Pass, MugginsCall, SheetScore]


@dataclass(frozen=True, slots=True)
class Deal:
    """One seat's dealt tiles; ``tiles`` is ``None`` when written as unknown (``deal B ?``)."""

    seat: str
    tiles: tuple[Tile, ...] | None
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Boneyard:
    """The undealt tiles in the order they will be drawn."""

    tiles: tuple[Tile, ...]
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Lead:
    """``lead A``: who leads the hand."""

    seat: str
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the hand ended: ``domino A`` (the seat went out) or ``blocked``."""

    kind: Literal["domino", "blocked"]
    seat: str | None = None
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Tally:
    """A row of numbers per seat or team at the end of a hand.

    ``kind`` is ``pips`` (announced pip counts), ``score`` (the hand's end-of-hand score claims)
    or ``totals`` (the running totals as written on the score sheet).
    """

    kind: Literal["pips", "score", "totals"]
    entries: tuple[tuple[str, int], ...]
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()

    def get(self, who: str) -> int | None:
        for name, value in self.entries:
            if name == who:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand: the deal (where known), the turns in order, and how it ended."""

    number: int
    deals: tuple[Deal, ...] = ()
    boneyard: Boneyard | None = None
    lead: Lead | None = None
    turns: tuple[Turn, ...] = ()
    outcome: Outcome | None = None
    pips: Tally | None = None
    scores: Tally | None = None
    totals: Tally | None = None
    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = ()

    @property
    def is_sheet_only(self) -> bool:
        """A hand kept only as a paper score sheet keeps it: "seat scored N" entries, Muggins
        calls among them, and the ending. A hand with an ending and no turn, dealt nothing, is one
        where nobody scored in play; a hand of Muggins calls alone is not (a call follows a play)."""
        kinds = {type(t) for t in self.turns}
        if not kinds:
            return self.outcome is not None and not self.deals and self.boneyard is None and self.lead is None
        return SheetScore in kinds and kinds <= {SheetScore, MugginsCall}

    def dealt(self, seat: str) -> tuple[Tile, ...] | None:
        for deal in self.deals:
            if deal.seat == seat:
                return deal.tiles
        return None


@dataclass(frozen=True, slots=True)
class Record:
    """One recorded game: its header tags and its hands, in order.

    ``source`` names the file it came from (for diagnostics); ``comments`` are those written
    before the first header tag. ``notes`` are what the parser found worth a word in the text
    without its making the record unreadable (a seat in two teams, a tag given twice: see
    notation/checks.py), in text order: every command that reads the record reports them.
    """

    headers: tuple[Header, ...]
    hands: tuple[Hand, ...] = ()
    comments: tuple[str, ...] = ()
    source: str = field(default="<string>", compare=False)
    line: int = field(default=1, compare=False)
    notes: tuple[Diagnostic, ...] = field(default=(), compare=False, repr=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first header tag called ``name`` (without a key)."""
        for header in self.headers:
            if header.name == name and header.key is None:
                return header.value
        return default

    def keyed(self, name: str) -> Iterator[Header]:
        return (h for h in self.headers if h.name == name and h.key is not None)

    @property
    def seats(self) -> tuple[str, ...]:
        """Seat ids in order of play, as declared by ``[Seat X "Name"]`` tags."""
        return tuple(h.key for h in self.headers if h.name == "Seat" and h.key is not None)

    @property
    def players(self) -> dict[str, str]:
        """Seat id -> player's name."""
        return {h.key: h.value for h in self.headers if h.name == "Seat" and h.key is not None}

    @property
    def teams(self) -> dict[str, tuple[str, ...]]:
        """Team id -> its seats, from ``[Team NS "N S"]`` tags; empty when nobody plays in pairs."""
        return {h.key: tuple(h.value.split()) for h in self.headers if h.name == "Team" and h.key is not None}

    @property
    def rule_overrides(self) -> tuple[tuple[str, str], ...]:
        """Single-parameter overrides from ``[Set key "value"]`` tags, in order."""
        return tuple((h.key, h.value) for h in self.headers if h.name == "Set" and h.key is not None)

    @property
    def claims_written(self) -> bool:
        """False for records whose claims were not written down (``[Claims "none"]``)."""
        return (self.tag("Claims") or "written").lower() not in ("none", "no", "false")
