"""The fast path reads exactly what lark reads, or declines and leaves the text to lark.

The one promise of notation/fastpath.py: ``parse_fast(text, source, first_line)`` is ``None`` or
equal, field for field (every position and comment, ``source`` and ``line`` too), to what the
lark parser builds from the same text. The expected values here are never worked out by hand:
they come from the independent route, lark itself (``parse_record(..., fast=False)``). Tested on
every sample, every catalogue example, simulated games under every preset, generated records and
thousands of edited texts; and the fast path must take the layouts it is for, so it cannot
quietly become a no-op that declines everything.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_notation_roundtrip import records

from muggins.notation import fastpath, parser
from muggins.notation.errors import CATALOGUE, NotationError
from muggins.notation.fastpath import parse_fast
from muggins.notation.formatter import format_record
from muggins.notation.model import Record
from muggins.notation.split import split_records
from muggins.replay.rules import load, preset_names
from muggins.replay.simulate import Options, simulate

SAMPLES = sorted((Path(__file__).resolve().parents[1] / "samples").rglob("*.mgn"))


def by_lark(text: str, source: str, first_line: int) -> Record | None:
    try:
        return parser.parse_record(text, source, first_line, fast=False)
    except NotationError:
        return None


def same_or_declined(text: str, source: str = "t.mgn", first_line: int = 1) -> Record | None:
    """What the fast path read, after checking it equals lark's record (``None`` if declined)."""
    fast = parse_fast(text, source, first_line)
    if fast is None:
        return None
    slow = by_lark(text, source, first_line)
    assert slow is not None, f"the fast path took a text lark rejects:\n{text!r}"
    assert fast == slow, f"the fast path built another record:\n{text!r}"
    assert (fast.source, fast.line) == (slow.source, slow.line), text
    return fast


def taken(text: str, source: str = "t.mgn", first_line: int = 1) -> Record:
    record = same_or_declined(text, source, first_line)
    assert record is not None, f"the fast path declined a text in its layout:\n{text!r}"
    return record


def chunks_of(path: Path):
    text = path.read_bytes().decode("utf-8")
    return list(split_records(io.StringIO(text, newline="\n")))


def all_comments(record: Record) -> list[str]:
    found = list(record.comments)
    for header in record.headers:
        found += header.comments
    for hand in record.hands:
        found += hand.comments
        for statement in (*hand.deals, hand.boneyard, hand.lead, *hand.turns, hand.outcome, hand.pips,
                          hand.scores, hand.totals):
            if statement is not None:
                found += statement.comments
    return found


def in_its_layout(record: Record) -> bool:
    """No brace comment spanning lines: the one thing of the canonical form it declines."""
    return not any(c.startswith("{") and "\n" in c for c in all_comments(record))


# A record as people write it by hand: tabs and runs of spaces, indented lines, blank lines,
# comments of both kinds after statements and on lines of their own, teams, every statement.
HANDWRITTEN = (
    "; Club night, table 2\n"
    "{kept by Ana}\n"
    '[Event   "Club \\"night\\" \\\\ 2"]\t; the quotes\n'
    '[Site "Casa de Ana"]\n'
    '[Set target "150"]\n'
    '[Seat N "Nora"]\n'
    '[Seat E "Emil"] {second}\n'
    '[Seat S "Sara"]\n'
    '\t[Seat W "Walt"]   \n'
    '[Team NS "N S"]\n'
    '[Team EW "E W"]\n'
    "; about the teams\n"
    "\n"
    "hand 1 {first}\n"
    "deal N 6-6 6-1 5-3 4-0 1-0\n"
    "deal E 6-0\t5-5  5-0 4-4 1-1\n"
    "deal S ?\n"
    "  deal W 4-2 3-2 3-1 2-0 0-0 ; indented\n"
    "boneyard 5-2 2-2 6-3\n"
    "lead N\n"
    "N 6-6 +12 {the spinner}\n"
    "E 0-6 r\n"
    "S 3-0 r!? +15\n"
    "W 3-1 u2 ; a second spinner\n"
    "; said aloud\n"
    "N 1-6 d13 inline ?? +0\n"
    "E draw 5-2 2-2\n"
    "E draw 2 {unseen}{twice}\n"
    "E pass\n"
    "S muggins E +15 ; caught\n"
    "S 2-0 l\n"
    "domino S {out}\n"
    "pips N 0 E 12 S -3 W 7\n"
    "score NS 30 EW -5\n"
    "totals NS 120 EW 95\n"
    "\n"
    "hand 2\n"
    "boneyard\n"
    "N +10\n"
    "E +5 {sheet}\n"
    "blocked\n"
    "\n"
    "hand 3\n"
    "lead E\n"
    "\n"
    "hand 4\n"
    "domino\n"
    "totals NS 200\n"
)


