"""Fives and Threes: the point for chipping out counts together with the last play (issue 17, part 1).

pagat's Fives and Threes: "the point for chipping out is scored at the same time as the normal
score for the play, and if this takes you over 61, the score is disregarded. So for example if
you have 59 on the board and play your last tile to create a total of 6 on the ends of the
layout, you have scored 3 points - 2 for the total of 6 plus one for playing your last tile, and
this is too many." The last play's points and the point for going out are one credit against
the exact target: both count, or neither. (Before: the play counted when it fitted alone, or
was disregarded and then the point alone counted.)

The record (two tiles each, scores in units of fives and threes, exactly the target), by hand:

- A leads 2-1: ends 2 + 1 = 3, one three: A +1, A stands at 1.
- B 1-0 on r (the 1): ends 2 + 0 = 2: nothing.
- A 6-2 on l (the 2): ends 6 + 0 = 6, two threes: 2; it is A's last tile: + 1 for chipping
  out, 2 + 1 = 3 together. B still holds 5-5 (10 pips; no pip scoring in this game).
  - target 3: 1 + 3 = 4 passes 3: nothing counts, A stays at 1, nobody has won (before: the
    play alone made 1 + 2 = 3, a win at turn 3, A 3).
  - target 2: 1 + 3 = 4 passes 2: nothing counts, A stays at 1 (before: the play, 1 + 2 = 3,
    was disregarded, then the point alone made 1 + 1 = 2 and won).
  - target 4: 1 + 3 = 4 is the target: both count, A wins at turn 3 with 4 (before: the play
    made 3, then the point at the end of the hand made 4: a win at the hand's end).
- The sheet writes the point as the end-of-hand score (``score A 1``), and the totals as they
  stand: A 1 (targets 2 and 3) or A 4 (target 4), B 0.
"""

from __future__ import annotations

import json

import pytest

from muggins.notation.parser import parse_record
from muggins.replay.replayer import replay
from muggins.replay.rules import load, with_overrides
from tests.cli_run import run

RECORD = """[Event "chip-out point together with the last play"]
[Rules "fives-and-threes"]
[Set hand_size "2"]
[Set target "{target}"]
[Seat A "A"]
[Seat B "B"]

hand 1
deal A 2-1 6-2
deal B 1-0 5-5
lead A
A 2-1 +1
B 1-0 r
A 6-2 l +2 {{6 + 0 = 6: 2, and 1 for chipping out}}
domino A
pips A 0 B 10
score A 1
totals A {total} B 0
"""


def _audit(tmp_path, target: int, total: int) -> tuple[int, dict]:
    path = tmp_path / "chip.mgn"
    path.write_text(RECORD.format(target=target, total=total))
    result = run("audit", str(path), "--format", "json")
    return result.exit_code, json.loads(result.output)["files"][0]["records"][0]


@pytest.mark.parametrize("target", [3, 2])
def test_play_and_point_together_past_the_target_count_nothing(tmp_path, target):
    code, record = _audit(tmp_path, target, 1)
    assert code == 0 and record["findings"] == []
    assert record["totals"] == {"A": 1, "B": 0}
    assert record["winner"] is None and record["won_at"] is None
    assert record["divergence"] is None  # the sheet adds nothing the rules refuse


def test_play_and_point_together_on_the_target_win_at_the_last_play(tmp_path):
    code, record = _audit(tmp_path, 4, 4)
    assert code == 0 and record["findings"] == []
    assert record["totals"] == {"A": 4, "B": 0}
    assert record["winner"] == "A" and record["won_at"] == {"hand": 1, "turn": 3}


def test_a_wrong_point_after_the_winning_last_play_is_named(tmp_path):
    path = tmp_path / "chip.mgn"
    path.write_text(RECORD.format(target=4, total=5).replace("score A 1", "score A 2"))
    data = json.loads(run("audit", str(path), "--format", "json").output)["files"][0]["records"][0]
    found = {f["code"]: f for f in data["findings"]}
    assert (found["end-score"]["claimed"], found["end-score"]["correct"]) == (2, 1)
    assert "for going out, scored with the last play" in found["end-score"]["message"]


def test_the_last_play_fact_and_the_hand_say_what_counted():
    rules = with_overrides(load("fives-and-threes"), [("hand_size", 2), ("target", 3)])
    result = replay(parse_record(RECORD.format(target=3, total=1)), rules)
    last = result.hands[0].facts[-1]
    assert (last.points, last.credited, last.counted) == (2, 2, 0)
    hand = result.hands[0]
    assert hand.award is not None and hand.award.points == {"A": 1, "B": 0}
    assert hand.award_counted == {"A": 0, "B": 0}
    assert result.totals == {"A": 1, "B": 0}


SHEET = """[Event "a sheet"]
[Rules "fives-and-threes"]
[Set target "4"]
[Seat A "A"]
[Seat B "B"]

hand 1
A +1
A +2
domino A
pips A 0 B 0 {as the scorecard writes it: no pips are counted in this game}
score A 1
totals A 4 B 0
"""


def test_a_sheet_only_hand_counts_the_point_alone_at_its_end(tmp_path):
    # A sheet does not say which entry was the last play: 1 + 2 = 3 in play, then the point at
    # the end of the hand, 4, the target (as the scorecard keeps it).
    path = tmp_path / "sheet.mgn"
    path.write_text(SHEET)
    data = json.loads(run("audit", str(path), "--format", "json").output)["files"][0]["records"][0]
    assert data["findings"] == [] and data["totals"] == {"A": 4, "B": 0}
    assert data["won_at"] == {"hand": 1, "turn": None}
