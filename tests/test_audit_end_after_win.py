"""After the game is won at a play (an immediate target check), no end-of-hand score is due: a
``score`` line that writes one is an ``end-score`` finding (before: clean, exit 0), and the
totals line after it is ``total-wrong`` (its entries add up), not ``total-arithmetic``.

All Fives to 10, two tiles each: A leads 5-5, which counts 10 and reaches the target at turn 1."""

from __future__ import annotations

import json

import pytest

from tests.cli_run import run

RECORD = """[Event "won at a play"]
[Rules "allfives"]
[Set target "10"]
[Set hand_size "2"]
[Seat A "A"]
[Seat B "B"]

hand 1
deal A 5-5 1-0
deal B 6-4 3-2
lead A
A 5-5 +10
score A 25
"""


def _findings(tmp_path, extra: str = "") -> tuple[int, list[tuple[str, int | None, int | None]]]:
    path = tmp_path / "won.mgn"
    path.write_text(RECORD + extra)
    result = run("audit", str(path), "--format", "json")
    found = json.loads(result.output)["files"][0]["records"][0]["findings"]
    return result.exit_code, [(f["code"], f.get("claimed"), f.get("correct")) for f in found]


def test_an_end_score_after_the_win_is_a_finding(tmp_path):
    code, found = _findings(tmp_path)
    assert code == 1
    assert found == [("end-score", 25, 0)]


def test_the_totals_after_it_are_wrong_not_miscounted(tmp_path):
    # 10 in play + 25 written at the end = 35: the sheet adds up; the correct total is 10.
    code, found = _findings(tmp_path, "totals A 35 B 0\n")
    assert found == [("end-score", 25, 0), ("total-wrong", 35, 10)]


@pytest.mark.parametrize("score", ["score A 0\n", ""])
def test_nothing_written_or_zero_is_clean(tmp_path, score):
    path = tmp_path / "won.mgn"
    path.write_text(RECORD.replace("score A 25\n", score))
    assert run("audit", str(path)).exit_code == 0
