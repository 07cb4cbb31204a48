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


# -- a rule set that cannot be had: said in the language in use, labelled with its parameter ---

SEATS = '[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 5-5 +10\n'


def _check(tmp_path, head: str, *options: str, lang: str = "en"):
    """``muggins --lang LANG check OPTIONS`` of a record with the header ``head``."""
    from cli_run import run

    path = tmp_path / "rl.mgn"
    path.write_text(head + SEATS)
    return run("--lang", lang, "check", *options, str(path))


def test_a_missing_rule_file_is_said_in_the_language_with_no_parameter_named(tmp_path):
    """It was English under --lang es/pt (str(exc) dropped the Message) and labelled 'rule:
    name', which no rule file sets. The words are the catalogues' for '... no such rule file'."""
    spanish = _check(tmp_path, '[Rules "missing.yaml"]\n', lang="es")
    assert spanish.exit_code == 1
    assert "missing.yaml: no existe el archivo de reglas" in spanish.stderr
    assert "no such rule file" not in spanish.stderr
    assert "regla:" not in spanish.stderr
    portuguese = _check(tmp_path, '[Rules "missing.yaml"]\n', lang="pt")
    assert "missing.yaml: o ficheiro de regras não existe" in portuguese.stderr
    assert "regra:" not in portuguese.stderr
    english = _check(tmp_path, '[Rules "missing.yaml"]\n')
    assert "missing.yaml: no such rule file" in english.stderr
    assert "rule:" not in english.stderr


def test_a_rule_tags_error_names_the_parameter_it_sets(tmp_path):
    import json

    target = _check(tmp_path, '[Target "1234567890123456789012"]\n', lang="es")
    assert "más de 18 cifras" in target.stderr and "regla: target" in target.stderr
    spinner = _check(tmp_path, '[Set spinner "bogus"]\n', lang="es")
    assert "regla: spinner" in spinner.stderr
    unknown = _check(tmp_path, '[Set foo "1"]\n', lang="es")
    assert "clave desconocida 'foo'" in unknown.stderr and "regla:" not in unknown.stderr
    # the JSON: the rule named (null for [Rules]), the message English whatever the language
    expected = {
        '[Rules "missing.yaml"]\n': (None, "missing.yaml: no such rule file"),
        '[Target "1234567890123456789012"]\n': ("target", "a number of more than 18 digits"),
        '[Set spinner "bogus"]\n': ("spinner", "not 'bogus'"),
    }
    for head, (rule, ending) in expected.items():
        (diagnostic,) = json.loads(_check(tmp_path, head, "--format", "json", lang="es").stdout)["files"][0]["diagnostics"]
        assert (diagnostic["code"], diagnostic["rule"], diagnostic["line"]) == ("rules", rule, 1), head
        assert diagnostic["message"].endswith(ending), diagnostic["message"]
