"""Scale: peak memory against archive size, and the speed-up of ``--jobs 2`` over ``--jobs 1``.

    python bench/bench_scale.py [--sizes 10 30 100] [--folder-sizes 10 30 100] [--jobs 1]
                                [--commands check audit analyze] [--speed-mb 30] [--repeat 2]
                                [--keep] [--quick] [--json]

Writes archives of simulated games (bench/corpus.py: whole games under a mix of presets and
table sizes, repeated until the size is reached) under bench/out/: one file of N MB, and a
folder holding the same records in files of about 200 KB. Runs ``muggins check``, ``muggins
audit --format json`` (the JSON document written as records are done) and ``muggins analyze
--budget 0 --format csv`` (its JSON is some 60 times the size of the input, so csv keeps the
run short) on each, output to /dev/null, and prints each run's wall time and peak resident
memory (the largest of the process and its workers, from ``wait4``): flat peaks across sizes
mean memory does not grow with the archive. Then times ``--jobs 1`` and ``--jobs 2`` on the
``--speed-mb`` archive (best of ``--repeat`` alternated runs each) and prints the ratio, with
the load average (other work on the machine spoils the figure). Deletes the archives afterwards
unless ``--keep``. ``--sizes`` with no size: only the speed-up. ``--json``: the figures as one
JSON object on the last line (for bench/run.py); ``--quick``: 2 and 4 MB, check and audit,
speed-up on 4 MB. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import OUT, corpus_file  # noqa: E402

MB = 1_000_000
#: The command lines measured, by name; the archive's path goes last.
COMMANDS = {
    "check": ["check"],
    "audit": ["audit", "--format", "json"],
    "analyze": ["analyze", "--budget", "0", "--format", "csv"],
}
FOLDER_FILE_SIZE = 200_000


def muggins() -> list[str]:
    """The command line that runs muggins with this Python."""
    return [sys.executable, "-m", "muggins"]


def write_archive(size_mb: int, base: str) -> Path:
    """One file of about ``size_mb`` MB: the base corpus repeated (records are read afresh each time)."""
    path = OUT / f"scale-{size_mb}mb.mgn"
    if path.exists() and path.stat().st_size >= size_mb * MB:
        return path
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        written = 0
        while written < size_mb * MB:
            if written:
                out.write("\n")
            out.write(base)
            written += len(base) + 1
    return path


def write_folder(size_mb: int, base: str) -> Path:
    """A folder of files of about 200 KB each, holding about ``size_mb`` MB of records."""
    folder = OUT / f"scale-{size_mb}mb"
    if folder.is_dir():
        return folder
    folder.mkdir()
    records = base.split("\n\n[Event")  # whole games: each begins with its Event tag
    records = [records[0]] + ["[Event" + r for r in records[1:]]
    written = number = 0
    part: list[str] = []
    part_size = 0
    while written < size_mb * MB:
        for record in records:
            part.append(record)
            part_size += len(record) + 2
            if part_size >= FOLDER_FILE_SIZE:
                number += 1
                (folder / f"part-{number:05d}.mgn").write_text("\n\n".join(part) + "\n", encoding="utf-8")
                written += part_size
                part, part_size = [], 0
                if written >= size_mb * MB:
                    break
    return folder


def measure(arguments: list[str]) -> tuple[float, float, int]:
    """(wall seconds, peak resident MB of the process and its workers, exit code)."""
    start = time.perf_counter()
    process = subprocess.Popen(muggins() + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    return seconds, usage.ru_maxrss / 1024, process.returncode  # ru_maxrss is in KiB on Linux


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10, 30, 100], help="archive sizes in MB (none: only the speed-up)")
    parser.add_argument("--folder-sizes", type=int, nargs="*", default=None, help="folder sizes in MB (default: --sizes)")
    parser.add_argument("--commands", nargs="+", default=list(COMMANDS), choices=list(COMMANDS))
    parser.add_argument("--jobs", type=int, default=1, help="--jobs for the memory runs")
    parser.add_argument("--speed-mb", type=int, default=30, help="archive size for the --jobs speed-up (0: skip)")
    parser.add_argument("--repeat", type=int, default=2, help="speed-up runs of each --jobs (the best counts)")
    parser.add_argument("--keep", action="store_true", help="keep the archives under bench/out/")
    parser.add_argument("--quick", action="store_true", help="small archives, check and audit only: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.folder_sizes, args.commands, args.speed_mb, args.repeat = [2, 4], [4], ["check", "audit"], 4, 1
    say = (lambda *a, **k: None) if args.json else print
    figures: dict[str, float] = {}

    OUT.mkdir(exist_ok=True)
    base = corpus_file(5000).read_text(encoding="utf-8")
    made: list[Path] = []
    say(f"base corpus: {len(base) / MB:.2f} MB of simulated games; load average {load()}")
    try:
        folder_sizes = args.sizes if args.folder_sizes is None else args.folder_sizes
        if args.sizes or folder_sizes:
            say(f"\npeak memory (--jobs {args.jobs}), output to /dev/null")
            say(f"{'command':8} {'input':22} {'MB':>5} {'seconds':>8} {'peak MB':>8} {'exit':>4}")
        for size in sorted(set(args.sizes) | set(folder_sizes)):
            inputs = []
            if size in args.sizes:
                inputs.append(("one file", write_archive(size, base)))
            if size in folder_sizes:
                folder = write_folder(size, base)
                inputs.append((f"folder ({len(list(folder.iterdir()))} files)", folder))
            made += [target for _, target in inputs]
            for name in args.commands:
                for label, target in inputs:
                    seconds, peak, code = measure(COMMANDS[name] + ["--jobs", str(args.jobs), str(target)])
                    say(f"{name:8} {label:22} {size:5} {seconds:8.1f} {peak:8.1f} {code:4}", flush=True)
                    kind = "file" if target.is_file() else "folder"
                    figures[f"peak_mb_{name}_{kind}_{size}mb"] = round(peak, 1)
        if args.speed_mb:
            archive = write_archive(args.speed_mb, base)
            made.append(archive)
            say(f"\n--jobs speed-up on the {args.speed_mb} MB archive (wall time; {os.cpu_count()} cores)")
            for name in args.commands:
                before = load()
                ones, twos = [], []
                for _ in range(args.repeat):  # alternated, best of each: the least disturbed runs
                    ones.append(measure(COMMANDS[name] + ["--jobs", "1", str(archive)])[0])
                    twos.append(measure(COMMANDS[name] + ["--jobs", "2", str(archive)])[0])
                one, two = min(ones), min(twos)
                say(f"{name:8} --jobs 1 {one:6.1f} s   --jobs 2 {two:6.1f} s   x{one / two:.2f}   load before/after: {before} / {load()}", flush=True)
                figures[f"jobs2_speedup_{name}"] = round(one / two, 2)
            figures["load_after"] = round(os.getloadavg()[0], 2)
    finally:
        if not args.keep:
            for path in made:
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)
                elif path.exists():
                    path.unlink()
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
