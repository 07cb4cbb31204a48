"""Records spread over a Dask cluster: the same batches and the same events as ``--jobs``.

An archive that outgrows one machine runs on an existing distributed engine, not a scheduler of
our own: ``dask.distributed``. The files are cut into batches of records exactly as for
``--jobs`` (spread.py), each batch is one task, and the results are given back in input order,
so a command's output is byte for byte that of ``--jobs 1``. Where the workers see the files
(a local cluster, or ``MUGGINS_SHARED_FILES=1``) a task is a piece of a file of about
:data:`PIECE_BYTES`, named by its place: the worker reads it, cuts it into records and works on
them, and only the results come back (a record's text never travels: sent to the client and
back, it cost half as much again as auditing it); elsewhere the calling process reads the files
and a batch's text travels with its task. (``analyze``'s one record per task: the workers cut
the pieces, the records' text goes out again one at a time, as for ``--jobs``.)

A worker that dies mid-task loses nothing. Dask's scheduler gives the task to another worker
(up to its ``allowed-failures``); a batch that still fails with ``KilledWorker`` is sent again
one record per task, and a record whose task kills workers again is given as not finished (the
``worker-failed`` error of spread.py, with its file and index). Every other record is reported.

Dask and distributed are an optional extra (``pip install 'muggins[cluster]'``); only this module
imports them, and only when a scheduler is asked for.
"""

from __future__ import annotations

import warnings
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from muggins.batch.events import Event
from muggins.i18n import msg
from muggins.batch.spread import BATCH_CHARS, IN_FLIGHT, _batches, _items, _merged, _NotFinished, _texts, _Unreadable, _work_batch

if TYPE_CHECKING:
    from muggins.batch.spread import _Item, _Text
    from muggins.notation.model import Record
    from muggins.notation.split import Chunk

R = TypeVar("R")

__all__ = ["ClusterError", "INSTALL", "LOCAL", "connect", "spread_on_cluster"]

#: How to get the optional extra, for the message where it is missing.
INSTALL = "pip install 'muggins[cluster]'"

#: ``local:N``: a cluster of N worker processes started on this machine for the run.
LOCAL = "local:"

class ClusterError(Exception):
    """The cluster cannot be used: the extra is not installed, the address is not a scheduler's,
    or none answers. The message says which and what to do; the command exits 2."""


