"""The caret under a syntax error stands under the character it points at as the terminal shows
the line: a control character written out (``\\x1b``, 4 columns) and a wide character (漢, 2
columns) pushed it left of its mark (it was placed by the raw column)."""

from __future__ import annotations

import pytest

from cli_run import run
from muggins.visible import columns

HEAD = '[Seat A "A"]\n[Seat B "B"]\n\nhand 1\n'


@pytest.mark.parametrize(
    "comment, shown, spaces",
    [
        # "A 5-5 +10 {" 11, then the comment as shown, then "} B 5-2 " 8: "right" starts there
        ("\x1b[1m", "{\\x1b[1m}", 11 + 4 + 3 + 8),
        ("漢字漢字", "{漢字漢字}", 11 + 8 + 8),
        ("plain", "{plain}", 11 + 5 + 8),
    ],
)
def test_the_caret_stands_under_the_bad_word(tmp_path, comment, shown, spaces):
    path = tmp_path / "caret.mgn"
    path.write_text(HEAD + "A 5-5 +10 {" + comment + "} B 5-2 right\n", encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 1  # a record with a problem (the syntax error)
    lines = result.stderr.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  A 5-5 +10 "))
    assert lines[at] == "  A 5-5 +10 " + shown + " B 5-2 right"
    assert lines[at + 1] == "  " + " " * spaces + "^"


def test_columns_counts_as_a_terminal_shows():
    assert columns("abc") == 3
    assert columns("漢a") == 3
    assert columns("e\u0301") == 1  # e and a combining acute accent: one column
    assert columns("\x1b") == 4  # written out as \x1b
    assert columns("\u202e") == 6  # written out as \u202e
