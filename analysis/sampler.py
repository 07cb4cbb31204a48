"""Deals of the tiles a player could not see, drawn uniformly among those consistent with what
they saw.

:class:`DealSampler` takes the observer's :class:`~muggins.analysis.knowledge.Knowledge` (the
unseen tiles and the groups of slots they fill) and draws whole deals: every consistent deal is
equally likely. Exactly so:

1. the groups are counted and sampled exactly (``analysis.deal_count``): every filling of the
   groups is equally likely, and each filling is one deal (a hand is a set; the boneyard's order,
   and the order of the tiles within one draw, are shuffled uniformly, the same number of orders
   for every filling);
2. where the count would take more than ``deal_count.STATE_LIMIT`` states, each seat's groups are
   merged (a tile may go where any of them allows: a superset of the consistent deals), the
   merged problem is sampled exactly, its tiles spread uniformly over the seat's slots, and a
   deal that breaks a group's own constraint is rejected;
3. every deal is then replayed (``analysis.worlds``) and rejected unless the replayer says of the
   record's turns over it what it said of the record.

Rejection from a uniform superset leaves the accepted deals uniform over the consistent ones.
At most :data:`TRIES` deals are tried for one sample; past that, or when no filling exists at
all (the record's passes and draws contradict each other), :class:`NotAnalyzed` says why.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import TYPE_CHECKING

from muggins.analysis.deal_count import STATE_LIMIT, Group, Sampler, TooMany
from muggins.analysis.knowledge import Knowledge
from muggins.analysis.worlds import HandStart, SampledDeal, deal_of
from muggins.i18n import msg
from muggins.notation.model import Tile
from muggins.replay.play_rules import drawable
from muggins.replay.rules import RuleSet

if TYPE_CHECKING:
    from muggins.analysis.solver_position import Position

#: Deals tried for one sample before the decision is given up as not analyzed.
TRIES = 2_000


class NotAnalyzed(Exception):
    """No deal could be sampled; the message says why (shown as ``not analyzed: ...``), a
    :class:`~muggins.i18n.Message` in ``args[0]`` (:func:`muggins.i18n.reason`)."""


class DealSampler:
    """Uniform consistent deals for one observer at one decision (see the module doc)."""

    def __init__(self, knowledge: Knowledge, own: tuple[Tile, ...], rules: RuleSet, limit: int = STATE_LIMIT) -> None:
        self.knowledge = knowledge
        self.own = own
        slots = [s for s, _ in knowledge.groups]
        sizes = [n for _, n in knowledge.groups]
        self.slots, self.sizes = slots, sizes
        exact: Sampler[Tile] | None
        try:
            exact = Sampler(knowledge.unseen, [Group(n, s.allowed) for s, n in zip(slots, sizes)], limit)
        except TooMany:
            exact = None
        self.exact = exact
        if exact is not None:
            if not exact.total:
                raise NotAnalyzed(msg("no deal of the tiles {observer} could not see fits the record's passes and draws", observer=knowledge.observer))
            self.sampler = exact
            self.merged_of: list[int] | None = None
        else:
            self.sampler, self.merged_of = self._merged()
            if not self.sampler.total:
                raise NotAnalyzed(msg("no deal of the tiles {observer} could not see fits the record's passes and draws", observer=knowledge.observer))
        left = sizes[-1]
        # One filling and no order left to choose for the draws to come: nothing is hidden.
        self.unique = exact is not None and exact.total == 1 and (left <= 1 or drawable(left, rules) == 0)

    def _merged(self) -> tuple[Sampler[Tile], list[int]]:
        """The superset problem: each seat's groups as one (see the module doc, step 2)."""
        order = list(dict.fromkeys(s.seat for s in self.slots))  # the seats, then the boneyard (None)
        merged_of = [order.index(s.seat) for s in self.slots]
        groups = []
        for index in range(len(order)):
            members = [i for i, m in enumerate(merged_of) if m == index]
            allowed = frozenset[Tile]().union(*(self.slots[i].allowed for i in members))
            groups.append(Group(sum(self.sizes[i] for i in members), allowed))
        return Sampler(self.knowledge.unseen, groups), merged_of

    @property
    def deals(self) -> int:
        """How many fillings of the groups there are (of the merged groups, past the limit)."""
        return self.sampler.total

    def _filling(self, rng: random.Random) -> list[list[Tile]] | None:
        filled = self.sampler.sample(rng)
        if self.merged_of is None:
            return filled
        out: list[list[Tile]] = [[] for _ in self.slots]
        for index, pile in enumerate(filled):
            members = [i for i, m in enumerate(self.merged_of) if m == index]
            start = 0
            for i in members:  # the pile is in random order: cut it into the seat's groups
                out[i] = pile[start : start + self.sizes[i]]
                start += self.sizes[i]
        if any(t not in self.slots[i].allowed for i, tiles in enumerate(out) for t in tiles):
            return None
        return out

    def deal(self, rng: random.Random) -> SampledDeal | None:
        """One deal uniform over the groups' fillings (None: rejected, in the merged problem)."""
        filled = self._filling(rng)
        if filled is None:
            return None
        knowledge = self.knowledge
        hands: dict[str, list[Tile]] = {}
        places = dict(knowledge.known_places)
        for slots, tiles in zip(self.slots, filled):
            if slots.kind == "hand":
                if slots.seat is None:
                    raise ValueError("a hand's slots belong to a seat")
                hands[slots.seat] = tiles
            else:
                places.update(zip(slots.places, tiles))
        return deal_of(self.own, knowledge.observer, hands, places, knowledge.boneyard)

    def draw(self, rng: random.Random, start: HandStart, expected: Counter[str]) -> tuple[SampledDeal, Position]:
        """One consistent deal, sampled uniformly, and the solver's position in it before the
        decision (NotAnalyzed after :data:`TRIES` rejected deals). ``expected``: what the
        replayer said of the record's turns in this hand (see ``analysis.worlds``)."""
        knowledge = self.knowledge
        for _ in range(TRIES):
            deal = self.deal(rng)
            if deal is None:
                continue
            position = start.position(deal, knowledge.observer, knowledge.turn, expected)
            if position is not None:
                return deal, position
        raise NotAnalyzed(msg("{tries} deals tried, none consistent with what {observer} saw", tries=TRIES, observer=knowledge.observer))


def deal_count(sampler: DealSampler) -> int:
    """How many whole deals the sampler's groups allow: fillings times the orders of the
    boneyard and of the tiles within each draw (for tests and reports)."""
    orders = 1
    for slots, size in zip(sampler.slots, sampler.sizes):
        if slots.kind != "hand":
            orders *= math.factorial(size)
    return sampler.deals * orders
