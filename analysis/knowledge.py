"""What a player could know at a decision: the tiles they could not see, and where those can be.

A hand's deal is a set of *slots*: each seat's hand as dealt, and the boneyard's places in the
order they are drawn. At a decision the player to move (the *observer*) knows the tiles of their
own slots (their deal and what they drew); every other tile of the set is *unseen* (even the
ones already played by others: the observer saw them laid, not where they came from). The unseen
tiles fill the other slots, grouped by what the observer saw happen to them:

- ``hand``: another seat's deal (its size is known);
- ``drawn``: the tiles one draw of another seat took (its count is known), split into the
  ``last`` one and the ones before it (``first``);
- ``boneyard``: the places not drawn yet (their number is known; their order decides the draws
  to come).

Every constraint is what the rules make of something the observer saw, asked of the rules'
one definition (:mod:`muggins.replay.play_rules`): a tile another seat played was in one of
that seat's slots filled before it; a seat that passed, or drew while the rules let it draw
only with nothing to play (``voluntary_draw`` false), held no tile that fitted an open end then;
under ``until_playable`` every tile one draw took before its last one did not fit. A tile's
constraints run while it is held: from when its slot was filled to when it was played (or to
the decision, for a tile still held). So a group may hold only the tiles of its ``allowed`` set,
which :mod:`muggins.analysis.deal_count` counts and samples exactly. What no group can say (who
had to lead, a drawn tile that had to be played at once) is checked on each sampled deal by
replaying it (``analysis.worlds``).

:class:`HandLog` records what was seen as a hand is replayed; :func:`groups_for` turns it into
the groups for one observer at one decision. It reads only what the observer could see: the
layout, the counts, the tiles laid, the observer's own tiles.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from muggins.i18n import msg
from muggins.notation.model import Draw, Pass, Play, Tile, Turn, full_set
from muggins.replay.board import Layout
from muggins.replay.hand_state import HandState
from muggins.replay.play_rules import fits


@dataclass(frozen=True, slots=True)
class Seen:
    """One turn as every seat saw it: ``kind`` play, draw or pass, by ``seat``, on ``layout``
    (the table before the turn). A play names its ``tile``; a draw its ``count`` and the place
    in the boneyard of its first tile (``start``); ``drawn`` is what it took, which only the
    drawer saw."""

    turn: int
    kind: str
    seat: str
    layout: Layout
    tile: Tile | None = None
    count: int = 0
    start: int = 0
    drawn: tuple[Tile, ...] = ()


@dataclass(slots=True)
class HandLog:
    """What was seen of one hand so far: the deal's sizes, each seat's own deal (None where the
    record does not know it) and every play, draw and pass, in order."""

    seats: tuple[str, ...]
    dealt: dict[str, int]
    boneyard: int
    own: dict[str, frozenset[Tile] | None]
    voluntary_draw: bool
    until_playable: bool
    max_pip: int
    seen: list[Seen] = field(default_factory=list)
    drawn_so_far: int = 0

    @classmethod
    def start(cls, state: HandState) -> HandLog:
        """The log of the hand ``state`` has just dealt."""
        rules = state.rules
        own = {s: frozenset(state.known[s]) if state.fully_known(s) else None for s in state.seats}
        return cls(
            tuple(state.seats),
            dict(state.count),
            state.boneyard_count,
            own,
            rules.voluntary_draw,
            rules.drawing == "until_playable",
            rules.max_pip,
        )

    def before(self, state: HandState, turn: int, stmt: Turn) -> None:
        """Note a statement before it is applied to ``state``."""
        if type(stmt) is Play:
            self.seen.append(Seen(turn, "play", stmt.seat, state.board, stmt.tile))
        elif type(stmt) is Pass:
            self.seen.append(Seen(turn, "pass", stmt.seat, state.board))
        elif type(stmt) is Draw:
            count = stmt.count
            drawn = stmt.tiles
            if drawn is None:  # the record gives the count; the boneyard line, where written, the tiles
                drawn = tuple(state.boneyard[:count]) if state.boneyard is not None else ()
            self.seen.append(Seen(turn, "draw", stmt.seat, state.board, None, count, self.drawn_so_far, tuple(drawn)))
            self.drawn_so_far += count


@dataclass(frozen=True, slots=True)
class Slots:
    """A group of slots: ``kind`` hand / first / last / boneyard, whose ``seat`` (None for the
    boneyard), filled at ``turn`` (0 for the deal), ``places`` in the boneyard (drawn groups and
    the boneyard), and the tiles it may hold."""

    kind: str
    seat: str | None
    turn: int
    places: tuple[int, ...]
    allowed: frozenset[Tile]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The observer's view at a decision: the unseen tiles, the groups they fill (with the
    number of slots of each), and the boneyard places whose tiles the observer knows."""

    observer: str
    turn: int
    unseen: tuple[Tile, ...]
    groups: tuple[tuple[Slots, int], ...]
    known_places: dict[int, Tile]
    boneyard: int


