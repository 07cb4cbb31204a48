"""Records compared by what they say, not where it was written.

Every statement keeps its line and column, so a record parsed from a file and the same record
parsed from its formatted text differ in positions only. :func:`strip_positions` sets every line
and column to 0 (and the record's ``source`` and ``line`` to their defaults);
:func:`same_record` compares two records that way. This is the equality behind the formatter's
promise ``same_record(parse_record(format_record(r)), r)``.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from muggins.notation.model import Record, Tile


_LAYOUTS: dict[type, tuple[tuple[str, ...], bool, bool] | None] = {}


def _layout(kind: type) -> tuple[tuple[str, ...], bool, bool] | None:
    """For a record's value class: the names of its fields other than ``line`` and ``column``,
    and whether it has those two; None for a class that is not a dataclass (or is ``Tile``).
    Worked out once per class: ``dataclasses.fields`` on every value was most of the time of a
    comparison."""
    if kind in _LAYOUTS:
        return _LAYOUTS[kind]
    layout: tuple[tuple[str, ...], bool, bool] | None = None
    if not issubclass(kind, Tile) and is_dataclass(kind):
        if any(not f.init for f in fields(kind)):
            raise TypeError(f"{kind.__name__} has a field not set by __init__: compare cannot rebuild it")
        names = tuple(f.name for f in fields(kind))
        layout = tuple(n for n in names if n not in ("line", "column")), "line" in names, "column" in names
    _LAYOUTS[kind] = layout
    return layout


def _strip(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(_strip(item) for item in value)
    if isinstance(value, type):  # (no class is a value of a record)
        return value
    layout = _layout(type(value))
    if layout is None:
        return value
    names, has_line, has_column = layout
    changes = {name: _strip(getattr(value, name)) for name in names}
    if has_line:
        changes["line"] = 0 if not isinstance(value, Record) else 1
    if has_column:
        changes["column"] = 0
    return type(value)(**changes)  # every field given: what ``replace`` does, without its own ``fields`` call


def strip_positions(record: Record) -> Record:
    """The same record with every position zeroed and ``source`` reset: only meaning is left."""
    stripped: Record = _strip(record)
    return replace(stripped, source="<string>")


def same_record(a: Record, b: Record) -> bool:
    """Whether ``a`` and ``b`` say the same thing: equal once positions are stripped.

    Comments count (they are part of the record); positions and the file name do not.
    """
    return strip_positions(a) == strip_positions(b)
