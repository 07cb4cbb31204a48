"""How an analysis looks to a person: rich tables, colour only on a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rich import box
from rich.markup import escape
from rich.table import Table

from muggins.analysis.analyze import signed  # (here too: the one way a figure is signed)
from muggins.analysis.ledger import COLUMNS as LEDGER_COLUMNS
from muggins.i18n import N_, _, localize, plural

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.analysis.analyze import PlayerFigures, RecordAnalysis
    from muggins.analysis.missed import Decision, Option

MARK_STYLE = {"?!": "yellow", "?": "dark_orange", "??": "red"}


#: Short column heads, so the tables fit an 80-column terminal; LEGEND explains them. Each is
#: said in the language in use (:func:`_header`); a column not here is named by its key.
HEADS = {
    "player": N_("player"),
    "records": N_("rec"),
    "hands": N_("hands"),
    "decisions": N_("moves"),
    "unforced": N_("unforced"),
    "perfect": N_("perf."),
    "expected": N_("exp."),
    "marked": N_("marked"),
    "error_rate": N_("err"),
    "dubious": "?!",
    "mistakes": "?",
    "blunders": "??",
    "missed": N_("missed"),
    "missed_se": "±",
    "missed_now": N_("now"),
    "earned": N_("earned"),
    "claimed": N_("claimed"),
    "unclaimed": N_("unclaimed"),
    "lost": N_("lost"),
    "muggins_lost": "mugg-",
    "taken_back": N_("back"),
    "muggins_gained": "mugg+",
    "over_claimed": N_("over"),
    "penalty": N_("penalty"),
    "end_points": N_("end"),
}

LEGEND = N_(
    "ledger: lost = unclaimed and taken by nobody; mugg- = unclaimed and taken by an opponent's"
    " Muggins call; back = claimed, then taken off again by a call that took the whole play; mugg+ = taken from opponents by own calls; over = over-claimed; penalty = what the opponents scored for it;"
    " end = end-of-hand points (sides)"
)
VALUES_LEGEND = N_(
    "values: played and best show each move's value, the point difference for the mover's side"
    " over the rest of the hand (own points, this play's included, less the opponents', end of"
    " hand included): + is good for the mover; loss = best - played"
)
EXPECTED_LEGEND = N_(
    "figures: exp N = expected, on what the player could know: the mean over N sampled deals of"
    " the tiles that player could not see, each solved with every tile open (exp N dD: some only D plays deep, out of --budget); loss ± one"
    " standard error, and a mark only where loss - 2 x error reaches its threshold ({thresholds});"
    " now = immediate points only (no solver budget, or more seats than the solver holds; a note says why);"
    " --view open-cards judges against every tile instead"
)
OPEN_CARDS_LEGEND = N_(
    "figures: open cards, as if every tile were seen: exact = the whole deal (and the boneyard"
    " order) known, searched to the end of the hand; depth N = searched N plays deep; now ="
    " immediate points only (hidden tiles, no solver budget, or more seats than the solver holds);"
    " marks from {thresholds};"
    " the default view judges on what the player could know"
)
PLAYERS_LEGEND = N_(
    "moves = plays made; unforced = decisions with more than one distinct move; of those, perf. ="
    " judged on the open cards (exact or depth-limited), exp. = on expected values; err = marked /"
    " unforced; missed = points lost on each decision's figures, ± its standard error (expected"
    " figures are estimates); now = immediate points missed; mugg- / mugg+ = points lost to /"
    " taken by Muggins calls"
)
#: The solver cores (``analysis.solver_core.active``), as the last line names them.
CORES = {"compiled": N_("perfect-information solver: the compiled core"), "python": N_("perfect-information solver: the python core")}


def _header(column: str) -> str:
    """A column's head as the tables show it, in the language in use."""
    head = HEADS.get(column)
    return column.replace("_", " ") if head is None else _(head)


