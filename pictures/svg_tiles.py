"""The pieces every picture of the table is drawn with: numbers and text made safe for SVG, the
drawing of each tile face and of a tile's back, and the canvas that gathers a picture's elements.

Promises: a number is written the same way every time (:func:`num`); any text, whatever it holds,
becomes well-formed XML (:func:`xml_text`, :func:`xml_attribute`: a character XML does not allow
is drawn as a stand-in); a picture defines each tile drawing it uses once, by a stable id
(:func:`symbol_id`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from xml.sax.saxutils import escape, quoteattr

from muggins.i18n import Message, localize
from muggins.pictures.svg_layout import UNIT

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
FELT = "#1f6b43"
IVORY = "#fbf7ec"
INK = "#1c1c1c"
HIGHLIGHT = "#ff9800"
GOLD = "#ffd54f"

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


def num(value: float) -> str:
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


#: The lists of :func:`collecting` blocks, innermost last.
_heard: list[list[Message]] = []


@contextmanager
def collecting() -> Iterator[list[Message]]:
    """Inside the block, every :class:`~muggins.i18n.Message` a picture says is also put in the
    list this gives: a page that says its pictures again in another language (the viewer) embeds
    their translations."""
    heard: list[Message] = []
    _heard.append(heard)
    try:
        yield heard
    finally:
        _heard.remove(heard)


def said(text: str) -> str:
    """``text`` as a picture says it: a Message in the language in use (and heard by the
    innermost :func:`collecting` block), any other text (a name, a tile) as it is."""
    if isinstance(text, Message):
        if _heard:
            _heard[-1].append(text)
        return localize(text)
    return text


def svg_text(x: float, y: float, content: str, cls: str, extra: str = "") -> str:
    """A line of text; ``cls`` names its style in ``muggins.pictures.svg.STYLE``; a
    :class:`~muggins.i18n.Message` is said in the language in use (:func:`said`)."""
    return f'<text x="{num(x)}" y="{num(y)}" class="{cls}"{extra}>{xml_text(said(content))}</text>'


# -- tiles ---------------------------------------------------------------------------------------


def symbol_id(standing: bool, first: int, second: int) -> str:
    """The id of the drawing of a tile: lying (``l``) or standing (``s``), ``first`` on the left or top."""
    return f"m{'s' if standing else 'l'}{first}-{second}"


BACK_ID = "mback"  # a back standing up
BACK_LYING_ID = "mbackl"  # a back lying down (the hands at the table's sides)


def _pips(value: int, ox: int, oy: int, standing: bool) -> str:
    if value > 9:  # beyond double-nine sets: the number itself
        return (
            f'<text x="{num(ox + UNIT / 2)}" y="{oy + UNIT // 2 + 5}" font-family="{FONT}" font-size="14"'
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


def _back_drawing(standing: bool = True) -> str:
    w, h = (UNIT, 2 * UNIT) if standing else (2 * UNIT, UNIT)
    return (
        f'<g id="{BACK_ID if standing else BACK_LYING_ID}">'
        f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" fill="#34495e" stroke="#1b2631" stroke-width="1"/>'
        f'<rect x="5" y="5" width="{w - 10}" height="{h - 10}" rx="3" fill="none" stroke="#5d7891" stroke-width="1.5"/>'
        "</g>"
    )


def sprite_defs(keys: list[tuple[bool, int, int]] | None = None, max_pip: int = 6) -> str:
    """``<defs>`` with the drawing of every tile ``keys`` names (default: every tile of a
    double-``max_pip`` set, both ways up and both ways round) and of a tile's back, both ways."""
    if keys is None:
        keys = sorted(
            {(standing, a, b) for standing in (False, True) for a in range(max_pip + 1) for b in range(max_pip + 1)}
        )
    return "<defs>" + "".join(_tile_drawing(*key) for key in keys) + _back_drawing() + _back_drawing(False) + "</defs>"


def tile_sprite(max_pip: int) -> str:
    """A hidden SVG holding every tile drawing, for pages that show many positions drawn with
    ``muggins.pictures.svg.position_svg(view, standalone=False)``."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true">'
        + sprite_defs(max_pip=max_pip)
        + "</svg>"
    )


def use(ref: str, x: int, y: int) -> str:
    """A drawing placed at (``x``, ``y``); a coordinate of 0, SVG's default, is left out (a
    hand's tiles share one: the page is smaller by it)."""
    return f'<use href="#{ref}"' + (f' x="{x}"' if x else "") + (f' y="{y}"' if y else "") + "/>"


# -- the picture -------------------------------------------------------------------------------


class Canvas:
    """Elements in drawing order, and the tile drawings they use."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.used: set[tuple[bool, int, int]] = set()

    def add(self, part: str) -> None:
        self.parts.append(part)

    def tile(self, standing: bool, first: int, second: int, x: int, y: int) -> None:
        self.used.add((standing, first, second))
        self.add(use(symbol_id(standing, first, second), x, y))
