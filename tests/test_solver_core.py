"""The compiled solver core against the pure-Python one and against the replayer's board.

- Its layout code, play by play, against :class:`muggins.replay.board.Board` (the count, the
  open ends and the tiles that fit, after every play of simulated records of every preset and
  of random placements under random layout rules), and its layout key against the Python key.
- Its values against the pure-Python core's on random positions of every preset (two, three
  and four players, with and without a boneyard, every spinner kind) and random rule sets:
  the same moves in the same order, the same exact values, a best line whose first move has
  the value claimed and which replays to it; also with the transposition table used at every
  node and shrunk to one bucket, and the layout table too small for the search.
- Cut searches to a floor against the Python engine's, Ctrl-C, errors, the choice of core.

``-m slow`` runs a much larger differential.
"""

from __future__ import annotations

import dataclasses
import os
import random
import signal
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.analysis import solver, solver_core
from muggins.analysis.solver import Move, Position, evaluate_moves, position_from_state, solve
from muggins.analysis.solver_layout import Layout
from muggins.notation.model import Play, Tile, full_set
from muggins.replay.board import Board
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet, load, preset_names
from muggins.replay.simulate import Options, simulate

from test_solver_exhaustive import line_value, random_ending
from test_solver_layout import legal, rule_sets

pytestmark = pytest.mark.skipif(not solver_core.available(), reason="the compiled solver core is not built")

if solver_core.available():
    from muggins.analysis import _solver_core as core
else:  # pragma: no cover
    core = None

T = Tile.parse


@contextmanager
def on_core(name: str):
    before = os.environ.get(solver_core.CORE_ENV)
    os.environ[solver_core.CORE_ENV] = name
    try:
        yield
    finally:
        if before is None:
            del os.environ[solver_core.CORE_ENV]
        else:
            os.environ[solver_core.CORE_ENV] = before


# -- the layout, play by play, against the board --------------------------------------------------


def layout_rules(rules: RuleSet) -> tuple:
    return solver_core._rule_input(rules)[0]


def board_steps(rules: RuleSet, plays) -> tuple[list, list]:
    """Each play on a Board: the compiled core's input (tile, arm number, inline) and what the
    board shows after it (count, open arms as (number, pip), the mask of tiles that fit)."""
    board = Board(rules)
    inputs, shown = [], []
    tiles = full_set(rules.max_pip)
    for tile, end, inline in plays:
        if board.lead is None:
            arm = -1
        else:
            end = end or board.placements(tile)[0]
            arm = list(board.arms).index(end)
        board.play(tile, end, inline)
        inputs.append((tile.index, arm, int(inline)))
        names = list(board.arms)
        playable = set(board.playable_ends())
        fits = sum(1 << t.index for t in tiles if board.placements(t))
        shown.append((board.total(), [(i, board.arms[name][0]) for i, name in enumerate(names) if name in playable], fits))
    return inputs, shown


def assert_layout_matches(rules: RuleSet, plays) -> None:
    inputs, shown = board_steps(rules, plays)
    traced = core.trace(layout_rules(rules), inputs)
    assert [(count, list(open_arms), fits) for count, open_arms, fits, _key in traced] == shown


def test_layout_follows_the_board_through_simulated_records_of_every_preset():
    for name in preset_names():
        rules = load(name)
        for players in rules.players:
            for seed in range(3):
                record = next(simulate(rules, seed, 1, Options(players=players, strategy="random")))
                for hand in record.hands:
                    plays = [(s.tile, s.end, s.inline) for s in hand.turns if type(s) is Play]
                    assert_layout_matches(rules, plays)


# The layout tests' rule sets, in sets from double-three to double-eighteen (over 64 tiles the
# core keeps hands in four words).
layout_rule_sets = st.tuples(rule_sets, st.sampled_from([3, 6, 9, 12, 18])).map(lambda pair: dataclasses.replace(pair[0], max_pip=pair[1]))


def random_plays(rules: RuleSet, rng: random.Random, count: int) -> list:
    board, plays = Board(rules), []
    tiles = list(full_set(rules.max_pip))
    for _ in range(count):
        options = legal(board, tiles, rules)
        if not options:
            break
        tile, end, inline = rng.choice(options)
        board.play(tile, end, inline)
        plays.append((tile, end, inline))
    return plays


