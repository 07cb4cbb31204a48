"""One seat's view (``--as SEAT``) reveals no tile of a hand that seat had not seen (issue 12 §2).

The audit's findings can name such a tile (``B drew while holding the playable 5-2``). For every
kind of finding that can, a record below triggers it; the tile must appear nowhere in what
``replay`` (text and JSON, stdout and stderr), ``render`` (the SVG and stderr) and ``view`` (the
page's data) write as the seat that had not seen it, and must appear in the finding as the whole
record shows it. The seat whose hand it is sees the finding as it is.

Each record is hand 1 of samples/allfives-2p.mgn (or a short deal of its own), cut short after
the turn that breaks the rule; the comments say why the finding names the tile it names.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_run import run

from muggins.analysis.audit import audit
from muggins.notation.model import Tile
from muggins.notation.parser import parse_record
from muggins.pictures.viewer_data import viewer_data
from muggins.pictures.withheld import findings_as_seen, seen_tiles
from muggins.replay.resolve import rules_for

TWO = '[Rules "{rules}"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\n'
THREE = '[Rules "allfives"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n[Seat C "Carla"]\n\nhand 1\n'
DEAL_A = "deal A 6-5 6-0 5-5 5-4 5-1 4-3 4-0 3-1 3-0\n"
DEAL_B = "deal B 6-4 6-1 5-2 4-4 4-2 3-3 3-2 1-0 0-0\n"
BONEYARD = "boneyard 2-2 2-1 6-3 1-1 2-0 4-1 6-2 5-3 5-0 6-6\n"
# B without its 5-2 (a 2-2 instead), the 5-2 on top of the boneyard.
DEAL_B_SHORT = "deal B 6-4 6-1 2-2 4-4 4-2 3-3 3-2 1-0 0-0\n"
BONEYARD_5_2 = "boneyard 5-2 2-1 6-3 1-1 2-0 4-1 6-2 5-3 5-0 6-6\n"
# The scorecard rules: the highest double leads the first hand, and is led (7 tiles each).
DEALT_66 = "deal A 6-6 6-0 5-4 5-1 4-3 4-0 3-1\ndeal B 5-5 6-1 5-2 4-4 4-2 3-3 3-2\nboneyard 2-2 2-1 6-3 1-1 2-0 4-1 6-2 5-3 5-0 6-4 6-5 3-0 1-0 0-0\n"

#: (finding's code, record, the seat that must not see the tile, the tile, the seat whose tile it is)
CASES = [
    # A leads the 5-5; B holds the 5-2, which fits, and draws instead.
    ("draw-while-playable", TWO.format(rules="allfives") + DEAL_A + DEAL_B + BONEYARD + "lead A\nA 5-5 +10\nB draw 2-2\n", "A", "5-2", "B"),
    # The same, B passes.
    ("pass-while-playable", TWO.format(rules="allfives") + DEAL_A + DEAL_B + BONEYARD + "lead A\nA 5-5 +10\nB pass\n", "A", "5-2", "B"),
    # B draws the 5-2, which fits the 5-5, and passes instead of playing it.
    ("drawn-tile-not-played", TWO.format(rules="allfives") + DEAL_A + DEAL_B_SHORT + BONEYARD_5_2 + "lead A\nA 5-5 +10\nB draw 5-2\nB pass\n", "A", "5-2", "B"),
    # B draws the 5-2, which fits, and draws the 2-1 after it.
    ("drew-past-playable", TWO.format(rules="allfives") + DEAL_A + DEAL_B_SHORT + BONEYARD_5_2 + "lead A\nA 5-5 +10\nB draw 5-2 2-1\n", "A", "5-2", "B"),
    # B, with nothing to play, draws the 6-6, which is the boneyard's last tile, not its next (the 5-2).
    ("draw-wrong-tile", TWO.format(rules="allfives") + DEAL_A + DEAL_B_SHORT + BONEYARD_5_2 + "lead A\nA 5-5 +10\nB draw 6-6\n", "A", "6-6", "B"),
    # Three players: B "draws" the 6-6, which C holds.
    (
        "not-in-hand",
        THREE
        + "deal A 6-5 6-0 5-5 5-4 5-1 4-3 4-0\ndeal B 6-4 6-1 2-2 4-4 4-2 3-3 3-2\ndeal C 3-1 3-0 1-0 0-0 6-6 5-3 5-0\n"
        + "boneyard 2-1 5-2 6-3 1-1 2-0 4-1 6-2\nlead A\nA 5-5 +10\nB draw 6-6\n",
        "A",
        "6-6",
        "C",
    ),
    # The boneyard lists B's 6-4 (where the 6-6 should be).
    ("dealt-twice", TWO.format(rules="allfives") + DEAL_A + DEAL_B + BONEYARD.replace("6-6", "6-4") + "lead A\nA 5-5 +10\n", "A", "6-4", "B"),
    # B is dealt a 7-2, in a double-six set.
    ("pip-above-set", TWO.format(rules="allfives") + DEAL_A + DEAL_B.replace("5-2", "7-2") + BONEYARD + "lead A\nA 5-5 +10\n", "A", "7-2", "B"),
    # A holds the highest double, the 6-6, so A should lead; B leads.
    ("wrong-leader", TWO.format(rules="scorecard") + DEALT_66 + "lead B\nB 5-5 +10\n", "B", "6-6", "A"),
    # A leads, but the 5-4, not the 6-6 it must lead.
    ("wrong-lead-tile", TWO.format(rules="scorecard") + DEALT_66 + "lead A\nA 5-4\n", "B", "6-6", "A"),
]
IDS = [case[0] for case in CASES]


def names(tile: str) -> tuple[str, str]:
    """A tile's name both ways round (``5-2`` and ``2-5``)."""
    high, low = tile.split("-")
    return f"{high}-{low}", f"{low}-{high}"


