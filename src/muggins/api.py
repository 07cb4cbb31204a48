"""muggins as a library: read records one at a time, audit, analyse, replay to a position.

In the manner of ``chess.pgn.read_game``: :func:`read_records` reads a file (or an open text
handle) one record at a time, never holding more than the record being read, and a *builder*
says what to make of each record, so that a caller who wants only the header tags pays only for
them (:class:`HeadersBuilder` never parses a hand). The other three take a record and, unless
told otherwise, the rule set its own header tags name. API.md at the repository root shows them
at work. Everything here is also ``muggins.<name>`` (loaded on first use: ``import muggins``
stays cheap).
"""

from __future__ import annotations

import io
import operator
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, TextIO, Union

from muggins.notation.errors import NotationError
from muggins.notation.model import Record

if TYPE_CHECKING:
    from muggins.analysis.analyze import RecordAnalysis
    from muggins.analysis.audit import RecordAudit
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game
    from muggins.replay.rules import RuleSet

__all__ = [
    "HeadersBuilder",
    "NotationError",
    "Record",
    "RecordBuilder",
    "analyze_record",
    "audit_record",
    "read_records",
    "replay_to",
]

#: A rule set: ``None`` for the record's own, a preset name or YAML file, or a loaded RuleSet.
Rules = Union[None, str, "RuleSet"]


class RecordBuilder:
    """What reading makes of each readable record: by default the :class:`Record` itself.

    Subclass it to make something else of a record (:meth:`result`), or to read less of it
    (:meth:`wants_hands`: asked with the record's header tags alone, before any hand is parsed).
    """

    def wants_hands(self, head: Record) -> bool:
        """Whether to parse the hands of the record whose header tags are ``head``."""
        return True

    def result(self, record: Record) -> Any:
        """What :func:`read_records` yields for ``record`` (without hands when they were not wanted)."""
        return record


class HeadersBuilder(RecordBuilder):
    """Only the header tags of each record: its hands are never parsed (``hands`` is empty;
    ``line`` still says where the whole record starts)."""

    def wants_hands(self, head: Record) -> bool:
        return False


