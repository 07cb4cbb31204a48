"""What every self-contained page shares: static files inlined, data embedded, a strict policy.

A page is a template from ``static/`` whose markers (``@NAME@``) are filled in one pass with its
style, its script, its data and a Content-Security-Policy that allows only that style and script
(by their hashes): nothing is fetched and nothing else runs, even if a record's text were to slip
markup in. Data goes in as JSON with no ``<``, ``>`` or ``&`` characters (:func:`embed_json`).
The viewer (``viewer.py``) and the scorecard (``scorecard.py``) are such pages.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from functools import cache
from importlib import resources
from typing import Iterable, NamedTuple


def static_text(name: str) -> str:
    """The text of ``static/NAME``, shipped with the package (lines end in ``\\n`` however the
    file was checked out)."""
    return resources.files("muggins.pictures").joinpath("static", name).read_text(encoding="utf-8")


class Skeleton(NamedTuple):
    """A page's template, its inline style and script, and the policy that allows just those."""

    template: str
    style: str
    script: str
    policy: str


@cache
def skeleton(template: str, style_file: str, script_file: str, extra_style: str = "") -> Skeleton:
    """The page made of these static files, read once per process (they do not change while it
    runs). Each inline block starts on a line of its own; the hashes cover exactly what is inlined."""
    style = "\n" + static_text(style_file) + extra_style
    script = "\n" + static_text("i18n.js") + static_text(script_file)
    policy = (
        f"default-src 'none'; script-src {_sha256(script)}; style-src {_sha256(style)};"
        " img-src 'none'; connect-src 'none'; form-action 'none'; base-uri 'none'"
    )
    return Skeleton(static_text(template), style, script, policy)


def fill(page: Skeleton, **parts: str) -> str:
    """The page with its markers filled: ``POLICY``, ``STYLE``, ``SCRIPT`` and ``parts``. One pass
    over the template: text put in is never searched for markers again."""
    values = {"POLICY": page.policy, "STYLE": page.style, "SCRIPT": page.script, **parts}
    return re.sub(r"@([A-Z]+)@", lambda m: values[m.group(1)], page.template)


def embed_json(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` characters at all."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


#: The page's own words: ``tt("...")`` and ``N_("...")`` in its script, the text of an element marked ``data-t``
#: and every ``title`` and ``aria-label`` in its HTML (static/i18n.js says them in the page).
PAGE_WORDS = {
    "js": (re.compile(r"""\b(?:tt|N_)\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]"""),),
    "html": (re.compile(r"<[a-z0-9]+\b[^>]*\bdata-t\b[^>]*>([^<]+)<"), re.compile(r"""\b(?:title|aria-label)="([^"]+)\"""")),
}


def page_words(text: str, kind: str) -> list[str]:
    """The words a static file (``kind``: js or html) says through static/i18n.js, in order."""
    found = []
    for pattern in PAGE_WORDS[kind]:
        for match in pattern.finditer(text):
            raw = match.group(1)
            found.append(json.loads(f'"{raw}"') if kind == "js" else html.unescape(raw))
    return found


def words_json(files: tuple[str, ...], data: object, more: Iterable[str] = ()) -> str:
    """The translations a page embeds (``@WORDS@``): its files' words, every message in its
    ``data`` (muggins.i18n Messages, found wherever they are in it) and ``more`` (the messages
    its pictures say), in each language but English."""
    from muggins.i18n import Message, translations

    texts = [w for name in files for w in page_words(static_text(name), name.rpartition(".")[2])]
    texts.extend(more)

    def messages(value: object) -> None:
        if isinstance(value, Message):
            texts.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                messages(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                messages(item)

    messages(data)
    return embed_json(translations(texts))


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"
