"""Rule values and rule files from untrusted hands: bounded, read as YAML 1.2 core, confined.

Each case here was a defect: a traceback (RecursionError, Python's int-conversion ValueError),
gigabytes from a few hundred bytes (a YAML alias bomb), a number read as something else (YAML
1.1's octal and base-60), a record reading a file anywhere on the machine and quoting it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from cli_run import run
from muggins.notation.parser import parse_record
from muggins.replay import rules as rulesmod
from muggins.replay.resolve import rules_for
from muggins.replay.rules import RuleError, load, parse_override, with_overrides

SEATS = '[Seat A "Ana"]\n[Seat B "Bruno"]\n'


def record_text(*tags: str) -> str:
    return '[Event "hostile"]\n' + "".join(tag + "\n" for tag in tags) + SEATS


def record_in(folder: Path, *tags: str) -> Path:
    path = folder / "game.mgn"
    path.write_text(record_text(*tags), encoding="utf-8")
    return path


def rules_of(path: Path, **options):
    record = parse_record(path.read_text(encoding="utf-8"), source=str(path))
    return rules_for(record, **options)


def override_error(text: str) -> str:
    with pytest.raises(RuleError) as caught:
        with_overrides(load("allfives"), [parse_override(text)])
    return str(caught.value)


# -- bounded ---------------------------------------------------------------------------------


def test_a_value_nested_a_thousand_deep_is_a_rule_error_naming_the_limit():
    message = override_error("hand_size=" + "[" * 1000 + "]" * 1000)
    assert "rule-nesting limit of 16" in message and "MUGGINS_RULE_NESTING" in message


def test_a_rule_file_nested_a_thousand_deep_is_a_rule_error(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("target: " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    with pytest.raises(RuleError, match="rule-nesting limit"):
        load(path)


def test_the_nesting_limit_can_be_raised(monkeypatch):
    value = "hand_size=" + "[" * 20 + "]" * 20
    assert "rule-nesting" in override_error(value)
    monkeypatch.setenv("MUGGINS_RULE_NESTING", "50")
    # now it is read, and refused for what it is: not a number of tiles
    message = override_error(value)
    assert "rule-nesting" not in message and "hand_size" in message


@pytest.mark.parametrize("digits", [19, 4000])
def test_a_number_of_thousands_of_digits_is_a_rule_error(digits):
    message = override_error("target=" + "9" * digits)
    assert "more than 18 digits" in message
    assert len(message) < 300  # the number itself is not printed whole


def test_a_number_of_thousands_of_digits_in_a_rule_file(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("target: " + "7" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(RuleError, match=r"big.yaml:1:9: a number of more than 18 digits"):
        load(path)


ALIAS_BOMB = (
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
    "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
)


def test_an_alias_bomb_in_a_rule_file_is_refused_at_once(tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(ALIAS_BOMB, encoding="utf-8")
    start = time.process_time()
    with pytest.raises(RuleError) as caught:
        load(path)
    assert time.process_time() - start < 1  # a bound, not a timing: expanded, this takes minutes
    assert "bomb.yaml:2:8: aliases (*name) are not allowed" in str(caught.value)


def test_an_alias_bomb_in_a_set_tag_is_refused_with_a_short_message():
    value = "{" + ", ".join(ALIAS_BOMB.replace('"', "'").strip().split("\n")) + "}"
    message = override_error("hand_size=" + value)
    assert "aliases (*name) are not allowed" in message
    assert len(message) < 300


def test_a_huge_value_is_refused_and_never_printed_whole():
    message = override_error("pip_rounding=" + "x" * 100_000)
    assert "rule-value-chars limit of 4,096" in message and "MUGGINS_RULE_VALUE_CHARS" in message
    assert len(message) < 300


def test_a_huge_rule_file_is_refused_naming_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "huge.yaml"
    path.write_text("target: 150\n" + "# padding\n" * 30_000, encoding="utf-8")
    with pytest.raises(RuleError, match="rule-file-bytes limit of 262,144 bytes.*MUGGINS_RULE_FILE_BYTES"):
        load(path)
    monkeypatch.setenv("MUGGINS_RULE_FILE_BYTES", "1000000")
    assert load(path).target == 150


# -- YAML 1.2 core: a number is plainly a number -----------------------------------------------


def test_a_target_with_a_leading_zero_is_decimal_not_octal():
    rules = with_overrides(load("allfives"), [("target", "0150")])
    assert rules.target == 150  # YAML 1.1 reads 0150 as octal: 104


@pytest.mark.parametrize("value", ["1:30", "0b11", "0x1F", "1_000", "0o17"])
def test_a_number_in_another_notation_is_an_error_not_another_number(value):
    message = override_error(f"target={value}")
    assert "target" in message and "a whole number" in message


@pytest.mark.parametrize("value", ["yes", "on", "no", "off"])
def test_yes_and_no_are_not_truth_values(value):
    assert "true or false" in override_error(f"voluntary_draw={value}")


def test_plain_values_still_read_as_before():
    assert parse_override("target=150") == ("target", 150)
    assert parse_override("target=+150") == ("target", 150)
    assert parse_override("hand_size={2: 7, 3: 5, 4: 5}") == ("hand_size", {2: 7, 3: 5, 4: 5})
    assert parse_override("voluntary_draw=true") == ("voluntary_draw", True)
    assert parse_override("play_score_cap=null") == ("play_score_cap", None)
    assert parse_override("play_score_cap=") == ("play_score_cap", None)
    assert parse_override("description=2026-12-01") == ("description", "2026-12-01")  # not a date


def test_the_record_target_tag_with_a_leading_zero(tmp_path):
    path = record_in(tmp_path, '[Target "0150"]')
    assert rules_of(path).target == 150


# -- a record's rule file stays in the record's folder --------------------------------------------


def test_a_record_cannot_name_a_rule_file_outside_its_folder(tmp_path):
    (tmp_path / "outside.yaml").write_text("base: allfives\ntarget: 99\n", encoding="utf-8")
    folder = tmp_path / "records"
    folder.mkdir()
    path = record_in(folder, '[Rules "../outside.yaml"]')
    with pytest.raises(RuleError, match="in its own folder only; this one lies outside it"):
        rules_of(path)
    # ... unless the user allows that folder
    assert rules_of(path, rules_dirs=[tmp_path]).target == 99


def test_a_record_cannot_name_an_absolute_rule_file(tmp_path):
    path = record_in(tmp_path, '[Rules "/etc/passwd.yaml"]')
    with pytest.raises(RuleError, match="not an absolute path"):
        rules_of(path)


def test_a_base_chain_cannot_leave_the_folder(tmp_path):
    (tmp_path / "outside.yaml").write_text("base: allfives\n", encoding="utf-8")
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "house.yaml").write_text("base: ../outside.yaml\n", encoding="utf-8")
    path = record_in(folder, '[Rules "house.yaml"]')
    with pytest.raises(RuleError, match="outside.yaml: a record may name a rule file in its own folder only"):
        rules_of(path)


def test_a_link_out_of_the_folder_is_followed_and_refused(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("base: allfives\n", encoding="utf-8")
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "house.yaml").symlink_to(secret)
    path = record_in(folder, '[Rules "house.yaml"]')
    with pytest.raises(RuleError, match="lies outside it"):
        rules_of(path)


def test_a_missing_rule_file_is_not_looked_for_in_the_working_folder(tmp_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    (work / "house.yaml").write_text("base: allfives\ntarget: 99\n", encoding="utf-8")
    monkeypatch.chdir(work)
    folder = tmp_path / "records"
    folder.mkdir()
    path = record_in(folder, '[Rules "house.yaml"]')
    with pytest.raises(RuleError, match="house.yaml: no such rule file"):
        rules_of(path)


def test_a_rule_file_named_by_a_record_is_never_quoted(tmp_path):
    (tmp_path / "house.yaml").write_text("base: allfives\npip_rounding: hunter2-secret\n", encoding="utf-8")
    path = record_in(tmp_path, '[Rules "house.yaml"]')
    with pytest.raises(RuleError) as caught:
        rules_of(path)
    message = str(caught.value)
    assert "house.yaml:2:1: pip_rounding" in message
    assert "hunter2" not in message


def test_a_rule_file_the_user_names_is_quoted_to_help(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("base: allfives\npip_rounding: nearst\n", encoding="utf-8")
    with pytest.raises(RuleError, match="not 'nearst'"):
        load(path)


def test_the_audit_of_a_record_naming_a_file_outside_says_so_and_exits_2(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    (tmp_path / "outside.yaml").write_text("base: allfives\n", encoding="utf-8")
    path = record_in(folder, '[Rules "../outside.yaml"]')
    result = run("audit", str(path))
    assert result.exit_code == 2
    assert "own folder only" in result.stderr


def test_the_shipped_presets_still_load():
    for name in rulesmod.preset_names():
        assert load(name).name == name
