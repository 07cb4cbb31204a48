"""The rules of play (replay/play_rules.py), the leader rule and the target, on hand-made positions.

Every expected value here is worked out by hand from RULES.md and the parameter docs, not taken
from the code's output.
"""

from __future__ import annotations

import dataclasses

from muggins.notation.model import Deal, Hand, Header, Play, Record, Tile
from muggins.replay import play_rules
from muggins.replay.board import Layout
from muggins.replay.play_rules import DRAW, PASS, Move
from muggins.replay.replayer import Game, replay
from muggins.replay.rules import RuleSet, load
from muggins.replay.target import Target

T = Tile.parse
ALLFIVES = RuleSet()


def layout_of(rules: RuleSet, *plays: str) -> Layout:
    layout = Layout.empty(rules)
    for play in plays:
        tile, _, end = play.partition(" ")
        layout = layout.play(T(tile), end or None)
    return layout


def test_next_seat_follows_the_written_order_whatever_the_direction():
    assert [play_rules.next_seat(i, 3) for i in range(3)] == [1, 2, 0]


def test_drawable_keeps_the_reserve_and_nothing_is_drawn_without_drawing():
    reserve = dataclasses.replace(ALLFIVES, boneyard_reserve=2)
    assert play_rules.drawable(5, reserve) == 3
    assert play_rules.drawable(1, reserve) == 0
    assert play_rules.drawable(5, dataclasses.replace(ALLFIVES, drawing="none")) == 0
    assert play_rules.beyond_reserve(5, dataclasses.replace(ALLFIVES, drawing="none")) == 5


def test_a_draw_stops_at_the_first_tile_that_fits():
    # 6-4 led: the ends show 6 and 4. From 1-1, 3-2, 5-4, 0-0 a draw takes 1-1, 3-2 and 5-4.
    layout = layout_of(ALLFIVES, "6-4")
    pile = (T("1-1"), T("3-2"), T("5-4"), T("0-0"))
    assert play_rules.draw_takes(layout, pile) == (T("1-1"), T("3-2"), T("5-4"))
    assert play_rules.must_play_after_draw(layout, pile[:3]) == T("5-4")
    # Nothing fits: everything outside the reserve is taken, and nothing must be played.
    reserve = dataclasses.replace(ALLFIVES, boneyard_reserve=2)
    layout = layout_of(reserve, "6-4")
    assert play_rules.draw_takes(layout, pile[:2] + (T("0-0"), T("2-1"))) == (T("1-1"), T("3-2"))
    assert play_rules.must_play_after_draw(layout, (T("1-1"), T("3-2"))) is None
    # Where a drawn tile need not be played at once, none is named.
    free = layout_of(dataclasses.replace(ALLFIVES, play_drawn_at_once=False), "6-4")
    assert play_rules.must_play_after_draw(free, (T("5-4"),)) is None


def test_legal_moves_in_order_with_lengthwise_doubles_under_sniff():
    # Sniff, 5-2 led, 2-5 on r: both ends show 5. 5-5 (the hand's first double) may go on l or
    # r, crosswise or lengthwise; 5-1 on l or r; 3-3 fits nowhere.
    sniff = dataclasses.replace(ALLFIVES, spinner="sniff")
    layout = layout_of(sniff, "5-2", "2-5 r")
    moves = play_rules.legal_moves(layout, {T("3-3"), T("5-1"), T("5-5")}, drawable=3)
    assert moves == [
        Move(T("5-5"), "l", False), Move(T("5-5"), "l", True), Move(T("5-5"), "r", False), Move(T("5-5"), "r", True),
        Move(T("5-1"), "l"), Move(T("5-1"), "r"),
    ]  # fmt: skip
    # Once a double is down, no later double lies lengthwise.
    assert play_rules.layings(layout.play(T("5-5"), "l"), T("1-1")) == (False,)
    # Under other rules never.
    assert play_rules.layings(layout_of(ALLFIVES, "5-2"), T("5-5")) == (False,)


def test_draw_pass_must_play_and_required_lead():
    layout = layout_of(ALLFIVES, "6-4")
    assert play_rules.legal_moves(layout, {T("3-3")}, drawable=2) == [DRAW]
    assert play_rules.legal_moves(layout, {T("3-3")}, drawable=0) == [PASS]
    # A drawn tile that fits must be played, and nothing else (no draw either).
    assert play_rules.legal_moves(layout, {T("3-3"), T("6-5"), T("4-4")}, drawable=2, must_play=T("6-5")) == [Move(T("6-5"), "l")]
    # Voluntary drawing: a draw is offered beside the plays, after the lead only.
    free = layout_of(dataclasses.replace(ALLFIVES, voluntary_draw=True), "6-4")
    assert play_rules.legal_moves(free, {T("6-5")}, drawable=2) == [Move(T("6-5"), "l"), DRAW]
    empty = Layout.empty(dataclasses.replace(ALLFIVES, voluntary_draw=True))
    assert DRAW not in play_rules.legal_moves(empty, {T("6-5")}, drawable=2)
    # On the empty table the required lead, when the seat holds it; else any tile.
    empty = Layout.empty(ALLFIVES)
    assert play_rules.legal_moves(empty, {T("6-6"), T("1-0")}, required_lead=T("6-6")) == [Move(T("6-6"), None)]
    assert play_rules.tiles_to_play(empty, {T("5-5"), T("1-0")}, required_lead=T("6-6")) == [T("5-5"), T("1-0")]


