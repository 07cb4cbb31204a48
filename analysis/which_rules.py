"""Whose rules were we playing? Audit one record under every preset and its nearby variants.

Candidates are the presets, and each preset with one score-changing parameter set to another of
its allowed values. Each candidate is ranked by the number of findings it leaves (errors and
warnings): a rule set under which every claim in the record is right has none.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from muggins.analysis.audit import audit, audit_below
from muggins.i18n import msg
from muggins.notation.model import Record
from muggins.replay import rules as rulesmod
from muggins.replay.resolve import rules_for
from muggins.replay.rules import PARAMETERS, RuleError, RuleSet

#: The parameters whose other values are tried around each preset: those that change what a
#: play scores, what the end of a hand scores, or what counts as legal.
VARIED = (
    "spinner",
    "spinner_order",
    "spinner_counts_until",
    "double_end_counts",
    "play_score_cap",
    "domino_scoring",
    "blocked_scoring",
    "blocked_compare",
    "pip_rounding",
    "muggins",
    "muggins_window",
    "overclaim",
    "drawing",
    "play_drawn_at_once",
    "voluntary_draw",
    "first_leader",
    "later_leader",
    "target_check",
)


@dataclass(frozen=True, slots=True)
class Candidate:
    label: str
    rules: RuleSet
    findings: int
    codes: tuple[tuple[str, int], ...]

    def to_json(self) -> dict[str, object]:
        return {"rules": str(self.label), "findings": self.findings, "codes": dict(self.codes)}


def _values(name: str) -> Iterable[object]:
    spec = PARAMETERS[name]
    allowed: tuple[object, ...] | None = spec.metadata["allowed"]
    if allowed:
        return allowed
    if spec.metadata["kind"] == "bool":
        return (True, False)
    if name == "play_score_cap":
        return (None, 30)
    return ()


def candidates(overrides: Sequence[str] = ()) -> list[tuple[str, RuleSet, str]]:
    """Every preset, and every preset with one varied parameter changed; duplicates dropped.

    Each comes as (label, rules, the preset it starts from).
    """
    parsed = [rulesmod.parse_override(text) for text in overrides]
    seen: set[RuleSet] = set()
    out: list[tuple[str, RuleSet, str]] = []

    def add(label: str, rules: RuleSet, preset: str) -> None:
        key = dataclasses.replace(rules, name="", description="")
        if key not in seen:
            seen.add(key)
            out.append((label, rules, preset))

    presets = []
    for name in rulesmod.preset_names():
        base = rulesmod.with_overrides(rulesmod.load(name), parsed)
        presets.append((name, base))
        add(name, base, name)
    for name, base in presets:
        for param in VARIED:
            for value in _values(param):
                if getattr(base, param) == value:
                    continue
                try:
                    changed = rulesmod.from_mapping({param: value}, f"{name} with {param}", base)
                except RuleError:
                    continue
                add(msg("{name} with {setting}", name=name, setting=f"{param}={_show(value)}"), changed, name)
    return out


def _show(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rank(record: Record, overrides: Sequence[str] = (), rules_dirs: Sequence[Path] = (), top: int | None = None) -> list[Candidate]:
    """The rule sets that fit ``record`` best, fewest findings first (``top``: the first ``top``
    of them only, found sooner).

    Every preset is listed; a variant of a preset only where it leaves fewer findings than the
    preset itself (the others change nothing this record shows). The record's own rule set
    (with its header overrides; its rule file may lie in one of ``rules_dirs``) comes first
    among equals, labelled "as written".

    With ``top``, a variant is audited only as far as it takes to show that it leaves as many
    findings as its preset or as the ``top``-th best so far (:func:`~muggins.analysis.audit.audit_below`):
    most are out after a hand or two. The variants of the presets that fit best go first, so
    that the bar is low early; the answer is that of the whole ranking, cut at ``top``.
    """
    pool = candidates(list(overrides))
    try:
        pool.insert(0, (msg("as written"), rules_for(record, rules_dirs=rules_dirs), "as written"))
    except RuleError:
        pass
    if top is not None:
        return _best(record, pool, top) if top > 0 else []
    base_findings: dict[str, int] = {}
    results = []
    for order, (label, rules, preset) in enumerate(pool):
        report = audit(record, rules)
        counted = [f.code for f in report.mistakes]
        if label == preset:
            base_findings[preset] = len(counted)
        elif len(counted) >= base_findings.get(preset, len(counted) + 1):
            continue
        results.append((len(counted), order, Candidate(label, rules, len(counted), tuple(Counter(counted).most_common()))))
    results.sort(key=lambda item: (item[0], item[1]))
    return [candidate for _, _, candidate in results]


def _best(record: Record, pool: list[tuple[str, RuleSet, str]], top: int) -> list[Candidate]:
    """:func:`rank` cut at ``top``, auditing each candidate only until it is out.

    The ranking is by (findings, place in ``pool``). Once ``top`` candidates are kept, one is
    out when it certainly has as many findings as the ``top``-th best so far (one more when
    that one comes after it in the pool); a variant is also out at as many as its preset. A
    preset that is out has at least as many as every bar after it, so its variants need
    only those.
    """
    base_findings: dict[str, int] = {}
    kept: list[tuple[int, int, Candidate]] = []

    def consider(order: int) -> None:
        label, rules, preset = pool[order]
        bound = 10**9 if label == preset else base_findings.get(preset, 10**9)
        if len(kept) == top:
            worst, worst_order = kept[-1][0], kept[-1][1]
            bound = min(bound, worst + 1 if order < worst_order else worst)
        report = audit_below(record, rules, bound)
        if report is None:
            return
        counted = [f.code for f in report.mistakes]
        if label == preset:
            base_findings[preset] = len(counted)
        kept.append((len(counted), order, Candidate(label, rules, len(counted), tuple(Counter(counted).most_common()))))
        kept.sort(key=lambda item: (item[0], item[1]))
        del kept[top:]

    variants = []
    for order, (label, _, preset) in enumerate(pool):
        if label == preset:
            consider(order)
        else:
            variants.append(order)
    # The variants of the presets that fit best first: the bar comes down soonest.
    for order in sorted(variants, key=lambda at: (base_findings.get(pool[at][2], 10**9), at)):
        consider(order)
    return [candidate for _, _, candidate in kept]
