"""Simulated games of every preset: written down, read back and replayed, they hold together.

- replaying the written record gives the simulator's scores (the totals it wrote);
- tiles are conserved: every hand deals the whole set once, and no tile is played twice;
- the audit finds nothing in an honest game, and finds exactly the one mistake put into it.
"""

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muggins.analysis.audit import audit
from muggins.notation.formatter import format_record
from muggins.notation.model import Play, Tally, full_set
from muggins.notation.parser import parse_record
from muggins.replay.replayer import Game, replay
from muggins.replay.rules import load, preset_names
from muggins.replay.scoring import play_scores
from muggins.replay.simulate import Options, simulate

PRESETS = preset_names()


def one_game(name: str, seed: int, players: int | None = None, forget: float = 0.0):
    rules = load(name)
    count = players or rules.players[seed % len(rules.players)]
    (record,) = simulate(rules, seed, 1, Options(players=count, forget=forget, max_hands=4))
    return rules, record


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), forget=st.sampled_from([0.0, 0.3]))
def test_written_record_replays_to_the_simulators_scores(name, seed, forget):
    rules, record = one_game(name, seed, forget=forget)
    text = format_record(record)
    parsed = parse_record(text)
    result = replay(parsed, rules)
    assert [d for d in result.diagnostics if d.severity == "error"] == []
    for hand, simulated in zip(result.hands, record.hands):
        assert hand.totals == dict(simulated.totals.entries)
    # Tiles are conserved in every hand.
    tiles = set(full_set(rules.max_pip))
    for hand in parsed.hands:
        dealt = [t for d in hand.deals for t in d.tiles] + list(hand.boneyard.tiles if hand.boneyard else ())
        assert sorted(dealt) == sorted(tiles)
        played = [t.tile for t in hand.turns if isinstance(t, Play)]
        assert len(played) == len(set(played))
    # The audit of an honest game (forgotten claims aside) finds nothing but the forgotten claims.
    codes = {f.code for f in audit(parsed, rules).findings if f.severity != "info"}
    assert codes <= {"unclaimed"}
    if forget == 0.0:
        assert codes == set()


def test_same_seed_same_output():
    rules = load("allfives")
    first = [format_record(r) for r in simulate(rules, 42, 2, Options(players=3))]
    second = [format_record(r) for r in simulate(rules, 42, 2, Options(players=3))]
    assert first == second
    other = [format_record(r) for r in simulate(rules, 43, 2, Options(players=3))]
    assert other != first


def test_game_stops_when_the_target_is_reached():
    rules = load("scorecard")
    (record,) = simulate(rules, 7, 1, Options(players=2, max_hands=60))
    result = replay(record, rules)
    assert result.winner is not None
    assert max(result.totals.values()) >= 250
    hand, turn = result.won_at
    assert hand == len(record.hands)


# -- mutation: one change in an honest record, exactly one finding at exactly that place --------


def _scoring_plays(record):
    for h_index, hand in enumerate(record.hands):
        for t_index, turn in enumerate(hand.turns):
            if isinstance(turn, Play) and turn.claim:
                yield h_index, t_index, turn


def _replace_turn(record, h_index, t_index, new_turn):
    hand = record.hands[h_index]
    turns = hand.turns[:t_index] + (new_turn,) + hand.turns[t_index + 1 :]
    hands = record.hands[:h_index] + (dataclasses.replace(hand, turns=turns),) + record.hands[h_index + 1 :]
    return dataclasses.replace(record, hands=hands)


def _replace_hand(record, h_index, **changes):
    hand = dataclasses.replace(record.hands[h_index], **changes)
    return dataclasses.replace(record, hands=record.hands[:h_index] + (hand,) + record.hands[h_index + 1 :])


@pytest.mark.parametrize("name", ["allfives", "scorecard", "pontos", "five-up"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_changed_claim_is_found_at_its_turn(name, seed):
    rules, record = one_game(name, seed)
    plays = list(_scoring_plays(record))
    h_index, t_index, play = random.Random(seed).choice(plays)
    # Claim the next larger amount a play can score under these rules (so it is an over-claim,
    # not an impossible number).
    bigger = min(v for v in play_scores(rules) if v > play.claim)
    mutated = _replace_turn(record, h_index, t_index, dataclasses.replace(play, claim=bigger))
    # The totals written on the sheet still follow the honest claims, so only the claim is wrong.
    found = [f for f in audit(parse_record(format_record(mutated)), rules).findings if f.severity != "info"]
    assert [(f.code, f.hand, f.turn) for f in found] == [("over-claim", h_index + 1, t_index + 1)]
    assert (found[0].claimed, found[0].correct) == (bigger, play.claim)


@pytest.mark.parametrize("name", ["allfives", "scorecard"])
@pytest.mark.parametrize("seed", [4, 5])
def test_a_changed_pip_count_is_found(name, seed):
    rules, record = one_game(name, seed)
    h_index = next(i for i, h in enumerate(record.hands) if h.pips is not None)
    pips = record.hands[h_index].pips
    seat, value = pips.entries[-1]
    changed = Tally("pips", pips.entries[:-1] + ((seat, value + 3),))
    found = [f for f in audit(_replace_hand(record, h_index, pips=changed), rules).findings if f.severity != "info"]
    assert [(f.code, f.hand) for f in found] == [("pips-mismatch", h_index + 1)]
    assert (found[0].claimed, found[0].correct) == (value + 3, value)


@pytest.mark.parametrize("name", ["allfives", "scorecard", "pontos"])
@pytest.mark.parametrize("seed", [6, 7])
def test_a_changed_total_is_found_at_its_hand(name, seed):
    rules, record = one_game(name, seed)
    h_index = len(record.hands) - 1
    totals = record.hands[h_index].totals
    side, value = totals.entries[0]
    changed = Tally("totals", ((side, value + 10),) + totals.entries[1:])
    found = [f for f in audit(_replace_hand(record, h_index, totals=changed), rules).findings if f.severity != "info"]
    assert {(f.code, f.hand) for f in found} == {("total-arithmetic", h_index + 1), ("total-wrong", h_index + 1)}
    wrong = next(f for f in found if f.code == "total-wrong")
    assert (wrong.claimed, wrong.correct) == (value + 10, value)
