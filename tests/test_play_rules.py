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
from muggins.replay.leaders import Leader
from muggins.replay.rules import RuleSet, load
from muggins.replay.scoring import HandAward
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


# -- placements on a spinner ------------------------------------------------------------------------


def test_placements_on_a_spinner_sides_first_then_its_branches():
    # All Fives: 6-6 led is the spinner. Its two sides (l, r) come before its two ends (u, d):
    # 6-3 fits l or r only; once 6-3 is on l and 6-2 on r, 6-1 fits u or d only.
    layout = layout_of(ALLFIVES, "6-6")
    assert play_rules.placements(layout, T("6-3")) == [("l", False), ("r", False)]
    covered = layout.play(T("6-3"), "l").play(T("6-2"), "r")
    assert play_rules.placements(covered, T("6-1")) == [("u", False), ("d", False)]
    assert play_rules.placements(covered, T("3-1")) == [("l", False)]
    assert play_rules.placements(covered, T("5-4")) == []
    # The scorecard (any order): the branches take tiles at once.
    scorecard = load("scorecard")
    assert [end for end, _ in play_rules.placements(layout_of(scorecard, "6-6"), T("6-3"))] == ["l", "r", "u", "d"]


def test_placements_on_an_empty_table_and_playable_in_canonical_order():
    empty = Layout.empty(ALLFIVES)
    assert play_rules.placements(empty, T("4-2")) == [(None, False)]
    assert play_rules.fits(empty, T("0-0"))
    assert play_rules.playable(empty, [T("6-1"), T("0-0"), T("3-2")]) == [T("0-0"), T("3-2"), T("6-1")]
    # 6-4 led: ends 6 and 4; of 4-1, 3-3, 6-0 only 6-0 and 4-1 fit, lowest first.
    layout = layout_of(ALLFIVES, "6-4")
    assert play_rules.playable(layout, [T("6-0"), T("3-3"), T("4-1")]) == [T("4-1"), T("6-0")]
    assert play_rules.can_play(layout, [T("3-3"), T("4-1")]) and not play_rules.can_play(layout, [T("3-3")])
    assert not play_rules.can_play(empty, [])


# -- Sniff: the first double may lie lengthwise -------------------------------------------------------


def test_sniff_lead_may_lie_either_way_and_then_counts_differently():
    sniff = dataclasses.replace(ALLFIVES, spinner="sniff")
    empty = Layout.empty(sniff)
    assert play_rules.legal_moves(empty, {T("5-5")}) == [Move(T("5-5"), None, False), Move(T("5-5"), None, True)]
    assert play_rules.may_lay_lengthwise(T("5-5"), 0, sniff)
    assert not play_rules.may_lay_lengthwise(T("5-4"), 0, sniff)
    assert not play_rules.may_lay_lengthwise(T("5-5"), 0, ALLFIVES)
    assert play_rules.lengthwise_allowed(sniff) and not play_rules.lengthwise_allowed(ALLFIVES)
    # Crosswise it spins: 5-0 on one side leaves the spinner open (10) and a 0: 10.
    crosswise = empty.play(T("5-5")).play(T("5-0"), "l")
    assert crosswise.total() == 10 and crosswise.names == ("l", "r", "u", "d")
    # Lengthwise it is a plain tile showing 5 at each end: 5-0 on one leaves 0 + 5 = 5.
    lengthwise = empty.play(T("5-5"), None, inline=True).play(T("5-0"), "l")
    assert lengthwise.total() == 5 and lengthwise.names == ("l", "r")
    # After it no double spins, nor lies lengthwise: 3-3 across the 3 of 5-3 counts 6, + 0 = 6.
    later = lengthwise.play(T("5-3"), "r")
    assert play_rules.layings(later, T("3-3")) == (False,)
    after = later.play(T("3-3"), "r")
    assert after.total() == 6 and after.names == ("l", "r")


# -- drawing, passing, the end of the hand ------------------------------------------------------------


def test_a_block_game_passes_whatever_lies_in_the_boneyard():
    # Fives and Threes draws nothing: a seat with nothing to play passes although tiles are left.
    block = load("fives-and-threes")
    layout = layout_of(block, "6-4")
    assert play_rules.drawable(7, block) == 0
    assert play_rules.legal_moves(layout, {T("3-3")}, play_rules.drawable(7, block)) == [PASS]
    assert play_rules.outcome(layout, ("A", "B"), ({T("3-3")}, {T("2-1")}), play_rules.drawable(7, block)) == ("blocked", None)


def test_a_domino_ends_the_hand_before_any_block():
    # B has played its last tile; A could not play either, but the hand ended by B's domino.
    layout = layout_of(ALLFIVES, "6-4")
    assert play_rules.outcome(layout, ("A", "B"), ({T("1-1")}, ()), drawable=0) == ("domino", "B")


# -- the leader rule ----------------------------------------------------------------------------------


def _seats_record(*seats: str) -> Record:
    return Record(headers=tuple(Header("Seat", s, s.lower()) for s in seats), hands=())


