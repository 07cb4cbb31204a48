"""The record files a command line names: files as given, folders as the record files in them,
``-`` as standard input.

What a command reads is settled here, before any record is read, so that every command treats
a name the same way and says the same when a name gives nothing to read:

- a folder stands for every record file below it (``*.mgn``, in any case: ``GAME.MGN`` too),
  sorted; a folder that holds none, or that cannot be read, is a problem that names the folder
  and says what it found instead; a record file in it that cannot be read (a symbolic link to
  nothing) is read as if named, so its reader says so, and one that is a device, a socket or a
  named pipe is refused as if named (a pipe too); none is passed over; a symbolic link to a
  folder inside the folder given is followed, and each folder (by its resolved path) is read
  once however many ways lead to it (a link to an ancestor, two links to one folder), under the
  first name met, the folder's own name before any link's; a link to a folder outside it is
  not followed but said, a problem (a folder from elsewhere, an archive unpacked, must not make
  muggins read records it does not hold: name the other folder to read it);
- ``-`` is standard input, read once into a temporary file (at most :data:`STDIN_BYTES`) that
  every reader can open, and that every message calls ``<stdin>``;
- a name that is neither a file nor a pipe (``/dev/zero``, ``/dev/null``, a terminal, a
  socket) is a problem that says what it is: a device gives no records, only bytes without end
  or none at all; a command that reads one record refuses a folder the same way;
- any other name is a file (or a pipe, as ``<(...)`` gives, read as it comes), and a missing
  one is for its reader to report.

No command line here (no typer, no rich): :func:`expand` returns the paths and the problems.
"""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Callable, Iterable, Iterator

from muggins.i18n import N_, msg, plural
from muggins.limits import Limit

#: What messages and records call standard input (``replay.resolve`` reads a record from there
#: as from the working folder).
STDIN_NAME = "<stdin>"

#: How much of standard input is kept for reading (a record file of a gigabyte is an archive of
#: millions of games).
STDIN_BYTES = Limit("stdin-bytes", 1 << 30, N_("bytes"), N_("standard input"))

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
    """The temporary file that holds standard input: opened as that file, named ``<stdin>``.
    ``origin`` is the state (``os.fstat``) of what standard input was when it was read: the
    file itself where the shell redirected one (``< game.mgn``), which an output must not
    replace (muggins.files.same_file); None where it could not be told (no file descriptor)."""

    origin: os.stat_result | None = None

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
                    found.problems.append(exc.args[0])
                    continue
            found.paths.append(spooled)
            continue
        path = Path(name)
        if path.is_dir():
            files, problems = _folder(path)
            found.paths.extend(files)
            found.problems.extend(problems)
        elif (kind := not_a_file(path)) is not None:
            found.problems.append(_refused(path, kind))
        else:
            found.paths.append(path)
    return found


def one(name: str, stdin: BinaryIO | None = None) -> Path:
    """The one file ``name`` stands for (``-``: standard input); raises :class:`InputError`."""
    if name == "-":
        return read_stdin(stdin)
    path = Path(name)
    kind = not_a_file(path)
    if kind == "a folder":
        raise InputError(msg("{path}: a folder; this command reads one record file (or - for standard input)", path=str(path)))
    if kind is not None:
        raise InputError(_refused(path, kind))
    return path


#: What a name that is no file to read records from is, by the kind of its inode.
_KINDS = (
    (stat.S_ISDIR, msg("a folder")),
    (stat.S_ISCHR, msg("a character device")),
    (stat.S_ISBLK, msg("a block device")),
    (stat.S_ISSOCK, msg("a socket")),
)


