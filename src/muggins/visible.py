"""What record text looks like on a terminal: its control characters written out, and its width.

Record text is untrusted (see muggins.cli.output, which prints it): before it reaches a terminal
every control character is written out (``\\x1b``), so a caret under a line of it must count
those as they are shown, and a wide character (漢) as the two columns it takes. This module
imports nothing of muggins: the diagnostics, below the command line, place their carets with it.
"""

from __future__ import annotations

import re
import unicodedata

#: C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides and
#: isolates that make a terminal show text in another order than it is written.
#: Lone surrogates too: what Python makes of the bytes of a file name that are not UTF-8
#: (``os.fsdecode``: the byte 0xe9 is ``\\udce9``), which no UTF-8 stream can write.
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

#: Lone surrogates alone: what data that must stay UTF-8 (CSV, Parquet) writes out (utf8_text).
SURROGATES = re.compile("[\ud800-\udfff]")


def _written(match: re.Match[str]) -> str:
    """One character as it is written out: ``\\x1b``, ``\\u202e``; a lone surrogate that stands
    for a byte of a name that is not UTF-8 as that byte (``\\xe9``), any other as ``\\udXXX``."""
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character written out (``\\x1b``), tab and newline kept,
    and every lone surrogate (``\\xe9`` for the byte 0xe9 of a file name that is not UTF-8),
    so that any stream, however strict its encoding, can write it."""
    if not CONTROLS.search(text):
        return text
    return CONTROLS.sub(_written, text)


def utf8_text(text: str) -> str:
    """``text`` that encodes in UTF-8 (data that must stay valid UTF-8: CSV, Parquet): each lone
    surrogate written out as :func:`visible` writes it (``\\xe9`` for the byte 0xe9 of a name
    that is not UTF-8), control characters kept."""
    if not SURROGATES.search(text):
        return text
    return SURROGATES.sub(_written, text)


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal once :func:`visible`: a wide or full-width
    character two, a combining mark none, a written-out control character its letters."""
    width = 0
    for char in visible(text):
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width
