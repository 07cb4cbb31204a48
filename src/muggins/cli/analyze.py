"""``muggins analyze``: the Muggins ledger, the plays that lost points and their marks.

Records are analysed as they are read, in ``--jobs`` processes or on a Dask cluster
(``--scheduler``; analyze_work.py), each drawn where it was analysed and written out in input
order; only the players' figures are added up across records, so memory does not grow with the
number of records (``--annotate`` writes each file as it goes). ``--format jsonl`` and
``parquet`` write the tables of decisions and records (analysis/tables.py) instead.
"""

from __future__ import annotations

import enum
import io
from pathlib import Path
from typing import IO, TYPE_CHECKING, Callable, Iterator, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import (
    EmptyDocument,
    empty_document,
    Format,
    capped_jobs,
    check_rule_options,
    cluster_for,
    die,
    finite,
    jobs_option,
    named_files,
    no_color_option,
    on_stdout,
    output_option,
    quiet_option,
    record_option,
    rules_dir_option,
    scheduler_option,
    stderr_console,
    stdout_console,
    to_output,
)
from muggins.i18n import N_, _, reason

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.analysis.analyze import PlayerFigures
    from muggins.cli.analyze_work import Analysed, Run
    from muggins.cli.tables_out import ParquetTables


class AnalyzeFormat(str, enum.Enum):
    """The formats analyze writes."""

    text = "text"
    json = "json"
    csv = "csv"
    jsonl = "jsonl"
    parquet = "parquet"


@empty_document("analyze")
def _empty(**_parameters: object) -> dict[str, object]:
    """The document of a run that analysed nothing."""
    from muggins.analysis import analyze as analyzemod

    return {"schema": analyzemod.SCHEMA, "solver_core": None, "records": [], "players": []}


@app.command("analyze")
def analyze_command(
    files: List[str] = typer.Argument(..., help=N_("Record files (.mgn), folders of them, or - for standard input.")),
    rules: Optional[str] = typer.Option(None, "--rules", help=N_("Rule set to analyze under, instead of the record's: a preset name or a YAML file. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes.")),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one rule parameter: key=value (repeatable).")),
    view: str = typer.Option(
        "expected",
        "--view",
        help=N_("expected: judge each play on what its player could know (the mean over sampled deals of the tiles unseen); open-cards: against every tile, as if all were seen."),
    ),
    samples: int = typer.Option(64, "--samples", help=N_("Expected view: at most this many sampled deals per decision (fewer: faster, larger standard errors)."), min=2),
    seed: int = typer.Option(0, "--seed", help=N_("Expected view: the seed of the sampled deals (the same seed, the same figures).")),
    budget: float = typer.Option(
        2.0, "--budget", help=N_("Seconds the solver may spend per position (per sampled deal in the expected view); 0: immediate points only."), min=0.0, callback=finite
    ),
    record_budget: Optional[float] = typer.Option(
        None, "--record-budget", help=N_("Seconds for one record's analysis; past them its remaining plays are judged on immediate points (and say so)."), min=0.0, callback=finite
    ),
    jobs: int = jobs_option(N_("Analyze records")),
    scheduler: Optional[str] = scheduler_option(N_("Analyze records")),
    sort: Optional[str] = typer.Option(
        None, "--sort", help=N_("Sort the players' table by this column, named as its header shows it (names A-Z, numbers largest first).")
    ),
    format: AnalyzeFormat = typer.Option(
        AnalyzeFormat.text,
        "--format",
        help=N_(
            "text (tables), json (schema muggins.analyze/2), csv (the players' table), jsonl (a row per decision and per record, schema muggins.tables/2) or parquet (the same tables as Parquet files in the new folder of -o)."
        ),
    ),
    hands: bool = typer.Option(False, "--hands", help=N_("Text: show the ledger hand by hand, not only for the game.")),
    players_only: bool = typer.Option(False, "--players-only", help=N_("Text: show only the players' table across all records.")),
    record: Optional[int] = record_option(),
    rules_dir: List[str] = rules_dir_option(),
    output: Optional[str] = output_option(N_("the analysis")),
    annotate: bool = typer.Option(False, "--annotate", help=N_("Write each file back with marks, best moves and the audit's findings as comments, to FILE.annotated.mgn (never over the input).")),
    output_dir: Optional[Path] = typer.Option(None, "--output-dir", help=N_("With --annotate: write the annotated files into this folder.")),
    quiet: bool = quiet_option(),
    no_color: bool = no_color_option(),
) -> None:
    """Analyze records: the Muggins ledger per player and team, every play judged against the
    alternatives on what its player could know (expected values over sampled deals; --view
    open-cards: against every tile), marks ?! ? ?? by points lost, and a per-player table
    across all records (--quiet: only that table). On a terminal, a progress bar with the time
    left is drawn on stderr while records are analysed (not with --quiet).

    Exit code 0 when the analysis is done (missed points are not errors), 1 when a record breaks
    a rule of play (its later positions are in doubt; see `muggins audit`), 2 for unusable input.
    """
    from muggins.analysis import analyze as analyzemod
    from muggins.cli.analyze_view import sort_column

    empty = _empty()
    with EmptyDocument((lambda: empty) if format is AnalyzeFormat.json and on_stdout(output) else None) as pending:
        if view not in analyzemod.VIEWS:
            die(_("--view: one of {views}, not {value!r}").format(views=", ".join(analyzemod.VIEWS), value=view))
        column = None
        if sort is not None:
            column = sort_column(sort)
            if column is None:
                from muggins.cli.analyze_view import sort_names

                die(_("--sort: one of {columns}, not {value!r}").format(columns=", ".join(sort_names()), value=sort))
        check_rule_options([rules] if rules is not None else [], set_)
        chosen = Format(format.value)
        from muggins.analysis.solver_core import SolverCoreError

        try:
            core = analyzemod.solver_core_used(budget)
        except SolverCoreError as exc:
            die(reason(exc))
        if output_dir is not None and not annotate:
            die(_("--output-dir is only for --annotate"))
        if annotate and output_dir is None and "-" in files:
            die(_("--annotate writes FILE.annotated.mgn beside each file: standard input has no folder (give --output-dir)"))
        if chosen is Format.parquet:
            from muggins.cli.tables_out import folder_named

            output = folder_named(output)
        if output_dir is not None:
            try:
                output_dir.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                die(f"--output-dir {output_dir}: {exc.strerror or exc}")
        paths, usable = named_files(files)

        def body(stream: IO[str], cluster: object, tables: ParquetTables | None = None) -> int:
            pending.begun()
            from muggins.cli.analyze_work import Annotator, Run, Settings
            from muggins.cli.shape import ConsoleShape
            from muggins.i18n import language

            out = stdout_console(stream)
            judging = analyzemod.Judging(view, samples, seed, record_budget)
            settings = Settings(rules, tuple(set_), budget, chosen, not (players_only or quiet), hands, annotate, ConsoleShape.of(out), tuple(rules_dir), judging, record, language())
            run = Run(settings, stderr_console(), Annotator(output_dir, paths) if annotate else None, bar=not quiet)
            if not usable:
                run.outcome.unusable()
            workers = capped_jobs(jobs)
            _write(run, lambda emit: run.analysed(paths, workers, emit, cluster), column, chosen, stream, out, core, not (players_only or quiet), tables)
            return run.outcome.code

        with cluster_for(scheduler, jobs) as cluster:
            if chosen is Format.parquet:
                from muggins.analysis.tables import ANALYZE_TABLES
                from muggins.cli.tables_out import write_tables

                assert output is not None  # folder_named above
                code = write_tables(output, paths, ANALYZE_TABLES, lambda tables: body(io.StringIO(), cluster, tables))  # nothing on stdout
            else:
                code = to_output(output, paths, lambda stream: body(stream, cluster))
        raise typer.Exit(code)


