"""Working through an archive: a progress bar with an ETA on a terminal only, and each record's
result given as soon as it is done when the work is slow (one record per batch)."""

from __future__ import annotations

import io
from pathlib import Path

from cli_run import run
from rich.console import Console

from muggins.cli.progress import count_records, progress
from muggins.batch.spread import RecordDone, spread

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_records_are_counted_without_being_parsed(tmp_path):
    # several-records.mgn holds three records, allfives-2p.mgn one; a missing file counts none.
    paths = [SAMPLES / "several-records.mgn", SAMPLES / "allfives-2p.mgn", tmp_path / "missing.mgn"]
    assert count_records(paths) == 4


class _Screen(io.StringIO):
    """What a terminal shows: a stream that is a terminal."""

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_bar_counts_records_and_gives_an_eta():
    screen = _Screen()
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
    forced = Console(file=screen, force_terminal=True)  # as FORCE_COLOR makes a log's console
    with progress(forced, [SAMPLES / "several-records.mgn"]) as advance:
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


def _on_a_terminal(args: list[str], cwd: Path, code: int = 0) -> str:
    """What ``muggins ARGS`` shows on a terminal (stdin, stdout and stderr one pseudo-terminal),
    which exits with ``code``."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    env = dict(os.environ, COLUMNS="100", LINES="30", TERM="xterm")
    process = subprocess.Popen([sys.executable, "-m", "muggins", *args], stdin=follower, stdout=follower, stderr=follower, cwd=cwd, env=env)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed: the command is done
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert process.wait(timeout=120) == code
    return shown.decode("utf-8", "replace")


def test_the_bar_goes_to_the_terminal_and_never_into_the_output_file(tmp_path):
    # -o: the analysis is written to the file as it is without a terminal; the bar (drawn on
    # stderr, a terminal here) is on the terminal only.
    source = SAMPLES / "several-records.mgn"
    shown = _on_a_terminal(["analyze", str(source), "--budget", "0", "--format", "json", "-o", str(tmp_path / "out.json")], tmp_path)
    assert "records" in shown and "ETA" in shown and "3/3" in shown
    written = (tmp_path / "out.json").read_text(encoding="utf-8")
    assert written == run("analyze", str(source), "--budget", "0", "--format", "json").stdout
    assert "\x1b" not in written and "ETA" not in written


def test_record_n_analyses_that_record_only(monkeypatch):
    # --record 2: the file's other records are cut and counted but not analysed (the fair
    # analysis of a record can take minutes).
    from muggins.analysis import analyze as analyzemod

    analysed = []
    real = analyzemod.analyze_record

    def spy(record, *args, **kwargs):
        analysed.append(kwargs.get("index", args[2] if len(args) > 2 else None))
        return real(record, *args, **kwargs)

    monkeypatch.setattr(analyzemod, "analyze_record", spy)
    result = run("analyze", str(SAMPLES / "several-records.mgn"), "--budget", "0", "--record", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    assert analysed == [2]


def test_quiet_draws_no_bar_even_on_a_terminal(tmp_path):
    # analyze --quiet drew its bar on a terminal all the same. audit and check draw none at all
    # (their records take a millisecond); here they are held to it with --quiet too.
    source = str(SAMPLES / "several-records.mgn")
    shown = _on_a_terminal(["analyze", source, "--budget", "0"], tmp_path)
    assert "ETA" in shown and "3/3" in shown and "\x1b[?25l" in shown  # the bar (the cursor hidden for it), where it belongs
    for quiet in ("--quiet", "-q"):
        shown = _on_a_terminal(["analyze", source, "--budget", "0", quiet], tmp_path)
        assert "ETA" not in shown and "3/3" not in shown and "\x1b[?25l" not in shown
        assert "unforced" in shown  # the players' table, all --quiet leaves
    for command, code in (("audit", 1), ("check", 0)):
        shown = _on_a_terminal([command, source, "--quiet"], tmp_path, code)
        assert "ETA" not in shown and "3/3" not in shown and "\x1b[?25l" not in shown  # no bar, no cursor hidden for one


def test_quiet_draws_no_bar_on_a_cluster_either(tmp_path):
    source = str(SAMPLES / "several-records.mgn")
    shown = _on_a_terminal(["analyze", source, "--budget", "0", "--quiet", "--scheduler", "local:1"], tmp_path)
    assert "ETA" not in shown and "3/3" not in shown and "\x1b[?25l" not in shown and "unforced" in shown
    for command, code in (("audit", 1), ("check", 0)):
        shown = _on_a_terminal([command, source, "--quiet", "--scheduler", "local:1"], tmp_path, code)
        assert "ETA" not in shown and "3/3" not in shown and "\x1b[?25l" not in shown
