"""One record analysed: its Muggins ledger, every decision judged, and per-player figures.

:func:`analyze_record` replays a record once, and while it does, asks :mod:`missed` for the
alternatives before each play and values them on the view asked for (:class:`Judging`): with
the cards open, or their expected values on what the player could know (:mod:`expected`); the
ledger is built from the same replay. The expected view is the default verdict: a play is judged
on what its player could know, the open cards being a figure for the curious (``--view
open-cards``). A record may have a time budget: once it is spent, its remaining decisions are
judged on the points scored at once, and say so. The result, :class:`RecordAnalysis`, is plain
frozen data (picklable, so ``muggins analyze --jobs N`` can work in several processes) with two
machine forms: :func:`to_json` (schema ``muggins.analyze/2``, ANALYSIS.md) and the per-player
rows of :func:`summary_row`, which are also what the CSV form writes.

Players across records are identified by name (the ``[Seat X "Name"]`` value), falling back to
the seat id.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, TypeVar

from muggins.analysis.expected import DROP_ERRORS, MOST, FairHand, Sampling
from muggins.analysis.knowledge import HandLog
from muggins.analysis.ledger import COLUMNS as LEDGER_COLUMNS
from muggins.analysis.ledger import Figure, Ledger, Line, build_ledger
from muggins.analysis.marks import ANALYSIS_MARKS, scoring_step, thresholds_in_points
from muggins.analysis.missed import DEPTH_LIMITED, EXACT, EXPECTED, Decision, Option, alternatives, decide, played_index
from muggins.analysis.sampler import NotAnalyzed
from muggins.analysis.values import forget
from muggins.analysis.worlds import HandStart
from muggins.i18n import joined, msg, reason
from muggins.notation.model import Play, Record
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet

SCHEMA = "muggins.analyze/2"

_T = TypeVar("_T")

#: The default solver budget per position, in seconds (``--budget``).
DEFAULT_BUDGET = 2.0

#: The views: expected values on what the player could know, or the open cards.
EXPECTED_VIEW, OPEN_CARDS = "expected", "open-cards"
VIEWS = (EXPECTED_VIEW, OPEN_CARDS)


@dataclass(frozen=True, slots=True)
class Judging:
    """How decisions are valued: the ``view``, and for the expected view at most ``samples``
    deals per decision from the stream of ``seed``; ``record_budget`` seconds for the whole record
    (None: no limit), after which its remaining decisions are judged on immediate points;
    ``drop``: how many standard errors below the best an option is dropped from a decision's
    later samples (``expected.DROP_ERRORS``; None: every option solved in every sample)."""

    view: str = EXPECTED_VIEW
    samples: int = MOST
    seed: int = 0
    record_budget: float | None = None
    drop: float | None = DROP_ERRORS


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's figures over one record or, added up, over many.

    ``missed`` adds the loss of every unforced decision (on each decision's own basis), and
    ``missed_variance`` the squares of their standard errors (the decisions are sampled
    independently), so ``missed_se`` is the standard error of ``missed``; ``missed_now`` adds
    the immediate points missed; ``error_rate`` is marked / unforced.
    """

    player: str
    records: int = 0
    hands: int = 0
    decisions: int = 0
    unforced: int = 0
    perfect: int = 0  # unforced decisions judged with perfect information (exact or depth-limited)
    expected: int = 0  # unforced decisions judged on expected values
    marked: int = 0
    dubious: int = 0
    mistakes: int = 0
    blunders: int = 0
    missed: float = 0
    missed_variance: float = 0
    missed_now: int = 0
    unclaimed: int = 0
    muggins_lost: int = 0
    muggins_gained: int = 0

    @property
    def error_rate(self) -> float | None:
        return self.marked / self.unforced if self.unforced else None

    @property
    def missed_se(self) -> float:
        return math.sqrt(self.missed_variance)

    def __add__(self, other: PlayerFigures) -> PlayerFigures:
        values = {name: getattr(self, name) + getattr(other, name) for name in _COUNTS}
        return PlayerFigures(self.player, **values)


_COUNTS = tuple(n for n in PlayerFigures.__dataclass_fields__ if n != "player")
_MARK_FIELD = {"?!": "dubious", "?": "mistakes", "??": "blunders"}

#: The per-player table's columns (text, CSV and ``--sort``), in order.
SUMMARY_COLUMNS: tuple[str, ...] = (
    ("player",) + _COUNTS[: _COUNTS.index("marked") + 1] + ("error_rate",)
    + tuple(c if c != "missed_variance" else "missed_se" for c in _COUNTS[_COUNTS.index("marked") + 1 :])
)


