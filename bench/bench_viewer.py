"""How big the replay viewer's page is and how fast it steps: prints figures, asserts nothing.

    python bench/bench_viewer.py [--hands 20] [--players 2] [--seed 7] [--out bench/out/viewer.html]

Simulates an All Fives game of ``--hands`` hands (the target raised so the game does not end
first; a player forgets a claim now and then, so the audit has findings to mark), builds the
page and prints its size and how long building took. Then opens it in headless Chromium
(``MUGGINS_CHROMIUM``, default /usr/bin/chromium; needs Playwright) and prints the load time
and the time one step takes: through every position with the right-arrow key as a user
presses it, and inside the page (the key event handled and the page laid out again), first
visit (the position's picture parsed) and second visit (cached).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from muggins.analysis.viewer import viewer_html
from muggins.replay import rules as rulesmod
from muggins.replay.simulate import Options, simulate

# The same browser, started the same way, as the browser tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from browser_setup import launch  # noqa: E402

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default="bench/out/viewer.html")
    args = parser.parse_args()

    rules = rulesmod.with_overrides(rulesmod.load("allfives"), [("target", 5000)], where="bench")
    options = Options(players=args.players, forget=0.2, max_hands=args.hands)
    record = next(simulate(rules, args.seed, options=options))
    positions = sum(len(h.turns) + 2 for h in record.hands)
    start = time.perf_counter()
    html = viewer_html(record, rules, "bench.mgn")
    built = time.perf_counter() - start
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    size = out.stat().st_size
    print(f"record: {len(record.hands)} hands, {positions} positions (deal, each turn, end of hand)")
    print(f"page: {size / 1e6:.2f} MB ({size / positions / 1e3:.1f} kB per position), built in {built:.2f} s")

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("browser figures: Playwright is not installed", file=sys.stderr)
        return 0
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        start = time.perf_counter()
        page.goto(out.resolve().as_uri())
        page.wait_for_selector("#picture svg")
        print(f"load: {time.perf_counter() - start:.2f} s to the first picture")
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
        for name, figures in (("first visit", first), ("second visit", second)):
            print(
                f"in the page, {name}: mean {figures['mean']:.2f} ms, median {figures['median']:.2f} ms,"
                f" worst {figures['worst']:.2f} ms per step"
            )
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
