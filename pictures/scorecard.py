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

from typing import Any

from muggins.pictures.page import embed_json, fill, skeleton, words_json
from muggins.pictures.scorecard_data import scorecard_config
from muggins.replay.rules import RuleSet


def scorecard_html(config: dict[str, Any]) -> str:
    """The page for already built card data (see :func:`scorecard_page`)."""
    rules = config.get("rules")
    description = rules.get("description") if isinstance(rules, dict) else None
    more = [description] if isinstance(description, str) and description else []  # a preset's is in the catalogues
    words = words_json(("scorecard.html", "scorecard.js"), config, more)
    return fill(skeleton("scorecard.html", "scorecard.css", "scorecard.js"), DATA=embed_json(config), WORDS=words)


def scorecard_page(rules: RuleSet) -> str:
    """The card for ``rules``; :class:`~muggins.pictures.scorecard_data.CardRulesError` when
    the card cannot keep a game under them."""
    return scorecard_html(scorecard_config(rules))
