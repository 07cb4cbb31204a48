"""What the pictures show a player at the table (issue 12 §2): each open end's pip to match, its
name and what it counts; later spinners' branches drawn as the first's; the players around the
table; one player's view; a wrong claim written on the picture; the end-of-hand step.

Expected values are worked by hand in the comments (the rules as RULES.md and the presets state
them) or taken from the samples' hand-worked oracles, never from the picture code.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from cli_run import run

from muggins.analysis.audit import audit
from muggins.notation.model import Tile
from muggins.notation.parser import parse_record, read_file
from muggins.pictures.svg import WIDTH, position_svg
from muggins.pictures.svg_layout import layout
from muggins.pictures.svg_seats import COLUMN_WIDTH
from muggins.pictures.table_view import findings_by_turn, seat_places, table_view
from muggins.pictures.viewer_data import viewer_data
from muggins.replay import rules as rulesmod
from muggins.replay.board import Board
from muggins.replay.replayer import Game
from muggins.replay.resolve import rules_for

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
NS = {"s": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
T = Tile.parse


def record_of(text: str, rules: str = "allfives"):
    return parse_record(f'[Rules "{rules}"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\n' + text)


def sample(name: str):
    return next(iter(read_file(SAMPLES / name)))


def picture(record, hand_number: int, turn: int | None, *, as_seat: str | None = None, standalone: bool = True):
    """The picture after ``turn`` of a hand (None: its end), with the audit's findings there."""
    rules = rules_for(record)
    found = findings_by_turn(audit(record, rules).findings)
    game = Game(record, rules)
    for hand in record.hands:
        state = None
        for at, state in game.replay_hand(hand):
            if hand.number == hand_number and at == turn:
                view = table_view(game, state, at, "t", as_seat=as_seat, findings=found.get((hand.number, at), ()))
                return ET.fromstring(position_svg(view, standalone=standalone))
        if hand.number == hand_number:
            view = table_view(game, state, len(hand.turns), "t", ended=True, as_seat=as_seat)
            return ET.fromstring(position_svg(view, standalone=standalone))
    raise AssertionError("no such position")


def ends(root) -> dict[str, dict]:
    """Each open end as drawn: the pip in its circle, its name, the count on its token."""
    out = {}
    for g in root.iterfind(".//s:g[@class='end']", NS):
        texts = {t.get("class"): t.text for t in g.iter(f"{SVG}text")}
        out[g.get("data-end")] = {
            "pip": texts.get(None),
            "name": texts.get("name"),
            "counts": texts.get("value"),
            "data": (int(g.get("data-pip")), int(g.get("data-value"))),
            "waits": g.get("data-state") == "waits",
        }
    return out


# -- the open ends ------------------------------------------------------------------------------------


def test_a_spinner_alone_shows_its_pip_at_each_end_and_its_count_once():
    # All Fives: the 6-6 led is the spinner; its two sides take a 6 and count 12 together (said
    # once, on l); its branches wait until both sides are covered (spinner_order: sides_first).
    drawn = ends(picture(record_of("A 6-6 +10\n"), 1, 1))
    assert set(drawn) == {"l", "r", "u", "d"}
    assert [drawn[e]["pip"] for e in "lrud"] == ["6", "6", "6", "6"]  # never "12"
    assert [drawn[e]["name"] for e in "lrud"] == ["l", "r", "u", "d"]
    assert drawn["l"]["counts"] == "12" and drawn["r"]["counts"] is None
    assert drawn["u"]["waits"] and drawn["d"]["waits"] and not drawn["l"]["waits"]


def test_an_empty_branch_needs_the_spinners_pip_and_counts_nothing():
    # 6-6, 6-3 on r, 6-2 on l: both sides covered, so the spinner no longer counts and its
    # branches open, each needing a 6. The ends count 2 + 3 = 5.
    root = picture(record_of("A 6-6\nB 6-3 r\nA 6-2 l +5\n"), 1, 3)
    drawn = ends(root)
    assert {e: d["pip"] for e, d in drawn.items()} == {"l": "2", "r": "3", "u": "6", "d": "6"}
    assert {e: d["counts"] for e, d in drawn.items()} == {"l": "2", "r": "3", "u": None, "d": None}
    assert {e: d["data"] for e, d in drawn.items()} == {"l": (2, 2), "r": (3, 3), "u": (6, 0), "d": (6, 0)}
    assert not any(d["waits"] for d in drawn.values())
    assert root.find(".//s:text[@class='ends']", NS).get("data-count") == "5"


