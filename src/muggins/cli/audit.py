"""``muggins audit``: every claimed score checked against the rules the table plays by.

Records are audited as they are read, in ``--jobs`` processes, each drawn (text, a JSON entry or
CSV rows) where it was audited and written out in input order: the output is the same for any
``--jobs``, and memory does not grow with the number of records.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import List

import typer

from muggins.cli.app import app
from muggins.cli.common import ConsoleShape, Format, Outcome, expand, print_diagnostic, resolve_rules, stderr_console, stdout_console


@dataclass(frozen=True, slots=True)
class _Settings:
    """The command line as each worker needs it."""

    rules: tuple[str, ...]
    overrides: tuple[str, ...]
    which_rules: bool
    top: int
    format: Format
    shape: ConsoleShape


@dataclass(frozen=True, slots=True)
class _Audited:
    """One record's audit as the writing process needs it: ``text`` ready to write."""

    findings: int  # findings (not info) under the first rule set: the per-file count
    dirty: bool  # a finding under any rule set: exit code 1
    text: str


def _audit_one(settings: _Settings, record, path: Path, index: int) -> _Audited | str:
    """Audit one record and draw it; a rule set that cannot be had is its message instead."""
    from muggins.analysis import audit as auditmod
    from muggins.replay.rules import RuleError

    specs = settings.rules or (None,)
    try:
        rule_sets = [resolve_rules(record, spec, list(settings.overrides)) for spec in specs]
    except RuleError as exc:
        return f"{path}: record {index}: {exc}"
    if settings.which_rules:
        from muggins.analysis.which_rules import rank

        ranking = rank(record, list(settings.overrides))[: settings.top]
        findings = ranking[0].findings
        if settings.format is Format.json:
            entry = {"index": index, "line": record.line, "which_rules": [r.to_json() for r in ranking]}
            return _Audited(findings, findings > 0, _json_entry(entry))
        from muggins.cli.audit_view import show_which_rules

        text = settings.shape.draw(lambda out: show_which_rules(out, path, index, record, ranking))
        return _Audited(findings, findings > 0, text)
    reports = [auditmod.audit(record, rs) for rs in rule_sets]
    findings = sum(1 for f in reports[0].findings if f.severity != "info")
    dirty = any(not r.clean for r in reports)
    if settings.format is Format.json:
        entry = auditmod.to_json(reports[0], index)
        if len(reports) > 1:
            entry["by_rules"] = [auditmod.to_json(r, index) for r in reports]
        return _Audited(findings, dirty, _json_entry(entry))
    if settings.format is Format.csv:
        return _Audited(findings, dirty, _csv_text(row for r in reports for row in auditmod.csv_rows(r, index)))
    from muggins.cli.audit_view import show_comparison, show_report

    if len(reports) == 1:
        text = settings.shape.draw(lambda out: show_report(out, path, index, reports[0]))
    else:
        text = settings.shape.draw(lambda out: show_comparison(out, path, index, reports))
    return _Audited(findings, dirty, text)


def _json_entry(entry: dict) -> str:
    from muggins.cli.jsonout import dumps_at

    return dumps_at(entry, 4)  # document > files > a file > records > this entry


def _csv_text(rows) -> str:
    import csv
    import io

    text = io.StringIO()
    csv.writer(text).writerows(rows)
    return text.getvalue()


@app.command("audit")
def audit_command(
    files: List[str] = typer.Argument(..., help="Record files (.mgn) or folders of them."),
    rules: List[str] = typer.Option(
        [], "--rules", help="Rule set to audit under, instead of the record's: a preset name or a YAML file. Repeat to compare rule sets side by side."
    ),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    which_rules: bool = typer.Option(
        False, "--which-rules", help="Try every preset and the parameter values that change scores; list the rule sets under which the record is right."
    ),
    top: int = typer.Option(8, "--top", help="With --which-rules: how many rule sets to list.", min=1),
    format: Format = typer.Option(Format.text, "--format", help="text (a person's report), json (schema muggins.audit/1) or csv (one row per finding)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Audit records in this many processes (the output is the same).", min=1),
) -> None:
    """Verify every claim, Muggins call, end-of-hand score and running total in the records.

    Exit code 0 when every record is clean, 1 when any finding is reported, 2 for unusable input.
    """
    from muggins.analysis import audit as auditmod
    from muggins.cli.spread import FileDone, spread

    err = stderr_console()
    outcome = Outcome()
    if len(rules) > 1 and which_rules:
        err.print("muggins: --which-rules and several --rules cannot be combined")
        raise typer.Exit(2)
    out = stdout_console()
    settings = _Settings(tuple(rules), tuple(set_), which_rules, top, format, ConsoleShape.of(out))
    write = sys.stdout.write
    if format is Format.csv:
        write(_csv_text([auditmod.CSV_COLUMNS]))
    document = files_list = file_entry = entries = None
    if format is Format.json:
        from muggins.cli.jsonout import StreamedObject

        document = StreamedObject(write)
        document.put("schema", auditmod.SCHEMA)
        files_list = document.open_list("files")
    per_file: list[tuple[str, int, int]] = []  # (file, records, findings) for the text summary
    count = findings = 0
    for event in spread(expand(files), partial(_audit_one, settings), jobs):
        if isinstance(event, FileDone):
            if event.error is not None:
                print_diagnostic(err, f"{event.path}: no such file" if event.missing else f"{event.path}: cannot read: {event.error}")
                outcome.unusable()
            if count:
                per_file.append((str(event.path), count, findings))
            if file_entry is not None:
                entries.close()
                file_entry.close()
                file_entry = entries = None
            count = findings = 0
            continue
        result = event.result
        if not isinstance(result, (_Audited, str)):  # a record that cannot be read
            for diagnostic in result.diagnostics:
                print_diagnostic(err, diagnostic)
            outcome.unusable()
            continue
        count += 1
        if files_list is not None and file_entry is None:  # a file is listed from its first readable record
            file_entry = files_list.open_object()
            file_entry.put("file", str(event.path))
            entries = file_entry.open_list("records")
        if isinstance(result, str):
            print_diagnostic(err, result)
            outcome.unusable()
            continue
        findings += result.findings
        if result.dirty:
            outcome.findings()
        if entries is not None:
            entries.add_text(result.text)
        else:
            write(result.text)
    if document is not None:
        files_list.close()  # type: ignore[union-attr]
        document.close()
        write("\n")
    elif format is Format.text:
        for name, records, found in per_file:
            verdict = "clean" if found == 0 else f"{found} finding{'s' if found != 1 else ''}"
            out.print(f"{name}: {records} record{'s' if records != 1 else ''}, {verdict}")
    raise typer.Exit(outcome.code)
