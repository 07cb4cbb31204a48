"""``muggins replay``: the position after any turn of any hand, drawn as text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional

import enum

import typer

from muggins.cli.app import app
from muggins.cli.common import no_color_option, print_diagnostic, record_option, rules_dir_option, stderr_console, stdout_console

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.notation.model import Turn
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game


class ReplayFormat(str, enum.Enum):
    """What replay can write: the position drawn as text, or as JSON data."""

    text = "text"
    json = "json"


def _describe(stmt: Turn) -> str:
    from muggins.notation.formatter import format_turn

    return format_turn(stmt)


def position_data(game: Game, state: HandState, turn: int) -> dict[str, Any]:
    """The position as plain data (the ``--format json`` output, and what the text shows)."""
    from muggins.pictures.text import board_lines, ends_line

    board = state.board
    hands = {}
    for seat in game.seats:
        known = sorted(state.known[seat], reverse=True)
        hands[seat] = {
            "tiles": [str(t) for t in known],
            "count": state.count[seat],
            "fully_known": state.fully_known(seat),
        }
    last = state.hand.turns[turn - 1] if turn else None
    return {
        "hand": state.hand.number,
        "sheet_only": state.hand.is_sheet_only,
        "turn": turn,
        "turns_in_hand": len(state.hand.turns),
        "last": _describe(last) if last is not None else None,
        "board": board_lines(board),
        "ends": [
            {"end": e.name, "pip": e.pip, "counts": e.value if e.counts else 0, "playable": e.playable}
            for e in board.open_ends()
        ],
        "ends_line": ends_line(board),
        "count": board.total(),
        "hands": hands,
        "boneyard": state.boneyard_count,
        "to_move": state.seats[state.to_move] if state.to_move is not None else None,
        "over": state.over,
        "scores": dict(game.scores),
    }


def _show(console: Console, data: dict[str, Any], players: dict[str, str]) -> None:
    """One position as text; a hand kept on the score sheet alone has no tiles to show, so it
    shows no board, no open ends and no boneyard: only the scores."""
    from rich.markup import escape

    from muggins.cli.output import counted

    head = f"[bold]hand {data['hand']}, turn {data['turn']} of {data['turns_in_hand']}[/]"
    if data["last"]:
        head += f": {escape(data['last'])}"
    console.print(head)
    if data["sheet_only"]:
        console.print("a score-sheet-only hand: who scored what, no tiles")
    else:
        console.print()
        for line in data["board"]:
            console.print("  " + escape(line), highlight=False)
        console.print()
        console.print(escape(data["ends_line"]))
        for seat, hand in data["hands"].items():
            tiles = " ".join(hand["tiles"])
            hidden = hand["count"] - len(hand["tiles"])
            if hidden:
                tiles = (tiles + " " if tiles else "") + " ".join(["??"] * hidden)
            name = players.get(seat, "")
            console.print(f"  {escape(seat)} {escape(name):10} {counted(hand['count'], 'tile'):>8}: {escape(tiles) or '-'}")
        console.print(f"boneyard: {counted(data['boneyard'], 'tile')}")
    if data["over"]:
        console.print(f"the hand is over: {data['over']}")
    elif data["to_move"]:
        console.print(f"to move: {escape(data['to_move'])}")
    console.print("score: " + ", ".join(f"{escape(side)} {v}" for side, v in data["scores"].items()))


@app.command("replay")
def replay_command(
    file: str = typer.Argument(..., help="A record file (.mgn), or - for standard input."),
    record_index: Optional[int] = record_option(one=True),
    hand: int = typer.Option(1, "--hand", help="The hand number.", min=1),
    turn: Optional[int] = typer.Option(None, "--turn", help="Show the position after this turn (0: the deal; default: the hand's last turn).", min=0),
    all_: bool = typer.Option(False, "--all", help="Step through every turn of the hand."),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set instead of the record's: a preset name or a YAML file. It replaces the record's [Rules], [Target] and [Set] tags; add --set for single changes."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    rules_dir: List[str] = rules_dir_option(),
    format: ReplayFormat = typer.Option(ReplayFormat.text, "--format", help="text (the position drawn), or json (schema muggins.replay/1)."),
    no_color: bool = no_color_option(),
) -> None:
    """Print the position after a turn: the board, the open ends and their count, the hands, the boneyard and the score."""
    from muggins.cli.render import chosen_hand, chosen_record, noted
    from muggins.replay.replayer import Game

    chosen, rule_set = chosen_record(file, record_index, rules, set_, tuple(rules_dir))
    target = chosen_hand(chosen, hand, turn, f"record {record_index or 1}")
    last = len(target.turns)
    wanted = set(range(last + 1)) if all_ else {last if turn is None else turn}
    game = Game(chosen, rule_set)
    positions = []
    for h in chosen.hands:
        for at, state in game.replay_hand(h):
            if h.number == hand and at in wanted:
                positions.append(position_data(game, state, at))
        if h.number == hand:
            break
    if format is ReplayFormat.json:
        import json

        from muggins.cli.output import write_data

        document = {"schema": "muggins.replay/1", "file": file, "record": record_index or 1, "positions": positions}
        write_data(json.dumps(document, indent=2) + "\n")
    else:
        from muggins.cli.output import SEPARATOR

        out = stdout_console()
        for i, data in enumerate(positions):
            if i:
                out.print(SEPARATOR)
            _show(out, data, chosen.players)
    err = stderr_console()
    for diagnostic in game.diagnostics:
        print_diagnostic(err, diagnostic)
    raise typer.Exit(1 if noted(chosen) or any(d.severity == "error" for d in game.diagnostics) else 0)
