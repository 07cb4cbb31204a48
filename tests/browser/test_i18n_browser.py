"""The pages in Spanish and Portuguese (issue 16): the browser's language chooses, the switch on
the page changes it, and the record's findings come in it too. The expected words are the
catalogues' (src/muggins/locale), the findings those of samples/allfives-2p.mgn (hand 1, turn
10: B claimed 10 for 4-4, which scores 15)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
FINDING = {
    "en": "B claimed 10 for 4-4, which scores 15 (ends count 15); A could have called Muggins; nobody did",
    "es": "B se anotó 10 por la 4-4, que da 15 (las puntas suman 15); A podía cantar Muggins; nadie lo hizo",
    "pt": "B marcou 10 pela 4-4, que dá 15 (as pontas somam 15); A podia gritar Muggins; ninguém gritou",
}


@pytest.fixture(scope="module")
def viewer_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("viewer-i18n") / "game.html"
    subprocess.run([sys.executable, "-m", "muggins", "view", str(SAMPLE), "-o", str(path)], capture_output=True, cwd=ROOT)
    assert path.is_file()
    return path


def _open(browser, path: Path, locale: str):
    context = browser.new_context(locale=locale, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(path.as_uri() + "#h1s10")
    return context, page, errors


def _words(page) -> dict[str, str]:
    return {
        "where": page.inner_text("#where"),
        "findings": page.inner_text("#findings"),
        "heads": page.eval_on_selector_all("aside h2", "all => all.map(e => e.textContent).join(' | ')"),  # as written, not as styled
        "hand": page.inner_text("#hand option >> nth=0"),
        "lang": page.eval_on_selector("html", "e => e.lang"),
    }


def test_the_viewer_speaks_the_browsers_language_and_switches(browser, viewer_path, artifacts):
    context, page, errors = _open(browser, viewer_path, "es-ES")
    try:
        words = _words(page)
        assert page.input_value("#lang") == "es" and words["lang"] == "es"
        assert words["where"].startswith("mano 1 de 2 · turno 10 de ")
        assert words["heads"].startswith("Puntos | ") and "Hallazgos en esta mano" in words["heads"]
        assert words["hand"] == "mano 1 (1 hallazgo)"
        assert FINDING["es"] in words["findings"] and "under-claim" in words["findings"]
        page.screenshot(path=str(artifacts / "viewer-es.png"))

        page.select_option("#lang", "pt")
        words = _words(page)
        assert words["lang"] == "pt" and words["where"].startswith("mão 1 de 2 · vez 10 de ")
        assert "Achados nesta mão" in words["heads"] and words["hand"] == "mão 1 (1 achado)"
        assert FINDING["pt"] in words["findings"]

        page.select_option("#lang", "en")
        words = _words(page)
        assert words["where"].startswith("hand 1 of 2 · turn 10 of ")
        assert words["heads"].startswith("Score | ") and FINDING["en"] in words["findings"]
        assert not errors
    finally:
        context.close()


def test_the_viewer_in_a_language_it_does_not_speak_is_english(browser, viewer_path):
    context, page, errors = _open(browser, viewer_path, "fr-FR")
    try:
        assert page.input_value("#lang") == "en"
        assert _words(page)["where"].startswith("hand 1 of 2 · turn 10 of ")
        assert not errors
    finally:
        context.close()


@pytest.fixture(scope="module")
def card_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("card-i18n") / "card.html"
    run = subprocess.run([sys.executable, "-m", "muggins", "keep", "-o", str(path)], capture_output=True, cwd=ROOT)
    assert run.returncode == 0 and path.is_file()
    return path


def _card_words(page) -> dict[str, str]:
    return {
        "title": page.text_content("#title"),
        "who": page.text_content("#mode-legend"),
        "start": page.text_content("#start"),
        "lang": page.eval_on_selector("html", "e => e.lang"),
    }


def test_the_scorecard_speaks_the_browsers_language_and_switches(browser, card_path, artifacts):
    context = browser.new_context(locale="es-ES", viewport={"width": 420, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(card_path.as_uri())
        page.wait_for_selector("#setup:not([hidden])")
        assert page.input_value("#lang") == "es"
        assert _card_words(page) == {"title": "Anotador", "who": "Quién juega", "start": "Empezar la partida", "lang": "es"}
        page.click("#start")  # two players, the default names and target
        page.wait_for_selector("#play:not([hidden])")
        assert page.text_content("#undo") == "Deshacer" and page.text_content("#end-hand") == "Fin de la mano"
        assert page.text_content("#muggins") == "¡Muggins!"
        page.screenshot(path=str(artifacts / "scorecard-es.png"))
        page.select_option("#lang", "pt")
        assert page.text_content("#undo") == "Desfazer" and page.text_content("#sheet-title") == "Folha de pontos"
        assert page.eval_on_selector("html", "e => e.lang") == "pt"
        page.select_option("#lang", "en")
        assert page.text_content("#undo") == "Undo" and page.text_content("#sheet-title") == "Score sheet"
        assert not errors
    finally:
        context.close()


# -- the analysis board and the pictures ----------------------------------------------------------


@pytest.fixture(scope="module")
def analysed_path(tmp_path_factory) -> Path:
    """The viewer of samples/allfives-2p.mgn with its analysis on both views (few samples: quick)."""
    path = tmp_path_factory.mktemp("viewer-i18n-analysis") / "game.html"
    run = subprocess.run(
        [sys.executable, "-m", "muggins", "view", str(SAMPLE), "--analyze", "--samples", "4", "--seed", "1", "-o", str(path)], capture_output=True, cwd=ROOT
    )
    assert path.is_file(), run.stderr
    return path


def _board_words(page) -> dict[str, object]:
    return {
        "legend": page.eval_on_selector_all("#legend dt", "ds => ds.map(d => d.textContent)"),
        "graph": page.text_content("#graph-title"),
        "tab": page.text_content("#tab-summary"),
        "players": page.eval_on_selector_all("#players th", "hs => hs.map(h => h.textContent)"),
        "ledger": page.eval_on_selector_all("#ledger th", "hs => hs.map(h => h.textContent)"),
        "alternatives": page.inner_text("#alternatives"),
        "heads": page.eval_on_selector_all("#alternatives th", "hs => hs.map(h => h.textContent)"),
        "picture": page.eval_on_selector_all("#picture svg text", "ts => ts.map(t => t.textContent)"),
        "summary": page.text_content("#summary-line"),
    }


def test_the_analysis_board_and_its_pictures_speak_the_language_and_switch(browser, analysed_path, artifacts):
    """Hand 1, turn 6 of the sample: B played 6-4 r, one of several moves (a judged play); after
    it the ends count 3 + 6 = 9 (nothing scored) and 10 tiles are in the boneyard."""
    context = browser.new_context(locale="es-ES", viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(analysed_path.as_uri() + "#h1s6")
        page.wait_for_selector("#graph svg")
        words = _board_words(page)
        assert words["legend"] == ["valor", "esp", "a la vista", "ahora", "marcas", "gráfica"]
        assert str(words["graph"]).startswith("Diferencia de puntos final esperada (Ana − Bruno)")
        assert words["tab"] == "Jugadores y libro"
        assert words["players"][:5] == ["jugador", "jugadas", "libres", "marcadas", "tasa de error"]
        assert words["ledger"][:3] == ["quién", "ganado", "anotado"]
        assert "B jugó 6-4 r" in str(words["alternatives"]) and "pérdida" in str(words["alternatives"])
        assert words["heads"][:3] == ["jugada", "ahora", "esp"]
        assert "las puntas suman 3 + 6 = 9  →  no da nada" in words["picture"] and "pozo: 10 fichas" in words["picture"]
        assert "decisiones libres marcadas" in str(words["summary"])
        page.screenshot(path=str(artifacts / "viewer-analysis-es.png"))

        page.select_option("#lang", "pt")
        words = _board_words(page)
        assert words["legend"] == ["valor", "esp", "à vista", "agora", "marcas", "gráfico"]
        assert str(words["graph"]).startswith("Diferença de pontos final esperada")
        assert "cemitério: 10 pedras" in words["picture"] and "B jogou 6-4 r" in str(words["alternatives"])
        assert words["players"][:2] == ["jogador", "jogadas"]

        page.select_option("#lang", "en")
        words = _board_words(page)
        assert words["legend"] == ["value", "exp", "open", "now", "marks", "graph"]
        assert str(words["graph"]).startswith("Expected final point difference")
        assert "ends count 3 + 6 = 9  →  scores nothing" in words["picture"] and "boneyard: 10 tiles" in words["picture"]
        assert "B played 6-4 r" in str(words["alternatives"]) and words["players"][:2] == ["player", "moves"]
        assert not errors
    finally:
        context.close()
