"""Nothing lost: `fmt` round-trips simulated records losslessly (the long run of issue #7).

    python fuzz/roundtrip.py [--records 10000] [--seed 0]

Simulates records under every preset and table size (with forgotten claims and Muggins calls),
writes each in canonical form, reads it back and checks that the record read equals the one
written (``same_record``: everything but source positions), that formatting it again gives the
same text (canonical form is a fixed point), and that the text written with comments and marks
added keeps them. Prints the count and the time; exits 1 on the first loss, printing the record.
The normal test run does a few hundred (tests/test_fmt_roundtrip_simulated.py).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time

from muggins.notation.compare import same_record
from muggins.notation.formatter import format_record
from muggins.notation.model import Play
from muggins.notation.parser import parse_record
from muggins.replay.rules import load, preset_names
from muggins.replay.simulate import Options, simulate

MARKS = ("!", "?", "!?", "?!", "??")


def decorate(record, rng: random.Random):
    """The record with comments of both kinds and marks on some plays, as people write them."""
    hands = []
    for hand in record.hands:
        turns = []
        for turn in hand.turns:
            if isinstance(turn, Play) and rng.random() < 0.1:
                turn = dataclasses.replace(turn, mark=rng.choice(MARKS))
            if rng.random() < 0.05:
                turn = dataclasses.replace(turn, comments=(rng.choice(["{a note}", "; to the end of the line"]),))
            turns.append(turn)
        hands.append(dataclasses.replace(hand, turns=tuple(turns), comments=("{hand note}",) if rng.random() < 0.2 else ()))
    return dataclasses.replace(record, hands=tuple(hands), comments=("; decorated",))


def records(count: int, seed: int):
    rng = random.Random(seed)
    names = preset_names()
    made = 0
    while made < count:
        rules = load(rng.choice(names))
        players = rng.choice(rules.players)
        for record in simulate(rules, rng.randrange(10**9), 1, Options(players=players, forget=0.1, max_hands=2)):
            yield decorate(record, rng)
            made += 1


def check(record) -> str | None:
    text = format_record(record)
    back = parse_record(text)
    if not same_record(back, record):
        return "the record read back differs from the one written"
    if format_record(back) != text:
        return "formatting the record read back gives different text"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    count = 0
    for record in records(args.records, args.seed):
        problem = check(record)
        if problem:
            print(f"record {count + 1}: {problem}\n{format_record(record)}", file=sys.stderr)
            raise SystemExit(1)
        count += 1
    print(f"{count} simulated records round-tripped losslessly in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
