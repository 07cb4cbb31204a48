"""Reading files that would lose records or memory: a brace comment left open, old Mac line ends,
an endless line, a record of many megabytes (issue 15: nothing silently lost, bounded resources).

Each case goes through the real commands (in-process) and through the reader itself; the
expected positions are worked out by hand from the texts below.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import run

from muggins.batch import spread
from muggins.notation.errors import NotationError
from muggins.notation.model import Record
from muggins.notation.parser import iter_records, read_file, read_headers
from muggins.notation.split import split_records

#: Eight lines, the last one blank: game n starts on line 8 * (n - 1) + 1 of a file of them.
GAME = '[Event "Game {n}"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\nB 4-1 r\n\n'


def games(first: int, last: int) -> str:
    return "".join(GAME.format(n=n) for n in range(first, last + 1))


def kinds(items) -> list[str]:
    return [type(item).__name__ for item in items]


# ---- a brace comment left open ---------------------------------------------------------------


def test_a_brace_left_open_on_line_1_costs_one_record_not_eighty(tmp_path):
    path = tmp_path / "archive.mgn"
    path.write_text("{ Tuesday club, autumn\n" + games(1, 80), encoding="utf-8")
    items = list(read_file(path))
    # The comment swallows game 1 (no blank line between it and game 1's tags) and ends at the
    # blank line before game 2: one error at the brace, then games 2 to 80.
    assert kinds(items) == ["NotationError"] + ["Record"] * 79
    (d,) = items[0].diagnostics
    assert (d.code, d.line, d.column) == ("unterminated-comment", 1, 1)
    assert [r.tag("Event") for r in items[1:3]] == ["Game 2", "Game 3"]
    assert items[1].line == 1 + 8 + 1  # the comment's line, game 1's eight, then game 2
    for command in (("check",), ("audit",), ("fmt", "--check")):
        result = run(*command, str(path))
        assert result.exit_code != 0, command
        assert ": 0 records" not in result.stdout
        assert f"{path}:1:1: error[unterminated-comment]" in result.stderr, command
    assert "80 records (1 unreadable), 1 problem" in run("check", str(path)).stdout


def test_a_brace_left_open_in_the_first_record_costs_only_that_record(tmp_path):
    path = tmp_path / "archive.mgn"
    broken = GAME.format(n=1).replace("A 6-4 +10", "A 6-4 +10 {a long note")
    path.write_text(broken + games(2, 60), encoding="utf-8")
    items = list(read_file(path))
    assert kinds(items) == ["NotationError"] + ["Record"] * 59
    (d,) = items[0].diagnostics
    assert (d.code, d.line, d.column) == ("unterminated-comment", 6, 11)  # "A 6-4 +10 {": the {
    assert d.message == "this comment is not closed with } before its record ends"
    assert [r.line for r in items[1:3]] == [9, 17]


def test_a_brace_closed_only_after_the_next_record_starts_is_not_closed(tmp_path):
    # The } is in game 2's comment: the brace of game 1 does not reach it.
    text = GAME.format(n=1).replace("A 6-4 +10", "A 6-4 +10 {note") + GAME.format(n=2).replace("B 4-1 r", "B 4-1 r {fine}")
    path = tmp_path / "two.mgn"
    path.write_text(text, encoding="utf-8")
    first, second = read_file(path)
    (d,) = first.diagnostics
    assert (d.code, d.line, d.column) == ("unterminated-comment", 6, 11)
    assert d.message == "this comment is not closed with } before its record ends"
    assert second.hands[0].turns[1].comments == ("{fine}",)


def test_a_brace_left_open_before_records_that_open_with_comment_lines_costs_only_its_record(tmp_path):
    # Each record after the first opens with ; comment lines, as every bundled sample does: the
    # comment used to run on over them (only a blank line right before a [ line ended it), to the
    # end of the file, and games 2 and 3 were never read.
    broken = GAME.format(n=1).replace("A 6-4 +10", "A 6-4 +10 {Ana leads")
    path = tmp_path / "lost.mgn"
    path.write_text(broken + "; game two\n" + GAME.format(n=2) + "; game three\n" + GAME.format(n=3), encoding="utf-8")
    items = list(read_file(path))
    assert kinds(items) == ["NotationError", "Record", "Record"]
    (d,) = items[0].diagnostics
    assert (d.code, d.line, d.column) == ("unterminated-comment", 6, 11)  # "A 6-4 +10 {": the {
    # Game 1 is lines 1-8 (8 blank), its comment line 9, game 2 lines 10-17, its comment 18.
    assert [(r.tag("Event"), r.line, r.comments) for r in items[1:]] == [
        ("Game 2", 9, ("; game two",)), ("Game 3", 18, ("; game three",))]
    assert "3 records (1 unreadable), 1 problem" in run("check", str(path)).stdout


def test_a_brace_left_open_ends_at_the_first_blank_line_before_comment_lines_and_a_tag(tmp_path):
    broken = GAME.format(n=1).replace("A 6-4 +10", "A 6-4 +10 {a note")
    path = tmp_path / "lost.mgn"
    path.write_text(broken + "; first\n\n  ; second\n" + GAME.format(n=2), encoding="utf-8")
    error, record = read_file(path)
    assert (error.diagnostics[0].code, error.line) == ("unterminated-comment", 6)
    # Line 8 is the blank line that ends game 1 (and its comment): both comment lines are game 2's.
    assert (record.line, record.comments) == (9, ("; first", "; second"))


def test_the_splitter_and_lark_agree_where_an_open_comment_ends_before_comment_lines():
    from muggins.notation.parser import parse_record

    text = '[Seat A "a"]\nhand 1\nA 6-4 {x\n\n; next\n[Seat B "b"]\nhand 1\nB 4-1 }\n'
    # Read as one record by lark, the comment cannot reach the } (it used to: one record).
    with pytest.raises(NotationError) as caught:
        parse_record(text)
    assert [(d.code, d.line, d.column) for d in caught.value.diagnostics] == [("unterminated-comment", 3, 7)]
    first, second = split_records(text.splitlines(keepends=True))
    assert (first.first_line, second.first_line) == (1, 4)
    assert second.text.startswith("\n; next\n[Seat B")
    # A } on such a line closes the comment, as anywhere: then the comment is whole.
    closed = text.replace("; next", "; next }")
    record = parse_record(closed.split("[Seat B")[0])
    assert record.hands[0].turns[0].comments == ("{x\n\n; next }",)
    assert [c.first_line for c in split_records(closed.splitlines(keepends=True))] == [1, 6]


def test_a_brace_left_open_in_the_comment_lines_before_a_record_costs_that_record_not_the_one_above():
    # The lines after a blank line that follows a record's last statement are the next record's
    # comments (NOTATION.md, "Records and files"): a { left open there is the next record's, and
    # the comment ends at its blank line before the tag. The record above used to take it.
    game = '[Seat A "a"]\n[Seat B "b"]\n\nhand 1\nA 6-4 +10\n'
    for between in ("\n{ an open note\n\n; next\n", "\n{ an open note\n\n"):
        first, second = iter_records(game + between + game)
        assert isinstance(first, Record) and first.hands[0].turns[0].comments == ()
        assert (second.diagnostics[0].code, second.line) == ("unterminated-comment", 7), between


def test_the_comment_lines_after_an_oversize_record_left_in_a_comment_stay_with_the_next(tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_RECORD_CHARS", "2000")
    big = GAME.format(n=1).replace("B 4-1 r\n", "B 4-1 r {open\n" + "A draw 1\n" * 400)
    path = tmp_path / "big.mgn"
    path.write_text(big + "; the next game\n" + GAME.format(n=2), encoding="utf-8")
    error, record = read_file(path)
    assert (error.diagnostics[0].code, error.line) == ("record-too-big", 1)
    assert f"({len(big) - 1:,} characters)" in error.diagnostics[0].message  # its blank last line is the next one's
    assert (record.line, record.comments) == (big.count("\n") + 1, ("; the next game",))


def test_the_splitter_asks_the_grammar_about_each_line_inside_an_open_comment_once_at_most(monkeypatch):
    # Counted, not timed: the text the grammar's comment pattern is asked about, over a run of
    # blank and comment lines inside an open comment, with lines opening with [ among them.
    from muggins.notation import split

    asked = [0]

    def counting(open_until, inside, text):
        asked[0] += len(inside) + len(text)
        return goes_on(open_until, inside, text)

    goes_on = split.comment_goes_on
    monkeypatch.setattr(split, "comment_goes_on", counting)
    body = ("\n; y" * 1000 + "\n[z") * 20 + "\n\n; y" * 20000
    text = '[Seat A "a"]\nhand 1\nA 6-4 {x' + body + "\n"
    (chunk,) = split_records(text.splitlines(keepends=True))
    assert chunk.text == text
    assert 0 < asked[0] <= len(body)


def test_a_run_of_blank_and_comment_lines_inside_an_open_comment_costs_lark_linear_time():
    # The comment pattern looks over such a run once, at its first blank line (possessive): a
    # lookahead at every blank line would take hours here. The time limit only stops a hang.
    import subprocess
    import sys

    script = (
        "from muggins.notation.parser import parse_record, NotationError\n"
        "text = '[Seat A \"a\"]\\nhand 1\\nA 6-4 {x' + '\\n\\n; y' * 200000 + '\\n'\n"
        "try:\n    parse_record(text, fast=False)\nexcept NotationError as e:\n    print(e.diagnostics[0].code)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["unterminated-comment"], done.stderr


def test_a_comment_may_still_span_lines_and_even_a_blank_line():
    text = '[Seat A "a"]\nhand 1\nA 6-4 {a note\n\n  over [two] paragraphs\n [Event "indented"]}\n'
    (chunk,) = split_records(text.splitlines(keepends=True))
    assert chunk.text == text


def test_the_splitter_and_lark_agree_where_an_open_comment_ends():
    # Read as one record by lark, the text fails at the brace: the comment cannot reach the }.
    from muggins.notation.parser import parse_record

    text = '[Seat A "a"]\nhand 1\nA 6-4 {x\n  \t\n[Seat B "b"]\nhand 1\nB 4-1 }\n'
    with pytest.raises(NotationError) as caught:
        parse_record(text)
    assert [(d.code, d.line, d.column) for d in caught.value.diagnostics] == [("unterminated-comment", 3, 7)]
    # The splitter ends the record at the blank line (spaces and a tab count as blank): the
    # blank line goes with the record below, as between any two records.
    first, second = split_records(text.splitlines(keepends=True))
    assert (first.first_line, second.first_line) == (1, 4)
    assert second.text.startswith("  \t\n[Seat B")


def test_a_comment_left_open_at_the_end_of_a_file_is_an_error_not_an_empty_file(tmp_path):
    path = tmp_path / "open.mgn"
    path.write_text('{ everything below\n[Seat A "a"]\nhand 1\nA 6-4\n', encoding="utf-8")
    (error,) = read_file(path)
    assert (error.diagnostics[0].code, error.line) == ("unterminated-comment", 1)
    result = run("check", str(path))
    assert result.exit_code == 1 and ": 0 records" not in result.stdout


# ---- line ends ---------------------------------------------------------------------------------


def test_old_mac_line_ends_read_as_lines(tmp_path):
    text = games(1, 3).replace("A 6-4 +10", "A 6-4 +10 ; a note")
    path = tmp_path / "mac.mgn"
    path.write_bytes(text.replace("\n", "\r").encode())
    records = list(read_file(path))
    assert kinds(records) == ["Record"] * 3
    assert [r.line for r in records] == [1, 9, 17]
    assert [r.hands[0].turns[1].line for r in records] == [7, 15, 23]
    assert records[0].hands[0].turns[0].comments == ("; a note",)
    assert [r.line for r in read_headers(path)] == [1, 9, 17]
    assert "3 records, clean" in run("check", str(path)).stdout


def test_a_slip_in_a_cr_only_file_is_reported_on_its_line(tmp_path):
    path = tmp_path / "mac.mgn"
    path.write_bytes(games(1, 2).replace("B 4-1 r", "B 4/1 r", 1).replace("\n", "\r").encode())
    first, second = read_file(path)
    (d,) = first.diagnostics
    assert (d.code, d.line, d.column) == ("tile-syntax", 7, 3)
    assert isinstance(second, Record)


def test_mixed_line_ends_count_one_line_each(tmp_path):
    path = tmp_path / "mixed.mgn"
    path.write_bytes(b'[Seat A "a"]\r\n[Seat B "b"]\rhand 1\nA 6-4\r\rB 4-1\r\n')
    (record,) = read_file(path)
    assert [t.line for t in record.hands[0].turns] == [4, 6]


def test_a_cr_at_the_end_of_a_block_and_an_lf_at_the_start_of_the_next_are_one_line_end(tmp_path, monkeypatch):
    from muggins.notation import parser

    monkeypatch.setattr(parser, "_BLOCK", 13)  # '[Seat A "a"]\r' is 13 bytes
    path = tmp_path / "crlf.mgn"
    path.write_bytes(b'[Seat A "a"]\r\nhand 1\r\nA 6-4\r\n')
    (record,) = read_file(path)
    assert record.hands[0].turns[0].line == 3


def test_fmt_of_a_crlf_file_writes_no_carriage_return_inside_a_comment(tmp_path):
    path = tmp_path / "windows.mgn"
    text = '[Seat A "a"]\n\nhand 1\nA 6-4 {a note\nover two lines}\n'
    path.write_bytes(text.replace("\n", "\r\n").encode())
    result = run("fmt", str(path))
    assert result.exit_code == 0
    assert b"\r" not in result.stdout_bytes  # (``stdout`` would hide a \r\n)
    assert b"{a note\nover two lines}" in result.stdout_bytes


@pytest.mark.parametrize("name", ["mac", "unclosed", "unclosed-before-comment-lines"])
def test_workers_cut_cr_only_files_and_open_comments_as_reading_in_order_does(name, tmp_path, monkeypatch):
    monkeypatch.setattr(spread, "BATCH_CHARS", 200)
    text = games(1, 30)
    if name == "mac":
        text = text.replace("\n", "\r")
    else:
        text = text.replace("A 6-4 +10", "A 6-4 +10 {open", 3)
    if name == "unclosed-before-comment-lines":
        text = text.replace("\n[Event", "\n; a game\n\n; of the club\n[Event")
    path = tmp_path / f"{name}.mgn"
    path.write_bytes(text.encode())
    one = run("check", "--format", "json", str(path), "--jobs", "1")
    two = run("check", "--format", "json", str(path), "--jobs", "2")
    assert (one.stdout, one.exit_code) == (two.stdout, two.exit_code)
    assert '"records": 30' in one.stdout


# ---- limits ------------------------------------------------------------------------------------


def test_a_line_over_the_limit_stops_reading_the_file_and_says_how_to_raise_it(tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_LINE_BYTES", "1000")
    path = tmp_path / "long.mgn"
    path.write_text(games(1, 2) + '[Event "' + "x" * 5000 + '"]\n' + games(3, 4), encoding="utf-8")
    items = list(read_file(path))
    assert kinds(items) == ["Record", "Record", "NotationError"]
    (d,) = items[2].diagnostics
    assert (d.code, d.line, d.column) == ("line-too-long", 17, 1)
    assert "line-bytes limit of 1,000 bytes" in d.message and "MUGGINS_LINE_BYTES=N" in d.message
    result = run("check", str(path))
    assert result.exit_code == 2
    assert "MUGGINS_LINE_BYTES" in result.stderr


def test_a_line_over_the_limit_inside_a_record_takes_that_record_with_it(tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_LINE_BYTES", "100")
    path = tmp_path / "long.mgn"
    path.write_text(games(1, 1) + GAME.format(n=2).replace("B 4-1 r", "B 4-1 r " + "{x}" * 50), encoding="utf-8")
    first, error = read_file(path)
    assert first.tag("Event") == "Game 1"
    assert (error.diagnostics[0].code, error.line) == ("line-too-long", 15)


GAME_1 = '[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 5-5 +10\n'  # five lines


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_bad_byte_in_the_comment_lines_after_a_record_costs_the_rest_not_that_record(end, tmp_path):
    # The record ends at line 5; line 6 is blank, so the comment on line 7 is the next record's
    # (NOTATION.md, "Records and files"), as the next line that is not blank or a comment, a
    # tag, shows. That record used to go down with the rest of the file.
    path = tmp_path / "u.mgn"
    path.write_bytes((GAME_1 + "\n").replace("\n", end).encode() + f"; note \xff{end}; more{end}{end}".encode("latin-1")
                     + GAME_1.replace("\n", end).encode())
    record, error = read_file(path)
    assert isinstance(record, Record) and (record.line, len(record.hands)) == (1, 1)
    (d,) = error.diagnostics
    assert (d.code, d.line, d.column) == ("not-utf8", 7, 8)  # "; note " is 7 characters
    result = run("check", str(path))
    assert result.exit_code == 2
    assert "1 record" in result.stdout and "0 records" not in result.stdout


def test_a_line_over_the_limit_in_the_comment_lines_after_a_record_costs_the_rest_not_that_record(tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_LINE_BYTES", "1000")
    path = tmp_path / "long.mgn"
    path.write_text(GAME_1 + "\n; " + "x" * 1500 + "\n\n" + GAME_1, encoding="utf-8")  # its rest within the limit
    record, error = read_file(path)
    assert isinstance(record, Record)
    assert (error.diagnostics[0].code, error.line) == ("line-too-long", 7)


def test_a_bad_byte_that_may_be_inside_a_record_still_costs_that_record(tmp_path, monkeypatch):
    # What follows the bad line decides: a statement (the record goes on past it), the end of the
    # file (trailing comments are the last record's), or nothing decisive within line-bytes.
    bad = "\n; note \xff\n".encode("latin-1")
    for after in (b"B 5-2 r\n", b"", b"; more\n" * 200 + GAME_1.encode()):
        monkeypatch.setenv("MUGGINS_LINE_BYTES", "1000")
        path = tmp_path / "u.mgn"
        path.write_bytes(GAME_1.encode() + bad + after)
        (error,) = read_file(path)
        assert (error.diagnostics[0].code, error.line) == ("not-utf8", 7), after[:20]


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_short_lines_across_many_blocks_are_never_taken_for_a_long_one(end, tmp_path, monkeypatch):
    # A block is as long as the line limit at most: 40 bytes here, so every line end, a \r\n
    # torn in two included, falls at a block's end somewhere in this file of 2,400 bytes.
    monkeypatch.setenv("MUGGINS_LINE_BYTES", "40")
    path = tmp_path / "short.mgn"
    path.write_bytes(games(1, 30).replace("\n", end).encode())
    records = list(read_file(path))
    assert kinds(records) == ["Record"] * 30
    assert [r.line for r in records[:3]] == [1, 9, 17]


def test_an_endless_line_is_not_read_whole():
    # /dev/zero is one line without end: reading stops at the line-bytes limit (16 MiB). (The
    # commands refuse a device before reading it; an endless pipe is read to this limit:
    # tests/test_special_files.py.)
    (error,) = read_file("/dev/zero")
    assert (error.diagnostics[0].code, error.line) == ("line-too-long", 1)


def test_a_record_over_the_limit_is_refused_where_it_starts_and_reading_goes_on(tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_RECORD_CHARS", "2000")
    big = GAME.format(n=2).replace("B 4-1 r\n", "B 4-1 r\n" + "A draw 1\n" * 400)
    path = tmp_path / "big.mgn"
    path.write_text(games(1, 1) + big + games(3, 3), encoding="utf-8")
    items = list(read_file(path))
    assert kinds(items) == ["Record", "NotationError", "Record"]
    (d,) = items[1].diagnostics
    assert (d.code, d.line, d.column) == ("record-too-big", 9, 1)
    assert f"({len(big) - 1:,} characters)" in d.message  # its last line, blank, goes with the record below
    assert "record-chars limit of 2,000 characters" in d.message and "MUGGINS_RECORD_CHARS=N" in d.message
    assert items[2].line == 9 + big.count("\n")
    assert kinds(read_headers(path)) == ["Record", "NotationError", "Record"]
    result = run("check", str(path))
    assert result.exit_code == 1
    assert "3 records (1 unreadable)" in result.stdout


def test_the_comments_before_the_record_after_one_over_the_limit_stay_with_it(tmp_path, monkeypatch):
    # Found by the fuzz run (over-limits): the comment lines between an oversize record and the
    # next went down with the oversize one, so the next record lost its comments.
    monkeypatch.setenv("MUGGINS_RECORD_CHARS", "2000")
    big = GAME.format(n=1).replace("B 4-1 r\n", "B 4-1 r\n" + "A draw 1\n" * 400)
    after = "; the third game\n; of the evening\n" + GAME.format(n=2)
    path = tmp_path / "big.mgn"
    path.write_text(big + after, encoding="utf-8")
    error, record = read_file(path)
    assert (error.diagnostics[0].code, error.line) == ("record-too-big", 1)
    assert f"({len(big) - 1:,} characters)" in error.diagnostics[0].message  # its blank last line is the next one's
    assert record.comments == ("; the third game", "; of the evening")
    assert record.line == big.count("\n") + 1  # the blank line, then the comments, from there
    monkeypatch.delenv("MUGGINS_RECORD_CHARS")
    assert list(read_file(path))[1].comments == record.comments  # as without the limit


def test_a_record_under_the_limit_is_not_pushed_over_by_the_comments_of_the_next(tmp_path, monkeypatch):
    first = GAME.format(n=1)  # 80 characters, its last line blank
    after = "; " + "c" * 30 + '\n[Seat A "a"]\nhand 1\nA 6-4\n'  # 33 + 26 characters
    monkeypatch.setenv("MUGGINS_RECORD_CHARS", str(len(first) + 10))  # each record, not the first with the comment line
    path = tmp_path / "near.mgn"
    path.write_text(first + after, encoding="utf-8")
    one, two = read_file(path)
    assert isinstance(one, Record) and isinstance(two, Record)
    assert two.comments == ("; " + "c" * 30,)
    # Between two hands, the same lines are the record's own: they count.
    path.write_text(first.rstrip("\n") + "\n\n; " + "c" * 30 + "\nhand 2\nA 6-4 +10\n", encoding="utf-8")
    (error,) = read_file(path)
    assert error.diagnostics[0].code == "record-too-big"


def test_a_record_over_the_limit_is_never_held_whole(monkeypatch):
    monkeypatch.setenv("MUGGINS_RECORD_CHARS", "10000")
    held = []

    def lines():
        yield '[Seat A "a"]\n'
        yield "hand 1\n"
        for _ in range(100_000):
            yield "A draw 1\n"
        yield '[Seat B "b"]\n'
        yield "hand 1\n"

    for chunk in split_records(lines()):
        held.append((chunk.first_line, len(chunk.text), chunk.oversize))
    assert held == [(1, 0, 13 + 7 + 100_000 * 9), (100_003, 20, 0)]


def test_the_limits_are_documented_with_their_variables():
    from muggins.limits import ALL, LINE_BYTES, RECORD_CHARS

    assert {LINE_BYTES, RECORD_CHARS} <= set(ALL)
    notation = (Path(__file__).resolve().parents[1] / "notation" / "NOTATION.md").read_text(encoding="utf-8")
    for limit in (LINE_BYTES, RECORD_CHARS):
        assert limit.env.startswith("MUGGINS_") and f"`{limit.name}`" in notation
