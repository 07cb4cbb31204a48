"""The replay viewer's page, read as text: self-contained, escaped, complete, the same bytes.

What the page does in a browser is tested in tests/browser/. Expected scores come from the
hand-worked oracle samples/allfives-2p.oracle.yaml.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import yaml
from typer.testing import CliRunner

from muggins.cli import app
from muggins.notation.parser import parse_record, read_file
from muggins.pictures.viewer import embed_json, viewer_html
from muggins.pictures.viewer_data import viewer_data
from muggins.replay.resolve import rules_for

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
ORACLE = yaml.safe_load((ROOT / "samples" / "allfives-2p.oracle.yaml").read_text(encoding="utf-8"))
XSS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>']


def sample():
    return next(iter(read_file(SAMPLE)))


def page(record) -> str:
    return viewer_html(record, rules_for(record), "game.mgn")


def embedded(html: str) -> tuple[str, dict]:
    raw = re.search(r'<script type="application/json" id="muggins-data">(.*?)</script>', html, re.S).group(1)
    return raw, json.loads(raw)


def xss_record():
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace('[Seat A "Ana"]', f'[Seat A "{XSS[0]}"]')
    text = text.replace('[Seat B "Bruno"]', '[Seat B "' + XSS[1].replace('"', '\\"') + '"]')
    text = text.replace('[Event "Sample: two-player All Fives"]', '[Event "</script><script>alert(2)</script>"]')
    text = text.replace("{the spinner, led alone: 10}", "{<img src=x onerror=alert(3)> & </script>}")
    return parse_record(text, "xss.mgn")


def test_embedded_json_has_no_markup_characters():
    raw, data = embedded(page(xss_record()))
    assert not set(raw) & set("<>&")
    assert data["sides"][0]["who"] == XSS[0] and data["sides"][1]["who"] == XSS[1]
    assert data["title"] == "</script><script>alert(2)</script>"
    assert data["hands"][0]["turns"][0]["comments"] == ["{<img src=x onerror=alert(3)> & </script>}"]


def test_record_text_never_appears_as_markup():
    html = page(xss_record())
    for needle in (*XSS, "alert(2)</script>", "<img"):
        assert needle not in html
    # Exactly three script elements: the data, the page's words in Spanish and Portuguese
    # (both JSON, never run) and the page's own script.
    assert len(re.findall(r"<script\b", html)) == 3
    assert len(re.findall(r'<script type="application/json"', html)) == 2


def test_embed_json_round_trips():
    value = {"a": "<b> & </script>", "n": [1, None, "\u2028"]}
    text = embed_json(value)
    assert json.loads(text) == value and not set(text) & set("<>&")


def test_page_loads_nothing_from_anywhere():
    html = page(sample())
    assert "<link" not in html and "@import" not in html and " src=" not in html
    urls = set(re.findall(r"https?://[^\s\"'<>)\\]+", html))  # in JSON a quote follows a backslash
    assert urls <= {"http://www.w3.org/2000/svg"}
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    assert "default-src 'none'" in policy and "connect-src 'none'" in policy


def test_policy_hashes_match_the_page_script_and_style():
    html = page(sample())
    policy = re.search(r'content="(default-src[^"]+)"', html).group(1)
    script = re.findall(r"<script>(.*?)</script>", html, re.S)
    style = re.findall(r"<style>(.*?)</style>", html, re.S)
    assert len(script) == 1 and len(style) == 1

    def digest(text: str) -> str:
        return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()

    assert f"script-src '{digest(script[0])}'" in policy
    assert f"style-src '{digest(style[0])}'" in policy
    assert "unsafe-inline" not in policy


def test_every_position_of_every_hand_is_there_with_the_oracle_scores():
    record = sample()
    data = viewer_data(record, rules_for(record), "game.mgn")
    assert [h["number"] for h in data["hands"]] == [1, 2]
    previous = {"A": 0, "B": 0}
    for hand, oracle in zip(data["hands"], ORACLE["hands"]):
        steps = len(hand["turns"]) + 2  # the deal, each turn, the end of the hand
        assert len(hand["pictures"]) == len(hand["scores"]) == len(hand["counts"]) == steps
        running = dict(previous)
        credited = {t["turn"]: t for t in oracle["turns"]}
        for turn in range(1, len(hand["turns"]) + 1):
            if turn in credited:
                running[credited[turn]["seat"]] += credited[turn]["credited"]
                assert hand["counts"][turn][0] == credited[turn]["total"]
            assert hand["scores"][turn] == [running["A"], running["B"]], (hand["number"], turn)
        assert hand["scores"][-1] == [oracle["totals"]["A"], oracle["totals"]["B"]]
        previous = dict(oracle["totals"])


def test_claims_sit_beside_what_the_rules_give():
    # Oracle hand 1 turn 10: B 4-4 l claimed 10, the play makes 15.
    record = sample()
    data = viewer_data(record, rules_for(record), "game.mgn")
    turn = data["hands"][0]["turns"][9]
    assert (turn["text"], turn["claim"], turn["correct"]) == ("B 4-4 l +10", 10, 15)
    assert turn["comments"] == ["{Bruno counts 8 + 1 + 6 and says ten}"]


def test_findings_are_placed_on_their_hand_and_turn():
    # Oracle: hand 1 has one finding, the under-claim at turn 10.
    record = sample()
    data = viewer_data(record, rules_for(record), "game.mgn")
    plays = [f for f in data["hands"][0]["findings"] if f["code"] == "under-claim"]
    assert [(f["turn"], f["claimed"], f["correct"]) for f in plays] == [(10, 10, 15)]
    # A finding about the end of a hand goes to the hand's last step.
    for hand in data["hands"]:
        for f in hand["findings"]:
            if f["at_end"]:
                assert f["turn"] == len(hand["turns"]) + 1


def test_same_record_same_page():
    assert page(sample()) == page(sample())


runner = CliRunner()


def test_view_command_writes_the_page(tmp_path):
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["view", str(SAMPLE), "-o", str(out)])
    assert result.exit_code == 1  # the sample has findings; the page shows them
    assert "finding" in result.output
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    _, data = embedded(html)
    assert data["schema"] == "muggins.viewer/1" and len(data["hands"]) == 2


def test_view_command_unusable_input_exits_2(tmp_path):
    result = runner.invoke(app, ["view", str(tmp_path / "missing.mgn")])
    assert result.exit_code == 2
    result = runner.invoke(app, ["view", str(SAMPLE), "--record", "3"])
    assert result.exit_code == 2 and "has no record 3" in result.output
