"""Chromium's own XML parser on the pictures of a record whose names hold characters XML does not
allow (C0 controls, U+FFFE, U+FFFF): the viewer shows the board, not a parser error, and every
picture of the page parses with DOMParser (issue 15)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_pictures_hostile import NAME, hostile_record  # noqa: E402

from muggins.pictures.viewer import viewer_html  # noqa: E402
from muggins.replay.resolve import rules_for  # noqa: E402

pytestmark = pytest.mark.browser

#: Each picture of the page through DOMParser: how many, and how many came out a parser error.
PARSE_ALL = """() => {
  const data = JSON.parse(document.getElementById("muggins-data").textContent);
  const parser = new DOMParser();
  let pictures = 0, errors = 0;
  for (const hand of data.hands) {
    for (const svg of hand.pictures) {
      pictures += 1;
      const doc = parser.parseFromString(svg, "image/svg+xml");
      if (doc.getElementsByTagName("parsererror").length || doc.documentElement.localName !== "svg") errors += 1;
    }
  }
  return [pictures, errors];
}"""


def test_every_picture_parses_in_chromium_and_the_board_shows(watched, tmp_path, artifacts):
    record = hostile_record()
    path = tmp_path / "hostile.html"
    path.write_text(viewer_html(record, rules_for(record), "hostile.mgn"), encoding="utf-8")
    page = watched.page
    page.goto(path.as_uri())
    page.wait_for_selector("#picture svg")
    pictures, errors = page.evaluate(PARSE_ALL)
    assert pictures > 20 and errors == 0
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.eval_on_selector_all("#picture parsererror", "nodes => nodes.length") == 0
    assert page.eval_on_selector_all("#picture svg g.tiles use", "nodes => nodes.length") == 2
    seats = page.eval_on_selector_all("#picture svg text.seat", "nodes => nodes.map(n => n.textContent)")
    assert any("=Ana\u2400\u2401" in seat and seat.endswith("\ufffd\ufffd<b>&") for seat in seats)
    # The score table takes the names from the JSON, as written (textContent shows any text).
    rows = page.eval_on_selector_all("#scores tr td:first-child", "cells => cells.map(c => c.textContent)")
    assert rows[0] == f"{NAME} (A)"
    page.screenshot(path=str(artifacts / "viewer-control-characters.png"), full_page=True)
    assert watched.dialogs == [] and watched.errors == []
