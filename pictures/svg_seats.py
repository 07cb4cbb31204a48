"""The players' hands around the picture of the table: rows above and below it, columns beside it.

A seat at the top or the bottom (:data:`muggins.pictures.table_view.PLACES`) holds its tiles in
a row, standing; a seat at the left or the right in a column, lying, as a player across the
table sees a neighbour's hand. Tiles the view shows face up are drawn with their pips, the rest
as backs. Each hand is a ``g.hand`` (``data-seat``, ``data-tiles``, ``data-place``) holding the
seat's label (``text.seat``), how many tiles it holds, and the tiles.

Promises: a hand draws at most :data:`HAND_DRAWN` tiles however many it holds (they overlap
more, down to a sliver each; the count is in words beside them); a column's label is clipped to
the column, so a long name never runs onto the table.
"""

from __future__ import annotations

from muggins.i18n import msg, plural
from muggins.notation.model import Tile
from muggins.pictures.svg_layout import UNIT
from muggins.pictures.svg_tiles import BACK_ID, BACK_LYING_ID, Canvas, num, svg_text, use, xml_attribute
from muggins.pictures.table_view import SeatView

HAND_SCALE = 0.75  # hands are drawn a little smaller than the table
#: The most tiles a hand draws (more overlap to a sliver each); the rest are counted in words
#: beside it, as every hand's size is.
HAND_DRAWN = 60
#: A row keeps this far from the ends of its band, leaving room for its count of tiles.
ROW_MARGIN = 100
#: The width of a column beside the table, and how far apart its tiles lie when there is room.
COLUMN_WIDTH = 136
COLUMN_PITCH = 28
#: A column's label and count above its tiles, and the margin below them.
COLUMN_HEAD = 48
COLUMN_FOOT = 12
#: A column grows with its hand up to this many tiles; more overlap within that height.
COLUMN_TILES = 9


def _label(seat: SeatView) -> str:
    marker = "\u25b6 " if seat.to_move else ""
    return f"{marker}{seat.seat} \u00b7 {seat.name}" if seat.name else f"{marker}{seat.seat}"


def _held(count: int) -> str:
    return plural("{n} tile", "{n} tiles", count) if count else msg("no tiles left")


def _open_hand(canvas: Canvas, seat: SeatView, count: int) -> None:
    canvas.add(f'<g class="hand" data-seat={xml_attribute(seat.seat)} data-tiles="{count}" data-place="{seat.place}">')


def _shown(seat: SeatView) -> tuple[tuple[Tile, ...], int]:
    """The face-up tiles drawn and how many backs follow them, :data:`HAND_DRAWN` at most."""
    shown = seat.tiles[:HAND_DRAWN]
    return shown, min(seat.hidden, HAND_DRAWN - len(shown))


def hand_rows(canvas: Canvas, seats: list[SeatView], top: int, left: int, right: int) -> int:
    """Draw each seat's label and hand in a row from ``top`` down, centred between ``left`` and
    ``right`` as a player sits at the middle of a side; return the y below them."""
    tile_w, tile_h = UNIT * HAND_SCALE, int(2 * UNIT * HAND_SCALE)
    centre = (left + right) / 2
    y = top
    for seat in seats:
        count = len(seat.tiles) + seat.hidden
        _open_hand(canvas, seat, count)
        canvas.add(svg_text(centre, y + 16, _label(seat), "seat now" if seat.to_move else "seat"))
        if not count:
            canvas.add(svg_text(centre, y + 36, _held(count), "held", ' text-anchor="middle"'))
            canvas.add("</g>")
            y += 44
            continue
        shown, backs = _shown(seat)
        drawn = len(shown) + backs
        room = right - left - 2 * ROW_MARGIN - tile_w
        step = min(COLUMN_PITCH, room / max(1, drawn - 1))
        start = centre - ((drawn - 1) * step + tile_w) / 2
        canvas.add(f'<g transform="translate({num(round(start, 1))} {y + 24}) scale({num(HAND_SCALE)})">')
        for i, tile in enumerate(shown):
            canvas.tile(True, tile.high, tile.low, round(i * step / HAND_SCALE), 0)
        for i in range(backs):
            canvas.add(use(BACK_ID, round((len(shown) + i) * step / HAND_SCALE), 0))
        canvas.add("</g>")
        canvas.add(svg_text(round(start + (drawn - 1) * step + tile_w + 10, 1), y + 24 + tile_h // 2 + 5, _held(count), "held"))
        canvas.add("</g>")
        y += 24 + tile_h + 14
    return y


def column_height(seat: SeatView) -> int:
    """How tall a column holding this seat's hand would like to be."""
    count = min(COLUMN_TILES, len(seat.tiles) + seat.hidden)
    tile_h = int(UNIT * HAND_SCALE)
    return COLUMN_HEAD + max(0, count - 1) * COLUMN_PITCH + (tile_h if count else 0) + COLUMN_FOOT


def hand_column(canvas: Canvas, seat: SeatView, x: int, top: int, height: int) -> None:
    """Draw a seat's label and hand in a column :data:`COLUMN_WIDTH` wide from (``x``, ``top``),
    its tiles lying one under another within ``height``."""
    count = len(seat.tiles) + seat.hidden
    clip = f"seat-clip-{x}"
    _open_hand(canvas, seat, count)
    canvas.add(f'<clipPath id="{clip}"><rect x="{x + 4}" y="0" width="{COLUMN_WIDTH - 8}" height="100000"/></clipPath>')
    cls = "seat now" if seat.to_move else "seat"
    canvas.add(svg_text(x + COLUMN_WIDTH // 2, top + 16, _label(seat), cls, f' clip-path="url(#{clip})"'))
    canvas.add(svg_text(x + COLUMN_WIDTH // 2, top + 36, _held(count), "held", ' text-anchor="middle"'))
    if count:
        shown, backs = _shown(seat)
        tile_h = UNIT * HAND_SCALE
        room = height - COLUMN_HEAD - COLUMN_FOOT - tile_h
        step = min(COLUMN_PITCH, room / max(1, len(shown) + backs - 1))
        left = x + (COLUMN_WIDTH - 2 * UNIT * HAND_SCALE) / 2
        canvas.add(f'<g transform="translate({num(left)} {top + COLUMN_HEAD}) scale({num(HAND_SCALE)})">')
        for i, tile in enumerate(shown):
            canvas.tile(False, tile.high, tile.low, 0, round(i * step / HAND_SCALE))
        for i in range(backs):
            canvas.add(use(BACK_LYING_ID, 0, round((len(shown) + i) * step / HAND_SCALE)))
        canvas.add("</g>")
    canvas.add("</g>")
