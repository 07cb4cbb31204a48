"""The pictures of the table in a real headless Chromium (issue 12 §2, §4): on a phone the board
scrolls at a legible size and stepping leaves the page where it is; four players sit round the
board; one player's view hides the others' hands; a wrong claim and each end's pip show on the
page. Expected values come from the samples' hand-worked oracles and the records' own text.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_pictures_xml_browser import PARSE_ALL  # noqa: E402

from muggins.notation.parser import parse_record, read_file  # noqa: E402
from muggins.pictures.viewer import viewer_html  # noqa: E402
from muggins.replay.resolve import rules_for  # noqa: E402

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
#: The least a picture may be scaled on the page (viewer.js LEAST_SCALE).
LEAST_SCALE = 0.65
PHONE = {"width": 400, "height": 800}


def page_file(folder: Path, record, name: str, as_seat: str | None = None) -> Path:
    path = folder / f"{name}.html"
    path.write_text(viewer_html(record, rules_for(record), f"{name}.mgn", as_seat=as_seat), encoding="utf-8")
    return path


def sample(name: str):
    return next(iter(read_file(SAMPLES / name)))


def open_page(browser, path: Path, viewport: dict, watched_errors: list[str]):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.on("pageerror", lambda e: watched_errors.append(str(e)))
    page.on("console", lambda m: watched_errors.append(m.text) if m.type == "error" else None)
    page.goto(path.as_uri())
    page.wait_for_selector("#picture svg")
    return context, page


def box(page, selector: str) -> dict:
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; }")


def step(page) -> int:
    return int(page.evaluate("document.body.dataset.step"))


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("table")
    return {
        "2p": page_file(folder, sample("allfives-2p.mgn"), "allfives-2p"),
        "4p": page_file(folder, sample("pontos-4p.mgn"), "pontos-4p"),
        "4p-as-N": page_file(folder, sample("pontos-4p.mgn"), "pontos-4p-as-N", as_seat="N"),
    }


@pytest.mark.parametrize("which", ["2p", "4p"])
def test_at_phone_width_the_board_scrolls_at_a_legible_size_and_stepping_keeps_the_page_still(browser, pages, which, artifacts):
    errors: list[str] = []
    context, page = open_page(browser, pages[which], PHONE, errors)
    scale = page.evaluate("(() => { const s = document.querySelector('#picture svg'); return s.getBoundingClientRect().width / s.viewBox.baseVal.width; })()")
    assert scale >= LEAST_SCALE - 0.01  # never shrunk to the phone's width
    assert page.evaluate("document.getElementById('picture').scrollWidth > document.getElementById('picture').clientWidth")
    # The page scrolled so that the board sits just under the sticky toolbar.
    page.evaluate("window.scrollTo(0, document.getElementById('picture').getBoundingClientRect().top + window.scrollY - document.getElementById('controls').offsetHeight)")
    before = page.evaluate("window.scrollY")
    assert before > 0
    turns = len(sample("allfives-2p.mgn" if which == "2p" else "pontos-4p.mgn").hands[0].turns)
    for n in range(1, turns + 1):
        page.keyboard.press("ArrowRight") if n % 2 else page.click("#next")
        assert step(page) == n
        assert page.evaluate("window.scrollY") == before, n  # the page did not move
        assert box(page, "#picture")["y"] >= box(page, "#controls")["bottom"] - 1, n  # nor the board under the toolbar
        # The board's middle is in view inside the picture box, which scrolls sideways.
        felt, seen = box(page, "#picture svg rect.felt"), box(page, "#picture")
        assert seen["x"] <= (felt["x"] + felt["right"]) / 2 <= seen["right"], n
        # The turn list scrolled itself to the current turn.
        now, listed = box(page, "#turn-list li.now"), box(page, "#turn-list")
        assert listed["y"] - 1 <= now["y"] and now["bottom"] <= listed["bottom"] + 1, n
    page.screenshot(path=str(artifacts / f"viewer-phone-{which}.png"))
    assert errors == []
    context.close()


def test_at_phone_width_a_finding_or_turn_clicked_below_the_board_brings_the_board_back(browser, pages, artifacts):
    errors: list[str] = []
    context, page = open_page(browser, pages["2p"], PHONE, errors)
    just_under_the_toolbar = "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - document.getElementById('controls').offsetHeight)"
    for target, wanted in (("#findings button:has-text('under-claim')", 10), ("#turn-list li[data-step='7']", 7)):
        page.eval_on_selector(target, just_under_the_toolbar)
        assert box(page, "#picture")["bottom"] < box(page, "#controls")["bottom"]  # the board is out of sight
        page.click(target)
        assert step(page) == wanted
        top, bar = box(page, "#picture")["y"], box(page, "#controls")["bottom"]
        assert bar - 1 <= top <= bar + PHONE["height"] / 2, target
    page.click("#findings button:has-text('under-claim')")
    # The oracle: B claimed 10 for the 4-4, which makes 15; the picture says so.
    assert page.text_content("#picture svg text.claim") == "B claimed 10, makes 15"
    page.screenshot(path=str(artifacts / "viewer-phone-finding.png"))
    assert errors == []
    context.close()


def test_four_players_sit_round_the_board_partners_facing(browser, pages, artifacts):
    errors: list[str] = []
    context, page = open_page(browser, pages["4p"], {"width": 1400, "height": 1000}, errors)
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    # At this width the picture fits its box at no less than the legible scale: no sideways scroll.
    assert page.evaluate("document.getElementById('picture').scrollWidth <= document.getElementById('picture').clientWidth")
    felt = box(page, "#picture svg rect.felt")
    hand = {seat: box(page, f"#picture svg g.hand[data-seat='{seat}']") for seat in "NWSE"}
    assert hand["N"]["bottom"] <= felt["y"] and hand["S"]["y"] >= felt["bottom"]  # N and S (team NS) face
    assert hand["W"]["right"] <= felt["x"] and hand["E"]["x"] >= felt["right"]  # W and E (team EW) face
    # Pontos turn 6 (S 3-1 u): the 5-5 spinner ends l, which needs a 5 and counts 10.
    end = "#picture svg g.end[data-end='l']"
    assert page.text_content(f"{end} text:not([class])") == "5"
    assert page.text_content(f"{end} text.value") == "10"
    assert page.text_content(f"{end} text.name") == "l"
    page.screenshot(path=str(artifacts / "viewer-four-players.png"), full_page=True)
    assert errors == []
    context.close()


HIDDEN_BUT = """(seat) => Array.from(document.querySelectorAll('#picture svg g.hand')).filter(g => g.dataset.seat !== seat)
  .flatMap(g => Array.from(g.querySelectorAll('use')).map(u => u.getAttribute('href')))"""


def test_as_one_seat_the_other_hands_are_face_down_at_every_step(browser, pages, artifacts):
    errors: list[str] = []
    context, page = open_page(browser, pages["4p-as-N"], {"width": 1400, "height": 1000}, errors)
    assert "as N sees it" in page.text_content("#meta")
    assert page.get_attribute("#picture svg g.hand[data-seat='N']", "data-place") == "bottom"
    steps = sum(len(h.turns) + 2 for h in sample("pontos-4p.mgn").hands)
    for n in range(steps):
        others = page.evaluate(HIDDEN_BUT, "N")
        assert set(others) <= {"#mback", "#mbackl"}, n
        own = page.eval_on_selector_all("#picture svg g.hand[data-seat='N'] use", "us => us.map(u => u.getAttribute('href'))")
        assert not set(own) & {"#mback", "#mbackl"}, n
        if n == 6:
            page.screenshot(path=str(artifacts / "viewer-as-seat.png"), full_page=True)
        page.keyboard.press("ArrowRight")
    assert errors == []
    context.close()


def test_hostile_names_beside_the_board_stay_text(watched, tmp_path, artifacts):
    # Every picture of a four-player record whose names hold markup and characters XML does not
    # allow parses in Chromium, and the side seats show the names as text, clipped to their column.
    from test_pictures_hostile import NAME

    text = (SAMPLES / "pontos-4p.mgn").read_text(encoding="utf-8")
    text = text.replace('[Seat W "Wagner"]', f'[Seat W "{NAME}"]').replace('[Seat E "Edu"]', '[Seat E "<script>alert(1)</script>"]')
    path = page_file(tmp_path, parse_record(text, "hostile-4p.mgn"), "hostile-4p")
    page = watched.page
    page.goto(path.as_uri())
    page.wait_for_selector("#picture svg")
    pictures, broken = page.evaluate(PARSE_ALL)
    assert pictures > 30 and broken == 0
    labels = page.eval_on_selector_all("#picture svg g.hand text.seat", "ts => Object.fromEntries(ts.map(t => [t.parentNode.dataset.seat, t.textContent]))")
    assert labels["E"] == "E \u00b7 <script>alert(1)</script>" and labels["W"].startswith("W \u00b7 =Ana\u2400")
    label = box(page, "#picture svg g.hand[data-seat='W'] text.seat")
    column = page.evaluate("document.querySelector('#picture svg clipPath rect').getBoundingClientRect().right")
    assert label["right"] > column  # the name is longer than its column, which clips it off the table:
    assert page.get_attribute("#picture svg g.hand[data-seat='W'] text.seat", "clip-path") == "url(#seat-clip-0)"
    assert column <= box(page, "#picture svg rect.felt")["x"]
    assert page.evaluate("document.querySelectorAll('script').length") == 3 and watched.dialogs == []  # data, words (JSON) and script
    page.screenshot(path=str(artifacts / "viewer-hostile-four-players.png"))
    assert watched.errors == []
