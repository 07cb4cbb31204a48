"""One definition of the notation: what the readers without lark know of it comes from mgn.lark.

The fast path's token shapes, statement patterns and statement order, the splitter's comments
and quoted values, the keywords of the error messages and of the formatter are derived from the
grammar (notation/derive.py) and shipped ahead of time (notation/mgn_tokens.py). Altering a
terminal in a copy of the grammar changes what lark reads and what the fast path reads alike.
"""

from __future__ import annotations

import re

import pytest

from muggins.notation import derive, errors, fastpath, tokens
from muggins.notation.builder import Builder
from muggins.notation.errors import EXPECTED_WORDS, NotationError
from muggins.notation.model import Pass, Play, Tile
from muggins.notation.table import GRAMMAR_PATH, OPTIONS

GRAMMAR = GRAMMAR_PATH.read_text(encoding="utf-8")


def test_the_shipped_tokens_are_what_the_grammar_says():
    assert tokens.TOKENS_PATH.read_text(encoding="utf-8") == tokens.tokens_source(), (
        "mgn.lark or derive.py changed: run python -m muggins.notation.table"
    )
    assert tokens.SPEC == derive.derive(GRAMMAR)


def test_the_fast_path_reads_every_statement_of_the_shipped_grammar():
    assert fastpath._SHIPPED.unfollowed == []


def test_the_expected_words_name_exactly_the_grammar_s_terminals():
    import lark

    names = {t.name for t in lark.Lark(GRAMMAR, **OPTIONS).terminals}
    assert set(EXPECTED_WORDS) == names - {"WHITESPACE", "COMMENT"} | {"$END"}
    assert set(errors._FOUND_WORDS) <= names | {"$END"}
    assert errors._SEAT_LIKE <= names
    assert set(errors.KEYWORDS) == set(re.findall(r"^[A-Z]+: /([a-z]+)\\b/", GRAMMAR, re.M))


# ---- a copy of the grammar, altered --------------------------------------------------------


def _readers(grammar: str):
    """(lark's reader, the fast path) made from ``grammar``: each text -> a Record, or None when
    it is not read (lark: a syntax error or a problem; the fast path: declined)."""
    import lark

    builder = Builder()
    parser = lark.Lark(grammar, **OPTIONS, transformer=builder, lexer_callbacks={"COMMENT": builder.saw_comment})
    fast = fastpath.FastReader(derive.derive(grammar))

    def by_lark(text: str):
        builder.begin(text, "t.mgn", 1)
        try:
            record = parser.parse(text)
        except lark.exceptions.UnexpectedInput:
            return None
        return None if builder.problems else record

    return by_lark, lambda text: fast.parse(text, "t.mgn", 1)


SEATS = '[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\n'


def _altered(old: str, new: str) -> str:
    assert old in GRAMMAR
    return GRAMMAR.replace(old, new)


def test_a_tile_written_with_an_x_is_read_by_both_readers_once_the_grammar_allows_it():
    tile = "[0-9]+-[0-9]+(?![0-9-])"
    grammar = _altered(tile, "[0-9]+[-x][0-9]+(?![0-9x-])")
    text = SEATS + "deal A 6x4 5-5\nA 6x4 r +10\nB draw 2x1 0x0\n"
    for read in _readers(grammar):
        record = read(text)
        assert record is not None
        assert record.hands[0].deals[0].tiles == (Tile.of(6, 4), Tile.of(5, 5))
        assert record.hands[0].turns[0] == Play("A", Tile.of(6, 4), "r", False, None, 10, 6, 1)
        assert record.hands[0].turns[1].tiles == (Tile.of(2, 1), Tile.of(0, 0))
    by_lark, by_fast = _readers(grammar)
    assert by_lark(text) == by_fast(text)
    # The shipped grammar reads neither: lark finds a tile-syntax error; the fast path declines.
    with pytest.raises(NotationError):
        from muggins.notation.parser import parse_record

        parse_record(text, fast=False)
    assert fastpath.parse_fast(text) is None


def test_a_renamed_keyword_is_read_by_both_readers_and_the_old_word_by_neither():
    grammar = _altered(r"PASS: /pass\b/", r"PASS: /skip\b/")
    by_lark, by_fast = _readers(grammar)
    text = SEATS + "A 6-4\nB skip ; nothing to play\n"
    for read in (by_lark, by_fast):
        record = read(text)
        assert record is not None and record.hands[0].turns[1] == Pass("B", 6, 1, ("; nothing to play",))
        assert read(text.replace("skip", "pass")) is None
    assert by_lark(text) == by_fast(text)


def test_a_statement_order_changed_in_the_grammar_is_followed_by_the_fast_path():
    # The lead before the boneyard: both readers take it, and refuse the old order.
    grammar = _altered("setup: deal+ boneyard? lead?\n     | boneyard lead?\n     | lead",
                       "setup: deal+ lead? boneyard?\n     | lead boneyard?\n     | boneyard")
    assert derive.derive(grammar)["HAND_ORDER"][:3] == ["deal", "lead", "boneyard"]
    new, old = SEATS + "lead A\nboneyard 1-1\nA 6-4\n", SEATS + "boneyard 1-1\nlead A\nA 6-4\n"
    for read in _readers(grammar):
        assert read(new) is not None and read(new).hands[0].lead.seat == "A"
        assert read(old) is None


@pytest.mark.parametrize(
    "old,new,why",
    [
        ("lead: LEAD SEAT comments?", "lead: LEAD SEAT", "should end with comments?"),
        ("ending: outcome pips? score? totals?", "ending: pips outcome? score? totals?\n      | outcome pips? score? totals?", "one order"),
    ],
    ids=["no-comments", "no-order"],
)
def test_a_grammar_shape_the_readers_cannot_follow_is_said_not_guessed(old, new, why):
    with pytest.raises(derive.DeriveError, match=why):
        derive.derive(_altered(old, new))
