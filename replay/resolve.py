"""Which rules a record is played under: its header, then the command line.

Order of precedence, lowest first: the record's ``[Rules]`` tag (a preset name, or a YAML file
relative to the record's own file; ``allfives`` when absent), its ``[Target]`` tag, its
``[Set key "value"]`` tags in order; then ``--rules`` replaces the record's rule set and
``--set key=value`` changes single parameters last.

A record may come from anywhere, so the rule file its ``[Rules]`` tag names (and that file's
``base`` chain) must lie in the record's own folder or in a folder the user allows
(``rules_dirs``, the command line's ``--rules-dir``): an absolute path or a ``..`` that leaves
them is refused, and a file that is missing there is missing (never looked for in the working
folder). What the user names with ``--rules`` is the user's own choice and is read as given.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

from muggins.i18n import msg, reason
from muggins.notation.model import Record
from muggins.replay import rules as rulesmod
from muggins.replay.rules import RuleError, RuleSet

DEFAULT_RULES = "allfives"


def _looks_like_file(spec: str) -> bool:
    return spec.endswith((".yaml", ".yml")) or "/" in spec or "\\" in spec


def load_option(spec: str) -> RuleSet:
    """The rule set a ``--rules`` option names (a preset, or a file relative to the working
    folder); raises :class:`RuleError`."""
    return rulesmod.load(spec)


def load_tag(spec: str, base_dir: Path, rules_dirs: Sequence[Path] = ()) -> RuleSet:
    """The rule set a record's ``[Rules]`` tag names: a preset, or a file in ``base_dir`` (the
    record's folder) or one of ``rules_dirs``; raises :class:`RuleError`."""
    within = (base_dir, *rules_dirs)
    if not _looks_like_file(spec):
        return rulesmod.load(spec, within=within)
    if Path(spec).is_absolute():
        raise RuleError(
            msg(
                "{path}: a record may name a rule file in its own folder only, not an absolute path"
                " (name it with --rules, or allow a folder with --rules-dir)",
                path=spec[:200],
            )
        )
    for folder in within:
        candidate = folder / spec
        if candidate.is_file():
            return rulesmod.load(candidate, within=within)
    return rulesmod.load(base_dir / spec, within=within)  # missing: said so, with the record's folder


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
    rules_dirs: Sequence[Path] = (),
) -> RuleSet:
    """The rule set ``record`` is replayed under; raises :class:`RuleError` naming the tag or option.

    ``base_dir`` is the record's folder (that of its source file; the working folder for a
    record read from standard input or a string); ``rules_dirs`` are further folders its rule
    file may lie in.
    """
    if base_dir is None:
        base_dir = Path(record.source).parent if record.source not in ("<string>", "-", "<stdin>") else Path.cwd()
    where = f"{record.source}:{record.line}"
    if rules_spec is not None:
        rules = load_option(rules_spec)
    else:
        spec = record.tag("Rules") or DEFAULT_RULES
        try:
            rules = load_tag(spec, base_dir, rules_dirs)
        except RuleError as exc:
            raise RuleError(msg('{where}: [Rules "{spec}"]: {problem}', where=where, spec=spec, problem=reason(exc))) from None
        rules = _header_rules(rules, record.tag("Target"), list(record.rule_overrides), where)
    return rulesmod.with_overrides(rules, list(overrides), where="--set")


def _header_rules(rules: RuleSet, target: str | None, sets: list[tuple[str, object]], where: str) -> RuleSet:
    """``rules`` changed by a record's ``[Target]`` tag and then its ``[Set]`` tags, all at once
    (a combination is judged whole); an error is labelled by the tag it came from: ``[Target]``
    when the target tag's value is wrong by itself (and no ``[Set target]`` replaces it), else
    ``[Set]``."""
    changes = ([("target", target)] if target is not None else []) + sets
    try:
        return rulesmod.with_overrides(rules, changes, where=f"{where}: [Set]")
    except RuleError:
        if target is not None and all(key != "target" for key, _ in sets):
            rulesmod.with_overrides(rules, [("target", target)], where=f"{where}: [Target]")
        raise


#: Parameters no tag gives again: the rule set's own words.
_WORDS = ("name", "description")


def rule_tags(rules: RuleSet, leave_out: Sequence[str] = ()) -> list[tuple[str, str | None, str]]:
    """The header tags (name, key, value) that give ``rules`` again from anywhere: ``[Rules]``
    naming the preset of its name, or else the preset closest to it, and a ``[Set]`` tag for
    each parameter that differs from that preset (``leave_out``: parameters the caller writes
    otherwise, as the scorecard writes ``[Target]``). A record written with them is read under
    the same rules without any rule file, wherever it is copied to."""
    wanted = rules.to_mapping()
    names = rulesmod.preset_names()

    def changes(name: str) -> list[str]:
        base = rulesmod.load(name).to_mapping()
        return [key for key, value in wanted.items() if key not in _WORDS and key not in leave_out and value != base[key]]

    base_name = rules.name if rules.name in names else min(names, key=lambda name: (len(changes(name)), name))
    return [("Rules", None, base_name)] + [("Set", key, flow_value(wanted[key])) for key in changes(base_name)]


def flow_value(value: Any) -> str:
    """A parameter's value as the one-line YAML a ``[Set]`` tag holds (rule values hold no quotes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "[" + ", ".join(flow_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow_value(k)}: {flow_value(v)}" for k, v in value.items()) + "}"
    return str(value)
