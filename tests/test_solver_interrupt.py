"""An interrupted solve (Ctrl-C's KeyboardInterrupt, in a notebook or from a timeout) leaves the
solvers' shared state as good as it was: later solves give the values a clean process gives.

KeyboardInterrupt is raised by Python's signal handler between any two bytecodes. The tests
make that happen deterministically, no clock involved:

- Python core: a trace function at the bytecode level (``sys.settrace``, ``f_trace_opcodes``)
  raises KeyboardInterrupt before the N-th bytecode run in the solver's code, for every N
  through the layout table's code and for N spread over the whole search.
- Compiled core: the end-of-hand scoring it calls back into Python raises KeyboardInterrupt on
  its N-th call, for every N of a solve: the search unwinds from there as it does from Ctrl-C
  seen at its own check of the signals (``tick``: both stop the search with a Python error
  set).

"The values a clean process gives" are found after :func:`solver.forget`, before any
interrupt, on the Python core (the reference) and, for the compiled core, on it as well.
"""

from __future__ import annotations

import sys
import types
from typing import Iterator

import pytest

from muggins.analysis import solver, solver_core, solver_position, solver_search, solver_table
from muggins.analysis.solver import Position, evaluate_moves, position_from_state, solve
from muggins.analysis.solver_table import LAYOUT_FACTOR, LayoutTable, layout_table
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet, load, with_overrides
from muggins.replay.simulate import Options, simulate
from test_solver_core import on_core  # the core a block of solves runs on


@pytest.fixture(autouse=True)
def clean_solver() -> Iterator[None]:
    solver.forget()
    yield
    solver.forget()


def late_positions(rules: RuleSet, seed: int, most_left: int) -> list[Position]:
    """The positions of a simulated four-player hand with at most ``most_left`` tiles left."""
    record = next(simulate(rules, seed, 1, Options(players=4, strategy="random", max_hands=1)))
    hand = record.hands[0]
    out = []
    for turn, state in Game(record, rules).replay_hand(hand):
        if state.over is not None or turn >= len(hand.turns):
            break
        position = position_from_state(state)
        if sum(map(len, position.hands)) + len(position.boneyard) <= most_left:
            out.append(position)
    return out


def values(position: Position) -> list[tuple[object, int]]:
    return [(m.move, m.value) for m in evaluate_moves(position)]


def clean_values(positions: list[Position]) -> list[list[tuple[object, int]]]:
    """What a clean process answers: every table dropped first."""
    solver.forget()
    found = [values(p) for p in positions]
    solver.forget()
    return found


# -- the Python core: KeyboardInterrupt before any bytecode ---------------------------------------


def code_objects(*owners: object) -> set[types.CodeType]:
    """The code of every function of these modules and classes, nested functions included
    (the search is a closure made by Engine._make_search)."""
    found: set[types.CodeType] = set()

    def add(code: types.CodeType) -> None:
        found.add(code)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                add(const)

    for owner in owners:
        home = owner.__name__ if isinstance(owner, types.ModuleType) else owner.__module__
        for value in vars(owner).values():
            value = getattr(value, "__func__", value)  # (a static method)
            value = getattr(value, "__wrapped__", value)  # (a context manager's generator)
            if isinstance(value, property):
                value = value.fget
            if isinstance(value, types.FunctionType) and value.__module__ == home:
                add(value.__code__)
    return found


class Interrupter:
    """Raises KeyboardInterrupt before the ``at``-th bytecode run in ``codes`` (never when
    ``at`` is 0); counts them in ``seen``."""

    def __init__(self, codes: set[types.CodeType], at: int = 0) -> None:
        self.codes, self.at, self.seen = codes, at, 0

    def __enter__(self) -> Interrupter:
        self.before = sys.gettrace()
        sys.settrace(self.call)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(self.before)

    def call(self, frame: types.FrameType, event: str, arg: object) -> object:  # (a trace function)
        if frame.f_code not in self.codes:
            return None
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return self.step

    def step(self, frame: types.FrameType, event: str, arg: object) -> object:
        if event == "opcode":
            self.seen += 1
            if self.seen == self.at:
                raise KeyboardInterrupt
        return self.step


def assert_table_whole(table: LayoutTable) -> None:
    """Every layout the table has numbered has its parts, as a fresh table works them out."""
    fresh = LayoutTable(table.rules, table.scale)
    assert sorted(table.numbers.values()) == list(range(len(table.numbers)))
    for key, number in table.numbers.items():
        layout = table.layouts[number]
        assert layout.key == key
        again = fresh.number(layout)
        alone = LayoutTable(table.rules, table.scale)  # (fresh may hold another layout of this key)
        only = alone.number(layout)
        assert (table.fits[number], table.open_arms[number]) == (alone.fits[only], alone.open_arms[only])
        assert len(table.options[number]) == len(fresh.tiles)
        for index, options in enumerate(table.options[number]):
            if options is None:  # not worked out yet
                continue
            for place, (points, bit, tile, made, made_key, own, fits) in enumerate(options):
                assert (bit, tile, made_key, own, fits) == (1 << index, index, made * LAYOUT_FACTOR, (index + 1) << 8 | place, table.fits[made])
            # the same moves as a fresh table's: points to layouts of the same keys (the order
            # of moves with equal points follows the numbers, which differ by table)
            assert sorted((o[0], table.layouts[o[3]].key) for o in options) == sorted(
                (o[0], fresh.layouts[o[3]].key) for o in fresh.moves_of(again, index)
            )


FIVE_UP = load("five-up")  # every double spins: many kinds of layouts


