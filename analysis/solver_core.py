"""Which search core the solver runs: the compiled one when it is built, else the pure-Python one.

The compiled core (``muggins.analysis._solver_core``, source ``analysis/_solver_core.c``) is the
same search as ``solver_search.py`` over its own compact encoding, built by ``pip install .``
where a C compiler is present (``setup.py``: without one the install still succeeds, pure
Python). Both give the same exact values; the pure-Python core stays the reference, and the
tests compare the two. ``MUGGINS_SOLVER_CORE=python`` or ``=compiled`` forces one (asking for
the compiled core where it is not built is an error, :class:`SolverCoreError`).

Everything the compiled core reads of a :class:`~muggins.analysis.solver_position.Position`
comes from :func:`core_input`, the one place that knows both encodings; :func:`solve` and
:func:`evaluate_moves` turn its answers back into :class:`Move` values with the board's arm
names. Engines are kept between calls as ``solver.py`` keeps its own (the positions of one hand
share their table); the compiled core's transposition table is one fixed block for all of them.
"""

from __future__ import annotations

import functools
import os
import time
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence

from muggins.analysis.solver_position import DRAW, PASS, Move, Position
from muggins.analysis.solver_search import out_of_reach
from muggins.analysis.solver_table import granularity
from muggins.i18n import msg
from muggins.notation.model import Tile, full_set
from muggins.replay.board import branch_names
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import end_of_hand, play_points, points_table

if TYPE_CHECKING:
    from muggins.analysis._solver_core import Engine as CoreEngine
    from muggins.analysis._solver_core import Layouts as CoreLayouts
    from muggins.analysis._solver_core import CoreMove, Scorer, State, ValuedMove
    from muggins.analysis.solver import MoveValue, Solution

try:
    from muggins.analysis import _solver_core as _compiled
except ImportError:  # built without a C compiler: the pure-Python core serves
    _compiled = None  # type: ignore[assignment]  # typed as the module: used only where available() or active() says it is built

CORE_ENV = "MUGGINS_SOLVER_CORE"
CORES = ("compiled", "python")


class SolverCoreError(RuntimeError):
    """The core asked for through ``MUGGINS_SOLVER_CORE`` cannot be had."""


def available() -> bool:
    """Whether the compiled core is built in this installation."""
    return _compiled is not None


def active() -> str:
    """The core solves run on now: ``"compiled"`` or ``"python"`` (see the module doc)."""
    wanted = os.environ.get(CORE_ENV, "").strip().lower()
    if not wanted:
        return "compiled" if _compiled is not None else "python"
    if wanted not in CORES:
        raise SolverCoreError(msg("{variable}={wanted!r}: the solver core is 'compiled' or 'python'", variable=CORE_ENV, wanted=wanted))
    if wanted == "compiled" and _compiled is None:
        raise SolverCoreError(
            msg(
                "{variable}=compiled, but the compiled solver core is not built in this installation"
                " (it is built by `pip install .` where a C compiler is present)",
                variable=CORE_ENV,
            )
        )
    return wanted


def serves(position: Position) -> bool:
    """Whether the compiled core solves ``position`` (it is active, and the position is one it
    takes: a tile that must be played is in the hand to move; anything else goes to the
    pure-Python core, the reference, whatever it makes of it)."""
    if active() != "compiled":
        return False
    must = _must(position)
    return must is None or must in position.hands[position.to_move]


# -- the one conversion: a Position as the compiled core reads it -----------------------------

_SPINNER = {"none": 0, "first_double": 1, "every_double": 2, "sniff": 3}
_COUNTS_UNTIL = {"both_sides": 0, "one_side": 1, "three_sides": 2, "ends_covered": 3}


#: What one compiled engine is made for: (rules, seats, sides, perspective).
EngineKey = tuple[RuleSet, tuple[str, ...], tuple[str, ...], str]


class CoreInput(NamedTuple):
    """A position for the compiled core: what its engine is made from, and the state solved."""

    engine_key: EngineKey  # equal keys, one engine serves both
    layout_rules: tuple[int, ...]  # (with the same boneyard order)
    points: tuple[int, ...]
    turn_rules: tuple[int, ...]
    signs: tuple[int, ...]
    boneyard: tuple[int, ...]
    scale: int
    state: State  # (hands, layout, mover, tiles left in the boneyard, tile that must be played)

    def scorer(self) -> Scorer:
        """The end-of-hand scoring the engine calls back (made when an engine is)."""
        return _scorer(*self.engine_key, self.scale)


