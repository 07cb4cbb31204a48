"""Writing files so that nothing is lost: atomically, through links, never over an input.

Every file muggins writes (``fmt --in-place``, ``-o`` of any command) goes through here, so the
promises are kept in one place:

- **Atomic.** The new text goes to a temporary file beside the target, is flushed to disk, and
  takes the target's place in one ``os.replace``: a crash leaves the old file or the whole new
  one. The temporary file's name is fixed per target (``.NAME.muggins.tmp``, NAME shortened with
  a hash of it where the whole would be over the file system's name limit), so a run killed
  with no chance to clean up leaves at most one, which the next run removes before it writes a
  new one of its own (created afresh, never opened through a link left at that name).
- **Through links.** A symbolic link is written through: its target changes, the link stays. A
  file with several hard links is rewritten in place (the same inode, so every link sees it)
  from the complete, verified temporary file, which is removed only once the copy is done.
- **Keeping the file's mode, owner and group**, and refusing a read-only file unless forced.
- **Never over an input**: an output that is one of the files read is refused, records and rule
  files alike, and the file that standard input was when ``-`` was read.

Problems are :class:`WriteError` values whose message names the file and what is wrong (a missing
folder, a folder in the file's place, a full disk), for the caller to print and exit 2.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from pathlib import Path
from typing import BinaryIO, Callable, Iterable

from muggins.i18n import msg


class WriteError(OSError):
    """A file that cannot (or must not) be written; the message says which and why."""


def temp_name(path: Path) -> Path:
    """The temporary file that stands beside ``path`` while it is written (see :func:`beside`)."""
    return beside(path, ".muggins.tmp")


#: The length of the hash that stands for a name too long to be written whole in :func:`beside`.
_DIGEST = 16


def beside(path: Path, suffix: str) -> Path:
    """The hidden name ``.NAME{suffix}`` in ``path``'s folder, NAME being ``path``'s, the same
    for the same ``path`` each time (a killed run's leftover is found again). Where that name
    would be over the folder's limit (``PC_NAME_MAX``, in bytes of the file system encoding; 255
    where the system does not say), NAME is shortened to its first characters and a hash of the
    whole of it (``.NAME~HASH{suffix}``): a valid name may be up to the limit itself, and its
    temporary name must be valid too."""
    whole = f".{path.name}{suffix}"
    limit = _name_max(path.parent)
    if len(os.fsencode(whole)) <= limit:
        return path.with_name(whole)
    digest = "~" + hashlib.sha256(os.fsencode(path.name)).hexdigest()[:_DIGEST]
    room = limit - len(os.fsencode(f".{digest}{suffix}"))
    head, used = "", 0
    for char in path.name:  # whole characters, however many bytes each takes
        size = len(os.fsencode(char))
        if used + size > room:
            break
        head, used = head + char, used + size
    return path.with_name(f".{head}{digest}{suffix}")


def _name_max(folder: Path) -> int:
    """The longest name, in bytes, that ``folder``'s file system takes (255 where unknown)."""
    try:
        limit = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no such folder, no such setting, no pathconf
        return 255
    return limit if limit > 0 else 255


