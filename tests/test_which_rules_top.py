"""`rank(record, top=N)` (what `audit --which-rules --top N` asks) is the whole ranking cut at N,
though it audits most rule sets only until they are out; `audit_below` is the audit, or None
once the audit is certain to reach the bound."""

import dataclasses

import pytest

from muggins.analysis.audit import audit, audit_below
from muggins.analysis.which_rules import candidates, rank
from muggins.notation.parser import parse_record
from muggins.replay.rules import load, preset_names
from muggins.replay.simulate import Options, simulate


def _records():
    """Records played under every preset and table size, some with slips (forgotten and short
    claims), and without their [Rules] tag (so no preset is the record's own)."""
    out = []
    for at, name in enumerate(preset_names()):
        rules = load(name)
        for players in rules.players[:2]:
            options = Options(players=players, strategy="random", forget=0.2 * (at % 3), underclaim=0.1 * (at % 2), max_hands=4)
            (record,) = simulate(rules, 40 + at, 1, options)
            out.append((f"{name}-{players}p", record))
    return out


RECORDS = _records()


def _shown(ranking):
    return [(c.label, c.findings, c.codes) for c in ranking]


@pytest.mark.parametrize("at", range(len(RECORDS)), ids=[name for name, _ in RECORDS])
def test_the_top_is_the_whole_ranking_cut(at):
    name, record = RECORDS[at]
    if at % 2:
        record = dataclasses.replace(record, headers=tuple(h for h in record.headers if h.name != "Rules"))
    whole = rank(record)
    for top in (1, 2, 8, 40):
        assert _shown(rank(record, top=top)) == _shown(whole[:top]), (name, top)


def test_two_hands_of_one_number_are_ranked_the_same():
    # A record whose hands are both numbered 1: audited whole, then judged (the audit of a hand
    # may not be read off the hands replayed so far).
    (record,) = simulate(load("allfives"), 3, 1, Options(players=2, max_hands=3, forget=0.3))
    assert len(record.hands) >= 2
    twice = dataclasses.replace(record, hands=tuple(dataclasses.replace(h, number=1) for h in record.hands))
    whole = rank(twice)
    assert _shown(rank(twice, top=8)) == _shown(whole[:8])


def test_a_top_of_none_is_nothing():
    assert rank(RECORDS[0][1], top=0) == []


def _findings(report):
    return [(d.code, d.line, d.column, d.message, d.follows) for d in report.findings]


@pytest.mark.parametrize("name, record", RECORDS[::3], ids=[name for name, _ in RECORDS[::3]])
def test_audit_below_is_the_audit_or_nothing(name, record):
    for label, rules, _ in candidates()[::7]:
        report = audit(record, rules)
        count = len(report.mistakes)
        same = audit_below(record, rules, count + 1)
        assert same is not None and _findings(same) == _findings(report), label
        assert same.sheet == report.sheet and same.divergence == report.divergence
        if count:
            assert audit_below(record, rules, count) is None, label
        assert audit_below(record, rules, 0) is None


def test_notes_alone_can_reach_the_bound():
    # A seat in two teams is noted from the text alone: one mistake before any hand is replayed.
    text = '[Rules "allfives"]\n[Seat A "a"]\n[Seat B "b"]\n[Team X "A"]\n[Team Y "A B"]\n\nhand 1\nA 6-6\n'
    record = parse_record(text)
    notes = [d for d in record.notes if d.severity in ("error", "warning")]
    if not notes:
        pytest.skip("no note of this kind")
    assert audit_below(record, load("allfives"), 1) is None


# The fuzz run's huge-counts:819800: a one-hand record whose seat draws one tile 500 times
# (two players deal 9 each from 28, so the boneyard holds 10 and the other 490 draws are
# errors), then plays. Every one of the 320 candidates leaves about 490 findings, so none
# was out before the hand's end: 160,000 turns replayed, 4.5 s. Once nothing may be drawn,
# every later draw is certainly an error, and a rule set is out as soon as that is enough.
BAD_DRAWS = (
    '[Rules "allfives"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\n'
    + "A draw 1\n" * 500
    + "A 5-5 +10\nB 5-2 r\nA 5-1 l\nB 4-2 r +15\nA draw 2\nB draw 6-6 5-5\n"
)


def test_a_hand_of_bad_draws_is_ranked_the_same_and_cheaply(monkeypatch):
    from muggins.replay.hand_state import HandState

    record = parse_record(BAD_DRAWS)
    whole = rank(record)
    applied = 0
    apply = HandState.apply

    def counting(self, turn, stmt):
        nonlocal applied
        applied += 1
        return apply(self, turn, stmt)

    monkeypatch.setattr(HandState, "apply", counting)
    assert _shown(rank(record, top=2)) == _shown(whole[:2])
    # The presets (a dozen or so) and the variants that tie with the best are replayed whole;
    # the rest stop near the draw that empties the boneyard.
    assert applied < 40 * len(record.hands[0].turns), applied


def test_audit_below_counts_the_draws_still_to_come():
    record = parse_record(BAD_DRAWS)
    rules = load("allfives")
    report = audit(record, rules)
    count = len(report.mistakes)
    assert count >= 490
    same = audit_below(record, rules, count + 1)
    assert same is not None and _findings(same) == _findings(report)
    for bound in (count, count - 1, 11, 1):
        assert audit_below(record, rules, bound) is None, bound