def core_input(position: Position) -> CoreInput:
    """``position`` in the compiled core's terms: ValueError where the Python solver refuses it.

    The rules become small ints (their meanings in ``_solver_core.c``'s header); the layout
    its arms ``(pip, kind, count, spinner pip)`` in the board's order and its spinners
    ``(pip, sides, covered, onto)`` as :class:`~muggins.replay.board.Layout` holds them
    (``arms``, ``spins``); hands and boneyard tile indices. Values come back scaled by ``scale``.
    """
    rules = position.rules
    refused = out_of_reach(len(position.seats), rules.set_size)  # as solver_search.Engine refuses them
    if refused is not None:
        raise ValueError(refused)
    layout_rules, turn_rules, points, scale = _rule_input(rules)
    sides = position.sides
    side_list = list(dict.fromkeys(sides))
    perspective = sides[position.to_move] if len(side_list) > 2 else side_list[0]  # paranoid: the mover's side
    layout = position.layout
    must = _must(position)
    state = (
        tuple(tuple(t.index for t in hand) for hand in position.hands),
        (layout.arms, layout.spins, int(layout.is_empty), int(layout.lead_is_crosswise_double), layout.doubles, layout.count),
        position.to_move,
        len(position.boneyard),
        must.index if must is not None else -1,
    )
    return CoreInput(
        (rules, position.seats, sides, perspective),
        layout_rules,
        points,
        turn_rules,
        tuple(1 if side == perspective else -1 for side in sides),
        tuple(t.index for t in position.boneyard),
        scale,
        state,
    )


def _must(position: Position) -> Tile | None:
    """The tile the mover must play: one drawn, or the required lead on an empty table."""
    if position.must_play is None and position.layout.is_empty:
        return position.required_lead
    return position.must_play


