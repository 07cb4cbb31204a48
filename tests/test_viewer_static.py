"""The viewer's HTML, CSS and JavaScript are real files (pictures/static/), shipped with the
package and written into every page as they are: the page runs exactly the script on disk."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from muggins.notation.parser import read_file
from muggins.pictures.viewer import static_text, viewer_html
from muggins.replay.resolve import rules_for

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "pictures" / "static"
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
MARKER = re.compile(r"@([A-Z]+)@")


def page() -> str:
    record = next(iter(read_file(SAMPLE)))
    return viewer_html(record, rules_for(record), "game.mgn")


def test_the_page_inlines_the_shipped_script_and_style_as_they_are():
    html = page()
    (script,) = re.findall(r"<script>(.*?)</script>", html, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", html, re.S)
    # static/i18n.js (the page's words in the language chosen) first, then the viewer's own.
    assert script == "\n" + (STATIC / "i18n.js").read_text(encoding="utf-8") + (STATIC / "viewer.js").read_text(encoding="utf-8")
    assert style.startswith("\n" + (STATIC / "viewer.css").read_text(encoding="utf-8"))
    assert ".muggins-position" in style[len((STATIC / "viewer.css").read_text(encoding="utf-8")) :]


def test_the_page_is_the_template_with_its_markers_filled():
    template = (STATIC / "viewer.html").read_text(encoding="utf-8")
    assert sorted(MARKER.findall(template)) == ["DATA", "POLICY", "SCRIPT", "SPRITE", "STYLE", "WORDS"]
    html = page()
    head, tail = template.split("@POLICY@")
    assert html.startswith(head) and html.endswith(tail.rsplit("@SCRIPT@", 1)[1])


def test_the_static_files_hold_no_markers_or_placeholders():
    # They go into the page as they are: nothing in them is filled in.
    # (The {fields} of a message the page says with tt("...") are its own, filled by tt.)
    for name in ("viewer.js", "viewer.css", "i18n.js"):
        text = re.sub(r'\btt\("(?:[^"\\]|\\.)*"', "tt(", (STATIC / name).read_text(encoding="utf-8"))
        assert not MARKER.search(text), name
        assert not re.search(r"%\(\w+\)s|\{[A-Za-z_]\w*\}", text), name


def test_static_text_reads_the_packaged_file():
    assert static_text("viewer.js") == (STATIC / "viewer.js").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to check the script's syntax")
def test_the_script_is_valid_javascript_as_a_file(tmp_path):
    assert subprocess.run(["node", "--check", str(STATIC / "viewer.js")], capture_output=True).returncode == 0
    assert subprocess.run(["node", "--check", str(STATIC / "i18n.js")], capture_output=True).returncode == 0
    # The check can fail: a Python placeholder left in the script is not JavaScript.
    broken = tmp_path / "broken.js"
    broken.write_text((STATIC / "viewer.js").read_text(encoding="utf-8").replace("var hands = data.hands;", "var hands = {hands!r};"))
    assert subprocess.run(["node", "--check", str(broken)], capture_output=True).returncode != 0
