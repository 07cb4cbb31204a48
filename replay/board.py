"""The layout on the table: where a tile may go, what the open ends show, what they count.

The layout is a set of **arms** growing out from the lead tile. ``l`` and ``r`` are the line's
two arms; they run through any spinner on them (its two *sides*). A spinner adds two *branches*
(its ends): ``u`` and ``d`` for the first spinner, ``u2``/``d2`` for the second (only where every
double spins), and so on. The lead tile lies with its higher pip on ``l``.

Each arm shows one pip at its open end. What the ends *count* after a play, and what may be
laid, is decided by these rules, each in one function below:

- :func:`double_end_value`: a crosswise double at the end of an arm (``double_end_counts``);
- :func:`spinner_counts`: how many of its two halves a spinner still counts (``spinner_counts_until``);
- :func:`branch_is_open`: whether a spinner's branches take tiles yet (``spinner_order``);
- :func:`becomes_spinner`: whether a double, laid now, spins (``spinner``);
- :func:`may_lay_lengthwise`: whether a double may be laid lengthwise (``spinner: sniff``);
- :func:`largest_count`: the most the open ends can ever add up to (with
  :func:`bare_arms_while_counting`, what a counting spinner leaves bare).

:class:`Layout` is the one position type of a hand's layout. It is a value: :meth:`Layout.play`
returns the layout after a tile and leaves the old one as it was, so the replayer, the
simulator, the missed-play finder and the solver share layouts and try alternatives without
copying. :attr:`Layout.key` says what a layout can still take and count without the names of its
arms (the solver merges layouts by it). :class:`Board` is a handle holding one layout that it
moves on in place, for code that lays tiles one after another and keeps no history.

The encoding (also what the solver's tables and a compiled core read):

- an **arm** is ``(pip shown, kind, contribution, spinner pip)``: ``kind`` is what lies at its
  open end (:data:`EMPTY`, :data:`PLAIN`, :data:`DOUBLE`, :data:`SPINNER`, :data:`LEAD`);
  ``contribution`` what the arm adds to the count (a counting spinner is added once, on its own,
  so its arms add 0); ``spinner pip`` the pip of the spinner the arm ends on or branches from, -1
  for none (a set holds one double of each pip, so a spinner is named by its pip);
- a **spin** (a spinner's state) is ``(pip, line sides covered, sides covered in all, tiles
  played against it since it was laid)``; a spinner laid on an arm starts with the side it was
  laid against covered;
- :attr:`Layout.played` lists every tile in the order laid as ``(tile, arm, the pip it leaves
  exposed, laid crosswise)`` (arm None for the lead); :attr:`Layout.laid` has bit ``tile.index``
  set for each tile on the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Union

from muggins.i18n import msg
from muggins.notation.model import Tile
from muggins.replay.rules import RuleSet

# Arm kinds: what lies at an arm's open end.
EMPTY = 0  # a branch with no tile yet: shows its spinner's pip, counts nothing of its own
PLAIN = 1  # a single tile (or a double laid lengthwise): counts its exposed half
DOUBLE = 2  # a crosswise double that is not a spinner: counts per double_end_value
SPINNER = 3  # the arm ends on a spinner (its far side uncovered): the spinner counts per spinner_counts
LEAD = 4  # a line arm with nothing on it yet: ends on the lead tile itself

#: An arm: (pip shown, kind, what it adds to the count, pip of its spinner or -1).
Arm = tuple[int, int, int, int]
#: A spinner's state: (pip, line sides covered, sides covered in all, tiles played against it).
Spin = tuple[int, int, int, int]
#: A tile as laid: (tile, arm or None for the lead, pip left exposed, laid crosswise).
Placed = tuple[Tile, "str | None", int, bool]
#: :attr:`Layout.history`: the tiles laid as a chain, the last first, ``()`` when empty.
History = Union[tuple[()], tuple[Tile, "str | None", int, bool, "History"]]
#: :attr:`Layout.key`: sorted arms, sorted spins, crosswise lead, any double laid, count, empty.
LayoutKey = tuple[tuple[Arm, ...], tuple[Spin, ...], bool, bool, int, bool]


class IllegalPlacement(ValueError):
    """A tile that cannot go where it was put; ``rule`` names the parameter it rests on."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message  # a muggins.i18n Message where the board words it
        self.rule = rule


