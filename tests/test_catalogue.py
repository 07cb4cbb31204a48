"""The catalogue of bad input (tests/catalogue/EXPECTED.yaml): each entry through the real
command line, with the exit code, the diagnostic code and the position the table says.

Every entry runs in-process through the Typer application (the same argument parsing and the
same code as the installed ``muggins``); a few run once more as a real process, to cover the
entry point and what reaches the terminal. The table's expectations were worked out by hand
(its ``why`` says how); nothing here is copied from the program's own output.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from muggins.cli import app

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "tests" / "catalogue"
TABLE: dict[str, dict] = yaml.safe_load((CATALOGUE / "EXPECTED.yaml").read_text(encoding="utf-8"))

#: ``file:line:col: severity[code]`` as ``Diagnostic.render`` writes it.
COMPILER_STYLE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning|info)\[(?P<code>[^\]]+)\]", re.M)
#: ``file.yaml:line:col: message`` as a rule error writes it.
RULE_FILE_STYLE = re.compile(r"(?P<file>[^\s:]+\.ya?ml):(?P<line>\d+):(?P<column>\d+): ")

REQUIRED_KINDS = {
    # what the brief asks the catalogue to hold -> an entry that holds it
    "syntax slip": "end-written-as-a-word",
    "undeclared seat": "undeclared-seat",
    "duplicate tile": "tile-dealt-to-two-seats",
    "impossible deal": "deal-of-the-wrong-size",
    "out-of-turn play": "out-of-turn",
    "renege": "renege-pass-while-able-to-play",
    "claim not a multiple": "claim-not-a-multiple",
    "Muggins on nothing": "muggins-on-nothing",
    "totals that do not add up": "totals-do-not-add-up",
    "rule file with an unknown key": "rule-file-unknown-key",
    "non-UTF-8 file": "not-utf8",
    "empty file": "empty-file",
    "10 MB single line": "ten-megabyte-word",
}


@dataclass(frozen=True)
class Found:
    """One diagnostic as the command line showed it."""

    file: str
    line: int
    column: int
    code: str | None
    severity: str


def _input(entry: dict, tmp_path: Path) -> Path:
    if "generate" in entry:
        spec = entry["generate"]
        path = tmp_path / "generated.mgn"
        with open(path, "w", encoding="utf-8", newline="") as out:
            out.write(spec["prefix"] + spec["text"] * spec["times"] + spec["suffix"])
        return path
    return ROOT / entry["input"]


def _argv(entry: dict, path: Path) -> list[str]:
    argv = []
    for arg in entry["run"]:
        if arg == "FILE":
            argv.append(str(path))
        elif (ROOT / arg).is_file():
            argv.append(str(ROOT / arg))
        else:
            argv.append(str(arg))
    return argv


def _json_diagnostics(value) -> list[Found]:
    """Every diagnostic in a JSON document: any object with a code, a line and a column."""
    found: list[Found] = []
    if isinstance(value, dict):
        if {"code", "line", "column"} <= value.keys():
            found.append(Found(str(value.get("file", "")), value["line"], value["column"], value["code"], value.get("severity", "error")))
        for item in value.values():
            found += _json_diagnostics(item)
    elif isinstance(value, list):
        for item in value:
            found += _json_diagnostics(item)
    return found


def _diagnostics(entry: dict, stdout: str, stderr: str) -> list[Found]:
    found = [
        Found(m["file"], int(m["line"]), int(m["column"]), m["code"], m["severity"])
        for m in COMPILER_STYLE.finditer(stdout + "\n" + stderr)
    ]
    if "json" in entry["run"] and stdout.strip():
        found += _json_diagnostics(json.loads(stdout))
    if entry["code"] is None:  # a rule file's error: a message with a position, no code
        found += [
            Found(m["file"], int(m["line"]), int(m["column"]), None, "error")
            for m in RULE_FILE_STYLE.finditer(stdout + "\n" + stderr)
        ]
    return found


def _judge(name: str, entry: dict, path: Path, code: int, stdout: str, stderr: str) -> None:
    output = stdout + "\n" + stderr
    assert "Traceback" not in output, output[-3000:]
    assert code == entry["exit"], f"{name}: exit {code}, expected {entry['exit']}\n{output[-3000:]}"
    found = _diagnostics(entry, stdout, stderr)
    where = Path(entry["in"]).name if "in" in entry else path.name
    if entry.get("line") is not None:
        wanted = (where, entry["line"], entry["column"], entry["code"])
        seen = [(Path(f.file).name, f.line, f.column, f.code) for f in found]
        assert wanted in seen, f"{name}: expected {wanted}, the command line said {seen}\n{output[-3000:]}"
    if entry.get("message"):
        assert entry["message"] in output, output[-3000:]
    if entry.get("says"):
        assert entry["says"] in output, output[-3000:]
    if entry.get("alone"):
        problems = {(Path(f.file).name, f.line, f.column, f.code) for f in found if f.severity != "info"}
        assert len(problems) <= 1, f"{name}: more than the one expected problem: {sorted(problems, key=str)}"
    if entry.get("code") is None and entry.get("line") is None:
        assert not [f for f in found if f.severity != "info"], found


def test_the_table_holds_thirty_distinct_bad_inputs_of_every_kind_asked_for():
    assert len(TABLE) >= 30
    inputs = {(e.get("input"), str(e.get("generate")), tuple(e["run"])) for e in TABLE.values()}
    assert len(inputs) == len(TABLE)
    assert set(REQUIRED_KINDS.values()) <= set(TABLE)
    for name, entry in TABLE.items():
        assert ("input" in entry) != ("generate" in entry), name
        assert entry["exit"] in (0, 1, 2), name
        assert entry.get("why"), name
        if entry.get("line") is not None:
            assert entry["line"] >= 1 and entry["column"] >= 1, name


def test_every_file_in_the_catalogue_folder_is_in_the_table():
    named = {Path(e["input"]).name for e in TABLE.values() if "input" in e and e["input"].startswith("tests/catalogue/")}
    present = {p.name for p in CATALOGUE.iterdir() if p.name != "EXPECTED.yaml"}
    assert present <= named
    assert not (CATALOGUE / "no-such-file.mgn").exists()


def test_the_non_utf8_file_really_is_not_utf8_and_the_empty_one_empty():
    data = (CATALOGUE / "not-utf8.mgn").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    assert data.decode("latin-1").splitlines()[1] == '[Site "Café Central"]'
    assert (CATALOGUE / "empty.mgn").read_bytes() == b""
    assert (CATALOGUE / "crlf-end-syntax.mgn").read_bytes().count(b"\r\n") == 7


@pytest.mark.parametrize("name", sorted(TABLE))
def test_catalogue_entry(name: str, tmp_path: Path):
    entry = TABLE[name]
    path = _input(entry, tmp_path)
    result = CliRunner().invoke(app, _argv(entry, path), catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    _judge(name, entry, path, result.exit_code, result.stdout, result.stderr)


#: A few entries once more as a real process: the installed entry point, real stdout and stderr.
IN_A_PROCESS = ("not-utf8", "empty-file", "end-written-as-a-word", "rule-file-unknown-key", "out-of-turn", "ten-megabyte-word")


@pytest.mark.parametrize("name", IN_A_PROCESS)
def test_catalogue_entry_in_a_real_process(name: str, tmp_path: Path):
    entry = TABLE[name]
    path = _input(entry, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "muggins", *_argv(entry, path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=tmp_path,
        timeout=120,
    )
    _judge(name, entry, path, done.returncode, done.stdout, done.stderr)
