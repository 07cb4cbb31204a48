"""Missed plays: at each decision, every legal alternative, what it was worth, and the mark.

A *decision* is a play the record shows. Before it is applied, :func:`alternatives` lists every
legal placement open to the player (placements that leave the very same position, such as a
double lead's ``l`` and ``r``, count as one) with the points each scores at once. Each
alternative then gets a value over the rest of the hand, and every figure says where it comes
from (its ``basis``):

- ``expected``: the mean over deals of the tiles the player could not see, each solved with
  every tile open (``analysis.expected``): what the play was worth on what its player could
  know, with its standard error (the default verdict);
- ``exact``: with every tile open (the whole deal and the boneyard order known), searched to the
  end of the hand, the way bridge double-dummy analysis prices every card: a play can be right
  on what the player knew and still lose against the open cards (``--view open-cards``);
- ``depth-limited``: the same, but the solver ran out of budget and searched only so deep;
- ``immediate``: the points scored at once only (no solver budget, a hidden hand, a table
  beyond the solver, ``solver_search.out_of_reach``, or figures cut short: ``note`` says why).

The loss of a decision is the best alternative's figure minus the chosen one's;
:func:`muggins.analysis.marks.mark_for` turns it, with its standard error, into ``?!``, ``?``
or ``??``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from muggins.analysis.marks import mark_for
from muggins.analysis.values import move_values, position_of
from muggins.i18n import N_
from muggins.notation.model import Play, Tile
from muggins.replay.facts import TurnFact
from muggins.replay.hand_state import HandState
from muggins.replay.play_rules import Move, placements, tiles_to_play
from muggins.replay.scoring import play_points

if TYPE_CHECKING:
    from muggins.analysis.expected import Expected
    from muggins.analysis.solver import MoveValue

EXPECTED = "expected"
EXACT = "exact"
DEPTH_LIMITED = "depth-limited"
IMMEDIATE = "immediate"

#: How each basis is named in reports and annotations (marked for the catalogues; an annotated
#: record says them in English, as it is data).
BASIS_TEXT = {
    EXPECTED: N_("expected on what the player could know"),
    EXACT: N_("perfect information"),
    DEPTH_LIMITED: N_("perfect information, depth-limited"),
    IMMEDIATE: N_("immediate points only"),
}


@dataclass(frozen=True, slots=True)
class Option:
    """One distinct legal move: a tile on an end (``end`` None for the lead), or a draw or pass
    the solver offers. ``same_as`` names other ends that leave the identical position.

    ``points`` is what it scores at once; ``value`` its worth over the rest of the hand for the
    mover's side (own points included), where the solver gave one: a mean over sampled deals
    (with its ``standard_error``) on the expected basis.
    """

    tile: Tile | None
    end: str | None
    inline: bool = False
    kind: str = "play"
    points: int = 0
    value: float | None = None
    same_as: tuple[str, ...] = ()
    standard_error: float | None = None
    samples: int | None = None  # on the expected basis: the deals it was solved in

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
    On the expected basis ``samples`` deals were solved, ``standard_error`` is the loss's and
    ``stopped`` says why sampling stopped (``analysis.expected``). ``note`` says why figures
    are on a lesser basis than asked for (``not analyzed: ...``, a spent hand budget).
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
    loss: float
    immediate_loss: int
    mark: str | None
    samples: int = 0
    standard_error: float = 0.0
    stopped: str | None = None
    note: str | None = None

    @property
    def played(self) -> Option:
        return self.options[self.chosen]

    @property
    def unforced(self) -> bool:
        """More than one distinct move was open (only judged when the hand was known, or when
        the played tile alone had several)."""
        return len(self.options) > 1

    @property
    def places(self) -> int:
        """Decimals its figures are shown to: 1 for expected figures (means over samples), 0
        for the others (whole points)."""
        return 1 if self.basis == EXPECTED else 0

    def figure(self, option: Option) -> float:
        """``option``'s figure on the decision's basis: its value, or its points where the basis
        is the immediate one (or the solver gave it no value)."""
        return _figure(option, self.basis)

    @property
    def best(self) -> Option:
        """The best option on the decision's basis (the played one on a tie)."""
        return max(self.options, key=lambda o: (_figure(o, self.basis), o is self.played))

    def ranked(self) -> list[Option]:
        """The options, best first, on the decision's basis."""
        return sorted(self.options, key=lambda o: (-_figure(o, self.basis), o is not self.played))


def basis_note(decision: Decision) -> str:
    """Where a decision's figures come from, in words: ``perfect information, depth-limited, 6
    plies``; ``expected on what the player could know, 24 samples, loss ± 2.5``."""
    text = BASIS_TEXT[decision.basis]
    if decision.basis == DEPTH_LIMITED and decision.depth is not None:
        text += f", {decision.depth} plies"
    if decision.basis == EXPECTED:
        text += f", {decision.samples} sample{'s' if decision.samples != 1 else ''}"
        if decision.depth is not None:
            text += f" searched {decision.depth} plies deep"
        if decision.standard_error:
            text += f", loss \u00b1 {decision.standard_error:.1f}"
    return text


def _figure(option: Option, basis: str) -> float:
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
    moves: tuple[MoveValue, ...] | None  # the solver's values of the moves, or None


