"""Names that are no record file: a device (/dev/zero, /dev/null), a socket, a folder where one
record file is wanted, and a named pipe (issue 15, files and paths).

A device gives no records: /dev/zero is bytes without end (read, it was 16 MiB to the line
limit, then "the line is over the line-bytes limit"), /dev/null nothing at all (it was "0
records, clean", exit 0). Every command that reads records says what the name is and exits 2
without reading it; so does a rule file named so (it was "no such rule file"). A pipe, as the
shell's ``<(...)`` gives, is read as it comes, as standard input is.
"""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

import pytest
from cli_run import run

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"

#: Every command that reads record files, with what it needs besides the file.
READERS = {
    "check": [],
    "audit": [],
    "analyze": ["--budget", "0"],
    "fmt": ["--check"],
    "replay": [],
    "render": [],
    "view": [],
}
ONE_RECORD = ("replay", "render", "view")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
@pytest.mark.parametrize("command", sorted(READERS))
def test_a_device_is_said_to_be_one_and_refused(command, device, tmp_path):
    result = run(command, device, *READERS[command], *(["-o", str(tmp_path / "out")] if command in ("render", "view") else []))
    assert result.exit_code == 2
    assert f"muggins: {device}: not a record file but a character device; nothing was read from it" in result.stderr
    assert "line-bytes" not in result.stderr and "clean" not in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", sorted(set(READERS) - set(ONE_RECORD)))
def test_a_device_among_record_files_is_refused_and_the_files_still_read(command):
    result = run(command, str(SAMPLE), "/dev/null", *READERS[command])
    assert result.exit_code == 2
    assert "/dev/null: not a record file but a character device" in result.stderr
    if command == "check":
        assert "allfives-2p.mgn: 1 record, clean" in result.stdout


def test_a_socket_is_said_to_be_one(tmp_path):
    where = tmp_path / "s.mgn"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(where))
        for command in ("check", "view"):
            result = run(command, str(where))
            assert result.exit_code == 2 and f"{where}: not a record file but a socket" in result.stderr
    finally:
        server.close()


@pytest.mark.parametrize("command", ONE_RECORD)
def test_a_folder_given_where_one_record_file_is_wanted(command, tmp_path):
    (tmp_path / "game.mgn").write_bytes(SAMPLE.read_bytes())
    result = run(command, str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr == f"muggins: {tmp_path}: a folder; this command reads one record file (or - for standard input)\n"


def _pipe_with(tmp_path: Path, data: bytes | None) -> tuple[Path, threading.Thread]:
    """A named pipe that a thread fills with ``data`` (None: /dev/zero until the reader stops)."""
    fifo = tmp_path / "pipe.mgn"
    os.mkfifo(fifo)

    def write() -> None:
        try:
            with open(fifo, "wb") as out:
                if data is not None:
                    out.write(data)
                    return
                with open("/dev/zero", "rb") as zeros:
                    while True:
                        out.write(zeros.read(1 << 16))
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return fifo, writer


@pytest.mark.parametrize("command", ["check", "view"])
def test_a_pipe_is_read_as_it_comes(command, tmp_path):
    fifo, writer = _pipe_with(tmp_path, SAMPLE.read_bytes())
    from_pipe = run(command, str(fifo), *(["-o", str(tmp_path / "page.html")] if command == "view" else []))
    writer.join(10)
    from_file = run(command, str(SAMPLE), *(["-o", str(tmp_path / "page2.html")] if command == "view" else []))
    assert from_pipe.exit_code == from_file.exit_code
    assert from_pipe.stdout.replace(str(fifo), "F") == from_file.stdout.replace(str(SAMPLE), "F")


def test_an_endless_pipe_is_read_to_the_line_limit_only(tmp_path, monkeypatch):
    # <(cat /dev/zero): one line without end; reading stops at the line-bytes limit.
    monkeypatch.setenv("MUGGINS_LINE_BYTES", "100000")
    fifo, writer = _pipe_with(tmp_path, None)
    result = run("check", str(fifo))
    assert result.exit_code == 2
    assert f"{fifo}:1:1: error[line-too-long]" in result.stderr and "line-bytes limit of 100,000 bytes" in result.stderr
    os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))  # the writer, if it still waits, sees no reader
    writer.join(10)


@pytest.mark.parametrize("command", ["audit", "replay", "render", "rules"])
def test_a_rule_file_that_is_a_device_a_folder_or_a_pipe_is_said_to_be_one(command, tmp_path):
    folder = tmp_path / "house.yaml"
    folder.mkdir()
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # never opened: no writer needed
    for name, kind in (("/dev/zero", "a character device"), (str(folder), "a folder"), (str(fifo), "a named pipe")):
        argv = ["rules", name] if command == "rules" else [command, str(SAMPLE), "--rules", name]
        result = run(*argv)
        assert result.exit_code == 2, (argv, result.output)
        assert f"{name}: not a rule file but {kind}" in result.stderr
        assert "no such rule file" not in result.stderr


def test_a_record_naming_a_pipe_for_its_rules_is_told_so_not_left_waiting(tmp_path):
    os.mkfifo(tmp_path / "house.yaml")
    record = tmp_path / "game.mgn"
    record.write_text('[Rules "house.yaml"]\n' + SAMPLE.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    result = run("check", str(record))
    assert result.exit_code == 1
    assert f"{record}:1:1: error[rules]" in result.stderr and "house.yaml: not a rule file but a named pipe" in result.stderr
