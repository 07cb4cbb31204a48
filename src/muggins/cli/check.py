"""``muggins check``: read record files and report every problem in their notation and play.

Each file is read record by record: a record that cannot be read reports its diagnostics, a
record that can goes through every function in :data:`CHECKERS`: the notation's own checks,
then the replay of every hand under the record's rules (a tile played twice, a turn out of
turn). What the plays scored is left to ``muggins audit``, and the summary says so. More
checkers are plugged in by adding to that list. Records are checked as they
are read (in ``--jobs`` processes), and reported as they are checked: memory does not grow with
the number of records.
"""

from __future__ import annotations

import enum
import sys
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_UNUSABLE,
    EmptyDocument,
    empty_document,
    capped_jobs,
    cluster_for,
    jobs_option,
    named_files,
    no_color_option,
    print_diagnostic,
    quiet_option,
    rules_dir_option,
    scheduler_option,
    stderr_console,
)
from muggins.cli.output import counted, error, say
from muggins.i18n import N_, _, localize, msg, plural

if TYPE_CHECKING:
    from tempfile import SpooledTemporaryFile

    from rich.console import Console

    from muggins.cli.jsonout import StreamedList
    from muggins.diagnostics import Diagnostic
    from muggins.notation.model import Record

#: A check run on every record that parsed: its findings.
Checker = Callable[["Record"], Iterable["Diagnostic"]]


def _notation(record: Record) -> list[Diagnostic]:
    """What the parser noted in the record's text (every command reports the same)."""
    return list(record.notes)


def _play(record: Record, rules_dirs: tuple[str, ...] = ()) -> list[Diagnostic]:
    """The record replayed under its rules: its structure (set, table, deals) and every rule of
    play; not what the plays scored (``muggins audit``'s), nor the replay's notes (a hand that
    stops before its end: a game under way)."""
    from muggins.replay.structure import check_play

    return [d for d in check_play(record, tuple(Path(d) for d in rules_dirs)) if d.severity != "info"]


#: Functions run on every record that parsed, in order; each returns its findings: the
#: notation's own checks, then the replay under the record's rules. With ``--jobs`` they run
#: in other processes, so each must pickle (a module-level function).
CHECKERS: list[Checker] = [_notation, _play]

#: What the last line says when nothing was found: what check looked at, and what it did not.
CLEAN_WORDS = N_("notation and play clean; run muggins audit for the scores")

JSON_SCHEMA = "muggins.check/1"

#: Codes meaning the file itself could not be used, rather than a problem in a record.
UNUSABLE_CODES = frozenset({"not-utf8", "line-too-long", "worker-failed"})


class CheckFormat(str, enum.Enum):
    """What check can write: a person's report, or one JSON document."""

    text = "text"
    json = "json"


@dataclass
class FileReport:
    """What checking one file found. ``error`` is set when the file could not be used at all."""

    path: str
    records: int = 0
    unreadable_records: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: str | None = None
    problems: int = 0  # diagnostics that are not ``info``

    def add(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """Count ``diagnostics`` in; they are kept in :attr:`diagnostics` only by
        :func:`check_file` (a command reports them as they come instead)."""
        diagnostics = list(diagnostics)
        self.problems += sum(1 for d in diagnostics if d.severity != "info")
        return diagnostics

    def head_json(self) -> dict[str, Any]:
        return {"file": self.path, "records": self.records, "unreadable_records": self.unreadable_records, "error": self.error}

    def to_json(self) -> dict[str, Any]:
        return {**self.head_json(), "diagnostics": [d.to_json() for d in self.diagnostics]}


def _check_one(checkers: tuple[Checker, ...], record: Record, path: Path, index: int) -> list[Diagnostic]:
    """The work done on each readable record, in whichever process."""
    found: list[Diagnostic] = []
    for checker in checkers:
        found.extend(checker(record))
    return found


def _checked(paths: Iterable[Path], checkers: Iterable[Checker], jobs: int, cluster: object = None) -> Iterator[tuple[FileReport, list[Diagnostic] | None]]:
    """(the file's report so far, the diagnostics just found) for each record; then
    (the finished report, None) at the end of each file."""
    from muggins.batch.spread import FileDone, spread

    report: FileReport | None = None
    for event in spread(paths, partial(_check_one, tuple(checkers)), jobs, cluster):
        if report is None:
            report = FileReport(str(event.path))
        if isinstance(event, FileDone):
            if event.error is not None:
                report.error = msg("cannot read {path}: {error}", path=str(event.path), error=event.error)
            yield report, None
            report = None
            continue
        result = event.result
        if isinstance(result, list):
            report.records += 1
            yield report, report.add(result)
            continue
        # a NotationError: a record that cannot be read, or the file stops being UTF-8
        if any(d.code in UNUSABLE_CODES for d in result.diagnostics):
            report.error = result.diagnostics[0].message
        else:
            report.records += 1
            report.unreadable_records += 1
        yield report, report.add(result.diagnostics)


def check_file(path: Path, checkers: Iterable[Checker] | None = None) -> FileReport:
    """Read ``path`` record by record and collect every diagnostic (``checkers``: :data:`CHECKERS`
    as it is when called, unless given)."""
    report = FileReport(str(path))
    for report, found in _checked([path], list(CHECKERS if checkers is None else checkers), 1):
        if found:
            report.diagnostics.extend(found)
    return report


def print_diagnostics(diagnostics: Iterable[Diagnostic], console: Console | None = None) -> None:
    """Each diagnostic rendered with its caret on stderr; coloured only on a terminal."""
    diagnostics = list(diagnostics)
    if not diagnostics:
        return
    console = console or stderr_console()
    for diagnostic in diagnostics:
        print_diagnostic(console, diagnostic)


def _summary(report: FileReport) -> str:
    if report.error and not report.records:
        return f"{report.path}: " + _("unreadable")
    records = counted(report.records, "record")
    if report.unreadable_records:
        records += localize(plural(" ({n} unreadable)", " ({n} unreadable)", report.unreadable_records))  # (one word in English, two in es, pt)
    problems = report.problems
    verdict = _("clean") if not problems else counted(problems, "problem")
    tail = _("; then {error}").format(error=localize(report.error)) if report.error else ""
    return f"{report.path}: {records}, {verdict}{tail}"


@empty_document("check")
def _empty(**_parameters: object) -> dict[str, object]:
    """The document of a run that checked no file."""
    return {"schema": JSON_SCHEMA, "files": []}


@app.command("check")
def check_command(
    files: List[str] = typer.Argument(..., help=N_("Record files (.mgn), folders of them, or - for standard input."), show_default=False),
    format: CheckFormat = typer.Option(
        CheckFormat.text,
        "--format",
        help=N_("text (diagnostics on stderr, one summary line per file and one for the run on stdout) or json (one document on stdout, written as the records are checked)."),
    ),
    jobs: int = jobs_option(N_("Check records")),
    scheduler: Optional[str] = scheduler_option(N_("Check records")),
    rules_dir: List[str] = rules_dir_option(),
    quiet: bool = quiet_option(),
    no_color: bool = no_color_option(),
) -> None:
    """Check record files: the notation (syntax, declared seats, hand order, and more) and the
    play, each record replayed under its rules (a tile played twice, a turn out of turn, a draw
    while able to play). What the plays scored is for `muggins audit`.

    Exit codes: 0 clean, 1 problems found in the records, 2 a file could not be read.
    """
    paths, usable = named_files(files)
    checkers = [partial(_play, rules_dirs=tuple(rules_dir)) if c is _play and rules_dir else c for c in CHECKERS]
    with EmptyDocument(_empty if format is CheckFormat.json else None) as pending:
        with cluster_for(scheduler, jobs) as cluster:  # a cluster that cannot be had: nothing checked
            pending.begun()
            checked = _checked(paths, checkers, capped_jobs(jobs), cluster)
            total = _report(checked, format, quiet, usable)
    if total.unusable:
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if total.problems else EXIT_CLEAN)