def test_blocked_and_domino():
    layout = layout_of(ALLFIVES, "6-4")
    assert play_rules.outcome(layout, ("A", "B"), ({T("1-1")}, {T("2-2")}), drawable=0) == ("blocked", None)
    assert play_rules.outcome(layout, ("A", "B"), ({T("1-1")}, {T("2-2")}), drawable=1) is None
    assert play_rules.outcome(layout, ("A", "B"), ({T("1-1")}, {T("4-2")}), drawable=0) is None
    assert play_rules.outcome(layout, ("A", "B"), ({T("1-1")}, set()), drawable=3) == ("domino", "B")
    assert not play_rules.is_blocked(Layout.empty(ALLFIVES), ({T("1-1")},), drawable=0)


def _no_double_record(rules_name: str) -> tuple[RuleSet, Record]:
    seats = (Header("Seat", "A", "Ana"), Header("Seat", "B", "Bruno"))
    hand = Hand(
        1,
        deals=(
            Deal("A", (T("6-5"), T("6-4"), T("6-3"), T("5-4"), T("5-3"), T("4-3"), T("6-2"))),
            Deal("B", (T("6-1"), T("6-0"), T("5-2"), T("5-1"), T("5-0"), T("4-2"), T("4-1"))),
        ),
        turns=(Play("A", T("6-5")),),
    )
    rules = dataclasses.replace(load(rules_name), no_double="reshuffle")
    return rules, Record(headers=seats, hands=(hand,))


def test_the_leader_rule_answers_a_reshuffle_and_reports_nothing():
    # The scorecard rules: the holder of the highest double leads. Nobody holds one, and these
    # tables reshuffle: the answer says so, and asking leaves no diagnostic behind.
    rules, record = _no_double_record("scorecard")
    game = Game(record, rules)
    state = game.start_hand(record.hands[0])
    leader = game.expected_leader(state)
    assert leader.reshuffle and leader.seat is None and leader.tile is None and leader.rule == "no_double"
    assert game.diagnostics == []
    # The replayer reports it once, at the hand's first turn (a warning), as before.
    codes = [(d.code, d.severity) for d in replay(record, rules).diagnostics]
    assert codes.count(("no-double", "warning")) == 1


def test_the_target_exact_and_immediate():
    # Fives and Threes: exactly 61. A side at 58 may take 3, not 4; at 61 it has won at once.
    target = Target.of(load("fives-and-threes"), 2)
    assert (target.points, target.ceiling, target.wins_at, target.checked_after_hand) == (61, 61, 61, False)
    assert target.after_hand({"A": 70, "B": 0}) == (False, None)  # decided in play, not here
    rules = load("fives-and-threes")
    _, record = _no_double_record("fives-and-threes")
    game = Game(record, rules)
    game.scores["A"] = 58
    assert game.credit("A", 4, 1, 3) == 0 and game.scores["A"] == 58 and not game.over
    assert game.credit("A", 3, 1, 5) == 3 and game.scores["A"] == 61
    assert game.over and game.winner == "A" and game.won_at == (1, 5)


def test_the_target_at_the_end_of_a_hand_with_level_scores():
    # Pontos: 100, checked at the end of the hand. 105 against 90 wins; level at 110 plays on,
    # or is a draw where target_tie says so; nobody at 100 yet goes on.
    pontos = load("pontos")
    target = Target.of(pontos, 4)
    assert (target.points, target.ceiling, target.wins_at, target.checked_after_hand) == (100, None, None, True)
    assert target.after_hand({"NS": 105, "EW": 90}) == (True, "NS")
    assert target.after_hand({"NS": 95, "EW": 90}) == (False, None)
    assert target.after_hand({"NS": 110, "EW": 110}) == (pontos.target_tie == "draw", None)
    drawn = Target.of(dataclasses.replace(pontos, target_tie="draw"), 4)
    assert drawn.after_hand({"NS": 110, "EW": 110}) == (True, None)
    playing_on = Target.of(dataclasses.replace(pontos, target_tie="play_on"), 4)
    assert playing_on.after_hand({"NS": 110, "EW": 110}) == (False, None)
