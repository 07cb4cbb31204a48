"""``muggins analyze``'s work on each record, in whichever process, and the writing process's side:
messages, the exit code, ``--annotate``'s files. The values sent between processes pickle."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator

from muggins.cli.common import Format, Outcome, print_diagnostic, resolve_rules, unreadable
from muggins.cli.output import counted
from muggins.i18n import _, msg, reason
from muggins.cli.shape import ConsoleShape

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.analysis.analyze import Judging, PlayerFigures
    from muggins.cli.progress import Advance
    from muggins.diagnostics import Diagnostic
    from muggins.notation.model import Record


@dataclass(frozen=True, slots=True)
class Settings:
    """The command line as each worker needs it."""

    rules: str | None
    overrides: tuple[str, ...]
    budget: float
    format: Format
    records: bool  # text: draw each record (not --players-only)
    hands: bool
    annotate: bool
    shape: ConsoleShape
    rules_dirs: tuple[str, ...] = ()
    judging: Judging | None = None  # None: its defaults
    record: int | None = None  # --record: only this record of each file is analysed
    language: str = "en"  # the run's language (muggins.i18n), spoken where each record is drawn


@dataclass(frozen=True, slots=True)
class Analysed:
    """One record's analysis as the writing process needs it."""

    errors: int  # rule errors met in the replay
    notes: tuple[Diagnostic, ...]  # what the parser noted in the record's text
    figures: tuple[PlayerFigures, ...]  # the players' figures, to add up across records
    text: str | None  # the record's part of the output: a JSON entry, the drawn tables, JSON lines
    annotated: str | None  # the record written back with its marks (--annotate)
    rows: tuple[tuple[str, dict[str, Any]], ...] = ()  # --format parquet: (table, row) of its tables


def analyze_one(settings: Settings, record: Record, path: Path, index: int) -> Analysed | str | None:
    """Analyse one record and draw it; a rule set that cannot be had is its message instead;
    None for a record ``--record`` leaves out (not analysed: the analysis can take minutes)."""
    if settings.record is not None and index != settings.record:
        return None
    from muggins.i18n import speaking

    with speaking(settings.language):  # a worker of another process (a cluster's) speaks it too
        return _analyze_one(settings, record, path, index)


def _analyze_one(settings: Settings, record: Record, path: Path, index: int) -> Analysed | str:
    from muggins.analysis import analyze as analyzemod
    from muggins.replay.rules import RuleError

    try:
        rule_set = resolve_rules(record, settings.rules, list(settings.overrides), settings.rules_dirs)
    except RuleError as exc:
        return msg("{path}: record {index}: {problem}", path=str(path), index=index, problem=reason(exc))
    from muggins.analysis.solver import searching

    judging = settings.judging if settings.judging is not None else analyzemod.Judging()
    with searching():  # this process is the command's: the solver's settings are its choice
        analysis = analyzemod.analyze_record(record, rule_set, settings.budget, index, judging)
    text = None
    rows: tuple[tuple[str, dict[str, Any]], ...] = ()
    if settings.format is Format.json:
        from muggins.cli.jsonout import dumps_at

        text = dumps_at(analyzemod.to_json(analysis), 2)  # document > records > this entry
    elif settings.format in (Format.jsonl, Format.parquet):
        from muggins.analysis.audit import audit
        from muggins.analysis.tables import analysis_rows

        rows = tuple(analysis_rows(analysis, audit(record, rule_set), path, index))
        if settings.format is Format.jsonl:
            from muggins.cli.tables_out import jsonl_text

            text, rows = jsonl_text(list(rows)), ()
    elif settings.format is Format.text and settings.records:
        from muggins.cli.analyze_view import show_record

        text = settings.shape.draw(lambda out: show_record(out, analysis, settings.hands))
    annotated = None
    if settings.annotate:
        from muggins.analysis.annotate import annotate as annotate_record
        from muggins.analysis.audit import audit
        from muggins.notation.formatter import format_record

        annotated = format_record(annotate_record(record, analysis, audit(record, rule_set).findings))
    return Analysed(analysis.errors, tuple(record.notes), analysis.figures, text, annotated, rows)


