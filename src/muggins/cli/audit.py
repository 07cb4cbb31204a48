"""``muggins audit``: every claimed score checked against the rules the table plays by.

Records are audited as they are read, in ``--jobs`` processes (audit_work.py), each drawn (text,
a JSON entry or CSV rows) where it was audited and written out in input order: the output is the
same for any ``--jobs``, and memory does not grow with the number of records.
"""

from __future__ import annotations

import sys
from functools import partial
from typing import List

import typer

from muggins.cli.app import app
from muggins.cli.common import Format, Outcome, check_rule_options, expand, print_diagnostic, stderr_console, stdout_console


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
    from muggins.cli.audit_work import Audited, Settings, audit_one, csv_text
    from muggins.cli.shape import ConsoleShape
    from muggins.batch.spread import FileDone, spread

    err = stderr_console()
    outcome = Outcome()
    if len(rules) > 1 and which_rules:
        err.print("muggins: --which-rules and several --rules cannot be combined")
        raise typer.Exit(2)
    check_rule_options(rules, set_)
    out = stdout_console()
    settings = Settings(tuple(rules), tuple(set_), which_rules, top, format, ConsoleShape.of(out))
    write = sys.stdout.write
    if format is Format.csv:
        write(csv_text([auditmod.CSV_COLUMNS]))
    document = files_list = file_entry = entries = None
    if format is Format.json:
        from muggins.cli.jsonout import StreamedObject

        document = StreamedObject(write)
        document.put("schema", auditmod.SCHEMA)
        files_list = document.open_list("files")
    per_file: list[tuple[str, int, int, int]] = []  # (file, records, findings, not audited) for the summary
    count = findings = not_audited = 0
    for event in spread(expand(files), partial(audit_one, settings), jobs):
        if isinstance(event, FileDone):
            if event.error is not None:
                print_diagnostic(err, f"{event.path}: no such file" if event.missing else f"{event.path}: cannot read: {event.error}")
                outcome.unusable()
            if count:
                per_file.append((str(event.path), count, findings, not_audited))
            if file_entry is not None:
                entries.close()
                file_entry.close()
                file_entry = entries = None
            count = findings = not_audited = 0
            continue
        result = event.result
        if not isinstance(result, (Audited, str)):  # a record that cannot be read
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
            not_audited += 1
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
        for name, records, found, skipped in per_file:
            verdict = [f"{found} finding{'s' if found != 1 else ''}"] if found else []
            if skipped:  # its rule set could not be had: not "clean"
                verdict.append(f"{skipped} not audited (rule set unusable)")
            elif not found:
                verdict.append("clean")
            out.print(f"{name}: {records} record{'s' if records != 1 else ''}, {', '.join(verdict)}")
    raise typer.Exit(outcome.code)