def simulated_texts(max_hands: int = 3) -> list[str]:
    texts = []
    for name in preset_names():
        rules = load(name)
        for players in rules.players:
            (record,) = simulate(rules, 11 + players, 1, Options(players=players, forget=0.1, max_hands=max_hands))
            texts.append(format_record(record))
    return texts


SIMULATED = simulated_texts()


# ---- what it takes -------------------------------------------------------------------------


def test_the_handwritten_record_is_taken():
    record = taken(HANDWRITTEN, "club.mgn", 40)
    assert len(record.hands) == 4 and record.line == 40


def test_simulated_games_under_every_preset_are_taken():
    assert len(SIMULATED) >= 20
    for text in SIMULATED:
        taken(text, "sim.mgn", 7)


def test_crlf_trailing_blanks_and_indentation_are_taken():
    lines = HANDWRITTEN.split("\n")
    taken("\r\n".join(lines))
    taken("\n".join(line + " \t" if line else line for line in lines))
    taken("\n".join("\f " + line for line in lines))


def test_sample_records_are_read_alike_and_those_in_its_layout_taken():
    assert len(SAMPLES) > 30
    checked = 0
    for path in SAMPLES:
        for chunk in chunks_of(path):
            record = same_or_declined(chunk.text, str(path), chunk.first_line)
            slow = by_lark(chunk.text, str(path), chunk.first_line)
            if slow is not None and in_its_layout(slow):
                assert record is not None, f"{path}:{chunk.first_line} was declined"
                checked += 1
    assert checked > 20


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.integers(1, 5000))
def test_formatted_records_are_read_alike_and_taken(record, first_line):
    text = format_record(record)
    fast = same_or_declined(text, "gen.mgn", first_line)
    if in_its_layout(record):
        assert fast is not None, text


def test_record_line_is_its_first_tag_even_with_that_tag_s_comment_below_it():
    # Line 1 blank, line 2 the first tag, line 3 its comment: the record starts on line 2.
    text = '\n[Event "e"]\n; about the event\n[Seat A "a"]\n'
    assert taken(text).line == 2
    assert parser.parse_record(text, fast=False).line == 2
    # With comments before the first tag, the record starts at the first of them (line 2 of 4).
    assert taken("\n{a}\n" + text).line == 2


def test_a_header_only_record_and_read_headers_take_the_fast_path(monkeypatch, tmp_path):
    path = tmp_path / "games.mgn"
    path.write_text(SIMULATED[0] + "\n" + SIMULATED[1], encoding="utf-8")
    monkeypatch.setenv("MUGGINS_FASTPATH", "0")
    expected = list(parser.read_headers(path))
    monkeypatch.setenv("MUGGINS_FASTPATH", "1")
    monkeypatch.setattr(parser, "_lark", lambda: pytest.fail("lark was asked"))
    got = list(parser.read_headers(path))
    assert len(got) == 2 and got == expected
    assert [(r.line, r.source) for r in got] == [(r.line, r.source) for r in expected]


# ---- what it declines ----------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_every_catalogue_example_is_declined(code):
    for example in CATALOGUE[code]:
        assert parse_fast(example) is None, example


