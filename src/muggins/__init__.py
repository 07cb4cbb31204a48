"""muggins: the record analyzer and replayer for the domino game All Fives (Muggins).

Layers depend one way: ``muggins.notation`` (text <-> records, knows no rules) ->
``muggins.replay`` (rule sets, board, replayer) -> ``muggins.analysis`` (audit, ledger,
solver) -> ``muggins.pictures`` (the board as text, SVG pictures, the HTML pages) ->
``muggins.batch`` and ``muggins.api`` (records read in order, spread over processes; the
library's entry points) -> ``muggins.cli`` (wiring, and what the terminal shows).

The library's entry points (API.md) are attributes of this package, loaded on first use so that
``import muggins`` loads nothing else: :func:`read_records` (with :class:`RecordBuilder` and
:class:`HeadersBuilder`), :func:`audit_record`, :func:`analyze_record`, :func:`replay_to`, and
the :class:`Record` and :class:`NotationError` they deal in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what a type checker sees: the real names (at run time, __getattr__ below)
    from muggins.api import (
        HeadersBuilder as HeadersBuilder,
        NotationError as NotationError,
        Record as Record,
        RecordBuilder as RecordBuilder,
        analyze_record as analyze_record,
        audit_record as audit_record,
        read_records as read_records,
        replay_to as replay_to,
    )

__version__ = "0.1.0"

#: The names re-exported from muggins.api.
_API = ("HeadersBuilder", "NotationError", "Record", "RecordBuilder", "analyze_record", "audit_record", "read_records", "replay_to")

__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        from muggins import api

        return getattr(api, name)
    raise AttributeError(f"module 'muggins' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