@settings(max_examples=300, deadline=None)
@given(rules=layout_rule_sets, seed=st.integers(0, 2**32))
def test_layout_follows_the_board_through_random_placements(rules, seed):
    assert_layout_matches(rules, random_plays(rules, random.Random(seed), 60))


@settings(max_examples=100, deadline=None)
@given(rules=layout_rule_sets, seed=st.integers(0, 2**32))
def test_layout_key_is_the_python_key(rules, seed):
    # Equal Python keys (layouts with the same future) hash alike; different ones do not.
    rules = dataclasses.replace(rules, max_pip=min(rules.max_pip, 4))
    rng = random.Random(seed)
    seen: dict = {}
    for _ in range(30):
        plays = random_plays(rules, rng, rng.randint(1, 8))
        inputs, _ = board_steps(rules, plays)
        traced = core.trace(layout_rules(rules), inputs)
        layout = Layout.empty(rules)
        for (tile, end, inline), step in zip(plays, traced):
            layout = layout.play(tile, end, inline)
            seen.setdefault(layout.key, set()).add(step[3])
    assert all(len(keys) == 1 for keys in seen.values())
    assert len({next(iter(keys)) for keys in seen.values()}) == len(seen)


def test_trace_refuses_an_illegal_placement():
    rules = load("allfives")
    with pytest.raises(ValueError, match="does not fit"):
        core.trace(layout_rules(rules), [(T("6-6").index, -1, 0), (T("5-4").index, 0, 0)])
    with pytest.raises(ValueError, match="lengthwise"):
        core.trace(layout_rules(rules), [(T("6-6").index, -1, 1)])


# -- values: compiled against Python --------------------------------------------------------------


def tables(rules: RuleSet):
    """The tables a preset can be simulated at: (players, teams)."""
    for players in rules.players:
        if rules.partnerships != "required" or players == 4:
            yield players


def preset_positions(most_left: int, seeds: range, every: int = 1):
    """Positions of simulated hands of every preset and table, with at most ``most_left`` tiles
    in the hands and the boneyard."""
    for name in preset_names():
        rules = load(name)
        for players in tables(rules):
            for seed in seeds:
                record = next(simulate(rules, seed, 1, Options(players=players, strategy="random" if seed % 2 else "greedy")))
                for hand in record.hands[:2]:
                    taken = 0
                    for turn, state in Game(record, rules).replay_hand(hand):
                        if state.over is not None or turn >= len(hand.turns):
                            break
                        position = position_from_state(state)
                        if sum(map(len, position.hands)) + len(position.boneyard) <= most_left:
                            taken += 1
                            if taken % every == 0:
                                yield position


def assert_cores_agree(position: Position) -> None:
    with on_core("python"):
        expected = evaluate_moves(position)
        expected_value = solve(position).value
    found = solver_core.evaluate_moves(position)
    solution = solver_core.solve(position)
    assert found is not None and solution is not None
    assert [m.move for m in found] == [m.move for m in expected] == position.legal_moves()
    assert [m.value for m in found] == [m.value for m in expected], position
    assert all(m.exact and m.depth is None for m in found)
    assert solution.exact and solution.value == expected_value
    if found:
        assert solution.value == max(m.value for m in found)
        assert {m.move: m.value for m in found}[solution.best[0]] == solution.value
    assert line_value(position, solution.best) == solution.value


def test_cores_agree_on_positions_of_every_preset():
    count = 0
    kinds = set()
    for position in preset_positions(most_left=11, seeds=range(10)):
        assert_cores_agree(position)
        kinds.add((position.rules.spinner, len(position.seats), bool(position.drawable)))
        count += 1
    assert count > 1200
    # every spinner kind, two to four players, with and without tiles left to draw
    assert {k[0] for k in kinds} == {"none", "first_double", "every_double", "sniff"}
    assert {k[1] for k in kinds} == {2, 3, 4} and {k[2] for k in kinds} == {True, False}


