"""How points are worked out: in play, at the end of a hand, and when claims meet the sheet.

Each scoring rule of ``RuleSet`` is decided in exactly one function here, so a reader looking for
"what does a blocked hand score under the scorecard rules" finds one place.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Mapping, NamedTuple, Sequence

from muggins.i18n import msg
from muggins.replay.board import largest_count
from muggins.replay.rules import RuleSet


def play_points(total: int, rules: RuleSet) -> int:
    """Points a play scores when the open ends add up to ``total``.

    All Fives scores the total itself when it is a positive multiple of five. Unit scoring
    (Five Up, Fives and Threes) scores how many times each scoring multiple goes into it:
    with 5 and 3, 15 is 3 + 5 = 8.
    """
    if total <= 0:
        return 0
    multiples = rules.score_multiples
    if rules.play_score == "total":
        points = total if any(total % m == 0 for m in multiples) else 0
    else:
        points = sum(total // m for m in multiples if total % m == 0)
    cap = rules.play_score_cap
    if cap is not None and points > cap:
        points = cap
    return points


@functools.lru_cache(maxsize=64)
def points_table(rules: RuleSet) -> tuple[int, ...]:
    """:func:`play_points` for every end total a layout of this set can show, worked out once
    per rule set: the replayer's and the solver's hot loops index it instead of calling."""
    return tuple(play_points(total, rules) for total in range(16 * rules.max_pip + 8))


@functools.lru_cache(maxsize=64)
def play_scores(rules: RuleSet) -> frozenset[int]:
    """Every amount one play can score under ``rules`` (never 0): the one place that knows.

    The audit holds a score-sheet entry against it (an amount no play can make), the analysis
    marks a loss in its smallest step, and the solver divides every score by the common factor
    of these and the end-of-hand awards.
    """
    scores = (play_points(total, rules) for total in range(1, largest_count(rules) + 1))
    return frozenset(points for points in scores if points > 0)


def round_pips(pips: int, rules: RuleSet) -> int:
    """Round an end-of-hand amount to the rounding unit: nearest (7 -> 5, 8 -> 10), down, up, or none.

    Amounts are whole numbers, so "nearest" never meets a half: with a unit of 5, remainders
    0-2 go down and 3-4 go up.
    """
    unit = rules.rounding_unit
    mode = rules.pip_rounding
    if mode == "none" or unit <= 1:
        return pips
    sign = -1 if pips < 0 else 1
    amount = abs(pips)
    low = amount - amount % unit
    if mode == "down":
        rounded = low
    elif mode == "up":
        rounded = low if amount == low else low + unit
    else:
        rounded = low + unit if 2 * (amount - low) > unit else low
    return sign * rounded


def award(amount: int, rules: RuleSet) -> int:
    """An end-of-hand pip amount as points: rounded, then divided for games scored in fives."""
    return round_pips(amount, rules) // rules.award_divisor


@dataclass(frozen=True, slots=True)
class HandAward:
    """The end-of-hand points per side, and who won the hand (None: nobody, e.g. a tied block)."""

    points: dict[str, int]
    winner: str | None
    explanation: str


def end_of_hand(
    kind: str,
    went_out: str | None,
    pips: Mapping[str, int],
    side_of: Mapping[str, str],
    rules: RuleSet,
) -> HandAward:
    """End-of-hand scoring for a hand that ended by ``kind`` (``domino`` or ``blocked``).

    ``pips`` holds each seat's remaining pips; ``side_of`` maps a seat to its side (its team,
    or itself when nobody plays in pairs). ``went_out`` is the seat that dominoed.
    """
    sides = list(dict.fromkeys(side_of[s] for s in pips))
    side_pips = {side: sum(p for s, p in pips.items() if side_of[s] == side) for side in sides}
    points = {side: 0 for side in sides}

    if kind == "domino":
        winner = side_of[went_out] if went_out is not None else None
        text = _domino(rules.domino_scoring, winner, pips, side_of, side_pips, points, rules)
    else:
        winner, text = _blocked(pips, side_of, side_pips, points, rules)
    bonus = going_out_points(rules) if kind == "domino" else rules.hand_winner_bonus
    if winner is not None and bonus:
        points[winner] += bonus
        text = msg("{text}; {winner} +{bonus} for winning the hand", text=text, winner=winner, bonus=bonus)
    return HandAward(points, winner, text)


def going_out_points(rules: RuleSet) -> int:
    """The points for going out (Fives and Threes' point for "chipping out"), which are scored at
    the same time as the last play's own: the replayer credits the two as one amount, so against
    an exact target they count together or not at all. pagat: with 59 on the board, a last tile
    that makes 6 on the ends scores 2 + 1 = 3, "and this is too many".

    The end-of-hand award (:func:`end_of_hand`) holds them too, as the score sheet writes them;
    a hand kept as score-sheet entries only does not say which entry was the last play, so
    there they are credited alone with the award.
    """
    return rules.hand_winner_bonus


def _subtract_own(pips: Mapping[str, int], side_of: Mapping[str, str], points: dict[str, int], rules: RuleSet) -> str:
    parts = []
    for seat, p in pips.items():
        loss = award(p, rules)
        points[side_of[seat]] -= loss
        parts.append(f"{seat} {p} -> {-loss}")  # "-10", and "0" where nothing is lost (never "-0")
    return msg("each subtracts own pips: {parts}", parts=", ".join(parts))


def _domino(
    how: str,
    winner: str | None,
    pips: Mapping[str, int],
    side_of: Mapping[str, str],
    side_pips: Mapping[str, int],
    points: dict[str, int],
    rules: RuleSet,
) -> str:
    if how == "none":
        return msg("no end-of-hand pip scoring")
    if how == "subtract_own":
        return _subtract_own(pips, side_of, points, rules)
    if winner is None:
        return msg("nobody went out")
    opponents = sum(p for side, p in side_pips.items() if side != winner)
    if how == "opponents_pips":
        amount = opponents
        text = msg("{winner} scores the opponents' {opponents} pips", winner=winner, opponents=opponents)
    elif how == "opponents_minus_own":
        amount = max(0, opponents - side_pips[winner])
        text = msg("{winner} scores the opponents' {opponents} pips minus its own {own}", winner=winner, opponents=opponents, own=side_pips[winner])
    else:  # heaviest_hand
        amount = max((p for s, p in pips.items() if side_of[s] != winner), default=0)
        text = msg("{winner} scores the heaviest hand, {amount} pips", winner=winner, amount=amount)
    points[winner] += award(amount, rules)
    return msg("{text}: {points}", text=text, points=award(amount, rules))


def _blocked(
    pips: Mapping[str, int],
    side_of: Mapping[str, str],
    side_pips: Mapping[str, int],
    points: dict[str, int],
    rules: RuleSet,
) -> tuple[str | None, str]:
    how = rules.blocked_scoring
    if how == "none":
        return None, msg("blocked: no pip scoring")
    if how == "subtract_own":
        return None, msg("blocked: {text}", text=_subtract_own(pips, side_of, points, rules))
    # The weights compared: each side's pips added up, or each seat's own.
    if rules.blocked_compare == "side":
        weights = dict(side_pips)
        owner = {side: side for side in side_pips}
    else:
        weights = dict(pips)
        owner = dict(side_of)
    if how == "difference_each_heavier":
        parts = []
        for unit, weight in weights.items():
            gain = sum(other - weight for other in weights.values() if other > weight)
            if gain:
                points[owner[unit]] += award(gain, rules)
                parts.append(f"{unit} +{award(gain, rules)}")
        return None, msg("blocked: each scores the difference against each heavier hand: {parts}", parts=", ".join(parts) or msg("nothing"))
    lightest = min(weights.values())
    tied = [unit for unit, weight in weights.items() if weight == lightest]
    winners = {owner[unit] for unit in tied}
    if len(winners) > 1 and rules.blocked_tie == "nothing":
        return None, msg("blocked: {tied} tie for the lightest hand ({lightest}); nobody scores", tied=", ".join(tied), lightest=lightest)
    first = owner[tied[0]]
    others = sum(p for s, p in pips.items() if side_of[s] not in winners)
    if how == "as_domino":
        text = _domino(rules.domino_scoring, first, pips, side_of, side_pips, points, rules)
        return first, msg("blocked, lightest hand {first}: {text}", first=first, text=text)
    if how == "lightest_takes_opponents":
        amount = others
        text = msg("lightest hand {first} ({lightest}) scores the opponents' {others} pips", first=first, lightest=lightest, others=others)
    else:  # lightest_takes_others_minus_own
        amount = max(0, others - lightest)
        text = msg("lightest hand {first} ({lightest}) scores the others' {others} pips minus its own", first=first, lightest=lightest, others=others)
    if len(winners) > 1:  # split between the tied sides
        share = round_pips(amount // len(winners), rules) // rules.award_divisor
        for side in winners:
            points[side] += share
        return None, msg("blocked: {text}, split {ways} ways: {share} each", text=text, ways=len(winners), share=share)
    points[first] += award(amount, rules)
    return first, msg("blocked: {text}: {points}", text=text, points=award(amount, rules))


def side_of_seats(seats: Sequence[str], teams: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Each seat's side: its team id when the record declares teams, else the seat itself."""
    side = {seat: seat for seat in seats}
    for team, members in teams.items():
        for seat in members:
            side[seat] = team
    return side


class Credit(NamedTuple):
    """What a play's claim is worth on the sheet under the Muggins rule.

    ``credited`` goes to the player's side now; ``unclaimed`` is left for an opponent's
    Muggins call (or lost); ``excess`` is an over-claim taken down; ``penalty`` is what the
    opponents score for it.
    """

    credited: int
    unclaimed: int
    excess: int
    penalty: int


def unclaimed_may_be_taken(rules: RuleSet) -> bool:
    """Whether an opponent may take the points a player left unclaimed by calling Muggins
    (else they are lost, or every play is scored in full without claims)."""
    return rules.muggins in ("opponent_takes", "opponent_takes_whole")


class MugginsTake(NamedTuple):
    """What a Muggins call on a play does: ``takes`` goes to the caller's side, ``takes_back``
    comes off the called player's side (what his short claim had put on its score)."""

    takes: int
    takes_back: int


def muggins_takes(points: int, unclaimed: int, kept: int, rules: RuleSet) -> MugginsTake:
    """What a Muggins call takes on a play that made ``points``, left ``unclaimed`` of them
    unclaimed and put ``kept`` on its side's score (the claim, as the get-in and exact-target
    rules let it count): the unclaimed part (``opponent_takes``), or the whole score of the
    play, the claim coming off again (``opponent_takes_whole``). The one answer to "what does
    this call take": the replayer applies it, the simulator writes it, the audit words it."""
    if rules.muggins == "opponent_takes_whole":
        return MugginsTake(points, kept)
    return MugginsTake(unclaimed, 0)


def credit_claim(points: int, claim: int | None, rules: RuleSet, claims_written: bool) -> Credit:
    """Decide what a play is credited, given the points it made and what the player claimed."""
    if rules.muggins == "automatic" or not claims_written:
        excess = max(0, (claim or 0) - points) if claims_written else 0
        return Credit(points, 0, excess, 0)
    said = claim or 0
    if said >= points:
        excess = said - points
        penalty = excess if rules.overclaim == "penalty_excess" else 0
        return Credit(points, 0, excess, penalty)
    unclaimed = points - said
    return Credit(said, unclaimed, 0, 0)
