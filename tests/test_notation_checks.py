"""check_record: what a careful reader of a record's text alone points out, once it parses."""

from muggins.notation.checks import check_record
from muggins.notation.parser import parse_record

SEATS = '[Seat N "n"]\n[Seat E "e"]\n[Seat S "s"]\n[Seat W "w"]\n'


def findings(text: str):
    return [(d.code, d.severity, d.line, d.column, d.hand, d.turn) for d in check_record(parse_record(text))]


def test_a_clean_record_has_no_findings():
    assert findings(SEATS + '[Team NS "N S"]\n[Team EW "E W"]\nhand 1\nN 6-4 +10\n') == []


def test_a_tag_given_twice():
    assert findings('[Event "a"]\n' + SEATS + '[Event "b"]\n') == [("duplicate-tag", "warning", 6, 1, None, None)]


def test_a_seat_in_two_teams():
    # N is in NS (line 5) and again in NE (line 6).
    text = SEATS + '[Team NS "N S"]\n[Team NE "N E"]\n'
    assert findings(text) == [("team-overlap", "error", 6, 1, None, None)]


def test_claims_written_though_the_record_says_none_were():
    text = '[Claims "none"]\n' + SEATS + "hand 1\nN 6-4\nE 4-4 r +10\nhand 2\nS 5-5 +10\n"
    # One finding per hand, at its first claim: hand 1 turn 2 (line 8), hand 2 turn 1 (line 10).
    assert findings(text) == [
        ("claims-none", "warning", 8, 1, 1, 2),
        ("claims-none", "warning", 10, 1, 2, 1),
    ]
