"""The perfect-information solver for the rest of a hand: what each move is worth with every tile known.

Where a record holds the whole deal (and the boneyard order, where tiles can still be drawn),
:func:`solve` and :func:`evaluate_moves` search the rest of the hand to its end. A value is the
final point difference for the side of the player to move over the **rest of the hand**: the
points every play makes from now on (counted in full, as if always claimed) plus the
end-of-hand scoring of the record's rule set, sides being the teams where partners play. With
two sides it is the exact own-minus-other difference under best play by both. With more sides
(three players, or four playing for themselves) it is a *paranoid* value: own minus the sum of
the others, every other side taken to play against the side to move as one coalition, which
is the most that side can be sure of. Targets are ignored: a solve values one hand.

Like a bridge double-dummy result, a value says what a move is worth against the open tiles,
not what the player could have known.

``budget`` (seconds per call) bounds the work: when the exact answer takes longer, the search
deepens play by play (2, 4, 6, 10, 14... plays) and reports the deepest search it finished
(``exact=False``, ``depth`` plays), valuing the positions at its horizon by a simple estimate of
the end-of-hand score. Within 7 plays of the end it searches to the end at once: a search cut
that near costs nearly what the exact one does (the cut searches 22 and 26 plays deep from the
opening made a budgeted evaluation of its moves 1.6 times the exact one). Without a budget, or
within it, the values are exact.
"""

from __future__ import annotations

import gc
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, TypeVar

from muggins.analysis import solver_core
from muggins.analysis.solver_position import Move, Position, position_from_state
from muggins.analysis.solver_search import CUT_SHORT, EXACT, Engine, Node, OutOfTime
from muggins.analysis.solver_table import forget_tables, layout_table

__all__ = ["Move", "MoveValue", "Position", "Solution", "evaluate_moves", "forget", "position_from_state", "searching", "solve"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class MoveValue:
    """A legal move and its value for the side to move, over the rest of the hand.

    The value includes the points the move scores itself. ``depth`` is None for an exact value,
    else the number of plays the search looked ahead (this move included).
    """

    move: Move
    value: int
    exact: bool
    depth: int | None


@dataclass(frozen=True, slots=True)
class Solution:
    """The value of a position for the side to move, and a best line of play from it.

    ``best`` is the principal variation: a best move, then the best reply, and so on to the end
    of the hand (or to the horizon of a cut search). ``nodes`` and ``seconds`` measure the work.
    """

    value: int
    best: tuple[Move, ...]
    exact: bool
    nodes: int
    seconds: float
    depth: int | None


# -- engines are kept between calls: the positions of one hand share their table --------------

_ENGINES: list[Engine] = []
_KEEP = 3


def forget(layouts: bool = True) -> None:
    """Drop the engines kept between calls (their transposition tables can be large), and
    unless ``layouts`` is false the layout tables of the rule sets met so far."""
    for engine in _ENGINES:
        engine.close()
    _ENGINES.clear()
    solver_core.forget(layouts)
    if layouts:
        forget_tables()


def _engine(position: Position) -> Engine:
    perspective = position.sides[position.to_move]
    paranoid = len(set(position.sides)) > 2
    for engine in _ENGINES:
        if (
            engine.seats == position.seats
            and engine.sides == position.sides
            and (not paranoid or engine.perspective == perspective)
            and engine.bone_order[len(engine.bone_order) - len(position.boneyard) :] == position.boneyard
            and engine.rules == position.rules
            and engine.layouts is layout_table(position.rules)
        ):
            _ENGINES.remove(engine)
            _ENGINES.insert(0, engine)
            return engine
    engine = Engine(position.rules, position.seats, position.sides, position.boneyard, perspective)
    _ENGINES.insert(0, engine)
    for dropped in _ENGINES[_KEEP:]:
        dropped.close()
    del _ENGINES[_KEEP:]
    return engine


@contextmanager
def searching(depth: int = 20_000) -> Iterator[None]:
    """Settings for a process that solves, chosen by the caller that owns the process (the
    command line's ``analyze``, a benchmark): :func:`solve` and :func:`evaluate_moves` change
    nothing process-wide themselves, and run the same, only slower, outside this.

    Inside, the collector stays out (the search makes millions of small tuples that never form
    cycles), and the recursion may go ``depth`` frames deep (a whole hand of the largest set
    with its draws needs more than Python's default allows). Afterwards both are as they
    were, and what was made meanwhile joins the oldest generation unscanned (freeze,
    unfreeze): re-enabled as it was, the collector would at once scan every object made
    meanwhile (as long as a small solve itself); a full collection still sees them.
    """
    was = gc.isenabled()
    limit = sys.getrecursionlimit()
    gc.disable()
    sys.setrecursionlimit(max(limit, depth))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)
        if was:
            if not gc.get_freeze_count():  # (a caller's frozen objects stay frozen)
                gc.freeze()
                gc.unfreeze()
            gc.enable()


