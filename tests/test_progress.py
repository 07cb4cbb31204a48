"""Working through an archive: a progress bar with an ETA on a terminal only, and each record's
result given as soon as it is done when the work is slow (one record per batch)."""

from __future__ import annotations

import io
from pathlib import Path

from cli_run import run
from rich.console import Console

from muggins.cli.progress import count_records, progress
from muggins.cli.spread import RecordDone, spread

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_records_are_counted_without_being_parsed(tmp_path):
    # several-records.mgn holds three records, allfives-2p.mgn one; a missing file counts none.
    paths = [SAMPLES / "several-records.mgn", SAMPLES / "allfives-2p.mgn", tmp_path / "missing.mgn"]
    assert count_records(paths) == 4


def test_on_a_terminal_the_bar_counts_records_and_gives_an_eta():
    screen = io.StringIO()
    err = Console(file=screen, force_terminal=True, width=100)
    with progress(err, [SAMPLES / "several-records.mgn"]) as advance:
        advance()
        advance()
    drawn = screen.getvalue()  # the bar's last drawing, before it is cleared away
    assert "2/3" in drawn and "ETA" in drawn


def test_off_a_terminal_nothing_is_drawn():
    screen = io.StringIO()
    err = Console(file=screen, force_terminal=False)
    with progress(err, [SAMPLES / "several-records.mgn"]) as advance:
        advance()
    assert screen.getvalue() == ""
    result = run("analyze", str(SAMPLES / "several-records.mgn"), "--budget", "0")
    assert result.exit_code == 0 and result.stderr == ""


def test_one_record_per_batch_gives_each_result_as_it_is_done():
    worked = []

    def work(record, path, index):
        worked.append(index)
        return index

    events = spread([SAMPLES / "several-records.mgn"], work, 1, batch_chars=1)
    first = next(e for e in events if isinstance(e, RecordDone))
    assert (first.result, worked) == (1, [1])  # the second record not started yet
    # With the usual batches, the file's three records are worked on before the first is given.
    worked.clear()
    first = next(e for e in spread([SAMPLES / "several-records.mgn"], work, 1) if isinstance(e, RecordDone))
    assert (first.result, worked) == (1, [1, 2, 3])
