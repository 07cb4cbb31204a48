"""The rules of play over the one board: what a seat may do now, and when a hand is over.

Each question of play is answered here once, for every caller: the replayer checks a record's
turns against these answers (``turns``, ``hand_end``), the simulator chooses among them
(``simulate``), the missed-play finder lists them (``analysis.missed``), and the solver's
position and its fast tables are built from them (``analysis.solver_position``,
``solver_table``, ``solver_search``). Where a layout is asked (where a tile fits, whether a
double may lie lengthwise) the answer is the board's own (:mod:`muggins.replay.board`).

The rules, as the replayer enforces them:

- a play is a tile on a named arm (``l``, ``r``, ``u``, ``d``, ``u2``...; None for the lead);
  under Sniff the hand's first double may also be laid lengthwise;
- a seat that must play a drawn tile plays it; the leader plays the lead the rules require,
  where they name one; otherwise any held tile that fits an open end;
- a **draw** takes tiles from the boneyard, in order, until one fits an open end or the
  drawable tiles (all but ``boneyard_reserve``; none where ``drawing`` is ``none``) run out; the
  same seat then moves again, and must play the tile just drawn where ``play_drawn_at_once``
  says so. A seat draws when holding nothing playable, or at any time after the lead where
  ``voluntary_draw`` allows;
- a seat that can neither play nor draw **passes**;
- the hand is over when a seat has played its last tile (**domino**), or when nobody can play
  and nothing can be drawn (**blocked**);
- the turn goes to the next seat in the order the seats are written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Sequence

from muggins.notation.model import Tile
from muggins.replay.board import Layout, lengthwise_allowed, may_lay_lengthwise
from muggins.replay.rules import RuleSet

__all__ = [
    "DRAW",
    "PASS",
    "Move",
    "beyond_reserve",
    "can_play",
    "draw_takes",
    "drawable",
    "fits",
    "is_blocked",
    "layings",
    "legal_moves",
    "lengthwise_allowed",
    "may_draw",
    "may_lay_lengthwise",
    "must_play_after_draw",
    "next_seat",
    "outcome",
    "placements",
    "playable",
    "tiles_to_play",
]


@dataclass(frozen=True, slots=True)
class Move:
    """One thing the seat to move may do: play ``tile`` on ``end``, draw, or pass."""

    tile: Tile | None
    end: str | None
    inline: bool = False
    kind: str = "play"  # or "draw", "pass"

    def __str__(self) -> str:
        if self.kind != "play":
            return self.kind
        text = str(self.tile)
        if self.end is not None:
            text += f" {self.end}"
        return text + (" inline" if self.inline else "")


DRAW = Move(None, None, kind="draw")
PASS = Move(None, None, kind="pass")


# -- seats and the boneyard ------------------------------------------------------------------------


def next_seat(index: int, players: int) -> int:
    """The seat after seat number ``index``: seats are written in turn order, whatever the
    direction of play (``direction`` only says who sits to whose left)."""
    return (index + 1) % players


def beyond_reserve(boneyard: int, rules: RuleSet) -> int:
    """How many of ``boneyard`` tiles lie outside the reserve that always stays (``boneyard_reserve``)."""
    return max(0, boneyard - rules.boneyard_reserve)


def drawable(boneyard: int, rules: RuleSet) -> int:
    """How many of ``boneyard`` tiles may still be drawn: none without drawing, else all but the reserve."""
    if rules.drawing == "none":
        return 0
    return beyond_reserve(boneyard, rules)


# -- tiles and where they go -----------------------------------------------------------------------


def fits(layout: Layout, tile: Tile) -> bool:
    """Whether ``tile`` may be played now (any tile leads on an empty table)."""
    return layout.lead is None or layout.takes(tile)


def layings(layout: Layout, tile: Tile) -> tuple[bool, ...]:
    """How ``tile`` may lie: crosswise (False) and, where Sniff allows it now, lengthwise (True)."""
    return (False, True) if may_lay_lengthwise(tile, layout.doubles, layout.rules) else (False,)


def placements(layout: Layout, tile: Tile) -> list[tuple[str | None, bool]]:
    """Every (end, lengthwise) ``tile`` may be played with now, arms in the board's order,
    crosswise first; the end is None for the lead. Empty when it fits nowhere."""
    ends: list[str | None] = [None] if layout.lead is None else list(layout.placements(tile))
    lays = layings(layout, tile)
    return [(end, inline) for end in ends for inline in lays]


def playable(layout: Layout, tiles: Iterable[Tile]) -> list[Tile]:
    """The tiles of ``tiles`` that fit an open end now (all of them on an empty table), in
    canonical order (a hand is a set: messages name the first of these, the same every run)."""
    if layout.lead is None:
        return sorted(tiles)
    pips = layout.open_pips()
    return sorted(t for t in tiles if t.high in pips or t.low in pips)


def can_play(layout: Layout, tiles: Iterable[Tile]) -> bool:
    """Whether any of ``tiles`` may be played now."""
    if layout.lead is None:
        return any(True for _ in tiles)
    pips = layout.open_pips()
    return any(t.high in pips or t.low in pips for t in tiles)


def tiles_to_play(
    layout: Layout, hand: Collection[Tile], must_play: Tile | None = None, required_lead: Tile | None = None
) -> list[Tile]:
    """The tiles a seat holding ``hand`` may play now, highest first: a drawn tile it must play
    at once; on an empty table the lead the rules require (when the seat holds it); else
    every held tile that fits."""
    if must_play is not None:
        return [must_play]
    if layout.lead is None:
        if required_lead is not None and required_lead in hand:
            return [required_lead]
        return sorted(hand, reverse=True)
    return playable(layout, hand)[::-1]


# -- drawing, passing and the end of the hand ------------------------------------------------------


def may_draw(layout: Layout, has_play: bool, drawable: int, must_play: Tile | None = None) -> bool:
    """Whether the seat to move may draw: a tile may be drawn, no drawn tile waits to be played,
    and it has nothing to play (``has_play`` false) or ``voluntary_draw`` lets it draw anyway
    after the lead."""
    if drawable <= 0 or must_play is not None:
        return False
    return not has_play or (layout.rules.voluntary_draw and layout.lead is not None)


def draw_takes(layout: Layout, boneyard: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles one draw takes from ``boneyard`` (the next tile first): one by one until a tile
    fits an open end, or until the drawable tiles run out."""
    taken: list[Tile] = []
    for tile in boneyard[: drawable(len(boneyard), layout.rules)]:
        taken.append(tile)
        if fits(layout, tile):
            break
    return tuple(taken)


