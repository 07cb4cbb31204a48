"""Missed plays: the alternatives at each decision, their immediate points, marks, error rates.

Every expected figure is worked out by hand in a comment from the position on the table.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from muggins.analysis.analyze import OPEN_CARDS as OPEN_CARDS_VIEW
from muggins.analysis.analyze import Judging, analyze_record
from muggins.analysis.marks import mark_for, thresholds_in_points
from muggins.notation.model import Tile
from muggins.notation.parser import parse_record, read_file
from muggins.replay.resolve import rules_for
from muggins.replay.rules import load

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

# Three tiles each (a small hand for hand-worked positions), no boneyard written: the solver
# cannot see it, so these are judged on immediate points whatever the budget.
SMALL = """[Rules "allfives"]
[Set hand_size "3"]
[Seat A "Ana"]
[Seat B "Bruno"]

hand 1
deal A 5-5 6-4 3-2
deal B 5-0 5-2 6-1
lead A
A 5-5 +10
B 5-2 r
A 3-2 r
B 5-0 l
"""


def analyse(text: str, budget: float = 0.0):
    """The analysis with the cards open (``--view open-cards``): the solver's figures here are
    perfect-information ones; the expected ones are tests/test_expected.py's."""
    record = parse_record(text)
    return analyze_record(record, rules_for(record, None, []), budget, judging=Judging(OPEN_CARDS_VIEW))


def options_of(decision) -> dict[str, int]:
    return {o.describe(): o.points for o in decision.options}


def test_the_lead_is_a_choice_among_the_tiles_held():
    # A holds 5-5, 6-4, 3-2 and leads. 5-5 alone counts 10 (+10); 6-4 shows 6 and 4 (+10);
    # 3-2 shows 3 and 2 (5: +5). Three distinct leads; A led 5-5, a best one: no loss.
    analysis = analyse(SMALL)
    lead = analysis.decisions[0]
    assert (lead.hand, lead.turn, lead.seat) == (1, 1, "A")
    assert options_of(lead) == {"5-5": 10, "6-4": 10, "3-2": 5}
    assert lead.unforced and lead.loss == 0 and lead.mark is None


def test_identical_placements_count_as_one_and_the_loss_is_marked():
    # After the lone 5-5 (the spinner, counting 10), B holds 5-0, 5-2, 6-1. The branches are
    # closed until both sides are covered, so a tile goes on l or r, which leave the same
    # position: one option each. 5-0: spinner 10 + 0 = 10 (+10). 5-2: 10 + 2 = 12 (+0). 6-1
    # fits nothing. B played 5-2: 10 points missed at once: "?" (10 is the ? threshold).
    decision = analyse(SMALL).decisions[1]
    assert decision.seat == "B" and decision.hand_known
    assert options_of(decision) == {"5-0 l": 10, "5-2 l": 0}
    assert decision.played.tile is Tile(5, 2) and decision.played.same_as == ("r",)
    assert decision.best.tile is Tile(5, 0)
    assert (decision.immediate_loss, decision.loss, decision.basis, decision.mark) == (10, 10, "immediate", "?")


def test_forced_plays_are_not_unforced_decisions():
    # Turn 3: ends l 5 (the spinner's open side) and r 2; A holds 6-4 and 3-2: only 3-2 fits,
    # on r only. Turn 4: ends 5 and 3; B holds 5-0 and 6-1: only 5-0, on l only. Both forced.
    analysis = analyse(SMALL)
    assert [d.unforced for d in analysis.decisions] == [True, True, False, False]


def test_error_rate_counts_unforced_decisions_only():
    # Ana: the lead (unforced, best) and a forced play: 0 marked of 1 unforced.
    # Bruno: the 5-2 (unforced, "?") and a forced play: 1 of 1, not 1 of 2.
    ana, bruno = analyse(SMALL).figures
    assert (ana.decisions, ana.unforced, ana.marked, ana.error_rate) == (2, 1, 0, 0.0)
    assert (bruno.decisions, bruno.unforced, bruno.marked, bruno.error_rate) == (2, 1, 1, 1.0)
    assert (bruno.mistakes, bruno.missed, bruno.missed_now) == (1, 10, 10)


