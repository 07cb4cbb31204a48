"""The one board against a second, independent reading of the rules: counting from the history.

:class:`~muggins.replay.board.Layout` keeps its count play by play in its arm encoding. The
functions here know nothing of that encoding: they read only the tiles in the order laid
(``Layout.played``: tile, arm, exposed pip, crosswise) and work out from RULES.md what each arm
shows and what the ends count. Random hands under every combination of the layout's rule
parameters must agree.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_board_properties import rule_sets

from muggins.notation.model import Tile, full_set
from muggins.replay.board import Layout
from muggins.replay.rules import RuleSet


def spinning(played, rules) -> list[int]:
    """The indexes in ``played`` of the doubles that spin, by the ``spinner`` rule alone."""
    doubles = [i for i, (tile, _, _, _) in enumerate(played) if tile.is_double]
    crosswise = [i for i in doubles if played[i][3]]
    if rules.spinner == "none":
        return []
    if rules.spinner == "every_double":
        return crosswise
    # first double (under Sniff only when laid crosswise)
    return doubles[:1] if doubles and played[doubles[0]][3] else []


def history(played, rules):
    """What each arm ends on and each spinner's state, from the tiles in the order laid.

    Returns (ends, spinners): ends maps an arm name to ``(kind, pip, index in played)`` where
    kind is ``tile`` (a tile lies at its end), ``lead`` (nothing on a line arm yet) or ``empty``
    (a branch with nothing on it); spinners maps an index in played to (sides, covered, onto).
    """
    spins = spinning(played, rules)
    lead = played[0][0]
    ends = {"l": ("lead", lead.high, 0), "r": ("lead", lead.low, 0)}
    state = {}
    if 0 in spins:  # a lead spinner: nothing against it yet, its branches empty
        state[0] = [0, 0, 0]
        ends["u"] = ends["d"] = None
    for i, (tile, arm, exposed, _) in enumerate(played[1:], 1):
        before = ends[arm]
        if before is not None and before[0] == "tile" and before[2] in state:  # its spinner's far side
            s = state[before[2]]
            s[0] += 1
            s[1] += 1
            s[2] += 1
        elif before is not None and before[0] == "lead" and 0 in state:  # a side of the lead spinner
            s = state[0]
            s[0] += 1
            s[1] += 1
            s[2] += 1
        elif before is None:  # the first tile on a branch
            owner = spins[branch_owner(arm)]
            state[owner][1] += 1
            state[owner][2] += 1
        ends[arm] = ("tile", exposed, i)
        if i in spins:
            state[i] = [1, 1, 0]
            number = spins.index(i) + 1
            names = ("u", "d") if number == 1 else (f"u{number}", f"d{number}")
            for name in names:
                ends[name] = None
    return ends, state


def branch_owner(name: str) -> int:
    """Which spinner (0-based, in the order laid) a branch belongs to."""
    return int(name[1:]) - 1 if len(name) > 1 else 0


def counts(state, rules) -> bool:
    sides, covered, onto = state
    if rules.spinner_counts_until == "both_sides":
        return sides < 2
    if rules.spinner_counts_until == "three_sides":
        return covered < 3
    return onto == 0


def reference_total(played, rules) -> int:
    """The count, from the history alone."""
    if not played:
        return 0
    ends, state = history(played, rules)
    half = rules.double_end_counts == "one_half"
    lead, _, _, lead_crosswise = played[0]
    total = 0
    lead_shown = False
    for name, end in ends.items():
        if end is None:
            continue  # an empty branch shows its spinner, counted below
        kind, pip, index = end
        if kind == "lead":
            if 0 in state:
                continue  # the lead spinner, counted below
            if lead.is_double and lead_crosswise:
                if not lead_shown:
                    total += pip if half else 2 * pip
                    lead_shown = True
                continue
            total += pip
        elif index in state:
            continue  # ends on a spinner, counted below
        elif played[index][0].is_double and played[index][3]:
            total += pip if half else 2 * pip
        else:
            total += pip
    for index, s in state.items():
        if counts(s, rules):
            total += 2 * played[index][0].high
    return total


def reference_open_pips(played, rules) -> list[int]:
    """The pips the arms that take a tile show, from the history alone."""
    ends, state = history(played, rules)
    spins = spinning(played, rules)
    out = []
    for name, end in ends.items():
        if end is None:
            owner = spins[branch_owner(name)]
            if rules.spinner_order == "any" or state[owner][0] == 2:
                out.append(played[owner][0].high)
            continue
        out.append(end[1])
    return sorted(out)


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32))
def test_the_board_counts_as_the_history_says(rules, seed):
    rng = random.Random(seed)
    tiles = list(full_set(rules.max_pip))
    rng.shuffle(tiles)
    layout = Layout.empty(rules)
    for _ in range(40):
        options = [
            (tile, end, inline)
            for tile in tiles
            if not layout.laid >> tile.index & 1
            for end in (layout.placements(tile) if not layout.is_empty else [None])
            for inline in ((False, True) if layout.may_lay_inline(tile) else (False,))
        ]
        if not options:
            break
        tile, end, inline = rng.choice(options)
        before = layout
        layout = layout.play(tile, end, inline)
        assert before.played == layout.played[:-1]  # a value: the old layout is unchanged
        assert layout.total() == reference_total(layout.played, rules), layout.played
        assert sorted(layout.open_pips()) == reference_open_pips(layout.played, rules), layout.played
        assert layout.on_table == {p[0] for p in layout.played}


def test_the_reference_reads_the_worked_numbers():
    """The reference itself, on RULES.md's worked numbers 3 and 5 (a check on the check)."""
    rules = RuleSet()
    layout = Layout.empty(rules)
    for text in ("3-5", "5-5 l", "5-1 l"):
        tile, _, end = text.partition(" ")
        layout = layout.play(Tile.parse(tile), end or None)
    assert reference_total(layout.played, rules) == 4
    layout = Layout.empty(rules)
    for text in ("1-1", "1-6 l", "1-5 r", "1-4 u", "1-0 d", "6-6 l", "5-5 r", "4-4 u", "0-5 d"):
        tile, _, end = text.partition(" ")
        layout = layout.play(Tile.parse(tile), end or None)
    assert reference_total(layout.played, rules) == 35
