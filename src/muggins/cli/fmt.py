"""``muggins fmt``: write record files in canonical form (NOTATION.md, "Canonical form").

Formatting never changes what a file says: the canonical text goes to a temporary file, which is
read back and compared, record by record, with the original (positions aside) before it is used.
A file with a record that cannot be read is reported and left alone. ``--in-place`` replaces a
file only through a fully written, flushed temporary file and the rules of
:mod:`muggins.files`: atomically, through symbolic links, keeping hard links, mode, owner and
group, refusing a read-only file unless ``--force``.
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, List

import typer

from muggins.cli.app import app
from muggins.cli.check import print_diagnostics
from muggins.cli.common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE, die, named_files, no_color_option
from muggins.cli import output
from muggins.cli.output import error, say, write_data
from muggins.i18n import N_, _, reason
from muggins.files import WriteError, open_temp, put_in_place, temp_name

if TYPE_CHECKING:
    from muggins.diagnostics import Diagnostic


class _Unusable(Exception):
    """The file cannot be formatted; ``diagnostics`` (or the message) says why."""

    def __init__(self, message: str, diagnostics: tuple[Diagnostic, ...] = ()):
        super().__init__(message)
        self.diagnostics = diagnostics


def _write_canonical(path: Path, out: IO[bytes]) -> None:
    """Write the canonical text of every record of ``path`` to the binary file ``out``."""
    from muggins.notation.formatter import format_record
    from muggins.notation.parser import NotationError, read_file

    problems: list[Diagnostic] = []
    first = True
    for item in read_file(path):
        if isinstance(item, NotationError):
            problems.extend(item.diagnostics)
            continue
        if problems:
            continue  # keep reading, to report every broken record, but write no more
        try:
            text = format_record(item)
        except ValueError as exc:
            from muggins.diagnostics import Diagnostic

            problems.append(Diagnostic("cannot-format", str(exc), source=str(path), line=item.line, column=1))
            continue
        out.write((text if first else "\n" + text).encode("utf-8"))
        first = False
    if problems:
        raise _Unusable(_("{path}: left unchanged: it has records that cannot be read").format(path=path), tuple(problems))
    if first:  # no record at all: only comments or blanks, which belong to nothing; keep them
        with open(path, "rb") as original:
            shutil.copyfileobj(original, out)


def _check_same_meaning(path: Path, formatted: Path) -> None:
    """Raise unless ``formatted`` holds the same records as ``path``, in the same order."""
    from muggins.notation.compare import same_record
    from muggins.notation.model import Record
    from muggins.notation.parser import read_file

    from itertools import zip_longest

    for before, after in zip_longest(read_file(path), read_file(formatted)):
        if not (isinstance(before, Record) and isinstance(after, Record) and same_record(before, after)):
            line = before.line if isinstance(before, Record) else 0
            raise _Unusable(_("{path}: left unchanged: formatting would change the record at line {line} (a bug in muggins fmt; please report it)").format(path=path, line=line))


def _formatted_copy(path: Path, temp: Path | None) -> Path:
    """The canonical text of ``path`` in the temporary file ``temp`` (a new one in the system's
    folder when None), flushed to disk and checked to say the same as ``path``. The caller
    removes it."""
    import tempfile

    handle: IO[bytes]
    if temp is None:
        # not named after the file: a name near the limit would take the temporary one over it
        handle = tempfile.NamedTemporaryFile("wb", prefix="muggins-fmt-", suffix=".tmp", delete=False)
        temp = Path(handle.name)
    else:
        handle = open_temp(temp)  # a fixed name: what a killed run left is replaced
    try:
        with handle:
            _write_canonical(path, handle)
            handle.flush()
            os.fsync(handle.fileno())
        _check_same_meaning(path, temp)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def _to_stdout(temp: Path, before: bytes = b"") -> None:
    """The canonical text, byte for byte (after ``before``); made visible only when it goes to a terminal."""
    sys.stdout.flush()
    binary = getattr(sys.stdout, "buffer", None)
    with open(temp, "rb") as source:
        if binary is not None and not output.is_terminal(sys.stdout):
            binary.write(before)
            shutil.copyfileobj(source, binary)
            binary.flush()
        else:
            write_data(before.decode("utf-8") + source.read().decode("utf-8"))


def format_file(path: Path, *, check: bool = False, in_place: bool = False, force: bool = False, after: bool = False) -> tuple[bool, bool]:
    """Format one file: to stdout, or only compare (``check``), or rewrite it (``in_place``).

    ``after``: to stdout, after another file's records. A blank line goes between them, as
    between two records of one file: without it the comment lines that open this file's first
    record would be read, from the whole output, as the last statement's of the file before.

    Returns (whether the file was already canonical, whether it printed any text). Raises
    :class:`_Unusable` or ``OSError``.
    """
    if not path.is_file():
        raise _Unusable(_("cannot read {path}: not a file").format(path=path) if path.exists() else _("cannot read {path}: no such file").format(path=path))
    target = Path(os.path.realpath(path))  # a symbolic link is written through
    old = os.stat(target)
    if in_place and not force and not old.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise WriteError(_("{path}: is read-only; left as it was (--force rewrites it, keeping it read-only)").format(path=path))
    temp = _formatted_copy(path, temp_name(target) if in_place else None)
    try:
        import filecmp

        canonical = filecmp.cmp(path, temp, shallow=False)
        printed = False
        if in_place and not canonical:
            put_in_place(temp, target, old)
        elif not check and not in_place:
            printed = os.path.getsize(temp) > 0
            _to_stdout(temp, b"\n" if after and printed else b"")
    finally:
        temp.unlink(missing_ok=True)
    return canonical, printed


@app.command("fmt")
def fmt_command(
    files: List[str] = typer.Argument(..., help=N_("Record files (.mgn), folders of them, or - for standard input."), show_default=False),
    check: bool = typer.Option(False, "--check", help=N_("Write nothing; exit 1 and list the files that are not in canonical form.")),
    in_place: bool = typer.Option(False, "--in-place", "-i", help=N_("Rewrite each file in canonical form (atomically; links, mode, owner kept).")),
    force: bool = typer.Option(False, "--force", help=N_("With --in-place: rewrite read-only files too.")),
    no_color: bool = no_color_option(),
) -> None:
    """Print record files in canonical form, check that they are, or rewrite them in place.

    A file with a record that cannot be read is reported and never rewritten.
    Exit codes: 0 done (or all canonical), 1 some file not canonical (--check), 2 a file could not be used.
    """
    if check and in_place:
        die(_("--check and --in-place do not go together"))
    if in_place and "-" in files:
        die(_("--in-place rewrites files: standard input cannot be rewritten (format it to stdout instead)"))
    paths, usable = named_files(files)
    unusable = not usable
    not_canonical: list[Path] = []
    printed = False
    for path in paths:
        try:
            canonical, text = format_file(path, check=check, in_place=in_place, force=force, after=printed)
            printed = printed or text
        except WriteError as exc:
            unusable = True
            error(reason(exc))
            continue
        except _Unusable as exc:
            unusable = True
            print_diagnostics(exc.diagnostics)
            error(reason(exc))
            continue
        except OSError as exc:
            unusable = True
            error(_("{path}: {why}; the file is left as it was").format(path=path, why=exc.strerror or exc))
            continue
        if not canonical:
            not_canonical.append(path)
            if in_place:
                say(_("reformatted {path}").format(path=path), err=True)
    if check:
        for path in not_canonical:
            say(_("not in canonical form: {path}").format(path=path), err=True)
    if unusable:
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if check and not_canonical else EXIT_CLEAN)