@pytest.mark.parametrize(
    "text",
    [
        # Layouts it leaves to lark (lark reads them: the record is the same either way).
        '[Seat A "a"]\nhand 1\nA 6-4\nr +10',  # a statement over two lines
        '[Seat A "a"]\n[Seat B "b"]\nhand 1\nA 6-4 B 4-1',  # two statements on a line
        '[Seat A "a"]\nhand 1\nA 6-4 {one\ntwo}',  # a brace comment over two lines
        '[Seat A "a"]\nhand 1\ndeal A 6-4\n 5-5',
        '[Seat A "a"]\nhand 1\nA 6-4r+10',  # tokens run together, as lark allows
        '[Seat A "a"]\n[Seat B "b"]\nhand 1\npips A 0B 1',
        '[Seat A "a"]\nhand 1\ndeal A?',
        '[Seat A "a"][Seat B "b"]',
        # What lark rejects, with or without a diagnostic of the builder.
        '[Seat A "a"]\nhand 1\nA 6-4 u1',
        '[Seat A "a"]\nhand 1\nA 6-4 +1234567890',
        '[Seat A "a"]\nhand 1234567890',
        '[Seat A "a"]\nhand 1\nA 19-4',
        '[Seat A "a"]\nhand 1\ndeal A 6-4 4-99',
        '[Seat A "a"]\nhand 1\nA \u0666-4',  # an Arabic-Indic digit
        '[Seat A "a"]\nhand 1\nA pass\u00e9',
        '[Seat A "a"]\nhand 1\nA pass\x0b',
        '[Seat A "a"]\nhand 1\nA\u00a06-4',
        '\ufeff[Seat A "a"]',
        '[Seat A "a"]\nhand 1\nA 6-4 {x} +10',
        '[Seat A "a"]\nhand 2',
        '[Seat A "a"]\nhand 1\nB 6-4',
        '[Seat A "a"]\n[Team T "A B"]',
        '[Seat A "a"]\n[Team A "A"]',
        '[Seat a "a"]',
        '[Set "1"]',
        '[Seat A "a"]\n[Seat A "b"]',
        '[Seat A "a"]\n[Seat B "b"]\nhand 1\nlead B\nA 6-4',
        '[Seat A "a"]\nhand 1\nA +10\nA 6-4',
        '[Seat A "a"]\nhand 1\ndeal A ?\ndeal A 6-4',
        '[Seat A "a"]\nhand 1\npips A 1 A 2',
        '[Seat A "a"]\nhand 1\nscore B 1',
        '[Seat A "a"]\nhand 1\ndomino A\nA 6-4',
        '[Seat A "a"]\nhand 1\nlead A\nboneyard',
        '[Seat A "a"]\nhand 1\ntotals A 1\ntotals A 2',
        '[Seat A "a"]\nhand 1\n[Event "e"]',
        "; only a comment\n",
        "",
        '[Seat A "a"]\nhand 01\nA 06-4 +010 ; leading zeros\n',
        '[Seat A "a"]\nhand 1\nA 6-4 ?\nA 6-4\t!?\t+5',
    ],
)
def test_texts_off_its_layout_are_declined_or_read_alike(text):
    same_or_declined(text)
    same_or_declined(text.replace("\n", "\r\n"))


def test_a_record_with_a_problem_is_always_declined():
    for path in SAMPLES:
        for chunk in chunks_of(path):
            if by_lark(chunk.text, str(path), chunk.first_line) is None:
                assert parse_fast(chunk.text, str(path), chunk.first_line) is None


# ---- edited texts: either declined or read alike --------------------------------------------

CHARACTERS = list(" \t\r\n\f\x0b\xa0{};[]\"?!+-0123456789ABNESWlrudxé\u0663_\\") + ["\u2028", "\x85"]
TOKENS = ["6-4", "6/4", "64", "+10", "+x", "A", "C", "N", "NS", "hand", "deal", "?", "!?", "r", "u2", "u1", "{",
          "}", "{x}", "; y", ";", '"', "[", "]", "draw", "pass", "muggins", "domino", "blocked", "pips", "score",
          "totals", "boneyard", "lead", "inline", "-", "99-1", "06-4", "+0", "-5", "1", "2", "19-1", "1234567890",
          "+1234567890", "u10", "d", "Seat", "Team", "Set", "[Seat", '"x"]', "\n", "\\", "é"]


