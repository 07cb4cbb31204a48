"""``audit --rules A --rules B``: the file line names the findings under each rule set and is
never "clean" while another rule set finds something (the exit code is then 1)."""

from __future__ import annotations

import json

from tests.cli_run import run

# A single play under All Fives: the lead 5-5 counts 10 and A claims 10. Pontos plays with
# four seats (replay/presets/pontos.yaml: players [4]), so the same record has findings there.
RECORD = '[Event "x"]\n[Rules "allfives"]\n[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 5-5 +10\n'


def test_clean_under_one_and_not_the_other(tmp_path):
    path = tmp_path / "one.mgn"
    path.write_text(RECORD)
    alone = run("audit", str(path), "--rules", "allfives")
    assert alone.exit_code == 0 and alone.output.rstrip().endswith("1 record, clean")
    result = run("audit", str(path), "--rules", "allfives", "--rules", "pontos")
    assert result.exit_code == 1
    last = result.output.rstrip().splitlines()[-1]
    assert last.startswith(f"{path}: 1 record, clean under allfives, ")
    assert "under pontos" in last and "finding" in last.split("clean under allfives, ")[1]
    assert not last.endswith(", clean")


def test_the_summary_says_which_rule_set_it_counts(tmp_path):
    for name in ("one.mgn", "two.mgn"):
        (tmp_path / name).write_text(RECORD)
    result = run("audit", str(tmp_path), "--rules", "allfives", "--rules", "pontos")
    assert "summary (under the first rule set, allfives): 2 records in 2 files" in result.output
    data = json.loads(run("audit", str(tmp_path), "--rules", "allfives", "--rules", "pontos", "--format", "json").output)
    assert data["summary"]["rules"] == "allfives"
    single = json.loads(run("audit", str(tmp_path), "--format", "json").output)
    assert "rules" not in single["summary"]


def test_rules_says_it_replaces_the_records_tags_and_does(tmp_path):
    """--rules replaces the record's [Target] and [Set] tags too, as its help says: a record
    playing All Fives to 10 has won at its first play (the lead 5-5 counts 10), so B's 5-0 (5-5 and 0: 10) comes after the game's end; under --rules allfives it does not."""
    for command in ("audit", "analyze", "replay", "render", "view"):
        assert "replaces the record's [Rules], [Target] and [Set] tags" in " ".join(run(command, "--help").output.split()), command
    path = tmp_path / "short.mgn"
    path.write_text(RECORD.replace('[Rules "allfives"]', '[Rules "allfives"]\n[Set target "10"]') + "B 5-0 r +10\n")
    own = run("audit", str(path))
    assert "play-after-game-end" in own.output
    replaced = run("audit", str(path), "--rules", "allfives")
    assert "play-after-game-end" not in replaced.output and replaced.exit_code == 0, replaced.output
