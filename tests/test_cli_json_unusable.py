"""``--format json`` writes a JSON document on stdout even when the input is unusable (exit 2):
the command's own document with nothing in it, the message on stderr as before.

Before, replay wrote nothing for any unusable input (a syntax error, a missing file, a bad
--set), and audit, analyze, rules and keep nothing for an unknown --set key or --rules preset,
while ``audit --format json nosuch.mgn`` wrote its document. The expected documents are written
out here by hand from the schemas (analysis/AUDIT.md, analysis/ANALYSIS.md).
"""

from __future__ import annotations

import json

import pytest

from cli_run import run

HEAD = '[Seat A "A"]\n[Seat B "B"]\n\nhand 1\n'
UNKNOWN_KEY = "--set: unknown key 'foo'"
UNKNOWN_RULES = "unknown rule set 'nosuch'"

#: audit's summary of a run that read no record (every figure 0, nothing listed)
NOTHING_AUDITED = {
    "files": 0, "records": 0, "clean": 0, "with_findings": 0, "not_audited": 0, "unreadable": 0,
    "findings": 0, "by_code": {}, "by_player": {}, "worst": [],
}
AUDIT = {"schema": "muggins.audit/1", "files": [], "summary": NOTHING_AUDITED}
ANALYZE = {"schema": "muggins.analyze/2", "solver_core": None, "records": [], "players": []}


