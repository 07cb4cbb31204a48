"""A simulated game that the hand limit stops is said to be unfinished: ``simulate`` stopped
every game at 60 hands without a word (``--set target=100000`` gave 60 hands, exit 0, a game
that ends nowhere), and nothing raised the cap."""

from __future__ import annotations

from cli_run import run
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate


def test_the_limit_is_named_with_how_to_raise_it_and_the_records_are_kept(monkeypatch):
    monkeypatch.setenv("MUGGINS_SIMULATED_HANDS", "3")
    result = run("simulate", "--games", "2", "--set", "target=100000")
    assert result.exit_code == 0
    assert result.stdout.count("\nhand ") == 6  # 3 hands in each of the 2 games
    for game in (1, 2):
        assert f"game {game} stopped unfinished after 3 hands" in result.stderr
    assert "simulated-hands limit of 3 hands; raise it with MUGGINS_SIMULATED_HANDS=N" in result.stderr


def test_games_that_end_say_nothing():
    result = run("simulate", "--games", "3", "--seed", "4")
    assert result.exit_code == 0 and result.stderr == ""


def test_the_library_tells_of_each_unfinished_game_only():
    told: list[tuple[int, int]] = []
    # allfives to 250: a game takes more than two hands (at most 2 x 7 tiles' points a hand)
    records = list(simulate(load("allfives"), 5, 2, Options(max_hands=2), lambda number, hands: told.append((number, hands))))
    assert told == [(1, 2), (2, 2)] and all(len(r.hands) == 2 for r in records)
    told.clear()
    finished = list(simulate(load("allfives"), 5, 2, Options(), lambda number, hands: told.append((number, hands))))
    assert told == [] and all(len(r.hands) < 60 for r in finished)
