"""`muggins check` adds the rule-aware structure checks: the set, the table, the deals."""

from pathlib import Path

from typer.testing import CliRunner

from muggins.cli import app
from muggins.notation.parser import parse_record
from muggins.replay.structure import check_structure

BAD = Path(__file__).resolve().parents[1] / "samples" / "bad"


def codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in check_structure(parse_record(text))]


def test_a_pip_above_the_set_is_reported_with_its_rule():
    text = '[Rules "allfives"]\n[Seat A "a"]\n[Seat B "b"]\nhand 1\nA 6-4\nB 7-4 r\n'
    assert codes(text) == [("pip-above-set", 6)]
    nine = '[Rules "allfives"]\n[Set max_pip "9"]\n[Seat A "a"]\n[Seat B "b"]\nhand 1\nA 6-4\nB 7-4 r\n'
    assert codes(nine) == []


def test_an_unknown_rule_set_is_reported_at_its_tag():
    text = '[Event "x"]\n[Rules "nosuch"]\n[Seat A "a"]\n[Seat B "b"]\n'
    assert codes(text) == [("rules", 2)]


def test_a_table_the_rules_do_not_allow():
    # pontos is for exactly four players in two partnerships.
    text = '[Rules "pontos"]\n[Seat A "a"]\n[Seat B "b"]\n'
    assert {c for c, _ in codes(text)} == {"table-rules"}


def test_check_command_exits_1_on_structure_problems_and_0_on_a_good_file():
    runner = CliRunner()
    bad = runner.invoke(app, ["check", str(BAD / "wrong-deal-size.mgn")])
    assert bad.exit_code == 1
    assert "deal-size" in bad.output
    good = runner.invoke(app, ["check", str(BAD.parent / "allfives-2p.mgn")])
    assert good.exit_code == 0
