"""The Dask backend (``--scheduler``): the same output as ``--jobs 1``, byte for byte, from a
two-worker LocalCluster started here; workers killed mid-run lose nothing; a record that kills
every worker it meets is given as not finished and the others are still reported; without the
extra, or without a scheduler, a message and exit 2.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest
from cli_run import run

from muggins.batch.cluster import close, connect
from muggins.batch.events import FileDone, RecordDone
from muggins.batch.spread import spread
from muggins.notation.errors import NotationError

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """The samples beside 300 simulated two- and four-player games, in a few files."""
    folder = tmp_path_factory.mktemp("archive")
    for name, args in (("two.mgn", ["--games", "200", "--seed", "7"]), ("four.mgn", ["--games", "100", "--seed", "8", "--rules", "scorecard", "--players", "4", "--forget", "0.2"])):
        result = subprocess.run([sys.executable, "-m", "muggins", "simulate", *args, "-o", str(folder / name)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
    return folder


@pytest.fixture(scope="module")
def client():
    # Spawned workers find this module (for the test's own work functions) on PYTHONPATH.
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS), old) if p)
    try:
        client = connect("local:2")
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    yield client
    close(client)


def _both(*argv: str) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
    def one(*extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "muggins", *argv, *extra], capture_output=True, text=True, cwd=ROOT)

    return one("--jobs", "1"), one("--scheduler", "local:2")


def test_audit_on_a_local_cluster_writes_what_one_process_writes(archive):
    alone, cluster = _both("audit", str(SAMPLES), str(archive), "--format", "json")
    assert alone.returncode == cluster.returncode == 2  # samples/bad holds unreadable records
    assert cluster.stdout == alone.stdout and len(alone.stdout) > 100_000
    assert cluster.stderr == alone.stderr


def test_check_on_a_local_cluster_writes_what_one_process_writes(archive):
    alone, cluster = _both("check", str(archive))
    assert alone.returncode == cluster.returncode == 0
    assert cluster.stdout == alone.stdout and "300 records" in alone.stdout


# ---- workers that die ----------------------------------------------------------------------


def _event_of(record) -> str:
    return record.tag("Event") or ""


def kill_once(marker: str, record, path, index):
    """Work that kills its worker process the first time it meets record 3 (as the OOM killer
    would, SIGKILL), then does its work; module-level so that it pickles by reference."""
    if index == 3 and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return (index, len(record.hands))


def kill_always(record, path, index):
    """Work that kills every worker that meets record 2."""
    if index == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return (index, len(record.hands))


def _records(tmp_path: Path, count: int) -> Path:
    text = (SAMPLES / "allfives-2p.mgn").read_text(encoding="utf-8")
    path = tmp_path / "many.mgn"
    path.write_text("\n".join([text] * count), encoding="utf-8")
    return path


def test_a_worker_killed_mid_task_loses_nothing(client, tmp_path):
    path = _records(tmp_path, 6)
    events = list(spread([path], partial(kill_once, str(tmp_path / "killed")), cluster=client))
    assert (tmp_path / "killed").exists()  # a worker did die
    done = [e for e in events if isinstance(e, RecordDone)]
    assert [e.index for e in done] == [1, 2, 3, 4, 5, 6]
    assert all(not isinstance(e.result, NotationError) and e.result[0] == e.index for e in done)
    assert isinstance(events[-1], FileDone)


def test_a_record_that_kills_every_worker_is_not_finished_and_the_others_are_reported(client, tmp_path):
    path = _records(tmp_path, 4)
    events = list(spread([path], kill_always, cluster=client))
    done = {e.index: e.result for e in events if isinstance(e, RecordDone)}
    assert sorted(done) == [1, 2, 3, 4]
    failed = done.pop(2)
    assert isinstance(failed, NotationError)
    (diagnostic,) = failed.diagnostics
    assert diagnostic.code == "worker-failed" and "record 2 of the file was not finished: worker failed" in diagnostic.message
    assert diagnostic.source == str(path)
    assert all(result[0] == index and result[1] > 0 for index, result in done.items())


# ---- what is said when there is no cluster ----------------------------------------------------


def test_without_the_extra_the_message_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    result = run("audit", str(SAMPLES / "allfives-2p.mgn"), "--scheduler", "local:2")
    assert result.exit_code == 2
    assert "pip install 'muggins[cluster]'" in result.output


@pytest.mark.parametrize("address, words", [("local:0", "local:N takes a number of workers"), ("local:two", "local:N takes"), ("tcp://127.0.0.1:9", "no Dask scheduler answered")])
def test_a_scheduler_that_cannot_be_had_is_exit_2(monkeypatch, address, words):
    monkeypatch.setattr("muggins.batch.cluster.CONNECT_SECONDS", 1)
    result = run("check", str(SAMPLES / "allfives-2p.mgn"), "--scheduler", address)
    assert result.exit_code == 2 and words in result.output


def test_the_scheduler_can_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("MUGGINS_SCHEDULER", "local:zero")
    result = run("audit", str(SAMPLES / "allfives-2p.mgn"))
    assert result.exit_code == 2 and "local:N takes" in result.output


def test_jobs_and_scheduler_together_are_refused():
    result = run("audit", str(SAMPLES / "allfives-2p.mgn"), "--jobs", "2", "--scheduler", "local:2")
    assert result.exit_code == 2 and "--jobs and --scheduler cannot be combined" in result.output


def test_the_default_path_does_not_import_dask():
    script = "import sys; sys.argv = ['muggins', 'audit', %r]\nfrom muggins.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))" % str(SAMPLES / "allfives-2p.mgn")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