def sort_names() -> list[str]:
    """The players' table's columns as its headers show them (what ``--sort`` takes)."""
    from muggins.analysis.analyze import SUMMARY_COLUMNS

    return [_header(column) for column in SUMMARY_COLUMNS]


def sort_column(name: str) -> str | None:
    """The column ``--sort NAME`` means: named as its header shows it (``mugg-``, ``err``; in
    the language in use or in English) or by its key in JSON and CSV (``muggins_lost``), in any
    case; None when there is none."""
    from muggins.analysis.analyze import SUMMARY_COLUMNS

    wanted = name.strip().lower()
    for column in SUMMARY_COLUMNS:
        english = HEADS.get(column, column.replace("_", " "))
        if wanted in (column, _header(column).lower(), english.lower(), column.replace("_", " "), column.replace("_", "-")):
            return column
    return None


def show_record(out: Console, analysis: RecordAnalysis, hands: bool) -> None:
    """One record: its ledger, the decisions that lost points, the summary line."""
    head = f"{analysis.source} · " + _("record {index}").format(index=analysis.index) + (f" · {analysis.event}" if analysis.event else "")
    players = ", ".join(f"{seat} {name}" for seat, name in analysis.players.items())
    out.print(f"[bold]{escape(head)}[/]\n" + _("rules: {rules} · players: {players}").format(rules=escape(analysis.rules), players=escape(players)))
    if analysis.errors:
        errors = plural("{n} rule error in this record", "{n} rule errors in this record", analysis.errors)
        out.print(f"[red]{escape(localize(errors))}[/]" + escape(_(" (see `muggins audit`): positions after the first may not be what was played")))
    out.print(ledger_table(analysis, hands))
    missed = [d for d in analysis.decisions if d.unforced and d.loss > 0]
    if missed:
        out.print(decisions_table(analysis, missed))
        out.print(f"[dim]{escape(_(VALUES_LEGEND))}[/]")
        out.print(f"[dim]{escape(figures_legend(analysis))}[/]")
    for note, count in _notes(analysis).items():
        said = plural("{n} play judged on immediate points only ({note})", "{n} plays judged on immediate points only ({note})", count, note=note)
        out.print(escape(localize(said)))
    out.print(escape(localize(_summary(analysis))))
    out.print()


def figures_legend(analysis: RecordAnalysis) -> str:
    """What the figures of ``analysis``'s view are, with its thresholds, in the language in use."""
    thresholds = ", ".join(f"{mark} {points}" for mark, points in reversed(analysis.thresholds))
    legend = EXPECTED_LEGEND if analysis.judging.view == "expected" else OPEN_CARDS_LEGEND
    return _(legend).format(thresholds=thresholds)


def _notes(analysis: RecordAnalysis) -> dict[str, int]:
    """Why plays were judged on a lesser basis than asked for, and how many."""
    notes: dict[str, int] = {}
    for d in analysis.decisions:
        if d.note is not None:
            notes[d.note] = notes.get(d.note, 0) + 1
    return notes


def _summary(analysis: RecordAnalysis) -> str:
    from muggins.analysis.analyze import summary_line

    return summary_line(analysis)


def ledger_table(analysis: RecordAnalysis, hands: bool) -> Table:
    ledger = analysis.ledger
    table = Table(title=_("Muggins ledger"), title_justify="left", show_edge=False, pad_edge=False, header_style="bold")
    table.add_column(_("who"), no_wrap=True)
    if hands:
        table.add_column(_("hand"), justify="right")
    # A claim taken back happens only where a call takes the whole play: its column is shown
    # where it has something to say, so the usual table still fits 80 columns.
    columns = [c for c in LEDGER_COLUMNS if c != "taken_back" or any(line.value(c) for line in ledger.lines)]
    for column in columns:
        table.add_column(_header(column), justify="right", no_wrap=True)
    for line in ledger.lines:
        if line.hand is not None and not hands:
            continue
        cells = [escape(line.who)]
        if hands:
            cells.append(_("game") if line.hand is None else str(line.hand))
        for column in columns:
            value = line.value(column)
            cells.append("" if value is None else str(value))
        table.add_row(*cells, style="bold" if hands and line.hand is None else None)
    return table


