"""``read_records`` reads a text handle as it reads a file: a byte-order mark at the start is
dropped (it was read as text: a syntax error at 1:1, then a record without its first tag), and
a lone ``\\r`` ends a line (an ``io.StringIO`` of such a text was one long line: both records lost
in one error; a handle opened with ``newline=""`` put every statement at line 1)."""

from __future__ import annotations

import io

import muggins

ONE = '[Event "one"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\n'
TWO = '[Event "two"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 5-5 +10\nB 5-0 r +15\n'
TEXT = ONE + "\n" + TWO  # "two" starts at line 8; its plays are on lines 13 and 14 (counted by hand)


def _seen(items):
    out = []
    for item in items:
        assert isinstance(item, muggins.Record), item
        hand = item.hands[0]
        out.append((item.line, item.tag("Event"), [turn.line for turn in hand.turns]))
    return out


EXPECTED = [(1, "one", [6]), (8, "two", [13, 14])]


def test_the_path_is_the_reference(tmp_path):
    path = tmp_path / "two.mgn"
    path.write_text(TEXT, encoding="utf-8")
    assert _seen(muggins.read_records(path)) == EXPECTED


def test_a_byte_order_mark_is_dropped_from_a_handle(tmp_path):
    path = tmp_path / "bom.mgn"
    path.write_text(TEXT, encoding="utf-8-sig")
    with open(path, encoding="utf-8") as handle:  # utf-8, not utf-8-sig: the mark is read as text
        assert _seen(muggins.read_records(handle)) == EXPECTED
    assert _seen(muggins.read_records(io.StringIO("\ufeff" + TEXT))) == EXPECTED


def test_a_lone_carriage_return_ends_a_line_in_a_handle(tmp_path):
    old_mac = TEXT.replace("\n", "\r")
    assert _seen(muggins.read_records(io.StringIO(old_mac))) == EXPECTED
    assert _seen(muggins.read_records(io.StringIO(old_mac, newline=""))) == EXPECTED
    path = tmp_path / "cr.mgn"
    path.write_bytes(old_mac.encode("utf-8"))
    with open(path, encoding="utf-8", newline="") as handle:
        assert _seen(muggins.read_records(handle)) == EXPECTED
    assert _seen(muggins.read_records(io.StringIO(TEXT.replace("\n", "\r\n"), newline=""))) == EXPECTED
