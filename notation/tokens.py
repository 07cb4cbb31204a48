"""The notation's token shapes and statement order for the readers without lark, as read off mgn.lark.

:data:`SPEC` is what :func:`muggins.notation.derive.derive` makes of the grammar (see derive.py
for what it holds). It comes from ``mgn_tokens.py``, written ahead of time beside this module by
``python -m muggins.notation.table``, while that file was written for the grammar as it is (it
holds the grammar's text to tell); otherwise it is derived again at start, with lark. Either way
it is the grammar's: nothing here or in the modules that use it writes a token again.
"""

from __future__ import annotations

from typing import Any

from muggins.notation.table import GRAMMAR_PATH

TOKENS_PATH = GRAMMAR_PATH.with_name("mgn_tokens.py")


def load() -> dict[str, Any]:
    """The spec of the grammar file as it is now: the one shipped when it fits, else derived."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    try:
        from muggins.notation import mgn_tokens
    except ImportError:
        mgn_tokens = None  # type: ignore[assignment]
    if mgn_tokens is not None and mgn_tokens.GRAMMAR == grammar:
        return mgn_tokens.SPEC
    from muggins.notation.derive import derive

    return derive(grammar)


def tokens_source() -> str:
    """The text of ``mgn_tokens.py`` for the grammar as it is now."""
    import pprint

    from muggins.notation.derive import derive

    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    return (
        '"""The token shapes and statement order of mgn.lark, written by ``python -m muggins.notation.table``\n'
        '(notation/derive.py says what they are): do not edit."""\n\n'
        f"GRAMMAR = {grammar!r}\n\n"
        f"SPEC = {pprint.pformat(derive(grammar), width=110, sort_dicts=False)}\n"
    )


SPEC: dict[str, Any] = load()
#: Each terminal's own shape (without the blanks it swallows), by name.
TERMINALS: dict[str, str] = SPEC["TERMINALS"]
#: The keywords: terminal name -> its one spelling, in the grammar's order.
KEYWORDS: dict[str, str] = SPEC["KEYWORDS"]
