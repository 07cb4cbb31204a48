"""The parse table of ``mgn.lark``, built ahead of time so that a run does not build it.

Building the LALR table from the grammar, with lark's strict checks, takes about 0.2 s. Lark's
own ``cache=True`` keeps it as a pickle in the shared temporary folder, under a name anyone on
the machine can guess, and loads whatever it finds there. Instead the table is written once,
by ``python -m muggins.notation.table``, into ``mgn_table.py`` beside this module (a bytes
constant: it ships and installs like any module), with the SHA-256 of the grammar and the lark
version it was built with. At run time, while both still match, the parser is loaded from it
(about a millisecond beside lark's own set-up of its lexer); when either does not (the grammar
was edited and the table not written again, or another lark is installed), the table is built
from the grammar and kept in the user's own cache folder. Either way the parser is the same.
(The table's bytes differ from one writing to the next, since lark numbers some states in an
order of object identity; what tells whether it is current is the grammar's digest.)
"""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lark import Lark

#: The grammar file, installed next to this module.
GRAMMAR_PATH: Path = Path(__file__).with_name("mgn.lark")
TABLE_PATH: Path = Path(__file__).with_name("mgn_table.py")

#: How the grammar is compiled: LALR with the contextual lexer, strict (no terminal collisions).
OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "strict": True, "maybe_placeholders": False}


def grammar_digest(grammar: str) -> str:
    import hashlib

    return hashlib.sha256(grammar.encode("utf-8")).hexdigest()


def build(**runtime: Any) -> Lark:
    """The lark parser for ``mgn.lark``: from the shipped table when it fits the grammar and the
    installed lark, else built (and cached in the user's cache folder). ``runtime``: the options
    that are not part of the table (``transformer``, ``lexer_callbacks``, ``_plugins``)."""
    import lark

    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    shipped = _shipped()
    if shipped is not None and shipped.GRAMMAR_SHA256 == grammar_digest(grammar) and shipped.LARK_VERSION == lark.__version__:
        import pickle

        table = pickle.loads(shipped.TABLE)
        parser: Lark = lark.Lark._load_from_dict(table["data"], table["memo"], **runtime)  # type: ignore[no-untyped-call]  # lark leaves it untyped
        return parser
    return lark.Lark(grammar, cache=_user_cache(grammar), **OPTIONS, **runtime)


def _shipped() -> ModuleType | None:
    try:
        from muggins.notation import mgn_table
    except ImportError:
        return None
    return mgn_table


def _user_cache(grammar: str) -> str | bool:
    """A cache file in the user's own cache folder, or no cache when there is none to write."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "muggins"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    if not os.access(folder, os.W_OK):
        return False
    return str(folder / f"mgn-{grammar_digest(grammar)[:16]}.lark-cache")


def table_source() -> str:
    """The text of ``mgn_table.py`` for the grammar as it is now and the lark installed."""
    import lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    parser = lark.Lark(grammar, **OPTIONS)
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _RUNTIME_OPTIONS}
    import pickle

    table = pickle.dumps({"data": data, "memo": memo}, protocol=4)
    return (
        '"""The parse table of mgn.lark, written by ``python -m muggins.notation.table``: do not edit."""\n\n'
        f"GRAMMAR_SHA256 = {grammar_digest(grammar)!r}\n"
        f"LARK_VERSION = {lark.__version__!r}\n"
        f"TABLE = {table!r}\n"
    )


#: Options given when the parser is made, never stored in the table (lark's own list).
_RUNTIME_OPTIONS = {"postlex", "transformer", "lexer_callbacks", "use_bytes", "debug", "g_regex_flags", "regex", "propagate_positions", "tree_class", "_plugins"}


if __name__ == "__main__":
    # Both files made from the grammar ahead of time: the parse table, and the token shapes and
    # statement order of the readers without lark (tokens.py).
    from muggins.notation.tokens import TOKENS_PATH, tokens_source

    TABLE_PATH.write_text(table_source(), encoding="utf-8")
    TOKENS_PATH.write_text(tokens_source(), encoding="utf-8")
    print(f"wrote {TABLE_PATH} and {TOKENS_PATH}")
