"""``muggins rules`` refuses options it cannot apply (exit 2, a message naming both) instead of
dropping them unsaid: ``rules --set foo=1`` listed the presets and ``rules --list-parameters
--set foo=1`` and ``rules allfives --list-parameters`` the parameters, exit 0, the --set or the
rule set ignored. ``--set`` changes the rule set named (``rules NAME --set key=value``), where an
unknown key is refused as every command refuses it. With ``--format json`` the refusal writes
rules' empty document, ``{}`` (README: "rules and keep: {}")."""

from __future__ import annotations

import json

import pytest

from cli_run import run

WITHOUT = "--set without a rule set"
WITH_LIST = "--set and --list-parameters do not go together"
NAMED_LIST = "a rule set (allfives) and --list-parameters do not go together"

CASES = [
    (("rules", "--set", "foo=1"), WITHOUT),
    (("rules", "--set", "target=61"), WITHOUT),  # a known key too: there is no rule set to change
    (("rules", "--list-parameters", "--set", "foo=1"), WITH_LIST),
    (("rules", "--list-parameters", "--set", "target=61"), WITH_LIST),
    (("rules", "allfives", "--list-parameters"), NAMED_LIST),
    (("rules", "allfives", "--set", "foo=1"), "--set: unknown key 'foo'"),
]


@pytest.mark.parametrize(("args", "said"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_an_option_rules_cannot_apply_is_refused(args, said):
    result = run(*args)
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    assert result.stderr.startswith(f"muggins: {said}")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(("args", "said"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_with_format_json_the_refusal_writes_the_empty_document(args, said):
    result = run(*args, "--format", "json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {}
    assert said in result.stderr


def test_set_still_changes_a_named_rule_set():
    result = run("rules", "allfives", "--set", "target=61", "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["target"] == 61


@pytest.mark.parametrize("args", [("rules",), ("rules", "--list-parameters"), ("rules", "allfives")])
def test_each_use_alone_is_as_before(args):
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    assert result.stdout
