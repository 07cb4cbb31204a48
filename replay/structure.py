"""The structural checks that need the rules but no play: what ``muggins check`` adds to syntax.

A record can be well written and still impossible under its rule set: a tile the set does not
hold, a deal of the wrong size, a tile dealt twice, a table the rules do not allow, a rule set
that does not exist. These come from the replayer's own checks (one place for each rule); the
checks of play itself are the audit's.
"""

from __future__ import annotations

from dataclasses import replace

from muggins.diagnostics import Diagnostic
from muggins.notation.model import Header, Record
from muggins.replay.replayer import replay
from muggins.replay.resolve import rules_for
from muggins.replay.rules import RuleError

STRUCTURAL_CODES = frozenset({"table-rules", "pip-above-set", "deal-size", "dealt-twice", "boneyard-size"})


def check_structure(record: Record) -> list[Diagnostic]:
    """Problems with the record's rule set, its table and its deals."""
    try:
        rules = rules_for(record)
    except RuleError as exc:
        header = _culprit(record)
        return [
            Diagnostic(
                code="rules",
                message=str(exc),
                source=record.source,
                line=header.line if header else record.line,
                column=header.column if header else 1,
                rule="name",
            )
        ]
    return [d for d in replay(record, rules).diagnostics if d.code in STRUCTURAL_CODES]


def _culprit(record: Record) -> Header | None:
    """The first rule tag (Rules, Target, Set) that, with those before it, cannot be used: where
    a rule error points (the first rule tag when no single one can be blamed)."""
    tags = [h for h in record.headers if h.name in ("Rules", "Set", "Target")]
    others = tuple(h for h in record.headers if h not in tags)
    for count, header in enumerate(tags, 1):
        try:
            rules_for(replace(record, headers=others + tuple(tags[:count])))
        except RuleError:
            return header
    return tags[0] if tags else None
