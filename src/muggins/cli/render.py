"""``muggins render``: one position of a record drawn as an SVG picture of the table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Container, Iterator, List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import (
    EXIT_UNUSABLE,
    as_seat_option,
    die,
    no_color_option,
    one_file,
    output_option,
    print_diagnostic,
    record_option,
    resolve_rules,
    rules_dir_option,
    stderr_console,
    turn_option,
    unreadable,
    write_output,
)
from muggins.i18n import N_, _, reason

if TYPE_CHECKING:
    from muggins.notation.model import Hand, Record
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game
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
                said = _("{path} holds more than one record; this is record 1 (line {line}): choose another with --record N")
                if event:
                    said = _("{path} holds more than one record; this is record 1 (line {line}, {event}): choose another with --record N")
                print_diagnostic(err, said.format(path=path, line=chosen.line, event=event))
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
        die(unreadable(path, isinstance(exc, FileNotFoundError), exc.strerror or exc))
    if chosen is None:
        die(_("{path} has no record {index}").format(path=path, index=wanted))
    for note in chosen.notes:
        print_diagnostic(err, note)
    try:
        return chosen, resolve_rules(chosen, rules, overrides, rules_dirs)
    except RuleError as exc:
        die(reason(exc))


def noted(record: Record) -> bool:
    """Whether the parser noted a problem in ``record``'s text: exit code 1, as for ``check``."""
    return any(note.severity != "info" for note in record.notes)


def chosen_hand(record: Record, number: int, where: str) -> Hand:
    """Hand ``number`` of ``record``, else exit 2. ``where`` names the record in the message (as
    the command calls it)."""
    target = next((h for h in record.hands if h.number == number), None)
    if target is None:
        die(_("{where} has no hand {number} (it has {hands})").format(where=where, number=number, hands=len(record.hands)))
    return target


def chosen_turn(target: Hand, turn: str | None) -> int | None:
    """The position ``--turn`` names in ``target``: a turn from 0 to its last (the default), or
    None for ``end`` (after the end-of-hand scoring); anything else exits 2."""
    last = len(target.turns)
    if turn is None:
        return last
    if turn.strip().lower() == "end":
        return None
    try:
        value = int(turn)
    except ValueError:
        value = -1
    if not 0 <= value <= last:
        die(_("hand {hand} has {last} turns; --turn goes from 0 to {last}, or is end (not {value!r})").format(hand=target.number, last=last, value=turn))
    return value


def chosen_seat(record: Record, seat: str | None) -> str | None:
    """The seat ``--as`` names (None: no one's view), else exit 2."""
    if seat is None or seat in record.seats:
        return seat
    die(_("--as {seat!r}: the record's seats are {seats}").format(seat=seat, seats=", ".join(record.seats) or _("none")))


def positions(game: Game, record: Record, target: Hand, wanted: Container[int | None]) -> Iterator[tuple[int | None, HandState]]:
    """Replay ``record`` up to ``target`` and yield (turn, position) for each turn of it in
    ``wanted``; then (None, the last position) once the hand is scored, when None is wanted. The
    hand is scored only if the caller goes on past its last turn."""
    for hand in record.hands:
        state = None
        for at, state in game.replay_hand(hand):
            if hand is target and at in wanted:
                yield at, state
        if hand is target:
            if None in wanted and state is not None:
                yield None, state
            return


def source_name(file: str) -> str:
    """What a picture calls the file it was drawn from."""
    return "standard input" if file == "-" else Path(file).name


@app.command("render")
def render_command(
    file: str = typer.Argument(..., help=N_("A record file (.mgn), or - for standard input.")),
    record_index: Optional[int] = record_option(one=True),
    hand: int = typer.Option(1, "--hand", help=N_("The hand number."), min=1),
    turn: Optional[str] = turn_option(),
    as_seat: Optional[str] = as_seat_option(),
    rules: Optional[str] = typer.Option(None, "--rules", help=N_("Rule set instead of the record's: a preset name or a YAML file. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes.")),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one rule parameter: key=value (repeatable).")),
    rules_dir: List[str] = rules_dir_option(),
    output: Optional[str] = output_option(N_("the SVG")),
    no_color: bool = no_color_option(),
) -> None:
    """Draw the position after a turn as an SVG picture: the table, the open ends and their count, the hands and the score.

    A claim the audit finds wrong at that turn is written on the picture. Exit code 0, or 1 when
    the record breaks the rules up to that position (the picture is still written; the problems
    go to stderr, under --as without the tiles that seat had not seen), 2 for unusable input.
    """
    from muggins.analysis.audit import audit
    from muggins.pictures.svg import position_svg
    from muggins.pictures.table_view import findings_by_turn, table_view
    from muggins.pictures.withheld import findings_as_seen
    from muggins.replay.replayer import Game

    record, rule_set = chosen_record(file, record_index, rules, set_, tuple(rules_dir))
    target = chosen_hand(record, hand, _("record {index} of {file}").format(index=record_index or 1, file=file))
    wanted = chosen_turn(target, turn)
    seat = chosen_seat(record, as_seat)
    found = findings_by_turn(findings_as_seen(audit(record, rule_set).findings, record, rule_set, seat))
    game = Game(record, rule_set)
    title = record.tag("Event") or source_name(file)
    picture = ""
    for at, state in positions(game, record, target, {wanted}):
        if at is None:
            view = table_view(game, state, len(target.turns), title, ended=True, as_seat=seat)
        else:
            view = table_view(game, state, at, title, as_seat=seat, findings=found.get((hand, at), ()))
        picture = position_svg(view)
        break
    write_output(picture, output, inputs=(file,))
    err = stderr_console()
    for diagnostic in findings_as_seen(game.diagnostics, record, rule_set, seat):
        print_diagnostic(err, diagnostic)
    raise typer.Exit(1 if noted(record) or any(d.severity == "error" for d in game.diagnostics) else 0)
