"""The layout on the table: where a tile may go, what the open ends show, what they count.

The layout is a set of **arms** growing out from the lead tile. ``l`` and ``r`` are the line's
two arms; they run through any spinner on them (its two *sides*). A spinner adds two *branches*
(its ends): ``u`` and ``d`` for the first spinner, ``u2``/``d2`` for the second (only where every
double spins), and so on. The lead tile lies with its higher pip on ``l``.

Each arm shows one pip at its open end. What the ends *count* after a play is decided by three
rules, each in one function below:

- :func:`double_end_value`: a crosswise double at the end of an arm (``double_end_counts``);
- :func:`spinner_counts`: whether a spinner still counts its two halves (``spinner_counts_until``);
- :func:`branch_is_open`: whether a spinner's branches take tiles yet (``spinner_order``).

The board is mutable (the replayer pushes plays onto it) but :meth:`Board.copy` is cheap, so
alternatives can be tried on copies.
"""

from __future__ import annotations

from dataclasses import dataclass

from muggins.notation.model import Tile
from muggins.replay.rules import RuleSet

# Arm kinds: what lies at an arm's open end.
EMPTY = 0  # a branch with no tile yet: shows its spinner's pip, counts nothing of its own
PLAIN = 1  # a single tile (or a double laid lengthwise): counts its exposed half
DOUBLE = 2  # a crosswise double that is not a spinner: counts per double_end_value
SPINNER = 3  # the arm ends on a spinner (its far side uncovered): the spinner counts per spinner_counts
LEAD = 4  # a line arm with nothing on it yet: ends on the lead tile itself


class IllegalPlacement(ValueError):
    """A tile that cannot go where it was put; ``rule`` names the parameter it rests on."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


def double_end_value(pip: int, rules: RuleSet) -> int:
    """What a crosswise double at the end of an arm counts: both halves (usual) or one."""
    return pip if rules.double_end_counts == "one_half" else pip + pip


def spinner_counts(sides_covered: int, covered: int, played_onto: int, rules: RuleSet) -> bool:
    """Whether a spinner still counts both its halves.

    ``sides_covered`` counts its two line sides that have a tile against them (a spinner laid on
    an arm has the side it was laid against covered from the start); ``covered`` counts all four
    of its sides; ``played_onto`` counts the tiles played against it after it was laid.
    Usual rule: until both sides are covered. Alternatives: it counts once, only until the first
    tile is played against it; or until three of its four sides are covered.
    """
    until = rules.spinner_counts_until
    if until == "both_sides":
        return sides_covered < 2
    if until == "three_sides":
        return covered < 3
    return played_onto == 0  # "one_side": it counts once


def branch_is_open(sides_covered: int, rules: RuleSet) -> bool:
    """Whether a spinner's branches (its ends) take tiles: after both sides, or at any time."""
    return rules.spinner_order == "any" or sides_covered == 2


def becomes_spinner(tile: Tile, inline: bool, spinners_so_far: int, doubles_so_far: int, rules: RuleSet) -> bool:
    """Whether this double, laid now, spins (takes tiles on all four sides)."""
    kind = rules.spinner
    if kind == "none" or not tile.is_double:
        return False
    if kind == "every_double":
        return True
    # first_double and sniff: only the hand's first double; under Sniff it may be laid
    # lengthwise instead, and then no double spins this hand.
    return doubles_so_far == 0 and not inline


def branch_names(index: int) -> tuple[str, str]:
    """The names of spinner number ``index``'s branches (1-based): u/d, then u2/d2, ..."""
    return ("u", "d") if index == 1 else (f"u{index}", f"d{index}")


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """One arm as a player sees it: the pip it shows, what it counts now, whether it takes a tile."""

    name: str
    pip: int
    value: int
    playable: bool
    counts: bool


class _Spinner:
    """A spinner's state: how many of its sides are covered, and what that means now."""

    __slots__ = ("pip", "arm", "sides_covered", "covered", "played_onto", "branches", "is_lead", "counts", "open")

    def __init__(self, pip: int, arm: str | None, branches: tuple[str, str], is_lead: bool, rules: RuleSet) -> None:
        self.pip = pip
        self.arm = arm  # the arm it lies on (None for a lead spinner)
        self.is_lead = is_lead
        self.sides_covered = 0 if is_lead else 1
        self.covered = 0 if is_lead else 1
        self.played_onto = 0
        self.branches = branches
        self.update(rules)

    def update(self, rules: RuleSet) -> None:
        self.counts = spinner_counts(self.sides_covered, self.covered, self.played_onto, rules)
        self.open = branch_is_open(self.sides_covered, rules)

    def clone(self) -> _Spinner:
        other = _Spinner.__new__(_Spinner)
        for name in _Spinner.__slots__:
            setattr(other, name, getattr(self, name))
        return other


