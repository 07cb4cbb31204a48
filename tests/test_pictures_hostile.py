"""Pictures of hostile records: any record text keeps the SVG well-formed XML, and a hand of
thousands of tiles draws a picture of the usual size (issue 15). What a browser makes of them is
in tests/browser/test_pictures_xml_browser.py.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from cli_run import run

from muggins.notation.parser import parse_record
from muggins.pictures.svg import HAND_DRAWN, position_svg, xml_attribute, xml_text
from muggins.pictures.table_view import table_view
from muggins.pictures.viewer import viewer_html
from muggins.replay.replayer import Game
from muggins.replay.resolve import rules_for

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
#: Every character XML 1.0 forbids that a UTF-8 record file can hold: the C0 controls but tab,
#: line feed and carriage return (which end no quoted value here: they are not in the name), and
#: U+FFFE, U+FFFF. Also a formula-like start and markup, which must stay text.
FORBIDDEN = "".join(chr(c) for c in range(0x20) if c not in (0x09, 0x0A, 0x0D)) + "\ufffe\uffff"
NAME = "=Ana" + FORBIDDEN + "<b>&"


def hostile_text() -> str:
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace('[Seat A "Ana"]', f'[Seat A "{NAME}"]')
    return text.replace('[Event "Sample: two-player All Fives"]', f'[Event "Club\x07night\ufffe{FORBIDDEN}"]')


def hostile_record():
    return parse_record(hostile_text(), "hostile.mgn")


def test_the_stand_ins_are_visible_and_well_formed():
    assert xml_text("a\x07b\x00c\ufffed\uffff<") == "a\u2407b\u2400c\ufffdd\ufffd&lt;"
    assert xml_text("tab\tand\nline") == "tab\tand\nline"  # XML allows these
    assert xml_attribute('x"\x1b') == '\'x"\u241b\''
    ET.fromstring(f"<t a={xml_attribute(FORBIDDEN)}>{xml_text(FORBIDDEN)}</t>")


def test_every_position_of_a_record_with_forbidden_characters_is_well_formed_xml():
    record = hostile_record()
    assert record.players["A"] == NAME  # the notation reads them as written
    game = Game(record, rules_for(record))
    pictures = 0
    for hand in record.hands:
        for turn, state in game.replay_hand(hand):
            for standalone in (True, False):
                svg = position_svg(table_view(game, state, turn, record.tag("Event")), standalone=standalone)
                root = ET.fromstring(svg)  # raises on a character XML does not allow
                pictures += 1
            texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
            assert any("A \u00b7 =Ana\u2400\u2401" in text and text.endswith("\u241f\ufffd\ufffd<b>&") for text in texts)
    assert pictures > 20


def test_render_writes_a_well_formed_svg_and_view_a_page_whose_pictures_parse(tmp_path):
    path = tmp_path / "hostile.mgn"
    path.write_text(hostile_text(), encoding="utf-8")
    svg = tmp_path / "turn.svg"
    result = run("render", str(path), "--hand", "1", "--turn", "3", "-o", str(svg))
    assert result.exit_code in (0, 1), result.output
    ET.fromstring(svg.read_text(encoding="utf-8"))
    html = tmp_path / "game.html"
    result = run("view", str(path), "-o", str(html))
    assert result.exit_code in (0, 1), result.output
    raw = re.search(r'<script type="application/json" id="muggins-data">(.*?)</script>', html.read_text(encoding="utf-8"), re.S).group(1)
    data = json.loads(raw)
    assert data["title"].startswith("Club\x07night\ufffe")  # the data carries the text as written
    for hand in data["hands"]:
        for picture in hand["pictures"]:
            ET.fromstring(picture)


def draws(count: int) -> str:
    return '[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\n' + "A draw 1\n" * count


def test_a_hand_of_many_tiles_draws_a_row_of_the_usual_size():
    # A draw is bounded by the boneyard (tests/test_hostile_counts.py), so a big hand comes from
    # the rules: a double-18 set (190 tiles), 90 each, then a draw: A holds 91, hidden.
    record = parse_record('[Set players "[2]"]\n[Set max_pip "18"]\n[Set hand_size "90"]\n' + draws(1))
    game = Game(record, rules_for(record))
    last = None
    for turn, state in game.replay_hand(record.hands[0]):
        last = (state, turn)
    svg = position_svg(table_view(game, *last, "draws"))
    hand = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}g[@data-seat='A']")
    held = int(hand.get("data-tiles"))
    assert held == 91 > HAND_DRAWN
    backs = [u for u in hand.iter("{http://www.w3.org/2000/svg}use") if u.get("href") == "#mback"]
    assert len(backs) == HAND_DRAWN
    assert f"{held} tiles" in [t.text for t in hand.iter("{http://www.w3.org/2000/svg}text")]
    assert len(svg) < 20_000


def test_the_viewer_page_grows_linearly_with_the_turns():
    sizes = {}
    for count in (500, 1000, 2000):
        record = parse_record(draws(count))
        sizes[count] = len(viewer_html(record, rules_for(record), "draws.mgn"))
    # Twice the turns, about twice the page: a page holding every earlier tile in each picture
    # would be four times the size.
    assert 1.7 < sizes[1000] / sizes[500] < 2.3
    assert 1.7 < sizes[2000] / sizes[1000] < 2.3
    assert sizes[2000] < 2000 * 6_000
