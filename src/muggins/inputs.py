"""The record files a command line names: files as given, folders as the record files in them,
``-`` as standard input.

What a command reads is settled here, before any record is read, so that every command treats
a name the same way and says the same when a name gives nothing to read:

- a folder stands for every record file below it (``*.mgn``, in any case: ``GAME.MGN`` too),
  sorted; a folder that holds none, or that cannot be read, is a problem that names the folder
  and says what it found instead;
- ``-`` is standard input, read once into a temporary file (at most :data:`STDIN_BYTES`) that
  every reader can open, and that every message calls ``<stdin>``;
- any other name is a file, and a missing one is for its reader to report.

No command line here (no typer, no rich): :func:`expand` returns the paths and the problems.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Iterable

from muggins.limits import Limit

#: What messages and records call standard input (``replay.resolve`` reads a record from there
#: as from the working folder).
STDIN_NAME = "<stdin>"

#: How much of standard input is kept for reading (a record file of a gigabyte is an archive of
#: millions of games).
STDIN_BYTES = Limit("stdin-bytes", 1 << 30, "bytes", "standard input")

#: The suffix of a record file, compared without case.
SUFFIX = ".mgn"


class InputError(Exception):
    """Standard input could not be read (or was over its limit); the message says why."""


if TYPE_CHECKING:
    import tempfile

    _OwnPath = Path
else:
    _OwnPath = type(Path())  # this system's Path class: Path itself cannot be subclassed before 3.12


class StdinPath(_OwnPath):
    """The temporary file that holds standard input: opened as that file, named ``<stdin>``."""

    def __str__(self) -> str:
        return STDIN_NAME

    def __repr__(self) -> str:
        return f"StdinPath({super().__str__()!r})"

    def __fspath__(self) -> str:
        return super().__str__()


@dataclass
class Expanded:
    """What the names given stand for: ``paths`` to read in order, and ``problems``, a message
    for each name that gave nothing to read (a folder without record files, a folder that
    cannot be read)."""

    paths: list[Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def is_record_file(path: Path) -> bool:
    return path.suffix.lower() == SUFFIX


def expand(names: Iterable[str], stdin: BinaryIO | None = None) -> Expanded:
    """The files that ``names`` stand for, in order, and what could not be had."""
    found = Expanded()
    spooled: Path | None = None
    for name in names:
        if name == "-":
            if spooled is None:
                try:
                    spooled = read_stdin(stdin)
                except InputError as exc:
                    found.problems.append(str(exc))
                    continue
            found.paths.append(spooled)
            continue
        path = Path(name)
        if path.is_dir():
            files, problems = _folder(path)
            found.paths.extend(files)
            found.problems.extend(problems)
        else:
            found.paths.append(path)
    return found


def one(name: str, stdin: BinaryIO | None = None) -> Path:
    """The one file ``name`` stands for (``-``: standard input); raises :class:`InputError`."""
    return read_stdin(stdin) if name == "-" else Path(name)


def _folder(folder: Path) -> tuple[list[Path], list[str]]:
    """Every record file below ``folder``, sorted, and the problems met: folders that could not
    be read, or no record file at all (then what was found instead)."""
    problems: list[str] = []
    files: list[Path] = []
    others: list[str] = []

    def unreadable(exc: OSError) -> None:
        problems.append(f"{exc.filename or folder}: cannot read this folder: {exc.strerror or exc}")

    for root, _, names in os.walk(folder, onerror=unreadable):
        for name in names:
            path = Path(root, name)
            if is_record_file(path) and path.is_file():
                files.append(path)
            else:
                others.append(name)
    if not files and not problems:
        problems.append(f"{folder}: no record files (*.mgn) in this folder; {_what_else(others)}")
    return sorted(files), problems


def _what_else(others: list[str]) -> str:
    if not others:
        return "it is empty"
    shown = ", ".join(sorted(others)[:3]) + (", ..." if len(others) > 3 else "")
    return f"found {len(others)} other file{'s' if len(others) != 1 else ''} ({shown})"


_SPOOLS: list[tempfile.TemporaryDirectory[str]] = []  # the temporary folders of standard input, kept until the process ends


def read_stdin(stdin: BinaryIO | None = None) -> Path:
    """Standard input copied into a temporary file (removed when the process ends), as a path
    named ``<stdin>``; raises :class:`InputError`."""
    import shutil
    import tempfile

    source = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
    if source is None:
        raise InputError(f"{STDIN_NAME}: standard input cannot be read")
    limit = STDIN_BYTES.value
    folder = tempfile.TemporaryDirectory(prefix="muggins-stdin-")
    _SPOOLS.append(folder)
    target = Path(folder.name, "stdin" + SUFFIX)
    copied = 0
    try:
        with open(target, "wb") as out:
            while block := source.read(1 << 20):
                copied += len(block)
                if copied > limit:
                    raise InputError(f"{STDIN_NAME}: {STDIN_BYTES.exceeded()}")
                out.write(block)
    except OSError as exc:
        raise InputError(f"{STDIN_NAME}: cannot read standard input: {exc.strerror or exc}") from None
    except InputError:
        shutil.rmtree(folder.name, ignore_errors=True)
        raise
    return StdinPath(target)
