"""The figures of the long fuzz run's chunks, each and in total, from their logs.

    python fuzz/sum_runs.py [fuzz/runs/*.txt] [--markdown]

Each log is the output of one ``python fuzz/run.py --inputs N --seed S ...`` run (its seed range
distinct from the others'), as written to ``fuzz/runs/seed-S.txt``. Prints, per chunk and in
total: inputs (and rule files), problems, the slowest input's CPU seconds, the most memory,
wall and CPU seconds and the load average during the run. A log whose run did not finish is
listed as unfinished and left out of the total.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

RUNS = Path(__file__).resolve().parent / "runs"

_START = re.compile(r"^fuzz: (\d+) inputs from number (\d+), (\d+) process")
_END = re.compile(r"^(\d+) inputs \(and (\d+) rule files\) in (\d+) s \(\d+ per second\), (\d+) s of CPU")
_LOAD = re.compile(r"load average \(1 min\) during the run: ([\d.]+) to ([\d.]+), mean ([\d.]+)")
_SLOW = re.compile(r"^  slowest input: (\S+) \(([\d.]+) s of CPU")
_MEMORY = re.compile(r"^  most memory: (\S+) \(([\d.]+) MB")
_FOUND = re.compile(r"^FOUND (\d+) input")


@dataclass
class Chunk:
    name: str
    seed: int
    asked: int
    jobs: int
    inputs: int = 0
    rule_files: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    load: tuple[float, float, float] | None = None
    slowest: tuple[float, str] = (0.0, "")
    memory: tuple[float, str] = (0.0, "")
    problems: int = 0
    finished: bool = False


def read(path: Path) -> Chunk | None:
    chunk = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if (m := _START.match(line)) is not None:
            chunk = Chunk(path.name, int(m[2]), int(m[1]), int(m[3]))
        elif chunk is None:
            continue
        elif (m := _END.match(line)) is not None:
            chunk.inputs, chunk.rule_files, chunk.wall, chunk.cpu = int(m[1]), int(m[2]), float(m[3]), float(m[4])
            chunk.finished = True
        elif (m := _LOAD.search(line)) is not None:
            chunk.load = (float(m[1]), float(m[2]), float(m[3]))
        elif (m := _SLOW.match(line)) is not None:
            chunk.slowest = (float(m[2]), m[1])
        elif (m := _MEMORY.match(line)) is not None:
            chunk.memory = (float(m[2]), m[1])
        elif (m := _FOUND.match(line)) is not None:
            chunk.problems = int(m[1])
    return chunk


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="*", type=Path, help="the chunks' logs (default: fuzz/runs/*.txt)")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    options = parser.parse_args(argv)
    chunks = [c for c in (read(p) for p in (options.logs or sorted(RUNS.glob("*.txt")))) if c is not None]
    chunks.sort(key=lambda c: c.seed)
    header = ("seeds", "inputs", "rule files", "problems", "slowest input (CPU s)", "most memory (MB)", "wall s", "CPU s", "load (min-max, mean)")
    rows = []
    for c in chunks:
        if not c.finished:
            rows.append((f"{c.seed:,}-", "unfinished", "", "", "", "", "", "", ""))
            continue
        load = f"{c.load[0]:.1f}-{c.load[1]:.1f}, {c.load[2]:.1f}" if c.load else ""
        rows.append((f"{c.seed:,}-{c.seed + c.inputs - 1:,}", f"{c.inputs:,}", f"{c.rule_files:,}", str(c.problems),
                     f"{c.slowest[0]:.2f} {c.slowest[1]}", f"{c.memory[0]:.0f} {c.memory[1]}", f"{c.wall:,.0f}", f"{c.cpu:,.0f}", load))
    done = [c for c in chunks if c.finished]
    if done:
        slowest = max(c.slowest for c in done)
        memory = max(c.memory for c in done)
        rows.append(("total", f"{sum(c.inputs for c in done):,}", f"{sum(c.rule_files for c in done):,}",
                     str(sum(c.problems for c in done)), f"{slowest[0]:.2f} {slowest[1]}", f"{memory[0]:.0f} {memory[1]}",
                     f"{sum(c.wall for c in done):,.0f}", f"{sum(c.cpu for c in done):,.0f}", ""))
    if options.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))
    return 1 if any(c.problems for c in done) else 0


if __name__ == "__main__":
    sys.exit(main())
