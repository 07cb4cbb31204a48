"""The Dask backend against ``--jobs`` on one machine (issue 14): prints figures, asserts nothing.

    python bench/bench_cluster.py [--megabytes 1024] [--workers 2] [--quick] [--json]

Makes an archive of simulated games (two- and four-player, with forgotten claims) of about
``--megabytes`` MB under ``bench/out/`` (kept), then runs ``muggins audit --format jsonl`` over it
twice in the same run, each in a process of its own: with ``--jobs N`` and with ``--scheduler
local:N``. For each: wall time, throughput (MB/s and records/s), the peak memory of the client
process (``ru_maxrss`` from ``os.wait4``) and of the cluster's worker processes (the largest
``ru_maxrss`` among the client's descendants, as ``RUSAGE_CHILDREN`` of the client reports),
and the ratio of the two backends' times (the target: the Dask backend within 15% of
``--jobs``). The outputs are compared byte for byte. ``--quick``: 20 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"


def archive(megabytes: int) -> tuple[Path, int]:
    """A folder of simulated games of about ``megabytes`` MB, and how many records it holds."""
    folder = OUT / f"archive-{megabytes}mb"
    marker = folder / "RECORDS"
    if marker.exists():
        return folder, int(marker.read_text())
    folder.mkdir(parents=True, exist_ok=True)
    seed, total, records = 0, 0, 0
    target = megabytes << 20
    while total < target:
        seed += 1
        path = folder / f"games-{seed:04d}.mgn"
        four = seed % 2 == 0
        args = ["--games", "500", "--seed", str(seed), "--forget", "0.2"]
        if four:
            args += ["--rules", "scorecard", "--players", "4"]
        subprocess.run([sys.executable, "-m", "muggins", "simulate", *args, "-o", str(path)], check=True)
        total += path.stat().st_size
        records += 500
    marker.write_text(str(records))
    return folder, records


def peak_of(argv: list[str], out: Path) -> dict:
    """One ``muggins`` run in its own process: wall seconds, the peak memory of that process
    (``wait4``) and of the largest of its descendants (its ``RUSAGE_CHILDREN``)."""
    start = time.perf_counter()
    script = (
        "import resource, runpy, sys\n"
        f"sys.argv = ['muggins', *{argv!r}]\n"
        "code = 0\n"
        "try:\n    runpy.run_module('muggins', run_name='__main__')\n"
        "except SystemExit as exc:\n    code = exc.code if isinstance(exc.code, int) else 1\n"
        "children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "sys.stderr.write(f'CHILDREN_KB {children}\\n')\n"
        "sys.stderr.flush()\n"
        "import os\nos._exit(code)\n"
    )
    with open(out, "wb") as stdout, open(out.with_suffix(".err"), "wb") as stderr:
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=stdout, stderr=stderr)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    text = out.with_suffix(".err").read_text(errors="replace")
    children = [int(line.split()[1]) for line in text.splitlines() if line.startswith("CHILDREN_KB ")]
    return {
        "seconds": round(wall, 2),
        "exit": os.waitstatus_to_exitcode(status),
        "client_peak_mb": round(usage.ru_maxrss / 1024, 1),
        "workers_peak_mb": round(children[-1] / 1024, 1) if children else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=1024)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a 20 MB archive: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    if args.quick:
        args.megabytes = 20
    folder, records = archive(args.megabytes)
    size = sum(p.stat().st_size for p in folder.glob("*.mgn"))
    figures: dict = {"archive_mb": round(size / 2**20, 1), "records": records, "workers": args.workers}
    outputs = {}
    for name, extra in (("jobs", ["--jobs", str(args.workers)]), ("dask", ["--scheduler", f"local:{args.workers}"])):
        out = OUT / f"cluster-{name}.jsonl"
        got = peak_of(["audit", str(folder), "--format", "jsonl", *extra], out)
        got["mb_per_s"] = round(size / 2**20 / got["seconds"], 2)
        got["records_per_s"] = round(records / got["seconds"], 1)
        figures[name] = got
        outputs[name] = out
    figures["dask_over_jobs"] = round(figures["dask"]["seconds"] / figures["jobs"]["seconds"], 3)
    figures["same_output"] = outputs["jobs"].read_bytes() == outputs["dask"].read_bytes()
    if args.json:
        print(json.dumps(figures))
        return
    print(f"archive: {figures['archive_mb']} MB, {records:,} records, {args.workers} workers")
    for name in ("jobs", "dask"):
        f = figures[name]
        print(f"  {name:5} {f['seconds']:8.1f} s  {f['mb_per_s']:6.2f} MB/s  {f['records_per_s']:8.1f} records/s  client {f['client_peak_mb']} MB  workers {f['workers_peak_mb']} MB  exit {f['exit']}")
    print(f"  dask / jobs time: {figures['dask_over_jobs']}  (target <= 1.15); same output: {figures['same_output']}")


if __name__ == "__main__":
    main()