def test_a_subset_of_moves_is_valued_as_in_the_whole_on_both_cores():
    """``evaluate_moves(..., wanted)`` (the expected view drops options clearly worse): only
    the moves taken are listed, each with the value the whole evaluation gives it, on both
    cores; moves that lead to one node share it even when the first of them is left out."""
    rng = random.Random(5)
    count = 0
    for position in preset_positions(most_left=12, seeds=range(8), every=2):
        whole = solver_core.evaluate_moves(position)
        assert whole is not None
        if len(whole) < 2:
            continue
        kept = {m.move for m in whole if rng.random() < 0.5} or {whole[-1].move}
        found = solver_core.evaluate_moves(position, None, lambda move: move in kept)
        with on_core("python"):
            python = evaluate_moves(position, None, lambda move: move in kept)
        expected = [(m.move, m.value) for m in whole if m.move in kept]
        assert [(m.move, m.value) for m in found] == expected == [(m.move, m.value) for m in python]
        count += 1
    assert count > 100
    engine, given = fresh_engine(big_position())
    with pytest.raises(ValueError, match="flags for"):
        engine.evaluate(given.state, -1.0, [True])


def big_set_ending(seed: int) -> Position:
    """A random ending in a double-10 to double-18 set (hands of more than one word)."""
    rng = random.Random(seed)
    rules = dataclasses.replace(
        RuleSet(),
        max_pip=rng.choice([10, 12, 18]),
        spinner=rng.choice(["none", "first_double", "every_double", "sniff"]),
        spinner_order=rng.choice(["sides_first", "any"]),
        drawing=rng.choice(["none", "until_playable"]),
        domino_scoring=rng.choice(["none", "subtract_own", "opponents_pips"]),
    )
    seats = ("A", "B", "C")[: rng.choice([2, 3])]
    tiles = list(full_set(rules.max_pip))
    rng.shuffle(tiles)
    layout = Layout.empty(rules)
    for tile, end, inline in random_plays(rules, rng, rng.randint(0, 12)):
        layout = layout.play(tile, end, inline)
        tiles.remove(tile)
    hands = tuple(frozenset(tiles[3 * i : 3 * i + rng.randint(1, 3)]) for i in range(len(seats)))
    bone = tuple(tiles[10 : 10 + rng.randint(0, 4)]) if rules.drawing != "none" else ()
    return Position(rules, seats, seats, hands, layout, bone, rng.randrange(len(seats)))


def test_cores_agree_on_random_endings():
    # random_ending: random rules (every spinner kind and counting rule, drawing, reserves,
    # voluntary draws, every end-of-hand scoring), 2 to 4 players, teams or not.
    for seed in range(1200):
        position, _ = random_ending(seed, most_tiles=8)
        assert_cores_agree(position)
    for seed in range(200):
        assert_cores_agree(big_set_ending(seed))


