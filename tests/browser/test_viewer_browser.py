"""The replay viewer in a real headless Chromium, opened straight from disk.

The record is samples/allfives-2p.mgn with hostile player names, event and comment. Expected
scores and counts come from the hand-worked oracle samples/allfives-2p.oracle.yaml; expected
tiles on the table from the record's own turns.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from muggins.notation.model import Play
from muggins.notation.parser import parse_record
from muggins.pictures.svg import position_svg
from muggins.pictures.table_view import table_view
from muggins.pictures.viewer import viewer_html
from muggins.replay.replayer import Game
from muggins.replay.resolve import rules_for

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
ORACLE = yaml.safe_load((ROOT / "samples" / "allfives-2p.oracle.yaml").read_text(encoding="utf-8"))
NAME_A = "<script>alert(1)</script>"
NAME_B = '"><img src=x onerror=alert(1)>'
EVENT = "<img src=x onerror=alert(2)><script>alert(3)</script>"
COMMENT = "{<img src=y onerror=alert(4)>}"


def hostile_record():
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace('[Seat A "Ana"]', f'[Seat A "{NAME_A}"]')
    text = text.replace('[Seat B "Bruno"]', '[Seat B "' + NAME_B.replace('"', '\\"') + '"]')
    text = text.replace('[Event "Sample: two-player All Fives"]', f'[Event "{EVENT}"]')
    text = text.replace("{the spinner, led alone: 10}", COMMENT)
    return parse_record(text, "hostile.mgn")


RECORD = hostile_record()


def expected_scores(hand_index: int, turn: int) -> dict[str, int]:
    """Running totals after ``turn`` turns of a hand, from the oracle's credited points."""
    totals = {"A": 0, "B": 0}
    if hand_index:
        totals = dict(ORACLE["hands"][hand_index - 1]["totals"])
    for row in ORACLE["hands"][hand_index]["turns"]:
        if row["turn"] <= turn:
            totals[row["seat"]] += row["credited"]
    return totals


def oracle_total(hand_index: int, turn: int) -> int | None:
    return next((row["total"] for row in ORACLE["hands"][hand_index]["turns"] if row["turn"] == turn), None)


def plays_until(hand_index: int, turn: int) -> int:
    return sum(1 for t in RECORD.hands[hand_index].turns[:turn] if type(t) is Play)


@pytest.fixture(scope="module")
def page_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("viewer") / "game.html"
    path.write_text(viewer_html(RECORD, rules_for(RECORD), "hostile.mgn"), encoding="utf-8")
    return path


def open_page(watched, page_path: Path):
    page = watched.page
    page.goto(page_path.as_uri())
    page.wait_for_selector("#picture svg")
    return page


def position(page) -> tuple[int, int]:
    return int(page.evaluate("document.body.dataset.hand")), int(page.evaluate("document.body.dataset.step"))


def shown_scores(page) -> dict[str, int]:
    cells = page.query_selector_all("#scores td.score")
    return {cell.get_attribute("data-side"): int(cell.text_content()) for cell in cells}


def shown_tiles(page) -> int:
    return page.eval_on_selector_all("#picture svg g.tiles use", "nodes => nodes.length")


def shown_count(page) -> int:
    return int(page.get_attribute("#picture svg text.ends", "data-count"))


def test_arrow_keys_step_the_board_and_the_score_as_the_record_says(watched, page_path, artifacts):
    page = open_page(watched, page_path)
    assert position(page) == (1, 0)
    assert shown_tiles(page) == 0 and shown_scores(page) == {"A": 0, "B": 0}
    turns = len(RECORD.hands[0].turns)
    for turn in range(1, turns + 1):
        page.keyboard.press("ArrowRight")
        assert position(page) == (1, turn)
        assert shown_tiles(page) == plays_until(0, turn), turn
        assert shown_scores(page) == expected_scores(0, turn), turn
        total = oracle_total(0, turn)
        if total is not None:
            assert shown_count(page) == total, turn
        if turn == 7:
            page.screenshot(path=str(artifacts / "viewer.png"), full_page=True)
    # Hand-worked in the oracle: after the 4-4 (turn 10) the ends count 8 + 1 + 6 = 15.
    page.keyboard.press("ArrowLeft")
    assert position(page) == (1, turns - 1)
    assert watched.dialogs == [] and watched.errors == []


