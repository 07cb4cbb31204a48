"""`--which-rules` answers "whose rules were we playing?" for records played under known rules."""

import dataclasses

import pytest

from muggins.analysis.which_rules import rank
from muggins.replay.rules import from_mapping, load
from muggins.replay.simulate import Options, simulate


def without_rules_header(record):
    return dataclasses.replace(record, headers=tuple(h for h in record.headers if h.name != "Rules"))


@pytest.mark.parametrize("name, players", [("scorecard", 2), ("pontos", 4), ("allfives", 3), ("five-up", 2), ("line", 2), ("fives-and-threes", 2)])
def test_the_preset_played_is_among_the_answers(name, players):
    rules = load(name)
    (record,) = simulate(rules, 11, 1, Options(players=players, max_hands=3))
    ranking = rank(without_rules_header(record))
    best = ranking[0].findings
    assert best == 0
    fitting = [c.label for c in ranking if c.findings == best]
    assert name in fitting or (name == "allfives" and "as written" in fitting)


def test_a_house_variant_is_named():
    # A scorecard table that rounds the end-of-hand pips down: the plain preset leaves findings
    # (the end-of-hand scores it expects differ), the variant leaves none.
    house = from_mapping({"pip_rounding": "down", "name": "house"}, "test", load("scorecard"))
    for seed in range(20):
        (record,) = simulate(house, seed, 1, Options(players=2, max_hands=3))
        ranking = rank(without_rules_header(record))
        plain = next(c for c in ranking if c.label == "scorecard")
        if plain.findings:
            break
    else:
        pytest.fail("no simulated game where the rounding mattered")
    assert ranking[0].findings == 0
    assert "scorecard with pip_rounding=down" in [c.label for c in ranking if c.findings == 0]