# -- the counting and laying rules: each parameter decided in one function -----------------------


def double_end_value(pip: int, rules: RuleSet) -> int:
    """What a crosswise double at the end of an arm counts: both halves (usual) or one."""
    return pip if rules.double_end_counts == "one_half" else pip + pip


def spinner_counts(sides_covered: int, covered: int, played_onto: int, rules: RuleSet) -> int:
    """How many of its two halves a spinner still counts: 2, 1 or 0 (it adds that many times
    its pip to the count; 0, and so false, once it no longer counts).

    ``sides_covered`` counts its two line sides that have a tile against them (a spinner laid on
    an arm has the side it was laid against covered from the start); ``covered`` counts all four
    of its sides; ``played_onto`` counts the tiles played against it after it was laid.
    Usual rule: both halves until both sides are covered. Alternatives: it counts once, only
    until the first tile is played against it; both halves until three of its four sides are
    covered; or each of its two ends (where the branches start) counts its half until a tile
    covers that end, whatever lies against its sides (the Sniff's ends "continue to count toward
    the total while they are exposed").
    """
    until = rules.spinner_counts_until
    if until == "both_sides":
        return 2 if sides_covered < 2 else 0
    if until == "three_sides":
        return 2 if covered < 3 else 0
    if until == "ends_covered":
        return 2 - (covered - sides_covered)  # its ends still bare
    return 2 if played_onto == 0 else 0  # "one_side": it counts once


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


def lengthwise_allowed(rules: RuleSet) -> bool:
    """Whether these rules ever let a double lie lengthwise (Sniff)."""
    return rules.spinner == "sniff"


def may_lay_lengthwise(tile: Tile, doubles_so_far: int, rules: RuleSet) -> bool:
    """Whether ``tile`` may be laid lengthwise now: under Sniff, the hand's first double only."""
    return tile.is_double and doubles_so_far == 0 and lengthwise_allowed(rules)


def largest_count(rules: RuleSet) -> int:
    """The most the open ends of a layout can add up to under ``rules``: the bound of what one
    play can score (:func:`muggins.replay.scoring.play_scores`). Sound, not always reached.
    Double-six: 36 with one spinner (12 + 10 + 8 + 6), 22 on a line (12 + 10), 81 where every
    double spins and a spinner stops counting once both its sides are covered (Five Up).

    Why it holds. The count is what the arms' open ends add (a lone crosswise lead double
    counted once) plus what each spinner still counts. Charge each term to one tile:

    - an arm that ends in a tile (a single, a double laid lengthwise or crosswise at its end)
      adds at most that tile's *end value*: the higher pip of a single (it shows one of its
      pips), both halves of a double. No tile ends two arms but the lead while it lies alone:
      a double then counts its two halves at most (crosswise once, lengthwise a half on each
      arm), a single its two pips, at most ``2 * max_pip - 1``;
    - a spinner that counts adds at most both its halves, and is charged to itself; it ends
      no arm as a tile, and while it counts at least one of its own arms is *bare* (carries
      no tile of its own, shows the spinner): :func:`bare_arms_while_counting`, at least 1.

    So the count is at most the sum of distinct tiles' end values, one for each arm (a spinner
    that counts standing for one of its bare arms): with at most one spinner, the set's largest
    end values, one for each of the two arms (four with a spinner). Where every double
    spins no double ends an arm (each is a spinner), there are at most ``2 + 2 * (max_pip + 1)``
    arms, and a spinner that counts has ``b`` bare arms: with ``k`` spinners counting, the
    ``k`` largest doubles (both halves each) and the largest end values of the singles over the
    other ``2 + 2 * (max_pip + 1) - b * k`` arms; the bound is the largest of these over ``k``.

    Five Up (double-six, sides before branches, a spinner counting until both its sides are
    covered): a spinner that counts has its far side and both branches bare (``b`` = 3); 16
    arms; the singles' end values are 6 six times, 5 five times, 4 four times, ... With one
    spinner counting, 12 and the thirteen largest singles' values (6 * 6 + 5 * 5 + 2 * 4 = 69):
    81; with none, 80; with two, 78; fewer with more (a search finds layouts of 75). Checked
    against every layout of a double-two set under every spinner rule and of a double-three
    set under the presets' (``tests/test_play_scores.py``).
    """
    top = rules.max_pip
    doubles = [2 * pip for pip in range(top, -1, -1)]
    singles = [high for high in range(top, 0, -1) for _ in range(high)]  # high-low, low < high
    lone_lead = 2 * top - 1  # the highest single led alone: both its pips count
    if rules.spinner != "every_double":
        arms = 2 if rules.spinner == "none" else 4
        return max(lone_lead, sum(sorted(doubles + singles, reverse=True)[:arms]))
    arms = 2 + 2 * (top + 1)
    bare = bare_arms_while_counting(rules)
    best = max(sum(doubles[:k]) + sum(singles[: arms - bare * k]) for k in range(top + 2) if bare * k <= arms)
    return max(lone_lead, best)


