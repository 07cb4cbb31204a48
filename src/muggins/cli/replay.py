"""``muggins replay``: the position after any turn of any hand, drawn as text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional

import enum

import typer

from muggins.cli.app import app
from muggins.cli.common import (
    EmptyDocument,
    empty_document,
    as_seat_option,
    die,
    no_color_option,
    print_diagnostic,
    record_option,
    rules_dir_option,
    stderr_console,
    stdout_console,
    turn_option,
)
from muggins.i18n import N_, _, localize

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.pictures.table_view import TableView
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game


#: The ``--format json`` document's schema.
SCHEMA = "muggins.replay/1"


class ReplayFormat(str, enum.Enum):
    """What replay can write: the position drawn as text, or as JSON data."""

    text = "text"
    json = "json"


def position_data(game: Game, state: HandState, turn: int | None, view: TableView) -> dict[str, Any]:
    """The position as plain data (the ``--format json`` output, and what the text shows);
    ``turn`` None: the hand's end, after its scoring. The hands are those of ``view`` (face down
    where it is one seat's view)."""
    from muggins.notation.formatter import format_turn
    from muggins.pictures.table_view import as_seen
    from muggins.pictures.text import board_lines, ends_line

    board = state.board
    hands = {}
    for seat in view.seats:
        hands[seat.seat] = {
            "tiles": [str(t) for t in seat.tiles],
            "count": len(seat.tiles) + seat.hidden,
            "fully_known": state.fully_known(seat.seat) and (view.seen_by is None or seat.seat == view.seen_by),
            "place": seat.place,
        }
    last = state.hand.turns[turn - 1] if turn else None
    claim = view.wrong_claim
    data: dict[str, Any] = {
        "hand": state.hand.number,
        "sheet_only": state.hand.is_sheet_only,
        "turn": "end" if turn is None else turn,
        "turns_in_hand": len(state.hand.turns),
        "last": format_turn(as_seen(last, view.seen_by)) if last is not None else None,
        "wrong_claim": None if claim is None else {"seat": claim.seat, "claimed": claim.claimed, "correct": claim.correct, "words": claim.words()},
        "board": board_lines(board),
        "ends": [
            {"end": e.name, "pip": e.pip, "counts": e.value if e.counts else 0, "playable": e.playable}
            for e in board.open_ends()
        ],
        "ends_line": ends_line(board),
        "count": board.total(),
        "hands": hands,
        "boneyard": state.boneyard_count,
        "to_move": state.seats[state.to_move] if state.to_move is not None and turn is not None else None,
        "over": state.over,
        "scores": dict(game.scores),
    }
    if view.seen_by is not None:
        data["as"] = view.seen_by
    if turn is None:
        result = game.hands[-1]
        award = result.award
        data["end_of_hand"] = {
            "outcome": result.outcome,
            "went_out": result.went_out,
            "pips": result.pips,
            "pips_source": result.pips_source,
            "scores": None if award is None else dict(award.points),
            "explanation": None if award is None else award.explanation,
            "totals": dict(result.totals),
        }
    return data


#: How the end-of-hand step says where the pips came from.
PIPS_FROM = {"hands": N_("counted from the hands"), "announced": N_("as announced")}


def _show_end(console: Console, end: dict[str, Any]) -> None:
    """The end-of-hand step's own lines: the pips left and the end-of-hand score."""
    from rich.markup import escape

    pips = end["pips"]
    if pips is None:
        console.print(_("pips left: not known (no hands, none announced)"))
    else:
        said = ", ".join(f"{escape(seat)} {value}" for seat, value in pips.items())
        console.print(_("pips left: {pips} ({source})").format(pips=said, source=_(PIPS_FROM.get(end["pips_source"], end["pips_source"]))))
    if end["scores"] is None:
        console.print(_("end-of-hand score: none") + ("" if end["outcome"] else _(" (the hand did not end)")))
    else:
        scores = ", ".join(f"{escape(side)} {value:+d}" if value else f"{escape(side)} 0" for side, value in end["scores"].items())
        console.print(_("end-of-hand score: {scores} ({why})").format(scores=scores, why=escape(localize(end["explanation"]))))


def _show(console: Console, data: dict[str, Any], players: dict[str, str]) -> None:
    """One position as text; a hand kept on the score sheet alone has no tiles to show, so it
    shows no board, no open ends and no boneyard: only the scores."""
    from rich.markup import escape

    from muggins.cli.output import counted

    end = data.get("end_of_hand")
    if end is not None:
        head = "[bold]" + _("hand {hand}, end of the hand").format(hand=data["hand"]) + "[/]: " + _ending(end)
    else:
        head = "[bold]" + _("hand {hand}, turn {turn} of {turns}").format(hand=data["hand"], turn=data["turn"], turns=data["turns_in_hand"]) + "[/]"
        if data["last"]:
            head += f": {escape(data['last'])}"
    if "as" in data:
        head += " [dim]" + _("(as {seat} sees it)").format(seat=escape(data["as"])) + "[/]"
    console.print(head)
    if data["wrong_claim"]:
        console.print("[bold red]" + _("wrong claim:") + f"[/] {escape(localize(data['wrong_claim']['words']))}")
    if data["sheet_only"]:
        console.print(_("a score-sheet-only hand: who scored what, no tiles"))
    else:
        console.print()
        for line in data["board"]:
            console.print("  " + escape(localize(line)), highlight=False)
        console.print()
        console.print(escape(localize(data["ends_line"])))
        for seat, hand in data["hands"].items():
            tiles = " ".join(hand["tiles"])
            hidden = hand["count"] - len(hand["tiles"])
            if hidden:
                tiles = (tiles + " " if tiles else "") + " ".join(["??"] * hidden)
            name = players.get(seat, "")
            console.print(f"  {escape(seat)} {escape(name):10} {counted(hand['count'], 'tile'):>8}: {escape(tiles) or '-'}")
        console.print(_("boneyard: {tiles}").format(tiles=counted(data["boneyard"], "tile")))
    if end is not None:
        _show_end(console, end)
    elif data["over"]:
        console.print(_("the hand is over: {how}").format(how=data["over"]))
    elif data["to_move"]:
        console.print(_("to move: {seat}").format(seat=escape(data["to_move"])))
    console.print(_("score: ") + ", ".join(f"{escape(side)} {v}" for side, v in data["scores"].items()))


