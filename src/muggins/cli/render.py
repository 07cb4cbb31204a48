"""``muggins render``: one position of a record drawn as an SVG picture of the table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import (
    EXIT_UNUSABLE,
    die,
    no_color_option,
    one_file,
    output_option,
    print_diagnostic,
    record_option,
    resolve_rules,
    rules_dir_option,
    stderr_console,
    write_output,
)

if TYPE_CHECKING:
    from muggins.notation.model import Hand, Record
    from muggins.replay.rules import RuleSet


def chosen_record(file: str, index: int | None, rules: str | None, overrides: list[str], rules_dirs: tuple[str, ...] = ()) -> tuple[Record, RuleSet]:
    """Record ``index`` (1-based; the first when None) of ``file`` (``-``: standard input) and
    the rules it is read under; unusable input exits 2. When the file holds more records and
    none was chosen, stderr says which was taken. What the parser noted in its text goes to
    stderr as it is read (:func:`noted` tells whether that calls for exit code 1)."""
    from muggins.notation.parser import NotationError, read_file
    from muggins.replay.rules import RuleError

    err = stderr_console()
    wanted = index or 1
    path = one_file(file)
    chosen = None
    try:
        for at, item in enumerate(read_file(path), 1):
            if chosen is not None:  # one more record after the one taken, none chosen
                event = chosen.tag("Event")
                print_diagnostic(
                    err,
                    f"{path} holds more than one record; this is record 1 (line {chosen.line}"
                    + (f", {event}" if event else "")
                    + "): choose another with --record N",
                )
                break
            if at != wanted:
                continue
            if isinstance(item, NotationError):
                for diagnostic in item.diagnostics:
                    print_diagnostic(err, diagnostic)
                raise typer.Exit(EXIT_UNUSABLE)
            chosen = item
            if index is not None:
                break
    except OSError as exc:
        die(f"{path}: " + ("no such file" if isinstance(exc, FileNotFoundError) else f"cannot read: {exc.strerror or exc}"))
    if chosen is None:
        die(f"{path} has no record {wanted}")
    for note in chosen.notes:
        print_diagnostic(err, note)
    try:
        return chosen, resolve_rules(chosen, rules, overrides, rules_dirs)
    except RuleError as exc:
        die(str(exc))


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


def source_name(file: str) -> str:
    """What a picture calls the file it was drawn from."""
    return "standard input" if file == "-" else Path(file).name


@app.command("render")
def render_command(
    file: str = typer.Argument(..., help="A record file (.mgn), or - for standard input."),
    record_index: Optional[int] = record_option(one=True),
    hand: int = typer.Option(1, "--hand", help="The hand number.", min=1),
    turn: Optional[int] = typer.Option(None, "--turn", help="The position after this turn (0: the deal; default: the hand's last turn).", min=0),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set instead of the record's: a preset name or a YAML file. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    rules_dir: List[str] = rules_dir_option(),
    output: Optional[str] = output_option("the SVG"),
    no_color: bool = no_color_option(),
) -> None:
    """Draw the position after a turn as an SVG picture: the table, the open ends and their count, the hands and the score.

    Exit code 0, or 1 when the record breaks the rules up to that position (the picture is still
    written; the problems go to stderr), 2 for unusable input.
    """
    from muggins.pictures.svg import position_svg
    from muggins.pictures.table_view import table_view
    from muggins.replay.replayer import Game

    record, rule_set = chosen_record(file, record_index, rules, set_, tuple(rules_dir))
    target = chosen_hand(record, hand, turn, f"record {record_index or 1} of {file}")
    wanted = len(target.turns) if turn is None else turn
    game = Game(record, rule_set)
    picture = ""
    for h in record.hands:
        for at, state in game.replay_hand(h):
            if h is target and at == wanted:
                picture = position_svg(table_view(game, state, at, record.tag("Event") or source_name(file)))
                break
        if h is target:
            break
    write_output(picture, output, inputs=(file,))
    err = stderr_console()
    for diagnostic in game.diagnostics:
        print_diagnostic(err, diagnostic)
    raise typer.Exit(1 if noted(record) or any(d.severity == "error" for d in game.diagnostics) else 0)
