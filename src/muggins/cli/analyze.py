"""``muggins analyze``: the Muggins ledger, the plays that lost points and their marks.

Records are analysed as they are read, in ``--jobs`` processes, each drawn where it was analysed
and written out in input order; only the players' figures are added up across records, so
memory does not grow with the number of records (``--annotate`` writes each file as it goes).
"""

from __future__ import annotations

import csv
import os
import sys
import tempfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Iterator, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import ConsoleShape, Format, Outcome, die, expand, print_diagnostic, resolve_rules, stderr_console


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

    if sort is not None and sort not in analyzemod.SUMMARY_COLUMNS:
        die(f"--sort: one of {', '.join(analyzemod.SUMMARY_COLUMNS)}, not {sort!r}")
    if output_dir is not None and not annotate:
        die("--output-dir is only for --annotate")
    if output_dir is not None:
        try:
            output_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            die(f"--output-dir {output_dir}: {exc.strerror or exc}")

    from muggins.cli.analyze_view import console

    out = console()
    settings = _Settings(rules, tuple(set_), budget, format, not players_only, hands, annotate, ConsoleShape.of(out))
    paths = list(expand(files))
    run = _Run(settings, stderr_console(), _Annotator(output_dir, paths) if annotate else None)
    write = sys.stdout.write
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
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(analyzemod.SUMMARY_COLUMNS)
        for row in rows:
            writer.writerow(["" if v is None else v for v in analyzemod.summary_row(row).values()])
    else:
        from muggins.cli.analyze_view import show_players

        rows = analyzemod.sort_players(analyzemod.combine(run.analysed(paths, jobs, write)), sort)
        show_players(out, rows, ledger_legend=not players_only and run.count > 0)
    raise typer.Exit(run.outcome.code)


@dataclass(frozen=True, slots=True)
class _Settings:
    """The command line as each worker needs it."""

    rules: str | None
    overrides: tuple[str, ...]
    budget: float
    format: Format
    records: bool  # text: draw each record (not --players-only)
    hands: bool
    annotate: bool
    shape: ConsoleShape


@dataclass(frozen=True, slots=True)
class _Analysed:
    """One record's analysis as the writing process needs it."""

    errors: int  # rule errors met in the replay
    figures: tuple  # the players' figures (PlayerFigures), to add up across records
    text: str | None  # the record's part of the output: a JSON entry or the drawn tables
    annotated: str | None  # the record written back with its marks (--annotate)


def _analyze_one(settings: _Settings, record, path: Path, index: int) -> _Analysed | str:
    """Analyse one record and draw it; a rule set that cannot be had is its message instead."""
    from muggins.analysis import analyze as analyzemod
    from muggins.replay.rules import RuleError

    try:
        rule_set = resolve_rules(record, settings.rules, list(settings.overrides))
    except RuleError as exc:
        return f"{path}: record {index}: {exc}"
    analysis = analyzemod.analyze_record(record, rule_set, settings.budget, index)
    text = None
    if settings.format is Format.json:
        from muggins.cli.jsonout import dumps_at

        text = dumps_at(analyzemod.to_json(analysis), 2)  # document > records > this entry
    elif settings.format is Format.text and settings.records:
        from muggins.cli.analyze_view import show_record

        text = settings.shape.draw(lambda out: show_record(out, analysis, settings.hands))
    annotated = None
    if settings.annotate:
        from muggins.analysis.annotate import annotate as annotate_record
        from muggins.notation.formatter import format_record

        annotated = format_record(annotate_record(record, analysis))
    return _Analysed(analysis.errors, analysis.figures, text, annotated)