def _edit_character(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text))
    how = rng.randrange(3)
    if how == 0:
        return text[:at] + rng.choice(CHARACTERS) + text[at + 1 :]
    if how == 1:
        return text[:at] + rng.choice(CHARACTERS) + text[at:]
    return text[:at] + text[at + 1 :]


def _edit_token(rng: random.Random, text: str) -> str:
    parts = re.split(r"([ \t\n]+)", text)
    words = [i for i, part in enumerate(parts) if part and not part.isspace()]
    at = rng.choice(words)
    how = rng.randrange(4)
    if how == 0:
        parts[at] = rng.choice(TOKENS)
    elif how == 1:
        parts[at] = ""
    elif how == 2:
        parts[at] += rng.choice([" ", "", "\n", "\t"]) + rng.choice(TOKENS)
    else:
        parts[at] += " " + parts[at]
    return "".join(parts)


def _edit_layout(rng: random.Random, text: str) -> str:
    """An edit that keeps the text in the fast path's layout: blanks, comments, line ends."""
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    how = rng.randrange(5)
    if how == 0:
        lines[at] = re.sub(" ", lambda _: rng.choice([" ", "  ", "\t", " \t "]), lines[at])
    elif how == 1:
        lines[at] = rng.choice([" ", "\t", "  \f"]) + lines[at] + rng.choice(["", " ", "\t", "\r"])
    elif how == 2:
        lines.insert(at, rng.choice(["", "   ", "; a note ", "{a note}", "\t{x} {y} ;z"]))
    elif how == 3 and lines[at].strip() and not lines[at].lstrip().startswith(";"):
        lines[at] += rng.choice([" {c}", "{c}", " ; c ", ";c", " {a};b"])
    else:
        return "\r\n".join(lines)
    return "\n".join(lines)


BASES = [HANDWRITTEN, *simulated_texts(max_hands=1)]


def test_thousands_of_single_character_edits_are_declined_or_read_alike():
    rng = random.Random(1)
    taken_count = 0
    for _ in range(4000):
        text = _edit_character(rng, rng.choice(BASES))
        taken_count += same_or_declined(text, "e.mgn", 5) is not None
    assert taken_count > 400  # many edits leave a valid record: those are read on the fast path


def test_every_deletion_in_the_handwritten_record_is_declined_or_read_alike():
    for at in range(len(HANDWRITTEN)):
        same_or_declined(HANDWRITTEN[:at] + HANDWRITTEN[at + 1 :])


def test_thousands_of_token_edits_are_declined_or_read_alike():
    rng = random.Random(2)
    taken_count = 0
    for _ in range(3000):
        text = rng.choice(BASES)
        for _ in range(rng.choice((1, 1, 2))):
            text = _edit_token(rng, text)
        taken_count += same_or_declined(text, "e.mgn", 1) is not None
    assert taken_count > 300


def test_layout_edits_are_taken():
    rng = random.Random(3)
    for _ in range(1000):
        text = rng.choice(BASES)
        for _ in range(rng.choice((1, 2, 3))):
            text = _edit_layout(rng, text)
        taken(text, "e.mgn", 2)


@pytest.mark.slow
def test_a_long_run_of_edits_is_declined_or_read_alike(request):
    # Opt-in (-m slow): a hundred thousand texts with up to three edits of any kind.
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: select it with -m slow")
    rng = random.Random(4)
    edits = (_edit_character, _edit_token, _edit_layout)
    for _ in range(100_000):
        text = rng.choice(BASES)
        for _ in range(rng.choice((1, 2, 3))):
            text = rng.choice(edits)(rng, text)
        same_or_declined(text, "e.mgn", 1)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(HANDWRITTEN)), st.integers(0, 3), st.sampled_from(TOKENS + CHARACTERS))
def test_generated_edits_are_declined_or_read_alike(at, cut, piece):
    same_or_declined(HANDWRITTEN[:at] + piece + HANDWRITTEN[at + cut :])


# ---- the switch, and the parser around it ----------------------------------------------------


