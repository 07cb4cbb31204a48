"""What every command shares: exit codes, output formats, reading inputs, where messages go."""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, NoReturn

if TYPE_CHECKING:
    from muggins.notation.model import Record
    from muggins.replay.rules import RuleSet

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNUSABLE = 2


class Format(str, enum.Enum):
    """Output formats: a person's report, or data for machines on stdout."""

    text = "text"
    json = "json"
    csv = "csv"


def stderr_console():
    """A rich console on stderr; colour only when stderr is a terminal."""
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def stdout_console():
    from rich.console import Console

    return Console(highlight=False)


def die(message: str) -> NoReturn:
    """Unusable input: one line on stderr, exit code 2."""
    print(f"muggins: {message}", file=sys.stderr)
    raise SystemExit(EXIT_UNUSABLE)


class Outcome:
    """The exit code a command earns as it goes: the worst of clean, findings, unusable."""

    def __init__(self) -> None:
        self.code = EXIT_CLEAN

    def findings(self) -> None:
        self.code = max(self.code, EXIT_FINDINGS)

    def unusable(self) -> None:
        self.code = EXIT_UNUSABLE


def expand(paths: list[str]) -> Iterator[Path]:
    """Files as given; folders become the ``.mgn`` files inside them, sorted."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.mgn") if p.is_file())
        else:
            yield path


def records(paths: list[str], outcome: Outcome, report) -> Iterator[tuple[Path, int, Record]]:
    """Every readable record of every file, one at a time, as (path, index in file, record).

    Broken records and unreadable files go to ``report`` (a callable taking a Diagnostic or a
    message) and mark the run unusable; the records after a broken one are still read.
    """
    from muggins.notation.parser import NotationError, read_file

    for path in expand(paths):
        if not path.is_file():
            report(f"{path}: no such file")
            outcome.unusable()
            continue
        index = 0
        try:
            for item in read_file(path):
                index += 1
                if isinstance(item, NotationError):
                    for diagnostic in item.diagnostics:
                        report(diagnostic)
                    outcome.unusable()
                    continue
                yield path, index, item
        except OSError as exc:
            report(f"{path}: cannot read: {exc.strerror or exc}")
            outcome.unusable()


def resolve_rules(record: Record, rules_spec: str | None, overrides: list[str]) -> RuleSet:
    """The record's rule set, with the command line's --rules and --set applied (RuleError on failure)."""
    from muggins.replay import rules as rulesmod
    from muggins.replay.resolve import rules_for

    parsed = [rulesmod.parse_override(text) for text in overrides]
    return rules_for(record, rules_spec, parsed)


def check_rule_options(rules_specs: list[str], overrides: list[str]) -> None:
    """A ``--rules`` or ``--set`` that cannot be had ends the run before any record is read (exit 2)."""
    from muggins.replay.resolve import check_options
    from muggins.replay.rules import RuleError

    try:
        check_options(rules_specs, overrides)
    except RuleError as exc:
        die(str(exc))


def print_diagnostic(console, diagnostic) -> None:
    """A diagnostic on stderr, compiler style; the severity coloured only on a terminal."""
    from rich.markup import escape

    if isinstance(diagnostic, str):
        console.print(f"[bold red]error[/]: {escape(diagnostic)}")
        return
    colour = {"error": "red", "warning": "yellow", "info": "cyan"}[diagnostic.severity]
    text = diagnostic.render()
    prefix = f"{diagnostic.location}: {diagnostic.severity}"
    if text.startswith(prefix):
        console.print(f"{escape(diagnostic.location)}: [{colour}]{diagnostic.severity}[/]{escape(text[len(prefix):])}")
    else:
        console.print(escape(text))
