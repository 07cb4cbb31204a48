"""The README as a new user meets it (issue #11 §1): its two quick-start commands work on a fresh
virtual environment, the browser step installs or stops with the command to run, what it shows
a command printing is what the command prints, and its walk-through's record is the sample."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from muggins.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SETUP_BROWSER = ROOT / ".ci" / "setup-browser"


def command_after(marker: str) -> str:
    """The one command in the ``sh`` block after ``<!-- marker -->`` (as .ci/run reads it)."""
    block = README.split(f"<!-- {marker} -->", 1)[1]
    (command,) = re.findall(r"```sh\n(.+?)\n```", block, re.S)[:1]
    return command.strip()


def shown_runs() -> list[tuple[str, str]]:
    """Every ```text block that shows a ``$ muggins ...`` command and what it printed."""
    runs = []
    for block in re.findall(r"```text\n(.*?)```", README, re.S):
        if block.startswith("$ muggins "):
            first, _, printed = block.partition("\n")
            runs.append((first[2:], printed))
    return runs


# ---- what the README shows is what the commands print ----------------------------------------


@pytest.mark.parametrize("command,printed", shown_runs(), ids=lambda v: v if v.startswith("muggins") else "")
def test_the_readme_shows_what_each_command_prints(command, printed, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("COLUMNS", raising=False)
    result = CliRunner().invoke(app, command.split()[1:])
    assert [line.rstrip() for line in result.stdout.splitlines()] == [line.rstrip() for line in printed.splitlines()]


def test_the_readme_shows_the_audit_of_the_disputed_hand():
    assert "muggins audit samples/disputed-hand.mgn" in [command for command, _ in shown_runs()]


def test_the_walk_through_record_is_the_sample():
    block = README.split("<!-- disputed-record -->", 1)[1]
    shown = re.match(r"\s*```text\n(.*?)```", block, re.S).group(1)
    assert shown == (ROOT / "samples" / "disputed-hand.mgn").read_text(encoding="utf-8")


def test_the_full_benchmark_table_lives_in_bench_readme():
    bench = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    for row in ("| parse | turns_per_s_fast_path |", "| solver | whole_hand_s |", "| startup | startup_check_ms |", "| viewer | step_ms |"):
        assert row in bench
        assert row not in README
    assert "[bench/README.md](bench/README.md)" in README
    assert len(README.split("## Benchmarks", 1)[1].splitlines()) < 25  # a short summary


# ---- the browser step ------------------------------------------------------------------------


def _stubs(tmp_path: Path, uid: int) -> tuple[dict, Path]:
    """A PATH where ``id -u`` says ``uid`` and ``apt-get`` logs its arguments and, on install,
    puts an executable where MUGGINS_CHROMIUM says."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "apt.log"
    (bin_dir / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    (bin_dir / "apt-get").write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> "{log}"\n'
        'case "$1" in install) printf "#!/bin/sh\\n" > "$MUGGINS_CHROMIUM"; chmod +x "$MUGGINS_CHROMIUM";; esac\n'
    )
    for stub in bin_dir.iterdir():
        stub.chmod(stub.stat().st_mode | stat.S_IXUSR)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "MUGGINS_CHROMIUM": str(tmp_path / "chromium")}
    return env, log


def test_setup_browser_does_nothing_when_the_browser_is_there(tmp_path):
    env, log = _stubs(tmp_path, 0)
    (tmp_path / "chromium").write_text("#!/bin/sh\n")
    (tmp_path / "chromium").chmod(0o755)
    done = subprocess.run([str(SETUP_BROWSER)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert not log.exists()


def test_setup_browser_installs_debians_chromium_as_root(tmp_path):
    env, log = _stubs(tmp_path, 0)
    done = subprocess.run([str(SETUP_BROWSER)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert log.read_text().splitlines() == ["update -qq", "install -y -qq chromium chromium-driver"]
    assert "installing Debian's chromium" in done.stderr


def test_setup_browser_stops_at_once_with_the_command_to_run(tmp_path):
    env, log = _stubs(tmp_path, 1000)
    done = subprocess.run([str(SETUP_BROWSER)], env=env, capture_output=True, text=True)
    assert done.returncode == 1
    assert "    sudo apt-get install -y chromium chromium-driver" in done.stderr.splitlines()
    assert not log.exists()


def test_the_test_command_and_ci_both_call_setup_browser():
    assert command_after("test-command").startswith(".ci/setup-browser && ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "\n.ci/setup-browser\n" in ci


def test_the_browser_tests_fail_never_skip_without_a_browser(tmp_path):
    env = {**os.environ, "MUGGINS_CHROMIUM": str(tmp_path / "no-chromium")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfEs", "tests/browser/test_scorecard_browser.py::test_copy_puts_the_record_on_the_clipboard"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1, done.stdout
    assert "1 error" in done.stdout or "1 failed" in done.stdout
    assert "skipped" not in done.stdout
    assert "no Chromium at" in done.stdout


# ---- the two quick-start commands on a fresh virtual environment -----------------------------


@pytest.fixture(scope="module")
def fresh_checkout(tmp_path_factory) -> Path:
    """A copy of the checkout as a fresh clone has it: no virtual environment, no build."""
    target = tmp_path_factory.mktemp("fresh") / "muggins"
    shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(".venv", ".git", "build", "*.egg-info", "__pycache__", "artifacts", ".pytest_cache"))
    return target


def _fresh_env() -> dict:
    """The user's environment without this suite's virtual environment in it (pip's own
    configuration, cache and wheels kept: nothing is fetched that pip has not already got)."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "COLUMNS")}
    venv_bin = str(Path(sys.prefix) / "bin")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    return env


def test_the_audit_command_works_on_a_fresh_virtual_environment(fresh_checkout):
    command = command_after("audit-command")
    done = subprocess.run(["bash", "-c", command], cwd=fresh_checkout, env=_fresh_env(), capture_output=True, text=True, timeout=900)
    assert done.returncode == 1, done.stderr[-3000:]  # the sample has findings, and says so
    assert done.stdout.splitlines()[-1] == "samples/scorecard-4p-partners.mgn: 1 record, 2 findings"
    assert "Traceback" not in done.stderr


def test_the_test_command_works_on_a_fresh_virtual_environment(fresh_checkout):
    """The README's test command as written; PYTEST_ADDOPTS narrows the run it starts to a few
    tests (one of them in the browser), so that the suite does not run itself again."""
    command = command_after("test-command")
    chosen = [
        "tests/test_install.py::test_python_dash_m_runs",
        "tests/test_cli_manners.py::test_version",
        "tests/browser/test_scorecard_browser.py::test_copy_puts_the_record_on_the_clipboard",
    ]
    env = {**_fresh_env(), "PYTEST_ADDOPTS": "-p no:cacheprovider " + " ".join(chosen)}
    done = subprocess.run(["bash", "-c", command], cwd=fresh_checkout, env=env, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert re.search(r"\b3 passed\b", done.stdout), done.stdout[-2000:]
