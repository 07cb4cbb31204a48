"""A position drawn as an SVG picture of the table, the way a player would recognise it.

The board is drawn from :func:`muggins.pictures.svg_layout.layout`: dominoes with their pips,
doubles crosswise, the spinner's branches up and down, long arms snaking round. The last tile
laid is outlined; each open end carries a badge with what it counts; the seats' hands are face
up where the record tells their tiles and face down where it does not; the score and the count
of the ends are written out.

Promises: :func:`position_svg` is a pure function of its
:class:`~muggins.pictures.table_view.TableView`; the same view gives the same bytes (no timestamps,
no dictionary-order or float-format surprises); every piece of text taken from a record is
escaped, so a player called ``<script>`` is drawn as those letters, and the picture is well-formed
XML whatever the record holds (a character XML does not allow is drawn as a stand-in:
:func:`xml_text`). Its size does not grow with the tiles a seat holds beyond what a row can show
(:data:`HAND_DRAWN`), so a record of thousands of draws makes pictures of the usual size. A program reading the
picture need not guess: the table's tiles are the ``<use>`` elements of ``g.tiles`` in the
order laid, each naming its drawing (``#ml6-4``: lying, 6 on the left; ``#ms6-4``: standing,
6 on top); ``g.hand`` (``data-seat``, ``data-tiles``), ``g.end`` (``data-end``,
``data-value``), ``rect.last`` and ``text.ends`` (``data-count``, ``data-points``) carry the rest.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

from muggins.pictures.svg_layout import UNIT, EndPoint, Layout, layout
from muggins.pictures.table_view import SeatView, TableView
from muggins.replay.board import Board
from muggins.replay.scoring import play_points

WIDTH = 1000
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
FELT = "#1f6b43"
IVORY = "#fbf7ec"
INK = "#1c1c1c"
HIGHLIGHT = "#ff9800"
GOLD = "#ffd54f"
HAND_SCALE = 0.75  # hands are drawn a little smaller than the table
#: The most tiles a hand's row draws (more overlap to a sliver each); the rest are counted in
#: words beside it, as every hand's size is.
HAND_DRAWN = 60

#: Where the pips of each value sit on a tile half, as (along, across) cells of a 3 x 3 grid,
#: for a lying tile (a standing tile swaps the two). A six is two rows of three along the tile.
PIP_CELLS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
    7: ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((a, b) for b in range(3) for a in range(3)),
}


# -- numbers and text -----------------------------------------------------------------------------


def _num(value: float) -> str:
    """A coordinate written the same way every time: whole numbers bare, others to 3 places."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3f}".rstrip("0").rstrip(".")


#: What XML 1.0 allows nowhere, not even as a character reference: the C0 controls but tab, line
#: feed and carriage return; lone surrogates; U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _stand_in(match: re.Match[str]) -> str:
    """A C0 control as its symbol (U+2400 + its code: ␇ for BEL), anything else as U+FFFD."""
    char = match.group()
    return chr(0x2400 + ord(char)) if char < " " else "\ufffd"


def xml_text(text: str) -> str:
    """``text`` as XML character data: escaped, each character XML does not allow made visible."""
    return escape(_NOT_XML.sub(_stand_in, text))


def xml_attribute(text: str) -> str:
    """``text`` as a quoted XML attribute value, under the same rule as :func:`xml_text`."""
    return quoteattr(_NOT_XML.sub(_stand_in, text))


def _text(x: float, y: float, content: str, cls: str, extra: str = "") -> str:
    """A line of text; ``cls`` names its style in :data:`STYLE`."""
    return f'<text x="{_num(x)}" y="{_num(y)}" class="{cls}"{extra}>{xml_text(content)}</text>'


#: The picture's styles, by class. A picture that stands alone carries them in a ``<style>``;
#: a page showing pictures without it (``standalone=False``) must include them itself.
STYLE = (
    f".muggins-position text{{font-family:{FONT};font-size:14px;fill:{INK}}}"
    ".muggins-position .title{font-size:20px;font-weight:bold}"
    ".muggins-position .where,.muggins-position .seat,.muggins-position .ends{font-size:15px}"
    ".muggins-position .now{font-weight:bold}"
    ".muggins-position .score-line{font-size:15px;font-weight:bold;text-anchor:end}"
    ".muggins-position .soft{font-size:13px;fill:#555;text-anchor:end}"
    ".muggins-position .felt-note{fill:#e8f5e9}"
    ".muggins-position .empty{font-size:16px;fill:#e8f5e9;text-anchor:middle}"
    ".muggins-position .value{font-weight:bold;text-anchor:middle}"
    ".muggins-position .zero{font-size:12px;fill:#616161;text-anchor:middle}"
    f".muggins-position .counts{{fill:{GOLD};stroke:#5d4200;stroke-width:1.5px}}"
    ".muggins-position .open{fill:#e0e0e0;stroke:#616161;stroke-width:1px}"
    ".muggins-position .waits{fill:none;stroke:#cfd8dc;stroke-width:1.5px;stroke-dasharray:3 3}"
)


