"""replay's options that do not go together are refused, not dropped unsaid."""

from __future__ import annotations

import json

import pytest

from cli_run import run

#: three turns: positions 0 (the deal) to 3, then the end of the hand
THREE = '[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 5-5 +10\nB 5-2 r\nA 5-1 l\n'


@pytest.fixture
def three(tmp_path):
    path = tmp_path / "three.mgn"
    path.write_text(THREE)
    return str(path)


@pytest.mark.parametrize("turn", ["1", "end", "0"])
def test_all_with_turn_is_refused_naming_both(three, turn):
    """It showed turns 0 to 3 and the end, exit 0, the --turn dropped without a word."""
    result = run("replay", "--all", "--turn", turn, three)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("muggins: ")
    assert "--all" in result.stderr and "--turn" in result.stderr


def test_all_with_turn_under_json_writes_the_empty_document(three):
    result = run("replay", "--all", "--turn", "1", "--format", "json", three)
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {"schema": "muggins.replay/1", "file": three, "record": 1, "positions": []}
    assert "--all and --turn" in result.stderr


def test_all_alone_and_turn_alone_still_work(three):
    every = run("replay", "--all", "--format", "json", three)
    assert every.exit_code == 0, every.stderr
    assert [p["turn"] for p in json.loads(every.stdout)["positions"]] == [0, 1, 2, 3, "end"]
    one = run("replay", "--turn", "1", "--format", "json", three)
    assert one.exit_code == 0, one.stderr
    (position,) = json.loads(one.stdout)["positions"]
    assert (position["turn"], position["last"]) == (1, "A 5-5 +10")
