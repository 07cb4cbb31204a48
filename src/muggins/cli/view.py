"""``muggins view``: a whole record as one self-contained HTML page to step through, with the
analysis beside the board when asked (``--analyze`` works it out, ``--analysis FILE.json`` takes
what ``muggins analyze --format json`` wrote)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import as_seat_option, die, finite, no_color_option, output_option, record_option, rules_dir_option, stderr_console, write_output
from muggins.cli.render import chosen_record, chosen_seat, source_name
from muggins.i18n import N_, _, localize, reason

#: What --view takes here: the analysis' views, or both (the expected verdict, the open cards beside it).
BOTH = "both"


@app.command("view")
def view_command(
    file: str = typer.Argument(..., help=N_("A record file (.mgn), or - for standard input.")),
    record_index: Optional[int] = record_option(one=True),
    as_seat: Optional[str] = as_seat_option(),
    analyze: bool = typer.Option(
        False,
        "--analyze",
        help=N_("Analyze the record (as muggins analyze does) and show it beside the board: marks, the alternatives at each decision, the graph of the expected point difference, the players' figures and the Muggins ledger. Slow: about 5 s of CPU per four-player hand at the default --samples; a progress bar on a terminal."),
    ),
    analysis_files: List[str] = typer.Option(
        [],
        "--analysis",
        metavar=N_("FILE.json"),
        help=N_("Show this analysis (muggins analyze --format json, of this record) instead of working it out; once per view (expected, open-cards)."),
    ),
    view: Optional[str] = typer.Option(
        None,
        "--view",
        help=N_("With --analyze: expected (on what each player could know), open-cards (against every tile) or both (the default: expected, and the open-cards figures beside it where the deal is known)."),
    ),
    samples: Optional[int] = typer.Option(None, "--samples", help=N_("With --analyze: at most this many sampled deals per decision (default 64)."), min=2),
    seed: Optional[int] = typer.Option(None, "--seed", help=N_("With --analyze: the seed of the sampled deals (default 0).")),
    budget: Optional[float] = typer.Option(None, "--budget", help=N_("With --analyze: seconds the solver may spend per position (default 2; 0: immediate points only)."), min=0.0, callback=finite),
    record_budget: Optional[float] = typer.Option(None, "--record-budget", help=N_("With --analyze: seconds for the record's analysis per view; past them plays are judged on immediate points."), min=0.0, callback=finite),
    rules: Optional[str] = typer.Option(None, "--rules", help=N_("Rule set instead of the record's: a preset name or a YAML file. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes.")),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one rule parameter: key=value (repeatable).")),
    rules_dir: List[str] = rules_dir_option(),
    output: Optional[str] = output_option(N_("the page")),
    no_color: bool = no_color_option(),
) -> None:
    """Write an HTML replay viewer for one record: every position of every hand, the claims beside
    what the rules give, and the audit's findings on a timeline; with --analyze (or --analysis
    FILE.json) the analysis beside the board. --as SEAT shows the game as that player saw it
    (no comments: they may name hidden tiles; the findings without the tiles that player had not
    seen; of the analysis only that player's own decisions, on the expected view). The page needs no network and no other file; open it in a browser
    and step with the arrow keys.

    Exit code 0 when the audit is clean, 1 when it has findings (the page shows them), 2 for
    unusable input (an --analysis file of another record among them).
    """
    from muggins.analysis.audit import audit
    from muggins.cli.output import counted, error
    from muggins.pictures.viewer import viewer_html

    options = {"--view": view, "--samples": samples, "--seed": seed, "--budget": budget, "--record-budget": record_budget}
    given = [name for name, value in options.items() if value is not None]
    if given and not analyze:
        die(_("{options}: only with --analyze (an --analysis file was made with its own)").format(options=", ".join(given)))
    if analyze and analysis_files:
        die(_("--analyze works the analysis out and --analysis takes one already written: give one or the other"))
    views = _views(view or BOTH)
    if as_seat is not None and views == ("open-cards",):
        die(_("--as shows what one player could know: the open-cards figures are worked out from every hand (use --view expected)"))
    record, rule_set = chosen_record(file, record_index, rules, set_, tuple(rules_dir))
    seat = chosen_seat(record, as_seat)
    entries: dict[str, dict[str, Any]] = {}
    if analyze:
        if seat is not None:
            views = tuple(v for v in views if v != "open-cards")  # not shown in one seat's view
        entries = _analysed(record, rule_set, record_index or 1, views, samples, seed, budget, record_budget)
    for name in analysis_files:
        entry = _read_analysis(name, record, rule_set, record_index or 1)
        if entry["view"] in entries:
            die(_("--analysis {name}: a second analysis on the {view} view (give at most one per view)").format(name=name, view=entry["view"]))
        entries[entry["view"]] = entry
    if seat is not None and entries and "expected" not in entries:
        die(_("--as shows what one player could know: an open-cards analysis is worked out from every hand (give the expected one)"))
    report = audit(record, rule_set)
    write_output(viewer_html(record, rule_set, source_name(file), report, seat, entries or None), output, inputs=(file, *analysis_files))
    problems = len(report.mistakes)
    if problems:
        error(_("{path}: record {index}: {findings} (shown in the page)").format(path=record.source, index=record_index or 1, findings=counted(problems, "finding")))
    raise typer.Exit(0 if report.clean else 1)


def _views(view: str) -> tuple[str, ...]:
    from muggins.analysis.analyze import VIEWS

    if view == BOTH:
        return VIEWS
    if view not in VIEWS:
        die(_("--view: one of {views} or {both}, not {value!r}").format(views=", ".join(VIEWS), both=BOTH, value=view))
    return (view,)


def _analysed(
    record: Any, rules: Any, index: int, views: tuple[str, ...], samples: int | None, seed: int | None, budget: float | None, record_budget: float | None
) -> dict[str, dict[str, Any]]:
    """The record analysed on each of ``views`` (the library's analysis, in its JSON form), a
    progress bar on stderr where it is a terminal."""
    from muggins.analysis import analyze as analyzemod
    from muggins.analysis.expected import MOST
    from muggins.analysis.solver import searching
    from muggins.analysis.solver_core import SolverCoreError
    from muggins.cli.progress import progress

    budget = analyzemod.DEFAULT_BUDGET if budget is None else budget
    try:
        analyzemod.solver_core_used(budget)
    except SolverCoreError as exc:
        die(reason(exc))
    steps = sum(len(hand.turns) for hand in record.hands) * len(views)
    out: dict[str, dict[str, Any]] = {}
    with progress(stderr_console(), [], _("analysing ({views})").format(views=", ".join(views)), total=steps) as advance, searching():
        for view in views:
            judging = analyzemod.Judging(view, MOST if samples is None else samples, seed or 0, record_budget)
            out[view] = analyzemod.to_json(analyzemod.analyze_record(record, rules, budget, index, judging, progress=advance))
    return out


def _read_analysis(name: str, record: Any, rules: Any, index: int) -> dict[str, Any]:
    """The entry of the ``analyze --format json`` file ``name`` that is this record's analysis;
    anything else exits 2, saying why."""
    from muggins.inputs import not_a_file
    from muggins.pictures.viewer_analysis import AnalysisMismatch, matching_entry, record_entries

    kind = not_a_file(name)
    if kind is not None:
        die(_("--analysis {name}: not a file but {kind}; nothing was read from it").format(name=name, kind=localize(kind)))
    try:
        text = Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        die(_("--analysis {name}: no such file").format(name=name))
    except (OSError, UnicodeDecodeError) as exc:
        die(_("--analysis {name}: cannot read: {why}").format(name=name, why=getattr(exc, "strerror", None) or exc))
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        die(_("--analysis {name}: not JSON ({why})").format(name=name, why=exc))
    try:
        return matching_entry(record_entries(document), record, rules, index)
    except AnalysisMismatch as exc:
        die(f"--analysis {name}: {localize(reason(exc))}")
    except RecursionError:
        die(_("--analysis {name}: not what muggins analyze writes (nested too deep)").format(name=name))
