"""What reading records in order gives, one event at a time: a record done, or a file done."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar, Union

if TYPE_CHECKING:
    from muggins.notation.errors import NotationError

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class RecordDone(Generic[R]):
    """One record, the ``index``-th of its file: what the work made of it, or the
    :class:`NotationError` saying why it could not be read (also a file's ``not-utf8`` stop)."""

    path: Path
    index: int
    result: R | NotationError


@dataclass(frozen=True, slots=True)
class FileDone:
    """Every record of ``path`` has been given. ``error``: why the file could not be read, in
    the system's words (``missing``: because there is no such file); records read before a
    failure have been given."""

    path: Path
    missing: bool = False
    error: str | None = None


Event = Union[RecordDone, FileDone]
