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
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _written(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character written out (``\\x1b``), tab and newline kept."""
    if not CONTROLS.search(text):
        return text
    return CONTROLS.sub(_written, text)


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal once :func:`visible`: a wide or full-width
    character two, a combining mark none, a written-out control character its letters."""
    width = 0
    for char in visible(text):
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width