class Board:
    """The tiles on the table and the arms they form.

    Arms are kept in the order ``l``, ``r``, then branches in the order they appeared; each is
    ``[pip, kind, contribution, spinner]``: the pip it shows, what lies at its end, what it adds
    to the count (a counting spinner is added once, on its own), and the index into
    ``spinners`` of the spinner it ends on or branches from (-1 for none). The count is kept up
    to date play by play; :meth:`recount` works it out from scratch, for checking.
    """

    __slots__ = ("rules", "arms", "spinners", "lead", "lead_inline", "doubles", "played", "on_table", "count")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.arms: dict[str, list] = {}
        self.spinners: list[_Spinner] = []
        self.lead: Tile | None = None
        self.doubles = 0
        self.lead_inline = False
        self.count = 0
        # Every tile in the order laid: (tile, arm, the pip it leaves exposed, laid crosswise).
        self.played: list[tuple[Tile, str | None, int, bool]] = []
        self.on_table: set[Tile] = set()

    # -- reading the position -------------------------------------------------------------

    @property
    def is_empty(self) -> bool:
        return self.lead is None

    @property
    def lead_is_crosswise_double(self) -> bool:
        return self.lead is not None and self.lead.is_double and not self.lead_inline

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.rules = self.rules
        other.arms = {name: arm[:] for name, arm in self.arms.items()}
        other.spinners = [s.clone() for s in self.spinners]
        other.lead = self.lead
        other.doubles = self.doubles
        other.lead_inline = self.lead_inline
        other.count = self.count
        other.played = self.played[:]
        other.on_table = set(self.on_table)
        return other

    def playable_ends(self) -> list[str]:
        """Names of the arms that take a tile now."""
        spinners = self.spinners
        return [name for name, arm in self.arms.items() if arm[1] != EMPTY or spinners[arm[3]].open]

    def placements(self, tile: Tile) -> list[str]:
        """Every arm ``tile`` may be played on now; ``["lead"]`` on an empty board."""
        if self.lead is None:
            return ["lead"]
        high, low = tile.high, tile.low
        spinners = self.spinners
        return [
            name
            for name, arm in self.arms.items()
            if (arm[0] == high or arm[0] == low) and (arm[1] != EMPTY or spinners[arm[3]].open)
        ]

    def open_pips(self) -> set[int]:
        """The pips shown by the arms that take a tile now: a tile fits when it has one of them
        (asked once for a whole hand of tiles, not once per tile as :meth:`placements`)."""
        spinners = self.spinners
        return {arm[0] for arm in self.arms.values() if arm[1] != EMPTY or spinners[arm[3]].open}

    def can_play(self, tile: Tile) -> bool:
        return bool(self.placements(tile))

    def total(self) -> int:
        """The sum the open ends count now."""
        return self.count

    def recount(self) -> int:
        """The count worked out from scratch from the arms and the counting rules (slow; for checks)."""
        rules = self.rules
        total = 0
        crosswise_lead_open = False
        for arm in self.arms.values():
            kind = arm[1]
            if kind == PLAIN:
                total += arm[0]
            elif kind == DOUBLE:
                total += double_end_value(arm[0], rules)
            elif kind == LEAD:
                if self.lead_is_crosswise_double:
                    crosswise_lead_open = True
                else:
                    total += arm[0]
        for s in self.spinners:
            if spinner_counts(s.sides_covered, s.covered, s.played_onto, rules):
                total += s.pip + s.pip
        if crosswise_lead_open and not (self.spinners and self.spinners[0].is_lead):
            total += double_end_value(self.lead.high, rules)  # type: ignore[union-attr]
        return total

    def open_ends(self) -> list[OpenEnd]:
        """Every arm with the pip it shows and what it adds to the count now.

        The values add up to :meth:`total`: a tile that ends two arms (a lone lead double, a
        lone spinner) is counted on the first of them; a spinner that still counts but ends no
        arm (the three-sides rule) appears as a pseudo-end named ``spinner``.
        """
        out = []
        counted_spinners: set[int] = set()
        for name, arm in self.arms.items():
            pip, kind, value, index = arm
            playable = kind != EMPTY or self.spinners[index].open
            counts = kind in (PLAIN, DOUBLE) or (kind == LEAD and index < 0 and (value > 0 or not self.lead_is_crosswise_double))
            if kind in (LEAD, SPINNER) and index >= 0:
                counts = index not in counted_spinners and self.spinners[index].counts
                value = pip + pip if counts else 0
                if counts:
                    counted_spinners.add(index)
            out.append(OpenEnd(name, pip, value, playable, counts))
        for index, s in enumerate(self.spinners):
            if index not in counted_spinners and s.counts:
                out.append(OpenEnd("spinner", s.pip, s.pip + s.pip, False, True))
        return out

    def counted_values(self) -> list[int]:
        """What each counted end adds, as a player would list them: ``[12, 3]``."""
        return [e.value for e in self.open_ends() if e.counts]

    # -- changing the position -------------------------------------------------------------

    def play(self, tile: Tile, end: str | None = None, inline: bool = False) -> str:
        """Place ``tile`` on the arm ``end`` (or the first arm it fits); return the arm used.

        Raises :class:`IllegalPlacement` when the tile does not fit there.
        """
        rules = self.rules
        if inline and not (rules.spinner == "sniff" and tile.is_double and self.doubles == 0):
            raise IllegalPlacement(
                f"{tile} cannot be laid lengthwise: only the first double under Sniff rules", "spinner"
            )
        if self.lead is None:
            self._lead(tile, inline)
            return "lead"
        if end is None:
            options = self.placements(tile)
            if not options:
                raise IllegalPlacement(f"{tile} matches no open end ({self.describe_ends()})")
            end = options[0]
        arm = self.arms.get(end)
        if arm is None:
            raise IllegalPlacement(f"there is no open end {end!r} ({self.describe_ends()})", "spinner")
        pip, kind, contribution, index = arm
        high = tile.high
        if pip == high:
            exposed = tile.low
        elif pip == tile.low:
            exposed = high
        else:
            raise IllegalPlacement(f"{tile} does not match end {end}, which shows {pip}")
        if kind == EMPTY and not self.spinners[index].open:
            raise IllegalPlacement(
                f"{tile} cannot go on branch {end} yet: the spinner's two sides must be covered first",
                "spinner_order",
            )
        count = self.count - contribution
        # The tile covers whatever the arm ended on.
        if index >= 0:  # a spinner's side or branch
            s = self.spinners[index]
            before = s.counts
            s.covered += 1
            s.played_onto += 1
            if kind != EMPTY:
                s.sides_covered += 1
            s.update(rules)
            if s.counts != before:
                count += s.pip + s.pip if s.counts else -(s.pip + s.pip)
        elif kind == LEAD and self.lead_is_crosswise_double:
            # A lone crosswise lead double is counted once, on one arm; now the other carries it.
            other = self.arms["r" if end == "l" else "l"]
            if other[1] == LEAD and other[2] == 0:
                other[2] = double_end_value(pip, rules)
                count += other[2]
        if tile.is_double:
            if becomes_spinner(tile, inline, len(self.spinners), self.doubles, rules):
                number = len(self.spinners) + 1
                spinner = _Spinner(high, end, branch_names(number), False, rules)
                self.spinners.append(spinner)
                arm[0], arm[1], arm[2], arm[3] = exposed, SPINNER, 0, number - 1
                for branch in spinner.branches:
                    self.arms[branch] = [high, EMPTY, 0, number - 1]
                if spinner.counts:
                    count += high + high
            elif inline:
                arm[0], arm[1], arm[2], arm[3] = exposed, PLAIN, exposed, -1
                count += exposed
            else:
                value = double_end_value(exposed, rules)
                arm[0], arm[1], arm[2], arm[3] = exposed, DOUBLE, value, -1
                count += value
            self.doubles += 1
        else:
            arm[0], arm[1], arm[2], arm[3] = exposed, PLAIN, exposed, -1
            count += exposed
        self.count = count
        self.played.append((tile, end, exposed, tile.is_double and not inline))
        self.on_table.add(tile)
        return end

    def _lead(self, tile: Tile, inline: bool) -> None:
        rules = self.rules
        self.lead = tile
        self.lead_inline = inline
        self.played.append((tile, None, tile.low, tile.is_double and not inline))
        self.on_table.add(tile)
        pip = tile.high
        if tile.is_double:
            self.doubles = 1
            if becomes_spinner(tile, inline, 0, 0, rules):
                spinner = _Spinner(pip, None, branch_names(1), True, rules)
                self.spinners.append(spinner)
                self.arms["l"] = [pip, LEAD, 0, 0]
                self.arms["r"] = [pip, LEAD, 0, 0]
                self.arms["u"] = [pip, EMPTY, 0, 0]
                self.arms["d"] = [pip, EMPTY, 0, 0]
                self.count = pip + pip if spinner.counts else 0
                return
            if not inline:
                value = double_end_value(pip, rules)
                self.arms["l"] = [pip, LEAD, value, -1]
                self.arms["r"] = [pip, LEAD, 0, -1]
                self.count = value
                return
        self.arms["l"] = [tile.high, LEAD, tile.high, -1]
        self.arms["r"] = [tile.low, LEAD, tile.low, -1]
        self.count = tile.high + tile.low

    # -- text ----------------------------------------------------------------------------------

    def describe_ends(self) -> str:
        ends = [f"{e.name}={e.pip}" for e in self.open_ends() if e.playable]
        return "open ends " + ", ".join(ends) if ends else "no open ends"
