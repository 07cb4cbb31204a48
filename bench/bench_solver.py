"""How fast the perfect-information solver is: prints figures, asserts nothing.

    python bench/bench_solver.py [--deals 20] [--plays 8 4 0] [--no-two-player] [--no-whole-hand]

Four-player seven-tile game without a boneyard (the ``pontos`` preset): exact solves of the
position after 8, 4 and 0 plays of ``--deals`` simulated deals (the plays before it made by
the greedy simulator). Then the two-player seven-tile game with a known boneyard
(``allfives-seven-five``) from the opening, and one whole four-player hand analysed exactly:
``evaluate_moves`` at every turn, one engine kept through the hand as a caller would.

Every solve runs in a fresh forked process, so each starts cold (no tables from earlier
solves) and its peak memory (``ru_maxrss`` of that process, which includes the interpreter
and the modules, about 30 MB) is its own. Times are wall-clock seconds and CPU seconds of
that process; on a loaded machine trust the CPU column. The load average is printed.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import sys
import time

from muggins.analysis.solver import Position, evaluate_moves, position_from_state, solve
from muggins.notation.model import Play
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet, load
from muggins.replay.simulate import Options, simulate


def positions(rules: RuleSet, players: int, plays: int, deals: int, seed: int) -> list[Position]:
    """The position after ``plays`` plays of the first hand of ``deals`` simulated games."""
    out = []
    for number in range(deals):
        record = next(simulate(rules, seed + number, 1, Options(players=players, strategy="greedy")))
        game = Game(record, rules)
        hand = record.hands[0]
        made = 0
        for turn, state in game.replay_hand(hand):
            if turn and type(hand.turns[turn - 1]) is Play:
                made += 1
            if made == plays and (turn > 0 or plays == 0):
                if state.to_move is not None or turn == 0:
                    out.append(position_from_state(state))
                    break
    return out


def in_fresh_process(work, *args) -> tuple[object, float, float, int]:
    """Run ``work(*args)`` in a forked child: (its result, wall s, CPU s, peak RSS in MB)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        wall, cpu = time.perf_counter(), time.process_time()
        result = work(*args)
        payload = pickle.dumps((result, time.perf_counter() - wall, time.process_time() - cpu))
        with os.fdopen(write, "wb") as out:
            out.write(payload)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, _, usage = os.wait4(pid, 0)
    result, wall, cpu = pickle.loads(data)
    return result, wall, cpu, usage.ru_maxrss // 1024


def solve_once(position: Position) -> tuple[int, int, bool]:
    solution = solve(position)
    return solution.value, solution.nodes, solution.exact


def table(title: str, found: list[tuple[tuple[int, int, bool], float, float, int]]) -> None:
    walls = [w for _, w, _, _ in found]
    cpus = [c for _, _, c, _ in found]
    nodes = [r[1] for r, _, _, _ in found]
    rss = [m for _, _, _, m in found]
    assert all(r[2] for r, _, _, _ in found)
    rate = sum(nodes) / sum(cpus)
    print(
        f"{title:<34} {len(found):>3}  {statistics.median(walls):8.3f} {max(walls):8.3f}"
        f"  {statistics.median(cpus):8.3f} {max(cpus):8.3f}  {statistics.median(nodes):>10.0f} {max(nodes):>10}"
        f"  {rate:>9.0f}  {max(rss):>6}",
        flush=True,
    )


def whole_hand(rules: RuleSet, seed: int) -> tuple[int, int, float]:
    """``evaluate_moves`` at every turn of one hand: (turns, moves valued, seconds)."""
    record = next(simulate(rules, seed, 1, Options(players=4, strategy="greedy")))
    game = Game(record, rules)
    hand = record.hands[0]
    turns = valued = 0
    start = time.perf_counter()
    for turn, state in game.replay_hand(hand):
        if turn == len(hand.turns) or state.over is not None:
            break
        if state.to_move is None and turn > 0:
            continue
        found = evaluate_moves(position_from_state(state))
        turns += 1
        valued += len(found)
    return turns, valued, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--plays", type=int, nargs="*", default=[8, 4, 0])
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--no-two-player", action="store_true")
    parser.add_argument("--no-whole-hand", action="store_true")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    print(f"load average at start: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(f"{'position':<34} {'n':>3}  {'wall med':>8} {'max':>8}  {'cpu med':>8} {'max':>8}  {'nodes med':>10} {'max':>10}  {'nodes/s':>9}  {'MB max':>6}")
    pontos = load("pontos")
    for plays in args.plays:
        found = [in_fresh_process(solve_once, p) for p in positions(pontos, 4, plays, args.deals, args.seed)]
        table(f"pontos 4 players, after {plays} plays", found)
    if not args.no_two_player:
        seven = load("allfives-seven-five")
        found = [in_fresh_process(solve_once, p) for p in positions(seven, 2, 0, args.deals, args.seed)]
        table("allfives-seven-five 2 players, open", found)
    if not args.no_whole_hand:
        (turns, valued, seconds), wall, cpu, rss = in_fresh_process(whole_hand, pontos, args.seed)
        print(f"whole pontos hand, evaluate_moves at each of {turns} turns ({valued} moves valued): "
              f"{wall:.1f} s wall, {cpu:.1f} s CPU, {rss} MB peak")
    print(f"load average at end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
