"""``muggins audit``'s work on each record, in whichever process: the audit, drawn as the output
wants it. The values sent between processes pickle."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from muggins.cli.common import Format, resolve_rules
from muggins.cli.shape import ConsoleShape


@dataclass(frozen=True, slots=True)
class Settings:
    """The command line as each worker needs it."""

    rules: tuple[str, ...]
    overrides: tuple[str, ...]
    which_rules: bool
    top: int
    format: Format
    shape: ConsoleShape


@dataclass(frozen=True, slots=True)
class Audited:
    """One record's audit as the writing process needs it: ``text`` ready to write."""

    findings: int  # findings (not info) under the first rule set: the per-file count
    dirty: bool  # a finding under any rule set: exit code 1
    text: str


def audit_one(settings: Settings, record, path: Path, index: int) -> Audited | str:
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
            return Audited(findings, findings > 0, json_entry(entry))
        from muggins.cli.audit_view import show_which_rules

        text = settings.shape.draw(lambda out: show_which_rules(out, path, index, record, ranking))
        return Audited(findings, findings > 0, text)
    reports = [auditmod.audit(record, rs) for rs in rule_sets]
    findings = sum(1 for f in reports[0].findings if f.severity != "info")
    dirty = any(not r.clean for r in reports)
    if settings.format is Format.json:
        entry = auditmod.to_json(reports[0], index)
        if len(reports) > 1:
            entry["by_rules"] = [auditmod.to_json(r, index) for r in reports]
        return Audited(findings, dirty, json_entry(entry))
    if settings.format is Format.csv:
        return Audited(findings, dirty, csv_text(row for r in reports for row in auditmod.csv_rows(r, index)))
    from muggins.cli.audit_view import show_comparison, show_report

    if len(reports) == 1:
        text = settings.shape.draw(lambda out: show_report(out, path, index, reports[0]))
    else:
        text = settings.shape.draw(lambda out: show_comparison(out, path, index, reports))
    return Audited(findings, dirty, text)


def json_entry(entry: dict) -> str:
    from muggins.cli.jsonout import dumps_at

    return dumps_at(entry, 4)  # document > files > a file > records > this entry


def csv_text(rows) -> str:
    import csv
    import io

    text = io.StringIO()
    csv.writer(text).writerows(rows)
    return text.getvalue()
