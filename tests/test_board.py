"""The layout and its counting: every worked number in RULES.md, and the seed 002 example."""

import dataclasses

import pytest

from muggins.notation.model import Tile
from muggins.replay.board import Board, IllegalPlacement
from muggins.replay.rules import RuleSet

T = Tile.parse
ALLFIVES = RuleSet()  # first double spins, sides first, counts until both sides are covered
LINE = dataclasses.replace(RuleSet(), spinner="none")


def board_after(rules, *plays):
    board = Board(rules)
    totals = []
    for play in plays:
        tile, _, end = play.partition(" ")
        board.play(T(tile), end or None)
        totals.append(board.total())
    return board, totals


def test_seed_002_example():
    # Seed 002: ends 6 and 4 total 10 (score 10); 4-1 on the 4: 6 + 1 = 7; 1-3: 6 + 3 = 9;
    # then 6-6 crosswise on the 6: 12 + 3 = 15.
    _, totals = board_after(ALLFIVES, "6-4", "4-1 r", "1-3 r", "6-6 l")
    assert totals == [10, 7, 9, 15]


def test_worked_1_line_double_lead():
    # 5-5 led is 10; 5-0 on one side: 10 + 0 = 10, as a plain line and with 5-5 as spinner.
    _, totals = board_after(LINE, "5-5", "5-0 r")
    assert totals == [10, 10]
    _, totals = board_after(ALLFIVES, "5-5", "5-0 r")
    assert totals == [10, 10]


def test_worked_2_double_at_end_counts_both_halves():
    # 2-4 led, 4-3 on the 4: ends 2 and 3 = 5. With 4-4 instead: 2 + 8 = 10.
    _, totals = board_after(ALLFIVES, "2-4", "4-3 l")
    assert totals == [6, 5]
    _, totals = board_after(ALLFIVES, "2-4", "4-4 l")
    assert totals == [6, 10]
    _, totals = board_after(LINE, "2-4", "4-4 l")
    assert totals[-1] == 10


def test_worked_3_spinner_stops_counting_when_both_sides_covered():
    # 3-5 then 5-1: 3 + 1 = 4. 3-5 then 5-5 (spinner, one side open): 3 + 10 = 13.
    # 3-5, 5-5, then 5-1 on the spinner's open side: 3 + 1 = 4.
    _, totals = board_after(ALLFIVES, "3-5", "5-1 l")
    assert totals[-1] == 4
    _, totals = board_after(ALLFIVES, "3-5", "5-5 l", "5-1 l")
    assert totals == [8, 13, 4]


def test_worked_4_spinner_lead():
    # 6-6 led: 12. 6-3 on one side: 6-6 still open on the other (12) + 3 = 15.
    _, totals = board_after(ALLFIVES, "6-6", "6-3 r")
    assert totals == [12, 15]


def test_worked_5_highest_single_play_is_35():
    # 6-6, 5-5 and 4-4 at the ends of three arms and a 5 on the fourth: 12 + 10 + 8 + 5.
    board, totals = board_after(
        ALLFIVES, "1-1", "1-6 l", "1-5 r", "1-4 u", "1-0 d", "6-6 l", "5-5 r", "4-4 u", "0-5 d"
    )
    assert totals[-1] == 35
    assert sorted(board.counted_values()) == [5, 8, 10, 12]


def test_branches_wait_for_both_sides_under_sides_first():
    board, _ = board_after(ALLFIVES, "6-6", "6-3 l")
    assert board.placements(T("6-2")) == ["r"]
    with pytest.raises(IllegalPlacement):
        board.play(T("6-2"), "u")
    any_order = dataclasses.replace(ALLFIVES, spinner_order="any")
    board, _ = board_after(any_order, "6-6", "6-3 l")
    assert board.placements(T("6-2")) == ["r", "u", "d"]


def test_branch_counts_only_once_started():
    # 6-6 led, 6-3 l, 6-2 r: spinner covered on both sides, ends 3 + 2 = 5. 6-1 on u: 3 + 2 + 1 = 6.
    _, totals = board_after(ALLFIVES, "6-6", "6-3 l", "6-2 r", "6-1 u")
    assert totals == [12, 15, 5, 6]


def test_only_the_first_double_spins():
    board, totals = board_after(ALLFIVES, "6-4", "6-6 l", "4-4 r")
    # 6-6 is the spinner (12, one side open); 4-4 is a plain crosswise double at the end (8).
    assert totals == [10, 16, 20]
    assert set(board.arms) == {"l", "r", "u", "d"}


def test_every_double_spins_with_numbered_branches():
    five_up = dataclasses.replace(ALLFIVES, spinner="every_double")
    board, _ = board_after(five_up, "6-4", "6-6 l", "4-4 r")
    assert set(board.arms) == {"l", "r", "u", "d", "u2", "d2"}


def test_one_half_double_counting():
    half = dataclasses.replace(LINE, double_end_counts="one_half")
    _, totals = board_after(half, "2-4", "4-4 l")
    assert totals[-1] == 2 + 4


def test_sniff_lengthwise_double_does_not_spin():
    sniff = dataclasses.replace(ALLFIVES, spinner="sniff")
    board = Board(sniff)
    board.play(T("6-4"))
    board.play(T("6-6"), "l", inline=True)
    assert board.total() == 6 + 4  # lengthwise: it shows one 6
    board.play(T("4-4"), "r")
    assert "u" not in board.arms  # no double spins once the sniff was laid lengthwise
    assert board.total() == 6 + 8


def test_spinner_counts_until_three_sides():
    three = dataclasses.replace(ALLFIVES, spinner_counts_until="three_sides")
    _, totals = board_after(three, "6-6", "6-3 l", "6-2 r", "6-1 u")
    # After both sides: spinner still counts: 12 + 3 + 2 = 17; after a branch: 3 + 2 + 1 = 6.
    assert totals == [12, 15, 17, 6]


def test_spinner_counts_once():
    once = dataclasses.replace(ALLFIVES, spinner_counts_until="one_side")
    _, totals = board_after(once, "6-6", "6-3 l")
    # "It counts once": 12 when laid; once a tile lies against it, it adds nothing, even on its
    # still-open side (the same as the usual rule after both sides are covered): 3.
    assert totals == [12, 3]


def test_open_ends_add_up_to_total():
    board, totals = board_after(ALLFIVES, "3-5", "5-5 l", "5-1 l", "5-2 u")
    assert sum(e.value for e in board.open_ends()) == board.total() == totals[-1]


def test_tile_must_match():
    board, _ = board_after(ALLFIVES, "6-4")
    with pytest.raises(IllegalPlacement):
        board.play(T("3-2"), "l")
    assert board.placements(T("3-2")) == []
