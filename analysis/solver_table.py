"""Every layout the search has met under one rule set, by number, with the moves it allows.

The search never handles :class:`~muggins.analysis.solver_layout.Layout` objects in its inner
loop: it asks this table for a layout's number, the tiles that fit it (one bitmask), and per
tile the distinct layouts it can make with the points each scores. Layouts are numbered by
:attr:`Layout.key`, so placements that lead to the same layout by another arm name share one
number. A tile's moves are worked out the first time the search needs them, once per layout
for the whole rule set: later solves (other positions, other deals) find them ready.
"""

from __future__ import annotations

from muggins.analysis.solver_layout import Layout
from muggins.notation.model import Tile, full_set
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import play_points

#: A layout number enters a node's table key multiplied by this; the part below holds the
#: seat to move, the boneyard position and the must-play tile (4 + 8 + 8 bits).
LAYOUT_FACTOR = 1 << 20
#: Where the hands start in a node's key: above 36 bits of layout number.
HAND_SHIFT = 56


class LayoutTable:
    """Layouts by number for one rule set, and the moves each allows.

    ``fits[n]`` is the mask of tiles that fit an open end of layout ``n``; ``options[n][t]``
    the moves of tile ``t`` on it (None until first asked for, see :meth:`moves_of`), most
    points first, each as (points, tile bit, tile index, next layout, next layout times
    :data:`LAYOUT_FACTOR`, its own place: tile index plus one, shifted 8 bits, plus its
    place in that tuple). Points are divided by ``scale``.
    """

    def __init__(self, rules: RuleSet, scale: int) -> None:
        self.rules = rules
        self.scale = scale
        self.tiles = full_set(rules.max_pip)
        self.pip_tiles = [sum(1 << t.index for t in self.tiles if t.has(p)) for p in range(rules.max_pip + 1)]
        self.numbers: dict[tuple, int] = {}
        self.layouts: list[Layout] = []
        self.fits: list[int] = []
        self.options: list[list[tuple | None]] = []
        self.points: dict[int, int] = {}
        self.number(Layout.empty(rules))  # 0: the empty table

    def number(self, layout: Layout) -> int:
        """The number of ``layout``, given one the first time it is seen."""
        key = layout.key
        found = self.numbers.get(key)
        if found is not None:
            return found
        found = self.numbers[key] = len(self.layouts)
        self.layouts.append(layout)
        if layout.is_empty:
            mask = (1 << len(self.tiles)) - 1
        else:
            mask = 0
            for pip in set(layout.open_pips()):
                mask |= self.pip_tiles[pip]
        self.fits.append(mask)
        self.options.append([None] * len(self.tiles))
        return found

    def point_value(self, total: int) -> int:
        found = self.points.get(total)
        if found is None:
            found = self.points[total] = play_points(total, self.rules) // self.scale
        return found

    def moves(self, layout: Layout, tile: Tile) -> dict[int, int]:
        """The distinct layouts (by number) ``tile`` can make on ``layout``, with their points."""
        out: dict[int, int] = {}
        ends = [None] if layout.is_empty else layout.placements(tile)
        laying = (False, True) if layout.may_lay_inline(tile) else (False,)
        for end in ends:
            for inline in laying:
                child = layout.play(tile, end, inline)
                out.setdefault(self.number(child), self.point_value(child.count))
        return out

    def moves_of(self, number: int, index: int) -> tuple:
        """The options of tile ``index`` on layout ``number``, worked out on first asking."""
        found = sorted(((points, child) for child, points in self.moves(self.layouts[number], self.tiles[index]).items()), reverse=True)
        options = self.options[number][index] = tuple(
            (points, 1 << index, index, child, child * LAYOUT_FACTOR, (index + 1) << 8 | place)
            for place, (points, child) in enumerate(found)
        )
        return options


_TABLES: dict[RuleSet, LayoutTable] = {}


def layout_table(rules: RuleSet, scale: int) -> LayoutTable:
    """The shared table of ``rules`` (the last few rule sets are kept)."""
    table = _TABLES.get(rules)
    if table is None:
        if len(_TABLES) >= 4:
            _TABLES.pop(next(iter(_TABLES)))
        table = _TABLES[rules] = LayoutTable(rules, scale)
    return table
