"""The library's simulator refuses a table the rules do not allow with a RuleError, on the call
and before any game is played: it checked the table with an ``assert`` at the end of each game
(``simulate(load("pontos"), 1, options=Options(players=2))``: AssertionError with the table-rules
diagnostic), which ``python -O`` drops, and it played the whole game first."""

from __future__ import annotations

import subprocess
import sys

import pytest

from muggins.replay import simulate as simulator
from muggins.replay.rules import RuleError, load, with_overrides
from muggins.replay.simulate import Options, simulate


@pytest.mark.parametrize(
    "preset, players, said",
    [
        # pontos: four players (replay/presets/pontos.yaml, players: [4]).
        ("pontos", 2, "2 players: the rules allow 4 (parameter players)"),
        # allfives-five and five-up deal 5 tiles at any count but allow 2, 3 or 4 players.
        ("allfives-five", 5, "5 players: the rules allow 2, 3, 4 (parameter players)"),
        ("allfives-five", 6, "6 players: the rules allow 2, 3, 4 (parameter players)"),
        ("five-up", 5, "5 players: the rules allow 2, 3, 4 (parameter players)"),
        ("five-up", 6, "6 players: the rules allow 2, 3, 4 (parameter players)"),
        ("allfives", 1, "1 player: the rules allow 2, 3, 4 (parameter players)"),
    ],
)
def test_a_player_count_the_rules_do_not_allow_is_a_rule_error_before_any_game(monkeypatch, preset, players, said):
    played = []
    monkeypatch.setattr(simulator, "_game", lambda *args: played.append(args))
    with pytest.raises(RuleError) as raised:
        simulate(load(preset), seed=1, options=Options(players=players))  # the call, not next()
    assert str(raised.value) == said
    assert played == []


def test_partnerships_the_rules_do_not_allow_are_a_rule_error():
    rules = with_overrides(load("allfives"), [("partnerships", "none")])
    with pytest.raises(RuleError, match=r"^the rules do not allow partnerships \(parameter partnerships\)$"):
        simulate(rules, seed=1, options=Options(players=4, teams=True))


def test_the_check_stays_under_python_O():
    code = (
        "from muggins.replay.simulate import simulate, Options\n"
        "from muggins.replay.rules import load, RuleError\n"
        "try:\n"
        "    next(simulate(load('pontos'), seed=1, options=Options(players=2)))\n"
        "except RuleError as exc:\n"
        "    print('RuleError', exc)\n"
    )
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "RuleError 2 players: the rules allow 4 (parameter players)", out.stderr


def test_a_table_the_rules_allow_is_played_as_before():
    (record,) = simulate(load("pontos"), seed=1, options=Options(players=4))
    assert record.seats == ("N", "E", "S", "W") and len(record.teams) == 2 and record.hands
