"""The Dask backend against ``--jobs`` on one machine (issue 14): prints figures, asserts nothing.

    python bench/bench_cluster.py [--megabytes 1024] [--distinct MB] [--games 2000] [--samples 64]
                                  [--budget 600] [--view expected|open-cards] [--workers 2]
                                  [--no-audit] [--no-analyze] [--backends jobs dask] [--quick] [--json]

Two workloads, each run twice in the same run, each time in a process of its own: with ``--jobs
N`` and with ``--scheduler local:N``.

- **audit**: an archive of simulated games (two- and four-player, claims forgotten 20% of the
  time) of about ``--megabytes`` MB under ``bench/out/`` (kept for the next run), audited with
  ``--format jsonl``;
- **analyze**: ``--games`` simulated four-player games (``muggins simulate --rules pontos``, in
  files of 100), analysed with ``--format jsonl`` at ``--samples`` deals a decision and
  ``--budget`` seconds a solve (large, so that every solve is exact and the two runs' figures
  can be compared byte for byte: a solve cut by its time depends on the load).

For each run: wall time, throughput (audit: MB/s and records/s; analyze: games/s, the seconds
of one worker per game, wall x N / games, and the CPU seconds per game of the process and its
workers, which other load on the machine disturbs less), CPU seconds of the process and its workers,
and the peak memory (``VmHWM``, polled in ``/proc`` every half second) of the client process and
of each worker process (its descendants, less multiprocessing's helpers); then the ratio of the
two backends' times (the target: the Dask backend within 15% of ``--jobs``) and of their CPU
seconds (steadier where other work shares the machine), and whether their
outputs are the same bytes. Finally what the Parquet tables of the same rows weigh: the rows of
the JSON lines written by muggins' own Parquet writer (``muggins.cli.tables_out``, as
``--format parquet -o DIR`` writes them), in bytes per record.

The issue's sizes (1 GB, 2,000 games at the default 64 samples) are the defaults; they take
hours on two cores. ``--quick``: a smoke run (20 MB, 4 games at 4 samples).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"

#: Games per file of the analyze workload.
GAMES_PER_FILE = 100

#: multiprocessing's helper processes: not workers.
HELPERS = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")


def _simulated(path: Path, seed: int) -> int:
    """One file of 500 simulated games (two- or four-player by the seed's parity); its bytes."""
    args = ["--games", "500", "--seed", str(seed), "--forget", "0.2"]
    if seed % 2 == 0:
        args += ["--rules", "scorecard", "--players", "4"]
    subprocess.run([sys.executable, "-m", "muggins", "simulate", *args, "-o", str(path)], check=True)
    return path.stat().st_size


def archive(megabytes: int, distinct: int | None = None, workers: int = 2) -> tuple[Path, int]:
    """A folder of simulated games of about ``megabytes`` MB, and how many records it holds.

    ``distinct``: simulate only about that many MB (``workers`` files at a time) and fill the
    rest with copies of those files under other names (simulating 1 GB takes about an hour on
    one core here; auditing a copy costs what auditing the original does: no record is
    remembered from one file to the next)."""
    name = f"archive-{megabytes}mb" if distinct is None else f"archive-{megabytes}mb-of-{distinct}"
    folder = OUT / name
    marker = folder / "RECORDS"
    if marker.exists():
        return folder, int(marker.read_text())
    folder.mkdir(parents=True, exist_ok=True)
    target, made = megabytes << 20, min(megabytes, distinct or megabytes) << 20
    seed, total, originals = 0, 0, []
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=workers) as pool:
        while total < made:
            batch = [(folder / f"games-{seed + k:04d}.mgn", seed + k) for k in range(1, workers + 1)]
            seed += workers
            total += sum(pool.map(lambda item: _simulated(*item), batch))
            originals += [path for path, _ in batch]
    files = len(originals)
    while total < target:
        source = originals[(files - len(originals)) % len(originals)]
        files += 1
        copy = folder / f"games-{files:04d}-copy-of-{source.stem.split('-')[1]}.mgn"
        shutil.copyfile(source, copy)
        total += copy.stat().st_size
    marker.write_text(str(files * 500))
    return folder, files * 500


def four_player_games(games: int) -> Path:
    """A folder of ``games`` simulated four-player games (pontos), in files of 100."""
    folder = OUT / f"pontos-{games}"
    marker = folder / "GAMES"
    if marker.exists():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    for number, start in enumerate(range(0, games, GAMES_PER_FILE), 1):
        count = min(GAMES_PER_FILE, games - start)
        path = folder / f"pontos-{number:04d}.mgn"
        args = ["--rules", "pontos", "--games", str(count), "--seed", str(number), "--forget", "0.2"]
        subprocess.run([sys.executable, "-m", "muggins", "simulate", *args, "-o", str(path)], check=True)
    marker.write_text(str(games))
    return folder


# ---- one run, its processes watched --------------------------------------------------------


