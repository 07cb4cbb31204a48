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

# An arm: (pip shown, kind at its end, what it adds to the count, pip of its spinner or -1).
# A spinner is named by its pip: a set holds one double of each pip.
Arm = tuple[int, int, int, int]
# A spinner: (pip, line sides covered, sides covered in all, tiles played against it).
Spin = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """The tiles on the table as arms and spinners; see :class:`~muggins.replay.board.Board`.

    ``names`` are the arms' names (``l``, ``r``, ``u``, ``d``, ``u2``...) in the board's order;
    ``arms`` says what each shows and counts; ``spinners`` are in the order laid.
    """

    rules: RuleSet = field(compare=False, repr=False)
    names: tuple[str, ...] = ()
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

    def _spinner(self, pip: int) -> int:
        """The index in ``spinners`` of the spinner with this pip."""
        for index, spinner in enumerate(self.spinners):
            if spinner[0] == pip:
                return index
        raise KeyError(pip)

    def _takes_tiles(self, arm: Arm) -> bool:
        return arm[1] != EMPTY or branch_is_open(self.spinners[self._spinner(arm[3])][1], self.rules)

    def open_arms(self) -> list[tuple[int, int]]:
        """(position in ``arms``, pip shown) of every arm that takes a tile now."""
        return [(at, arm[0]) for at, arm in enumerate(self.arms) if arm[1] != EMPTY or self._takes_tiles(arm)]

    def open_pips(self) -> list[int]:
        """The pip each arm that takes a tile now shows (one entry per arm)."""
        return [pip for _, pip in self.open_arms()]

    def fitting(self, tile: Tile) -> list[int]:
        """The positions in ``arms`` of every arm ``tile`` may go on now (not on an empty layout)."""
        high, low = tile.high, tile.low
        return [at for at, pip in self.open_arms() if pip == high or pip == low]

    def placements(self, tile: Tile) -> list[str]:
        """Every arm ``tile`` may go on now, in the board's order; ``["lead"]`` on an empty layout."""
        if self.lead is None:
            return ["lead"]
        names = self.names
        return [names[at] for at in self.fitting(tile)]

    def may_lay_inline(self, tile: Tile) -> bool:
        """Whether ``tile`` may be laid lengthwise now (Sniff: the hand's first double)."""
        return self.rules.spinner == "sniff" and tile.is_double and self.doubles == 0

    @property
    def key(self) -> tuple:
        """What decides the rest of the hand, without arm names: equal keys, equal futures.

        The arms sorted by what they show and count and by the spinner they belong to, and the
        spinners' states. Of the doubles laid only whether there is one matters (for later
        doubles); of the lead only whether it is a crosswise double (for plays on its own arms).
        """
        return _key(self.arms, self.spinners, self.crosswise_lead, self.doubles, self.count, self.lead is None)

    # -- playing -------------------------------------------------------------------------------

    def play(self, tile: Tile, end: str | None = None, inline: bool = False) -> Layout:
        """The layout after ``tile`` goes on arm ``end`` (the first arm it fits when None).

        Raises :class:`~muggins.replay.board.IllegalPlacement` as the board does.
        """
        if inline and not self.may_lay_inline(tile):
            raise IllegalPlacement(f"{tile} cannot be laid lengthwise: only the first double under Sniff rules", "spinner")
        if self.lead is None:
            return self._lead(tile, inline)
        if end is None:
            options = self.placements(tile)
            if not options:
                raise IllegalPlacement(f"{tile} matches no open end")
            end = options[0]
        if end not in self.names:
            raise IllegalPlacement(f"there is no open end {end!r}", "spinner")
        at = self.names.index(end)
        pip, kind = self.arms[at][:2]
        if pip != tile.high and pip != tile.low:
            raise IllegalPlacement(f"{tile} does not match end {end}, which shows {pip}")
        if kind == EMPTY and not self._takes_tiles(self.arms[at]):
            raise IllegalPlacement(f"{tile} cannot go on branch {end} yet", "spinner_order")
        return self.play_at(at, tile, inline)

    def play_at(self, at: int, tile: Tile, inline: bool = False) -> Layout:
        """The layout after ``tile`` goes on ``arms[at]``, which it must fit (not checked)."""
        return Layout(self.rules, *self._after(at, tile, inline))

    def successor(self, at: int, tile: Tile, inline: bool) -> tuple[tuple, tuple]:
        """The key of :meth:`play_at`'s layout, and its fields (less the rules) to build it from.

        (The solver meets most layouts many times: it builds only those it has not met.)
        """
        after = self._after(at, tile, inline)
        _names, arms, spinners, _lead, _inline, doubles, count = after
        return _key(arms, spinners, self.crosswise_lead, doubles, count, False), after

    def _after(self, at: int, tile: Tile, inline: bool) -> tuple:
        """The fields (less the rules) of the layout after ``tile`` goes on ``arms[at]``."""
        rules = self.rules
        pip, kind, contribution, spin_pip = self.arms[at]
        exposed = tile.low if pip == tile.high else tile.high
        names = self.names
        arms = list(self.arms)
        spinners = list(self.spinners)
        count = self.count - contribution
        if spin_pip >= 0:  # a spinner's side or branch: the tile covers one more of its sides
            index = self._spinner(spin_pip)
            _, sides, covered, onto = spinners[index]
            before = spinner_counts(sides, covered, onto, rules)
            sides += kind != EMPTY
            spinners[index] = (spin_pip, sides, covered + 1, onto + 1)
            after = spinner_counts(sides, covered + 1, onto + 1, rules)
            if after != before:
                count += 2 * spin_pip if after else -2 * spin_pip
        elif kind == LEAD and self.crosswise_lead:
            # A lone crosswise lead double counts once, on one arm; now the other arm carries it.
            other = names.index("r" if names[at] == "l" else "l")
            o_pip, o_kind, o_value, o_spin = arms[other]
            if o_kind == LEAD and o_value == 0:
                o_value = double_end_value(pip, rules)
                arms[other] = (o_pip, o_kind, o_value, o_spin)
                count += o_value
        doubles = self.doubles
        if tile.is_double:
            if becomes_spinner(tile, inline, len(spinners), doubles, rules):
                high = tile.high
                spinners.append((high, 1, 1, 0))
                arms[at] = (exposed, SPINNER, 0, high)
                arms += [(high, EMPTY, 0, high)] * 2
                names += branch_names(len(spinners))
                if spinner_counts(1, 1, 0, rules):
                    count += 2 * high
            elif inline:
                arms[at] = (exposed, PLAIN, exposed, -1)
                count += exposed
            else:
                value = double_end_value(exposed, rules)
                arms[at] = (exposed, DOUBLE, value, -1)
                count += value
            doubles += 1
        else:
            arms[at] = (exposed, PLAIN, exposed, -1)
            count += exposed
        return names, tuple(arms), tuple(spinners), self.lead, self.lead_inline, doubles, count

    def _lead(self, tile: Tile, inline: bool) -> Layout:
        rules = self.rules
        pip = tile.high
        if tile.is_double:
            if becomes_spinner(tile, inline, 0, 0, rules):
                arms = ((pip, LEAD, 0, pip), (pip, LEAD, 0, pip), (pip, EMPTY, 0, pip), (pip, EMPTY, 0, pip))
                count = 2 * pip if spinner_counts(0, 0, 0, rules) else 0
                return Layout(rules, ("l", "r") + branch_names(1), arms, ((pip, 0, 0, 0),), tile, inline, 1, count)
            if not inline:
                value = double_end_value(pip, rules)
                return Layout(rules, ("l", "r"), ((pip, LEAD, value, -1), (pip, LEAD, 0, -1)), (), tile, False, 1, value)
        arms = ((tile.high, LEAD, tile.high, -1), (tile.low, LEAD, tile.low, -1))
        return Layout(rules, ("l", "r"), arms, (), tile, inline, int(tile.is_double), tile.high + tile.low)


def _key(arms: tuple[Arm, ...], spinners: tuple[Spin, ...], crosswise_lead: bool, doubles: int, count: int, empty: bool) -> tuple:
    """See :attr:`Layout.key`."""
    return (tuple(sorted(arms)), tuple(sorted(spinners)), crosswise_lead, doubles > 0, count, empty)
