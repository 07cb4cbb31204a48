"""The one place the analysis asks the solver: a position's moves and their values.

Open-cards figures (``missed``) and every sampled deal of the expected figures (``expected``)
come through :func:`move_values`, that is ``muggins.analysis.solver.evaluate_moves``, which runs
the compiled core where it is built and serves the position (``solver_core``), else the
pure-Python one: both views, and every sampled deal, are solved on the same core. The solver is imported when first
asked for (a command that never solves never loads it), and it is looked up each time, so a test
may stand another in its place.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Callable, Protocol

if TYPE_CHECKING:
    from muggins.analysis.solver import MoveValue
    from muggins.analysis.solver_position import Move, Position
    from muggins.replay.hand_state import HandState


class Solver(Protocol):
    """What the analysis asks of the solver (``muggins.analysis.solver``, or a test's stand-in)."""

    def position_from_state(self, state: HandState) -> Position: ...

    def evaluate_moves(
        self, position: Position, budget: float | None = None, wanted: Callable[[Move], bool] | None = None
    ) -> list[MoveValue]: ...


def _solver() -> Solver:
    from muggins.analysis import solver

    return solver


def out_of_reach(seats: int, set_size: int) -> str | None:
    """Why no solver can search a table of ``seats`` players and a set of ``set_size`` tiles
    (``solver_search.out_of_reach``), or None where one can."""
    from muggins.analysis.solver_search import out_of_reach as refused

    return refused(seats, set_size)


def position_of(state: HandState) -> Position:
    """The solver's position for a replayed ``state`` (ValueError when a tile is hidden, or the
    table is beyond the solver: :func:`out_of_reach`)."""
    position = _solver().position_from_state(state)
    refused = out_of_reach(len(position.seats), position.rules.set_size)
    if refused is not None:
        raise ValueError(refused)
    return position


def move_values(position: Position, budget: float | None, wanted: Callable[[Move], bool] | None = None) -> tuple[MoveValue, ...]:
    """Every legal move of the seat to move in ``position`` with its value (the solver's
    ``MoveValue``: the point difference for the mover's side over the rest of the hand), searched
    for at most ``budget`` seconds (None: to the end, exactly); with ``wanted`` (a test of the
    solver's ``Move``), only the moves it takes."""
    if wanted is None:
        return tuple(_solver().evaluate_moves(position, budget))
    return tuple(_solver().evaluate_moves(position, budget, wanted))


def forget(layouts: bool = False, collect: bool = False) -> None:
    """Let the solver drop what it keeps between calls, so that memory stays flat from one
    decision, hand and record to the next: its transposition tables (after each decision; the
    compiled core's one block too) and, with ``layouts``, the layout tables of the rule sets met
    (after each record: they grow with every layout met). ``collect`` (after each hand): a full
    collection too. The solver keeps the collector out of its searches and hands what they made
    to the oldest generation, whose garbage (cycles among the engines' objects) only a full
    collection frees, and one may not come for a long time: measured, a folder's peak memory
    grew with every record without it. (After every decision it would cost a third more time:
    each collection walks the live layout tables too.)"""
    drop = getattr(_solver(), "forget", None)  # (a test's stand-in may keep nothing)
    if drop is not None:
        drop(layouts=layouts)  # the compiled core's engines and table as well
    if collect:
        gc.collect()
