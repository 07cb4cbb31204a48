"""The solver's API on replayed records: hidden information, the leader, must-play, budgets."""

from __future__ import annotations

import dataclasses

import pytest

from muggins.analysis.solver import Move, Position, evaluate_moves, forget, position_from_state, solve
from muggins.notation.model import Boneyard, Deal, Draw, Hand, Header, Play, Record, Tile, full_set
from muggins.replay.replayer import Game
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate

T = Tile.parse


def simulated(rules_name: str, seed: int, players: int = 2):
    rules = load(rules_name)
    return rules, next(simulate(rules, seed, 1, Options(players=players)))


def replayed(rules, record):
    """(position, the statement written next) at every turn of the first hand still being played."""
    hand = record.hands[0]
    out = []
    for turn, state in Game(record, rules).replay_hand(hand):
        if state.over is None and turn < len(hand.turns):
            out.append((position_from_state(state), hand.turns[turn]))
    return out


def test_hidden_hand_is_refused():
    rules, record = simulated("allfives", 3)
    hand = record.hands[0]
    hidden = dataclasses.replace(hand, deals=(Deal(hand.deals[0].seat, None), hand.deals[1]))
    state = Game(dataclasses.replace(record, hands=(hidden,)), rules).start_hand(hidden)
    with pytest.raises(ValueError, match="hidden"):
        position_from_state(state)


def test_hidden_boneyard_order_is_refused_only_when_tiles_can_be_drawn():
    rules, record = simulated("allfives", 4)
    hand = dataclasses.replace(record.hands[0], boneyard=None)
    record = dataclasses.replace(record, hands=(hand,))
    with pytest.raises(ValueError, match="boneyard"):
        position_from_state(Game(record, rules).start_hand(hand))
    # Without drawing the undealt tiles never come into play: nothing is missing.
    block = dataclasses.replace(rules, drawing="none", voluntary_draw=False)
    assert position_from_state(Game(record, block).start_hand(hand)).drawable == 0


def test_every_recorded_move_is_legal_and_no_move_beats_the_solution():
    # Along a simulated two-player hand with draws, the simulator's move is always among the
    # legal moves, and the best move value is the solved value of the position.
    rules, record = simulated("allfives-seven-five", 11)
    drew = False
    for position, written in replayed(rules, record):
        values = {m.move: m.value for m in evaluate_moves(position)}
        if type(written) is Play:
            end = None if position.layout.is_empty else written.end
            assert Move(written.tile, end, written.inline) in values
        elif type(written) is Draw:
            drew = True
            assert Move(None, None, kind="draw") in values
        assert max(values.values()) == solve(position).value
    assert drew, "the seed should give a hand with a draw"


def test_a_drawn_tile_must_be_played():
    # 6-4 led; B holds 1-1 2-2, draws 3-3 (no fit) and 6-5 (fits the 6) and must play 6-5.
    rules = load("allfives")
    dealt = {T("6-4"), T("0-0"), T("1-1"), T("2-2"), T("3-3"), T("6-5")}
    rest = tuple(t for t in full_set(6) if t not in dealt)
    hand = Hand(
        1,
        deals=(Deal("A", (T("6-4"), T("0-0"))), Deal("B", (T("1-1"), T("2-2")))),
        boneyard=Boneyard((T("3-3"), T("6-5"), *rest)),
        turns=(Play("A", T("6-4")), Draw("B", 2, (T("3-3"), T("6-5")))),
    )
    record = Record(headers=(Header("Seat", "A", "Ana"), Header("Seat", "B", "Bruno")), hands=(hand,))
    for turn, state in Game(record, rules).replay_hand(hand):
        if turn == 2:
            position = position_from_state(state)
            break
    assert position.seat == "B" and position.must_play == T("6-5")
    assert [str(m) for m in position.legal_moves()] == ["6-5 l"]
    assert [str(m.move) for m in evaluate_moves(position)] == ["6-5 l"]


def test_the_leader_must_lead_the_highest_double_and_nothing_is_reported():
    rules, record = simulated("scorecard", 5)  # the highest double leads, and is led
    game = Game(record, rules)
    position = position_from_state(game.start_hand(record.hands[0]))
    double = max(t for hand in position.hands for t in hand if t.is_double)
    assert double in position.hands[position.to_move]
    assert [m.tile for m in position.legal_moves()] == [double]
    assert game.diagnostics == []


