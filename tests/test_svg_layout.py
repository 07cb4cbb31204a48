"""The geometry of the table picture: tiles touch what they were played against, never overlap.

The worked cases place a few tiles by hand (a tile half is UNIT = 32 units square, the table
is centred on x = 500, y = 0). The property cases lay out every position of simulated games
under every spinner rule, on double-six and double-nine sets, and check against the board
itself: every tile drawn once, matching halves touching, nothing overlapping, long arms bent.
"""

from __future__ import annotations

import dataclasses

import pytest

from muggins.notation.model import Play, Tile
from muggins.pictures.svg_layout import TABLE_WIDTH, UNIT, Rect, layout, spinner_orders
from muggins.replay import rules as rulesmod
from muggins.replay.board import Board, branch_names
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet
from muggins.replay.simulate import Options, simulate

T = Tile.parse
ALLFIVES = RuleSet()
LINE = dataclasses.replace(RuleSet(), spinner="none")


def board_of(rules: RuleSet, *plays: str) -> Board:
    board = Board(rules)
    for play in plays:
        tile, _, end = play.partition(" ")
        board.play(T(tile), end or None)
    return board


def by_tile(board: Board) -> dict[str, object]:
    return {str(p.tile): p for p in layout(board).tiles}


# -- worked by hand ------------------------------------------------------------------------------


def test_lead_lies_across_the_middle_high_pip_left():
    # 6-4 led: a lying tile 64 x 32 centred on (500, 0): x 468..532, y -16..16; 6 on the left.
    placed = by_tile(board_of(ALLFIVES, "6-4"))["6-4"]
    assert placed.rect == Rect(468, -16, 64, 32)
    assert (placed.standing, placed.first, placed.second) == (False, 6, 4)


def test_spinner_lead_with_a_tile_on_each_side_and_branch():
    # 5-5 led stands across the line: x 484..516, y -32..32. 5-2 on r lies to its right with the
    # 5 touching it: x 516..580, reading 5|2. 5-1 on l lies to its left reading 1|5: x 420..484.
    # 5-0 on u stands above the spinner, its 5 at the bottom touching it: y -96..-32, reading 0 over 5.
    tiles = by_tile(board_of(ALLFIVES, "5-5", "5-2 r", "5-1 l", "5-0 u"))
    assert tiles["5-5"].rect == Rect(484, -32, 32, 64) and tiles["5-5"].spinner
    assert (tiles["5-2"].rect, tiles["5-2"].first, tiles["5-2"].second) == (Rect(516, -16, 64, 32), 5, 2)
    assert (tiles["5-1"].rect, tiles["5-1"].first, tiles["5-1"].second) == (Rect(420, -16, 64, 32), 1, 5)
    assert (tiles["5-0"].rect, tiles["5-0"].standing, tiles["5-0"].first, tiles["5-0"].second) == (
        Rect(484, -96, 32, 64),
        True,
        0,
        5,
    )


def test_the_table_centres_on_the_spinner_not_the_lead():
    # 6-4 led, 4-4 on r: the 4-4 is the spinner and stands at the centre x 484..516; the lead
    # lies to its left reading 6|4: x 420..484.
    tiles = by_tile(board_of(ALLFIVES, "6-4", "4-4 r"))
    assert tiles["4-4"].rect == Rect(484, -32, 32, 64)
    assert (tiles["6-4"].rect, tiles["6-4"].first, tiles["6-4"].second) == (Rect(420, -16, 64, 32), 6, 4)


def test_open_ends_are_just_past_the_last_tiles():
    # 6-4 led (x 468..532): the l end is at (468, 0) facing west, the r end at (532, 0) facing east.
    placed = layout(board_of(ALLFIVES, "6-4"))
    assert placed.end("l") == ("l", 468, 0, (-1, 0))
    assert placed.end("r") == ("r", 532, 0, (1, 0))


def test_a_long_line_turns_down_at_the_right_edge_and_comes_back():
    # A line game, every tile on r: 0-0 led (crosswise, x 484..516), then 0-1 1-2 2-3 3-4 4-5 5-6.
    # Each lying tile is 64 long, so r runs right from 516: the tiles end at 580, 644, 708, 772,
    # 836, 900. A straight run keeps to x <= 1000 - 40 = 960, and 6-2 would end at 964, so it
    # turns the corner: its 6 beside the 5-6's 6 (x 900..932, y -16..16), its 2 below
    # (y 16..48): standing at x 900, y -16. Then 2-4 turns back west under it: its 2 under
    # the 6-2's 2 (x 900..932, y 48..80) and its 4 to the left (x 868..900): lying at
    # x 868, y 48, reading 4|2.
    plays = ["0-0", "0-1 r", "1-2 r", "2-3 r", "3-4 r", "4-5 r", "5-6 r", "6-2 r", "2-4 r"]
    tiles = layout(board_of(LINE, *plays)).tiles
    turn, back = tiles[7], tiles[8]
    assert str(turn.tile) == "6-2" and turn.standing and turn.rect == Rect(900, -16, 32, 64)
    assert (turn.first, turn.second) == (6, 2)
    assert str(back.tile) == "4-2" and not back.standing and back.rect == Rect(868, 48, 64, 32)
    assert (back.first, back.second) == (4, 2)


