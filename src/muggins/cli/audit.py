"""``muggins audit``: every claimed score checked against the rules the table plays by."""

from __future__ import annotations

import csv
import json
import sys
from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import Format, Outcome, print_diagnostic, records, resolve_rules, stderr_console, stdout_console


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
) -> None:
    """Verify every claim, Muggins call, end-of-hand score and running total in the records.

    Exit code 0 when every record is clean, 1 when any finding is reported, 2 for unusable input.
    """
    from muggins.analysis import audit as auditmod
    from muggins.replay.rules import RuleError

    err = stderr_console()
    outcome = Outcome()
    report = lambda d: print_diagnostic(err, d)  # noqa: E731
    if len(rules) > 1 and which_rules:
        err.print("muggins: --which-rules and several --rules cannot be combined")
        raise typer.Exit(2)
    json_files: dict[str, dict] = {}
    writer = csv.writer(sys.stdout) if format is Format.csv else None
    if writer is not None:
        writer.writerow(auditmod.CSV_COLUMNS)
    out = stdout_console()
    per_file: dict[str, list[int]] = {}

    for path, index, record in records(files, outcome, report):
        file_entry = json_files.setdefault(str(path), {"file": str(path), "records": []})
        counts = per_file.setdefault(str(path), [0, 0])
        counts[0] += 1
        specs = rules or [None]
        try:
            rule_sets = [resolve_rules(record, spec, set_) for spec in specs]
        except RuleError as exc:
            report(f"{path}: record {index}: {exc}")
            outcome.unusable()
            continue
        if which_rules:
            from muggins.analysis.which_rules import rank

            ranking = rank(record, set_)
            counts[1] += ranking[0].findings
            if ranking[0].findings:
                outcome.findings()
            if format is Format.json:
                file_entry["records"].append({"index": index, "line": record.line, "which_rules": [r.to_json() for r in ranking[:top]]})
            else:
                from muggins.cli.audit_view import show_which_rules

                show_which_rules(out, path, index, record, ranking[:top])
            continue
        reports = [auditmod.audit(record, rs) for rs in rule_sets]
        if any(not r.clean for r in reports):
            outcome.findings()
        counts[1] += sum(1 for f in reports[0].findings if f.severity != "info")
        if format is Format.json:
            entry = auditmod.to_json(reports[0], index)
            if len(reports) > 1:
                entry["by_rules"] = [auditmod.to_json(r, index) for r in reports]
            file_entry["records"].append(entry)
        elif format is Format.csv:
            for r in reports:
                for row in auditmod.csv_rows(r, index):
                    writer.writerow(row)  # type: ignore[union-attr]
        else:
            from muggins.cli.audit_view import show_comparison, show_report

            if len(reports) == 1:
                show_report(out, path, index, reports[0])
            else:
                show_comparison(out, path, index, reports)
    if format is Format.json:
        print(json.dumps({"schema": auditmod.SCHEMA, "files": list(json_files.values())}, indent=2))
    elif format is Format.text:
        for name, (count, findings) in per_file.items():
            verdict = "clean" if findings == 0 else f"{findings} finding{'s' if findings != 1 else ''}"
            out.print(f"{name}: {count} record{'s' if count != 1 else ''}, {verdict}")
    raise typer.Exit(outcome.code)
