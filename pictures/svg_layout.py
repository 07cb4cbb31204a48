"""Where each tile of the layout lies in a picture of the table: the geometry behind ``pictures.svg``.

The picture is laid out the way players lay the tiles: the line runs across the table through
the spinner (through the lead where there is no spinner) and the spinner's branches run up and
down from it. An arm that would run off the table turns a corner and comes back, snaking. Each
arm keeps to its own quarter of the table so that arms never cross: the left part of the line
snakes upward, the right part downward, the up branch turns right and the down branch turns
left (a pinwheel). Later spinners (where every double spins) put their branches out across
their arm where there is room (``u2`` up and ``d2`` down from a spinner on the line, like ``u``
and ``d``), and otherwise in a strip under the table.

Promises: a tile touches the tile it was played against, half to half; no two tiles overlap;
every coordinate is an integer number of picture units (a tile half is :data:`UNIT` square), so
the same position always gives the same numbers. The layout is worked out from scratch for each
position and does not change the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from muggins.notation.model import Tile
from muggins.replay.board import Layout as BoardLayout, branch_names

#: The side of a tile half, in picture units (a lying tile is 2 x 1 units of this).
UNIT = 32
#: The width of the table in picture units; straight runs keep inside it, with a margin.
TABLE_WIDTH = 1000
#: How far (in halves) the spinner's branches run up or down before they turn.
BRANCH_REACH = 10

Vec = tuple[int, int]
EAST: Vec = (1, 0)
WEST: Vec = (-1, 0)
SOUTH: Vec = (0, 1)  # down the picture
NORTH: Vec = (0, -1)


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle: top-left corner, width and height."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    def overlaps(self, other: Rect) -> bool:
        """Whether the two share inner area (touching edges do not overlap)."""
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def touches(self, other: Rect) -> bool:
        """Whether the two share a stretch of edge without overlapping."""
        if self.overlaps(other):
            return False
        side = (self.right == other.x or other.right == self.x) and min(self.bottom, other.bottom) > max(self.y, other.y)
        end = (self.bottom == other.y or other.bottom == self.y) and min(self.right, other.right) > max(self.x, other.x)
        return side or end


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile as drawn: where it lies, which way, and which pip shows on which half.

    ``first`` is the pip on the left half of a lying tile or the top half of a standing one.
    ``order`` is the tile's index in the board's ``played`` (0 is the lead); ``arm`` the arm it was
    played on (``lead`` for the lead tile).
    """

    order: int
    tile: Tile
    rect: Rect
    standing: bool
    first: int
    second: int
    arm: str
    spinner: bool


class EndPoint(NamedTuple):
    """Where an arm's open end is: the point just past its last tile, and the way the arm runs."""

    name: str
    x: int
    y: int
    direction: Vec


class InsetLabel(NamedTuple):
    """A branch drawn in the strip under the table, for want of room: its name, where the label goes."""

    name: str
    spinner: Tile
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Layout:
    """Every tile on the table placed, the open ends located, and the box they all fit in."""

    tiles: tuple[PlacedTile, ...]
    ends: tuple[EndPoint, ...]
    insets: tuple[InsetLabel, ...]
    bounds: Rect
    spinners: tuple[Rect, ...]  # where each spinner lies, in the order they were laid

    def end(self, name: str) -> EndPoint | None:
        return next((e for e in self.ends if e.name == name), None)


class _Piece(NamedTuple):
    order: int
    tile: Tile
    inner: int  # the half that touches the tile before it
    outer: int
    crosswise: bool
    arm: str
    spinner: bool


@dataclass(frozen=True, slots=True)
class _Snake:
    """How an arm bends: it keeps within ``low``..``high`` along its first direction and moves
    over towards ``lateral`` each time it turns back. ``None`` bounds: it never bends."""

    lateral: Vec
    low: int | None = None
    high: int | None = None


def _scale(v: Vec, k: int) -> Vec:
    return (v[0] * k, v[1] * k)


