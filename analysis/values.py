"""The one place the analysis asks the solver: a position's moves and their values.

Open-cards figures (``missed``) and every sampled deal of the expected figures (``expected``)
come through :func:`move_values`, so a faster solver core behind
``muggins.analysis.solver.evaluate_moves`` serves both at once. The solver is imported when first
asked for (a command that never solves never loads it), and it is looked up each time, so a test
may stand another in its place.
"""

from __future__ import annotations

import gc
from typing import Any


def _solver() -> Any:
    from muggins.analysis import solver

    return solver


def position_of(state) -> Any:
    """The solver's position for a replayed ``state`` (ValueError when a tile is hidden)."""
    return _solver().position_from_state(state)


def move_values(position, budget: float | None) -> tuple:
    """Every legal move of the seat to move in ``position`` with its value (the solver's
    ``MoveValue``: the point difference for the mover's side over the rest of the hand), searched
    for at most ``budget`` seconds (None: to the end, exactly)."""
    return tuple(_solver().evaluate_moves(position, budget))


def forget(layouts: bool = False, collect: bool = False) -> None:
    """Let the solver drop what it keeps between calls, so that memory stays flat from one
    decision, hand and record to the next: its transposition tables (after each decision) and,
    with ``layouts``, the layout tables of the rule sets met (after each record: they grow with
    every layout met). ``collect`` (after each hand): a full collection too. The solver keeps the
    collector out of its searches and hands what they made to the oldest generation, whose
    garbage (cycles among the engines' objects) only a full collection frees, and one may not
    come for a long time: measured, a folder's peak memory grew with every record without it.
    (After every decision it would cost a third more time: each collection walks the live
    layout tables too.)"""
    solver = _solver()
    drop = getattr(solver, "forget", None)
    if drop is not None:
        drop(layouts=layouts)
    if collect:
        gc.collect()