# -- tiles ---------------------------------------------------------------------------------------


def symbol_id(standing: bool, first: int, second: int) -> str:
    """The id of the drawing of a tile: lying (``l``) or standing (``s``), ``first`` on the left or top."""
    return f"m{'s' if standing else 'l'}{first}-{second}"


BACK_ID = "mback"


def _pips(value: int, ox: int, oy: int, standing: bool) -> str:
    if value > 9:  # beyond double-nine sets: the number itself
        return (
            f'<text x="{_num(ox + UNIT / 2)}" y="{oy + UNIT // 2 + 5}" font-family="{FONT}" font-size="14"'
            f' font-weight="bold" text-anchor="middle">{value}</text>'
        )
    step = UNIT // 4
    out = []
    for along, across in PIP_CELLS[value]:
        col, row = (across, along) if standing else (along, across)
        out.append(f'<circle cx="{ox + step * (col + 1)}" cy="{oy + step * (row + 1)}" r="3.2"/>')
    return "".join(out)


def _tile_drawing(standing: bool, first: int, second: int) -> str:
    w, h = (UNIT, 2 * UNIT) if standing else (2 * UNIT, UNIT)
    divider = f'<line x1="4" y1="{UNIT}" x2="{UNIT - 4}" y2="{UNIT}"/>' if standing else f'<line x1="{UNIT}" y1="4" x2="{UNIT}" y2="{UNIT - 4}"/>'
    second_at = (0, UNIT) if standing else (UNIT, 0)
    return (
        f'<g id="{symbol_id(standing, first, second)}">'
        f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" fill="{IVORY}" stroke="#555" stroke-width="1"/>'
        f'<g stroke="#8a8270" stroke-width="1.2">{divider}</g>'
        f'<g fill="{INK}">{_pips(first, 0, 0, standing)}{_pips(second, *second_at, standing)}</g>'
        "</g>"
    )


def _back_drawing() -> str:
    return (
        f'<g id="{BACK_ID}">'
        f'<rect x="0.5" y="0.5" width="{UNIT - 1}" height="{2 * UNIT - 1}" rx="4" fill="#34495e" stroke="#1b2631" stroke-width="1"/>'
        f'<rect x="5" y="5" width="{UNIT - 10}" height="{2 * UNIT - 10}" rx="3" fill="none" stroke="#5d7891" stroke-width="1.5"/>'
        "</g>"
    )


def sprite_defs(keys: list[tuple[bool, int, int]] | None = None, max_pip: int = 6) -> str:
    """``<defs>`` with the drawing of every tile ``keys`` names (default: every tile of a
    double-``max_pip`` set, both ways up and both ways round) and of a tile's back."""
    if keys is None:
        keys = sorted(
            {(standing, a, b) for standing in (False, True) for a in range(max_pip + 1) for b in range(max_pip + 1)}
        )
    return "<defs>" + "".join(_tile_drawing(*key) for key in keys) + _back_drawing() + "</defs>"


def tile_sprite(max_pip: int) -> str:
    """A hidden SVG holding every tile drawing, for pages that show many positions drawn with
    ``position_svg(view, standalone=False)``."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true">'
        + sprite_defs(max_pip=max_pip)
        + "</svg>"
    )


def _use(ref: str, x: int, y: int) -> str:
    return f'<use href="#{ref}" x="{x}" y="{y}"/>'


# -- the picture -------------------------------------------------------------------------------


class _Canvas:
    """Elements in drawing order, and the tile drawings they use."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.used: set[tuple[bool, int, int]] = set()

    def add(self, part: str) -> None:
        self.parts.append(part)

    def tile(self, standing: bool, first: int, second: int, x: int, y: int) -> None:
        self.used.add((standing, first, second))
        self.add(_use(symbol_id(standing, first, second), x, y))