@contextmanager
def _dropped_if_too_deep() -> Iterator[None]:
    """A search that runs out of stack leaves its engine (and perhaps a layout table) half way
    through a move: drop them all, and say what the caller can do."""
    try:
        yield
    except RecursionError:
        forget()
        raise RecursionError(
            f"the search went deeper than this process's recursion limit ({sys.getrecursionlimit()}):"
            " solve inside muggins.analysis.solver.searching(), which raises it"
        ) from None


# -- positions as search nodes -------------------------------------------------------------------


class _Root:
    """A position seen by one engine: its node, and how its values read for its mover."""

    def __init__(self, engine: Engine, position: Position) -> None:
        if any(t.index >= len(engine.tiles) for hand in position.hands for t in hand):
            raise ValueError(f"a hand holds a tile that is not in a double-{position.rules.max_pip} set")
        self.engine = engine
        self.position = position
        self.mover = position.to_move
        self.outcome = position.outcome()
        self.masks = [sum(1 << t.index for t in hand) for hand in position.hands]
        layout = engine.layouts.number(position.layout)
        must = position.must_play
        if must is None and position.layout.is_empty:
            must = position.required_lead
        bpos = engine.nb - len(position.boneyard)
        self.node = engine.node(self.masks, layout, self.mover, bpos, must.index if must is not None else -1)
        self.left = sum(len(h) for h in position.hands) + len(position.boneyard)

    def terminal_value(self) -> int:
        """The end-of-hand score for the mover (scaled), once the hand is over."""
        assert self.outcome is not None
        kind, seat = self.outcome
        went_out = self.position.seats.index(seat) if seat is not None else -1
        return self.engine.sign[self.mover] * self.engine.end_value(kind, went_out, tuple(self.masks))

    def value(self, guess: int = 0, deepen: bool = False) -> int:
        """The mover's value (scaled), to the engine's current floor; ``deepen``: exact, found
        through a few cut searches first (they give a close first guess and good move order)."""
        if self.outcome is not None:
            return self.terminal_value()
        if deepen:
            guess = self.engine.guess(self.node, self.masks, self.left, guess)
        return self.engine.mtdf(self.node, self.masks, guess)

    def at_least(self, target: int) -> bool:
        """Whether the mover's value is at least ``target`` (one null-window test)."""
        if self.outcome is not None:
            return self.terminal_value() >= target
        return self.engine.value(self.node, self.masks, target - 1, target) >= target


def _child(root: _Root, move: Move) -> tuple[int, int, _Root]:
    """The points ``move`` scores (scaled), the sign turning the child's value into the
    mover's, and the child."""
    after, points = root.position.after_legal(move)
    child = _Root(root.engine, after)
    return points // root.engine.scale, root.engine.sign[root.mover] * root.engine.sign[child.mover], child


def _children(root: _Root, wanted: Callable[[Move], bool] | None = None) -> list[tuple[Move, int, int, _Root]]:
    """Each legal move (that ``wanted`` takes) with :func:`_child`; moves that lead to the same
    node share one child."""
    shared: dict[tuple[Node, tuple[str, str | None] | None], _Root] = {}
    out = []
    for move in root.position.legal_moves():
        if wanted is not None and not wanted(move):
            continue
        points, flip, child = _child(root, move)
        child = shared.setdefault((child.node, child.outcome), child)
        out.append((move, points, flip, child))
    return out


