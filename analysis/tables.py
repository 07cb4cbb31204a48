"""The audit's results as rows of flat tables, for data tools (DuckDB, pandas, Spark).

One table of findings (a row per finding) and one of records (a row per record audited), each a
fixed list of columns with one type per column, the same for ``--format jsonl`` (a JSON object
per row) and ``--format parquet`` (a Parquet file per table part). The columns are documented in
analysis/AUDIT.md beside the JSON schema; :data:`COLUMNS` is what a test checks that document
against. Rows are plain dicts of str, int, bool and None (and lists of small dicts where a
record has several of a thing), made where the record is audited so they travel between
processes as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from muggins.analysis.audit import finding_seat

if TYPE_CHECKING:
    from muggins.analysis.audit import RecordAudit

#: The schema's name and version; a column added or changed means a new version.
SCHEMA = "muggins.tables/1"

#: (column, type) of each table. Types: string, int, bool, and list<struct> for a record's
#: players, teams, totals and tags (each struct's fields named in the type).
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "findings": (
        ("file", "string"),
        ("record", "int"),
        ("hand", "int"),
        ("turn", "int"),
        ("line", "int"),
        ("column", "int"),
        ("code", "string"),
        ("severity", "string"),
        ("seat", "string"),
        ("player", "string"),
        ("claimed", "int"),
        ("correct", "int"),
        ("rule", "string"),
        ("rules", "string"),
        ("follows", "string"),
        ("message", "string"),
    ),
    "records": (
        ("file", "string"),
        ("record", "int"),
        ("line", "int"),
        ("event", "string"),
        ("date", "string"),
        ("rules", "string"),
        ("hands", "int"),
        ("findings", "int"),
        ("clean", "bool"),
        ("winner", "string"),
        ("players", "list<struct<seat: string, name: string>>"),
        ("teams", "list<struct<team: string, seats: string>>"),
        ("totals", "list<struct<side: string, total: int>>"),
        ("tags", "list<struct<name: string, key: string, value: string>>"),
    ),
}


def finding_rows(report: RecordAudit, path: str | Path, index: int) -> list[dict[str, Any]]:
    """A row per finding of ``report`` (info included; ``follows`` names the finding a row
    follows from, as "hand 2 turn 5 total-arithmetic", where it is not counted again)."""
    record = report.record
    rows = []
    for f in report.findings:
        seat = finding_seat(record, f)
        follows = None
        if f.follows is not None:
            hand, turn, code = f.follows
            follows = " ".join(part for part in (f"hand {hand}" if hand is not None else "", f"turn {turn}" if turn is not None else "", code) if part)
        rows.append(
            {
                "file": str(path),
                "record": index,
                "hand": f.hand,
                "turn": f.turn,
                "line": f.line,
                "column": f.column,
                "code": f.code,
                "severity": f.severity,
                "seat": seat,
                "player": record.players.get(seat) if seat is not None else None,
                "claimed": f.claimed,
                "correct": f.correct,
                "rule": f.rule,
                "rules": report.rules.name,
                "follows": follows,
                "message": f.message,
            }
        )
    return rows


def record_row(report: RecordAudit, path: str | Path, index: int) -> dict[str, Any]:
    """The row of ``report``'s record: what it is, under which rules, and how it came out."""
    record = report.record
    return {
        "file": str(path),
        "record": index,
        "line": record.line,
        "event": record.tag("Event"),
        "date": record.tag("Date"),
        "rules": report.rules.name,
        "hands": len(record.hands),
        "findings": len(report.mistakes),
        "clean": report.clean,
        "winner": report.winner,
        "players": [{"seat": seat, "name": name} for seat, name in record.players.items()],
        "teams": [{"team": team, "seats": " ".join(seats)} for team, seats in record.teams.items()],
        "totals": [{"side": side, "total": total} for side, total in report.replay.totals.items()],
        "tags": [{"name": h.name, "key": h.key, "value": h.value} for h in record.headers],
    }


def rows(report: RecordAudit, path: str | Path, index: int) -> list[tuple[str, dict[str, Any]]]:
    """(table, row) for every row ``report`` gives: its findings, then its record."""
    return [("findings", row) for row in finding_rows(report, path, index)] + [("records", record_row(report, path, index))]


__all__ = ["COLUMNS", "SCHEMA", "finding_rows", "record_row", "rows"]
