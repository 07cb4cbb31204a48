"""Expected values: each alternative valued by its mean over deals its player could not see.

For a decision, :func:`expected_values` samples deals of the unseen tiles uniformly among those
consistent with what the player saw (``analysis.sampler``), solves each one with every tile
open (``analysis.values``, the solver), and averages: an alternative's figure is its mean value
over the samples, with its standard error; a decision's loss is the mean of (best - played)
over the same samples, with the standard error of that paired difference (the two are valued on
the same deals, so their difference is far steadier than either value).

Options clearly worse are dropped on the way (successive elimination): after :data:`LEAST`
samples, an option whose paired difference from the best, less :data:`DROP_ERRORS` standard
errors, is above 0 is no longer solved in the samples that follow (the one played and the best
never are); its figures rest on the samples it was solved in (``Expected.samples_of``). The
deals drawn do not depend on it, so the options kept have exactly the values they would have
had. Most of a hand's time is its first decisions, where five to eight options are sampled and
two or three are in question.

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
from muggins.analysis.marks import MARGIN, mark_for, thresholds_in_points
from muggins.analysis.missed import Option, is_move_of, with_values
from muggins.analysis.sampler import DealSampler, NotAnalyzed
from muggins.analysis.values import forget, move_values, out_of_reach
from muggins.analysis.worlds import HandStart
from muggins.i18n import msg, reason
from muggins.replay.rules import RuleSet

if TYPE_CHECKING:
    from muggins.analysis.solver import MoveValue
    from muggins.analysis.solver_position import Position
    from muggins.replay.replayer import Game

#: Samples per decision at most, by default (``--samples``).
MOST = 64
#: Samples before the rule may stop (fewer give no standard error worth the name).
LEAST = 8
#: How many standard errors apart "clearly" is, for stopping (the marks use their own margin).
STOP_ERRORS = 2.0
#: Alternatives this close to the best (in scoring steps), clearly, count as equal for stopping.
TOLERANCE_STEPS = 0.5
#: How many standard errors below the best an option must be to be dropped (stricter than
#: STOP_ERRORS: a decision has several options, and a dropped one never comes back).
DROP_ERRORS = 3.0

#: Why sampling stopped.
SINGLE, SETTLED, UNMARKED, MARKED, FORESEEN, ENOUGH, OUT_OF_TIME = "single", "settled", "unmarked", "marked", "foreseen", "samples", "budget"


#: How sure "hardly" is for the foreseen stop: 1.645 standard deviations, 5% one-sided.
FORESEE_Z = 1.645


def reachable(mean: float, error: float, n: int, most: int, threshold: float) -> bool:
    """Whether a paired difference whose mean over ``n`` samples is ``mean`` (standard error
    ``error``) could still be a sure mark of ``threshold`` by ``most`` samples: the chance that
    its mean then, less MARGIN of its standard errors then, reaches the threshold is at least
    5% (conditional power at the current estimate, the way sequential trials stop for
    futility). The spread per sample is taken as it is now; the mean at ``most`` samples is
    ``mean`` give or take ``spread * sqrt(most - n) / most``."""
    if n >= most or not math.isfinite(error):
        return n < most
    spread = error * math.sqrt(n)
    then = spread / math.sqrt(most)
    return mean + FORESEE_Z * spread * math.sqrt(most - n) / most >= threshold + MARGIN * then


@dataclass(frozen=True, slots=True)
class Sampling:
    """How a decision is sampled: at most ``most`` deals, the stream seeded by ``seed``."""

    most: int = MOST
    seed: int = 0
    least: int = LEAST
    drop: float | None = DROP_ERRORS  # None: every option solved in every sample


@dataclass(frozen=True, slots=True)
class Expected:
    """The sampled values of a decision's options: ``rows[k][i]`` is option ``i``'s value in
    sample ``k`` (options as in ``valued``, the decision's with the solver's draw or pass added;
    None where the option had been dropped by then); why sampling stopped; the shallowest depth
    a cut solve reached (None: all exact)."""

    valued: tuple[Option, ...]
    rows: tuple[tuple[int | None, ...], ...]
    stopped: str
    depth: int | None

    @property
    def samples(self) -> int:
        return len(self.rows)

    def samples_of(self, i: int) -> int:
        """The samples option ``i`` was solved in (fewer than :attr:`samples` once dropped)."""
        return sum(1 for row in self.rows if row[i] is not None)

    def mean(self, i: int) -> float:
        values = [v for v in (row[i] for row in self.rows) if v is not None]
        return sum(values) / len(values)

    def error(self, i: int) -> float:
        """The standard error of option ``i``'s mean."""
        return self._error([v for v in (row[i] for row in self.rows) if v is not None])

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """The mean of (option ``i`` - option ``j``) over the samples both were solved in, and
        its standard error."""
        diffs = [a - b for a, b in ((row[i], row[j]) for row in self.rows) if a is not None and b is not None]
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
        self.thresholds = thresholds_in_points(rules)
        self.threshold_of = dict(self.thresholds)

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
            raise NotAnalyzed(reason(exc)) from None
        own = tuple(self.log.own[seat] or ())
        sampler = DealSampler(knowledge, own, self.rules)
        expected_codes: Counter[str] = self.start.findings(game)
        rng = random.Random(f"{sampling.seed}/{hand}/{turn}")
        most = 1 if sampler.unique else sampling.most
        rows: list[tuple[int | None, ...]] = []
        valued: tuple[Option, ...] | None = None
        active: list[int] = []  # the options still solved
        depth: int | None = None
        stopped = SINGLE if sampler.unique else ENOUGH
        try:
            while len(rows) < most:
                if deadline is not None and len(rows) >= 2 and time.perf_counter() > deadline:
                    stopped = OUT_OF_TIME
                    break
                _, position = sampler.draw(rng, self.start, expected_codes)
                if valued is None:
                    moves = move_values(position, budget)
                    found = with_values(list(options), moves)
                    if found is None:
                        raise NotAnalyzed(msg("the solver's moves in a sampled deal are not the record's alternatives"))
                    valued = tuple(found)
                    active = list(range(len(valued)))
                    rows.append(tuple(o.value for o in found))  # type: ignore[misc]  # with_values gives each option the solver's value, an int
                else:
                    moves = self._solved(position, budget, valued, active)
                    rows.append(self._row(valued, active, moves))
                forget()  # each deal its own table: kept, one decision's tables would pile up
                cut = [m.depth for m in moves if not m.exact and m.depth is not None]
                if cut:
                    depth = min(cut + ([depth] if depth is not None else []))
                if len(rows) >= sampling.least:
                    so_far = Expected(valued, tuple(rows), stopped, None)
                    if sampling.drop is not None:
                        active = self._kept(so_far, active, played, sampling.drop)
                    if self._settled(so_far, active):
                        stopped = SETTLED
                        break
                    verdict = None if played is None else self._verdict(so_far, active, played, most)
                    if verdict is not None:
                        stopped = verdict
                        break
        finally:
            forget()
        return Expected(valued, tuple(rows), stopped, depth)  # type: ignore[arg-type]  # None only where no sample was asked for (most 0): rows is then empty, and valued is read only with rows

    @staticmethod
    def _solved(position: Position, budget: float | None, valued: tuple[Option, ...], active: list[int]) -> tuple[MoveValue, ...]:
        """The solver's values of the moves of ``position`` that are the ``active`` options."""
        kept = [valued[i] for i in active]
        if len(kept) == len(valued):
            return move_values(position, budget)
        return move_values(position, budget, lambda move: any(is_move_of(option, move) for option in kept))

    @staticmethod
    def _row(valued: tuple[Option, ...], active: list[int], moves: tuple[MoveValue, ...]) -> tuple[int | None, ...]:
        """One sample's values by option (None for the options no longer solved)."""
        row: list[int | None] = [None] * len(valued)
        for i in active:
            values = [m.value for m in moves if is_move_of(valued[i], m.move)]
            if not values:
                raise NotAnalyzed(msg("the solver's moves in a sampled deal are not the record's alternatives"))
            row[i] = max(values)
        return tuple(row)

    @staticmethod
    def _kept(so_far: Expected, active: list[int], played: int | None, errors: float) -> list[int]:
        """``active`` less the options clearly worse than the best: paired difference from it,
        less ``errors`` standard errors, above 0 (the best and the one played are kept)."""
        best = max(active, key=so_far.mean)
        kept = []
        for i in active:
            if i not in (best, played):
                mean, error = so_far.difference(best, i)
                if mean - errors * error > 0:
                    continue
            kept.append(i)
        return kept

    def _verdict(self, so_far: Expected, active: list[int], played: int, most: int) -> str | None:
        """UNMARKED or MARKED where more samples could not change the ``played`` option's mark,
        FORESEEN where they could but, by ``most`` samples, hardly would; else None. The mark
        is the one its loss (paired difference from the best) earns now (the marks' own rule,
        ``marks.mark_for``: loss less MARGIN standard errors); it could change where an option
        still solved could make it a worse one: its paired difference from the played option,
        plus STOP_ERRORS standard errors, reaches the next threshold. Where one could, but
        :func:`reachable` says that even ``most`` samples would hardly get there, what more
        samples would say is foreseen. (A dropped option is clearly worse than the best, so no
        worse a case.)"""
        best = max(active, key=so_far.mean)
        loss, error = so_far.difference(best, played) if best != played else (0.0, 0.0)
        mark = mark_for(loss, self.rules, error)
        now = 0 if mark is None else self.threshold_of[mark]
        ceiling = min((points for _, points in self.thresholds if points > now), default=math.inf)
        foreseen = False
        for other in active:
            if other == played:
                continue
            mean, error = so_far.difference(other, played)
            if mean + STOP_ERRORS * error >= ceiling:
                if reachable(mean, error, so_far.samples_of(other), most, ceiling):
                    return None
                foreseen = True
        return FORESEEN if foreseen else UNMARKED if mark is None else MARKED

    def _settled(self, so_far: Expected, active: list[int]) -> bool:
        """Whether every option still solved, other than the best, is clearly worse than it or
        clearly about as good (dropped ones were clearly worse when dropped)."""
        best = max(active, key=so_far.mean)
        for other in active:
            if other == best:
                continue
            mean, error = so_far.difference(best, other)
            if not (mean - STOP_ERRORS * error > 0 or mean + STOP_ERRORS * error <= self.tolerance):
                return False
        return True
