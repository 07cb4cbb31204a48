"""A record written back with the analysis in it: marks on the plays, the best move as a comment.

:func:`annotate` returns a new :class:`~muggins.notation.model.Record` that says everything the
original says, except that

- each judged play that earned a mark (:mod:`muggins.analysis.marks`) carries it, replacing a
  mark written by hand; a hand-written mark stays where the analysis gives none;
- each play that was not the best one available gets a comment such as
  ``{best 6-3 r: +15, played +0 (perfect information)}`` or ``{best 6-3 r: +12.5, played +2.1
  (expected on what the player could know, 24 samples, loss ± 3.2)}``;
- each finding of the audit, where one is given, is a comment on the statement it points at
  (the play, the call, the ``score`` or ``totals`` line), such as
  ``{audit over-claim: A claimed 20 for 5-5, but the ends count 15, which scores 15}``; one that
  follows from an earlier finding says so, and one on no statement goes before the record's tags;
- the record gets one more comment before its tags: the summary line of the game.

The formatter writes it as ordinary ``.mgn``, which the parser reads back.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, Sequence, TypeVar, overload

from muggins.analysis.analyze import RecordAnalysis, signed, summary_line
from muggins.diagnostics import Diagnostic
from muggins.analysis.missed import Decision, basis_note
from muggins.notation.model import Hand, Play, Record

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    class _Statement(DataclassInstance, Protocol):
        """A statement of the record: a frozen dataclass with its line and its comments."""

        @property
        def line(self) -> int: ...

        @property
        def comments(self) -> tuple[str, ...]: ...


S = TypeVar("S", bound="_Statement")


def annotate(record: Record, analysis: RecordAnalysis, findings: Sequence[Diagnostic] = ()) -> Record:
    """``record`` with ``analysis``'s marks and best alternatives written into it, and the
    audit's ``findings`` (errors and warnings) beside the statements they point at."""
    by_turn = {(d.hand, d.turn): d for d in analysis.decisions}
    notes: dict[int, list[str]] = {}
    for finding in findings:
        if finding.severity in ("error", "warning"):
            notes.setdefault(finding.line, []).append(finding_comment(finding))
    hands = tuple(_with_notes(_hand(hand, by_turn), notes) for hand in record.hands)
    summary = _brace("muggins analyze: " + summary_line(analysis) + "; " + _thresholds(analysis))
    unplaced = tuple(note for line in sorted(notes) for note in notes[line])  # on no statement of a hand
    return replace(record, hands=hands, comments=record.comments + unplaced + (summary,))


def finding_comment(finding: Diagnostic) -> str:
    """``{audit over-claim: ...}`` (a finding that follows from another says so in its message)."""
    return _brace(f"audit {finding.code}: {finding.message}")


def _with_notes(hand: Hand, notes: dict[int, list[str]]) -> Hand:
    """``hand`` with the notes of each of its statements' lines as comments on it (taken out of
    ``notes``, so that what is left belongs to no statement of a hand)."""
    if not notes:
        return hand
    return replace(
        _noted(hand, notes),
        turns=tuple(_noted(t, notes) for t in hand.turns),
        outcome=_noted(hand.outcome, notes),
        pips=_noted(hand.pips, notes),
        scores=_noted(hand.scores, notes),
        totals=_noted(hand.totals, notes),
        deals=tuple(_noted(d, notes) for d in hand.deals),
        boneyard=_noted(hand.boneyard, notes),
        lead=_noted(hand.lead, notes),
    )


@overload
def _noted(stmt: None, notes: dict[int, list[str]]) -> None: ...
@overload
def _noted(stmt: S, notes: dict[int, list[str]]) -> S: ...
def _noted(stmt: S | None, notes: dict[int, list[str]]) -> S | None:
    """``stmt`` with the notes of its line as comments on it (taken out of ``notes``)."""
    if stmt is None or stmt.line not in notes:
        return stmt
    return replace(stmt, comments=stmt.comments + tuple(notes.pop(stmt.line)))


def _hand(hand: Hand, by_turn: dict[tuple[int, int], Decision]) -> Hand:
    turns = list(hand.turns)
    for i, turn in enumerate(turns):
        decision = by_turn.get((hand.number, i + 1))
        if decision is None or type(turn) is not Play:
            continue
        mark = decision.mark if decision.mark is not None else turn.mark
        comments = turn.comments
        note = comment_for(decision)
        if note is not None:
            comments = comments + (note,)
        turns[i] = replace(turn, mark=mark, comments=comments)
    return replace(hand, turns=tuple(turns))


def comment_for(decision: Decision) -> str | None:
    """``{best 6-3 r: +15, played +0 (perfect information)}``; None when the play was the best."""
    if not decision.unforced or decision.loss <= 0:
        return None
    best, played = decision.best, decision.played
    best_figure, played_figure = decision.figure(best), decision.figure(played)
    return _brace(f"best {best.describe()}: {signed(best_figure, decision.places, '+0')}, played {signed(played_figure, decision.places, '+0')} ({basis_note(decision)})")


def _thresholds(analysis: RecordAnalysis) -> str:
    return "marks by points lost: " + ", ".join(f"{mark} from {points}" for mark, points in reversed(analysis.thresholds))


def _brace(text: str) -> str:
    """A ``{...}`` comment; braces inside the text (never expected) become parentheses."""
    return "{" + text.replace("{", "(").replace("}", ")") + "}"
