"""Which scores a play can make (replay.scoring.play_scores), the largest count behind it, and
the three readers of it: the audit's impossible entries, the analysis marks' step, the solver's
common factor. Expected values are worked out by hand from RULES.md."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.analysis.audit import audit
from muggins.analysis.marks import scoring_step
from muggins.analysis.solver_table import granularity
from muggins.notation.model import Tile, full_set
from muggins.notation.parser import parse_record
from muggins.replay.board import Layout, bare_arms_while_counting, largest_count
from muggins.replay.replayer import replay
from muggins.replay.rules import RuleSet, load, preset_names
from muggins.replay.scoring import play_points, play_scores
from muggins.replay.simulate import Options, simulate

T = Tile.parse


def test_all_fives_scores_every_multiple_of_five_up_to_35():
    # RULES.md worked number 5: the highest single play is 35 (12 + 10 + 8 + 5); the open ends
    # can show at most 12 + 10 + 8 + 6 = 36, which no multiple of five lies between.
    rules = load("allfives")
    assert largest_count(rules) == 36
    assert play_scores(rules) == {5, 10, 15, 20, 25, 30, 35}
    assert scoring_step(rules) == 5 and granularity(rules) == 5
    # Capped at 30 (Pontos' "5 to 30 per play"): 35 is cut to 30, nothing else changes.
    assert play_scores(load("pontos")) == {5, 10, 15, 20, 25, 30}


def test_fives_and_threes_on_a_line():
    # No spinner: two ends, at most 12 + 10 = 22. Units of 5 and 3 (RULES.md worked number 7):
    # 3 -> 1, 5 -> 1, 6 -> 2, 9 -> 3, 10 -> 2, 12 -> 4, 15 -> 8, 18 -> 6, 20 -> 4, 21 -> 7;
    # no total up to 22 is worth 5.
    rules = load("fives-and-threes")
    assert largest_count(rules) == 22
    assert play_scores(rules) == {1, 2, 3, 4, 6, 7, 8}
    assert scoring_step(rules) == 1 and granularity(rules) == 1


FIVE_UP_FIFTY = [
    ("0-0", None), ("0-1", "l"), ("0-2", "r"), ("0-3", "u"), ("0-6", "d"), ("1-1", "l"), ("2-2", "r"), ("3-3", "u"),
    ("1-6", "l"), ("2-6", "r"), ("3-6", "u"), ("1-5", "u2"), ("1-3", "d2"), ("2-5", "u3"), ("2-4", "d3"),
    ("3-5", "u4"), ("3-4", "d4"),
]  # fmt: skip


def test_every_double_a_spinner_can_count_past_the_seven_doubles():
    # Five Up: 0-0 led, 0-1, 0-2, 0-3, 0-6 around it, 1-1, 2-2, 3-3 spinning on three arms and
    # each of their three free sides filled. The ends show 6 (0-6), 6 5 3 (1-1's), 6 5 4 (2-2's)
    # and 6 5 4 (3-3's): 50, past the 42 the seven doubles add up to. One point per five: 10.
    rules = load("five-up")
    layout = Layout.empty(rules)
    for tile, end in FIVE_UP_FIFTY:
        layout = layout.play(T(tile), end)
    assert layout.count == layout.recount() == 50 and play_points(50, rules) == 10
    # The bound (replay.board.largest_count): 16 arms (2, and 2 for each of the 7 spinners); a
    # spinner that counts keeps its far side and both branches bare (sides before branches, it
    # counts until both sides are covered), so with k of them counting the singles end at most
    # 16 - 3k arms. The singles' ends: 6 six times (0-6 .. 5-6), 5 five times, 4 four times.
    # k = 0: 36 + 25 + 16 + 3 = 80; k = 1: 12 + (36 + 25 + 4 + 4) = 81; k = 2: 22 + (36 + 20) = 78;
    # k = 3: 30 + (36 + 5) = 71; k = 4: 36 + 24 = 60; k = 5: 40 + 6 = 46. So 81, and 16 points.
    assert largest_count(rules) == 81 and max(play_scores(rules)) == 16


FIVE_UP_SEVENTY_FIVE = [
    ("6-0", None), ("6-6", "l"), ("0-0", "r"), ("5-0", "r"), ("5-5", "r"), ("4-0", "u2"), ("4-4", "u2"),
    ("3-0", "d2"), ("3-3", "d2"), ("6-3", "d2"), ("5-3", "u5"), ("3-2", "d5"), ("2-2", "d5"), ("6-2", "d5"),
    ("5-2", "u6"), ("6-4", "u2"), ("5-4", "u4"), ("4-2", "d6"), ("4-1", "d4"), ("1-1", "d4"), ("6-1", "d4"),
    ("5-1", "u7"), ("3-1", "d7"), ("6-5", "u4"), ("4-3", "d7"),
]  # fmt: skip


def test_every_double_play_scores_reach_what_a_layout_shows():
    rules = load("five-up")
    assert 10 in play_scores(rules)
    # Found by a search: 6-6 on l and 5-5 on r still count (nothing on their far sides: 12 and
    # 10); 0-0, 4-4, 3-3, 2-2 and 1-1 are covered on both sides and their branches end in
    # 6-0 (u2), 6-3 (d2), 6-4 (u4), 6-1 (d4), 6-2 (d5): five 6s; 5-3 (u5), 5-2 (u6), 5-1 (u7):
    # three 5s; 4-2 (d6), 4-3 (d7): two 4s. 12 + 10 + 30 + 15 + 8 = 75, which scores 15.
    layout = Layout.empty(rules)
    for tile, end in FIVE_UP_SEVENTY_FIVE:
        layout = layout.play(T(tile), end)
    assert layout.count == layout.recount() == 75 and sorted(layout.counted_values(), reverse=True)[:2] == [12, 10]
    assert play_points(75, rules) == 15 and 15 in play_scores(rules) and 75 <= largest_count(rules)


def _with(name: str, **changes: object) -> RuleSet:
    return dataclasses.replace(load(name), **changes)


def test_a_spinner_that_counts_keeps_some_arms_bare():
    # Its own arms carrying no tile while it counts, at the fewest: sides first and counting
    # until both sides are covered, the far side and both branches (3); in any order, only the
    # far side (1); until any tile lies against it, all three; until three sides are covered,
    # two; the ends-covered rule, one bare end (its far side and the other end covered).
    assert bare_arms_while_counting(load("five-up")) == 3
    assert bare_arms_while_counting(_with("five-up", spinner_order="any")) == 1
    assert bare_arms_while_counting(_with("five-up", spinner_counts_until="one_side", spinner_order="any")) == 3
    assert bare_arms_while_counting(_with("five-up", spinner_counts_until="three_sides")) == 2
    assert bare_arms_while_counting(_with("five-up", spinner_counts_until="ends_covered")) == 1


def test_every_double_bounds_under_the_other_spinner_rules():
    # As for Five Up (above) with b bare arms: b = 2 (three sides): k = 2: 22 + the twelve largest
    # singles' ends (36 + 25 + 4) = 87, past k = 1 (12 + 36 + 25 + 12 = 85) and k = 3 (30 + 56 =
    # 86). b = 1 (branches in any order): k = 4: 36 + (36 + 25 + 4) = 101 = k = 5: 40 + 61.
    assert largest_count(_with("five-up", spinner_counts_until="three_sides")) == 87
    assert largest_count(_with("five-up", spinner_order="any")) == 101


def test_a_smaller_set_can_count_past_its_four_largest_doubles():
    # Double-five All Fives: 0-0 led (the spinner, counting 0), 5-5, 4-4, 3-3 crosswise at the
    # ends of l, r, u and 1-5 showing 5 on d: 10 + 8 + 6 + 5 = 29, past the four largest
    # doubles' 10 + 8 + 6 + 4 = 28 (the bound as it was); the bound is now the four largest end
    # values of the set: 10, 8, 6 and a single's 5.
    rules = _with("allfives", max_pip=5)
    layout = Layout.empty(rules)
    for tile, end in [("0-0", None), ("0-5", "l"), ("5-5", "l"), ("0-4", "r"), ("4-4", "r"), ("0-3", "u"), ("3-3", "u"), ("0-1", "d"), ("1-5", "d")]:
        layout = layout.play(T(tile), end)
    assert layout.count == layout.recount() == 29 and layout.counted_values() == [10, 8, 6, 5]
    assert largest_count(rules) == 29


SPINNER_RULES = [
    (spinner, order, until, double)
    for spinner in ("none", "first_double", "every_double", "sniff")
    for order in ("sides_first", "any")
    for until in ("both_sides", "one_side", "three_sides", "ends_covered")
    for double in ("both_halves", "one_half")
    if spinner != "none" or (order, until) == ("sides_first", "both_sides")
]


def _spinner_rules(max_pip: int, spinner: str, order: str, until: str, double: str) -> RuleSet:
    return dataclasses.replace(
        RuleSet(), max_pip=max_pip, spinner=spinner, spinner_order=order, spinner_counts_until=until, double_end_counts=double
    )


def _most_counted(rules: RuleSet) -> int:
    """The largest count of every layout a set can make under ``rules``, by laying every tile on
    every arm it fits (layouts that can go on alike, by the tiles laid and their key, once)."""
    tiles = full_set(rules.max_pip)
    seen: set[object] = set()
    most = 0
    stack = [Layout.empty(rules)]
    while stack:
        layout = stack.pop()
        most = max(most, layout.count)
        for tile in tiles:
            if layout.laid >> tile.index & 1:
                continue
            for inline in (False, True) if layout.may_lay_inline(tile) else (False,):
                for end in [None] if layout.is_empty else layout.placements(tile):
                    child = layout.play(tile, end, inline)
                    if (child.laid, child.key) not in seen:
                        seen.add((child.laid, child.key))
                        stack.append(child)
    return most


@pytest.mark.parametrize("spinner_rules", SPINNER_RULES, ids="-".join)
def test_no_layout_of_a_double_two_set_counts_past_the_bound(spinner_rules):
    # Every layout of the six tiles, under every spinner rule.
    rules = _spinner_rules(2, *spinner_rules)
    assert _most_counted(rules) <= largest_count(rules)


@pytest.mark.parametrize(
    "spinner_rules",
    [
        ("none", "sides_first", "both_sides", "both_halves"),
        ("first_double", "sides_first", "both_sides", "both_halves"),  # All Fives
        ("first_double", "any", "both_sides", "both_halves"),  # Pontos, the scorecard
        ("sniff", "sides_first", "ends_covered", "both_halves"),  # Sniff
        ("every_double", "sides_first", "both_sides", "both_halves"),  # Five Up
        ("every_double", "any", "three_sides", "both_halves"),
    ],
    ids="-".join,
)
def test_no_layout_of_a_double_three_set_counts_past_the_bound(spinner_rules):
    # Every layout of the ten tiles (some ten to forty thousand layouts).
    rules = _spinner_rules(3, *spinner_rules)
    assert _most_counted(rules) <= largest_count(rules)


@settings(max_examples=200, deadline=None)
@given(spinner_rules=st.sampled_from(SPINNER_RULES), max_pip=st.sampled_from([4, 5, 6, 7, 9]), seed=st.integers(0, 2**32))
def test_greedy_layouts_stay_within_the_bound(spinner_rules, max_pip, seed):
    # Layouts grown towards high counts: mostly the play that counts most, now and then any.
    rules = _spinner_rules(max_pip, *spinner_rules)
    rng = random.Random(seed)
    tiles = full_set(max_pip)
    layout = Layout.empty(rules)
    bound = largest_count(rules)
    while True:
        children = [
            layout.play(tile, end, inline)
            for tile in tiles
            if not layout.laid >> tile.index & 1
            for inline in ((False, True) if layout.may_lay_inline(tile) else (False,))
            for end in ([None] if layout.is_empty else layout.placements(tile))
        ]
        if not children:
            break
        layout = max(children, key=lambda child: child.count) if rng.random() < 0.8 else rng.choice(children)
        assert layout.count <= bound


@pytest.mark.parametrize("name", preset_names())
def test_no_simulated_play_counts_past_the_largest_count(name):
    # An independent route: whatever the simulator plays, the total stays within the bound and
    # every play's points are among the possible scores.
    rules = load(name)
    for seed in (1, 2):
        record = next(simulate(rules, seed, options=Options(players=4 if name == "pontos" else 2, max_hands=3)))
        for hand in replay(record, rules).hands:
            for fact in hand.facts:
                if fact.kind == "play":
                    assert fact.total is not None and fact.total <= largest_count(rules)
                    assert fact.points == 0 or fact.points in play_scores(rules)


def _sheet(rules_name: str, *entries: str) -> str:
    lines = [f'[Rules "{rules_name}"]', '[Seat A "Ana"]', '[Seat B "Bruno"]', "", "hand 1", *entries]
    return "\n".join(lines) + "\n"


def test_the_audit_calls_an_entry_impossible_only_past_every_possible_score():
    # All Fives: 35 is possible, 40 is past every possible score, 12 is no multiple of 5;
    # Five Up: 16 is possible (80 within the bound of 81), 17 is past it.
    def codes(rules_name: str, *entries: str) -> list[str]:
        record = parse_record(_sheet(rules_name, *entries))
        return [f.code for f in audit(record, load(rules_name)).findings if f.code.startswith("sheet-")]

    assert codes("five-up", "A +16", "B +1") == []
    assert codes("five-up", "A +17") == ["sheet-impossible"]
    assert codes("allfives", "A +35") == []
    assert codes("allfives", "A +40") == ["sheet-impossible"]
    assert codes("allfives", "A +12") == ["sheet-not-multiple"]


def test_a_five_up_claim_above_sixteen_says_sixteen_is_the_most():
    # The lead 5-5 under Five Up: a spinner showing 10, one point per five: 2. A claim of 16 is
    # a possible amount, so an over-claim; 17 is past the most a play can make (81 -> 16).
    def found(claim: int) -> list[tuple[str, str, int | None, int | None]]:
        record = parse_record(_sheet("five-up", f"A 5-5 +{claim}"))
        return [(f.code, f.message, f.claimed, f.correct) for f in audit(record, load("five-up")).findings if f.code in ("over-claim", "claim-not-multiple")]

    [(code, _, claimed, correct)] = found(16)
    assert (code, claimed, correct) == ("over-claim", 16, 2)
    [(code, message, claimed, correct)] = found(17)
    assert (code, claimed, correct) == ("claim-not-multiple", 17, 2)
    assert "(16 is the most one play can make)" in message
