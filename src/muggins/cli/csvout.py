"""CSV as muggins writes it: cells from record text cannot become spreadsheet formulas.

A name, an event, a comment or a file name is written by whoever wrote the record. A spreadsheet
opening the CSV runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage
return before one) as a formula, so such a cell gets a leading ``'`` as OWASP advises; a number,
or text that is only a number (``-40``), stays as it is. The text stays UTF-8: the bytes of a
file name that are not UTF-8 are written out (``caf\\xe9.mgn``).
"""

from __future__ import annotations

import re
from typing import Iterable

from muggins.visible import utf8_text

#: What a spreadsheet may read as the start of a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?\Z")


def cell(value: object) -> object:
    """``value`` as a CSV cell that no spreadsheet runs, in UTF-8 (a file name's bytes that are
    not UTF-8 written out, ``\\xe9``: see visible.utf8_text)."""
    if isinstance(value, str):
        value = utf8_text(value)
        if value.startswith(FORMULA_START) and not _NUMBER.match(value):
            return "'" + value
    return value


def csv_text(rows: Iterable[Iterable[object]], lineterminator: str = "\r\n") -> str:
    """``rows`` as CSV text, each cell through :func:`cell`."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator=lineterminator)
    for row in rows:
        writer.writerow([cell(value) for value in row])
    return text.getvalue()
