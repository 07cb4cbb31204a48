"""A self-contained HTML page that steps through a whole record: the replay viewer.

The page is ``static/viewer.html`` with its style (``static/viewer.css`` and the pictures'
classes from ``muggins.pictures.svg``), its script (``static/viewer.js``), the tile drawings and
the data of :func:`muggins.pictures.viewer_data.viewer_data` written into it, so it is one file
that needs no network and no other file and works opened straight from disk. The script reads
the embedded JSON, shows one position at a time and moves with the buttons, the arrow keys (one
turn; across hands too), Home and End (the hand's deal and its end), the hand selector, and
clicks on the timeline and the findings.

Promises: the page is the same bytes for the same record and rules. Text from the record
(names, event, comments, turns) reaches the page only as JSON inside a
``<script type="application/json">`` block, with ``<``, ``>`` and ``&`` written as ``\\u003c``,
``\\u003e`` and ``\\u0026``; the script puts it into the page with ``textContent`` and parses the
pictures as XML (``DOMParser``), never as HTML. The pictures are XML with all record text
escaped. A Content-Security-Policy allows only the page's own script and style (by hash), so
even injected markup could run nothing and fetch nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import cache
from importlib import resources
from typing import NamedTuple

from muggins.analysis.audit import RecordAudit
from muggins.notation.model import Play, Record
from muggins.pictures.svg import STYLE as PICTURE_STYLE
from muggins.pictures.svg import tile_sprite
from muggins.pictures.viewer_data import viewer_data
from muggins.replay.rules import RuleSet


def static_text(name: str) -> str:
    """The text of ``static/NAME``, shipped with the package (lines end in ``\\n`` however the
    file was checked out)."""
    return resources.files("muggins.pictures").joinpath("static", name).read_text(encoding="utf-8")


class _Skeleton(NamedTuple):
    """What every page shares: the template, the inline style and script, and the policy."""

    template: str
    style: str
    script: str
    policy: str


@cache
def _skeleton() -> _Skeleton:
    """Read once per process: the static files do not change while it runs."""
    # Each inline block starts on a line of its own; the hashes cover exactly what is inlined.
    style = "\n" + static_text("viewer.css") + PICTURE_STYLE + "\n"
    script = "\n" + static_text("viewer.js")
    policy = (
        f"default-src 'none'; script-src {_sha256(script)}; style-src {_sha256(style)};"
        " img-src 'none'; connect-src 'none'; form-action 'none'; base-uri 'none'"
    )
    return _Skeleton(static_text("viewer.html"), style, script, policy)


def embed_json(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` characters at all."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def viewer_html(record: Record, rules: RuleSet, source: str, report: RecordAudit | None = None) -> str:
    """The whole page as text."""
    data = viewer_data(record, rules, source, report)
    skeleton = _skeleton()
    parts = {
        "POLICY": skeleton.policy,
        "STYLE": skeleton.style,
        "SPRITE": tile_sprite(max(rules.max_pip, _highest_pip(record))),
        "DATA": embed_json(data),
        "SCRIPT": skeleton.script,
    }
    # One pass over the template: text put in is never searched for markers again.
    return re.sub(r"@([A-Z]+)@", lambda m: parts[m.group(1)], skeleton.template)


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
