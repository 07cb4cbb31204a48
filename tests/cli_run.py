"""Running a muggins command in-process for the tests, as the command line would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from muggins.cli import app


def run(*args: str):
    """The result of ``muggins ARGS``; never a Python traceback: the only exception a command
    may end with is its exit."""
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def simulated(path: Path, *args: str) -> Path:
    """``muggins simulate ARGS -o PATH`` in a process of its own (the games a test works on)."""
    result = subprocess.run([sys.executable, "-m", "muggins", "simulate", *args, "-o", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return path
