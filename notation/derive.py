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
methods bear: ``start``, ``comments``, ``COMMENT``, ``STRING``.
"""

from __future__ import annotations

import re
from typing import Any

#: The rule of a record, the rule of comments and its terminal, and the quoted value.
START, COMMENTS, COMMENT, STRING = "start", "comments", "COMMENT", "STRING"


class DeriveError(Exception):
    """The grammar has a shape the readers without lark cannot follow."""


def derive(grammar: str) -> dict[str, Any]:
    """Everything the readers without lark take from ``grammar``, as plain data (see module doc)."""
    import lark
    from lark.load_grammar import load_grammar

    from muggins.notation.table import OPTIONS

    parser = lark.Lark(grammar, **OPTIONS)
    blank, terminals = _terminals(parser)
    keywords = {name: m.group(1) for name, own in terminals.items() if (m := re.fullmatch(r"(\w+)\\b", own))}
    trees = {definition[0]: definition[2] for definition in load_grammar(grammar, "<mgn>", [], False)[0].rule_defs}
    rules = {rule.origin.name: [] for rule in parser.rules}
    for rule in parser.rules:
        rules[rule.origin.name].append([symbol.name for symbol in rule.expansion])
    names = _statement_names(rules)
    statements = {name: _Statement(name, trees, terminals, blank).data() for name in names}
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
        "SPLIT": _split(terminals, statements[header]["openers"]),
    }
    data["FIRST"] = _first(data)
    return data


def _characters(pattern: str, but: str) -> str:
    """Every character that ``pattern`` (a class) matches, but those in ``but``."""
    matches = re.compile(pattern).fullmatch
    return "".join(c for c in map(chr, range(0x110000)) if c not in but and matches(c))


# ---- terminals -----------------------------------------------------------------------------


def _terminals(parser) -> tuple[str, dict[str, str]]:
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
    info: dict[str, tuple[bool, frozenset, frozenset, frozenset]] = {}
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


def _sequence(parts: list[tuple]) -> tuple[bool, frozenset, frozenset, frozenset]:
    nullable, first, last, pairs = True, frozenset(), frozenset(), frozenset()
    for p_nullable, p_first, p_last, p_pairs in parts:
        pairs = pairs | p_pairs | frozenset((a, b) for a in last for b in p_first)
        first = first | p_first if nullable else first
        last = last | p_last if p_nullable else p_last
        nullable = nullable and p_nullable
    return nullable, first, last, pairs


def _union(results) -> tuple[bool, frozenset, frozenset, frozenset]:
    nullable, first, last, pairs = False, frozenset(), frozenset(), frozenset()
    for r_nullable, r_first, r_last, r_pairs in results:
        nullable, first, last, pairs = nullable or r_nullable, first | r_first, last | r_last, pairs | r_pairs
    return nullable, first, last, pairs


# ---- one regular expression per statement ----------------------------------------------------


class _Statement:
    """A statement's rule as one regular expression over a line: each terminal its own shape in
    an atomic group with a capture group inside, followed by the blanks it swallows; optional
    and repeated parts possessive, as a lexer that has taken a token keeps it."""

    def __init__(self, name: str, trees: dict, terminals: dict[str, str], blank: str) -> None:
        self.name, self.trees, self.terminals, self.blank = name, trees, terminals, blank
        self.groups: list[str | None] = []
        self.parts: dict[str, dict] = {}

    def data(self) -> dict[str, Any]:
        alternatives = [self._trimmed(items) for _, items in _alternatives(self.trees[self.name])]
        aliases = [alias for alias, _ in _alternatives(self.trees[self.name])]
        if any(aliases) and not all(aliases):
            raise DeriveError(f"{self.name}: either every alternative has a name (-> name) or none")
        shared = []
        while len(alternatives) > 1 and len({repr(items[:1]) for items in alternatives}) == 1 and _is_terminal(alternatives[0][0]):
            shared.append(alternatives[0][0])
            alternatives = [items[1:] for items in alternatives]
        pattern = self._sequence(shared)
        named: dict[str, int] = {}
        if all(aliases):
            pieces = []
            for alias, items in zip(aliases, alternatives):
                self.groups.append(alias)
                named[alias] = len(self.groups)
                pieces.append("(" + self._sequence(items) + ")")
            pattern += "(?:" + "|".join(pieces) + ")"
        else:
            pieces = [self._sequence(items) for items in alternatives]
            pattern += pieces[0] if len(pieces) == 1 else "(?>" + "|".join(pieces) + ")"
        openers = [_first_terminal(shared)] if shared else sorted({_first_terminal(items) for items in alternatives})
        return {"pattern": pattern, "groups": self.groups, "alternatives": named, "openers": openers, "parts": self.parts}

    def _trimmed(self, items: list) -> list:
        """An alternative without the rule itself in front (a repeating statement) and without
        the trailing ``comments?``, which the fast path reads on its own."""
        if items and _names(items[0]) == (self.name,):
            items = items[1:]
        if not items or _names(items[-1]) != (COMMENTS,) or not _optional(items[-1]):
            raise DeriveError(f"every alternative of the statement {self.name} should end with comments?")
        return items[:-1]

    def _sequence(self, items: list, capture: bool = True) -> str:
        return "".join(self._item(item, capture) for item in items)

    def _item(self, node, capture: bool) -> str:
        kind = getattr(node, "data", None)
        if kind == "value":
            symbol = node.children[0]
            if not symbol.is_term:
                return self._part(symbol.name, capture)
            if capture:
                self.groups.append(symbol.name)
            return f"(?>{'(' if capture else '(?:'}{self.terminals[symbol.name]})){self.blank}*+"
        if kind == "expr":
            child, op = node.children[0], str(node.children[1])
            if op not in ("?", "*", "+"):
                raise DeriveError(f"{self.name}: the repetition {op} is not followed")
            before = len(self.groups)
            inner = self._item(child, capture)
            if op != "?" and len(self.groups) > before:
                raise DeriveError(f"{self.name}: a repeated part holds a token; make it a rule of its own")
            return f"(?:{inner}){op}+"
        if kind == "maybe":
            return f"(?:{self._item(node.children[0], capture)})?+"
        if kind == "expansion":
            return self._sequence(node.children, capture)
        if kind == "expansions":
            return "(?>" + "|".join(self._item(child, capture) for child in node.children) + ")"
        raise DeriveError(f"{self.name}: {kind or node!r} is not followed")

    def _part(self, name: str, capture: bool) -> str:
        """A rule used inside a statement (``entries``): ``base rest*`` for ``base | name rest``
        where ``rest`` is ``base`` again, captured whole; the fast path reads its items again,
        one by one, with ``base`` alone (``parts``)."""
        alternatives = [items for _, items in _alternatives(self.trees[name])] if name in self.trees else []
        base = [items for items in alternatives if _names(items[0]) != (name,)]
        again = [items[1:] for items in alternatives if _names(items[0]) == (name,)]
        if name == COMMENTS or len(base) != 1 or any(repr(items) != repr(base[0]) for items in again):
            raise DeriveError(f"{self.name}: the rule {name} inside it is not followed")
        inner = _Statement(name, self.trees, self.terminals, self.blank)
        self.parts[name] = {"pattern": inner._sequence(base[0]), "groups": inner.groups}
        bare = self._sequence(base[0], capture=False)
        whole = f"{bare}(?:{bare})*+" if again else bare
        if not capture:
            return f"(?:{whole})"
        self.groups.append(name)
        return f"({whole})"


def _alternatives(tree) -> list[tuple[str | None, list]]:
    """(alias, items) for each alternative of a rule's tree."""
    found = []
    for child in tree.children if tree.data == "expansions" else [tree]:
        alias = None
        if child.data == "alias":
            child, alias = child.children[0], getattr(child.children[1], "name", str(child.children[1]))
        found.append((alias, list(child.children) if child.data == "expansion" else [child]))
    return found