class Unknowable(ValueError):
    """The observer's own tiles are not all in the record, or the record's sizes do not add up."""


def groups_for(log: HandLog, observer: str, turn: int) -> Knowledge:
    """The groups of slots the tiles ``observer`` cannot see fill, before turn ``turn``."""
    own = log.own.get(observer)
    if own is None:
        raise Unknowable(msg("the deal of {observer} is not in the record", observer=observer))
    shown = [seen for seen in log.seen if seen.turn < turn]
    mine: set[Tile] = set(own)
    known_places: dict[int, Tile] = {}
    for seen in shown:
        if seen.kind == "draw" and seen.seat == observer:
            if len(seen.drawn) != seen.count:
                raise Unknowable(msg("the tiles {observer} drew at turn {turn} are not in the record", observer=observer, turn=seen.turn))
            mine.update(seen.drawn)
            for offset, tile in enumerate(seen.drawn):  # in the order drawn
                known_places[seen.start + offset] = tile
    unseen = tuple(t for t in full_set(log.max_pip) if t not in mine)
    played_by: dict[Tile, tuple[str, int]] = {}
    for seen in shown:
        if seen.kind == "play" and seen.seat != observer and seen.tile is not None:
            played_by[seen.tile] = (seen.seat, seen.turn)
    events = _held_constraints(log, shown, observer)
    groups: list[tuple[Slots, int]] = []
    for seat in log.seats:
        if seat == observer:
            continue
        allowed = _allowed(unseen, played_by, events.get(seat, []), seat, 0, turn)
        groups.append((Slots("hand", seat, 0, (), allowed), log.dealt[seat]))
    for seen in shown:
        if seen.kind != "draw" or seen.seat == observer or not seen.count:
            continue
        held = _allowed(unseen, played_by, events.get(seen.seat, []), seen.seat, seen.turn, turn)
        places = tuple(range(seen.start, seen.start + seen.count))
        first = frozenset(t for t in held if not _stopped_here(log, seen, t))
        if seen.count > 1:
            groups.append((Slots("first", seen.seat, seen.turn, places[:-1], first), seen.count - 1))
        groups.append((Slots("last", seen.seat, seen.turn, places[-1:], held), 1))
    left = log.boneyard - sum(seen.count for seen in shown if seen.kind == "draw")
    rest = tuple(range(log.boneyard - left, log.boneyard))
    hidden = frozenset(t for t in unseen if t not in played_by)
    groups.append((Slots("boneyard", None, turn, rest, hidden), left))
    if sum(n for _, n in groups) != len(unseen):
        raise Unknowable(
            msg(
                "the record's sizes do not add up: {unseen} tiles unseen by {observer}, {places} places for them",
                unseen=len(unseen),
                observer=observer,
                places=sum(n for _, n in groups),
            )
        )
    return Knowledge(observer, turn, unseen, tuple(groups), known_places, log.boneyard)


def _held_constraints(log: HandLog, shown: list[Seen], observer: str) -> dict[str, list[Seen]]:
    """For each other seat, the turns at which it showed it held nothing that fitted: its
    passes, and its draws where the rules let it draw only with nothing to play."""
    out: dict[str, list[Seen]] = {}
    for seen in shown:
        if seen.seat == observer or seen.layout.lead is None:
            continue
        if seen.kind == "pass" or (seen.kind == "draw" and not log.voluntary_draw):
            out.setdefault(seen.seat, []).append(seen)
    return out


def _allowed(
    unseen: tuple[Tile, ...], played_by: dict[Tile, tuple[str, int]], events: list[Seen], seat: str, filled: int, turn: int
) -> frozenset[Tile]:
    """The unseen tiles a slot of ``seat`` filled at turn ``filled`` may hold: a tile played by
    another seat never; one played by ``seat`` only if laid after the slot was filled; and none
    that fitted the table when ``seat`` showed it held nothing playable while the tile was held."""
    out = []
    for tile in unseen:
        until = turn
        if tile in played_by:
            who, when = played_by[tile]
            if who != seat or when <= filled:
                continue
            until = when
        if any(filled < e.turn < until and fits(e.layout, tile) for e in events):
            continue
        out.append(tile)
    return frozenset(out)


def _stopped_here(log: HandLog, seen: Seen, tile: Tile) -> bool:
    """Whether ``tile``, drawn by ``seen`` before its last tile, would have stopped the draw:
    under ``until_playable`` a draw takes tiles until one fits."""
    return log.until_playable and seen.layout.lead is not None and fits(seen.layout, tile)
