"""The parser reads every construct of NOTATION.md into the data model, positions included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from muggins.notation.model import (
    Boneyard,
    Deal,
    Draw,
    Lead,
    MugginsCall,
    Outcome,
    Pass,
    Play,
    SheetScore,
    Tally,
    Tile,
)
from muggins.notation.parser import GRAMMAR_PATH, NotationError, parse_record

NOTATION = Path(__file__).resolve().parents[1] / "notation" / "NOTATION.md"
SEATS = '[Seat A "Ana"]\n[Seat B "Bruno"]\n'


def t(text: str) -> Tile:
    return Tile.parse(text)


def hand_of(body: str, headers: str = SEATS):
    """The first hand of a record made of ``headers`` and ``hand 1`` then ``body``."""
    return parse_record(headers + "hand 1\n" + body).hands[0]


def turn(body: str):
    (only,) = hand_of(body).turns
    return only


def test_grammar_file_is_installed_next_to_the_parser():
    assert GRAMMAR_PATH.name == "mgn.lark"
    assert GRAMMAR_PATH.is_file()


# ---- NOTATION.md, block by block ------------------------------------------------------------


def notation_blocks() -> list[str]:
    return re.findall(r"```mgn\n(.*?)```", NOTATION.read_text(encoding="utf-8"), re.S)


def test_notation_md_has_the_four_example_blocks():
    assert len(notation_blocks()) == 4


def test_first_example_of_notation_md():
    record = parse_record(notation_blocks()[0])
    assert record.comments == ("; Tuesday club, table 3. Bruno disputes hand 1.",)
    assert record.tag("Event") == "Tuesday club"
    assert record.tag("Site") == "Casa de Ana"
    assert record.tag("Date") == "2026.11.20"
    assert record.tag("Rules") == "allfives"
    assert record.rule_overrides == (("hand_size", "7"),)
    assert record.seats == ("A", "B")
    assert record.players == {"A": "Ana", "B": "Bruno"}
    (hand,) = record.hands
    assert hand.number == 1
    assert hand.dealt("A") == tuple(map(t, "6-4 1-3 2-2 0-0 5-3 3-3 6-2".split()))
    assert hand.dealt("B") == tuple(map(t, "4-1 6-6 5-5 0-1 2-1 4-4 3-0".split()))
    assert hand.lead.seat == "A"
    plays = [(p.seat, str(p.tile), p.end, p.mark, p.claim) for p in hand.turns]
    assert plays == [
        ("A", "6-4", None, None, 10),
        ("B", "4-1", "r", None, None),
        ("A", "3-1", "r", "?!", None),
        ("B", "6-6", "l", None, 15),
        ("A", "6-2", "l", None, 5),
    ]
    assert hand.turns[0].comments == ("{ends 6 and 4: 10}",)
    assert hand.turns[3].comments == ("{the spinner, crosswise: 12 + 3}",)


def test_hand_example_of_notation_md():
    # The block opens hand 2: hand 1 goes before it, and the seats it names are declared.
    record = parse_record(SEATS + "hand 1\n" + notation_blocks()[1])
    hand = record.hands[1]
    assert hand.number == 2
    assert hand.dealt("A") == tuple(map(t, "6-6 5-1 4-4 3-2 6-0 1-1 5-3".split()))
    assert hand.deals[1] == Deal("B", None, line=6, column=1)
    assert hand.boneyard.tiles == tuple(map(t, "3-3 2-0 6-5 4-1".split()))
    assert hand.lead.seat == "B"


def test_end_of_hand_example_of_notation_md():
    headers = '[Seat A "a"]\n[Seat B "b"]\n[Seat C "c"]\n[Seat D "d"]\n[Team NS "A C"]\n[Team EW "B D"]\n'
    hand = hand_of(notation_blocks()[2], headers)
    assert hand.outcome.kind == "domino" and hand.outcome.seat == "A"
    assert hand.pips.entries == (("A", 0), ("B", 13), ("C", 7), ("D", 22))
    assert hand.scores.entries == (("NS", 30),)
    assert hand.totals.entries == (("NS", 120), ("EW", 95))


def test_score_sheet_example_of_notation_md():
    record = parse_record(notation_blocks()[3])
    first, second = record.hands
    assert first.is_sheet_only and second.is_sheet_only
    assert [(s.seat, s.points) for s in first.turns[:3]] == [("A", 10), ("B", 15), ("A", 5)]
    assert first.turns[3] == MugginsCall("B", "A", 5, line=9, column=1)
    assert first.outcome == Outcome("domino", "A", line=10, column=1)
    assert first.pips.get("B") == 13
    assert first.scores.get("A") == 15
    assert first.totals.entries == (("A", 30), ("B", 20))
    # A hand of its ending only: nobody scored in play.
    assert second.turns == () and second.outcome == Outcome("domino", "B", line=16, column=1)
    assert second.totals.entries == (("A", 30), ("B", 30))


# ---- header tags ----------------------------------------------------------------------------


def test_header_tags_with_and_without_key_and_unknown_tags_kept():
    record = parse_record('[Event "Club"]\n[Seat A "Ana"]\n[Set target "150"]\n[Mood "sunny"]\n[Team NS "A"]')
    assert [(h.name, h.key, h.value) for h in record.headers] == [
        ("Event", None, "Club"),
        ("Seat", "A", "Ana"),
        ("Set", "target", "150"),
        ("Mood", None, "sunny"),
        ("Team", "NS", "A"),
    ]
    assert record.teams == {"NS": ("A",)}


def test_string_escapes():
    # \" is a quote, \\ a backslash; any other backslash stays as written.
    record = parse_record(r'[Event "say \"hi\" \\ and \x"]')
    assert record.tag("Event") == 'say "hi" \\ and \\x'


def test_seat_order_is_the_order_of_the_seat_tags():
    record = parse_record('[Seat C "c"]\n[Event "e"]\n[Seat A "a"]\n[Seat Bob "b"]')
    assert record.seats == ("C", "A", "Bob")


# ---- the start of a hand --------------------------------------------------------------------


def test_deal_boneyard_lead():
    hand = hand_of("deal A 6-4 5-5\ndeal B ?\nboneyard 3-3 0-0\nlead B\n")
    assert hand.deals == (Deal("A", (t("6-4"), t("5-5")), 4, 1), Deal("B", None, 5, 1))
    assert hand.boneyard == Boneyard((t("3-3"), t("0-0")), 6, 1)
    assert hand.lead == Lead("B", 7, 1)


def test_boneyard_alone_means_none_left():
    assert hand_of("boneyard\n").boneyard == Boneyard((), 4, 1)


def test_hand_with_nothing_in_it():
    hand = hand_of("")
    assert (hand.number, hand.deals, hand.turns, hand.outcome) == (1, (), (), None)


# ---- turns ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A 6-4", Play("A", t("6-4"))),
        ("A 4-6", Play("A", t("6-4"))),  # either order, the same tile
        ("A 6-4 r", Play("A", t("6-4"), end="r")),
        ("A 6-4 l +10", Play("A", t("6-4"), end="l", claim=10)),
        ("A 6-4 +0", Play("A", t("6-4"), claim=0)),  # a claim of nothing, not "no claim"
        ("A 6-4?", Play("A", t("6-4"), mark="?")),
        ("A 6-4 r!?", Play("A", t("6-4"), end="r", mark="!?")),
        ("A 6-4 r?! +10", Play("A", t("6-4"), end="r", mark="?!", claim=10)),
        ("A 6-6 inline", Play("A", t("6-6"), inline=True)),
        ("A 6-6 r inline?? +20", Play("A", t("6-6"), end="r", inline=True, mark="??", claim=20)),
        ("A 5-0 u", Play("A", t("5-0"), end="u")),
        ("A 5-0 d2 +5", Play("A", t("5-0"), end="d2", claim=5)),
        ("A 5-0 u12", Play("A", t("5-0"), end="u12")),
        ("A draw 5-0 6-1", Draw("A", 2, (t("5-0"), t("6-1")))),
        ("A draw 2", Draw("A", 2, None)),
        ("A pass", Pass("A")),
        ("B muggins A +10", MugginsCall("B", "A", 10)),
        ("A +10", SheetScore("A", 10)),
    ],
)
def test_each_kind_of_turn(text, expected):
    from dataclasses import replace

    assert turn(text + "\n") == replace(expected, line=4, column=1)


def test_tiles_are_interned():
    play = turn("A 4-6 r\n")
    assert play.tile is Tile.of(6, 4)


def test_line_breaks_and_spaces_between_tokens_do_not_matter():
    spread = hand_of("A\n  6-4\n\tr\n+10\nB    pass").turns
    assert [(type(x).__name__, x.seat) for x in spread] == [("Play", "A"), ("Pass", "B")]
    assert (spread[0].end, spread[0].claim) == ("r", 10)


def test_turns_keep_their_order_and_count_muggins_calls():
    turns = hand_of("A 6-4 +10\nB draw 2\nB pass\nA muggins B +5\nA 4-4 r\n").turns
    assert [type(x).__name__ for x in turns] == ["Play", "Draw", "Pass", "MugginsCall", "Play"]


# ---- the end of a hand ----------------------------------------------------------------------


def test_outcomes():
    assert hand_of("domino A\n").outcome == Outcome("domino", "A", 4, 1)
    assert hand_of("domino\n").outcome == Outcome("domino", None, 4, 1)
    assert hand_of("blocked\n").outcome == Outcome("blocked", None, 4, 1)


def test_tallies_with_teams_and_negative_numbers():
    headers = SEATS + '[Team AB "A B"]\n'
    hand = hand_of("blocked\npips A 3 B 12\nscore A -5 B -15\ntotals AB 120\n", headers)
    assert hand.pips == Tally("pips", (("A", 3), ("B", 12)), 6, 1)
    assert hand.scores == Tally("score", (("A", -5), ("B", -15)), 7, 1)
    assert hand.totals == Tally("totals", (("AB", 120),), 8, 1)


def test_several_hands_in_order():
    record = parse_record(SEATS + "hand 1\nA 6-4\nhand 2\nB 5-5\nhand 3\n")
    assert [h.number for h in record.hands] == [1, 2, 3]
    assert [h.line for h in record.hands] == [3, 5, 7]


# ---- comments -------------------------------------------------------------------------------


def test_comments_belong_to_the_statement_before_them():
    text = (
        "; about the game\n"  # line 1: the record's
        "{second note}\n"  # line 2: the record's
        '[Event "e"] {tag note}\n'
        '[Seat A "a"]\n'
        "hand 1 ; first hand\n"
        "deal A 6-4 {dealt}\n"
        "lead A {leads}\n"
        "A 6-4 +10 {nice} ; really\n"
        "{and on the next line}\n"
        "domino A {out}\n"
        "pips A 0 ; counted\n"
    )
    record = parse_record(text)
    assert record.comments == ("; about the game", "{second note}")
    assert record.headers[0].comments == ("{tag note}",)
    hand = record.hands[0]
    assert hand.comments == ("; first hand",)
    assert hand.deals[0].comments == ("{dealt}",)
    assert hand.lead.comments == ("{leads}",)
    assert hand.turns[0].comments == ("{nice}", "; really", "{and on the next line}")
    assert hand.outcome.comments == ("{out}",)
    assert hand.pips.comments == ("; counted",)


def test_brace_comment_spans_lines_and_is_kept_verbatim():
    play = turn("A 6-4 {one\n  two}\n")
    assert play.comments == ("{one\n  two}",)


def test_line_comment_loses_trailing_spaces_and_carriage_return():
    play = turn("A 6-4 ; note  \r\n")
    assert play.comments == ("; note",)


def test_record_line_is_its_first_comment_or_tag():
    assert parse_record('\n\n; hi\n[Event "e"]').line == 3
    assert parse_record('\n[Event "e"]', first_line=10).line == 11


# ---- positions ------------------------------------------------------------------------------


def test_positions_of_every_statement():
    text = (
        '[Seat A "a"]\n'  # line 1
        '  [Seat B "b"]\n'  # line 2, column 3
        "hand 1\n"  # 3
        " deal A 6-4\n"  # 4, column 2
        "boneyard 1-1\n"  # 5
        "lead A\n"  # 6
        "A 6-4 ; x\n"  # 7
        "   B draw 1-1\n"  # 8, column 4
        "B pass A muggins B +5\n"  # 9: pass at column 1, the call at column 8
        "blocked\n"  # 10
        "pips A 0\n"  # 11
        "score A 5\n"  # 12
        "totals A 10\n"  # 13
    )
    record = parse_record(text)
    assert [(h.line, h.column) for h in record.headers] == [(1, 1), (2, 3)]
    hand = record.hands[0]
    assert (hand.line, hand.column) == (3, 1)
    assert (hand.deals[0].line, hand.deals[0].column) == (4, 2)
    assert (hand.boneyard.line, hand.lead.line) == (5, 6)
    assert [(x.line, x.column) for x in hand.turns] == [(7, 1), (8, 4), (9, 1), (9, 8)]
    assert (hand.outcome.line, hand.pips.line, hand.scores.line, hand.totals.line) == (10, 11, 12, 13)


def test_first_line_shifts_every_line_but_no_column():
    record = parse_record('[Seat A "a"]\nhand 1\n  A 6-4\n', source="games.mgn", first_line=41)
    assert record.source == "games.mgn"
    assert record.line == 41
    play = record.hands[0].turns[0]
    assert (play.line, play.column) == (43, 3)


def test_crlf_line_endings_read_the_same():
    lf = parse_record('[Seat A "a"] ; x\nhand 1\nA 6-4 r +10\n')
    crlf = parse_record('[Seat A "a"] ; x\r\nhand 1\r\nA 6-4 r +10\r\n')
    assert lf == crlf


# ---- checks of the notation's own structure ------------------------------------------------


def problems(text: str) -> list[tuple[str, int, int]]:
    with pytest.raises(NotationError) as caught:
        parse_record(text)
    return [(d.code, d.line, d.column) for d in caught.value.diagnostics]


def test_undeclared_seats_everywhere_a_seat_is_named():
    # Seat A only. Each line names C somewhere; C is reported once, where first used.
    assert problems('[Seat A "a"]\nhand 1\ndeal C 6-4\n') == [("undeclared-seat", 3, 6)]
    assert problems('[Seat A "a"]\nhand 1\nlead C\n') == [("undeclared-seat", 3, 6)]
    assert problems('[Seat A "a"]\nhand 1\nC 6-4\n') == [("undeclared-seat", 3, 1)]
    assert problems('[Seat A "a"]\nhand 1\nA muggins C +5\n') == [("undeclared-seat", 3, 11)]
    assert problems('[Seat A "a"]\nhand 1\ndomino C\n') == [("undeclared-seat", 3, 8)]
    assert problems('[Seat A "a"]\nhand 1\npips A 0 C 5\n') == [("undeclared-seat", 3, 10)]
    assert problems('[Seat A "a"]\nhand 1\nC 6-4\nC 5-5\n') == [("undeclared-seat", 3, 1)]


def test_a_team_is_not_a_seat():
    text = '[Seat A "a"]\n[Seat B "b"]\n[Team AB "A B"]\nhand 1\nAB 6-4\n'
    assert problems(text) == [("undeclared-seat", 5, 1)]


def test_team_declarations():
    assert problems('[Seat A "a"]\n[Team NS "A S"]') == [("undeclared-seat", 2, 1)]
    assert problems('[Seat A "a"]\n[Team A "A"]') == [("team-is-seat", 2, 1)]
    assert problems('[Seat A "a"]\n[Team NS "A"]\n[Team NS "A"]') == [("duplicate-team", 3, 7)]
    # The Team tag may come before the Seat tags it lists.
    assert parse_record('[Team NS "N S"]\n[Seat N "n"]\n[Seat S "s"]').teams == {"NS": ("N", "S")}


def test_seat_declarations():
    assert problems('[Seat A "a"]\n[Seat A "b"]') == [("duplicate-seat", 2, 7)]
    assert problems('[Seat a "a"]') == [("seat-id", 1, 7)]
    assert problems('[Seat "Ana"]') == [("seat-id", 1, 2)]
    assert problems('[Set "150"]') == [("header-key", 1, 2)]


def test_hands_numbered_in_order():
    assert problems('[Seat A "a"]\nhand 2\n') == [("hand-order", 2, 6)]
    # 1, 3, 4: only 3 is out of place (it should be 2); 4 follows 3.
    assert problems('[Seat A "a"]\nhand 1\nhand 3\nhand 4\n') == [("hand-order", 3, 6)]


def test_lead_must_agree_with_the_first_turn():
    text = SEATS + "hand 1\nlead A\nB 6-4\n"
    with pytest.raises(NotationError) as caught:
        parse_record(text)
    (d,) = caught.value.diagnostics
    assert (d.code, d.line, d.column, d.hand, d.turn) == ("lead-mismatch", 5, 1, 1, 1)


def test_a_hand_cannot_mix_score_sheet_entries_and_plays():
    text = SEATS + "hand 1\nA +10\nB +5\nA 6-4\n"
    with pytest.raises(NotationError) as caught:
        parse_record(text)
    (d,) = caught.value.diagnostics
    # The third turn (line 6) is the first that is not a sheet entry like the first.
    assert (d.code, d.line, d.column, d.hand, d.turn) == ("mixed-hand", 6, 1, 1, 3)


def test_two_deals_for_one_seat_and_a_seat_twice_in_a_tally():
    assert problems(SEATS + "hand 1\ndeal A 6-4\ndeal A 5-5\n") == [("duplicate-deal", 5, 6)]
    assert problems(SEATS + "hand 1\npips A 1 A 2\n") == [("duplicate-entry", 4, 10)]


def test_pips_above_18_are_rejected_where_they_are():
    assert problems(SEATS + "hand 1\nA 19-4\n") == [("pip-range", 4, 3)]
    # In a run of tiles across two lines: 20-1 is on line 5, column 1.
    assert problems(SEATS + "hand 1\ndeal A 6-4 5-5\n20-1\n") == [("pip-range", 5, 1)]
    assert problems(SEATS + "hand 1\nboneyard 6-4 3-99\n") == [("pip-range", 4, 14)]
    # 18 itself is allowed: the notation's limit, not a rule set's.
    assert turn("A 18-17\n").tile == Tile.of(18, 17)


def test_every_problem_of_a_record_is_reported_in_text_order():
    text = '[Seat A "a"]\n[Seat A "b"]\nhand 2\nC 6-4\n'
    assert problems(text) == [("duplicate-seat", 2, 7), ("hand-order", 3, 6), ("undeclared-seat", 4, 1)]


def test_notation_md_keywords_are_the_grammar_keywords():
    from muggins.notation.errors import KEYWORDS

    doc = " ".join(NOTATION.read_text(encoding="utf-8").split())
    listed = re.search(r"Keywords are lower case: `([a-z ]+)`", doc).group(1).split()
    in_grammar = re.findall(r"^[A-Z]+: /([a-z]+)\\b/", GRAMMAR_PATH.read_text(), re.M)
    assert sorted(listed) == sorted(in_grammar) == sorted(KEYWORDS)
