"""What the readers without lark take from ``mgn.lark``: derived from the grammar, never written again.

The fast path (fastpath.py), the record splitter (split.py), the checks on token text
(statements.py), the formatter's checks and the error words (errors.py) all need to know what a
token looks like and in which order a hand's statements come. :func:`derive` reads that off the
grammar as lark loads it: each terminal's own shape (its pattern without the blanks it swallows
after it), the keywords, one regular expression per statement built from its rule (optional
parts, alternatives, repeated parts, a capture group per token), the order of a hand's
statements worked out from the rules that hold them, and the openers and closers of the two
tokens that may hold any character (comments and quoted values).

:func:`derive` needs lark and takes some 0.1 s, so its result is written ahead of time into
``mgn_tokens.py`` (``python -m muggins.notation.table`` writes it with the parse table);
tokens.py loads that, or derives again when the grammar has changed since. Where the grammar
takes a shape these readers cannot follow (a statement without its trailing ``comments?``, a
hand whose statements do not come in one fixed order, ...), :class:`DeriveError` says so: the
readers are then to be taught the new shape, not left to guess.

The rule and terminal names used here are the grammar's interface, the ones builder.py's
methods bear: ``start``, ``comments``, ``COMMENT``, ``STRING``. This module works out which
rules are statements and their order; derive_patterns.py, the patterns of their lines.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable

from muggins.notation.derive_patterns import COMMENTS, DeriveError, Statement, first_characters, split_tokens

if TYPE_CHECKING:
    from lark import Lark

__all__ = ["DeriveError", "derive"]

#: The rule of a record.
START = "start"


def derive(grammar: str) -> dict[str, Any]:
    """Everything the readers without lark take from ``grammar``, as plain data (see module doc)."""
    import lark
    from lark.load_grammar import load_grammar

    from muggins.notation.table import OPTIONS

    parser = lark.Lark(grammar, **OPTIONS)
    blank, terminals = _terminals(parser)
    keywords = {name: m.group(1) for name, own in terminals.items() if (m := re.fullmatch(r"(\w+)\\b", own))}
    loaded = load_grammar(grammar, "<mgn>", [], False)  # type: ignore[no-untyped-call]  # lark leaves it untyped
    trees = {definition[0]: definition[2] for definition in loaded[0].rule_defs}
    rules: dict[str, list[list[str]]] = {rule.origin.name: [] for rule in parser.rules}
    for rule in parser.rules:
        rules[rule.origin.name].append([symbol.name for symbol in rule.expansion])
    names = _statement_names(rules)
    statements = {name: Statement(name, trees, terminals, blank).data() for name in names}
    header, order, repeats, opening = _order(rules, names)
    data = {
        "BLANK": blank,
        "BLANKS": _characters(blank, but="\n"),
        "TERMINALS": terminals,
        "KEYWORDS": keywords,
        "STATEMENTS": statements,
        "HAND_ORDER": order,
        "REPEATS": repeats,
        "HEADER": header,
        "HAND_OPENER": opening,
        "SPLIT": split_tokens(terminals, statements[header]["openers"]),
    }
    data["FIRST"] = first_characters(data)
    return data


def _characters(pattern: str, but: str) -> str:
    """Every character that ``pattern`` (a class) matches, but those in ``but``."""
    every = "".join(map(chr, range(0x110000)))
    return "".join(c for c in re.findall(pattern, every) if c not in but)


# ---- terminals -----------------------------------------------------------------------------


def _terminals(parser: Lark) -> tuple[str, dict[str, str]]:
    """(the class of blanks every terminal swallows after it, each terminal's own shape)."""
    ignored = [t for t in parser.terminals if t.name in parser.ignore_tokens]
    if len(ignored) != 1 or not ignored[0].pattern.value.endswith("+"):
        raise DeriveError("the grammar should ignore one run of blanks, written CLASS+")
    blank = ignored[0].pattern.value[:-1]
    suffix = blank + "*"
    own = {}
    for terminal in parser.terminals:
        if terminal is ignored[0]:
            continue
        if terminal.pattern.flags:
            raise DeriveError(f"{terminal.name}: a pattern with flags is not followed")
        pattern = terminal.pattern.to_regexp()
        if not pattern.endswith(suffix):
            raise DeriveError(f"{terminal.name} should swallow the blanks after it (_S), as every terminal does")
        own[terminal.name] = pattern[: -len(suffix)]
    return blank, own


# ---- which rules are statements, and their order --------------------------------------------


def _begins_with_terminal(name: str, expansions: list[list[str]]) -> bool:
    """Each expansion starts with a terminal, after the rule itself where it repeats."""
    for symbols in expansions:
        rest = symbols[1:] if symbols[:1] == [name] else symbols
        if not rest or not rest[0].isupper():
            return False
    return True


def _statement_names(rules: dict[str, list[list[str]]]) -> list[str]:
    """The statements (a line each, on the fast path), in the order the grammar reaches them."""
    found: list[str] = []
    seen = {COMMENTS}
    waiting = [START]
    while waiting:
        name = waiting.pop(0)
        if name in seen:
            continue
        seen.add(name)
        if _begins_with_terminal(name, rules[name]):
            found.append(name)
            continue
        for symbols in rules[name]:
            waiting += [s for s in symbols if not s.isupper()]
    return found


def _order(rules: dict[str, list[list[str]]], statements: list[str]) -> tuple[str, list[str], list[str], str]:
    """(the header tag's statement, a hand's statements in their order, those that may repeat,
    the statement opening a hand).

    Which statement may follow which is worked out from the rules (each statement an atom); the
    fast path's model of it, a rank per statement, must say exactly the same, or this fails."""
    follows, first, last = _follows(rules, set(statements))
    header = _only(first, "a record should start with its header tags")
    opening = _only({b for a, b in follows if a == header} - {header}, "header tags should be followed by a hand")
    body = [s for s in statements if s not in (header, opening)]
    ranked: list[str] = []
    pending = set(body)
    while pending:
        free = sorted((s for s in pending if not any((o, s) in follows for o in pending if o != s)), key=body.index)
        if not free:
            raise DeriveError(f"the statements of a hand have no one order: {sorted(pending)}")
        ranked.append(free[0])
        pending.discard(free[0])
    repeats = [s for s in ranked if (s, s) in follows]
    expected = {(header, header), (header, opening), (opening, opening)}
    expected |= {(opening, s) for s in ranked} | {(s, opening) for s in ranked}
    expected |= {(a, b) for i, a in enumerate(ranked) for b in ranked[i + 1 :]} | {(s, s) for s in repeats}
    if follows != expected or last != set(statements):
        raise DeriveError("a record should be header tags, then hands whose statements come in one order, each optional")
    return header, ranked, repeats, opening


def _only(names: set[str], why: str) -> str:
    if len(names) != 1:
        raise DeriveError(f"{why}: found {sorted(names)}")
    return next(iter(names))


def _follows(rules: dict[str, list[list[str]]], atoms: set[str]) -> tuple[set[tuple[str, str]], set[str], set[str]]:
    """(which atom may directly follow which, the atoms that may come first, those that may come
    last) in the language of ``start``, comments left out (a Glushkov construction)."""
    info: dict[str, _Info] = {}
    for atom in atoms:
        again = frozenset({(atom, atom)}) if any(s[:1] == [atom] for s in rules[atom]) else frozenset()
        info[atom] = (False, frozenset({atom}), frozenset({atom}), again)
    info[COMMENTS] = (True, frozenset(), frozenset(), frozenset())
    structural = [name for name in rules if name not in info and name not in _inside(rules, atoms)]
    for name in structural:
        info[name] = (False, frozenset(), frozenset(), frozenset())
    changed = True
    while changed:
        changed = False
        for name in structural:
            if any(s not in info for symbols in rules[name] for s in symbols):
                raise DeriveError(f"the rule {name} holds a token outside any statement")
            result = _union(_sequence([info[s] for s in symbols]) for symbols in rules[name])
            if result != info[name]:
                info[name], changed = result, True
    _, first, last, pairs = info[START]
    return set(pairs), set(first), set(last)


def _inside(rules: dict[str, list[list[str]]], atoms: set[str]) -> set[str]:
    """The rules used only inside statements and comments (entries, ...)."""
    inside: set[str] = set()
    waiting = [s for atom in atoms | {COMMENTS} for symbols in rules[atom] for s in symbols if not s.isupper()]
    while waiting:
        name = waiting.pop()
        if name not in inside and name not in atoms and name != COMMENTS:
            inside.add(name)
            waiting += [s for symbols in rules[name] for s in symbols if not s.isupper()]
    return inside


#: Of a rule (or a sequence of symbols): (whether it may hold no atom, the atoms that may come
#: first, those that may come last, which atom may directly follow which).
_Info = tuple[bool, frozenset[str], frozenset[str], frozenset[tuple[str, str]]]
_NO_ATOMS: frozenset[str] = frozenset()
_NO_PAIRS: frozenset[tuple[str, str]] = frozenset()


def _sequence(parts: list[_Info]) -> _Info:
    nullable, first, last, pairs = True, _NO_ATOMS, _NO_ATOMS, _NO_PAIRS
    for p_nullable, p_first, p_last, p_pairs in parts:
        pairs = pairs | p_pairs | frozenset((a, b) for a in last for b in p_first)
        first = first | p_first if nullable else first
        last = last | p_last if p_nullable else p_last
        nullable = nullable and p_nullable
    return nullable, first, last, pairs


def _union(results: Iterable[_Info]) -> _Info:
    nullable, first, last, pairs = False, _NO_ATOMS, _NO_ATOMS, _NO_PAIRS
    for r_nullable, r_first, r_last, r_pairs in results:
        nullable, first, last, pairs = nullable or r_nullable, first | r_first, last | r_last, pairs | r_pairs
    return nullable, first, last, pairs
