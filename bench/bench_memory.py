"""Peak memory of hostile inputs (issue 15): prints figures, asserts nothing.

    python bench/bench_memory.py [--quick] [--json] [--only NAME ...]

Each case runs one ``muggins`` command in a process of its own and reports its peak resident
memory (``ru_maxrss`` of that process, from ``os.wait4``), its CPU and wall time, and its exit
code:

- ``view-draws``: ``view`` of one hand of 8,000 lines ``A draw 1`` (72 KB), and
  ``view-draws-half`` of 4,000: the page and the memory must grow with the turns, not their
  square (before: 26 s and 8 GB for 8,000);
- ``check-record``: one record of 5 MB (a long game's hands again and again): memory as a
  multiple of the record; ``audit-record``: the same for one of 1 MB (the audit of one long
  record is slow: some 150 s of CPU for 5 MB);
- ``check-over-limit``: one record of 50 MB, over the ``record-chars`` limit (16 Mi): refused
  without being held (before: 4.2 GB in check, 12.7 GB in audit);
- ``check-one-line``: a file of one 100 MB line: reading stops at the ``line-bytes`` limit;
- ``check-dev-zero``: ``/dev/zero``, an endless line (before: read for ever);
- ``check-open-brace``: a 20 MB archive with one ``{`` left open in its first record (before:
  the rest became one unreadable record, 30 MB -> 717 MB for 57 MB).

Inputs (and the pages) are made under ``bench/out/`` and kept. ``--quick``: smaller inputs of
the same shapes (2,000 and 1,000 draws, a 1 MB record, a 20 MB one, a 20 MB line, a 2 MB
archive), for a smoke test. ``--only NAME ...``: those cases alone (only their inputs are made).
``--json``: the figures as one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))


def _draws(count: int) -> Path:
    path = OUT / f"draws-{count}.mgn"
    if not path.exists():
        path.write_text('[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\n' + "A draw 1\n" * count, encoding="utf-8")
    return path


def _one_record(size: int) -> Path:
    """One record of about ``size`` bytes: a simulated game's hands, renumbered, again and again."""
    path = OUT / f"record-{size}.mgn"
    if path.exists():
        return path
    from muggins.notation.formatter import format_hand, format_record
    from muggins.replay.rules import load
    from muggins.replay.simulate import Options, simulate

    (record,) = simulate(load("allfives"), 5, 1, Options(players=2, forget=0.0, max_hands=50))
    parts = [format_record(replace(record, hands=()))]
    total, number = len(parts[0]), 0
    while total < size:
        number += 1
        text = "\n" + format_hand(replace(record.hands[(number - 1) % len(record.hands)], number=number)) + "\n"
        parts.append(text)
        total += len(text)
    path.write_text("".join(parts), encoding="utf-8")
    return path


def _one_line(size: int) -> Path:
    path = OUT / f"one-line-{size}.mgn"
    if not path.exists():
        with open(path, "wb") as out:
            block = b"x" * (1 << 20)
            for _ in range(size >> 20):
                out.write(block)
    return path


def _open_brace(size: int) -> Path:
    from corpus import corpus_text

    path = OUT / f"open-brace-{size}.mgn"
    if not path.exists():
        text = corpus_text(max(10, size // 420))
        at = text.index("\nhand 1\n") + len("\nhand 1\n")
        path.write_text(text[:at] + "{ left open\n" + text[at:], encoding="utf-8")
    return path


def run(argv: list[str]) -> dict:
    """One command in its own process: peak RSS (MB), CPU and wall seconds, exit code."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "muggins", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(child.pid, 0)
    return {
        "peak_mb": round(usage.ru_maxrss / 1024, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
        "wall_s": round(time.perf_counter() - start, 2),
        "exit": os.waitstatus_to_exitcode(status),
    }


def cases(quick: bool) -> dict[str, tuple[Callable[[], Path], Callable[[Path], list[str]]]]:
    """name -> (what makes its input, the command line for that input)."""
    page = lambda path: ["view", str(path), "-o", str(path.with_suffix(".html"))]  # noqa: E731
    check = lambda path: ["check", str(path)]  # noqa: E731
    draws = 2000 if quick else 8000
    return {
        # Two sizes, to show the growth: twice the turns must be about twice the page and memory.
        "view-draws-half": (lambda: _draws(draws // 2), page),
        "view-draws": (lambda: _draws(draws), page),
        "check-record": (lambda: _one_record(1_000_000 if quick else 5_000_000), check),
        "audit-record": (lambda: _one_record(300_000 if quick else 1_000_000), lambda path: ["audit", str(path)]),
        "check-over-limit": (lambda: _one_record(20_000_000 if quick else 50_000_000), check),
        "check-one-line": (lambda: _one_line((20 if quick else 100) << 20), check),
        "check-dev-zero": (lambda: Path("/dev/zero"), check),
        "check-open-brace": (lambda: _open_brace(2_000_000 if quick else 20_000_000), check),
    }


def _chosen(quick: bool, only: list[str] | None) -> dict:
    return {name: case for name, case in cases(quick).items() if not only or name in only}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", nargs="*", default=None, help="these cases only")
    parser.add_argument("--make", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    chosen = _chosen(args.quick, args.only)
    if args.make:
        for make, _ in chosen.values():
            make()
        return
    # The inputs are made in a process of its own: a child's peak memory counts what it was
    # forked from, so this one must stay small.
    options = (["--quick"] if args.quick else []) + (["--only", *args.only] if args.only else [])
    subprocess.run([sys.executable, __file__, "--make", *options], check=True)
    figures = {}
    for name, (make, command) in chosen.items():
        path = make()  # made already: only named here
        argv = command(path)
        got = run(argv)
        if path.is_file():
            got["input_mb"] = round(path.stat().st_size / 1e6, 2)
        if argv[0] == "view":
            got["page_mb"] = round(path.with_suffix(".html").stat().st_size / 1e6, 2)
        figures[name] = got
        print(f"{name:18} " + "  ".join(f"{k} {v}" for k, v in got.items()), flush=True)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
