"""``muggins audit``'s work on each record, in whichever process: the audit, drawn as the output
wants it. The values sent between processes pickle."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muggins.cli.audit_summary import RecordTally, tally
from muggins.cli.common import Format, resolve_rules
from muggins.cli.csvout import csv_text
from muggins.cli.shape import ConsoleShape
from muggins.i18n import msg, reason

if TYPE_CHECKING:
    from muggins.notation.model import Record


@dataclass(frozen=True, slots=True)
class Settings:
    """The command line as each worker needs it."""

    rules: tuple[str, ...]
    overrides: tuple[str, ...]
    which_rules: bool
    top: int
    format: Format
    shape: ConsoleShape
    rules_dirs: tuple[str, ...] = ()
    quiet: bool = False  # text: the summary only
    language: str = "en"  # the run's language (muggins.i18n), spoken where each record is drawn


@dataclass(frozen=True, slots=True)
class Audited:
    """One record's audit as the writing process needs it: ``text`` ready to write."""

    findings: int  # findings (not info) under the first rule set: the per-file count
    dirty: bool  # a finding under any rule set: exit code 1
    text: str
    tally: RecordTally  # its share of the run's summary
    by_rules: tuple[tuple[str, int], ...] = ()  # several --rules: (rule set, findings) for each
    rows: tuple[tuple[str, dict[str, Any]], ...] = ()  # --format parquet: (table, row) to write


def audit_one(settings: Settings, record: Record, path: Path, index: int) -> Audited | str:
    """Audit one record and draw it; a rule set that cannot be had is its message instead."""
    from muggins.i18n import speaking

    with speaking(settings.language):  # a worker of another process (a cluster's) speaks it too
        return _audit_one(settings, record, path, index)


def _audit_one(settings: Settings, record: Record, path: Path, index: int) -> Audited | str:
    from muggins.analysis import audit as auditmod
    from muggins.replay.rules import RuleError

    specs = settings.rules or (None,)
    try:
        rule_sets = [resolve_rules(record, spec, list(settings.overrides), settings.rules_dirs) for spec in specs]
    except RuleError as exc:
        return msg("{path}: record {index}: {problem}", path=str(path), index=index, problem=reason(exc))
    if settings.which_rules:
        from muggins.analysis.which_rules import rank

        ranking = rank(record, list(settings.overrides), tuple(Path(d) for d in settings.rules_dirs), top=settings.top)
        best = ranking[0]
        share = RecordTally(str(path), index, record.line, record.tag("Event"), best.findings, best.codes, ())
        if settings.format is Format.json:
            entry = {"index": index, "line": record.line, "which_rules": [r.to_json() for r in ranking]}
            return Audited(best.findings, best.findings > 0, json_entry(entry), share)
        from muggins.cli.audit_view import show_which_rules

        text = settings.shape.draw(lambda out: show_which_rules(out, path, index, record, ranking))
        return Audited(best.findings, best.findings > 0, text, share)
    reports = [auditmod.audit(record, rs) for rs in rule_sets]
    found = reports[0].mistakes
    share = tally(path, index, record, found)
    dirty = any(not r.clean for r in reports)
    by_rules = tuple((rs.name, len(r.mistakes)) for rs, r in zip(rule_sets, reports)) if len(reports) > 1 else ()
    if settings.format is Format.json:
        entry = auditmod.to_json(reports[0], index)
        if len(reports) > 1:
            entry["by_rules"] = [auditmod.to_json(r, index) for r in reports]
        return Audited(len(found), dirty, json_entry(entry), share, by_rules)
    if settings.format in (Format.jsonl, Format.parquet):
        from muggins.analysis.tables import rows

        table_rows = [row for r in reports for row in rows(r, path, index)]
        if settings.format is Format.parquet:
            return Audited(len(found), dirty, "", share, by_rules, tuple(table_rows))
        from muggins.cli.tables_out import jsonl_text

        return Audited(len(found), dirty, jsonl_text(table_rows), share, by_rules)
    if settings.format is Format.csv:
        return Audited(len(found), dirty, csv_text(row for r in reports for row in auditmod.csv_rows(r, index)), share, by_rules)
    if settings.quiet:
        return Audited(len(found), dirty, "", share, by_rules)
    from muggins.cli.audit_view import show_comparison, show_report

    if len(reports) == 1:
        text = settings.shape.draw(lambda out: show_report(out, path, index, reports[0]))
    else:
        text = settings.shape.draw(lambda out: show_comparison(out, path, index, reports))
    return Audited(len(found), dirty, text, share, by_rules)


def json_entry(entry: dict[str, Any]) -> str:
    from muggins.cli.jsonout import dumps_at

    return dumps_at(entry, 4)  # document > files > a file > records > this entry
