"""What the fuzzers found, kept as plain examples: each raised (or broke a promise) before its
fix, and must not again. The fuzz runs that found them: ``python fuzz/run.py`` and
tests/test_fuzz_*.py.
"""

from __future__ import annotations

from pathlib import Path

from muggins.analysis.audit import audit
from muggins.notation.compare import same_record
from muggins.notation.formatter import format_record
from muggins.notation.parser import parse_record, read_file
from muggins.replay import rules as rulesmod
from muggins.replay.replayer import replay
from muggins.replay.structure import check_structure

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_a_non_double_laid_lengthwise_without_an_end_is_a_finding():
    # Sniff: only the first double may lie lengthwise. B's 6-4 names no end, so the replayer
    # picks the end first and only then found the tile could not lie lengthwise: it raised
    # IllegalPlacement. Now: one inline-not-allowed finding, at B's turn on line 7.
    text = '[Rules "sniff"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-6\nB 6-4 inline\n'
    result = replay(parse_record(text), rulesmod.load("sniff"))
    found = [(d.code, d.line, d.column) for d in result.diagnostics if d.severity == "error"]
    assert found == [("inline-not-allowed", 7, 1)]


def test_explaining_an_end_score_when_only_the_losers_pips_were_announced():
    # The score-sheet-only sample under five-up: A goes out and only B's 13 pips are announced.
    # Explaining A's written 15 looked for other roundings with A's pips missing: KeyError 'A'.
    # Five-up: 13 rounds to the nearest 5, 15, divided by 5: 3 (no other rounding gives 15).
    # Hand 2: A, at 33, takes its entries of 10 and 20 and reaches five-up's 61 at turn 4, so
    # B's 20 written at the end is not due (an end score after the game was won at a play).
    record = next(iter(read_file(SAMPLES / "scoresheet-only.mgn")))
    report = audit(record, rulesmod.load("five-up"))
    end = [(f.line, f.claimed, f.correct) for f in report.findings if f.code == "end-score"]
    assert end == [(16, 15, 3), (27, 20, 0)]


def test_the_rounding_slip_is_still_named_with_only_the_losers_pips():
    # Scorecard (nearest 5, no divisor): B's 13 pips give A 15; A wrote 10, which is what
    # rounding down gives (13 -> 10). Lines: 6-7 turns, 8 domino A, 9 pips, 10 score.
    text = (
        '[Rules "scorecard"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA +10\nB +15\n'
        "domino A\npips B 13\nscore A 10\n"
    )
    report = audit(parse_record(text), rulesmod.load("scorecard"))
    (end,) = [f for f in report.findings if f.code == "end-score"]
    assert (end.line, end.claimed, end.correct) == (10, 10, 15)
    assert "rounding 'down'" in end.message


def test_a_carriage_return_inside_a_quoted_value_formats_and_reads_back():
    # A lone \r inside a value is read (it ends no line: lines end at \n); the formatter
    # refused to write it, so `muggins fmt` could not format a file it had read.
    record = parse_record('[Site "muggins \rsimulate"]\n[Seat A "Ana"]\n')
    assert record.tag("Site") == "muggins \rsimulate"
    assert same_record(parse_record(format_record(record)), record)


def test_a_bad_set_tag_is_reported_where_it_is():
    # The rules error pointed at the first rule tag ([Rules], line 1) whatever tag was wrong.
    text = '[Rules "allfives"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n[Target "150"]\n[Set hand_size "x"]\n'
    (diagnostic,) = check_structure(parse_record(text, "t.mgn"))
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("rules", 5, 1)
