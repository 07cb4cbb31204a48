"""The patterns of mgn.lark's statements for the readers without lark (a part of derive.py).

One regular expression per statement, built from its rule; what the splitter needs of comments
and quoted values; the characters that may open each statement's line. Build-time tools (they
read lark's grammar trees and the structure of patterns), never imported at run time.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lark import Tree

#: The rule of comments and its terminal, and the quoted value.
COMMENTS, COMMENT, STRING = "comments", "COMMENT", "STRING"

#: A node of lark's tree of a grammar's rules: a ``Tree``, or among a tree's children a grammar
#: symbol (``name``, ``is_term``) or a token (an operator such as ``?``). Lark types the
#: children no closer than that, so each use says by ``data`` or by place which one it has.
_Node = Any


class DeriveError(Exception):
    """The grammar has a shape the readers without lark cannot follow."""


# ---- one regular expression per statement ----------------------------------------------------


class Statement:
    """A statement's rule as one regular expression over a line: each terminal its own shape in
    an atomic group with a capture group inside, followed by the blanks it swallows; optional
    and repeated parts possessive, as a lexer that has taken a token keeps it."""

    def __init__(self, name: str, trees: dict[str, Tree[Any]], terminals: dict[str, str], blank: str) -> None:
        self.name, self.trees, self.terminals, self.blank = name, trees, terminals, blank
        self.groups: list[str] = []
        self.parts: dict[str, dict[str, Any]] = {}

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
                assert alias is not None
                self.groups.append(alias)
                named[alias] = len(self.groups)
                pieces.append("(" + self._sequence(items) + ")")
            pattern += "(?:" + "|".join(pieces) + ")"
        else:
            pieces = [self._sequence(items) for items in alternatives]
            pattern += pieces[0] if len(pieces) == 1 else "(?>" + "|".join(pieces) + ")"
        openers = [_first_terminal(shared)] if shared else sorted({_first_terminal(items) for items in alternatives})
        return {"pattern": pattern, "groups": self.groups, "alternatives": named, "openers": openers, "parts": self.parts}

    def _trimmed(self, items: list[_Node]) -> list[_Node]:
        """An alternative without the rule itself in front (a repeating statement) and without
        the trailing ``comments?``, which the fast path reads on its own."""
        if items and _names(items[0]) == (self.name,):
            items = items[1:]
        if not items or _names(items[-1]) != (COMMENTS,) or not _optional(items[-1]):
            raise DeriveError(f"every alternative of the statement {self.name} should end with comments?")
        return items[:-1]

    def _sequence(self, items: list[_Node], capture: bool = True) -> str:
        return "".join(self._item(item, capture) for item in items)

    def _item(self, node: _Node, capture: bool) -> str:
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
        inner = Statement(name, self.trees, self.terminals, self.blank)
        self.parts[name] = {"pattern": inner._sequence(base[0]), "groups": inner.groups}
        bare = self._sequence(base[0], capture=False)
        whole = f"{bare}(?:{bare})*+" if again else bare
        if not capture:
            return f"(?:{whole})"
        self.groups.append(name)
        return f"({whole})"


def _alternatives(tree: Tree[Any]) -> list[tuple[str | None, list[_Node]]]:
    """(alias, items) for each alternative of a rule's tree."""
    found: list[tuple[str | None, list[_Node]]] = []
    for child in tree.children if tree.data == "expansions" else [tree]:
        alias = None
        if child.data == "alias":
            child, alias = child.children[0], getattr(child.children[1], "name", str(child.children[1]))
        found.append((alias, list(child.children) if child.data == "expansion" else [child]))
    return found


def _names(node: _Node) -> tuple[str, ...]:
    if getattr(node, "data", None) == "value":
        return (node.children[0].name,)
    if getattr(node, "data", None) in ("expr", "maybe"):
        return _names(node.children[0])
    return ()


def _optional(node: _Node) -> bool:
    return node.data == "maybe" or (node.data == "expr" and str(node.children[1]) == "?")


def _is_terminal(node: _Node) -> bool:
    return getattr(node, "data", None) == "value" and node.children[0].is_term


def _first_terminal(items: list[_Node]) -> str:
    if not items or not _is_terminal(items[0]):
        raise DeriveError("a statement should start with a token that is always there")
    name: str = items[0].children[0].name
    return name


# ---- the splitter's tokens, and telling statements apart -------------------------------------


def split_tokens(terminals: dict[str, str], header_openers: list[str]) -> dict[str, Any]:
    """What split.py needs: the tokens that may hold any character (comments and quoted values),
    each alternative's opening and closing character and whether it may go on past a line end;
    and the character that opens a header tag."""
    sre = _sre_parser()
    spans: dict[str, list[Any]] = {}
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


def first_characters(data: dict[str, Any]) -> dict[str, str]:
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
    sre = _sre_parser()
    chars: set[str] = set()

    def walk(items: Any) -> bool:
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


def _sre_parser() -> Any:
    """The standard library's parser of regular expressions (``re._parser``, a private module
    without a stub): a build-time tool, for the structure of a pattern."""
    import importlib

    return importlib.import_module("re._parser")
