"""The long fuzz run: generated input through every layer and the command line, never a traceback.

    python fuzz/run.py --inputs 100000 --jobs 2

Inputs are numbered from ``--seed``; input ``n`` is of kind ``KINDS[n % 13]`` (printable text,
arbitrary unicode, random bytes, grammar-shaped records, valid records with a token or some
characters changed; and the hostile classes: deep or aliased YAML in rule values, counts that
expand, old Mac line ends, a brace left open, control characters, formula-like text, lines and
records about the reading limits, read under low limits: ``inputs.LIMITS``), made by
``fuzz.inputs.generate(kind, n)``, so any finding is reproduced from its kind and number alone
(``--only KIND:N``). Every input goes through the parser, the formatter
round trip, the check command's checkers, the replayer, the audit, the analysis (solver budget 0)
and an SVG picture, under the record's rules and one preset drawn at random; every
``--cli-every``-th input is also given, as a file, to three commands drawn from
``fuzz.properties.CLI_RUNS`` (in-process), and every ``--process-every``-th to ``muggins check``
and ``muggins audit`` as real processes. One in ten numbers also makes a YAML rule file for the
rule loader (and, with the command line, ``muggins rules FILE`` and ``audit --rules FILE``).

Each input's CPU time (its worker's, and its real processes') and peak memory (the worker's
resident high-water mark, reset before each input through ``/proc/self/clear_refs``, and its
real processes' own) are measured: an input over ``--slow`` seconds of CPU (2) or ``--memory``
MB (500) is a problem; one still working after ``--stop-after`` CPU seconds is stopped and
reported; a worker may not map more than ``--address-space`` MB, so a runaway input fails with
MemoryError instead of taking the machine.

Prints progress, then the figures: inputs by kind, records read, command runs, time, the slowest
input and the one that took the most memory, and every problem found (each input that broke
something is saved under ``--out``). Exit code 0 when nothing was found, 1 otherwise.
``--big-lines`` times 10 MB single lines.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import multiprocessing
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz import inputs, properties  # noqa: E402

RULE_FILE_EVERY = 10


def _save(out: Path, name: str, data: str | bytes, problems: list[properties.Problem]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    raw = data if isinstance(data, bytes) else data.encode("utf-8", errors="surrogatepass")
    (out / f"{name}.input").write_bytes(raw)
    (out / f"{name}.txt").write_text("\n\n".join(str(p) for p in problems), encoding="utf-8")


class _Stopped(BaseException):
    """An input still working after ``--stop-after`` CPU seconds (not an Exception: nothing on
    the way may take it for the input's own error)."""


def _worker_start(address_space_mb: int) -> None:
    """A worker's limits: its address space, and the CPU-time alarm that stops an input."""
    if address_space_mb:
        limit = address_space_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    def stop(signum, frame):
        raise _Stopped

    signal.signal(signal.SIGPROF, stop)


def _reset_peak() -> None:
    """Start the resident high-water mark afresh (Linux 4.0 and later; elsewhere it only grows)."""
    try:
        with open("/proc/self/clear_refs", "w") as handle:
            handle.write("5")
    except OSError:
        pass


def _peak_mb() -> float:
    """This process's resident high-water mark since the last :func:`_reset_peak`, in MB."""
    try:
        with open("/proc/self/status") as handle:
            found = re.search(r"VmHWM:\s+(\d+) kB", handle.read())
        if found:
            return int(found.group(1)) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _process_runs(path: Path) -> tuple[list[properties.Problem], float]:
    """``check`` and ``audit`` as real processes: the problems, and the larger peak memory (MB)
    of the two (``os.wait4``: the child's own figure)."""
    import threading

    problems = []
    peak = 0.0
    for args in (["check", str(path)], ["audit", str(path)]):
        child = subprocess.Popen([sys.executable, "-m", "muggins", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        timer = threading.Timer(300, child.kill)
        timer.start()
        output = child.stdout.read() if child.stdout is not None else b""
        _, status, usage = os.wait4(child.pid, 0)
        timer.cancel()
        child.returncode = code = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if code == -signal.SIGKILL:
            problems.append(properties.Problem("slow", f"muggins {' '.join(args)} ran 300 s"))
        peak = max(peak, usage.ru_maxrss / 1024)
        problems += properties.check_cli_output(args, code, output.decode("utf-8", errors="replace"), None)
    return problems, peak


def one(number: int, options: argparse.Namespace, work: Path) -> tuple[collections.Counter, list[tuple[str, list[properties.Problem]]], float, float]:
    """Input ``number`` checked (see :func:`_one`), under the CPU-time stop; the counts, the
    problems, the CPU seconds and the peak memory (MB) it took."""
    kind = inputs.KINDS[number % len(inputs.KINDS)]
    _reset_peak()
    cpu, children = time.process_time(), _children_cpu()
    signal.setitimer(signal.ITIMER_PROF, options.stop_after)
    try:
        counts, found, child_peak = _one(number, options, work)
    except _Stopped:
        counts = collections.Counter({f"inputs:{kind}": 1, "inputs stopped": 1})
        found = [(f"{kind}:{number}", [properties.Problem("slow", f"stopped after {options.stop_after:.0f} s of CPU")])]
        child_peak = 0.0
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    took = time.process_time() - cpu + _children_cpu() - children
    peak = max(_peak_mb(), child_peak)
    return counts, found, took, peak


@contextlib.contextmanager
def _limits(variables: dict[str, str]):
    """The reading limits of an input's kind (``inputs.LIMITS``) in force while it is checked,
    its real processes included; the environment as it was afterwards."""
    saved = {name: os.environ.get(name) for name in variables}
    os.environ.update(variables)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _one(number: int, options: argparse.Namespace, work: Path) -> tuple[collections.Counter, list[tuple[str, list[properties.Problem]]], float]:
    """Generate input ``number`` (and its rule file, one time in ten), check it; the counts, the
    problems (with the saved input's name) and the peak memory of its real processes."""
    counts: collections.Counter = collections.Counter()
    found: list[tuple[str, list[properties.Problem]]] = []
    child_peak = 0.0
    kind = inputs.KINDS[number % len(inputs.KINDS)]
    data = inputs.generate(kind, number)
    rng = random.Random(number)
    path = work / "input.mgn"
    counts[f"inputs:{kind}"] += 1
    with _limits(inputs.LIMITS.get(kind, {})):
        if isinstance(data, bytes):
            path.write_bytes(data)
            problems = properties.check_file(path, rng)
        else:
            path.write_text(data, encoding="utf-8", newline="")
            records, problems = properties.check_parse(data)
            counts["records read"] += len(records)
            for record in records:
                problems += properties.check_format(record)
                problems += properties.check_record(record, rng)
            problems += properties.check_file(path, rng) if number % options.cli_every == 0 else []
        if kind in inputs.LIMITS:
            problems += properties.check_limits(path, inputs.LIMITS[kind])
        if number % options.cli_every == 0:
            problems += properties.check_cli(path, rng)
            counts["command runs (in-process)"] += 3
        if options.process_every and number % options.process_every == 0:
            more, child_peak = _process_runs(path)
            problems += more
            counts["command runs (real processes)"] += 2
    if problems:
        _save(options.out, f"{kind}-{number}", data, problems)
        found.append((f"{kind}:{number}", problems))
    if number % RULE_FILE_EVERY == 0:
        counts["inputs:rule-file"] += 1
        rules_path = work / "rules.yaml"
        text = inputs.rule_file(random.Random(f"rules:{number}"))
        rules_path.write_text(text, encoding="utf-8")
        problems = properties.check_rule_file(rules_path)
        if number % options.cli_every == 0:
            problems += properties.check_cli_rules(rules_path, inputs.SAMPLES / "allfives-2p.mgn")
            counts["command runs (in-process)"] += 2
        if problems:
            _save(options.out, f"rule-file-{number}", text, problems)
            found.append((f"rule-file:{number}", problems))
    return counts, found, child_peak


def _scratch() -> str | None:
    """Where a worker writes its input files: memory (``/dev/shm``) where there is one, so the
    file system costs the run nothing; else the temporary folder."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def _batch(arguments: tuple[range, argparse.Namespace]):
    numbers, options = arguments
    counts: collections.Counter = collections.Counter()
    found = []
    slowest = (0.0, "")
    largest = (0.0, "")
    with tempfile.TemporaryDirectory(prefix="muggins-fuzz-", dir=_scratch()) as work:
        for number in numbers:
            c, f, took, peak = one(number, options, Path(work))
            name = f"{inputs.KINDS[number % len(inputs.KINDS)]}:{number}"
            counts += c
            found += f
            slowest = max(slowest, (took, name))
            largest = max(largest, (peak, name))
            if took > options.slow:
                found.append((name, [properties.Problem("slow", f"{took:.1f} s of CPU")]))
            if peak > options.memory:
                found.append((name, [properties.Problem("memory", f"{peak:.0f} MB at its peak")]))
    return counts, found, slowest, largest


def run(options: argparse.Namespace) -> int:
    inputs.valid_corpus()  # made once, before the workers fork
    first, total = options.seed, options.inputs
    size = max(50, min(1000, total // (20 * options.jobs) or 50))
    batches = [(range(start, min(start + size, first + total)), options) for start in range(first, first + total, size)]
    counts: collections.Counter = collections.Counter()
    found: list = []
    slowest = largest = (0.0, "")
    started = time.perf_counter()
    loads = [os.getloadavg()[0]]
    print(f"fuzz: {total} inputs from number {first}, {options.jobs} process(es), problems saved to {options.out}", flush=True)
    with multiprocessing.Pool(options.jobs, initializer=_worker_start, initargs=(options.address_space,)) as pool:
        for done, (c, f, slow, large) in enumerate(pool.imap_unordered(_batch, batches), 1):
            counts += c
            found += f
            slowest = max(slowest, slow)
            largest = max(largest, large)
            for name, problems in f:
                print(f"  FOUND {name}: " + "; ".join(f"[{p.prop}] {p.detail.strip().splitlines()[-1][:160]}" for p in problems), flush=True)
            if done % max(1, len(batches) // 10) == 0 or done == len(batches):
                loads.append(os.getloadavg()[0])
                made = sum(v for k, v in counts.items() if k.startswith("inputs:"))
                print(f"  {made} inputs, {time.perf_counter() - started:.0f} s, {len(found)} problem input(s);"
                      f" slowest {slowest[1]} ({slowest[0]:.2f} s of CPU), most memory {largest[1]} ({largest[0]:.0f} MB)", flush=True)
    elapsed = time.perf_counter() - started
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime  # the pool is joined: its workers are counted
    made = sum(v for k, v in counts.items() if k.startswith("inputs:"))
    files = counts["inputs:rule-file"]
    print(f"\n{made - files} inputs (and {files} rule files) in {elapsed:.0f} s ({made / elapsed:.0f} per second),"
          f" {cpu:.0f} s of CPU ({made / cpu:.0f} per CPU second; the workers', their commands' and this process's)")
    print(f"  load average (1 min) during the run: {min(loads):.1f} to {max(loads):.1f}, mean {sum(loads) / len(loads):.1f}"
          f" ({len(loads)} readings, {os.cpu_count()} CPUs)")
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    print(f"  slowest input: {slowest[1]} ({slowest[0]:.2f} s of CPU, its real processes' included)")
    print(f"  most memory: {largest[1]} ({largest[0]:.0f} MB resident at its peak, the worker's or a real process's)")
    if not found:
        print("found nothing: no traceback, every position from line 1 and column 1, every exit code 0, 1 or 2,"
              f" every formatted record read back the same, every picture well-formed XML, no input over"
              f" {options.slow:g} s of CPU or {options.memory:g} MB")
        return 0
    by_property = collections.Counter(p.prop for _, problems in found for p in problems)
    print(f"FOUND {len(found)} input(s) with problems: " + ", ".join(f"{k} {v}" for k, v in by_property.most_common()))
    return 1


def big_lines() -> int:
    """Time 10 MB single lines through ``muggins check`` (in-process), as figures."""
    from typer.testing import CliRunner

    from muggins.cli import app

    size = 10_000_000
    shapes = {
        "a word": "x" * size,
        "a tile": '[Seat A "a"] hand 1 A ' + "6" * size,
        "an open comment": '[Seat A "a"] {' + "c" * size,
        "a quoted value": '[Event "' + "a" * size + '"] [Seat A "a"] hand 1 A 6-4 +10 +5',
        "an open quoted value": '[Event "' + "a" * size,
        "spaces": '[Seat A "a"]' + " " * size + "hand",
        "turns": '[Seat A "a"] [Seat B "b"] hand 1 ' + "A 6-6 B 6-6 " * (size // 12),
    }
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "big.mgn"
        for name, text in shapes.items():
            path.write_text(text, encoding="utf-8")
            started = time.perf_counter()
            result = CliRunner().invoke(app, ["check", "--format", "json", str(path)])
            took = time.perf_counter() - started
            first = next((line.strip() for line in result.stdout.splitlines() if '"code"' in line), "no diagnostic")
            print(f"10 MB line, {name:22} {took:6.2f} s  exit {result.exit_code}  {first}")
    return 0


def reproduce(spec: str) -> int:
    """Check one input (``KIND:N``) and print what it is and what it broke."""
    kind, _, number = spec.partition(":")
    if kind == "rule-file":
        text = inputs.rule_file(random.Random(f"rules:{number}"))
        print(text)
        with tempfile.TemporaryDirectory() as work:
            path = Path(work) / "rules.yaml"
            path.write_text(text, encoding="utf-8")
            problems = properties.check_rule_file(path) + properties.check_cli_rules(path, inputs.SAMPLES / "allfives-2p.mgn")
    else:
        data = inputs.generate(kind, int(number))
        print(data if isinstance(data, str) else repr(data))
        with tempfile.TemporaryDirectory() as work, _limits(inputs.LIMITS.get(kind, {})):
            path = Path(work) / "input.mgn"
            path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
            rng = random.Random(int(number))
            problems = properties.check_file(path, rng) + properties.check_cli(path, rng, every=True)
            if isinstance(data, str):
                problems += properties.check_library(data, random.Random(int(number)))
            if kind in inputs.LIMITS:
                problems += properties.check_limits(path, inputs.LIMITS[kind])
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="how many inputs to generate (default 100000)")
    parser.add_argument("--seed", type=int, default=0, help="the number of the first input")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--cli-every", type=int, default=25, help="run three commands on every Nth input")
    parser.add_argument("--process-every", type=int, default=2000, help="run check and audit as real processes on every Nth input (0: never)")
    parser.add_argument("--slow", type=float, default=2.0, help="report an input that takes more than this many seconds of CPU (default 2)")
    parser.add_argument("--memory", type=float, default=500.0, help="report an input whose peak resident memory is over this many MB (default 500)")
    parser.add_argument("--stop-after", type=float, default=20.0, help="stop an input after this many seconds of CPU (default 20)")
    parser.add_argument("--address-space", type=int, default=3072, help="the most a worker may map, in MB (default 3072; 0: no limit)")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "muggins-fuzz-found", help="where inputs with problems are saved")
    parser.add_argument("--only", metavar="KIND:N", help="reproduce one input and stop")
    parser.add_argument("--big-lines", action="store_true", help="time 10 MB single lines and stop")
    options = parser.parse_args(argv)
    if options.only:
        return reproduce(options.only)
    if options.big_lines:
        return big_lines()
    return run(options)


if __name__ == "__main__":
    sys.exit(main())
