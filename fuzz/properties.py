"""What must hold for any input, checked layer by layer: never a traceback, positions that point
into the file, a formatter that keeps the meaning, exit codes 0, 1 or 2.

Each ``check_*`` function runs one layer on one input and returns the :class:`Problem` values it
found (an empty list: the input was handled as promised). A problem carries the traceback, so a
failing fuzz run says where to look; the input itself is reproduced by the caller from its kind
and seed.
"""

from __future__ import annotations

import functools
import random
import re
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from muggins.diagnostics import Diagnostic
from muggins.notation.errors import NotationError
from muggins.notation.model import Record

from fuzz.inputs import PRESETS, SAMPLES

SAMPLE = SAMPLES / "allfives-2p.mgn"

#: Every command that reads a record file, with the arguments it is run with (FILE is the input).
CLI_RUNS: tuple[tuple[str, ...], ...] = (
    ("check", "FILE"),
    ("check", "--format", "json", "FILE"),
    ("fmt", "FILE"),
    ("fmt", "--check", "FILE"),
    ("audit", "FILE"),
    ("audit", "--format", "json", "FILE"),
    ("audit", "--format", "csv", "FILE"),
    ("audit", "--rules", "RULES", "FILE"),
    ("replay", "FILE"),
    ("replay", "--all", "--format", "json", "FILE"),
    ("analyze", "--budget", "0", "FILE"),
    ("analyze", "--budget", "0", "--format", "json", "FILE"),
    ("render", "FILE"),
    ("view", "FILE"),
    ("audit", "--which-rules", "--top", "2", "FILE"),
    ("replay", "--hand", "2", "--turn", "1", "FILE"),
    ("render", "--hand", "1", "--turn", "0", "FILE"),
    ("view", "--record", "2", "FILE"),
    ("analyze", "--budget", "0", "--annotate", "FILE"),
    ("check", "--set", "SETTING", "FILE"),
    ("audit", "--set", "SETTING", "FILE"),
    ("fmt", "--in-place", "FILE"),  # last: it rewrites the file the others read
)
#: Commands that read a rule file.
CLI_RULE_RUNS: tuple[tuple[str, ...], ...] = (("rules", "FILE"), ("audit", "--rules", "FILE", "SAMPLE"))

