"""``muggins check``: read record files and report every problem in their notation.

Each file is read record by record: a record that cannot be read reports its diagnostics, a
record that can goes through every function in :data:`CHECKERS`. More checkers (the rule-aware
ones of ``muggins.replay``) are plugged in by adding to that list.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, List

import typer

from muggins.cli.app import app
from muggins.cli.common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE, Format, die, stderr_console
from muggins.diagnostics import Diagnostic
from muggins.notation.checks import check_record
from muggins.notation.model import Record



def _structure(record: Record) -> list[Diagnostic]:
    from muggins.replay.structure import check_structure

    return check_structure(record)


#: Functions run on every record that parsed, in order; each returns its findings: the
#: notation's own checks, then the rule-aware structure (set, table, deals).
CHECKERS: list[Callable[[Record], Iterable[Diagnostic]]] = [check_record, _structure]

JSON_SCHEMA = "muggins.check/1"

#: Codes meaning the file itself could not be used, rather than a problem in a record.
UNUSABLE_CODES = frozenset({"not-utf8"})


@dataclass
class FileReport:
    """What checking one file found. ``error`` is set when the file could not be used at all."""

    path: str
    records: int = 0
    unreadable_records: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: str | None = None

    @property
    def problems(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity != "info")

    def to_json(self) -> dict:
        return {
            "file": self.path,
            "records": self.records,
            "unreadable_records": self.unreadable_records,
            "error": self.error,
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def check_file(path: Path, checkers: Iterable[Callable[[Record], Iterable[Diagnostic]]] | None = None) -> FileReport:
    """Read ``path`` record by record and collect every diagnostic (``checkers``: :data:`CHECKERS`
    as it is when called, unless given)."""
    from muggins.notation.parser import NotationError, read_file

    report = FileReport(str(path))
    checkers = list(CHECKERS if checkers is None else checkers)
    try:
        for item in read_file(path):
            if isinstance(item, NotationError):
                report.diagnostics.extend(item.diagnostics)
                if any(d.code in UNUSABLE_CODES for d in item.diagnostics):
                    report.error = item.diagnostics[0].message
                else:
                    report.records += 1
                    report.unreadable_records += 1
                continue
            report.records += 1
            for checker in checkers:
                report.diagnostics.extend(checker(item))
    except OSError as exc:
        report.error = f"cannot read {path}: {exc.strerror or exc}"
    return report


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    """Each diagnostic rendered with its caret on stderr; coloured only on a terminal."""
    from rich.text import Text

    console = stderr_console()
    styles = {"error": "bold red", "warning": "bold yellow", "info": "cyan"}
    for diagnostic in diagnostics:
        head, newline, rest = diagnostic.render().partition("\n")
        console.print(Text(head, style=styles.get(diagnostic.severity, "")) + Text(newline + rest))


def _summary(report: FileReport) -> str:
    if report.error and not report.records:
        return f"{report.path}: unreadable"
    records = f"{report.records} record{'s' if report.records != 1 else ''}"
    if report.unreadable_records:
        records += f" ({report.unreadable_records} unreadable)"
    problems = report.problems
    verdict = "clean" if not problems else f"{problems} problem{'s' if problems != 1 else ''}"
    tail = f"; then {report.error}" if report.error else ""
    return f"{report.path}: {records}, {verdict}{tail}"


@app.command("check")
def check_command(
    files: List[Path] = typer.Argument(..., help="Record files (.mgn) to check.", show_default=False),
    format: Format = typer.Option(
        Format.text,
        "--format",
        help="text (diagnostics on stderr, one summary line per file on stdout) or json (one document on stdout).",
    ),
) -> None:
    """Check the notation of record files: syntax, declared seats, hand order, and more.

    Exit codes: 0 clean, 1 problems found in the records, 2 a file could not be read.
    """
    if format is Format.csv:
        die("check writes text or json, not csv")
    reports = [check_file(path) for path in files]
    if format is Format.json:
        print(json.dumps({"schema": JSON_SCHEMA, "files": [r.to_json() for r in reports]}, indent=2))
    else:
        for report in reports:
            print_diagnostics(report.diagnostics)
            if report.error and not report.diagnostics:
                print(f"muggins: {report.error}", file=sys.stderr)
            print(_summary(report))
    if any(r.error for r in reports):
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_FINDINGS if any(r.problems for r in reports) else EXIT_CLEAN)