def _ending(end: dict[str, Any]) -> str:
    from rich.markup import escape

    if end["outcome"] == "domino":
        return _("domino, {seat} went out").format(seat=escape(end["went_out"])) if end["went_out"] else _("domino")
    return _("blocked") if end["outcome"] == "blocked" else _("unfinished")


@empty_document("replay")
def _empty(file: str | None = None, record_index: int | None = None, **_others: object) -> dict[str, Any]:
    """The document of a run that showed no position (``file`` None: none was named)."""
    return {"schema": SCHEMA, "file": file, "record": record_index or 1, "positions": []}


@app.command("replay")
def replay_command(
    file: str = typer.Argument(..., help=N_("A record file (.mgn), or - for standard input.")),
    record_index: Optional[int] = record_option(one=True),
    hand: int = typer.Option(1, "--hand", help=N_("The hand number."), min=1),
    turn: Optional[str] = turn_option(),
    all_: bool = typer.Option(False, "--all", help=N_("Step through every turn of the hand, and end with its end-of-hand scoring.")),
    as_seat: Optional[str] = as_seat_option(),
    rules: Optional[str] = typer.Option(None, "--rules", help=N_("Rule set instead of the record's: a preset name or a YAML file. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes.")),
    set_: List[str] = typer.Option([], "--set", help=N_("Change one rule parameter: key=value (repeatable).")),
    rules_dir: List[str] = rules_dir_option(),
    format: ReplayFormat = typer.Option(ReplayFormat.text, "--format", help=N_("text (the position drawn), or json (schema muggins.replay/1).")),
    no_color: bool = no_color_option(),
) -> None:
    """Print the position after a turn: the board, the open ends and their count, the hands, the boneyard and the score.

    A claim the audit finds wrong at that turn is said under the turn. --turn end shows the end
    of the hand: the pips left, the end-of-hand score and the running totals. --as SEAT shows
    the position as that player saw it, in the text and in the JSON alike: the other hands face
    down, and the problems on stderr without the tiles that player had not seen.
    """
    from muggins.analysis.audit import audit
    from muggins.cli.render import chosen_hand, chosen_record, chosen_seat, chosen_turn, noted, positions
    from muggins.pictures.table_view import findings_by_turn, table_view
    from muggins.pictures.withheld import findings_as_seen
    from muggins.replay.replayer import Game

    empty = _empty(file, record_index)
    with EmptyDocument((lambda: empty) if format is ReplayFormat.json else None):  # what can be unusable
        if all_ and turn is not None:  # --all shows every position: a --turn would be dropped unsaid
            die(_("--all and --turn do not go together: --all shows every turn of the hand, and its end"))
        chosen, rule_set = chosen_record(file, record_index, rules, set_, tuple(rules_dir))
        target = chosen_hand(chosen, hand, _("record {index}").format(index=record_index or 1))
        at_turn = chosen_turn(target, turn)
        seat = chosen_seat(chosen, as_seat)
    last = len(target.turns)
    wanted: set[int | None] = {*range(last + 1), None} if all_ else {at_turn}
    found = findings_by_turn(findings_as_seen(audit(chosen, rule_set).findings, chosen, rule_set, seat))
    game = Game(chosen, rule_set)
    shown = []
    for at, state in positions(game, chosen, target, wanted):
        if at is None:
            view = table_view(game, state, last, "", ended=True, as_seat=seat)
        else:
            view = table_view(game, state, at, "", as_seat=seat, findings=found.get((hand, at), ()))
        shown.append(position_data(game, state, at, view))
    if format is ReplayFormat.json:
        import json

        from muggins.cli.output import write_data

        document = {**empty, "positions": shown}
        write_data(json.dumps(document, indent=2) + "\n")
    else:
        from muggins.cli.output import SEPARATOR

        out = stdout_console()
        for i, data in enumerate(shown):
            if i:
                out.print(SEPARATOR)
            _show(out, data, chosen.players)
    err = stderr_console()
    for diagnostic in findings_as_seen(game.diagnostics, chosen, rule_set, seat):
        print_diagnostic(err, diagnostic)
    raise typer.Exit(1 if noted(chosen) or any(d.severity == "error" for d in game.diagnostics) else 0)
