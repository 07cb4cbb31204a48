"""Run every benchmark of the project and print one table of figures.

    python bench/run.py [--quick] [--markdown]

Each benchmark script runs in its own process with ``--json`` and prints its figures as one JSON
object on its last line; this script collects them, with the peers measured in the same run
(python-chess ``read_game`` for parsing and the audit, the ``dominoes`` package for replay), and
prints one table. The bench-only peers come from the ``bench`` extra: ``pip install '.[bench]'``;
the viewer's browser figures need Playwright (the ``test`` extra) and Chromium.
Figures are measured, never asserted; ``--quick`` runs smaller inputs for a smoke test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: (script, its arguments in a full run, in a quick run)
SUITE: tuple[tuple[str, list[str], list[str]], ...] = (
    ("bench_parse.py", ["--repeat", "3", "--both"], ["--quick"]),
    ("bench_replay.py", ["--repeat", "3"], ["--hands", "300", "--repeat", "1", "--dominoes-games", "50"]),
    ("bench_audit.py", ["--repeat", "3"], ["--hands", "300", "--repeat", "1"]),
    ("bench_which_rules.py", ["--repeat", "3"], ["--quick"]),
    ("bench_solver.py", [], ["--quick"]),
    ("bench_startup.py", [], ["--quick"]),
    # The full grid of bench_scale.py (10, 30 and 100 MB, analyze too) takes some 40 minutes: run it alone.
    ("bench_scale.py", ["--sizes", "10", "100", "--commands", "check", "audit", "--speed-mb", "30"], ["--quick"]),
    ("bench_viewer.py", [], ["--quick"]),
    # Fair analysis: every decision of whole hands, on the compiled core and one of each kind on
    # the pure-Python one too (some 12 minutes); the archive (--archive) runs alone.
    ("bench_fair.py", ["--hands", "3"], ["--quick"]),
)


def run_one(script: str, args: list[str]) -> dict:
    path = HERE / script
    if not path.exists():
        return {"error": "missing"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, str(path), "--json", *args], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
        return {"error": f"exit {done.returncode}: {tail[0]}", "seconds": round(seconds, 1)}
    lines = [line for line in done.stdout.strip().splitlines() if line.startswith("{")]
    if not lines:
        return {"error": "no JSON figures printed", "seconds": round(seconds, 1)}
    figures = json.loads(lines[-1])
    figures["seconds"] = round(seconds, 1)
    return figures


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, load {load:.2f} at start"


def _show(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small inputs: a smoke test of the suite")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown (for the README)")
    args = parser.parse_args()
    header = machine()
    rows: list[tuple[str, str, str]] = []
    for script, full, quick in SUITE:
        figures = run_one(script, quick if args.quick else full)
        name = script.removeprefix("bench_").removesuffix(".py")
        if "error" in figures:
            rows.append((name, "error", figures["error"]))
            continue
        for key, value in figures.items():
            if key == "seconds":
                continue
            rows.append((name, key, _show(value)))
    width = max(len(f"{a} {b}") for a, b, _ in rows) + 2
    if args.markdown:
        print(f"Measured on {header}.\n")
        print("| benchmark | figure | value |\n|---|---|---|")
        for bench, key, value in rows:
            print(f"| {bench} | {key} | {value} |")
    else:
        print(f"muggins benchmarks: {header}")
        for bench, key, value in rows:
            print(f"  {bench:8} {key:{width}} {value:>16}")


if __name__ == "__main__":
    main()
