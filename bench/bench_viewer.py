"""How big the replay viewer's page is and how fast it steps: prints figures, asserts nothing.

    python bench/bench_viewer.py [--hands 20] [--players 2] [--seed 7] [--out bench/out/viewer.html]
                                 [--quick] [--json]

Simulates an All Fives game of ``--hands`` hands (the target raised so the game does not end
first; a player forgets a claim now and then, so the audit has findings to mark), builds the
page and prints its size and how long building took. Then opens it in headless Chromium
(``MUGGINS_CHROMIUM``, default /usr/bin/chromium; needs Playwright) and prints the load time
and the time one step takes: through every position with the right-arrow key as a user
presses it, and inside the page (the key event handled and the page laid out again), first
visit (the position's picture parsed) and second visit (cached). Without Playwright or the
browser it says so on stderr and prints the page figures only.

``--json``: the figures as one JSON object on the last line (for bench/run.py): ``page_mb``,
``build_s``, and with the browser ``load_s``, ``step_ms`` (a key press, Playwright's round trip
included) and the in-page medians ``page_step_ms_first`` and ``page_step_ms_cached``.
``--quick``: 3 hands.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from muggins.pictures.viewer import viewer_html
from muggins.replay import rules as rulesmod
from muggins.replay.simulate import Options, simulate

# The same browser, started the same way, as the browser tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from browser_setup import CHROMIUM, launch  # noqa: E402

OUT = Path(__file__).resolve().parent / "out"

STEP_ALL = """(count) => {
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    document.body.offsetHeight;  // force style and layout
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, median: times[times.length >> 1],
           worst: times[times.length - 1] };
}"""


def build_page(hands: int, players: int, seed: int, out: Path) -> tuple[int, dict[str, float]]:
    """Write the page of a simulated game to ``out``: (its positions, page figures)."""
    rules = rulesmod.with_overrides(rulesmod.load("allfives"), [("target", 5000)], where="bench")
    options = Options(players=players, forget=0.2, max_hands=hands)
    record = next(simulate(rules, seed, options=options))
    positions = sum(len(h.turns) + 2 for h in record.hands)
    start = time.perf_counter()
    html = viewer_html(record, rules, "bench.mgn")
    built = time.perf_counter() - start
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    size = out.stat().st_size
    print(f"record: {len(record.hands)} hands, {positions} positions (deal, each turn, end of hand)")
    print(f"page: {size / 1e6:.2f} MB ({size / positions / 1e3:.1f} kB per position), built in {built:.2f} s")
    return positions, {"page_mb": round(size / 1e6, 2), "build_s": round(built, 3)}


def browser_missing() -> str | None:
    """Why the browser figures cannot be had, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (set MUGGINS_CHROMIUM)"
    return None


def step_through(out: Path, positions: int) -> dict[str, float]:
    """Load the page in headless Chromium and step through every position: browser figures."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        start = time.perf_counter()
        page.goto(out.resolve().as_uri())
        page.wait_for_selector("#picture svg")
        loaded = time.perf_counter() - start
        print(f"load: {loaded:.2f} s to the first picture")
        steps = positions - 1
        start = time.perf_counter()
        for _ in range(steps):
            page.keyboard.press("ArrowRight")
        pressed = (time.perf_counter() - start) / steps
        print(f"key presses through every position: {pressed * 1e3:.1f} ms per step (with Playwright's round trip)")
        page.keyboard.press("Home")
        page.evaluate("() => { location.hash = ''; }")
        page.reload()
        page.wait_for_selector("#picture svg")
        first = page.evaluate(STEP_ALL, steps)
        page.select_option("#hand", "0")
        second = page.evaluate(STEP_ALL, steps)
        browser.close()
    for name, figures in (("first visit", first), ("second visit", second)):
        print(
            f"in the page, {name}: mean {figures['mean']:.2f} ms, median {figures['median']:.2f} ms,"
            f" worst {figures['worst']:.2f} ms per step"
        )
    return {
        "load_s": round(loaded, 2),
        "step_ms": round(pressed * 1e3, 1),
        "page_step_ms_first": round(first["median"], 2),
        "page_step_ms_cached": round(second["median"], 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=OUT / "viewer.html")
    parser.add_argument("--quick", action="store_true", help="3 hands: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    if args.quick:
        args.hands = 3
    positions, figures = build_page(args.hands, args.players, args.seed, args.out)
    missing = browser_missing()
    if missing:
        print(f"browser figures: {missing}", file=sys.stderr)
    else:
        figures.update(step_through(args.out, positions))
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