def not_a_file(path: str | os.PathLike[str], pipes: bool = True) -> str | None:
    """What ``path`` is, in words, when it is not a file to read (a folder, a device, a socket;
    a named pipe too unless ``pipes``); None for a file (and for a name that is missing or
    cannot be looked at: its reader says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or (pipes and stat.S_ISFIFO(mode)):
        return None
    return next((words for test, words in _KINDS if test(mode)), msg("a named pipe") if stat.S_ISFIFO(mode) else msg("a special file"))


def _refused(path: Path, kind: str) -> str:
    return msg("{path}: not a record file but {kind}; nothing was read from it", path=str(path), kind=kind)


def _folder(folder: Path) -> tuple[list[Path], list[str]]:
    """Every record file below ``folder``, sorted, and the problems met: folders that could not
    be read, or no record file at all (then what was found instead)."""
    problems: list[str] = []
    files: list[Path] = []
    others: list[str] = []

    def unreadable(exc: OSError) -> None:
        problems.append(msg("{path}: cannot read this folder: {why}", path=str(exc.filename or folder), why=str(exc.strerror or exc)))

    def outside(link: str) -> None:
        problems.append(msg("{path}: a link to a folder outside {folder}, not followed (name that folder to read it)", path=link, folder=str(folder)))

    for root, names in _walk(folder, unreadable, outside):
        for name in names:
            path = Path(root, name)
            if not is_record_file(path):
                others.append(name)
            elif (kind := not_a_file(path, pipes=False)) is None:
                files.append(path)  # a file, or one that cannot be looked at (a link to nothing): its reader says why, as when it is named
            else:
                problems.append(_refused(path, kind))  # a pipe too: one in a folder may have no writer, and reading it would wait for ever
    if not files and not problems:
        problems.append(msg("{path}: no record files (*.mgn) in this folder; {others}", path=str(folder), others=_what_else(others)))
    return sorted(files), problems


def _walk(folder: Path, onerror: Callable[[OSError], None], outside: Callable[[str], None]) -> Iterator[tuple[str, list[str]]]:
    """Each folder below ``folder`` (itself first) with the names of what is no folder in it;
    symbolic links to folders inside it followed once the folders themselves have been walked,
    each folder taken once by its resolved path, so that no loop is walked round and nothing
    twice; ``outside(link)`` for a link that leads out of ``folder``, not followed."""
    top = os.path.realpath(folder)
    seen = {top}
    links: list[str] = []
    starts = [os.fspath(folder)]
    while starts:
        for root, folders, names in os.walk(starts.pop(0), onerror=onerror):
            kept = []
            for name in sorted(folders):
                path = os.path.join(root, name)
                if os.path.islink(path):
                    links.append(path)  # after every folder that is no link: a folder is read under its own name first
                elif (real := os.path.realpath(path)) not in seen:
                    seen.add(real)
                    kept.append(name)
            folders[:] = kept
            yield root, names
        while links and not starts:
            link = links.pop(0)
            real = os.path.realpath(link)
            if not Path(real).is_relative_to(top):
                outside(link)
            elif real not in seen:
                seen.add(real)
                starts.append(link)


def _what_else(others: list[str]) -> str:
    if not others:
        return msg("it is empty")
    shown = ", ".join(sorted(others)[:3]) + (", ..." if len(others) > 3 else "")
    return plural("found {n} other file ({shown})", "found {n} other files ({shown})", len(others), shown=shown)


_SPOOLS: list[tempfile.TemporaryDirectory[str]] = []  # the temporary folders of standard input, kept until the process ends
_READ: list[StdinPath] = []  # standard input as read, the latest last


def stdin_read() -> StdinPath | None:
    """Standard input as this process last read it (what ``-`` stood for), or None."""
    return _READ[-1] if _READ else None


def _origin(source: BinaryIO) -> os.stat_result | None:
    """What the handle ``source`` reads from (its file descriptor's state), if it has one."""
    try:
        return os.fstat(source.fileno())
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both of the last two
        return None


def read_stdin(stdin: BinaryIO | None = None) -> Path:
    """Standard input copied into a temporary file (removed when the process ends), as a path
    named ``<stdin>``; raises :class:`InputError`."""
    import shutil
    import tempfile

    source = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
    if source is None:
        raise InputError(msg("{name}: standard input cannot be read", name=STDIN_NAME))
    limit = STDIN_BYTES.value
    origin = _origin(source)
    folder = tempfile.TemporaryDirectory(prefix="muggins-stdin-")
    _SPOOLS.append(folder)
    target = Path(folder.name, "stdin" + SUFFIX)
    copied = 0
    try:
        with open(target, "wb") as out:
            while block := source.read(1 << 20):
                copied += len(block)
                if copied > limit:
                    raise InputError(msg("{name}: {problem}", name=STDIN_NAME, problem=STDIN_BYTES.exceeded()))
                out.write(block)
    except OSError as exc:
        raise InputError(msg("{name}: cannot read standard input: {why}", name=STDIN_NAME, why=str(exc.strerror or exc))) from None
    except InputError:
        shutil.rmtree(folder.name, ignore_errors=True)
        raise
    read = StdinPath(target)
    read.origin = origin
    _READ.append(read)
    return read
