"""The analysis beside the board (``muggins view --analyze`` / ``--analysis FILE.json``), read as data.

The figures must be the analysis' own: the page's alternatives are compared with what ``muggins
analyze --format json`` writes for the same options. The graph's hand outcomes and the points
earned before each play come from the hand-worked oracle samples/allfives-2p.oracle.yaml; only
the move values themselves are taken from the analysis. What the page does in a browser is in
tests/browser/test_analysis_browser.py.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml
from cli_run import run

from muggins.analysis.analyze import Judging, analyze_record, to_json
from muggins.notation.parser import parse_record, read_file
from muggins.pictures.viewer import viewer_html
from muggins.pictures.viewer_analysis import AnalysisMismatch, matching_entry, record_entries
from muggins.pictures.viewer_data import viewer_data
from muggins.replay.resolve import rules_for

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
PONTOS = ROOT / "samples" / "pontos-4p.mgn"
SEVERAL = ROOT / "samples" / "several-records.mgn"
ORACLE = yaml.safe_load((ROOT / "samples" / "allfives-2p.oracle.yaml").read_text(encoding="utf-8"))


def sample():
    return next(iter(read_file(SAMPLE)))


def embedded(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="muggins-data">(.*?)</script>', html, re.S).group(1))


def analysis_json(tmp_path: Path, name: str, *args: str, source: Path = SAMPLE) -> Path:
    out = tmp_path / name
    result = run("analyze", str(source), "--format", "json", "-o", str(out), *args)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> dict[str, Path]:
    """``muggins analyze --format json`` of the sample on each view (few samples: quick; a
    solver budget no solve here reaches, so that a loaded machine cuts none short and the
    view's own analysis has the same figures)."""
    folder = tmp_path_factory.mktemp("analysis")
    return {
        "expected": analysis_json(folder, "expected.json", "--samples", "8", "--seed", "3", "--budget", "60"),
        "open-cards": analysis_json(folder, "open.json", "--view", "open-cards", "--samples", "8", "--seed", "3", "--budget", "60"),
    }


def entry(path: Path, index: int = 0) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))["records"][index]


def view(tmp_path: Path, *args: str, source: Path = SAMPLE):
    out = tmp_path / "game.html"
    result = run("view", str(source), "-o", str(out), *args)
    return result, (embedded(out.read_text(encoding="utf-8")) if out.exists() else None)


def test_view_analyze_shows_the_figures_analyze_writes(tmp_path, written):
    result, data = view(tmp_path, "--analyze", "--samples", "8", "--seed", "3", "--budget", "60")
    assert result.exit_code == 1  # the sample's audit has findings, as without --analyze
    analysis = data["analysis"]
    assert analysis["verdict"] == "expected" and analysis["views"] == ["expected", "open-cards"]
    for view_name, path in written.items():
        for d in entry(path)["decisions"]:
            hand = data["hands"][d["hand"] - 1]
            row = hand["analysis"]["decisions"][str(d["turn"])][view_name]
            assert (row["seat"], row["played"], row["best"], row["mark"], row["loss"]) == (d["seat"], d["played"], d["best"], d["mark"], d["loss"])
            assert row["options"] == [[o["move"], o["points"], o["value"], o["standard_error"]] for o in d["options"]]
    assert analysis["players"] == [{k: row[k] for k in analysis["players"][0]} for row in entry(written["expected"])["figures"]]
    assert analysis["summary"] == entry(written["expected"])["summary"]
    # The marks are in the turn list's data and the timeline's: the oracle's B 5-0 l at hand 2
    # turn 11 was written "?" by hand; what the analysis says is its own.
    marked = {(d["hand"], d["turn"]) for d in entry(written["expected"])["decisions"] if d["mark"]}
    shown = {(h["number"], int(t)) for h in data["hands"] for t, r in h["analysis"]["decisions"].items() if r["expected"]["mark"]}
    assert marked and shown == marked


def test_an_analysis_file_gives_the_same_page_as_analyze(tmp_path, written):
    _, analysed = view(tmp_path, "--analyze", "--samples", "8", "--seed", "3", "--budget", "60")
    result, taken = view(tmp_path, "--analysis", str(written["expected"]), "--analysis", str(written["open-cards"]))
    assert result.exit_code == 1 and taken == analysed


