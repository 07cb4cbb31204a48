"""Missed plays: at each decision, every legal alternative, what it was worth, and the mark.

A *decision* is a play the record shows. Before it is applied, :func:`alternatives` lists every
legal placement open to the player (placements that leave the very same position, such as a
double lead's ``l`` and ``r``, count as one) with the points each scores at once. Where the
whole deal (and the boneyard order) is known, the perfect-information solver
(``muggins.analysis.solver``) adds each alternative's value over the rest of the hand, the way
bridge double-dummy analysis prices every card; a play can be right on what the player knew and
still lose against the open cards, so every figure says where it comes from (its ``basis``):

- ``exact``: perfect information, searched to the end of the hand;
- ``depth-limited``: the solver ran out of budget and searched only so deep;
- ``immediate``: the points scored at once only (hidden information, no solver budget, or a table beyond the solver: solver_search.out_of_reach).

The loss of a decision is the best alternative's figure minus the chosen one's, on the best
basis available; :func:`muggins.analysis.marks.mark_for` turns it into ``?!``, ``?`` or ``??``.
"""

from __future__ import annotations

from dataclasses import dataclass

from muggins.analysis.marks import mark_for
from muggins.notation.model import Play, Tile
from muggins.replay.facts import TurnFact
from muggins.replay.hand_state import HandState
from muggins.replay.play_rules import placements, tiles_to_play
from muggins.replay.scoring import play_points

EXACT = "exact"
DEPTH_LIMITED = "depth-limited"
IMMEDIATE = "immediate"

#: How each basis is named in reports and annotations.
BASIS_TEXT = {
    EXACT: "perfect information",
    DEPTH_LIMITED: "perfect information, depth-limited",
    IMMEDIATE: "immediate points only",
}


@dataclass(frozen=True, slots=True)
class Option:
    """One distinct legal move: a tile on an end (``end`` None for the lead), or a draw or pass
    the solver offers. ``same_as`` names other ends that leave the identical position.

    ``points`` is what it scores at once; ``value`` its worth over the rest of the hand for the
    mover's side (own points included), where the solver gave one.
    """

    tile: Tile | None
    end: str | None
    inline: bool = False
    kind: str = "play"
    points: int = 0
    value: int | None = None
    same_as: tuple[str, ...] = ()

    def describe(self) -> str:
        """``6-3 r``, ``5-5 inline``, ``5-5`` (a lead), ``draw``, ``pass``."""
        if self.kind != "play" or self.tile is None:
            return self.kind
        text = str(self.tile)
        if self.end is not None:
            text += f" {self.end}"
        if self.inline:
            text += " inline"
        return text


@dataclass(frozen=True, slots=True)
class Decision:
    """A play in the record and what else the player could have done.

    ``hand_known``: every tile of the player's hand was known, so ``options`` are all the
    alternatives; otherwise they are only the played tile's other ends. ``chosen`` indexes
    ``options``. ``loss`` is on ``basis``; ``immediate_loss`` always on the points scored now.
    """

    hand: int
    turn: int
    seat: str
    line: int
    column: int
    hand_known: bool
    options: tuple[Option, ...]
    chosen: int
    basis: str
    depth: int | None
    loss: int
    immediate_loss: int
    mark: str | None

    @property
    def played(self) -> Option:
        return self.options[self.chosen]

    @property
    def unforced(self) -> bool:
        """More than one distinct move was open (only judged when the hand was known, or when
        the played tile alone had several)."""
        return len(self.options) > 1

    @property
    def best(self) -> Option:
        """The best option on the decision's basis (the played one on a tie)."""
        return max(self.options, key=lambda o: (_figure(o, self.basis), o is self.played))

    def ranked(self) -> list[Option]:
        """The options, best first, on the decision's basis."""
        return sorted(self.options, key=lambda o: (-_figure(o, self.basis), o is not self.played))


def basis_note(decision: Decision) -> str:
    """Where a decision's figures come from, in words: ``perfect information, depth-limited, 6 plies``."""
    text = BASIS_TEXT[decision.basis]
    if decision.basis == DEPTH_LIMITED and decision.depth is not None:
        text += f", {decision.depth} plies"
    return text


def _figure(option: Option, basis: str) -> int:
    if basis == IMMEDIATE or option.value is None:
        return option.points
    return option.value


# --------------------------------------------------------------------------------------------
# Alternatives before the play


@dataclass(frozen=True, slots=True)
class Pending:
    """The alternatives worked out before a play is applied; :func:`decide` finishes it."""

    seat: str
    hand_known: bool
    options: tuple[Option, ...]
    moves: tuple | None  # the solver's MoveValues, or None


def alternatives(state: HandState, play: Play, budget: float | None) -> Pending | None:
    """The legal alternatives open to ``play.seat`` in ``state`` (the position before the play).

    None when there is nothing to judge: the hand is over, or the record's play is not among the
    legal moves (the audit reports that).
    """
    if state.over is not None or state.game.over:
        return None
    seat = play.seat
    if seat not in state.known:
        return None  # an undeclared seat: the notation layer reports it
    hand_known = state.fully_known(seat) and bool(state.known[seat])
    if hand_known:
        tiles = _tiles_open(state, seat)
    elif not state.board.laid >> play.tile.index & 1:
        tiles = [play.tile]
    else:
        return None
    if play.tile not in tiles:
        return None
    options = _distinct_options(state, tiles)
    moves = _perfect_values(state, seat, budget) if hand_known else None
    return Pending(seat, hand_known, tuple(options), moves)