def _parents() -> dict[int, int]:
    """pid -> parent pid, for every process now."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
        found[int(entry)] = int(fields[1])
    return found


def _descendants(root: int) -> list[int]:
    parents = _parents()
    tree, frontier = [], [root]
    while frontier:
        pid = frontier.pop()
        children = [child for child, parent in parents.items() if parent == pid]
        tree += children
        frontier += children
    return tree


def _peak_kb(pid: int) -> int | None:
    """The process's resident high-water mark (``VmHWM``), in kB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class Watch:
    """The peak memory of a process and of each of its descendants, polled until it ends."""

    def __init__(self, pid: int, every: float = 0.5) -> None:
        self.pid = pid
        self.every = every
        self.peaks: dict[int, int] = {}
        self.commands: dict[int, str] = {}
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopped.is_set():
            for pid in [self.pid, *_descendants(self.pid)]:
                peak = _peak_kb(pid)
                if peak is not None:
                    self.peaks[pid] = max(peak, self.peaks.get(pid, 0))
                    if pid not in self.commands:
                        self.commands[pid] = _command(pid)
            self.stopped.wait(self.every)

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join()

    def client_mb(self) -> float:
        return round(self.peaks.get(self.pid, 0) / 1024, 1)

    def workers_mb(self) -> list[float]:
        """Each worker's peak, largest first: the descendants less multiprocessing's helpers."""
        workers = [kb for pid, kb in self.peaks.items() if pid != self.pid and not any(h in self.commands.get(pid, "") for h in HELPERS)]
        return sorted((round(kb / 1024, 1) for kb in workers), reverse=True)


def measured(argv: list[str], out: Path) -> dict[str, Any]:
    """One ``muggins ARGV`` in its own process, its stdout to ``out``: wall and CPU seconds (of
    the process and the descendants it waited for), exit code, peak memory of each process."""
    start = time.perf_counter()
    with open(out, "wb") as stdout, open(out.with_suffix(".err"), "wb") as stderr:
        proc = subprocess.Popen([sys.executable, "-m", "muggins", *argv], stdout=stdout, stderr=stderr)
        watch = Watch(proc.pid)
        _, status, usage = os.wait4(proc.pid, 0)
        watch.stop()
    wall = time.perf_counter() - start
    return {
        "seconds": round(wall, 2),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 1),
        "exit": os.waitstatus_to_exitcode(status),
        "client_peak_mb": watch.client_mb(),
        "workers_peak_mb": watch.workers_mb(),
    }


# ---- the two backends on one workload ------------------------------------------------------


def both(name: str, argv: list[str], workers: int, tables: tuple[str, ...], records: int, backends: tuple[str, ...] = ("jobs", "dask")) -> dict[str, Any]:
    """``muggins ARGV --format jsonl`` with ``--jobs N`` and on ``local:N``: the figures of each,
    their ratio, whether the outputs are the same, and the Parquet tables' weight. A backend not
    in ``backends`` is not run again: its figures and output are those of the last run
    (``cluster-figures.json``, kept with its output under ``bench/out/``)."""
    figures: dict[str, Any] = {}
    outputs = {}
    last = json.loads((OUT / "cluster-figures.json").read_text()) if (OUT / "cluster-figures.json").exists() else {}
    for backend, extra in (("jobs", ["--jobs", str(workers)]), ("dask", ["--scheduler", f"local:{workers}"])):
        out = OUT / f"cluster-{name}-{backend}.jsonl"
        outputs[backend] = out
        if backend not in backends:
            figures[backend] = dict(last[name][backend], from_last_run=True)
            continue
        print(f"  {name} {backend} ...", file=sys.stderr, flush=True)
        figures[backend] = measured([*argv, "--format", "jsonl", *extra], out)
    figures["dask_over_jobs"] = round(figures["dask"]["seconds"] / figures["jobs"]["seconds"], 3)
    figures["cpu_dask_over_jobs"] = round(figures["dask"]["cpu_seconds"] / max(figures["jobs"]["cpu_seconds"], 0.1), 3)
    figures["same_output"] = outputs["jobs"].read_bytes() == outputs["dask"].read_bytes()
    figures["parquet_bytes"] = parquet_bytes(outputs["jobs"], tables, OUT / f"cluster-{name}-parquet")
    figures["parquet_bytes_per_record"] = round(figures["parquet_bytes"] / max(records, 1), 1)
    figures["rows"] = {table: count for table, count in rows_of(outputs["jobs"]).items()}
    return figures


def rows_of(jsonl: Path) -> dict[str, int]:
    counts: dict[str, int] = {}
    with open(jsonl, encoding="utf-8") as handle:
        for line in handle:
            table = json.loads(line)["table"]
            counts[table] = counts.get(table, 0) + 1
    return counts