def test_a_double_at_an_end_counts_both_halves_and_shows_one():
    # 5-4 led, 4-4 crosswise on r (the first double: the spinner), 5-5 on l (not a spinner):
    # l shows 5 and counts 10; the 4-4 counts 8 on r, showing 4.
    drawn = ends(picture(record_of("A 5-4\nB 4-4 r\nA 5-5 l\n"), 1, 3))
    assert (drawn["l"]["pip"], drawn["l"]["counts"]) == ("5", "10")
    assert (drawn["r"]["pip"], drawn["r"]["counts"]) == ("4", "8")


def test_a_spinner_that_counts_with_no_arm_ending_on_it_counts_on_its_bare_branches(tmp_path):
    # spinner_counts_until three_sides: 5-5, 5-2 on r, 5-1 on l cover two of its four sides, so
    # it still counts 10 though no arm ends on it. The engine puts that 10 on its two bare
    # branches, 5 each (each needs a 5 and shows the spinner's half): 1 + 2 + 5 + 5 = 13.
    path = tmp_path / "three.mgn"
    path.write_text('[Rules "allfives"]\n[Set spinner_counts_until "three_sides"]\n[Seat A "A"]\n[Seat B "B"]\n\nhand 1\nA 5-5 +10\nB 5-2 r\nA 5-1 l\n', encoding="utf-8")
    record = parse_record(path.read_text(encoding="utf-8"))
    printed = run("replay", str(path)).stdout
    assert "open ends: l 1, r 2, u 5, d 5; count 1 + 2 + 5 + 5 = 13" in printed
    drawn = ends(picture(record, 1, 3))
    assert {e: (d["pip"], d["counts"]) for e, d in drawn.items()} == {"l": ("1", "1"), "r": ("2", "2"), "u": ("5", "5"), "d": ("5", "5")}


def test_the_ends_of_the_sample_are_the_oracles():
    # Oracle, allfives-2p hand 1 turn 7 (A 6-5 u): the ends count [3, 6, 6]; d is empty.
    oracle = yaml.safe_load((SAMPLES / "allfives-2p.oracle.yaml").read_text(encoding="utf-8"))
    expected = next(t for t in oracle["hands"][0]["turns"] if t["turn"] == 7)
    drawn = ends(picture(sample("allfives-2p.mgn"), 1, 7))
    assert sorted(int(d["counts"]) for d in drawn.values() if d["counts"]) == sorted(expected["ends"])
    # The board: 3-1 5-1 [5-5] 5-2 2-4 4-6 on the line, 6-5 on u: l shows 3, r 6, u 6, d 5.
    assert {e: d["pip"] for e, d in drawn.items()} == {"l": "3", "r": "6", "u": "6", "d": "5"}


# -- later spinners ------------------------------------------------------------------------------------

FIVE_UP = rulesmod.load("five-up")


def board_of(rules, *plays: str) -> Board:
    board = Board(rules)
    for play in plays:
        tile, _, end = play.partition(" ")
        board.play(T(tile), end or None)
    return board


@pytest.mark.parametrize(
    "plays,spinner",
    [
        # 5-4 led, 4-4 on r spins first; 5-5 on l spins second, on the arm that runs left.
        (("5-4", "4-4 r", "4-2 r", "5-5 l", "5-3 l", "5-1 u2", "6-5 d2"), "5-5"),
        # 5-4 led, 5-5 on l spins first; 4-4 on r spins second, on the arm that runs right.
        (("5-4", "5-5 l", "5-3 l", "4-4 r", "4-2 r", "4-1 u2", "6-4 d2"), "4-4"),
    ],
)
def test_five_up_second_spinner_sends_d2_down_and_u2_up(plays, spinner):
    tiles = {str(p.tile): p for p in layout(board_of(FIVE_UP, *plays)).tiles}
    double = tiles[spinner].rect
    up, down = tiles[plays[-2].split()[0]].rect, tiles[plays[-1].split()[0]].rect
    assert down.y >= double.bottom and down.x == double.x  # straight down, like d
    assert up.bottom <= double.y and up.x == double.x  # straight up, like u


# -- the players around the table ----------------------------------------------------------------------