def absent(tile: str, text: str) -> bool:
    return not any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) or f"l{name}" in text or f"s{name}" in text for name in names(tile))


def page_data(path: Path) -> dict:
    html = path.read_text(encoding="utf-8")
    return json.loads(re.search(r'<script type="application/json" id="muggins-data">(.*?)</script>', html, re.S).group(1))


def findings_of(data: dict) -> list[dict]:
    return data["findings"] + [f for hand in data["hands"] for f in hand["findings"]]


@pytest.fixture(params=CASES, ids=IDS)
def case(request, tmp_path):
    code, text, blind, tile, owner = request.param
    path = tmp_path / "game.mgn"
    path.write_text(text, encoding="utf-8")
    return code, path, blind, tile, owner


def test_each_record_triggers_its_finding_naming_the_tile(case):
    code, path, blind, tile, owner = case
    record = parse_record(path.read_text(encoding="utf-8"))
    messages = [f.message for f in audit(record, rules_for(record)).findings if f.code == code]
    assert messages and not absent(tile, " ".join(messages)), messages


def test_replay_as_the_blind_seat_never_names_the_tile(case):
    code, path, blind, tile, owner = case
    whole = run("replay", str(path), "--all")
    assert not absent(tile, whole.stderr) and code in whole.stderr
    for fmt in ("text", "json"):
        seen = run("replay", str(path), "--all", "--as", blind, "--format", fmt)
        assert seen.exit_code == 1
        assert absent(tile, seen.stdout) and absent(tile, seen.stderr), (fmt, seen.stdout, seen.stderr)
        assert code in seen.stderr and "could not see)" in seen.stderr
    assert not absent(tile, run("replay", str(path), "--all", "--format", "json").stdout)  # B's hand, face up


def test_render_as_the_blind_seat_never_names_the_tile(case, tmp_path):
    code, path, blind, tile, owner = case
    whole = run("render", str(path), "-o", str(tmp_path / "whole.svg"))
    assert not absent(tile, whole.stderr) and code in whole.stderr
    for turn in ([], ["--turn", "end"]):  # the last turn (its findings on stderr), and the hand's end
        out = tmp_path / "as.svg"
        seen = run("render", str(path), "--as", blind, *turn, "-o", str(out))
        assert seen.exit_code == 1
        assert absent(tile, out.read_text(encoding="utf-8")) and absent(tile, seen.stderr), seen.stderr
        assert code in seen.stderr and "could not see)" in seen.stderr


def test_view_as_the_blind_seat_never_names_the_tile(case, tmp_path):
    code, path, blind, tile, owner = case
    assert run("view", str(path), "-o", str(tmp_path / "whole.html")).exit_code == 1
    whole = [f["message"] for f in findings_of(page_data(tmp_path / "whole.html")) if f["code"] == code]
    assert not absent(tile, " ".join(whole))
    assert run("view", str(path), "--as", blind, "-o", str(tmp_path / "as.html")).exit_code == 1
    data = page_data(tmp_path / "as.html")
    assert absent(tile, json.dumps(data)), [f["message"] for f in findings_of(data)]
    shown = [f["message"] for f in findings_of(data) if f["code"] == code]
    assert len(shown) == len(whole) and all("could not see)" in m for m in shown)