@pytest.mark.slow
def test_cores_agree_on_many_more_positions(request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: select it with -m slow")
    for position in preset_positions(most_left=13, seeds=range(4, 40)):
        assert_cores_agree(position)
    for seed in range(1200, 20000):
        position, _ = random_ending(seed, most_tiles=11)
        assert_cores_agree(position)


# -- the compiled engine pushed: the table at every node, tables too small ------------------------


def fresh_engine(position: Position, limit: int | None = None):
    given = solver_core.core_input(position)
    layouts = core.Layouts(given.layout_rules, given.points)
    if limit is not None:
        layouts.limit = limit
    engine = core.Engine(layouts, given.turn_rules, given.signs, given.boneyard, given.scorer())
    return engine, given


def engine_values(position: Position, engine, given) -> list[tuple[Move, int]]:
    found, exact, depth = engine.evaluate(given.state)
    assert exact and depth is None
    return [(move, row[4] * given.scale) for move, row in zip(solver_core._moves(found, position), found)]


@pytest.fixture
def tiny_table():
    core.set_table_bytes(64)  # one bucket: every store replaces an entry
    yield
    core.set_table_bytes(core.TABLE_BYTES)


def test_the_transposition_table_at_every_node_and_of_one_bucket(tiny_table):
    positions = list(preset_positions(most_left=10, seeds=range(2), every=3))
    for position in positions:
        with on_core("python"):
            expected = [(m.move, m.value) for m in evaluate_moves(position)]
        for table in (64, core.TABLE_BYTES):
            core.set_table_bytes(table)
            engine, given = fresh_engine(position)
            engine.shallow = engine.etc = 0  # every node asks the table, and about every child
            assert engine_values(position, engine, given) == expected


def test_the_small_table_at_every_node_or_none():
    # Every node below the big table's (shallow at 99: none asks it) asks the small one (small
    # at 0), or none does: the values stay the Python core's on every preset.
    positions = list(preset_positions(most_left=10, seeds=range(2), every=3))
    assert len(positions) > 20
    for position in positions:
        with on_core("python"):
            expected = [(m.move, m.value) for m in evaluate_moves(position)]
        for shallow, small in ((99, 0), (99, 99), (0, 0)):
            core.forget()
            engine, given = fresh_engine(position)
            engine.shallow, engine.etc, engine.small = shallow, shallow, small
            assert engine_values(position, engine, given) == expected, (shallow, small)
    core.forget()


def test_the_small_table_keeps_bounds_past_its_bytes_weaker_and_true():
    # Its entries hold a bound in a byte (-127 to 126 units): one beyond is stored weaker, a
    # lower bound lowered, an upper one raised. With every play's points forty times over
    # (values in the hundreds) the small table at every node searches to the values of an
    # engine that asks none.
    widest = 0
    for seed in (1, 2, 3):
        given = solver_core.core_input(pontos_position(seed, 10))
        points = [40 * p for p in given.points]
        found = []
        for small in (0, 99):
            core.forget()
            layouts = core.Layouts(given.layout_rules, points)
            engine = core.Engine(layouts, given.turn_rules, given.signs, given.boneyard, given.scorer())
            engine.shallow, engine.etc, engine.small = 99, 99, small
            found.append((engine.solve(given.state)[:3], [row[4] for row in engine.evaluate(given.state)[0]]))
        assert found[0] == found[1], seed
        widest = max(widest, max(abs(v) for v in found[0][1]))
    assert widest > 127
    core.forget()


def test_the_small_table_saves_nodes_and_no_value_changes():
    # After 4 plays (24 tiles), the default engine against one whose shallow nodes do not ask
    # the small table (small = shallow): the same value and line, a fifth fewer nodes at least.
    position = pontos_position(2, 4)
    found = []
    for off in (False, True):
        core.forget()
        engine, given = fresh_engine(position)
        assert engine.small == 5 and engine.shallow == 14
        if off:
            engine.small = engine.shallow
        found.append(engine.solve(given.state))
    (value, line, exact, nodes, _), (value_off, line_off, exact_off, nodes_off, _) = found
    assert (value, line, exact) == (value_off, line_off, exact_off) and exact
    assert nodes < 0.8 * nodes_off
    core.forget()


def test_the_transposition_table_grows_during_a_search_and_keeps_its_word():
    # 24 tiles left, every node asking the table: it fills and grows (four times over, its
    # entries moved) during the search, and the values stay the Python core's.
    rules = load("pontos")
    record = next(simulate(rules, 2, 1, Options(players=4)))
    for turn, state in Game(record, rules).replay_hand(record.hands[0]):
        if turn == 4:
            break
    position = position_from_state(state)
    with on_core("python"):
        expected = [(m.move, m.value) for m in evaluate_moves(position)]
    core.forget()
    engine, given = fresh_engine(position)
    engine.shallow = engine.etc = 0
    assert engine_values(position, engine, given) == expected
    assert core.table_bytes() > 256 << 10
    core.forget()


def pontos_position(seed: int, plays: int) -> Position:
    rules = load("pontos")
    record = next(simulate(rules, seed, 1, Options(players=4)))
    for turn, state in Game(record, rules).replay_hand(record.hands[0]):
        if turn == plays:
            break
    return position_from_state(state)


def test_forget_with_keep_empties_the_transposition_table_in_place():
    # Between the solves of one run the block stays (none of its pages faulted in again) but
    # none of its entries answers: the solve searches as a first one does, not the few nodes
    # of a table that remembers. Past 255 such forgets the epochs run out and it is zeroed.
    position = pontos_position(2, 4)
    core.forget()
    engine, given = fresh_engine(position)
    first = engine.solve(given.state)
    size = core.table_bytes()
    remembered = engine.solve(given.state)
    assert remembered[:3] == first[:3] and remembered[3] < first[3] / 10
    for times in (1, 300):
        for _ in range(times):
            core.forget(keep=True)
        assert core.table_bytes() == size
        again = engine.solve(given.state)
        assert again[:3] == first[:3] and again[3] > first[3] / 2
    core.forget()
    assert core.table_bytes() == 0


def test_compact_slots_search_as_the_wide_ones_do():
    # A compact table packs a tile's one move into 8 bytes (its fits, child and points), where
    # a wide one holds a 16-byte MoveSlot: every solve and every move's value the same, node
    # for node, over positions of every preset and table (boneyards and draws included) and
    # four-player openings. The two tables are of the same rules, so both formats are tried.
    # A compact table keeps a tile's list of moves in free slots of the layout's record where
    # it has room, else apart as a wide table does: the openings need both.
    positions = list(preset_positions(most_left=13, seeds=range(4, 10), every=3))
    positions += [pontos_position(seed, plays) for seed in (1, 2) for plays in (0, 6)]
    assert len(positions) > 40
    lists = {True: [0, 0], False: [0, 0]}
    for position in positions:
        given = solver_core.core_input(position)
        found = {}
        for compact in (True, False):
            layouts = core.Layouts(given.layout_rules, given.points, compact=compact)
            engine = core.Engine(layouts, given.turn_rules, given.signs, given.boneyard, given.scorer())
            core.forget()
            solved = engine.solve(given.state)
            core.forget()
            found[compact] = (solved, engine.evaluate(given.state), layouts.compact)
            lists[compact] = [made + more for made, more in zip(lists[compact], layouts.lists)]
        assert found[False][2] is False
        if given.layout_rules[0] <= 7:  # at most 36 tiles, points under 128: compact
            assert found[True][2] is True
        assert found[True][:2] == found[False][:2]
    kept_in, kept_apart = lists[True]
    assert kept_in > 10 * kept_apart > 0  # both ways, most in the records
    assert lists[False][0] == 0 and lists[False][1] > kept_apart  # a wide table keeps every list apart


def test_only_small_sets_and_points_get_compact_slots():
    given = solver_core.core_input(pontos_position(1, 0))
    rules = given.layout_rules
    for max_pip, compact in ((6, True), (7, True), (8, False), (9, False)):
        wider = (max_pip,) + tuple(rules[1:])
        points = [0] * core.totals(wider)
        assert core.Layouts(wider, points).compact is compact, max_pip
    # a points table with a value past the 7 bits a packed slot has for points
    points = list(given.points)
    assert core.Layouts(rules, points).compact is True
    points[5] = 128  # the total 5: within the totals the table reads
    assert core.Layouts(rules, points).compact is False


def test_the_layout_limit_bounds_the_bytes_used_not_the_pools_capacity():
    # This solve needs 786 layouts, 556 kB of records, moves and index; its pools, grown by
    # doubling, have room for more. Counted by capacity (753 kB) they did not fit in 600 kB.
    position = pontos_position(3, 10)
    given = solver_core.core_input(position)
    layouts = core.Layouts(given.layout_rules, given.points)
    layouts.limit = 600_000
    engine = core.Engine(layouts, given.turn_rules, given.signs, given.boneyard, given.scorer())
    value = engine.solve(given.state)[0]
    assert 0 < layouts.bytes <= 600_000
    with on_core("python"):
        assert value * given.scale == solve(position).value


def test_a_layout_table_too_small_starts_again_or_gives_way_to_python():
    rules, record = load("pontos"), None
    record = next(simulate(rules, 3, 1, Options(players=4)))
    state = None
    for turn, state in Game(record, rules).replay_hand(record.hands[0]):
        if turn == 10:
            break
    position = position_from_state(state)
    with on_core("python"):
        expected = solve(position).value
    # Room for a few layouts: the search fills the table, starts again, and gives up.
    engine, given = fresh_engine(position, limit=20_000)
    with pytest.raises(core.LayoutsFull):
        engine.solve(given.state)
    # ... and the solver then answers on the Python core.
    solver.forget()
    key = (given.layout_rules, given.points)
    solver_core._LAYOUTS[key] = core.Layouts(given.layout_rules, given.points)
    solver_core._LAYOUTS[key].limit = 20_000
    assert solver_core.solve(position) is None
    assert solve(position).value == expected
    solver.forget()


# -- cut searches, budgets ------------------------------------------------------------------------


def python_floor_value(position: Position, floor: int) -> int:
    """The Python engine's value of ``position`` searched to ``floor`` (a fresh table), scaled."""
    from muggins.analysis.solver import _Root
    from muggins.analysis.solver_search import Engine

    sides = position.sides
    perspective = sides[position.to_move] if len(set(sides)) > 2 else sides[0]
    engine = Engine(position.rules, position.seats, sides, position.boneyard, perspective)
    root = _Root(engine, position)
    engine.set_floor(floor)
    return root.value(0, False)


def test_cut_searches_value_the_floor_as_the_python_engine_does():
    count = 0
    for position in preset_positions(most_left=12, seeds=range(2), every=4):
        left = sum(map(len, position.hands)) + len(position.boneyard)
        for floor in (left - 2, left - 5):
            if floor < 0:
                continue
            engine, given = fresh_engine(position)
            assert engine.value(given.state, floor) == python_floor_value(position, floor), (position, floor)
            count += 1
    assert count > 50


def test_a_budget_gives_a_cut_search_and_a_line_to_its_horizon():
    rules = load("pontos")
    record = next(simulate(rules, 7, 1, Options(players=4)))
    position = position_from_state(Game(record, rules).start_hand(record.hands[0]))
    solver_core.forget()
    # No time at all: the first search (2 plays deep) always finishes, a later one stops at
    # its first check of the clock (every 4096 nodes).
    solution = solver_core.solve(position, budget=0.0)
    assert not solution.exact and 2 <= solution.depth < 28
    assert sum(1 for m in solution.best if m.kind == "play") == solution.depth
    values = solver_core.evaluate_moves(position, budget=0.0)
    assert all(not v.exact and v.depth >= 2 for v in values)
    assert [v.move for v in values] == position.legal_moves()


# -- interruption, errors, refusals -------------------------------------------------------------


def big_position() -> Position:
    rules = load("pontos")
    record = next(simulate(rules, 1, 1, Options(players=4)))
    return position_from_state(Game(record, rules).start_hand(record.hands[0]))


def test_ctrl_c_interrupts_a_search_and_the_engine_still_works():
    position = big_position()
    engine, given = fresh_engine(position)

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.02)
        with pytest.raises(KeyboardInterrupt):
            engine.solve(given.state)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    # After 4 plays the same engine solves as the Python core does.
    record = next(simulate(position.rules, 1, 1, Options(players=4)))
    for turn, state in Game(record, position.rules).replay_hand(record.hands[0]):
        if turn == 4:
            break
    later = position_from_state(state)
    with on_core("python"):
        expected = solve(later).value
    assert engine.solve(solver_core.core_input(later).state)[0] * 5 == expected


