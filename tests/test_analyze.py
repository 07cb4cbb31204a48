"""``muggins analyze``: many records, --jobs, --annotate, the machine formats and exit codes."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from dataclasses import fields, is_dataclass, replace
from pathlib import Path

import pytest
from cli_run import run

from muggins.analysis.analyze import SUMMARY_COLUMNS, analyze_record, combine
from muggins.notation.compare import strip_positions
from muggins.notation.formatter import format_records
from muggins.notation.model import Play, Record, Tile
from muggins.notation.parser import read_file
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
GOOD_SAMPLES = ("allfives-2p.mgn", "scorecard-4p-partners.mgn", "several-records.mgn")



@pytest.fixture
def samples(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    for name in GOOD_SAMPLES:
        shutil.copy(SAMPLES / name, folder / name)
    return folder


@pytest.fixture
def simulated(tmp_path):
    """Six simulated two-player games with forgotten claims, in one file."""
    path = tmp_path / "sim.mgn"
    path.write_text(format_records(simulate(load("allfives"), 11, 6, Options(players=2, forget=0.3))), encoding="utf-8")
    return path


# --- the command line ---------------------------------------------------------------------------


def test_help():
    result = run("analyze", "--help")
    assert result.exit_code == 0
    for option in ("--budget", "--jobs", "--sort", "--format", "--annotate", "--output-dir"):
        assert option in result.stdout


def test_clean_records_exit_0_and_show_the_tables(samples):
    result = run("analyze", str(samples / "allfives-2p.mgn"), "--budget", "0")
    assert result.exit_code == 0
    assert "Muggins ledger" in result.stdout and "players across all records" in result.stdout
    assert "\x1b[" not in result.stdout  # no colour off a terminal
    # The two worked losses of samples/allfives-2p.md: hand 2 turn 11, 5-0 l where r made 10.
    assert "5-0 r +10" in result.stdout


def test_a_folder_is_every_record_in_it(samples):
    result = run("analyze", str(samples), "--budget", "0", "--format", "json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    # allfives-2p 1 record, scorecard-4p-partners 1, several-records 3.
    assert len(document["records"]) == 5
    assert [Path(r["file"]).name for r in document["records"]] == sorted(
        ["allfives-2p.mgn", "scorecard-4p-partners.mgn"] + ["several-records.mgn"] * 3
    )


def test_json_follows_the_schema(samples):
    result = run("analyze", str(samples / "scorecard-4p-partners.mgn"), "--budget", "0", "--format", "json")
    document = json.loads(result.stdout)
    assert document["schema"] == "muggins.analyze/2"
    (record,) = document["records"]
    assert record["thresholds"] == {"??": 20, "?": 10, "?!": 5}
    ledger = {(line["who"], line["hand"]): line for line in record["ledger"]}
    # Hand 1: E's unclaimed 15 at turn 7, taken by S's call at turn 8 (samples/scorecard-4p-partners.md).
    assert ledger[("E", None)]["muggins_lost"] == {"value": 15, "turns": [[1, 7], [1, 8]]}
    assert ledger[("NS", None)]["end_points"]["value"] == 75
    decision = next(d for d in record["decisions"] if (d["hand"], d["turn"]) == (1, 9))
    # S's 6-2 l made 5; 6-5 on the spinner's u branch made 12 + 3 + 5 = 20: 15 lost, "?".
    assert (decision["played"], decision["best"], decision["loss"], decision["mark"], decision["basis"]) == ("6-2 l", "6-5 u", 15, "?", "immediate")
    players = {row["player"]: row for row in document["players"]}
    assert set(players) == {"Nora", "Emil", "Sara", "Walt"}
    assert players["Emil"]["muggins_lost"] == 15 and players["Sara"]["muggins_gained"] == 15


def test_csv_is_the_players_table(samples):
    result = run("analyze", str(samples), "--budget", "0", "--format", "csv", "--sort", "missed")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert tuple(rows[0]) == SUMMARY_COLUMNS
    missed = [int(row[SUMMARY_COLUMNS.index("missed")]) for row in rows[1:]]
    assert missed == sorted(missed, reverse=True)
    # Players are identified by name across records: Ana plays in three of the five records.
    ana = next(row for row in rows[1:] if row[0] == "Ana")
    assert ana[SUMMARY_COLUMNS.index("records")] == "3"


def test_an_unknown_sort_column_is_unusable(samples):
    result = run("analyze", str(samples), "--sort", "nonsense")
    assert result.exit_code == 2


def test_a_broken_file_gives_2_and_no_traceback(samples, tmp_path):
    broken = tmp_path / "broken.mgn"
    broken.write_text('[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\nB 4/1 r\n', encoding="utf-8")
    result = run("analyze", str(broken), str(samples / "allfives-2p.mgn"), "--budget", "0")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "broken.mgn:6:" in result.output  # file, line (and column) of the problem
    assert "allfives-2p.mgn" in result.stdout  # the good file is still analysed


def test_a_missing_file_gives_2():
    assert run("analyze", "no-such-file.mgn").exit_code == 2


def test_a_record_breaking_the_rules_gives_1():
    result = run("analyze", str(SAMPLES / "bad" / "wrong-end.mgn"), "--budget", "0")
    assert result.exit_code == 1


def test_jobs_2_gives_the_same_output_as_jobs_1(simulated):
    one = run("analyze", str(simulated), "--budget", "0", "--format", "json", "--jobs", "1")
    two = run("analyze", str(simulated), "--budget", "0", "--format", "json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    text_one = run("analyze", str(simulated), "--budget", "0", "--jobs", "1")
    text_two = run("analyze", str(simulated), "--budget", "0", "--jobs", "2")
    assert text_one.stdout == text_two.stdout


def test_simulated_forgetting_shows_in_the_players_table(simulated):
    # Every play written without a claim in the simulated file is a forgotten score; its points
    # are worked out here from the records themselves, replayed on a bare Board.
    from muggins.replay.board import Board
    from muggins.replay.scoring import play_points

    rules = load("allfives")
    forgotten = 0
    for record in read_file(simulated):
        for hand in record.hands:
            board = Board(rules)
            for turn in hand.turns:
                if type(turn) is Play:
                    board.play(turn.tile, turn.end, turn.inline)
                    if turn.claim is None:
                        forgotten += play_points(board.total(), rules)
    assert forgotten > 0
    document = json.loads(run("analyze", str(simulated), "--budget", "0", "--format", "json").stdout)
    assert sum(row["unclaimed"] for row in document["players"]) == forgotten


# --- --annotate -----------------------------------------------------------------------------------


def _without_notes(value):
    """A record with every mark and comment removed: what annotation may change."""
    if isinstance(value, tuple):
        return tuple(_without_notes(item) for item in value)
    if isinstance(value, Tile) or not is_dataclass(value):
        return value
    changes = {f.name: _without_notes(getattr(value, f.name)) for f in fields(value)}
    if "comments" in changes:
        changes["comments"] = ()
    if "mark" in changes:
        changes["mark"] = None
    return replace(value, **changes)


def test_annotate_writes_a_new_file_that_reads_back(samples):
    original_text = (samples / "allfives-2p.mgn").read_text(encoding="utf-8")
    result = run("analyze", str(samples), "--budget", "0", "--annotate")
    assert result.exit_code == 0
    assert (samples / "allfives-2p.mgn").read_text(encoding="utf-8") == original_text  # never overwritten
    for name in GOOD_SAMPLES:
        annotated_path = samples / name.replace(".mgn", ".annotated.mgn")
        originals = list(read_file(samples / name))
        annotated = list(read_file(annotated_path))
        assert all(isinstance(r, Record) for r in annotated), annotated
        assert len(annotated) == len(originals)
        for before, after in zip(originals, annotated):
            assert strip_positions(_without_notes(after)) == strip_positions(_without_notes(before))
    # allfives-2p hand 2 turn 11: B's 5-0 l gets "?" and the best move as a comment.
    (after,) = read_file(samples / "allfives-2p.annotated.mgn")
    play = after.hands[1].turns[10]
    assert play.mark == "?"
    assert "{best 5-0 r: +10, played +0 (immediate points only)}" in play.comments
    assert play.comments[0] == "{on r or u it would have made 10, on the down branch 5}"  # the writer's comment kept


def test_annotate_writes_the_audit_findings_beside_their_statements(samples):
    # samples/allfives-2p.md works these out by hand: hand 1 turn 10 B's 4-4 claimed 10 of 15;
    # hand 2 turn 5 A's 5-5 claimed 20 of 15; hand 2's totals line: B's -40 does not add up, and
    # both totals are wrong (each following from the mistake before it).
    run("analyze", str(samples / "allfives-2p.mgn"), "--budget", "0", "--annotate")
    (after,) = read_file(samples / "allfives-2p.annotated.mgn")
    first, second = after.hands
    assert any(c.startswith("{audit under-claim: B claimed 10 for 4-4, which scores 15") for c in first.turns[9].comments)
    assert any(c.startswith("{audit over-claim: A claimed 20 for 5-5") for c in second.turns[4].comments)
    codes = [c.split(":")[0] for c in second.totals.comments if c.startswith("{audit")]
    assert codes == ["{audit total-arithmetic", "{audit total-wrong", "{audit total-wrong"]
    assert "(follows from hand 2, turn 5: over-claim)" in second.totals.comments[2]
    # The notes are comments only: the annotated record audits to the same findings.
    original = run("audit", str(samples / "allfives-2p.mgn"), "--format", "json")
    again = run("audit", str(samples / "allfives-2p.annotated.mgn"), "--format", "json")
    def codes_of(result):
        return [f["code"] for f in json.loads(result.stdout)["files"][0]["records"][0]["findings"]]
    assert codes_of(again) == codes_of(original) == ["under-claim", "over-claim", "total-arithmetic", "total-wrong", "total-wrong"]


def test_annotate_into_an_output_folder(samples, tmp_path):
    out = tmp_path / "out"
    result = run("analyze", str(samples / "allfives-2p.mgn"), "--budget", "0", "--annotate", "--output-dir", str(out), "--format", "json")
    assert result.exit_code == 0
    json.loads(result.stdout)  # the note about the written file goes to stderr, not into the JSON
    assert (out / "allfives-2p.annotated.mgn").is_file()
    assert not (samples / "allfives-2p.annotated.mgn").exists()


def test_output_dir_without_annotate_is_unusable(samples, tmp_path):
    assert run("analyze", str(samples), "--output-dir", str(tmp_path)).exit_code == 2


# --- the analysis object ---------------------------------------------------------------------------


def test_analyses_pickle_for_other_processes():
    import pickle

    (record,) = read_file(SAMPLES / "allfives-2p.mgn")
    analysis = analyze_record(record, load("allfives"), budget=0)
    again = pickle.loads(pickle.dumps(analysis))
    assert again == analysis


def test_players_are_added_up_by_name():
    records = list(read_file(SAMPLES / "several-records.mgn"))
    analyses = [analyze_record(r, load(r.tag("Rules")), budget=0, index=i) for i, r in enumerate(records, 1)]
    rows = {row.player: row for row in combine(analyses)}
    # Ana and Bruno play records 1 and 2; Carla only record 1; the pontos table is Nina, Wagner,
    # Sofia, Edu. Hands: one per record.
    assert (rows["Ana"].records, rows["Ana"].hands) == (2, 2)
    assert (rows["Carla"].records, rows["Carla"].hands) == (1, 1)
    assert set(rows) == {"Ana", "Bruno", "Carla", "Nina", "Wagner", "Sofia", "Edu"}
    # Record 2: A took B's forgotten 5 by calling Muggins at turn 7.
    assert rows["Ana"].muggins_gained == 5 and rows["Bruno"].muggins_lost == 5


def test_annotate_names_perfect_information(tmp_path):
    # The hand of tests/test_missed.py::OPEN_CARDS: A's last tile 6-5 on r is worth +5 with the
    # cards open (0 now, B subtracts 5), on l +15 (10 now, B subtracts 5): "?" and the comment.
    from test_missed import OPEN_CARDS

    path = tmp_path / "open.mgn"
    path.write_text(OPEN_CARDS, encoding="utf-8")
    result = run("analyze", str(path), "--budget", "5", "--annotate", "--view", "open-cards")
    assert result.exit_code == 0
    (after,) = read_file(tmp_path / "open.annotated.mgn")
    last = after.hands[0].turns[-1]
    assert last.mark == "?"
    assert last.comments == ("{best 6-5 l: +15, played +5 (perfect information)}",)


def test_annotate_names_expected_values(tmp_path):
    # The same hand judged on what A could know (the default view): A cannot see B's last tile,
    # but in every deal A goes out with 6-5 and B subtracts the same pips whichever end it took,
    # so l beats r by its 10 immediate points in every deal: a loss of 10 exactly (no standard
    # error), "?"; the values themselves are means over B's possible tiles. Sampling stops at
    # the least number of deals, 8, the answer being clear.
    from test_missed import OPEN_CARDS

    path = tmp_path / "open.mgn"
    path.write_text(OPEN_CARDS, encoding="utf-8")
    result = run("analyze", str(path), "--budget", "5", "--annotate")
    assert result.exit_code == 0
    (after,) = read_file(tmp_path / "open.annotated.mgn")
    last = after.hands[0].turns[-1]
    assert last.mark == "?"
    (comment,) = last.comments
    best, played = re.fullmatch(r"\{best 6-5 l: \+([\d.]+), played \+([\d.]+) \(expected on what the player could know, 8 samples\)\}", comment).groups()
    assert float(best) - float(played) == pytest.approx(10, abs=0.11)
