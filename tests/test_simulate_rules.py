"""``muggins simulate`` writes the rules it played under into every record it writes (hardening,
records misread): ``--set`` overrides as ``[Set]`` tags, and a rule file as the preset
it starts from plus ``[Set]`` tags, so the record audits clean wherever it is copied, with no
rule file beside it."""

from __future__ import annotations

import json
from pathlib import Path

from muggins.notation.parser import parse_record
from muggins.replay import rules as rulesmod
from muggins.replay.resolve import rule_tags, rules_for
from tests.cli_run import run


def _played_rules(text: str, folder: Path):
    record = parse_record(text.split("\n\n[Event")[0] if text.count("[Event") > 1 else text, source=str(folder / "x.mgn"))
    return record, rules_for(record, base_dir=folder)


def _same_parameters(a: rulesmod.RuleSet, b: rulesmod.RuleSet) -> bool:
    left, right = a.to_mapping(), b.to_mapping()
    for words in ("name", "description"):
        left.pop(words), right.pop(words)
    return left == right


def test_every_preset_is_given_by_its_name_alone():
    for name in rulesmod.preset_names():
        assert rule_tags(rulesmod.load(name)) == [("Rules", None, name)]


def test_set_overrides_are_written_and_the_game_audits_clean(tmp_path):
    out = tmp_path / "games.mgn"
    result = run("simulate", "--rules", "pontos", "--set", "target=50", "--set", "muggins=lost", "--seed", "3", "--games", "2", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text()
    # pontos plays to 100 with Muggins calls allowed (replay/presets/pontos.yaml): both differ.
    assert text.count('[Set target "50"]') == 2 and text.count('[Set muggins "lost"]') == 2
    assert text.count('[Rules "pontos"]') == 2
    wanted = rulesmod.with_overrides(rulesmod.load("pontos"), [("target", 50), ("muggins", "lost")])
    record, read = _played_rules(text, tmp_path)
    assert _same_parameters(read, wanted)
    audit = run("audit", str(out), "--format", "json")
    assert audit.exit_code == 0, audit.output
    records = [r for f in json.loads(audit.output)["files"] for r in f["records"]]
    assert len(records) == 2 and all(r["clean"] for r in records)


def test_a_rule_file_is_written_as_its_preset_and_changes(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("base: allfives\ntarget: 100\nhand_size: 6\n")
    out = tmp_path / "elsewhere" / "game.mgn"
    out.parent.mkdir()
    result = run("simulate", "--rules", str(house), "--seed", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert '[Rules "house"]' not in text  # no house.yaml beside the record: it could not be read
    assert '[Rules "allfives"]' in text and '[Set target "100"]' in text and '[Set hand_size "6"]' in text
    record, read = _played_rules(text, out.parent)
    assert _same_parameters(read, rulesmod.load(str(house)))
    audit = run("audit", str(out))
    assert audit.exit_code == 0, audit.output