def must_play_after_draw(layout: Layout, drawn: Sequence[Tile]) -> Tile | None:
    """The drawn tile the seat must play at once: the last one drawn, when it fits and
    ``play_drawn_at_once`` says so; else None."""
    if drawn and layout.rules.play_drawn_at_once and fits(layout, drawn[-1]):
        return drawn[-1]
    return None


def is_blocked(layout: Layout, hands: Iterable[Iterable[Tile]], drawable: int) -> bool:
    """Whether nobody can play: the lead is down, nothing may be drawn, and no hand holds a tile
    that fits (found at once, without waiting for every seat to pass)."""
    if layout.lead is None or drawable > 0:
        return False
    return not any(can_play(layout, hand) for hand in hands)


def outcome(layout: Layout, seats: Sequence[str], hands: Sequence[Collection[Tile]], drawable: int) -> tuple[str, str | None] | None:
    """``("domino", seat)`` once a seat has played its last tile, ``("blocked", None)`` once nobody
    can play, else None (the hand goes on)."""
    for seat, hand in zip(seats, hands):
        if not hand:
            return "domino", seat
    return ("blocked", None) if is_blocked(layout, hands, drawable) else None


def legal_moves(
    layout: Layout,
    hand: Collection[Tile],
    drawable: int = 0,
    must_play: Tile | None = None,
    required_lead: Tile | None = None,
) -> list[Move]:
    """Every move the seat holding ``hand`` may make now, in a fixed order: each placement of
    each tile it may play (highest tile first, see :func:`tiles_to_play` and
    :func:`placements`), then a draw where :func:`may_draw` allows; a pass when there is
    nothing else. (Whether the hand is over is :func:`outcome`'s question.)"""
    moves = [
        Move(tile, end, inline)
        for tile in tiles_to_play(layout, hand, must_play, required_lead)
        for end, inline in placements(layout, tile)
    ]
    if may_draw(layout, bool(moves), drawable, must_play):
        moves.append(DRAW)
    if not moves:
        moves.append(PASS)
    return moves
