"""Hand-built endings whose best play and values are worked out by hand in the comments.

Layout notation: ``6-3`` led lies with 6 on ``l`` and 3 on ``r``. Values are for the side to
move, over the rest of the hand, the move's own points included.
"""

from __future__ import annotations

import pytest

from muggins.analysis.solver import Move, MoveValue, Position, evaluate_moves, solve
from muggins.analysis.solver_layout import Layout
from muggins.notation.model import Tile
from muggins.replay.rules import load

T = Tile.parse


def tiles(text: str) -> frozenset[Tile]:
    return frozenset(T(t) for t in text.split())


def ending(rules_name: str, table: list[str], hands: dict[str, str], to_move: str, boneyard: str = "", teams=None) -> Position:
    rules = load(rules_name)
    layout = Layout.empty(rules)
    for play in table:
        tile, _, end = play.partition(" ")
        layout = layout.play(T(tile), end or None)
    seats = tuple(hands)
    side = {s: s for s in seats}
    for team, members in (teams or {}).items():
        for seat in members:
            side[seat] = team
    return Position(
        rules,
        seats,
        tuple(side[s] for s in seats),
        tuple(tiles(hands[s]) for s in seats),
        layout,
        tuple(T(t) for t in boneyard.split()),
        seats.index(to_move),
    )


def values(position: Position) -> dict[str, int]:
    found = evaluate_moves(position)
    assert all(isinstance(m, MoveValue) and m.exact and m.depth is None for m in found)
    return {str(m.move): m.value for m in found}


def line(position: Position) -> list[str]:
    return [str(m) for m in solve(position).best]


def test_allfives_spinner_now_beats_playing_small():
    # allfives: first double spins, sides first, each player subtracts own pips (nearest 5).
    # 6-3 led: ends 6 and 3. A holds 6-6 3-1, B holds 1-4 2-2; nothing to draw.
    # 6-6 l: a spinner on the 6 end, one side covered, counts 12; 12 + 3 = 15: A +15.
    #   B has no 6 or 3: passes. A 3-1 r: 12 + 1 = 13, nothing; A is out.
    #   B holds 1-4 2-2 = 9 pips -> 10 off B. A: 15 + 10 = 25.
    # 3-1 r: 6 + 1 = 7, nothing. B must play 1-4 on the 1: 6 + 4 = 10, B +10.
    #   A 6-6 l (spinner): 12 + 4 = 16, nothing; A is out. B holds 2-2 = 4 -> 5 off B.
    #   A: -10 + 5 = -5.
    position = ending("allfives", ["6-3"], {"A": "6-6 3-1", "B": "1-4 2-2"}, "A")
    assert values(position) == {"6-6 l": 25, "3-1 r": -5}
    solution = solve(position)
    assert solution.value == 25 and solution.exact and solution.depth is None
    assert [str(m) for m in solution.best] == ["6-6 l", "pass", "3-1 r"]


def test_scorecard_going_out_scores_the_opponents_pips():
    # scorecard: the player who goes out scores the opponents' pips (nearest 5); the spinner's
    # branches open at once (spinner_order any).
    # 4-2 led: ends 4 and 2. A holds 4-4 2-3, B holds 3-3 6-1.
    # 4-4 l: spinner, counts 8; 8 + 2 = 10: A +10. B has no 4 or 2: passes.
    #   A 2-3 r: 8 + 3 = 11, nothing; A is out and scores B's 6 + 7 = 13 -> 15. A: 25.
    # 2-3 r: 4 + 3 = 7. B 3-3 r (the first double: spinner, counts 6): 4 + 6 = 10, B +10.
    #   A 4-4 l (crosswise, counts 8): 8 + 6 = 14, nothing; A is out: B's 6-1 = 7 -> 5.
    #   A: -10 + 5 = -5.
    position = ending("scorecard", ["4-2"], {"A": "4-4 2-3", "B": "3-3 6-1"}, "A")
    assert values(position) == {"4-4 l": 25, "3-2 r": -5}
    assert line(position) == ["4-4 l", "pass", "3-2 r"]


def test_pontos_partners_quiet_play_beats_scoring():
    # pontos: four players, N and S against E and W, no end-of-hand scoring, no drawing.
    # 5-3 led: ends 5 and 3. N holds 3-0 5-1; E 5-0; S 1-1; W 6-6.
    # 3-0 r: 5 + 0 = 5, N +5. E plays 5-0 on the 0 end: 5 + 5 = 10, E +10, and E is out
    #   (5-0 on the 5 end would make 0 + 0 = 0). NS: 5 - 10 = -5.
    # 5-1 l: 1 + 3 = 4, nothing. E has no 1 or 3: passes. S 1-1 l, the first double, a
    #   spinner counting 2: 2 + 3 = 5, S +5, and S is out. NS: +5.
    position = ending(
        "pontos", ["5-3"], {"N": "3-0 5-1", "E": "5-0", "S": "1-1", "W": "6-6"}, "N", teams={"NS": "NS", "EW": "EW"}
    )
    assert values(position) == {"5-1 l": 5, "3-0 r": -5}
    assert line(position) == ["5-1 l", "pass", "1-1 l"]


