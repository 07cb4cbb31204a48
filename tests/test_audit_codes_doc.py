"""analysis/AUDIT.md lists every finding code the audit can give, with the rule it rests on:
the audit's own (``audit.FINDINGS``), the replayer's (``errors.CODES``) and the text's
(``checks.NOTES``). Before, ``claim-not-multiple`` was missing and the replayer's codes were
given by example only."""

from __future__ import annotations

import re
from pathlib import Path

from muggins.analysis.audit import FINDINGS
from muggins.notation.checks import NOTES
from muggins.replay.errors import CODES

DOC = Path(__file__).resolve().parent.parent / "analysis" / "AUDIT.md"
ROW = re.compile(r"^\| `([a-z-]+)` \|([^|]*)\|", re.M)


def _documented() -> dict[str, set[str]]:
    """code -> the rule names its row gives (``a`` / ``b`` for two)."""
    rows: dict[str, set[str]] = {}
    findings = DOC.read_text(encoding="utf-8").split("## Findings", 1)[1].split("\n## ", 1)[0]  # not the tables' columns
    for code, rule in ROW.findall(findings):
        assert code not in rows, f"{code} is listed twice"
        rows[code] = set(re.findall(r"`([a-z_]+)`", rule))
    return rows


def test_every_code_is_listed_once_and_nothing_else():
    documented = _documented()
    assert set(documented) == set(FINDINGS) | set(CODES) | set(NOTES)


def test_each_row_names_the_rule_of_its_code():
    documented = _documented()
    for code, (rule, _) in {**FINDINGS, **CODES}.items():
        assert (rule in documented[code]) if rule else not documented[code], code


def test_the_notes_filed_are_the_listed_ones():
    import inspect

    from muggins.notation import checks

    filed = set(re.findall(r'"([a-z]+-[a-z-]+)"', inspect.getsource(checks.check_record)))
    assert filed == set(NOTES)
