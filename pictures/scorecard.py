"""The scorekeeper's card of seed 002 as one self-contained page (``muggins keep``).

The page is ``static/scorecard.html`` with its style (``static/scorecard.css``), its script
(``static/scorecard.js``) and the data of :func:`muggins.pictures.scorecard_data.scorecard_config`
written into it: one file that needs no network and no other file, opened from disk on a phone
at the table. The script keeps the game (setup and entries) in the browser's storage, scores
the end of each hand from the embedded tables, and writes the game as a score-sheet-only
``.mgn`` record.

Promises, as for the viewer: the page is the same bytes for the same rules; the data is JSON in
a ``<script type="application/json">`` block with ``<``, ``>`` and ``&`` escaped
(:func:`muggins.pictures.viewer.embed_json`); the script puts names typed at the table into the
page with ``textContent`` only; a Content-Security-Policy allows only the page's own script and
style (by hash), so nothing is fetched and nothing else runs.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, NamedTuple

from muggins.pictures.scorecard_data import scorecard_config
from muggins.pictures.viewer import _sha256, embed_json, static_text
from muggins.replay.rules import RuleSet


class _Skeleton(NamedTuple):
    template: str
    style: str
    script: str
    policy: str


@cache
def _skeleton() -> _Skeleton:
    """Read once per process; each inline block starts on a line of its own and the hashes
    cover exactly what is inlined."""
    style = "\n" + static_text("scorecard.css")
    script = "\n" + static_text("scorecard.js")
    policy = (
        f"default-src 'none'; script-src {_sha256(script)}; style-src {_sha256(style)};"
        " img-src 'none'; connect-src 'none'; form-action 'none'; base-uri 'none'"
    )
    return _Skeleton(static_text("scorecard.html"), style, script, policy)


def scorecard_html(config: dict[str, Any]) -> str:
    """The page for already built card data (see :func:`scorecard_page`)."""
    skeleton = _skeleton()
    parts = {"POLICY": skeleton.policy, "STYLE": skeleton.style, "DATA": embed_json(config), "SCRIPT": skeleton.script}
    # One pass over the template: text put in is never searched for markers again.
    return re.sub(r"@([A-Z]+)@", lambda m: parts[m.group(1)], skeleton.template)


def scorecard_page(rules: RuleSet) -> str:
    """The card for ``rules``; :class:`~muggins.pictures.scorecard_data.CardRulesError` when
    the card cannot keep a game under them."""
    return scorecard_html(scorecard_config(rules))