def bare_arms_while_counting(rules: RuleSet) -> int:
    """The fewest of a spinner's arms that carry no tile while the spinner still counts
    (:func:`spinner_counts` above 0), over every order of covering its sides that
    :func:`branch_is_open` allows, for a spinner led (four arms, no side covered) and one laid
    on an arm (three arms, the side it was laid against covered). Laying on a line side covers
    a side; on a branch, only once the branches are open."""
    fewest = 4
    for sides, free_sides in ((0, 2), (1, 1)):  # led, laid on an arm
        states = [(sides, sides, 0, free_sides, 2)]  # sides covered, covered, played onto, free sides, free branches
        while states:
            sides, covered, onto, free_sides, free_branches = states.pop()
            if spinner_counts(sides, covered, onto, rules):
                fewest = min(fewest, free_sides + free_branches)
            if free_sides:
                states.append((sides + 1, covered + 1, onto + 1, free_sides - 1, free_branches))
            if free_branches and branch_is_open(sides, rules):
                states.append((sides, covered + 1, onto + 1, free_sides, free_branches - 1))
    return fewest


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


class Spinner(NamedTuple):
    """A spinner as a player sees it: its pip, the arm it lies on (None for a lead spinner),
    how many of its sides are covered, and what that means now."""

    pip: int
    arm: str | None
    is_lead: bool
    sides_covered: int
    covered: int
    played_onto: int
    branches: tuple[str, str]
    counts: bool
    open: bool


#: The arm a single leaves when laid on a tile, for each pip it exposes (made once: most plays).
_PLAIN_ARMS: tuple[Arm, ...] = tuple((pip, PLAIN, pip, -1) for pip in range(19))

_FIELDS = ("rules", "names", "arms", "spins", "lead", "lead_inline", "doubles", "count", "history", "laid")