def parquet_bytes(jsonl: Path, tables: tuple[str, ...], folder: Path) -> int:
    """The rows of ``jsonl`` written as ``--format parquet`` writes them; the folder's bytes."""
    from muggins.cli.tables_out import ParquetTables

    shutil.rmtree(folder, ignore_errors=True)
    written = ParquetTables(folder, tables)
    with open(jsonl, encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            written.add([(row.pop("table"), row)])
    written.close()
    return sum(p.stat().st_size for p in folder.rglob("*.parquet"))


def _line(backend: str, f: dict[str, Any], rate: str) -> str:
    workers = ", ".join(str(mb) for mb in f["workers_peak_mb"])
    return f"  {backend:5} {f['seconds']:8.1f} s  {rate}  cpu {f['cpu_seconds']} s  client {f['client_peak_mb']} MB  workers [{workers}] MB  exit {f['exit']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=1024, help="the audit's archive (MB)")
    parser.add_argument("--distinct", type=int, default=None, help="simulate only this many MB of the archive; the rest are copies of those files")
    parser.add_argument("--games", type=int, default=2000, help="four-player games to analyze")
    parser.add_argument("--samples", type=int, default=64, help="analyze --samples")
    parser.add_argument("--budget", type=float, default=600.0, help="analyze --budget (seconds a solve)")
    parser.add_argument("--view", default="expected", choices=("expected", "open-cards"), help="analyze --view (open-cards: one exact solve a decision, no sampling)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backends", nargs="+", choices=("jobs", "dask"), default=["jobs", "dask"], help="run only these again; the other's figures and output are the last run's")
    parser.add_argument("--no-audit", action="store_true")
    parser.add_argument("--no-analyze", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 20 MB, 4 games at 4 samples")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    if args.quick:
        args.megabytes, args.games, args.samples = 20, 4, 4
    OUT.mkdir(exist_ok=True)
    figures: dict[str, Any] = {"workers": args.workers, "load_at_start": round(os.getloadavg()[0], 2)}
    from muggins.analysis.tables import ANALYZE_TABLES, AUDIT_TABLES

    if not args.no_audit:
        folder, records = archive(args.megabytes, args.distinct, args.workers)
        size = sum(p.stat().st_size for p in folder.glob("*.mgn"))
        audit = both("audit", ["audit", str(folder)], args.workers, AUDIT_TABLES, records, tuple(args.backends))
        audit.update({"archive_mb": round(size / 2**20, 1), "records": records})
        for backend in ("jobs", "dask"):
            got = audit[backend]
            got["mb_per_s"] = round(size / 2**20 / got["seconds"], 2)
            got["records_per_s"] = round(records / got["seconds"], 1)
        figures["audit"] = audit
    if not args.no_analyze:
        folder = four_player_games(args.games)
        argv = ["analyze", str(folder), "--view", args.view, "--samples", str(args.samples), "--budget", str(args.budget)]
        analyze = both("analyze", argv, args.workers, ANALYZE_TABLES, args.games, tuple(args.backends))
        analyze.update({"games": args.games, "view": args.view, "samples": args.samples, "budget": args.budget})
        for backend in ("jobs", "dask"):
            got = analyze[backend]
            got["games_per_s"] = round(args.games / got["seconds"], 4)
            got["worker_seconds_per_game"] = round(got["seconds"] * args.workers / args.games, 2)
            got["cpu_seconds_per_game"] = round(got["cpu_seconds"] / args.games, 2)
        figures["analyze"] = analyze
    figures["load_at_end"] = round(os.getloadavg()[0], 2)
    last = json.loads((OUT / "cluster-figures.json").read_text()) if (OUT / "cluster-figures.json").exists() else {}
    for name in ("audit", "analyze"):  # a workload not run this time keeps its last figures
        if name not in figures and name in last:
            figures[name] = dict(last[name], from_last_run=True)
    (OUT / "cluster-figures.json").write_text(json.dumps(figures, indent=1) + "\n")
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{args.workers} workers; load {figures['load_at_start']} at start, {figures['load_at_end']} at end")
    if "audit" in figures:
        a = figures["audit"]
        print(f"audit: {a['archive_mb']} MB, {a['records']:,} records")
        for backend in ("jobs", "dask"):
            f = a[backend]
            print(_line(backend, f, f"{f['mb_per_s']:6.2f} MB/s  {f['records_per_s']:8.1f} records/s"))
    if "analyze" in figures:
        a = figures["analyze"]
        sampled = f"--samples {a['samples']}, " if a["view"] == "expected" else ""
        print(f"analyze: {a['games']:,} four-player games (pontos), --view {a['view']}, {sampled}--budget {a['budget']:g}")
        for backend in ("jobs", "dask"):
            f = a[backend]
            rate = f"{f['games_per_s']:.3f} games/s  {f['worker_seconds_per_game']:6.2f} s a game a worker ({f['cpu_seconds_per_game']} CPU s)"
            print(_line(backend, f, rate))
    for name in ("audit", "analyze"):
        if name in figures:
            a = figures[name]
            rows = ", ".join(f"{n:,} {table}" for table, n in a["rows"].items())
            print(
                f"{name}: dask / jobs time {a['dask_over_jobs']} (target <= 1.15), CPU {a['cpu_dask_over_jobs']}; same output: {a['same_output']};"
                f" Parquet {a['parquet_bytes'] / 1024:,.0f} KB ({rows}), {a['parquet_bytes_per_record']} bytes a record"
            )


if __name__ == "__main__":
    main()
