"""``muggins check`` and ``muggins fmt``: exit codes, where messages go, and safe rewriting."""

from __future__ import annotations

import json
import os
import stat

import pytest
from cli_run import run
from typer.testing import CliRunner

from muggins.cli import app

GOOD = '[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\nB 4-1 r\n'
MESSY = '[Seat A "Ana"] [Seat B "Bruno"]\nhand 1 A 4-6 +10 B 4-1 r\n'
BROKEN = '[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\nB 4/1 r\n'



@pytest.fixture
def files(tmp_path):
    def write(name: str, text: str | bytes):
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return path

    return write


# ---- check ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "fmt"])
def test_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Exit codes: 0" in " ".join(result.stdout.split())


def test_check_clean_file(files):
    path = files("good.mgn", GOOD)
    result = run("check", str(path))
    assert result.exit_code == 0
    assert result.stdout == f"{path}: 1 record, clean\n1 file, 1 record: notation and play clean; run muggins audit for the scores\n"
    assert result.stderr == ""


def test_check_reports_each_problem_with_its_caret(files):
    path = files("bad.mgn", BROKEN + "\n" + GOOD.replace("B 4-1 r", "C 4-1 r"))
    result = run("check", str(path))
    assert result.exit_code == 1
    # Record 1: "B 4/1 r" on line 6. Record 2 starts on line 8: its "C 4-1 r" is line 13.
    assert f"{path}:6:3: error[tile-syntax]" in result.stderr
    assert "\n  B 4/1 r\n    ^\n" in result.stderr
    assert f"{path}:13:1: error[undeclared-seat]" in result.stderr
    assert result.stdout == f"{path}: 2 records (2 unreadable), 2 problems\n1 file, 2 records (2 unreadable): 2 problems in the notation or play\n"


def test_check_unusable_input_exits_2_and_still_checks_the_rest(files, tmp_path):
    good = files("good.mgn", GOOD)
    missing = tmp_path / "missing.mgn"
    result = run("check", str(missing), str(good))
    assert result.exit_code == 2
    assert f"cannot read {missing}" in result.stderr
    assert f"{good}: 1 record, clean" in result.stdout


def test_check_not_utf8_and_directory_are_unusable(files, tmp_path):
    latin = files("latin.mgn", b'[Event "caf\xe9"]\n')
    result = run("check", str(latin))
    assert result.exit_code == 2
    assert f"{latin}:1:12: error[not-utf8]" in result.stderr
    assert run("check", str(tmp_path)).exit_code == 2


def test_check_empty_file_is_clean(files):
    assert run("check", str(files("empty.mgn", ""))).exit_code == 0


def test_check_record_level_findings(files):
    path = files("twice.mgn", '[Event "a"]\n[Event "b"]\n' + GOOD)
    result = run("check", str(path))
    assert result.exit_code == 1
    assert f"{path}:2:1: warning[duplicate-tag]" in result.stderr


def test_check_json_document(files):
    path = files("bad.mgn", BROKEN)
    result = run("check", "--format", "json", str(path))
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["schema"] == "muggins.check/1"
    (report,) = document["files"]
    assert (report["file"], report["records"], report["unreadable_records"], report["error"]) == (str(path), 1, 1, None)
    (diagnostic,) = report["diagnostics"]
    assert (diagnostic["code"], diagnostic["line"], diagnostic["column"]) == ("tile-syntax", 6, 3)
    assert diagnostic["expected"] == "a tile such as 6-4, a claim such as +10, draw, pass, or muggins"


def test_more_checkers_plug_in(files, monkeypatch):
    from muggins.cli import check
    from muggins.diagnostics import Diagnostic

    def every_record_is_suspicious(record):
        return [Diagnostic("suspicious", "hmm", "warning", record.source, record.line, 1)]

    monkeypatch.setattr(check, "CHECKERS", [*check.CHECKERS, every_record_is_suspicious])
    path = files("good.mgn", GOOD)
    result = run("check", str(path))
    assert result.exit_code == 1
    assert f"{path}:1:1: warning[suspicious]: hmm" in result.stderr


# ---- fmt ------------------------------------------------------------------------------------


CANONICAL_MESSY = '[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\nB 4-1 r\n'


