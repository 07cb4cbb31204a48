"""The replayer and the auditor against the samples' hand-worked oracles (samples/*.oracle.yaml).

The oracles were worked out by hand beside each sample (the working is in samples/*.md); here the
real parser, replayer and auditor must reach the same numbers.
"""

from pathlib import Path

import pytest
import yaml

from muggins.analysis.audit import audit
from muggins.notation.parser import NotationError, read_file
from muggins.replay.replayer import replay
from muggins.replay.resolve import rules_for

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
ORACLES = sorted(SAMPLES.glob("*.oracle.yaml"))


def cases():
    for oracle_path in ORACLES:
        sample = oracle_path.with_name(oracle_path.name.replace(".oracle.yaml", ".mgn"))
        oracle = yaml.safe_load(oracle_path.read_text())
        oracles = oracle if isinstance(oracle, list) else [oracle]
        records = list(read_file(sample))
        assert not [r for r in records if isinstance(r, NotationError)], sample
        assert len(records) == len(oracles), sample
        for index, (record, expected) in enumerate(zip(records, oracles), 1):
            yield pytest.param(record, expected, id=f"{sample.stem}-{index}")


@pytest.mark.parametrize("record, expected", list(cases()))
def test_replay_matches_the_hand_worked_oracle(record, expected):
    rules = rules_for(record)
    assert rules.name == expected["rules"]
    result = replay(record, rules)
    assert record.seats == tuple(expected["seats"])
    assert len(result.hands) == len(expected["hands"])
    for hand, want in zip(result.hands, expected["hands"]):
        plays = {f.turn: f for f in hand.facts if f.kind in ("play", "sheet")}
        for turn in want.get("turns", []):
            fact = plays[turn["turn"]]
            where = f"hand {hand.number} turn {turn['turn']}"
            assert fact.seat == turn["seat"], where
            if "tile" in turn:
                assert str(fact.statement.tile) == str(turn["tile"]), where
                assert fact.total == turn["total"], where
                if turn.get("end") is not None:
                    assert fact.end == turn["end"], where
            assert fact.points == turn["points"], where
            if "credited" in turn:
                assert fact.credited == turn["credited"], where
        if "leader" in want:
            assert hand.leader == want["leader"], f"hand {hand.number}"
        if want.get("outcome"):
            assert hand.outcome == want["outcome"]["kind"], f"hand {hand.number}"
            if want["outcome"].get("seat"):
                assert hand.went_out == want["outcome"]["seat"]
        if want.get("pips") and hand.pips_source == "hands":
            assert hand.pips == want["pips"], f"hand {hand.number}"
        if "end_points" in want and hand.award is not None:
            got = {side: v for side, v in hand.award.points.items()}
            assert {k: got.get(k, 0) for k in want["end_points"]} == want["end_points"], f"hand {hand.number}"
        if "play_points" in want:
            assert {k: hand.in_play.get(k, 0) for k in want["play_points"]} == want["play_points"], f"hand {hand.number}"
        assert hand.totals == want["totals"], f"hand {hand.number}"
    winner = expected.get("winner")
    if winner:
        assert result.winner == winner["side"]
        assert result.won_at[0] == winner["hand"]
    else:
        assert result.winner is None


FINDING_CODES = {
    "over-claim": {"over-claim"},
    "under-claim": {"under-claim"},
    "unclaimed": {"unclaimed"},
    "not-multiple-of-5": {"sheet-not-multiple"},
    "wrong-total": {"total-wrong", "total-arithmetic"},
}


@pytest.mark.parametrize("record, expected", list(cases()))
def test_audit_reports_exactly_the_deliberate_mistakes(record, expected):
    report = audit(record, rules_for(record))
    got = sorted(((f.hand, f.turn, f.code) for f in report.findings if f.severity != "info"), key=lambda g: (g[0] or 0, g[1] or 0, g[2]))
    want_hands = {h["number"]: h.get("findings", []) for h in expected["hands"]}
    for number, findings in want_hands.items():
        mine = [g for g in got if g[0] == number]
        for finding in findings:
            codes = FINDING_CODES[finding["kind"]]
            turn = finding.get("turn")
            match = [g for g in mine if g[2] in codes and (turn is None or g[1] == turn)]
            assert match, f"hand {number}: expected {finding}, got {mine}"
        expected_count = len(findings)
        # Every reported finding is one of the deliberate mistakes (a wrong total may be reported
        # both as wrong and as bad arithmetic).
        explained = [g for g in mine if any(g[2] in FINDING_CODES[f["kind"]] and (f.get("turn") is None or f["turn"] == g[1]) for f in findings)]
        assert explained == mine, f"hand {number}: unexpected findings {sorted(set(mine) - set(explained))}"
        assert len(findings) == expected_count
