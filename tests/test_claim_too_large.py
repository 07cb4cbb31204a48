"""A claim above the most one play can score says so, not "not a multiple of 5".

All Fives (a double-six set): the largest count is 35 (6-6, 5-5 and 4-4 at three ends and a 5
at the fourth); Pontos caps a play at 30 (``play_score_cap: 30``, its preset's comment quoting
"sólo podrá sumar 5, 10, 15, 20, 25 ó 30 puntos por jugada"). The lead 5-5 counts 10 in both."""

from __future__ import annotations

import json

import pytest

from tests.cli_run import run

RECORD = '[Event "x"]\n[Rules "{rules}"]\n[Seat A "A"]\n[Seat B "B"]\n{extra}\nhand 1\nA 5-5 +{claim}\n'


def _finding(tmp_path, rules: str, claim: int) -> dict:
    # Pontos is played by four (its lead rules may add findings of their own: not these).
    extra = '[Seat C "C"]\n[Seat D "D"]\n' if rules == "pontos" else ""
    path = tmp_path / "claim.mgn"
    path.write_text(RECORD.format(rules=rules, extra=extra, claim=claim))
    result = run("audit", str(path), "--format", "json")
    findings = [f for file in json.loads(result.output)["files"] for r in file["records"] for f in r["findings"]]
    return next(f for f in findings if f["code"] == "claim-not-multiple")


@pytest.mark.parametrize(("rules", "claim", "largest"), [("allfives", 40, 35), ("pontos", 35, 30)])
def test_above_the_largest_play(tmp_path, rules, claim, largest):
    finding = _finding(tmp_path, rules, claim)
    assert f"({largest} is the most one play can make)" in finding["message"]
    assert "multiple" not in finding["message"]
    assert (finding["claimed"], finding["correct"]) == (claim, 10)


def test_not_a_multiple_still_says_so(tmp_path):
    finding = _finding(tmp_path, "allfives", 12)
    assert "(a scoring total is a multiple of 5)" in finding["message"]