_POSITION = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?:error|warning|info)\[")


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken promise: which property, on what, and the details (a traceback, a diff)."""

    prop: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.prop}] {self.detail}"


def _crash(prop: str, what: str) -> Problem:
    return Problem(prop, f"{what}\n{traceback.format_exc()}")


def positions(diagnostics: Iterable[Diagnostic], prop: str) -> list[Problem]:
    """A diagnostic from a file names a line and a column, both from 1."""
    return [
        Problem(prop, f"no position: {d.render()!r}")
        for d in diagnostics
        if d.line < 1 or d.column < 1
    ]


# --------------------------------------------------------------------------------------------
# The library, layer by layer.


def check_parse(text: str, source: str = "<fuzz>") -> tuple[list[Record], list[Problem]]:
    """Parse ``text`` both ways (streamed and as one record); only NotationError may come out."""
    from muggins.notation.parser import iter_records, parse_record

    problems: list[Problem] = []
    records: list[Record] = []
    try:
        for item in iter_records(text, source):
            if isinstance(item, NotationError):
                if not item.diagnostics:
                    problems.append(Problem("parse", "a NotationError without diagnostics"))
                problems += positions(item.diagnostics, "parse-position")
                for d in item.diagnostics:
                    d.render()
            elif isinstance(item, Record):
                records.append(item)
            else:
                problems.append(Problem("parse", f"iter_records yielded {type(item).__name__}"))
    except Exception:
        problems.append(_crash("parse", "iter_records raised"))
    try:
        parse_record(text, source)
    except NotationError as exc:
        problems += positions(exc.diagnostics, "parse-position")
    except Exception:
        problems.append(_crash("parse", "parse_record raised"))
    return records, problems


def check_format(record: Record) -> list[Problem]:
    """A parsed record formats, and its text parses back to the same record."""
    from muggins.notation.compare import same_record
    from muggins.notation.formatter import format_record
    from muggins.notation.parser import parse_record

    try:
        text = format_record(record)
    except Exception:
        return [_crash("format", "format_record raised on a parsed record")]
    try:
        again = parse_record(text)
    except NotationError as exc:
        return [Problem("format-roundtrip", f"the formatted text does not parse:\n{text}\n{exc}")]
    except Exception:
        return [_crash("format-roundtrip", "parse_record raised on formatted text")]
    if not same_record(again, record):
        return [Problem("format-roundtrip", f"formatting changed the record:\n{text}")]
    return []


def _rule_sets(record: Record, rng: random.Random, presets: Sequence[str] | None = None) -> list[tuple[str, object]]:
    """The record's own rule set (when it resolves) and one preset drawn at random (or each of
    ``presets``)."""
    from muggins.replay import rules as rulesmod
    from muggins.replay.resolve import rules_for
    from muggins.replay.rules import RuleError

    chosen: list[tuple[str, object]] = []
    try:
        chosen.append(("own", rules_for(record)))
    except RuleError:
        pass
    for name in presets if presets is not None else [rng.choice(PRESETS)]:
        chosen.append((name, rulesmod.load(name)))
    return chosen


def check_record(record: Record, rng: random.Random, budget: float = 0.0, presets: Sequence[str] | None = None) -> list[Problem]:
    """The check command's checkers, the replayer, the audit, the analysis (solver budget 0)
    and a picture of one position, under the record's rules and a random preset (or each of
    ``presets``): none raises, and every diagnostic has a position."""
    from muggins.analysis.analyze import analyze_record
    from muggins.analysis.audit import audit
    from muggins.notation.checks import check_record as notation_checks
    from muggins.replay.replayer import replay
    from muggins.replay.rules import RuleError
    from muggins.replay.structure import check_structure

    problems: list[Problem] = []
    try:
        problems += positions(notation_checks(record), "check-position")
        problems += positions(check_structure(record), "check-position")
    except Exception:
        problems.append(_crash("check", "the check command's checkers raised"))
    try:
        rule_sets = _rule_sets(record, rng, presets)
    except RuleError:
        return problems
    except Exception:
        return problems + [_crash("rules", "resolving the record's rules raised")]
    for name, rules in rule_sets:
        steps: tuple[tuple[str, Callable[[], object]], ...] = (
            ("replay", lambda: positions(replay(record, rules).diagnostics, "replay-position")),
            ("audit", lambda: positions(audit(record, rules).findings, "audit-position")),
            ("analyze", lambda: analyze_record(record, rules, budget) and []),
            ("render", lambda: _render_some(record, rules, rng)),
        )
        for prop, step in steps:
            try:
                problems += step()  # type: ignore[operator]
            except Exception:
                problems.append(_crash(prop, f"{prop} raised under rules {name}"))
    return problems


def _render_some(record: Record, rules, rng: random.Random) -> list[Problem]:
    """The SVG of one position (a random hand and turn), as ``muggins render`` draws it: it must
    be well-formed XML whatever the record's text (a browser shows a parser error otherwise)."""
    import xml.etree.ElementTree as ET

    from muggins.pictures.svg import position_svg
    from muggins.pictures.table_view import table_view
    from muggins.replay.replayer import Game

    if not record.hands:
        return []
    target = rng.choice(record.hands)
    wanted = rng.randint(0, len(target.turns))
    game = Game(record, rules)
    for hand in record.hands:
        for at, state in game.replay_hand(hand):
            if hand is target and at == wanted:
                svg = position_svg(table_view(game, state, at, record.tag("Event") or "fuzz"))
                try:
                    ET.fromstring(svg)
                except ET.ParseError as exc:
                    return [Problem("svg-xml", f"the picture is not well-formed XML: {exc}")]
                return []
        if hand is target:
            break
    return []


def check_library(text: str, rng: random.Random, source: str = "<fuzz>") -> list[Problem]:
    """Every library layer on ``text``."""
    records, problems = check_parse(text, source)
    for record in records:
        problems += check_format(record)
        problems += check_record(record, rng)
    return problems


def check_file(path: Path, rng: random.Random) -> list[Problem]:
    """The file readers (``read_file``, ``read_headers``) on a file of any bytes."""
    from muggins.notation.parser import read_file, read_headers

    problems: list[Problem] = []
    for name, reader in (("read_file", read_file), ("read_headers", read_headers)):
        try:
            for item in reader(path):
                if isinstance(item, NotationError):
                    problems += positions(item.diagnostics, "read-position")
                elif name == "read_file":
                    problems += check_record(item, rng)
        except Exception:
            problems.append(_crash("read", f"{name} raised"))
    return problems


def check_limits(path: Path, limits: dict[str, str]) -> list[Problem]:
    """Under the reading limits ``limits`` (environment variables, set by the caller), a file
    loses only what goes over them: each record read is the record read at the same place
    without them; a record refused or a reading stopped says which limit and how to raise it."""
    import os

    from muggins.notation.compare import same_record
    from muggins.notation.parser import read_file

    problems: list[Problem] = []
    try:
        held = list(read_file(path))
        saved = {name: os.environ.pop(name) for name in limits if name in os.environ}
        try:
            free = list(read_file(path))
        finally:
            os.environ.update(saved)
    except Exception:
        return [_crash("limits", "read_file raised")]
    for at, item in enumerate(held):
        if isinstance(item, NotationError):
            for d in item.diagnostics:
                if d.code in ("line-too-long", "record-too-big") and "raise it with MUGGINS_" not in d.message:
                    problems.append(Problem("limits", f"the message names no way to raise the limit: {d.render()!r}"))
        elif not (at < len(free) and isinstance(free[at], Record) and same_record(item, free[at])):
            problems.append(Problem("limits", f"item {at + 1} read under the limits is not the record read without them"))
    if len(held) > len(free) + 1:
        problems.append(Problem("limits", f"{len(held)} items under the limits, {len(free)} without them"))
    return problems


