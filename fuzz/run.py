"""The long fuzz run: generated input through every layer and the command line, never a traceback.

    python fuzz/run.py --inputs 100000 --jobs 2

Inputs are numbered from ``--seed``; input ``n`` is of kind ``KINDS[n % 6]`` (printable text,
arbitrary unicode, random bytes, grammar-shaped records, valid records with a token or some
characters changed), made by ``fuzz.inputs.generate(kind, n)``, so any finding is reproduced from
its kind and number alone (``--only KIND:N``). Every input goes through the parser, the formatter
round trip, the check command's checkers, the replayer, the audit, the analysis (solver budget 0)
and an SVG picture, under the record's rules and one preset drawn at random; every
``--cli-every``-th input is also given, as a file, to three commands drawn from
``fuzz.properties.CLI_RUNS`` (in-process), and every ``--process-every``-th to ``muggins check``
and ``muggins audit`` as real processes. One in ten numbers also makes a YAML rule file for the
rule loader (and, with the command line, ``muggins rules FILE`` and ``audit --rules FILE``).

Prints progress, then the figures: inputs by kind, records read, command runs, time, the slowest
input, and every problem found (each input that broke something is saved under ``--out``).
Exit code 0 when nothing was found, 1 otherwise. ``--big-lines`` times 10 MB single lines.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import os
import random
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


def _process_runs(path: Path) -> list[properties.Problem]:
    problems = []
    for args in (["check", str(path)], ["audit", str(path)]):
        done = subprocess.run([sys.executable, "-m", "muggins", *args], capture_output=True, text=True, errors="replace", timeout=300)
        problems += properties.check_cli_output(args, done.returncode, done.stdout + done.stderr, None)
    return problems


def one(number: int, options: argparse.Namespace, work: Path) -> tuple[collections.Counter, list[tuple[str, list[properties.Problem]]], float]:
    """Generate input ``number`` (and its rule file, one time in ten), check it; the counts, the
    problems (with the saved input's name) and the time it took."""
    counts: collections.Counter = collections.Counter()
    found: list[tuple[str, list[properties.Problem]]] = []
    started = time.perf_counter()
    kind = inputs.KINDS[number % len(inputs.KINDS)]
    data = inputs.generate(kind, number)
    rng = random.Random(number)
    path = work / "input.mgn"
    counts[f"inputs:{kind}"] += 1
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
    if number % options.cli_every == 0:
        problems += properties.check_cli(path, rng)
        counts["command runs (in-process)"] += 3
    if options.process_every and number % options.process_every == 0:
        problems += _process_runs(path)
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
    return counts, found, time.perf_counter() - started


def _batch(arguments: tuple[range, argparse.Namespace]):
    numbers, options = arguments
    counts: collections.Counter = collections.Counter()
    found = []
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory(prefix="muggins-fuzz-") as work:
        for number in numbers:
            c, f, took = one(number, options, Path(work))
            counts += c
            found += f
            if took > slowest[0]:
                slowest = (took, f"{inputs.KINDS[number % len(inputs.KINDS)]}:{number}")
            if took > options.slow:
                found.append((f"{inputs.KINDS[number % len(inputs.KINDS)]}:{number}", [properties.Problem("slow", f"{took:.1f} s")]))
    return counts, found, slowest


def run(options: argparse.Namespace) -> int:
    inputs.valid_corpus()  # made once, before the workers fork
    first, total = options.seed, options.inputs
    size = max(50, min(1000, total // (20 * options.jobs) or 50))
    batches = [(range(start, min(start + size, first + total)), options) for start in range(first, first + total, size)]
    counts: collections.Counter = collections.Counter()
    found: list = []
    slowest = (0.0, "")
    started = time.perf_counter()
    print(f"fuzz: {total} inputs from number {first}, {options.jobs} process(es), problems saved to {options.out}", flush=True)
    with multiprocessing.Pool(options.jobs) as pool:
        for done, (c, f, slow) in enumerate(pool.imap_unordered(_batch, batches), 1):
            counts += c
            found += f
            slowest = max(slowest, slow)
            for name, problems in f:
                print(f"  FOUND {name}: " + "; ".join(f"[{p.prop}] {p.detail.strip().splitlines()[-1][:160]}" for p in problems), flush=True)
            if done % max(1, len(batches) // 10) == 0 or done == len(batches):
                made = sum(v for k, v in counts.items() if k.startswith("inputs:"))
                print(f"  {made} inputs, {time.perf_counter() - started:.0f} s, {len(found)} problem input(s)", flush=True)
    elapsed = time.perf_counter() - started
    made = sum(v for k, v in counts.items() if k.startswith("inputs:"))
    print(f"\n{made} generated inputs in {elapsed:.0f} s ({made / elapsed:.0f} per second)")
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    print(f"  slowest input: {slowest[1]} ({slowest[0]:.2f} s)")
    if not found:
        print("found nothing: no traceback, every position from line 1 and column 1, every exit code 0, 1 or 2,"
              " every formatted record read back the same")
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
        with tempfile.TemporaryDirectory() as work:
            path = Path(work) / "input.mgn"
            path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
            rng = random.Random(int(number))
            problems = properties.check_file(path, rng) + properties.check_cli(path, rng, every=True)
            if isinstance(data, str):
                problems += properties.check_library(data, random.Random(int(number)))
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
    parser.add_argument("--slow", type=float, default=10.0, help="report an input that takes longer than this many seconds")
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
