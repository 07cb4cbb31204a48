"""Messages about a play name what would have been right: a tile on the wrong end names the
end where it fits, or says that it fits none."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_run import run


def test_a_tile_on_the_wrong_end_names_where_it_fits():
    """samples/bad/wrong-end.mgn, worked out in samples/bad/EXPECTED.yaml: B puts 1-0 on l,
    which shows the spinner's 5; 1-0 would fit r, which shows 0."""
    sample = Path(__file__).resolve().parent.parent / "samples" / "bad" / "wrong-end.mgn"
    found = json.loads(run("audit", str(sample), "--format", "json").output)["files"][0]["records"][0]["findings"]
    (wrong,) = [f for f in found if f["code"] == "wrong-end"]
    assert wrong["message"].endswith("does not match end l, which shows 5; it fits r")


def test_a_tile_that_fits_nowhere_says_so(tmp_path):
    # A leads 6-6: both ends show 6. B's 4-3 (not dealt: no deals are written) matches neither.
    path = tmp_path / "nowhere.mgn"
    path.write_text('[Event "x"]\n[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 6-6\nB 4-3 r\n')
    found = json.loads(run("audit", str(path), "--format", "json").output)["files"][0]["records"][0]["findings"]
    (wrong,) = [f for f in found if f["code"] == "wrong-end"]
    assert wrong["message"] == "4-3 does not match end r, which shows 6; it fits no open end (open ends l=6, r=6)"