def test_an_error_in_the_end_of_hand_scorer_comes_out():
    position, _ = random_ending(5, most_tiles=6)
    given = solver_core.core_input(position)

    def broken(kind, went_out, pips):
        raise ZeroDivisionError("scorer")

    engine = core.Engine(core.Layouts(given.layout_rules, given.points), given.turn_rules, given.signs, given.boneyard, broken)
    with pytest.raises(ZeroDivisionError):
        engine.solve(given.state)


def test_bad_input_is_refused_with_a_message():
    position = big_position()
    given = solver_core.core_input(position)
    engine, _ = fresh_engine(position)
    hands, layout, mover, left, must = given.state
    bad_hands = ((99,), *hands[1:])
    bad_arms = ((9, 1, 9, -1), (9, 1, 9, -1))
    lost_spinner = ((6, 0, 0, 3), (6, 0, 0, 3))
    cases = [
        ((bad_hands, layout, mover, left, must), "not in a double-6 set"),
        ((hands, layout, 7, left, must), "seat to move"),
        ((hands[:2], layout, mover, left, must), "one hand per seat"),
        ((hands, (bad_arms, (), 0, 0, 0, 9), mover, left, must), "arm pip"),
        ((hands, (lost_spinner, (), 0, 0, 0, 0), mover, left, must), "spinner that is not there"),
    ]
    for state, message in cases:
        with pytest.raises(ValueError, match=message):
            engine.solve(state)
    with pytest.raises(TypeError):
        engine.solve("nonsense")
    with pytest.raises(ValueError, match="a set of 276 tiles: the solver handles at most 254"):  # a double-22 set: 23 * 24 / 2
        solver_core.core_input(dataclasses.replace(position, rules=dataclasses.replace(position.rules, max_pip=22)))


