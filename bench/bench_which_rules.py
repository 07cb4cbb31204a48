"""`audit --which-rules` speed: ranking one record of about 4 KB under every candidate rule set.

    python bench/bench_which_rules.py [--records 6] [--repeat 3] [--quick] [--json]

Simulates records of about 4 KB (two- to four-player games under several presets, with slips:
forgotten and short claims; each without its [Rules] tag, so that every candidate is a guess),
and times, in CPU seconds of this process (the best of ``--repeat``), per record:
``rank(record)`` (the whole ranking, every candidate audited to the end: what the command did
before it took ``--top`` into account), ``rank(record, top=8)`` (the command's default) and
``rank(record, top=2)`` (what the fuzz harness runs). Prints the figures; asserts nothing (that
the cut rankings are the whole one cut is tests/test_which_rules_top.py).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import statistics
import time

from muggins.analysis.which_rules import candidates, rank
from muggins.notation.formatter import format_record
from muggins.replay import rules as rulesmod
from muggins.replay.simulate import Options, simulate

#: (preset, players) of the records timed, in turn.
TABLES = (("allfives", 2), ("fives-and-threes", 2), ("allfives", 4), ("pontos", 4), ("scorecard", 2), ("sniff", 3))


def records(count: int, size: int = 4000) -> list:
    """``count`` records of about ``size`` characters (formatted), without their [Rules] tag."""
    out = []
    for at in range(count):
        name, players = TABLES[at % len(TABLES)]
        rules = rulesmod.with_overrides(rulesmod.load(name), [("target", 1000)])  # long games: cut by hands
        options = Options(players=players, strategy="random", forget=0.1, underclaim=0.05, max_hands=1)
        hands = 1
        while True:
            (record,) = simulate(rules, 100 + at, 1, dataclasses.replace(options, max_hands=hands))
            if len(format_record(record)) >= size or hands >= 40:
                break
            hands += 1
        out.append((f"{name}-{players}p", len(format_record(record)), dataclasses.replace(
            record, headers=tuple(h for h in record.headers if h.name not in ("Rules", "Set")))))
    return out


def cpu(work, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="two records, one run: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    if args.quick:
        args.records, args.repeat = 2, 1
    timed = records(args.records)
    candidates()  # the presets loaded outside the timing
    rows = []
    for name, size, record in timed:
        whole = cpu(lambda: rank(record), args.repeat)
        top8 = cpu(lambda: rank(record, top=8), args.repeat)
        top2 = cpu(lambda: rank(record, top=2), args.repeat)
        rows.append((name, size, len(record.hands), whole, top8, top2))
    figures = {
        "candidates": len(candidates()) + 1,
        "record_chars_median": statistics.median(r[1] for r in rows),
        "whole_s_median": round(statistics.median(r[3] for r in rows), 3),
        "whole_s_max": round(max(r[3] for r in rows), 3),
        "top8_s_median": round(statistics.median(r[4] for r in rows), 3),
        "top8_s_max": round(max(r[4] for r in rows), 3),
        "top2_s_median": round(statistics.median(r[5] for r in rows), 3),
        "top2_s_max": round(max(r[5] for r in rows), 3),
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{'record':22} {'chars':>6} {'hands':>5} {'whole s':>8} {'top 8 s':>8} {'top 2 s':>8}")
    for name, size, hands, whole, top8, top2 in rows:
        print(f"{name:22} {size:6} {hands:5} {whole:8.3f} {top8:8.3f} {top2:8.3f}")
    for key, value in figures.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
