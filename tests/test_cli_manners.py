"""Command-line manners (issue #11 §2): what a user of pgn-extract, python-chess or sqlfluff expects
of any command. Each test here failed on the command line before these manners were given it."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from cli_run import run
from typer.testing import CliRunner

from muggins.cli import app

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
SEVERAL = ROOT / "samples" / "several-records.mgn"
COMMANDS = ["audit", "check", "analyze", "replay", "render", "view", "fmt", "rules", "simulate", "keep"]
#: The commands that read records, with the arguments that make them read SAMPLE quickly.
READERS = {
    "check": [],
    "audit": [],
    "analyze": ["--budget", "0"],
    "replay": [],
    "render": [],
    "view": [],
    "fmt": [],
}


def invoke(*args: str, input: str | bytes | None = None, env: dict | None = None):
    result = CliRunner().invoke(app, list(args), input=input, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture(autouse=True)
def _wide(monkeypatch):
    """As a user's shell: no COLUMNS unless a test sets it."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)


# ---- --version, -h ---------------------------------------------------------------------------


def test_version():
    from importlib.metadata import version

    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"muggins {version('muggins')}\n"


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_dash_h_is_help_everywhere(command):
    args = [command] if command else []
    short, long = run(*args, "-h"), run(*args, "--help")
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout
    assert "-h, --help" in short.stdout


def test_shell_completion_is_offered_and_documented():
    assert "--install-completion" in run("--help").stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "muggins --install-completion" in readme


# ---- - for standard input ------------------------------------------------------------------


@pytest.mark.parametrize("command", sorted(READERS))
def test_dash_reads_standard_input(command):
    text = SAMPLE.read_text(encoding="utf-8")
    from_file = run(command, *READERS[command], str(SAMPLE))
    from_stdin = invoke(command, *READERS[command], "-", input=text)
    assert from_stdin.exit_code == from_file.exit_code
    assert from_stdin.stdout.replace("<stdin>", str(SAMPLE)).replace("standard input", SAMPLE.name) == from_file.stdout
    assert "<stdin>" in from_stdin.stdout or command in ("fmt", "render", "view", "replay")


def test_standard_input_is_named_in_diagnostics():
    result = invoke("check", "-", input='[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6/4\n')
    assert result.exit_code == 1
    assert "muggins: <stdin>:5:3: error[tile-syntax]" in result.stderr


def test_fmt_in_place_refuses_standard_input():
    result = invoke("fmt", "--in-place", "-", input=SAMPLE.read_text(encoding="utf-8"))
    assert result.exit_code == 2
    assert result.stderr.startswith("muggins: --in-place rewrites files: standard input")


# ---- folders -------------------------------------------------------------------------------