def _tiles_open(state: HandState, seat: str) -> list[Tile]:
    """The tiles ``seat`` may play now, by the rules the replayer enforces."""
    board = state.board
    required = _required_lead(state, seat) if board.lead is None else None
    return tiles_to_play(board, state.known[seat], state.must_play.get(seat), required)


def _required_lead(state: HandState, seat: str) -> Tile | None:
    """The tile ``seat`` must lead, when the rules name one."""
    leader = state.game.expected_leader(state)
    return leader.tile if leader.seat == seat else None


def _distinct_options(state: HandState, tiles: list[Tile]) -> list[Option]:
    """Each placement of ``tiles`` open now; those that leave the same position as an earlier
    one (the same ends, showing and counting the same) are named on it (``same_as``)."""
    rules, board = state.rules, state.board
    out: list[Option] = []
    seen: dict[tuple, int] = {}
    for tile in tiles:
        for end, inline in placements(board, tile):
            trial = board.play(tile, end, inline)
            key = (tile, inline, trial.total(), tuple(sorted((e.pip, e.value, e.playable, e.counts) for e in trial.open_ends())))
            if key in seen:
                index = seen[key]
                first = out[index]
                out[index] = Option(first.tile, first.end, first.inline, "play", first.points, None, first.same_as + (end,))  # type: ignore[operator]
                continue
            seen[key] = len(out)
            out.append(Option(tile, end, inline, "play", play_points(trial.total(), rules)))
    return out


def _perfect_values(state: HandState, seat: str, budget: float | None):
    """The solver's value of every move, or None: no budget, hidden information, a record
    whose earlier errors leave the position in doubt, or a play out of turn."""
    if budget is not None and budget <= 0:
        return None
    if any(d.severity == "error" for d in state.game.diagnostics):
        return None
    try:
        from muggins.analysis import solver
        from muggins.analysis.solver_search import out_of_reach
    except ImportError:  # the solver is not installed in this tree yet
        return None
    try:
        position = solver.position_from_state(state)
    except ValueError:
        return None
    if out_of_reach(len(position.seats), position.rules.set_size) is not None:
        return None  # judged on immediate points, as a position with hidden tiles is
    mover = position.to_move
    if mover is None or position.seats[mover] != seat:
        return None
    return tuple(solver.evaluate_moves(position, budget))


# --------------------------------------------------------------------------------------------
# The decision, once the play is known


def decide(pending: Pending, fact: TurnFact, state: HandState) -> Decision | None:
    """The decision for the play ``fact`` (as applied), judged against ``pending``."""
    play = fact.statement
    end = None if fact.end in (None, "lead") else fact.end
    options = list(pending.options)
    chosen = _find(options, play.tile, end, play.inline)  # type: ignore[attr-defined]
    if chosen is None:
        return None
    basis, depth = IMMEDIATE, None
    if pending.moves:
        valued = _with_values(options, pending.moves)
        if valued is not None:
            options = valued
            exact = all(m.exact for m in pending.moves)
            basis = EXACT if exact else DEPTH_LIMITED
            depths = [m.depth for m in pending.moves if not m.exact and m.depth is not None]
            depth = min(depths) if depths else None
    played = options[chosen]
    best_now = max(o.points for o in options)
    immediate_loss = best_now - played.points
    if basis == IMMEDIATE:
        loss = immediate_loss
    else:
        loss = max(o.value for o in options if o.value is not None) - played.value  # type: ignore[operator]
    return Decision(
        fact.hand,
        fact.turn,
        fact.seat,
        getattr(play, "line", 0),
        getattr(play, "column", 0),
        pending.hand_known,
        tuple(options),
        chosen,
        basis,
        depth,
        loss,
        immediate_loss,
        mark_for(loss, state.rules),
    )


def _find(options: list[Option], tile: Tile, end: str | None, inline: bool) -> int | None:
    for i, option in enumerate(options):
        if option.tile is tile and option.inline == inline and (option.end == end or end in option.same_as):
            return i
    return None


def _with_values(options: list[Option], moves) -> list[Option] | None:
    """The options with the solver's values; None when the solver's moves do not cover them."""
    out: list[Option] = []
    used: set[int] = set()
    for option in options:
        values = []
        for i, mv in enumerate(moves):
            move = mv.move
            if move.kind != "play":
                continue
            move_end = None if move.end in (None, "lead") else move.end
            if move.tile is option.tile and move.inline == option.inline and (move_end == option.end or move_end in option.same_as):
                values.append(mv.value)
                used.add(i)
        if not values:
            return None
        out.append(Option(option.tile, option.end, option.inline, "play", option.points, max(values), option.same_as))
    for i, mv in enumerate(moves):
        if i not in used and mv.move.kind in ("draw", "pass"):
            out.append(Option(None, None, False, mv.move.kind, 0, mv.value))
    return out
