"""A position drawn as an SVG picture of the table, the way a player would recognise it.

The board is drawn from :func:`muggins.pictures.svg_layout.layout`: dominoes with their pips,
doubles crosswise, the spinner's branches up and down, long arms snaking round. The last tile
laid is outlined. Each open end shows the pip a tile must match there (an empty branch its
spinner's, a spinner at an end its own), the end's name, and on a gold token what it counts,
as the board lists them (:meth:`muggins.replay.board.Layout.open_ends`; nothing is counted
again here). The players sit round the table as :func:`~muggins.pictures.table_view.seat_places`
says, their hands face up where the view shows their tiles and face down where it does not
(``muggins.pictures.svg_seats``); the score and the count of the ends are written out, and a
claim the audit found wrong at this turn is said under them (``B claimed 20, makes 15``).

Promises: :func:`position_svg` is a pure function of its
:class:`~muggins.pictures.table_view.TableView`; the same view gives the same bytes (no timestamps,
no dictionary-order or float-format surprises); every piece of text taken from a record is
escaped, so a player called ``<script>`` is drawn as those letters, and the picture is well-formed
XML whatever the record holds (a character XML does not allow is drawn as a stand-in:
:func:`xml_text`). Its size does not grow with the tiles a seat holds beyond what a hand can show
(:data:`HAND_DRAWN`), so a record of thousands of draws makes pictures of the usual size. A program reading the
picture need not guess: the table's tiles are the ``<use>`` elements of ``g.tiles`` in the
order laid, each naming its drawing (``#ml6-4``: lying, 6 on the left; ``#ms6-4``: standing,
6 on top); ``rect.felt`` is the table; ``g.hand`` (``data-seat``, ``data-tiles``,
``data-place``), ``g.end`` (``data-end``, ``data-pip``, ``data-value``: what it counts,
``data-state="waits"`` while it takes no tile), ``rect.last``, ``text.ends`` (``data-count``,
``data-points``) and ``text.claim`` (``data-claimed``, ``data-correct``) carry the rest.
"""

from __future__ import annotations

from typing import NamedTuple

from muggins.i18n import msg, plural
from muggins.pictures.svg_layout import UNIT, Layout, layout
from muggins.pictures.svg_tiles import (
    FELT,
    FONT,
    GOLD,
    HIGHLIGHT,
    INK,
    IVORY,
    PIP_CELLS,
    Canvas,
    num,
    said,
    sprite_defs,
    svg_text,
    symbol_id,
    tile_sprite,
    xml_attribute,
    xml_text,
)
from muggins.pictures.svg_seats import COLUMN_WIDTH, HAND_DRAWN, column_height, hand_column, hand_rows
from muggins.pictures.table_view import PLACES, TableView
from muggins.replay.board import Layout as BoardLayout
from muggins.replay.scoring import play_points

#: The width of the table's band: the board, and the rows of the hands above and below it.
WIDTH = 1000

__all__ = [
    "HAND_DRAWN",
    "PIP_CELLS",
    "STYLE",
    "WIDTH",
    "position_svg",
    "sprite_defs",
    "symbol_id",
    "tile_sprite",
    "xml_attribute",
    "xml_text",
]

#: The picture's styles, by class. A picture that stands alone carries them in a ``<style>``;
#: a page showing pictures without it (``standalone=False``) must include them itself.
STYLE = (
    f".muggins-position text{{font-family:{FONT};font-size:14px;fill:{INK}}}"
    ".muggins-position .title{font-size:20px;font-weight:bold}"
    ".muggins-position .where,.muggins-position .seat,.muggins-position .ends{font-size:15px}"
    ".muggins-position .now{font-weight:bold}"
    ".muggins-position .score-line{font-size:15px;font-weight:bold;text-anchor:end}"
    ".muggins-position .soft{font-size:13px;fill:#555;text-anchor:end}"
    ".muggins-position .held{font-size:13px;fill:#555}"
    ".muggins-position .seat{text-anchor:middle}"
    ".muggins-position .felt-note{fill:#e8f5e9}"
    ".muggins-position .empty{font-size:16px;fill:#e8f5e9;text-anchor:middle}"
    f".muggins-position .end circle{{fill:{IVORY};stroke:#3b3324;stroke-width:1.5px}}"
    ".muggins-position .end text{font-size:15px;font-weight:bold;text-anchor:middle}"
    ".muggins-position .end .name{font-size:13px;font-weight:normal;fill:#e8f5e9}"
    f".muggins-position .end path{{stroke:{GOLD};stroke-width:21px;stroke-linecap:round}}"
    ".muggins-position .end[data-state=waits] circle{fill:none;stroke:#cfd8dc;stroke-dasharray:3 3}"
    ".muggins-position .end[data-state=waits] text{fill:#cfd8dc}"
    ".muggins-position .ends{text-anchor:middle}"
    ".muggins-position .claim{font-size:15px;font-weight:bold;fill:#c62828;text-anchor:middle}"
)