def test_a_double_eighteen_hand_under_a_budget():
    rules = dataclasses.replace(load("allfives"), max_pip=18, name="double-18")
    tiles = list(full_set(18))
    random.Random(3).shuffle(tiles)
    hands = {seat: tiles[i * 20 : (i + 1) * 20] for i, seat in enumerate("NESW")}
    position = Position.deal(rules, hands, "N", tiles[80:])
    solution = solver_core.solve(position, budget=0.2)
    assert solution is not None and not solution.exact and solution.depth >= 2
    here = position
    for move in solution.best:  # (a cut search's line may stop short of its horizon)
        here, _ = here.after(move)


def test_a_must_play_tile_outside_the_hand_goes_to_the_python_core():
    position = big_position()
    stray = next(iter(position.hands[(position.to_move + 1) % 4]))
    odd = dataclasses.replace(position, must_play=stray)
    assert not solver_core.serves(odd)
    assert solver_core.serves(position)


def test_the_core_is_chosen_by_the_environment(monkeypatch):
    monkeypatch.delenv(solver_core.CORE_ENV, raising=False)
    assert solver_core.active() == "compiled"
    monkeypatch.setenv(solver_core.CORE_ENV, "python")
    assert solver_core.active() == "python" and not solver_core.serves(big_position())
    monkeypatch.setenv(solver_core.CORE_ENV, "rust")
    with pytest.raises(solver_core.SolverCoreError, match="'compiled' or 'python'"):
        solver_core.active()
    monkeypatch.setattr(solver_core, "_compiled", None)
    monkeypatch.setenv(solver_core.CORE_ENV, "compiled")
    with pytest.raises(solver_core.SolverCoreError, match="not built"):
        solver_core.active()
    monkeypatch.delenv(solver_core.CORE_ENV)
    assert solver_core.active() == "python"


