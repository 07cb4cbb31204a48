"""A run given up early (Ctrl-C, an error, a caller that stops reading) ends its worker
processes instead of waiting for them: a batch of analysis can take minutes. Before, Ctrl-C on
``muggins analyze --jobs 2`` waited for every batch in flight (16 s on 12 four-player games)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from muggins.batch.spread import RecordDone, spread

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
PARENT = os.getpid()
#: What a worker's record takes: far longer than the test may.
SLOW_S = 120


def slow_in_workers(record: object, path: Path, index: int) -> int:
    """Quick where the run starts (its first batch is worked on there) and on the first three
    records; in the workers, slow on the others."""
    if os.getpid() != PARENT and index > 3:
        time.sleep(SLOW_S)
    return index


def test_closing_a_run_ends_its_workers_at_once(tmp_path: Path) -> None:
    path = tmp_path / "twelve.mgn"
    path.write_text("\n".join([(SAMPLES / "several-records.mgn").read_text(encoding="utf-8")] * 4), encoding="utf-8")
    events = spread([path], slow_in_workers, jobs=2, batch_chars=1)
    done = [next(event for event in events if isinstance(event, RecordDone)) for _ in range(2)]
    assert [(event.index, event.result) for event in done] == [(1, 1), (2, 2)]  # the second from a worker
    start = time.monotonic()
    events.close()  # what a KeyboardInterrupt in the loop over the events does too
    assert time.monotonic() - start < SLOW_S / 4