class Layout:
    """The tiles on the table as arms and spinners: a value; see the module doc for the encoding.

    ``names`` are the arms' names (``l``, ``r``, then branches in the order they appeared);
    ``arms`` says what each shows and counts; ``spins`` are the spinners' states in the order
    laid; ``doubles`` counts the doubles laid; ``count`` is what the open ends add up to;
    ``history`` is the tiles laid as a chain, the last first (``(tile, arm, exposed,
    crosswise, earlier chain)``, ``()`` when empty: each play adds one link), which
    :attr:`played` lists in order.
    A layout is never changed once made (:meth:`play` makes the next one; the slots are not
    guarded against assignment, which would make every play dearer: nothing assigns to them)
    and equal to another when everything but the rule set is (the rule set is compared by
    whoever holds two layouts of different rules). Made by :meth:`empty` and :meth:`play`.
    """

    __slots__ = _FIELDS

    rules: RuleSet
    names: tuple[str, ...]
    arms: tuple[Arm, ...]
    spins: tuple[Spin, ...]
    lead: Tile | None
    lead_inline: bool
    doubles: int
    count: int
    history: History
    laid: int

    def _fields(self) -> tuple[object, ...]:
        return (self.names, self.arms, self.spins, self.lead, self.lead_inline, self.doubles, self.count, self.history, self.laid)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        played = " ".join(f"{t}{' ' + a if a else ''}" for t, a, _, _ in self.played)
        return f"Layout({self.rules.name}: {played or 'empty'}; count {self.count})"

    def __reduce__(self) -> tuple[Callable[..., Layout], tuple[object, ...]]:
        return (_make, (self.rules, *self._fields()))

    @staticmethod
    def empty(rules: RuleSet) -> Layout:
        """The table before the lead under ``rules``; one per rule set, made once (every hand
        starts from it)."""
        empty = _EMPTY.get(id(rules))
        if empty is None or empty.rules is not rules:
            if len(_EMPTY) > 64:
                _EMPTY.clear()
            empty = _EMPTY[id(rules)] = _make(rules, (), (), (), None, False, 0, 0, (), 0)
        return empty

    @staticmethod
    def from_board(board: Board | Layout) -> Layout:
        """The layout a :class:`Board` holds (a layout is its own)."""
        return board.layout if isinstance(board, Board) else board

    # -- reading the position -------------------------------------------------------------

    @property
    def is_empty(self) -> bool:
        return self.lead is None

    @property
    def lead_is_crosswise_double(self) -> bool:
        lead = self.lead
        return lead is not None and lead.is_double and not self.lead_inline

    @property
    def played(self) -> tuple[Placed, ...]:
        """Every tile in the order laid: (tile, arm or None for the lead, pip left exposed,
        laid crosswise)."""
        out = []
        link = self.history
        while link:
            out.append(link[:4])
            link = link[4]
        return tuple(reversed(out))

    @property
    def on_table(self) -> frozenset[Tile]:
        """The tiles laid (for a quick test of one tile, ``laid >> tile.index & 1``)."""
        return frozenset(placed[0] for placed in self.played)

    def copy(self) -> Layout:
        """The layout itself: a value needs no copy (kept for code written against a board)."""
        return self

    def total(self) -> int:
        """The sum the open ends count now."""
        return self.count

    def arm(self, name: str) -> Arm | None:
        """The arm called ``name``, or None when there is none."""
        names = self.names
        return self.arms[names.index(name)] if name in names else None

    def _branch_open(self, pip: int) -> bool:
        """Whether the branches of the spinner with this pip take tiles now."""
        for spin in self.spins:
            if spin[0] == pip:
                return branch_is_open(spin[1], self.rules)
        raise KeyError(pip)

    def open_arms(self) -> list[tuple[int, int]]:
        """(position in ``arms``, pip shown) of every arm that takes a tile now."""
        return [(at, arm[0]) for at, arm in enumerate(self.arms) if arm[1] != EMPTY or self._branch_open(arm[3])]

    def open_pips(self) -> list[int]:
        """The pip each arm that takes a tile now shows (one entry per arm): a tile fits when it
        has one of them (asked once for a whole hand, not once per tile as :meth:`placements`)."""
        return [arm[0] for arm in self.arms if arm[1] != EMPTY or self._branch_open(arm[3])]

    def playable_ends(self) -> list[str]:
        """Names of the arms that take a tile now."""
        names = self.names
        return [names[at] for at, _ in self.open_arms()]

    def fitting(self, tile: Tile) -> list[int]:
        """The positions in ``arms`` of every arm ``tile`` may go on now (not on an empty layout)."""
        high, low = tile.high, tile.low
        return [
            at
            for at, arm in enumerate(self.arms)
            if (arm[0] == high or arm[0] == low) and (arm[1] != EMPTY or self._branch_open(arm[3]))
        ]

    def takes(self, tile: Tile) -> bool:
        """Whether ``tile`` fits an open end now (not on an empty layout: see ``play_rules.fits``)."""
        high, low = tile.high, tile.low
        for pip, kind, _, spin in self.arms:
            if (pip == high or pip == low) and (kind != EMPTY or self._branch_open(spin)):
                return True
        return False

    def placements(self, tile: Tile) -> list[str]:
        """Every arm ``tile`` may be played on now, in the arms' order; ``["lead"]`` on an empty table."""
        if self.lead is None:
            return ["lead"]
        names = self.names
        return [names[at] for at in self.fitting(tile)]

    def can_play(self, tile: Tile) -> bool:
        return bool(self.placements(tile))

    def may_lay_inline(self, tile: Tile) -> bool:
        """Whether ``tile`` may be laid lengthwise now (see :func:`may_lay_lengthwise`)."""
        return may_lay_lengthwise(tile, self.doubles, self.rules)

    @property
    def spinners(self) -> tuple[Spinner, ...]:
        """The spinners in the order laid, as a player sees them (built when asked)."""
        rules, lead = self.rules, self.lead
        out = []
        for number, (pip, sides, covered, onto) in enumerate(self.spins, 1):
            is_lead = lead is not None and lead.is_double and lead.high == pip
            arm = None if is_lead else next(p[1] for p in self.played if p[0].is_double and p[0].high == pip)
            counts = spinner_counts(sides, covered, onto, rules) > 0
            out.append(Spinner(pip, arm, is_lead, sides, covered, onto, branch_names(number), counts, branch_is_open(sides, rules)))
        return tuple(out)

    @property
    def key(self) -> LayoutKey:
        """What decides the rest of the hand, without arm names: equal keys, equal futures.

        The arms sorted by what they show and count and by the spinner they belong to, and the
        spinners' states. Of the doubles laid only whether there is one matters (for later
        doubles); of the lead only whether it is a crosswise double (for plays on its own arms).
        """
        return _key(self.arms, self.spins, self.lead_is_crosswise_double, self.doubles, self.count, self.lead is None)

    def recount(self) -> int:
        """The count worked out from scratch from the arms and the counting rules (slow; for checks)."""
        rules = self.rules
        total = 0
        crosswise_lead_open = False
        for pip, kind, _, _ in self.arms:
            if kind == PLAIN:
                total += pip
            elif kind == DOUBLE:
                total += double_end_value(pip, rules)
            elif kind == LEAD:
                if self.lead_is_crosswise_double:
                    crosswise_lead_open = True
                else:
                    total += pip
        for pip, sides, covered, onto in self.spins:
            total += spinner_counts(sides, covered, onto, rules) * pip
        lead = self.lead
        if crosswise_lead_open and lead is not None and not (self.spins and self.spins[0][0] == lead.high):
            total += double_end_value(lead.high, rules)
        return total

    def open_ends(self) -> list[OpenEnd]:
        """Every arm with the pip it shows and what it adds to the count now.

        The values add up to :meth:`total`: a tile that ends two arms (a lone lead double, a
        lone spinner) is counted on the first of them; a spinner that still counts once both its
        sides are covered counts on its bare branches, a half on each (the three-sides and the
        ends-covered rules); one that counts but ends no arm at all would appear as a pseudo-end
        named ``spinner``.
        """
        rules = self.rules
        states = {spin[0]: spin for spin in self.spins}
        halves = {pip: spinner_counts(sides, covered, onto, rules) for pip, sides, covered, onto in self.spins}
        out = []
        for name, (pip, kind, value, spin) in zip(self.names, self.arms):
            playable = kind != EMPTY or branch_is_open(states[spin][1], rules)
            counts = kind in (PLAIN, DOUBLE) or (kind == LEAD and spin < 0 and (value > 0 or not self.lead_is_crosswise_double))
            if kind in (LEAD, SPINNER) and spin >= 0:  # a side still open: the spinner counts here
                value = halves[spin] * pip
                counts = halves[spin] > 0
                halves[spin] = 0
            elif kind == EMPTY and halves[spin] and states[spin][1] == 2:  # a bare branch: its half
                value, counts = pip, True
                halves[spin] -= 1
            out.append(OpenEnd(name, pip, value, playable, counts))
        for pip, left in halves.items():
            if left:
                out.append(OpenEnd("spinner", pip, left * pip, False, True))
        return out

    def counted_values(self) -> list[int]:
        """What each counted end adds, as a player would list them: ``[12, 3]``."""
        return [e.value for e in self.open_ends() if e.counts]

    def describe_ends(self) -> str:
        ends = [f"{e.name}={e.pip}" for e in self.open_ends() if e.playable]
        return msg("open ends {ends}", ends=", ".join(ends)) if ends else msg("no open ends")

    # -- playing -------------------------------------------------------------------------------

    def play(self, tile: Tile, end: str | None = None, inline: bool = False) -> Layout:
        """The layout after ``tile`` goes on arm ``end`` (the first arm it fits when None).

        Raises :class:`IllegalPlacement` when the tile does not fit there. The one placement
        algorithm (the replayer's hot loop: a single laid on a tile is built at once).
        """
        if inline and not may_lay_lengthwise(tile, self.doubles, self.rules):
            raise IllegalPlacement(msg("{tile} cannot be laid lengthwise: only the first double under Sniff rules", tile=tile), "spinner")
        lead = self.lead
        if lead is None:
            names, arms, spins, lead, lead_inline, doubles, count, exposed, crosswise = _led(self.rules, tile, inline)
            end = None
        else:
            names = self.names
            if end is None:
                options = self.fitting(tile)
                if not options:
                    raise IllegalPlacement(msg("{tile} matches no open end ({ends})", tile=tile, ends=self.describe_ends()))
                at = options[0]
                end = names[at]
            else:
                try:
                    at = names.index(end)
                except ValueError:
                    raise IllegalPlacement(msg("there is no open end {end!r} ({ends})", end=end, ends=self.describe_ends()), "spinner") from None
            arms = self.arms
            pip, kind, contribution, spin_pip = arms[at]
            high = tile.high
            low = tile.low
            if pip == high:
                exposed = low
            elif pip == low:
                exposed = high
            else:
                raise IllegalPlacement(msg("{tile} does not match end {end}, which shows {pip}", tile=tile, end=end, pip=pip))
            spins = self.spins
            doubles = self.doubles
            lead_inline = self.lead_inline
            crosswise = False
            if high != low and (kind == PLAIN or kind == DOUBLE or kind == LEAD and spin_pip < 0 and (lead_inline or not lead.is_double)):
                # The usual play, made at once: a single on a tile (not on a spinner, nor on a lone
                # crosswise lead double, which counts once on two arms).
                placed = _PLAIN_ARMS[exposed]
                if len(arms) == 2:
                    arms = (placed, arms[1]) if at == 0 else (arms[0], placed)
                elif len(arms) == 4:
                    a, b, c, d = arms
                    arms = (placed, b, c, d) if at == 0 else (a, placed, c, d) if at == 1 else (a, b, placed, d) if at == 2 else (a, b, c, placed)
                else:
                    arms = arms[:at] + (placed,) + arms[at + 1 :]
                count = self.count - contribution + exposed
            else:  # a double, or a tile on a spinner or on a lone crosswise lead double
                rules = self.rules
                count = self.count - contribution
                changed = list(arms)
                if spin_pip >= 0:  # a spinner's side or branch: the tile covers one more of its sides
                    index = 0
                    while spins[index][0] != spin_pip:
                        index += 1
                    _, sides, covered, onto = spins[index]
                    if kind == EMPTY and not branch_is_open(sides, rules):
                        raise IllegalPlacement(
                            msg("{tile} cannot go on branch {end} yet: the spinner's two sides must be covered first", tile=tile, end=end),
                            "spinner_order",
                        )
                    before = spinner_counts(sides, covered, onto, rules)
                    if kind != EMPTY:
                        sides += 1
                    covered += 1
                    onto += 1
                    if len(spins) == 1:
                        spins = ((spin_pip, sides, covered, onto),)
                    else:
                        spins = spins[:index] + ((spin_pip, sides, covered, onto),) + spins[index + 1 :]
                    after = spinner_counts(sides, covered, onto, rules)
                    if after != before:
                        count += (after - before) * spin_pip
                elif kind == LEAD and lead.is_double and not lead_inline:
                    # A lone crosswise lead double counts once, on one arm; now the other arm carries it.
                    other = names.index("r" if end == "l" else "l")
                    o_pip, o_kind, o_value, o_spin = changed[other]
                    if o_kind == LEAD and o_value == 0:
                        o_value = double_end_value(pip, rules)
                        changed[other] = (o_pip, o_kind, o_value, o_spin)
                        count += o_value
                if high == low:
                    if becomes_spinner(tile, inline, len(spins), doubles, rules):
                        spins = (*spins, (high, 1, 1, 0))
                        changed[at] = (exposed, SPINNER, 0, high)
                        changed += [(high, EMPTY, 0, high)] * 2
                        names += branch_names(len(spins))
                        count += spinner_counts(1, 1, 0, rules) * high
                    elif inline:
                        changed[at] = _PLAIN_ARMS[exposed]
                        count += exposed
                    else:
                        value = double_end_value(exposed, rules)
                        changed[at] = (exposed, DOUBLE, value, -1)
                        count += value
                    crosswise = not inline
                    doubles += 1
                else:
                    changed[at] = _PLAIN_ARMS[exposed]
                    count += exposed
                arms = tuple(changed)
        layout = Layout()
        layout.rules = self.rules
        layout.names = names
        layout.arms = arms
        layout.spins = spins
        layout.lead = lead
        layout.lead_inline = lead_inline
        layout.doubles = doubles
        layout.count = count
        layout.history = (tile, end, exposed, crosswise, self.history)
        layout.laid = self.laid | 1 << tile.index
        return layout

    def play_at(self, at: int, tile: Tile, inline: bool = False) -> Layout:
        """The layout after ``tile`` goes on ``arms[at]`` (:meth:`play` on that arm)."""
        return self.play(tile, self.names[at], inline)

    def successor(self, at: int, tile: Tile, inline: bool) -> tuple[LayoutKey, Layout]:
        """:meth:`play_at`'s layout with its :attr:`key` (the solver numbers layouts by key)."""
        child = self.play_at(at, tile, inline)
        return child.key, child