def test_the_owner_of_the_tile_sees_the_finding_as_it_is(case):
    code, path, blind, tile, owner = case
    if code == "draw-wrong-tile":
        pytest.skip("it also names the boneyard's next tile, which nobody sees: below")
    record = parse_record(path.read_text(encoding="utf-8"))
    rules = rules_for(record)
    whole = [f for f in findings_of(viewer_data(record, rules, "game.mgn")) if f["code"] == code]
    own = [f for f in findings_of(viewer_data(record, rules, "game.mgn", as_seat=owner)) if f["code"] == code]
    assert own == whole and whole
    lines = [line for line in run("replay", str(path), "--all").stderr.splitlines() if f"[{code}]" in line]
    assert lines and set(lines) <= set(run("replay", str(path), "--all", "--as", owner).stderr.splitlines())


# -- the wording, and what counts as seen -------------------------------------------------------------


def messages(text: str, seat: str | None) -> dict[str, str]:
    record = parse_record(text)
    rules = rules_for(record)
    return {f.code: f.message for f in findings_as_seen(audit(record, rules).findings, record, rules, seat)}


def test_a_withheld_tile_is_put_in_words_and_the_message_says_so():
    text = CASES[0][1]
    assert messages(text, None)["draw-while-playable"] == "B drew while holding the playable 5-2"
    assert messages(text, "A")["draw-while-playable"] == "B drew while holding a playable tile (withheld: a tile A could not see)"
    assert messages(text, "B")["draw-while-playable"] == "B drew while holding the playable 5-2"
    lead = messages(CASES[-1][1], "B")["wrong-lead-tile"]
    assert lead == "the leader must lead a hidden tile, not 5-4 (withheld: a tile B could not see)"  # the 5-4 is on the table


def test_the_boneyard_is_nobodys_to_see():
    # B drew the 6-6 (B sees it); the next tile, the 5-2, stays in the boneyard: B never saw it.
    text = CASES[4][1]
    assert messages(text, None)["draw-wrong-tile"] == "B drew 6-6, but the next tile in the boneyard is 5-2"
    assert messages(text, "B")["draw-wrong-tile"] == "B drew 6-6, but the next tile in the boneyard is a hidden tile (withheld: a tile B could not see)"
    assert messages(text, "A")["draw-wrong-tile"] == "B drew a hidden tile, but the next tile in the boneyard is a hidden tile (withheld: 2 tiles A could not see)"


def test_a_tile_played_later_is_still_withheld_at_the_finding():
    # B draws while holding the 5-2 and plays it a turn later: at the draw, A had not seen it.
    text = CASES[0][1] + "A 6-5 l\nB 5-2 r\n"
    record = parse_record(text)
    rules = rules_for(record)
    seen = seen_tiles(record, rules, "A")
    five_two = Tile(5, 2)
    assert five_two not in seen[(1, 2)] and five_two in seen[(1, 4)]
    assert messages(text, "A")["draw-while-playable"].startswith("B drew while holding a playable tile")


def test_a_finding_of_the_deal_is_judged_on_the_deal():
    # The boneyard lists B's 5-2 too; B lays it at turn 2, but at the deal A had not seen it.
    text = TWO.format(rules="allfives") + DEAL_A + DEAL_B + BONEYARD.replace("6-6", "5-2") + "lead A\nA 5-5 +10\nB 5-2 r\n"
    assert messages(text, None)["dealt-twice"] == "5-2 is in the boneyard and also dealt to B"
    assert messages(text, "A")["dealt-twice"] == "a hidden tile is in the boneyard and also dealt to B (withheld: a tile A could not see)"


def test_a_tile_on_the_table_is_public():
    # Three players: B plays the 6-6 that C holds. Everybody saw it laid, so A's view names it.
    text = THREE + (
        "deal A 6-5 6-0 5-5 5-4 5-1 4-3 4-0\ndeal B 6-4 6-1 2-2 4-4 4-2 3-3 3-2\ndeal C 3-1 3-0 1-0 0-0 6-6 5-3 5-0\n"
        "boneyard 2-1 5-2 6-3 1-1 2-0 4-1 6-2\nlead A\nA 6-5\nB 6-6\n"
    )
    assert messages(text, "A")["not-in-hand"] == messages(text, None)["not-in-hand"] == "B does not hold 6-6"


def test_seen_tiles_are_the_seats_own_and_the_tables():
    record = parse_record(CASES[0][1])
    seen = seen_tiles(record, rules_for(record), "A")
    dealt_a = {Tile.parse(t) for t in DEAL_A.split()[2:]}
    assert seen[(1, 0)] == dealt_a and seen[(1, 2)] == dealt_a  # the 5-5 A led is A's own; B's draw is not shown
    seen_b = seen_tiles(record, rules_for(record), "B")
    assert seen_b[(1, 2)] == {Tile.parse(t) for t in DEAL_B.split()[2:]} | {Tile(5, 5), Tile(2, 2)}
