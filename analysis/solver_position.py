"""A position inside one hand with nothing hidden: every hand, the boneyard order, who moves.

This is the solver's view of a hand: an immutable :class:`Position` that knows its legal
:class:`Move` list, what a move scores and the position after it, and when the hand is over and
what the end of the hand scores. The solver searches a faster encoding of the same thing
(``solver_search``); this module is the reference it reports names from, and the route the
tests step through.

What a seat may do (plays, lengthwise doubles, drawing, passing), when the hand is over and who
moves next are the rules of play in :mod:`muggins.replay.play_rules`, the ones the replayer
enforces; this module only keeps a position's parts together.

The encoding a compiled core reads: ``seats`` in turn order and ``sides`` beside them (a team
id, or the seat itself); ``hands`` as frozensets of tiles in seat order; ``layout`` the board's
:class:`~muggins.replay.board.Layout` (its ``arms``, ``spins`` and ``key``; see that module);
``boneyard`` the undrawn tiles, the next one first; ``to_move`` an index into ``seats``;
``must_play`` a drawn tile that has to be played now, ``required_lead`` the tile the leader
must lead (or None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from muggins.analysis.solver_layout import Layout
from muggins.notation.model import Tile
from muggins.replay import play_rules
from muggins.replay.hand_state import HandState
from muggins.replay.play_rules import DRAW, PASS, Move
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import HandAward, end_of_hand, play_points, side_of_seats

__all__ = ["DRAW", "PASS", "Move", "Position", "position_from_state"]


@dataclass(frozen=True, slots=True)
class Position:
    """Everything that decides the rest of a hand.

    ``hands`` and ``sides`` follow ``seats`` (in turn order); ``boneyard`` holds the tiles not
    yet drawn, the next one first; ``must_play`` is a drawn tile that has to be played now;
    ``required_lead`` a tile the leader must lead (the highest double, under some rules).
    """

    rules: RuleSet
    seats: tuple[str, ...]
    sides: tuple[str, ...]
    hands: tuple[frozenset[Tile], ...]
    layout: Layout
    boneyard: tuple[Tile, ...] = ()
    to_move: int = 0
    must_play: Tile | None = None
    required_lead: Tile | None = None

    @staticmethod
    def deal(
        rules: RuleSet,
        hands: Mapping[str, Iterable[Tile]],
        leader: str,
        boneyard: Iterable[Tile] = (),
        teams: Mapping[str, Iterable[str]] | None = None,
        required_lead: Tile | None = None,
    ) -> Position:
        """The start of a hand: ``hands`` in turn order, ``leader`` to lead on an empty table."""
        seats = tuple(hands)
        side_of = side_of_seats(seats, {team: tuple(members) for team, members in (teams or {}).items()})
        return Position(
            rules,
            seats,
            tuple(side_of[s] for s in seats),
            tuple(frozenset(hands[s]) for s in seats),
            Layout.empty(rules),
            tuple(boneyard),
            seats.index(leader),
            None,
            required_lead,
        )

    # -- reading -----------------------------------------------------------------------------

    @property
    def seat(self) -> str:
        """The seat to move."""
        return self.seats[self.to_move]

    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn (none in a game without drawing)."""
        return play_rules.drawable(len(self.boneyard), self.rules)

    def playable(self, index: int) -> list[Tile]:
        """The tiles seat number ``index`` could play now, highest first."""
        return play_rules.playable(self.layout, self.hands[index])[::-1]

    def outcome(self) -> tuple[str, str | None] | None:
        """``("domino", seat)``, ``("blocked", None)``, or None while the hand goes on."""
        return play_rules.outcome(self.layout, self.seats, self.hands, self.drawable)

    def end_award(self) -> HandAward | None:
        """The end-of-hand scoring, once the hand is over."""
        over = self.outcome()
        if over is None:
            return None
        pips = {seat: sum(t.pips for t in hand) for seat, hand in zip(self.seats, self.hands)}
        return end_of_hand(over[0], over[1], pips, dict(zip(self.seats, self.sides)), self.rules)

    def legal_moves(self) -> list[Move]:
        """Every move the player to move may make, by name (empty once the hand is over)."""
        if self.outcome() is not None:
            return []
        return play_rules.legal_moves(
            self.layout, self.hands[self.to_move], self.drawable, self.must_play, self.required_lead
        )

    # -- moving --------------------------------------------------------------------------------

    def after(self, move: Move) -> tuple[Position, int]:
        """The position after ``move`` and the points it scores; ValueError if it is not legal."""
        if move not in self.legal_moves():
            raise ValueError(f"{move} is not a legal move for {self.seat} here")
        return self.after_legal(move)

    def after_legal(self, move: Move) -> tuple[Position, int]:
        """:meth:`after` for a move taken from :meth:`legal_moves` (not checked again)."""
        mover = self.to_move
        following = play_rules.next_seat(mover, len(self.seats))
        if move.kind == "pass":
            return _replace(self, to_move=following, must_play=None), 0
        if move.kind == "draw":
            return self._draw(), 0
        tile = move.tile
        assert tile is not None
        layout = self.layout.play(tile, move.end, move.inline)
        hands = tuple(h - {tile} if i == mover else h for i, h in enumerate(self.hands))
        after = _replace(self, hands=hands, layout=layout, to_move=following, must_play=None, required_lead=None)
        return after, play_points(layout.total(), self.rules)

    def _draw(self) -> Position:
        mover, layout = self.to_move, self.layout
        drawn = play_rules.draw_takes(layout, self.boneyard)
        hands = tuple(h | frozenset(drawn) if i == mover else h for i, h in enumerate(self.hands))
        must = play_rules.must_play_after_draw(layout, drawn)
        return _replace(self, hands=hands, boneyard=self.boneyard[len(drawn) :], must_play=must)


