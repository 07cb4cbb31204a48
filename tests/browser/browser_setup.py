"""Which Chromium the browser tests (and bench/bench_viewer.py) run, and how it is started.

The distribution's browser (``apt-get install chromium``), or the one ``MUGGINS_CHROMIUM``
names; never a browser Playwright would download. The flags keep it headless and quiet: no
sandbox (CI runs as root), no GPU, no background network traffic of its own.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("MUGGINS_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch(playwright):
    """Start the headless browser with Playwright (raises whatever Playwright raises)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
