"""The incrementally kept count agrees with a from-scratch recount on random layouts."""

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.notation.model import full_set
from muggins.replay.board import Board
from muggins.replay.rules import RuleSet

rule_sets = st.builds(
    lambda spinner, order, until, double, max_pip: dataclasses.replace(
        RuleSet(), spinner=spinner, spinner_order=order, spinner_counts_until=until, double_end_counts=double, max_pip=max_pip
    ),
    st.sampled_from(["none", "first_double", "every_double", "sniff"]),
    st.sampled_from(["sides_first", "any"]),
    st.sampled_from(["both_sides", "one_side", "three_sides", "ends_covered"]),
    st.sampled_from(["both_halves", "one_half"]),
    st.sampled_from([6, 9]),
)


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32))
def test_count_matches_recount_and_open_ends(rules, seed):
    rng = random.Random(seed)
    tiles = list(full_set(rules.max_pip))
    rng.shuffle(tiles)
    board = Board(rules)
    for _ in range(40):
        options = [
            (tile, end, inline)
            for tile in tiles
            if tile not in board.on_table
            for end in (board.placements(tile) if board.lead is not None else [None])
            for inline in ([False, True] if rules.spinner == "sniff" and tile.is_double and board.doubles == 0 else [False])
        ]
        if not options:
            break
        tile, end, inline = rng.choice(options)
        board.play(tile, end, inline)
        pips = board.open_pips()  # a tile fits somewhere exactly when it shows an open pip
        assert all(bool(board.placements(t)) == (t.high in pips or t.low in pips) for t in tiles)
        assert board.total() == board.recount()
        assert sum(e.value for e in board.open_ends()) == board.total()
        copy = board.copy()
        assert copy.total() == board.total() and copy.placements(tile) == board.placements(tile)