_EMPTY: dict[int, Layout] = {}  # the empty layout of each rule set met lately, by the rule set's id


def _make(*fields: Any) -> Layout:
    """A layout of these fields, in the order of :data:`_FIELDS` (for the lead, the empty
    table and unpickling; :meth:`Layout.play` builds its layouts itself, the fastest way)."""
    layout = Layout()
    for name, value in zip(_FIELDS, fields, strict=True):
        setattr(layout, name, value)
    return layout


def _led(
    rules: RuleSet, tile: Tile, inline: bool
) -> tuple[tuple[str, ...], tuple[Arm, ...], tuple[Spin, ...], Tile, bool, int, int, int, bool]:
    """What leading ``tile`` makes of the empty table: (names, arms, spins, lead, lead laid
    lengthwise, doubles, count, exposed pip, crosswise), for :meth:`Layout.play` to build."""
    pip = tile.high
    if tile.is_double:
        crosswise = not inline
        if becomes_spinner(tile, inline, 0, 0, rules):
            arms: tuple[Arm, ...] = ((pip, LEAD, 0, pip), (pip, LEAD, 0, pip), (pip, EMPTY, 0, pip), (pip, EMPTY, 0, pip))
            count = spinner_counts(0, 0, 0, rules) * pip
            return ("l", "r") + branch_names(1), arms, ((pip, 0, 0, 0),), tile, inline, 1, count, pip, crosswise
        if crosswise:
            value = double_end_value(pip, rules)
            return ("l", "r"), ((pip, LEAD, value, -1), (pip, LEAD, 0, -1)), (), tile, False, 1, value, pip, True
    arms = ((tile.high, LEAD, tile.high, -1), (tile.low, LEAD, tile.low, -1))
    return ("l", "r"), arms, (), tile, inline, int(tile.is_double), tile.high + tile.low, tile.low, False


