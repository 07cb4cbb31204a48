"""The normal run's share of fuzz/roundtrip.py: simulated records round-trip through fmt."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz.roundtrip import check, records  # noqa: E402


def test_simulated_records_round_trip_losslessly():
    count = 0
    for record in records(300, seed=1):
        assert check(record) is None, record
        count += 1
    assert count == 300
