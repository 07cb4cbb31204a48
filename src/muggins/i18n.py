"""The one translation mechanism: English in the code, Spanish and Portuguese from catalogues.

The standard library's :mod:`gettext`, with the domain ``muggins`` and its compiled catalogues
shipped in the package (``locale/<lang>/LC_MESSAGES/muggins.mo``, built from the ``.po`` beside
them by ``python tools/i18n.py compile``; tests/test_i18n.py holds the two together).

Two ways to mark text, both read by the extractor (tools/i18n.py):

- ``_("text")``: translated now, into the language in use. For presentation: table headers,
  summaries, command help.
- ``msg("template {name}", name=value)``: a :class:`Message`, whose value is the English text
  (so JSON, golden files and every comparison see English, whatever the language) and which
  :func:`localize` says in the language in use, its arguments in it too where they are messages
  themselves. For what the layers below the command line build: findings, diagnostics, reasons.
  ``plural(singular, plural, n)`` is the same for a count; ``N_("text")`` marks a constant that
  is translated where it is shown (``_(constant)``).

The language is English until :func:`use` says otherwise; the command line chooses it
(:func:`from_environment`, ``--lang``). Nothing here imports another muggins module.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DOMAIN = "muggins"
#: The languages muggins speaks; English is the source language, the others are catalogues.
LANGUAGES = ("en", "es", "pt")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The environment variables that name the language of messages, first found first (POSIX).
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")

_language = "en"
_translation: gettext.NullTranslations = gettext.NullTranslations()


def normalise(value: str | None) -> str | None:
    """``es_ES.UTF-8``, ``pt-BR``, ``es`` -> ``es`` / ``pt``; ``C``, ``POSIX``, ``en_GB`` -> ``en``;
    a language muggins does not speak -> None."""
    if not value:
        return None
    code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return "en"
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: the first of LC_ALL, LC_MESSAGES, LANG that is set
    (as the C library reads them); English where it names none muggins speaks."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name)
        if value:
            return normalise(value) or "en"
    return "en"


def use(language: str) -> None:
    """Speak ``language`` (one of :data:`LANGUAGES`, or anything :func:`normalise` reads) from now on."""
    global _language, _translation
    code = normalise(language)
    if code is None:
        raise ValueError(f"unknown language {language!r}: muggins speaks {', '.join(LANGUAGES)}")
    _language = code
    if code == "en":
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)


def language() -> str:
    """The language in use."""
    return _language


def _(text: str) -> str:
    """``text`` in the language in use (itself where the catalogue lacks it)."""
    return text if _language == "en" else _translation.gettext(text)


def N_(text: str) -> str:
    """``text`` marked for translation where it is shown (with :func:`_`), not here."""
    return text


class Message(str):
    """English text that can say itself in another language (:func:`localize`).

    Its value as a string is the English text, so everything that stores, compares or writes it
    as data sees English. It pickles (``--jobs`` sends findings between processes).
    """

    template: str
    plural_template: str | None
    args: dict[str, Any]

    def __new__(cls, template: str, plural_template: str | None = None, args: Mapping[str, Any] | None = None) -> Message:
        args = dict(args or {})
        chosen = plural_template if plural_template is not None and args.get("n") != 1 else template
        self = super().__new__(cls, chosen.format(**args))
        self.template, self.plural_template, self.args = template, plural_template, args
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.template, self.plural_template, self.args))

    def localized(self) -> str:
        """This message in the language in use (English where the catalogue lacks it)."""
        if _language == "en":
            return str(self)
        args = {key: localize(value) if isinstance(value, Message) else value for key, value in self.args.items()}
        if self.plural_template is None:
            chosen = _translation.gettext(self.template)
        else:
            chosen = _translation.ngettext(self.template, self.plural_template, int(args.get("n", 0)))
        try:
            return chosen.format(**args)
        except (KeyError, IndexError, ValueError):  # a catalogue that names other fields: English
            return str(self)


def msg(template: str, /, **args: Any) -> Message:
    """A message built from ``template`` (``str.format`` fields) and ``args``, in English, that
    :func:`localize` translates; an argument that is itself a :class:`Message` is translated too."""
    return Message(template, None, args)


def plural(singular: str, plural_form: str, n: int, /, **args: Any) -> Message:
    """:func:`msg` for a count: ``plural("{n} record", "{n} records", 3)``."""
    return Message(singular, plural_form, {**args, "n": n})


def reason(exc: BaseException) -> str:
    """What an exception says: its message as it was raised (a :class:`Message` stays one, to be
    said in the language in use), else its text. ``str(exc)`` would give the English text only."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


def either(items: Iterable[str]) -> str:
    """``N or S or W``: the items joined with the word for "or" (a :class:`Message` from two on)."""
    joined: str | None = None
    for item in items:
        joined = item if joined is None else msg("{first} or {second}", first=joined, second=item)
    return "" if joined is None else joined


def joined(items: Iterable[str], separator: str = ", ") -> str:
    """The items joined with ``separator``, each said in the language in use where it is a
    :class:`Message` (the whole is one then)."""
    parts = list(items)
    if not any(isinstance(part, Message) for part in parts):
        return separator.join(parts)
    between = separator.replace("{", "{{").replace("}", "}}")
    return Message(between.join(f"{{_{i}}}" for i in range(len(parts))), None, {f"_{i}": part for i, part in enumerate(parts)})


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` inside the block, and the language in use before it after."""
    before = _language
    if normalise(language) == before:  # (each record of a run says so: nothing to change)
        yield
        return
    use(language)
    try:
        yield
    finally:
        use(before)


def translations(texts: Iterable[str]) -> dict[str, dict[str, str]]:
    """For a page that changes its language itself: each of ``texts`` in every language but
    English, ``{"es": {english: spanish}, "pt": {...}}`` (a :class:`Message` as :func:`localize`
    says it, other text as the catalogue has it; only the texts that change)."""
    unique = list(dict.fromkeys(texts))
    out: dict[str, dict[str, str]] = {}
    for code in LANGUAGES[1:]:
        with speaking(code):
            said = {str(text): localize(text) if isinstance(text, Message) else _(text) for text in unique}
        out[code] = {english: words for english, words in said.items() if words != english}
    return out


def localize(text: str) -> str:
    """``text`` in the language in use, where it is a :class:`Message`; other text (a record's
    names, a file's path) is said as it is."""
    return text.localized() if isinstance(text, Message) else text
