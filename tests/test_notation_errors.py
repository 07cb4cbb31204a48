"""Every syntax error is a diagnostic in words, at the right line and column, with its caret.

Positions are counted by hand from the texts below (the comments say where); codes are the ones
listed in notation/errors.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from muggins.notation.errors import CATALOGUE, CODES, EXPECTED_WORDS, NotationError, expected_words
from muggins.notation.parser import GRAMMAR_PATH, parse_record, read_file

BAD = Path(__file__).resolve().parents[1] / "samples" / "bad"
SEATS = '[Seat A "Ana"]\n[Seat B "Bruno"]\n'


def error_of(text: str):
    with pytest.raises(NotationError) as caught:
        parse_record(text, source="t.mgn")
    (diagnostic,) = caught.value.diagnostics
    return diagnostic


# ---- the syntax-*.mgn samples ---------------------------------------------------------------
# Each file: line 1 a comment saying what is wrong; unless noted, lines 2-3 the Seat tags, line 4
# blank, line 5 "hand 1", the turns from line 6.

SAMPLES = {
    "syntax-tile-slash.mgn": ("tile-syntax", 7, 3),  # "B 4/1 r": the tile after "B "
    "syntax-tile-no-dash.mgn": ("tile-syntax", 7, 3),  # "B 41 r"
    "syntax-claim-word.mgn": ("claim-syntax", 6, 7),  # "A 6-4 +ten": after "A 6-4 " (6 characters)
    "syntax-claim-no-plus.mgn": ("claim-syntax", 6, 7),  # "A 6-4 10"
    "syntax-undeclared-seat.mgn": ("undeclared-seat", 7, 1),  # "C 4-1 r"
    "syntax-missing-hand.mgn": ("missing-hand", 5, 1),  # no hand line: the first turn is line 5
    "syntax-hand-order.mgn": ("hand-order", 9, 6),  # "hand 3" on line 9 (blank line 8), its number
    "syntax-unterminated-string.mgn": ("unterminated-string", 2, 7),  # '[Site "Casa...': the quote
    "syntax-unterminated-comment.mgn": ("unterminated-comment", 6, 11),  # "A 6-4 +10 {ends...": the {
    "syntax-comment-inside.mgn": ("comment-inside", 6, 7),  # "A 6-4 {ends 6 and 4} +10": the {
    "syntax-pip-above-18.mgn": ("pip-range", 7, 3),  # "B 19-4 r"
    "syntax-unknown-word.mgn": ("unknown-word", 7, 3),  # "B passes"
    "syntax-keyword-case.mgn": ("unknown-word", 5, 1),  # "Hand 1" where "hand 1" belongs
    "syntax-end.mgn": ("end-syntax", 7, 7),  # "B 4-1 right": after "B 4-1 "
    "syntax-missing-seat.mgn": ("missing-seat", 7, 1),  # "4-1 r"
    "syntax-statement-order.mgn": ("statement-order", 7, 1),  # "lead A" after the first turn
    "syntax-lead-mismatch.mgn": ("lead-mismatch", 7, 1),  # "lead B" on line 6; A plays first, line 7
    "syntax-mixed-hand.mgn": ("mixed-hand", 8, 1),  # "A +10", "B +5", then the play "A 6-4"
    "syntax-duplicate-seat.mgn": ("duplicate-seat", 3, 7),  # '[Seat A "Bruno"]': the second A
}


def test_every_syntax_sample_has_an_expectation():
    assert {p.name for p in BAD.glob("syntax-*.mgn")} == set(SAMPLES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_syntax_sample_gives_one_diagnostic_where_the_mistake_is(name):
    code, line, column = SAMPLES[name]
    (result,) = list(read_file(BAD / name))
    assert isinstance(result, NotationError)
    (d,) = result.diagnostics
    assert (d.code, d.line, d.column) == (code, line, column)
    assert d.source == str(BAD / name)
    source_line = (BAD / name).read_text().splitlines()[line - 1]
    assert d.context == source_line
    assert d.render().endswith(f"\n  {source_line}\n  {' ' * (column - 1)}^")


# ---- the catalogue of common mistakes -------------------------------------------------------


@pytest.mark.parametrize("code, example", [(c, e) for c, examples in CATALOGUE.items() for e in examples])
def test_catalogue_example_gets_its_code(code, example):
    assert error_of(example).code == code


def test_every_catalogue_code_is_listed():
    assert set(CATALOGUE) <= set(CODES)


# ---- messages, positions and expected words -------------------------------------------------


def test_tile_with_a_slash():
    d = error_of(SEATS + "hand 1\nA 6/4 r\n")
    # Line 4, after "A ". After a seat a turn goes on with a tile (play), a claim (score-sheet
    # entry), draw, pass or muggins: the grammar's five kinds of turn.
    assert (d.code, d.line, d.column) == ("tile-syntax", 4, 3)
    assert d.message == "write the tile 6/4 as 6-4: two pips joined by -"
    assert d.expected == "a tile such as 6-4, a claim such as +10, draw, pass, or muggins"
    assert d.render() == (
        "t.mgn:4:3: error[tile-syntax]: write the tile 6/4 as 6-4: two pips joined by -\n"
        "  expected a tile such as 6-4, a claim such as +10, draw, pass, or muggins\n"
        "  A 6/4 r\n"
        "    ^"
    )


def test_tile_without_dash_in_a_deal():
    # "deal A 6-4 53": 53 starts after "deal A 6-4 " (11 characters).
    d = error_of(SEATS + "hand 1\ndeal A 6-4 53\n")
    assert (d.code, d.line, d.column) == ("tile-syntax", 4, 12)
    assert "53 is not a tile" in d.message


def test_draw_count_is_not_a_tile():
    # "A draw 2" is a count; "A draw 6/4" is a tile with a slash, pointed at from its start.
    assert parse_record(SEATS + "hand 1\nA draw 2\n").hands[0].turns[0].count == 2
    d = error_of(SEATS + "hand 1\nA draw 6/4\n")
    assert (d.code, d.line, d.column) == ("tile-syntax", 4, 8)


def test_claim_errors():
    d = error_of(SEATS + "hand 1\nA 6-4 r +x\n")
    # "A 6-4 r " is 8 characters.
    assert (d.code, d.line, d.column) == ("claim-syntax", 4, 9)
    assert d.message == "+x is not a claim: a claim is + and a number, such as +10"
    d = error_of(SEATS + "hand 1\nB muggins A 10\n")
    # After "B muggins A" only a claim can come.
    assert (d.code, d.column, d.expected) == ("claim-syntax", 13, "a claim such as +10")


def test_unknown_words():
    d = error_of(SEATS + "hnad 1\n")
    assert (d.code, d.line, d.column) == ("unknown-word", 3, 1)
    assert d.message == "unknown word hnad; did you mean hand?"
    d = error_of(SEATS + "hand 1\nA Pass\n")
    assert (d.code, d.column, d.message) == ("unknown-word", 3, "keywords are lower case: write pass")


def test_unknown_end():
    d = error_of(SEATS + "hand 1\nA 6-4 u1\n")
    assert (d.code, d.line, d.column) == ("end-syntax", 4, 7)
    assert d.message.startswith("unknown end u1: an end is l or r")


def test_turns_before_any_hand():
    d = error_of(SEATS + "A 6-4\n")
    assert (d.code, d.line, d.column) == ("missing-hand", 3, 1)
    # Between the tags and the first hand: another tag, or "hand N".
    assert d.expected == 'a header tag such as [Event "..."], or hand N'


def test_a_turn_after_the_hand_is_over():
    # pips A 0 ends hand 1; "B 4-1" on line 6 needs "hand 2" first. B reads as the next entry
    # of the tally, so the error is found at the tile, and pointed at B.
    d = error_of(SEATS + "hand 1\nA 6-4\npips A 0\nB 4-1\n")
    assert (d.code, d.line, d.column) == ("missing-hand", 6, 1)
    d = error_of(SEATS + "hand 1\nA 6-4\ndomino A\nB 4-1\n")
    assert (d.code, d.line, d.column) == ("missing-hand", 6, 1)


def test_comment_inside_a_statement():
    d = error_of(SEATS + "hand 1\ndeal A {x} 6-4\n")
    # "deal A " is 7 characters: the comment starts at column 8.
    assert (d.code, d.line, d.column) == ("comment-inside", 4, 8)
    d = error_of('[Event {x} "e"]')
    assert (d.code, d.line, d.column) == ("comment-inside", 1, 8)


def test_a_comment_after_a_whole_statement_is_fine():
    record = parse_record(SEATS + "hand 1\nA 6-4 +10 {x}\nB 4-1 r\n")
    assert record.hands[0].turns[0].comments == ("{x}",)


def test_unterminated_string_and_comment():
    d = error_of('[Event "Club night]\n' + SEATS)
    assert (d.code, d.line, d.column) == ("unterminated-string", 1, 8)
    d = error_of(SEATS + "hand 1\nA 6-4 {good\nB 4-1\n")
    assert (d.code, d.line, d.column) == ("unterminated-comment", 4, 7)


def test_record_ends_too_soon():
    d = error_of('[Event "x"')
    assert (d.code, d.line, d.column) == ("syntax", 1, 11)
    assert d.message == "the record ends too soon"
    assert d.expected == "]"


def test_record_without_header_tags():
    d = error_of("hand 1\n")
    assert (d.code, d.line, d.column) == ("syntax", 1, 1)
    assert "header tags" in d.message


def test_line_numbers_count_from_the_record_first_line():
    with pytest.raises(NotationError) as caught:
        parse_record(SEATS + "hand 1\nA 6/4\n", source="games.mgn", first_line=100)
    (d,) = caught.value.diagnostics
    assert (d.source, d.line, d.column) == ("games.mgn", 103, 3)


def test_a_long_line_gets_no_copy_in_the_diagnostic():
    d = error_of(SEATS + "hand 1\n" + "A 6-4 " * 1000 + "A 6/4\n")
    assert (d.code, d.line, d.column) == ("tile-syntax", 4, 6003)
    assert d.context is None
    assert "^" not in d.render()


def test_expected_words_never_show_terminal_names():
    names = [line.split(":")[0] for line in GRAMMAR_PATH.read_text().splitlines() if line[:1].isupper()]
    assert set(names) - {"WHITESPACE", "COMMENT"} == set(EXPECTED_WORDS) - {"$END"}
    assert expected_words(["PASS", "TILE", "DRAW"]) == "a tile such as 6-4, draw, or pass"
    assert expected_words(["COMMENT"]) is None


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.mgn"
    path.write_bytes(SEATS.encode() + b'[Event "caf\xe9"]\nhand 1\n')
    (error,) = list(read_file(path))
    (d,) = error.diagnostics
    # Line 3: '[Event "caf' is 11 characters, the bad byte is the 12th.
    assert (d.code, d.line, d.column) == ("not-utf8", 3, 12)
    assert "0xe9" in d.message


# ---- never a crash --------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

VALID = (
    '; a game\n[Event "Club \\"night\\""]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n[Team AB "A B"]\n\n'
    "hand 1 {first}\ndeal A 6-4 5-5\ndeal B ?\nboneyard 3-3\nlead A\nA 6-4 +10 ; nice\n"
    "B draw 3-3\nB 4-4 r?! +20\nA muggins B +5\nA pass\ndomino B\npips A 5 B 0\nscore AB -5\ntotals AB 30\n"
)
PIECES = ["6-4", "6/4", "64", "+10", "+x", "A", "C", "AB", "hand", "deal", "?", "!?", "r", "u2", "{", "}",
          ";", '"', "[", "]", "\n", " ", "\t", "draw", "pass", "muggins", "domino", "blocked", "pips",
          "-", "99-1", "inline", "\\", "é", "\x00", "\r"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_any_text_gives_a_record_or_diagnostics_never_a_crash(pieces):
    text = '[Seat A "a"]\n' + "".join(pieces)
    try:
        parse_record(text)
    except NotationError as exc:
        assert exc.diagnostics and all(d.line >= 1 and d.column >= 1 for d in exc.diagnostics)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(VALID)), st.integers(0, 8), st.sampled_from(PIECES))
def test_a_damaged_record_gives_diagnostics_never_a_crash(at, cut, piece):
    text = VALID[:at] + piece + VALID[at + cut :]
    try:
        parse_record(text)
    except NotationError as exc:
        assert exc.diagnostics and all(d.line >= 1 and d.column >= 1 for d in exc.diagnostics)
