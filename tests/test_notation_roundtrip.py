"""Property: for any record the notation can hold, parse(format(record)) says the same thing.

Records are generated grammar-shaped: declared seats (and teams), any tiles up to 18 pips, ends,
marks, claims, known and unknown draws, passes, Muggins calls, score-sheet-only hands, tallies,
and comments of both kinds on every statement.
"""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muggins.notation.compare import same_record
from muggins.notation.formatter import format_record, format_records
from muggins.notation.model import (
    MARKS,
    NOTATION_MAX_PIP,
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

SEAT_IDS = ["A", "B", "C", "D", "N", "E", "S", "W", "Ana", "P1", "X_2"]
TEAM_IDS = ["NS", "EW", "T1", "Red"]
TAG_NAMES = ["Event", "Site", "Date", "Round", "Rules", "Target", "Claims", "Mood", "X9"]

tiles = st.builds(Tile.of, st.integers(0, NOTATION_MAX_PIP), st.integers(0, NOTATION_MAX_PIP))
# Any text on one line: quotes and backslashes included, line breaks not.
values = st.text(st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=20)
brace_comments = st.text(st.characters(blacklist_characters="}", blacklist_categories=("Cs",)), max_size=15).map(
    lambda s: "{" + s + "}"
)
line_comments = (
    st.text(st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=15)
    .map(lambda s: (";" + s).rstrip())
)
comments = st.lists(st.one_of(brace_comments, line_comments), max_size=2).map(tuple)
points = st.integers(0, 300)
ends = st.one_of(st.none(), st.sampled_from(["l", "r", "u", "d", "u2", "d2", "u13"]))


@st.composite
def played_turn(draw, seats):
    seat = draw(st.sampled_from(seats))
    kind = draw(st.sampled_from(["play", "play", "play", "draw", "count", "pass", "muggins"]))
    note = draw(comments)
    if kind == "play":
        return Play(
            seat,
            draw(tiles),
            draw(ends),
            draw(st.booleans()),
            draw(st.one_of(st.none(), st.sampled_from(MARKS))),
            draw(st.one_of(st.none(), points)),
            comments=note,
        )
    if kind == "draw":
        drawn = tuple(draw(st.lists(tiles, min_size=1, max_size=3)))
        return Draw(seat, len(drawn), drawn, comments=note)
    if kind == "count":
        return Draw(seat, draw(st.integers(0, 9)), None, comments=note)
    if kind == "pass":
        return Pass(seat, comments=note)
    return MugginsCall(seat, draw(st.sampled_from(seats)), draw(points), comments=note)


@st.composite
def tally(draw, kind, ids):
    named = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=len(ids), unique=True))
    return Tally(kind, tuple((n, draw(st.integers(-200, 500))) for n in named), comments=draw(comments))


@st.composite
def hand(draw, number, seats, ids):
    dealt = draw(st.lists(st.sampled_from(seats), max_size=len(seats), unique=True))
    deals = tuple(
        Deal(s, draw(st.one_of(st.none(), st.lists(tiles, min_size=1, max_size=7).map(tuple))), comments=draw(comments))
        for s in dealt
    )
    boneyard = draw(st.one_of(st.none(), st.builds(Boneyard, st.lists(tiles, max_size=5).map(tuple), comments=comments)))
    if draw(st.booleans()):
        turns = tuple(
            draw(st.lists(st.builds(SheetScore, st.sampled_from(seats), points, comments=comments), min_size=1, max_size=5))
        )
    else:
        turns = tuple(draw(st.lists(played_turn(seats), max_size=8)))
    lead = None
    if draw(st.booleans()):
        lead = Lead(turns[0].seat if turns else draw(st.sampled_from(seats)), comments=draw(comments))
    outcome = draw(
        st.one_of(
            st.none(),
            st.builds(Outcome, st.just("domino"), st.one_of(st.none(), st.sampled_from(seats)), comments=comments),
            st.builds(Outcome, st.just("blocked"), comments=comments),
        )
    )
    maybe = lambda kind: st.one_of(st.none(), tally(kind, ids))  # noqa: E731
    return Hand(
        number,
        deals,
        boneyard,
        lead,
        turns,
        outcome,
        draw(maybe("pips")),
        draw(maybe("score")),
        draw(maybe("totals")),
        comments=draw(comments),
    )


@st.composite
def records(draw, min_hands=0):
    seats = draw(st.lists(st.sampled_from(SEAT_IDS), min_size=1, max_size=4, unique=True))
    teams = draw(st.lists(st.sampled_from(TEAM_IDS), max_size=2, unique=True))
    headers = [
        Header(name, None, draw(values), comments=draw(comments))
        for name in draw(st.lists(st.sampled_from(TAG_NAMES), max_size=3))
    ]
    headers += [Header("Seat", s, draw(values), comments=draw(comments)) for s in seats]
    for team in teams:
        members = draw(st.lists(st.sampled_from(seats), min_size=1, max_size=2, unique=True))
        headers.append(Header("Team", team, " ".join(members), comments=draw(comments)))
    for key in draw(st.lists(st.text(string.ascii_lowercase + "_", min_size=1, max_size=8), max_size=2)):
        headers.append(Header("Set", key, draw(values)))
    order = draw(st.permutations(range(len(headers))))
    count = draw(st.integers(min_hands, 3))
    return Record(
        tuple(headers[i] for i in order),
        tuple(draw(hand(n, seats, seats + teams)) for n in range(1, count + 1)),
        draw(comments),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_format_then_parse_gives_the_record_back(record):
    text = format_record(record)
    assert same_record(parse_record(text), record), text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_formatting_is_idempotent(record):
    once = format_record(record)
    assert format_record(parse_record(once)) == once


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(records(min_hands=1), min_size=1, max_size=3))
def test_a_file_of_formatted_records_reads_back_record_by_record(many):
    back = list(iter_records(format_records(many)))
    assert len(back) == len(many)
    assert all(same_record(b, r) for b, r in zip(back, many))