@functools.lru_cache(maxsize=16)
def _rule_input(rules: RuleSet) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    scale = granularity(rules)
    layout_rules = (
        rules.max_pip,
        _SPINNER[rules.spinner],
        int(rules.spinner_order == "any"),
        _COUNTS_UNTIL[rules.spinner_counts_until],
        int(rules.double_end_counts == "one_half"),
    )
    domino_zero = rules.domino_scoring == "none" and not rules.hand_winner_bonus
    blocked_zero = rules.blocked_scoring == "none"
    # solver_search.Engine.estimate: a blocked hand's score, else none, else the lightest out.
    estimate = 1 if not blocked_zero else 0 if domino_zero else 2
    turn_rules = (
        int(rules.drawing != "none"),
        int(rules.play_drawn_at_once),
        max(0, min(rules.boneyard_reserve, 253)),
        int(rules.voluntary_draw),
        int(domino_zero),
        int(blocked_zero),
        estimate,
    )
    table = points_table(rules)
    needed = _compiled.totals(layout_rules) if _compiled is not None else len(table)
    totals = table + tuple(play_points(total, rules) for total in range(len(table), needed))
    return layout_rules, turn_rules, tuple(p // scale for p in totals), scale


#: End-of-hand answers one scorer keeps (then it starts afresh).
_SCORER_MEMO = 100_000


@functools.lru_cache(maxsize=8)
def _scorer(rules: RuleSet, seats: tuple[str, ...], sides: tuple[str, ...], perspective: str, scale: int) -> Scorer:
    """End-of-hand scoring from the perspective side, scaled, as solver_search.Engine.end_value
    works it out; one per table, shared by its engines, remembering its answers (a call of
    ``end_of_hand`` costs some ten microseconds; the compiled core caches them as well)."""
    side_of = dict(zip(seats, sides))
    memo: dict[tuple[int, int, tuple[int, ...]], int] = {}

    def score(kind: int, went_out: int, pips: tuple[int, ...]) -> int:
        key = (kind, went_out, pips)
        found = memo.get(key)
        if found is None:
            award = end_of_hand("blocked" if kind else "domino", seats[went_out] if went_out >= 0 else None, dict(zip(seats, pips)), side_of, rules)
            found = sum(points if side == perspective else -points for side, points in award.points.items()) // scale
            if len(memo) >= _SCORER_MEMO:
                memo.clear()
            memo[key] = found
        return found

    return score


@functools.lru_cache(maxsize=256)
def _end_name(arm: int) -> str:
    """The board's name of arm number ``arm``: ``l``, ``r``, then each spinner's two branches."""
    if arm < 2:
        return ("l", "r")[arm]
    return branch_names((arm - 2) // 2 + 1)[arm % 2]


# -- engines, kept between calls ---------------------------------------------------------------

_ENGINES: list[tuple[EngineKey, tuple[int, ...], CoreEngine]] = []
_KEEP = 3
_LAYOUTS: dict[tuple[tuple[int, ...], tuple[int, ...]], CoreLayouts] = {}  # the layout tables, by layout rules and points (the last few)


def _engine(given: CoreInput) -> tuple[CoreEngine, State]:
    """An engine for ``given`` (one kept from an earlier call where it fits) and its state."""
    left = len(given.boneyard)
    for entry in _ENGINES:
        key, bone, engine = entry
        if key == given.engine_key and bone[len(bone) - left :] == given.boneyard:
            _ENGINES.remove(entry)
            _ENGINES.insert(0, entry)
            return engine, given.state
    table_key = (given.layout_rules, given.points)
    layouts = _LAYOUTS.pop(table_key, None) or _compiled.Layouts(given.layout_rules, given.points)
    _LAYOUTS[table_key] = layouts
    while len(_LAYOUTS) > 4:
        del _LAYOUTS[next(iter(_LAYOUTS))]
    engine = _compiled.Engine(layouts, given.turn_rules, given.signs, given.boneyard, given.scorer())
    _ENGINES.insert(0, (given.engine_key, given.boneyard, engine))
    del _ENGINES[_KEEP:]
    return engine, given.state


def forget(layouts: bool = True) -> None:
    """Drop the compiled engines kept between calls and empty the transposition table; unless
    ``layouts`` is false, drop the layout tables and the end-of-hand answers too, and free the
    table's memory. Between the solves of one run (``layouts`` false) the table keeps its block,
    emptied in place: the next solve faults in none of its pages again, which on a virtual
    machine costs more than a small solve (bench/bench_solver.py)."""
    _ENGINES.clear()
    if layouts:
        _LAYOUTS.clear()
        _scorer.cache_clear()
    if _compiled is not None:
        _compiled.forget(keep=not layouts)


@functools.lru_cache(maxsize=8)
def _tiles(max_pip: int) -> tuple[Tile, ...]:
    return full_set(max_pip)


def _moves(found: Sequence[CoreMove | ValuedMove], position: Position) -> list[Move]:
    """The compiled core's moves (kind, tile, arm number, inline) as Moves by the board's names."""
    tiles = _tiles(position.rules.max_pip)
    out: list[Move] = []
    for kind, tile, arm, inline, *_ in found:
        if kind == 1:
            out.append(DRAW)
        elif kind == 2:
            out.append(PASS)
        else:
            out.append(Move(tiles[tile], None if arm < 0 else _end_name(arm), bool(inline)))
    return out


def solve(position: Position, budget: float | None = None) -> Solution | None:
    """:func:`muggins.analysis.solver.solve` on the compiled core (None: a position that needs
    more layouts than its bounded table holds; the caller solves it on the Python core)."""
    from muggins.analysis.solver import Solution

    start = time.perf_counter()
    given = core_input(position)
    engine, state = _engine(given)
    try:
        value, line, exact, nodes, depth = engine.solve(state, -1.0 if budget is None else max(0.0, budget))
    except _compiled.LayoutsFull:
        return None
    return Solution(value * given.scale, tuple(_moves(line, position)), exact, nodes, time.perf_counter() - start, depth)


def evaluate_moves(position: Position, budget: float | None = None, wanted: Callable[[Move], bool] | None = None) -> list[MoveValue] | None:
    """:func:`muggins.analysis.solver.evaluate_moves` on the compiled core (None as for
    :func:`solve`); ``wanted``: only the moves it says yes to are searched and listed."""
    from muggins.analysis.solver import MoveValue

    given = core_input(position)
    engine, state = _engine(given)
    flags = None if wanted is None else [wanted(move) for move in _moves(engine.moves(state), position)]
    try:
        found, exact, depth = engine.evaluate(state, -1.0 if budget is None else max(0.0, budget), flags)
    except _compiled.LayoutsFull:
        return None
    scale = given.scale
    return [MoveValue(move, row[4] * scale, exact, depth) for move, row in zip(_moves(found, position), found) if row[4] is not None]