def open_temp(temp: Path) -> BinaryIO:
    """A new, empty file at ``temp``, open for writing. Whatever has that name is removed first:
    what a killed run left, or a symbolic link (which plain ``open`` would follow, and the write
    would land in its target, an input perhaps). The file is then made with ``O_EXCL`` and
    ``O_NOFOLLOW``: it is ours, and only ours."""
    try:
        if stat.S_ISDIR(os.lstat(temp).st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(temp))
        os.unlink(temp)
    except FileNotFoundError:
        pass
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    return os.fdopen(os.open(temp, flags, 0o666), "wb")


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` is the file ``b``: the same file by any name (links too), or, where ``b``
    stands for standard input (``muggins.inputs.StdinPath``, a copy of it), the very file that
    standard input was (``b.origin``: ``audit - -o game.mgn < game.mgn``)."""
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass
    origin = getattr(b, "origin", None)
    if not isinstance(origin, os.stat_result):
        return False
    try:
        return os.path.samestat(os.stat(a), origin)
    except OSError:
        return False


def refuse_inputs(output: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]]) -> None:
    """Raise :class:`WriteError` when ``output`` is one of ``inputs`` (a record read must never be
    overwritten by a picture of it)."""
    for given in inputs:
        if same_file(output, given):
            raise WriteError(msg("will not write over {output}: it is the input {given}; choose another output", output=os.fspath(output), given=_named(given)))


def _named(path: str | os.PathLike[str]) -> str:
    """``path`` as messages call it (standard input's copy is ``<stdin>``, not its temporary name)."""
    return str(path) if isinstance(path, Path) else os.fspath(path)


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return msg("the disk is full")
    if exc.errno == errno.EDQUOT:
        return msg("the disk quota is exceeded")
    return exc.strerror or str(exc)


def write_atomically(
    path: str | os.PathLike[str],
    write: Callable[[BinaryIO], None],
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    read_meanwhile: Callable[[], Iterable[str | os.PathLike[str]]] | None = None,
    force: bool = False,
) -> None:
    """Write the file ``path`` with ``write(handle)`` (a binary handle), keeping every promise
    of this module. ``inputs`` are refused as ``path`` before anything is written;
    ``read_meanwhile()``, asked once the text is written and before it takes its place, names
    files read while it was made (the rule files the records name), refused too. A read-only
    ``path`` is refused unless ``force`` (its mode is kept). Raises :class:`WriteError`."""
    given = Path(path)
    refuse_inputs(given, inputs)
    target = Path(os.path.realpath(given))  # through symbolic links
    folder = target.parent
    if not folder.is_dir():
        raise WriteError(msg("cannot write {path}: the folder {folder} does not exist", path=str(given), folder=str(folder)))
    if target.is_dir():
        raise WriteError(msg("cannot write {path}: it is a folder", path=str(given)))
    old = _stat(target)
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise WriteError(msg("cannot write {path}: not a regular file", path=str(given)))
    if old is not None and not force and not old.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        # no --force named here: -o has none (fmt --in-place, which has, says so itself)
        raise WriteError(msg("cannot write {path}: it is read-only; choose another output (or make it writable)", path=str(given)))
    temp = temp_name(target)
    made = False
    try:
        with open_temp(temp) as handle:
            made = True
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        if read_meanwhile is not None:
            refuse_inputs(given, read_meanwhile())
        put_in_place(temp, target, old)
    except WriteError:
        temp.unlink(missing_ok=True)
        raise
    except OSError as exc:
        if made:
            temp.unlink(missing_ok=True)
        if old:
            raise WriteError(msg("cannot write {path}: {why}; the file is left as it was", path=str(given), why=_why(exc))) from None
        raise WriteError(msg("cannot write {path}: {why}; nothing written", path=str(given), why=_why(exc))) from None
    except BaseException:
        if made:
            temp.unlink(missing_ok=True)
        raise


def put_in_place(temp: Path, target: Path, old: os.stat_result | None) -> None:
    """Make the complete file ``temp`` the content of ``target`` (whose state was ``old``)."""
    if old is not None and old.st_nlink > 1:
        _copy_into(temp, target)
        temp.unlink(missing_ok=True)
        return
    if old is not None:
        os.chmod(temp, stat.S_IMODE(old.st_mode))
        try:
            os.chown(temp, old.st_uid, old.st_gid)
        except OSError:  # not allowed to give the file away: keep at least the group
            try:
                os.chown(temp, -1, old.st_gid)
            except OSError:
                pass
    os.replace(temp, target)
    _sync_folder(target.parent)


def _copy_into(temp: Path, target: Path) -> None:
    """Overwrite ``target`` in place (its inode, and so its hard links, kept) with ``temp``."""
    with open(temp, "rb") as source, open(target, "r+b") as out:
        while True:
            block = source.read(1 << 20)
            if not block:
                break
            out.write(block)
        out.truncate()
        out.flush()
        os.fsync(out.fileno())


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
