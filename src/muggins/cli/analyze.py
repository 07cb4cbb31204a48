"""``muggins analyze``: the Muggins ledger, the plays that lost points and their marks."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import Format, Outcome, die, print_diagnostic, records, resolve_rules, stderr_console


@app.command("analyze")
def analyze_command(
    files: List[str] = typer.Argument(..., help="Record files (.mgn) or folders of them."),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set to analyze under, instead of the record's: a preset name or a YAML file."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    budget: float = typer.Option(
        2.0, "--budget", help="Seconds the perfect-information solver may spend per position; 0: immediate points only.", min=0.0
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Analyze records in this many processes (the output is the same).", min=1),
    sort: Optional[str] = typer.Option(None, "--sort", help="Sort the players' table by this column (names A-Z, numbers largest first)."),
    format: Format = typer.Option(Format.text, "--format", help="text (tables), json (schema muggins.analyze/1) or csv (the players' table)."),
    hands: bool = typer.Option(False, "--hands", help="Text: show the ledger hand by hand, not only for the game."),
    players_only: bool = typer.Option(False, "--players-only", help="Text: show only the players' table across all records."),
    annotate: bool = typer.Option(False, "--annotate", help="Write each file back with marks and best moves as comments, to FILE.annotated.mgn (never over the input)."),
    output_dir: Optional[Path] = typer.Option(None, "--output-dir", help="With --annotate: write the annotated files into this folder."),
) -> None:
    """Analyze records: the Muggins ledger per player and team, every play judged against the
    alternatives (perfect information where the whole deal is known), marks ?! ? ?? by points
    lost, and a per-player table across all records.

    Exit code 0 when the analysis is done (missed points are not errors), 1 when a record breaks
    a rule of play (its later positions are in doubt; see `muggins audit`), 2 for unusable input.
    """
    from muggins.analysis import analyze as analyzemod
    from muggins.replay.rules import RuleError

    err = stderr_console()
    outcome = Outcome()
    broken: set[str] = set()

    def report(diagnostic) -> None:
        source = getattr(diagnostic, "source", None)
        if source:
            broken.add(str(source))
        print_diagnostic(err, diagnostic)

    if sort is not None and sort not in analyzemod.SUMMARY_COLUMNS:
        die(f"--sort: one of {', '.join(analyzemod.SUMMARY_COLUMNS)}, not {sort!r}")
    if output_dir is not None and not annotate:
        die("--output-dir is only for --annotate")

    work: list[tuple[Path, int, object, object]] = []
    for path, index, record in records(files, outcome, report):
        try:
            rule_set = resolve_rules(record, rules, set_)
        except RuleError as exc:
            report(f"{path}: record {index}: {exc}")
            broken.add(str(path))
            outcome.unusable()
            continue
        work.append((path, index, record, rule_set))

    analyses = _run(analyzemod.analyze_record, work, budget, jobs)
    for (path, index, _, _), analysis in zip(work, analyses):
        if analysis.errors:
            err.print(f"muggins: {path}: record {index} breaks the rules of play ({analysis.errors} error{'s' if analysis.errors != 1 else ''}); see `muggins audit`")
            outcome.findings()
    rows = analyzemod.sort_players(analyzemod.combine(analyses), sort)

    if annotate:
        _write_annotated(work, analyses, output_dir, broken, outcome, err)

    if format is Format.json:
        document = {
            "schema": analyzemod.SCHEMA,
            "records": [analyzemod.to_json(a) for a in analyses],
            "players": [analyzemod.summary_row(r) for r in rows],
        }
        print(json.dumps(document, indent=2))
    elif format is Format.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(analyzemod.SUMMARY_COLUMNS)
        for row in rows:
            writer.writerow(["" if v is None else v for v in analyzemod.summary_row(row).values()])
    else:
        from muggins.cli.analyze_view import console, show_players, show_record

        out = console()
        if not players_only:
            for analysis in analyses:
                show_record(out, analysis, hands)
        show_players(out, rows, ledger_legend=not players_only and bool(analyses))
    raise typer.Exit(outcome.code)


def _run(analyze_record, work, budget: float, jobs: int) -> list:
    """Every record analysed, in input order, in ``jobs`` processes."""
    arguments = (
        [item[2] for item in work],
        [item[3] for item in work],
        [budget] * len(work),
        [item[1] for item in work],
    )
    if jobs <= 1 or len(work) <= 1:
        return list(map(analyze_record, *arguments))
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(analyze_record, *arguments, chunksize=max(1, len(work) // (4 * jobs))))


def _write_annotated(work, analyses, output_dir: Path | None, broken: set[str], outcome: Outcome, err) -> None:
    """FILE.annotated.mgn for each file whose every record was read; never the input itself."""
    from muggins.analysis.annotate import annotate as annotate_record
    from muggins.notation.formatter import format_records

    by_file: dict[Path, list] = {}
    for (path, _, record, _), analysis in zip(work, analyses):
        by_file.setdefault(path, []).append(annotate_record(record, analysis))
    inputs = {p.resolve() for p in by_file}
    written: set[Path] = set()
    if output_dir is not None:
        try:
            output_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            die(f"--output-dir {output_dir}: {exc.strerror or exc}")
    for path, annotated in by_file.items():
        if str(path) in broken:
            err.print(f"muggins: {path}: not annotated: some of its records could not be read")
            continue
        target = _target(path, output_dir, written | inputs)
        try:
            target.write_text(format_records(annotated), encoding="utf-8", newline="\n")
        except (OSError, ValueError) as exc:
            err.print(f"muggins: {target}: cannot write: {getattr(exc, 'strerror', None) or exc}")
            outcome.unusable()
            continue
        written.add(target.resolve())
        err.print(f"muggins: annotated {path} -> {target}")


def _target(path: Path, output_dir: Path | None, taken: set[Path]) -> Path:
    """``X.annotated.mgn`` beside the input (or in ``output_dir``), numbered when already taken."""
    folder = output_dir if output_dir is not None else path.parent
    target = folder / f"{path.stem}.annotated.mgn"
    number = 2
    while target.resolve() in taken:
        target = folder / f"{path.stem}.annotated-{number}.mgn"
        number += 1
    return target
