"""How fast the fair analysis is (expected values on what each player could know): prints
figures, asserts nothing.

    python bench/bench_fair.py [--hands 3] [--samples 64] [--budget none] [--records 10 40]
                               [--cores compiled python] [--python-hands 1]
                               [--archive GAMES] [--archive-jobs 2] [--quick] [--json]

Each hand is measured in its own forked process (CPU seconds of that process; peak memory is
its ``ru_maxrss``):

- **4-player hand**: ``analyze_record`` with the default judging (the expected view, at most
  ``--samples`` deals per decision, each solved exactly unless ``--budget`` says otherwise) on
  the first hand of ``--hands`` simulated four-player seven-tile games (``pontos``, no
  boneyard): every decision of the hand judged. Median and largest CPU seconds per hand, the
  share of them spent solving (``move_values``; the rest is sampling deals, replaying the
  record over them and bookkeeping), and the samples taken (their total, and at the first four
  decisions, where most of the time goes).
- **2-player hand with a boneyard**: the same on two-player seven-tile games with a boneyard of
  14 (``allfives-seven-five``), where the sampled deals include the boneyard's order.
- **the cores**: every hand on the first of ``--cores`` (by default the compiled core where it
  is built), and the first ``--python-hands`` of each kind on the pure-Python core too, in the
  same run: the ratio of their CPU seconds on the same hands, and whether the figures (every
  decision's loss, standard error and samples) were the same on both.
- **memory over a folder**: ``muggins analyze`` (the command, in a child process) on folders of
  ``--records`` small simulated games (double-4 set, two players, 16 samples), peak memory of
  each run: flat in the number of records if nothing is kept from one record to the next.
- **an archive** (``--archive GAMES``, not by default): ``muggins simulate --rules pontos --seed
  SEED --games GAMES``, then ``muggins analyze --jobs N`` on it (niced): wall and CPU seconds,
  peak memory (the largest of the process and its workers), exit code.

``--json``: the figures as one JSON object on the last line. ``--quick`` (a smoke run): one
hand of each, 4 samples, solves cut at 0.5 s, folders of 4 and 8 records. On the pure-Python
core a 4-player hand at 64 samples takes many CPU minutes (its opening solves take seconds
each): hence ``--python-hands 1``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_solver import in_child  # (bench/ is on the path when a script here runs)

from muggins.analysis.analyze import Judging, analyze_record
from muggins.notation.formatter import format_records
from muggins.notation.model import Record
from muggins.replay import rules as rulesmod
from muggins.replay.rules import RuleSet, load
from muggins.replay.simulate import Options, simulate


def timed(work, *args):
    """``work(*args)`` and the CPU seconds it took (run in the child, so only its own work)."""
    start = time.process_time()
    result = work(*args)
    return result, time.process_time() - start


def on_core(core: str, work, *args):
    """``work(*args)`` with the solver on ``core`` (in a forked child: the choice dies with it)."""
    from muggins.analysis import solver_core

    os.environ[solver_core.CORE_ENV] = core
    return work(*args)


def first_hands(rules: RuleSet, players: int, count: int, seed: int) -> list[Record]:
    return [Record(r.headers, r.hands[:1]) for r in simulate(rules, seed, count, Options(players=players))]


def judge_hand(record: Record, rules: RuleSet, budget: float | None, samples: int) -> dict:
    """One hand judged as ``muggins analyze`` judges it, with the CPU seconds spent in the
    solver's ``move_values`` (the rest is sampling, replaying the worlds and bookkeeping)."""
    from muggins.analysis import expected

    solving = [0.0]
    move_values = expected.move_values

    def timed_values(position, budget, wanted=None):
        start = time.process_time()
        try:
            return move_values(position, budget, wanted)
        finally:
            solving[0] += time.process_time() - start

    expected.move_values = timed_values
    try:
        analysis = analyze_record(record, rules, budget, judging=Judging(samples=samples))
    finally:
        expected.move_values = move_values
    judged = [d for d in analysis.decisions if d.samples]
    return {
        "decisions": len(analysis.decisions),
        "sampled": len(judged),
        "samples": sum(d.samples for d in judged),
        "samples_first_4": [d.samples for d in judged[:4]],
        "cut": sum(1 for d in judged if d.depth is not None),
        "solve_s": round(solving[0], 2),
        "figures": [(d.turn, round(d.loss, 6), round(d.standard_error, 6), d.samples) for d in analysis.decisions],
    }


def hands_figures(name: str, rules: RuleSet, players: int, args, core: str, count: int) -> dict:
    """The hands' figures on ``core``: the medians and more, and each hand's own (``per_hand``)."""
    times, details, peaks = [], [], []
    for number, record in enumerate(first_hands(rules, players, count, args.seed), 1):
        (detail, cpu), peak = in_child(on_core, core, timed, judge_hand, record, rules, args.budget, args.samples)
        times.append(cpu)
        peaks.append(peak)
        details.append(detail)
        shown = {k: v for k, v in detail.items() if k != "figures"}
        print(f"  {core}: {name} hand {number}: {cpu:.1f} s CPU ({detail['solve_s'] / cpu:.0%} solving), {peak:.0f} MB, {shown}", flush=True)
    return {
        "cpu_s_median": round(statistics.median(times), 2),
        "cpu_s_max": round(max(times), 2),
        "solve_share": round(sum(d["solve_s"] for d in details) / sum(times), 3),
        "peak_mb": round(max(peaks)),
        "samples_median": statistics.median(d["samples"] for d in details),
        "per_hand": list(zip(times, details)),
    }


