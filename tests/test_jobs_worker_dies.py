"""A worker process killed during ``--jobs 2`` (as the out-of-memory killer would, SIGKILL)
loses no record silently: the records it held are worked on again, one at a time; one whose
worker dies again is reported as not finished, with its file and index; the others are finished
and the run exits 2 (issue 15). Before, the run ended in a BrokenProcessPool traceback."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from pathlib import Path

import pytest
from cli_run import run

from muggins.batch import spread as spreadmod
from muggins.batch.events import FileDone, RecordDone
from muggins.notation.errors import NotationError

GAME = '[Event "{event}"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\nB 4-1 r\n\n'


def archive(path: Path, events: list[str]) -> Path:
    path.write_text("".join(GAME.format(event=e) for e in events), encoding="utf-8")
    return path


def killed_on_poison(record, path, index):
    """The work of a test: what a record too big for memory does to its worker."""
    if record.tag("Event") == "poison":
        os.kill(os.getpid(), signal.SIGKILL)
    return f"{index}:{record.tag('Event')}"


def slow(record, path, index):
    time.sleep(0.02)
    return f"{index}:{record.tag('Event')}"


@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    monkeypatch.setattr(spreadmod, "BATCH_CHARS", 300)  # a few records a batch


def events_of(paths, work, jobs=2):
    return list(spreadmod.spread(paths, work, jobs))


def test_the_record_that_kills_its_worker_is_reported_and_the_others_are_finished(tmp_path):
    names = [f"game {n}" for n in range(1, 41)]
    names[24] = "poison"  # record 25, far from the first batch (worked on in the calling process)
    path = archive(tmp_path / "archive.mgn", names)
    done = events_of([path], killed_on_poison)
    records = [e for e in done if isinstance(e, RecordDone)]
    assert [e.index for e in records] == list(range(1, 41))
    assert isinstance(done[-1], FileDone) and done[-1].error is None
    for event in records:
        if event.index == 25:
            assert isinstance(event.result, NotationError)
            (d,) = event.result.diagnostics
            assert (d.code, d.source, d.line, d.column) == ("worker-failed", str(path), 24 * 8 + 1, 1)
            assert d.message.startswith("record 25 of the file was not finished: the worker process")
        else:
            assert event.result == f"{event.index}:game {event.index}"


def test_after_too_many_deaths_the_records_left_are_not_finished_but_still_named(tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_WORKER_FAILURES", "1")
    names = [f"game {n}" for n in range(1, 31)]
    for at in (10, 14, 20):
        names[at] = "poison"
    path = archive(tmp_path / "archive.mgn", names)
    records = [e for e in events_of([path], killed_on_poison) if isinstance(e, RecordDone)]
    assert [e.index for e in records] == list(range(1, 31))
    unfinished = {e.index: e.result.diagnostics[0].message for e in records if isinstance(e.result, NotationError)}
    assert {11, 15, 21} <= set(unfinished)  # the poisoned ones can never finish
    assert all(isinstance(e.result, str) for e in records if e.index < 11)
    # Record 11 alone killed a second pool: no more work was sent, and the records not done
    # by then say so.
    assert "died" in unfinished[11]
    limit = "worker-failures limit of 1 processes; raise it with MUGGINS_WORKER_FAILURES=N"
    assert all(limit in unfinished[n] for n in (15, 21))


def test_a_worker_killed_from_outside_loses_no_record(tmp_path):
    path = archive(tmp_path / "archive.mgn", [f"game {n}" for n in range(1, 121)])
    killed = []

    def kill_one():
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not killed:
            children = multiprocessing.active_children()
            if children:
                time.sleep(0.3)
                os.kill(children[0].pid, signal.SIGKILL)
                killed.append(children[0].pid)
            time.sleep(0.05)

    killer = threading.Thread(target=kill_one)
    killer.start()
    try:
        records = [e for e in events_of([path], slow) if isinstance(e, RecordDone)]
    finally:
        killer.join()
    assert killed
    assert [e.index for e in records] == list(range(1, 121))
    for event in records:  # each finished, or said not to be
        if isinstance(event.result, NotationError):
            assert event.result.diagnostics[0].code == "worker-failed"
        else:
            assert event.result == f"{event.index}:game {event.index}"


#: The real work of each command, while a test has put a poisoned one in its place.
_REAL: dict[str, object] = {}


def _poisoned(*args):
    """A command's work on one record (its last three arguments: record, path, index), but a
    record called "poison" kills its worker, as the out-of-memory killer would."""
    if args[-3].tag("Event") == "poison":
        os.kill(os.getpid(), signal.SIGKILL)
    return _REAL["work"](*args)


@pytest.mark.parametrize("command", ["audit", "check", "analyze"])
def test_the_command_names_the_unfinished_record_and_exits_2(command, tmp_path, monkeypatch):
    import muggins.cli.analyze_work as analyze_work
    import muggins.cli.audit_work as audit_work
    import muggins.cli.check as check

    module, name = {"audit": (audit_work, "audit_one"), "check": (check, "_check_one"), "analyze": (analyze_work, "analyze_one")}[command]
    monkeypatch.setitem(_REAL, "work", getattr(module, name))
    monkeypatch.setattr(module, name, _poisoned)
    names = [f"game {n}" for n in range(1, 31)]
    names[19] = "poison"
    path = archive(tmp_path / "archive.mgn", names)
    args = (command, str(path), "--jobs", "2") + (("--budget", "0") if command == "analyze" else ())
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert f"{path}:153:1: error[worker-failed]" in result.stderr  # record 20 starts on line 19 * 8 + 1
    assert "record 20 of the file was not finished" in result.stderr
    assert "Traceback" not in result.output
    said = " ".join(result.stdout.split())  # as rich wraps it
    if command == "audit":
        assert f"{path}: 29 records, clean" in said
    if command == "check":
        assert f"{path}: 29 records, 1 problem; then record 20 of the file was not finished" in said


def split_or_die(raw, *args):
    """The workers' cutting of a piece, but a piece holding a poisoned record kills its worker."""
    from muggins.notation.split import split_piece

    if b'"poison"' in raw:
        os.kill(os.getpid(), signal.SIGKILL)
    return split_piece(raw, *args)


def test_a_worker_killed_while_cutting_a_piece_sends_the_file_to_the_reader_in_order(tmp_path, monkeypatch):
    from muggins.batch import pieces

    monkeypatch.setattr(pieces, "split_piece", split_or_die)
    names = [f"game {n}" for n in range(1, 41)]
    names[29] = "poison"  # record 30: its piece is cut by a worker, not by the calling process
    path = archive(tmp_path / "archive.mgn", names)
    done = events_of([path], slow)
    records = [e for e in done if isinstance(e, RecordDone)]
    # Cut in order from where the pieces stopped, every record is there once and finished (the
    # poison is only in the cutting here, which the calling process then does itself).
    assert [e.index for e in records] == list(range(1, 41))
    assert [e.result for e in records] == [f"{n}:{name}" for n, name in enumerate(names, 1)]
    assert isinstance(done[-1], FileDone) and done[-1].error is None
