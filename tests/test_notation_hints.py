"""Syntax errors that name the slip a player makes, at the word that is wrong.

- ``B 5-0 R``: an end in upper case was read as the seat of the next turn, and the error fell on
  the next line ("unexpected word A"); it is the R, and ends are lower case.
- ``[Rules allfives]`` and ``[Set target 150]``: a tag's value needs double quotes.
- ``Bruno 2-2``: a player's name where the seat goes names the seat."""

from __future__ import annotations

import pytest

from muggins.notation.errors import NotationError
from muggins.notation.parser import parse_record

HEAD = '[Event "x"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 5-5\n'


def _error(text: str):
    with pytest.raises(NotationError) as caught:
        parse_record(text, "t.mgn")
    return caught.value.diagnostics[0]


@pytest.mark.parametrize("after", ["A 5-1 l\n", ""])
def test_an_upper_case_end(after):
    d = _error(HEAD + "B 5-0 R\n" + after)
    assert (d.code, d.line, d.column) == ("end-syntax", 7, 7)
    assert d.message == "an end is written in lower case: write r"
    assert d.expected == "an end (l, r, u, d)"


@pytest.mark.parametrize(
    ("tag", "column", "word"), [('[Rules allfives]', 8, "allfives"), ("[Set target 150]", 13, "150")]
)
def test_a_value_without_quotes(tag, column, word):
    d = _error(f'[Event "x"]\n{tag}\n[Seat A "Ana"]\n')
    assert (d.line, d.column) == (2, column)
    assert d.message == f'the value needs quotes: write "{word}"'


def test_a_lower_case_end_and_a_quoted_value_still_read():
    record = parse_record(HEAD.replace('[Event "x"]', '[Event "x"]\n[Rules "allfives"]') + "B 5-0 r\n", "t.mgn")
    assert record.hands[0].turns[1].end == "r"


def test_a_players_name_where_a_seat_goes():
    """``Bruno 2-2``: Bruno is the name of seat B, declared by [Seat B "Bruno"]."""
    d = _error(HEAD + "Bruno 2-2\n")
    assert (d.code, d.line, d.column) == ("undeclared-seat", 7, 1)
    assert d.message.endswith("Bruno is the player of seat B: write the seat, B")


def test_an_unknown_name_still_says_to_declare_it():
    d = _error(HEAD + "Carla 2-2\n")
    assert d.message.endswith('seat Carla is not declared: add a tag such as [Seat Carla "..."]')