def decisions_table(analysis: RecordAnalysis, decisions: Sequence[Decision]) -> Table:
    from muggins.analysis.analyze import points

    table = Table(title=_("plays that lost points"), title_justify="left", show_edge=False, header_style="bold")
    for column in (N_("hand"), N_("turn"), N_("seat"), N_("played"), N_("best"), N_("loss"), N_("mark"), N_("figures")):
        table.add_column(_(column), justify="right" if column in ("hand", "turn", "loss") else "left", no_wrap=True)
    for d in decisions:
        best, played = d.best, d.played
        shown_played, shown_best = _shown(played, d.basis), _shown(best, d.basis)
        mark = f"[{MARK_STYLE[d.mark]}]{escape(d.mark)}[/]" if d.mark else ""
        table.add_row(
            str(d.hand),
            str(d.turn),
            escape(d.seat),
            escape(f"{played.describe()} {signed(shown_played, d.places)}"),
            escape(f"{best.describe()} {signed(shown_best, d.places)}"),
            points(d.loss) + (f" ± {d.standard_error:.1f}" if d.standard_error else ""),
            mark,
            _basis(d),
        )
    return table


def _shown(option: Option, basis: str) -> float:
    """The figure an option is shown with: its value, or its points where it has none (on the
    immediate basis, or an option the solver gave no value)."""
    return option.points if basis == "immediate" or option.value is None else option.value


def _basis(decision: Decision) -> str:
    """The figures column: ``exp 24``, ``exp 24 d6``, ``exact``, ``now``, ``depth 6`` (as the
    legends name them, in the language in use)."""
    if decision.basis == "expected":
        if decision.depth is not None:
            return _("exp {samples} d{depth}").format(samples=decision.samples, depth=decision.depth)
        return _("exp {samples}").format(samples=decision.samples)
    if decision.basis == "exact":
        return _("exact")
    if decision.basis == "immediate":
        return _("now")
    return _("depth {depth}").format(depth=decision.depth) if decision.depth is not None else _("depth-limited")


#: The players' columns kept on a narrow terminal (the rest are in --format csv and json).
NARROW_COLUMNS = ("player", "hands", "moves", "unforced", "expected", "marked", "error_rate", "missed", "missed_se", "muggins_lost", "muggins_gained")


def players_table(rows: Sequence[PlayerFigures], width: int = 160) -> Table:
    from muggins.analysis.analyze import SUMMARY_COLUMNS, points

    columns = SUMMARY_COLUMNS if width >= 120 else tuple(c for c in SUMMARY_COLUMNS if c in NARROW_COLUMNS or c == "decisions")
    table = Table(title=_("players across all records"), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True, header_style="bold")
    for column in columns:
        table.add_column(_header(column), justify="left" if column == "player" else "right", no_wrap=True)
    for row in rows:
        cells = []
        for column in columns:
            value = getattr(row, column)
            if column == "error_rate":
                cells.append("-" if value is None else f"{value:.0%}")
            elif column in ("missed", "missed_se"):
                cells.append(points(value))
            else:
                cells.append(escape(str(value)))
        table.add_row(*cells)
    return table


def show_players(out: Console, rows: Sequence[PlayerFigures], ledger_legend: bool, solver_core: str | None = None) -> None:
    """The players' table across all records, what its columns mean, and which solver core ran."""
    if ledger_legend:
        out.print(f"[dim]{escape(_(LEGEND))}[/]")
        out.print()
    if rows:
        out.print(players_table(rows, out.width))
        out.print(f"[dim]{escape(_(PLAYERS_LEGEND))}[/]")
    if solver_core is not None:
        core = CORES.get(solver_core)
        out.print(f"[dim]{escape(_(core) if core else f'perfect-information solver: the {solver_core} core')}[/]")
