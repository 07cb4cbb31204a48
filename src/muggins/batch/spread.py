"""Records spread over processes: read in order, worked on in batches, results back in order.

Batches of records' text go to worker processes, which parse each record and work on it;
results come back in input order, so a command's output is the same for any ``--jobs``. With
``--jobs 1`` (or an input too small to be worth starting processes) the calling process cuts
each file into records (notation's ``read_chunks``) and works on them itself. With more, the
workers cut the files too (pieces.py), and the calling process mostly reads and writes. At most
:data:`IN_FLIGHT` batches per process are out at once, so memory does not grow with the size of
the input, however many records one file holds. No command line here: ``check``, ``audit`` and
``analyze`` each give :func:`spread` the work they do on one record.

A worker process that dies (the out-of-memory killer's SIGKILL, say) loses nothing silently: the
batches that were out are worked on again, one record at a time, in a fresh pool; a record whose
worker dies again is given as not finished (a ``worker-failed`` error at the record, with its
file and index) and the run goes on. After :data:`muggins.limits.WORKER_FAILURES` deaths no more
work is sent: every record left is given as not finished. Nothing is worked on in the calling
process once a worker has died (whatever killed it would kill the run).
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Never, TypeVar, Union

from muggins.batch.events import Event, FileDone, RecordDone
from muggins.i18n import msg

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from muggins.diagnostics import Diagnostic
    from muggins.notation.errors import NotationError
    from muggins.notation.model import Record
    from muggins.notation.split import Chunk

__all__ = ["BATCH_CHARS", "IN_FLIGHT", "Event", "FileDone", "RecordDone", "spread"]

R = TypeVar("R")
T = TypeVar("T")

#: About this many characters of record text go to a worker at a time: some tens of records,
#: enough that sending them costs little beside working on them.
BATCH_CHARS = 64_000

#: Batches out at once per process: enough to keep every process busy, few enough that memory
#: stays flat.
IN_FLIGHT = 3


#: A record's text to parse: (path, index in its file, its text).
_Text = tuple[Path, int, "Chunk"]
#: What the reading process sends: a finished event (a record done can only be an unreadable
#: one, whatever the work), or a record's text.
_Item = Union[FileDone, RecordDone[Never], _Text]
if TYPE_CHECKING:
    #: The work done on each record: ``work(record, path, index)`` (see :func:`spread`).
    _Work = Callable[[Record, Path, int], R]
    #: What a batch gives back for each record's text: the work's result, or why there is none.
    _Result = Union[R, "_Unreadable", "_NotFinished"]
    #: A batch's results: to come (a future of the pool that was sent them), or settled.
    _Pending = Union[Future[list[_Result[R]]], list[_Result[R]]]
    #: The batches out, with what they give, oldest first.
    _Waiting = deque[tuple[list[_Item], _Pending[R]]]


def spread(
    paths: Iterable[Path],
    work: Callable[[Record, Path, int], R],
    jobs: int = 1,
    cluster: object = None,
    batch_chars: int | None = None,
    done: Callable[[int], None] | None = None,
) -> Iterator[Event[R]]:
    """Each record of each file in ``paths``, in order, as ``work(record, path, index)`` made it,
    worked on in ``jobs`` processes, or on the Dask ``cluster`` (a client from
    :func:`muggins.batch.cluster.connect`) when one is given; a :class:`FileDone` after each file.

    ``work`` must be picklable (a module-level function, or a ``functools.partial`` of one) when
    ``jobs`` is more than 1 or a cluster is used; what it returns must pickle too. ``batch_chars``:
    about how much record text goes to a worker at a time (1: each record alone, for work so
    slow that each record's result should come back as soon as it is done, and processes are
    worth starting for a few records; None: :data:`BATCH_CHARS`, or a cluster's own,
    :func:`~muggins.batch.cluster.spread_on_cluster`). ``done`` (on a cluster only):
    called with how many records a task has finished as each task finishes, in whatever order
    they finish and from another thread, to feed a progress bar (the events still come in order).
    """
    paths = list(paths)
    if cluster is not None:
        from muggins.batch.cluster import spread_on_cluster

        yield from spread_on_cluster(paths, work, cluster, batch_chars, done)
        return
    if batch_chars is None:
        batch_chars = BATCH_CHARS
    if jobs <= 1 or _size(paths) <= 2 * batch_chars:  # too little to be worth starting processes
        for batch in _batches(_items(paths), batch_chars):
            yield from _merged(batch, _work_batch(work, _texts(batch)))
        return
    from muggins.batch.pieces import cut_items

    workers = _Workers(jobs)
    finished = False
    try:
        # Workers cut the files into records too (pieces.py), then parse and work on them.
        batches = _batches(cut_items(paths, workers.submit, ahead=2 * jobs, size=BATCH_CHARS), batch_chars)
        for batch in itertools.islice(batches, 1):
            yield from _merged(batch, _work_batch(work, _texts(batch)))
        workers.start()
        waiting: _Waiting[R] = deque()
        for batch in batches:
            _settle_if_died(waiting, workers, work)
            waiting.append((batch, workers.send(work, _texts(batch))))
            if len(waiting) >= jobs * IN_FLIGHT:
                yield from _merged(*_settled(waiting, workers, work))
        while waiting:
            yield from _merged(*_settled(waiting, workers, work))
        finished = True
    finally:
        workers.stop(at_once=not finished)


def _settled(waiting: _Waiting[R], workers: _Workers, work: _Work[R]) -> tuple[list[_Item], list[_Result[R]]]:
    """The first waiting batch and its results (all of them settled first if a pool died)."""
    _settle_if_died(waiting, workers, work)
    batch, pending = waiting.popleft()
    if isinstance(pending, list):
        return batch, pending
    generation = workers.generation
    results = workers.results(pending, work, _texts(batch))
    if workers.generation != generation:
        _settle_if_died(waiting, workers, work, generation)
    return batch, results


def _settle_if_died(waiting: _Waiting[R], workers: _Workers, work: _Work[R], since: int | None = None) -> None:
    """When a pool has died since the batches out were sent (or since ``since``), every one of
    them settled (its results in place of its future) before any more work is sent: the records
    of the dead pool's batches, worked on again one at a time in the fresh pool, are then alone
    there, so a worker that dies again died of that record."""
    if not waiting:
        return
    if since is None:
        newest = waiting[-1][1]
        if isinstance(newest, list) or _generation(newest) == workers.generation:
            return
    for at in range(len(waiting)):
        batch, pending = waiting[at]
        if not isinstance(pending, list):
            waiting[at] = (batch, workers.results(pending, work, _texts(batch)))


class _Workers:
    """The worker processes, started only after the first batch has been worked on here: forked
    then, they find its imports done and its caches (the parse table, the rule sets) filled.
    Until then a task is done at once, here; so is cutting a piece after the run has given up on
    workers. A pool whose worker died is replaced by a fresh one (``generation`` counts them)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.pool: Executor | None = None
        self.generation = 0
        self.failures = 0  # pools that lost a worker
        self.given_up: str | None = None  # why no more work is sent, once so

    def start(self) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_start)

    def submit(self, task: Callable[..., T], *args: Any) -> Future[T]:
        """A future of ``task(*args)``: in a worker process, or done here (see the class)."""
        from concurrent.futures import Future
        from concurrent.futures.process import BrokenProcessPool

        if self.pool is not None:
            try:
                future = self.pool.submit(task, *args)
            except BrokenProcessPool:  # the pool died since it was last asked
                self.died(self.generation)
                return self.submit(task, *args)
            return _stamped(future, self.generation)
        done: Future[T] = Future()
        done.set_result(task(*args))
        return _stamped(done, self.generation)

    def send(self, work: _Work[R], texts: list[_Text]) -> _Pending[R]:
        """A future of a batch's work, or its results at once: not finished, after giving up.
        Sent to a pool found dead, it is not sent again: it fails as that pool's work does."""
        from concurrent.futures import Future
        from concurrent.futures.process import BrokenProcessPool

        if self.given_up is not None:
            return [_NotFinished(self.given_up)] * len(texts)
        if self.pool is None:
            return self.submit(_work_batch, work, texts)
        try:
            future = self.pool.submit(_work_batch, work, texts)
        except BrokenProcessPool as exc:
            future = Future()
            future.set_exception(exc)
        return _stamped(future, self.generation)

    def results(self, future: Future[list[_Result[R]]], work: _Work[R], texts: list[_Text]) -> list[_Result[R]]:
        """The batch's results; if its pool died, each record worked on again, alone."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            return future.result()
        except BrokenProcessPool:
            self.died(_generation(future))
            return [self._alone(work, text) for text in texts]

    def _alone(self, work: _Work[R], text: _Text) -> _Result[R]:
        from concurrent.futures.process import BrokenProcessPool

        if self.given_up is not None:
            return _NotFinished(self.given_up)
        future = self.submit(_work_batch, work, [text])
        try:
            return future.result()[0]
        except BrokenProcessPool:
            self.died(_generation(future))
            return _NotFinished(msg("the worker process working on it died (killed, perhaps for want of memory)"))

    def died(self, generation: int) -> None:
        """The pool of ``generation`` lost a worker: a fresh pool, once for each that dies; none
        after too many (the records left are then not finished)."""
        from muggins.limits import WORKER_FAILURES

        if generation != self.generation or self.pool is None:
            return
        self.failures += 1
        self.generation += 1
        self.pool.shutdown(wait=True, cancel_futures=True)  # its processes are gone already
        self.pool = None
        if self.failures > WORKER_FAILURES.value:
            self.given_up = msg("no more work was sent to worker processes: {problem}", problem=WORKER_FAILURES.exceeded(self.failures))
        else:
            self.start()

    def stop(self, at_once: bool = False) -> None:
        """No more work. ``at_once``: the run is abandoned (Ctrl-C, an error, a caller that
        stopped reading), so the workers are ended, not waited for: a batch of analysis can take
        minutes. (ProcessPoolExecutor has no public way to end its processes before Python 3.14.)"""
        if self.pool is None:
            return
        if at_once:
            processes = getattr(self.pool, "_processes", None) or {}
            for process in list(processes.values()):
                process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)


def _stamped(future: Future[T], generation: int) -> Future[T]:
    """``future`` marked with the ``generation`` of the pool it was sent to (a future takes any
    attribute, which its type does not say)."""
    future.generation = generation  # type: ignore[attr-defined]
    return future


def _generation(future: Future[Any]) -> int:
    """The generation :func:`_stamped` marked ``future`` with."""
    generation: int = future.generation  # type: ignore[attr-defined]
    return generation


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


def _texts(batch: list[_Item]) -> list[_Text]:
    return [item for item in batch if type(item) is tuple]


@dataclass(frozen=True, slots=True)
class _Unreadable:
    """A record's :class:`NotationError` on its way back from a worker (the exception itself
    does not survive pickling)."""

    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class _NotFinished:
    """A record whose work was lost with its worker process, and why."""

    why: str


def _work_batch(work: _Work[R], texts: list[_Text]) -> list[_Result[R]]:
    """A worker's part: parse each record's text and work on the record."""
    from muggins.notation.parser import NotationError, parse_chunk

    done: list[_Result[R]] = []
    for path, index, chunk in texts:
        record = parse_chunk(chunk, str(path))
        done.append(_Unreadable(tuple(record.diagnostics)) if isinstance(record, NotationError) else work(record, path, index))
    return done


def _merged(batch: list[_Item], results: list[_Result[R]]) -> Iterator[Event[R]]:
    """The batch's events in order: the records worked on, with what passed by the workers."""
    from muggins.notation.parser import NotationError

    worked = iter(results)
    for item in batch:
        if not isinstance(item, tuple):
            yield item  # an event, passed on
            continue
        result = next(worked)
        done: R | NotationError
        if isinstance(result, _Unreadable):
            done = NotationError(list(result.diagnostics))
        elif isinstance(result, _NotFinished):
            done = _not_finished(item, result.why)
        else:
            done = result
        yield RecordDone(item[0], item[1], done)


def _not_finished(item: _Text, why: str) -> NotationError:
    """A ``worker-failed`` error at the record of ``item`` (path, index, chunk)."""
    from muggins.diagnostics import Diagnostic
    from muggins.notation.parser import NotationError

    path, index, chunk = item
    blank = chunk.text[: len(chunk.text) - len(chunk.text.lstrip())]  # blank lines before it: not the record's
    message = msg("record {index} of the file was not finished: {why}", index=index, why=why)
    line = chunk.first_line + blank.count("\n")
    return NotationError([Diagnostic("worker-failed", message, source=str(path), line=line, column=1)])