def _hand_rows(canvas: _Canvas, seats: tuple[SeatView, ...], top: int) -> int:
    """Draw each seat's label and hand from ``top`` down; return the y below them."""
    pitch = 28
    tile_h = int(2 * UNIT * HAND_SCALE)
    y = top
    for seat in seats:
        marker = "\u25b6 " if seat.to_move else ""
        count = len(seat.tiles) + seat.hidden
        label = f"{marker}{seat.seat} \u00b7 {seat.name}" if seat.name else f"{marker}{seat.seat}"
        canvas.add(f'<g class="hand" data-seat={xml_attribute(seat.seat)} data-tiles="{count}">')
        canvas.add(_text(24, y + 16, label, "seat now" if seat.to_move else "seat"))
        held = f"{count} tile{'s' if count != 1 else ''}" if count else "no tiles left"
        canvas.add(_text(WIDTH - 24, y + 16, held, "soft"))
        if not count:
            canvas.add("</g>")
            y += 30
            continue
        shown = seat.tiles[:HAND_DRAWN]
        backs = min(seat.hidden, HAND_DRAWN - len(shown))
        step = min(pitch, (WIDTH - 48 - UNIT * HAND_SCALE) / max(1, len(shown) + backs - 1))
        canvas.add(f'<g transform="translate(24 {y + 24}) scale({_num(HAND_SCALE)})">')
        for i, tile in enumerate(shown):
            canvas.tile(True, tile.high, tile.low, round(i * step / HAND_SCALE), 0)
        for i in range(backs):
            canvas.add(_use(BACK_ID, round((len(shown) + i) * step / HAND_SCALE), 0))
        canvas.add("</g></g>")
        y += 24 + tile_h + 14
    return y


def _badge_centre(end: EndPoint) -> tuple[int, int]:
    reach = UNIT // 2 + 4
    return end.x + end.direction[0] * reach, end.y + end.direction[1] * reach


def _board(canvas: _Canvas, view: TableView, top: int) -> int:
    """Draw the felt, the tiles and the open ends from ``top``; return the y below the felt."""
    board = view.board
    placed = layout(board)
    margin = 24
    if not placed.tiles:
        canvas.add(f'<rect x="8" y="{top}" width="{WIDTH - 16}" height="96" rx="14" fill="{FELT}"/>')
        note = "kept as score-sheet entries: no tiles recorded" if view.sheet_only else "no tile on the table yet"
        canvas.add(_text(WIDTH / 2, top + 54, note, "empty"))
        return top + 96
    badges = _end_badges(board, placed)
    left, right = placed.bounds.x, placed.bounds.right
    upper, lower = placed.bounds.y, placed.bounds.bottom
    for _, (x, y), _, _ in badges:
        left, right, upper, lower = min(left, x - 15), max(right, x + 15), min(upper, y - 15), max(lower, y + 15)
    for label in placed.insets:
        left = min(left, label.x)
    room = WIDTH - 2 * margin
    scale = min(1.0, room / (right - left))
    height = round((lower - upper) * scale) + 2 * margin
    tx = WIDTH / 2 - (left + right) / 2 * scale
    ty = top + margin - upper * scale
    canvas.add(f'<rect x="8" y="{top}" width="{WIDTH - 16}" height="{height}" rx="14" fill="{FELT}"/>')
    canvas.add(f'<g class="board" transform="translate({_num(round(tx, 3))} {_num(round(ty, 3))}) scale({_num(round(scale, 4))})">')
    canvas.add('<g class="tiles">')  # in the order laid
    for piece in placed.tiles:
        canvas.tile(piece.standing, piece.first, piece.second, piece.rect.x, piece.rect.y)
    canvas.add("</g>")
    if view.last_laid:
        last = max(placed.tiles, key=lambda p: p.order)
        r = last.rect
        canvas.add(
            f'<rect class="last" data-tile="{last.tile}" x="{r.x - 3}" y="{r.y - 3}" width="{r.w + 6}" height="{r.h + 6}"'
            f' rx="6" fill="none" stroke="{HIGHLIGHT}" stroke-width="4"/>'
        )
    for label in placed.insets:
        canvas.add(_text(label.x, label.y + 5, f"{label.name} (from the {label.spinner})", "felt-note"))
    for name, (x, y), value, state in badges:
        _badge(canvas, name, x, y, value, state)
    canvas.add("</g>")
    return top + height