def read_records(source: str | os.PathLike[str] | TextIO, builder: RecordBuilder | None = None) -> Iterator[Any]:
    """Each record of ``source`` in order, as ``builder`` makes it (the :class:`Record` itself by
    default); a record that cannot be read is yielded as its :class:`NotationError`, and the
    records after it are still read. Line numbers are those of the file.

    ``source`` is a path (the file must be UTF-8: at the first byte that is not, one
    ``not-utf8`` error is yielded and reading stops; ``OSError`` when it cannot be opened) or a
    text handle open for reading (``io.StringIO(text)`` for a text in memory), read as a file is:
    lines end at ``\n``, ``\r\n`` or a lone ``\r``, and a byte-order mark at the start is dropped. ``builder`` is a
    :class:`RecordBuilder` (an instance: ``HeadersBuilder()``). ``TypeError`` at once for a
    ``source`` or ``builder`` of another kind (a ``bytes`` path, a binary handle, the builder's
    class itself).
    """
    if builder is None:
        builder = RecordBuilder()
    elif isinstance(builder, type) and issubclass(builder, RecordBuilder):
        raise TypeError(f"read_records takes a builder instance, not the class: write {builder.__name__}(), not {builder.__name__}")
    elif not isinstance(builder, RecordBuilder):
        raise TypeError(f"read_records takes a RecordBuilder (an instance of it or of a subclass) as builder, not {_kind(builder)}")
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not isinstance(path, str):
            raise TypeError(f"read_records takes a path as str or os.PathLike of str, not {_kind(path)}: decode it first (os.fsdecode)")
        return _records(str(path), None, builder)
    if isinstance(source, (bytes, bytearray, memoryview)):
        raise TypeError(f"read_records takes a path as str or os.PathLike of str, not {_kind(source)}: decode it first (os.fsdecode)")
    if isinstance(source, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(getattr(source, "mode", "")):
        raise TypeError("read_records takes a text handle, not a binary one: open the file in text mode (encoding='utf-8'), or wrap the handle in io.TextIOWrapper")
    if not hasattr(source, "__iter__"):
        raise TypeError(f"read_records takes a path (str or os.PathLike) or a text handle open for reading, not {_kind(source)}")
    return _records(str(getattr(source, "name", "<stream>")), source, builder)


def _records(name: str, handle: TextIO | None, builder: RecordBuilder) -> Iterator[Any]:
    """:func:`read_records` once its arguments are known to be right: the file ``name`` when
    ``handle`` is None, else the handle (``name`` what its diagnostics call it)."""
    from muggins.notation.parser import parse_chunk, parse_head, read_chunks, text_lines
    from muggins.notation.split import split_records

    whole = type(builder).wants_hands is RecordBuilder.wants_hands  # no need to read the tags first
    chunks = read_chunks(Path(name)) if handle is None else split_records(text_lines(handle))
    for chunk in chunks:
        if isinstance(chunk, NotationError):
            yield chunk
            continue
        if whole:
            item = parse_chunk(chunk, name)
        else:
            item = parse_head(chunk, name)
            if isinstance(item, Record) and builder.wants_hands(item):
                item = parse_chunk(chunk, name)
        yield item if isinstance(item, NotationError) else builder.result(item)


def _kind(value: object) -> str:
    """What ``value`` is, for a TypeError: ``None``, or its type's name with its article."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _record(call: str, record: object) -> Record:
    """``record`` when it is a :class:`Record`; else the TypeError that says what ``call`` takes."""
    if isinstance(record, Record):
        return record
    if isinstance(record, NotationError):
        raise TypeError(
            f"{call} takes a Record, not a NotationError: read_records also yields NotationError values"
            " for records it could not read: check isinstance(item, Record)"
        )
    hint = ": read it first, next(muggins.read_records(path))" if isinstance(record, (str, os.PathLike)) else ""
    raise TypeError(f"{call} takes a Record (as read_records yields it), not {_kind(record)}{hint}")


def _whole(call: str, name: str, value: object) -> int:
    """``value`` as an int when it is a whole number (an int, or an integer of another kind such
    as numpy's; not a bool, a float or a str); else the TypeError that says so."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    shown = "None" if value is None else f"{_kind(value)} ({value!r})"
    raise TypeError(f"{call}: {name} is a whole number (an int), not {shown}")


def _rules(call: str, record: Record, rules: object) -> RuleSet:
    from muggins.replay.resolve import rules_for
    from muggins.replay.rules import RuleSet

    if isinstance(rules, RuleSet):
        return rules
    if rules is not None and not isinstance(rules, (str, os.PathLike)):
        raise TypeError(f"{call}: rules is None (the record's own), a preset name, a YAML file or a RuleSet, not {_kind(rules)}")
    if isinstance(rules, os.PathLike):
        path = os.fspath(rules)
        if not isinstance(path, str):
            raise TypeError(f"{call}: rules as a path is a str or os.PathLike of str, not {_kind(path)}")
        rules = path
    return rules_for(record, rules)


def audit_record(record: Record, rules: Rules = None) -> RecordAudit:
    """Every claim, Muggins call, end-of-hand score and total of ``record`` checked under
    ``rules``, as ``muggins audit`` does (``RuleError`` when the rule set cannot be had;
    ``TypeError`` for an argument of another kind, a :class:`NotationError` among them)."""
    from muggins.analysis.audit import audit

    record = _record("audit_record", record)
    return audit(record, _rules("audit_record", record, rules))


def analyze_record(record: Record, rules: Rules = None, budget: float = 0.0) -> RecordAnalysis:
    """The Muggins ledger and every play judged, as ``muggins analyze`` does; ``budget``: the
    solver's seconds per position (0: immediate points only, the quick default here).
    ``TypeError`` for an argument of another kind, as :func:`audit_record`."""
    from muggins.analysis.analyze import analyze_record as analyze

    record = _record("analyze_record", record)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise TypeError(f"analyze_record: budget is a number of seconds (an int or a float), not {_kind(budget)} {budget!r}")
    return analyze(record, _rules("analyze_record", record, rules), budget)


def replay_to(record: Record, hand: int, turn: int | None = None, rules: Rules = None) -> tuple[Game, HandState]:
    """The game and the position after turn ``turn`` of hand ``hand`` (0: the deal; ``None``:
    the hand's last turn), as ``muggins replay`` shows it. ``IndexError`` for a hand or turn
    the record does not have; ``TypeError`` for an argument of another kind (a hand or turn
    that is not an int: ``"3"`` is refused, not read)."""
    from muggins.replay.replayer import position

    record = _record("replay_to", record)
    hand = _whole("replay_to", "hand", hand)
    if turn is not None:
        turn = _whole("replay_to", "turn", turn)
    rule_set = _rules("replay_to", record, rules)
    if turn is None:
        chosen = [h for h in record.hands if h.number == hand]
        turn = len(chosen[0].turns) if chosen else 0  # no such hand: position() says so
    return position(record, rule_set, hand, turn)
