"""A progress bar with an ETA on stderr, for commands that work through many records.

Shown only where stderr is a terminal (rich's bar: records done of all, elapsed, time left),
and never under ``--quiet``; piped or redirected, nothing is drawn, so logs and scripts see only the command's messages.
While the bar is up, text written to stdout goes above it when stdout is the same terminal,
and straight to stdout otherwise (a pipe or a file gets the output untouched); an ``-o`` file is
written straight, and never sees the bar (``output.writer``).
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Protocol

from muggins.i18n import N_, _

if TYPE_CHECKING:
    from rich.console import Console


class Advance(Protocol):
    """What :func:`progress` gives: call it with how many records are done since (1 by default).
    It may be called from any thread (a cluster's task completions come in one of the client's)."""

    def __call__(self, count: int = 1) -> None: ...


def _nothing(count: int = 1) -> None:
    """The bar off a terminal: nothing is drawn."""


def count_records(paths: list[Path]) -> int:
    """How many records the files hold, cut but not parsed (unreadable files count none: their
    problem is reported when they are read for the work)."""
    from muggins.notation.parser import read_chunks

    total = 0
    for path in paths:
        try:
            total += sum(1 for _ in read_chunks(path))
        except OSError:
            continue
    return total


@contextmanager
def progress(err: Console, paths: list[Path], what: str = N_("records"), total: int | None = None, shown: bool = True) -> Iterator[Advance]:
    """A function to call as records are done (:class:`Advance`; or as ``total`` steps of
    ``what`` are), drawing the bar on ``err`` (a rich console) when it is a terminal; a function
    that does nothing otherwise, and where ``shown`` is false (``--quiet``). A terminal only
    forced (``FORCE_COLOR``) is not one: colour is asked for there, not a bar redrawn in a log."""
    from muggins.cli.output import is_terminal

    if not (shown and err.is_terminal and is_terminal(err.file)):
        yield _nothing
        return
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn(f"[bold]{escape(_(what))}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn(escape(_("ETA"))),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        redirect_stdout=sys.stdout.isatty(),
        redirect_stderr=False,
    )
    task = bar.add_task(what, total=count_records(paths) if total is None else total)

    def advance(count: int = 1) -> None:
        bar.advance(task, count)  # (rich's Progress takes a lock: any thread may call it)

    with bar:
        yield advance
