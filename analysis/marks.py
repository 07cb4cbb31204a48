"""The one table of skill thresholds: how many points a play must lose to earn ``?!``, ``?``, ``??``.

Every report, table, JSON figure and annotated record marks a play through :func:`mark_for`, so
the thresholds below are the only place where "how bad is a loss" is decided (the GNU Backgammon
way: one table of doubtful / bad / very bad, used everywhere).

Thresholds are counted in **scoring steps**: the smallest amount one play can score under the
rules. In All Fives (the total scores when it is a multiple of 5) a step is 5 points; under unit
scoring (Five Up, Fives and Threes: 15 is worth 3, or 5 + 3) a step is 1 point. Why these steps:

- ``?!`` dubious, from **1 step** (5 points in All Fives): the least a play can give away. Often a
  matter of taste (keeping a tile back, blocking), so only doubtful.
- ``?`` mistake, from **2 steps** (10 points): as much as a common scoring play is worth; a
  player who gives that away has missed something real.
- ``??`` blunder, from **4 steps** (20 points): a big score missed or handed over; in a game to
  150 or 250 that is several turns of good play undone by one tile.

The loss a play is marked by is the figure of the analysis' view (see ANALYSIS.md): by default
the **expected** loss, a mean over sampled deals of what its player could not see; with
``--view open-cards`` the perfect-information loss (depth-limited when the solver ran out of
time); the immediate points where no solver figure could be had.

**Uncertainty.** An expected loss is an estimate with a standard error. A play earns a mark only
when its loss exceeds the threshold by more than its uncertainty: ``loss - MARGIN * standard_error
>= threshold``, :data:`MARGIN` being 2 (about 97.7% sure, one-sided, that the true expected loss
reaches the threshold). Exact and immediate figures have no standard error, so for them the rule
is ``loss >= threshold``, as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from muggins.i18n import N_
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import play_scores


@dataclass(frozen=True, slots=True)
class Threshold:
    """A mark and the smallest loss, in scoring steps, that earns it."""

    mark: str
    steps: int
    meaning: str


#: The thresholds, worst first. The one table; ANALYSIS.md documents it.
THRESHOLDS: tuple[Threshold, ...] = (
    Threshold("??", 4, N_("blunder")),
    Threshold("?", 2, N_("mistake")),
    Threshold("?!", 1, N_("dubious")),
)

#: Standard errors a loss must clear its threshold by to earn the mark (see the module doc).
MARGIN = 2.0

#: The marks this module gives, best to worst; the notation's ``!`` and ``!?`` are never given.
ANALYSIS_MARKS: tuple[str, ...] = tuple(t.mark for t in reversed(THRESHOLDS))


def scoring_step(rules: RuleSet) -> int:
    """The smallest amount one play can score (:func:`~muggins.replay.scoring.play_scores`):
    5 in All Fives, 1 under unit scoring (where 5 is worth 1)."""
    return min(play_scores(rules), default=5)


def thresholds_in_points(rules: RuleSet) -> tuple[tuple[str, int], ...]:
    """The table in points under ``rules``, worst first: ``(("??", 20), ("?", 10), ("?!", 5))``."""
    step = scoring_step(rules)
    return tuple((t.mark, t.steps * step) for t in THRESHOLDS)


def mark_for(loss: float | None, rules: RuleSet, standard_error: float = 0.0) -> str | None:
    """The mark a play losing ``loss`` points (give or take ``standard_error``) earns under
    ``rules``: the worst whose threshold ``loss - MARGIN * standard_error`` reaches; None for no mark."""
    if loss is None or loss <= 0:
        return None
    sure = loss - MARGIN * standard_error
    for mark, points in thresholds_in_points(rules):
        if sure >= points - 1e-9:  # (a mean of whole points may miss by a rounding)
            return mark
    return None
