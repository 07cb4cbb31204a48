"""The analysis board in a real headless Chromium (issue 12 §1, §4): ``muggins view --analysis``
of what ``muggins analyze --format json`` wrote, opened straight from disk.

The record is samples/allfives-2p.mgn with hostile player names (the analysis carries them too).
What the page shows is checked against the analysis JSON itself: the alternatives at a marked
play, their values and the chosen move; the dots of the graph and where a click on one goes;
the players' figures and the ledger on their tab. Screenshots go to tests/artifacts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from muggins.analysis.analyze import signed
from muggins.cli import app

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
NAME_A = "<script>alert(1)</script>"
NAME_B = '"><img src=x onerror=alert(1)>'


def run(*args: str) -> int:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict:
    """The hostile record, its analysis on both views (few samples) and the pages of it."""
    folder = tmp_path_factory.mktemp("analysis-board")
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace('[Seat A "Ana"]', f'[Seat A "{NAME_A}"]').replace('[Seat B "Bruno"]', '[Seat B "' + NAME_B.replace('"', '\\"') + '"]')
    record = folder / "game.mgn"
    record.write_text(text, encoding="utf-8")
    out: dict = {"record": record}
    for view in ("expected", "open-cards"):
        path = folder / f"{view}.json"
        assert run("analyze", str(record), "--view", view, "--samples", "8", "--seed", "3", "--format", "json", "-o", str(path)) == 0
        out[view] = json.loads(path.read_text(encoding="utf-8"))["records"][0]
        out[view + "-file"] = path
    page = folder / "game.html"
    assert run("view", str(record), "--analysis", str(out["expected-file"]), "--analysis", str(out["open-cards-file"]), "-o", str(page)) == 1
    out["page"] = page
    seat = folder / "as-b.html"
    assert run("view", str(record), "--as", "B", "--analysis", str(out["expected-file"]), "-o", str(seat)) == 1
    out["as-b"] = seat
    return out


def open_page(watched, path: Path):
    page = watched.page
    page.goto(path.as_uri())
    page.wait_for_selector("#picture svg")
    page.wait_for_selector("#graph svg")
    return page


def position(page) -> tuple[int, int]:
    return int(page.evaluate("document.body.dataset.hand")), int(page.evaluate("document.body.dataset.step"))


def step_to(page, hand: int, turn: int, turns_per_hand: list[int]) -> None:
    """From the first hand's deal, with the right-arrow key as a user would press it."""
    presses = sum(n + 2 for n in turns_per_hand[: hand - 1]) + turn
    for _ in range(presses):
        page.keyboard.press("ArrowRight")
    assert position(page) == (hand, turn)


def shown_options(page) -> list[dict]:
    return page.eval_on_selector_all(
        "#alternatives table.options tr[data-move]",
        """rows => rows.map(r => ({
            move: r.dataset.move,
            now: Number(r.querySelector('td.now').textContent),
            exp: r.querySelector('td.v-exp').dataset.value === undefined ? null : Number(r.querySelector('td.v-exp').dataset.value),
            exp_text: r.querySelector('td.v-exp').textContent,
            open: r.querySelector('td.v-open').dataset.value === undefined ? null : Number(r.querySelector('td.v-open').dataset.value),
            chosen: r.classList.contains('chosen'),
            best: r.classList.contains('best'),
        }))""",
    )


def turns_per_hand(made) -> list[int]:
    from muggins.notation.parser import read_file

    return [len(h.turns) for h in next(iter(read_file(made["record"]))).hands]