def test_a_small_budget_gives_a_cut_search_marked_inexact():
    forget()
    rules, record = simulated("pontos", 7, players=4)
    position = position_from_state(Game(record, rules).start_hand(record.hands[0]))
    # 10 ms: the compiled core's exact solve of this opening takes 40-50 ms (853,000 nodes)
    solution = solve(position, budget=0.01)
    assert not solution.exact and solution.depth is not None and solution.depth >= 2
    assert solution.best
    values = evaluate_moves(position, budget=0.01)
    assert all(not v.exact and v.depth is not None for v in values)
    assert [v.move for v in values] == position.legal_moves()


def test_a_generous_budget_is_exact():
    rules, record = simulated("allfives", 8)
    position, _ = replayed(rules, record)[-3]
    within = solve(position, budget=60.0)
    assert within.exact and within.depth is None and within.value == solve(position).value


def test_a_dealt_position_matches_the_replayed_one():
    rules, record = simulated("allfives-seven-five", 12)
    hand = record.hands[0]
    replayed_start = replayed(rules, record)[0][0]
    leader = hand.turns[0].seat
    dealt = Position.deal(rules, {d.seat: d.tiles for d in hand.deals}, leader, hand.boneyard.tiles)
    assert dealt == replayed_start


def test_tiles_that_do_not_add_up_are_refused():
    rules, record = simulated("allfives", 9)
    hand = record.hands[0]
    first, second = hand.deals
    doubled = dataclasses.replace(hand, deals=(first, dataclasses.replace(second, tiles=(first.tiles[0], *second.tiles[1:]))))
    state = Game(dataclasses.replace(record, hands=(doubled,)), rules).start_hand(doubled)
    with pytest.raises(ValueError, match="two places"):
        position_from_state(state)


def test_a_tile_outside_the_set_is_refused():
    rules = dataclasses.replace(load("allfives"), max_pip=3)
    position = Position.deal(rules, {"A": [T("6-6"), T("1-0")], "B": [T("2-1")]}, "A")
    with pytest.raises(ValueError, match="double-3"):
        solve(position)


def _process_state() -> tuple[bool, int, int]:
    import gc
    import sys

    return gc.isenabled(), sys.getrecursionlimit(), gc.get_freeze_count()


def test_solve_leaves_the_collector_and_the_recursion_limit_as_it_found_them(monkeypatch):
    # A library call changes nothing process-wide: not even for the length of the search.
    import gc
    import sys

    rules, record = simulated("allfives", 8)
    position, _ = replayed(rules, record)[-4]
    expected = solve(position).value
    for collector in (True, False):
        (gc.enable if collector else gc.disable)()
        try:
            before = _process_state()
            with monkeypatch.context() as patched:
                for name in ("disable", "enable", "freeze", "unfreeze"):
                    patched.setattr(gc, name, lambda: pytest.fail(f"solve called gc.{name}"))
                patched.setattr(sys, "setrecursionlimit", lambda _: pytest.fail("solve set the recursion limit"))
                forget()
                assert solve(position).value == expected
                assert evaluate_moves(position)
            assert _process_state() == before
        finally:
            gc.enable()


def test_searching_sets_both_for_its_caller_and_puts_them_back():
    import gc
    import sys

    from muggins.analysis.solver import searching

    rules, record = simulated("allfives", 8)
    position, _ = replayed(rules, record)[-4]
    before = _process_state()
    with searching(depth=before[1] + 5000):
        assert not gc.isenabled() and sys.getrecursionlimit() == before[1] + 5000
        value = solve(position).value
    assert _process_state() == before
    forget()
    assert solve(position).value == value


def test_a_search_deeper_than_the_stack_allows_says_what_to_do(solver_core):
    # The recursion limit a little above where we stand: the search cannot go a hand deep. It
    # says so (once the limit leaves room to start the search at all), drops its engines, and
    # the next solve, with room, is right. (The compiled core searches on its own stack.)
    if solver_core == "compiled":
        pytest.skip("the compiled core does not recurse in Python")
    import inspect
    import sys

    rules, record = simulated("allfives", 8)
    position, _ = replayed(rules, record)[-12]
    expected = solve(position).value
    limit, here = sys.getrecursionlimit(), len(inspect.stack(0))
    messages = []
    for room in range(10, 120, 2):
        forget(layouts=False)
        sys.setrecursionlimit(here + room)
        try:
            solve(position)
        except RecursionError as exc:
            messages.append(str(exc))
        else:
            break
        finally:
            sys.setrecursionlimit(limit)
    assert any("solver.searching()" in m for m in messages), messages[-3:]
    assert solve(position).value == expected
