"""End-to-end audit speed (parse, replay, compare) next to python-chess reading PGN.

    python bench/bench_audit.py [--hands 2000] [--repeat 3] [--quick] [--json]

Audits a simulated corpus of at least 2,000 hands (bench/corpus.py) from the file, on one core,
and prints turns per second (CPU time of the process, for both sides). In the same run it reads a PGN file of about the same size with
python-chess's ``chess.pgn.read_game`` (a bench-only extra: ``pip install chess``) and prints our
turns per second divided by its plies per second (the target is at least 1.5). Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_file, pgn_file, time_chess_read  # noqa: E402

from muggins.analysis.audit import audit  # noqa: E402
from muggins.notation.parser import NotationError, read_file  # noqa: E402
from muggins.replay.resolve import rules_for  # noqa: E402


def time_audit(path: Path, repeat: int) -> tuple[float, int, int, int]:
    best = float("inf")
    turns = hands = findings = 0
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        turns = hands = findings = 0
        for record in read_file(path):
            if isinstance(record, NotationError):
                raise SystemExit(record.diagnostics[0].render())
            report = audit(record, rules_for(record))
            findings += len(report.findings)
            hands += len(record.hands)
            turns += sum(len(h.turns) for h in record.hands)
        best = min(best, time.process_time() - start)
    return best, turns, hands, findings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="300 hands, one run: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.repeat = 300, 1
    path = corpus_file(args.hands)
    list(read_file(path))  # warm the parse table outside the timing
    seconds, turns, hands, findings = time_audit(path, args.repeat)
    ours = turns / seconds
    size = path.stat().st_size
    figures = {"audit_turns_per_s": round(ours), "audit_hands": hands}
    say = (lambda *a, **k: None) if args.json else print
    say(f"audit: {hands} hands, {turns} turns, {size / 1e6:.2f} MB in {seconds:.3f} s: {ours:,.0f} turns/s ({findings} findings)")
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess not installed (pip install chess): no comparison", file=sys.stderr)
    else:
        pgn = pgn_file(size)
        chess_seconds, plies = time_chess_read(pgn, args.repeat)
        theirs = plies / chess_seconds
        figures.update(chess_plies_per_s=round(theirs), audit_vs_chess=round(ours / theirs, 2))
        say(f"python-chess read_game: {plies} plies, {pgn.stat().st_size / 1e6:.2f} MB in {chess_seconds:.3f} s: {theirs:,.0f} plies/s")
        say(f"ratio (our turns/s over its plies/s): {ours / theirs:.2f}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