def _replace(position: Position, **changes: object) -> Position:
    values = {name: getattr(position, name) for name in Position.__slots__}
    values.update(changes)
    return Position(**values)


def position_from_state(state: HandState) -> Position:
    """The replayer's position as a :class:`Position`.

    Raises ValueError (the message says what is hidden) when a hand is not fully known, or when
    tiles can still be drawn and the boneyard order is not known; and when a tile is in two
    places at once (a faulty record).
    """
    rules, seats = state.rules, tuple(state.seats)
    hidden = [seat for seat in seats if not state.fully_known(seat)]
    if hidden:
        raise ValueError(f"the hand of {', '.join(hidden)} is hidden: the solver needs every tile")
    boneyard: tuple[Tile, ...] = ()
    if play_rules.drawable(state.boneyard_count, rules) > 0:
        if state.boneyard is None or len(state.boneyard) != state.boneyard_count:
            raise ValueError("the boneyard order is hidden: the solver needs the order tiles will be drawn in")
        boneyard = tuple(state.boneyard)
    elif state.boneyard is not None:
        boneyard = tuple(state.boneyard)
    hands = tuple(frozenset(state.known[s]) for s in seats)
    placed: set[Tile] = set(state.board.on_table)
    for tiles in (*hands, boneyard):
        for tile in tiles:
            if tile in placed:
                raise ValueError(f"{tile} is in two places at once: the record's tiles do not add up")
            placed.add(tile)
    required = None
    if state.to_move is not None:
        to_move = state.to_move
    else:
        to_move, required = _leader(state)
    game = state.game
    return Position(
        rules,
        seats,
        tuple(game.sides[s] for s in seats),
        hands,
        state.board,
        boneyard,
        to_move,
        state.must_play.get(seats[to_move]),
        required,
    )


def _leader(state: HandState) -> tuple[int, Tile | None]:
    """Who leads a hand not yet started, and the tile they must lead (if the rules say)."""
    game, hand = state.game, state.hand
    leader = game.expected_leader(state)
    seat = leader.seat
    if seat is None and hand.lead is not None:
        seat = hand.lead.seat
    if seat is None and hand.turns:
        seat = getattr(hand.turns[0], "seat", None)
    if seat is None or seat not in state.seats:
        raise ValueError("nobody is named to lead this hand: the solver needs the leader")
    return list(state.seats).index(seat), leader.tile