@dataclass(frozen=True, slots=True)
class RecordAnalysis:
    """Everything ``muggins analyze`` says about one record."""

    source: str
    index: int
    line: int
    event: str | None
    rules: str
    players: dict[str, str]  # seat -> player's name (the seat id when the record names nobody)
    teams: dict[str, tuple[str, ...]]
    thresholds: tuple[tuple[str, int], ...]  # (mark, points), worst first
    budget: float | None
    errors: int  # rule errors the replay met (positions after one may not be what was played)
    ledger: Ledger
    decisions: tuple[Decision, ...]
    figures: tuple[PlayerFigures, ...] = field(default=())
    judging: Judging = Judging()

    def decisions_of(self, seat: str) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]


def analyze_record(
    record: Record,
    rules: RuleSet,
    budget: float | None = DEFAULT_BUDGET,
    index: int = 1,
    judging: Judging = Judging(),
    progress: Callable[[], None] | None = None,
) -> RecordAnalysis:
    """Replay ``record`` under ``rules``, judging every play on ``judging``'s view; ``budget``
    seconds per position for the solver (0 or less: immediate points only); ``progress`` is
    called once each statement of a hand is done (``muggins view --analyze``'s progress bar)."""
    game = Game(record, rules)
    decisions: list[Decision] = []
    solving = budget is None or budget > 0
    fair = solving and judging.view == EXPECTED_VIEW
    open_cards = solving and judging.view == OPEN_CARDS
    sampling = Sampling(judging.samples, judging.seed, drop=judging.drop)
    step = scoring_step(rules)
    deadline = time.perf_counter() + judging.record_budget if solving and judging.record_budget is not None else None
    try:
        for hand in record.hands:
            first_finding = len(game.diagnostics)
            state = game.start_hand(hand)
            judge = FairHand(HandLog.start(state), HandStart(game, hand, first_finding), rules, step) if fair else None
            for turn, stmt in _ticking(enumerate(hand.turns, 1), progress):
                spent = deadline is not None and time.perf_counter() > deadline
                pending = alternatives(state, stmt, budget, open_cards and not spent) if type(stmt) is Play else None
                clean = pending is not None and not any(d.severity == "error" for d in game.diagnostics)
                if judge is not None:
                    judge.log.before(state, turn, stmt)
                fact = state.apply(turn, stmt)
                if pending is None or fact is None or fact.kind != "play" or fact.end is None:
                    continue
                expected, note = None, None
                judged = solving and clean and pending.hand_known and (len(pending.options) > 1 or rules.voluntary_draw)
                if judged and spent:
                    note = msg("cut short: the record's budget of {seconds:g} s was spent", seconds=judging.record_budget)
                elif judged and judge is not None:
                    try:
                        played = played_index(pending, fact)
                        expected = judge.values(pending.options, stmt.seat, hand.number, turn, game, budget, sampling, deadline, played)
                    except NotAnalyzed as exc:
                        note = msg("not analyzed: {why}", why=reason(exc))
                decision = decide(pending, fact, state, expected, note)
                if decision is not None:
                    decisions.append(decision)
            game.finish_hand(state)
            if solving:
                forget(collect=True)
    finally:
        if solving:
            forget(layouts=True, collect=True)
    result = game.result()
    ledger = build_ledger(result)
    names = {seat: record.players.get(seat) or seat for seat in record.seats}
    figures = tuple(_figures(names[seat], seat, len(record.hands), decisions, ledger) for seat in record.seats)
    return RecordAnalysis(
        source=record.source,
        index=index,
        line=record.line,
        event=record.tag("Event"),
        rules=rules.name,
        players=names,
        teams=dict(record.teams),
        thresholds=thresholds_in_points(rules),
        budget=budget,
        errors=sum(1 for d in result.diagnostics if d.severity == "error"),
        ledger=ledger,
        decisions=tuple(decisions),
        figures=figures,
        judging=judging,
    )


def _ticking(items: Iterable[_T], tick: Callable[[], None] | None) -> Iterator[_T]:
    """``items``, calling ``tick`` after the loop's body is done with each."""
    for item in items:
        yield item
        if tick is not None:
            tick()


