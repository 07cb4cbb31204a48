"""The hand-worked oracles in samples/ hold together on their own.

Each ``samples/X.oracle.yaml`` says, for every play of ``samples/X.mgn``, what the open ends
count, what the play made, what was claimed and what the side keeps, and per hand the pips, the
end-of-hand points and the correct running totals. The working behind every number is written
out in ``samples/X.md``. These tests do not run the replayer: they check that each oracle is
self-consistent (sums, scoring rule, running totals, end-of-hand awards recomputed from the
pips) and that its turn numbers point at the right statements of its record, so that a slip in
an oracle is caught before it is used to judge the replayer and the auditor.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from muggins.replay.rules import PARAMETERS

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
ORACLES = sorted(SAMPLES.glob("*.oracle.yaml"))

#: Most one play may score, per preset (pontos: "5 to 30 per play"); None: no cap.
PLAY_CAP = {"allfives": None, "scorecard": None, "pontos": 30}


def records_of(path: Path) -> list[dict]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data if isinstance(data, list) else [data]


def all_records() -> list[tuple[str, int, dict]]:
    return [(p.name, i, rec) for p in ORACLES for i, rec in enumerate(records_of(p), 1)]


def side_of(seat: str, teams: dict[str, list[str]]) -> str:
    for team, seats in teams.items():
        if seat in seats:
            return team
    return seat


def sides(rec: dict) -> list[str]:
    return list(rec["teams"]) if rec["teams"] else list(rec["seats"])


def round_to_five(pips: int) -> int:
    """Nearest 5, as the seeds say: 7 -> 5, 8 -> 10, 12 -> 10, 13 -> 15."""
    low = pips - pips % 5
    return low + 5 if pips % 5 >= 3 else low


def expected_end_points(rec: dict, hand: dict) -> dict[str, int]:
    """The end-of-hand award, recomputed from the oracle's pips under the record's preset."""
    teams = rec["teams"]
    award = {side: 0 for side in sides(rec)}
    outcome = hand["outcome"]
    pips = hand["pips"]
    if rec["rules"] == "pontos" or outcome is None:
        return award
    if rec["rules"] == "allfives":  # each player subtracts their own, domino or blocked
        for seat, count in pips.items():
            award[side_of(seat, teams)] -= round_to_five(count)
        return award
    side_pips = {side: 0 for side in award}  # scorecard
    for seat, count in pips.items():
        side_pips[side_of(seat, teams)] += count
    if outcome["kind"] == "domino":
        winner = side_of(outcome["seat"], teams)
        award[winner] = round_to_five(sum(v for s, v in side_pips.items() if s != winner))
    else:
        lightest = min(side_pips, key=side_pips.get)
        others = sum(v for s, v in side_pips.items() if s != lightest)
        award[lightest] = round_to_five(others - side_pips[lightest])
    return award


def test_every_sample_has_its_oracle_and_working():
    names = {p.name.removesuffix(".oracle.yaml") for p in ORACLES}
    assert names == {
        "allfives-2p", "scorecard-4p-partners", "pontos-4p", "scoresheet-only", "several-records", "disputed-hand",
    }
    for name in names:
        assert (SAMPLES / f"{name}.mgn").is_file()
        assert (SAMPLES / f"{name}.md").is_file()


@pytest.mark.parametrize("name,index,rec", all_records(), ids=lambda v: str(v) if not isinstance(v, dict) else "")
def test_plays_score_what_their_ends_add_up_to(name, index, rec):
    cap = PLAY_CAP[rec["rules"]]
    for hand in rec["hands"]:
        for play in hand["turns"]:
            where = f"{name} record {index} hand {hand['number']} turn {play['turn']}"
            assert sum(play["ends"]) == play["total"], where
            made = play["total"] if play["total"] > 0 and play["total"] % 5 == 0 else 0
            assert play["points"] == made, where
            if cap is not None:
                assert play["points"] <= cap, where
            claimed = play["claimed"] or 0
            assert play["credited"] == min(claimed, play["points"]), where


@pytest.mark.parametrize("name,index,rec", all_records(), ids=lambda v: str(v) if not isinstance(v, dict) else "")
def test_running_totals_add_up(name, index, rec):
    totals = {side: 0 for side in sides(rec)}
    for hand in rec["hands"]:
        where = f"{name} record {index} hand {hand['number']}"
        in_play = {side: 0 for side in totals}
        for play in hand["turns"]:
            in_play[side_of(play["seat"], rec["teams"])] += play["credited"]
        for call in hand["muggins"]:
            assert side_of(call["seat"], rec["teams"]) != side_of(call["against"], rec["teams"]), where
            in_play[side_of(call["seat"], rec["teams"])] += call["points"]
        for entry in hand.get("entries", []):
            in_play[side_of(entry["seat"], rec["teams"])] += entry["points"]
        assert hand["play_points"] == in_play, where
        assert hand["end_points"] == expected_end_points(rec, hand), where
        totals = {s: totals[s] + in_play[s] + hand["end_points"][s] for s in totals}
        assert hand["totals"] == totals, where
        for finding in hand["findings"]:
            if finding["kind"] == "wrong-total":
                assert finding["correct"] == totals[finding["who"]], where
                assert finding["written"] != finding["correct"], where


@pytest.mark.parametrize("name,index,rec", all_records(), ids=lambda v: str(v) if not isinstance(v, dict) else "")
def test_muggins_calls_follow_an_unclaimed_play(name, index, rec):
    for hand in rec["hands"]:
        plays = {play["turn"]: play for play in hand["turns"]}
        for call in hand["muggins"]:
            called_on = plays[call["turn"] - 1]
            assert called_on["seat"] == call["against"]
            assert called_on["claimed"] is None and called_on["points"] == call["points"]


# --- the oracle's turn numbers against the record's own text -----------------------------------

_COMMENT = re.compile(r"\{[^}]*\}|;[^\n]*")
_NOT_TURNS = ("deal", "boneyard", "lead", "domino", "blocked", "pips", "score", "totals")


def written_hands(mgn: Path) -> list[list[dict]]:
    """Per record, per hand: the deals and the turn statements as token lists.

    A light line-by-line reading of the samples' own text (comments dropped), not the parser:
    enough to tie the oracle's turn numbers and pips to what the record says.
    """
    records: list[list[dict]] = []
    in_headers = False
    for line in _COMMENT.sub(" ", mgn.read_text(encoding="utf-8")).splitlines():
        tokens = line.split()
        if not tokens:
            continue
        if tokens[0].startswith("["):
            if not in_headers:
                records.append([])
            in_headers = True
            continue
        in_headers = False
        if tokens[0] == "hand":
            records[-1].append({"deals": {}, "turns": []})
        elif tokens[0] == "deal":
            records[-1][-1]["deals"][tokens[1]] = tokens[2:]
        elif tokens[0] not in _NOT_TURNS:
            records[-1][-1]["turns"].append(tokens)
    return records


def pip_count(tiles: list[str]) -> int:
    return sum(int(half) for tile in tiles for half in tile.split("-"))


def same_tile(a: str, b: str) -> bool:
    return sorted(a.split("-")) == sorted(b.split("-"))


@pytest.mark.parametrize("oracle", ORACLES, ids=lambda p: p.name)
def test_oracle_turns_point_at_the_written_statements(oracle):
    written = written_hands(SAMPLES / oracle.name.replace(".oracle.yaml", ".mgn"))
    recs = records_of(oracle)
    assert len(written) == len(recs)
    for rec, hands in zip(recs, written):
        assert [h["number"] for h in rec["hands"]] == list(range(1, len(hands) + 1))
        for hand, text in zip(rec["hands"], hands):
            turns = text["turns"]
            listed = hand["turns"] + hand["draws"] + hand["passes"] + hand["muggins"] + hand.get("entries", [])
            assert sorted(item["turn"] for item in listed) == list(range(1, len(turns) + 1))
            for play in hand["turns"]:
                tokens = turns[play["turn"] - 1]
                assert tokens[0] == play["seat"]
                assert tokens[1].rstrip("!?") == play["tile"]
            for call in hand["muggins"]:
                assert turns[call["turn"] - 1][:3] == [call["seat"], "muggins", call["against"]]
            for draw in hand["draws"]:
                assert turns[draw["turn"] - 1] == [draw["seat"], "draw", *draw["tiles"]]
            for passed in hand["passes"]:
                assert turns[passed["turn"] - 1] == [passed["seat"], "pass"]
            for entry in hand.get("entries", []):
                assert turns[entry["turn"] - 1] == [entry["seat"], f"+{entry['points']}"]


@pytest.mark.parametrize("oracle", ORACLES, ids=lambda p: p.name)
def test_oracle_pips_are_what_is_left_in_hand(oracle):
    """Dealt + drawn - played, per seat, from the record's text: the oracle's pips."""
    written = written_hands(SAMPLES / oracle.name.replace(".oracle.yaml", ".mgn"))
    for rec, hands in zip(records_of(oracle), written):
        for hand, text in zip(rec["hands"], hands):
            if not text["deals"]:
                continue  # a score-sheet-only hand: the pips are as announced
            for seat in rec["seats"]:
                held = list(text["deals"][seat])
                for draw in hand["draws"]:
                    if draw["seat"] == seat:
                        held += draw["tiles"]
                for play in hand["turns"]:
                    if play["seat"] == seat:
                        held.remove(next(t for t in held if same_tile(t, play["tile"])))
                assert hand["pips"][seat] == pip_count(held), (oracle.name, hand["number"], seat)


# --- samples/bad/EXPECTED.yaml ---------------------------------------------------------------------

BAD = SAMPLES / "bad"


def test_every_rule_mistake_sample_is_described():
    expected = yaml.safe_load((BAD / "EXPECTED.yaml").read_text(encoding="utf-8"))
    on_disk = {p.name for p in BAD.glob("*.mgn") if not p.name.startswith("syntax-")}
    assert set(expected) == on_disk
    for name, entry in expected.items():
        lines = (BAD / name).read_text(encoding="utf-8").splitlines()
        statement = lines[entry["line"] - 1][entry["column"] - 1 :]
        assert statement.strip() and statement[0] not in " ;{[", name
        assert entry["rule"] is None or entry["rule"] in PARAMETERS, name
        assert entry["rules"] in PLAY_CAP, name
        assert entry["turn"] is None or entry["turn"] >= 1, name
