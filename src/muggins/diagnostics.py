"""One shape for every problem muggins reports, from a syntax slip to a wrong total.

Every layer (notation, replay, analysis) produces :class:`Diagnostic` values and never prints;
the command line decides how they look. A diagnostic's ``code`` is stable (kebab-case, listed in
``CODES``-style tables next to the code that emits them) so scripts and golden files can rely on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from muggins.i18n import _, localize, msg
from muggins.visible import columns

if TYPE_CHECKING:
    from muggins.notation.model import Record

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem found in a record, with everything needed to find it in the source.

    ``rule`` names the rule parameter the finding rests on (``None`` for pure syntax);
    ``claimed`` and ``correct`` carry the two numbers of a disputed score, where there are two.
    """

    code: str
    message: str
    severity: Severity = "error"
    source: str = "<string>"
    line: int = 0
    column: int = 0
    hand: int | None = None
    turn: int | None = None
    rule: str | None = None
    claimed: int | None = None
    correct: int | None = None
    expected: str | None = field(default=None, compare=False)
    context: str | None = field(default=None, compare=False)
    #: (hand, turn, code) of the earlier finding this one follows from: one mistake, counted once.
    follows: tuple[int | None, int | None, str] | None = field(default=None, compare=False)

    @classmethod
    def at_statement(
        cls,
        record: Record,
        stmt: object,
        code: str,
        message: str,
        *,
        severity: Severity = "error",
        hand: int | None = None,
        turn: int | None = None,
        rule: str | None = None,
        claimed: int | None = None,
        correct: int | None = None,
    ) -> Diagnostic:
        """A finding about one statement of a parsed record (a turn, a deal, a header, an outcome).

        The replayer and the audit both report against the statement a finding is about; this
        is the one place that says where such a diagnostic points. ``stmt`` may be None, or
        anything without a position: the diagnostic then names the record's file only.
        """
        return cls(
            code=code,
            message=message,
            severity=severity,
            source=record.source,
            line=getattr(stmt, "line", 0) or 0,
            column=getattr(stmt, "column", 0) or 0,
            hand=hand,
            turn=turn,
            rule=rule,
            claimed=claimed,
            correct=correct,
        )

    @property
    def location(self) -> str:
        if self.line:
            return f"{self.source}:{self.line}:{self.column}"
        return self.source

    def render(self) -> str:
        """Plain text, compiler style: ``file:line:col: error[code]: message``, then the line and a
        caret; in the language in use (muggins.i18n), the code, file and severity as they are."""
        where = []
        if self.hand is not None:
            where.append(_("hand {hand}").format(hand=self.hand))
        if self.turn is not None:
            where.append(_("turn {turn}").format(turn=self.turn))
        prefix = f"{self.location}: {self.severity}[{self.code}]: "
        text = prefix + (f"{', '.join(where)}: " if where else "") + localize(self.message)
        if self.expected:
            text += "\n  " + _("expected {expected}").format(expected=localize(self.expected))
        if self.rule:
            text += "\n  " + _("rule: {rule}").format(rule=self.rule)
        if self.context is not None and self.column:  # the caret under the column as shown
            text += f"\n  {self.context}\n  {' ' * columns(self.context[: self.column - 1])}^"
        return text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "file": self.source,
            "line": self.line,
            "column": self.column,
            "hand": self.hand,
            "turn": self.turn,
            "rule": self.rule,
        }
        if self.claimed is not None or self.correct is not None:
            out["claimed"] = self.claimed
            out["correct"] = self.correct
        if self.expected:
            out["expected"] = self.expected
        if self.follows is not None:
            hand, turn, code = self.follows
            out["follows"] = {"hand": hand, "turn": turn, "code": code}
        return out

    def following(self, cause: tuple[int | None, int | None, str] | None) -> Diagnostic:
        """This finding marked as a consequence of ``cause`` (its message says so); itself if None."""
        if cause is None:
            return self
        from dataclasses import replace

        return replace(self, message=msg("{message} (follows from {where})", message=self.message, where=where_words(cause)), follows=cause)


def where_words(at: tuple[int | None, int | None, str]) -> str:
    """``(2, 5, "over-claim")`` as words: "hand 2, turn 5: over-claim"."""
    hand, turn, code = at
    if hand is None:
        return msg("the record: {code}", code=code)
    if turn is None:
        return msg("hand {hand}: {code}", hand=hand, code=code)
    return msg("hand {hand}, turn {turn}: {code}", hand=hand, turn=turn, code=code)
