"""Notation-level findings on a record that parsed: things worth a word that do not stop reading.

The parser already rejects what makes a record unreadable (undeclared seats, hands out of order,
...). :func:`check_record` adds what a careful reader of the text alone would point out. It knows
no rules: checks that need the rule set (pips above the set's maximum, deal sizes) belong to
``muggins.replay`` and are plugged in next to this one by ``muggins check``.
"""

from __future__ import annotations

from muggins.diagnostics import Diagnostic, Severity
from muggins.i18n import msg
from muggins.notation.model import Play, Record

#: Every code :func:`check_record` files: code -> meaning (analysis/AUDIT.md lists them).
NOTES: dict[str, str] = {
    "duplicate-tag": "a header tag given twice: only the first one counts",
    "team-overlap": "a seat in two teams",
    "claims-none": 'a claim in a record whose [Claims "none"] tag says claims were not written down',
}


def check_record(record: Record) -> list[Diagnostic]:
    """Findings about ``record``'s text, in text order."""
    found: list[Diagnostic] = []

    def add(code: str, message: str, line: int, column: int, severity: Severity = "warning", hand: int | None = None,
            turn: int | None = None) -> None:
        found.append(
            Diagnostic(code, message, severity, record.source, line, column, hand=hand, turn=turn)
        )

    seen: set[str] = set()
    for header in record.headers:
        if header.key is None:
            if header.name in seen:
                add("duplicate-tag", msg("a second {name} tag: only the first one counts", name=header.name), header.line, header.column)
            seen.add(header.name)

    team_of: dict[str, str] = {}
    for header in record.keyed("Team"):
        for seat in header.value.split():
            if seat in team_of and team_of[seat] != header.key:
                add(
                    "team-overlap",
                    msg("seat {seat} is in team {first} and in team {second}", seat=seat, first=team_of[seat], second=header.key),
                    header.line,
                    header.column,
                    severity="error",
                )
            team_of.setdefault(seat, header.key or "")

    if not record.claims_written:
        for hand in record.hands:
            for number, turn in enumerate(hand.turns, 1):
                if type(turn) is Play and turn.claim is not None:
                    add(
                        "claims-none",
                        'a claim in a record whose [Claims "none"] tag says claims were not written down',
                        turn.line,
                        turn.column,
                        hand=hand.number,
                        turn=number,
                    )
                    break
    return sorted(found, key=lambda d: (d.line, d.column))
