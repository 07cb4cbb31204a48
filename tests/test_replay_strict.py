"""Replay goes on past a problem and reports them all; strict mode stops at the first error."""

from pathlib import Path

import pytest

from muggins.notation.parser import parse_record
from muggins.replay.replayer import ReplayError, replay
from muggins.replay.resolve import rules_for

# Two mistakes in one hand: B plays out of turn at turn 3 (it was A's), and at turn 4 A passes
# while holding 5-5, which fits the 5 on the right.
RECORD = """[Rules "scorecard"]
[Seat A "Ana"]
[Seat B "Bruno"]

hand 1
deal A 6-6 5-5 4-4 3-3 2-2 1-1 0-0
deal B 6-5 6-4 6-3 6-2 6-1 6-0 5-4
A 6-6
B 6-5 r
B 6-4 l
A pass
"""


def test_all_problems_are_reported_in_order():
    record = parse_record(RECORD)
    result = replay(record, rules_for(record))
    errors = [(d.code, d.turn, d.line) for d in result.diagnostics if d.severity == "error"]
    assert errors == [("out-of-turn", 3, 10), ("pass-while-playable", 4, 11)]


def test_strict_mode_stops_at_the_first_error():
    record = parse_record(RECORD)
    with pytest.raises(ReplayError) as caught:
        replay(record, rules_for(record), strict=True)
    assert (caught.value.diagnostic.code, caught.value.diagnostic.turn) == ("out-of-turn", 3)


def test_yaml_is_only_ever_read_with_the_safe_loader():
    root = Path(__file__).resolve().parents[1]
    sources = [p for folder in ("notation", "replay", "analysis", "src", "fuzz", "bench") for p in (root / folder).rglob("*.py")]
    assert sources
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for unsafe in ("yaml.load(", "yaml.unsafe_load", "yaml.full_load", "Loader=yaml.Loader", "FullLoader", "UnsafeLoader"):
            assert unsafe not in text, f"{path}: {unsafe}"
