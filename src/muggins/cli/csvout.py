"""CSV as muggins writes it: cells from record text cannot become spreadsheet formulas.

A name, an event, a comment or a file name is written by whoever wrote the record. A spreadsheet
opening the CSV runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage
return before one) as a formula, so such a cell gets a leading ``'`` as OWASP advises; a number,
or text that is only a number (``-40``), stays as it is.
"""

from __future__ import annotations

import re
from typing import Iterable

#: What a spreadsheet may read as the start of a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?\Z")


def cell(value: object) -> object:
    """``value`` as a CSV cell that no spreadsheet runs."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.match(value):
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
