"""The text report of `audit` shows at most `shown-findings` (500) rows of one record's findings
(hardening: the fuzz run found a 27 KB record of 3,000 bad draws whose table of 6,000 findings
took 4 s of CPU to draw, about a millisecond a row); it says how many more there are, how to
raise the limit, and that --format json and csv list every one.

All Fives with two players deals 9 each from 28 tiles: the boneyard holds 10, so of N draws of
one tile at the start of hand 1 the first 10 are right and each of the other N - 10 is a
draw-empty-boneyard error."""

from __future__ import annotations

import json

import pytest

from tests.cli_run import run

HEAD = '[Rules "allfives"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\n'


@pytest.fixture
def draws(tmp_path):
    def make(count: int):
        path = tmp_path / f"draws-{count}.mgn"
        path.write_text(HEAD + "A draw 1\n" * count, encoding="utf-8")
        return path

    return make


def _rows(output: str) -> int:
    return sum(1 for line in output.splitlines() if "draw-empty-boneyard" in line)


def test_the_table_stops_at_the_limit_and_says_so(draws):
    result = run("audit", str(draws(600)))
    assert result.exit_code == 1
    assert _rows(result.output) == 500
    assert "90 more findings not shown" in result.output
    assert "raise it with MUGGINS_SHOWN_FINDINGS=N" in result.output
    assert "1 record, 590 findings" in result.output  # the count is of them all


def test_a_table_within_the_limit_is_whole(draws):
    result = run("audit", str(draws(510)))  # 500 findings: all shown
    assert _rows(result.output) == 500 and "not shown" not in result.output


def test_the_limit_can_be_raised(draws, monkeypatch):
    monkeypatch.setenv("MUGGINS_SHOWN_FINDINGS", "1000")
    result = run("audit", str(draws(600)))
    assert _rows(result.output) == 590 and "not shown" not in result.output


def test_json_lists_every_finding(draws):
    result = run("audit", "--format", "json", str(draws(600)))
    (record,) = json.loads(result.stdout)["files"][0]["records"]
    assert sum(f["code"] == "draw-empty-boneyard" for f in record["findings"]) == 590


def test_a_comparison_stops_at_the_limit_too(draws):
    # Fives and Threes lets no one draw before the lead (draw-not-allowed) and deals 7 each, a
    # boneyard of 14: each of the 600 draws is judged otherwise than under All Fives (draws 1-10
    # right there, 11-14 draw-empty-boneyard, the rest draw-empty-boneyard under both but with
    # draw-not-allowed too under Fives and Threes): 600 rows, 500 shown.
    result = run("audit", "--rules", "allfives", "--rules", "fives-and-threes", str(draws(600)))
    assert result.exit_code == 1
    assert sum(1 for line in result.output.splitlines() if "draw-not-allowed" in line) == 500
    assert "100 more statements whose verdicts differ not shown" in result.output
