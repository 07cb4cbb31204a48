"""How fast the perfect-information solver is: prints figures, asserts nothing.

    python bench/bench_solver.py [--core compiled|python] [--no-ratio] [--deals 20] [--plays 8 4 0]
                                 [--settle 100] [--no-two-player] [--no-whole-hand] [--quick] [--json]

``--core``: the search core measured (``analysis/solver_core.py``; default the compiled one
where it is built). Measuring the compiled core, the pure-Python core is measured too, in the
same run, and the ratio of their cold medians (and whole-hand times) printed: Python's time
over the compiled core's (``--no-ratio`` skips it).

Four-player seven-tile game without a boneyard (the ``pontos`` preset): exact solves of the
position after 8, 4 and 0 plays of ``--deals`` simulated deals (the plays before it made by
the greedy simulator). Then the two-player seven-tile game with a known boneyard
(``allfives-seven-five``) from the opening, and one whole four-player hand analysed exactly:
``evaluate_moves`` at every turn, the engine kept through the hand as a caller would keep it.

Each group of solves is measured three ways, each in its own forked process:

- **cold**: every solve in a fresh process, nothing kept from an earlier solve;
- **warm**: the group's solves one after another in one process, as an analysis run makes
  them: the layout tables of the rule set (which layouts exist, the moves each allows) are
  kept, the transposition table is dropped before every solve (``forget(layouts=False)``);
- **steady**: as warm, after ``--settle`` solves (default 100) of other deals of the same kind
  (seeds from ``--seed`` + 10,000) in the same process: a process deep in an analysis run, whose
  tables' memory is in use already (no page faulted in afresh: about 2 us each on this kind of
  machine, a fifth of a solve after 8 plays) and whose layouts are those of other deals.

Times are wall-clock and CPU milliseconds (on a loaded machine trust CPU); nodes per second is the
group's nodes over its CPU time. Peak memory is ``ru_maxrss`` of the measuring process (for
cold, the largest single solve; it includes the interpreter and the modules, about 30 MB).
The load average is printed before and after.

``--json``: the figures as one JSON object on the last line (for bench/run.py), CPU seconds:
for each group (``after_8``, ``after_4``, ``after_0``, ``seven_five_opening``) the cold median and
largest solve time, peak memory and nodes per second, the warm median and peak memory; the
whole hand's time and peak; the steady median and peak (``steady_solve_s_median_<group>``,
``steady_peak_mb_<group>``); the core measured (``core``) and, with the ratio, Python's cold
median over the core's (``ratio_vs_python_<group>``, ``ratio_vs_python_whole_hand``); the load
average at the end. ``--quick``: 3 deals, after 8 plays and the two-player opening, no whole
hand.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import time

from muggins.analysis import solver_core
from muggins.analysis.solver import Position, evaluate_moves, forget, position_from_state, searching, solve
from muggins.notation.model import Play
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet, load
from muggins.replay.simulate import Options, simulate

#: The steady rows' other deals: seeds this far from the measured ones
OTHER_SEEDS = 10_000

#: One solve: (wall s, CPU s, nodes, exact)
Found = tuple[float, float, int, bool]


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
                out.append(position_from_state(state))
                break
    return out


def in_child(work, *args):
    """Run ``work(*args)`` in a forked process: (its result, peak RSS of that process in MB)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        with searching():  # the settings the command line's analyze runs the solver under
            payload = pickle.dumps(work(*args))
        with os.fdopen(write, "wb") as out:
            out.write(payload)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, _, usage = os.wait4(pid, 0)
    return pickle.loads(data), usage.ru_maxrss // 1024


def timed_solves(group: list[Position], keep_layouts: bool) -> list[Found]:
    """(wall s, CPU s, nodes, exact) of each solve of ``group``, one after another."""
    out = []
    for position in group:
        forget(layouts=not keep_layouts)
        wall, cpu = time.perf_counter(), time.process_time()
        solution = solve(position)
        out.append((time.perf_counter() - wall, time.process_time() - cpu, solution.nodes, solution.exact))
    return out


def settled(others: list[Position], group: list[Position]) -> list[Found]:
    """``timed_solves(group, True)`` after solving ``others`` in the same process."""
    timed_solves(others, True)
    return timed_solves(group, True)


def row(title: str, found: list[Found], peak: int) -> None:
    walls, cpus, nodes = [f[0] for f in found], [f[1] for f in found], [f[2] for f in found]
    assert all(f[3] for f in found), "every solve here should be exact"
    print(
        f"{title:<44} {len(found):>3}  {statistics.median(walls) * 1e3:8.2f} {max(walls) * 1e3:8.2f}"
        f"  {statistics.median(cpus) * 1e3:8.2f} {max(cpus) * 1e3:8.2f}  {statistics.median(nodes):>10.0f} {max(nodes):>10}"
        f"  {sum(nodes) / sum(cpus):>9.0f}  {peak:>6}",
        flush=True,
    )


def use(core: str) -> None:
    """Measure ``core`` from now on (the forked children inherit the choice)."""
    os.environ[solver_core.CORE_ENV] = core
    forget()


def cold(group: list[Position]) -> tuple[list[Found], int]:
    """Each solve of ``group`` in a fresh process: the solves and the largest peak."""
    runs = [in_child(timed_solves, [position], False) for position in group]
    return [r[0][0] for r in runs], max(r[1] for r in runs)