def compared(name: str, rules: RuleSet, players: int, args, figures: dict) -> None:
    """``name``'s hands on each core asked for, into ``figures``: the first core's under
    ``name``, the others' prefixed by theirs, and where the pure-Python core ran, its time over
    the compiled core's on the same hands and whether the figures were the same."""
    first = args.cores[0]
    runs = {}
    for core in args.cores:
        count = args.hands if core == first else min(args.hands, args.python_hands)
        if count <= 0:
            continue
        found = hands_figures(name, rules, players, args, core, count)
        runs[core] = found.pop("per_hand")
        for key, value in found.items():
            figures[f"{name}_{key}" if core == first else f"{core}_{name}_{key}"] = value
    if "python" in runs and "compiled" in runs:
        both = min(len(runs["python"]), len(runs["compiled"]))
        python = sum(t for t, _ in runs["python"][:both])
        compiled = sum(t for t, _ in runs["compiled"][:both])
        pairs = list(zip(runs["python"][:both], runs["compiled"][:both]))
        exact = not any(p[1]["cut"] or c[1]["cut"] for p, c in pairs)  # cut solves may differ by core
        same = all(p[1]["figures"] == c[1]["figures"] for p, c in pairs) if exact else None
        figures[f"{name}_ratio_vs_python"] = round(python / compiled, 1)
        figures[f"{name}_same_figures_on_both_cores"] = same
        print(f"  {name}: python / compiled over {both} hand(s): {python / compiled:.1f}; the same figures on both: {same}", flush=True)


def folder_peak(count: int, seed: int) -> tuple[float, float]:
    """``muggins analyze`` on ``count`` small games: (peak MB, wall seconds)."""
    changes = ["max_pip=4", "hand_size=4", "players=[2]", "target=60"]
    rules = rulesmod.with_overrides(load("allfives"), [tuple(c.split("=", 1)) for c in changes])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.mgn"
        path.write_text(format_records(simulate(rules, seed, count, Options(players=2))), encoding="utf-8")
        command = [sys.executable, "-m", "muggins", "analyze", str(path), "--samples", "16", "--format", "csv"]
        for change in changes:
            command += ["--set", change]
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        return usage.ru_maxrss / 1024, time.perf_counter() - start


def archive(games: int, jobs: int, seed: int) -> dict:
    """``muggins analyze --jobs JOBS`` (the default judging) on ``games`` simulated four-player
    games (``muggins simulate --rules pontos``), niced: wall seconds, the CPU seconds of the
    process and its workers, their peak memory, the hands and records."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pontos.mgn"
        muggins = [sys.executable, "-m", "muggins"]
        subprocess.run([*muggins, "simulate", "--rules", "pontos", "--seed", str(seed), "--games", str(games), "-o", str(path)], check=True)
        hands = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("hand "))
        command = ["nice", *muggins, "analyze", str(path), "--jobs", str(jobs), "--format", "csv"]
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    return {
        "games": games,
        "hands": hands,
        "jobs": jobs,
        "wall_s": round(wall, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
        "peak_mb": round(usage.ru_maxrss / 1024),
        "exit": os.waitstatus_to_exitcode(status),
    }


def cores() -> list[str]:
    """The solver cores to measure: the compiled one where it is built, and the pure-Python one."""
    from muggins.analysis import solver_core

    return ["compiled", "python"] if solver_core.available() else ["python"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--budget", default="none", help="seconds per solve, or none (exact)")
    parser.add_argument("--records", type=int, nargs="*", default=[10, 40])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cores", nargs="+", choices=["compiled", "python"], default=None, help="the solver cores, the first measured on every hand (default: compiled python where it is built)")
    parser.add_argument("--python-hands", type=int, default=1, help="hands of each kind measured on the pure-Python core too (minutes each)")
    parser.add_argument("--archive", type=int, default=0, metavar="GAMES", help="also muggins analyze on this many simulated four-player games")
    parser.add_argument("--archive-jobs", type=int, default=2)
    parser.add_argument("--no-four", action="store_true", help="skip the four-player hands")
    parser.add_argument("--no-two", action="store_true", help="skip the two-player hands")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.samples, args.budget, args.records = 1, 4, "0.5", [4, 8]
    args.budget = None if args.budget == "none" else float(args.budget)
    args.cores = args.cores or cores()
    print(f"solver cores: {', '.join(args.cores)}; samples <= {args.samples}; budget per solve: {args.budget or 'none (exact)'}")
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    figures: dict[str, object] = {"core": args.cores[0]}
    if not args.no_four:
        compared("four_player_hand", load("pontos"), 4, args, figures)
    if not args.no_two:
        compared("two_player_boneyard_hand", load("allfives-seven-five"), 2, args, figures)
    for count in args.records:
        peak, seconds = folder_peak(count, args.seed)
        figures[f"folder_of_{count}_peak_mb"] = round(peak)
        print(f"  folder of {count} records: peak {peak:.0f} MB, {seconds:.1f} s wall", flush=True)
    if args.archive:
        found = archive(args.archive, args.archive_jobs, args.seed)
        print(f"  archive: {found}", flush=True)
        figures.update({f"archive_{key}": value for key, value in found.items()})
    figures["load_end"] = round(os.getloadavg()[0], 2)
    print(f"load average at end: {figures['load_end']}")
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