def _names(node) -> tuple[str, ...]:
    if getattr(node, "data", None) == "value":
        return (node.children[0].name,)
    if getattr(node, "data", None) in ("expr", "maybe"):
        return _names(node.children[0])
    return ()


def _optional(node) -> bool:
    return node.data == "maybe" or (node.data == "expr" and str(node.children[1]) == "?")


def _is_terminal(node) -> bool:
    return getattr(node, "data", None) == "value" and node.children[0].is_term


def _first_terminal(items: list) -> str:
    if not items or not _is_terminal(items[0]):
        raise DeriveError("a statement should start with a token that is always there")
    return items[0].children[0].name


# ---- the splitter's tokens, and telling statements apart -------------------------------------


def _split(terminals: dict[str, str], header_openers: list[str]) -> dict[str, Any]:
    """What split.py needs: the tokens that may hold any character (comments and quoted values),
    each alternative's opening and closing character and whether it may go on past a line end;
    and the character that opens a header tag."""
    import re._parser as sre  # a build-time tool: the structure of two patterns

    spans = {}
    for name in (COMMENT, STRING):
        tree = list(sre.parse(terminals[name]))
        while len(tree) == 1 and tree[0][0] == sre.SUBPATTERN:
            tree = list(tree[0][1][-1])
        branches = tree[0][1][1] if len(tree) == 1 and tree[0][0] == sre.BRANCH else [tree]
        for branch in branches:
            items = list(branch)
            if not items or items[0][0] != sre.LITERAL:
                raise DeriveError(f"{name} should open with one character")
            opener = chr(items[0][1])
            closer = chr(items[-1][1]) if len(items) > 1 and items[-1][0] == sre.LITERAL else None
            across = closer is not None and re.fullmatch(terminals[name], opener + "\n" + closer) is not None
            if opener in spans:
                raise DeriveError(f"two kinds of comment or quoted value open with {opener}")
            spans[opener] = [name == COMMENT, closer if across else None]
    opener = re.sub(r"\\(.)", r"\1", terminals[header_openers[0]])
    if len(header_openers) != 1 or len(opener) != 1 or not re.fullmatch(terminals[header_openers[0]], opener):
        raise DeriveError("a header tag should open with one character")
    return {"spans": spans, "tokens": f"(?>{terminals[COMMENT]})|(?>{terminals[STRING]})", "record": opener}


