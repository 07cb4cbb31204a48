"""Every layout the search has met under one rule set, by number, with the moves it allows.

The table is built from the one board and the rules of play: each layout is a
:class:`~muggins.replay.board.Layout` numbered by its ``key``, the tiles that fit are its open
arms' pips, a tile's layouts are the board's own plays of it (crosswise and, where
``play_rules.layings`` allows, lengthwise).

The search never handles :class:`~muggins.analysis.solver_layout.Layout` objects in its inner
loop: it asks this table for a layout's number, the tiles that fit it (one bitmask), and per
tile the distinct layouts it can make with the points each scores. Layouts are numbered by
:attr:`Layout.key`, so placements that lead to the same layout by another arm name share one
number. A tile's moves are worked out the first time the search needs them, once per layout
for the whole rule set: later solves (other positions, other deals) find them ready.
"""

from __future__ import annotations

import math

from muggins.analysis.solver_layout import Layout
from muggins.notation.model import full_set
from muggins.replay.board import LayoutKey
from muggins.replay.play_rules import layings
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import play_points, play_scores

#: A layout number enters a node's table key multiplied by this; the part below holds the
#: seat to move, the boneyard position and the must-play tile (4 + 8 + 8 bits).
LAYOUT_FACTOR = 1 << 20
#: Where the hands start in a node's key: above 36 bits of layout number.
HAND_SHIFT = 56

#: One move of a tile on a layout: (points, tile bit, tile index, next layout, next layout times
#: :data:`LAYOUT_FACTOR`, its own place, the next layout's ``fits``): see :class:`LayoutTable`.
TileMove = tuple[int, int, int, int, int, int, int]


class LayoutTable:
    """Layouts by number for one rule set, and the moves each allows.

    ``fits[n]`` is the mask of tiles that fit an open end of layout ``n``; ``options[n][t]``
    the moves of tile ``t`` on it (None until first asked for, see :meth:`moves_of`), most
    points first, each as (points, tile bit, tile index, next layout, next layout times
    :data:`LAYOUT_FACTOR`, its own place: tile index plus one, shifted 8 bits, plus its
    place in that tuple, and the next layout's ``fits``). Points are divided by ``scale``.
    """

    def __init__(self, rules: RuleSet, scale: int) -> None:
        self.rules = rules
        self.scale = scale
        self.tiles = full_set(rules.max_pip)
        self.pip_tiles = [sum(1 << t.index for t in self.tiles if t.has(p)) for p in range(rules.max_pip + 1)]
        self.numbers: dict[LayoutKey, int] = {}
        self.layouts: list[Layout] = []
        self.fits: list[int] = []
        self.open_arms: list[dict[int, tuple[int, ...]]] = []  # per layout: pip -> arms showing it
        self.options: list[list[tuple[TileMove, ...] | None]] = []
        self.points: dict[int, int] = {}
        self.number(Layout.empty(rules))  # 0: the empty table

    def number(self, layout: Layout) -> int:
        """The number of ``layout``, given one the first time it is seen."""
        key = layout.key
        found = self.numbers.get(key)
        if found is None:
            found = self._add(key, layout)
        return found

    def _add(self, key: LayoutKey, layout: Layout) -> int:
        """Number ``layout`` (whose key is ``key``, not yet numbered).

        Safe against an interrupt (Ctrl-C's KeyboardInterrupt can land between any two
        bytecodes): a layout's number is ``len(numbers)`` and its key goes into ``numbers``
        last, after its entry in every list, so every number the table has given out has all
        its parts. An interrupted call leaves at most a few lists one entry longer, which no
        number refers to and the next call cuts back first.
        """
        found = len(self.numbers)
        del self.layouts[found:], self.fits[found:], self.open_arms[found:], self.options[found:]
        mask = 0
        arms: dict[int, tuple[int, ...]] = {}
        if layout.is_empty:
            mask = (1 << len(self.tiles)) - 1
        else:
            pip_tiles = self.pip_tiles
            for at, pip in layout.open_arms():
                mask |= pip_tiles[pip]
                arms[pip] = arms.get(pip, ()) + (at,)
        self.layouts.append(layout)
        self.fits.append(mask)
        self.open_arms.append(arms)
        self.options.append([None] * len(self.tiles))
        self.numbers[key] = found
        return found

    def point_value(self, total: int) -> int:
        found = self.points.get(total)
        if found is None:
            found = self.points[total] = play_points(total, self.rules) // self.scale
        return found

    def moves_of(self, number: int, index: int) -> tuple[TileMove, ...]:
        """The options of tile ``index`` on layout ``number``, worked out on first asking."""
        layout, tile = self.layouts[number], self.tiles[index]
        laying = layings(layout, tile)
        made: dict[int, int] = {}  # the distinct layouts the tile makes, with their counts
        if layout.is_empty:
            for inline in laying:
                child = layout.play(tile, None, inline)
                made[self.number(child)] = child.count
        else:
            numbers, arms = self.numbers, self.open_arms[number]
            fitting = arms.get(tile.high, ())
            if tile.low != tile.high:
                fitting += arms.get(tile.low, ())
            for at in fitting:
                for inline in laying:
                    key, child = layout.successor(at, tile, inline)
                    found = numbers.get(key)
                    made[self._add(key, child) if found is None else found] = key[4]
        value, fits, place, bit = self.point_value, self.fits, (index + 1) << 8, 1 << index
        options: tuple[TileMove, ...]
        if len(made) == 1:  # the usual case
            [(made_number, count)] = made.items()
            options = ((value(count), bit, index, made_number, made_number * LAYOUT_FACTOR, place, fits[made_number]),)
        else:
            ranked = sorted(((value(count), made_number) for made_number, count in made.items()), reverse=True)
            options = tuple(
                (points, bit, index, made_number, made_number * LAYOUT_FACTOR, place | rank, fits[made_number])
                for rank, (points, made_number) in enumerate(ranked)
            )
        self.options[number][index] = options
        return options


_TABLES: dict[RuleSet, LayoutTable] = {}
#: Layouts one table may hold before it is started afresh (a layout and its moves take
#: a few kilobytes).
LAYOUT_LIMIT = 250_000


def layout_table(rules: RuleSet) -> LayoutTable:
    """The shared table of ``rules`` (the last few rule sets are kept)."""
    table = _TABLES.get(rules)
    if table is None or len(table.layouts) > LAYOUT_LIMIT:
        if len(_TABLES) >= 4:
            _TABLES.pop(next(iter(_TABLES)))
        table = _TABLES[rules] = LayoutTable(rules, granularity(rules))
    return table


def forget_tables() -> None:
    """Drop every shared table."""
    _TABLES.clear()


def granularity(rules: RuleSet) -> int:
    """The largest number every score of the hand is a multiple of (5 in All Fives, else often 1):
    of what a play can score (:func:`~muggins.replay.scoring.play_scores`), the end-of-hand
    awards and the bonus for winning the hand."""
    factor = math.gcd(0, *play_scores(rules))
    ends = rules.domino_scoring != "none" or rules.blocked_scoring != "none"
    if ends:
        rounded = rules.pip_rounding != "none" and rules.rounding_unit > 1
        factor = math.gcd(factor, rules.rounding_unit // rules.award_divisor if rounded else 1)
    factor = math.gcd(factor, rules.hand_winner_bonus)
    return factor or 1