def test_seats_go_round_the_table_from_the_top_in_the_order_of_play():
    assert seat_places("ABCD", "clockwise") == {"A": "top", "B": "right", "C": "bottom", "D": "left"}
    assert seat_places("ABCD", "counterclockwise") == {"A": "top", "B": "left", "C": "bottom", "D": "right"}
    assert seat_places("AB", "clockwise") == {"A": "top", "B": "bottom"}
    assert seat_places("ABC", "clockwise") == {"A": "top", "B": "right", "C": "left"}
    # Compass names sit where they say, whatever the order of play (pontos: N W S E).
    assert seat_places("NWSE", "counterclockwise") == {"N": "top", "W": "left", "S": "bottom", "E": "right"}
    assert seat_places("NESW", "clockwise") == {"N": "top", "E": "right", "S": "bottom", "W": "left"}


def test_one_players_view_turns_the_table_to_put_them_at_the_bottom():
    # B looks: B at the bottom, its partner D facing it at the top, A and C to the sides.
    assert seat_places("ABCD", "clockwise", "B") == {"B": "bottom", "C": "left", "D": "top", "A": "right"}
    assert seat_places("NWSE", "counterclockwise", "E") == {"E": "bottom", "N": "right", "W": "top", "S": "left"}
    assert seat_places("AB", "clockwise", "A") == {"A": "bottom", "B": "top"}


def hands(root) -> dict[str, ET.Element]:
    return {g.get("data-seat"): g for g in root.iterfind(".//s:g[@class='hand']", NS)}


def test_four_players_sit_round_the_board_partners_facing():
    root = picture(sample("pontos-4p.mgn"), 1, 6)
    seated = hands(root)
    assert {seat: g.get("data-place") for seat, g in seated.items()} == {"N": "top", "W": "left", "S": "bottom", "E": "right"}
    assert int(root.get("width")) == WIDTH + 2 * COLUMN_WIDTH
    # Beside the board a hand lies (as seen across the table); above and below it stands.
    for seat, g in seated.items():
        refs = {u.get("href")[:3] for u in g.iter(f"{SVG}use")}
        assert refs == ({"#ml"} if seat in "WE" else {"#ms"}), seat
    # Partners: N and S (team NS) top and bottom, W and E (team EW) left and right.


def test_as_a_seat_every_other_hand_is_face_down():
    # pontos-4p deals every tile; as S sees it after turn 6 only S's tiles show.
    full = hands(picture(sample("pontos-4p.mgn"), 1, 6))
    seen = hands(picture(sample("pontos-4p.mgn"), 1, 6, as_seat="S"))
    assert seen["S"].get("data-place") == "bottom" and seen["N"].get("data-place") == "top"
    for seat, g in seen.items():
        refs = [u.get("href") for u in g.iter(f"{SVG}use")]
        assert g.get("data-tiles") == full[seat].get("data-tiles")
        if seat == "S":
            assert refs == [u.get("href") for u in full["S"].iter(f"{SVG}use")]
        else:
            assert set(refs) <= {"#mback", "#mbackl"} and refs, seat


def test_as_a_seat_the_viewer_hides_the_other_hands_and_their_draws():
    # allfives-2p turn 14 is "B draw 2-2 2-1 6-3": A sees only that B drew three.
    record = sample("allfives-2p.mgn")
    data = viewer_data(record, rules_for(record), "allfives-2p.mgn", as_seat="A")
    assert data["as"] == "A"
    assert data["hands"][0]["turns"][13]["text"] == "B draw 3"
    for hand in data["hands"]:
        for svg in hand["pictures"]:
            b = hands(ET.fromstring(svg))["B"]
            assert {u.get("href") for u in b.iter(f"{SVG}use")} <= {"#mback"}
    whole = viewer_data(record, rules_for(record), "allfives-2p.mgn")
    assert whole["as"] is None and whole["hands"][0]["turns"][13]["text"] == "B draw 2-2 2-1 6-3"


def test_long_names_beside_the_table_are_clipped_to_their_column_and_stay_xml():
    text = (SAMPLES / "pontos-4p.mgn").read_text(encoding="utf-8").replace('"Wagner"', '"W<a>&\x07' + "x" * 80 + '"')
    root = picture(parse_record(text, "long.mgn"), 1, 6)
    (label,) = [t for t in hands(root)["W"].iter(f"{SVG}text") if "seat" in t.get("class")]
    assert label.text.startswith("W \u00b7 W<a>&\u2407xxx") and label.get("clip-path") == "url(#seat-clip-0)"
    clip = root.find(".//s:clipPath[@id='seat-clip-0']/s:rect", NS)
    assert int(clip.get("x")) + int(clip.get("width")) <= COLUMN_WIDTH


