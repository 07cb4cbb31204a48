"""What the scorekeeper's card of seed 002 needs to know of a rule set, as plain JSON data.

The card (``muggins keep``) is a page that runs at the table with no Python behind it, so
everything that follows from the rules alone is worked out here and embedded in the page:

- the amounts one play can score (its ``+`` buttons, and the only amounts a Muggins call may take);
- every end-of-hand amount up to the most pips the hands can hold, rounded and divided as the
  rules say (the page looks amounts up and never rounds by itself);
- the most pips one seat, and all seats together, can hold at the end of a hand;
- the tables the rules allow (2 to 4 players, or two teams) and each one's own target;
- the parameters of the end-of-hand and target rules the page's script carries out, which must
  be values the script says it implements (:func:`implemented`);
- the header tags the exported record starts with, so that ``muggins audit`` reads the export
  under the same rules.

Promises: the same rule set gives the same data; a rule set the card cannot keep raises
:class:`CardRulesError` naming the parameter.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from typing import Any

from muggins.pictures.page import static_text
from muggins.replay.play_rules import drawable as drawable_tiles
from muggins.replay.resolve import rule_tags
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import award, play_scores, round_pips

SCHEMA = "muggins.scorecard/1"

#: Seed 002: "Agrega de 2 a 4 jugadores (o dos nombres de equipo)".
CARD_PLAYERS = (2, 3, 4)

#: Seed 002: "La meta normal es 250. Para una partida más corta, jueguen a 150, o a 61".
SEED_TARGETS = (250, 150, 61)

@functools.cache
def implemented() -> dict[str, tuple[str, ...]]:
    """The values of each end-of-hand, target and Muggins parameter that the page's script
    carries out, as the script itself declares them (``var IMPLEMENTED = {...};`` in
    ``static/scorecard.js``, written as JSON): what the script does is said in one place."""
    script = static_text("scorecard.js")
    found = re.search(r"^  var IMPLEMENTED = (\{.*?\});$", script, re.S | re.M)
    if found is None:  # pragma: no cover - the shipped script always declares it
        raise RuntimeError("static/scorecard.js declares no IMPLEMENTED table")
    return {key: tuple(values) for key, values in json.loads(found.group(1)).items()}


#: The parameters the page reads from the embedded data besides the tables.
_END_KEYS = ("domino_scoring", "blocked_scoring", "blocked_compare", "blocked_tie", "hand_winner_bonus")
_GAME_KEYS = ("target_check", "target_tie", "target_exact", "get_in_minimum", "muggins")


class CardRulesError(ValueError):
    """A rule set the card cannot keep; ``parameter`` names the rule parameter it rests on."""

    def __init__(self, parameter: str, message: str) -> None:
        super().__init__(message)
        self.parameter = parameter


#: Why the card leaves a value out, where the reason is not plain.
_WHY_NOT = {
    ("muggins", "opponent_takes_whole"): "a call there takes back the claim of the play it is on,"
    " and the card keeps each side's scores, not the plays",
}


def card_problems(rules: RuleSet) -> list[tuple[str, str]]:
    """(parameter, message) for each reason the card cannot keep a game under ``rules``."""
    problems = []
    for key, values in implemented().items():
        value = getattr(rules, key)
        if value not in values:
            why = _WHY_NOT.get((key, value))
            problems.append(
                (
                    key,
                    f"{key} {value!r} is not one the scorecard carries out (it does {', '.join(values)})"
                    + (f": {why}" if why else ""),
                )
            )
    if not _tables(rules):
        problems.append(
            ("players", f"the rules allow {', '.join(map(str, rules.players))} players; the scorecard keeps 2 to 4 or two teams")
        )
    return problems


def scorecard_config(rules: RuleSet) -> dict[str, Any]:
    """Everything the page needs, as plain JSON values (schema ``muggins.scorecard/1``)."""
    problems = card_problems(rules)
    if problems:
        parameter, message = problems[0]
        raise CardRulesError(parameter, message)
    tables = _tables(rules)
    largest = max(table["hand_pips"] for table in tables)
    own_targets = {table["target"] for table in tables}
    config: dict[str, Any] = {
        "schema": SCHEMA,
        "rules": {"name": rules.name, "description": rules.description},
        "header": record_header(rules),
        "tables": tables,
        "target_choices": sorted(own_targets | set(SEED_TARGETS), reverse=True),
        "play_amounts": sorted(play_scores(rules)),
        "end": {key: getattr(rules, key) for key in _END_KEYS},
        "rounding": {"mode": rules.pip_rounding, "unit": rules.rounding_unit, "divisor": rules.award_divisor},
        "rounded": [round_pips(amount, rules) for amount in range(largest + 1)],
        "award": [award(amount, rules) for amount in range(largest + 1)],
        "game": {key: getattr(rules, key) for key in _GAME_KEYS},
    }
    digest = hashlib.sha256(json.dumps(config, sort_keys=True).encode("utf-8")).hexdigest()[:16]
    config["storage_key"] = f"{SCHEMA}/{digest}"
    return config


def _tables(rules: RuleSet) -> list[dict[str, Any]]:
    """The tables the card offers under ``rules``: each number of players, then two teams of two."""
    tables = []
    for players, teams in [(n, False) for n in CARD_PLAYERS] + [(4, True)]:
        if rules.table_problems(players, teams):
            continue
        seat_pips, hand_pips = pip_limits(rules, players)
        tables.append(
            {
                "players": players,
                "teams": teams,
                "target": rules.target_for(players),
                "seat_pips": seat_pips,
                "hand_pips": hand_pips,
            }
        )
    return tables


def pip_limits(rules: RuleSet, players: int) -> tuple[int, int]:
    """The most pips one seat, and all seats together, can hold at the end of a hand.

    A seat holds at most its deal and every tile it could draw; all seats together hold at most
    every tile dealt or drawable but one (a hand always has a tile on the table). Each limit is
    the weight of that many of the set's heaviest tiles.
    """
    dealt = rules.tiles_per_player(players)
    stock = rules.set_size - players * dealt
    drawable = drawable_tiles(stock, rules)
    weights = sorted((a + b for a in range(rules.max_pip + 1) for b in range(a, rules.max_pip + 1)), reverse=True)
    return sum(weights[: dealt + drawable]), sum(weights[: players * dealt + drawable - 1])


def record_header(rules: RuleSet) -> list[str]:
    """``[Rules]`` and ``[Set]`` tags that give ``rules`` again (all but the target, which the
    card writes as ``[Target]``): ``resolve.rule_tags``, written out."""
    return [f'[{name} {key} "{value}"]' if key else f'[{name} "{value}"]' for name, key, value in rule_tags(rules, leave_out=("target",))]
