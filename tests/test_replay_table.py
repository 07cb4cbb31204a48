"""A table the rules do not allow is reported once (``table-rules``) and the game has no target:
a pontos record with no seats ended in ``ValueError: max() arg is an empty sequence`` (the
target of 100 is checked at the end of each hand, over the scores of no sides at all) in the
audit, the analysis and every command that replays it (exit 70), where allfives, whose target
is one per player count and none for 0 players, gave the clean finding."""

from __future__ import annotations

import io

import pytest

import muggins
from cli_run import run
from muggins.replay.replayer import Game
from muggins.replay.rules import load, preset_names
from muggins.replay.target import Target

#: A rule set whose one target is checked once a hand is over, as pontos's is (pontos.yaml:
#: target 100, target_check end_of_hand), under a preset that would check it in play.
AFTER_HAND = '[Target "100"]\n[Set target_check "end_of_hand"]\n'


def _record(text: str) -> muggins.Record:
    (record,) = muggins.read_records(io.StringIO(text))
    assert isinstance(record, muggins.Record)
    return record


def _allowed(preset: str) -> str:
    # replay/presets/*.yaml, players: pontos [4]; every other preset [2, 3, 4] (allfives-five and
    # allfives-seven-five by their base, allfives).
    return "4" if preset == "pontos" else "2, 3, 4"


@pytest.mark.parametrize("tags", ["", AFTER_HAND], ids=["preset", "target-after-hand"])
@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("body", ["\nhand 1\n", "\nhand 1\nblocked\nhand 2\n"], ids=["one-hand", "two-hands"])
def test_no_seats_is_the_table_finding_alone_under_every_preset(preset, tags, body):
    record = _record(f'[Rules "{preset}"]\n{tags}{body}')
    report = muggins.audit_record(record)
    players = [str(f.message) for f in report.findings if f.rule == "players"]
    assert players == [f"0 players: the rules allow {_allowed(preset)} (parameter players)"]
    assert {f.code for f in report.findings} == {"table-rules"}
    assert report.winner is None
    assert muggins.analyze_record(record).figures == ()  # no seat, no player to judge
    last = record.hands[-1].number
    game, state = muggins.replay_to(record, last, 0)
    assert game.scores == {} and not game.over


def test_the_pontos_record_of_the_report():
    record = _record('[Rules "pontos"]\n\nhand 1\n')
    assert [(f.code, f.rule, str(f.message)) for f in muggins.audit_record(record).findings] == [
        ("table-rules", "players", "0 players: the rules allow 4 (parameter players)"),
        ("table-rules", "partnerships", "the rules require two partnerships (parameter partnerships)"),
    ]


def test_a_table_the_rules_do_not_allow_has_no_target_and_one_they_allow_keeps_it():
    pontos = load("pontos")
    assert Target.of(pontos, 4).points == 100  # pontos.yaml: target 100
    assert Target.of(pontos, 4).checked_after_hand
    for unusable in (Target.of(pontos, 0, table_allowed=False), Target.of(pontos, 2, table_allowed=False)):
        assert unusable.points is None and not unusable.checked_after_hand and unusable.wins_at is None
        assert unusable.after_hand({}) == (False, None)
    four = _record('[Rules "pontos"]\n[Seat N "n"]\n[Seat E "e"]\n[Seat S "s"]\n[Seat W "w"]\n[Team NS "N S"]\n[Team EW "E W"]\n')
    assert Game(four, pontos).target == 100
    two = _record('[Rules "pontos"]\n[Seat A "a"]\n[Seat B "b"]\n')
    assert Game(two, pontos).target is None  # two seats, no partnerships: two table-rules findings


@pytest.mark.parametrize(
    "command",
    [["audit"], ["analyze", "--budget", "0"], ["check"], ["replay"], ["replay", "--hand", "1", "--turn", "0"], ["render", "-o", "OUT"]],
    ids=["audit", "analyze", "check", "replay", "replay-turn", "render"],
)
def test_the_commands_say_the_table_and_exit_1_as_for_any_finding(tmp_path, command):
    path = tmp_path / "noseats.mgn"
    path.write_text('[Rules "pontos"]\n\nhand 1\n', encoding="utf-8")
    args = [str(tmp_path / "out.svg") if a == "OUT" else a for a in command]
    result = run(args[0], str(path), *args[1:])
    assert "internal error" not in result.output + result.stderr
    assert result.exit_code == 1, result.output + result.stderr  # problems in the record, not 70
    # analyze names the record's rule errors and sends to the audit (cli/analyze.py); the others
    # say the table's two findings.
    said = "breaks the rules of play (2 errors)" if command[0] == "analyze" else "0 players: the rules allow 4 (parameter players)"
    assert said in result.output + result.stderr


@pytest.mark.parametrize(
    "seats, said",
    [
        # English: one player, any other count players (0 included); allfives allows 2, 3, 4.
        (1, "1 player: the rules allow 2, 3, 4 (parameter players)"),
        (5, "5 players: the rules allow 2, 3, 4 (parameter players)"),
    ],
)
def test_the_player_count_is_said_in_the_singular_for_one(seats, said):
    """It said "1 players": the message was one text for every count, not i18n.plural's two."""
    assert load("allfives").check_table(seats, False) == [said]
    names = "".join(f'[Seat {chr(65 + i)} "P{i}"]\n' for i in range(seats))
    record = _record(f'[Rules "allfives"]\n{names}\nhand 1\n')
    assert [str(f.message) for f in muggins.audit_record(record).findings if f.rule == "players"] == [said]
