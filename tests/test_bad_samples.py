"""Each record in samples/bad/ shows one rule mistake; the audit must report exactly that one.

samples/bad/EXPECTED.yaml (written by hand with the samples) gives the hand, turn, line and column
of each mistake; the code each must produce is this project's judgement, listed here.
"""

from pathlib import Path

import pytest
import yaml

from muggins.analysis.audit import audit
from muggins.notation.parser import NotationError, read_file
from muggins.replay.resolve import rules_for

BAD = Path(__file__).resolve().parents[1] / "samples" / "bad"
EXPECTED = yaml.safe_load((BAD / "EXPECTED.yaml").read_text())

CODES = {
    "tile-not-in-hand.mgn": "not-in-hand",
    "tile-played-twice.mgn": "already-played",
    "wrong-end.mgn": "wrong-end",
    "out-of-turn.mgn": "out-of-turn",
    "renege-pass.mgn": "pass-while-playable",
    "draw-while-playable.mgn": "draw-while-playable",
    "drawn-tile-not-played.mgn": "drew-past-playable",
    "draw-empty-boneyard.mgn": "draw-empty-boneyard",
    "play-after-domino.mgn": "play-after-end",
    "first-lead-not-highest-double.mgn": "wrong-leader",
    "wrong-deal-size.mgn": "deal-size",
    "tile-dealt-twice.mgn": "dealt-twice",
    "claim-not-multiple.mgn": "claim-not-multiple",
    "muggins-on-nothing.mgn": "muggins-on-nothing",
    "totals-dont-add-up.mgn": "total-arithmetic",
    "pip-above-set.mgn": "pip-above-set",
}
NOTATION_CODES = {"undeclared-team-score.mgn": ("undeclared-seat", 18, 7)}


def test_every_bad_sample_has_an_expectation():
    files = {p.name for p in BAD.glob("*.mgn") if not p.name.startswith("syntax-")}
    assert files == set(CODES) | set(NOTATION_CODES)


@pytest.mark.parametrize("name", sorted(CODES))
def test_rule_mistake_is_reported_once_where_it_is(name):
    (record,) = list(read_file(BAD / name))
    assert not isinstance(record, NotationError)
    expected = EXPECTED[name]
    report = audit(record, rules_for(record))
    findings = [f for f in report.findings if f.severity in ("error", "warning")]
    # A wrong total is one mistake with two faces: the sheet's arithmetic and the running total.
    faces = {"total-arithmetic": {"total-wrong"}}
    main = [f for f in findings if f.code == CODES[name]]
    assert len(main) == 1, findings
    assert all(f.code == CODES[name] or f.code in faces.get(CODES[name], ()) for f in findings), findings
    finding = main[0]
    assert (finding.hand, finding.turn) == (expected["hand"], expected["turn"])
    assert (finding.line, finding.column) == (expected["line"], expected["column"])
    assert finding.source.endswith(name)


@pytest.mark.parametrize("name", sorted(NOTATION_CODES))
def test_notation_mistake_is_reported_by_the_parser(name):
    (item,) = list(read_file(BAD / name))
    assert isinstance(item, NotationError)
    code, line, column = NOTATION_CODES[name]
    assert [(d.code, d.line, d.column) for d in item.diagnostics][:1] == [(code, line, column)]
