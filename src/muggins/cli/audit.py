"""``muggins audit``: every claimed score checked against the rules the table plays by.

Records are audited as they are read, in ``--jobs`` processes (audit_work.py), each drawn (text,
a JSON entry or CSV rows) where it was audited and written out in input order: the output is the
same for any ``--jobs``, and memory does not grow with the number of records. The run ends with
a summary (audit_summary.py) in the text report and in the JSON document.
"""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, List, Optional, Sequence

import typer

from muggins.cli.app import app
from muggins.cli.common import (
    EmptyDocument,
    empty_document,
    Format,
    Outcome,
    capped_jobs,
    check_rule_options,
    cluster_for,
    die,
    jobs_option,
    named_files,
    no_color_option,
    on_stdout,
    output_option,
    print_diagnostic,
    quiet_option,
    record_option,
    rules_dir_option,
    scheduler_option,
    stderr_console,
    stdout_console,
    to_output,
    unreadable,
)
from muggins.i18n import N_, _, language

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.cli.tables_out import ParquetTables

    from muggins.cli.audit_work import Settings


@app.command("audit")
def audit_command(
    files: List[str] = typer.Argument(..., help=N_("Record files (.mgn), folders of them, or - for standard input.")),
    rules: List[str] = typer.Option(
        [], "--rules", help=N_("Rule set to audit under, instead of the record's: a preset name or a YAML file. Repeat to compare rule sets side by side. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes.")
    ),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one rule parameter: key=value (repeatable).")),
    which_rules: bool = typer.Option(
        False, "--which-rules", help=N_("Try every preset and the parameter values that change scores; list the rule sets under which the record is right.")
    ),
    top: int = typer.Option(8, "--top", help=N_("With --which-rules: how many rule sets to list."), min=1),
    format: Format = typer.Option(
        Format.text, "--format", help=N_("text (a person's report), json (schema muggins.audit/1), csv (one row per finding), jsonl (a row per finding and per record, schema muggins.tables/2) or parquet (the same tables as Parquet files in the new folder of -o).")
    ),
    record: Optional[int] = record_option(),
    rules_dir: List[str] = rules_dir_option(),
    output: Optional[str] = output_option(N_("the report")),
    jobs: int = jobs_option(N_("Audit records")),
    scheduler: Optional[str] = scheduler_option(N_("Audit records")),
    quiet: bool = quiet_option(),
    no_color: bool = no_color_option(),
) -> None:
    """Verify every claim, Muggins call, end-of-hand score and running total in the records.

    The text report ends with a summary: findings by code and by player, clean records against
    records with findings, the records with the most findings first (--quiet: only that).

    Exit code 0 when every record is clean, 1 when any finding is reported, 2 for unusable input.
    """
    from muggins.cli.audit_work import Settings
    from muggins.cli.shape import ConsoleShape

    with EmptyDocument(partial(_empty, rules) if format is Format.json and on_stdout(output) else None) as pending:
        if len(rules) > 1 and which_rules:
            die(_("--which-rules and several --rules cannot be combined"))
        check_rule_options(rules, set_)
        if which_rules and format in (Format.jsonl, Format.parquet):
            die(_("--which-rules lists rule sets as text or json, not {format}").format(format=format.value))
        if format is Format.parquet:
            from muggins.cli.tables_out import folder_named

            output = folder_named(output)
        paths, usable = named_files(files)
        outcome = Outcome()
        if not usable:
            outcome.unusable()

        def body(stream: IO[str], tables: ParquetTables | None = None) -> int:
            pending.begun()
            out = stdout_console(stream)
            settings = Settings(tuple(rules), tuple(set_), which_rules, top, format, ConsoleShape.of(out), tuple(rules_dir), quiet, language())
            _audit(paths, settings, record, capped_jobs(jobs), stream, out, outcome, cluster, tables)
            return outcome.code

        with cluster_for(scheduler, jobs) as cluster:
            if format is Format.parquet:
                from muggins.analysis.tables import AUDIT_TABLES
                from muggins.cli.tables_out import write_tables

                assert output is not None  # folder_named above
                code = write_tables(output, paths, AUDIT_TABLES, lambda tables: body(io.StringIO(), tables))  # nothing on stdout
            else:
                code = to_output(output, paths, body)
        raise typer.Exit(code)


@empty_document("audit")
def _empty_of(rules: Sequence[str] | None = None, **_others: object) -> dict[str, object]:
    return _empty(list(rules or ()))


def _empty(rules: list[str]) -> dict[str, object]:
    """The document of a run that audited nothing: unusable input ended it before any record."""
    from muggins.analysis import audit as auditmod
    from muggins.cli.audit_summary import RunSummary

    return {"schema": auditmod.SCHEMA, "files": [], "summary": RunSummary(rules[0] if len(rules) > 1 else None).to_json()}