# -- a wrong claim ---------------------------------------------------------------------------------------


def claim_note(root) -> ET.Element | None:
    return root.find(".//s:text[@class='claim']", NS)


def test_a_wrong_claim_is_written_on_the_picture():
    # samples/disputed-hand.md: Bruno's 4-2 (turn 4) claimed 15; the ends count 1 + 4 = 5.
    note = claim_note(picture(sample("disputed-hand.mgn"), 1, 4))
    assert note.text == "B claimed 15, makes 5"
    assert (note.get("data-claimed"), note.get("data-correct")) == ("15", "5")
    assert claim_note(picture(sample("disputed-hand.mgn"), 1, 3)) is None  # nothing claimed, nothing made
    # The oracle of allfives-2p: turn 10, B claimed 10 for the 4-4, which makes 15.
    assert claim_note(picture(sample("allfives-2p.mgn"), 1, 10, standalone=False)).text == "B claimed 10, makes 15"


def test_points_left_unclaimed_and_a_wrong_muggins_call_are_written_too():
    # A leads 5-5 and says nothing: it makes 10. B calls Muggins for 15: it gets the 10.
    record = record_of("A 5-5\nB muggins A +15\n")
    assert claim_note(picture(record, 1, 1)).text == "A claimed nothing, makes 10"
    assert claim_note(picture(record, 1, 2)).text == "B called Muggins for 15, gets 10"


def test_render_writes_the_wrong_claim_and_replay_says_it(tmp_path):
    out = tmp_path / "turn4.svg"
    assert run("render", str(SAMPLES / "disputed-hand.mgn"), "--turn", "4", "-o", str(out)).exit_code == 0
    assert claim_note(ET.parse(out).getroot()).text == "B claimed 15, makes 5"
    printed = run("replay", str(SAMPLES / "disputed-hand.mgn"), "--turn", "4").stdout
    assert "wrong claim: B claimed 15, makes 5" in printed
    assert "wrong claim" not in run("replay", str(SAMPLES / "disputed-hand.mgn"), "--turn", "3").stdout


# -- the end of the hand -------------------------------------------------------------------------------


ORACLE = yaml.safe_load((SAMPLES / "allfives-2p.oracle.yaml").read_text(encoding="utf-8"))


def test_replay_turn_end_shows_pips_end_scores_and_totals():
    # Oracle, hand 1: A went out; B holds 18 pips (-20 under allfives' own-pips rule); totals A 55, B 5.
    first = ORACLE["hands"][0]
    printed = run("replay", str(SAMPLES / "allfives-2p.mgn"), "--hand", "1", "--turn", "end").stdout
    lines = printed.splitlines()
    assert lines[0] == "hand 1, end of the hand: domino, A went out"
    assert "pips left: A 0, B 18 (counted from the hands)" in lines
    assert any(line.startswith("end-of-hand score: A 0, B -20 (") for line in lines)
    assert lines[-1] == "score: " + ", ".join(f"{s} {v}" for s, v in first["totals"].items())
    assert first["pips"] == {"A": 0, "B": 18} and first["end_points"] == {"A": 0, "B": -20}


def test_replay_all_ends_with_the_end_of_the_hand_as_json():
    result = run("replay", str(SAMPLES / "allfives-2p.mgn"), "--hand", "2", "--all", "--format", "json")
    positions = json.loads(result.stdout)["positions"]
    second = ORACLE["hands"][1]
    assert [p["turn"] for p in positions] == [*range(len(positions) - 1), "end"]
    end = positions[-1]["end_of_hand"]
    assert end["pips"] == second["pips"] and end["scores"] == second["end_points"] and end["totals"] == second["totals"]
    assert positions[-1]["scores"] == second["totals"] and positions[-2]["scores"] != second["totals"]
    assert "end_of_hand" not in positions[-2]


def test_replay_turn_end_of_a_score_sheet_hand_takes_the_announced_pips():
    # samples/scoresheet-only.md hand 1: A went out, B announced 13 pips: A scores 15.
    printed = run("replay", str(SAMPLES / "scoresheet-only.mgn"), "--turn", "end").stdout
    assert "pips left: B 13 (as announced)" in printed
    assert "end-of-hand score: A +15, B 0 (" in printed


