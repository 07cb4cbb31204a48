"""The Muggins ledger against the hand-worked sample oracles, and against simulated slips.

Expected numbers come from ``samples/X.oracle.yaml`` (worked by hand in ``samples/X.md``): per
play the points it made and what was claimed, per hand the Muggins calls and the end-of-hand
points. The ledger must sort the same points the same way. A few figures the oracles do not
state (over-claims, the turns a figure traces to) are worked out below, by hand, in comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from muggins.analysis.ledger import build_ledger
from muggins.notation.model import MugginsCall, Play
from muggins.notation.parser import read_file
from muggins.replay.board import Board
from muggins.replay.replayer import replay
from muggins.replay.resolve import rules_for
from muggins.replay.rules import load
from muggins.replay.scoring import play_points
from muggins.replay.simulate import Options, simulate

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
ORACLES = sorted(SAMPLES.glob("*.oracle.yaml"))


def ledger_of(record):
    return build_ledger(replay(record, rules_for(record, None, [])))


def sample_records(oracle: Path):
    data = yaml.safe_load(oracle.read_text(encoding="utf-8"))
    expected = data if isinstance(data, list) else [data]
    records = list(read_file(SAMPLES / oracle.name.replace(".oracle.yaml", ".mgn")))
    assert len(records) == len(expected)
    return list(zip(records, expected))


CASES = [(oracle.name, i, record, rec) for oracle in ORACLES for i, (record, rec) in enumerate(sample_records(oracle), 1)]


def side_of(seat: str, teams: dict) -> str:
    for team, seats in teams.items():
        if seat in seats:
            return team
    return seat


def oracle_figures(rec: dict, hand: dict) -> dict[str, dict[str, int]]:
    """The ledger's figures for one hand, per seat and per team, worked from the oracle alone."""
    teams = rec["teams"]
    whos = list(rec["seats"]) + list(teams)
    out = {who: dict.fromkeys(("earned", "claimed", "unclaimed", "lost", "muggins_lost", "muggins_gained", "over_claimed"), 0) for who in whos}
    taken = {f["turn"] for f in hand["findings"] if f.get("taken_by_muggins")}

    def add(seat: str, column: str, value: int) -> None:
        out[seat][column] += value
        if teams:
            out[side_of(seat, teams)][column] += value

    for play in hand["turns"]:
        points, claimed = play["points"], play["claimed"] or 0
        add(play["seat"], "earned", points)
        add(play["seat"], "claimed", claimed)
        add(play["seat"], "over_claimed", max(0, claimed - points))
        missing = max(0, points - claimed)
        add(play["seat"], "unclaimed", missing)
        add(play["seat"], "muggins_lost" if play["turn"] in taken else "lost", missing)
    for entry in hand.get("entries", []):
        add(entry["seat"], "earned", entry["points"])
        add(entry["seat"], "claimed", entry["points"])
    for call in hand["muggins"]:
        add(call["seat"], "muggins_gained", call["points"])
    return out


@pytest.mark.parametrize("name,index,record,rec", CASES, ids=[f"{c[0]}#{c[1]}" for c in CASES])
def test_ledger_matches_the_oracle_hand_by_hand(name, index, record, rec):
    ledger = ledger_of(record)
    game: dict[str, dict[str, int]] = {}
    for hand in rec["hands"]:
        expected = oracle_figures(rec, hand)
        for who, figures in expected.items():
            line = ledger.line(who, hand["number"])
            for column, value in figures.items():
                assert line.value(column) == value, f"{name} record {index} hand {hand['number']} {who} {column}"
                game.setdefault(who, {}).setdefault(column, 0)
                game[who][column] += value
        for side, points in hand["end_points"].items():
            assert ledger.line(side, hand["number"]).value("end_points") == points
    for who, figures in game.items():
        for column, value in figures.items():
            assert ledger.line(who).value(column) == value, f"{name} record {index} game {who} {column}"


@pytest.mark.parametrize("name,index,record,rec", CASES, ids=[f"{c[0]}#{c[1]}" for c in CASES])
def test_credited_in_play_is_claims_less_over_claims_plus_takings(name, index, record, rec):
    """An independent check against the oracle's ``play_points`` (what each side kept in play):
    under ``overclaim: taken_down`` a side keeps what it claimed, less what it over-claimed,
    plus what its Muggins calls took."""
    ledger = ledger_of(record)
    for hand in rec["hands"]:
        for side, kept in hand["play_points"].items():
            line = ledger.line(side, hand["number"])
            assert line.value("claimed") - line.value("over_claimed") + line.value("muggins_gained") == kept


