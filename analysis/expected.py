"""Expected values: each alternative valued by its mean over deals its player could not see.

For a decision, :func:`expected_values` samples deals of the unseen tiles uniformly among those
consistent with what the player saw (``analysis.sampler``), solves each one with every tile
open (``analysis.values``, the solver), and averages: an alternative's figure is its mean value
over the samples, with its standard error; a decision's loss is the mean of (best - played)
over the same samples, with the standard error of that paired difference (the two are valued on
the same deals, so their difference is far steadier than either value).

Sampling stops early once the answer is clear (the sequential rule, constants below): after
:data:`LEAST` samples, as soon as every alternative other than the best (by mean) is either
clearly worse (its paired difference from the best, less :data:`STOP_ERRORS` standard errors,
is above 0) or clearly about as good (the difference plus :data:`STOP_ERRORS` standard errors
is within :data:`TOLERANCE_STEPS` scoring steps); or as soon as no alternative could be a mark
better than the play made (each one's paired difference from the played move, plus
:data:`STOP_ERRORS` standard errors, short of the least mark's threshold: whatever more samples
said of the others, the play would earn no mark, so they are not worth taking); else at
``Sampling.most`` samples, or when the record's time is spent (after two samples at least). Where only one deal is consistent (nothing
is hidden) one sample is the exact answer. Each decision has its own random stream, seeded by
the seed, the hand and the turn: the same seed gives the same figures, whatever the order the
decisions are analysed in (as long as every solve is exact: a solve cut by its time budget can
search deeper on a faster machine).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from muggins.analysis.knowledge import HandLog, Unknowable, groups_for
from muggins.analysis.marks import thresholds_in_points
from muggins.analysis.missed import Option, with_values
from muggins.analysis.sampler import DealSampler, NotAnalyzed
from muggins.analysis.values import forget, move_values, out_of_reach
from muggins.analysis.worlds import HandStart
from muggins.replay.rules import RuleSet

if TYPE_CHECKING:
    from muggins.replay.replayer import Game

#: Samples per decision at most, by default (``--samples``).
MOST = 64
#: Samples before the rule may stop (fewer give no standard error worth the name).
LEAST = 8
#: How many standard errors apart "clearly" is, for stopping (the marks use their own margin).
STOP_ERRORS = 2.0
#: Alternatives this close to the best (in scoring steps), clearly, count as equal for stopping.
TOLERANCE_STEPS = 0.5

#: Why sampling stopped.
SINGLE, SETTLED, UNMARKED, ENOUGH, OUT_OF_TIME = "single", "settled", "unmarked", "samples", "budget"


@dataclass(frozen=True, slots=True)
class Sampling:
    """How a decision is sampled: at most ``most`` deals, the stream seeded by ``seed``."""

    most: int = MOST
    seed: int = 0
    least: int = LEAST


@dataclass(frozen=True, slots=True)
class Expected:
    """The sampled values of a decision's options: ``rows[k][i]`` is option ``i``'s value in
    sample ``k`` (options as in ``valued``, the decision's with the solver's draw or pass added);
    why sampling stopped; the shallowest depth a cut solve reached (None: all exact)."""

    valued: tuple[Option, ...]
    rows: tuple[tuple[int, ...], ...]
    stopped: str
    depth: int | None

    @property
    def samples(self) -> int:
        return len(self.rows)

    def mean(self, i: int) -> float:
        return sum(row[i] for row in self.rows) / len(self.rows)

    def error(self, i: int) -> float:
        """The standard error of option ``i``'s mean."""
        return self._error([row[i] for row in self.rows])

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """The mean of (option ``i`` - option ``j``) over the samples and its standard error."""
        diffs = [row[i] - row[j] for row in self.rows]
        return sum(diffs) / len(diffs), self._error(diffs)

    def _error(self, xs: list[int]) -> float:
        n = len(xs)
        if n < 2:
            return 0.0 if self.stopped == SINGLE else math.inf
        mean = sum(xs) / n
        return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)

    def best(self) -> int:
        means = [self.mean(i) for i in range(len(self.valued))]
        return max(range(len(means)), key=lambda i: means[i])


