"""How fast muggins reads records, next to python-chess reading PGN: prints figures, asserts nothing.

    python bench/bench_parse.py [--hands 2000] [--corpus FILE.mgn] [--pgn FILE.pgn] [--repeat 3]
                                [--no-chess] [--both] [--quick] [--json]

The parser runs on lark-cython when it is installed; MUGGINS_LARK_CYTHON=0 in the environment
measures plain lark. Records in the common layout are read by the fast path (fastpath.py) unless
MUGGINS_FASTPATH=0; ``--both`` times the fast path and lark alone, one after the other.

Makes (or reads) a corpus of realistic All Fives records: 2 to 4 seats, deals, a boneyard, the
turns of a simulated game (plays with ends and claims, draws, passes, the odd mark, comment and
Muggins call) and the tallies at the end of each hand: exactly ``--hands`` hands. Times
``read_file`` over it on one core and prints turns per second; then ``muggins.read_records``
with and without ``HeadersBuilder`` (header tags only, no hand parsed), in records per second. Then reads a PGN file of about the
same size made from random legal games (bench/corpus.py; python-chess, a bench-only extra:
``pip install chess``) with ``chess.pgn.read_game`` and prints plies per second and our ratio to
it. Times are CPU time of this process, for both sides; best of ``--repeat`` runs. ``--json``:
the figures as one JSON object on the last line (for bench/run.py); ``--quick``: 300 hands, one
run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import pgn_file, time_chess_read  # noqa: E402

from muggins.notation.model import Record  # noqa: E402
from muggins.notation.parser import backend, fast_path_enabled, read_file  # noqa: E402

SEATS = "ABCD"


def _tile(t: tuple[int, int]) -> str:
    return f"{t[0]}-{t[1]}"


def simulate_hand(rng: random.Random, seats: str, number: int, totals: dict[str, int]) -> list[str]:
    """One hand of a double-six game, played by simple random choice among legal placements."""
    tiles = [(h, l) for h in range(7) for l in range(h + 1)]
    rng.shuffle(tiles)
    size = 7
    hands = {s: tiles[i * size : (i + 1) * size] for i, s in enumerate(seats)}
    boneyard = tiles[len(seats) * size :]
    out = [f"hand {number}"]
    out += [f"deal {s} " + " ".join(map(_tile, hands[s])) for s in seats]
    if boneyard:
        out.append("boneyard " + " ".join(map(_tile, boneyard)))
    lead = seats[(number - 1) % len(seats)]
    out.append(f"lead {lead}")
    # Open ends: name -> (pip shown, is a crosswise double)
    ends: dict[str, tuple[int, bool]] = {}
    spinner_open = False
    order = seats[seats.index(lead) :] + seats[: seats.index(lead)]
    turn = 0
    passes = 0
    while True:
        seat = order[turn % len(order)]
        turn += 1
        hand = hands[seat]
        if not ends:
            t = max(hand, key=lambda x: (x[0] == x[1], x[0] + x[1]))
            hand.remove(t)
            double = t[0] == t[1]
            ends = {"l": (t[0], double), "r": (t[1], double)}
            count = t[0] + t[1]
            out.append(f"{seat} {_tile(t)}" + (f" +{count}" if count % 5 == 0 and count else ""))
            continue
        options = [(t, e) for t in hand for e, (pip, _) in ends.items() if pip in t]
        while not options and len(boneyard) > 2:
            drawn = boneyard.pop(0)
            hand.append(drawn)
            out.append(f"{seat} draw {_tile(drawn)}")
            options = [(t, e) for t in hand for e, (pip, _) in ends.items() if pip in t]
        if not options:
            out.append(f"{seat} pass")
            passes += 1
            if passes >= len(seats):
                out.append("blocked")
                break
            continue
        passes = 0
        t, end = rng.choice(options)
        hand.remove(t)
        pip = ends[end][0]
        shown = t[1] if t[0] == pip else t[0]
        ends[end] = (shown, t[0] == t[1])
        if not spinner_open and any(d for _, d in ends.values()) and len(ends) == 2 and rng.random() < 0.3:
            ends["u"] = ends["d"] = (shown, False)
            spinner_open = True
        count = sum(p * (2 if d else 1) for p, d in ends.values())
        text = f"{seat} {_tile(t)} {end}"
        if rng.random() < 0.04:
            text += rng.choice(["?", "!", "?!", "!?"])
        if count % 5 == 0 and count:
            text += f" +{count}"
            totals[seat] = totals.get(seat, 0) + count
        if rng.random() < 0.02:
            text += " {" + rng.choice(["nice", "forced", "Bruno disputes this"]) + "}"
        out.append(text)
        if count % 5 == 0 and count and rng.random() < 0.03:
            other = rng.choice([s for s in seats if s != seat])
            out.append(f"{other} muggins {seat} +5")
        if not hand:
            out.append(f"domino {seat}")
            break
    pips = {s: sum(a + b for a, b in hands[s]) for s in seats}
    out.append("pips " + " ".join(f"{s} {pips[s]}" for s in seats))
    out.append("totals " + " ".join(f"{s} {totals.get(s, 0)}" for s in seats))
    return out


def make_corpus(hands: int, seed: int = 7) -> str:
    """Records of 10 hands each until ``hands`` hands are written."""
    rng = random.Random(seed)
    out = io.StringIO()
    written = 0
    game = 0
    while written < hands:
        game += 1
        seats = SEATS[: rng.choice((2, 3, 4))]
        out.write(f'; synthetic game {game}\n[Event "Bench club"]\n[Site "Table {game % 9}"]\n[Rules "allfives"]\n')
        for s in seats:
            out.write(f'[Seat {s} "Player {s}"]\n')
        totals: dict[str, int] = {}
        for number in range(1, min(10, hands - written) + 1):
            out.write("\n" + "\n".join(simulate_hand(rng, seats, number, totals)) + "\n")
            written += 1
        out.write("\n")
    return out.getvalue().rstrip("\n") + "\n"


def time_muggins(path: Path, repeat: int) -> tuple[float, int, int, int]:
    """Best CPU time of ``read_file`` over the file, and the turns, hands and records read."""
    best = float("inf")
    turns = hands = records = 0
    for _ in range(repeat):
        start = time.process_time()
        turns = hands = records = 0
        for record in read_file(path):
            if not isinstance(record, Record):
                raise SystemExit(f"bench corpus does not parse: {record}")
            records += 1
            hands += len(record.hands)
            turns += sum(len(h.turns) for h in record.hands)
        best = min(best, time.process_time() - start)
    return best, turns, hands, records


def time_path(path: Path, repeat: int, fast: bool) -> tuple[float, int, int, int]:
    """:func:`time_muggins` with the fast path on or off."""
    before = os.environ.get("MUGGINS_FASTPATH")
    os.environ["MUGGINS_FASTPATH"] = "1" if fast else "0"
    try:
        return time_muggins(path, repeat)
    finally:
        if before is None:
            del os.environ["MUGGINS_FASTPATH"]
        else:
            os.environ["MUGGINS_FASTPATH"] = before


def parse_speeds(corpus: Path, repeat: int, both: bool) -> dict[str, float]:
    """Turns per second of each path timed, by key: ``turns_per_s``, or one per path with ``both``."""
    size = corpus.stat().st_size
    list(read_file(corpus))  # build (or load the cached) parse table outside the timing
    speeds = {}
    for fast in (True, False) if both else (fast_path_enabled(),):
        seconds, turns, hands, records = time_path(corpus, repeat, fast)
        key = ("turns_per_s_fast_path" if fast else "turns_per_s_lark") if both else "turns_per_s"
        speeds[key] = turns / seconds
        name = f"fast path, else {backend()}" if fast else backend()
        print(f"muggins ({name}): {records} records, {hands} hands, {turns} turns, {size / 1e6:.2f} MB in {seconds:.3f} s")
        print(f"muggins: {turns / seconds:,.0f} turns/s ({hands / seconds:,.0f} hands/s, {size / seconds / 1e6:.2f} MB/s)")
    return speeds


def headers_speed(corpus: Path, repeat: int) -> dict[str, float]:
    """Reading only the header tags (muggins.HeadersBuilder, which parses no hand) next to reading
    whole records, both through muggins.read_records: records per second and the ratio."""
    import muggins

    figures = {}
    for key, builder in (("whole", None), ("headers", muggins.HeadersBuilder())):
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            records = sum(1 for _ in muggins.read_records(corpus, builder))
            best = min(best, time.process_time() - start)
        figures[key] = records / best
    print(f"muggins.read_records: {figures['whole']:,.0f} whole records/s, {figures['headers']:,.0f} with HeadersBuilder "
          f"({figures['headers'] / figures['whole']:.1f} times as many)")
    return {"headers_records_per_s": round(figures["headers"]), "headers_vs_whole": round(figures["headers"] / figures["whole"], 1)}


def chess_figures(pgn: Path, repeat: int, speeds: dict[str, float]) -> dict[str, float]:
    """python-chess's plies per second over ``pgn``, and each of ``speeds`` divided by it."""
    chess_seconds, plies = time_chess_read(pgn, repeat)
    theirs = plies / chess_seconds
    print(f"python-chess: {plies} plies, {pgn.stat().st_size / 1e6:.2f} MB in {chess_seconds:.3f} s")
    print(f"python-chess read_game: {theirs:,.0f} plies/s")
    figures = {"chess_plies_per_s": round(theirs)}
    for key, ours in speeds.items():
        path = key.removeprefix("turns_per_s")  # "", "_fast_path" or "_lark"
        figures[f"ratio_vs_chess{path}"] = round(ours / theirs, 2)
        label = f", {path[1:].replace('_', ' ')}" if path else ""
        print(f"ratio (our turns/s over its plies/s){label}: {ours / theirs:.2f}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--corpus", type=Path, help="read this .mgn file instead of making one")
    parser.add_argument("--pgn", type=Path, help="read this PGN file instead of making one")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-chess", action="store_true", help="skip the python-chess comparison")
    parser.add_argument("--both", action="store_true", help="time the fast path and lark alone")
    parser.add_argument("--quick", action="store_true", help="300 hands, one run: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.repeat = 300, 1

    with tempfile.TemporaryDirectory(prefix="muggins-bench-") as work:
        corpus = args.corpus
        if corpus is None:
            corpus = Path(work) / "corpus.mgn"
            corpus.write_text(make_corpus(args.hands), encoding="utf-8")
        size = corpus.stat().st_size
        speeds = parse_speeds(corpus, args.repeat, args.both)
        headers = headers_speed(corpus, args.repeat)
    figures: dict[str, float] = {key: round(value) for key, value in speeds.items()}
    figures.update(headers)
    if args.both:
        figures["fast_path_vs_lark"] = round(speeds["turns_per_s_fast_path"] / speeds["turns_per_s_lark"], 2)
        print(f"fast path over lark: {figures['fast_path_vs_lark']:.2f}")
    if not args.no_chess:
        try:
            import chess.pgn  # noqa: F401
        except ImportError:
            print("python-chess not installed (pip install chess): no comparison", file=sys.stderr)
        else:
            figures.update(chess_figures(args.pgn or pgn_file(size), args.repeat, speeds))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