def test_allfives_sample_figures_worked_by_hand():
    # samples/allfives-2p.md: hand 1, B's 4-4 at turn 10 made 15 and B claimed 10: 5 unclaimed,
    # nobody called Muggins, so 5 lost. Hand 2, A's 5-5 at turn 5 made 15, A claimed 20: an
    # over-claim of 5. B's end-of-hand points: -20 (18 pips) and -70 (70 pips): -90 for the game.
    (record,) = list(read_file(SAMPLES / "allfives-2p.mgn"))
    ledger = ledger_of(record)
    b = ledger.line("B")
    assert (b.unclaimed.value, b.lost.value, b.muggins_lost.value) == (5, 5, 0)
    assert b.lost.turns == ((1, 10),)
    assert b.end_points.value == -90 and b.end_points.turns == ((1, None), (2, None))
    a = ledger.line("A")
    assert a.over_claimed.value == 5 and a.over_claimed.turns == ((2, 5),)
    assert a.penalty.value == 0  # allfives takes an over-claim down; nobody scores it
    # A earned 10 + 15 + 15 + 15 = 55 in hand 1, at turns 1, 7, 13 and 18.
    assert ledger.line("A", 1).earned.value == 55
    assert ledger.line("A", 1).earned.turns == ((1, 1), (1, 7), (1, 13), (1, 18))


def test_muggins_figures_trace_to_the_play_and_the_call():
    # samples/scorecard-4p-partners.mgn hand 1: E plays 6-3 r at turn 7 for 15 and says nothing;
    # S calls Muggins at turn 8 and takes the 15. Hand 2: W's 5-5 at turn 4 makes 15, unclaimed,
    # and nobody calls: lost. Per team: EW left 30 unclaimed, 15 taken by NS and 15 lost.
    (record,) = list(read_file(SAMPLES / "scorecard-4p-partners.mgn"))
    ledger = ledger_of(record)
    assert ledger.line("E").muggins_lost.turns == ((1, 7), (1, 8))
    assert ledger.line("S").muggins_gained.turns == ((1, 7), (1, 8))
    assert ledger.line("W").lost.turns == ((2, 4),)
    ew = ledger.line("EW")
    assert (ew.unclaimed.value, ew.muggins_lost.value, ew.lost.value) == (30, 15, 15)
    assert ledger.line("NS").muggins_gained.value == 15
    # End-of-hand points belong to the team: NS 25 + 50 = 75; none on a seat's line.
    assert ledger.line("NS").end_points.value == 75
    assert ledger.line("N").end_points is None


def test_over_claim_penalty_goes_on_the_ledger():
    # The line preset scores an over-claim's excess for the opponents (overclaim: penalty_excess).
    # A leads 6-4 (ends 6 + 4 = 10: 10 points) and claims 15: 5 over-claimed, a 5-point penalty.
    from muggins.notation.parser import parse_record

    record = parse_record('[Rules "line"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +15\n')
    line = ledger_of(record).line("A")
    assert (line.earned.value, line.claimed.value, line.over_claimed.value, line.penalty.value) == (10, 15, 5, 5)
    assert line.penalty.turns == ((1, 1),)


# --- simulated games with forgotten claims ----------------------------------------------------


def forgotten_points(record, rules) -> tuple[int, int]:
    """Points of plays written without a claim, and points taken by Muggins calls, worked out
    on a bare Board (not through the replayer): every play made in a simulated game is legal."""
    forgotten = called = 0
    for hand in record.hands:
        board = Board(rules)
        for turn in hand.turns:
            if type(turn) is Play:
                board.play(turn.tile, turn.end, turn.inline)
                points = play_points(board.total(), rules)
                if turn.claim is None:
                    forgotten += points
            elif type(turn) is MugginsCall:
                called += turn.points
    return forgotten, called


@pytest.mark.parametrize("preset,players", [("allfives", 2), ("allfives", 3), ("scorecard", 4), ("line", 2)])
def test_unclaimed_equals_the_forgotten_points(preset, players):
    rules = load(preset)
    total_forgotten = 0
    for record in simulate(rules, seed=7, games=3, options=Options(players=players, forget=0.3)):
        ledger = build_ledger(replay(record, rules))
        forgotten, called = forgotten_points(record, rules)
        total_forgotten += forgotten
        seats = [ledger.line(seat) for seat in record.seats]
        assert sum(line.unclaimed.value for line in seats) == forgotten
        assert sum(line.muggins_lost.value for line in seats) == called
        assert sum(line.muggins_gained.value for line in seats) == called
        assert sum(line.lost.value for line in seats) == forgotten - called
        for side in ledger.side_list:
            if side not in record.seats:  # a team's line adds up its seats' lines
                members = [ledger.line(s) for s in record.seats if ledger.sides[s] == side]
                assert ledger.line(side).unclaimed.value == sum(m.unclaimed.value for m in members)
    assert total_forgotten > 0  # the games did forget something: the test can fail


def test_a_muggins_call_on_a_score_sheet_goes_on_the_ledger():
    # A +10, then B calls Muggins on A for 5 (turn 2): the sheet says A's play made 5 more than A
    # wrote, and B took them. A: earned 15, claimed 10, unclaimed 5, all taken; B gained 5.
    from muggins.notation.parser import parse_record

    text = '[Rules "scorecard"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA +10\nB muggins A +5\ntotals A 10 B 5\n'
    ledger = ledger_of(parse_record(text, "sheet.mgn"))
    a, b = ledger.line("A"), ledger.line("B")
    assert (a.earned.value, a.claimed.value, a.unclaimed.value, a.muggins_lost.value, a.lost.value) == (15, 10, 5, 5, 0)
    assert a.muggins_lost.turns == ((1, 2),) and b.muggins_gained.value == 5
