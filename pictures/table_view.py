"""What one picture of the table shows, taken from a replayed position.

A :class:`TableView` is a value: the board copied, the hands as the record knows them (or as one
player sees them), where each player sits, the score, a claim the audit found wrong, and the
words that say where in the game it is. ``muggins.pictures.svg`` draws it; ``muggins replay``
prints the same hands.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, NamedTuple, Sequence

from muggins.i18n import msg
from muggins.notation.formatter import format_turn
from muggins.notation.model import Draw, MugginsCall, Play, Tile
from muggins.replay.board import Layout

if TYPE_CHECKING:
    from muggins.diagnostics import Diagnostic
    from muggins.notation.model import Turn
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game

#: The places at the table, clockwise as seen from above: the first seat of the record sits at
#: the top (north), the seat that plays after it to its left as the direction of play says.
PLACES = ("top", "right", "bottom", "left")
#: Seats named by the compass sit where their names say, whatever order they play in.
COMPASS = {"N": 0, "E": 1, "S": 2, "W": 3}


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the picture shows it: known tiles face up, the rest face down, and its place."""

    seat: str
    name: str
    tiles: tuple[Tile, ...]  # the tiles shown face up, highest first
    hidden: int  # tiles held that are shown face down (the record does not name them, or --as)
    to_move: bool
    place: str = "top"  # one of PLACES


class WrongClaim(NamedTuple):
    """A claim the audit found wrong at this turn: who made it, what they said, what the rules give."""

    seat: str
    claimed: int
    correct: int
    call: bool  # a Muggins call (what it took) rather than a play's claim

    def words(self) -> str:
        """``B claimed 20, makes 15``, as the picture says it."""
        if self.call:
            return msg("{seat} called Muggins for {claimed}, gets {correct}", seat=self.seat, claimed=self.claimed, correct=self.correct)
        if self.claimed:
            return msg("{seat} claimed {claimed}, makes {correct}", seat=self.seat, claimed=self.claimed, correct=self.correct)
        return msg("{seat} claimed nothing, makes {correct}", seat=self.seat, correct=self.correct)


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything one picture shows. ``board`` is a copy: it must not change after the view is made."""

    board: Layout
    seats: tuple[SeatView, ...]
    scores: tuple[tuple[str, str, int], ...]  # (side, who plays it, score)
    title: str  # the event, or the file's name
    where: str  # "hand 2, turn 7 of 22"
    last_move: str  # the turn as written ("the deal" before the first; "" after the hand's end)
    last_laid: bool  # whether that turn laid a tile (it is outlined)
    boneyard: int
    over: str  # "" while the hand goes on, else how it ended
    sheet_only: bool = False  # the hand was kept as score-sheet entries: no tiles are known
    wrong_claim: WrongClaim | None = None  # the last turn's claim, where the audit found it wrong
    seen_by: str | None = None  # the seat whose view this is (the others' hands face down)


def seat_places(seats: Sequence[str], direction: str, as_seat: str | None = None) -> dict[str, str]:
    """Where each seat sits: one of :data:`PLACES` (two to four seats) or ``top``/``bottom``
    (more, half above the board and half below).

    Seats named N, E, S and W sit by the compass; others go round the table from the top in the
    order of play, clockwise or counter-clockwise as ``direction`` says, so partners (who
    alternate in the order of play) face each other; two players face each other, and three
    leave the place opposite the first empty. ``as_seat`` turns the table so that seat sits at
    the bottom, nearest the one looking.
    """
    seats = list(seats)
    count = len(seats)
    if count > 4:
        return {seat: "top" if i < (count + 1) // 2 else "bottom" for i, seat in enumerate(seats)}
    if count == 4 and set(seats) == set(COMPASS):
        slots = [COMPASS[seat] for seat in seats]
    else:
        sign = 1 if direction == "clockwise" else -1
        slots = [sign * step % 4 for step in ((0,), (0, 2), (0, 1, 3), (0, 1, 2, 3))[count - 1]] if count else []
    if as_seat is not None and as_seat in seats:
        turn = 2 - slots[seats.index(as_seat)]
        slots = [(slot + turn) % 4 for slot in slots]
    return {seat: PLACES[slot] for seat, slot in zip(seats, slots)}


def findings_by_turn(findings: Iterable[Diagnostic]) -> dict[tuple[int, int], list[Diagnostic]]:
    """The findings placed on a turn, by (hand, turn): what :func:`table_view` takes for each."""
    out: dict[tuple[int, int], list[Diagnostic]] = {}
    for finding in findings:
        if finding.hand is not None and finding.turn is not None:
            out.setdefault((finding.hand, finding.turn), []).append(finding)
    return out


def as_seen(statement: Turn, as_seat: str | None) -> Turn:
    """``statement`` as ``as_seat`` sees it: another seat's draw shows how many tiles it took,
    not which; everything else is seen by all (``as_seat`` None: the whole record)."""
    if as_seat is not None and type(statement) is Draw and statement.seat != as_seat and statement.tiles is not None:
        return replace(statement, tiles=None)
    return statement


def wrong_claim(statement: Turn | None, findings: Iterable[Diagnostic]) -> WrongClaim | None:
    """The wrong claim among ``findings`` (the audit's findings at the turn of ``statement``): a
    finding that carries a claimed and a correct score that differ, on a play or a Muggins call."""
    if type(statement) is not Play and type(statement) is not MugginsCall:
        return None
    for finding in findings:
        if finding.claimed is not None and finding.correct is not None and finding.claimed != finding.correct:
            return WrongClaim(statement.seat, finding.claimed, finding.correct, type(statement) is MugginsCall)
    return None


def table_view(
    game: Game,
    state: HandState,
    turn: int,
    title: str,
    *,
    ended: bool = False,
    as_seat: str | None = None,
    findings: Iterable[Diagnostic] = (),
) -> TableView:
    """The view of ``state`` (a ``HandState`` of ``game``) after ``turn`` turns of its hand;
    ``ended``: after the hand's end-of-hand scoring (the last turn's board, the new score);
    ``as_seat``: as that seat sees it, every other hand face down; ``findings``: the audit's
    findings at this turn (a wrong claim among them is shown)."""
    places = seat_places(game.seats, game.rules.direction, as_seat)
    seats = []
    for index, seat in enumerate(game.seats):
        face_up = as_seat is None or seat == as_seat
        known = tuple(sorted(state.known[seat], reverse=True)) if face_up else ()
        seats.append(
            SeatView(
                seat,
                game.record.players.get(seat, ""),
                known,
                max(0, state.count[seat] - len(known)),
                state.over is None and state.to_move == index,
                places[seat],
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
        move = format_turn(replace(as_seen(statement, as_seat), comments=()))
    else:
        move = "" if ended else msg("the deal")
    over = ""
    if state.over == "domino":
        over = msg("domino: {seat} went out", seat=state.went_out)
    elif state.over == "blocked":
        over = msg("blocked: nobody can play")
    return TableView(
        board=state.board.copy(),
        seats=tuple(seats),
        scores=scores,
        title=title,
        where=msg("hand {hand}, end of the hand", hand=hand.number) if ended else msg("hand {hand}, turn {turn} of {turns}", hand=hand.number, turn=turn, turns=len(hand.turns)),
        last_move=move,
        last_laid=type(statement) is Play and bool(state.board.played) and state.board.played[-1][0] is statement.tile,
        boneyard=state.boneyard_count,
        over=over,
        sheet_only=hand.is_sheet_only,
        wrong_claim=wrong_claim(statement, findings),
        seen_by=as_seat,
    )