def solver_core_used(budget: float | None) -> str | None:
    """The search core the perfect-information solver runs on for an analysis with ``budget``:
    ``"compiled"`` or ``"python"`` (``solver_core.active``; SolverCoreError where the one asked
    for cannot be had), None where the solver is not asked (a budget of 0)."""
    if budget is not None and budget <= 0:
        return None
    from muggins.analysis import solver_core

    return solver_core.active()


def _figures(name: str, seat: str, hands: int, decisions: list[Decision], ledger: Ledger) -> PlayerFigures:
    own = [d for d in decisions if d.seat == seat]
    unforced = [d for d in own if d.unforced]
    marks = {field_: 0 for field_ in _MARK_FIELD.values()}
    for d in unforced:
        if d.mark is not None:
            marks[_MARK_FIELD[d.mark]] += 1
    line = ledger.line(seat)
    return PlayerFigures(
        player=name,
        records=1,
        hands=hands,
        decisions=len(own),
        unforced=len(unforced),
        perfect=sum(1 for d in unforced if d.basis in (EXACT, DEPTH_LIMITED)),
        expected=sum(1 for d in unforced if d.basis == EXPECTED),
        marked=sum(1 for d in unforced if d.mark is not None),
        missed=sum(d.loss for d in unforced),
        missed_variance=sum(d.standard_error**2 for d in unforced),
        missed_now=sum(d.immediate_loss for d in unforced),
        unclaimed=line.unclaimed.value,
        muggins_lost=line.muggins_lost.value,
        muggins_gained=line.muggins_gained.value,
        **marks,
    )


# --------------------------------------------------------------------------------------------
# Across records


def combine(analyses: Iterable[RecordAnalysis]) -> list[PlayerFigures]:
    """Each player's figures added up over ``analyses``, players in order of first appearance."""
    return combine_figures(analysis.figures for analysis in analyses)


def combine_figures(records: Iterable[Iterable[PlayerFigures]]) -> list[PlayerFigures]:
    """Each player's figures added up over ``records`` (each record's players' figures), players
    in order of first appearance."""
    totals: dict[str, PlayerFigures] = {}
    for figures_of_record in records:
        for figures in figures_of_record:
            before = totals.get(figures.player)
            totals[figures.player] = figures if before is None else before + figures
    return list(totals.values())


def sort_players(rows: list[PlayerFigures], column: str | None) -> list[PlayerFigures]:
    """Rows sorted by ``column``: names A to Z, numbers largest first (None: as they came)."""
    if column is None:
        return rows
    if column not in SUMMARY_COLUMNS:
        raise ValueError(f"no column {column!r}; one of {', '.join(SUMMARY_COLUMNS)}")
    if column == "player":
        return sorted(rows, key=lambda r: r.player)
    return sorted(rows, key=lambda r: (-_count(r, column), r.player))


def _cell(row: PlayerFigures, column: str) -> float | str | None:
    """The value in ``column`` (one of SUMMARY_COLUMNS: a field or a property)."""
    value: float | str | None = getattr(row, column)
    return value


def _count(row: PlayerFigures, column: str) -> float:
    """The number in ``column`` (any of SUMMARY_COLUMNS but ``player``), 0 for none."""
    value: float | None = getattr(row, column)
    return value or 0


def summary_row(row: PlayerFigures) -> dict[str, object]:
    """A player's row as plain data (the error rate rounded to 4 places, None without decisions)."""
    out: dict[str, object] = {}
    for column in SUMMARY_COLUMNS:
        value = _cell(row, column)
        if column in ("missed", "missed_se") and isinstance(value, float):  # (an int stays as it is)
            value = _number(value)
        out[column] = round(value, 4) if isinstance(value, float) else value
    return out


def summary_line(analysis: RecordAnalysis) -> str:
    """One line per game: each player's marks over unforced decisions and points missed (a
    :class:`~muggins.i18n.Message`: English in the JSON, said in the language in use)."""
    return summary_of(
        {"player": f.player, "marked": f.marked, "unforced": f.unforced, "error_rate": f.error_rate, "missed": f.missed, "missed_se": f.missed_se}
        | {name: getattr(f, name) for name in _MARK_FIELD.values()}
        for f in analysis.figures
    )


