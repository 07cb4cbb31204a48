"""Files cut into records in worker processes too, for ``--jobs``: the same records as in order.

Cutting a file into its records (notation/split.py) reads it line by line, about a tenth of the
work of ``muggins check``; done in the calling process alone it holds back ``--jobs``. So the
calling process only reads raw bytes and cuts them where records usually meet (a line end, a
blank line, a line opening with ``[``), in pieces of some tens of kilobytes, and the workers
decode and cut each piece with the very same :func:`split_records`.

Whether such a place really is where the reader in order would end a record depends on all the
text before it (a brace comment may span lines). A worker makes sure: it cuts its piece followed
by a blank line and a ``[`` line, and the cut is right exactly when these two come out as a
record of their own. A piece that is not so (or is not UTF-8) sends the file back to the reader
in order, from the record where the pieces stopped; the records are always those it gives.
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from pathlib import Path
from typing import Callable, Iterable, Iterator

#: Bytes read at a time.
BLOCK = 1 << 20
#: A file with no place to cut in this many bytes is read in order instead.
LONGEST = 4 * BLOCK
#: A line end followed by a blank line and a line opening with ``[``: where records usually meet.
_MEET = re.compile(rb"\n(?=\r?\n\[)")
#: What follows every cut: a blank line, then a line opening with ``[``.
_SENTINEL = ("\n", "[\n")
_SENTINEL_TEXT = "".join(_SENTINEL)


def cut_items(paths: Iterable[Path], submit: Callable, ahead: int, size: int) -> Iterator:
    """Each file's records' text as ``(path, index, chunk)``, a :class:`FileDone` after each
    file, and a file's ``not-utf8`` stop as a :class:`RecordDone`: the items of spread.py. Pieces
    of about ``size`` bytes are cut by ``submit(split_piece, ...)`` (a process pool's, or one
    that runs them at once), ``ahead`` at a time."""
    from muggins.cli.spread import FileDone

    for path in paths:
        given = 0
        try:
            pieces = _pieces(path, size)
            waiting: deque = deque()
            in_order = False  # the pieces stopped matching the reader in order
            try:
                while True:
                    for piece in itertools.islice(pieces, max(0, ahead - len(waiting))):
                        waiting.append(None if piece is None else submit(split_piece, *piece))
                    if not waiting:
                        break
                    future = waiting.popleft()
                    chunks = None if future is None else future.result()
                    if chunks is None:
                        in_order = True
                        break
                    for chunk in chunks:
                        given += 1
                        yield (path, given, chunk)
            finally:
                for future in waiting:
                    if future is not None:
                        future.cancel()
                pieces.close()
            if in_order:
                yield from _in_order(path, given)
        except OSError as exc:
            yield FileDone(path, missing=isinstance(exc, FileNotFoundError), error=exc.strerror or str(exc))
            continue
        yield FileDone(path)


def _in_order(path: Path, given: int) -> Iterator:
    """The records of ``path`` after the first ``given``, from the reader in order."""
    from muggins.cli.spread import RecordDone
    from muggins.notation.parser import NotationError, read_chunks

    for index, chunk in enumerate(read_chunks(path), 1):
        if index > given:
            yield RecordDone(path, index, chunk) if isinstance(chunk, NotationError) else (path, index, chunk)


def _pieces(path: Path, size: int) -> Iterator[tuple[bytes, int, bool, bool] | None]:
    """``(raw text, its first line, whether it opens the file, whether it ends it)`` for each
    piece of about ``size`` bytes, cut where records usually meet; ``None`` (and no more) when
    no such place comes in :data:`LONGEST` bytes. ``OSError`` as ``open`` raises it."""
    with open(path, "rb") as handle:
        held = b""
        line = 1
        opens = True
        done = False
        while not done:
            block = handle.read(BLOCK)
            done = not block
            held += block
            while held:
                meet = _MEET.search(held, min(size, len(held)))
                if meet is None and not done:
                    if len(held) > LONGEST:
                        yield None
                        return
                    break
                cut = len(held) if meet is None else meet.end()
                piece, held = held[:cut], held[cut:]
                yield piece, line, opens, meet is None
                line += piece.count(b"\n")
                opens = False


def split_piece(raw: bytes, first_line: int, opens: bool, closes: bool) -> list | None:
    """A worker's part: the records' text of one piece (see the module's account), or ``None``
    when the piece does not end where the reader in order would end a record, or is not UTF-8."""
    import io

    from muggins.notation.split import Chunk, split_records

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if opens and text.startswith("\ufeff"):
        text = text[1:]
    lines: Iterable[str] = io.StringIO(text, newline="\n")
    if not closes:
        lines = itertools.chain(lines, _SENTINEL)
    chunks = list(split_records(lines))
    if not closes:
        if not chunks or chunks[-1].text != _SENTINEL_TEXT:
            return None
        chunks.pop()
    if first_line == 1:
        return chunks
    return [Chunk(c.text, c.first_line + first_line - 1, c.head_length) for c in chunks]
