"""The end of a long audit: what a tournament director reads first.

Findings by code and by player, records clean against records with findings, and the records
with the most findings first. Each record's share is counted where it is audited
(:func:`tally`, in whichever process) and added up here; only the few worst records are kept,
so memory does not grow with the number of records. The same numbers go into ``--format json``
as the document's ``summary`` (analysis/AUDIT.md).
"""

from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from muggins.cli.output import counted
from muggins.i18n import N_, _

if TYPE_CHECKING:
    import os

    from muggins.diagnostics import Diagnostic
    from muggins.notation.model import Record

#: How many of the records with the most findings the summary lists.
WORST = 5

#: Who a finding is charged to when no play is its own: the written sheet, or the record itself.
SHEET = N_("score sheet")
RECORD = N_("the record")


@dataclass(frozen=True, slots=True)
class RecordTally:
    """One record's share of the summary (it pickles, for ``--jobs``)."""

    file: str
    index: int
    line: int
    event: str | None
    findings: int
    codes: tuple[tuple[str, int], ...]
    players: tuple[tuple[str, int], ...]


def tally(path: str | os.PathLike[str], index: int, record: Record, findings: Sequence[Diagnostic]) -> RecordTally:
    """``findings`` (the audit's, not info) counted by code and by the player they are about:
    the one who made the turn a finding points at (a claim is the player's, a Muggins call the
    caller's); a finding on the score sheet's lines is the sheet's."""
    codes: Counter[str] = Counter()
    players: Counter[str] = Counter()
    for finding in findings:
        codes[finding.code] += 1
        players[_who(record, finding)] += 1
    return RecordTally(str(path), index, record.line, record.tag("Event"), len(findings), _sorted(codes), _sorted(players))


def _who(record: Record, finding: Diagnostic) -> str:
    from muggins.analysis.audit import finding_seat

    if finding.hand is None:
        return RECORD
    seat = finding_seat(record, finding)
    if seat is None:
        return SHEET
    return record.players.get(seat) or seat


def _sorted(counts: Counter[str]) -> tuple[tuple[str, int], ...]:
    """Most first, then by name: the order a reader scans."""
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


class RunSummary:
    """The figures of a whole run, added up a record at a time."""

    def __init__(self, under: str | None = None) -> None:
        self.under = under  # several --rules: the figures are those under the first, this one
        self.files: set[str] = set()
        self.records = 0
        self.clean = 0
        self.with_findings = 0
        self.not_audited = 0
        self.unreadable = 0
        self.codes: Counter[str] = Counter()
        self.players: Counter[str] = Counter()
        self._worst: list[tuple[int, int, RecordTally]] = []  # a heap of (findings, -order, tally)

    def add(self, record: RecordTally) -> None:
        self.files.add(record.file)
        self.records += 1
        if not record.findings:
            self.clean += 1
            return
        self.with_findings += 1
        self.codes.update(dict(record.codes))
        self.players.update(dict(record.players))
        entry = (record.findings, -self.records, record)
        if len(self._worst) < WORST:
            heapq.heappush(self._worst, entry)
        else:
            heapq.heappushpop(self._worst, entry)

    def skipped(self, file: str) -> None:
        """A record whose rule set could not be had: neither clean nor with findings."""
        self.files.add(file)
        self.records += 1
        self.not_audited += 1

    def broken(self, file: str) -> None:
        """A record that could not be read (its diagnostics are on stderr)."""
        self.files.add(file)
        self.unreadable += 1

    @property
    def worst(self) -> list[RecordTally]:
        """The records with the most findings, most first (in input order among equals)."""
        return [entry[2] for entry in sorted(self._worst, key=lambda e: (-e[0], -e[1]))]

    def to_json(self) -> dict[str, Any]:
        under = {"rules": self.under} if self.under is not None else {}
        return {
            **under,
            "files": len(self.files),
            "records": self.records,
            "clean": self.clean,
            "with_findings": self.with_findings,
            "not_audited": self.not_audited,
            "unreadable": self.unreadable,
            "findings": sum(self.codes.values()),
            "by_code": dict(_sorted(self.codes)),
            "by_player": dict(_sorted(self.players)),
            "worst": [
                {"file": r.file, "index": r.index, "line": r.line, "event": r.event, "findings": r.findings, "codes": dict(r.codes)}
                for r in self.worst
            ],
        }

    def lines(self) -> list[str]:
        """The summary as plain lines, for a person (the console escapes them)."""
        under = _(" (under the first rule set, {rules})").format(rules=self.under) if self.under is not None else ""
        head = _("summary{under}: {records} in {files}: {clean} clean, {with_findings} with findings").format(
            under=under, records=counted(self.records, "record"), files=counted(len(self.files), "file"), clean=self.clean, with_findings=self.with_findings
        )
        if self.not_audited:
            head += _(", {n} not audited (rule set unusable)").format(n=self.not_audited)
        if self.unreadable:
            head += _("; {records} could not be read").format(records=counted(self.unreadable, "record"))
        lines = [head]
        if self.codes:
            lines.append("  " + _("findings by code ({n}): ").format(n=sum(self.codes.values())) + ", ".join(f"{code} {n}" for code, n in _sorted(self.codes)))
            lines.append("  " + _("findings by player: ") + ", ".join(f"{_(who) if who in (SHEET, RECORD) else who} {n}" for who, n in _sorted(self.players)))
            lines.append("  " + _("records with the most findings:"))
            for r in self.worst:
                event = f" · {r.event}" if r.event else ""
                where = _("record {index} (line {line})").format(index=r.index, line=r.line)
                lines.append(f"    {r.file} · {where}{event}: {counted(r.findings, 'finding')}")
        return lines
