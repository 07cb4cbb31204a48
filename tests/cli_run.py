"""Running a muggins command in-process for the tests, as the command line would."""

from __future__ import annotations

from typer.testing import CliRunner

from muggins.cli import app


def run(*args: str):
    """The result of ``muggins ARGS``; never a Python traceback: the only exception a command
    may end with is its exit."""
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result
