"""The end of a hand: how it really ended, the pips left, the award, and the target.

:func:`finish_hand` checks the outcome written on the record against what the replay found (a
hand written as blocked while a seat could still play, a domino by another seat, a hand that
stops short), takes the pips from the hands where every hand is known or else as announced,
credits the end-of-hand award the rules give and, where the target is checked at the end of a
hand, decides whether the game is won. It closes a hand, which no turn does, so it is kept out
of the turn rules; and it applies rules, so it is kept out of the driver's bookkeeping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from muggins.i18n import msg
from muggins.replay.facts import HandResult
from muggins.replay.play_rules import drawable, is_blocked
from muggins.replay.scoring import HandAward, end_of_hand

if TYPE_CHECKING:
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game


def finish_hand(game: Game, state: HandState) -> HandResult:
    """End-of-hand scoring, the outcome check, the running totals and the target check."""
    result, hand, rules = state.result, state.hand, game.rules
    outcome = state.over
    written = hand.outcome
    if outcome is None and written is not None and written.kind == "blocked":
        if all(state.fully_known(s) for s in game.seats) and state.board.lead is not None:
            hands = [state.known[s] for s in game.seats]
            if not is_blocked(state.board, hands, drawable(state.boneyard_count, rules)):
                game.report("wrong-outcome", msg("written as blocked, but a seat could still play"), written, hand.number)
            else:
                outcome = "blocked"
        else:
            outcome = "blocked"
    if outcome is None and state.sheet_only and written is not None:
        outcome = written.kind
        state.went_out = written.seat
    if written is not None and outcome is not None and not state.sheet_only:
        if written.kind != outcome or (written.seat is not None and outcome == "domino" and written.seat != state.went_out):
            actual = f"domino {state.went_out}" if outcome == "domino" else "blocked"  # the notation's words
            said = f"domino {written.seat or ''}".strip() if written.kind == "domino" else "blocked"
            game.report("wrong-outcome", msg("written as {said}, but the hand ended {actual}", said=said, actual=actual), written, hand.number)
    if outcome is None and not state.sheet_only and hand.turns and not game.over:
        last = hand.turns[-1]
        game.report("hand-unfinished", msg("the hand stops before anyone went out or it was blocked"), last, hand.number, severity="info")
    result.outcome = outcome
    result.went_out = state.went_out
    # Pips: from the hands where every hand is known, else as announced.
    if not state.sheet_only and all(state.fully_known(s) for s in game.seats) and hand.deals:
        result.pips = {s: sum(t.pips for t in state.known[s]) for s in game.seats}
        result.pips_source = "hands"
    elif hand.pips is not None:
        result.pips = {s: v for s, v in hand.pips.entries if s in game.seat_set}
        result.pips_source = "announced"
    out = state.out_credit  # the points for going out, credited with the last play
    won_in_play = game.over and game.won_at is not None and game.won_at[1] is not None
    if outcome is not None and not won_in_play:
        pips = result.pips
        if pips is not None and len(pips) == len(game.seats):
            result.award = end_of_hand(outcome, state.went_out, pips, game.sides, rules)
        elif outcome == "domino" and state.went_out is not None and rules.domino_scoring in ("opponents_pips", "opponents_minus_own", "heaviest_hand") and pips is not None:
            result.award = end_of_hand(outcome, state.went_out, {**{s: 0 for s in game.seats}, **pips}, game.sides, rules)
    elif out is not None and game.won_at == (hand.number, out[0]):
        # The last play and the points for going out reached the target together: those
        # points are all the hand's end gives (the game is over at that play).
        side, points = out[1], out[2]
        text = f"{side} +{points} for going out, scored with the last play, which won the game"
        result.award = HandAward({s: points if s == side else 0 for s in game.side_list}, side, text)
    if result.award is not None and not won_in_play:
        result.award_counted = _credit_award(game, result.award, out, hand.number)
    elif out is not None:
        result.award_counted = {s: out[3] if s == out[1] else 0 for s in game.side_list}
    result.totals = dict(game.scores)
    if game.won_at is not None and game.won_at[0] == hand.number:
        result.target_reached_at = game.won_at[1]
    if not game.over:
        over, winner = game.goal.after_hand(game.scores)
        if over:
            game.over = True
            game.winner = winner
            game.won_at = (hand.number, None)
    game.hands.append(result)
    return result


def _credit_award(game: Game, award: HandAward, out: tuple[int, str, int, int] | None, hand: int) -> dict[str, int]:
    """Credit each side its end-of-hand points, less the points for going out already credited
    with the last play; return what counted per side (those points included)."""
    counted = {}
    for side, amount in award.points.items():
        got = 0
        if out is not None and side == out[1]:
            amount -= out[2]
            got = out[3]
        if amount:
            got += game.credit(side, amount, hand, None)
        counted[side] = got
    return counted
