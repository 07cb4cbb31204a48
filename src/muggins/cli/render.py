"""``muggins render``: one position of a record drawn as an SVG picture of the table."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import Outcome, die, print_diagnostic, records, resolve_rules, stderr_console

if TYPE_CHECKING:
    from muggins.notation.model import Hand, Record
    from muggins.replay.rules import RuleSet


def chosen_record(file: str, index: int, rules: str | None, overrides: list[str]) -> tuple[Record, RuleSet]:
    """Record ``index`` (1-based) of ``file`` and the rules it is read under; unusable input exits 2.
    What the parser noted in its text goes to stderr as it is read (:func:`noted` tells whether
    that calls for exit code 1)."""
    from muggins.replay.rules import RuleError

    err = stderr_console()
    outcome = Outcome()
    for _, at, record in records([file], outcome, lambda d: print_diagnostic(err, d)):
        if at == index:
            for note in record.notes:
                print_diagnostic(err, note)
            try:
                return record, resolve_rules(record, rules, overrides)
            except RuleError as exc:
                die(str(exc))
    if outcome.code:
        raise typer.Exit(outcome.code)
    die(f"{file} has no record {index}")


def noted(record: Record) -> bool:
    """Whether the parser noted a problem in ``record``'s text: exit code 1, as for ``check``."""
    return any(note.severity != "info" for note in record.notes)


def chosen_hand(record: Record, number: int, turn: int | None, where: str) -> Hand:
    """Hand ``number`` of ``record``, where ``turn`` (when given) is one of its positions; else exit 2.

    ``where`` names the record in the message (as the command calls it)."""
    target = next((h for h in record.hands if h.number == number), None)
    if target is None:
        die(f"{where} has no hand {number} (it has {len(record.hands)})")
    last = len(target.turns)
    if turn is not None and turn > last:
        die(f"hand {number} has {last} turns; --turn goes from 0 to {last}")
    return target


def write_output(text: str, output: str | None, inputs: tuple[str, ...] = ()) -> None:
    """``text`` to the file ``output`` (atomically, never over one of ``inputs``), or to stdout;
    a file that cannot be written exits 2."""
    from muggins.files import WriteError, write_atomically

    if output is None or output == "-":
        sys.stdout.write(text)
        return
    try:
        write_atomically(output, lambda handle: handle.write(text.encode("utf-8")), inputs=inputs)
    except WriteError as exc:
        die(str(exc))


@app.command("render")
def render_command(
    file: str = typer.Argument(..., help="A record file (.mgn)."),
    record_index: int = typer.Option(1, "--record", help="Which record of the file (1 is the first).", min=1),
    hand: int = typer.Option(1, "--hand", help="The hand number.", min=1),
    turn: Optional[int] = typer.Option(None, "--turn", help="The position after this turn (0: the deal; default: the hand's last turn).", min=0),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set instead of the record's: a preset name or a YAML file."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write the SVG to this file instead of stdout."),
) -> None:
    """Draw the position after a turn as an SVG picture: the table, the open ends and their count, the hands and the score.

    Exit code 0, or 1 when the record breaks the rules up to that position (the picture is still
    written; the problems go to stderr), 2 for unusable input.
    """
    from muggins.pictures.svg import position_svg
    from muggins.pictures.table_view import table_view
    from muggins.replay.replayer import Game

    record, rule_set = chosen_record(file, record_index, rules, set_)
    target = chosen_hand(record, hand, turn, f"record {record_index} of {file}")
    wanted = len(target.turns) if turn is None else turn
    game = Game(record, rule_set)
    picture = ""
    for h in record.hands:
        for at, state in game.replay_hand(h):
            if h is target and at == wanted:
                picture = position_svg(table_view(game, state, at, record.tag("Event") or Path(file).name))
                break
        if h is target:
            break
    write_output(picture, output, inputs=(file,))
    err = stderr_console()
    for diagnostic in game.diagnostics:
        print_diagnostic(err, diagnostic)
    raise typer.Exit(1 if noted(record) or any(d.severity == "error" for d in game.diagnostics) else 0)