def test_parse_record_uses_the_fast_path_unless_told_not_to(monkeypatch):
    monkeypatch.delenv("MUGGINS_FASTPATH", raising=False)
    text = SIMULATED[0]
    with_lark = parser.parse_record(text, fast=False)
    with monkeypatch.context() as patch:
        patch.setattr(parser, "_lark", lambda: pytest.fail("lark was asked"))
        assert parser.fast_path_enabled()
        assert parser.parse_record(text) == with_lark
    monkeypatch.setattr(parser, "parse_fast", lambda *a: pytest.fail("the fast path was asked"))
    assert parser.parse_record(text, fast=False) == with_lark
    monkeypatch.setenv("MUGGINS_FASTPATH", "0")
    assert not parser.fast_path_enabled()
    assert parser.parse_record(text) == with_lark


def test_a_declined_record_still_gets_its_diagnostics():
    text = '[Seat A "a"]\nhand 1\nC 6-4\n'
    with pytest.raises(NotationError) as fast_on:
        parser.parse_record(text, "t.mgn")
    with pytest.raises(NotationError) as fast_off:
        parser.parse_record(text, "t.mgn", fast=False)
    assert fast_on.value.diagnostics == fast_off.value.diagnostics
    assert fast_on.value.diagnostics[0].code == "undeclared-seat"


def everything_read(monkeypatch, flag: str) -> list:
    monkeypatch.setenv("MUGGINS_FASTPATH", flag)
    results: list = []
    for path in SAMPLES:
        for item in parser.read_file(path):
            if isinstance(item, NotationError):
                results.append([(d, d.expected, d.context) for d in item.diagnostics])
            else:
                results.append((item, item.source, item.line))
    return results


def test_read_file_gives_the_same_with_and_without_the_fast_path(monkeypatch):
    assert everything_read(monkeypatch, "1") == everything_read(monkeypatch, "0")


def test_the_line_memory_is_bounded_and_changes_nothing(monkeypatch):
    monkeypatch.setattr(fastpath, "_SEEN_MOST", 5)
    monkeypatch.setattr(fastpath, "_SEEN", {})
    for text in SIMULATED[:3]:
        taken(text)
        assert len(fastpath._SEEN) <= 5
    long_comment = "; " + "x" * 500
    taken(SIMULATED[0] + long_comment + "\n")
    assert long_comment not in fastpath._SEEN


def test_comment_lines_in_a_row_cost_work_linear_in_their_number(monkeypatch):
    # Each comment line on a line of its own used to rebuild the comments of the statement above
    # (a tuple joined, or the statement replaced, holding every comment so far): quadratic, 5 s
    # for 80,000 lines. Not timed here: counted. Every comments value the fast path builds for a
    # statement or a draft is counted by its length, so a run of n lines may cost about n, not
    # about n * n / 2.
    copied = [0]

    def counting_replace(value, **changes):
        copied[0] += len(changes.get("comments", ()))
        return fastpath_replace(value, **changes)

    fastpath_replace = fastpath.replace
    monkeypatch.setattr(fastpath, "replace", counting_replace)

    def counting(cls):
        class Counting(cls):
            def __setattr__(self, name, value):
                if name == "comments":
                    copied[0] += len(value)
                super().__setattr__(name, value)

        return Counting

    monkeypatch.setattr(fastpath, "_RecordDraft", counting(fastpath._RecordDraft))
    monkeypatch.setattr(fastpath, "_HandDraft", counting(fastpath._HandDraft))
    n = 1000
    run = "".join(f"; note {i}\n" for i in range(n))
    # A run of them before the first tag (the record's), after a tag, after "hand 1" (the
    # hand's), after the lead and after a turn: each kind of owner the fast path keeps them in.
    text = (run + '[Seat A "A"]\n' + run + '[Seat B "B"]\n\nhand 1\n' + run + "lead A\n" + run
            + "A 5-5\n" + run + "B 5-2 r\n")
    record = taken(text)
    assert len(all_comments(record)) == 5 * n
    assert record.hands[0].turns[0].comments == tuple(f"; note {i}" for i in range(n))
    assert 5 * n <= copied[0] <= 2 * 5 * n  # each comment counted, and about once (the old code: 2,502,500)