class FairHand:
    """What the expected figures of one hand need: the log of what was seen and the game as the
    hand began (``start``); :meth:`values` judges one decision."""

    def __init__(self, log: HandLog, start: HandStart, rules: RuleSet, step: int) -> None:
        self.log = log
        self.start = start
        self.rules = rules
        self.tolerance = TOLERANCE_STEPS * step
        self.least_mark = min(points for _, points in thresholds_in_points(rules))

    def values(
        self, options: Sequence[Option], seat: str, hand: int, turn: int, game: Game, budget: float | None, sampling: Sampling, deadline: float | None, played: int | None = None
    ) -> Expected:
        """The expected values of ``options`` (the decision at ``turn``, already applied to
        ``game``'s replay; ``played``: the option played, None where the rule that stops once
        the play can earn no mark is not wanted). Raises NotAnalyzed when no deal can be sampled, or the table is
        beyond the solver."""
        refused = out_of_reach(len(game.seats), self.rules.set_size)
        if refused is not None:
            raise NotAnalyzed(refused)
        try:
            knowledge = groups_for(self.log, seat, turn)
        except Unknowable as exc:
            raise NotAnalyzed(str(exc)) from None
        own = tuple(self.log.own[seat] or ())
        sampler = DealSampler(knowledge, own, self.rules)
        expected_codes: Counter[str] = self.start.findings(game)
        rng = random.Random(f"{sampling.seed}/{hand}/{turn}")
        most = 1 if sampler.unique else sampling.most
        rows: list[tuple[int, ...]] = []
        valued = None
        depth: int | None = None
        stopped = SINGLE if sampler.unique else ENOUGH
        try:
            while len(rows) < most:
                if deadline is not None and len(rows) >= 2 and time.perf_counter() > deadline:
                    stopped = OUT_OF_TIME
                    break
                _, position = sampler.draw(rng, self.start, expected_codes)
                moves = move_values(position, budget)
                forget()  # each deal its own table: kept, one decision's tables would pile up
                found = with_values(list(options), moves)
                if found is None or (valued is not None and len(found) != len(valued)):
                    raise NotAnalyzed("the solver's moves in a sampled deal are not the record's alternatives")
                valued = valued or tuple(found)
                rows.append(tuple(o.value for o in found))  # type: ignore[misc]  # with_values gives each option the solver's value, an int
                cut = [m.depth for m in moves if not m.exact and m.depth is not None]
                if cut:
                    depth = min(cut + ([depth] if depth is not None else []))
                if len(rows) >= sampling.least:
                    if self._settled(valued, rows, stopped):
                        stopped = SETTLED
                        break
                    if played is not None and self._unmarked(valued, rows, played):
                        stopped = UNMARKED
                        break
        finally:
            forget()
        return Expected(valued, tuple(rows), stopped, depth)  # type: ignore[arg-type]  # None only where no sample was asked for (most 0): rows is then empty, and valued is read only with rows

    def _unmarked(self, valued: tuple[Option, ...], rows: list[tuple[int, ...]], played: int) -> bool:
        """Whether no option could be a mark better than the ``played`` one: each one's paired
        difference from it, plus STOP_ERRORS standard errors, short of the least mark."""
        so_far = Expected(valued, tuple(rows), ENOUGH, None)
        for other in range(len(valued)):
            if other == played:
                continue
            mean, error = so_far.difference(other, played)
            if mean + STOP_ERRORS * error >= self.least_mark:
                return False
        return True

    def _settled(self, valued: tuple[Option, ...], rows: list[tuple[int, ...]], stopped: str) -> bool:
        so_far = Expected(valued, tuple(rows), stopped, None)
        best = so_far.best()
        for other in range(len(valued)):
            if other == best:
                continue
            mean, error = so_far.difference(best, other)
            if not (mean - STOP_ERRORS * error > 0 or mean + STOP_ERRORS * error <= self.tolerance):
                return False
        return True