# -- muggins analyze says which core ran ---------------------------------------------------------


SAMPLE = os.path.join(os.path.dirname(__file__), "..", "samples", "allfives-2p.mgn")


@pytest.mark.parametrize("name", ["compiled", "python"])
def test_analyze_says_which_core_ran(monkeypatch, name):
    import json

    from cli_run import run

    monkeypatch.setenv(solver_core.CORE_ENV, name)
    # (the open cards, as before the expected view: sampled, the Python core takes minutes here)
    document = json.loads(run("analyze", SAMPLE, "--view", "open-cards", "--budget", "0.2", "--format", "json").stdout)
    assert document["solver_core"] == name
    assert f"perfect-information solver: the {name} core" in run("analyze", SAMPLE, "--view", "open-cards", "--budget", "0.2").stdout


def test_analyze_without_the_solver_names_no_core():
    import json

    from cli_run import run

    result = run("analyze", SAMPLE, "--budget", "0", "--format", "json")
    assert json.loads(result.stdout)["solver_core"] is None
    assert "solver: the" not in run("analyze", SAMPLE, "--budget", "0").stdout


def test_analyze_refuses_a_core_it_cannot_have(monkeypatch):
    from cli_run import run

    monkeypatch.setenv(solver_core.CORE_ENV, "fortran")
    result = run("analyze", SAMPLE)
    assert result.exit_code == 2 and "MUGGINS_SOLVER_CORE" in result.stderr
