"""Which rules a record is played under: its header, then the command line.

Order of precedence, lowest first: the record's ``[Rules]`` tag (a preset name, or a YAML file
relative to the record's own file; ``allfives`` when absent), its ``[Target]`` tag, its
``[Set key "value"]`` tags in order; then ``--rules`` replaces the record's rule set and
``--set key=value`` changes single parameters last.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from muggins.notation.model import Record
from muggins.replay import rules as rulesmod
from muggins.replay.rules import RuleError, RuleSet

DEFAULT_RULES = "allfives"


def _locate(spec: str, base_dir: Path | None) -> str:
    looks_like_file = spec.endswith((".yaml", ".yml")) or "/" in spec or "\\" in spec
    if looks_like_file and base_dir is not None and not Path(spec).is_absolute():
        candidate = base_dir / spec
        if candidate.is_file():
            return str(candidate)
    return spec


def load_option(spec: str) -> RuleSet:
    """The rule set a ``--rules`` option names (a preset, or a file relative to the working
    folder); raises :class:`RuleError`."""
    return rulesmod.load(_locate(spec, Path.cwd()))


def check_options(rules_specs: Iterable[str], overrides: Iterable[str]) -> None:
    """Raise :class:`RuleError` for a ``--rules`` that cannot be loaded or a ``--set`` that is
    not ``key=value`` with a known key: wrong for every record, so worth saying once, before any
    is read. (Whether a value fits depends on the record's rule set: that is checked per record.)"""
    for spec in rules_specs:
        load_option(spec)
    for text in overrides:
        key, _ = rulesmod.parse_override(text)
        if key not in rulesmod.PARAMETERS:
            raise rulesmod.unknown_key(key, "--set")


def rules_for(
    record: Record,
    rules_spec: str | None = None,
    overrides: Iterable[tuple[str, object]] = (),
    base_dir: Path | None = None,
) -> RuleSet:
    """The rule set ``record`` is replayed under; raises :class:`RuleError` naming the tag or option."""
    if base_dir is None and record.source not in ("<string>", "-", "<stdin>"):
        base_dir = Path(record.source).parent
    where = f"{record.source}:{record.line}"
    if rules_spec is not None:
        rules = load_option(rules_spec)
    else:
        spec = record.tag("Rules") or DEFAULT_RULES
        try:
            rules = rulesmod.load(_locate(spec, base_dir))
        except RuleError as exc:
            raise RuleError(f"{where}: [Rules \"{spec}\"]: {exc}") from None
        header_changes: list[tuple[str, object]] = []
        target = record.tag("Target")
        if target is not None:
            header_changes.append(("target", target))
        header_changes += list(record.rule_overrides)
        rules = rulesmod.with_overrides(rules, header_changes, where=f"{where}: [Set]")
    return rulesmod.with_overrides(rules, list(overrides), where="--set")