@pytest.fixture
def files(tmp_path, monkeypatch):
    """ok.mgn (one play), bad.mgn (a syntax error), in the working folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.mgn").write_text(HEAD + "A 5-5 +10\n")
    (tmp_path / "bad.mgn").write_text(HEAD + "B 4-1 right\n")
    (tmp_path / "rl.mgn").write_text('[Rules "missing.yaml"]\n' + HEAD + "A 5-5 +10\n")
    return tmp_path


def replayed(file: str, record: int = 1) -> dict[str, object]:
    return {"schema": "muggins.replay/1", "file": file, "record": record, "positions": []}


CASES = [
    (("replay", "--format", "json", "bad.mgn"), replayed("bad.mgn"), "error[end-syntax]"),
    (("replay", "--format", "json", "nosuch.mgn"), replayed("nosuch.mgn"), "nosuch.mgn: no such file"),
    (("replay", "--format", "json", "--set", "foo=1", "ok.mgn"), replayed("ok.mgn"), UNKNOWN_KEY),
    (("replay", "--format", "json", "--set", "target=abc", "ok.mgn"), replayed("ok.mgn"), "--set: target:"),
    (("replay", "--format", "json", "--rules", "nosuch", "ok.mgn"), replayed("ok.mgn"), UNKNOWN_RULES),
    (("replay", "--format", "json", "rl.mgn"), replayed("rl.mgn"), "missing.yaml: no such rule file"),
    (("replay", "--format", "json", "--record", "2", "ok.mgn"), replayed("ok.mgn", 2), "ok.mgn has no record 2"),
    (("replay", "--format", "json", "--hand", "3", "ok.mgn"), replayed("ok.mgn"), "record 1 has no hand 3"),
    (("replay", "--format", "json", "--turn", "9", "ok.mgn"), replayed("ok.mgn"), "--turn goes from 0 to 1"),
    (("replay", "--format", "json", "--as", "Z", "ok.mgn"), replayed("ok.mgn"), "--as 'Z'"),
    (("audit", "--format", "json", "--set", "foo=1", "ok.mgn"), AUDIT, UNKNOWN_KEY),
    (("audit", "--format", "json", "--rules", "nosuch", "ok.mgn"), AUDIT, UNKNOWN_RULES),
    (("audit", "--format", "json", "--rules", "allfives", "--rules", "nosuch", "ok.mgn"),
     {**AUDIT, "summary": {"rules": "allfives", **NOTHING_AUDITED}}, UNKNOWN_RULES),
    (("audit", "--format", "json", "--which-rules", "--rules", "allfives", "--rules", "line", "ok.mgn"),
     {**AUDIT, "summary": {"rules": "allfives", **NOTHING_AUDITED}}, "--which-rules and several --rules"),
    (("analyze", "--format", "json", "--set", "foo=1", "ok.mgn"), ANALYZE, UNKNOWN_KEY),
    (("analyze", "--format", "json", "--rules", "nosuch", "ok.mgn"), ANALYZE, UNKNOWN_RULES),
    (("analyze", "--format", "json", "--view", "x", "ok.mgn"), ANALYZE, "--view: one of"),
    (("check", "--format", "json", "--jobs", "2", "--scheduler", "local:1", "ok.mgn"),
     {"schema": "muggins.check/1", "files": []}, "--jobs and --scheduler cannot be combined"),
    (("rules", "nosuch", "--format", "json"), {}, UNKNOWN_RULES),
    (("rules", "allfives", "--set", "foo=1", "--format", "json"), {}, UNKNOWN_KEY),
    (("keep", "--format", "json", "--rules", "nosuch"), {}, UNKNOWN_RULES),
    (("keep", "--format", "json", "--set", "foo=1"), {}, UNKNOWN_KEY),
]


@pytest.mark.parametrize(("args", "document", "said"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_unusable_input_still_writes_the_commands_json_document(files, args, document, said):
    result = run(*args)
    assert result.exit_code == 2, result.stderr
    assert json.loads(result.stdout) == document  # one document, and only that, on stdout
    assert said in result.stderr
    assert result.stderr.startswith("muggins: ")


@pytest.mark.parametrize("args", [("replay", "nosuch.mgn"), ("audit", "--set", "foo=1", "ok.mgn"), ("rules", "nosuch")])
def test_the_text_format_writes_nothing_on_stdout_as_before(files, args):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["audit", "analyze"])
def test_with_o_nothing_is_written_anywhere(files, command):
    """-o FILE: the run did not start, so the file is not made, and stdout stays empty."""
    result = run(command, "--format", "json", "--set", "foo=1", "-o", "out.json", "ok.mgn")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert not (files / "out.json").exists()


def test_a_run_that_began_its_document_is_not_given_a_second_one(files):
    """audit --set target=abc: the record is read and not audited (exit 2) in the one document."""
    result = run("audit", "--format", "json", "--set", "target=abc", "ok.mgn")
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert document["files"] == [{"file": "ok.mgn", "records": []}]
    assert document["summary"]["not_audited"] == 1


# -- Click's own usage errors: before the command runs --------------------------------------
# An option's value out of range, an unknown option, a missing argument end the run in Click's
# parsing, before the command and its EmptyDocument began: they wrote the message and nothing
# on stdout. The documents are the ones above, the command's for any other unusable input.

USAGE_CASES = [
    (("replay", "--hand", "0", "--format", "json", "ok.mgn"), replayed("ok.mgn"), "invalid value for '--hand'"),
    (("replay", "--format=json", "--bogus", "ok.mgn"), replayed("ok.mgn"), "no such option: --bogus"),
    # a word after an unknown option: its value, where the command has no room for another argument
    (("replay", "--format", "json", "--bogus", "x", "ok.mgn"), replayed("ok.mgn"), "no such option: --bogus"),
    (("replay", "--format", "json", "ok.mgn", "--bogus", "x"), replayed("ok.mgn"), "no such option: --bogus"),
    (("replay", "--format", "json", "--bogus=x", "ok.mgn"), replayed("ok.mgn"), "no such option: --bogus"),
    (("replay", "--record", "2", "--bogus", "x", "--format", "json", "ok.mgn"), replayed("ok.mgn", 2), "no such option: --bogus"),
    (("replay", "--format", "json", "--record", "2", "--hand", "0", "ok.mgn"), replayed("ok.mgn", 2), "invalid value for '--hand'"),
    # no file named: the document names none
    (("replay", "--format", "json"), {"schema": "muggins.replay/1", "file": None, "record": 1, "positions": []}, "missing argument"),
    (("audit", "--format", "json", "--jobs", "0", "ok.mgn"), AUDIT, "invalid value for '--jobs'"),
    (("audit", "--format", "json", "--rules", "allfives", "--rules", "line", "--top", "0", "ok.mgn"),
     {**AUDIT, "summary": {"rules": "allfives", **NOTHING_AUDITED}}, "invalid value for '--top'"),
    (("audit", "--format", "json", "-o", "-", "--bogus", "ok.mgn"), AUDIT, "no such option: --bogus"),  # -o - is stdout
    (("analyze", "--format", "json", "--bogus", "ok.mgn"), ANALYZE, "no such option: --bogus"),
    (("check", "--format", "json"), {"schema": "muggins.check/1", "files": []}, "missing argument"),
    (("rules", "--format", "json", "--bogus"), {}, "no such option: --bogus"),
    (("keep", "--format=json", "--bogus"), {}, "no such option: --bogus"),
]


@pytest.mark.parametrize(("args", "document", "said"), USAGE_CASES, ids=[" ".join(c[0]) for c in USAGE_CASES])
def test_a_usage_error_still_writes_the_commands_json_document(files, args, document, said):
    result = run(*args)
    assert result.exit_code == 2, result.stderr
    assert json.loads(result.stdout) == document
    command = args[0]
    # stderr as before: the one line of the usage error
    assert result.stderr.startswith(f"muggins: {said}")
    assert result.stderr.endswith(f"(see `muggins {command} --help`)\n")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "--hand", "0", "ok.mgn"),  # text
        ("replay", "--hand", "0", "--format", "text", "ok.mgn"),
        ("audit", "--format", "json", "-o", "out.json", "--jobs", "0", "ok.mgn"),  # -o FILE: nothing anywhere
        ("audit", "--format", "json", "--output=out.json", "--jobs", "0", "ok.mgn"),
        ("simulate", "--format", "json"),  # no --format json: simulate has none
        ("--lang", "xx", "replay", "--format", "json", "ok.mgn"),  # the group's, no command yet
        ("nosuch", "--format", "json"),
    ],
)
def test_a_usage_error_writes_no_document_where_none_is_asked_for(files, args):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("muggins: ")
    assert not (files / "out.json").exists()