def _report(checked: Iterable[tuple[FileReport, list[Diagnostic] | None]], format: CheckFormat, quiet: bool, usable: bool) -> _Total:
    """Write what ``checked`` gives as ``format`` asks; the run's figures."""
    total = _Total(unusable=not usable)
    if format is CheckFormat.json:
        for report in _write_json(checked):
            total.add(report)
    else:
        console = None  # made at the first diagnostic: a clean run needs no rich
        said = False  # the current file has had diagnostics
        for report, found in checked:
            if found is not None:
                if found and not quiet:
                    said = True
                    console = console or stderr_console()
                    print_diagnostics(found, console)
                continue
            if report.error and not said:
                error(localize(report.error))
            if not quiet:
                say(_summary(report))
            said = False
            total.add(report)
        say(total.line())
    return total


@dataclass
class _Total:
    """The run's figures, for its last line."""

    files: int = 0
    records: int = 0
    unreadable: int = 0
    problems: int = 0
    unusable: bool = False
    failed_files: int = 0

    def add(self, report: FileReport) -> None:
        self.files += 1
        self.records += report.records
        self.unreadable += report.unreadable_records
        self.problems += report.problems
        if report.error is not None:
            self.failed_files += 1
            self.unusable = True

    def line(self) -> str:
        if not self.files:
            return _("no file was checked")
        head = f"{counted(self.files, 'file')}, {counted(self.records, 'record')}"
        if self.unreadable:
            head += localize(plural(" ({n} unreadable)", " ({n} unreadable)", self.unreadable))
        verdict = _(CLEAN_WORDS) if not self.problems else _("{problems} in the notation or play").format(problems=counted(self.problems, "problem"))
        tail = _("; {files} could not be read").format(files=counted(self.failed_files, "file")) if self.failed_files else ""
        return f"{head}: {verdict}{tail}"


def _write_json(checked: Iterable[tuple[FileReport, list[Diagnostic] | None]]) -> Iterator[FileReport]:
    """The ``muggins.check/1`` document on stdout, a file at a time (each finished report is
    passed on); a file's diagnostics wait in a spooled temporary file, on disk past a megabyte,
    until its counts are known, since they come first in the document."""
    import tempfile

    from muggins.cli.jsonout import StreamedList, StreamedObject

    write = sys.stdout.write
    document = StreamedObject(write)
    document.put("schema", JSON_SCHEMA)
    files = document.open_list("files")
    spooled: tuple[SpooledTemporaryFile[str], StreamedList] | None = None  # the current file's diagnostics
    for report, found in checked:
        if spooled is None:
            spool = tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8")
            spooled = (spool, StreamedList(spool.write, 3))
        spool, diagnostics = spooled
        if found is not None:
            for diagnostic in found:
                diagnostics.add(diagnostic.to_json())
            continue
        entry = files.open_object()
        for key, value in report.head_json().items():
            entry.put(key, value)
        entry.key("diagnostics")
        write("[")
        diagnostics.close()
        spool.seek(0)
        while piece := spool.read(1 << 16):
            write(piece)
        spool.close()
        spooled = None
        entry.close()
        yield report
    files.close()
    document.close()
    write("\n")
