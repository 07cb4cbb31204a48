"""How fast the fair analysis is (expected values on what each player could know): prints
figures, asserts nothing.

    python bench/bench_fair.py [--hands 3] [--samples 64] [--budget none] [--records 10 40]
                               [--quick] [--json]

Three figures, each measured in its own forked process (CPU seconds of that process; peak
memory is its ``ru_maxrss``):

- **4-player hand**: ``analyze_record`` with the default judging (the expected view, at most
  ``--samples`` deals per decision, each solved exactly unless ``--budget`` says otherwise) on
  the first hand of ``--hands`` simulated four-player seven-tile games (``pontos``, no
  boneyard): every decision of the hand judged. Median and largest CPU seconds per hand, and
  the samples taken (their total, and at the first four decisions, where most of the time goes).
- **2-player hand with a boneyard**: the same on two-player seven-tile games with a boneyard of
  14 (``allfives-seven-five``), where the sampled deals include the boneyard's order.
- **memory over a folder**: ``muggins analyze`` (the command, in a child process) on folders of
  ``--records`` small simulated games (double-4 set, two players, 16 samples), peak memory of
  each run: flat in the number of records if nothing is kept from one record to the next.

The solver core is whatever ``muggins.analysis.solver`` runs on in this tree (printed).
``--json``: the figures as one JSON object on the last line. ``--quick`` (a smoke run): one
hand of each, 4 samples, solves cut at 0.5 s, folders of 4 and 8 records. On the pure-Python solver core a 4-player hand at 64
samples takes many CPU minutes (its opening solves take seconds each): ``--hands 1`` there.
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


def first_hands(rules: RuleSet, players: int, count: int, seed: int) -> list[Record]:
    return [Record(r.headers, r.hands[:1]) for r in simulate(rules, seed, count, Options(players=players))]


def judge_hand(record: Record, rules: RuleSet, budget: float | None, samples: int) -> dict:
    analysis = analyze_record(record, rules, budget, judging=Judging(samples=samples))
    judged = [d for d in analysis.decisions if d.samples]
    return {
        "decisions": len(analysis.decisions),
        "sampled": len(judged),
        "samples": sum(d.samples for d in judged),
        "samples_first_4": [d.samples for d in judged[:4]],
        "cut": sum(1 for d in judged if d.depth is not None),
    }


def hands_figures(name: str, rules: RuleSet, players: int, args) -> dict:
    times, details, peaks = [], [], []
    for number, record in enumerate(first_hands(rules, players, args.hands, args.seed), 1):
        (detail, cpu), peak = in_child(timed, judge_hand, record, rules, args.budget, args.samples)
        times.append(cpu)
        peaks.append(peak)
        details.append(detail)
        print(f"  {name} hand {number}: {cpu:.1f} s CPU, {peak:.0f} MB, {detail}", flush=True)
    return {
        "cpu_s_median": round(statistics.median(times), 2),
        "cpu_s_max": round(max(times), 2),
        "peak_mb": round(max(peaks)),
        "samples_median": statistics.median(d["samples"] for d in details),
    }


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


def core() -> str:
    try:
        from muggins.analysis import solver_core  # the compiled core, where the tree has one

        return str(solver_core.active())
    except ImportError:
        return "python (this tree has no compiled core)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--budget", default="none", help="seconds per solve, or none (exact)")
    parser.add_argument("--records", type=int, nargs="+", default=[10, 40])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-four", action="store_true", help="skip the four-player hands")
    parser.add_argument("--no-two", action="store_true", help="skip the two-player hands")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.samples, args.budget, args.records = 1, 4, "0.5", [4, 8]
    args.budget = None if args.budget == "none" else float(args.budget)
    print(f"solver core: {core()}; samples <= {args.samples}; budget per solve: {args.budget or 'none (exact)'}")
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    figures: dict[str, object] = {"core": core()}
    if not args.no_four:
        for key, value in hands_figures("4p", load("pontos"), 4, args).items():
            figures[f"four_player_hand_{key}"] = value
    if not args.no_two:
        for key, value in hands_figures("2p", load("allfives-seven-five"), 2, args).items():
            figures[f"two_player_boneyard_hand_{key}"] = value
    for count in args.records:
        peak, seconds = folder_peak(count, args.seed)
        figures[f"folder_of_{count}_peak_mb"] = round(peak)
        print(f"  folder of {count} records: peak {peak:.0f} MB, {seconds:.1f} s wall", flush=True)
    figures["load_end"] = round(os.getloadavg()[0], 2)
    print(f"load average at end: {figures['load_end']}")
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
