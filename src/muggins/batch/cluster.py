"""Records spread over a Dask cluster: the same batches and the same events as ``--jobs``.

An archive that outgrows one machine runs on an existing distributed engine, not a scheduler of
our own: ``dask.distributed``. The files are cut into batches of records exactly as for
``--jobs`` (spread.py), each batch is one task, and the results are given back in input order,
so a command's output is byte for byte that of ``--jobs 1``. Where the workers see the files
(a local cluster, or ``MUGGINS_SHARED_FILES=1``) they cut them into records too, as for
``--jobs``; elsewhere the calling process reads the files and a batch's text travels with its
task.

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
from muggins.batch.spread import BATCH_CHARS, IN_FLIGHT, _batches, _items, _merged, _NotFinished, _texts, _work_batch

if TYPE_CHECKING:
    from muggins.batch.spread import _Item, _Text
    from muggins.notation.model import Record

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
        raise ClusterError(f"--scheduler needs Dask's distributed scheduler, which is not installed: {INSTALL}") from None
    scheduler = scheduler.strip()
    if scheduler.startswith(LOCAL):
        count = scheduler[len(LOCAL):]
        if not count.isdigit() or not 1 <= int(count) <= 256:
            raise ClusterError(f"--scheduler {scheduler!r}: local:N takes a number of workers from 1 to 256, as in local:2")
        import logging

        import dask

        # A worker that dies is started again by its nanny; the cluster must not give up the
        # nanny meanwhile. distributed closes a nanny for good when no worker of its name has
        # come back within lost-worker-timeout (15 s) of a death, and a record that kills every
        # worker it meets keeps them away about that long: a local cluster left with no nanny
        # waits for ever. (Read at each death, in this process: set for the process, which is
        # the command's.)
        dask.config.set({"distributed.deploy.lost-worker-timeout": "86400s"})
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
        raise ClusterError("--scheduler needs an address (tcp://host:8786) or local:N")
    client = _client(distributed, scheduler)
    from muggins.limits import WORKER_WAIT

    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT.value)
    except (OSError, TimeoutError) as exc:
        close(client)
        raise ClusterError(msg("--scheduler {address!r}: no worker joined the scheduler: {problem}", address=scheduler, problem=WORKER_WAIT.exceeded())) from exc
    return client


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


def shares_files(client: Any) -> bool:
    """Whether the workers see the files as the calling process does: they do on a local
    cluster, and where ``MUGGINS_SHARED_FILES=1`` says so (a cluster on one shared file system).
    Then the workers cut the files into records too (pieces.py), as for ``--jobs``."""
    import os

    return hasattr(client, "_muggins_cluster") or os.environ.get("MUGGINS_SHARED_FILES") == "1"


def spread_on_cluster(
    paths: Iterable[Path],
    work: Callable[[Record, Path, int], R],
    client: Any,
    batch_chars: int = BATCH_CHARS,
    done: Callable[[int], None] | None = None,
) -> Iterator[Event[R]]:
    """Each record of each file in ``paths``, in order, as ``work(record, path, index)`` made it
    on the cluster of ``client`` (from :func:`connect`); a
    :class:`~muggins.batch.events.FileDone` after each file. ``work`` and its results must
    pickle, as for ``--jobs``. At most :data:`~muggins.batch.spread.IN_FLIGHT` batches per
    worker are out at once, so memory stays flat however large the archive. ``batch_chars``: as
    for :func:`~muggins.batch.spread.spread`. ``done(n)`` is called, in a thread of the client's,
    as each task of ``n`` records finishes (a task that fails or is cancelled is not counted;
    its records are counted where they are worked on again)."""
    count = workers(client)
    window = count * IN_FLIGHT
    waiting: deque[tuple[list[_Item], Any]] = deque()  # (a batch, its future or its results)
    if shares_files(client):
        from distributed import KilledWorker

        from muggins.batch.pieces import cut_items

        def submit(task: Callable[..., Any], *args: Any) -> Any:
            return client.submit(task, *args, pure=False)

        items = cut_items(paths, submit, ahead=2 * count, size=BATCH_CHARS, died=(KilledWorker,))
    else:
        items = _items(paths)
    try:
        for batch in _batches(items, batch_chars):
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


def _submit(client: Any, work: Callable[[Record, Path, int], Any], texts: list[_Text], done: Callable[[int], None] | None) -> Any:
    # pure=False: two batches of the same text are two tasks (their keys must not collide).
    future = client.submit(_work_batch, work, texts, pure=False)
    if done is not None:
        count = len(texts)

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
        return batch, future.result()
    except KilledWorker:
        pass
    alone = [_submit(client, work, [text], done) for text in texts]
    results = []
    for one in alone:
        try:
            results.append(one.result()[0])
        except KilledWorker:
            results.append(_NotFinished("worker failed: the worker processes working on it died (killed, perhaps for want of memory)"))
    return batch, results
