"""Who leads when the leader must hold the highest double and nobody holds one
(``no_double: highest_tile``): the holder of the heaviest tile; of two as heavy, the one with
the higher end (6-3 before 5-4, both 9 pips). VARIANTS.md and every preset using the value say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muggins.replay.rules import preset_names
from tests.cli_run import run

ROOT = Path(__file__).resolve().parent.parent

# The line preset (first_leader: highest_double, first_lead_tile: that_double), two tiles each,
# no double dealt: A holds 5-4 and 2-1, B holds 6-3 and 1-0.
RECORD = """[Event "no double"]
[Rules "line"]
[Set hand_size "2"]
[Seat A "A"]
[Seat B "B"]

hand 1
deal A 5-4 2-1
deal B 6-3 1-0
lead {leader}
{leader} {tile}
"""


def _codes(tmp_path, leader: str, tile: str) -> list[str]:
    path = tmp_path / "tie.mgn"
    path.write_text(RECORD.format(leader=leader, tile=tile))
    data = json.loads(run("audit", str(path), "--format", "json").output)
    return [f["code"] for f in data["files"][0]["records"][0]["findings"]]




@pytest.mark.parametrize(("leader", "tile", "wrong"), [("B", "6-3", False), ("A", "5-4", True)])
def test_of_two_as_heavy_the_higher_end_leads(tmp_path, leader, tile, wrong):
    codes = _codes(tmp_path, leader, tile)
    assert ("wrong-leader" in codes) is wrong, codes


def test_the_choice_is_written_down():
    variants = " ".join((ROOT / "replay" / "VARIANTS.md").read_text(encoding="utf-8").split())
    assert "of two as heavy, the one with the higher end: 6-3 before 5-4" in variants
    for name in preset_names():
        text = (ROOT / "replay" / "presets" / f"{name}.yaml").read_text(encoding="utf-8")
        line = next((l for l in text.splitlines() if l.startswith("no_double:")), "")
        if "highest_tile" in line:
            assert "6-3 before 5-4" in line, name