@pytest.mark.parametrize("turn", ["end", "END"])
def test_render_turn_end_draws_the_hand_after_its_scoring(turn, tmp_path):
    out = tmp_path / "end.svg"
    assert run("render", str(SAMPLES / "allfives-2p.mgn"), "--turn", turn, "-o", str(out)).exit_code == 0
    root = ET.parse(out).getroot()
    scores = {d.get("data-side"): int(d.get("data-score")) for d in root.iterfind(".//s:desc[@class='score']", NS)}
    assert scores == ORACLE["hands"][0]["totals"]
    assert "end of the hand" in root.find("s:title", NS).text


@pytest.mark.parametrize("command", ["render", "replay"])
@pytest.mark.parametrize("args,message", [(["--turn", "start"], "or is end"), (["--turn", "-1"], "0 to 18"), (["--as", "Z"], "seats are A, B")])
def test_bad_turn_or_seat_exits_2(command, args, message):
    result = run(command, str(SAMPLES / "allfives-2p.mgn"), *args)
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_replay_as_a_seat_prints_the_other_hand_face_down():
    printed = run("replay", str(SAMPLES / "allfives-2p.mgn"), "--turn", "9", "--as", "B").stdout
    assert "(as B sees it)" in printed.splitlines()[0]
    assert "A Ana         4 tiles: ?? ?? ?? ??" in printed  # README: A holds 6-0 5-4 4-0 3-0
    assert "B Bruno       5 tiles: 4-4 3-3 3-2 1-0 0-0" in printed


def test_view_as_a_seat(tmp_path):
    out = tmp_path / "b.html"
    assert run("view", str(SAMPLES / "allfives-2p.mgn"), "--as", "B", "-o", str(out)).exit_code == 1  # the audit's finding
    assert '"as":"B"' in out.read_text(encoding="utf-8")


# -- every end readable ----------------------------------------------------------------------------

GAMES = [("allfives", 2, 1), ("allfives", 4, 3), ("five-up", 2, 7), ("five-up", 4, 8), ("line", 2, 9), ("sniff", 2, 11)]


def _end_circles_and_tiles(root) -> tuple[list[tuple[str, int, int]], list[tuple[int, int, int, int]]]:
    board = root.find(".//s:g[@class='board']", NS)
    if board is None:
        return [], []
    tiles = []
    for use in board.find("s:g[@class='tiles']", NS):
        x, y = int(use.get("x", 0)), int(use.get("y", 0))
        w, h = (64, 32) if use.get("href").startswith("#ml") else (32, 64)
        tiles.append((x, y, x + w, y + h))
    circles = []
    for g in board.iterfind("s:g[@class='end']", NS):
        if g.get("data-end") != "spinner":
            x, y = g.get("transform").removeprefix("translate(").removesuffix(")").split()
            circles.append((g.get("data-end"), int(x), int(y)))
    return circles, tiles


@pytest.mark.parametrize("preset,players,seed", GAMES)
def test_every_open_end_shows_clear_of_the_tiles_and_of_the_other_ends(preset, players, seed):
    # The pip circle (radius 13) of an end overlaps no tile and no other end's circle, in every
    # position of simulated games: where a later spinner's empty branch has no room, it goes to
    # the strip under the table.
    from muggins.replay.simulate import Options, simulate

    rules = rulesmod.load(preset)
    checked = 0
    for record in simulate(rules, seed, games=2, options=Options(players=players, strategy="random")):
        game = Game(record, rules)
        for hand in record.hands:
            for turn, state in game.replay_hand(hand):
                root = ET.fromstring(position_svg(table_view(game, state, turn, "x"), standalone=False))
                circles, tiles = _end_circles_and_tiles(root)
                for name, cx, cy in circles:
                    for x0, y0, x1, y1 in tiles:
                        nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
                        assert (nx - cx) ** 2 + (ny - cy) ** 2 >= 13**2, (hand.number, turn, name)
                for i, (a, ax, ay) in enumerate(circles):
                    for b, bx, by in circles[i + 1 :]:
                        assert (ax - bx) ** 2 + (ay - by) ** 2 >= 26**2, (hand.number, turn, a, b)
                checked += bool(circles)
    assert checked > 20