def summary_of(rows: Iterable[dict[str, object]]) -> str:
    """:func:`summary_line` of the players' rows (as :func:`summary_row` gives them, or the
    figures themselves): the one way the line is said."""
    parts = []
    for row in rows:
        error_rate, missed, missed_se = row["error_rate"], row["missed"], row["missed_se"]
        rate = f"{error_rate:.0%}" if isinstance(error_rate, (int, float)) else "-"
        marks = ", ".join(f"{row[_MARK_FIELD[m]]}{m}" for m in reversed(ANALYSIS_MARKS) if row[_MARK_FIELD[m]])
        assert isinstance(missed, (int, float)) and isinstance(missed_se, (int, float))
        said = dict(player=row["player"], marked=row["marked"], unforced=row["unforced"], rate=rate, missed=points(missed) + (f" \u00b1 {missed_se:.1f}" if missed_se else ""))
        if marks:
            parts.append(msg("{player}: {marked}/{unforced} unforced decisions marked ({rate}) [{marks}], {missed} points missed", marks=marks, **said))
        else:
            parts.append(msg("{player}: {marked}/{unforced} unforced decisions marked ({rate}), {missed} points missed", **said))
    return joined(parts, "; ")


def points(value: float) -> str:
    """A number of points as said: whole where it is whole, else to one decimal."""
    value = round(value, 1)
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def signed(value: float, places: int = 0, zero: str = "0") -> str:
    """A figure for the mover's side with its sign: in whole points (``+25``, ``-15``), or to
    ``places`` decimals where it is an estimate (``+12.5``; whole where it is whole); a figure
    that rounds to nothing is ``zero``, never ``+0`` or ``-0``."""
    value = round(value, places)
    if value == 0:
        return zero
    text = f"{abs(value):.{places}f}".rstrip("0").rstrip(".") if places > 0 else str(int(abs(value)))
    return ("+" if value > 0 else "-") + text


# --------------------------------------------------------------------------------------------
# Machine-readable form (schema ``muggins.analyze/2``, ANALYSIS.md)


def _number(value: float | None) -> float | None:
    """A figure for the JSON: whole numbers as integers, others to two decimals (None stays)."""
    if value is None or isinstance(value, int):
        return value
    if value != value or value in (float("inf"), float("-inf")):
        return None
    return int(value) if float(value).is_integer() else round(value, 2)


def _figure_json(figure: Figure | None) -> dict[str, object] | None:
    if figure is None:
        return None
    return {"value": figure.value, "turns": [[hand, turn] for hand, turn in figure.turns]}


def _line_json(line: Line) -> dict[str, object]:
    out: dict[str, object] = {"who": line.who, "kind": line.kind, "hand": line.hand}
    for column in LEDGER_COLUMNS:
        out[column] = _figure_json(line.figure(column))
    return out


def _option_json(option: Option) -> dict[str, object]:
    return {
        "move": option.describe(),
        "kind": option.kind,
        "tile": None if option.tile is None else str(option.tile),
        "end": option.end,
        "inline": option.inline,
        "same_as": list(option.same_as),
        "points": option.points,
        "value": _number(option.value),
        "standard_error": _number(option.standard_error),
        "samples": option.samples,
    }


def decision_json(decision: Decision) -> dict[str, object]:
    return {
        "hand": decision.hand,
        "turn": decision.turn,
        "seat": decision.seat,
        "line": decision.line,
        "column": decision.column,
        "hand_known": decision.hand_known,
        "unforced": decision.unforced,
        "basis": decision.basis,
        "depth": decision.depth,
        "played": decision.played.describe(),
        "best": decision.best.describe(),
        "loss": _number(decision.loss),
        "standard_error": _number(decision.standard_error),
        "samples": decision.samples,
        "stopped": decision.stopped,
        "note": decision.note,
        "immediate_loss": decision.immediate_loss,
        "mark": decision.mark,
        "options": [_option_json(o) for o in decision.ranked()],
    }


def to_json(analysis: RecordAnalysis) -> dict[str, object]:
    """One record's analysis as plain data: no markup, stable keys."""
    return {
        "file": analysis.source,
        "index": analysis.index,
        "line": analysis.line,
        "event": analysis.event,
        "rules": analysis.rules,
        "players": analysis.players,
        "teams": {team: list(seats) for team, seats in analysis.teams.items()},
        "thresholds": {mark: points for mark, points in analysis.thresholds},
        "budget": analysis.budget,
        "view": analysis.judging.view,
        "samples": analysis.judging.samples,
        "seed": analysis.judging.seed,
        "record_budget": analysis.judging.record_budget,
        "errors": analysis.errors,
        "summary": summary_line(analysis),
        "figures": [summary_row(f) for f in analysis.figures],
        "ledger": [_line_json(line) for line in analysis.ledger.lines],
        "decisions": [decision_json(d) for d in analysis.decisions],
    }