def test_end_home_and_crossing_into_the_next_hand(watched, page_path):
    page = open_page(watched, page_path)
    page.keyboard.press("End")
    end = len(RECORD.hands[0].turns) + 1
    assert position(page) == (1, end)
    assert shown_scores(page) == ORACLE["hands"][0]["totals"]  # after the end-of-hand score
    page.keyboard.press("ArrowRight")
    assert position(page) == (2, 0)
    assert shown_tiles(page) == 0
    page.keyboard.press("ArrowLeft")
    assert position(page) == (1, end)
    page.keyboard.press("Home")
    assert position(page) == (1, 0)
    page.select_option("#hand", "1")  # the second hand
    assert position(page) == (2, 0)
    page.click("#next")
    page.click("#next")
    assert position(page) == (2, 2) and shown_scores(page) == expected_scores(1, 2)
    assert watched.errors == []


def test_clicking_a_finding_jumps_to_its_turn(watched, page_path):
    # The oracle's one finding in hand 1: B's under-claim at turn 10 (claimed 10, makes 15).
    page = open_page(watched, page_path)
    finding = page.locator("#findings button", has_text="under-claim")
    finding.click()
    assert position(page) == (1, 10)
    assert page.text_content("#timeline button.now") == "10"
    assert "f-warning" in page.get_attribute("#timeline button.now", "class")
    now = page.text_content("#turn-list li.now")
    assert "B 4-4 l +10" in now and "claimed 10" in now and "makes 15" in now
    assert shown_count(page) == oracle_total(0, 10) == 15
    page.click("#timeline button[data-step='13']")
    assert position(page) == (1, 13)
    assert watched.errors == []


def test_hostile_names_show_as_text_and_nothing_runs(watched, page_path, artifacts):
    page = open_page(watched, page_path)
    page.keyboard.press("ArrowRight")  # turn 1 has the hostile comment
    assert page.text_content("#title") == EVENT
    assert page.title().startswith(EVENT)
    rows = page.eval_on_selector_all("#scores tr td:first-child", "cells => cells.map(c => c.textContent)")
    assert rows == [f"{NAME_A} (A)", f"{NAME_B} (B)"]
    assert COMMENT in page.text_content("#detail")
    seats = page.eval_on_selector_all("#picture svg text.seat", "nodes => nodes.map(n => n.textContent)")
    assert [s.removeprefix("\u25b6 ") for s in seats] == [f"A \u00b7 {NAME_A}", f"B \u00b7 {NAME_B}"]
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.evaluate("document.scripts.length") == 3  # the data, the words (both JSON) and the script
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0
    page.keyboard.press("End")
    page.screenshot(path=str(artifacts / "viewer-hostile-names.png"), full_page=True)
    assert watched.dialogs == []
    assert watched.errors == []


def test_the_page_fetches_nothing(watched, page_path):
    page = open_page(watched, page_path)
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert watched.requests == [page_path.as_uri()]


def test_a_rendered_picture_draws_in_the_browser(watched, tmp_path, artifacts):
    # The standalone SVG: every <use> finds its drawing, and Chromium lays it out at 1000 wide.
    record = hostile_record()
    game = Game(record, rules_for(record))
    svg = ""
    for at, state in game.replay_hand(record.hands[0]):
        if at == 10:
            svg = position_svg(table_view(game, state, at, "allfives-2p, hand 1 turn 10"))
    path = tmp_path / "position.svg"
    path.write_text(svg, encoding="utf-8")
    page = watched.page
    height = int(ET.fromstring(svg).get("height"))
    page.set_viewport_size({"width": 1000, "height": height})
    page.goto(path.as_uri())
    box = page.evaluate("(() => { const r = document.documentElement.getBBox(); return [r.width, r.height]; })()")
    assert box[0] > 900
    broken = page.evaluate(
        "Array.from(document.querySelectorAll('use')).filter(u => !document.getElementById(u.getAttribute('href').slice(1))).length"
    )
    assert broken == 0
    page.screenshot(path=str(artifacts / "position.png"))
    assert watched.dialogs == [] and watched.errors == []
