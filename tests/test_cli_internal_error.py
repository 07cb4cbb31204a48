"""A fault of muggins itself reaches the user as two plain lines and exit code 70, never as a
traceback (the guide's standard: bad input never produces a Python traceback; a bug that an
input finds must not either). Each test of a fault fails on a ``main`` that lets the exception
through; Ctrl-C keeps Typer's exit code 130."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from muggins import cli, i18n
from muggins.replay import simulate


@pytest.fixture(autouse=True)
def english_after() -> object:
    """``main`` chooses the language for the process: English again after each test."""
    yield
    i18n.use("en")


def boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("the table broke\nsecond line\x1b[31m")


def run_main(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["muggins", *args])
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    return int(stopped.value.code or 0)


def test_an_unforeseen_exception_is_two_lines_and_exit_70(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate, "simulate", boom)
    code = run_main(monkeypatch, "simulate", "--rules", "pontos", "--games", "1")
    err = capsys.readouterr().err
    assert code == 70
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines[0] == "muggins: internal error: RuntimeError: the table broke"
    assert lines[1].startswith("muggins: this is a fault in muggins, not in the records")
    assert len(lines) == 2
    assert "\x1b" not in err


def test_the_traceback_on_request(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate, "simulate", boom)
    monkeypatch.setenv("MUGGINS_TRACEBACK", "1")
    code = run_main(monkeypatch, "simulate", "--rules", "pontos", "--games", "1")
    err = capsys.readouterr().err
    assert code == 70
    assert "Traceback (most recent call last)" in err and "in boom" in err
    assert "muggins: internal error: RuntimeError: the table broke" in err


def test_said_in_the_language_in_use(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate, "simulate", boom)
    code = run_main(monkeypatch, "--lang", "es", "simulate", "--rules", "pontos", "--games", "1")
    err = capsys.readouterr().err
    assert code == 70
    assert "internal error" not in err and "RuntimeError: the table broke" in err


def test_usage_errors_and_exit_codes_are_untouched(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(monkeypatch, "simulate", "--games", "-3") == 2
    assert "internal error" not in capsys.readouterr().err



def ctrl_c(*args: object, **kwargs: object) -> None:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)  # the signal interrupts this sleep
    raise AssertionError("SIGINT did not stop the command")


def test_ctrl_c_exits_130_without_a_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Typer's own handling, kept: exit code 130 (128 + SIGINT, as a shell reports it), nothing
    but a new line; not taken for a fault of muggins (KeyboardInterrupt is no Exception)."""
    monkeypatch.setattr(simulate, "simulate", ctrl_c)
    code = run_main(monkeypatch, "simulate", "--rules", "pontos", "--games", "1")
    assert code == 130
    assert capsys.readouterr().err.strip() == ""
