"""Score-sheet hands as a paper sheet (and the seed 002 card) keeps them: a Muggins call among the
entries, and a hand where nobody scored in play that holds only its ending.

Every expected figure below is worked out by hand from the preset (replay/presets/scorecard.yaml:
a domino scores the opponents' pips rounded to the nearest five; Muggins: the opponent takes).
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from muggins.cli import app
from muggins.notation.parser import parse_record

HEAD = '[Rules "scorecard"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\n'


def _audit(tmp_path, text: str, *args: str) -> tuple[int, dict]:
    path = tmp_path / "sheet.mgn"
    path.write_text(HEAD + text, encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(path), "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout)


def _codes(report: dict) -> list[str]:
    return [f["code"] for f_ in report["files"] for r in f_["records"] for f in r["findings"]]


def test_a_hand_of_only_its_ending_is_scored_as_a_sheet_hand(tmp_path):
    # A dominoes; B holds 13 pips -> 15 (nearest five): A scores 15, nobody scored in play.
    # Before: the ending was ignored ("no end-of-hand score", A's correct total 0).
    code, report = _audit(tmp_path, "hand 1\ndomino A\npips A 0 B 13\nscore A 15\ntotals A 15 B 0\n")
    assert parse_record(HEAD + "hand 1\ndomino A\n", "x.mgn").hands[0].is_sheet_only
    assert code == 0 and _codes(report) == []
    assert report["files"][0]["records"][0]["totals"] == {"A": 15, "B": 0}


def test_the_ending_alone_is_still_checked(tmp_path):
    # 13 rounds to 15, not 10: the end-score is wrong and found.
    code, report = _audit(tmp_path, "hand 1\ndomino A\npips A 0 B 13\nscore A 10\ntotals A 10 B 0\n")
    assert code == 1 and "end-score" in _codes(report)


def test_a_hand_with_a_deal_and_no_turn_is_not_a_sheet_hand():
    text = HEAD + "hand 1\ndeal A 6-6\ndomino A\n"
    assert not parse_record(text, "x.mgn").hands[0].is_sheet_only


def test_a_muggins_call_on_a_score_sheet_is_credited_as_written(tmp_path):
    # A +10, B calls Muggins on A for 5, A +5: A 15, B 5 in play. A dominoes, B holds 8 -> 10:
    # A 25. Before: "mixed-hand", exit 2.
    sheet = "hand 1\nA +10\nB muggins A +5\nA +5\ndomino A\npips A 0 B 8\nscore A 10\ntotals A 25 B 5\n"
    code, report = _audit(tmp_path, sheet)
    assert code == 0 and _codes(report) == []
    assert report["files"][0]["records"][0]["totals"] == {"A": 25, "B": 5}


def test_a_muggins_call_on_a_sheet_is_judged_as_its_entries_are(tmp_path):
    # 7 is no multiple of 5: as "B +7" would be.
    code, report = _audit(tmp_path, "hand 1\nA +10\nB muggins A +7\ntotals A 10 B 7\n")
    assert code == 1 and _codes(report) == ["sheet-not-multiple"]


def test_a_muggins_call_on_a_sheet_where_the_rules_have_no_call(tmp_path):
    code, report = _audit(tmp_path, "hand 1\nA +10\nB muggins A +5\ntotals A 10 B 0\n", "--set", "muggins=lost")
    assert code == 1 and "muggins-not-allowed" in _codes(report)


def test_a_hand_mixing_entries_and_plays_is_still_refused_around_a_call(tmp_path):
    path = tmp_path / "mixed.mgn"
    path.write_text(HEAD + "hand 1\nA +10\nB muggins A +5\nA 6-4\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "mixed-hand" in result.output and ":8:1:" in result.output  # at A 6-4


def test_the_score_sheet_example_of_notation_md_audits_clean(tmp_path):
    # hand 1: A 10 + 5, and B's 13 pips -> 15 for the domino: 30; B 15 + 5 (the call) = 20;
    # hand 2: B goes out, A's 8 -> 10: B 30.
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "notation" / "NOTATION.md").read_text(encoding="utf-8")
    block = text.split("## A score-sheet-only record", 1)[1].split("```mgn\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.mgn"
    path.write_text(block, encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(path), "--format", "json"])
    record = json.loads(result.stdout)["files"][0]["records"][0]
    assert result.exit_code == 0 and record["findings"] == [] and record["totals"] == {"A": 30, "B": 30}