@pytest.fixture(scope="module")
def hand_end() -> tuple[list[Position], list[list[tuple[object, int]]]]:
    with on_core("python"):
        positions = late_positions(FIVE_UP, seed=3, most_left=12)
        return positions, clean_values(positions)


def interrupted_at(at: int, codes: set[types.CodeType], position: Position) -> bool:
    """Solve ``position`` with a KeyboardInterrupt before the ``at``-th bytecode of ``codes``;
    whether it came."""
    try:
        with Interrupter(codes, at):
            evaluate_moves(position)
    except KeyboardInterrupt:
        return True
    return False


def test_the_table_check_sees_a_table_half_updated():
    # The check can fail: a key numbered without the layout's parts in the lists.
    table = LayoutTable(FIVE_UP, 5)
    table.numbers[("not", "a", "layout")] = len(table.numbers)  # type: ignore[index]
    with pytest.raises((AssertionError, IndexError)):
        assert_table_whole(table)


def test_ctrl_c_at_any_bytecode_of_the_layout_table_leaves_it_whole(hand_end):
    positions, expected = hand_end
    codes = code_objects(LayoutTable)
    assert LayoutTable._add.__code__ in codes and LayoutTable.moves_of.__code__ in codes
    first = positions[-1]  # a small search, every layout of it new: every bytecode of the table's code
    with on_core("python"):
        with Interrupter(codes) as counted:
            evaluate_moves(first)
        solver.forget()
        assert counted.seen > 2000
        for at in range(1, counted.seen + 1):
            assert interrupted_at(at, codes, first), at
            assert_table_whole(layout_table(FIVE_UP))
            # later (and the same) positions of the hand, on the tables left as they are
            assert [values(p) for p in positions[-3:]] == expected[-3:], at
            solver.forget()


def test_ctrl_c_during_a_larger_search_leaves_the_layout_table_whole(hand_end):
    positions, expected = hand_end
    codes = code_objects(LayoutTable)
    with on_core("python"):
        with Interrupter(codes) as counted:
            evaluate_moves(positions[0])
        solver.forget()
        assert counted.seen > 5000
        for at in range(1, counted.seen + 1, counted.seen // 300):
            assert interrupted_at(at, codes, positions[0]), at
            assert_table_whole(layout_table(FIVE_UP))
            assert [values(p) for p in positions] == expected, at
            solver.forget()


def test_ctrl_c_anywhere_in_the_python_search_leaves_later_solves_right(hand_end):
    # Every function of the solver's modules: the engines kept, their transposition tables and
    # memos, the search's closure (its floor, its hands), the positions.
    positions, expected = hand_end
    codes = code_objects(solver, solver_search, solver_search.Engine, solver_table, LayoutTable, solver_position, Position)
    assert any(code.co_name == "search" for code in codes)
    first = positions[2]
    with on_core("python"):
        with Interrupter(codes) as counted:
            evaluate_moves(first)
            solve(positions[3])
        solver.forget()
        assert counted.seen > 20_000
        for at in range(1, counted.seen + 1, counted.seen // 400):
            try:
                with Interrupter(codes, at):
                    evaluate_moves(first)
                    solve(positions[3])
            except KeyboardInterrupt:
                pass
            else:
                pytest.fail(f"no interrupt at {at}")
            assert_table_whole(layout_table(FIVE_UP))
            assert [values(p) for p in positions[2:]] == expected[2:], at
            solver.forget()


# -- the compiled core: KeyboardInterrupt from the end-of-hand scorer it calls -------------------


compiled = pytest.mark.skipif(not solver_core.available(), reason="the compiled solver core is not built")

#: All Fives with a voluntary draw: a player who could play may draw instead, also with the
#: last tile in hand (the search then goes on from a domino into a draw).
VOLUNTARY = with_overrides(load("allfives"), [("voluntary_draw", True)], where="test")


class Scorer:
    """``solver_core.end_of_hand`` that raises KeyboardInterrupt on its ``at``-th call."""

    def __init__(self) -> None:
        self.real = solver_core.end_of_hand
        self.calls, self.at = 0, 0

    def __call__(self, *args: object, **kwargs: object) -> object:
        self.calls += 1
        if self.calls == self.at:
            raise KeyboardInterrupt
        return self.real(*args, **kwargs)


@compiled
@pytest.mark.parametrize("rules", [VOLUNTARY, FIVE_UP], ids=["voluntary-draw", "five-up"])
def test_ctrl_c_in_a_compiled_solve_comes_out_as_itself_and_leaves_later_solves_right(monkeypatch, rules):
    with on_core("python"):
        positions = late_positions(rules, seed=5, most_left=16)
        expected = clean_values(positions)
    first = positions[0]
    scorer = Scorer()
    monkeypatch.setattr(solver_core, "end_of_hand", scorer)
    with on_core("compiled"):
        assert solver_core.serves(first) and solver_core.evaluate_moves(first) is not None  # (no fallback to Python)
        assert clean_values(positions) == expected  # the compiled core's clean answers
        scorer.calls = 0
        evaluate_moves(first)
        solve(positions[1])
        calls = scorer.calls
        assert calls > 10
        for at in range(1, calls + 1):
            solver.forget()
            scorer.calls, scorer.at = 0, at
            with pytest.raises(KeyboardInterrupt):  # not a SystemError: the core calls no Python once stopped
                evaluate_moves(first)
                solve(positions[1])
            scorer.at = 0
            assert [values(p) for p in positions] == expected, at
            with on_core("python"):
                assert [values(p) for p in positions[-4:]] == expected[-4:], at
