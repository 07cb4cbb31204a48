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
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from muggins.diagnostics import Diagnostic
from muggins.notation.model import Hand, Record, Tile
from muggins.replay.errors import CODES, ReplayError
from muggins.replay.facts import HandResult, ReplayResult, TurnFact
from muggins.replay.hand_state import HandState
from muggins.replay.rules import RuleError, RuleSet
from muggins.replay.scoring import end_of_hand, points_table, side_of_seats
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


class Leader(NamedTuple):
    seat: str | None
    rule: str
    why: str
    tile: Tile | None


def _target_or_none(rules: RuleSet, players: int) -> int | None:
    try:
        return rules.target_for(players)
    except RuleError:
        return None


class Game:
    """The replay of one record: the rules, the sides, the running score, the diagnostics."""

    def __init__(self, record: Record, rules: RuleSet, strict: bool = False) -> None:
        self.record = record
        self.rules = rules
        self.strict = strict
        self.seats = record.seats
        self.seat_set = frozenset(self.seats)
        self.seat_index = {seat: i for i, seat in enumerate(self.seats)}
        self.next_index = {seat: (i + 1) % len(self.seats) for i, seat in enumerate(self.seats)}
        self.sides = side_of_seats(self.seats, record.teams)
        self.side_list = list(dict.fromkeys(self.sides[s] for s in self.seats))
        self.claims_written = record.claims_written
        self.points_for = points_table(rules)
        self.scores = {side: 0 for side in self.side_list}
        self.got_in = {side: rules.get_in_minimum == 0 for side in self.side_list}
        self.target = _target_or_none(rules, len(self.seats))
        self.diagnostics: list[Diagnostic] = []
        self.hands: list[HandResult] = []
        self.over = False
        self.winner: str | None = None
        self.won_at: tuple[int, int | None] | None = None
        seat_tags = [h for h in record.headers if h.name in ("Seat", "Team")] or list(record.headers)
        for parameter, problem in rules.table_problems(len(self.seats), bool(record.teams)):
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
        diagnostic = Diagnostic(
            code=code,
            message=message,
            severity=severity,  # type: ignore[arg-type]
            source=self.record.source,
            line=getattr(stmt, "line", 0) or 0,
            column=getattr(stmt, "column", 0) or 0,
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
        """Add ``amount`` to ``side`` under the get-in and exact-target rules; return what counted."""
        if self.over and self.won_at is not None:
            return 0
        rules = self.rules
        if amount > 0 and not self.got_in[side]:
            if amount < rules.get_in_minimum:
                return 0
            self.got_in[side] = True
        if rules.target_exact and self.target is not None and amount > 0 and self.scores[side] + amount > self.target:
            return 0
        self.scores[side] += amount
        if (
            rules.target_check == "immediate"
            and self.target is not None
            and self.scores[side] >= self.target
            and not self.over
        ):
            self.over = True
            self.winner = side
            self.won_at = (hand, turn)
        return amount

    # -- leaders ---------------------------------------------------------------------------

    def highest_double(self, state: HandState) -> Tile | None:
        """The highest double dealt, when every hand is known; else None."""
        if not all(state.fully_known(s) for s in self.seats):
            return None
        doubles = [t for tiles in state.known.values() for t in tiles if t.is_double]
        return max(doubles, default=None)

    def expected_leader(self, state: HandState) -> Leader:
        """Who should lead this hand, the rule that says so and why (seat None: anyone may).

        ``tile`` is what that leader must lead, where ``first_lead_tile`` is ``that_double``
        and the leader was chosen for holding it.
        """
        rules = self.rules
        previous = self.hands[-1] if self.hands else None
        if previous is None:
            rule, how = "first_leader", rules.first_leader
        elif previous.outcome == "blocked":
            rule, how = "leader_after_blocked", rules.leader_after_blocked
        else:
            rule, how = "later_leader", rules.later_leader
        if how == "any":
            return Leader(None, rule, "", None)
        if how == "highest_double":
            must_lead = rules.first_lead_tile == "that_double"
            double = self.highest_double(state)
            if double is not None:
                holder = next(s for s in self.seats if double in state.known[s])
                return Leader(holder, rule, f"{holder} holds the highest double, {double}", double if must_lead else None)
            if all(state.fully_known(s) for s in self.seats):
                if rules.no_double == "reshuffle":
                    self.report("no-double", "nobody holds a double: the tiles should be reshuffled", state.hand, state.hand.number, severity="warning")
                    return Leader(None, "no_double", "", None)
                heaviest = max((t for tiles in state.known.values() for t in tiles), key=lambda t: (t.pips, t.high), default=None)
                if heaviest is not None:
                    holder = next(s for s in self.seats if heaviest in state.known[s])
                    why = f"nobody holds a double and {holder} holds the heaviest tile, {heaviest}"
                    return Leader(holder, "no_double", why, heaviest if must_lead else None)
            return Leader(None, rule, "", None)
        if previous is None or previous.leader is None:
            return Leader(None, rule, "", None)
        if how == "previous_winner":
            winner = previous.went_out if previous.outcome == "domino" else _lightest_seat(previous, self)
            if winner is None:
                return Leader(None, rule, "", None)
            return Leader(winner, rule, f"{winner} won hand {previous.number} and leads the next", None)
        # left_of_previous_leader
        index = self.seat_index[previous.leader]
        step = 1 if rules.direction == "clockwise" else -1
        left = self.seats[(index + step) % len(self.seats)]
        return Leader(left, rule, f"{left} sits to the left of {previous.leader}, who led hand {previous.number}", None)

    # -- hands ---------------------------------------------------------------------------------

    def start_hand(self, hand: Hand) -> HandState:
        return HandState(self, hand)

    def finish_hand(self, state: HandState) -> HandResult:
        """End-of-hand scoring, the outcome check, the running totals and the target check."""
        result, hand, rules = state.result, state.hand, self.rules
        outcome = state.over
        written = hand.outcome
        if outcome is None and written is not None and written.kind == "blocked":
            if all(state.fully_known(s) for s in self.seats) and state.board.lead is not None:
                if any(state.playable_tiles(s) for s in self.seats) or state.drawable() > 0 and rules.drawing != "none":
                    self.report("wrong-outcome", "written as blocked, but a seat could still play", written, hand.number)
                else:
                    outcome = "blocked"
            else:
                outcome = "blocked"
        if outcome is None and state.sheet_only and written is not None:
            outcome = written.kind
            state.went_out = written.seat
        if written is not None and outcome is not None and not state.sheet_only:
            if written.kind != outcome or (written.seat is not None and outcome == "domino" and written.seat != state.went_out):
                actual = f"domino {state.went_out}" if outcome == "domino" else "blocked"
                said = f"domino {written.seat or ''}".strip() if written.kind == "domino" else "blocked"
                self.report("wrong-outcome", f"written as {said}, but the hand ended {actual}", written, hand.number)
        if outcome is None and not state.sheet_only and hand.turns and not self.over:
            last = hand.turns[-1]
            self.report("hand-unfinished", "the hand stops before anyone went out or it was blocked", last, hand.number, severity="info")
        result.outcome = outcome
        result.went_out = state.went_out
        # Pips: from the hands where every hand is known, else as announced.
        if not state.sheet_only and all(state.fully_known(s) for s in self.seats) and hand.deals:
            result.pips = {s: sum(t.pips for t in state.known[s]) for s in self.seats}
            result.pips_source = "hands"
        elif hand.pips is not None:
            result.pips = {s: v for s, v in hand.pips.entries if s in self.seat_set}
            result.pips_source = "announced"
        if outcome is not None and not (self.over and self.won_at is not None and self.won_at[1] is not None):
            pips = result.pips
            if pips is not None and len(pips) == len(self.seats):
                result.award = end_of_hand(outcome, state.went_out, pips, self.sides, rules)
                for side, amount in result.award.points.items():
                    if amount:
                        self.credit(side, amount, hand.number, None)
            elif outcome == "domino" and state.went_out is not None and rules.domino_scoring in ("opponents_pips", "opponents_minus_own", "heaviest_hand") and pips is not None:
                result.award = end_of_hand(outcome, state.went_out, {**{s: 0 for s in self.seats}, **pips}, self.sides, rules)
                for side, amount in result.award.points.items():
                    if amount:
                        self.credit(side, amount, hand.number, None)
        result.totals = dict(self.scores)
        if self.won_at is not None and self.won_at[0] == hand.number:
            result.target_reached_at = self.won_at[1]
        if rules.target_check == "end_of_hand" and self.target is not None and not self.over:
            best = max(self.scores.values())
            leaders = [side for side, score in self.scores.items() if score == best]
            if best >= self.target and (len(leaders) == 1 or rules.target_tie == "draw"):
                self.over = True
                self.winner = leaders[0] if len(leaders) == 1 else None
                self.won_at = (hand.number, None)
        self.hands.append(result)
        return result

    def replay_hand(self, hand: Hand) -> Iterator[tuple[int, HandState]]:
        """Apply the hand's turns one by one, yielding the position after each (turn 0: the deal)."""
        state = self.start_hand(hand)
        yield 0, state
        for turn, stmt in enumerate(hand.turns, 1):
            state.apply(turn, stmt)
            yield turn, state
        self.finish_hand(state)

    def result(self) -> ReplayResult:
        return ReplayResult(
            self.record, self.rules, self.sides, self.hands, self.diagnostics, dict(self.scores), self.winner, self.won_at
        )


def _lightest_seat(previous: HandResult, game: Game) -> str | None:
    """The winner of a blocked hand: the seat with the fewest pips (None on a tie or unknown)."""
    if previous.award is not None and previous.award.winner is not None:
        winner_side = previous.award.winner
        members = [s for s in game.seats if game.sides[s] == winner_side]
        if previous.pips:
            return min(members, key=lambda s: previous.pips.get(s, 0))  # type: ignore[union-attr]
        return members[0]
    return None


def replay(record: Record, rules: RuleSet, strict: bool = False) -> ReplayResult:
    """Replay a whole record under ``rules``; every diagnostic is in the result."""
    game = Game(record, rules, strict)
    for hand in record.hands:
        state = game.start_hand(hand)
        apply = state.apply
        for turn, stmt in enumerate(hand.turns, 1):
            apply(turn, stmt)
        game.finish_hand(state)
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
