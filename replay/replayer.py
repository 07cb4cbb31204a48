"""Rebuild every position of a recorded game and check every step against the rules.

The replayer applies a record turn by turn. At each step it knows the board, every hand that is
known (in whole or in part), the boneyard, whose turn it is, the points each play made and what
each side is credited. Every rule broken becomes a :class:`~muggins.diagnostics.Diagnostic`
with a stable code (see :data:`CODES`), the hand and turn, the source position and the rule
parameter it rests on; replay goes on past a problem wherever the position still makes sense,
so one record reports all its problems. ``strict=True`` stops at the first error instead.

The replayer establishes facts (:class:`TurnFact`, :class:`HandResult`); judging the claims
written on the sheet against those facts is the auditor's job (``muggins.analysis.audit``).
Records with hidden information (no deal, draws as counts) are replayed as far as the
information allows: a check that needs a hidden tile is simply not made.

The replayer is a few modules, each with one job; this one drives a whole record (:class:`Game`,
:func:`replay`, :func:`position`) and is where callers import all of it from:
``replay.errors`` (the codes and the strict-mode error), ``replay.facts`` (what a replay
establishes), ``replay.hand_state`` (the position inside a hand), ``replay.turns`` (the rules
of each kind of turn), ``replay.leaders`` (who leads a hand) and ``replay.hand_end`` (how a hand
ends and scores).
"""

from __future__ import annotations

from typing import Iterator

from muggins.diagnostics import Diagnostic
from muggins.notation.model import Hand, Record, Tile
from muggins.replay import hand_end, leaders
from muggins.replay.errors import CODES, ReplayError
from muggins.replay.facts import HandResult, ReplayResult, TurnFact
from muggins.replay.hand_state import HandState
from muggins.replay.leaders import Leader
from muggins.replay.play_rules import next_seat
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import points_table, side_of_seats
from muggins.replay.target import Target
from muggins.replay.turns import opponents_of

__all__ = [
    "CODES",
    "Game",
    "HandResult",
    "HandState",
    "Leader",
    "ReplayError",
    "ReplayResult",
    "TurnFact",
    "opponents_of",
    "position",
    "replay",
]


