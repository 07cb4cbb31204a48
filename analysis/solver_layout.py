"""The layout as the solver keeps it: an immutable value with a key that ignores arm names.

:class:`Layout` follows :class:`muggins.replay.board.Board` play for play (the same arms, the
same names, the same count; the counting rules are the board module's own functions), but it
never changes: :meth:`Layout.play` returns a new layout, so layouts can be shared and used as
dictionary keys. :attr:`Layout.key` describes what the layout can still do and count, without
the names of its arms: two layouts with the same key take the same tiles and count the same
totals from here to the end of the hand, whatever their arms are called. The search merges
such positions (a double lead's ``l`` and ``r``, a spinner's two empty branches).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from muggins.notation.model import Tile
from muggins.replay.board import (
    DOUBLE,
    EMPTY,
    LEAD,
    PLAIN,
    SPINNER,
    Board,
    IllegalPlacement,
    becomes_spinner,
    branch_is_open,
    branch_names,
    double_end_value,
    spinner_counts,
)
from muggins.replay.rules import RuleSet

# An arm: (name, pip shown, kind at its end, what it adds to the count, spinner index or -1).
Arm = tuple[str, int, int, int, int]
# A spinner: (pip, line sides covered, sides covered in all, tiles played against it).
Spin = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """The tiles on the table as arms and spinners; see :class:`~muggins.replay.board.Board`."""

    rules: RuleSet = field(compare=False, repr=False)
    arms: tuple[Arm, ...] = ()
    spinners: tuple[Spin, ...] = ()
    lead: Tile | None = None
    lead_inline: bool = False
    doubles: int = 0
    count: int = 0

    @staticmethod
    def empty(rules: RuleSet) -> Layout:
        return Layout(rules)

    @staticmethod
    def from_board(board: Board) -> Layout:
        """The same layout as ``board``, rebuilt from the tiles it holds in the order laid."""
        layout = Layout(board.rules)
        for tile, end, _exposed, crosswise in board.played:
            layout = layout.play(tile, end, tile.is_double and not crosswise)
        return layout

    # -- reading -----------------------------------------------------------------------------

    @property
    def is_empty(self) -> bool:
        return self.lead is None

    @property
    def crosswise_lead(self) -> bool:
        lead = self.lead
        return lead is not None and lead.is_double and not self.lead_inline

    def total(self) -> int:
        """The sum the open ends count now."""
        return self.count

    def _takes_tiles(self, arm: Arm) -> bool:
        return arm[2] != EMPTY or branch_is_open(self.spinners[arm[4]][1], self.rules)

    def open_pips(self) -> list[int]:
        """The pip each arm that takes a tile now shows (one entry per arm)."""
        return [arm[1] for arm in self.arms if self._takes_tiles(arm)]

    def placements(self, tile: Tile) -> list[str]:
        """Every arm ``tile`` may go on now, in the board's order; ``["lead"]`` on an empty layout."""
        if self.lead is None:
            return ["lead"]
        return [arm[0] for arm in self.arms if (arm[1] == tile.high or arm[1] == tile.low) and self._takes_tiles(arm)]

    def may_lay_inline(self, tile: Tile) -> bool:
        """Whether ``tile`` may be laid lengthwise now (Sniff: the hand's first double)."""
        return self.rules.spinner == "sniff" and tile.is_double and self.doubles == 0

    @property
    def key(self) -> tuple:
        """What decides the rest of the hand, without arm names: equal keys, equal futures.

        Arms are listed by what they show and count and by the spinner they belong to (named
        by its pip: there is one double of each pip), sorted; spinners by their state. Only
        whether a double has been laid matters for later doubles, and whether the lead is a
        crosswise double for plays on the lead's own arms.
        """
        spinners = self.spinners
        arms = sorted((pip, kind, value, spinners[index][0] if index >= 0 else -1) for _, pip, kind, value, index in self.arms)
        return (tuple(arms), tuple(sorted(spinners)), self.crosswise_lead, self.doubles > 0, self.count, self.lead is None)

    # -- playing -------------------------------------------------------------------------------

    def play(self, tile: Tile, end: str | None = None, inline: bool = False) -> Layout:
        """The layout after ``tile`` goes on arm ``end`` (the first arm it fits when None).

        Raises :class:`~muggins.replay.board.IllegalPlacement` as the board does.
        """
        rules = self.rules
        if inline and not self.may_lay_inline(tile):
            raise IllegalPlacement(f"{tile} cannot be laid lengthwise: only the first double under Sniff rules", "spinner")
        if self.lead is None:
            return self._lead(tile, inline)
        if end is None:
            options = self.placements(tile)
            if not options:
                raise IllegalPlacement(f"{tile} matches no open end")
            end = options[0]
        at = next((i for i, arm in enumerate(self.arms) if arm[0] == end), None)
        if at is None:
            raise IllegalPlacement(f"there is no open end {end!r}", "spinner")
        name, pip, kind, contribution, index = self.arms[at]
        if pip == tile.high:
            exposed = tile.low
        elif pip == tile.low:
            exposed = tile.high
        else:
            raise IllegalPlacement(f"{tile} does not match end {end}, which shows {pip}")
        if kind == EMPTY and not self._takes_tiles(self.arms[at]):
            raise IllegalPlacement(f"{tile} cannot go on branch {end} yet", "spinner_order")
        arms = list(self.arms)
        spinners = list(self.spinners)
        count = self.count - contribution
        if index >= 0:  # a spinner's side or branch: the tile covers one more of its sides
            spin_pip, sides, covered, onto = spinners[index]
            before = spinner_counts(sides, covered, onto, rules)
            sides += kind != EMPTY
            spinners[index] = (spin_pip, sides, covered + 1, onto + 1)
            after = spinner_counts(sides, covered + 1, onto + 1, rules)
            if after != before:
                count += 2 * spin_pip if after else -2 * spin_pip
        elif kind == LEAD and self.crosswise_lead:
            # A lone crosswise lead double counts once, on one arm; now the other arm carries it.
            other = next(i for i, arm in enumerate(arms) if arm[0] == ("r" if end == "l" else "l"))
            o_name, o_pip, o_kind, o_value, o_index = arms[other]
            if o_kind == LEAD and o_value == 0:
                o_value = double_end_value(pip, rules)
                arms[other] = (o_name, o_pip, o_kind, o_value, o_index)
                count += o_value
        doubles = self.doubles
        if tile.is_double:
            if becomes_spinner(tile, inline, len(spinners), doubles, rules):
                number = len(spinners) + 1
                spinners.append((tile.high, 1, 1, 0))
                arms[at] = (name, exposed, SPINNER, 0, number - 1)
                arms.extend((branch, tile.high, EMPTY, 0, number - 1) for branch in branch_names(number))
                if spinner_counts(1, 1, 0, rules):
                    count += 2 * tile.high
            elif inline:
                arms[at] = (name, exposed, PLAIN, exposed, -1)
                count += exposed
            else:
                value = double_end_value(exposed, rules)
                arms[at] = (name, exposed, DOUBLE, value, -1)
                count += value
            doubles += 1
        else:
            arms[at] = (name, exposed, PLAIN, exposed, -1)
            count += exposed
        return Layout(rules, tuple(arms), tuple(spinners), self.lead, self.lead_inline, doubles, count)

    def _lead(self, tile: Tile, inline: bool) -> Layout:
        rules = self.rules
        pip = tile.high
        if tile.is_double:
            if becomes_spinner(tile, inline, 0, 0, rules):
                up, down = branch_names(1)
                arms = (("l", pip, LEAD, 0, 0), ("r", pip, LEAD, 0, 0), (up, pip, EMPTY, 0, 0), (down, pip, EMPTY, 0, 0))
                count = 2 * pip if spinner_counts(0, 0, 0, rules) else 0
                return Layout(rules, arms, ((pip, 0, 0, 0),), tile, inline, 1, count)
            if not inline:
                value = double_end_value(pip, rules)
                return Layout(rules, (("l", pip, LEAD, value, -1), ("r", pip, LEAD, 0, -1)), (), tile, False, 1, value)
        arms = (("l", tile.high, LEAD, tile.high, -1), ("r", tile.low, LEAD, tile.low, -1))
        return Layout(rules, arms, (), tile, inline, int(tile.is_double), tile.high + tile.low)