def test_fmt_accepts_folders_like_check(tmp_path):
    shutil.copy(SAMPLE, tmp_path / "a.mgn")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.mgn").write_text('[Seat A "Ana"] [Seat B "Bruno"]\nhand 1 A 6-4 +10\n', encoding="utf-8")
    result = run("fmt", "--check", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == f"not in canonical form: {tmp_path / 'sub' / 'b.mgn'}\n"


@pytest.mark.parametrize("command", ["check", "audit", "analyze", "fmt"])
def test_a_folder_without_records_says_what_it_found_and_exits_2(command, tmp_path):
    (tmp_path / "notes.txt").write_text("not a record\n", encoding="utf-8")
    result = run(command, str(tmp_path))
    assert result.exit_code == 2
    assert f"muggins: {tmp_path}: no record files (*.mgn) in this folder; found 1 other file (notes.txt)" in result.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run(command, str(empty))
    assert result.exit_code == 2
    assert f"muggins: {empty}: no record files (*.mgn) in this folder; it is empty" in result.stderr


@pytest.mark.parametrize("command", ["check", "audit"])
def test_upper_case_record_files_are_record_files(command, tmp_path):
    shutil.copy(SAMPLE, tmp_path / "GAME.MGN")
    result = run(command, str(tmp_path))
    assert result.exit_code == run(command, str(SAMPLE)).exit_code
    assert f"{tmp_path / 'GAME.MGN'}: 1 record" in result.stdout


def test_an_unreadable_folder_is_said_and_exits_2(tmp_path, monkeypatch):
    import errno
    import os

    from muggins import inputs

    shutil.copy(SAMPLE, tmp_path / "a.mgn")
    locked = tmp_path / "locked"
    locked.mkdir()
    real_walk = os.walk

    def walk(top, onerror=None, **kwargs):  # as os.walk meets a folder it may not list (root reads all)
        for root, dirs, files in real_walk(top, onerror=onerror, **kwargs):
            if Path(root) == locked:
                onerror(PermissionError(errno.EACCES, "Permission denied", str(locked)))
                dirs[:] = []
                continue
            yield root, dirs, files

    monkeypatch.setattr(inputs.os, "walk", walk)
    result = run("check", str(tmp_path))
    assert result.exit_code == 2
    assert f"muggins: {locked}: cannot read this folder: Permission denied" in result.stderr
    assert f"{tmp_path / 'a.mgn'}: 1 record, clean" in result.stdout  # the rest is still read



@pytest.mark.parametrize("command", ["check", "audit", "analyze", "fmt"])
def test_a_record_file_in_a_folder_that_cannot_be_read_is_said_and_exits_2(command, tmp_path):
    """A symbolic link to nothing (``broken.mgn``) in a folder was passed over without a word,
    exit 0, though named on its own it is "cannot read ...", exit 2. So was a named pipe."""
    import os

    shutil.copy(SAMPLE, tmp_path / "good.mgn")
    (tmp_path / "broken.mgn").symlink_to(tmp_path / "moved-away.mgn")
    result = run(command, str(tmp_path), *READERS[command], *(["--check"] if command == "fmt" else []))
    assert result.exit_code == 2
    assert f"{tmp_path / 'broken.mgn'}" in result.stderr and ("o such file" in result.stderr)
    named = run(command, str(tmp_path / "broken.mgn"), *READERS[command], *(["--check"] if command == "fmt" else []))
    assert named.exit_code == 2
    if command == "check":
        assert f"{tmp_path / 'good.mgn'}: 1 record, clean" in result.stdout  # the rest is still read
    (tmp_path / "broken.mgn").unlink()
    os.mkfifo(tmp_path / "pipe.mgn")  # no writer: reading it would wait for ever
    result = run(command, str(tmp_path), *READERS[command], *(["--check"] if command == "fmt" else []))
    assert result.exit_code == 2
    assert f"muggins: {tmp_path / 'pipe.mgn'}: not a record file but a named pipe; nothing was read from it" in result.stderr
    if command == "check":
        assert f"{tmp_path / 'good.mgn'}: 1 record, clean" in result.stdout

# ---- --jobs --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "audit", "analyze"])
def test_jobs_are_capped_at_the_cpu_count(command, monkeypatch):
    import os

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    result = run(command, *READERS[command], "--jobs", "1000", str(SAMPLE))
    assert "muggins: --jobs 1000: this machine has 2 CPUs; using 2" in result.stderr
    assert result.exit_code == run(command, *READERS[command], str(SAMPLE)).exit_code


# ---- --format ------------------------------------------------------------------------------


@pytest.mark.parametrize("command,args", [("replay", [str(SAMPLE)]), ("rules", []), ("check", [str(SAMPLE)]), ("keep", [])])
def test_a_format_a_command_cannot_write_is_refused(command, args):
    result = run(command, *args, "--format", "csv")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("muggins: invalid value for '--format': 'csv' is not one of")


@pytest.mark.parametrize("command,args", [("audit", []), ("analyze", ["--budget", "0"])])
def test_a_command_that_lists_csv_writes_csv(command, args):
    result = run(command, *args, "--format", "csv", str(SAMPLE))
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert len(rows) >= 2 and len({len(row) for row in rows}) == 1


@pytest.mark.parametrize("command", COMMANDS)
def test_help_lists_only_formats_the_command_writes(command):
    text = " ".join(run(command, "--help").stdout.split())
    if "--format" in text and command not in ("audit", "analyze"):
        assert "csv" not in text.split("--format", 1)[1].split("--", 1)[0]


# ---- --record ------------------------------------------------------------------------------


def test_audit_and_analyze_take_one_record():
    audit = run("audit", "--record", "2", "--format", "json", str(SEVERAL))
    (entry,) = json.loads(audit.stdout)["files"][0]["records"]
    assert (entry["index"], entry["line"]) == (2, 33)
    analysis = run("analyze", "--record", "3", "--budget", "0", "--format", "json", str(SEVERAL))
    (record,) = json.loads(analysis.stdout)["records"]
    assert record["index"] == 3


def test_a_record_a_file_does_not_hold_is_unusable():
    result = run("audit", "--record", "4", str(SEVERAL))
    assert result.exit_code == 2
    assert f"muggins: {SEVERAL}: has no record 4" in result.stderr


@pytest.mark.parametrize("command", ["replay", "render", "view"])
def test_a_file_of_several_records_says_which_one_was_taken(command):
    said = f"muggins: {SEVERAL} holds more than one record; this is record 1 (line 1, Sample: three-handed All Fives): choose another with --record N"
    assert said in run(command, str(SEVERAL)).stderr
    assert "holds more than one record" not in run(command, "--record", "2", str(SEVERAL)).stderr
    assert "holds more than one record" not in run(command, str(SAMPLE)).stderr


# ---- --sort --------------------------------------------------------------------------------


@pytest.mark.parametrize("name,column", [("mugg-", "muggins_lost"), ("err", "error_rate"), ("perf.", "perfect"), ("Unclaimed", "unclaimed"), ("muggins_gained", "muggins_gained")])
def test_sort_takes_the_names_the_headers_show(name, column):
    from muggins.cli.analyze_view import sort_column

    assert sort_column(name) == column
    assert run("analyze", "--budget", "0", "--players-only", "--sort", name, str(SAMPLE)).exit_code == 0


def test_an_unknown_sort_lists_the_headers():
    result = run("analyze", "--sort", "nope", str(SAMPLE))
    assert result.exit_code == 2
    assert "mugg-" in result.stderr and "err" in result.stderr and result.stderr.startswith("muggins: --sort: one of player, rec,")


# ---- width, colour, quiet ------------------------------------------------------------------


def test_a_report_off_a_terminal_keeps_each_row_on_one_line():
    out = run("audit", str(SAMPLE)).stdout
    (row,) = [line for line in out.splitlines() if "under-claim" in line]
    assert row.rstrip().endswith("A could have called Muggins; nobody did")
    assert not [line for line in out.splitlines() if line.startswith("     │      │")]  # no folded cells


@pytest.mark.parametrize("how", ["option", "env"])
@pytest.mark.parametrize("command,args", [("audit", [str(SAMPLE)]), ("analyze", ["--budget", "0", str(SAMPLE)]), ("replay", [str(SAMPLE)])])
def test_no_color_removes_all_styling_bold_included(command, args, how):
    styled = invoke(command, *args, env={"FORCE_COLOR": "1"})
    assert "\x1b[1m" in styled.stdout  # the control: a terminal gets bold
    if how == "option":
        plain = invoke(command, *args, "--no-color", env={"FORCE_COLOR": "1"})
    else:
        plain = invoke(command, *args, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert plain.exit_code == styled.exit_code and plain.stdout.strip()
    assert "\x1b[" not in plain.stdout + plain.stderr


def test_quiet_audit_prints_only_the_summary():
    result = run("audit", "--quiet", str(SEVERAL))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "summary: 3 records in 1 file: 2 clean, 1 with findings"
    assert "score sheet: written" not in result.stdout and "record 1 ·" not in result.stdout


def test_quiet_check_prints_only_the_last_line(tmp_path):
    broken = tmp_path / "broken.mgn"
    broken.write_text('[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6/4\n', encoding="utf-8")
    result = run("check", "-q", str(SAMPLE), str(broken))
    assert result.exit_code == 1
    assert result.stdout == "2 files, 2 records (1 unreadable): 1 problem in the notation or play\n"
    assert result.stderr == ""


def test_quiet_analyze_prints_only_the_players_table():
    result = run("analyze", "--quiet", "--budget", "0", str(SAMPLE))
    assert result.stdout.lstrip().startswith("players across all records")
    assert "Muggins ledger" not in result.stdout


# ---- one way to begin every message --------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "no-such.mgn"],
        ["check", "no-such.mgn"],
        ["analyze", "no-such.mgn"],
        ["replay", "no-such.mgn"],
        ["view", "no-such.mgn"],
        ["audit", "--rules", "no-such-preset", str(SAMPLE)],
        ["audit", "--bogus", str(SAMPLE)],
        ["replay", "--hand", "x", str(SAMPLE)],
        ["audit"],
        ["check", str(ROOT / "samples" / "bad" / "syntax-tile-slash.mgn")],
        ["audit", str(ROOT / "samples" / "bad" / "syntax-tile-slash.mgn")],
        ["replay", str(ROOT / "samples" / "bad" / "syntax-tile-slash.mgn")],
    ],
)
def test_every_message_starts_the_same_way(args, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code in (1, 2)
    heads = [line for line in result.stderr.splitlines() if line and not line.startswith(" ")]
    assert heads, result.stderr
    assert all(line.startswith("muggins: ") for line in heads), result.stderr


def test_a_diagnostic_reads_muggins_file_line_column():
    result = run("check", str(ROOT / "samples" / "bad" / "syntax-tile-slash.mgn"))
    assert re.search(r"^muggins: \S+syntax-tile-slash\.mgn:7:3: error\[tile-syntax\]: ", result.stderr, re.M)


def test_no_command_prints_around_the_output_layer():
    """Every line for a person goes through cli/output.py (or a console it makes): no bare
    print() anywhere else in the command line, where record text could reach the terminal raw."""
    offenders = []
    for path in sorted((ROOT / "src" / "muggins" / "cli").glob("*.py")):
        if path.name == "output.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"(?<![.\w])print\(|sys\.std(out|err)\.write\(|Console\(", line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders, offenders