class Game:
    """The replay of one record: the rules, the sides, the running score, the diagnostics."""

    def __init__(self, record: Record, rules: RuleSet, strict: bool = False) -> None:
        self.record = record
        self.rules = rules
        self.strict = strict
        self.seats = record.seats
        self.seat_set = frozenset(self.seats)
        self.seat_index = {seat: i for i, seat in enumerate(self.seats)}
        self.next_index = {seat: next_seat(i, len(self.seats)) for i, seat in enumerate(self.seats)}
        self.sides = side_of_seats(self.seats, record.teams)
        self.side_list = list(dict.fromkeys(self.sides[s] for s in self.seats))
        self.claims_written = record.claims_written
        self.points_for = points_table(rules)
        self.scores = {side: 0 for side in self.side_list}
        self.got_in = {side: rules.get_in_minimum == 0 for side in self.side_list}
        self.diagnostics: list[Diagnostic] = []
        self.hands: list[HandResult] = []
        self.over = False
        self.winner: str | None = None
        self.won_at: tuple[int, int | None] | None = None
        # A table the rules do not allow (no seats, too many, partners where there may be none)
        # is reported once, here; its hands are still replayed, as far as their positions make
        # sense, but the game has no target: there may be no sides at all to hold against it.
        problems = rules.table_problems(len(self.seats), bool(record.teams))
        self.goal = Target.of(rules, len(self.seats), table_allowed=not problems)
        self.target = self.goal.points
        seat_tags = [h for h in record.headers if h.name in ("Seat", "Team")] or list(record.headers)
        for parameter, problem in problems:
            self.report("table-rules", problem, seat_tags[0] if seat_tags else None, None, rule=parameter)

    # -- reporting ---------------------------------------------------------------------------

    def report(
        self,
        code: str,
        message: str,
        stmt: object,
        hand: int | None,
        turn: int | None = None,
        *,
        severity: str = "error",
        rule: str | None = None,
        claimed: int | None = None,
        correct: int | None = None,
    ) -> None:
        diagnostic = Diagnostic.at_statement(
            self.record,
            stmt,
            code,
            message,
            severity=severity,  # type: ignore[arg-type]
            hand=hand,
            turn=turn,
            rule=rule if rule is not None else CODES[code][0],
            claimed=claimed,
            correct=correct,
        )
        self.diagnostics.append(diagnostic)
        if self.strict and severity == "error":
            raise ReplayError(diagnostic)

    # -- scores --------------------------------------------------------------------------------

    def credit(self, side: str, amount: int, hand: int, turn: int | None) -> int:
        """Add ``amount`` to ``side`` under the get-in and target rules; return what counted."""
        if self.over and self.won_at is not None:
            return 0
        if amount > 0 and not self.got_in[side]:
            if amount < self.rules.get_in_minimum:
                return 0
            self.got_in[side] = True
        score = self.scores[side] + amount
        counts, wins = self.goal.after_credit(score, amount)
        if not counts:
            return 0
        self.scores[side] = score
        if wins and not self.over:
            self.over = True
            self.winner = side
            self.won_at = (hand, turn)
        return amount

    # -- leaders ---------------------------------------------------------------------------

    def highest_double(self, state: HandState) -> Tile | None:
        """The highest double dealt, when every hand is known; else None."""
        return leaders.highest_double(self, state)

    def expected_leader(self, state: HandState) -> Leader:
        """Who should lead this hand, the rule that says so and why (see :mod:`muggins.replay.leaders`)."""
        return leaders.expected_leader(self, state)

    # -- hands ---------------------------------------------------------------------------------

    def start_hand(self, hand: Hand) -> HandState:
        return HandState(self, hand)

    def finish_hand(self, state: HandState) -> HandResult:
        """End-of-hand scoring, the outcome check, the running totals and the target check."""
        return hand_end.finish_hand(self, state)

    def replay_hand(self, hand: Hand) -> Iterator[tuple[int, HandState]]:
        """Apply the hand's turns one by one, yielding the position after each (turn 0: the deal)."""
        state = self.start_hand(hand)
        yield 0, state
        for turn, stmt in enumerate(hand.turns, 1):
            state.apply(turn, stmt)
            yield turn, state
        self.finish_hand(state)

    def play(self, hand: Hand) -> None:
        """Replay one hand whole: the deal, every turn, the end (its result joins ``hands``)."""
        state = self.start_hand(hand)
        apply = state.apply
        for turn, stmt in enumerate(hand.turns, 1):
            apply(turn, stmt)
        self.finish_hand(state)

    def result(self) -> ReplayResult:
        return ReplayResult(
            self.record, self.rules, self.sides, self.hands, self.diagnostics, dict(self.scores), self.winner, self.won_at
        )


def replay(record: Record, rules: RuleSet, strict: bool = False) -> ReplayResult:
    """Replay a whole record under ``rules``; every diagnostic is in the result."""
    game = Game(record, rules, strict)
    for hand in record.hands:
        game.play(hand)
    return game.result()


def position(record: Record, rules: RuleSet, hand_number: int, turn: int) -> tuple[Game, HandState]:
    """The position after turn ``turn`` (0: before the first turn) of hand ``hand_number``."""
    game = Game(record, rules)
    for hand in record.hands:
        if hand.number == hand_number:
            for at, state in game.replay_hand(hand):
                if at == turn:
                    return game, state
            raise IndexError(f"hand {hand_number} has {len(hand.turns)} turns, not {turn}")
        for _ in game.replay_hand(hand):
            pass
    raise IndexError(f"the record has no hand {hand_number}")
