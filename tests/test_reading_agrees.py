"""Every command reads a record the same way: what the text alone shows (notation/checks.py) is
noted where records are read, so ``check``, ``audit``, ``analyze``, ``replay``, ``render`` and
``view`` report the same finding and exit with the same code (1: a problem in the record).

Before, only ``check`` ran these checks: team-overlap.mgn was "clean" for ``audit``. The
expected findings are worked out by hand from the files (``why``), not taken from the output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import run

ROOT = Path(__file__).resolve().parents[1]
TEAM_OVERLAP = ROOT / "tests" / "catalogue" / "team-overlap.mgn"

# (file text, rendered finding). team-overlap.mgn with one score-sheet hand added, so that
# replay and render have a position to show: line 7, [Team EW "E S"], puts S in a second team.
WITH_A_HAND = TEAM_OVERLAP.read_text(encoding="utf-8") + "\nhand 1\nN +10\n"
OVERLAP = ":7:1: error[team-overlap]: seat S is in team NS and in team EW"
# A claim (line 6, turn 1 of hand 1) in a record whose [Claims "none"] says none were written.
CLAIMS_NONE = '[Claims "none"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 5-5 +10\nB 5-0 r\n'
CLAIM = ":6:1: warning[claims-none]: hand 1, turn 1: a claim in a record whose [Claims \"none\"] tag says claims were not written down"

COMMANDS = [("check",), ("audit",), ("analyze", "--budget", "0"), ("replay",), ("render",), ("view",)]


@pytest.mark.parametrize("text,finding", [(WITH_A_HAND, OVERLAP), (CLAIMS_NONE, CLAIM)], ids=["team-overlap", "claims-none"])
def test_every_command_reports_the_text_s_finding_and_exits_1(tmp_path, text, finding):
    path = tmp_path / "record.mgn"
    path.write_text(text, encoding="utf-8")
    for command in COMMANDS:
        result = run(command[0], str(path), *command[1:])
        assert result.exit_code == 1, (command, result.stdout, result.stderr)
        if command[0] == "audit":  # the audit lists it among its findings
            code = finding.split("[")[1].split("]")[0]
            assert code in result.stdout and "1 finding" in result.stdout, result.stdout
        else:
            assert f"{path}{finding}" in result.stderr, (command, result.stderr)


def test_the_catalogue_s_team_overlap_file_is_not_clean_for_any_command():
    """The file itself has no hand: replay and render, which show hand 1, cannot (exit 2, as
    for any record without that hand), but they too say what is wrong with its text first."""
    expected = {"check": 1, "audit": 1, "analyze": 1, "view": 1, "replay": 2, "render": 2}
    for command in COMMANDS:
        result = run(command[0], str(TEAM_OVERLAP), *command[1:])
        assert result.exit_code == expected[command[0]], command
        if command[0] != "audit":
            assert f"{TEAM_OVERLAP}{OVERLAP}" in result.stderr, command
    audit = run("audit", str(TEAM_OVERLAP), "--format", "json")
    assert '"code": "team-overlap"' in audit.stdout and '"clean": false' in audit.stdout