def _write(
    run: Run,
    analysed: Callable[[Callable[[str], object] | None], Iterator[Analysed]],
    column: str | None,
    format: Format,
    stream: IO[str],
    out: Console,
    core: str | None,
    ledger_legend: bool,
    tables: ParquetTables | None,
) -> None:
    """The analysis of every record, then the players' table, on ``stream`` in ``format``
    (jsonl: the tables' rows only; parquet: the rows go to ``tables``, nothing on ``stream``).
    ``analysed(emit)`` gives each record's analysis in order, its text handed to ``emit``."""
    from muggins.analysis import analyze as analyzemod
    from muggins.cli.output import writer

    write = writer(stream)  # on the terminal, above the progress bar
    if format is Format.json:
        from muggins.cli.jsonout import StreamedObject

        document = StreamedObject(write)
        document.put("schema", analyzemod.SCHEMA)
        document.put("solver_core", core)
        listed = document.open_list("records")
        rows = _players(analysed(listed.add_text), column)
        listed.close()
        document.put("players", [analyzemod.summary_row(r) for r in rows])
        document.close()
        write("\n")
    elif format is Format.csv:
        from muggins.cli.csvout import csv_text
        from muggins.cli.output import write_data

        rows = _players(analysed(None), column)
        table = [analyzemod.SUMMARY_COLUMNS, *(list(analyzemod.summary_row(row).values()) for row in rows)]
        write_data(csv_text(table, lineterminator="\n"), stream)
    elif format is Format.jsonl:
        for _ in analysed(write):
            pass
    elif format is Format.parquet:
        assert tables is not None  # given with the format
        for result in analysed(None):
            tables.add(list(result.rows))
    else:
        from muggins.cli.analyze_view import show_players

        rows = _players(analysed(write), column)
        show_players(out, rows, ledger_legend=ledger_legend and run.count > 0, solver_core=core)


def _players(analysed: Iterator[Analysed], column: str | None) -> list[PlayerFigures]:
    """The players' figures added up over every record, sorted by ``column``."""
    from muggins.analysis import analyze as analyzemod

    return analyzemod.sort_players(analyzemod.combine_figures(result.figures for result in analysed), column)
