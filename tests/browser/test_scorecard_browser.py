"""The scorecard of seed 002 (``muggins keep``) in a real headless Chromium, opened from disk.

A short game is played on the card as a scorekeeper would (taps, a Muggins call, ends of hands
whose pips need rounding, Undo, a reload), exported, and the export audited in-process: the
audit must be clean and give the totals the card showed. The expected totals are worked by
hand in the comments (rounding by RULES.md worked number 6: 13 -> 15, 12 -> 10).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from conftest import Watched

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the in-process command line
from cli_run import run  # noqa: E402
from muggins.notation.parser import parse_record  # noqa: E402
from muggins.pictures.scorecard import scorecard_html, scorecard_page
from muggins.pictures.scorecard_data import scorecard_config
from muggins.replay.rules import load, with_overrides
from muggins.replay.scoring import end_of_hand

pytestmark = pytest.mark.browser


def card_file(folder: Path, rules_name: str = "scorecard", **changes) -> Path:
    path = folder / f"card-{rules_name}-{len(changes)}.html"
    path.write_text(scorecard_page(with_overrides(load(rules_name), list(changes.items()))), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def card_path(tmp_path_factory) -> Path:
    return card_file(tmp_path_factory.mktemp("card"))


def open_card(page, path: Path):
    page.goto(path.as_uri())
    page.wait_for_selector("#setup:not([hidden]), #play:not([hidden])")
    return page


def set_up(page, names, target=None, teams=False):
    if teams:
        page.click("#modes button[data-mode='teams']")
    while page.locator("#names input").count() < len(names):
        page.click("#add-name")
    for i, name in enumerate(names):
        page.fill(f"#names input[data-index='{i}']", name)
    if target is not None:
        page.click(f"#targets button[data-target='{target}']")
    page.click("#start")
    page.wait_for_selector("#play:not([hidden])")


def tap(page, side: str, amount: int) -> None:
    page.click(f".card[data-side='{side}'] button[data-amount='{amount}']")


def totals(page) -> dict[str, int]:
    return {e.get_attribute("data-side"): int(e.text_content()) for e in page.query_selector_all(".card .total")}


def muggins(page, caller: int, against: int, amount: str) -> None:
    page.click("#muggins")
    page.select_option("#caller", str(caller))
    page.select_option("#against", str(against))
    page.fill("#muggins-amount", amount)
    page.click("#muggins-ok")


def end_hand(page, outcome: str, pips: dict[str, str]) -> None:
    page.click("#end-hand")
    page.click(f"#outcomes button[data-outcome='{outcome}']")
    for seat, value in pips.items():
        page.fill(f"#pips input[data-seat='{seat}']", value)
    page.click("#end-ok")


def downloaded(page) -> str:
    with page.expect_download() as info:
        page.click("#download")
    return Path(info.value.path()).read_text(encoding="utf-8")


def audited(tmp_path: Path, text: str) -> dict:
    path = tmp_path / "export.mgn"
    path.write_text(text, encoding="utf-8")
    result = run("audit", str(path), "--format", "json")
    (record,) = json.loads(result.stdout)["files"][0]["records"]
    record["exit_code"] = result.exit_code
    return record


def test_a_short_game_kept_on_the_card_exports_a_record_the_audit_finds_clean(watched, card_path, tmp_path, artifacts):
    page = open_card(watched.page, card_path)
    set_up(page, ["Ana", "Bruno"], target=150)
    assert page.get_attribute("#rules-line", "data-target") == "150"
    # Hand 1: A +10, B +15, a slip (+30 for A) undone, A +20, B calls Muggins on A for 5.
    tap(page, "A", 10)
    tap(page, "B", 15)
    tap(page, "A", 30)
    assert totals(page) == {"A": 40, "B": 15}
    page.click("#undo")
    assert totals(page) == {"A": 10, "B": 15}
    tap(page, "A", 20)
    muggins(page, 1, 0, "5")
    assert totals(page) == {"A": 30, "B": 20}
    # A dominoes; B holds 13 pips -> 15 (nearest five): A 45.
    end_hand(page, "0", {"B": "13"})
    assert totals(page) == {"A": 45, "B": 20}
    assert "13 pips \u2192 15" in page.text_content("#message")
    # The card survives a reload.
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    assert totals(page) == {"A": 45, "B": 20}
    assert page.text_content("#hand-title").startswith("Hand 2")
    # Hand 2: B +10, A +5; B dominoes, A holds 12 pips -> 10: B 30 + 10 = 40; A 50.
    tap(page, "B", 10)
    tap(page, "A", 5)
    end_hand(page, "1", {"A": "12"})
    assert totals(page) == {"A": 50, "B": 40}
    assert "12 pips \u2192 10" in page.text_content("#message")
    # Undo takes back the end of the hand, then the tap before it; both come back.
    page.click("#undo")
    assert totals(page) == {"A": 50, "B": 30}
    page.click("#undo")
    assert totals(page) == {"A": 45, "B": 30}
    tap(page, "A", 5)
    end_hand(page, "1", {"A": "12"})
    shown = totals(page)
    assert shown == {"A": 50, "B": 40}
    page.screenshot(path=str(artifacts / "scorecard-game.png"), full_page=True)

    text = downloaded(page)
    assert text == page.input_value("#record")
    body = text.split("\n\n", 1)[1]
    assert body == (
        "hand 1\nA +10\nB +15\nA +20\nB muggins A +5\ndomino A\npips A 0 B 13\nscore A 15\ntotals A 45 B 20\n\n"
        "hand 2\nB +10\nA +5\ndomino B\npips A 12 B 0\nscore B 10\ntotals A 50 B 40\n"
    )
    assert '[Rules "scorecard"]' in text and '[Target "150"]' in text
    report = audited(tmp_path, text)
    assert report["exit_code"] == 0 and report["clean"] and report["findings"] == []
    assert report["totals"] == shown
    assert [row["sides"]["A"]["correct"] for row in report["sheet"]] == [45, 50]
    assert all(side["written"] == side["correct"] for row in report["sheet"] for side in row["sides"].values())
    assert watched.errors == [] and watched.dialogs == []
    assert all(url == card_path.as_uri() or url.startswith("blob:") for url in watched.requests)


def test_copy_puts_the_record_on_the_clipboard(browser, card_path):
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_card(context.new_page(), card_path)
    set_up(page, ["Ana", "Bruno"])
    tap(page, "A", 25)
    page.click("#copy")
    # (wait_for_function evaluates its text as script, which the card's policy forbids: a selector)
    page.wait_for_selector("#export-message:not(:empty)")
    assert page.text_content("#export-message") == page.evaluate("mugginsScorecard.text.copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.input_value("#record")
    assert "A +25" in page.input_value("#record")
    context.close()


def refusal(page, fields: dict[str, str], ok: str, box: str) -> str:
    """What the card says when the values typed into ``fields`` are submitted with ``ok``."""
    for selector, value in fields.items():
        page.fill(selector, value)
    page.click(ok)
    return page.text_content(box)


def test_amounts_and_pips_the_rules_cannot_give_are_refused(watched, card_path):
    page = open_card(watched.page, card_path)
    set_up(page, ["Ana", "Bruno"])
    tap(page, "A", 10)
    page.click("#muggins")
    page.select_option("#caller", "1")
    for typed, said in (("7", "No single play scores 7"), ("40", "No single play scores 40"), ("2.5", "whole number")):
        assert said in refusal(page, {"#muggins-amount": typed}, "#muggins-ok", "#muggins-message")
        assert totals(page) == {"A": 10, "B": 0}
    page.click("#muggins-cancel")
    # One hand holds at most 153 pips with two players (7 dealt + 14 drawn, the heaviest).
    page.click("#end-hand")
    page.click("#outcomes button[data-outcome='0']")
    assert "cannot hold 154 pips" in refusal(page, {"#pips input[data-seat='B']": "154"}, "#end-ok", "#end-message")
    page.click("#outcomes button[data-outcome='blocked']")
    both = {"#pips input[data-seat='A']": "100", "#pips input[data-seat='B']": "100"}
    assert "cannot hold 200 pips together" in refusal(page, both, "#end-ok", "#end-message")
    assert "whole number" in refusal(page, {"#pips input[data-seat='B']": ""}, "#end-ok", "#end-message")
    assert totals(page) == {"A": 10, "B": 0}
    assert json.loads(page.evaluate("localStorage.getItem(%r)" % scorecard_config(load("scorecard"))["storage_key"]))["events"] == [
        {"t": "score", "side": 0, "amount": 10}
    ]
    assert watched.errors == []


HOSTILE = ['Ana "la jefa" \\ Pérez', "<script>alert(1)</script>", "Tab\there\u0007 and\u2028line"]
CLEANED = ['Ana "la jefa" \\ Pérez', "<script>alert(1)</script>", "Tab here and line"]


def test_hostile_names_are_text_on_the_card_and_quoted_in_the_export(watched, card_path, tmp_path, artifacts):
    page = open_card(watched.page, card_path)
    set_up(page, HOSTILE)
    assert page.eval_on_selector_all(".card .name", "ns => ns.map(n => n.textContent)") == CLEANED
    tap(page, "B", 5)
    muggins(page, 2, 1, "10")
    end_hand(page, "0", {"B": "8", "C": "0"})  # 8 -> 10
    assert totals(page) == {"A": 10, "B": 5, "C": 10}
    assert page.evaluate("document.scripts.length") == 3  # the data, the words (both JSON) and the script
    assert page.evaluate("document.querySelectorAll('#play script, #play img').length") == 0
    page.screenshot(path=str(artifacts / "scorecard-hostile-names.png"), full_page=True)
    text = downloaded(page)
    record = parse_record(text, "export.mgn")
    assert record.players == dict(zip("ABC", CLEANED))
    report = audited(tmp_path, text)
    assert report["clean"] and report["totals"] == {"A": 10, "B": 5, "C": 10}
    assert watched.dialogs == [] and watched.errors == []


def test_two_teams_keep_one_card_each_and_export_partnerships(watched, card_path, tmp_path):
    page = open_card(watched.page, card_path)
    set_up(page, ["Los Tigres", "Las Águilas"], teams=True)
    tap(page, "NS", 15)
    tap(page, "EW", 10)
    muggins(page, 0, 1, "5")
    # Blocked: sides compared by their pips added up (scorecard: blocked_compare side).
    # NS 3 + 4 = 7, EW 9 + 12 = 21: NS scores 21 - 7 = 14 -> 15.
    end_hand(page, "blocked", {"N": "3", "S": "4", "E": "9", "W": "12"})
    assert totals(page) == {"NS": 35, "EW": 10}
    # NS goes out (N), its partner S holds 2: NS scores EW's 5 + 6 = 11 -> 10.
    tap(page, "EW", 20)
    end_hand(page, "0", {"S": "2", "E": "5", "W": "6"})
    assert totals(page) == {"NS": 45, "EW": 30}
    text = downloaded(page)
    assert '[Team NS "N S"]' in text and '[Team EW "E W"]' in text
    assert "\nN muggins E +5\n" in text
    assert "pips N 0 E 5 S 2 W 6" in text
    record = parse_record(text, "export.mgn")
    assert record.players == {"N": "Los Tigres", "E": "Las Águilas", "S": "Los Tigres", "W": "Las Águilas"}
    report = audited(tmp_path, text)
    assert report["clean"] and report["findings"] == [] and report["totals"] == {"NS": 45, "EW": 30}
    assert watched.errors == []


def test_reaching_the_target_ends_the_game_and_the_audit_names_the_same_winner(watched, card_path, tmp_path):
    page = open_card(watched.page, card_path)
    set_up(page, ["Ana", "Bruno"], target=61)
    tap(page, "A", 35)
    tap(page, "B", 5)
    tap(page, "A", 30)  # 65: at least 61, the game stops at once (target_check immediate)
    assert page.text_content("#banner") == "Ana wins with 65!"
    assert page.is_disabled(".card[data-side='B'] button[data-amount='5']")
    assert page.is_disabled("#end-hand") and not page.is_disabled("#undo")
    report = audited(tmp_path, downloaded(page))
    assert report["clean"] and report["winner"] == "A" and report["won_at"] == {"hand": 1, "turn": 3}
    page.click("#undo")
    assert page.is_hidden("#banner") and totals(page) == {"A": 35, "B": 5}
    assert watched.errors == []


def test_a_target_checked_at_the_end_of_the_hand(watched, tmp_path):
    path = card_file(tmp_path, "scorecard", target_check="end_of_hand")
    page = open_card(watched.page, path)
    set_up(page, ["Ana", "Bruno"], target=61)
    tap(page, "A", 35)
    tap(page, "A", 30)
    assert page.is_hidden("#banner")  # past 61, but the target is checked when the hand ends
    tap(page, "B", 10)
    end_hand(page, "0", {"B": "3"})  # 3 -> 5
    assert page.text_content("#banner") == "Ana wins with 70!"
    report = audited(tmp_path, downloaded(page))
    assert report["clean"] and report["winner"] == "A" and report["totals"] == {"A": 70, "B": 10}
    assert watched.errors == []


def test_fives_and_threes_exact_target_and_chip_out_point(watched, tmp_path):
    # Fives and Threes: units 1..8, no Muggins (unclaimed points are lost), no pip scoring but a
    # point for going out, and 61 must be hit exactly (a score past it is not counted).
    page = open_card(watched.page, card_file(tmp_path, "fives-and-threes"))
    set_up(page, ["Ana", "Bruno"])
    assert page.is_hidden("#muggins")
    assert page.eval_on_selector_all(".card[data-side='A'] .amounts button", "bs => bs.map(b => b.textContent)") == [
        "+1", "+2", "+3", "+4", "+6", "+7", "+8"
    ]
    tap(page, "A", 8)
    tap(page, "B", 6)
    page.click("#end-hand")
    page.click("#outcomes button[data-outcome='0']")
    assert page.locator("#pips input").count() == 0
    page.click("#end-ok")
    assert totals(page) == {"A": 9, "B": 6}  # 8 + 1 for going out
    for _ in range(6):
        tap(page, "A", 8)
    assert totals(page) == {"A": 57, "B": 6}
    tap(page, "A", 6)  # 63 would pass 61
    assert totals(page) == {"A": 57, "B": 6}
    assert "not counted" in page.text_content("#log li:last-child")
    tap(page, "A", 4)
    assert page.text_content("#banner") == "Ana wins with 61!"
    report = audited(tmp_path, downloaded(page))
    assert report["clean"] and report["totals"] == {"A": 61, "B": 6} and report["winner"] == "A"
    assert watched.errors == []


def test_a_first_score_below_the_get_in_minimum_is_not_counted(watched, tmp_path):
    page = open_card(watched.page, card_file(tmp_path, "scorecard", get_in_minimum=10))
    set_up(page, ["Ana", "Bruno"])
    tap(page, "A", 5)
    tap(page, "B", 5)
    assert totals(page) == {"A": 0, "B": 0}
    tap(page, "A", 10)
    tap(page, "A", 5)
    end_hand(page, "0", {"B": "13"})  # 13 -> 15
    assert totals(page) == {"A": 30, "B": 0}
    text = downloaded(page)
    assert "[Set get_in_minimum \"10\"]" in text
    report = audited(tmp_path, text)
    assert report["clean"] and report["totals"] == {"A": 30, "B": 0}
    assert watched.errors == []


def test_a_hand_with_nothing_scored_in_play_and_a_hand_under_way_export_clean(watched, card_path, tmp_path):
    page = open_card(watched.page, card_path)
    set_up(page, ["Ana", "Bruno"])
    end_hand(page, "0", {"B": "13"})  # no score in play; 13 -> 15
    tap(page, "B", 5)  # hand 2 is under way
    assert totals(page) == {"A": 15, "B": 5}
    text = downloaded(page)
    # A hand of endings only is a score-sheet hand where nobody scored in play (NOTATION.md).
    assert "hand 1\ndomino A\npips A 0 B 13\nscore A 15\ntotals A 15 B 0\n" in text
    assert text.endswith("hand 2\nB +5\ntotals A 15 B 5\n")
    report = audited(tmp_path, text)
    assert report["clean"] and report["findings"] == [] and report["totals"] == {"A": 15, "B": 5}
    assert watched.errors == []


def test_all_fives_players_subtract_their_own_pips(watched, tmp_path):
    # Seeds 000/001: at the end of a hand each player rounds their own pips and subtracts them.
    page = open_card(watched.page, card_file(tmp_path, "allfives"))
    set_up(page, ["Ana", "Bruno", "Carla"])
    tap(page, "A", 10)
    tap(page, "C", 20)
    end_hand(page, "0", {"B": "13", "C": "7"})  # B 13 -> -15, C 7 -> -5
    assert totals(page) == {"A": 10, "B": -15, "C": 15}
    text = downloaded(page)
    assert "score B -15 C -5" in text
    report = audited(tmp_path, text)
    assert report["clean"] and report["totals"] == {"A": 10, "B": -15, "C": 15}
    assert watched.errors == []


def test_at_phone_width_the_buttons_are_large_and_nothing_scrolls_sideways(browser, card_path, artifacts):
    context = browser.new_context(viewport={"width": 400, "height": 800}, has_touch=True, is_mobile=True)
    page = context.new_page()
    watched = Watched(page)
    open_card(page, card_path)

    def no_sideways_scroll() -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")

    no_sideways_scroll()
    page.screenshot(path=str(artifacts / "scorecard-phone-setup.png"), full_page=True)
    set_up(page, ["Ana María de los Ángeles", "Bruno", "Carla", "Dmitri Ivanovich Karamazov"])
    no_sideways_scroll()
    boxes = page.eval_on_selector_all(
        ".amounts button, #actions button", "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert len(boxes) == 4 * 7 + 3
    assert all(height >= 40 and width >= 40 for width, height in boxes), boxes
    tap(page, "D", 15)
    page.click("#end-hand")
    page.click("#outcomes button[data-outcome='3']")
    no_sideways_scroll()
    page.screenshot(path=str(artifacts / "scorecard-phone.png"), full_page=True)
    assert watched.errors == []
    context.close()


def test_new_game_clears_the_card_after_a_confirm(watched, card_path):
    page = open_card(watched.page, card_path)
    set_up(page, ["Ana", "Bruno"])
    tap(page, "A", 10)
    page.click("#new-game")
    page.click("#confirm-no")
    assert totals(page) == {"A": 10, "B": 0}
    page.click("#new-game")
    page.click("#confirm-yes")
    assert page.is_visible("#setup") and page.is_hidden("#play")
    page.reload()
    page.wait_for_selector("#setup:not([hidden])")
    assert watched.dialogs == [] and watched.errors == []


def test_a_saved_game_that_cannot_be_read_is_said_and_set_aside(watched, card_path):
    page = open_card(watched.page, card_path)
    key = scorecard_config(load("scorecard"))["storage_key"]
    bad = {"v": 1, "mode": "players", "names": ["Ana", "Bruno"], "target": 250, "date": "2026.11.24", "events": [{"t": "score", "side": 0, "amount": 7}]}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(bad)])
    page.reload()
    page.wait_for_selector("#setup:not([hidden])")
    assert "could not be read" in page.text_content("#message")
    assert watched.errors == []


def refused_page(watched, tmp_path, part: str, key: str, value: str):
    """The card built with one value of its data changed, opened: the page."""
    data = scorecard_config(load("scorecard"))
    data[part][key] = value
    path = tmp_path / "refused.html"
    path.write_text(scorecard_html(data), encoding="utf-8")
    page = watched.page
    page.goto(path.as_uri())
    return page


def test_a_page_whose_rules_it_does_not_carry_out_refuses_with_a_message(watched, tmp_path):
    page = refused_page(watched, tmp_path, "end", "domino_scoring", "winner_takes_all")
    assert page.is_visible("#refused") and page.is_hidden("#card")
    assert "domino_scoring" in page.text_content("#refused") and "winner_takes_all" in page.text_content("#refused")
    assert watched.errors == []


def test_a_page_under_the_whole_play_muggins_rule_refuses_naming_it(watched, tmp_path):
    # muggins: opponent_takes_whole is left out of the card's IMPLEMENTED values: a call there
    # takes back the claim of the play it is on, and the card keeps scores, not plays.
    page = refused_page(watched, tmp_path, "game", "muggins", "opponent_takes_whole")
    assert page.is_visible("#refused") and page.is_hidden("#card")
    assert "muggins" in page.text_content("#refused") and "opponent_takes_whole" in page.text_content("#refused")
    assert watched.errors == []


# -- the page's end-of-hand scoring against replay/scoring.py's --------------------------------------

VARIANTS = [
    {},
    {"pip_rounding": "down"},
    {"pip_rounding": "up", "rounding_unit": 10},
    {"pip_rounding": "none"},
    {"domino_scoring": "subtract_own", "blocked_scoring": "subtract_own"},
    {"domino_scoring": "opponents_minus_own", "blocked_scoring": "as_domino"},
    {"domino_scoring": "heaviest_hand", "blocked_scoring": "lightest_takes_opponents", "blocked_tie": "split"},
    {"blocked_scoring": "difference_each_heavier", "blocked_compare": "seat"},
    {"blocked_scoring": "lightest_takes_others_minus_own", "blocked_compare": "seat", "blocked_tie": "split"},
    {"domino_scoring": "none", "blocked_scoring": "none", "hand_winner_bonus": 1},
    {"blocked_scoring": "as_domino", "hand_winner_bonus": 2, "award_divisor": 5},
]


@pytest.mark.parametrize("changes", VARIANTS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "scorecard")
def test_the_pages_end_of_hand_scoring_is_the_rules_own(watched, card_path, changes):
    rules = with_overrides(load("scorecard"), list(changes.items()))
    data = scorecard_config(rules)
    page = open_card(watched.page, card_path)
    chooser = random.Random(repr(sorted(changes.items())))
    cases = []
    for _ in range(60):
        seats = ["A", "B", "C", "D"][: chooser.choice([2, 3, 4])]
        teams = len(seats) == 4 and chooser.random() < 0.5
        side_of = {s: ("AC" if s in "AC" else "BD") if teams else s for s in seats}
        kind = chooser.choice(["domino", "blocked"])
        out = chooser.choice(seats) if kind == "domino" else None
        pips = {s: 0 if s == out else chooser.choice([0, 1, 2, 3, 7, 8, 12, 13, 20, 22, 27, 28, 35]) for s in seats}
        if chooser.random() < 0.2 and kind == "blocked":
            pips = {s: 9 for s in seats}  # every hand ties
        cases.append([seats, side_of, kind, out, pips])
    got = page.evaluate(
        "([cfg, cases]) => cases.map(([seats, sideOf, kind, out, pips]) => {"
        " const a = mugginsScorecard.endOfHand(cfg, seats, sideOf, kind, out, pips); return [a.points, a.winner]; })",
        [data, cases],
    )
    for (seats, side_of, kind, out, pips), (points, winner) in zip(cases, got):
        want = end_of_hand(kind, out, pips, side_of, rules)
        assert (points, winner) == (want.points, want.winner), (kind, out, pips, side_of)
    assert watched.errors == []
