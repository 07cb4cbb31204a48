"""A sampled deal replayed: the record's turns over it, checked by the replayer, and the position.

A deal the sampler draws fits every group of slots (``analysis.knowledge``); what the groups
cannot say (who had to lead and with which tile, a drawn tile that had to be played at once) is
the replayer's to check. :class:`HandStart` keeps the game as it stood when the hand began, and
:meth:`HandStart.position` replays the hand's turns up to a decision over a sampled deal,
the decision's own play included: the deal is *consistent* when the replayer says of those
turns exactly what it said of the record (the same findings, so none where the record had
none). The solver's position is taken just before the decision.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from muggins.analysis.values import position_of
from muggins.notation.model import Boneyard, Deal, Draw, Hand, Tile
from muggins.replay.hand_state import HandState
from muggins.replay.replayer import Game

if TYPE_CHECKING:
    from muggins.analysis.solver_position import Position


@dataclass(frozen=True, slots=True)
class SampledDeal:
    """A whole deal: each seat's hand as dealt and the boneyard in the order it is drawn."""

    hands: Mapping[str, tuple[Tile, ...]]
    boneyard: tuple[Tile, ...]


class HandStart:
    """The game when ``hand`` began, kept to replay sampled deals of the hand from.

    ``game`` is copied at once (its scores, who had got in, whether it was over, the hands so far),
    so the replay of the record may go on with it; each sampled replay starts from a fresh copy
    and reports into its own list.
    """

    def __init__(self, game: Game, hand: Hand, first_finding: int) -> None:
        self.game = _copy_game(game)
        self.hand = hand
        self.first_finding = first_finding  # where this hand's findings start in game.diagnostics

    def findings(self, game: Game) -> Counter[str]:
        """The codes the replay of the record has reported in this hand so far."""
        return Counter(d.code for d in game.diagnostics[self.first_finding :])

    def position(self, deal: SampledDeal, observer: str, turn: int, expected: Counter[str]) -> Position | None:
        """The solver's position before turn ``turn`` with ``deal`` dealt, or None when the
        replayer finds the record's turns 1..``turn`` over ``deal`` otherwise than ``expected``."""
        hand = self.hand
        turns = hand.turns[:turn]
        # Other seats' draws are counts: the sampled boneyard says what they took.
        turns = tuple(Draw(t.seat, t.count, None, t.line, t.column) if type(t) is Draw and t.seat != observer else t for t in turns)
        seats = self.game.seats
        sampled = Hand(
            hand.number,
            deals=tuple(Deal(seat, tuple(sorted(deal.hands[seat], reverse=True))) for seat in seats),
            boneyard=Boneyard(deal.boneyard) if deal.boneyard else None,
            lead=hand.lead,
            turns=turns,
        )
        game = _copy_game(self.game)
        state = HandState(game, sampled)
        for number, stmt in enumerate(turns[:-1], 1):
            state.apply(number, stmt)
        if any(d.severity == "error" for d in game.diagnostics):
            return None
        try:
            position = position_of(state)
        except ValueError:
            return None
        state.apply(turn, turns[-1])
        if Counter(d.code for d in game.diagnostics) != expected:
            return None
        return position


def _copy_game(game: Game) -> Game:
    """A copy of ``game`` whose replay changes nothing of the original: its own findings,
    scores, and list of hands."""
    twin = copy.copy(game)
    twin.diagnostics = []
    twin.scores = dict(game.scores)
    twin.got_in = dict(game.got_in)
    twin.hands = list(game.hands)
    twin.strict = False
    return twin


def deal_of(own: Sequence[Tile], observer: str, fillings: Mapping[str, list[Tile]], places: Mapping[int, Tile], size: int) -> SampledDeal:
    """A :class:`SampledDeal` from the observer's own deal, the other seats' dealt tiles
    (``fillings``), and the boneyard's ``size`` places (``places``: place -> tile)."""
    hands: dict[str, Sequence[Tile]] = dict(fillings)
    hands[observer] = tuple(own)
    return SampledDeal({s: tuple(t) for s, t in hands.items()}, tuple(places[i] for i in range(size)))
