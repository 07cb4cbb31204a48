"""The solver's compact layout against the replayer's Board, and the soundness of its key."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.analysis.solver_layout import Layout
from muggins.notation.model import Tile, full_set
from muggins.replay.board import Board
from muggins.replay.rules import RuleSet

T = Tile.parse

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


def legal(board: Board, tiles, rules):
    return [
        (tile, end, inline)
        for tile in tiles
        if tile not in board.on_table
        for end in (board.placements(tile) if board.lead is not None else [None])
        for inline in ([False, True] if rules.spinner == "sniff" and tile.is_double and board.doubles == 0 else [False])
    ]


@settings(max_examples=400, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32))
def test_layout_agrees_with_board(rules, seed):
    rng = random.Random(seed)
    tiles = list(full_set(rules.max_pip))
    rng.shuffle(tiles)
    board, layout = Board(rules), Layout.empty(rules)
    for _ in range(40):
        # Every tile goes on the same arms, in the same order.
        for tile in tiles:
            if tile not in board.on_table:
                assert layout.placements(tile) == board.placements(tile)
                assert layout.may_lay_inline(tile) == (rules.spinner == "sniff" and tile.is_double and board.doubles == 0)
        assert sorted(layout.open_pips()) == sorted(board.arms[name][0] for name in board.playable_ends())
        options = legal(board, tiles, rules)
        if not options:
            break
        tile, end, inline = rng.choice(options)
        used = board.play(tile, end, inline)
        layout = layout.play(tile, end, inline)
        assert layout.total() == board.total() == board.recount(), (tile, used)
        assert list(layout.names) == list(board.arms)
    assert Layout.from_board(board) == layout


def test_layout_play_errors_match_board():
    rules = RuleSet()
    layout = Layout.empty(rules).play(T("6-6"))
    board = Board(rules)
    board.play(T("6-6"))
    for tile, end in ((T("5-4"), "l"), (T("6-2"), "u"), (T("6-2"), "x")):
        raised = []
        for thing in (layout, board):
            try:
                thing.play(tile, end)
            except ValueError as exc:
                raised.append(getattr(exc, "rule", None))
        assert len(raised) == 2 and raised[0] == raised[1]


def test_key_merges_mirror_placements():
    # A crosswise 5-5 lead: 5-3 on l or on r leaves the same layout (3 and the carried 5-5: 13).
    rules = RuleSet(spinner="none")
    lead = Layout.empty(rules).play(T("5-5"))
    left, right = lead.play(T("5-3"), "l"), lead.play(T("5-3"), "r")
    assert left.arms != right.arms and left.key == right.key and left.total() == right.total() == 13
    # The spinner's two empty branches are alike: 6-6 led, both sides covered, 6-1 on u or d.
    spin = Layout.empty(RuleSet()).play(T("6-6")).play(T("6-5"), "l").play(T("6-4"), "r")
    assert spin.play(T("6-1"), "u").key == spin.play(T("6-1"), "d").key
    # ... but a side and a branch are not: 6-6 led, 6-1 on l (the spinner still counts) or not yet on u.
    any_order = Layout.empty(RuleSet(spinner_order="any")).play(T("6-6"))
    assert any_order.play(T("6-1"), "l").key != any_order.play(T("6-1"), "u").key


@settings(max_examples=150, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32))
def test_equal_keys_have_equal_futures(rules, seed):
    """Layouts with one key take the same tiles, to layouts with one key each and the same totals.

    That one step, holding for every key, is what makes merging by key sound for whole hands.
    Small sets make many layouts meet.
    """
    rules = dataclasses.replace(rules, max_pip=3)
    rng = random.Random(seed)
    tiles = list(full_set(3))
    by_key: dict[tuple, list[Layout]] = defaultdict(list)
    for _ in range(40):
        board, layout = Board(rules), Layout.empty(rules)
        for _ in range(rng.randint(1, 7)):
            options = legal(board, tiles, rules)
            if not options:
                break
            tile, end, inline = rng.choice(options)
            board.play(tile, end, inline)
            layout = layout.play(tile, end, inline)
            by_key[layout.key].append(layout)
    for layouts in by_key.values():
        futures = set()
        for layout in layouts:
            future = []
            for tile in tiles:
                laying = (False, True) if layout.may_lay_inline(tile) else (False,)
                after = {(c.key, c.total()) for e in layout.placements(tile) for i in laying for c in [layout.play(tile, e, i)]}
                future.append((tile, frozenset(after)))
            futures.add((layout.total(), tuple(future)))
        assert len(futures) == 1