def measure(title: str, label: str, group: list[Position], others: list[Position], core: str, ratio: bool) -> dict[str, float]:
    """Print the group's cold, warm and (with ``others``) steady rows on ``core`` (and, with
    ``ratio``, the Python core's cold row); return its figures, keys ending in ``_label``."""
    use(core)
    found, peak = cold(group)
    row(f"{core}: {title}, cold", found, peak)
    warm, warm_peak = in_child(timed_solves, group, True)
    row(f"{core}: {title}, warm", warm, warm_peak)
    steady: dict[str, float] = {}
    if others:
        settled_found, settled_peak = in_child(settled, others, group)
        row(f"{core}: {title}, steady", settled_found, settled_peak)
        steady = {
            f"steady_solve_s_median_{label}": round(statistics.median(f[1] for f in settled_found), 4),
            f"steady_peak_mb_{label}": settled_peak,
        }
    cpus = [f[1] for f in found]
    extra = {}
    if ratio:
        use("python")
        reference, reference_peak = cold(group)
        row(f"python: {title}, cold", reference, reference_peak)
        times = statistics.median(f[1] for f in reference) / statistics.median(cpus)
        print(f"{'':<44}      python / {core}, cold medians: {times:.1f}", flush=True)
        extra[f"ratio_vs_python_{label}"] = round(times, 1)
        use(core)
    return extra | steady | {
        f"solve_s_median_{label}": round(statistics.median(cpus), 4),
        f"solve_s_max_{label}": round(max(cpus), 4),
        f"peak_mb_{label}": peak,
        f"nodes_per_s_{label}": round(sum(f[2] for f in found) / sum(cpus)),
        f"warm_solve_s_median_{label}": round(statistics.median(f[1] for f in warm), 4),
        f"warm_peak_mb_{label}": warm_peak,
    }


def whole_hand(rules: RuleSet, seed: int) -> tuple[int, int, float, float]:
    """``evaluate_moves`` at every turn of one hand: (turns, moves valued, wall s, CPU s)."""
    record = next(simulate(rules, seed, 1, Options(players=4, strategy="greedy")))
    game = Game(record, rules)
    hand = record.hands[0]
    turns = valued = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for turn, state in game.replay_hand(hand):
        if turn == len(hand.turns) or state.over is not None:
            break
        found = evaluate_moves(position_from_state(state))
        assert all(m.exact for m in found)
        turns += 1
        valued += len(found)
    return turns, valued, time.perf_counter() - wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--core", choices=solver_core.CORES, default="compiled" if solver_core.available() else "python", help="the search core to measure"
    )
    parser.add_argument("--no-ratio", action="store_true", help="do not measure the pure-Python core for the ratio")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--plays", type=int, nargs="*", default=[8, 4, 0])
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument(
        "--settle", type=int, default=100, help="solves of other deals before the steady row (0: no steady row)"
    )
    parser.add_argument("--no-two-player", action="store_true")
    parser.add_argument("--no-whole-hand", action="store_true")
    parser.add_argument("--quick", action="store_true", help="3 deals, after 8 plays and the two-player opening: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    if args.settle < 0:
        parser.error(f"--settle takes a number of solves, 0 or more, not {args.settle}")
    if args.quick:
        args.deals, args.plays, args.no_whole_hand, args.settle = 3, [8], True, 0
    if args.core == "compiled" and not solver_core.available():
        parser.error("the compiled solver core is not built in this installation")
    ratio = args.core != "python" and not args.no_ratio
    figures: dict[str, object] = {"core": args.core}
    print(f"solver core measured: {args.core}" + (" (and python, for the ratio)" if ratio else ""))
    print("load average at start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(
        f"{'position (times in ms)':<44} {'n':>3}  {'wall med':>8} {'max':>8}  {'cpu med':>8} {'max':>8}"
        f"  {'nodes med':>10} {'max':>10}  {'nodes/s':>9}  {'MB max':>6}"
    )
    pontos = load("pontos")
    for plays in args.plays:
        group = positions(pontos, 4, plays, args.deals, args.seed)
        others = positions(pontos, 4, plays, args.settle, args.seed + OTHER_SEEDS)
        figures.update(measure(f"pontos 4 players, after {plays} plays", f"after_{plays}", group, others, args.core, ratio))
    if not args.no_two_player:
        seven_five = load("allfives-seven-five")
        group = positions(seven_five, 2, 0, args.deals, args.seed)
        others = positions(seven_five, 2, 0, args.settle, args.seed + OTHER_SEEDS)
        figures.update(measure("allfives-seven-five 2 players, opening", "seven_five_opening", group, others, args.core, ratio))
    if not args.no_whole_hand:
        for core in (args.core, "python") if ratio else (args.core,):
            use(core)
            (turns, valued, wall, cpu), peak = in_child(whole_hand, pontos, args.seed)
            print(
                f"{core}: whole pontos hand (seed {args.seed}), evaluate_moves at each of {turns} turns, {valued} moves"
                f" valued exactly: {wall:.2f} s wall, {cpu:.2f} s CPU, {peak} MB peak"
            )
            if core == args.core:
                figures.update(whole_hand_s=round(cpu, 3), whole_hand_peak_mb=peak)
            else:
                figures["ratio_vs_python_whole_hand"] = round(cpu / figures["whole_hand_s"], 1)  # type: ignore[operator]
                print(f"{'':<44}      python / {args.core}, whole hand: {figures['ratio_vs_python_whole_hand']}")
        use(args.core)
    print("load average at end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    figures["load_after"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