def _add(p: Vec, v: Vec) -> Vec:
    return (p[0] + v[0], p[1] + v[1])


def _square(center: Vec, size: int) -> Rect:
    half = size // 2
    return Rect(center[0] - half, center[1] - half, size, size)


def _union(a: Rect, b: Rect) -> Rect:
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Rect(x, y, max(a.right, b.right) - x, max(a.bottom, b.bottom) - y)


def _span(center: Vec, along: Vec, length: int, across: int) -> Rect:
    """The rectangle centred on ``center`` that is ``length`` long in direction ``along``."""
    if along[0]:
        return Rect(center[0] - length // 2, center[1] - across // 2, length, across)
    return Rect(center[0] - across // 2, center[1] - length // 2, across, length)


class _Table:
    """The tiles placed so far, with the rule for placing one more."""

    def __init__(self) -> None:
        self.placed: list[PlacedTile] = []
        self.heading: dict[int, Vec] = {}  # order -> the way its chain ran where it lies

    def collides(self, rect: Rect) -> bool:
        return any(rect.overlaps(p.rect) for p in self.placed)

    def put(self, piece: _Piece, rect: Rect, tile_direction: Vec, heading: Vec) -> None:
        """Record a piece; ``tile_direction`` points from its inner half to its outer half."""
        standing = tile_direction[1] != 0
        forward = tile_direction[0] + tile_direction[1] > 0
        first, second = (piece.inner, piece.outer) if forward else (piece.outer, piece.inner)
        self.placed.append(PlacedTile(piece.order, piece.tile, rect, standing, first, second, piece.arm, piece.spinner))
        self.heading[piece.order] = heading


def _step(head: Vec, direction: Vec, piece: _Piece) -> tuple[Rect, Vec]:
    """A piece laid straight on from ``head``: its rectangle and the new head."""
    if piece.crosswise:
        center = _add(head, _scale(direction, UNIT // 2))
        return _span(center, direction, UNIT, 2 * UNIT), _add(head, _scale(direction, UNIT))
    center = _add(head, _scale(direction, UNIT))
    return _span(center, direction, 2 * UNIT, UNIT), _add(head, _scale(direction, 2 * UNIT))


def _corner(head: Vec, direction: Vec, turn: Vec, after_crosswise: bool) -> tuple[Rect, Vec]:
    """A lying piece laid round a corner: its first half carries on, its second turns.

    After a crosswise double the piece hangs off the double's far half, as players lay it, so
    that its second half does not lie against the double too.
    """
    first = _add(head, _scale(direction, UNIT // 2))
    if after_crosswise:
        first = _add(first, _scale(turn, UNIT // 2))
    second = _add(first, _scale(turn, UNIT))
    rect = _union(_square(first, UNIT), _square(second, UNIT))
    return rect, _add(first, _scale(turn, 3 * UNIT // 2))


def _fits(head: Vec, direction: Vec, snake: _Snake) -> bool:
    """Whether a lying piece laid straight on stays inside the snake's range, ahead of it."""
    axis = 0 if direction[0] else 1
    step = direction[axis]
    after = head[axis] + step * 2 * UNIT
    if step < 0:
        return snake.low is None or after >= snake.low
    return snake.high is None or after <= snake.high


def _lay(
    table: _Table, pieces: list[_Piece], head: Vec, direction: Vec, snake: _Snake, after_crosswise: bool
) -> tuple[Vec, Vec]:
    """Lay a chain of pieces from ``head`` (the end of a crosswise double if ``after_crosswise``),
    snaking as ``snake`` says; return the final head and direction."""
    turning = False  # just turned the first corner: the next lying piece turns back
    main = direction
    for piece in pieces:
        if piece.crosswise:
            rect, head = _step(head, direction, piece)
            table.put(piece, rect, _perpendicular(direction), direction)
            after_crosswise = True
            continue
        if turning:
            back = (-main[0], -main[1])
            rect, new_head = _corner(head, direction, back, after_crosswise)
            table.put(piece, rect, back, back)
            head, direction, main, turning = new_head, back, back, False
        elif _fits(head, direction, snake):
            rect, head = _step(head, direction, piece)
            table.put(piece, rect, direction, direction)
        else:
            rect, new_head = _corner(head, direction, snake.lateral, after_crosswise)
            table.put(piece, rect, snake.lateral, snake.lateral)
            head, direction, turning = new_head, snake.lateral, True
        after_crosswise = False
    return head, direction


def _perpendicular(direction: Vec) -> Vec:
    """The way a crosswise double's halves run (its first half on the left or the top)."""
    return SOUTH if direction[0] else EAST


def _branch_ways(heading: Vec) -> tuple[Vec, Vec]:
    """The ways a later spinner's ``u`` and ``d`` branches run from it, across the arm it lies
    on (``heading``): as the first spinner's, ``u`` up and ``d`` down on a level arm, whichever
    way that arm runs; on an upright arm ``u`` to the left and ``d`` to the right."""
    down = SOUTH if heading[0] else EAST
    return (-down[0], -down[1]), down


def _crosswise_doubles(board: BoardLayout) -> list[int]:
    return [i for i, (tile, _, _, crosswise) in enumerate(board.played) if crosswise and tile.is_double]


def spinner_orders(board: BoardLayout) -> list[int]:
    """The index in the board's ``played`` of each spinner, in the order the spinners were laid.

    Spinner ``k`` is the ``k``-th double laid crosswise: under every rule that has spinners the
    doubles laid before the last spinner all spin.
    """
    doubles = _crosswise_doubles(board)
    out = []
    for spinner, order in zip(board.spinners, doubles):
        tile, arm, _, _ = board.played[order]
        if tile.high != spinner.pip or arm != spinner.arm:
            break
        out.append(order)
    return out


def _line(board: BoardLayout) -> list[_Piece]:
    """The line from its left end to its right end, each piece with its left pip as ``inner``."""
    spinners = set(spinner_orders(board))
    left: list[_Piece] = []
    right: list[_Piece] = []
    for order, (tile, arm, exposed, crosswise) in enumerate(board.played[1:], 1):
        if arm == "l":
            left.append(_Piece(order, tile, exposed, tile.other(exposed), crosswise, "l", order in spinners))
        elif arm == "r":
            right.append(_Piece(order, tile, tile.other(exposed), exposed, crosswise, "r", order in spinners))
    lead = board.played[0][0]
    crosswise = board.played[0][3]
    return list(reversed(left)) + [_Piece(0, lead, lead.high, lead.low, crosswise, "lead", 0 in spinners)] + right


def _flip(piece: _Piece) -> _Piece:
    return piece._replace(inner=piece.outer, outer=piece.inner)


def _branch(board: BoardLayout, name: str, spinners: set[int]) -> list[_Piece]:
    return [
        _Piece(order, tile, tile.other(exposed), exposed, crosswise, name, order in spinners)
        for order, (tile, arm, exposed, crosswise) in enumerate(board.played)
        if arm == name
    ]


def layout(board: BoardLayout) -> Layout:
    """Place every tile of ``board`` on a table :data:`TABLE_WIDTH` units wide, centred on x = 500, y = 0."""
    if board.lead is None:
        return Layout((), (), (), Rect(0, 0, 0, 0), ())
    table = _Table()
    orders = spinner_orders(board)
    spinner_set = set(orders)
    line = _line(board)
    anchor_index = next((i for i, p in enumerate(line) if p.order == (orders[0] if orders else 0)), None)
    if anchor_index is None:  # the first spinner lies on a branch: cannot happen; centre the lead
        anchor_index = next(i for i, p in enumerate(line) if p.order == 0)
    anchor = line[anchor_index]
    cx, cy = TABLE_WIDTH // 2, 0
    margin = UNIT + UNIT // 4
    rect, _ = _step((cx - (UNIT // 2 if anchor.crosswise else UNIT), cy), EAST, anchor)
    table.put(anchor, rect, SOUTH if anchor.crosswise else EAST, EAST)
    has_spinner = bool(orders)
    gap = 3 * UNIT if has_spinner else None
    low, high = margin, TABLE_WIDTH - margin
    left_pieces = [_flip(p) for p in reversed(line[:anchor_index])]
    right_pieces = line[anchor_index + 1 :]
    left_head, left_dir = _lay(table, left_pieces, (rect.x, cy), WEST, _Snake(NORTH, low, cx - gap if gap else high), anchor.crosswise)
    right_head, right_dir = _lay(table, right_pieces, (rect.right, cy), EAST, _Snake(SOUTH, cx + gap if gap else low, high), anchor.crosswise)
    ends = [EndPoint("l", *left_head, left_dir), EndPoint("r", *right_head, right_dir)]
    insets: list[InsetLabel] = []
    spinner_rects: list[Rect] = []
    if has_spinner:
        up, down = branch_names(1)
        reach = BRANCH_REACH * UNIT
        head, way = _lay(table, _branch(board, up, spinner_set), (cx, rect.y), NORTH, _Snake(EAST, cy - reach, cy - 3 * UNIT), False)
        ends.append(EndPoint(up, *head, way))
        head, way = _lay(table, _branch(board, down, spinner_set), (cx, rect.bottom), SOUTH, _Snake(WEST, cy + 3 * UNIT, cy + reach), False)
        ends.append(EndPoint(down, *head, way))
        _later_branches(board, table, orders, spinner_set, ends, insets)
        by_order = {p.order: p.rect for p in table.placed}
        spinner_rects = [by_order[o] for o in orders if o in by_order]
    table.placed.sort(key=lambda p: p.order)
    bounds = table.placed[0].rect
    for placed in table.placed[1:]:
        bounds = _union(bounds, placed.rect)
    return Layout(tuple(table.placed), tuple(ends), tuple(insets), bounds, tuple(spinner_rects))


def _later_branches(
    board: BoardLayout, table: _Table, orders: list[int], spinner_set: set[int], ends: list[EndPoint], insets: list[InsetLabel]
) -> None:
    """Branches of the second and later spinners: out across their arm where they fit (an empty
    branch where a tile's half would fit, so that its open end shows clear of other tiles), else
    under the table."""
    for index, order in enumerate(orders[1:], 2):
        spinner = next(p for p in table.placed if p.order == order)
        heading = table.heading[order]
        centre = (spinner.rect.x + spinner.rect.w // 2, spinner.rect.y + spinner.rect.h // 2)
        for name, way in zip(branch_names(index), _branch_ways(heading)):
            pieces = _branch(board, name, spinner_set)
            start = _add(centre, _scale(way, UNIT))
            trial = _Table()
            trial.placed = list(table.placed)
            trial.heading = dict(table.heading)
            head, direction = start, way
            fits = True
            for piece in pieces:
                rect, head = _step(head, direction, piece)
                if trial.collides(rect) or rect.x < 0 or rect.right > TABLE_WIDTH:
                    fits = False
                    break
                trial.put(piece, rect, _perpendicular(direction) if piece.crosswise else direction, direction)
            if fits and not pieces:  # an empty branch still needs room to show its open end
                room = _square(_add(start, _scale(way, UNIT // 2)), UNIT)
                fits = not trial.collides(room) and room.x >= 0 and room.right <= TABLE_WIDTH
            if fits:
                table.placed, table.heading = trial.placed, trial.heading
                ends.append(EndPoint(name, *head, direction))
                continue
            bottom = max([p.rect.bottom for p in table.placed] + [label.y + UNIT // 2 for label in insets])
            row_y = bottom + UNIT + UNIT  # the axis of the strip's row, clear of everything above (empty rows too)
            label_x = UNIT
            insets.append(InsetLabel(name, spinner.tile, label_x, row_y))
            head, direction = _lay(table, pieces, (label_x + 4 * UNIT, row_y), EAST, _Snake(SOUTH), False)
            ends.append(EndPoint(name, *head, direction))
