"""When a game is won: the target, when it is checked, level scores at the top, the exact target.

The four target parameters (``target``, ``target_check``, ``target_tie``, ``target_exact``) are
read here and nowhere else. :class:`Target` is one game's target as the replayer applies it:
after a play or an award (:meth:`Target.after_credit`, asked by ``Game.credit``: an overshoot of
an exact target, a target reached in play) and once a hand is over (:meth:`Target.after_hand`,
asked by ``replay/hand_end.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from muggins.replay.rules import RuleError, RuleSet


@dataclass(frozen=True, slots=True)
class Target:
    """One game's target: ``points`` (None where the rules give none for this many players),
    and the two scores a credit is held against, worked out once (every credit asks):

    - ``ceiling``: a side's score may not go past it; a gain that would is disregarded, the
      score stays (the target, where it must be hit exactly; else None);
    - ``wins_at``: a side reaching it wins there and then, the game stopping at that turn (the
      target, where it is checked the moment it is reached; else None).
    """

    points: int | None
    ceiling: int | None
    wins_at: int | None
    checked_after_hand: bool
    level_draws: bool

    @staticmethod
    def of(rules: RuleSet, players: int, table_allowed: bool = True) -> Target:
        """The target of a game of ``players`` players under ``rules``: none (``points`` None,
        never reached, checked neither in play nor after a hand) where the rules give none for
        this many players, or where the table is not one they allow (``table_allowed`` False:
        :meth:`RuleSet.table_problems` found a problem, which the replayer reports as
        ``table-rules``): a game the rules cannot be played at is won by nobody, be the target
        one number or a number per player count."""
        try:
            points: int | None = rules.target_for(players) if table_allowed else None
        except RuleError:
            points = None
        at_once = rules.target_check == "immediate"
        return Target(
            points,
            points if rules.target_exact else None,
            points if at_once else None,
            not at_once and points is not None,
            rules.target_tie == "draw",
        )

    def after_credit(self, score: int, amount: int) -> tuple[bool, bool]:
        """What a credit of ``amount`` that takes a side to ``score`` does: whether it counts
        (a gain past an exact target is disregarded, the score stays), and whether the side has
        won there and then (the target reached, where it is checked the moment it is reached)."""
        if amount > 0 and self.ceiling is not None and score > self.ceiling:
            return False, False
        return True, self.wins_at is not None and score >= self.wins_at

    def after_hand(self, scores: Mapping[str, int]) -> tuple[bool, str | None]:
        """Whether the game is over at the end of a hand, and its winner, where the target is
        checked then: the highest score at or over the target wins; sides level at the top play
        another hand, or the game is drawn (winner None) where ``target_tie`` says so."""
        if not self.checked_after_hand:
            return False, None
        best = max(scores.values())
        leaders = [side for side, score in scores.items() if score == best]
        if best >= self.points and (len(leaders) == 1 or self.level_draws):  # type: ignore[operator]
            return True, leaders[0] if len(leaders) == 1 else None
        return False, None
