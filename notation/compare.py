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


def _strip(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(_strip(item) for item in value)
    if isinstance(value, Tile) or not is_dataclass(value) or isinstance(value, type):  # (no class is a value of a record)
        return value
    changes = {f.name: _strip(getattr(value, f.name)) for f in fields(value) if f.name not in ("line", "column")}
    if any(f.name == "line" for f in fields(value)):
        changes["line"] = 0 if not isinstance(value, Record) else 1
    if any(f.name == "column" for f in fields(value)):
        changes["column"] = 0
    return replace(value, **changes)


def strip_positions(record: Record) -> Record:
    """The same record with every position zeroed and ``source`` reset: only meaning is left."""
    stripped: Record = _strip(record)
    return replace(stripped, source="<string>")


def same_record(a: Record, b: Record) -> bool:
    """Whether ``a`` and ``b`` say the same thing: equal once positions are stripped.

    Comments count (they are part of the record); positions and the file name do not.
    """
    return strip_positions(a) == strip_positions(b)
