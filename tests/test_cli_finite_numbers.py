"""Number options refuse NaN and infinity: every range test let NaN through (``nan >= 0`` is
false, so is ``nan < 0``), and ``--budget nan`` ran, then wrote ``"budget": NaN`` into JSON that
no strict parser (the viewer's ``JSON.parse``) reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_run import run

SAMPLE = str(Path(__file__).parent.parent / "samples" / "allfives-2p.mgn")


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", SAMPLE, "--format", "json", "--budget", "nan"],
        ["analyze", SAMPLE, "--format", "json", "--budget", "0", "--record-budget", "inf"],
        ["analyze", SAMPLE, "--format", "json", "--budget", "0", "--record-budget", "1e400"],
        ["view", SAMPLE, "--analyze", "--budget", "NaN"],
        ["view", SAMPLE, "--analyze", "--record-budget", "nan"],
        ["simulate", "--forget", "nan"],
        ["simulate", "--under-claim", "nan"],
    ],
)
def test_nan_and_infinity_are_refused(args):
    result = run(*args)
    assert result.exit_code == 2
    assert "is not a finite number" in result.stderr
    if "json" in args:  # analyze's empty document (test_cli_json_unusable.py), no number in it
        assert json.loads(result.stdout) == {"schema": "muggins.analyze/2", "solver_core": None, "records": [], "players": []}
    else:
        assert result.stdout == ""


def test_finite_numbers_still_pass():
    result = run("simulate", "--forget", "0.5", "--under-claim", "0", "--seed", "1")
    assert result.exit_code == 0 and result.stdout.startswith("[Event")
