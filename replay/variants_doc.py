"""The generated tables of ``VARIANTS.md``: presets, parameters, and every preset's values.

The parameter declarations in :mod:`muggins.replay.rules` and the preset files are the one source of
truth; this module renders them as Markdown between ``<!-- generated: NAME -->`` and
``<!-- end generated: NAME -->`` markers, and ``muggins rules --list-parameters`` reads the same rows.

    python -m muggins.replay.variants_doc          # rewrite the tables in VARIANTS.md
    python -m muggins.replay.variants_doc --check  # exit 1 if VARIANTS.md is out of date
"""

from __future__ import annotations

import re
import sys
from dataclasses import MISSING, Field
from pathlib import Path
from typing import Any

import yaml

from muggins.i18n import N_
from muggins.replay import rules as rulesmod
from muggins.replay.preset_table import PRESET_DIR

VARIANTS_MD = Path(__file__).with_name("VARIANTS.md")

#: A parameter's type in words, where it takes no fixed choices (English here, in VARIANTS.md and
#: in JSON; ``muggins rules --list-parameters`` says it in the language in use).
_KIND_TEXT = {
    "str": N_("text"),
    "bool": N_("true or false"),
    "int": N_("whole number, 0 or more"),
    "int_or_none": N_("whole number, 1 or more, or null"),
    "ints": N_("list of whole numbers"),
    "per_players": N_("number, or {players: number}"),
}


def value_text(value: Any) -> str:
    """A parameter value as written in a rule file, on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value) + "}"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, str) and not value:
        return '""'
    return str(value)


def allowed_text(spec: Field[Any]) -> str:
    """The values a parameter allows: its choices, or a description of its type."""
    allowed = spec.metadata["allowed"]
    if allowed:
        return " \\| ".join(allowed)
    return _KIND_TEXT[spec.metadata["kind"]]


def parameter_rows() -> list[dict[str, Any]]:
    """One row per parameter: name, allowed values (a list, or a type in words), default, meaning."""
    rows = []
    for name, spec in rulesmod.PARAMETERS.items():
        allowed = spec.metadata["allowed"]
        default = spec.default if spec.default is not MISSING else None
        rows.append(
            {
                "name": name,
                "allowed": list(allowed) if allowed else _KIND_TEXT[spec.metadata["kind"]],
                "default": value_text(default),
                "doc": spec.metadata["doc"],
            }
        )
    return rows


def preset_base(name: str) -> str | None:
    """The preset another preset starts from (its ``base:``), or None for a full preset."""
    data = yaml.safe_load((PRESET_DIR / f"{name}.yaml").read_text(encoding="utf-8")) or {}
    return data.get("base")


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("\n", " ") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def presets_table() -> str:
    rows = []
    for name in rulesmod.preset_names():
        base = preset_base(name)
        rows.append([f"`{name}`", f"`{base}`" if base else "", rulesmod.load(name).description])
    return _table(["preset", "starts from", "what it is"], rows)


def parameters_table() -> str:
    rows = [
        [f"`{r['name']}`", allowed_text(rulesmod.PARAMETERS[r["name"]]), f"`{r['default']}`", r["doc"]]
        for r in parameter_rows()
    ]
    return _table(["parameter", "values", "default", "meaning"], rows)


def values_table() -> str:
    """Every full preset's value of every parameter (the presets with a ``base`` differ only where they say)."""
    names = [n for n in rulesmod.preset_names() if preset_base(n) is None]
    sets = [rulesmod.load(n) for n in names]
    rows = []
    for key in rulesmod.PARAMETERS:
        if key in ("name", "description"):
            continue
        rows.append([f"`{key}`"] + [value_text(getattr(s, key)).replace("|", "\\|") for s in sets])
    return _table(["parameter"] + [f"`{n}`" for n in names], rows)


SECTIONS = {"presets": presets_table, "parameters": parameters_table, "values": values_table}


def render(text: str) -> str:
    """``text`` with every generated section replaced by its current contents."""
    for name, make in SECTIONS.items():
        pattern = re.compile(
            rf"(<!-- generated: {name} -->\n).*?(<!-- end generated: {name} -->)", re.DOTALL
        )
        if not pattern.search(text):
            raise ValueError(f"VARIANTS.md has no <!-- generated: {name} --> section")
        text = pattern.sub(lambda m: m.group(1) + make() + "\n" + m.group(2), text)
    return text


def main(argv: list[str]) -> int:
    current = VARIANTS_MD.read_text(encoding="utf-8")
    fresh = render(current)
    if "--check" in argv:
        if fresh != current:
            print(f"{VARIANTS_MD}: out of date; run python -m muggins.replay.variants_doc", file=sys.stderr)
            return 1
        return 0
    if fresh != current:
        VARIANTS_MD.write_text(fresh, encoding="utf-8")
        print(f"{VARIANTS_MD}: tables rewritten")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
