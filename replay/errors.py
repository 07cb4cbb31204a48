"""The replayer's diagnostic codes, and the error strict mode raises.

Every rule the replayer checks has one stable code, listed here with the rule parameter it rests
on and what it means (``analysis/AUDIT.md`` sends readers to this table). The table is apart from
the checks that emit its codes so that the whole list reads in one place, and so that what a
code means can be looked up without loading the replay machinery.
"""

from __future__ import annotations

from muggins.diagnostics import Diagnostic

#: Every legality code the replayer emits: code -> (rule parameter, what it means).
CODES: dict[str, tuple[str | None, str]] = {
    "table-rules": ("players", "the table (players, partnerships) does not fit the rule set"),
    "pip-above-set": ("max_pip", "a tile with a pip above the set's highest"),
    "deal-size": ("hand_size", "a seat was dealt the wrong number of tiles"),
    "dealt-twice": ("max_pip", "a tile appears twice in the deal and boneyard"),
    "boneyard-size": ("hand_size", "the boneyard does not hold the tiles left after the deal"),
    "wrong-leader": ("first_leader", "the hand was led by the wrong seat"),
    "wrong-lead-tile": ("first_lead_tile", "the leader did not lead the tile the rules require"),
    "no-double": ("no_double", "nobody held a double and the rules ask for a reshuffle"),
    "out-of-turn": ("direction", "a seat took a turn that was not theirs"),
    "not-in-hand": (None, "a tile played or drawn that the seat does not hold"),
    "already-played": (None, "a tile that is already on the table"),
    "wrong-end": (None, "the tile does not match the named end"),
    "no-match": (None, "the tile matches no open end"),
    "branch-closed": ("spinner_order", "a tile on a spinner's branch before its sides were covered"),
    "no-such-end": ("spinner", "the named end does not exist on this layout"),
    "ambiguous-end": (None, "no end named, and the possible placements score differently"),
    "inline-not-allowed": ("spinner", "a double laid lengthwise outside the Sniff rule"),
    "draw-not-allowed": ("drawing", "a draw in a game without drawing"),
    "draw-while-playable": ("voluntary_draw", "a draw while holding a playable tile"),
    "draw-empty-boneyard": ("drawing", "a draw from an empty boneyard"),
    "draw-reserve": ("boneyard_reserve", "a draw from the tiles that must stay in the boneyard"),
    "draw-wrong-tile": ("drawing", "the drawn tile is not the next one in the boneyard"),
    "drew-past-playable": ("drawing", "kept drawing after a playable tile came"),
    "drawn-tile-not-played": ("play_drawn_at_once", "a playable drawn tile was not played at once"),
    "pass-while-playable": (None, "a pass while holding a playable tile"),
    "pass-without-drawing": ("drawing", "a pass while the boneyard could still be drawn from"),
    "play-after-end": (None, "a turn after the hand was over"),
    "play-after-game-end": ("target_check", "a turn after the target was reached"),
    "wrong-outcome": (None, "the hand's written outcome is not what happened"),
    "hand-unfinished": (None, "the hand stops before anyone went out or it was blocked"),
    "mixed-sheet": (None, "score-sheet entries in a hand that was played out"),
    "muggins-not-allowed": ("muggins", "a Muggins call where the rules have none"),
    "muggins-not-opponent": ("muggins", "a Muggins call on one's own side"),
    "muggins-on-nothing": ("muggins", "a Muggins call with no unclaimed points to take"),
    "muggins-on-claimed": ("muggins", "a Muggins call on points that were claimed"),
    "muggins-too-late": ("muggins_window", "a Muggins call after its window closed"),
    "muggins-amount": ("muggins", "a Muggins call for the wrong number of points"),
    "unknown-seat": (None, "a seat the record does not declare"),
}


class ReplayError(Exception):
    """Raised in strict mode at the first error."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.render())
        self.diagnostic = diagnostic
