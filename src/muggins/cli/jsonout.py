"""One JSON document written piece by piece, as it would look written whole.

A command's JSON output is one document (``{"schema": ..., "files": [...]}``), but an archive may
hold millions of records: the lists are written item by item as the records are done, and the
text is exactly what ``json.dumps(document, indent=2)`` would give for the whole document, so
the documented schemas hold and readers see no difference.
"""

from __future__ import annotations

import json
from typing import Any, Callable

INDENT = "  "


def dumps_at(value: Any, depth: int) -> str:
    """``value`` as ``json.dumps(..., indent=2)`` writes it when nested ``depth`` levels deep.
    (JSON text has no raw newline inside a string, so every newline is layout.)"""
    text = json.dumps(value, indent=2)
    return text.replace("\n", "\n" + INDENT * depth) if depth else text


class StreamedList:
    """A JSON list at nesting ``depth``, written one item at a time; :meth:`close` ends it."""

    def __init__(self, write: Callable[[str], object], depth: int) -> None:
        self._write = write
        self.depth = depth
        self.count = 0

    def add(self, value: Any) -> None:
        self.add_text(dumps_at(value, self.depth + 1))

    def add_text(self, text: str) -> None:
        """An item already written by :func:`dumps_at` at ``depth + 1``."""
        self._begin_item()
        self._write(text)

    def open_object(self) -> StreamedObject:
        """An object as the next item, written key by key."""
        self._begin_item()
        return StreamedObject(self._write, self.depth + 1)

    def _begin_item(self) -> None:
        self._write(("," if self.count else "") + "\n" + INDENT * (self.depth + 1))
        self.count += 1

    def close(self) -> None:
        self._write(("\n" + INDENT * self.depth if self.count else "") + "]")


class StreamedObject:
    """A JSON object at nesting ``depth`` whose keys are written in order; one of them may hold a
    :class:`StreamedList`. :meth:`close` ends it."""

    def __init__(self, write: Callable[[str], object], depth: int = 0) -> None:
        self._write = write
        self.depth = depth
        self._keys = 0
        write("{")

    def key(self, key: str) -> None:
        """The next key; its value is for the caller to write (at ``depth + 1``)."""
        self._write(("," if self._keys else "") + "\n" + INDENT * (self.depth + 1) + json.dumps(key) + ": ")
        self._keys += 1

    def put(self, key: str, value: Any) -> None:
        self.key(key)
        self._write(dumps_at(value, self.depth + 1))

    def open_list(self, key: str) -> StreamedList:
        self.key(key)
        self._write("[")
        return StreamedList(self._write, self.depth + 1)

    def close(self) -> None:
        self._write(("\n" + INDENT * self.depth if self._keys else "") + "}")
