"""Outputs other programs (and terminals) read, and files the commands write (issue #13 §1, §4):
control characters of record text never reach a terminal raw, CSV cells never become
spreadsheet formulas, JSON stays exact, and every ``-o`` that cannot be written is a message and
exit 2. Each test here failed on the command line before."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from cli_run import run

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"

ESC_CLEAR = "\x1b[2J"
OSC52 = "\x1b]52;c;SGVsbG8=\x07"  # writes "Hello" to the clipboard
BEL = "\x07"
CSI_C1 = "\x9b31m"  # the one-byte CSI of C1
RAW = ("\x1b", "\x07", "\x9b")


def hostile_game(tmp_path: Path) -> Path:
    """The two-player sample with escape sequences in the event, both names and a comment."""
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace('[Event "Sample: two-player All Fives"]', f'[Event "Club{OSC52} night{CSI_C1}"]')
    text = text.replace('[Seat A "Ana"]', f'[Seat A "Ana{ESC_CLEAR}"]').replace('[Seat B "Bruno"]', f'[Seat B "Bruno{BEL}"]')
    text = text.replace("{the spinner, led alone: 10}", f"{{the spinner{ESC_CLEAR}, led alone: 10}}")
    path = tmp_path / "hostile.mgn"
    path.write_text(text, encoding="utf-8")
    return path


def hostile_broken(tmp_path: Path) -> Path:
    """A record whose broken line (quoted under the diagnostic) holds an escape sequence."""
    path = tmp_path / "broken.mgn"
    path.write_text(f'[Seat A "Ana{ESC_CLEAR}"]\n[Seat B "Bruno"]\n\nhand 1\nA 6/4 {{{OSC52}}}\n', encoding="utf-8")
    return path


def _no_raw_controls(result, data: bool = False) -> None:
    """Nothing raw on stderr, nor on stdout unless it is data written to a pipe (``data``)."""
    output = ("" if data else result.stdout) + result.stderr
    assert "Traceback" not in output
    for control in RAW:
        assert control not in output, (control, output[-2000:])


@pytest.mark.parametrize(
    "args",
    [
        ["audit"],
        ["audit", "--rules", "allfives", "--rules", "scorecard"],
        ["audit", "--which-rules", "--top", "2"],
        ["analyze", "--budget", "0"],
        ["analyze", "--budget", "0", "--hands"],
        ["replay", "--all"],
        ["check"],
        ["view"],  # its finding count on stderr; the page itself is data
    ],
)
def test_control_characters_of_record_text_never_reach_the_terminal(args, tmp_path):
    path = hostile_game(tmp_path)
    result = run(*args, str(path))
    _no_raw_controls(result, data=args[0] == "view")  # HTML to a pipe is data, exactly (the page escapes it)
    if args[0] in ("audit", "analyze", "replay") and args[-1] != "2":
        assert "\\x1b[2J" in result.stdout  # made visible, not dropped


@pytest.mark.parametrize("command", ["check", "audit", "analyze", "replay", "render", "view", "fmt"])
def test_diagnostics_quote_a_line_with_its_control_characters_made_visible(command, tmp_path):
    result = run(command, str(hostile_broken(tmp_path)))
    _no_raw_controls(result)
    assert result.exit_code in (1, 2)
    assert "\\x1b]52;c;SGVsbG8=\\x07" in result.stderr


def test_the_visible_form_of_each_control():
    from muggins.visible import utf8_text, visible

    assert visible("a\x1b[2Jb\x07c\x9b31m\x00\x7f\u202ed\te\nf") == "a\\x1b[2Jb\\x07c\\x9b31m\\x00\\x7f\\u202ed\te\nf"
    assert visible("Café ♠ 6-4") == "Café ♠ 6-4"
    # a name's byte 0xe9 that is not UTF-8 (os.fsdecode: \udce9) as visible.utf8_text writes it;
    # any other lone surrogate as \uXXXX: neither can reach a strict UTF-8 stream raw
    assert visible("caf\udce9.mgn \ud800") == "caf\\xe9.mgn \\ud800"
    assert visible("caf\udce9.mgn \ud800") == utf8_text("caf\udce9.mgn \ud800")


def test_json_keeps_record_text_exactly(tmp_path):
    result = run("audit", "--format", "json", str(hostile_game(tmp_path)))
    record = json.loads(result.stdout)["files"][0]["records"][0]
    assert record["players"] == {"A": f"Ana{ESC_CLEAR}", "B": f"Bruno{BEL}"}
    assert record["event"] == f"Club{OSC52} night{CSI_C1}"


def test_a_terminal_gets_the_data_outputs_made_visible_too(tmp_path, monkeypatch):
    """fmt's canonical text, CSV and SVG are data, written exactly to a file or a pipe; straight
    to a terminal they are made visible like everything else."""
    from muggins.cli import output

    path = hostile_game(tmp_path)
    monkeypatch.setattr(output, "is_terminal", lambda stream: True)
    for args in (["fmt"], ["audit", "--format", "csv"], ["render"]):
        _no_raw_controls(run(*args, str(path)))


# ---- CSV: no formulas ----------------------------------------------------------------------

FORMULAS = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


def test_csv_cells_cannot_become_formulas():
    from muggins.cli.csvout import cell, csv_text

    for text in FORMULAS:
        assert cell(text) == "'" + text
    for number in (-40, 5, 0, 1.5, "-40", "+5", "12"):
        assert cell(number) == number  # numbers stay numbers
    assert cell("Ana") == "Ana" and cell(None) is None
    assert list(csv.reader(io.StringIO(csv_text([["=1+1", -40]])))) == [["'=1+1", "-40"]]


def formula_game(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name.replace("/", "_").replace("|", "_")[:8]
    folder.mkdir()
    text = SAMPLE.read_text(encoding="utf-8").replace('[Seat A "Ana"]', f'[Seat A "{name}"]')
    path = folder / "=cmd.mgn"  # a file name is record text too
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["=1+1", "+A1", "-A1", "@SUM(A1)"])
def test_audit_csv_escapes_formula_like_file_names(name, tmp_path, monkeypatch):
    path = formula_game(tmp_path, name)
    monkeypatch.chdir(path.parent)
    rows = list(csv.reader(io.StringIO(run("audit", "--format", "csv", path.name).stdout)))
    body = rows[1:]
    assert body and {row[0] for row in body} == {"'=cmd.mgn"}
    for row in body:
        for value in row:
            assert not value.startswith(("=", "+", "@", "\t", "\r")) and not (value.startswith("-") and not value.lstrip("-").isdigit()), row
    assert any(row[9] == "-40" for row in body)  # B's written total: a number, as it was


@pytest.mark.parametrize("name", ["=1+1", "+A1", "-A1", "@SUM(A1)"])
def test_analyze_csv_escapes_formula_like_names(name, tmp_path):
    rows = list(csv.reader(io.StringIO(run("analyze", "--budget", "0", "--format", "csv", str(formula_game(tmp_path, name))).stdout)))
    players = {row[0] for row in rows[1:]}
    assert players == {"'" + name, "Bruno"}
    for row in rows[1:]:
        assert row[1:] and all(value.replace(".", "").isdigit() or value == "" for value in row[1:]), row


# ---- -o of every command -------------------------------------------------------------------

#: Every command with -o, with arguments that make it write something quickly.
WRITERS = {
    "audit": [str(SAMPLE)],
    "analyze": ["--budget", "0", str(SAMPLE)],
    "render": [str(SAMPLE)],
    "view": [str(SAMPLE)],
    "keep": [],
    "simulate": ["--games", "1"],
}


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_dash_o_writes_what_stdout_shows(command, tmp_path):
    out = tmp_path / "out.txt"
    to_stdout = run(command, *WRITERS[command])
    to_file = run(command, *WRITERS[command], "-o", str(out))
    assert to_file.exit_code == to_stdout.exit_code
    assert to_file.stdout == ""
    assert out.read_text(encoding="utf-8") == to_stdout.stdout
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_dash_o_that_cannot_be_written_is_a_message_and_exit_2(command, tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    for target, says in [
        (tmp_path / "missing" / "out.txt", "does not exist"),
        (folder, "it is a folder"),
        (Path("/dev/full"), "not a regular file"),
    ]:
        result = run(command, *WRITERS[command], "-o", str(target))
        assert result.exit_code == 2, (target, result.stderr)
        assert result.stderr.startswith(f"muggins: cannot write {target}: ") and says in result.stderr
        assert "Traceback" not in result.stderr


def test_a_full_disk_under_dash_o_is_a_message_and_exit_2(tmp_path, monkeypatch):
    import errno

    from muggins import files

    def full(path, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    result = run("audit", str(SAMPLE), "-o", str(tmp_path / "report.txt"))
    assert result.exit_code == 2
    assert "the disk is full" in result.stderr
    assert not (tmp_path / "report.txt").exists() and not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", ["audit", "analyze"])
def test_dash_o_is_never_an_input(command, tmp_path):
    record = tmp_path / "game.mgn"
    shutil.copy(SAMPLE, record)
    result = run(command, str(record), "-o", str(record), *(["--budget", "0"] if command == "analyze" else []))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"muggins: will not write over {record}")
    assert record.read_text(encoding="utf-8") == SAMPLE.read_text(encoding="utf-8")