def _key(arms: tuple[Arm, ...], spins: tuple[Spin, ...], crosswise_lead: bool, doubles: int, count: int, empty: bool) -> LayoutKey:
    """See :attr:`Layout.key`."""
    return (tuple(sorted(arms)), tuple(sorted(spins)), crosswise_lead, doubles > 0, count, empty)


class Board:
    """A handle on one :class:`Layout` that :meth:`play` moves on in place.

    For code that lays tiles one after another and needs no earlier layout (tests, scripts):
    every question is answered by the layout it holds (``board.layout``), which is what the
    replayer and the solver pass around. ``arms`` reads here as a mapping from arm name to arm.
    """

    __slots__ = ("layout",)

    def __init__(self, rules: RuleSet) -> None:
        self.layout = Layout.empty(rules)

    def play(self, tile: Tile, end: str | None = None, inline: bool = False) -> str:
        """Place ``tile`` on the arm ``end`` (or the first arm it fits); return the arm used
        (``lead`` for the lead). Raises :class:`IllegalPlacement` when it does not fit there."""
        self.layout = self.layout.play(tile, end, inline)
        return self.layout.played[-1][1] or "lead"

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.layout = self.layout
        return other

    @property
    def arms(self) -> dict[str, Arm]:
        layout = self.layout
        return dict(zip(layout.names, layout.arms))

    def __getattr__(self, name: str) -> Any:
        if name == "layout":  # not set yet (a copy being made): no layout to read from
            raise AttributeError(name)
        return getattr(self.layout, name)