def _best_line(root: _Root, value: int, horizon: int) -> tuple[Move, ...]:
    """A line of best moves from ``root``, whose value for its mover is ``value`` (scaled).

    At each step the move the table holds as best is tried first; the others only if it does
    not prove to keep the value.
    """
    line: list[Move] = []
    node = root
    while node.outcome is None and node.left > horizon:
        preferred = node.engine.best_tile(node.node)
        moves = sorted(node.position.legal_moves(), key=lambda m: m.tile is None or m.tile.index != preferred)
        for move in moves:
            points, flip, child = _child(node, move)
            wanted = flip * (value - points)  # what the child must be worth to its own mover
            if flip > 0 and child.at_least(wanted) or flip < 0 and not child.at_least(wanted + 1):
                line.append(move)
                node, value = child, wanted
                break
        else:  # cannot happen with exact values; a cut search may disagree with itself at the horizon
            break
    return tuple(line)


# -- the API -----------------------------------------------------------------------------------------


def _deepening(root: _Root, budget: float | None, work: Callable[[bool], T]) -> tuple[T, bool, int | None]:
    """Run ``work`` exactly, or under a budget deepening play by play until time runs out.

    ``work(deepen)`` does the search at the engine's floor (exact when ``deepen``). Returns its
    result, whether it is exact, and the depth reached (None when exact).
    """
    engine = root.engine
    engine.deadline = None
    if budget is None:
        engine.set_floor(EXACT)
        return work(True), True, None
    deadline = time.perf_counter() + budget
    result: T | None = None
    reached = 0
    depth = 0
    while depth <= root.left:
        depth = depth + 2 if depth < 6 else depth + 4
        floor = root.left - depth if depth < root.left - CUT_SHORT else EXACT  # as the guess
        engine.set_floor(floor)
        engine.deadline = deadline if reached else None  # the first, shallow search always finishes
        try:
            result = work(False)
        except OutOfTime:
            break
        finally:
            engine.deadline = None
        if floor == EXACT:
            return result, True, None
        reached = depth
    engine.set_floor(root.left - reached)
    return result, False, reached  # type: ignore[return-value]  # never None: the first search has no deadline


def solve(position: Position, budget: float | None = None) -> Solution:
    """The value of ``position`` for the side to move, and a best line (see the module doc);
    on the compiled core where it serves (``solver_core``)."""
    found = solver_core.solve(position, budget) if solver_core.serves(position) else None
    if found is not None:
        return found
    start = time.perf_counter()
    engine = _engine(position)
    counted = engine.node_count()
    root = _Root(engine, position)
    last = 0  # each deeper search starts from the value the last one found

    def value(deepen: bool) -> int:
        nonlocal last
        last = root.value(last, deepen)
        return last

    with _dropped_if_too_deep():
        value_found, exact, depth = _deepening(root, budget, value)
        horizon = -1 if exact else root.left - (depth or 0)
        best = _best_line(root, value_found, horizon)
        engine.set_floor(EXACT)
    return Solution(value_found * engine.scale, best, exact, engine.node_count() - counted, time.perf_counter() - start, depth)


def evaluate_moves(position: Position, budget: float | None = None, wanted: Callable[[Move], bool] | None = None) -> list[MoveValue]:
    """Every legal move of the side to move with its value (see :class:`MoveValue`), or only
    those ``wanted`` says yes to (the others are not searched, and not listed: a caller
    sampling many deals stops valuing the moves it already knows to be worse); on the
    compiled core where it serves (``solver_core``)."""
    found = solver_core.evaluate_moves(position, budget, wanted) if solver_core.serves(position) else None
    if found is not None:
        return found
    engine = _engine(position)
    root = _Root(engine, position)
    children = _children(root, wanted)

    last: dict[int, int] = {}  # each child's value in the last, shallower search

    def values(deepen: bool) -> list[int]:
        found: dict[int, int] = {}
        out: list[int] = []
        guess = 0
        for _move, points, flip, child in children:
            if id(child) not in found:
                found[id(child)] = child.value(last.get(id(child), flip * (guess - points)), deepen)
            value = points + flip * found[id(child)]
            guess = max(guess, value) if out else value
            out.append(value)
        last.update(found)
        return out

    with _dropped_if_too_deep():
        result, exact, depth = _deepening(root, budget, values)
        engine.set_floor(EXACT)
    scale = engine.scale
    return [MoveValue(move, value * scale, exact, depth) for (move, *_), value in zip(children, result)]
