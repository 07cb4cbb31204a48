"""Counting and sampling the ways to fill groups of slots, each slot allowed only some tiles.

The unseen tiles of a hand are to be dealt over *groups* of slots (a seat's hand, the tiles one
draw took, the boneyard still to come), each group taking a known number of tiles and allowing
only some: ``Group(capacity, allowed)``. :func:`count` says exactly how many fillings there are
and :func:`sample` draws one of them uniformly, every filling equally likely, so a seeded
``random.Random`` gives the same filling every run. Nothing here knows dominoes: tiles are any
hashable, sortable values.

How: groups whose allowed sets are equal are merged (their slots are interchangeable), tiles
that are allowed in the same groups form a *class*, and a dynamic programme over the classes,
one at a time, counts the fillings from each state (the room left in every group): a class of
``m`` tiles is spread over its groups in every way the room allows, each spread weighted by its
multinomial coefficient. Sampling walks the same states forwards, choosing each spread in
proportion to the fillings it leaves, then deals the class's tiles over the spread at random
and finally splits merged groups at random. The filling is a set of tiles per group; groups
whose order matters (the boneyard) are shuffled by the caller.

The states are bounded by :data:`STATE_LIMIT`; past it :class:`TooMany` is raised and the
caller may fall back to a coarser, superset problem and reject (see ``analysis.sampler``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Iterator, Sequence, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: A tile: any value that can be sorted (and, as a member of frozensets, hashed).
T = TypeVar("T", bound="SupportsRichComparison")

#: The most (class, room left) states one count may visit before it gives up (:class:`TooMany`).
STATE_LIMIT = 200_000


class TooMany(Exception):
    """The count would visit more than :data:`STATE_LIMIT` states."""


@dataclass(frozen=True, slots=True)
class Group(Generic[T]):
    """``capacity`` slots, each of which may hold only a tile of ``allowed``."""

    capacity: int
    allowed: frozenset[T]


@dataclass(frozen=True, slots=True)
class _Plan(Generic[T]):
    """The merged problem: merged groups' capacities, the classes (tiles, their merged groups),
    and for each merged group the original groups it stands for."""

    capacities: tuple[int, ...]
    classes: tuple[tuple[tuple[T, ...], tuple[int, ...]], ...]
    members: tuple[tuple[int, ...], ...]


def _plan(tiles: Sequence[T], groups: Sequence[Group[T]]) -> _Plan[T]:
    merged: dict[frozenset[T], list[int]] = {}
    for index, group in enumerate(groups):
        if group.capacity:
            merged.setdefault(group.allowed, []).append(index)
    keys = sorted(merged, key=lambda allowed: merged[allowed][0])
    capacities = tuple(sum(groups[i].capacity for i in merged[k]) for k in keys)
    by_groups: dict[tuple[int, ...], list[T]] = {}
    for tile in sorted(tiles):
        where = tuple(g for g, allowed in enumerate(keys) if tile in allowed)
        by_groups.setdefault(where, []).append(tile)
    # Classes allowed in few groups first: they decide the most, so the states stay few.
    classes = tuple(sorted(((tuple(t), where) for where, t in by_groups.items()), key=lambda c: (len(c[1]), c[1])))
    return _Plan(capacities, classes, tuple(tuple(merged[k]) for k in keys))


def _split_ways(plan: _Plan[T], groups: Sequence[Group[T]]) -> int:
    """The ways to split each merged group's tiles among the groups it stands for (the same for
    every filling of the merged problem, so sampling it uniformly stays uniform)."""
    ways = 1
    for members in plan.members:
        left = sum(groups[i].capacity for i in members)
        for i in members:
            ways *= math.comb(left, groups[i].capacity)
            left -= groups[i].capacity
    return ways


class _Counter(Generic[T]):
    """The fillings left from each state, worked out once and remembered."""

    def __init__(self, plan: _Plan[T], limit: int) -> None:
        self.plan = plan
        self.limit = limit
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def fillings(self, at: int, room: tuple[int, ...]) -> int:
        classes = self.plan.classes
        if at == len(classes):
            return 0 if any(room) else 1
        key = (at, room)
        found = self.memo.get(key)
        if found is not None:
            return found
        if len(self.memo) >= self.limit:
            raise TooMany(f"more than {self.limit} states")
        total = 0
        tiles, where = classes[at]
        for spread, weight in _spreads(len(tiles), where, room):
            after = list(room)
            for g, k in zip(where, spread):
                after[g] -= k
            rest = self.fillings(at + 1, tuple(after))
            if rest:
                total += weight * rest
        self.memo[key] = total
        return total


def _spreads(m: int, where: tuple[int, ...], room: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to put ``m`` tiles into the groups ``where`` within their ``room``, with the
    number of ways to choose which tiles go where (a multinomial coefficient)."""
    if not where:
        if m == 0:
            yield (), 1
        return

    def walk(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(where) - 1:
            if left <= room[where[i]]:
                yield (left,)
            return
        for k in range(min(left, room[where[i]]) + 1):
            for rest in walk(i + 1, left - k):
                yield (k,) + rest

    for spread in walk(0, m):
        weight, left = 1, m
        for k in spread:
            weight *= math.comb(left, k)
            left -= k
        yield spread, weight


def count(tiles: Sequence[T], groups: Sequence[Group[T]], limit: int = STATE_LIMIT) -> int:
    """How many ways there are to put every tile of ``tiles`` into a slot of ``groups`` (each
    group filled exactly, each tile where its group allows); 0 when none, or when the sizes do
    not add up. Slots of one group are not told apart (a group holds a set)."""
    if len(tiles) != sum(g.capacity for g in groups):
        return 0
    plan = _plan(tiles, groups)
    return _Counter(plan, limit).fillings(0, plan.capacities) * _split_ways(plan, groups)


class Sampler(Generic[T]):
    """Uniform fillings of ``groups`` with ``tiles``, the counts worked out once (:func:`count`
    says how many there are; :class:`TooMany` past ``limit`` states)."""

    def __init__(self, tiles: Sequence[T], groups: Sequence[Group[T]], limit: int = STATE_LIMIT) -> None:
        self.groups = tuple(groups)
        self.plan = _plan(tiles, groups)
        self.counter = _Counter(self.plan, limit)
        fits = len(tiles) == sum(g.capacity for g in groups)
        self.total = self.counter.fillings(0, self.plan.capacities) * _split_ways(self.plan, groups) if fits else 0

    def sample(self, rng: random.Random) -> list[list[T]]:
        """One filling, uniformly among all: for each group (in the order given) its tiles, in
        a random order. ValueError when there is none."""
        if not self.total:
            raise ValueError("no filling of these groups exists")
        plan, counter = self.plan, self.counter
        merged: list[list[T]] = [[] for _ in plan.capacities]
        room = plan.capacities
        for at, (tiles, where) in enumerate(plan.classes):
            target = rng.randrange(counter.fillings(at, room))
            for spread, weight in _spreads(len(tiles), where, room):
                after = list(room)
                for g, k in zip(where, spread):
                    after[g] -= k
                ways = weight * counter.fillings(at + 1, tuple(after))
                if target < ways:
                    break
                target -= ways
            dealt = list(tiles)
            rng.shuffle(dealt)
            start = 0
            for g, k in zip(where, spread):
                merged[g].extend(dealt[start : start + k])
                start += k
            room = tuple(after)
        out: list[list[T]] = [[] for _ in self.groups]
        for g, members in enumerate(plan.members):
            pile = merged[g]
            rng.shuffle(pile)
            start = 0
            for index in members:
                size = self.groups[index].capacity
                out[index] = pile[start : start + size]
                start += size
        return out
