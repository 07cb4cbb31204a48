"""Deepening under a budget: which cut searches it makes before the exact one.

A cut search within 7 plays of the end costs nearly what the exact search does (measured: the
cut searches 22 and 26 plays deep from the opening made a budgeted evaluation 1.6 times the
exact one), so under a budget both solvers search 2, 4, 6, 10... plays deep only while the
depth is short of the plays left less 7, then to the end: the same rule as the guess searches
of an exact solve.
"""

from __future__ import annotations

import pytest

from muggins.analysis import solver, solver_core
from muggins.analysis.solver import forget, position_from_state, searching, solve
from muggins.analysis.solver_search import EXACT
from muggins.notation.model import Play
from muggins.replay.replayer import Game
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate


def position_after(plays: int, seed: int):
    """The position after ``plays`` plays of the first hand of a simulated four-player game."""
    rules = load("pontos")
    record = next(simulate(rules, seed, 1, Options(players=4, strategy="greedy")))
    hand = record.hands[0]
    made = 0
    for turn, state in Game(record, rules).replay_hand(hand):
        if turn and type(hand.turns[turn - 1]) is Play:
            made += 1
        if made == plays:
            return position_from_state(state)
    raise AssertionError("the hand ended too soon")


def test_python_solver_cuts_only_short_of_the_last_seven_plays(monkeypatch):
    """The pure-Python solver, 16 tiles held: cut searches 2, 4 and 6 plays deep (10 is not
    short of 16 - 7), then the exact one; before, also 10 and 14 plays deep."""
    monkeypatch.setenv(solver_core.CORE_ENV, "python")
    position = position_after(12, 7)
    left = sum(len(hand) for hand in position.hands)
    assert left == 16
    floors: list[int] = []
    made = solver._engine

    def spying(p):
        engine = made(p)
        set_floor = engine.set_floor

        def recorded(value: int) -> None:
            floors.append(value)
            set_floor(value)

        engine.set_floor = recorded
        return engine

    monkeypatch.setattr(solver, "_engine", spying)
    forget()
    with searching():
        budgeted = solve(position, 600.0)
    forget()
    assert budgeted.exact
    depths = [left - f for f in floors if f != EXACT]
    assert depths == [2, 4, 6], floors
    assert floors[-1] == EXACT
    with searching():
        assert solve(position).value == budgeted.value


@pytest.mark.skipif(not solver_core.available(), reason="the compiled core is not built")
def test_compiled_core_budgeted_costs_about_the_exact_search(monkeypatch):
    """The compiled core, from the opening of six deals: a budget that is not reached costs
    about the nodes of the exact solve (measured 1.01 times in all; the old deepening, with its
    searches 22 and 26 plays deep, 1.47 times)."""
    monkeypatch.setenv(solver_core.CORE_ENV, "compiled")
    exact = budgeted = 0
    with searching():
        for seed in range(1000, 1006):
            position = position_after(0, seed)
            forget()
            plain = solve(position)
            forget()
            cut = solve(position, 600.0)
            assert cut.exact and cut.value == plain.value
            exact += plain.nodes
            budgeted += cut.nodes
    forget()
    assert budgeted <= 1.25 * exact, (budgeted, exact)
