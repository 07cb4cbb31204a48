"""A table larger than the solvers hold is analysed on immediate points, not crashed on.

``muggins check`` accepts a record of 16 seats (``[Set players "[16]"]``, a double-nine set);
the solvers hold at most 15 seats (``solver_search.out_of_reach``). Before, ``analyze`` ended in
a ValueError traceback from the solver; now such positions are judged as hidden ones are."""

from __future__ import annotations

import json

from muggins.analysis.solver_search import MAX_SEATS, out_of_reach
from tests.cli_run import run

SEATS = "ABCDEFGHIJKLMNOP"


def _sixteen_seats() -> str:
    """A hands' deal of 3 tiles each from a double-nine set, the boneyard known: A leads 9-9,
    B holds 9-8, 9-7 and 9-6 and plays 9-8."""
    tiles = [(a, b) for a in range(10) for b in range(a, 10)]
    a, b = [(9, 9), (0, 0), (0, 1)], [(8, 9), (7, 9), (6, 9)]
    rest = [t for t in tiles if t not in a + b]
    hands = [a, b] + [rest[i * 3 : i * 3 + 3] for i in range(14)]
    lines = ['[Event "sixteen"]', '[Rules "allfives"]', '[Set players "[16]"]', '[Set max_pip "9"]', '[Set hand_size "3"]', '[Set target "100"]']
    lines += [f'[Seat {s} "{s}"]' for s in SEATS]
    lines += ["", "hand 1"]
    lines += [f"deal {s} " + " ".join(f"{hi}-{lo}" for lo, hi in hand) for s, hand in zip(SEATS, hands)]
    lines += ["boneyard " + " ".join(f"{hi}-{lo}" for lo, hi in rest[42:]), "lead A", "A 9-9", "B 9-8 r"]
    return "\n".join(lines) + "\n"


def test_out_of_reach_names_the_limit():
    assert out_of_reach(MAX_SEATS, 28) is None
    assert out_of_reach(16, 55) == "16 seats: the solver handles at most 15"
    assert out_of_reach(4, 300) == "a set of 300 tiles: the solver handles at most 254"


def test_sixteen_seats_are_analysed_on_immediate_points(tmp_path):
    path = tmp_path / "sixteen.mgn"
    path.write_text(_sixteen_seats())
    assert run("check", str(path)).exit_code == 0
    result = run("analyze", str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    decisions = json.loads(result.output)["records"][0]["decisions"]
    b = next(d for d in decisions if d["seat"] == "B")
    # All Fives: the lead 9-9 is the spinner and counts 18 while a side is open; 9-7 on an end
    # makes 18 + 7 = 25, 9-8 makes 26 and 9-6 makes 24 (neither a multiple of 5).
    assert b["basis"] == "immediate"
    assert (b["played"], b["best"], b["loss"]) == ("9-8 l", "9-7 l", 25)
