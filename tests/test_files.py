"""Writing files so that nothing is lost (muggins.files), and the commands that write them.

Each case was a defect: ``fmt --in-place`` replaced a symbolic link with a regular file (the
target stayed unformatted), split hard links, dropped the group, rewrote a read-only file, and
left its temporary file behind when killed; ``simulate -o`` into a missing folder, onto a folder
or onto a full disk ended in a traceback.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from cli_run import run
from muggins.files import WriteError, temp_name, write_atomically

UNFORMATTED = '[Event   "x"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\ndeal A 6-6 5-5\ndeal B 4-4 3-3\nlead A\nA   6-6\n'


def formatted(path) -> bool:
    return run("fmt", "--check", str(path)).exit_code == 0


def test_fmt_in_place_writes_through_a_symbolic_link(tmp_path):
    target = tmp_path / "real.mgn"
    target.write_text(UNFORMATTED, encoding="utf-8")
    link = tmp_path / "link.mgn"
    link.symlink_to(target)
    assert run("fmt", "--in-place", str(link)).exit_code == 0
    assert link.is_symlink()  # the link stays a link ...
    assert formatted(target)  # ... and its target is formatted


def test_fmt_in_place_keeps_hard_links(tmp_path):
    first = tmp_path / "a.mgn"
    first.write_text(UNFORMATTED, encoding="utf-8")
    second = tmp_path / "b.mgn"
    os.link(first, second)
    assert run("fmt", "--in-place", str(first)).exit_code == 0
    assert os.path.samefile(first, second)
    assert formatted(second)
    assert os.stat(first).st_nlink == 2
    assert not temp_name(first).exists()


def test_fmt_in_place_keeps_mode_owner_and_group(tmp_path):
    path = tmp_path / "a.mgn"
    path.write_text(UNFORMATTED, encoding="utf-8")
    os.chmod(path, 0o640)
    if os.geteuid() == 0:  # root may give the file to anyone: the owner must come back too
        owner, group = 4242, 4343
    else:
        owner, group = os.getuid(), os.getgroups()[-1] if os.getgroups() else os.getgid()
    os.chown(path, owner, group)
    assert run("fmt", "--in-place", str(path)).exit_code == 0
    after = os.stat(path)
    assert stat.S_IMODE(after.st_mode) == 0o640
    assert (after.st_uid, after.st_gid) == (owner, group)
    assert formatted(path)


def test_fmt_in_place_refuses_a_read_only_file_unless_forced(tmp_path):
    path = tmp_path / "a.mgn"
    path.write_text(UNFORMATTED, encoding="utf-8")
    os.chmod(path, 0o444)
    result = run("fmt", "--in-place", str(path))
    assert result.exit_code == 2
    assert "read-only" in result.stderr and "--force" in result.stderr
    assert path.read_text(encoding="utf-8") == UNFORMATTED
    assert run("fmt", "--in-place", "--force", str(path)).exit_code == 0
    assert formatted(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444


def test_fmt_in_place_reuses_what_a_killed_run_left(tmp_path):
    path = tmp_path / "a.mgn"
    path.write_text(UNFORMATTED, encoding="utf-8")
    temp_name(path).write_text("half a file", encoding="utf-8")  # as a SIGKILL would leave it
    assert run("fmt", "--in-place", str(path)).exit_code == 0
    assert os.listdir(tmp_path) == ["a.mgn"]


@pytest.mark.parametrize("where", ["missing/out.mgn", "folder"])
def test_simulate_to_a_missing_folder_or_onto_a_folder_says_so(tmp_path, where):
    (tmp_path / "folder").mkdir()
    result = run("simulate", "-o", str(tmp_path / where))
    assert result.exit_code == 2
    assert "cannot write" in result.stderr
    assert ("does not exist" if "missing" in where else "it is a folder") in result.stderr


def test_a_full_disk_is_a_message_and_the_old_file_stays(tmp_path):
    path = tmp_path / "out.mgn"
    path.write_text("old", encoding="utf-8")

    def fill(handle):
        handle.write(b"new text")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(WriteError, match="the disk is full; the file is left as it was"):
        write_atomically(path, fill)
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["out.mgn"]


def test_an_output_that_is_an_input_is_refused(tmp_path):
    path = tmp_path / "game.mgn"
    path.write_text("[Event \"x\"]\n", encoding="utf-8")
    with pytest.raises(WriteError, match="will not write over"):
        write_atomically(tmp_path / "." / "game.mgn", lambda handle: handle.write(b"<svg/>"), inputs=[path])
    assert path.read_text(encoding="utf-8") == "[Event \"x\"]\n"


def test_simulate_writes_the_same_games_to_a_file_as_to_stdout(tmp_path):
    path = tmp_path / "games.mgn"
    assert run("simulate", "--games", "3", "--seed", "4", "-o", str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8") == run("simulate", "--games", "3", "--seed", "4").stdout


@pytest.mark.parametrize("command", ["view", "render"])
def test_view_and_render_refuse_to_write_over_the_record(tmp_path, command):
    source = Path(__file__).parent.parent / "samples" / "allfives-2p.mgn"
    path = tmp_path / "same.mgn"
    path.write_bytes(source.read_bytes())
    result = run(command, str(path), "-o", str(path))
    assert result.exit_code == 2
    assert "will not write over" in result.stderr
    assert path.read_bytes() == source.read_bytes()
    # another name for the same file is the same file
    link = tmp_path / "link.mgn"
    link.symlink_to(path)
    assert run(command, str(path), "-o", str(link)).exit_code == 2
    assert path.read_bytes() == source.read_bytes()


def test_a_link_left_at_the_temporary_name_is_not_written_through(tmp_path):
    """A symbolic link at ``.NAME.muggins.tmp`` (planted, or left in a shared folder) pointing at
    the input: the write went through it, the record became the picture and the picture a link
    to it."""
    record = tmp_path / "game.mgn"
    record.write_bytes((Path(__file__).parent.parent / "samples" / "allfives-2p.mgn").read_bytes())
    before = record.read_bytes()
    picture = tmp_path / "pic.svg"
    temp_name(picture).symlink_to(record)
    assert run("render", str(record), "-o", str(picture)).exit_code == 0
    assert record.read_bytes() == before
    assert not picture.is_symlink() and picture.read_text(encoding="utf-8").startswith("<svg")
    assert sorted(os.listdir(tmp_path)) == ["game.mgn", "pic.svg"]


def test_fmt_in_place_removes_a_link_left_at_its_temporary_name(tmp_path):
    record, other = tmp_path / "a.mgn", tmp_path / "other.txt"
    record.write_text(UNFORMATTED, encoding="utf-8")
    other.write_text("not to be touched", encoding="utf-8")
    temp_name(record).symlink_to(other)
    assert run("fmt", "--in-place", str(record)).exit_code == 0
    assert other.read_text(encoding="utf-8") == "not to be touched"
    assert formatted(record)
    assert sorted(os.listdir(tmp_path)) == ["a.mgn", "other.txt"]


@pytest.mark.parametrize(
    "command",
    [
        ["keep", "--rules", "{rules}"],
        ["simulate", "--rules", "{rules}"],
        ["render", "{record}"],
        ["view", "{record}"],
        ["audit", "{record}"],
        ["audit", "{folder}", "--jobs", "2"],
        ["analyze", "{record}", "--budget", "0"],
    ],
)
def test_an_output_never_replaces_a_rule_file_read(tmp_path, command):
    """``-o`` onto the rule file that ``--rules`` or a record's ``[Rules]`` tag names: every
    command wrote over it (the check knew only the records)."""
    rules = tmp_path / "house.yaml"
    rules.write_text(run("rules", "allfives").stdout, encoding="utf-8")
    before = rules.read_bytes()
    sample = (Path(__file__).parent.parent / "samples" / "allfives-2p.mgn").read_text(encoding="utf-8")
    assert '[Rules "allfives"]' in sample
    record = tmp_path / "game.mgn"
    record.write_text(sample.replace('[Rules "allfives"]', '[Rules "house.yaml"]'), encoding="utf-8")
    said = {"rules": str(rules), "record": str(record), "folder": str(tmp_path)}
    result = run(*[part.format(**said) for part in command], "-o", str(rules))
    assert result.exit_code == 2
    assert "will not write over" in result.stderr
    assert rules.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["game.mgn", "house.yaml"]


@pytest.mark.parametrize(
    "command",
    [["audit", "-"], ["analyze", "-", "--budget", "0"], ["render", "-"], ["view", "-"]],
)
def test_an_output_never_replaces_the_file_standard_input_was(tmp_path, command):
    """``audit - -o game.mgn < game.mgn``: standard input was copied aside and read, then the
    report replaced game.mgn (exit 0), the record gone; only a name on the command line was
    compared with the output. In a process of its own: standard input must be the file itself."""
    import subprocess
    import sys

    record = tmp_path / "game.mgn"
    record.write_bytes((Path(__file__).parent.parent / "samples" / "allfives-2p.mgn").read_bytes())
    before = record.read_bytes()
    with open(record, "rb") as stdin:
        result = subprocess.run([sys.executable, "-m", "muggins", *command, "-o", str(record)], stdin=stdin, capture_output=True, text=True)
    assert result.returncode == 2, result.stderr
    assert f"will not write over {record}: it is the input <stdin>" in result.stderr
    assert record.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.mgn"]
    # a hard link to it is the same file; another file is not, and is written
    other = tmp_path / "other.txt"
    os.link(record, tmp_path / "link.mgn")
    with open(record, "rb") as stdin:
        assert subprocess.run([sys.executable, "-m", "muggins", *command, "-o", str(tmp_path / "link.mgn")], stdin=stdin, capture_output=True).returncode == 2
    with open(record, "rb") as stdin:
        assert subprocess.run([sys.executable, "-m", "muggins", *command, "-o", str(other)], stdin=stdin, capture_output=True).returncode in (0, 1)
    assert record.read_bytes() == before and other.stat().st_size > 0


#: Names as long as most file systems take (255 bytes), less room for a suffix: each is valid,
#: and ``.NAME.muggins.tmp`` (13 bytes more) is not. "é" is two bytes in UTF-8; the last is
#: the byte 0xe9 as a POSIX name may hold it (one byte, a surrogate in Python's str).
LONG_NAMES = ["g" * 240 + ".mgn", "é" * 120 + ".mgn", "caf\udce9" * 60 + ".mgn"]


@pytest.mark.parametrize("name", LONG_NAMES)
def test_the_temporary_name_of_a_long_name_stays_within_the_limit(tmp_path, name):
    """``fmt -i`` and ``-o`` of a valid name of 241 to 255 bytes: "File name too long", exit 2."""
    from muggins.files import open_temp

    path = tmp_path / name
    assert 240 <= len(os.fsencode(path.name)) <= 255
    temp = temp_name(path)
    assert temp.parent == tmp_path and temp.name.startswith(".") and temp.name.endswith(".muggins.tmp")
    assert len(os.fsencode(temp.name)) <= 255
    assert temp_name(path) == temp  # the same each time: a killed run's leftover is found again
    other = tmp_path / (name[:-5] + "h.mgn")  # differs only where the short name was cut
    assert temp_name(other) != temp and len(os.fsencode(temp_name(other).name)) <= 255
    with open_temp(temp) as handle:  # a name the file system takes
        handle.write(b"x")
    assert temp.read_bytes() == b"x"


def test_a_short_name_keeps_its_plain_temporary_name(tmp_path):
    assert temp_name(tmp_path / "a.mgn") == tmp_path / ".a.mgn.muggins.tmp"
    name = "g" * 238 + ".mgn"  # 242 bytes: with 13 more, 255, the limit itself
    assert temp_name(tmp_path / name).name == f".{name}.muggins.tmp"


def test_fmt_and_output_take_long_names(tmp_path):
    """fmt (to stdout, --check, --in-place) of a 244-byte name, and audit -o onto a 254-byte
    one, all ended "File name too long; the file is left as it was", exit 2."""
    short = tmp_path / "a.mgn"
    short.write_text(UNFORMATTED, encoding="utf-8")
    path = tmp_path / LONG_NAMES[0]
    path.write_text(UNFORMATTED, encoding="utf-8")
    shown = run("fmt", str(path))
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout == run("fmt", str(short)).stdout and shown.stdout.startswith('[Event "x"]\n')
    assert run("fmt", "--check", str(path)).exit_code == 1  # not canonical: two blanks after Event
    temp_name(path).write_text("half a file", encoding="utf-8")  # as a SIGKILL would leave it
    assert run("fmt", "--in-place", str(path)).exit_code == 0
    assert run("fmt", "--check", str(path)).exit_code == 0
    assert path.read_bytes() == shown.stdout.encode("utf-8")
    report = tmp_path / ("o" * 250 + ".txt")
    result = run("audit", str(short), "-o", str(report))
    assert result.exit_code in (0, 1), result.stderr
    assert report.read_text(encoding="utf-8") == run("audit", str(short)).stdout
    assert sorted(os.listdir(tmp_path)) == sorted(["a.mgn", path.name, report.name])


@pytest.mark.parametrize("command", [["audit", "{record}"], ["render", "{record}"], ["simulate"]])
def test_a_read_only_output_is_refused_without_offering_a_force_there_is_not(tmp_path, command):
    """``audit -o ro.txt`` said "--force writes it anyway", and ``audit --force`` is "no such
    option": only fmt --in-place has --force. (The mode is looked at before writing, so this
    holds for root too, whom the system would let write.)"""
    record = tmp_path / "game.mgn"
    record.write_bytes((Path(__file__).parent.parent / "samples" / "allfives-2p.mgn").read_bytes())
    out = tmp_path / "ro.txt"
    out.write_text("keep me\n", encoding="utf-8")
    os.chmod(out, 0o444)
    result = run(*[part.format(record=record) for part in command], "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == f"muggins: cannot write {out}: it is read-only; choose another output (or make it writable)\n"
    assert "--force" not in result.stderr
    assert out.read_text(encoding="utf-8") == "keep me\n"
    assert "no such option: --force" in run(command[0], "--force", *[part.format(record=record) for part in command[1:]], "-o", str(out)).output  # there is none


def test_a_report_naming_a_file_not_utf8_is_written_to_o_as_to_stdout(tmp_path):
    """``audit bn -o report.txt`` of a file named with the byte 0xe9 (not UTF-8) ended in an
    internal error, exit 70 (the -o file was strict UTF-8); stdout wrote the name's own bytes.
    Now -o writes what stdout does (C.UTF-8, as a shell gives it): the name as the data formats
    show it, caf\\xe9.mgn, and no byte that is not UTF-8 (tests/test_cli_name_not_utf8.py)."""
    import subprocess
    import sys

    folder = tmp_path / "bn"
    folder.mkdir()
    (folder / os.fsdecode(b"caf\xe9.mgn")).write_bytes((Path(__file__).parent.parent / "samples" / "allfives-2p.mgn").read_bytes())
    argv = [sys.executable, "-m", "muggins", "audit", str(folder)]
    env = {**os.environ, "LC_ALL": "C.UTF-8", "COLUMNS": "200"}
    shown = subprocess.run(argv, capture_output=True, env=env)
    report = tmp_path / "report.txt"
    written = subprocess.run(argv + ["-o", str(report)], capture_output=True, env=env)
    assert shown.returncode == written.returncode == 1, written.stderr
    assert b"caf\\xe9.mgn" in shown.stdout and b"caf\xe9" not in shown.stdout  # a backslash, x, e, 9
    assert report.read_bytes() == shown.stdout