def _end_badges(board: Board, placed: Layout) -> list[tuple[str, tuple[int, int], int, str]]:
    """(end name, badge centre, value, state) for every open end: ``counts``, ``open`` or ``waits``."""
    out = []
    for end in board.open_ends():
        if end.name == "spinner":
            spot = _spinner_spot(board, placed, end.pip)
            if spot is not None:
                out.append((end.name, spot, end.value, "counts"))
            continue
        where = placed.end(end.name)
        if where is None:
            continue
        state = "counts" if end.counts else ("open" if end.playable else "waits")
        out.append((end.name, _badge_centre(where), end.value if end.counts else end.pip, state))
    return out


def _spinner_spot(board: Board, placed: Layout, pip: int) -> tuple[int, int] | None:
    for spinner, rect in zip(board.spinners, placed.spinners):
        if spinner.pip == pip:
            return rect.right + 4, rect.y - 4
    return None


def _badge(canvas: _Canvas, name: str, x: int, y: int, value: int, state: str) -> None:
    """An open end's badge: gold with what it counts, pale with the pip it shows, or dashed while it waits."""
    if state == "counts":
        circle = f'<circle cx="{x}" cy="{y}" r="14" class="counts"/>'
        label = _text(x, y + 5, str(value), "value")
        tip = f"end {name}: counts {value}"
    elif state == "open":
        circle = f'<circle cx="{x}" cy="{y}" r="12" class="open"/>'
        label = _text(x, y + 4, "0", "zero")
        tip = f"end {name}: shows {value}, counts nothing"
        value = 0
    else:
        circle = f'<circle cx="{x}" cy="{y}" r="10" class="waits"/>'
        label = ""
        tip = f"end {name}: waits until the spinner's sides are covered"
        value = 0
    canvas.add(f'<g class="end" data-end="{name}" data-value="{value}"><title>{xml_text(tip)}</title>{circle}{label}</g>')


def _count_caption(board: Board, points: int) -> str:
    """``ends count 5 + 4 + 6 = 15, scores 15``: the sum a player says aloud."""
    if board.lead is None:
        return "no open ends yet"
    values = board.counted_values()
    total = board.total()
    said = " + ".join(str(v) for v in values) + f" = {total}" if len(values) > 1 else str(total)
    return f"ends count {said}  \u2192  " + (f"scores {points}" if points else "scores nothing")


def position_svg(view: TableView, *, standalone: bool = True) -> str:
    """The picture of ``view`` as SVG text, :data:`WIDTH` units wide.

    ``standalone`` pictures carry their own tile drawings; without it they refer to the ones
    a page holds once in :func:`tile_sprite`.
    """
    canvas = _Canvas()
    if standalone:
        _heading(canvas, view)
    half = (len(view.seats) + 1) // 2
    y = _hand_rows(canvas, view.seats[:half], 70 if standalone else 8)
    y = _board(canvas, view, y + 4)
    total = view.board.total()
    points = play_points(total, view.board.rules) if view.board.lead is not None else 0
    canvas.add(_text(24, y + 24, _count_caption(view.board, points), "ends", f' data-count="{total}" data-points="{points}"'))
    status = view.over or f"boneyard: {view.boneyard} tile{'s' if view.boneyard != 1 else ''}"
    canvas.add(_text(WIDTH - 24, y + 24, status, "soft"))
    y = _hand_rows(canvas, view.seats[half:], y + 40)
    height = y + 8
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg"'
        f' width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}"'
        f' class="muggins-position" data-count="{total}">'
    )
    background = f'<rect width="{WIDTH}" height="{height}" fill="#f4efe3"/>'
    if not standalone:
        return head + background + "".join(canvas.parts) + "</svg>"
    title = f"<title>{xml_text(view.title + ' - ' + view.where)}</title>"
    style = f"<style>{STYLE}</style>"
    return head + title + style + sprite_defs(sorted(canvas.used)) + background + "".join(canvas.parts) + "</svg>\n"


def _heading(canvas: _Canvas, view: TableView) -> None:
    """The title, the position and the score across the top of a picture that stands alone."""
    canvas.add(_text(24, 30, view.title, "title"))
    canvas.add(_text(24, 54, view.where + (f": {view.last_move}" if view.last_move else ""), "where"))
    said = "   \u00b7   ".join(f"{who} ({side}) {score}" if who and who != side else f"{side} {score}" for side, who, score in view.scores)
    canvas.add('<g class="scores">')
    canvas.add(_text(WIDTH - 24, 30, "score", "soft"))
    canvas.add(_text(WIDTH - 24, 54, said, "score-line"))
    for side, _, score in view.scores:
        canvas.add(f'<desc class="score" data-side={xml_attribute(side)} data-score="{score}"/>')
    canvas.add("</g>")
