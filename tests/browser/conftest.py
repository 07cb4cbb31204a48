"""A real headless Chromium for the browser tests, driven by Playwright (see ``browser_setup.py``).

When the browser cannot start the tests fail and say why: they are never skipped silently.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_setup import CHROMIUM, launch

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "browser: end-to-end tests in a real headless Chromium (run by default)")


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        pytest.fail(f"the browser tests need Playwright (pip install '.[test]'): {exc}", pytrace=False)
    if not Path(CHROMIUM).is_file():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: install it (apt-get install -y chromium) or set MUGGINS_CHROMIUM",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        try:
            launched = launch(playwright)
        except Exception as exc:  # any launch failure: report it as the test's failure
            pytest.fail(f"Chromium at {CHROMIUM} does not start: {exc}", pytrace=False)
        yield launched
        launched.close()


class Watched:
    """A page and everything it tried to do besides drawing: dialogs, console errors, requests."""

    def __init__(self, page) -> None:
        self.page = page
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("dialog", self._dialog)
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: self.requests.append(r.url))

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()


@pytest.fixture
def watched(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    yield Watched(page)
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
