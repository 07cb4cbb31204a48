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
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from muggins.batch.events import FileDone, RecordDone
from muggins.notation.split import pieces, split_piece

if TYPE_CHECKING:
    from typing import TypeVar
    from concurrent.futures import Future

    from muggins.batch.spread import _Item
    from muggins.notation.split import Chunk

    #: A piece as :func:`~muggins.notation.split.pieces` gives it: (raw text, its first line,
    #: whether it opens the file, whether it ends it).
    Piece = tuple[bytes, int, bool, bool]

    #: What a piece is sent as (a future), and the items taken from it.
    W = TypeVar("W")
    T = TypeVar("T")


def cut_items(
    paths: Iterable[Path],
    submit: Callable[..., Future[list[Chunk] | None]],
    ahead: int,
    size: int,
    died: tuple[type[BaseException], ...] = (BrokenProcessPool,),
) -> Iterator[_Item]:
    """Each file's records' text as ``(path, index, chunk)``, a :class:`FileDone` after each
    file, and a file's ``not-utf8`` stop as a :class:`RecordDone`: the items of spread.py. Pieces
    of about ``size`` bytes are cut by ``submit(split_piece, ...)`` (a process pool's, a Dask
    cluster's, or one that runs them at once), ``ahead`` at a time; ``died`` are the errors that
    say the worker cutting a piece died."""

    def send(path: Path, offset: int, piece: Piece) -> Future[list[Chunk] | None]:
        return submit(split_piece, *piece)

    def take(path: Path, given: int, future: Future[list[Chunk] | None]) -> tuple[list[_Item], int] | None:
        try:
            chunks = future.result()
        except died:  # its worker died: this file is read in order from here
            return None
        if chunks is None:
            return None
        return [(path, given + i, chunk) for i, chunk in enumerate(chunks, 1)], len(chunks)

    return file_pieces(paths, size, ahead, send, take, lambda future: future.cancel())


def file_pieces(
    paths: Iterable[Path],
    size: int,
    ahead: int,
    send: Callable[[Path, int, Piece], W],
    take: Callable[[Path, int, W], tuple[list[T], int] | None],
    cancel: Callable[[W], object],
) -> Iterator[T | _Item]:
    """The one loop over files cut in pieces, for ``--jobs`` (:func:`cut_items`) and the cluster
    (``cluster._units``): each piece of about ``size`` bytes handed to ``send(path, offset,
    piece)``, ``ahead`` at a time; ``take(path, given, sent)`` (``given``: the file's records
    before the piece) gives, in order, the piece's items and how many records they hold, or None
    where the piece does not match reading in order (or its worker died): the rest of the file
    is then read in order. A :class:`FileDone` after each file, with the error where it could
    not be read; what is still sent when a file ends early is cancelled."""
    for path in paths:
        given = 0
        try:
            cut = pieces(path, size)
            waiting: deque[W | None] = deque()  # None: a piece that is not UTF-8
            in_order = False  # the pieces stopped matching the reader in order
            offset = 0
            try:
                while True:
                    for piece in itertools.islice(cut, max(0, ahead - len(waiting))):
                        if piece is None:
                            waiting.append(None)
                            continue
                        waiting.append(send(path, offset, piece))
                        offset += len(piece[0])
                    if not waiting:
                        break
                    sent = waiting.popleft()
                    got = None if sent is None else take(path, given, sent)
                    if got is None:
                        in_order = True
                        break
                    items, many = got
                    yield from items
                    given += many
            finally:
                for sent in waiting:
                    if sent is not None:
                        cancel(sent)
                cut.close()
            if in_order:
                yield from _in_order(path, given)
        except OSError as exc:
            yield FileDone(path, missing=isinstance(exc, FileNotFoundError), error=exc.strerror or str(exc))
            continue
        yield FileDone(path)


def _in_order(path: Path, given: int) -> Iterator[_Item]:
    """The records of ``path`` after the first ``given``, from the reader in order."""
    from muggins.notation.parser import NotationError, read_chunks

    for index, chunk in enumerate(read_chunks(path), 1):
        if index > given:
            yield RecordDone(path, index, chunk) if isinstance(chunk, NotationError) else (path, index, chunk)