def test_the_graph_adds_the_points_earned_to_the_played_moves_value(tmp_path, written):
    # Open cards: every value exact. Points before each play and the hands' outcomes from the
    # oracle (worked by hand): hand 1 ends A 55 - B (30 - 20) = +45, hand 2 A 35 - B (15 - 70) = +90.
    result, data = view(tmp_path, "--analysis", str(written["open-cards"]))
    assert result.exit_code == 1
    assert data["analysis"]["series"] == [{"side": "A", "who": "Ana"}]
    values = {(d["hand"], d["turn"]): next(o["value"] for o in d["options"] if o["move"] == d["played"]) for d in entry(written["open-cards"])["decisions"]}
    for hand, oracle in zip(data["hands"], ORACLE["hands"]):
        points = {t["turn"]: (t["seat"], t["points"]) for t in oracle["turns"]}
        outcome = sum(p if s == "A" else -p for s, p in points.values()) + oracle["end_points"]["A"] - oracle["end_points"]["B"]
        assert hand["analysis"]["graph"]["end"] == [outcome]
        for series, step, y, mark, seat in hand["analysis"]["graph"]["points"]:
            before = sum(p if s == "A" else -p for t, (s, p) in points.items() if t < step)
            value = values[(hand["number"], step)]
            assert series == 0 and y == before + (value if seat == "A" else -value), (hand["number"], step)
        last = max(points)  # A goes out with the last play: nothing is left to choose
        assert [y for _, step, y, _, _ in hand["analysis"]["graph"]["points"] if step == last] == [outcome]
    assert [h["analysis"]["graph"]["end"][0] for h in data["hands"]] == [45, 90]
    # The game graph starts each hand from the score (oracle totals: A 55 - B 5 after hand 1).
    assert data["hands"][1]["analysis"]["graph"]["start"] == [50]
    assert data["hands"][1]["analysis"]["graph"]["after"] == [ORACLE["hands"][1]["totals"]["A"] - ORACLE["hands"][1]["totals"]["B"]]


def test_three_sides_get_a_line_each(tmp_path):
    # Record 1 of several-records: three players, nobody in pairs: each value is the mover's
    # points less both others', so each side has its own line, at its own plays.
    path = analysis_json(tmp_path, "three.json", "--view", "open-cards", "--record", "1", source=SEVERAL)
    result, data = view(tmp_path, "--analysis", str(path), source=SEVERAL)
    assert result.exit_code in (0, 1), result.output
    assert [s["side"] for s in data["analysis"]["series"]] == ["A", "B", "C"]
    seats = "ABC"
    for series, _, _, _, seat in data["hands"][0]["analysis"]["graph"]["points"]:
        assert seats[series] == seat
    # Blocked hand, each subtracts their own (-25, -10, -60); earned A 15, B 30, C 10 (the record).
    outcome = {"A": 15 - 25, "B": 30 - 10, "C": 10 - 60}
    assert data["hands"][0]["analysis"]["graph"]["end"] == [outcome[s] - sum(v for t, v in outcome.items() if t != s) for s in seats]


def test_an_analysis_of_another_record_is_refused(tmp_path, written):
    other = analysis_json(tmp_path, "pontos.json", "--budget", "0", source=PONTOS)
    result, _ = view(tmp_path, "--analysis", str(other))
    assert result.exit_code == 2 and "rules are pontos" in result.output and "another record" in result.output
    assert not (tmp_path / "game.html").exists()
    # The same game with one play changed: named where it differs.
    text = SAMPLE.read_text(encoding="utf-8").replace("B 6-4 r\n", "B 4-4 r\n", 1)
    changed = tmp_path / "changed.mgn"
    changed.write_text(text.replace("B 4-4 l +10 {Bruno counts", "B 6-4 l +10 {Bruno counts"), encoding="utf-8")
    result, _ = view(tmp_path, "--analysis", str(written["expected"]), source=changed)
    assert result.exit_code == 2 and "hand 1, turn 6" in result.output
    # Other names at the table, the same plays.
    renamed = tmp_path / "renamed.mgn"
    renamed.write_text(SAMPLE.read_text(encoding="utf-8").replace('"Bruno"', '"Bruna"'), encoding="utf-8")
    result, _ = view(tmp_path, "--analysis", str(written["expected"]), source=renamed)
    assert result.exit_code == 2 and "B Bruna" in result.output


