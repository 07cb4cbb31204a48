"""A self-contained HTML page that steps through a whole record: the replay viewer.

The page is ``static/viewer.html`` with its style (``static/viewer.css`` and the pictures'
classes from ``muggins.pictures.svg``), its script (``static/viewer.js``), the tile drawings and
the data of :func:`muggins.pictures.viewer_data.viewer_data` written into it, so it is one file
that needs no network and no other file and works opened straight from disk. The script reads
the embedded JSON, shows one position at a time and moves with the buttons, the arrow keys (one
turn; across hands too), Home and End (the hand's deal and its end), the hand selector, and
clicks on the timeline and the findings. With an analysis (``muggins view --analyze``, or
``--analysis FILE.json``) the page also shows the marks in the turn list, the alternatives at
each decision with their values, the graph of the expected final point difference and, on a
tab of its own, the players' figures and the Muggins ledger.

The page is the same in every language muggins speaks, and changes its language itself
(``static/i18n.js``): its data and its pictures are written in English, and the translations of
every word they hold (the findings, the analysis' legend, each picture's captions) are embedded
beside them; the script says a picture's texts again in the language chosen.

Promises: the page is the same bytes for the same record and rules. Text from the record
(names, event, comments, turns) reaches the page only as JSON inside a
``<script type="application/json">`` block, with ``<``, ``>`` and ``&`` written as ``\\u003c``,
``\\u003e`` and ``\\u0026``; the script puts it into the page with ``textContent`` and parses the
pictures as XML (``DOMParser``), never as HTML. The pictures are XML with all record text
escaped. A Content-Security-Policy allows only the page's own script and style (by hash), so
even injected markup could run nothing and fetch nothing.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins.analysis.audit import RecordAudit
from muggins.i18n import speaking
from muggins.notation.model import Play, Record
from muggins.pictures.page import embed_json, fill, skeleton, static_text, words_json
from muggins.pictures.svg import STYLE as PICTURE_STYLE
from muggins.pictures.svg import tile_sprite
from muggins.pictures.svg_tiles import collecting
from muggins.pictures.viewer_data import viewer_data
from muggins.replay.rules import RuleSet

__all__ = ["embed_json", "static_text", "viewer_html"]


def viewer_html(
    record: Record,
    rules: RuleSet,
    source: str,
    report: RecordAudit | None = None,
    as_seat: str | None = None,
    analysis: Mapping[str, dict[str, Any]] | None = None,
) -> str:
    """The whole page as text; ``as_seat``: the game as that seat sees it; ``analysis``: the
    analysis' entries by view, shown beside the board (see :func:`viewer_data`)."""
    page = skeleton("viewer.html", "viewer.css", "viewer.js", PICTURE_STYLE + "\n")
    sprite = tile_sprite(max(rules.max_pip, _highest_pip(record)))
    with speaking("en"), collecting() as pictures_said:  # the page says its pictures' words itself
        data = viewer_data(record, rules, source, report, as_seat, analysis)
    return fill(page, SPRITE=sprite, DATA=embed_json(data), WORDS=words_json(("viewer.html", "viewer.js"), data, pictures_said))


def _highest_pip(record: Record) -> int:
    """The highest pip written anywhere in the record (a record may break the set's limit)."""
    top = 0
    for hand in record.hands:
        for deal in hand.deals:
            for tile in deal.tiles or ():
                top = max(top, tile.high)
        for tile in hand.boneyard.tiles if hand.boneyard is not None else ():
            top = max(top, tile.high)
        for turn in hand.turns:
            if type(turn) is Play:
                top = max(top, turn.tile.high)
            for tile in getattr(turn, "tiles", None) or ():
                top = max(top, tile.high)
    return top
