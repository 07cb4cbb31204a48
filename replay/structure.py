"""The structural checks that need the rules but no play: what ``muggins check`` adds to syntax.

A record can be well written and still impossible under its rule set: a tile the set does not
hold, a deal of the wrong size, a tile dealt twice, a table the rules do not allow, a rule set
that does not exist. These come from the replayer's own checks (one place for each rule).

:func:`check_play` is what ``muggins check`` reports: those, and every rule of play the replay
checks (a tile played twice, a turn out of turn); what a play scored and who called Muggins on
it stay the audit's.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Sequence

from muggins.diagnostics import Diagnostic
from muggins.i18n import reason
from muggins.notation.model import Header, Record
from muggins.replay.errors import CODES
from muggins.replay.replayer import replay
from muggins.replay.resolve import rules_for
from muggins.replay.rules import PARAMETERS, RuleError

STRUCTURAL_CODES = frozenset({"table-rules", "pip-above-set", "deal-size", "dealt-twice", "boneyard-size"})

#: The replay's codes about points (a Muggins call takes points): the audit's, not check's.
SCORING_CODES = frozenset(code for code in CODES if code.startswith("muggins-"))


def check_structure(record: Record, rules_dirs: Sequence[Path] = ()) -> list[Diagnostic]:
    """Problems with the record's rule set, its table and its deals."""
    return [d for d in _replayed(record, rules_dirs) if d.code in STRUCTURAL_CODES or d.code == "rules"]


def check_play(record: Record, rules_dirs: Sequence[Path] = ()) -> list[Diagnostic]:
    """Problems with the record's rule set, its table, its deals and every play: all the replay
    finds but what the plays scored (:data:`SCORING_CODES`)."""
    return [d for d in _replayed(record, rules_dirs) if d.code not in SCORING_CODES]


def _replayed(record: Record, rules_dirs: Sequence[Path]) -> list[Diagnostic]:
    """The replay's diagnostics, or the one diagnostic saying why the rule set cannot be had
    (code ``rules``, its message the error's own, to be said in the language in use, and its
    rule the parameter the tag to blame sets: ``target`` for ``[Target]``, the key of a
    ``[Set]``, none for ``[Rules]``); ``rules_dirs``: where else the record's rule file may lie."""
    try:
        rules = rules_for(record, rules_dirs=rules_dirs)
    except RuleError as exc:
        header = _culprit(record, rules_dirs)
        return [
            Diagnostic(
                code="rules",
                message=reason(exc),
                source=record.source,
                line=header.line if header else record.line,
                column=header.column if header else 1,
                rule=_parameter(header),
            )
        ]
    return list(replay(record, rules).diagnostics)


def _parameter(header: Header | None) -> str | None:
    """The rule parameter a rule tag sets (None for ``[Rules]``, which names a whole rule set,
    and for a ``[Set]`` key that is no parameter)."""
    if header is None:
        return None
    key = "target" if header.name == "Target" else header.key if header.name == "Set" else None
    return key if key in PARAMETERS else None


def _culprit(record: Record, rules_dirs: Sequence[Path] = ()) -> Header | None:
    """The first rule tag (Rules, Target, Set) that, with those before it, cannot be used: where
    a rule error points (the first rule tag when no single one can be blamed)."""
    tags = [h for h in record.headers if h.name in ("Rules", "Set", "Target")]
    others = tuple(h for h in record.headers if h not in tags)
    for count, header in enumerate(tags, 1):
        try:
            rules_for(replace(record, headers=others + tuple(tags[:count])), rules_dirs=rules_dirs)
        except RuleError:
            return header
    return tags[0] if tags else None
