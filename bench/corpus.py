"""Benchmark corpora: simulated All Fives games as .mgn text, and PGN of about the same size.

Shared by the benchmark scripts so that every figure is measured on the same kind of record:
whole games from ``muggins.replay.simulate`` under a mix of presets and table sizes (deals, the
boneyard, plays with ends and claims, draws, passes, Muggins calls, end-of-hand tallies).
Generated files are cached under ``bench/out/`` by their parameters.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from muggins.notation.formatter import format_record
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate

OUT = Path(__file__).resolve().parent / "out"
MIX = (("allfives", 2), ("allfives", 3), ("scorecard", 4), ("pontos", 4), ("allfives-seven-five", 2))


def corpus_text(hands: int, seed: int = 7) -> str:
    """Whole simulated games until at least ``hands`` hands are written."""
    rng = random.Random(seed)
    out = io.StringIO()
    written = 0
    game = 0
    while written < hands:
        name, players = MIX[game % len(MIX)]
        game += 1
        (record,) = simulate(load(name), rng.randrange(10**9), 1, Options(players=players, forget=0.05, max_hands=12))
        if game > 1:
            out.write("\n")
        out.write(format_record(record))
        written += len(record.hands)
    return out.getvalue()


def corpus_file(hands: int, seed: int = 7) -> Path:
    OUT.mkdir(exist_ok=True)
    path = OUT / f"corpus-{hands}-{seed}.mgn"
    if not path.exists():
        tmp = path.with_suffix(".tmp")
        tmp.write_text(corpus_text(hands, seed), encoding="utf-8")
        tmp.replace(path)
    return path


def pgn_text(size: int, seed: int = 7) -> str:
    """Random legal chess games (python-chess) until about ``size`` bytes of PGN."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = io.StringIO()
    number = 0
    while out.tell() < size:
        number += 1
        board = chess.Board()
        for _ in range(rng.randint(40, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = "Bench club"
        game.headers["Round"] = str(number)
        print(game, file=out, end="\n\n")
    return out.getvalue()


def pgn_file(size: int, seed: int = 7) -> Path:
    OUT.mkdir(exist_ok=True)
    path = OUT / f"games-{size // 1000}k-{seed}.pgn"
    if not path.exists():
        tmp = path.with_suffix(".tmp")
        tmp.write_text(pgn_text(size, seed), encoding="utf-8")
        tmp.replace(path)
    return path


def time_chess_read(path: Path, repeat: int = 3) -> tuple[float, int]:
    """Best CPU time of ``chess.pgn.read_game`` over the file, and the plies read."""
    import time

    import chess.pgn

    best = float("inf")
    plies = 0
    for _ in range(repeat):
        start = time.process_time()
        plies = 0
        with open(path, encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                plies += sum(1 for _ in game.mainline_moves())
        best = min(best, time.process_time() - start)
    return best, plies
