"""mypy finds no error in the modules that must stay clean (``[tool.muggins.typecheck]`` in
pyproject.toml), run as ``python tools/typecheck.py --clean`` runs it; and that tool's verdict
holds exactly those modules to it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "typecheck.py"


def _tool():
    spec = importlib.util.spec_from_file_location("muggins_typecheck_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


typecheck = _tool()


def _error(file: str) -> dict:
    return {"file": file, "line": 3, "column": 0, "message": "Missing type arguments", "code": "type-arg", "severity": "error"}


def test_the_modules_that_must_be_clean_are():
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is not installed: it is in the test extra (pip install -e '.[test]')")
    done = subprocess.run([sys.executable, str(TOOL), "--clean"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no error where mypy must find none" in done.stdout


def test_patterns_read_as_mypy_reads_them():
    assert typecheck.matches("muggins.replay", "muggins.replay.*")
    assert typecheck.matches("muggins.replay.board", "muggins.replay.*")
    assert not typecheck.matches("muggins.replayer", "muggins.replay.*")
    assert typecheck.matches("muggins.cli.analyze_work", "muggins.cli.analyze*")
    assert not typecheck.matches("muggins.cli.audit", "muggins.cli.analyze*")
    assert typecheck.module_of("muggins/batch/__init__.py") == "muggins.batch"
    assert typecheck.module_of("muggins/cli/check.py") == "muggins.cli.check"
    assert typecheck.module_of("/work/pyproject.toml") is None


def test_an_error_fails_only_where_the_module_must_be_clean():
    rules = typecheck.Rules(clean=["muggins.*"], not_yet=["muggins.analysis.*", "muggins.cli.analyze*"])
    records = [
        _error("muggins/analysis/audit.py"),
        _error("muggins/cli/analyze_view.py"),
        {**_error("muggins/replay/board.py"), "severity": "note"},  # a note is no error
    ]
    verdict = typecheck.judge(records, rules)
    assert verdict.clean
    assert verdict.elsewhere == {"muggins.analysis.audit": 1, "muggins.cli.analyze_view": 1}
    for file in ("muggins/replay/board.py", "muggins/batch/__init__.py", "muggins/cli/check.py", "pyproject.toml"):
        verdict = typecheck.judge([*records, _error(file)], rules)
        assert not verdict.clean and [r["file"] for r in verdict.held] == [file]


def test_every_pattern_of_the_configuration_names_a_module(tmp_path):
    """A pattern that names no module (a module renamed, a typo) would hold nothing."""
    tree = typecheck.link_tree(tmp_path)
    modules = set()
    for folder, _, files in os.walk(tree / "muggins", followlinks=True):
        for name in files:
            modules.add(typecheck.module_of(str((Path(folder) / name).relative_to(tree))))
    assert {"muggins.replay.board", "muggins.batch", "muggins.cli.check"} <= modules
    rules = typecheck.Rules.from_config()
    for pattern in rules.clean + rules.not_yet:
        assert any(typecheck.matches(m, pattern) for m in modules if m is not None), pattern


USER_CODE = '''\
import muggins
from muggins.analysis.audit import RecordAudit


class PontosHands(muggins.RecordBuilder):  # API.md's own example
    def wants_hands(self, head: muggins.Record) -> bool:
        return head.tag("Rules") == "pontos"


record = next(muggins.read_records("game.mgn"))
audit: RecordAudit = muggins.audit_record(record)  # right
wrong: int = muggins.audit_record(record)  # line 12: a RecordAudit is no int
muggins.analyze_record(record, budget="fast")  # line 13: budget is a number
'''


def test_a_user_of_the_package_sees_its_entry_points_typed(tmp_path):
    """``muggins.audit_record`` and the others are loaded on first use (a module __getattr__),
    which mypy saw as Any: a user's code could pass anything, and subclassing RecordBuilder
    failed under --strict ("has type Any")."""
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is not installed: it is in the test extra (pip install -e '.[test]')")
    (tmp_path / "tree").mkdir()
    tree = typecheck.link_tree(tmp_path / "tree")  # the package as it installs
    script = tmp_path / "user.py"
    script.write_text(USER_CODE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(script)],
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, MYPYPATH=str(tree)),
        cwd=tmp_path,
    )
    errors = [line for line in done.stdout.splitlines() if ": error:" in line and line.startswith("user.py")]
    assert [line.split(":")[1] for line in errors] == ["12", "13"], done.stdout
    assert "[assignment]" in errors[0] and "[arg-type]" in errors[1]
