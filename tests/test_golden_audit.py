"""Golden files: the audit report of every good sample, as text and as JSON.

The findings in them are the deliberate mistakes worked out by hand beside each sample
(samples/*.md, samples/*.oracle.yaml; tests/test_replay_samples.py checks the numbers against
those oracles); these files pin down how the report says it. After a deliberate change of
wording, regenerate with ``MUGGINS_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_audit.py``
and read the diff.
"""

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from muggins.cli import app

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
SAMPLES = sorted(p.name for p in (ROOT / "samples").glob("*.mgn"))
UPDATE = os.environ.get("MUGGINS_UPDATE_GOLDEN") == "1"


def run_audit(monkeypatch, name: str, fmt: str) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "160")
    result = CliRunner().invoke(app, ["audit", f"samples/{name}", "--format", fmt])
    return result.exit_code, result.stdout


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_audit_report_matches_its_golden_file(monkeypatch, name, fmt):
    code, out = run_audit(monkeypatch, name, fmt)
    assert code in (0, 1)
    golden = GOLDEN / f"{Path(name).stem}.audit.{'txt' if fmt == 'text' else 'json'}"
    if UPDATE:
        golden.write_text(out, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden.name}: run with MUGGINS_UPDATE_GOLDEN=1"
    assert out == golden.read_text(encoding="utf-8")
    if fmt == "json":
        data = json.loads(out)
        assert data["schema"] == "muggins.audit/1"
        # The exit code agrees with the report.
        clean = all(r["clean"] for f in data["files"] for r in f["records"])
        assert code == (0 if clean else 1)
