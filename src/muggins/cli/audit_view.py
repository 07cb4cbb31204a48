"""How an audit looks to a person: rich tables, colour only on a terminal."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from rich.markup import escape
from rich.table import Table

from muggins.i18n import N_, _, localize
from muggins.limits import SHOWN_FINDINGS

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.analysis.audit import RecordAudit
    from muggins.analysis.which_rules import Candidate
    from muggins.diagnostics import Diagnostic
    from muggins.notation.model import Record

SEVERITY_STYLE = {"error": "red", "warning": "yellow", "info": "cyan"}


def _title(path: Path, index: int, record: Record, rules_name: str) -> str:
    event = record.tag("Event")
    players = ", ".join(f"{seat} {name}" for seat, name in record.players.items())
    head = f"{path} · " + _("record {index}").format(index=index) + (f" · {event}" if event else "")
    return f"[bold]{escape(head)}[/]\n" + _("rules: {rules} · players: {players}").format(rules=escape(rules_name), players=escape(players))


def _amount(value: int | None) -> str:
    return "" if value is None else str(value)


def _correct(finding: Diagnostic) -> str:
    """The correct column: what the play scores; for a play nobody claimed, also that the
    player is credited nothing for it (the points were lost, or taken by a Muggins call)."""
    if finding.code == "unclaimed" and finding.correct:
        return _("{correct} (credited 0)").format(correct=finding.correct)
    return _amount(finding.correct)


def findings_table(findings: Sequence[Diagnostic]) -> Table:
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    for column in (N_("hand"), N_("turn"), N_("at"), N_("finding"), N_("claimed"), N_("correct"), N_("what happened")):
        table.add_column(_(column), justify="right" if column in ("hand", "turn", "claimed", "correct") else "left", overflow="fold")
    for f in findings:
        style = SEVERITY_STYLE[f.severity]
        table.add_row(
            _amount(f.hand),
            _amount(f.turn),
            f"{f.line}:{f.column}" if f.line else "",
            f"[{style}]{escape(f.code)}[/]",
            _amount(f.claimed),
            _correct(f),
            escape(localize(f.message)),
        )
    return table


def sheet_table(report: RecordAudit) -> Table:
    sides = list(report.replay.totals)
    table = Table(title=_("score sheet: written and correct running totals"), show_edge=False, header_style="bold", title_justify="left")
    table.add_column(_("hand"), justify="right")
    for side in sides:
        table.add_column(_("{side} written").format(side=escape(side)), justify="right")
        table.add_column(_("{side} correct").format(side=escape(side)), justify="right")
    for row in report.sheet:
        cells = [str(row.hand)]
        for side in sides:
            written = row.written.get(side)
            correct = row.correct.get(side, 0)
            mark = "" if written is None or written == correct else "red"
            cells.append(f"[{mark}]{written}[/]" if mark else ("" if written is None else str(written)))
            cells.append(str(correct))
        table.add_row(*cells)
    return table


def _winner_line(report: RecordAudit) -> str:
    result = report.replay
    if result.winner is None:
        if result.won_at is not None:
            return _("The game ended level at the target: a draw.")
        return _("No side has reached the target yet.")
    assert result.won_at is not None  # a side wins at a place in the game
    hand, turn = result.won_at
    return _("{winner} won, reaching the target at {when}.").format(winner=escape(result.winner), when=_where(hand, turn))


def _where(hand: int, turn: int | None) -> str:
    """``hand 2, turn 5``, or ``the end of hand 2``."""
    if turn is not None:
        return _("hand {hand}, turn {turn}").format(hand=hand, turn=turn)
    return _("the end of hand {hand}").format(hand=hand)


def _more(console: Console, rows: int, shown: int, what: str) -> None:
    """The line under a table cut at the shown-findings limit: how many rows are not shown,
    how to raise the limit, where to see them all."""
    if rows > shown:
        head = _("{n} more {what} not shown:").format(n=f"{rows - shown:,}", what=_(what))
        console.print(f"[yellow]{escape(head)}[/] " + escape(_("{limit}, or list them all with --format json or csv").format(limit=localize(SHOWN_FINDINGS.exceeded(rows)))))


def show_report(console: Console, path: Path, index: int, report: RecordAudit) -> None:
    console.print(_title(path, index, report.record, report.rules.name))
    findings = [f for f in report.findings if f.severity != "info"]
    shown = SHOWN_FINDINGS.value
    if findings:
        console.print(findings_table(findings[:shown]))
        _more(console, len(findings), shown, N_("findings"))
    else:
        console.print("[green]" + _("No findings:") + "[/] " + _("every score is right under {rules}.").format(rules=escape(report.rules.name)))
    if report.divergence is not None:
        d = report.divergence
        console.print(
            _("The claimed and correct scores first differ at {where}: {why} ({side} then stands at {claimed} claimed, {correct} correct).").format(
                where=_where(d.hand, d.turn), why=escape(localize(d.why)), side=escape(d.side), claimed=d.claimed, correct=d.correct
            )
        )
    if report.sheet:
        console.print(sheet_table(report))
    console.print(_winner_line(report))
    console.print()


def _verdict(findings: list[Diagnostic]) -> str:
    if not findings:
        return "[green]" + escape(_("right")) + "[/]"
    parts = []
    for f in findings:
        amounts = f" {f.claimed}→{f.correct}" if f.claimed is not None and f.correct is not None else ""
        parts.append(f"[{SEVERITY_STYLE[f.severity]}]{escape(f.code)}[/]{amounts}")
    return ", ".join(parts)


def show_comparison(console: Console, path: Path, index: int, reports: Sequence[RecordAudit]) -> None:
    """Only the statements whose verdicts differ between the rule sets, side by side."""
    first = reports[0]
    console.print(_title(path, index, first.record, " vs ".join(r.rules.name for r in reports)))
    keys: dict[tuple[int, int, int, int], dict[int, list[Diagnostic]]] = {}
    for i, report in enumerate(reports):
        for f in report.findings:
            if f.severity == "info":
                continue
            key = (f.hand or 0, f.turn or 0, f.line, f.column)
            keys.setdefault(key, {}).setdefault(i, []).append(f)
    table = Table(show_edge=False, header_style="bold", title=_("where the verdicts differ"), title_justify="left")
    table.add_column(_("hand"), justify="right")
    table.add_column(_("turn"), justify="right")
    table.add_column(_("at"))
    for report in reports:
        table.add_column(escape(report.rules.name))
    rows, shown = 0, SHOWN_FINDINGS.value
    for key in sorted(keys):
        verdicts = [_verdict(keys[key].get(i, [])) for i in range(len(reports))]
        plain = [tuple(sorted((f.code, f.claimed, f.correct) for f in keys[key].get(i, []))) for i in range(len(reports))]
        if len(set(plain)) == 1:
            continue
        rows += 1
        if rows > shown:
            continue
        hand, turn, line, column = key
        table.add_row(str(hand or ""), str(turn or ""), f"{line}:{column}" if line else "", *verdicts)
    if rows:
        console.print(table)
        _more(console, rows, shown, N_("statements whose verdicts differ"))
    else:
        console.print(_("Every rule set gives the same verdicts."))
    summary = Table(show_edge=False, header_style="bold")
    summary.add_column(_("rules"))
    summary.add_column(_("findings"), justify="right")
    summary.add_column(_("totals"))
    summary.add_column(_("winner"))
    for report in reports:
        count = len(report.mistakes)
        totals = ", ".join(f"{side} {v}" for side, v in report.replay.totals.items())
        summary.add_row(escape(report.rules.name), str(count), escape(totals), escape(str(report.replay.winner or "-")))
    console.print(summary)
    console.print()


def show_which_rules(console: Console, path: Path, index: int, record: Record, ranking: Sequence[Candidate]) -> None:
    head = f"{path} · " + _("record {index}").format(index=index)
    console.print(f"[bold]{escape(head)}[/]: " + escape(_("the rule sets that fit the record best")))
    table = Table(show_edge=False, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column(_("rule set"))
    table.add_column(_("findings"), justify="right")
    table.add_column(_("what is left"))
    for i, candidate in enumerate(ranking, 1):
        left = ", ".join(f"{code} ×{n}" for code, n in candidate.codes) or "[green]" + escape(_("every claim right")) + "[/]"
        table.add_row(str(i), escape(localize(candidate.label)), str(candidate.findings), left)
    console.print(table)
    console.print()
