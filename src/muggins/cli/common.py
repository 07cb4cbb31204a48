"""What every command shares: exit codes, output formats, reading inputs, where messages go."""

from __future__ import annotations

import enum
import math
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO, Callable, Iterable, Iterator, NoReturn

import typer

from muggins.cli.output import set_no_color
from muggins.i18n import N_, Message, _, localize, msg, plural, reason

if TYPE_CHECKING:
    import os

    from rich.console import Console

    from muggins.diagnostics import Diagnostic
    from muggins.notation.model import Record
    from muggins.replay.rules import RuleSet

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNUSABLE = 2
#: muggins itself failed: an exception no check foresaw (sysexits.h's EX_SOFTWARE), a bug to report.
EXIT_INTERNAL = 70


class Format(str, enum.Enum):
    """Output formats: a person's report, or data for machines on stdout."""

    text = "text"
    json = "json"
    csv = "csv"
    jsonl = "jsonl"  # the rows of analysis/tables.py, one JSON object a line
    parquet = "parquet"  # the same rows as Parquet files in the folder of -o


def stderr_console() -> Console:
    """A rich console on stderr (output.py: colour only on a terminal, control characters visible)."""
    from muggins.cli.output import console

    return console(stderr=True)


def stdout_console(file: IO[str] | None = None) -> Console:
    """A rich console on stdout, or on ``file`` (``-o``); see output.py."""
    from muggins.cli.output import console

    return console(file=file)


def internal_error(error: BaseException) -> NoReturn:
    """A fault of muggins itself, an exception that no check of the input foresaw: said in two
    lines on stderr instead of a traceback (what failed, and that it is muggins' fault, not the
    records'), exit code 70. ``MUGGINS_TRACEBACK=1`` in the environment prints the traceback
    too, for the report."""
    import os
    import traceback

    from muggins.cli.output import error as say_error

    if os.environ.get("MUGGINS_TRACEBACK"):
        traceback.print_exception(error)
    text = str(error).strip().splitlines()
    say_error(msg("internal error: {kind}{text}", kind=type(error).__name__, text=f": {text[0]}" if text else ""))
    say_error(msg("this is a fault in muggins, not in the records; please report it with the command that was run (MUGGINS_TRACEBACK=1 shows the traceback)"))
    raise SystemExit(EXIT_INTERNAL)


def die(message: str) -> NoReturn:
    """Unusable input: one line on stderr (``muggins: ...``, a Message said in the language in
    use), exit code 2."""
    from muggins.cli.output import error

    error(message)
    raise SystemExit(EXIT_UNUSABLE)


def exit_code(error: BaseException | None) -> int | None:
    """The exit code ``error`` ends the run with (``die``'s SystemExit, a ``typer.Exit``), None
    for anything else."""
    if isinstance(error, SystemExit):
        return error.code if isinstance(error.code, int) else None
    if isinstance(error, typer.Exit):
        return error.exit_code
    return None


class EmptyDocument:
    """``--format json`` writes a JSON document on stdout even when the run ends with unusable
    input (exit 2) before the command began its own: a missing file, a record that cannot be
    read, an unknown ``--rules`` or ``--set`` key, options that do not go together. It is the
    command's own document with nothing in it (``document()``), as ``audit --format json
    nosuch.mgn`` writes one; the message stays on stderr and the exit code 2.

    ``with EmptyDocument(document) as pending:`` around the command's work, ``document`` None
    where no JSON goes to stdout (another format, or ``-o FILE``, which is never written for a
    run that did not start); ``pending.begun()`` where the command starts writing its own
    document, so that one that stops half-way is never followed by a second."""

    def __init__(self, document: Callable[[], Any] | None) -> None:
        self._document = document

    def begun(self) -> None:
        self._document = None

    def __enter__(self) -> EmptyDocument:
        return self

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if self._document is not None and exit_code(error) == EXIT_UNUSABLE:
            import json

            from muggins.cli.output import write_data

            write_data(json.dumps(self._document(), indent=2) + "\n")


#: Each command's empty document (EmptyDocument's) by the command's name, made from the values of
#: its parameters as keywords (those it does not use ignored, any of them missing): app.py writes
#: it for a usage error of Click's (an option's value out of range, an unknown option, a missing
#: argument), which ends the run before the command, and so its EmptyDocument, began.
EMPTY_DOCUMENTS: dict[str, Callable[..., Any]] = {}


