"""The position inside one hand, and the order in which its turns are taken.

:class:`HandState` holds what is known at a point of a hand (the board, every seat's known
tiles and count, the boneyard, whose turn it is, what is pending under the Muggins rule) and
checks the deal it starts from. :meth:`HandState.apply` takes one statement: it checks that it
is the right seat's turn and that the hand (and the game) is still on, then hands the statement
to its rule in :mod:`muggins.replay.turns`. The analysis layer and the simulator read this
position between turns, so it is kept to what a position is; the rules of each kind of turn
live next door.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from muggins.i18n import msg
from muggins.notation.model import Draw, Hand, MugginsCall, Play, SheetScore, Tile, full_set
from muggins.replay.board import Layout
from muggins.replay.facts import HandResult, TurnFact
from muggins.replay.play_rules import beyond_reserve, playable
from muggins.replay.rules import RuleError, RuleSet
from muggins.replay.scoring import MugginsTake
from muggins.replay.turns import apply_draw, apply_muggins, apply_pass, apply_play, apply_sheet

if TYPE_CHECKING:
    from muggins.replay.replayer import Game


class HandState:
    """The position inside one hand; :meth:`apply` pushes one turn onto it."""

    def __init__(self, game: Game, hand: Hand) -> None:
        self.game = game
        self.rules = game.rules
        self.hand = hand
        self.board = Layout.empty(game.rules)  # a value: each play puts the next layout here
        seats = game.seats
        self.seats = seats
        self.known: dict[str, set[Tile]] = {}
        self.count: dict[str, int] = {}
        self.boneyard: list[Tile] | None = None
        self.boneyard_count = 0
        self.to_move: int | None = None
        self.passes = 0
        self.over: str | None = None
        self.went_out: str | None = None
        # the points for going out, credited with the last play: (turn, side, points, counted)
        self.out_credit: tuple[int, str, int, int] | None = None
        self.must_play: dict[str, Tile] = {}
        self.pending: list[tuple[int, str, int, MugginsTake]] = []  # (turn, seat, unclaimed points, what a call takes)
        self.unclaimed_history: dict[str, list[int]] = {s: [] for s in seats}
        self.result = HandResult(hand.number, hand, None)
        self.result.in_play = {side: 0 for side in game.side_list}
        self.result.earned = {side: 0 for side in game.side_list}
        self.reported_after_end = False
        self.sheet_only = hand.is_sheet_only
        self.required_lead: Tile | None = None
        self._deal()

    # -- set-up -----------------------------------------------------------------------------

    def _deal(self) -> None:
        game, rules, hand = self.game, self.rules, self.hand
        per_player = _per_player_or_none(rules, len(self.seats))
        seen: dict[Tile, str | None] = {}  # tile -> the seat dealt it; None: in the boneyard
        valid = _set_of(rules.max_pip)
        for deal in hand.deals:
            if deal.seat not in game.seat_set:
                continue  # the notation layer reports undeclared seats
            if deal.tiles is None:
                continue
            held = set(deal.tiles)
            if len(held) == len(deal.tiles) and held <= valid and held.isdisjoint(seen):
                seen.update(dict.fromkeys(deal.tiles, deal.seat))  # the usual deal: nothing to report
            else:
                for tile in deal.tiles:
                    if tile.high > rules.max_pip:
                        self.check_pip(tile, deal)
                    if tile in seen:
                        if seen[tile] == deal.seat:
                            said = msg("{tile} is dealt to {seat} twice", tile=tile, seat=deal.seat)
                        else:
                            said = msg("{tile} is dealt to {seat} and also {where}", tile=tile, seat=deal.seat, where=_where(seen[tile]))
                        game.report("dealt-twice", said, deal, hand.number)
                    seen[tile] = deal.seat
            if per_player is not None and len(deal.tiles) != per_player:
                game.report(
                    "deal-size",
                    msg("{seat} was dealt {dealt} tiles; with {players} players each gets {each}", seat=deal.seat, dealt=len(deal.tiles), players=len(self.seats), each=per_player),
                    deal,
                    hand.number,
                )
            self.known[deal.seat] = held
            self.count[deal.seat] = len(deal.tiles)
        for seat in self.seats:
            if seat not in self.count:
                self.known[seat] = set()
                self.count[seat] = per_player or 0
        dealt = sum(self.count.values())
        self.boneyard_count = max(0, rules.set_size - dealt)
        if hand.boneyard is not None:
            pile = set(hand.boneyard.tiles)
            if not (len(pile) == len(hand.boneyard.tiles) and pile <= valid and pile.isdisjoint(seen)):
                for tile in hand.boneyard.tiles:
                    if tile.high > rules.max_pip:
                        self.check_pip(tile, hand.boneyard)
                    if tile in seen:
                        game.report("dealt-twice", msg("{tile} is in the boneyard and also {where}", tile=tile, where=_where(seen[tile])), hand.boneyard, hand.number)
                    seen[tile] = None
            self.boneyard = list(hand.boneyard.tiles)
            if all(d.tiles is not None for d in hand.deals) and len(hand.deals) == len(self.seats):
                if len(self.boneyard) != self.boneyard_count:
                    game.report(
                        "boneyard-size",
                        msg("the boneyard lists {listed} tiles; after the deal {left} are left", listed=len(self.boneyard), left=self.boneyard_count),
                        hand.boneyard,
                        hand.number,
                    )
            self.boneyard_count = len(self.boneyard)

    def check_pip(self, tile: Tile, stmt: object, turn: int | None = None) -> None:
        """Report a tile above the set's highest pip; the deal, plays and draws all ask."""
        if tile.high > self.rules.max_pip:
            self.game.report(
                "pip-above-set",
                msg("{tile} is not in a double-{max_pip} set", tile=tile, max_pip=self.rules.max_pip),
                stmt,
                self.hand.number,
                turn,
            )

    # -- reading the position --------------------------------------------------------------

    def fully_known(self, seat: str) -> bool:
        return len(self.known[seat]) == self.count[seat]

    def playable_tiles(self, seat: str) -> list[Tile]:
        """The known tiles of ``seat`` that fit an open end now, in canonical order (a hand is a
        set, whose order changes from run to run: messages name the first of these)."""
        return playable(self.board, self.known[seat])

    def drawable(self) -> int:
        """Tiles of the boneyard outside the reserve (what a draw may take, where the rules draw)."""
        return beyond_reserve(self.boneyard_count, self.rules)

    def next_seat(self, seat: str) -> int:
        return self.game.next_index[seat]

    # -- applying turns ----------------------------------------------------------------------

    def apply(self, turn: int, stmt: object) -> TurnFact | None:
        """Apply the statement written as turn ``turn`` (1-based) of the hand."""
        kind = type(stmt)
        to_move = self.to_move
        # The common case first: the right seat plays in a live hand.
        if kind is Play and to_move is not None and self.over is None and not self.game.over:
            if self.seats[to_move] == stmt.seat:  # type: ignore[attr-defined]
                return apply_play(self, turn, stmt)  # type: ignore[arg-type]
        game = self.game
        seat = stmt.seat  # type: ignore[attr-defined]
        if seat not in game.seat_set:
            return None  # undeclared: reported by the notation layer
        if kind is MugginsCall:
            return apply_muggins(self, turn, stmt)  # type: ignore[arg-type]
        if kind is SheetScore:
            return apply_sheet(self, turn, stmt)  # type: ignore[arg-type]
        if self.over is not None or game.over:
            if not self.reported_after_end:
                self.reported_after_end = True
                if self.over is not None:
                    game.report("play-after-end", msg("the hand was already over ({over})", over=self.over), stmt, self.hand.number, turn)
                else:
                    game.report(
                        "play-after-game-end",
                        msg("{winner} had already reached the target", winner=game.winner),
                        stmt,
                        self.hand.number,
                        turn,
                        severity="warning",
                    )
            if self.over is not None:
                return None
        if self.to_move is None:
            self._first_turn(turn, stmt)
        elif self.seats[self.to_move] != seat:
            game.report(
                "out-of-turn",
                msg("{seat} moved, but it was {other}'s turn", seat=seat, other=self.seats[self.to_move]),
                stmt,
                self.hand.number,
                turn,
            )
        if kind is Play:
            return apply_play(self, turn, stmt)  # type: ignore[arg-type]
        if kind is Draw:
            return apply_draw(self, turn, stmt)  # type: ignore[arg-type]
        return apply_pass(self, turn, stmt)  # type: ignore[arg-type]

    def _first_turn(self, turn: int, stmt: object) -> None:
        seat = stmt.seat  # type: ignore[attr-defined]
        self.result.leader = seat
        leader = self.game.expected_leader(self)
        self.required_lead = leader.tile
        if leader.reshuffle:
            self.game.report("no-double", leader.why, self.hand, self.hand.number, severity="warning")
        if leader.seat is not None and leader.seat != seat:
            self.game.report("wrong-leader", msg("{seat} led, but {why}", seat=seat, why=leader.why), stmt, self.hand.number, turn, rule=leader.rule)
            self.required_lead = None  # one mistake, not two: the wrong seat cannot lead the right tile


@functools.lru_cache(maxsize=None)
def _set_of(max_pip: int) -> frozenset[Tile]:
    return frozenset(full_set(max_pip))


def _where(seat: str | None) -> str:
    """Where a tile was seen first, for a dealt-twice message (built only when one is made)."""
    return msg("in the boneyard") if seat is None else msg("dealt to {seat}", seat=seat)


def _per_player_or_none(rules: RuleSet, players: int) -> int | None:
    try:
        return rules.tiles_per_player(players)
    except RuleError:
        return None