def test_a_marked_play_shows_the_alternatives_the_analysis_gives(watched, made, artifacts):
    page = open_page(watched, made["page"])
    marked = [d for d in made["expected"]["decisions"] if d["mark"]]
    assert marked, "the sample's analysis marks some plays"
    decision = marked[-1]  # the last one: in hand 2 when it has one, so stepping crosses a hand
    step_to(page, decision["hand"], decision["turn"], turns_per_hand(made))
    assert page.get_attribute("#alternatives", "data-turn") == str(decision["turn"])
    assert page.text_content("#alternatives .decision .mark") == decision["mark"]
    open_cards = next(d for d in made["open-cards"]["decisions"] if (d["hand"], d["turn"]) == (decision["hand"], decision["turn"]))
    open_values = {o["move"]: o["value"] for o in open_cards["options"]}
    shown = shown_options(page)
    assert [row["move"] for row in shown] == [o["move"] for o in decision["options"]]  # best first, as analyze ranks them
    for row, option in zip(shown, decision["options"]):
        assert row["now"] == option["points"]
        assert row["exp"] == option["value"]
        assert row["exp_text"] == signed(option["value"], 1) + (f" \u00b1{option['standard_error']:.1f}" if option["standard_error"] else "")
        assert row["open"] == open_values[option["move"]]
        assert row["chosen"] == (option["move"] == decision["played"])
        assert row["best"] == (option["move"] == decision["best"])
    assert sum(row["chosen"] for row in shown) == 1
    # The turn list and the timeline carry the marks of this hand, and nothing else.
    hand_marks = {d["turn"]: d["mark"] for d in made["expected"]["decisions"] if d["hand"] == decision["hand"] and d["mark"]}
    listed = page.eval_on_selector_all("#turn-list li[data-mark]", "items => items.map(i => [Number(i.dataset.step), i.dataset.mark])")
    assert dict(listed) == hand_marks
    cells = page.eval_on_selector_all("#timeline button[data-mark]", "cells => cells.map(c => [Number(c.dataset.step), c.dataset.mark])")
    assert dict(cells) == hand_marks
    page.screenshot(path=str(artifacts / "viewer-analysis.png"), full_page=True)
    assert watched.dialogs == [] and watched.errors == []
    assert watched.requests == [made["page"].as_uri()]  # the page fetched nothing


def test_a_forced_play_and_the_deal_say_so(watched, made):
    page = open_page(watched, made["page"])
    assert "the deal" in page.text_content("#alternatives")
    forced = next(d for d in made["expected"]["decisions"] if not d["unforced"] and d["hand"] == 1)
    step_to(page, 1, forced["turn"], turns_per_hand(made))
    assert "forced" in page.text_content("#alternatives .facts")
    assert [row["move"] for row in shown_options(page)] == [forced["played"]]


def test_clicking_a_dot_on_the_graph_goes_to_its_turn(watched, made, artifacts):
    page = open_page(watched, made["page"])
    decisions = made["expected"]["decisions"]
    marks_1 = sorted(d["turn"] for d in decisions if d["hand"] == 1 and d["mark"])
    dots = page.eval_on_selector_all("#graph circle.dot", "ds => ds.map(d => [Number(d.dataset.hand), Number(d.dataset.step), d.dataset.mark])")
    assert dots == [[1, t, next(d["mark"] for d in decisions if (d["hand"], d["turn"]) == (1, t))] for t in marks_1]
    # Every judged play with a value is a point, marked or not (and the hand's outcome one more).
    valued = [d for d in decisions if d["hand"] == 1 and d["basis"] != "immediate"]
    assert page.eval_on_selector_all("#graph circle.pt, #graph circle.dot", "ds => ds.length") == len(valued)
    turn = marks_1[0]
    page.click(f"#graph circle.dot[data-step='{turn}']")
    assert position(page) == (1, turn)
    assert page.get_attribute("#alternatives", "data-turn") == str(turn)
    cursor = float(page.get_attribute("#graph-cursor", "x1"))
    dot = float(page.get_attribute(f"#graph circle.dot[data-step='{turn}']", "cx"))
    assert abs(cursor - dot) < 0.2  # the cursor stands on the play clicked
    # The game graph: every hand one after another; a dot of hand 2 goes to hand 2.
    page.click("#graph-game")
    assert page.get_attribute("#graph svg", "class") == "graph game"
    later = [d for d in decisions if d["hand"] == 2 and d["basis"] != "immediate"]
    target = next((d for d in later if d["mark"]), later[0])
    kind = "dot" if target["mark"] else "pt"
    page.click(f"#graph circle.{kind}[data-hand='2'][data-step='{target['turn']}']")
    assert position(page) == (2, target["turn"])
    assert page.get_attribute("#graph svg", "class") == "graph game"  # the mode stays
    page.screenshot(path=str(artifacts / "viewer-analysis-game-graph.png"), full_page=True)
    assert watched.errors == []


