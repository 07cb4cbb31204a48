"""Files cut into records in worker processes too, for ``--jobs``: the same records as in order.

The calling process only reads raw bytes and cuts them where records usually meet; the workers
decode and cut each piece with the one record splitter (notation/split.py: :func:`pieces`,
:func:`split_piece`). A piece that does not end where reading in order would end a record (or
is not UTF-8), or whose worker died, sends the file back to the reader in order, from the record
where the pieces stopped: the records are always those it gives.
"""

from __future__ import annotations

import itertools
from collections import deque
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Callable, Iterable, Iterator

from muggins.batch.events import FileDone, RecordDone
from muggins.notation.split import pieces, split_piece


def cut_items(paths: Iterable[Path], submit: Callable, ahead: int, size: int) -> Iterator:
    """Each file's records' text as ``(path, index, chunk)``, a :class:`FileDone` after each
    file, and a file's ``not-utf8`` stop as a :class:`RecordDone`: the items of spread.py. Pieces
    of about ``size`` bytes are cut by ``submit(split_piece, ...)`` (a process pool's, or one
    that runs them at once), ``ahead`` at a time."""
    for path in paths:
        given = 0
        try:
            cut = pieces(path, size)
            waiting: deque = deque()
            in_order = False  # the pieces stopped matching the reader in order
            try:
                while True:
                    for piece in itertools.islice(cut, max(0, ahead - len(waiting))):
                        waiting.append(None if piece is None else submit(split_piece, *piece))
                    if not waiting:
                        break
                    future = waiting.popleft()
                    try:
                        chunks = None if future is None else future.result()
                    except BrokenProcessPool:  # its worker died: this file is read in order from here
                        chunks = None
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
                cut.close()
            if in_order:
                yield from _in_order(path, given)
        except OSError as exc:
            yield FileDone(path, missing=isinstance(exc, FileNotFoundError), error=exc.strerror or str(exc))
            continue
        yield FileDone(path)


def _in_order(path: Path, given: int) -> Iterator:
    """The records of ``path`` after the first ``given``, from the reader in order."""
    from muggins.notation.parser import NotationError, read_chunks

    for index, chunk in enumerate(read_chunks(path), 1):
        if index > given:
            yield RecordDone(path, index, chunk) if isinstance(chunk, NotationError) else (path, index, chunk)
