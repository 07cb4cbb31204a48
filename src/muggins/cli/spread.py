"""Records spread over processes: read in order, worked on in batches, results back in order.

Batches of records' text go to worker processes, which parse each record and work on it;
results come back in input order, so a command's output is the same for any ``--jobs``. With
``--jobs 1`` (or an input too small to be worth starting processes) the calling process cuts
each file into records (notation's ``read_chunks``) and works on them itself. With more, the
workers cut the files too (pieces.py), and the calling process mostly reads and writes. At most
:data:`IN_FLIGHT` batches per process are out at once, so memory does not grow with the size of
the input, however many records one file holds.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Generic, Iterable, Iterator, TypeVar, Union

if TYPE_CHECKING:
    from muggins.notation.model import Record
    from muggins.notation.parser import NotationError

R = TypeVar("R")

#: About this many characters of record text go to a worker at a time: some tens of records,
#: enough that sending them costs little beside working on them.
BATCH_CHARS = 64_000

#: Batches out at once per process: enough to keep every process busy, few enough that memory
#: stays flat.
IN_FLIGHT = 3


@dataclass(frozen=True, slots=True)
class RecordDone(Generic[R]):
    """One record, the ``index``-th of its file: what the work made of it, or the
    :class:`NotationError` saying why it could not be read (also a file's ``not-utf8`` stop)."""

    path: Path
    index: int
    result: R | NotationError


@dataclass(frozen=True, slots=True)
class FileDone:
    """Every record of ``path`` has been given. ``error``: why the file could not be read, in
    the system's words (``missing``: because there is no such file); records read before a
    failure have been given."""

    path: Path
    missing: bool = False
    error: str | None = None


Event = Union[RecordDone, FileDone]
#: What the reading process sends: a finished event, or (path, index, record text) to parse.
_Item = Union[FileDone, RecordDone, tuple]


def spread(paths: Iterable[Path], work: Callable[[Record, Path, int], R], jobs: int = 1, batch_chars: int | None = None) -> Iterator[Event]:
    """Each record of each file in ``paths``, in order, as ``work(record, path, index)`` made it,
    worked on in ``jobs`` processes; a :class:`FileDone` after each file.

    ``work`` must be picklable (a module-level function, or a ``functools.partial`` of one) when
    ``jobs`` is more than 1; what it returns must pickle too. ``batch_chars``: about how much
    record text goes to a worker at a time (1: each record alone, for work so slow that each
    record's result should come back as soon as it is done, and processes are worth starting
    for a few records; None: :data:`BATCH_CHARS`).
    """
    paths = list(paths)
    if batch_chars is None:
        batch_chars = BATCH_CHARS
    if jobs <= 1 or _size(paths) <= 2 * batch_chars:  # too little to be worth starting processes
        for batch in _batches(_items(paths), batch_chars):
            yield from _merged(batch, _work_batch(work, _texts(batch)))
        return
    from muggins.cli.pieces import cut_items

    workers = _Workers(jobs)
    try:
        # Workers cut the files into records too (pieces.py), then parse and work on them.
        batches = _batches(cut_items(paths, workers.submit, ahead=2 * jobs, size=BATCH_CHARS), batch_chars)
        for batch in itertools.islice(batches, 1):
            yield from _merged(batch, _work_batch(work, _texts(batch)))
        workers.start()
        waiting: deque = deque()
        for batch in batches:
            waiting.append((batch, workers.submit(_work_batch, work, _texts(batch))))
            if len(waiting) >= jobs * IN_FLIGHT:
                batch, future = waiting.popleft()
                yield from _merged(batch, future.result())
        while waiting:
            batch, future = waiting.popleft()
            yield from _merged(batch, future.result())
    finally:
        workers.stop()


class _Workers:
    """The worker processes, started only after the first batch has been worked on here: forked
    then, they find its imports done and its caches (the parse table, the rule sets) filled.
    Until then a task is done at once, here."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.pool = None

    def start(self) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_start)

    def submit(self, task: Callable, *args):
        if self.pool is not None:
            return self.pool.submit(task, *args)
        from concurrent.futures import Future

        done: Future = Future()
        done.set_result(task(*args))
        return done

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


def _size(paths: list[Path]) -> int:
    total = 0
    for path in paths:
        try:
            total += path.stat().st_size
        except OSError:
            pass
    return total


def _items(paths: Iterable[Path]) -> Iterator[_Item]:
    """The reading process's part: each file cut into records' text, not parsed."""
    from muggins.notation.parser import NotationError, read_chunks

    for path in paths:
        index = 0
        try:
            for chunk in read_chunks(path):
                index += 1
                if isinstance(chunk, NotationError):
                    yield RecordDone(path, index, chunk)
                else:
                    yield (path, index, chunk)
        except OSError as exc:
            yield FileDone(path, missing=isinstance(exc, FileNotFoundError), error=exc.strerror or str(exc))
            continue
        yield FileDone(path)


def _batches(items: Iterator[_Item], batch_chars: int) -> Iterator[list[_Item]]:
    batch: list[_Item] = []
    size = 0
    for item in items:
        batch.append(item)
        if type(item) is tuple:
            size += len(item[2].text)
            if size >= batch_chars:
                yield batch
                batch, size = [], 0
    if batch:
        yield batch


def _worker_start() -> None:
    """Ctrl-C is for the calling process to handle (it stops the pool): a worker stays quiet. A
    worker whose calling process is gone (killed outright) ends itself instead of waiting for
    work that will never come."""
    import os
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="muggins-parent-watch", daemon=True).start()


def _texts(batch: list[_Item]) -> list[tuple]:
    return [item for item in batch if type(item) is tuple]


@dataclass(frozen=True, slots=True)
class _Unreadable:
    """A record's :class:`NotationError` on its way back from a worker (the exception itself
    does not survive pickling)."""

    diagnostics: tuple


def _work_batch(work: Callable, texts: list[tuple]) -> list:
    """A worker's part: parse each record's text and work on the record."""
    from muggins.notation.parser import NotationError, parse_chunk

    done: list = []
    for path, index, chunk in texts:
        record = parse_chunk(chunk, str(path))
        done.append(_Unreadable(tuple(record.diagnostics)) if isinstance(record, NotationError) else work(record, path, index))
    return done


def _merged(batch: list[_Item], results: list) -> Iterator[Event]:
    """The batch's events in order: the records worked on, with what passed by the workers."""
    from muggins.notation.parser import NotationError

    worked = iter(results)
    for item in batch:
        if type(item) is not tuple:
            yield item
            continue
        result = next(worked)
        if isinstance(result, _Unreadable):
            result = NotationError(list(result.diagnostics))
        yield RecordDone(item[0], item[1], result)
