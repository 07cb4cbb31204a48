"""The formatter writes the canonical form of NOTATION.md and never changes what a record says."""

from __future__ import annotations

import pytest

from muggins.notation.compare import same_record, strip_positions
from muggins.notation.formatter import format_record, format_records
from muggins.notation.model import (
    Boneyard,
    Deal,
    Draw,
    Hand,
    Header,
    Lead,
    MugginsCall,
    Outcome,
    Pass,
    Play,
    Record,
    SheetScore,
    Tally,
    Tile,
)
from muggins.notation.parser import iter_records, parse_record

MESSY = """{intro}   ; second
[Event   "Club"]  {e}
[Seat A "Ana"] [Seat B "Bruno"]
hand 1 deal A 4-6 5-5
deal B ?
  lead A
A 4-6 r  ?!  +10 ; nice
{after}
B draw 2  B pass
A 5-5 inline!
domino A pips B 13 totals A 10 B 0
"""

# Worked by hand from NOTATION.md's "Canonical form": record comments one per line, one tag per
# line, a blank line, one statement per line, tiles high pip first, the mark attached, a comment
# after a ; comment on the next line.
CANONICAL = """{intro}
; second
[Event "Club"] {e}
[Seat A "Ana"]
[Seat B "Bruno"]

hand 1
deal A 6-4 5-5
deal B ?
lead A
A 6-4 r?! +10 ; nice
{after}
B draw 2
B pass
A 5-5 inline!
domino A
pips B 13
totals A 10 B 0
"""


def test_messy_record_comes_out_canonical():
    assert format_record(parse_record(MESSY)) == CANONICAL


def test_canonical_text_is_left_as_it_is():
    assert format_record(parse_record(CANONICAL)) == CANONICAL


def test_formatting_keeps_the_meaning():
    assert same_record(parse_record(format_record(parse_record(MESSY))), parse_record(MESSY))


def t(text: str) -> Tile:
    return Tile.parse(text)


def built_record() -> Record:
    """A record made in code, every kind of statement and comment in it."""
    return Record(
        headers=(
            Header("Event", None, 'say "hi" \\ and {braces} ; too'),
            Header("Seat", "N", "Nora", comments=("{first}",)),
            Header("Seat", "E", "Emil"),
            Header("Seat", "S", "Sara"),
            Header("Seat", "W", "Walt"),
            Header("Team", "NS", "N S"),
            Header("Team", "EW", "E W"),
            Header("Set", "target", "150", comments=("; a line comment", "{then a brace}")),
        ),
        comments=("; before the tags", "{over\ntwo lines}"),
        hands=(
            Hand(
                1,
                deals=(Deal("N", (t("6-6"), t("5-4"))), Deal("E", None, comments=("{unknown}",))),
                boneyard=Boneyard((t("3-3"),)),
                lead=Lead("N"),
                turns=(
                    Play("N", t("6-6"), claim=10, comments=("{spinner}",)),
                    Play("E", t("6-2"), end="l", mark="?"),
                    Draw("S", 2, (t("1-0"), t("2-1"))),
                    Draw("W", 3),
                    Pass("W", comments=("; stuck",)),
                    Play("S", t("2-2"), end="u2", inline=True, mark="!?", claim=0),
                    MugginsCall("E", "S", 5),
                ),
                outcome=Outcome("domino", "N"),
                pips=Tally("pips", (("E", 3), ("S", 12), ("W", 7))),
                scores=Tally("score", (("NS", 20),)),
                totals=Tally("totals", (("NS", 30), ("EW", -5)), comments=("{end}",)),
            ),
            Hand(2, boneyard=Boneyard(()), turns=(SheetScore("E", 10), SheetScore("N", 5)), outcome=Outcome("blocked")),
            Hand(3, comments=("{nothing happened}",)),
        ),
    )


def test_a_record_built_in_code_survives_the_round_trip():
    record = built_record()
    again = parse_record(format_record(record))
    assert same_record(again, record)
    assert again.hands[0].turns[5] == Play("S", t("2-2"), "u2", True, "!?", 0, again.hands[0].turns[5].line, 1)


def test_strip_positions_drops_every_position_and_the_source():
    parsed = parse_record(format_record(built_record()), source="x.mgn", first_line=7)
    stripped = strip_positions(parsed)
    assert stripped == built_record()
    assert stripped.hands[0].turns[0].line == 0 and stripped.source == "<string>"


def test_same_record_sees_a_changed_comment():
    record = built_record()
    changed = parse_record(format_record(record).replace("{spinner}", "{spinner!}"))
    assert not same_record(changed, record)


def test_several_records_read_back_as_written():
    first = built_record()
    second = Record((Header("Seat", "A", "a"),), (Hand(1, turns=(Play("A", t("4-4")),)),), ("; game 2",))
    text = format_records([first, second])
    assert "\n\n; game 2\n[Seat A" in text
    back = list(iter_records(text))
    assert len(back) == 2
    assert same_record(back[0], first) and same_record(back[1], second)


@pytest.mark.parametrize(
    "record",
    [
        Record((Header("Seat", "A", "a"),), (Hand(1, turns=(Draw("A", 3, (t("1-1"),)),)),)),
        Record((Header("Seat", "A", "a"),), (Hand(1, deals=(Deal("A", ()),)),)),
        Record((Header("Seat", "A", "a"),), (Hand(1, turns=(Play("A", t("1-1"), claim=-5),)),)),
        Record((Header("Seat", "A", "a"),), (Hand(1, pips=Tally("pips", ())),)),
        Record((Header("Event", None, "two\nlines"),)),
        Record((Header("Seat", "A", "a", comments=("no delimiters",)),)),
        Record((Header("Seat", "A", "a", comments=("{a } inside}",)),)),
        Record((Header("Seat", "A", "a", comments=("; trailing space ",)),)),
        Record((Header("Seat", "a", "lower-case seat"),), (Hand(1, turns=(Pass("a"),)),)),
        Record((Header("Seat", "A", "a"),), (Hand(1, turns=(Play("A", t("1-1"), end="x"),)),)),
        Record(()),
    ],
)
def test_what_no_text_can_say_is_refused_not_written_wrongly(record):
    with pytest.raises(ValueError):
        format_record(record)
