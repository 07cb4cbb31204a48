"""``muggins analyze``: the Muggins ledger, the plays that lost points and their marks.

Records are analysed as they are read, in ``--jobs`` processes (analyze_work.py), each drawn
where it was analysed and written out in input order; only the players' figures are added up
across records, so memory does not grow with the number of records (``--annotate`` writes each
file as it goes).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import Format, check_rule_options, die, expand, stderr_console


@app.command("analyze")
def analyze_command(
    files: List[str] = typer.Argument(..., help="Record files (.mgn) or folders of them."),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set to analyze under, instead of the record's: a preset name or a YAML file."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    view: str = typer.Option(
        "expected",
        "--view",
        help="expected: judge each play on what its player could know (the mean over sampled deals of the tiles unseen); open-cards: against every tile, as if all were seen.",
    ),
    samples: int = typer.Option(64, "--samples", help="Expected view: at most this many sampled deals per decision (fewer: faster, larger standard errors).", min=2),
    seed: int = typer.Option(0, "--seed", help="Expected view: the seed of the sampled deals (the same seed, the same figures)."),
    budget: float = typer.Option(
        2.0, "--budget", help="Seconds the solver may spend per position (per sampled deal in the expected view); 0: immediate points only.", min=0.0
    ),
    record_budget: Optional[float] = typer.Option(
        None, "--record-budget", help="Seconds for one record's analysis; past them its remaining plays are judged on immediate points (and say so).", min=0.0
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Analyze records in this many processes (the output is the same).", min=1),
    sort: Optional[str] = typer.Option(None, "--sort", help="Sort the players' table by this column (names A-Z, numbers largest first)."),
    format: Format = typer.Option(Format.text, "--format", help="text (tables), json (schema muggins.analyze/2) or csv (the players' table)."),
    hands: bool = typer.Option(False, "--hands", help="Text: show the ledger hand by hand, not only for the game."),
    players_only: bool = typer.Option(False, "--players-only", help="Text: show only the players' table across all records."),
    annotate: bool = typer.Option(False, "--annotate", help="Write each file back with marks and best moves as comments, to FILE.annotated.mgn (never over the input)."),
    output_dir: Optional[Path] = typer.Option(None, "--output-dir", help="With --annotate: write the annotated files into this folder."),
) -> None:
    """Analyze records: the Muggins ledger per player and team, every play judged against the
    alternatives on what its player could know (expected values over sampled deals; --view
    open-cards: against every tile), marks ?! ? ?? by points lost, and a per-player table
    across all records.

    Exit code 0 when the analysis is done (missed points are not errors), 1 when a record breaks
    a rule of play (its later positions are in doubt; see `muggins audit`), 2 for unusable input.
    """
    from muggins.analysis import analyze as analyzemod

    if view not in analyzemod.VIEWS:
        die(f"--view: one of {', '.join(analyzemod.VIEWS)}, not {view!r}")
    if sort is not None and sort not in analyzemod.SUMMARY_COLUMNS:
        die(f"--sort: one of {', '.join(analyzemod.SUMMARY_COLUMNS)}, not {sort!r}")
    check_rule_options([rules] if rules is not None else [], set_)
    if output_dir is not None and not annotate:
        die("--output-dir is only for --annotate")
    if output_dir is not None:
        try:
            output_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            die(f"--output-dir {output_dir}: {exc.strerror or exc}")

    from muggins.cli.analyze_view import console
    from muggins.cli.analyze_work import Annotator, Run, Settings
    from muggins.cli.shape import ConsoleShape

    out = console()
    judging = analyzemod.Judging(view, samples, seed, record_budget)
    settings = Settings(rules, tuple(set_), budget, format, not players_only, hands, annotate, ConsoleShape.of(out), judging)
    paths = list(expand(files))
    run = Run(settings, stderr_console(), Annotator(output_dir, paths) if annotate else None)

    def write(text: str) -> None:
        sys.stdout.write(text)  # looked up at each call: a progress bar may stand in for it

    if format is Format.json:
        from muggins.cli.jsonout import StreamedObject

        document = StreamedObject(write)
        document.put("schema", analyzemod.SCHEMA)
        listed = document.open_list("records")
        rows = analyzemod.sort_players(analyzemod.combine(run.analysed(paths, jobs, listed.add_text)), sort)
        listed.close()
        document.put("players", [analyzemod.summary_row(r) for r in rows])
        document.close()
        write("\n")
    elif format is Format.csv:
        rows = analyzemod.sort_players(analyzemod.combine(run.analysed(paths, jobs, None)), sort)
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(analyzemod.SUMMARY_COLUMNS)
        for row in rows:
            writer.writerow(["" if v is None else v for v in analyzemod.summary_row(row).values()])
    else:
        from muggins.cli.analyze_view import show_players

        rows = analyzemod.sort_players(analyzemod.combine(run.analysed(paths, jobs, write)), sort)
        show_players(out, rows, ledger_legend=not players_only and run.count > 0)
    raise typer.Exit(run.outcome.code)
