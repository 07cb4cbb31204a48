"""One record analysed: its Muggins ledger, every decision judged, and per-player figures.

:func:`analyze_record` replays a record once, and while it does, asks :mod:`missed` for the
alternatives before each play; the ledger is built from the same replay. The result,
:class:`RecordAnalysis`, is plain frozen data (picklable, so ``muggins analyze --jobs N`` can
work in several processes) with two machine forms: :func:`to_json` (schema
``muggins.analyze/1``, ANALYSIS.md) and the per-player rows of :func:`summary_rows`, which are
also what the CSV form writes.

Players across records are identified by name (the ``[Seat X "Name"]`` value), falling back to
the seat id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from muggins.analysis.ledger import COLUMNS as LEDGER_COLUMNS
from muggins.analysis.ledger import Figure, Ledger, Line, build_ledger
from muggins.analysis.marks import ANALYSIS_MARKS, thresholds_in_points
from muggins.analysis.missed import Decision, Option, alternatives, decide
from muggins.notation.model import Play, Record
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet

SCHEMA = "muggins.analyze/1"

#: The default solver budget per position, in seconds (``--budget``).
DEFAULT_BUDGET = 2.0


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's figures over one record or, added up, over many.

    ``missed`` adds the loss of every unforced decision (on each decision's own basis);
    ``missed_now`` the immediate points missed; ``error_rate`` is marked / unforced.
    """

    player: str
    records: int = 0
    hands: int = 0
    decisions: int = 0
    unforced: int = 0
    perfect: int = 0  # unforced decisions judged with perfect information (exact or depth-limited)
    marked: int = 0
    dubious: int = 0
    mistakes: int = 0
    blunders: int = 0
    missed: int = 0
    missed_now: int = 0
    unclaimed: int = 0
    muggins_lost: int = 0
    muggins_gained: int = 0

    @property
    def error_rate(self) -> float | None:
        return self.marked / self.unforced if self.unforced else None

    def __add__(self, other: PlayerFigures) -> PlayerFigures:
        values = {name: getattr(self, name) + getattr(other, name) for name in _COUNTS}
        return PlayerFigures(self.player, **values)


_COUNTS = tuple(n for n in PlayerFigures.__dataclass_fields__ if n != "player")
_MARK_FIELD = {"?!": "dubious", "?": "mistakes", "??": "blunders"}

#: The per-player table's columns (text, CSV and ``--sort``), in order.
SUMMARY_COLUMNS: tuple[str, ...] = ("player",) + _COUNTS[:6] + ("error_rate",) + _COUNTS[6:]


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

    def decisions_of(self, seat: str) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]


def analyze_record(record: Record, rules: RuleSet, budget: float | None = DEFAULT_BUDGET, index: int = 1) -> RecordAnalysis:
    """Replay ``record`` under ``rules``, judging every play; ``budget`` seconds per position
    for the solver (0 or less: immediate points only)."""
    game = Game(record, rules)
    decisions: list[Decision] = []
    for hand in record.hands:
        state = game.start_hand(hand)
        for turn, stmt in enumerate(hand.turns, 1):
            pending = alternatives(state, stmt, budget) if type(stmt) is Play else None
            fact = state.apply(turn, stmt)
            if pending is not None and fact is not None and fact.kind == "play" and fact.end is not None:
                decision = decide(pending, fact, state)
                if decision is not None:
                    decisions.append(decision)
        game.finish_hand(state)
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
    )


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
        perfect=sum(1 for d in unforced if d.basis != "immediate"),
        marked=sum(1 for d in unforced if d.mark is not None),
        missed=sum(d.loss for d in unforced),
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
    totals: dict[str, PlayerFigures] = {}
    for analysis in analyses:
        for figures in analysis.figures:
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
    return sorted(rows, key=lambda r: (-(_cell(r, column) or 0), r.player))


def _cell(row: PlayerFigures, column: str):
    return getattr(row, column)


def summary_row(row: PlayerFigures) -> dict[str, object]:
    """A player's row as plain data (the error rate rounded to 4 places, None without decisions)."""
    out: dict[str, object] = {}
    for column in SUMMARY_COLUMNS:
        value = _cell(row, column)
        out[column] = round(value, 4) if isinstance(value, float) else value
    return out


def summary_line(analysis: RecordAnalysis) -> str:
    """One line per game: each player's marks over unforced decisions and points missed."""
    parts = []
    for f in analysis.figures:
        rate = f"{f.error_rate:.0%}" if f.error_rate is not None else "-"
        marks = ", ".join(f"{getattr(f, _MARK_FIELD[m])}{m}" for m in reversed(ANALYSIS_MARKS) if getattr(f, _MARK_FIELD[m]))
        parts.append(
            f"{f.player}: {f.marked}/{f.unforced} unforced decisions marked ({rate})"
            + (f" [{marks}]" if marks else "")
            + f", {f.missed} points missed"
        )
    return "; ".join(parts)


# --------------------------------------------------------------------------------------------
# Machine-readable form (schema ``muggins.analyze/1``, ANALYSIS.md)


def _figure_json(figure: Figure | None):
    if figure is None:
        return None
    return {"value": figure.value, "turns": [[hand, turn] for hand, turn in figure.turns]}


def _line_json(line: Line) -> dict:
    out: dict[str, object] = {"who": line.who, "kind": line.kind, "hand": line.hand}
    for column in LEDGER_COLUMNS:
        out[column] = _figure_json(line.figure(column))
    return out


def _option_json(option: Option) -> dict:
    return {
        "move": option.describe(),
        "kind": option.kind,
        "tile": None if option.tile is None else str(option.tile),
        "end": option.end,
        "inline": option.inline,
        "same_as": list(option.same_as),
        "points": option.points,
        "value": option.value,
    }


def decision_json(decision: Decision) -> dict:
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
        "loss": decision.loss,
        "immediate_loss": decision.immediate_loss,
        "mark": decision.mark,
        "options": [_option_json(o) for o in decision.ranked()],
    }


def to_json(analysis: RecordAnalysis) -> dict:
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
        "errors": analysis.errors,
        "summary": summary_line(analysis),
        "figures": [summary_row(f) for f in analysis.figures],
        "ledger": [_line_json(line) for line in analysis.ledger.lines],
        "decisions": [decision_json(d) for d in analysis.decisions],
    }