def _board(canvas: Canvas, view: TableView, top: int, x: int = 0, at_least: int = 0, tips: bool = True) -> int:
    """Draw the felt (:data:`WIDTH` wide from ``x``, ``at_least`` tall), the tiles and the open
    ends from ``top`` (``tips``: the ends with tooltips); return the y below the felt."""
    board = view.board
    placed = layout(board)
    margin = 24
    if not placed.tiles:
        height = max(96, at_least)
        canvas.add(f'<rect class="felt" x="{x + 8}" y="{top}" width="{WIDTH - 16}" height="{height}" rx="14" fill="{FELT}"/>')
        note = msg("kept as score-sheet entries: no tiles recorded") if view.sheet_only else msg("no tile on the table yet")
        canvas.add(svg_text(x + WIDTH / 2, top + height // 2 + 6, note, "empty"))
        return top + height
    badges = _end_badges(board, placed)
    left, right = placed.bounds.x, placed.bounds.right
    upper, lower = placed.bounds.y, placed.bounds.bottom
    for badge in badges:
        x0, y0, x1, y1 = _badge_box(badge)
        left, right, upper, lower = min(left, x0), max(right, x1), min(upper, y0), max(lower, y1)
    for label in placed.insets:
        left = min(left, label.x)
    room = WIDTH - 2 * margin
    scale = min(1.0, room / (right - left))
    drawn = round((lower - upper) * scale) + 2 * margin
    height = max(drawn, at_least)
    tx = x + WIDTH / 2 - (left + right) / 2 * scale
    ty = top + margin + (height - drawn) // 2 - upper * scale
    canvas.add(f'<rect class="felt" x="{x + 8}" y="{top}" width="{WIDTH - 16}" height="{height}" rx="14" fill="{FELT}"/>')
    canvas.add(f'<g class="board" transform="translate({num(round(tx, 3))} {num(round(ty, 3))}) scale({num(round(scale, 4))})">')
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
        canvas.add(svg_text(label.x, label.y + 5, msg("{name} (from the {spinner})", name=label.name, spinner=label.spinner), "felt-note"))
    for badge in badges:
        _badge(canvas, badge, tips)
    canvas.add("</g>")
    return top + height


class _Badge(NamedTuple):
    """An open end as drawn: where its pip sits, the way its arm runs, what a tile must match
    there and what the end counts (``state``: ``counts``, ``open``, or ``waits`` while the
    spinner's branches are closed). The pseudo-end ``spinner`` (a spinner that still counts
    but ends no arm) has no pip to match: only its count is drawn, beside the spinner."""

    name: str
    x: int
    y: int
    direction: tuple[int, int]
    pip: int
    value: int
    state: str


#: How far past an arm's last tile the pip of its end sits, and how far beyond that its count.
PIP_REACH = UNIT // 2 + 2
COUNT_REACH = 32


def _end_badges(board: BoardLayout, placed: Layout) -> list[_Badge]:
    """A badge for every open end the board lists (:meth:`~muggins.replay.board.Layout.open_ends`:
    the pip shown, the value counted, whether it takes a tile), placed where the layout ends it."""
    out = []
    for end in board.open_ends():
        value = end.value if end.counts else 0
        if end.name == "spinner":
            spot = _spinner_spot(board, placed, end.pip)
            if spot is not None:
                out.append(_Badge(end.name, *spot, (0, 0), end.pip, value, "counts"))
            continue
        where = placed.end(end.name)
        if where is None:
            continue
        state = "waits" if not end.playable else ("counts" if end.counts else "open")
        dx, dy = where.direction
        out.append(_Badge(end.name, where.x + dx * PIP_REACH, where.y + dy * PIP_REACH, where.direction, end.pip, value, state))
    return out


def _badge_box(badge: _Badge) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of what :func:`_badge` draws."""
    dx, dy = badge.direction
    cx, cy = badge.x + dx * COUNT_REACH, badge.y + dy * COUNT_REACH
    return (min(badge.x - 24, cx - 16), min(badge.y - 30, cy - 12), max(badge.x + 16, cx + 16), max(badge.y + 16, cy + 12))


def _spinner_spot(board: BoardLayout, placed: Layout, pip: int) -> tuple[int, int] | None:
    for spinner, rect in zip(board.spinners, placed.spinners):
        if spinner.pip == pip:
            return rect.right + 16, rect.y + 4  # the corner between its r side and its u branch
    return None


def _badge(canvas: Canvas, badge: _Badge, tips: bool) -> None:
    """An open end: the pip a tile must match in a circle (dashed while the end waits), the
    end's name beside it, and what the end counts on a gold token further out along its arm;
    ``tips``: with a tooltip in words (pictures that stand alone)."""
    name, pip, value = badge.name, badge.pip, badge.value
    dx, dy = badge.direction
    waits = ' data-state="waits"' if badge.state == "waits" else ""
    parts = [f'<g class="end" data-end={xml_attribute(name)} data-pip="{pip}" data-value="{value}"{waits} transform="translate({badge.x} {badge.y})">']
    if tips:
        if name == "spinner":
            tip = msg("the {pip}-{pip} spinner counts {value}", pip=pip, value=value)
        elif waits:
            tip = msg("end {name}: takes a {pip} once the spinner's two sides are covered", name=name, pip=pip)
        elif value:
            tip = msg("end {name}: a tile must match {pip}; counts {value}", name=name, pip=pip, value=value)
        else:
            tip = msg("end {name}: a tile must match {pip}; counts nothing", name=name, pip=pip)
        parts.append(f"<title>{xml_text(said(tip))}</title>")
    if name != "spinner":
        at = f'x="-21" y="4"' if dy else 'y="-18"'
        parts.append(f'<circle r="13"/><text y="5">{pip}</text><text class="name" {at}>{name}</text>')
    if value:
        x, y = dx * COUNT_REACH, dy * COUNT_REACH
        wide = 0 if value < 10 else 4  # a round token, drawn longer for two digits
        parts.append(f'<path d="M{x - wide} {y}h{2 * wide}"/><text class="value" x="{x}" y="{y + 5}">{value}</text>')
    parts.append("</g>")
    canvas.add("".join(parts))


def _count_caption(board: BoardLayout, points: int) -> str:
    """``ends count 5 + 4 + 6 = 15, scores 15``: the sum a player says aloud."""
    if board.lead is None:
        return msg("no open ends yet")
    values = board.counted_values()
    total = board.total()
    sum_text = " + ".join(str(v) for v in values) + f" = {total}" if len(values) > 1 else str(total)
    if points:
        return msg("ends count {sum}  \u2192  scores {points}", sum=sum_text, points=points)
    return msg("ends count {sum}  \u2192  scores nothing", sum=sum_text)


def position_svg(view: TableView, *, standalone: bool = True) -> str:
    """The picture of ``view`` as SVG text: :data:`WIDTH` units wide, and a column wider on each
    side where seats sit at the table's sides.

    ``standalone`` pictures carry their own tile drawings; without it they refer to the ones
    a page holds once in :func:`tile_sprite`.
    """
    canvas = Canvas()
    at = {place: [seat for seat in view.seats if seat.place == place] for place in PLACES}
    beside = at["left"] + at["right"]
    side = COLUMN_WIDTH if beside else 0
    width = WIDTH + 2 * side
    if standalone:
        _heading(canvas, view, width)
    y = hand_rows(canvas, at["top"], 70 if standalone else 8, side, side + WIDTH) + 4
    bottom = _board(canvas, view, y, side, max((column_height(seat) for seat in beside), default=0), standalone)
    for x, seats in ((0, at["left"]), (side + WIDTH, at["right"])):
        for seat in seats:
            hand_column(canvas, seat, x, y, bottom - y)
    y = bottom
    total = view.board.total()
    points = play_points(total, view.board.rules) if view.board.lead is not None else 0
    middle = side + WIDTH // 2  # under the board's middle, where a narrow screen shows it
    canvas.add(svg_text(middle, y + 24, _count_caption(view.board, points), "ends", f' data-count="{total}" data-points="{points}"'))
    status = view.over or plural("boneyard: {n} tile", "boneyard: {n} tiles", view.boneyard)
    canvas.add(svg_text(side + WIDTH - 24, y + 24, status, "soft"))
    if view.wrong_claim is not None:
        claim = view.wrong_claim
        extra = f' data-claimed="{claim.claimed}" data-correct="{claim.correct}"'
        canvas.add(svg_text(middle, y + 48, claim.words(), "claim", extra))
        y += 24
    y = hand_rows(canvas, at["bottom"], y + 40, side, side + WIDTH)
    height = y + 8
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg"'
        f' width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
        f' class="muggins-position" data-count="{total}">'
    )
    background = f'<rect width="{width}" height="{height}" fill="#f4efe3"/>'
    if not standalone:
        return head + background + "".join(canvas.parts) + "</svg>"
    title = f"<title>{xml_text(view.title + ' - ' + said(view.where))}</title>"
    style = f"<style>{STYLE}</style>"
    return head + title + style + sprite_defs(sorted(canvas.used)) + background + "".join(canvas.parts) + "</svg>\n"


def _heading(canvas: Canvas, view: TableView, width: int) -> None:
    """The title, the position and the score across the top of a picture that stands alone."""
    canvas.add(svg_text(24, 30, view.title, "title"))
    where = said(view.where) + (f": {said(view.last_move)}" if view.last_move else "")
    if view.seen_by is not None:
        where += "  \u00b7  " + said(msg("as {seat} sees it", seat=view.seen_by))
    canvas.add(svg_text(24, 54, where, "where"))
    score_line = "   \u00b7   ".join(f"{who} ({side}) {score}" if who and who != side else f"{side} {score}" for side, who, score in view.scores)
    canvas.add('<g class="scores">')
    canvas.add(svg_text(width - 24, 30, msg("score"), "soft"))
    canvas.add(svg_text(width - 24, 54, score_line, "score-line"))
    for side, _, score in view.scores:
        canvas.add(f'<desc class="score" data-side={xml_attribute(side)} data-score="{score}"/>')
    canvas.add("</g>")