def test_a_hidden_hand_shows_only_the_played_tiles_ends():
    # B's deal is unknown: only 5-2's own placements can be judged, l and r, one position.
    text = SMALL.replace("deal B 5-0 5-2 6-1", "deal B ?")
    decision = analyse(text).decisions[1]
    assert not decision.hand_known
    assert options_of(decision) == {"5-2 l": 0}
    assert not decision.unforced and decision.mark is None


def test_a_drawn_tile_must_be_played_but_its_ends_are_a_choice():
    # samples/allfives-2p.mgn hand 2 turn 11: B drew 3-2 6-2 5-0 and must play 5-0 at once.
    # Open ends: l 5, r 0, u 0 and the empty branch d (the spinner's 5); nothing else counts.
    #   5-0 l: l shows 0: 0 + 0 + 0 = 0 (+0)
    #   5-0 r: r shows 5: 5 + 5 + 0 = 10 (+10); 5-0 u: u shows 5: 5 + 0 + 5 = 10, the same position
    #   5-0 d: d shows 0: 5 + 0 + 0 + 0 = 5 (+5)
    # B played l: 10 missed at once, "?".
    (record,) = list(read_file(SAMPLES / "allfives-2p.mgn"))
    analysis = analyze_record(record, rules_for(record, None, []), budget=0)
    decision = next(d for d in analysis.decisions if (d.hand, d.turn) == (2, 11))
    assert options_of(decision) == {"5-0 l": 0, "5-0 r": 10, "5-0 d": 5}
    assert decision.best.same_as == ("u",)
    assert (decision.immediate_loss, decision.mark) == (10, "?")


def test_sniff_offers_the_first_double_crosswise_or_inline():
    # Sniff: the hand's first double may be laid crosswise (it spins) or lengthwise. After A's
    # 6-5 lead (6 + 5 = 11), B's 5-5 on r: crosswise it counts 10, so 6 + 10 = 16 (+0);
    # inline it shows a single 5: 6 + 5 = 11 (+0). 5-0 on r: 6 + 0 = 6 (+0). On l: 5-5 fits
    # no 6, 5-0 neither. Three distinct options; nothing scores, so no loss.
    text = """[Rules "sniff"]
[Set hand_size "2"]
[Seat A "Ana"]
[Seat B "Bruno"]

hand 1
deal A 6-5 1-1
deal B 5-5 5-0
lead A
A 6-5
B 5-5 r inline
"""
    decision = analyse(text).decisions[1]
    assert options_of(decision) == {"5-5 r": 0, "5-5 r inline": 0, "5-0 r": 0}
    assert decision.played.inline and decision.loss == 0


# --- the thresholds table -----------------------------------------------------------------------


def test_thresholds_in_all_fives_points():
    rules = load("allfives")
    assert thresholds_in_points(rules) == (("??", 20), ("?", 10), ("?!", 5))
    assert [mark_for(loss, rules) for loss in (None, 0, 4, 5, 9, 10, 19, 20, 45)] == [None, None, None, "?!", "?!", "?", "?", "??", "??"]


def test_thresholds_under_unit_scoring_are_in_units():
    # Fives and Threes scores units (15 is 5 + 3 = 8): a step is 1 point, so 1 / 2 / 4.
    rules = load("fives-and-threes")
    assert [mark_for(loss, rules) for loss in (1, 2, 3, 4)] == ["?!", "?", "?", "??"]


# --- perfect information, through the solver's interface ----------------------------------------


class FakeSolver(types.ModuleType):
    """Stands in for muggins.analysis.solver with values set by the test."""

    def __init__(self, values: dict[tuple[str, str | None], int], exact: bool = True, depth: int | None = None) -> None:
        super().__init__("muggins.analysis.solver")
        from dataclasses import dataclass

        @dataclass(frozen=True)
        class Move:
            tile: Tile | None
            end: str | None
            inline: bool = False
            kind: str = "play"

        @dataclass(frozen=True)
        class MoveValue:
            move: Move
            value: int
            exact: bool
            depth: int | None

        self.Move, self.MoveValue = Move, MoveValue
        self.values, self.exact, self.depth = values, exact, depth
        self.calls = 0

    def position_from_state(self, state):
        return state

    def evaluate_moves(self, position, budget=None):
        self.calls += 1
        seat = position.seats[position.to_move]
        held = sorted(position.known[seat], reverse=True)
        out = []
        for tile in held:
            for end in position.board.placements(tile) if position.board.lead is not None else [None]:
                value = self.values.get((str(tile), end), 0)
                out.append(self.MoveValue(self.Move(tile, end), value, self.exact, self.depth))
        return out