def test_fmt_prints_the_canonical_form(files):
    path = files("messy.mgn", MESSY)
    result = run("fmt", str(path))
    assert result.exit_code == 0
    assert result.stdout == CANONICAL_MESSY
    assert path.read_text() == MESSY  # untouched


def test_fmt_check(files):
    assert run("fmt", "--check", str(files("good.mgn", GOOD))).exit_code == 0
    messy = files("messy.mgn", MESSY)
    result = run("fmt", "--check", str(messy))
    assert result.exit_code == 1
    assert f"not in canonical form: {messy}" in result.stderr
    assert result.stdout == ""
    assert messy.read_text() == MESSY


def test_fmt_in_place_rewrites_keeps_permissions_and_leaves_no_temporary_file(files, tmp_path):
    messy = files("messy.mgn", MESSY)
    os.chmod(messy, 0o640)
    result = run("fmt", "--in-place", str(messy))
    assert result.exit_code == 0
    assert messy.read_text() == CANONICAL_MESSY
    assert stat.S_IMODE(os.stat(messy).st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.mgn"]
    assert run("fmt", "--check", str(messy)).exit_code == 0


def test_fmt_never_rewrites_a_file_with_a_broken_record(files):
    path = files("bad.mgn", MESSY + "\n" + BROKEN)
    result = run("fmt", "--in-place", str(path))
    assert result.exit_code == 2
    assert path.read_text() == MESSY + "\n" + BROKEN
    assert "error[tile-syntax]" in result.stderr and "\n  B 4/1 r\n    ^\n" in result.stderr
    assert run("fmt", str(path)).stdout == ""


def test_fmt_in_place_is_atomic_when_the_replace_fails(files, tmp_path, monkeypatch):
    messy = files("messy.mgn", MESSY)

    def crash(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    result = run("fmt", "--in-place", str(messy))
    assert result.exit_code == 2
    assert "No space left on device" in result.stderr
    assert messy.read_text() == MESSY
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.mgn"]


def test_fmt_in_place_interrupted_while_writing_leaves_the_original(files, tmp_path, monkeypatch):
    import muggins.notation.formatter as formatter

    path = files("two.mgn", MESSY + "\n" + MESSY.replace("Ana", "Ann"))
    calls = []

    def second_record_crashes(record):
        calls.append(record)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(record)

    real = formatter.format_record
    monkeypatch.setattr(formatter, "format_record", second_record_crashes)
    result = CliRunner().invoke(app, ["fmt", "--in-place", str(path)])
    assert len(calls) == 2
    assert result.exit_code != 0  # the command line turns Ctrl-C into "Aborted!"
    assert path.read_text() == MESSY + "\n" + MESSY.replace("Ana", "Ann")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["two.mgn"]


def test_fmt_refuses_output_that_would_change_the_meaning(files, monkeypatch):
    import muggins.notation.formatter as formatter

    path = files("commented.mgn", GOOD.replace("+10", "+10 {keep me}"))
    real = formatter.format_record
    monkeypatch.setattr(formatter, "format_record", lambda r: real(r).replace(" {keep me}", ""))
    result = run("fmt", "--in-place", str(path))
    assert result.exit_code == 2
    assert "would change the record at line 1" in result.stderr
    assert "{keep me}" in path.read_text()


def test_fmt_several_files_one_broken(files):
    good = files("messy.mgn", MESSY)
    bad = files("bad.mgn", BROKEN)
    result = run("fmt", str(good), str(bad))
    assert result.exit_code == 2
    assert result.stdout == CANONICAL_MESSY


def test_fmt_unusable_arguments(files, tmp_path):
    assert run("fmt", "--check", "--in-place", str(files("good.mgn", GOOD))).exit_code == 2
    result = run("fmt", str(tmp_path / "missing.mgn"))
    assert result.exit_code == 2
    assert "no such file" in result.stderr


def test_fmt_keeps_a_file_that_holds_only_comments(files):
    path = files("notes.mgn", "; no game here yet\n{just notes}\n")
    assert run("fmt", "--in-place", str(path)).exit_code == 0
    assert path.read_text() == "; no game here yet\n{just notes}\n"
    assert run("fmt", "--check", str(path)).exit_code == 0
