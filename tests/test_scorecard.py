"""``muggins keep``: the scorecard page's data, checked against hand-worked numbers, the page's
static files, and the command line. What the page does in a browser: tests/browser."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cli_run import run
from muggins.notation.parser import parse_record
from muggins.pictures import scorecard_data
from muggins.pictures.scorecard import scorecard_html, scorecard_page
from muggins.pictures.scorecard_data import CardRulesError, implemented, pip_limits, record_header, scorecard_config
from muggins.replay.resolve import rules_for
from muggins.replay.rules import load, preset_names, with_overrides

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "pictures" / "static"
MARKER = re.compile(r"@([A-Z]+)@")


def config(name: str = "scorecard", **changes) -> dict:
    return scorecard_config(with_overrides(load(name), list(changes.items())))


# -- the amounts one play can score (RULES.md "Worked numbers") ---------------------------------


def test_all_fives_plays_score_five_to_thirty_five():
    # Worked number 5: the highest single play in All Fives is 35 (12 + 10 + 8 + 5).
    assert config("allfives")["play_amounts"] == [5, 10, 15, 20, 25, 30, 35]
    assert config("scorecard")["play_amounts"] == [5, 10, 15, 20, 25, 30, 35]


def test_pontos_caps_a_play_at_thirty():
    # Seeds 003/004: "5 to 30 per play".
    assert config("pontos")["play_amounts"] == [5, 10, 15, 20, 25, 30]


def test_five_up_scores_one_point_per_five():
    # Every double spins: the ends can show at most 81 (replay.board.largest_count: 12 for
    # one counting spinner and thirteen singles' ends, 6 * 6 + 5 * 5 + 2 * 4), so totals
    # 5..80 -> 1..16.
    assert config("five-up")["play_amounts"] == list(range(1, 17))


def test_fives_and_threes_unit_amounts():
    # A line: at most two ends, 12 + 10 = 22. The totals that score, by worked number 7:
    # 3 -> 1, 5 -> 1, 6 -> 2, 9 -> 3, 10 -> 2, 12 -> 4, 15 -> 8, 18 -> 6, 20 -> 4, and 21 -> 7.
    assert config("fives-and-threes")["play_amounts"] == [1, 2, 3, 4, 6, 7, 8]


# -- end-of-hand tables ----------------------------------------------------------------------------


def test_rounding_to_the_nearest_five_as_worked_by_hand():
    rounded = config("scorecard")["rounded"]
    worked = {7: 5, 8: 10, 12: 10, 13: 15, 27: 25, 28: 30, 3: 5, 2: 0, 0: 0, 22: 20}
    assert {pips: rounded[pips] for pips in worked} == worked
    assert config("scorecard")["award"][13] == 15


def test_rounding_always_down_for_the_tables_that_play_it():
    # Seed 002: "En algunas mesas se redondea siempre hacia abajo."
    table = config("scorecard", pip_rounding="down")
    assert [table["rounded"][p] for p in (7, 8, 12, 13, 27, 28, 4)] == [5, 5, 10, 10, 25, 25, 0]
    assert table["rounding"] == {"mode": "down", "unit": 5, "divisor": 1}


def test_five_up_awards_are_rounded_then_counted_in_fives():
    table = config("five-up")
    assert table["rounded"][13] == 15 and table["award"][13] == 3
    assert table["rounded"][12] == 10 and table["award"][12] == 2


def test_the_tables_reach_the_most_pips_the_hands_can_hold():
    # Double-six holds 168 pips. Scorecard, 2 players: 7 dealt + 14 drawable = 21 tiles, the
    # heaviest 21 are all but the seven lightest (0+1+2+2+3+3+4 = 15): 153. All seats together
    # hold at most 27 tiles (one is on the table): all but 0-0, 168.
    rules = load("scorecard")
    assert pip_limits(rules, 2) == (153, 168)
    # 4 players: 5 + 8 drawable = 13 tiles: 12 + 11 + 10 + 10 + 9 + 9 + 8 + 8 + 8 + 7 + 7 + 7 + 6.
    assert pip_limits(rules, 4) == (112, 168)
    # Pontos: no drawing, 7 tiles each: 12 + 11 + 10 + 10 + 9 + 9 + 8.
    assert pip_limits(load("pontos"), 4)[0] == 69
    assert len(config("scorecard")["award"]) == 169


def test_the_tables_the_rules_allow():
    tables = config("scorecard")["tables"]
    assert [(t["players"], t["teams"], t["target"]) for t in tables] == [(2, False, 250), (3, False, 250), (4, False, 250), (4, True, 250)]
    # Pontos is four players in two partnerships only, to 100; Fives and Threes has no teams.
    assert [(t["players"], t["teams"], t["target"]) for t in config("pontos")["tables"]] == [(4, True, 100)]
    assert all(not t["teams"] for t in config("fives-and-threes")["tables"])
    # Seed 002's targets, and the rule set's own first.
    assert config("scorecard")["target_choices"] == [250, 150, 61]
    assert config("pontos")["target_choices"] == [250, 150, 100, 61]


# -- the record's header: the same rules again ---------------------------------------------------

CHANGES = [
    {},
    {"pip_rounding": "down"},
    {"domino_scoring": "subtract_own", "blocked_scoring": "difference_each_heavier", "hand_size": {2: 9, 3: 7, 4: 5}},
    {"target_check": "end_of_hand", "target_tie": "draw", "play_score_cap": 30, "get_in_minimum": 10, "target_exact": True},
]


@pytest.mark.parametrize("changes", CHANGES, ids=lambda c: ",".join(c) or "as-is")
@pytest.mark.parametrize("name", preset_names())
def test_the_header_reads_back_as_the_same_rules(name, changes):
    rules = with_overrides(load(name), list(changes.items()))
    text = "\n".join(record_header(rules) + ['[Target "150"]', '[Seat A "Ana"]', '[Seat B "Bruno"]', "", "hand 1", "A +5", ""])
    read = rules_for(parse_record(text, "export.mgn"))
    assert dataclasses.replace(read, name=rules.name, description=rules.description, target=rules.target) == rules
    assert read.target == 150


def test_a_table_file_is_written_as_its_closest_preset_and_its_changes(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("base: scorecard\nname: house\npip_rounding: down\n", encoding="utf-8")
    assert record_header(load(str(house))) == ['[Rules "scorecard"]', '[Set pip_rounding "down"]']


# -- the scorecard script carries out exactly what the data module says it does -------------------


def test_the_values_the_card_carries_out_are_read_from_its_script():
    # The table as the script declares it (pictures/static/scorecard.js), read back by hand here.
    assert implemented()["domino_scoring"] == ("none", "subtract_own", "opponents_pips", "opponents_minus_own", "heaviest_hand")
    assert implemented()["blocked_compare"] == ("side", "seat")
    assert sorted(implemented()) == sorted(
        ["domino_scoring", "blocked_scoring", "blocked_compare", "blocked_tie", "target_check", "target_tie", "muggins"]
    )


@pytest.mark.parametrize("name", preset_names())
def test_every_shipped_preset_can_be_kept_on_the_card(name):
    assert scorecard_config(load(name))["tables"]


def test_rules_the_card_does_not_carry_out_are_refused_naming_the_parameter(monkeypatch):
    monkeypatch.setattr(scorecard_data, "implemented", lambda: {**implemented(), "domino_scoring": ("opponents_pips",)})
    with pytest.raises(CardRulesError) as caught:
        scorecard_config(with_overrides(load("scorecard"), [("domino_scoring", "heaviest_hand")]))
    assert caught.value.parameter == "domino_scoring" and "heaviest_hand" in str(caught.value)


def test_the_strings_of_the_page_are_in_one_object():
    # Every text the script shows comes from TEXT: no other string literal holds a letter-word
    # phrase (ids, keys, class names and notation keywords are single words).
    script = (STATIC / "scorecard.js").read_text(encoding="utf-8")
    body = script[script.index("var IMPLEMENTED") :]
    phrases = [s for s in re.findall(r'"((?:[^"\\]|\\.)*)"', body) if re.search(r"[A-Za-z]+ [A-Za-z]+", s)]
    assert phrases == []


# -- the page --------------------------------------------------------------------------------------


def test_the_page_inlines_the_shipped_files_as_they_are():
    html = scorecard_page(load("scorecard"))
    (script,) = re.findall(r"<script>(.*?)</script>", html, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", html, re.S)
    assert script == "\n" + (STATIC / "i18n.js").read_text(encoding="utf-8") + (STATIC / "scorecard.js").read_text(encoding="utf-8")
    assert style == "\n" + (STATIC / "scorecard.css").read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
    import base64
    import hashlib

    for kind, text in (("script-src", script), ("style-src", style)):
        digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
        assert f"{kind} 'sha256-{digest}'" in policy
    assert "default-src 'none'" in policy and "connect-src 'none'" in policy


def test_the_page_is_the_template_with_its_markers_filled():
    template = (STATIC / "scorecard.html").read_text(encoding="utf-8")
    assert sorted(MARKER.findall(template)) == ["DATA", "POLICY", "SCRIPT", "STYLE", "WORDS"]
    html = scorecard_page(load("scorecard"))
    head = template.split("@POLICY@")[0]
    assert html.startswith(head) and html.endswith(template.rsplit("@SCRIPT@", 1)[1])
    data = re.search(r'<script type="application/json" id="scorecard-data">(.*?)</script>', html, re.S).group(1)
    assert json.loads(data) == scorecard_config(load("scorecard"))
    assert scorecard_page(load("scorecard")) == html  # the same bytes for the same rules


def test_the_static_files_hold_no_markers_or_placeholders():
    for name in ("scorecard.js", "scorecard.css"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert not MARKER.search(text), name
        assert not re.search(r"%\(\w+\)s|\{[A-Za-z_]\w*\}", text), name


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to check the script's syntax")
def test_the_script_is_valid_javascript_as_a_file(tmp_path):
    assert subprocess.run(["node", "--check", str(STATIC / "scorecard.js")], capture_output=True).returncode == 0
    broken = tmp_path / "broken.js"
    broken.write_text((STATIC / "scorecard.js").read_text(encoding="utf-8").replace('var SCHEMA = "muggins.scorecard/1";', "var SCHEMA = {schema!r};"))
    assert subprocess.run(["node", "--check", str(broken)], capture_output=True).returncode != 0


def test_hostile_rule_names_stay_inside_the_data_block(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        'base: scorecard\nname: "</script><script>alert(1)</script>"\ndescription: "<img src=x onerror=alert(2)> & \\u2028"\n',
        encoding="utf-8",
    )
    html = scorecard_page(load(str(house)))
    assert html.count("<script") == 3 and html.count("</script>") == 3  # the data, the words, the script
    assert "<img" not in html and "\u2028" not in html
    data = re.search(r'id="scorecard-data">(.*?)</script>', html, re.S).group(1)
    assert json.loads(data)["rules"]["name"] == "</script><script>alert(1)</script>"


def test_a_hand_crafted_config_builds_a_page():
    # The browser tests build refused pages this way; the builder itself checks nothing.
    html = scorecard_html({"schema": "something else"})
    assert '{"schema":"something else"}' in html


# -- the command line --------------------------------------------------------------------------------


def test_keep_writes_the_page_to_a_file(tmp_path):
    out = tmp_path / "card.html"
    result = run("keep", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == scorecard_page(load("scorecard"))


def test_keep_writes_to_stdout_with_a_dash():
    result = run("keep", "--rules", "allfives", "--set", "pip_rounding=down", "-o", "-")
    assert result.exit_code == 0
    assert result.stdout == scorecard_page(with_overrides(load("allfives"), [("pip_rounding", "down")]))


def test_keep_prints_the_embedded_configuration_as_json():
    result = run("keep", "--rules", "five-up", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == scorecard_config(load("five-up"))
    assert data["play_amounts"] == list(range(1, 17)) and data["header"] == ['[Rules "five-up"]']


def test_keep_help():
    result = run("keep", "--help")
    assert result.exit_code == 0 and "score-sheet-only" in result.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["--rules", "nope"], "unknown rule set"),
        (["--set", "pip_rounding=sideways"], "pip_rounding"),
        (["--set", "nonsense=1"], "unknown key"),
        (["--rules", "allfives", "--set", "players=6", "--set", "hand_size=4", "--set", "target=100"], "parameter players"),
    ],
)
def test_keep_refuses_unusable_rules_with_exit_2(args, words):
    result = run("keep", *args)
    assert result.exit_code == 2
    assert words in result.stderr


def test_keep_exits_2_naming_a_parameter_the_card_does_not_carry_out(monkeypatch):
    monkeypatch.setattr(scorecard_data, "implemented", lambda: {**implemented(), "blocked_scoring": ("none",)})
    result = run("keep", "-o", "-")
    assert result.exit_code == 2
    assert "parameter blocked_scoring" in result.stderr and result.stdout == ""


def test_the_static_files_are_package_data():
    import fnmatch
    import tomllib

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]["muggins.pictures"]
    for name in ("scorecard.html", "scorecard.css", "scorecard.js"):
        assert any(fnmatch.fnmatch(f"static/{name}", pattern) for pattern in patterns), name