class Run:
    """The writing process's side of one ``muggins analyze``: messages, exit code, annotation."""

    def __init__(self, settings: Settings, err: Console, annotator: Annotator | None, bar: bool = True) -> None:
        self.settings = settings
        self.bar = bar  # the progress bar, on a terminal (not under --quiet)
        self.chosen = settings.record  # --record: only this record of each file
        self.err = err
        self.annotator = annotator
        self.outcome = Outcome()
        self.count = 0  # records analysed

    def analysed(self, paths: list[Path], jobs: int, emit: Callable[[str], object] | None, cluster: object = None) -> Iterator[Analysed]:
        """Each record's analysis in input order, its text handed to ``emit`` (when given) as it
        comes; problems reported on stderr as they come, under a progress bar where stderr is
        a terminal (and ``bar``). Where the solver runs, records go to the workers (``jobs`` processes, or the
        Dask ``cluster``'s) one at a time, so each is written as soon as it is done; on a
        cluster the bar moves as each task finishes, in whatever order."""
        from muggins.cli.progress import progress

        with progress(self.err, paths, shown=self.bar) as advance:
            yield from self._analysed(paths, jobs, emit, advance, cluster)

    def _analysed(self, paths: list[Path], jobs: int, emit: Callable[[str], object] | None, advance: Advance, cluster: object) -> Iterator[Analysed]:
        from muggins.batch.spread import FileDone, spread

        broken = False  # the current file has a record that could not be used
        got = False  # the chosen record of the current file was met
        solving = self.settings.budget > 0
        done = advance if cluster is not None else None  # the cluster's task completions move the bar
        events = spread(paths, partial(analyze_one, self.settings), jobs, cluster, batch_chars=1 if solving else None, done=done)
        for event in events:
            if isinstance(event, FileDone):
                if event.error is not None:
                    print_diagnostic(self.err, unreadable(event.path, event.missing, event.error))
                    self.outcome.unusable()
                elif self.chosen is not None and not got:
                    print_diagnostic(self.err, _("{path}: has no record {index}").format(path=event.path, index=self.chosen))
                    self.outcome.unusable()
                if self.annotator is not None:
                    self.annotator.finish(event.path, broken, self.err, self.outcome)
                broken = got = False
                continue
            if done is None:
                advance()
            if self.chosen is not None:
                if event.index != self.chosen:
                    continue
                got = True
            result = event.result
            if result is None:  # (only for a record --record leaves out, passed over above)
                continue
            if not isinstance(result, Analysed):
                for diagnostic in [result] if isinstance(result, str) else result.diagnostics:
                    print_diagnostic(self.err, diagnostic)
                broken = True
                self.outcome.unusable()
                continue
            self.count += 1
            for note in result.notes:
                print_diagnostic(self.err, note)
            if any(note.severity != "info" for note in result.notes):
                self.outcome.findings()
            if result.errors:
                print_diagnostic(
                    self.err,
                    _("{path}: record {index} breaks the rules of play ({errors}); see `muggins audit`").format(
                        path=event.path, index=event.index, errors=counted(result.errors, "error")
                    ),
                )
                self.outcome.findings()
            if emit is not None and result.text is not None:
                emit(result.text)
            if self.annotator is not None and result.annotated is not None:
                self.annotator.add(event.path, result.annotated, self.err, self.outcome)
            yield result


class Annotator:
    """FILE.annotated.mgn for each file whose every record was read; never over an input. Each
    file is written as its records come, to a temporary file that takes the name at the end."""

    def __init__(self, output_dir: Path | None, inputs: list[Path]) -> None:
        self.output_dir = output_dir
        self.taken = {p.resolve() for p in inputs}
        self.handle: IO[str] | None = None  # the current file's temporary file, once it has a record
        self.target: Path | None = None
        self.failed = False

    def add(self, path: Path, text: str, err: Console, outcome: Outcome) -> None:
        if self.failed:
            return
        try:
            if self.handle is None:
                self.target = target(path, self.output_dir, self.taken)
                scratch = self.target.with_name(f".{self.target.name}.{os.getpid()}.tmp")
                self.handle = open(scratch, "x", encoding="utf-8", newline="\n")
            else:
                self.handle.write("\n")
            self.handle.write(text)
        except (OSError, ValueError) as exc:
            self._fail(exc, err, outcome)

    def finish(self, path: Path, broken: bool, err: Console, outcome: Outcome) -> None:
        handle, target, failed = self.handle, self.target, self.failed
        self.handle, self.target, self.failed = None, None, False
        if handle is None:
            return
        assert target is not None  # named when the handle was opened
        handle.close()
        if broken or failed:
            os.unlink(handle.name)
            if broken:
                print_diagnostic(err, _("{path}: not annotated: some of its records could not be read").format(path=path))
            return
        try:
            os.replace(handle.name, target)
        except OSError as exc:
            os.unlink(handle.name)
            print_diagnostic(err, _("{path}: cannot write: {why}").format(path=target, why=exc.strerror or exc))
            outcome.unusable()
            return
        self.taken.add(target.resolve())
        print_diagnostic(err, _("annotated {path} -> {target}").format(path=path, target=target))

    def _fail(self, exc: Exception, err: Console, outcome: Outcome) -> None:
        print_diagnostic(err, _("{path}: cannot write: {why}").format(path=self.target, why=getattr(exc, "strerror", None) or exc))
        outcome.unusable()
        self.failed = True


def target(path: Path, output_dir: Path | None, taken: set[Path]) -> Path:
    """``X.annotated.mgn`` beside the input (or in ``output_dir``), numbered when already taken."""
    folder = output_dir if output_dir is not None else path.parent
    target = folder / f"{path.stem}.annotated.mgn"
    number = 2
    while target.resolve() in taken:
        target = folder / f"{path.stem}.annotated-{number}.mgn"
        number += 1
    return target