def _after(game: Game, **previous: object) -> Leader:
    """The leader of hand 2, after a hand 1 that ended as ``previous`` says."""
    from muggins.replay.facts import HandResult

    game.hands.append(HandResult(1, Hand(1), **previous))  # type: ignore[arg-type]
    return game.expected_leader(game.start_hand(Hand(2)))


def test_the_winner_of_the_previous_hand_leads():
    # The scorecard: "Después sale quien ganó la mano anterior". B went out in hand 1: B leads.
    game = Game(_seats_record("A", "B"), load("scorecard"))
    leader = _after(game, leader="A", outcome="domino", went_out="B")
    assert (leader.seat, leader.rule, leader.tile, leader.reshuffle) == ("B", "later_leader", None, False)
    # A blocked hand won by A (the lightest): A leads (leader_after_blocked: previous_winner).
    game = Game(_seats_record("A", "B"), load("scorecard"))
    award = HandAward({"A": 10, "B": 0}, "A", "")
    leader = _after(game, leader="B", outcome="blocked", pips={"A": 3, "B": 14}, award=award)
    assert (leader.seat, leader.rule) == ("A", "leader_after_blocked")
    # All Fives draws lots again after a blocked hand: anyone may lead.
    game = Game(_seats_record("A", "B"), load("allfives"))
    assert _after(game, leader="B", outcome="blocked", award=award).seat is None
    assert game.diagnostics == []


def test_the_seat_to_the_left_of_the_previous_leader_leads():
    # Fives and Threes: "the turn to start passes to the left". Seats are written in turn order;
    # playing clockwise the turn passes to the left, so B's left is C; counter-clockwise, A.
    rules = load("fives-and-threes")
    game = Game(_seats_record("A", "B", "C"), rules)
    assert _after(game, leader="B", outcome="domino", went_out="A").seat == "C"
    game = Game(_seats_record("A", "B", "C"), dataclasses.replace(rules, direction="counter-clockwise"))
    assert _after(game, leader="B", outcome="domino", went_out="A").seat == "A"
    game = Game(_seats_record("A", "B", "C"), rules)
    assert _after(game, leader="C", outcome="domino", went_out="A").seat == "A"


def test_asking_who_leads_leaves_the_diagnostics_as_they_were():
    # The missed-play finder and the solver ask who leads; neither files nor deletes anything.
    from muggins.analysis import missed, solver_position
    from muggins.replay.replayer import position

    rules = dataclasses.replace(load("scorecard"), no_double="highest_tile")
    _, record = _no_double_record("scorecard")
    game, state = position(record, rules, 1, 0)
    before = list(game.diagnostics)
    # Nobody holds a double: the heaviest tile, 6-5 (11 pips), is led, by A who holds it.
    assert game.expected_leader(state)[:2] == ("A", "no_double") and game.expected_leader(state).tile == T("6-5")
    assert missed._tiles_open(state, "A") == [T("6-5")]
    assert solver_position._leader(state) == (0, T("6-5"))
    assert game.diagnostics == before


# -- the target policy -------------------------------------------------------------------------------


def test_the_target_reached_in_play_ends_the_game_at_that_turn():
    # All Fives, two players: 250, checked the moment it is reached, overshoot allowed.
    allfives = load("allfives")
    target = Target.of(allfives, 2)
    assert (target.points, target.ceiling, target.wins_at, target.checked_after_hand) == (250, None, 250, False)
    assert target.after_credit(240, 10) == (True, False)
    assert target.after_credit(255, 15) == (True, True)
    assert Target.of(allfives, 3).points == 200
    game = Game(_seats_record("A", "B"), allfives)
    game.scores.update(A=245, B=240)
    assert game.credit("A", 10, 3, 7) == 10 and (game.over, game.winner, game.won_at) == (True, "A", (3, 7))
    # Nothing counts after the game is won, for either side.
    assert game.credit("B", 15, 3, 8) == 0 and game.scores == {"A": 255, "B": 240}


def test_an_exact_target_disregards_an_overshoot_but_not_a_loss():
    target = Target.of(load("fives-and-threes"), 3)
    assert target.after_credit(62, 4) == (False, False)
    assert target.after_credit(61, 3) == (True, True)
    assert target.after_credit(55, -5) == (True, False)
    # A loss past the target is a loss, counted (a negative credit is never an overshoot).
    assert Target.of(dataclasses.replace(load("fives-and-threes"), target=50), 2).after_credit(60, -5) == (True, True)


def test_a_game_without_a_target_for_this_table_never_ends():
    # A target given for three and four players only: a two-seat game has none, never won.
    rules = dataclasses.replace(load("allfives"), target=((3, 200), (4, 200)), target_check="end_of_hand")
    target = Target.of(rules, 2)
    assert target.points is None and not target.checked_after_hand
    assert target.after_credit(500, 10) == (True, False) and target.after_hand({"A": 500, "B": 0}) == (False, None)
