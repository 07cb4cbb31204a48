"""A file name that is not UTF-8 (the byte 0xe9, which Python holds as ``\\udce9``) in the text
reports: on a stream whose encoding is strict UTF-8 (``PYTHONIOENCODING=utf-8:strict``, or a
UTF-8 locale other than C.UTF-8) every command that printed the name ended in an internal
error, exit 70 (UnicodeEncodeError: surrogates not allowed), on stdout and on stderr alike.
The name is now shown as the data formats show it: ``caf\\xe9.mgn`` (visible.utf8_text)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "allfives-2p.mgn"
STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "NO_COLOR": "1"}
STRICT.pop("LC_ALL", None)


def _named(folder: Path, stem: bytes, text: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = Path(os.fsdecode(os.fsencode(folder) + b"/" + stem + b".mgn"))
    path.write_text(text, encoding="utf-8")
    return path


def _muggins(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "muggins", *args], capture_output=True, env=STRICT)


def _shown(path: Path) -> bytes:
    """The name as it must be shown: its byte 0xe9 written out, a backslash, x, e, 9 (by hand)."""
    return os.fsencode(path.parent) + b"/" + os.fsencode(path.name).replace(b"\xe9", b"\\xe9")


@pytest.mark.parametrize(
    "command",
    [["check"], ["audit"], ["analyze", "--budget", "0"], ["replay"], ["fmt", "--check"]],
)
def test_a_name_not_utf8_on_stdout(tmp_path, command):
    folder = tmp_path / "bn"
    text = SAMPLE.read_text(encoding="utf-8")
    if command == ["fmt", "--check"]:
        text = text.replace("\n", "   \n", 1)  # not canonical: fmt --check names the file
    path = _named(folder, b"caf\xe9", text)
    done = _muggins(*command, str(path if command == ["replay"] else folder))
    assert done.returncode in (0, 1), done.stderr
    assert b"internal error" not in done.stderr and b"\xe9" not in done.stdout + done.stderr
    if command != ["replay"]:  # replay shows the game, not its file's name
        assert _shown(path) in done.stdout + done.stderr


@pytest.mark.parametrize("command", [["check"], ["audit"], ["analyze", "--budget", "0"], ["replay"], ["fmt"]])
def test_a_name_not_utf8_on_stderr(tmp_path, command):
    path = _named(tmp_path / "bad", b"b\xe9d", '[Event "x"\nnonsense\n')
    done = _muggins(*command, str(path))
    assert done.returncode in (1, 2), done.stderr
    assert b"internal error" not in done.stderr and b"\xe9" not in done.stderr
    assert done.stderr.startswith(b"muggins: " + _shown(path) + b":2:1: error")


def test_a_name_not_utf8_on_a_terminal(tmp_path):
    """Text on a terminal (a pseudo-terminal here), not only piped."""
    path = _named(tmp_path / "bn", b"caf\xe9", SAMPLE.read_text(encoding="utf-8"))
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "muggins", "check", str(path.parent)], stdout=follower, stderr=follower, env=STRICT)
        os.close(follower)
        follower = -1
        seen = b""
        while True:
            try:
                block = os.read(leader, 1 << 16)
            except OSError:
                break
            if not block:
                break
            seen += block
    finally:
        if follower >= 0:
            os.close(follower)
        os.close(leader)
    assert done.returncode == 0, seen
    assert _shown(path) + b": 1 record, clean" in seen.replace(b"\r\n", b"\n")