def _audit(paths: list[Path], settings: Settings, chosen: int | None, jobs: int, stream: IO[str], out: Console,
           outcome: Outcome, cluster: object = None, tables: ParquetTables | None = None) -> None:
    """Audit every record of ``paths`` (only the ``chosen``-th of each file, when given) and
    write the report on ``stream``; ``out`` is the console on it. With ``tables`` (Parquet),
    the rows go there and nothing is written on a stream."""
    from muggins.analysis import audit as auditmod
    from muggins.batch.spread import FileDone, spread
    from muggins.cli.audit_summary import RunSummary
    from muggins.cli.audit_work import Audited, audit_one
    from muggins.cli.csvout import csv_text

    err = stderr_console()
    write = stream.write
    text = settings.format is Format.text
    if settings.format is Format.csv:
        write(csv_text([auditmod.CSV_COLUMNS]))
    document = files_list = file_entry = entries = None
    if settings.format is Format.json:
        from muggins.cli.jsonout import StreamedObject

        document = StreamedObject(write)
        document.put("schema", auditmod.SCHEMA)
        files_list = document.open_list("files")
    summary = RunSummary(settings.rules[0] if len(settings.rules) > 1 else None)
    per_file: list[tuple[str, int, int, int, dict[str, int]]] = []  # (file, records, findings, not audited, by rule set)
    count = findings = not_audited = 0
    by_rules: dict[str, int] = {}  # several --rules: the file's findings under each
    got = False  # the chosen record of the current file was met
    for event in spread(paths, partial(audit_one, settings), jobs, cluster):
        if isinstance(event, FileDone):
            if event.error is not None:
                print_diagnostic(err, unreadable(event.path, event.missing, event.error))
                outcome.unusable()
            elif chosen is not None and not got:
                print_diagnostic(err, _("{path}: has no record {index}").format(path=event.path, index=chosen))
                outcome.unusable()
            got = False
            if count:
                per_file.append((str(event.path), count, findings, not_audited, by_rules))
            if file_entry is not None:
                assert entries is not None  # opened with the file's entry
                entries.close()
                file_entry.close()
                file_entry = entries = None
            count = findings = not_audited = 0
            by_rules = {}
            continue
        if chosen is not None:
            if event.index != chosen:
                continue
            got = True
        result = event.result
        if not isinstance(result, (Audited, str)):  # a record that cannot be read
            for diagnostic in result.diagnostics:
                print_diagnostic(err, diagnostic)
            outcome.unusable()
            summary.broken(str(event.path))
            continue
        count += 1
        if files_list is not None and file_entry is None:  # a file is listed from its first readable record
            file_entry = files_list.open_object()
            file_entry.put("file", str(event.path))
            entries = file_entry.open_list("records")
        if isinstance(result, str):
            print_diagnostic(err, result)
            outcome.unusable()
            not_audited += 1
            summary.skipped(str(event.path))
            continue
        findings += result.findings
        for name, found in result.by_rules:
            by_rules[name] = by_rules.get(name, 0) + found
        summary.add(result.tally)
        if result.dirty:
            outcome.findings()
        if tables is not None:
            tables.add(list(result.rows))
        elif entries is not None:
            entries.add_text(result.text)
        elif not (text and settings.quiet):
            write(result.text)
    if document is not None:
        assert files_list is not None  # opened with the document
        files_list.close()
        document.put("summary", summary.to_json())
        document.close()
        write("\n")
    elif text:
        if not settings.quiet:
            for name, records, found, skipped, under in per_file:
                out.print(_file_line(name, records, found, skipped, under))
        if summary.records + summary.unreadable > 1 or settings.quiet:
            if not settings.quiet:
                out.print()
            for line in summary.lines():
                out.print(line, markup=False)


def _file_line(name: str, records: int, found: int, skipped: int, under: dict[str, int] | None = None) -> str:
    """A file's line: its records and findings; under several rule sets, the findings under
    each (a file is "clean" only where no rule set finds anything)."""
    from rich.markup import escape

    from muggins.cli.output import counted

    if under:
        verdict = [
            _("{findings} under {rules}").format(findings=counted(n, "finding"), rules=rules) if n else _("clean under {rules}").format(rules=rules)
            for rules, n in under.items()
        ]
    else:
        verdict = [counted(found, "finding")] if found else []
    if skipped:  # its rule set could not be had: not "clean"
        verdict.append(_("{n} not audited (rule set unusable)").format(n=skipped))
    elif not found and not under:
        verdict.append(_("clean"))
    return f"{escape(name)}: {counted(records, 'record')}, {', '.join(verdict)}"