def alternatives(state: HandState, play: Play, budget: float | None, open_cards: bool = True) -> Pending | None:
    """The legal alternatives open to ``play.seat`` in ``state`` (the position before the play),
    valued with the cards open where ``open_cards`` and the deal is known.

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
    moves = _perfect_values(state, seat, budget) if hand_known and open_cards else None
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
    seen: dict[tuple[Tile, bool, int, tuple[tuple[int, int, bool, bool], ...]], int] = {}
    for tile in tiles:
        for end, inline in placements(board, tile):
            trial = board.play(tile, end, inline)
            key = (tile, inline, trial.total(), tuple(sorted((e.pip, e.value, e.playable, e.counts) for e in trial.open_ends())))
            if key in seen:
                index = seen[key]
                first = out[index]
                out[index] = Option(first.tile, first.end, first.inline, "play", first.points, None, first.same_as + (end,))  # type: ignore[operator]  # end is not None: a placement that leaves the position of another is not a lead
                continue
            seen[key] = len(out)
            out.append(Option(tile, end, inline, "play", play_points(trial.total(), rules)))
    return out


def _perfect_values(state: HandState, seat: str, budget: float | None) -> tuple[MoveValue, ...] | None:
    """The solver's value of every move, or None: no budget, hidden information, a record
    whose earlier errors leave the position in doubt, or a play out of turn."""
    if budget is not None and budget <= 0:
        return None
    if any(d.severity == "error" for d in state.game.diagnostics):
        return None
    try:
        position = position_of(state)
    except ValueError:  # a hidden tile, or a table beyond the solver
        return None
    mover = position.to_move
    if mover is None or position.seats[mover] != seat:
        return None
    return move_values(position, budget)


# --------------------------------------------------------------------------------------------
# The decision, once the play is known


def decide(pending: Pending, fact: TurnFact, state: HandState, expected: Expected | None = None, note: str | None = None) -> Decision | None:
    """The decision for the play ``fact`` (as applied), judged against ``pending``: on the
    open cards where ``pending`` has the solver's values, on ``expected``
    (:class:`~muggins.analysis.expected.Expected`) where given, else on the points scored now
    (``note`` says why, where figures were asked for and could not be given)."""
    play = fact.statement
    options = list(pending.options)
    chosen = played_index(pending, fact)
    if chosen is None:
        return None
    basis, depth = IMMEDIATE, None
    samples, error, stopped = 0, 0.0, None
    if pending.moves:
        valued = with_values(options, pending.moves)
        if valued is not None:
            options = valued
            exact = all(m.exact for m in pending.moves)
            basis = EXACT if exact else DEPTH_LIMITED
            depths = [m.depth for m in pending.moves if not m.exact and m.depth is not None]
            depth = min(depths) if depths else None
    elif expected is not None and expected.rows:
        options = [
            Option(o.tile, o.end, o.inline, o.kind, o.points, expected.mean(i), o.same_as, expected.error(i), expected.samples_of(i))
            for i, o in enumerate(expected.valued)
        ]
        basis, depth, samples, stopped = EXPECTED, expected.depth, expected.samples, expected.stopped
    played = options[chosen]
    best_now = max(o.points for o in options)
    immediate_loss = best_now - played.points
    if basis == IMMEDIATE:
        loss: float = immediate_loss
    elif basis == EXPECTED and expected is not None:  # (the expected basis comes with its figures)
        best = max(range(len(options)), key=lambda i: (options[i].value, i == chosen))
        loss, error = expected.difference(best, chosen) if best != chosen else (0, 0.0)
    else:
        loss = max(o.value for o in options if o.value is not None) - played.value  # type: ignore[operator]  # on the solver's basis every option has its value (with_values)
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
        mark_for(loss, state.rules, error),
        samples,
        error,
        stopped,
        note,
    )


def played_index(pending: Pending, fact: TurnFact) -> int | None:
    """Which of ``pending``'s options the play ``fact`` (as applied) is; None when none is."""
    play = fact.as_play()
    end = None if fact.end in (None, "lead") else fact.end
    return _find(list(pending.options), play.tile, end, play.inline)


def _find(options: list[Option], tile: Tile, end: str | None, inline: bool) -> int | None:
    for i, option in enumerate(options):
        if option.tile is tile and option.inline == inline and (option.end == end or end in option.same_as):
            return i
    return None


def is_move_of(option: Option, move: Move) -> bool:
    """Whether the solver's ``move`` is ``option`` (a play: the same tile, the same end or one
    the option stands for, the same way round; a draw or a pass: the same kind)."""
    if option.kind != "play" or move.kind != "play":
        return option.kind == move.kind
    move_end = None if move.end in (None, "lead") else move.end
    return move.tile is option.tile and move.inline == option.inline and (move_end == option.end or move_end in option.same_as)


def with_values(options: list[Option], moves: Sequence[MoveValue]) -> list[Option] | None:
    """The options with the solver's values; None when the solver's moves do not cover them."""
    out: list[Option] = []
    used: set[int] = set()
    for option in options:
        values = []
        for i, mv in enumerate(moves):
            if mv.move.kind == "play" and is_move_of(option, mv.move):
                values.append(mv.value)
                used.add(i)
        if not values:
            return None
        out.append(Option(option.tile, option.end, option.inline, "play", option.points, max(values), option.same_as))
    for i, mv in enumerate(moves):
        if i not in used and mv.move.kind in ("draw", "pass"):
            out.append(Option(None, None, False, mv.move.kind, 0, mv.value))
    return out