@pytest.fixture
def fake_solver(monkeypatch):
    def install(values, exact=True, depth=None):
        fake = FakeSolver(values, exact, depth)
        monkeypatch.setitem(sys.modules, "muggins.analysis.solver", fake)
        import muggins.analysis as package

        monkeypatch.setattr(package, "solver", fake, raising=False)
        return fake

    return install


def test_perfect_information_loss_is_best_value_minus_chosen(fake_solver):
    # Say the open-card values at B's turn 2 are: 5-0 (l or r) worth +10 to B's side over the
    # rest of the hand, 5-2 worth -15. B played 5-2: the cost is 10 - (-15) = 25: "??", on the
    # exact basis, while the immediate loss stays 10.
    fake = fake_solver({("5-0", "l"): 10, ("5-0", "r"): 10, ("5-2", "l"): -15, ("5-2", "r"): -15})
    decision = analyse(SMALL, budget=1.0).decisions[1]
    assert fake.calls > 0
    assert decision.basis == "exact"
    assert {o.describe(): o.value for o in decision.options} == {"5-0 l": 10, "5-2 l": -15}
    assert (decision.loss, decision.immediate_loss, decision.mark) == (25, 10, "??")


def test_depth_limited_values_are_labelled(fake_solver):
    fake_solver({("5-0", "l"): 5, ("5-0", "r"): 5}, exact=False, depth=4)
    decision = analyse(SMALL, budget=1.0).decisions[1]
    assert (decision.basis, decision.depth, decision.loss, decision.mark) == ("depth-limited", 4, 5, "?!")


def test_no_budget_means_no_solver(fake_solver):
    fake = fake_solver({})
    analyse(SMALL, budget=0)
    assert fake.calls == 0


# --- the real solver, on a hand short enough to work out by hand --------------------------------

OPEN_CARDS = """[Rules "allfives"]
[Set hand_size "2"]
[Seat A "Ana"]
[Seat B "Bruno"]

hand 1
deal A 6-4 6-5
deal B 5-4 3-3
boneyard 0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-5 6-0 6-1 6-2 6-3 6-6
lead A
A 6-4 +10
B 5-4 r
A 6-5 r
"""


def test_the_solver_prices_the_last_tile_with_the_end_of_hand_score():
    # A leads 6-4 (6 + 4 = 10), B's 5-4 goes on r (forced: 3-3 fits nothing): ends 6 and 5.
    # A's last tile, 6-5: on l it shows 5: 5 + 5 = 10 (+10); on r it shows 6: 6 + 6 = 12 (+0).
    # Either way A goes out and B, left with 3-3 (6 pips, nearest 5: 5), subtracts 5. The value
    # for A's side over the rest of the hand, A's points less B's: l 10 + 5 = 15; r 0 + 5 = 5.
    # A played r: 10 points lost with the cards open, "?", on the exact basis.
    decision = analyse(OPEN_CARDS, budget=5.0).decisions[-1]
    assert decision.basis == "exact"
    assert {o.describe(): (o.points, o.value) for o in decision.options} == {"6-5 l": (10, 15), "6-5 r": (0, 5)}
    assert (decision.loss, decision.mark) == (10, "?")


def test_the_solver_prices_the_lead_over_the_whole_hand():
    # Leading 6-4: +10; B's 5-4 r is forced (ends 6 + 5 = 11: nothing); A's 6-5 l makes 10 and
    # goes out; B subtracts 5: 10 + 10 + 5 = 25 for A.
    # Leading 6-5: ends 6 + 5 = 11, nothing; B's 5-4 on r shows 4: 6 + 4 = 10 for B; A's 6-4
    # then shows 4 + 4 = 8 (on l) or 6 + 6 = 12 (on r): nothing, and A goes out; B subtracts 5:
    # 0 - 10 + 0 + 5 = -5. A led 6-4, the better lead: no loss.
    lead = analyse(OPEN_CARDS, budget=5.0).decisions[0]
    assert lead.basis == "exact"
    assert {o.describe(): o.value for o in lead.options} == {"6-4": 25, "6-5": -5}
    assert lead.loss == 0 and lead.mark is None
