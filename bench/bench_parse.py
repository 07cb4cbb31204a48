"""How fast muggins reads records, next to python-chess reading PGN: prints figures, asserts nothing.

    python bench/bench_parse.py [--hands 2000] [--corpus FILE.mgn] [--pgn FILE.pgn] [--repeat 3]
                                [--no-chess] [--both]

The parser runs on lark-cython when it is installed; MUGGINS_LARK_CYTHON=0 in the environment
measures plain lark. Records in the common layout are read by the fast path (fastpath.py) unless
MUGGINS_FASTPATH=0; ``--both`` times the fast path and lark alone, one after the other.

Makes (or reads) a corpus of realistic All Fives records: 2 to 4 seats, deals, a boneyard, the
turns of a simulated game (plays with ends and claims, draws, passes, the odd mark, comment and
Muggins call) and the tallies at the end of each hand. Times ``read_file`` over it on one core
and prints turns per second. Then makes a PGN file of about the same size from random legal
games (python-chess, a bench-only extra: ``pip install chess``), times ``chess.pgn.read_game``
over it and prints plies per second and our ratio to it. Best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from muggins.notation.model import Record
from muggins.notation.parser import backend, fast_path_enabled, read_file

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
    best = float("inf")
    turns = hands = records = 0
    for _ in range(repeat):
        start = time.perf_counter()
        turns = hands = records = 0
        for record in read_file(path):
            if not isinstance(record, Record):
                raise SystemExit(f"bench corpus does not parse: {record}")
            records += 1
            hands += len(record.hands)
            turns += sum(len(h.turns) for h in record.hands)
        best = min(best, time.perf_counter() - start)
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


def make_pgn(size: int, seed: int = 7) -> str:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = io.StringIO()
    game_number = 0
    while out.tell() < size:
        game_number += 1
        board = chess.Board()
        for _ in range(rng.randint(40, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = "Bench club"
        game.headers["Round"] = str(game_number)
        print(game, file=out, end="\n\n")
    return out.getvalue()


def time_chess(path: Path, repeat: int) -> tuple[float, int]:
    import chess.pgn

    best = float("inf")
    plies = 0
    for _ in range(repeat):
        start = time.perf_counter()
        plies = 0
        with open(path, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                plies += sum(1 for _ in game.mainline_moves())
        best = min(best, time.perf_counter() - start)
    return best, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--corpus", type=Path, help="read this .mgn file instead of making one")
    parser.add_argument("--pgn", type=Path, help="read this PGN file instead of making one")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-chess", action="store_true", help="skip the python-chess comparison")
    parser.add_argument("--both", action="store_true", help="time the fast path and lark alone")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="muggins-bench-"))
    corpus = args.corpus
    if corpus is None:
        corpus = work / "corpus.mgn"
        corpus.write_text(make_corpus(args.hands), encoding="utf-8")
    size = corpus.stat().st_size
    list(read_file(corpus))  # build (or load the cached) parse table outside the timing
    paths = (True, False) if args.both else (fast_path_enabled(),)
    speeds = {}
    for fast in paths:
        seconds, turns, hands, records = time_path(corpus, args.repeat, fast)
        ours = speeds[fast] = turns / seconds
        name = f"fast path, else {backend()}" if fast else backend()
        print(f"muggins ({name}): {records} records, {hands} hands, {turns} turns, {size / 1e6:.2f} MB in {seconds:.3f} s")
        print(f"muggins: {ours:,.0f} turns/s ({hands / seconds:,.0f} hands/s, {size / seconds / 1e6:.2f} MB/s)")
    if args.both:
        print(f"fast path over lark: {speeds[True] / speeds[False]:.2f}")

    if args.no_chess:
        return
    try:
        import chess.pgn  # noqa: F401
    except ImportError:
        print("python-chess not installed (pip install chess): no comparison", file=sys.stderr)
        return
    pgn = args.pgn
    if pgn is None:
        pgn = work / "games.pgn"
        pgn.write_text(make_pgn(size), encoding="utf-8")
    chess_seconds, plies = time_chess(pgn, args.repeat)
    theirs = plies / chess_seconds
    print(f"python-chess: {plies} plies, {pgn.stat().st_size / 1e6:.2f} MB in {chess_seconds:.3f} s")
    print(f"python-chess read_game: {theirs:,.0f} plies/s")
    for fast, ours in speeds.items():
        name = "fast path" if fast else "lark"
        print(f"ratio (our turns/s over its plies/s), {name}: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