def empty_document(command: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``@empty_document("replay")``: the function makes ``replay``'s empty document (above)."""

    def register(document: Callable[..., Any]) -> Callable[..., Any]:
        EMPTY_DOCUMENTS[command] = document
        return document

    return register


def on_stdout(output: str | None) -> bool:
    """Whether ``-o`` leaves the output on stdout (none given, or ``-``)."""
    return output is None or output == "-"


# -- options that several commands take, said the same way everywhere -----------------------
# (each the value of a parameter's default, which Typer's Option types as Any)


def rules_dir_option() -> Any:
    return typer.Option(
        [],
        "--rules-dir",
        help=N_("A folder where a record's [Rules \"file.yaml\"] may lie, besides the record's own folder (repeatable); a record never reads a rule file elsewhere."),
    )


def record_option(one: bool = False) -> Any:
    """``--record N``: the same option wherever records are chosen (``one``: a command that shows
    one record, the first unless told)."""
    words = N_("Which record of the file: N, 1 the first (the default, said when the file holds more).") if one else N_("Only the Nth record of each file (1 is the first).")
    return typer.Option(None, "--record", help=words, min=1, metavar="N")


def as_seat_option() -> Any:
    """``--as SEAT``: the table as one player sees it (render, view, replay)."""
    return typer.Option(
        None, "--as", help=N_("Show the table as this seat sees it: its own tiles face up, every other hand face down, it sits at the bottom."), metavar=N_("SEAT")
    )


def turn_option() -> Any:
    """``--turn K`` or ``--turn end``: a position of a hand (render, replay)."""
    return typer.Option(
        None, "--turn", help=N_("The position after this turn (0: the deal; end: after the end-of-hand scoring; default: the hand's last turn)."), metavar="K|end"
    )


def no_color_option() -> Any:
    return typer.Option(False, "--no-color", help=N_("No colour and no bold (as NO_COLOR=1 does)."), callback=set_no_color)


def quiet_option() -> Any:
    return typer.Option(False, "--quiet", "-q", help=N_("Print only the summary; the exit code says the rest."))


#: The help texts built from a template and the words of one command (``--jobs``, ``-o``): each
#: English text and the message that says it in another language (cli/__init__.py translates the help).
BUILT_HELP: dict[str, Message] = {}


def _built_help(template: str, what: str) -> str:
    """``template`` with ``what`` (a text marked with ``N_`` where it is written), remembered."""
    built = msg(template, what=msg(what))
    BUILT_HELP[str(built)] = built
    return str(built)


def finite(value: float | None) -> float | None:
    """A number option's check (``callback=finite``), besides its ``min`` and ``max``: no NaN or
    infinity. Every range test lets NaN through (it compares false with anything), and neither
    can be written in JSON."""
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(_("{value} is not a finite number").format(value=value))
    return value


def jobs_option(what: str) -> Any:
    return typer.Option(1, "--jobs", "-j", help=_built_help(N_("{what} in this many processes, at most one per CPU (the output is the same)."), what), min=1)


def scheduler_option(what: str) -> Any:
    return typer.Option(
        None,
        "--scheduler",
        envvar="MUGGINS_SCHEDULER",
        help=_built_help(
            N_("{what} on a Dask cluster: a scheduler's address (tcp://host:8786), or local:N for N worker processes on this machine (the output is the same as --jobs 1). Needs pip install 'muggins[cluster]'."),
            what,
        ),
        show_default=False,
    )


def output_option(what: str) -> Any:
    return typer.Option(None, "-o", "--output", help=_built_help(N_("Write {what} to this file (atomically, never over an input) instead of stdout; - is stdout."), what))


class Outcome:
    """The exit code a command earns as it goes: the worst of clean, findings, unusable."""

    def __init__(self) -> None:
        self.code = EXIT_CLEAN

    def findings(self) -> None:
        self.code = max(self.code, EXIT_FINDINGS)

    def unusable(self) -> None:
        self.code = EXIT_UNUSABLE


def named_files(names: list[str]) -> tuple[list[Path], bool]:
    """(the files ``names`` stand for, whether every name gave something to read): see
    muggins.inputs (folders, ``-`` for standard input). A name that gives nothing to read is
    said on stderr; the caller makes the run unusable (exit 2)."""
    from muggins.cli.output import error
    from muggins.inputs import expand

    found = expand(names)
    for problem in found.problems:
        error(problem)
    return found.paths, not found.problems


def one_file(name: str) -> Path:
    """The one file ``name`` stands for (``-``: standard input); exit 2 when it cannot be had."""
    from muggins.inputs import InputError, one

    try:
        return one(name)
    except InputError as exc:
        die(reason(exc))


@contextmanager
def cluster_for(scheduler: str | None, jobs: int) -> Iterator[object]:
    """The Dask client of ``--scheduler`` for the run (None without one), closed after it; a
    cluster that cannot be had is a message and exit 2 before any work is done."""
    if not scheduler:
        yield None
        return
    if jobs > 1:
        die(_("--jobs and --scheduler cannot be combined: the cluster's workers do the work"))
    from muggins.batch.cluster import ClusterError, close, connect

    try:
        client = connect(scheduler)
    except ClusterError as exc:
        die(reason(exc))
    try:
        yield client
    except ClusterError as exc:  # mid-run: no worker left (the records given so far stand)
        die(reason(exc))
    finally:
        close(client)


def capped_jobs(jobs: int) -> int:
    """``--jobs``, at most the number of CPUs (saying so when it is capped)."""
    import os

    cpus = os.cpu_count() or 1
    if jobs > cpus:
        from muggins.cli.output import error

        error(localize(plural("--jobs {jobs}: this machine has {n} CPU; using {n}", "--jobs {jobs}: this machine has {n} CPUs; using {n}", cpus, jobs=jobs)))
        return cpus
    return jobs


def resolve_rules(record: Record, rules_spec: str | None, overrides: list[str], rules_dirs: tuple[str, ...] = ()) -> RuleSet:
    """The record's rule set, with the command line's --rules and --set applied (RuleError on
    failure); its [Rules] file may lie in its own folder or one of ``rules_dirs`` (--rules-dir)."""
    from muggins.replay import rules as rulesmod
    from muggins.replay.resolve import rules_for

    parsed = [rulesmod.parse_override(text) for text in overrides]
    return rules_for(record, rules_spec, parsed, rules_dirs=tuple(Path(d) for d in rules_dirs))


def check_rule_options(rules_specs: list[str], overrides: list[str]) -> None:
    """A ``--rules`` or ``--set`` that cannot be had ends the run before any record is read (exit 2)."""
    from muggins.replay.resolve import check_options
    from muggins.replay.rules import RuleError

    try:
        check_options(rules_specs, overrides)
    except RuleError as exc:
        die(reason(exc))


def unreadable(path: object, missing: bool, error: object) -> str:
    """``FILE: no such file``, ``FILE: cannot read: why``: a file of the inputs that could not
    be read, in the language in use."""
    if missing:
        return _("{path}: no such file").format(path=path)
    return _("{path}: cannot read: {why}").format(path=path, why=error)


def print_diagnostic(console: Console, diagnostic: Diagnostic | str) -> None:
    """A message or a diagnostic on stderr as every message starts, ``muggins: file:line:col: ...``
    (compiler style, then the line and a caret); the severity coloured only on a terminal."""
    from rich.markup import escape

    from muggins.i18n import localize

    if isinstance(diagnostic, str):
        console.print(f"muggins: {escape(localize(diagnostic))}")
        return
    colour = {"error": "bold red", "warning": "bold yellow", "info": "cyan"}[diagnostic.severity]
    text = diagnostic.render()
    prefix = f"{diagnostic.location}: {diagnostic.severity}"
    if text.startswith(prefix):
        console.print(f"muggins: {escape(diagnostic.location)}: [{colour}]{diagnostic.severity}[/]{escape(text[len(prefix):])}")
    else:
        console.print(f"muggins: {escape(text)}")


def to_output(output: str | None, inputs: Iterable[str | os.PathLike[str]], body: Callable[[IO[str]], int]) -> int:
    """Run ``body(stream)`` on stdout, or on the file ``output`` (``-o``): written atomically
    through muggins.files and never over one of ``inputs``, so that a run that stops half-way
    leaves no half a report. ``body`` returns the exit code; a file that cannot be written is
    a message and exit 2. An input ``-`` (as render and view name theirs) is standard input
    as it was read, so that the file it came from is not replaced either."""
    import io
    import os
    import sys

    from muggins.files import WriteError, write_atomically
    from muggins.inputs import stdin_read
    from muggins.replay.rules import files_read

    if output is None or output == "-":
        return body(sys.stdout)
    read = stdin_read()
    inputs = [read if read is not None and os.fspath(given) == "-" else given for given in inputs]
    codes: list[int] = []

    def write(handle: BinaryIO) -> None:
        # a file name's bytes that are not UTF-8 (\udce9 in a str) are written back as those
        # bytes, as on stdout; the data formats escape them before (json, jsonl, csv, parquet)
        stream = io.TextIOWrapper(handle, encoding="utf-8", errors="surrogateescape", newline="\n")
        try:
            codes.append(body(stream))
        finally:
            stream.flush()
            stream.detach()

    try:
        write_atomically(output, write, inputs=(*inputs, *files_read()), read_meanwhile=files_read)
    except WriteError as exc:
        die(reason(exc))
    return codes[0]


def write_output(text: str, output: str | None, inputs: Iterable[str | os.PathLike[str]] = ()) -> None:
    """``text`` (data: SVG, HTML, JSON) to the file ``output`` as :func:`to_output` writes it,
    or to stdout."""
    from muggins.cli.output import write_data

    def body(stream: IO[str]) -> int:
        write_data(text, stream)
        return EXIT_CLEAN

    to_output(output, inputs, body)
