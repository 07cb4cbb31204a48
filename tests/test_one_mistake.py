"""One mistake, one finding: findings that follow from an earlier one are linked to it
("follows from hand 1, turn 2: not-in-hand") and not counted again.

The record: A leads 6-6 (both ends show 6); B lays 4-3, which B was not dealt and which matches
no 6, claims 5, and the sheet writes B's 5. One mistake (an illegal play with its claim), which
before gave four findings: not-in-hand, wrong-end, total-arithmetic (wrongly: the sheet's own
entries, B's claimed 5, do add up to 5) and total-wrong."""

from __future__ import annotations

import json

from tests.cli_run import run

RECORD = """[Event "one mistake"]
[Rules "allfives"]
[Seat A "A"]
[Seat B "B"]

hand 1
deal A 6-6 5-5 4-4 3-3 2-2 1-1 0-0 6-5 6-4
deal B 6-3 6-2 6-1 6-0 5-4 5-3 5-2 5-1 5-0
lead A
A 6-6
B 4-3 r +5
totals A 0 B 5
"""


def _audit(tmp_path, fmt: str = "json"):
    path = tmp_path / "one.mgn"
    path.write_text(RECORD)
    return run("audit", str(path), "--format", fmt), path


def test_the_consequences_are_linked_to_the_mistake(tmp_path):
    result, _ = _audit(tmp_path)
    assert result.exit_code == 1
    data = json.loads(result.output)
    found = data["files"][0]["records"][0]["findings"]
    cause = {"hand": 1, "turn": 2, "code": "not-in-hand"}
    assert [(f["code"], f.get("follows")) for f in found if f["severity"] != "info"] == [("not-in-hand", None), ("wrong-end", cause), ("total-wrong", cause)]
    assert found[-1]["message"].endswith("(follows from hand 1, turn 2: not-in-hand)")
    assert data["summary"]["findings"] == 1 and data["summary"]["by_code"] == {"not-in-hand": 1}
    divergence = data["files"][0]["records"][0]["divergence"]
    assert (divergence["hand"], divergence["turn"], divergence["claimed"], divergence["correct"]) == (1, 2, 5, 0)


def test_the_file_line_counts_the_mistake_once(tmp_path):
    result, path = _audit(tmp_path, "text")
    assert result.output.rstrip().splitlines()[-1] == f"{path}: 1 record, 1 finding"


def test_a_wrong_claim_and_the_total_it_makes(tmp_path):
    """A claims 15 for the 6-6 lead, which counts 12 (no multiple of 5: it scores nothing), and
    the sheet carries the 15: the wrong total follows from the over-claim."""
    text = RECORD.replace("A 6-6\n", "A 6-6 +15\n").replace("B 4-3 r +5\ntotals A 0 B 5\n", "totals A 15 B 0\n")
    path = tmp_path / "claim.mgn"
    path.write_text(text)
    found = json.loads(run("audit", str(path), "--format", "json").output)["files"][0]["records"][0]["findings"]
    assert [(f["code"], f.get("follows")) for f in found if f["severity"] != "info"] == [
        ("over-claim", None),
        ("total-wrong", {"hand": 1, "turn": 1, "code": "over-claim"}),
    ]