def _first(data: dict[str, Any]) -> dict[str, str]:
    """The characters that may open a line of each statement not opened by a keyword (and of a
    line of comments, ``comments``): how the fast path tells them apart. A keyword's line is
    told by its first word."""
    first = {COMMENTS: "".join(c for c, (comment, _) in data["SPLIT"]["spans"].items() if comment)}
    for name, statement in data["STATEMENTS"].items():
        others = [t for t in statement["openers"] if t not in data["KEYWORDS"]]
        if others:
            first[name] = "".join(sorted(set("".join(_first_chars(data["TERMINALS"][t]) for t in others))))
    taken: dict[str, str] = {}
    for name, chars in first.items():
        for c in chars:
            if c in taken:
                raise DeriveError(f"a line opening with {c!r} could be {taken[c]} or {name}")
            taken[c] = name
    for word in data["KEYWORDS"].values():
        for name in first:
            opener = data["TERMINALS"][data["STATEMENTS"][name]["openers"][0]] if name != COMMENTS else data["TERMINALS"][COMMENT]
            if re.match(f"(?:{opener})", word):
                raise DeriveError(f"the keyword {word} could also open {name}")
    return first


def _first_chars(pattern: str) -> str:
    """The characters a match of ``pattern`` may start with (more rather than fewer)."""
    import re._parser as sre  # a build-time tool: the structure of a pattern

    chars: set[str] = set()

    def walk(items) -> bool:
        """Add the first characters of a sequence; whether it may match nothing."""
        for op, av in items:
            if op == sre.LITERAL:
                chars.add(chr(av))
                return False
            if op == sre.IN:
                for kind, value in av:
                    if kind == sre.LITERAL:
                        chars.add(chr(value))
                    elif kind == sre.RANGE:
                        chars.update(map(chr, range(value[0], value[1] + 1)))
                    else:
                        raise DeriveError(f"the characters that may open {pattern} are not followed")
                return False
            if op == sre.BRANCH:
                if not any([walk(branch) for branch in av[1]]):
                    return False
            elif op == sre.SUBPATTERN:
                if not walk(av[-1]):
                    return False
            elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
                if not walk(av[2]) and av[0] > 0:
                    return False
            elif op not in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
                raise DeriveError(f"the characters that may open {pattern} are not followed")
        return True

    if walk(sre.parse(pattern)):
        raise DeriveError(f"{pattern} may match nothing")
    return "".join(sorted(chars))