def test_drawing_from_a_known_boneyard():
    # allfives, two players, drawing until a tile fits, which is played at once.
    # 3-3 led: a spinner with both sides open (counts 6); its branches wait for both sides.
    # A holds 6-0, B holds 5-5; the boneyard, in order: 1-0 3-4 2-2 4-6.
    # A has no 3: draws 1-0 (no fit), 3-4 (fits) and must play it: on l or on r, the same.
    #   3-4 l: 4 + spinner 6 = 10, A +10.
    # B has no 4 or 3: draws 2-2 (no), 4-6 (fits the 4) and plays it: 6 + 6 = 12, nothing.
    # A (6-0 1-0): 6-0 on the 6: 0 + 6 = 6, nothing. B (5-5 2-2): no 0 or 3, nothing to
    #   draw: passes. A 1-0 on the 0: 1 + 6 = 7, nothing; A is out.
    # Each subtracts own: A 0, B 5-5 2-2 = 14 -> 15 off B. A: 10 + 15 = 25.
    position = ending("allfives", ["3-3"], {"A": "6-0", "B": "5-5"}, "A", boneyard="1-0 3-4 2-2 4-6")
    assert values(position) == {"draw": 25}
    assert line(position) == ["draw", "4-3 l", "draw", "6-4 l", "6-0 l", "pass", "1-0 l"]
    drawn, points = position.after(Move(None, None, kind="draw"))
    assert points == 0 and drawn.must_play == T("3-4") and drawn.boneyard == (T("2-2"), T("4-6"))
    # Both arms are legal and named, though they lead to the same position.
    assert values(drawn) == {"4-3 l": 25, "4-3 r": 25}


def test_blocked_lightest_hand_takes_the_difference():
    # scorecard: blocked, the lightest hand scores the others' pips minus its own (nearest 5).
    # 5-2 led: ends 5 and 2. A holds 2-0 2-6 4-4; B holds 3-3 4-3 4-1 (18 pips), no 5, 2, 0, 6.
    # 2-0 r: 5 + 0 = 5, A +5. B cannot play; nor can A's 2-6 4-4 (neither 5 nor 0): blocked.
    #   A 16 pips, B 18: A takes 18 - 16 = 2 -> 0. A: 5.
    # 2-6 r: 5 + 6 = 11, nothing. B cannot play; nor can A's 2-0 4-4 (neither 5 nor 6): blocked.
    #   A 10 pips, B 18: A takes 8 -> 10. A: 10.
    position = ending("scorecard", ["5-2"], {"A": "2-0 2-6 4-4", "B": "3-3 4-3 4-1"}, "A")
    assert values(position) == {"6-2 r": 10, "2-0 r": 5}
    # The block is seen at once, without waiting for everyone to pass.
    after, _ = position.after(Move(T("6-2"), "r"))
    assert after.outcome() == ("blocked", None) and after.legal_moves() == []
    # What is left of the hand is A's 10 at the end, seen from B, whose turn it would be.
    assert solve(after).value == -10 and solve(after).best == ()


def test_three_players_paranoid():
    # allfives, three players for themselves: A's value is own minus the others' sum.
    # 6-1 led: ends 6 and 1. A holds 1-3 6-4; B 4-0; C 3-2.
    # 1-3 r: 6 + 3 = 9. B no 6 or 3: passes. C 3-2 r: 6 + 2 = 8; C is out.
    #   Each subtracts own: A 6-4 = 10 -> -10, B 4-0 = 4 -> -5, C 0.
    #   A: -10 - (-5 + 0) = -5.
    # 6-4 l: 4 + 1 = 5, A +5. B 4-0 l: 0 + 1 = 1; B is out.
    #   A 1-3 = 4 -> -5, C 3-2 = 5 -> -5. A: 5 - 5 - (0 - 5) = 5.
    position = ending("allfives", ["6-1"], {"A": "1-3 6-4", "B": "4-0", "C": "3-2"}, "A")
    assert values(position) == {"6-4 l": 5, "3-1 r": -5}


def test_illegal_move_is_refused():
    position = ending("allfives", ["6-3"], {"A": "6-6 3-1", "B": "1-4 2-2"}, "A")
    with pytest.raises(ValueError):
        position.after(Move(T("1-4"), "r"))
