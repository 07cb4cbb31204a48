"""What one picture of the table shows, taken from a replayed position.

A :class:`TableView` is a value: the board copied, the hands as the record knows them, the
score, and the words that say where in the game it is. ``muggins.pictures.svg`` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from muggins.notation.formatter import format_turn
from muggins.notation.model import Play, Tile
from muggins.replay.board import Board

if TYPE_CHECKING:
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the picture shows it: known tiles face up, the rest face down."""

    seat: str
    name: str
    tiles: tuple[Tile, ...]  # the tiles known to be in the hand, highest first
    hidden: int  # tiles held that the record does not name
    to_move: bool


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything one picture shows. ``board`` is a copy: it must not change after the view is made."""

    board: Board
    seats: tuple[SeatView, ...]
    scores: tuple[tuple[str, str, int], ...]  # (side, who plays it, score)
    title: str  # the event, or the file's name
    where: str  # "hand 2, turn 7 of 22"
    last_move: str  # the turn as written ("the deal" before the first; "" after the hand's end)
    last_laid: bool  # whether that turn laid a tile (it is outlined)
    boneyard: int
    over: str  # "" while the hand goes on, else how it ended
    sheet_only: bool = False  # the hand was kept as score-sheet entries: no tiles are known


def table_view(game: Game, state: HandState, turn: int, title: str, *, ended: bool = False) -> TableView:
    """The view of ``state`` (a ``HandState`` of ``game``) after ``turn`` turns of its hand;
    ``ended``: after the hand's end-of-hand scoring (the last turn's board, the new score)."""
    seats = []
    for index, seat in enumerate(game.seats):
        known = tuple(sorted(state.known[seat], reverse=True))
        seats.append(
            SeatView(
                seat,
                game.record.players.get(seat, ""),
                known,
                max(0, state.count[seat] - len(known)),
                state.over is None and state.to_move == index,
            )
        )
    players = game.record.players
    team_of = {side: [s for s in game.seats if game.sides[s] == side] for side in game.side_list}
    scores = tuple(
        (side, " & ".join(players.get(s, s) for s in team_of[side]), game.scores[side]) for side in game.side_list
    )
    hand = state.hand
    statement = hand.turns[turn - 1] if turn and not ended else None
    if statement is not None:
        move = format_turn(replace(statement, comments=()))
    else:
        move = "" if ended else "the deal"
    over = ""
    if state.over == "domino":
        over = f"domino: {state.went_out} went out"
    elif state.over == "blocked":
        over = "blocked: nobody can play"
    return TableView(
        board=state.board.copy(),
        seats=tuple(seats),
        scores=scores,
        title=title,
        where=f"hand {hand.number}, end of the hand" if ended else f"hand {hand.number}, turn {turn} of {len(hand.turns)}",
        last_move=move,
        last_laid=type(statement) is Play and bool(state.board.played) and state.board.played[-1][0] is statement.tile,
        boneyard=state.boneyard_count,
        over=over,
        sheet_only=hand.is_sheet_only,
    )
