"""Running totals on the score sheet: a wrong total is reported where its error enters, once.

Score-sheet-only hands (``A +10``: an entry of 10 for A). Hand 1's entries add to 10 and the
total is written 15 (a slip of 5); hand 2 adds 5."""

from __future__ import annotations

import json

from tests.cli_run import run

HEAD = '[Event "x"]\n[Rules "allfives"]\n[Seat A "A"]\n[Seat B "B"]\n'


def _findings(tmp_path, second_total: int, third: str = "") -> list[tuple[int, str]]:
    text = HEAD + f"\nhand 1\nA +10\ntotals A 15 B 0\n\nhand 2\nA +5\ntotals A {second_total} B 0\n" + third
    path = tmp_path / "totals.mgn"
    path.write_text(text)
    result = run("audit", str(path), "--format", "json")
    records = [r for f in json.loads(result.output)["files"] for r in f["records"]]
    return [(f["hand"], f["code"]) for f in records[0]["findings"]]


def test_a_total_right_again_is_not_reported(tmp_path):
    # Hand 2: the correct running total is 10 + 5 = 15, and 15 is written.
    assert _findings(tmp_path, 15) == [(1, "total-arithmetic"), (1, "total-wrong")]


def test_a_slip_carried_on_is_reported_once(tmp_path):
    # Hand 2 written 20 = 15 + 5: the sheet adds up, the slip of hand 1 carried on.
    assert _findings(tmp_path, 20) == [(1, "total-arithmetic"), (1, "total-wrong")]


def test_a_new_slip_after_a_carried_one_is_reported(tmp_path):
    # Hand 3 adds 5: correct 20; written 30 against the carried 25 is a new slip of 5.
    third = "\nhand 3\nA +5\ntotals A 30 B 0\n"
    assert _findings(tmp_path, 20, third) == [(1, "total-arithmetic"), (1, "total-wrong"), (3, "total-arithmetic"), (3, "total-wrong")]
