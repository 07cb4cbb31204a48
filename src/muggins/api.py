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
    lines end at ``\n``, ``\r\n`` or a lone ``\r``, and a byte-order mark at the start is dropped.
    """
    from muggins.notation.parser import parse_chunk, parse_head, read_chunks, text_lines
    from muggins.notation.split import split_records

    builder = builder or RecordBuilder()
    whole = type(builder).wants_hands is RecordBuilder.wants_hands  # no need to read the tags first
    if isinstance(source, (str, os.PathLike)):
        name, chunks = str(source), read_chunks(Path(source))
    else:
        name, chunks = str(getattr(source, "name", "<stream>")), split_records(text_lines(source))
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


def _rules(record: Record, rules: Rules) -> RuleSet:
    from muggins.replay.resolve import rules_for
    from muggins.replay.rules import RuleSet

    return rules if isinstance(rules, RuleSet) else rules_for(record, rules)


def audit_record(record: Record, rules: Rules = None) -> RecordAudit:
    """Every claim, Muggins call, end-of-hand score and total of ``record`` checked under
    ``rules``, as ``muggins audit`` does (``RuleError`` when the rule set cannot be had)."""
    from muggins.analysis.audit import audit

    return audit(record, _rules(record, rules))


def analyze_record(record: Record, rules: Rules = None, budget: float = 0.0) -> RecordAnalysis:
    """The Muggins ledger and every play judged, as ``muggins analyze`` does; ``budget``: the
    solver's seconds per position (0: immediate points only, the quick default here)."""
    from muggins.analysis.analyze import analyze_record as analyze

    return analyze(record, _rules(record, rules), budget)


def replay_to(record: Record, hand: int, turn: int | None = None, rules: Rules = None) -> tuple[Game, HandState]:
    """The game and the position after turn ``turn`` of hand ``hand`` (0: the deal; ``None``:
    the hand's last turn), as ``muggins replay`` shows it. ``IndexError`` for a hand or turn
    the record does not have."""
    from muggins.replay.replayer import position

    if turn is None:
        chosen = [h for h in record.hands if h.number == hand]
        turn = len(chosen[0].turns) if chosen else 0  # no such hand: position() says so
    return position(record, _rules(record, rules), hand, turn)
