"""The shipped presets, read ahead of time so that a run does not import a YAML reader.

Importing PyYAML and reading a preset costs about 20 ms, a sixth of ``muggins check`` on a small
file. So ``python -m muggins.replay.preset_table`` reads every ``presets/*.yaml`` once, with
``yaml.safe_load`` as always, and writes what it found (each key's value and position) into
``preset_values.py`` beside this module, with each file's text. At run time a preset whose
text is still that text is taken from there; any other file (a preset edited
and not written again, or a table's own rule file) is read with YAML. Either way the values are
the same: a test reads every preset both ways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

PRESET_DIR: Path = Path(__file__).with_name("presets")
VALUES_PATH: Path = Path(__file__).with_name("preset_values.py")

#: (data, each key's (line, column)) of one rule file.
Read = tuple[dict[str, Any], dict[str, tuple[int, int]]]


def shipped(path: Path, text: str) -> Read | None:
    """What ``path`` says, when it is a shipped preset whose ``text`` was read ahead of time;
    else ``None``. The caller gets its own copy of the values."""
    if path.parent != PRESET_DIR:
        return None
    try:
        from muggins.replay import preset_values
    except ImportError:
        return None
    # (text, data, marks): what values_source writes, which mypy reads as (str, object, object)
    entry = cast("tuple[str, dict[str, Any], dict[str, tuple[int, int]]] | None", preset_values.PRESETS.get(path.stem))
    if entry is None or entry[0] != text:
        return None
    import copy

    return copy.deepcopy(entry[1]), dict(entry[2])


def values_source() -> str:
    """The text of ``preset_values.py`` for the presets as they are now."""
    from muggins.replay.rules import read_yaml_text

    entries = {}
    for path in sorted(PRESET_DIR.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data, marks = read_yaml_text(text, f"preset {path.stem}")
        entries[path.stem] = (text, data, marks)
    lines = [
        '"""The shipped presets as read by ``python -m muggins.replay.preset_table``: do not edit."""',
        "",
        "PRESETS = {",
    ]
    lines += [f"    {name!r}: {entry!r}," for name, entry in entries.items()]
    lines += ["}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    VALUES_PATH.write_text(values_source(), encoding="utf-8")
    print(f"wrote {VALUES_PATH}")
