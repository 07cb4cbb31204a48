"""The SVG picture of a position: valid XML, the right tiles and numbers, escaped text, same bytes.

Expected numbers come from the record itself (which tiles were played by turn K) and from the
hand-worked oracle in samples/allfives-2p.oracle.yaml (what the ends count), not from the
picture code.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from muggins.cli import app
from muggins.notation.model import Play
from muggins.notation.parser import parse_record, read_file
from muggins.pictures.svg import PIP_CELLS, position_svg, sprite_defs
from muggins.pictures.table_view import table_view
from muggins.replay.replayer import Game
from muggins.replay.resolve import rules_for

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
ORACLE = yaml.safe_load((ROOT / "samples" / "allfives-2p.oracle.yaml").read_text(encoding="utf-8"))
NS = {"s": "http://www.w3.org/2000/svg"}
XSS_NAME = "<script>alert(1)</script>"
XSS_EVENT = '"><img src=x onerror=alert(1)>'
HREF = re.compile(r"#m([ls])(\d+)-(\d+)$")


def picture(record, hand_number: int, turn: int, standalone: bool = True) -> str:
    rules = rules_for(record)
    game = Game(record, rules)
    for hand in record.hands:
        for at, state in game.replay_hand(hand):
            if hand.number == hand_number and at == turn:
                return position_svg(table_view(game, state, at, record.tag("Event") or "?"), standalone=standalone)
    raise AssertionError("no such position")


def sample():
    return next(iter(read_file(SAMPLE)))


def board_tiles(root) -> list[str]:
    """The tiles drawn on the table, high pip first, read back from the drawings they use."""
    out = []
    for use in root.iterfind(".//s:g[@class='tiles']/s:use", NS):
        _, a, b = HREF.search(use.get("href")).groups()
        out.append("-".join(sorted((a, b), key=int, reverse=True)))
    return out


def plays_until(hand, turn: int) -> list[str]:
    return [str(t.tile) for t in hand.turns[:turn] if type(t) is Play]


def test_picture_is_valid_svg_with_its_own_drawings():
    root = ET.fromstring(picture(sample(), 1, 7))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = int(root.get("width")), int(root.get("height"))
    assert width == 1000 and root.get("viewBox") == f"0 0 {width} {height}"
    defined = {g.get("id") for g in root.iterfind("s:defs/s:g", NS)}
    used = {use.get("href")[1:] for use in root.iter("{http://www.w3.org/2000/svg}use")}
    assert used and used <= defined
    assert root.find("s:style", NS) is not None


@pytest.mark.parametrize("hand_number,turn", [(1, 0), (1, 1), (1, 7), (1, 14), (1, 18), (2, 9), (2, 19)])
def test_the_table_shows_exactly_the_tiles_played(hand_number, turn):
    record = sample()
    hand = record.hands[hand_number - 1]
    root = ET.fromstring(picture(record, hand_number, turn))
    assert sorted(board_tiles(root)) == sorted(plays_until(hand, turn))


def test_open_ends_carry_what_they_count_worked_by_hand():
    # Oracle, hand 1 turn 7 (A 6-5 u +15): ends [3, 6, 6], total 15, 15 points. The down branch
    # of the 5-5 spinner is open but counts nothing.
    expected = next(t for t in ORACLE["hands"][0]["turns"] if t["turn"] == 7)
    root = ET.fromstring(picture(sample(), 1, 7))
    ends = {g.get("data-end"): int(g.get("data-value")) for g in root.iterfind(".//s:g[@class='end']", NS)}
    assert sorted(v for v in ends.values() if v) == sorted(expected["ends"])
    assert ends["d"] == 0
    caption = root.find(".//s:text[@class='ends']", NS)
    assert int(caption.get("data-count")) == expected["total"] == 15
    assert int(caption.get("data-points")) == expected["points"]
    assert caption.text.startswith("ends count 3 + 6 + 6 = 15")


def test_the_last_tile_laid_is_outlined_and_a_draw_outlines_nothing():
    record = sample()
    root = ET.fromstring(picture(record, 1, 13))  # turn 13: A 4-0 r +15
    (last,) = root.iterfind(".//s:rect[@class='last']", NS)
    assert last.get("data-tile") == "4-0"
    root = ET.fromstring(picture(record, 1, 14))  # turn 14: B draws
    assert root.find(".//s:rect[@class='last']", NS) is None


def test_hands_face_up_where_known_and_backs_where_not():
    text = (
        '[Event "hidden"]\n[Rules "allfives"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\n'
        "hand 1\ndeal A 6-5 6-0 5-5 5-4 5-1 4-3 4-0 3-1 3-0\ndeal B ?\nlead A\nA 5-5 +10\nB 5-2 r\n"
    )
    root = ET.fromstring(picture(parse_record(text), 1, 2))
    hands = {g.get("data-seat"): g for g in root.iterfind(".//s:g[@class='hand']", NS)}
    a_uses = [u.get("href") for u in hands["A"].iter("{http://www.w3.org/2000/svg}use")]
    b_uses = [u.get("href") for u in hands["B"].iter("{http://www.w3.org/2000/svg}use")]
    # A was dealt 9 and played 5-5: 8 face up. B was dealt 9 unseen and played 5-2: 8 backs.
    assert len(a_uses) == 8 and all(HREF.search(h) for h in a_uses)
    assert b_uses == ["#mback"] * 8
    assert hands["A"].get("data-tiles") == "8" and hands["B"].get("data-tiles") == "8"


@pytest.mark.parametrize("value", range(10))
def test_pip_patterns_have_as_many_pips_as_the_value(value):
    # A lying tile value|0: the first half holds `value` pips, the second none.
    defs = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{sprite_defs([(False, value, 0)])}</svg>')
    (drawing,) = [g for g in defs.iterfind("s:defs/s:g", NS) if g.get("id") == f"ml{value}-0"]
    circles = list(drawing.iter("{http://www.w3.org/2000/svg}circle"))
    assert len(circles) == value
    assert all(float(c.get("cx")) < 32 for c in circles)
    assert len({(c.get("cx"), c.get("cy")) for c in circles}) == value


def test_six_is_two_rows_of_three_along_the_tile():
    # Lying: three columns along the tile, two rows across it. Standing: the other way round.
    lying = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{sprite_defs([(False, 6, 6)])}</svg>')
    first_half = [c for c in lying.iter("{http://www.w3.org/2000/svg}circle") if float(c.get("cx")) < 32]
    assert len({c.get("cx") for c in first_half}) == 3 and len({c.get("cy") for c in first_half}) == 2
    standing = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{sprite_defs([(True, 6, 6)])}</svg>')
    top_half = [c for c in standing.iter("{http://www.w3.org/2000/svg}circle") if float(c.get("cy")) < 32]
    assert len({c.get("cx") for c in top_half}) == 2 and len({c.get("cy") for c in top_half}) == 3
    assert set(PIP_CELLS) >= set(range(10))


def test_pips_above_nine_are_written_as_numbers():
    defs = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{sprite_defs([(False, 12, 3)])}</svg>')
    assert [t.text for t in defs.iter("{http://www.w3.org/2000/svg}text")] == ["12"]
    assert len(list(defs.iter("{http://www.w3.org/2000/svg}circle"))) == 3


def test_double_nine_positions_draw_their_tiles():
    text = (
        '[Rules "allfives"]\n[Set max_pip "9"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\n'
        "hand 1\nA 9-8\nB 8-7 r\nA 9-9 l\n"
    )
    root = ET.fromstring(picture(parse_record(text), 1, 3))
    assert sorted(board_tiles(root)) == ["8-7", "9-8", "9-9"]
    nine_eight = next(g for g in root.iterfind("s:defs/s:g", NS) if g.get("id") in ("ml9-8", "ml8-9"))
    assert len(list(nine_eight.iter("{http://www.w3.org/2000/svg}circle"))) == 17


def xss_record():
    return parse_record(
        "[Event \"" + XSS_EVENT.replace('"', '\\"') + "\"]\n"
        '[Rules "allfives"]\n'
        f'[Seat A "{XSS_NAME}"]\n'
        '[Seat B "B&B \\"quoted\\""]\n\n'
        "hand 1\nA 5-5 +10\nB 5-0 r +10\n"
    )


def test_text_from_the_record_is_text():
    svg = picture(xss_record(), 1, 2)
    root = ET.fromstring(svg)
    tags = {el.tag.split("}")[1] for el in root.iter()}
    assert not tags & {"script", "img", "foreignObject"}
    assert all(not name.startswith("on") for el in root.iter() for name in el.attrib)
    texts = ["".join(el.itertext()).removeprefix("\u25b6 ") for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert f"A \u00b7 {XSS_NAME}" in texts  # the seat to move is marked with a triangle
    assert 'B \u00b7 B&B "quoted"' in texts
    assert XSS_EVENT in texts
    assert XSS_NAME not in svg and "<img" not in svg


def test_same_position_same_bytes_across_processes():
    # Sets and dicts must not leak their order: two interpreters with different hash seeds.
    code = (
        "import sys; from muggins.notation.parser import read_file;"
        "from muggins.replay.replayer import Game; from muggins.replay.resolve import rules_for;"
        "from muggins.pictures.svg import position_svg; from muggins.pictures.table_view import table_view;"
        f"r = next(iter(read_file({str(SAMPLE)!r}))); g = Game(r, rules_for(r));"
        "[sys.stdout.write(position_svg(table_view(g, s, t, 'x'))) for h in r.hands for t, s in g.replay_hand(h) if t == 9]"
    )
    outputs = set()
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        outputs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)
    assert len(outputs) == 1 and next(iter(outputs)).count("<svg") == 2


def test_picture_for_a_page_refers_to_a_sprite_and_omits_the_heading():
    svg = picture(sample(), 1, 7, standalone=False)
    root = ET.fromstring(svg)
    assert root.find("s:defs", NS) is None and root.find("s:style", NS) is None
    assert root.find(".//s:text[@class='title']", NS) is None
    assert sorted(board_tiles(root)) == sorted(plays_until(sample().hands[0], 7))


# -- the command ------------------------------------------------------------------------------------

runner = CliRunner()


def test_render_writes_the_picture(tmp_path):
    out = tmp_path / "position.svg"
    result = runner.invoke(app, ["render", str(SAMPLE), "--hand", "1", "--turn", "7", "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    assert sorted(board_tiles(root)) == sorted(plays_until(sample().hands[0], 7))


def test_render_defaults_to_the_last_turn_and_stdout():
    result = runner.invoke(app, ["render", str(SAMPLE), "--hand", "2"])
    assert result.exit_code == 0
    root = ET.fromstring(result.stdout)
    assert len(board_tiles(root)) == len(plays_until(sample().hands[1], 19))


@pytest.mark.parametrize(
    "args,message",
    [
        (["--hand", "3"], "has no hand 3"),
        (["--hand", "1", "--turn", "19"], "--turn goes from 0 to 18"),
        (["--record", "2"], "has no record 2"),
        (["--rules", "no-such-rules"], "no-such-rules"),
        (["-o", "/nonexistent-dir/x.svg"], "cannot write /nonexistent-dir/x.svg"),
    ],
)
def test_render_unusable_input_exits_2_with_a_message(args, message):
    result = runner.invoke(app, ["render", str(SAMPLE), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_render_a_missing_file_exits_2(tmp_path):
    result = runner.invoke(app, ["render", str(tmp_path / "missing.mgn")])
    assert result.exit_code == 2
    assert "no such file" in result.output
