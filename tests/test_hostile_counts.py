"""A draw count far beyond the boneyard (hardening: tiny inputs that take gigabytes).

``A draw 999999999`` in a 76-byte record made replay, render and view expand a billion
face-down tiles (about 10 GB). The impossible draw is a finding at its turn, and the hand goes
on with what the boneyard held: All Fives with two players deals 9 each from 28 tiles, so the
boneyard holds 10 and A holds 9 + 10 = 19 after it."""

from __future__ import annotations

import pytest

from tests.cli_run import run

RECORD = '[Event "x"]\n[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA draw 999999999\n'


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "bigdraw.mgn"
    path.write_text(RECORD)
    return path


def test_replay_holds_what_the_boneyard_held(record):
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert "19 tiles" in result.output and "boneyard: 0 tiles" in result.output
    assert "draw-reserve" in result.output and "only 10 may be drawn" in result.output


@pytest.mark.parametrize("command", ["render", "view"])
def test_pictures_stay_small(record, tmp_path, command):
    out = tmp_path / f"out.{command}"
    result = run(command, str(record), "-o", str(out))
    assert result.exit_code == 1, result.output
    assert out.stat().st_size < 1_000_000


def test_audit_reports_the_draw_at_its_turn(record):
    result = run("audit", str(record), "--format", "json")
    assert result.exit_code == 1
    assert '"draw-reserve"' in result.output and '"turn": 1' in result.output