def test_the_players_and_the_ledger_on_their_tab(watched, made, artifacts):
    page = open_page(watched, made["page"])
    assert page.is_hidden("#summary")
    page.click("#tab-summary")
    assert page.is_visible("#summary") and page.is_hidden("main")
    rows = page.eval_on_selector_all(
        "#players tr[data-player]",
        "rows => rows.map(r => Object.fromEntries(Array.from(r.cells).map(c => [c.dataset.column, c.textContent])))",
    )
    figures = made["expected"]["figures"]
    assert [r["player"] for r in rows] == [NAME_A, NAME_B] == [f["player"] for f in figures]
    for row, f in zip(rows, figures):
        for column in ("decisions", "unforced", "marked", "dubious", "mistakes", "blunders", "missed_now", "unclaimed", "muggins_lost", "muggins_gained"):
            assert int(row[column]) == f[column], column
        assert row["error_rate"] == f"{f['error_rate']:.0%}"  # as muggins analyze says it
        assert float(row["missed"]) == pytest.approx(f["missed"], abs=0.05)
    game_lines = {line["who"]: line for line in made["expected"]["ledger"] if line["hand"] is None}
    ledger = page.eval_on_selector_all(
        "#ledger tr[data-who]", "rows => rows.map(r => [r.dataset.who, Object.fromEntries(Array.from(r.cells).slice(1).map(c => [c.dataset.column, c.textContent]))])"
    )
    assert [who for who, _ in ledger] == list(game_lines)
    for who, cells in ledger:
        for column, text in cells.items():
            figure = game_lines[who][column]
            assert text == ("" if figure is None else str(figure["value"])), (who, column)
    assert page.text_content("#summary-line").startswith(made["expected"]["summary"] + ". ")
    assert "on the exp and the now figures" in page.text_content("#summary-line")
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    page.screenshot(path=str(artifacts / "viewer-analysis-summary.png"), full_page=True)
    page.click("#tab-board")
    assert page.is_visible("main") and page.is_hidden("#summary")
    assert watched.dialogs == [] and watched.errors == []


def test_one_legend_says_what_every_figure_is(watched, made):
    page = open_page(watched, made["page"])
    keys = page.eval_on_selector_all("#legend dt", "ds => ds.map(d => d.textContent)")
    assert keys == ["value", "exp", "open", "now", "marks", "graph"]
    heads = page.eval_on_selector_all("#alternatives-box th", "hs => hs.map(h => h.textContent)")
    assert page.locator("#legend").count() == 1
    # Every figure column is one of the legend's keys (the deal has no table: step to a play).
    page.keyboard.press("ArrowRight")
    heads = page.eval_on_selector_all("#alternatives-box th", "hs => hs.map(h => h.textContent)")
    assert heads[1:] and set(heads[1:]) <= set(keys)
    assert "expected" in page.text_content("#graph-title").lower()


def test_at_phone_width_the_analysis_stays_on_the_page(browser, made, artifacts):
    context = browser.new_context(viewport={"width": 400, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["page"].as_uri())
    page.wait_for_selector("#graph svg")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    graph = page.eval_on_selector("#graph svg", "e => e.getBoundingClientRect().width")
    assert 300 <= graph <= 400
    page.screenshot(path=str(artifacts / "viewer-analysis-phone.png"), full_page=True)
    context.close()
    assert errors == []


def test_one_seats_view_shows_no_comments_and_only_its_own_decisions(watched, made):
    page = open_page(watched, made["as-b"])
    assert "comments are not shown in B's view" in page.text_content("#comments")
    assert page.evaluate("document.querySelectorAll('.comment').length") == 0
    assert "only B's own decisions" in page.text_content("#hidden-note")
    page.keyboard.press("ArrowRight")  # A's lead: not B's decision
    assert page.get_attribute("#alternatives", "data-turn") == ""
    assert "Bruno counts" not in page.content()
    page.keyboard.press("ArrowRight")  # B's 5-2
    assert page.get_attribute("#alternatives", "data-turn") == "2"
    assert page.locator("#alternatives td.v-open").count() == 0
    assert watched.errors == []
