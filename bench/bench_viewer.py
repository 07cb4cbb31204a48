"""How big the replay viewer's page is and how fast it steps: prints figures, asserts nothing.

    python bench/bench_viewer.py [--hands 20] [--players 2] [--seed 7] [--out bench/out/viewer.html]
                                 [--no-analysis] [--samples 64] [--quick] [--json]

Simulates an All Fives game of ``--hands`` hands (the target raised so the game does not end
first; a player forgets a claim now and then, so the audit has findings to mark), builds the
page and prints its size and how long building took. Then the same with the analysis beside
the board, as ``muggins view --analyze`` makes it: the record analysed on the expected view
(at most ``--samples`` sampled deals a decision) and on the open cards (the library's
``analyze_record``; its time is printed apart), the page built with both. Each page is opened
in headless Chromium (``MUGGINS_CHROMIUM``, default /usr/bin/chromium; needs Playwright),
which gives the load time and the time one step takes: through every position with the
right-arrow key as a user presses it, and inside the page (the key event handled and the page
laid out again: the board, and with the analysis the alternatives and the graph's cursor),
first visit (the position's picture parsed) and second visit (cached). Without Playwright or
the browser it says so on stderr and prints the page figures only.

``--json``: the figures as one JSON object on the last line (for bench/run.py): ``page_mb``,
``build_s``, and with the browser ``load_s``, ``step_ms`` (a key press, Playwright's round trip
included) and the in-page medians ``page_step_ms_first`` and ``page_step_ms_cached``; with
the analysis ``analysis_s`` (CPU seconds of both views) and the same page and browser figures
again, each ending ``_analysis``. ``--quick``: 3 hands, at most 8 samples.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

from muggins.analysis.analyze import Judging, analyze_record, to_json
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


def simulated(hands: int, players: int, seed: int):
    """The simulated game and its rules."""
    rules = rulesmod.with_overrides(rulesmod.load("allfives"), [("target", 5000)], where="bench")
    options = Options(players=players, forget=0.2, max_hands=hands)
    return next(simulate(rules, seed, options=options)), rules


def analysed(record, rules, samples: int) -> tuple[dict, float]:
    """The record analysed on both views, as view --analyze does it: (entries, CPU seconds)."""
    from muggins.analysis.solver import searching

    start = time.process_time()
    with searching():
        entries = {view: to_json(analyze_record(record, rules, judging=Judging(view, samples))) for view in ("expected", "open-cards")}
    return entries, time.process_time() - start


def build_page(record, rules, out: Path, analysis: dict | None = None, suffix: str = "") -> tuple[int, dict[str, float]]:
    """Write the page of ``record`` (with ``analysis`` beside the board) to ``out``: (its positions, page figures)."""
    positions = sum(len(h.turns) + 2 for h in record.hands)
    gc.collect()  # what the analysis left behind is not the page's to pay for
    start = time.perf_counter()
    html = viewer_html(record, rules, "bench.mgn", analysis=analysis)
    built = time.perf_counter() - start
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    size = out.stat().st_size
    what = "page with the analysis" if analysis else "page"
    print(f"{what}: {size / 1e6:.2f} MB ({size / positions / 1e3:.1f} kB per position), built in {built:.2f} s")
    return positions, {"page_mb" + suffix: round(size / 1e6, 2), "build_s" + suffix: round(built, 3)}


def browser_missing() -> str | None:
    """Why the browser figures cannot be had, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (set MUGGINS_CHROMIUM)"
    return None


def step_through(out: Path, positions: int, suffix: str = "") -> dict[str, float]:
    """Load the page in headless Chromium and step through every position: browser figures."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        start = time.perf_counter()
        page.goto(out.resolve().as_uri())
        page.wait_for_selector("#picture svg")
        loaded = time.perf_counter() - start
        print(f"{out.name}: load {loaded:.2f} s to the first picture")
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
        "load_s" + suffix: round(loaded, 2),
        "step_ms" + suffix: round(pressed * 1e3, 1),
        "page_step_ms_first" + suffix: round(first["median"], 2),
        "page_step_ms_cached" + suffix: round(second["median"], 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=OUT / "viewer.html")
    parser.add_argument("--no-analysis", dest="analysis", action="store_false", help="the page without the analysis only")
    parser.add_argument("--samples", type=int, default=64, help="the analysis: at most this many sampled deals a decision")
    parser.add_argument("--quick", action="store_true", help="3 hands, at most 8 samples: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.samples = 3, min(args.samples, 8)
    record, rules = simulated(args.hands, args.players, args.seed)
    print(f"record: {len(record.hands)} hands, {sum(len(h.turns) + 2 for h in record.hands)} positions (deal, each turn, end of hand)")
    positions, figures = build_page(record, rules, args.out)
    pages = [(args.out, "")]
    if args.analysis:
        entries, seconds = analysed(record, rules, args.samples)
        decisions = len(entries["expected"]["decisions"])
        print(f"analysis: {decisions} decisions judged on each view (expected: at most {args.samples} samples each), {seconds:.1f} s CPU for both")
        figures["analysis_s"] = round(seconds, 1)
        with_analysis = args.out.with_name(args.out.stem + "-analysis" + args.out.suffix)
        figures.update(build_page(record, rules, with_analysis, entries, "_analysis")[1])
        pages.append((with_analysis, "_analysis"))
    missing = browser_missing()
    if missing:
        print(f"browser figures: {missing}", file=sys.stderr)
    else:
        for page, suffix in pages:
            figures.update(step_through(page, positions, suffix))
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