class _Run:
    """The writing process's side of one ``muggins analyze``: messages, exit code, annotation."""

    def __init__(self, settings: _Settings, err, annotator: _Annotator | None) -> None:
        self.settings = settings
        self.err = err
        self.annotator = annotator
        self.outcome = Outcome()
        self.count = 0  # records analysed

    def analysed(self, paths: list[Path], jobs: int, emit) -> Iterator[_Analysed]:
        """Each record's analysis in input order, its text handed to ``emit`` (when given) as it
        comes; problems reported on stderr as they come."""
        from muggins.cli.spread import FileDone, spread

        broken = False  # the current file has a record that could not be used
        for event in spread(paths, partial(_analyze_one, self.settings), jobs):
            if isinstance(event, FileDone):
                if event.error is not None:
                    print_diagnostic(self.err, f"{event.path}: no such file" if event.missing else f"{event.path}: cannot read: {event.error}")
                    self.outcome.unusable()
                if self.annotator is not None:
                    self.annotator.finish(event.path, broken, self.err, self.outcome)
                broken = False
                continue
            result = event.result
            if not isinstance(result, _Analysed):
                for diagnostic in [result] if isinstance(result, str) else result.diagnostics:
                    print_diagnostic(self.err, diagnostic)
                broken = True
                self.outcome.unusable()
                continue
            self.count += 1
            if result.errors:
                self.err.print(
                    f"muggins: {event.path}: record {event.index} breaks the rules of play "
                    f"({result.errors} error{'s' if result.errors != 1 else ''}); see `muggins audit`"
                )
                self.outcome.findings()
            if emit is not None and result.text is not None:
                emit(result.text)
            if self.annotator is not None and result.annotated is not None:
                self.annotator.add(event.path, result.annotated, self.err, self.outcome)
            yield result


class _Annotator:
    """FILE.annotated.mgn for each file whose every record was read; never over an input. Each
    file is written as its records come, to a temporary file that takes the name at the end."""

    def __init__(self, output_dir: Path | None, inputs: list[Path]) -> None:
        self.output_dir = output_dir
        self.taken = {p.resolve() for p in inputs}
        self.handle = None  # the current file's temporary file, once it has a record
        self.target: Path | None = None
        self.failed = False

    def add(self, path: Path, text: str, err, outcome: Outcome) -> None:
        if self.failed:
            return
        try:
            if self.handle is None:
                self.target = _target(path, self.output_dir, self.taken)
                self.handle = tempfile.NamedTemporaryFile(
                    "w", encoding="utf-8", newline="\n", dir=self.target.parent, prefix=f".{self.target.name}.", suffix=".tmp", delete=False
                )
            else:
                self.handle.write("\n")
            self.handle.write(text)
        except (OSError, ValueError) as exc:
            self._fail(exc, err, outcome)

    def finish(self, path: Path, broken: bool, err, outcome: Outcome) -> None:
        handle, target, failed = self.handle, self.target, self.failed
        self.handle, self.target, self.failed = None, None, False
        if handle is None:
            return
        handle.close()
        if broken or failed:
            os.unlink(handle.name)
            if broken:
                err.print(f"muggins: {path}: not annotated: some of its records could not be read")
            return
        try:
            os.replace(handle.name, target)  # type: ignore[arg-type]
        except OSError as exc:
            os.unlink(handle.name)
            err.print(f"muggins: {target}: cannot write: {exc.strerror or exc}")
            outcome.unusable()
            return
        self.taken.add(target.resolve())  # type: ignore[union-attr]
        err.print(f"muggins: annotated {path} -> {target}")

    def _fail(self, exc: Exception, err, outcome: Outcome) -> None:
        err.print(f"muggins: {self.target}: cannot write: {getattr(exc, 'strerror', None) or exc}")
        outcome.unusable()
        self.failed = True


def _target(path: Path, output_dir: Path | None, taken: set[Path]) -> Path:
    """``X.annotated.mgn`` beside the input (or in ``output_dir``), numbered when already taken."""
    folder = output_dir if output_dir is not None else path.parent
    target = folder / f"{path.stem}.annotated.mgn"
    number = 2
    while target.resolve() in taken:
        target = folder / f"{path.stem}.annotated-{number}.mgn"
        number += 1
    return target
