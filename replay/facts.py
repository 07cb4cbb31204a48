"""What a replay establishes: a fact per turn, a result per hand, and the result of the record.

These are the values a replay hands on; the audit and the ledger read nothing else of it. They
hold no position and apply no rule, so they are kept apart from the machinery that makes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from muggins.diagnostics import Diagnostic
from muggins.notation.model import Hand, MugginsCall, Play, Record, Turn
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import HandAward


class TurnFact(NamedTuple):
    """What one turn did under the rules (a tuple: the replayer makes one per turn).

    For a play: the arm used, the ends' ``total`` after it, the ``points`` the rules give, and
    under the Muggins rule what was ``credited`` to the player's side, left ``unclaimed``, or
    claimed in ``excess`` (with the ``penalty`` the opponents score for it). For a Muggins call:
    ``refers_to`` the turn whose points it takes, ``expected`` what the rules let it take,
    ``credited`` what the caller's side gains and ``taken_back`` what came off the called side's
    score (its short claim, where the caller takes the whole play: ``muggins: opponent_takes_whole``).
    """

    hand: int
    turn: int
    kind: str  # play, draw, pass, muggins, sheet
    seat: str
    statement: Turn  # the record's statement: a Play for a play, a MugginsCall for a call, ...
    end: str | None = None
    total: int | None = None
    points: int = 0
    claim: int | None = None
    credited: int = 0
    unclaimed: int = 0
    excess: int = 0
    penalty: int = 0
    refers_to: int | None = None
    expected: int | None = None
    counted: int = 0  # what actually went on the score (after the get-in and exact-target rules)
    taken_back: int = 0  # a Muggins call: what came off the called side's score

    def as_play(self) -> Play:
        """The play a ``play`` fact stands for (TypeError for a fact of another kind)."""
        statement = self.statement
        if not isinstance(statement, Play):
            raise TypeError(f"a {self.kind} fact holds a {type(statement).__name__}, not a play")
        return statement

    def as_call(self) -> MugginsCall:
        """The call a ``muggins`` fact stands for (TypeError for a fact of another kind)."""
        statement = self.statement
        if not isinstance(statement, MugginsCall):
            raise TypeError(f"a {self.kind} fact holds a {type(statement).__name__}, not a Muggins call")
        return statement


@dataclass(slots=True)
class HandResult:
    """A replayed hand: its turn facts, how it really ended, and the score after it."""

    number: int
    hand: Hand
    leader: str | None
    facts: list[TurnFact] = field(default_factory=list)
    outcome: str | None = None  # domino, blocked, or None (unfinished)
    went_out: str | None = None
    pips: dict[str, int] | None = None  # true remaining pips, where every hand is known
    pips_source: str = "none"  # "hands", "announced" or "none"
    award: HandAward | None = None
    # what the end-of-hand points added to each side's score (the points for going out, credited
    # with the last play, included; less where the get-in or exact-target rule refused them)
    award_counted: dict[str, int] = field(default_factory=dict)
    in_play: dict[str, int] = field(default_factory=dict)  # credited in play, per side
    earned: dict[str, int] = field(default_factory=dict)  # rule points made in play, per side
    totals: dict[str, int] = field(default_factory=dict)  # correct running totals after the hand
    target_reached_at: int | None = None  # turn at which a side reached the target (immediate)


@dataclass(slots=True)
class ReplayResult:
    record: Record
    rules: RuleSet
    sides: dict[str, str]
    hands: list[HandResult]
    diagnostics: list[Diagnostic]
    totals: dict[str, int]
    winner: str | None
    won_at: tuple[int, int | None] | None  # (hand, turn); turn None when decided at the end of a hand
