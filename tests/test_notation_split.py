"""A file of many records is read one record at a time; a broken record costs only itself."""

from __future__ import annotations

import itertools

from muggins.notation.errors import NotationError
from muggins.notation.model import Record
from muggins.notation.parser import iter_records, read_file, read_headers
from muggins.notation.split import split_records

GAME = '[Event "Game {n}"]\n[Seat A "a"]\n[Seat B "b"]\n\nhand 1\nA 6-4 +10\nB 4-1 r\n'  # 7 lines


def chunks(text: str):
    return [(c.first_line, c.text) for c in split_records(text.splitlines(keepends=True))]


def test_three_records_and_their_file_lines():
    text = "\n".join(GAME.format(n=n) for n in (1, 2, 3))  # a blank line between records
    records = list(iter_records(text, source="three.mgn"))
    assert [r.tag("Event") for r in records] == ["Game 1", "Game 2", "Game 3"]
    # Each game is 7 lines plus the blank line after it: they start on lines 1, 9 and 17.
    assert [r.line for r in records] == [1, 9, 17]
    assert [r.hands[0].turns[1].line for r in records] == [7, 15, 23]
    assert {r.source for r in records} == {"three.mgn"}


def test_a_broken_record_is_yielded_as_its_error_and_the_next_ones_still_parse():
    broken = GAME.format(n=2).replace("B 4-1 r", "B 4/1 r")
    text = GAME.format(n=1) + "\n" + broken + "\n" + GAME.format(n=3) + "\n" + GAME.format(n=4)
    results = list(iter_records(text, source="four.mgn"))
    assert [type(r).__name__ for r in results] == ["Record", "NotationError", "Record", "Record"]
    (d,) = results[1].diagnostics
    # Game 2 starts on line 9; its "B 4/1 r" is its 7th line: file line 15, the tile at column 3.
    assert (d.code, d.source, d.line, d.column) == ("tile-syntax", "four.mgn", 15, 3)
    assert [r.line for r in results if isinstance(r, Record)] == [1, 17, 25]
    assert results[3].hands[0].turns[0].line == 30


def test_a_new_record_starts_only_at_a_tag_after_some_hand():
    text = '[Event "a"]\n[Seat A "a"]\nhand 1\n[Event "b"]\n[Seat A "a"]\n'
    assert [line for line, _ in chunks(text)] == [1, 4]
    # Tags after tags are the same record, however far apart.
    assert len(chunks('[Event "a"]\n\n\n[Seat A "a"]\n')) == 1
    # A tag not at the start of its line starts nothing.
    assert len(chunks('[Event "a"]\nhand 1 [Site "x"]\n')) == 1


def test_comment_lines_between_records():
    # After a blank line, comment lines belong to the record below; without one, to the
    # statement above.
    text = '[Seat A "a"]\nhand 1\nA 6-4 ; end of game 1\n; still game 1\n\n; about game 2\n{more}\n[Seat B "b"]\nhand 1\n'
    first, second = list(iter_records(text))
    assert first.hands[0].turns[0].comments == ("; end of game 1", "; still game 1")
    assert second.comments == ("; about game 2", "{more}")
    assert second.line == 6


def test_brackets_inside_comments_and_strings_start_no_record():
    text = (
        '[Seat A "a"]\nhand 1\nA 6-4 {a long note\n[Event "not a tag"]\n}\n'
        'B 4-1 ; [Event "nor this"]\n; [Event "nor this"]\n'
    )
    assert len(chunks(text)) == 1


def test_text_with_only_comments_or_blanks_is_no_record():
    assert list(iter_records("")) == []
    assert list(iter_records("\n  \n\t\n")) == []
    assert list(iter_records("; just a note\n{and\n another}\n")) == []


def test_comments_before_the_first_record_are_its_own():
    (record,) = list(iter_records('; file header\n\n[Seat A "a"]\nhand 1\n'))
    assert record.comments == ("; file header",)


def test_lines_can_come_from_any_iterable():
    lines = GAME.format(n=1).splitlines(keepends=True)
    (from_list,) = list(iter_records(lines))
    (from_text,) = list(iter_records(GAME.format(n=1)))
    assert from_list == from_text


def test_reading_is_lazy_so_memory_does_not_grow_with_the_records():
    # An endless stream of records: taking three must not read the rest.
    endless = (line for n in itertools.count(1) for line in GAME.format(n=n).splitlines(keepends=True))
    first_three = list(itertools.islice(iter_records(endless), 3))
    assert [r.tag("Event") for r in first_three] == ["Game 1", "Game 2", "Game 3"]
    # Each chunk holds its own record's text only.
    endless = (line for n in itertools.count(1) for line in GAME.format(n=n).splitlines(keepends=True))
    chunk = next(itertools.islice(split_records(endless), 5, None))
    assert chunk.text == GAME.format(n=6)
    assert chunk.first_line == 36  # five games of 7 lines before it


# ---- files ----------------------------------------------------------------------------------


def test_read_file_streams_records_with_the_file_name(tmp_path):
    path = tmp_path / "games.mgn"
    path.write_text(GAME.format(n=1) + "\n" + GAME.format(n=2))
    records = list(read_file(path))
    assert [(r.source, r.line) for r in records] == [(str(path), 1), (str(path), 9)]


def test_empty_file(tmp_path):
    path = tmp_path / "empty.mgn"
    path.write_text("")
    assert list(read_file(path)) == []


def test_byte_order_mark_and_crlf(tmp_path):
    path = tmp_path / "windows.mgn"
    path.write_bytes(b"\xef\xbb\xbf" + GAME.format(n=1).replace("\n", "\r\n").encode())
    (record,) = list(read_file(path))
    assert isinstance(record, Record)
    assert record.headers[0].column == 1
    assert record.hands[0].turns[1].line == 7


def test_records_before_a_bad_byte_are_read(tmp_path):
    path = tmp_path / "mixed.mgn"
    path.write_bytes(GAME.format(n=1).encode() + b"\n" + b'[Event "caf\xe9"]\n')
    first, error = list(read_file(path))
    assert isinstance(first, Record)
    assert isinstance(error, NotationError)
    assert (error.diagnostics[0].code, error.line) == ("not-utf8", 9)


def test_a_10_mb_line_is_reported_without_copying_it(tmp_path):
    path = tmp_path / "huge.mgn"
    path.write_text('[Seat A "a"]\nhand 1\n' + "x" * 10_000_000 + "\n")
    (error,) = list(read_file(path))
    (d,) = error.diagnostics
    assert (d.code, d.line, d.column) == ("unknown-word", 3, 1)
    assert d.context is None
    assert len(d.render()) < 500


def test_read_headers_parses_no_hand(tmp_path):
    path = tmp_path / "games.mgn"
    broken_hand = GAME.format(n=2).replace("B 4-1 r", "B 4/1 r")
    path.write_text(GAME.format(n=1) + "\n" + broken_hand)
    heads = list(read_headers(path))
    assert [(r.tag("Event"), r.hands, r.line) for r in heads] == [("Game 1", (), 1), ("Game 2", (), 9)]
