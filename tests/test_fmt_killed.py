"""`muggins fmt --in-place` killed at any moment leaves the original intact or the whole new file.

A real process is started on a file big enough to take a while, and killed with SIGKILL (no
chance to clean up) after a range of delays. Afterwards the file is byte for byte either what it
was before or the complete canonical form; never a mix, never truncated.
"""

import os
import signal
import subprocess
import sys
import time

import pytest

from muggins.notation.formatter import format_record
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate


@pytest.fixture(scope="module")
def big_file_text() -> str:
    # Simulated games written out, then made non-canonical (indented, extra spaces) so that
    # fmt has to rewrite every line.
    records = list(simulate(load("allfives"), 3, 60, Options(players=3)))
    canonical = "\n".join(format_record(r) for r in records)
    return "\n".join("  " + line.replace(" ", "  ") if line else line for line in canonical.splitlines()) + "\n"


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.15, 0.3, 0.45, 0.6, 0.8, 1.0, 1.5, None])
def test_killed_mid_write_leaves_old_or_new_file(tmp_path, big_file_text, delay):
    """``delay`` None lets the run finish: then the file must be the new one."""
    path = tmp_path / "games.mgn"
    path.write_text(big_file_text, encoding="utf-8")
    before = path.read_bytes()
    process = subprocess.Popen(
        [sys.executable, "-m", "muggins", "fmt", "--in-place", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if delay is None:
        assert process.wait() == 0
    else:
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
    after = path.read_bytes()
    if delay is None:
        assert after != before
    if after != before:
        # The rename happened: the file must be the complete canonical form.
        expected = subprocess.run(
            [sys.executable, "-m", "muggins", "fmt", str(path)], capture_output=True, check=True
        ).stdout
        assert after == expected
    # Whatever happened, what is there reads back completely.
    check = subprocess.run([sys.executable, "-m", "muggins", "check", str(path)], capture_output=True)
    assert check.returncode == 0, check.stderr
    leftovers = [p for p in os.listdir(tmp_path) if p != "games.mgn"]
    # A temporary file may be left by a kill (nothing can clean up after SIGKILL), but only one,
    # and never in place of the record file.
    assert len(leftovers) <= 1
