"""Results as rows of flat tables, for data tools (DuckDB, pandas, Spark).

The audit's: a table of findings (a row per finding) and one of records (a row per record
audited); the analysis's: a table of decisions (a row per play judged) and the same table of
records. Each table is a fixed list of columns with one type per column, the same for
``--format jsonl`` (a JSON object per row) and ``--format parquet`` (a Parquet file per table
part). The columns are documented in analysis/AUDIT.md beside the JSON schema; :data:`COLUMNS`
is what a test checks that document against. Rows are plain dicts of str, int, float, bool and
None (and lists of small dicts where a record has several of a thing), made where the record is
worked on so they travel between processes as they are.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muggins.analysis.audit import finding_seat

if TYPE_CHECKING:
    from muggins.analysis.analyze import RecordAnalysis
    from muggins.analysis.audit import RecordAudit

#: The schema's name and version; a column or a table added or changed means a new version
#: (2: the table of decisions added; findings and records as in 1).
SCHEMA = "muggins.tables/2"

#: The tables each command writes.
AUDIT_TABLES = ("findings", "records")
ANALYZE_TABLES = ("decisions", "records")

#: (column, type) of each table. Types: string, int, float (64-bit), bool, and list<struct> for
#: a record's players, teams, totals and tags (each struct's fields named in the type).
#: Where a row is: the record's file and index in it, the hand and turn, the line and column.
_PLACE = (("file", "string"), ("record", "int"), ("hand", "int"), ("turn", "int"), ("line", "int"), ("column", "int"))

COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "findings": (
        *_PLACE,
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
    "decisions": (
        *_PLACE,
        ("seat", "string"),
        ("player", "string"),
        ("unforced", "bool"),
        ("hand_known", "bool"),
        ("chosen", "string"),
        ("best", "string"),
        ("basis", "string"),
        ("expected_loss", "float"),
        ("standard_error", "float"),
        ("samples", "int"),
        ("open_cards_loss", "float"),
        ("depth", "int"),
        ("immediate_loss", "int"),
        ("mark", "string"),
        ("note", "string"),
        ("rules", "string"),
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


def _finite(value: float | None) -> float | None:
    """A figure as a table holds it: a float, None for what is not a number (JSON has no
    infinity)."""
    return float(value) if value is not None and math.isfinite(value) else None


def decision_rows(analysis: RecordAnalysis, path: str | Path, index: int) -> list[dict[str, Any]]:
    """A row per decision of ``analysis``, forced ones included (``unforced`` false). Each loss
    is on the basis the decision was judged on, in the one column of that view: ``expected_loss``
    (with its ``standard_error`` and ``samples``) where it was judged on what its player could
    know, ``open_cards_loss`` where with every tile open (exact, or depth-limited to ``depth``
    plies), neither where on immediate points only (``note`` says why);
    ``immediate_loss`` always. ``player`` is named as the per-player table names players: the
    ``Seat`` tag's name, else the seat."""
    from muggins.analysis.missed import DEPTH_LIMITED, EXACT, EXPECTED

    out = []
    for d in analysis.decisions:
        expected = d.basis == EXPECTED
        open_cards = d.basis in (EXACT, DEPTH_LIMITED)
        out.append(
            {
                "file": str(path),
                "record": index,
                "hand": d.hand,
                "turn": d.turn,
                "line": d.line,
                "column": d.column,
                "seat": d.seat,
                "player": analysis.players.get(d.seat, d.seat),
                "unforced": d.unforced,
                "hand_known": d.hand_known,
                "chosen": d.played.describe(),
                "best": d.best.describe(),
                "basis": d.basis,
                "expected_loss": _finite(d.loss) if expected else None,
                "standard_error": _finite(d.standard_error) if expected else None,
                "samples": d.samples if expected else None,
                "open_cards_loss": _finite(d.loss) if open_cards else None,
                "depth": d.depth,
                "immediate_loss": d.immediate_loss,
                "mark": d.mark,
                "note": d.note,
                "rules": analysis.rules,
            }
        )
    return out


def analysis_rows(analysis: RecordAnalysis, report: RecordAudit, path: str | Path, index: int) -> list[tuple[str, dict[str, Any]]]:
    """(table, row) for every row of one record's analysis: its decisions, then its record (the
    row the audit writes, from ``report``: the audit of the same record under the same rules)."""
    return [("decisions", row) for row in decision_rows(analysis, path, index)] + [("records", record_row(report, path, index))]


__all__ = ["ANALYZE_TABLES", "AUDIT_TABLES", "COLUMNS", "SCHEMA", "analysis_rows", "decision_rows", "finding_rows", "record_row", "rows"]