# -- properties over simulated games -------------------------------------------------------------


def halves(placed) -> list[tuple[Rect, int]]:
    r = placed.rect
    if placed.standing:
        return [(Rect(r.x, r.y, r.w, r.h // 2), placed.first), (Rect(r.x, r.y + r.h // 2, r.w, r.h // 2), placed.second)]
    return [(Rect(r.x, r.y, r.w // 2, r.h), placed.first), (Rect(r.x + r.w // 2, r.y, r.w // 2, r.h), placed.second)]


def predecessors(board: Board) -> dict[int, int]:
    """order -> the order of the tile it was played against (worked out from the board alone)."""
    spinner_of_branch = {}
    for index, order in enumerate(spinner_orders(board), 1):
        for name in branch_names(index):
            spinner_of_branch[name] = order
    last_on: dict[str, int] = {}
    out = {}
    for order, (_, arm, _, _) in enumerate(board.played[1:], 1):
        out[order] = last_on.get(arm, spinner_of_branch.get(arm, 0))
        last_on[arm] = order
    return out


def check_layout(board: Board) -> None:
    placed = layout(board)
    orders = [p.order for p in placed.tiles]
    assert orders == list(range(len(board.played)))
    assert [p.tile for p in placed.tiles] == [t for t, _, _, _ in board.played]
    for i, a in enumerate(placed.tiles):
        for b in placed.tiles[i + 1 :]:
            assert not a.rect.overlaps(b.rect), (a, b)
    tiles = {p.order: p for p in placed.tiles}
    in_strip = {label.name for label in placed.insets}  # branches drawn under the table start apart
    for order, before in predecessors(board).items():
        if tiles[order].arm in in_strip and tiles[before].arm != tiles[order].arm:
            continue
        contacts = [
            (pip_a, pip_b)
            for half_a, pip_a in halves(tiles[order])
            for half_b, pip_b in halves(tiles[before])
            if half_a.touches(half_b)
        ]
        assert contacts, f"{tiles[order].tile} does not touch {tiles[before].tile}"
        assert all(a == b for a, b in contacts), (tiles[order], tiles[before], contacts)
        # the touching half shows the pip the tile was matched on
        tile, _, exposed, _ = board.played[order]
        assert all(a == tile.other(exposed) for a, _ in contacts)
    for p in placed.tiles:
        assert {p.first, p.second} == {p.tile.high, p.tile.low}
        assert (p.rect.w, p.rect.h) == ((UNIT, 2 * UNIT) if p.standing else (2 * UNIT, UNIT))


GAMES = [
    ("allfives", {}, 2, 1),
    ("allfives", {}, 3, 2),
    ("allfives", {}, 4, 3),
    ("allfives", {"max_pip": 9}, 2, 4),
    ("allfives", {"max_pip": 9}, 4, 5),
    ("pontos", {}, 4, 6),
    ("five-up", {}, 2, 7),
    ("five-up", {"max_pip": 9}, 4, 8),
    ("line", {}, 2, 9),
    ("line", {"max_pip": 9}, 2, 10),
    ("sniff", {}, 2, 11),
    ("fives-and-threes", {}, 2, 12),
]


@pytest.mark.parametrize("preset,overrides,players,seed", GAMES)
def test_every_position_of_simulated_games(preset, overrides, players, seed):
    rules = rulesmod.with_overrides(rulesmod.load(preset), list(overrides.items()), where="test")
    longest_arm = 0
    for record in simulate(rules, seed, games=2, options=Options(players=players, strategy="random")):
        game = Game(record, rules)
        for hand in record.hands:
            for _, state in game.replay_hand(hand):
                check_layout(state.board)
                if state.board.played:
                    counts = {}
                    for _, arm, _, _ in state.board.played[1:]:
                        counts[arm] = counts.get(arm, 0) + 1
                    longest_arm = max([longest_arm, *counts.values()])
    assert longest_arm >= 3


def test_long_arms_bend_and_stay_on_the_table():
    # Under double-nine All Fives some arm in these games runs longer than half the table
    # (more than 7 lying tiles of 64 on 470 units), so some tile on l or r must stand.
    rules = rulesmod.with_overrides(rulesmod.load("line"), [("max_pip", 9)], where="test")
    bent = 0
    for record in simulate(rules, 3, games=3):
        game = Game(record, rules)
        for hand in record.hands:
            for turn, state in game.replay_hand(hand):
                placed = layout(state.board)
                bent += any(p.standing for p in placed.tiles if not p.tile.is_double)
                if placed.tiles:
                    assert placed.bounds.x >= 0 and placed.bounds.right <= TABLE_WIDTH
    assert bent


def test_empty_board_has_no_tiles():
    assert layout(Board(ALLFIVES)).tiles == ()


def test_plays_on_the_board_match_the_record():
    # Sanity of the helper: the simulated record's plays are what the board laid.
    rules = rulesmod.load("allfives")
    record = next(simulate(rules, 1))
    game = Game(record, rules)
    hand = record.hands[0]
    for turn, state in game.replay_hand(hand):
        plays = [t for t in hand.turns[:turn] if type(t) is Play]
        assert [p.tile for p in plays] == [t for t, _, _, _ in state.board.played]
