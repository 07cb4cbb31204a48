"""Fuzzing the command line: every command that reads a record file, given generated files
(any text, any bytes, records of the right shape, right records with a slip), exits 0, 1 or 2,
prints no traceback, and every ``file:line:col:`` it prints has a line and a column from 1.

In-process (typer's runner: the same argument parsing and code as the installed command) for
speed, and a few real processes for the entry point itself. Generators: fuzz/inputs.py, shared
with the long run (``python fuzz/run.py``).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz import inputs, properties  # noqa: E402

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
KINDS = st.sampled_from(inputs.KINDS)


def _assert_none(problems: list) -> None:
    assert not problems, "\n\n".join(str(p) for p in problems)


def _write(path: Path, data: str | bytes) -> None:
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8", newline="")


@FUZZ
@given(kind=KINDS, rng=st.randoms(use_true_random=True))
def test_three_commands_on_any_generated_file(tmp_path, kind, rng):
    path = tmp_path / "input.mgn"
    _write(path, inputs.GENERATORS[kind](rng))
    _assert_none(properties.check_cli(path, rng))


@pytest.mark.parametrize("kind", inputs.KINDS)
def test_every_command_on_one_file_of_each_kind(tmp_path, kind):
    path = tmp_path / "input.mgn"
    _write(path, inputs.generate(kind, 3))
    _assert_none(properties.check_cli(path, random.Random(3), every=True))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=True))
def test_rule_commands_on_rule_files_with_slips(tmp_path, rng):
    path = tmp_path / "rules.yaml"
    path.write_text(inputs.rule_file(rng), encoding="utf-8")
    _assert_none(properties.check_cli_rules(path, inputs.SAMPLES / "allfives-2p.mgn"))


def test_the_judge_catches_what_it_must():
    """The CLI property itself: a traceback, an exit code 3, a crash and a line 0 are caught."""
    assert properties.check_cli_output(["x"], 0, "ok", None) == []
    assert properties.check_cli_output(["x"], 3, "", None)[0].prop == "cli-exit"
    assert properties.check_cli_output(["x"], 1, "Traceback (most recent call last):", None)[0].prop == "cli-traceback"
    assert properties.check_cli_output(["x"], 1, "", KeyError("A"))[0].prop == "cli-crash"
    assert properties.check_cli_output(["x"], 1, "f.mgn:0:3: error[syntax]: x", None)[0].prop == "cli-position"


@pytest.mark.parametrize("kind", ["mutated-token", "bytes", "grammar"])
def test_real_processes(tmp_path, kind):
    path = tmp_path / "input.mgn"
    _write(path, inputs.generate(kind, 5))
    for args in (["check", str(path)], ["audit", "--format", "json", str(path)]):
        done = subprocess.run(
            [sys.executable, "-m", "muggins", *args], capture_output=True, text=True, errors="replace", timeout=120
        )
        _assert_none(properties.check_cli_output(args, done.returncode, done.stdout + done.stderr, None))
