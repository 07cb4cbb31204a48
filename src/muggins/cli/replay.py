"""``muggins replay``: the position after any turn of any hand, drawn as text."""

from __future__ import annotations

from typing import List, Optional

import typer

from muggins.cli.app import app
from muggins.cli.common import Format, print_diagnostic, stderr_console, stdout_console


def _describe(stmt) -> str:
    from muggins.notation.formatter import format_turn

    return format_turn(stmt)


def position_data(game, state, turn: int) -> dict:
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


def _show(console, data: dict, players: dict[str, str]) -> None:
    from rich.markup import escape

    head = f"[bold]hand {data['hand']}, turn {data['turn']} of {data['turns_in_hand']}[/]"
    if data["last"]:
        head += f": {escape(data['last'])}"
    console.print(head)
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
        console.print(f"  {escape(seat)} {escape(name):10} {hand['count']:2} tiles: {escape(tiles) or '-'}")
    console.print(f"boneyard: {data['boneyard']} tiles")
    if data["over"]:
        console.print(f"the hand is over: {data['over']}")
    elif data["to_move"]:
        console.print(f"to move: {escape(data['to_move'])}")
    console.print("score: " + ", ".join(f"{escape(side)} {v}" for side, v in data["scores"].items()))


@app.command("replay")
def replay_command(
    file: str = typer.Argument(..., help="A record file (.mgn)."),
    record_index: int = typer.Option(1, "--record", help="Which record of the file (1 is the first).", min=1),
    hand: int = typer.Option(1, "--hand", help="The hand number.", min=1),
    turn: Optional[int] = typer.Option(None, "--turn", help="Show the position after this turn (0: the deal; default: the hand's last turn).", min=0),
    all_: bool = typer.Option(False, "--all", help="Step through every turn of the hand."),
    rules: Optional[str] = typer.Option(None, "--rules", help="Rule set instead of the record's: a preset name or a YAML file."),
    set_: List[str] = typer.Option([], "--set", help="Change one rule parameter: key=value (repeatable)."),
    format: Format = typer.Option(Format.text, "--format", help="text, or json."),
) -> None:
    """Print the position after a turn: the board, the open ends and their count, the hands, the boneyard and the score."""
    from muggins.cli.render import chosen_hand, chosen_record, noted
    from muggins.replay.replayer import Game

    chosen, rule_set = chosen_record(file, record_index, rules, set_)
    target = chosen_hand(chosen, hand, turn, f"record {record_index}")
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
    if format is Format.json:
        import json

        print(json.dumps({"schema": "muggins.replay/1", "file": file, "record": record_index, "positions": positions}, indent=2))
    else:
        out = stdout_console()
        for i, data in enumerate(positions):
            if i:
                out.rule()
            _show(out, data, chosen.players)
    err = stderr_console()
    for diagnostic in game.diagnostics:
        print_diagnostic(err, diagnostic)
    raise typer.Exit(1 if noted(chosen) or any(d.severity == "error" for d in game.diagnostics) else 0)