def check_rule_file(path: Path) -> list[Problem]:
    """A rule file loads or raises RuleError; a rule set that loads replays, audits and
    simulates without raising."""
    from muggins.analysis.audit import audit
    from muggins.notation.parser import read_file
    from muggins.replay import rules as rulesmod
    from muggins.replay.simulate import Options, simulate

    try:
        rules = rulesmod.load(str(path))
    except rulesmod.RuleError:
        return []
    except Exception:
        return [_crash("rules-load", "loading a rule file raised")]
    problems: list[Problem] = []
    sample = next(iter(read_file(SAMPLE)))
    try:
        positions(audit(sample, rules).findings, "audit-position")
    except Exception:
        problems.append(_crash("rules-audit", "auditing a sample under a loaded rule set raised"))
    try:
        for players in rules.players[:2]:
            for record in simulate(rules, 1, 1, Options(players=players, max_hands=2)):
                problems += check_format(record)
    except Exception:
        problems.append(_crash("rules-simulate", "simulating under a loaded rule set raised"))
    return problems


# --------------------------------------------------------------------------------------------
# The command line.


@functools.lru_cache(maxsize=1)
def _command():
    """The click command of muggins' typer app, built once. typer's ``CliRunner.invoke`` builds
    it afresh from the app on every call (reading every command function's signature), a tenth
    of the long run's time; a real ``muggins`` process builds it once too."""
    import typer.main

    from muggins.cli import app

    return typer.main.get_command(app)


def _runner():
    import typer.testing

    class Runner(typer.testing.CliRunner):
        """typer's runner, on the command built once (:func:`_command`)."""

        def invoke(self, app, *args, **kwargs):  # type: ignore[no-untyped-def]
            build = typer.testing._get_command
            typer.testing._get_command = lambda _app: _command()
            try:
                return super().invoke(app, *args, **kwargs)
            finally:
                typer.testing._get_command = build

    return Runner()


def check_cli_output(args: list[str], code: int | None, output: str, exception: BaseException | None) -> list[Problem]:
    """An exit code of 0, 1 or 2, no traceback, and every compiler-style line with a position."""
    where = " ".join(args)
    problems = []
    if exception is not None and not isinstance(exception, SystemExit):
        detail = "".join(traceback.format_exception(exception))
        problems.append(Problem("cli-crash", f"muggins {where}:\n{detail}"))
    elif code not in (0, 1, 2):
        problems.append(Problem("cli-exit", f"muggins {where} exited {code}:\n{output[-2000:]}"))
    if "Traceback" in output:
        problems.append(Problem("cli-traceback", f"muggins {where}:\n{output[-3000:]}"))
    for line in output.splitlines():
        match = _POSITION.match(line)
        if match and (int(match["line"]) < 1 or int(match["column"]) < 1):
            problems.append(Problem("cli-position", f"muggins {where}: {line}"))
    return problems


def run_cli(args: list[str]) -> list[Problem]:
    """One command in-process (typer's runner), judged by :func:`check_cli_output`."""
    from muggins.cli import app

    result = _runner().invoke(app, args, catch_exceptions=True)
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    return check_cli_output(args, result.exit_code, output, result.exception)


def check_cli(path: Path, rng: random.Random, every: bool = False) -> list[Problem]:
    """Some (``every``: all) of the commands of :data:`CLI_RUNS` on the record file ``path``."""
    from fuzz.inputs import hostile_yaml

    runs = CLI_RUNS if every else rng.sample(CLI_RUNS, 3)
    problems: list[Problem] = []
    places = {"RULES": lambda: rng.choice(PRESETS), "FILE": lambda: str(path),
              "SETTING": lambda: rng.choice(("target", "hand_size", "players")) + "=" + hostile_yaml(rng)}
    for run in runs:
        problems += run_cli([places[a]() if a in places else a for a in run])
    return problems


def check_cli_rules(path: Path, sample: Path) -> list[Problem]:
    """The commands that read a rule file, on the rule file ``path``."""
    problems: list[Problem] = []
    for run in CLI_RULE_RUNS:
        args = [str(path) if a == "FILE" else str(sample) if a == "SAMPLE" else a for a in run]
        problems += run_cli(args)
    return problems