def connect(scheduler: str) -> Any:
    """A ``distributed.Client`` for ``scheduler`` (an address such as ``tcp://host:8786``, or
    ``local:N``), or :class:`ClusterError`. A local cluster closes with its client."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(msg("--scheduler needs Dask's distributed scheduler, which is not installed: {install}", install=INSTALL)) from None
    scheduler = scheduler.strip()
    if scheduler.startswith(LOCAL):
        count = scheduler[len(LOCAL):]
        if not count.isdigit() or not 1 <= int(count) <= 256:
            raise ClusterError(msg("--scheduler {scheduler!r}: local:N takes a number of workers from 1 to 256, as in local:2", scheduler=scheduler))
        import logging

        import dask

        # A worker that dies is started again by its nanny; the cluster must not give up the
        # nanny meanwhile. distributed closes a nanny for good when no worker of its name has
        # come back within lost-worker-timeout (15 s) of a death, and a record that kills every
        # worker it meets keeps them away about that long: a local cluster left with no nanny
        # waits for ever. (Read at each death, in this process: set for the process, which is
        # the command's.)
        dask.config.set({"distributed.deploy.lost-worker-timeout": "86400s"})
        # The servers' housekeeping, slowed: a local cluster has no dashboard to feed, and each
        # wake-up of a worker's event loop takes the interpreter's lock from the task at work.
        # The loop's tick (every 20 ms, to say when the loop was blocked) and the sampling
        # profiler (every 10 ms, for the dashboard's profile) cost an audit a tenth of its
        # CPU; the system monitor (psutil, every 500 ms) and the nanny's memory watch (every
        # 100 ms) a little more. (Set before the cluster starts: its workers take this config.)
        dask.config.set(
            {
                "distributed.admin.tick.interval": "1s",
                "distributed.worker.profile.enabled": False,
                "distributed.admin.system-monitor.interval": "5s",
                "distributed.worker.memory.monitor-interval": "1s",
            }
        )
        with warnings.catch_warnings():
            # Another cluster (a notebook's, say) on the dashboard's port 8787: distributed
            # takes another port and warns on stderr, a Python warning in the command's output.
            warnings.filterwarnings("ignore", message=r"Port \d+ is already in use", category=UserWarning)
            cluster = distributed.LocalCluster(
                n_workers=int(count),
                threads_per_worker=1,  # the work is pure Python: one thread per process
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,
            )
        client = distributed.Client(cluster, set_as_default=False)
        client._muggins_cluster = cluster  # type: ignore[attr-defined]  # closed with the client
        return client
    if not scheduler:
        raise ClusterError(msg("--scheduler needs an address (tcp://host:8786) or local:N"))
    _check_address(scheduler)
    client = _client(distributed, scheduler)
    from muggins.limits import WORKER_WAIT

    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT.value)
    except (OSError, TimeoutError) as exc:
        close(client)
        raise ClusterError(msg("--scheduler {address!r}: no worker joined the scheduler: {problem}", address=scheduler, problem=WORKER_WAIT.exceeded())) from exc
    return client


def _check_address(scheduler: str) -> None:
    """:class:`ClusterError` at once for an address that names no host and port (``bogus``,
    ``tcp://host``, ``host:port``): distributed takes 20 s to refuse one, and then prints a
    traceback from a half-made client as the command ends. Schemes other than those of host and
    port (``ucx://``) are left to distributed."""
    from distributed.comm.addressing import get_address_host_port, normalize_address, parse_address

    try:
        address = normalize_address(scheduler)
        if parse_address(address)[0] in ("tcp", "tls", "ws", "wss"):
            host, port = get_address_host_port(address)
            if not host or not 0 < port < 65536:
                raise ClusterError(msg("--scheduler {address!r}: not a scheduler's address (it needs a host and a port from 1 to 65535): give one as tcp://host:8786, or local:N", address=scheduler))
    except (ValueError, TypeError) as exc:
        raise ClusterError(
            msg("--scheduler {address!r}: not a scheduler's address ({problem}): give one as tcp://host:8786, or local:N", address=scheduler, problem=str(exc))
        ) from None


def _client(distributed: Any, scheduler: str) -> Any:
    """A client of the scheduler at ``scheduler``, within the ``scheduler-wait-seconds`` limit,
    or :class:`ClusterError`. distributed's own timeout does not cover its handshake: a port that
    takes the connection and says nothing is waited on for ever, so the client is made in a
    thread of its own, given up on after the limit (it ends with the command)."""
    import threading

    from muggins.limits import SCHEDULER_WAIT

    seconds = SCHEDULER_WAIT.value
    made: list[Any] = []

    def make() -> None:
        try:
            made.append(distributed.Client(scheduler, timeout=seconds, set_as_default=False))
        except Exception as exc:  # (OSError, TimeoutError, ValueError: said below)
            made.append(exc)

    thread = threading.Thread(target=make, name="muggins-connect", daemon=True)
    thread.start()
    thread.join(seconds + 1)
    if not made:
        raise ClusterError(msg("--scheduler {address!r}: no Dask scheduler answered: {problem}", address=scheduler, problem=SCHEDULER_WAIT.exceeded()))
    if isinstance(made[0], Exception):
        raise ClusterError(msg("--scheduler {address!r}: no Dask scheduler answered ({problem})", address=scheduler, problem=str(made[0]))) from None
    return made[0]


def close(client: Any) -> None:
    """Close ``client`` and the local cluster it started, if it did."""
    cluster = getattr(client, "_muggins_cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def workers(client: Any) -> int:
    """How many workers the cluster has now (at least 1, to size the window of tasks out)."""
    return max(1, len(client.scheduler_info().get("workers", {})))


def _result(future: Any) -> Any:
    """``future.result()``, but given up on (:class:`ClusterError`) once the scheduler has had no
    worker for the ``worker-wait-seconds`` limit: Dask waits for workers to come back, and a run
    on a remote cluster whose workers have all left would otherwise wait for ever. The records
    given so far stand; the message says the others were not finished.

    It waits on the future's done callback, not on ``future.result(timeout=...)``: under load
    that one now and then raises ``UnboundLocalError`` from inside distributed (dask/distributed
    issue 8514: the timeout's cancellation escapes its ``except Exception``), which ended a run
    of 2,000 games after 1,409 of them; ``result()`` without a timeout is only asked for once
    the future is done."""
    import threading
    import time

    from muggins.limits import WORKER_WAIT

    done = threading.Event()
    future.add_done_callback(lambda _: done.set())
    alone_since: float | None = None
    while True:
        if done.wait(1):
            return future.result()
        if future.client.scheduler_info().get("workers"):
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > WORKER_WAIT.value:
            raise ClusterError(msg("--scheduler: no worker left on the scheduler, so the records not yet given were not finished: {problem}", problem=WORKER_WAIT.exceeded()))


class _Waited:
    """A future whose ``result()`` is :func:`_result`'s (for pieces.py's cut, shared with ``--jobs``)."""

    def __init__(self, future: Any) -> None:
        self.future = future

    def result(self) -> Any:
        return _result(self.future)

    def cancel(self) -> None:
        _cancel(self.future)


def _cancel(*futures: Any) -> None:
    """Cancel ``futures``; nothing to do where the client has closed already (an error ended
    the run, and the generators holding them are closed after it)."""
    for future in futures:
        try:
            future.cancel()
        except RuntimeError:  # "IOLoop is closed"
            return


def shares_files(client: Any) -> bool:
    """Whether the workers see the files as the calling process does: they do on a local
    cluster, and where ``MUGGINS_SHARED_FILES=1`` says so (a cluster on one shared file system).
    Then the workers cut the files into records too (pieces.py), as for ``--jobs``."""
    import os

    return hasattr(client, "_muggins_cluster") or os.environ.get("MUGGINS_SHARED_FILES") == "1"


#: On a cluster, about this many bytes of a file make one task where the workers see the files
#: (a Dask task and its messages cost more than a process pool's: some 250 KB, a few tenths of a
#: second of auditing, keep that small beside the work).
PIECE_BYTES = 256 * 1024


def spread_on_cluster(
    paths: Iterable[Path],
    work: Callable[[Record, Path, int], R],
    client: Any,
    batch_chars: int | None = None,
    done: Callable[[int], None] | None = None,
) -> Iterator[Event[R]]:
    """Each record of each file in ``paths``, in order, as ``work(record, path, index)`` made it
    on the cluster of ``client`` (from :func:`connect`); a
    :class:`~muggins.batch.events.FileDone` after each file. ``work`` and its results must
    pickle, as for ``--jobs``. At most :data:`~muggins.batch.spread.IN_FLIGHT` tasks per worker
    are out at once, so memory stays flat however large the archive. ``batch_chars``: as for
    :func:`~muggins.batch.spread.spread` (None: :data:`PIECE_BYTES` where the workers see the
    files, else :data:`~muggins.batch.spread.BATCH_CHARS`). ``done(n)`` is called, in a thread of
    the client's, as each task of ``n`` records finishes (a task that fails or is cancelled is not
    counted; its records are counted where they are worked on again).

    Where the workers see the files (:func:`shares_files`) and batches are not single records,
    a task is a piece of a file, named by its place in the file: the worker reads it, cuts it
    into records and works on them (:func:`_pieces_worked`), and only the results come back."""
    count = workers(client)
    if shares_files(client) and (batch_chars is None or batch_chars > 1):
        yield from _pieces_worked(paths, work, client, batch_chars or PIECE_BYTES, count, done)
        return
    window = count * IN_FLIGHT
    waiting: deque[tuple[list[_Item], Any]] = deque()  # (a batch, its future or its results)
    if shares_files(client):
        from distributed import KilledWorker

        from muggins.batch.pieces import cut_items

        def submit(task: Callable[..., Any], *args: Any) -> Any:
            return _Waited(client.submit(task, *args, pure=False))

        items = cut_items(paths, submit, ahead=2 * count, size=BATCH_CHARS, died=(KilledWorker,))
    else:
        items = _items(paths)
    try:
        for batch in _batches(items, batch_chars or BATCH_CHARS):
            texts = _texts(batch)
            waiting.append((batch, _submit(client, work, texts, done) if texts else []))
            if len(waiting) >= window:
                yield from _merged(*_settled(client, work, waiting.popleft(), done))
        while waiting:
            yield from _merged(*_settled(client, work, waiting.popleft(), done))
    finally:
        for _, future in waiting:
            if not isinstance(future, list):
                future.cancel()


# ---- pieces of files cut and worked on by the workers ----------------------------------------
# The calling process reads each file only to find where its pieces meet (pieces.py's cut, on
# raw bytes) and sends each piece's place: (path, offset, length, first line, ...). A worker
# reads the piece, cuts it into records (split_piece) and keeps them; a second task gives the
# calling process only how many records the piece holds, which numbers the records of the next
# piece; a third works on the records, where they are kept, and gives back the results alone.
# Each record's text thus never travels. A piece that does not cut as reading in order would (or
# whose worker died while cutting) sends the file back to reading in order from there, its
# records' text sent in batches as elsewhere.


class _Piece:
    """A piece of ``path`` whose ``count`` records, numbered from ``base + 1``, were cut on the
    cluster (``chunks``, a future); ``worked`` is the future of their results."""

    __slots__ = ("path", "base", "count", "chunks", "worked")

    def __init__(self, path: Path, base: int, count: int, chunks: Any) -> None:
        self.path, self.base, self.count, self.chunks = path, base, count, chunks
        self.worked: Any = None


def _pieces_worked(
    paths: Iterable[Path], work: Callable[[Record, Path, int], R], client: Any, size: int, count: int, done: Callable[[int], None] | None
) -> Iterator[Event[R]]:
    window = count * IN_FLIGHT
    waiting: deque[_Piece | tuple[list[_Item], Any]] = deque()  # a piece, or a batch read in order and its future
    try:
        batch: list[_Item] = []
        chars = 0
        for unit in _units(paths, client, size, ahead=2 * count):
            if isinstance(unit, _Piece) or chars >= BATCH_CHARS:
                if batch:
                    texts = _texts(batch)
                    waiting.append((batch, _submit(client, work, texts, done) if texts else []))
                    batch, chars = [], 0
            if isinstance(unit, _Piece):
                unit.worked = _submit_piece(client, work, unit, done)
                waiting.append(unit)
            else:
                batch.append(unit)
                if type(unit) is tuple:
                    chars += len(unit[2].text)
            while len(waiting) >= window:
                yield from _settled_unit(client, work, waiting.popleft(), done)
        if batch:
            texts = _texts(batch)
            waiting.append((batch, _submit(client, work, texts, done) if texts else []))
        while waiting:
            yield from _settled_unit(client, work, waiting.popleft(), done)
    finally:
        for entry in waiting:
            future = entry.worked if isinstance(entry, _Piece) else entry[1]
            if future is not None and not isinstance(future, list):
                future.cancel()


def _units(paths: Iterable[Path], client: Any, size: int, ahead: int) -> Iterator[_Piece | _Item]:
    """Each file as pieces cut on the cluster, in order, ``ahead`` pieces cut at a time; where
    the pieces stop matching reading in order, the rest of the file as items of spread.py
    (records' text, a ``not-utf8`` stop); a :class:`FileDone` after each file."""
    from distributed import KilledWorker

    from muggins.batch.pieces import file_pieces

    def send(path: Path, offset: int, piece: tuple[bytes, int, bool, bool]) -> tuple[Any, Any]:
        raw, line, opens, closes = piece
        chunks = client.submit(_cut_at, str(path), offset, len(raw), line, opens, closes, pure=False)
        return chunks, client.submit(_how_many, chunks, pure=False)  # (the chunks' future, their count's)

    def take(path: Path, given: int, sent: tuple[Any, Any]) -> tuple[list[_Piece], int] | None:
        try:
            many = _result(sent[1])
        except KilledWorker:  # its worker died cutting it: the file in order from here
            return None
        return None if many is None else ([_Piece(path, given, many, sent[0])], many)

    yield from file_pieces(paths, size, ahead, send, take, lambda sent: _cancel(sent[1], sent[0]))


def _cut_at(path: str, offset: int, length: int, first_line: int, opens: bool, closes: bool) -> list[Chunk] | None:
    """A worker's part: the records of the piece of ``path`` at ``offset`` (``length`` bytes),
    as :func:`~muggins.notation.split.split_piece` cuts them; None where it cannot say (the
    file cannot be read there, or has changed): the file is then read in order."""
    from muggins.notation.split import split_piece

    try:
        with open(path, "rb") as handle:
            handle.seek(offset)
            raw = handle.read(length)
    except OSError:
        return None
    if len(raw) != length:
        return None
    return split_piece(raw, first_line, opens, closes)


def _how_many(chunks: list[Chunk] | None) -> int | None:
    return None if chunks is None else len(chunks)


def _work_piece(work: Callable[[Record, Path, int], R], path: Path, base: int, chunks: list[Chunk]) -> list[Any]:
    """A worker's part: the records of a piece, numbered from ``base + 1``, worked on."""
    return _work_batch(work, [(path, base + at, chunk) for at, chunk in enumerate(chunks, 1)])


def _submit_piece(client: Any, work: Callable[[Record, Path, int], Any], piece: _Piece, done: Callable[[int], None] | None) -> Any:
    return _counted(client.submit(_work_piece, work, piece.path, piece.base, piece.chunks, pure=False), piece.count, done)


def _settled_unit(
    client: Any, work: Callable[[Record, Path, int], Any], entry: _Piece | tuple[list[_Item], Any], done: Callable[[int], None] | None
) -> Iterator[Event[Any]]:
    """The events of a piece or of a batch, in order, once its results are in."""
    if not isinstance(entry, _Piece):
        yield from _merged(*_settled(client, work, entry, done))
        return
    from distributed import KilledWorker

    try:
        results = _result(entry.worked)
    except KilledWorker:
        results = None
    if results is None:  # a record of the piece kills workers: each worked on alone
        texts: list[_Text] = [(entry.path, entry.base + at, chunk) for at, chunk in enumerate(_result(entry.chunks), 1)]
        yield from _merged(list(texts), _alone(client, work, texts, done))
        return
    entry.chunks = entry.worked = None  # let go of the records kept on the cluster
    from muggins.batch.events import RecordDone
    from muggins.notation.parser import NotationError

    for at, result in enumerate(results, 1):
        yield RecordDone(entry.path, entry.base + at, NotationError(list(result.diagnostics)) if isinstance(result, _Unreadable) else result)


def _submit(client: Any, work: Callable[[Record, Path, int], Any], texts: list[_Text], done: Callable[[int], None] | None) -> Any:
    # pure=False: two batches of the same text are two tasks (their keys must not collide).
    return _counted(client.submit(_work_batch, work, texts, pure=False), len(texts), done)


def _counted(future: Any, count: int, done: Callable[[int], None] | None) -> Any:
    """``future``, calling ``done(count)`` when it has finished (not when it fails)."""
    if done is not None:

        def finished(future: Any) -> None:
            if future.status == "finished":
                done(count)

        future.add_done_callback(finished)
    return future


def _settled(
    client: Any, work: Callable[[Record, Path, int], Any], entry: tuple[list[_Item], Any], done: Callable[[int], None] | None
) -> tuple[list[_Item], list[Any]]:
    """A batch and its results; a batch that killed workers is worked on one record per task."""
    from distributed import KilledWorker

    batch, future = entry
    if isinstance(future, list):
        return batch, future
    texts = _texts(batch)
    try:
        return batch, _result(future)
    except KilledWorker:
        pass
    return batch, _alone(client, work, texts, done)


def _alone(client: Any, work: Callable[[Record, Path, int], Any], texts: list[_Text], done: Callable[[int], None] | None) -> list[Any]:
    """The results of ``texts``, each record a task of its own: a record whose task kills
    workers is not finished."""
    from distributed import KilledWorker

    alone = [_submit(client, work, [text], done) for text in texts]
    results = []
    for one in alone:
        try:
            results.append(_result(one)[0])
        except KilledWorker:
            results.append(_NotFinished(msg("worker failed: the worker processes working on it died (killed, perhaps for want of memory)")))
    return results