def test_a_claim_changed_changes_the_ledger_and_is_refused(tmp_path, written):
    claimed = tmp_path / "claimed.mgn"
    claimed.write_text(SAMPLE.read_text(encoding="utf-8").replace("B 4-4 l +10", "B 4-4 l +15"), encoding="utf-8")
    result, _ = view(tmp_path, "--analysis", str(written["expected"]), source=claimed)
    assert result.exit_code == 2 and "ledger" in result.output


@pytest.mark.parametrize(
    "text, words",
    [
        ("not json {", "not JSON"),
        ('{"schema": "muggins.audit/1", "records": []}', "not a muggins analysis"),
        ('{"schema": "muggins.analyze/2", "records": []}', "holds no record"),
        ('{"schema": "muggins.analyze/2", "records": [{"rules": "allfives"}]}', "has no 'index'"),
        ("[" * 100000 + "]" * 100000, "muggins"),
    ],
)
def test_a_file_that_is_no_analysis_is_refused(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    result, _ = view(tmp_path, "--analysis", str(path))
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output


def test_wrong_types_in_an_analysis_file_are_refused(written):
    document = json.loads(written["expected"].read_text(encoding="utf-8"))
    record = sample()
    for path, value in (
        (("decisions", 0, "options", 0, "value"), "12"),
        (("decisions", 0, "mark"), "!!"),
        (("decisions", 0, "played"), "6-6 r"),
        (("figures", 0, "missed"), None),
        (("ledger", 0, "earned", "value"), 1.5),
    ):
        broken = copy.deepcopy(document)
        at = broken["records"][0]
        for key in path[:-1]:
            at = at[key]
        at[path[-1]] = value
        with pytest.raises(AnalysisMismatch):
            matching_entry(record_entries(broken), record, rules_for(record))


def test_the_record_of_the_file_is_found_among_several(tmp_path):
    path = analysis_json(tmp_path, "several.json", "--budget", "0", source=SEVERAL)
    assert [r["index"] for r in json.loads(path.read_text())["records"]] == [1, 2, 3]
    result, data = view(tmp_path, "--analysis", str(path), "--record", "2", source=SEVERAL)
    assert result.exit_code in (0, 1), result.output
    assert data["analysis"]["players"][0]["player"] == "Ana" and data["meta"]["rules"] == "scorecard"


@pytest.mark.parametrize(
    "args, words",
    [
        (("--samples", "8"), "only with --analyze"),
        (("--view", "expected"), "only with --analyze"),
        (("--analyze", "--view", "sideways"), "--view: one of"),
        (("--analyze", "--as", "A", "--view", "open-cards"), "--as shows what one player"),
        (("--analysis", "missing.json"), "no such file"),
        (("--analysis", "."), "not a file but a folder"),
    ],
)
def test_unusable_options_exit_2(tmp_path, args, words):
    result, _ = view(tmp_path, *args)
    assert result.exit_code == 2 and words in result.output


def test_analyze_and_an_analysis_file_are_one_or_the_other(tmp_path, written):
    result, _ = view(tmp_path, "--analyze", "--analysis", str(written["expected"]))
    assert result.exit_code == 2 and "one or the other" in result.output
    result, _ = view(tmp_path, "--analysis", str(written["expected"]), "--analysis", str(written["expected"]))
    assert result.exit_code == 2 and "at most one per view" in result.output


def test_one_seats_view_shows_its_own_decisions_and_no_comments(tmp_path, written):
    result, data = view(tmp_path, "--as", "B", "--analysis", str(written["expected"]), "--analysis", str(written["open-cards"]))
    assert result.exit_code == 1
    analysis = data["analysis"]
    assert analysis["views"] == ["expected"] and "only B's own decisions" in analysis["hidden"]
    rows = [r for h in data["hands"] for r in h["analysis"]["decisions"].values()]
    assert rows and all(list(r) == ["expected"] and r["expected"]["seat"] == "B" for r in rows)
    assert all(p[4] == "B" for h in data["hands"] for p in h["analysis"]["graph"]["points"])
    assert [p["player"] for p in analysis["players"]] == ["Bruno"] and analysis["summary"] is None
    # The record's comments are not in the page at all: one names what Bruno counted, and a
    # comment could as well name a tile B never saw.
    html = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert data["comments"] == [] and data["comments_hidden"] is True
    assert all(h["comments"] == [] and all(t["comments"] == [] for t in h["turns"]) for h in data["hands"])
    for comment in ("Bruno counts 8 + 1 + 6", "the spinner, led alone", "Ana leads, chosen by lot", "written from the score sheet"):
        assert comment not in html
    # Without --as they are there.
    _, everyone = view(tmp_path)
    assert everyone["comments_hidden"] is False and everyone["hands"][0]["turns"][9]["comments"] == ["{Bruno counts 8 + 1 + 6 and says ten}"]


def test_one_seats_view_refuses_an_open_cards_analysis_alone(tmp_path, written):
    result, _ = view(tmp_path, "--as", "B", "--analysis", str(written["open-cards"]))
    assert result.exit_code == 2 and "open-cards analysis is worked out from every hand" in result.output


def test_view_analyze_as_a_seat_works_out_the_expected_view_only(tmp_path):
    result, data = view(tmp_path, "--analyze", "--samples", "4", "--as", "A")
    assert result.exit_code == 1 and data["analysis"]["views"] == ["expected"]
    assert {r["expected"]["seat"] for h in data["hands"] for r in h["analysis"]["decisions"].values()} == {"A"}


def test_text_in_an_analysis_file_is_escaped_in_the_page(written):
    record = sample()
    rules = rules_for(record)
    found = matching_entry(record_entries(json.loads(written["expected"].read_text())), record, rules)
    found["decisions"][5]["note"] = "</script><script>alert(1)</script>"
    found["decisions"][5]["stopped"] = "<img src=x onerror=alert(2)>"
    html = viewer_html(record, rules, "game.mgn", analysis={"expected": found})
    assert "alert(1)</script>" not in html and "<img" not in html
    assert len(re.findall(r"<script\b", html)) == 3  # the data, the words (JSON, never run), the script
    assert embedded(html)["hands"][0]["analysis"]["decisions"]["6"]["expected"]["note"] == "</script><script>alert(1)</script>"


def test_the_same_analysis_gives_the_same_page(written):
    record = sample()
    rules = rules_for(record)
    found = matching_entry(record_entries(json.loads(written["expected"].read_text())), record, rules)
    assert viewer_html(record, rules, "g", analysis={"expected": found}) == viewer_html(record, rules, "g", analysis={"expected": found})


def test_a_page_without_an_analysis_says_so_in_its_data():
    record = sample()
    data = viewer_data(record, rules_for(record), "game.mgn")
    assert data["analysis"] is None and all("analysis" not in h for h in data["hands"])


def test_the_progress_callback_is_called_once_per_statement():
    record = sample()
    ticks = []
    analyze_record(record, rules_for(record), budget=0, judging=Judging(), progress=lambda: ticks.append(1))
    assert len(ticks) == sum(len(h.turns) for h in record.hands)


def test_a_hand_not_written_has_its_decisions_but_no_values(tmp_path):
    # B's deal is not written: B's plays list only the played tile's ends, on immediate points.
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace("deal B 6-4 6-1 5-2 4-4 4-2 3-3 3-2 1-0 0-0\n", "deal B ?\n").replace(
        "boneyard 2-2 2-1 6-3 1-1 2-0 4-1 6-2 5-3 5-0 6-6\n", ""
    )
    record = parse_record(text, "hidden.mgn")
    rules = rules_for(record)
    found = to_json(analyze_record(record, rules, budget=1.0, judging=Judging("open-cards")))
    data = viewer_data(record, rules, "hidden.mgn", analysis={"open-cards": found})
    rows = data["hands"][0]["analysis"]["decisions"]
    assert rows["2"]["open-cards"]["hand_known"] is False
    assert all(p[4] != "B" for p in data["hands"][0]["analysis"]["graph"]["points"])
