"""Who leads a hand: the seat the rules name, the rule that names it, and the tile to lead.

The first hand, the hand after a blocked one and the other hands each have their own rule
parameter (``first_leader``, ``leader_after_blocked``, ``later_leader``, with ``no_double`` and
``first_lead_tile``); this module is the one place they are read. The replayer checks the seat
that led against it, and the simulator, the missed-play finder and the solver ask it who is to
lead, so it stands apart from the replay driver and from the position. Asking reports nothing:
the answer says everything (a reshuffle too), and the replayer reports what it needs from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from muggins.i18n import msg
from muggins.notation.model import Tile
from muggins.replay.facts import HandResult

if TYPE_CHECKING:
    from muggins.replay.hand_state import HandState
    from muggins.replay.replayer import Game


class Leader(NamedTuple):
    """Who is to lead (``seat`` None: anyone may), the rule parameter that says so, why in
    words, and the ``tile`` they must lead where the rules name one. ``reshuffle``: nobody
    holds a double and the rules (``no_double``) ask for the tiles to be dealt again."""

    seat: str | None
    rule: str
    why: str
    tile: Tile | None
    reshuffle: bool = False


def highest_double(game: Game, state: HandState) -> Tile | None:
    """The highest double dealt, when every hand is known; else None."""
    if not all(state.fully_known(s) for s in game.seats):
        return None
    doubles = [t for tiles in state.known.values() for t in tiles if t.is_double]
    return max(doubles, default=None)


def expected_leader(game: Game, state: HandState) -> Leader:
    """Who should lead this hand, the rule that says so and why (seat None: anyone may).

    ``tile`` is what that leader must lead, where ``first_lead_tile`` is ``that_double``
    and the leader was chosen for holding it. Nothing is reported (see :class:`Leader`).
    """
    rules = game.rules
    previous = game.hands[-1] if game.hands else None
    if previous is None:
        rule, how = "first_leader", rules.first_leader
    elif previous.outcome == "blocked":
        rule, how = "leader_after_blocked", rules.leader_after_blocked
    else:
        rule, how = "later_leader", rules.later_leader
    if how == "any":
        return Leader(None, rule, "", None)
    if how == "highest_double":
        must_lead = rules.first_lead_tile == "that_double"
        double = highest_double(game, state)
        if double is not None:
            holder = next(s for s in game.seats if double in state.known[s])
            return Leader(holder, rule, msg("{holder} holds the highest double, {double}", holder=holder, double=double), double if must_lead else None)
        if all(state.fully_known(s) for s in game.seats):
            if rules.no_double == "reshuffle":
                return Leader(None, "no_double", msg("nobody holds a double: the tiles should be reshuffled"), None, True)
            heaviest = max((t for tiles in state.known.values() for t in tiles), key=lambda t: (t.pips, t.high), default=None)
            if heaviest is not None:
                holder = next(s for s in game.seats if heaviest in state.known[s])
                why = msg("nobody holds a double and {holder} holds the heaviest tile, {heaviest}", holder=holder, heaviest=heaviest)
                return Leader(holder, "no_double", why, heaviest if must_lead else None)
        return Leader(None, rule, "", None)
    if previous is None or previous.leader is None:
        return Leader(None, rule, "", None)
    if how == "previous_winner":
        winner = previous.went_out if previous.outcome == "domino" else _lightest_seat(previous, game)
        if winner is None:
            return Leader(None, rule, "", None)
        return Leader(winner, rule, msg("{winner} won hand {hand} and leads the next", winner=winner, hand=previous.number), None)
    # left_of_previous_leader
    index = game.seat_index[previous.leader]
    step = 1 if rules.direction == "clockwise" else -1
    left = game.seats[(index + step) % len(game.seats)]
    return Leader(left, rule, msg("{left} sits to the left of {leader}, who led hand {hand}", left=left, leader=previous.leader, hand=previous.number), None)


def _lightest_seat(previous: HandResult, game: Game) -> str | None:
    """The winner of a blocked hand: the seat with the fewest pips (None on a tie or unknown)."""
    if previous.award is not None and previous.award.winner is not None:
        winner_side = previous.award.winner
        members = [s for s in game.seats if game.sides[s] == winner_side]
        if previous.pips:
            return min(members, key=lambda s: previous.pips.get(s, 0))  # type: ignore[union-attr]
        return members[0]
    return None
