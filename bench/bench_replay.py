"""How fast the replayer rebuilds positions with every check on; and the `dominoes` package.

    python bench/bench_replay.py [--hands 2000] [--repeat 3]

Replays already-parsed records (a simulated corpus, see bench/corpus.py) on one core, all
checks on, and prints turns per second (the target is 300,000). Times are CPU time of this
process (time.process_time), for both sides, so other load on the machine disturbs them less. In the same run it times the
`dominoes` package from the package index (a bench-only extra: ``pip install dominoes``) playing
random games move by move, and prints our turns per second divided by its moves per second.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_file  # noqa: E402

from muggins.notation.parser import read_file  # noqa: E402
from muggins.replay.replayer import replay  # noqa: E402
from muggins.replay.resolve import rules_for  # noqa: E402


def time_replay(records, rules, repeat: int) -> tuple[float, int]:
    turns = sum(len(h.turns) for r in records for h in r.hands)
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        for record, rule_set in zip(records, rules):
            result = replay(record, rule_set)
            if result.diagnostics and any(d.severity == "error" for d in result.diagnostics):
                raise SystemExit(f"corpus record does not replay cleanly: {result.diagnostics[0].render()}")
        best = min(best, time.process_time() - start)
    return best, turns


def time_dominoes(games: int, seed: int = 7) -> tuple[float, int]:
    """Random four-player games of the `dominoes` package, one legal move at a time."""
    import dominoes

    rng = random.Random(seed)
    moves = 0
    start = time.process_time()
    for _ in range(games):
        game = dominoes.Game.new()
        while game.result is None:
            options = list(game.valid_moves)
            game.make_move(*rng.choice(options))
            moves += 1
    return time.process_time() - start, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    parser.add_argument("--dominoes-games", type=int, default=300)
    args = parser.parse_args()
    path = corpus_file(args.hands)
    records = list(read_file(path))
    rules = [rules_for(r) for r in records]
    seconds, turns = time_replay(records, rules, args.repeat)
    ours = turns / seconds
    hands = sum(len(r.hands) for r in records)
    figures = {"replay_turns_per_s": round(ours), "replay_turns": turns}
    say = (lambda *a, **k: None) if args.json else print
    say(f"replay: {len(records)} records, {hands} hands, {turns} turns in {seconds:.3f} s: {ours:,.0f} turns/s")
    try:
        import dominoes  # noqa: F401
    except ImportError:
        print("dominoes not installed (pip install dominoes): no comparison", file=sys.stderr)
    else:
        d_seconds, moves = time_dominoes(args.dominoes_games)
        theirs = moves / d_seconds
        figures.update(dominoes_moves_per_s=round(theirs), replay_vs_dominoes=round(ours / theirs, 2))
        say(f"dominoes package: {args.dominoes_games} random games, {moves} moves in {d_seconds:.3f} s: {theirs:,.0f} moves/s")
        say(f"ratio (our turns/s over its moves/s): {ours / theirs:.1f}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
