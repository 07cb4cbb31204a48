"""Scoring rules, each checked against the worked numbers of RULES.md and the seeds."""

import dataclasses

import pytest

from muggins.replay.rules import RuleSet
from muggins.replay.scoring import award, credit_claim, end_of_hand, play_points, round_pips

BASE = RuleSet()


def rules(**changes):
    return dataclasses.replace(BASE, **changes)


@pytest.mark.parametrize(
    "pips, rounded",
    # RULES.md worked number 6, and seeds 000/001 (7 -> 5, 8 -> 10) and 002 (12 -> 10, 13 -> 15).
    [(7, 5), (8, 10), (12, 10), (13, 15), (27, 25), (28, 30), (3, 5), (2, 0), (0, 0), (10, 10)],
)
def test_round_to_nearest_five(pips, rounded):
    assert round_pips(pips, BASE) == rounded


def test_round_down_and_up_and_none():
    # Seed 002: "some tables always round down": 13 -> 10. Up: 11 -> 15. None: unchanged.
    assert round_pips(13, rules(pip_rounding="down")) == 10
    assert round_pips(11, rules(pip_rounding="up")) == 15
    assert round_pips(15, rules(pip_rounding="up")) == 15
    assert round_pips(13, rules(pip_rounding="none")) == 13


@pytest.mark.parametrize(
    "total, units",
    # RULES.md worked number 7 (Fives and Threes unit scoring).
    [(3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6), (20, 4), (7, 0), (0, 0)],
)
def test_fives_and_threes_units(total, units):
    assert play_points(total, rules(score_multiples=(5, 3), play_score="units")) == units


def test_all_fives_scores_the_total_on_multiples_of_five():
    assert [play_points(t, BASE) for t in (0, 4, 5, 9, 10, 15, 35)] == [0, 0, 5, 0, 10, 15, 35]


def test_five_up_scores_fives():
    assert play_points(15, rules(play_score="units")) == 3
    assert play_points(12, rules(play_score="units")) == 0


def test_play_score_cap():
    assert play_points(35, rules(play_score_cap=30)) == 30


def test_award_divided_for_games_scored_in_fives():
    assert award(13, rules(award_divisor=5)) == 3  # 13 -> 15 -> 3


SIDES2 = {"A": "A", "B": "B"}
PAIRS = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def test_allfives_each_subtracts_own_rounded_pips():
    # Seeds 000/001: each player rounds own pips to the nearest 5 and subtracts it: 7 -> -5, 8 -> -10.
    result = end_of_hand("domino", "A", {"A": 0, "B": 7}, SIDES2, rules(domino_scoring="subtract_own"))
    assert result.points == {"A": 0, "B": -5}
    assert result.explanation == "each subtracts own pips: A 0 -> 0, B 7 -> -5"  # never "-0"
    result = end_of_hand("blocked", None, {"A": 8, "B": 7}, SIDES2, rules(blocked_scoring="subtract_own"))
    assert result.points == {"A": -10, "B": -5}


def test_scorecard_domino_scores_both_opponents_rounded():
    # Seed 002: the player who dominoes scores the opponents' pips, both opponents in partnership
    # play, rounded: E 6 + W 7 = 13 -> 15 for NS (S's own 4 pips do not matter).
    result = end_of_hand("domino", "N", {"N": 0, "E": 6, "S": 4, "W": 7}, PAIRS, rules(domino_scoring="opponents_pips"))
    assert result.points == {"NS": 15, "EW": 0}
    assert result.winner == "NS"


def test_scorecard_blocked_lowest_takes_others_minus_own():
    # Seed 002: everybody counts; the lowest scores the others' total minus their own, rounded.
    # A 4, B 16: B's 16 - A's 4 = 12 -> 10 for A.
    result = end_of_hand("blocked", None, {"A": 4, "B": 16}, SIDES2, rules(blocked_scoring="lightest_takes_others_minus_own"))
    assert result.points == {"A": 10, "B": 0}
    assert result.winner == "A"


def test_blocked_tie_scores_nothing_or_splits():
    three = {"A": "A", "B": "B", "C": "C"}
    tie = end_of_hand("blocked", None, {"A": 5, "B": 5, "C": 25}, three, rules(blocked_scoring="lightest_takes_opponents"))
    assert tie.points == {"A": 0, "B": 0, "C": 0} and tie.winner is None
    split = end_of_hand(
        "blocked", None, {"A": 5, "B": 5, "C": 25}, three, rules(blocked_scoring="lightest_takes_opponents", blocked_tie="split")
    )
    # C's 25 split two ways: 12 each before rounding -> 10.
    assert split.points == {"A": 10, "B": 10, "C": 0}


def test_difference_against_each_heavier_hand():
    # Hands 5, 10, 20: A scores (10-5) + (20-5) = 20, B scores 10, C nothing.
    three = {"A": "A", "B": "B", "C": "C"}
    result = end_of_hand("blocked", None, {"A": 5, "B": 10, "C": 20}, three, rules(blocked_scoring="difference_each_heavier"))
    assert result.points == {"A": 20, "B": 10, "C": 0}


def test_heaviest_hand_and_opponents_minus_own():
    result = end_of_hand("domino", "N", {"N": 0, "E": 9, "S": 6, "W": 12}, PAIRS, rules(domino_scoring="heaviest_hand"))
    assert result.points["NS"] == 10  # heaviest hand 12 -> 10
    result = end_of_hand("domino", "N", {"N": 0, "E": 9, "S": 6, "W": 12}, PAIRS, rules(domino_scoring="opponents_minus_own"))
    assert result.points["NS"] == 15  # 21 - 6 = 15


def test_chipping_out_bonus():
    result = end_of_hand("domino", "A", {"A": 0, "B": 9}, SIDES2, rules(domino_scoring="none", hand_winner_bonus=1))
    assert result.points == {"A": 1, "B": 0}


def test_credit_claim_under_the_muggins_rules():
    opp = rules(muggins="opponent_takes")
    assert credit_claim(10, 10, opp, True).credited == 10
    under = credit_claim(15, 10, opp, True)
    assert (under.credited, under.unclaimed) == (10, 5)
    none = credit_claim(10, None, opp, True)
    assert (none.credited, none.unclaimed) == (0, 10)
    over = credit_claim(10, 15, opp, True)
    assert (over.credited, over.excess, over.penalty) == (10, 5, 0)
    penal = credit_claim(10, 15, rules(overclaim="penalty_excess"), True)
    assert penal.penalty == 5
    auto = credit_claim(10, None, rules(muggins="automatic"), True)
    assert (auto.credited, auto.unclaimed) == (10, 0)
    unwritten = credit_claim(10, None, opp, False)
    assert unwritten.credited == 10
