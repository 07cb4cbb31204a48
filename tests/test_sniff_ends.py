"""Sniff: the ends of a crosswise Sniff keep counting while they are exposed (issue 17, part 2).

pagat's Sniff (American form): laid crosswise the Sniff "acts like a regular spinner", but "the
ends of the Sniff continue to count toward the total while they are exposed"; its page on the
family: "until they are covered with other tiles". So each end of the Sniff (where a branch
starts) counts its half until a tile covers that end, whatever lies against its sides
(``spinner_counts_until: ends_covered``, the sniff preset's value). The older reading, both
halves until three of its four sides are covered and then nothing (``three_sides``), stays
available by name.

The record, worked by hand (the Sniff 5-5 led crosswise; sides first, so u and d wait until l
and r are covered):

- A 5-5: the Sniff alone, both its ends bare: 5 + 5 = 10, A +10.
- B 5-1 r: 10 (both ends still bare; l still ends on the Sniff) + 1 = 11: nothing.
- A 5-4 l: both sides covered; both ends bare: 4 + 1 + 5 + 5 = 15, A +15.
  (three_sides: 2 of 4 sides covered, it still counts 10: 15 too; both_sides: 4 + 1 = 5.)
- B 5-0 u: the end u covered, shows 0; the end d still bare counts its half, 5:
  4 + 1 + 0 + 5 = 10, B +10. (three_sides: 3 sides covered, the Sniff counts nothing:
  4 + 1 + 0 = 5, so B's +10 is an over-claim of 5: what muggins said before this change.)
- A 5-3 d: both ends covered: 4 + 1 + 0 + 3 = 8: nothing. A has gone out.
- B holds 6-6, 12 pips; Britannica: the first out scores the nearest multiple of five, 10.
- Totals: A 10 + 15 + 10 = 35, B 10. Target 200: nobody has won.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from muggins.replay.rules import RuleError, load, with_overrides
from tests.cli_run import run
from tests.test_board import board_after

RECORD = """[Event "sniff uncovered end"]
[Rules "sniff"]
[Set hand_size "3"]
[Seat A "A"]
[Seat B "B"]

hand 1
deal A 5-5 5-4 5-3
deal B 5-1 5-0 6-6
lead A
A 5-5 +10 {the Sniff, crosswise, alone: 10}
B 5-1 r {10 + 1 = 11}
A 5-4 l +15 {10 + 4 + 1 = 15}
B 5-0 u +10 {4 + 1 + 0 + 5, the Sniff's end d still exposed = 10}
A 5-3 d {4 + 1 + 0 + 3 = 8}
domino A
pips A 0 B 12
score A 10
totals A 35 B 10
"""


def _audit(tmp_path, *options: str) -> tuple[int, dict]:
    path = tmp_path / "sniff.mgn"
    path.write_text(RECORD)
    result = run("audit", str(path), "--format", "json", *options)
    return result.exit_code, json.loads(result.output)["files"][0]["records"][0]


def test_the_record_is_clean_under_the_sniff_preset(tmp_path):
    code, record = _audit(tmp_path)
    assert code == 0 and record["findings"] == []
    assert record["totals"] == {"A": 35, "B": 10} and record["winner"] is None


def test_the_three_sides_reading_is_still_there_by_name(tmp_path):
    code, record = _audit(tmp_path, "--set", "spinner_counts_until=three_sides")
    assert code == 1
    assert [(f["code"], f["turn"], f["claimed"], f["correct"]) for f in record["findings"] if f["code"] == "over-claim"] == [
        ("over-claim", 4, 10, 5)
    ]
    assert record["totals"] == {"A": 35, "B": 5}


def test_the_preset_takes_ends_covered():
    sniff = load("sniff")
    assert sniff.spinner_counts_until == "ends_covered"
    assert dataclasses.replace(sniff, spinner_counts_until="three_sides").spinner_counts_until == "three_sides"


def test_each_bare_end_counts_its_half_on_its_branch():
    sniff = load("sniff")
    board, totals = board_after(sniff, "5-5", "5-1 r", "5-4 l", "5-0 u", "5-3 d")
    assert totals == [10, 11, 15, 10, 8]
    board, _ = board_after(sniff, "5-5", "5-1 r", "5-4 l", "5-0 u")
    # what a player sees: l 4, r 1, u 0 and the bare end d counting its half, 5
    assert [(e.name, e.pip, e.value, e.counts) for e in board.open_ends()] == [
        ("l", 4, 4, True), ("r", 1, 1, True), ("u", 0, 0, True), ("d", 5, 5, True)
    ]


def test_a_sniff_laid_on_an_arm_counts_by_its_ends_too():
    # 6-5 led: l 6, r 5. The Sniff 5-5 crosswise on r: its side against the 5 covered, its far
    # side open: 6 + 10 = 16. 5-2 on its far side (r): both sides covered, both ends bare:
    # 6 + 2 + 5 + 5 = 18 (the usual both_sides rule: 6 + 2 = 8). 5-0 on u: 6 + 2 + 0 + 5 = 13.
    # 5-1 on d: 6 + 2 + 0 + 1 = 9.
    _, totals = board_after(load("sniff"), "6-5", "5-5 r", "5-2 r", "5-0 u", "5-1 d")
    assert totals == [11, 16, 18, 13, 9]
    _, usual = board_after(dataclasses.replace(load("sniff"), spinner_counts_until="both_sides"), "6-5", "5-5 r", "5-2 r", "5-0 u")
    assert usual == [11, 16, 8, 8]


def test_the_value_is_listed_and_an_unknown_one_refused():
    assert "ends_covered" in run("rules", "--list-parameters").output
    with pytest.raises(RuleError, match="ends_covered"):
        with_overrides(load("sniff"), [("spinner_counts_until", "ends")], where="--set")
