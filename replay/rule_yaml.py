"""Rule files and rule values read as YAML, safely: the YAML 1.2 core scalars, no aliases, bounded.

Rule values come from untrusted places (a record's ``[Set ...]`` tags, a rule file sent with a
record), so the reader here is stricter than ``yaml.safe_load``:

- **YAML 1.2 core scalars**, not YAML 1.1's: a whole number is written in decimal digits only
  (``0150`` is 150, never octal 104; ``1:30``, ``0b11``, ``0x1F`` and ``1_000`` are text, which
  the parameter then refuses), a truth value is ``true`` or ``false`` (``yes``, ``on`` are text),
  and nothing is read as a date or a merge key. A number of more than 18 digits is refused (no
  rule needs one; Python's own conversion of a 5,000-digit number would fail).
- **No aliases** (``*name``): a 334-byte alias bomb expands to gigabytes; a rule file never
  needs to repeat itself that way.
- **Bounded**: a rule file's size, a value's length and how deep a value nests are limits of
  :mod:`muggins.limits`, each named in its message with how to raise it. An alias and a bracket
  one level too deep are refused where the reader first meets them, before the YAML parser
  sees any of it, so a value nested thousands deep costs no more than one 16 deep.

Problems are :class:`~muggins.replay.rules.RuleError` values with the file, line and column.
Nothing here quotes the content of a file beyond a parameter name. PyYAML is imported on first
use only: a run on the shipped presets (read ahead of time) never loads it.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from muggins.i18n import msg
from muggins.limits import RULE_FILE_BYTES, RULE_NESTING, RULE_VALUE_CHARS

#: (data, each top-level key's (line, column)) of one rule file.
Read = tuple[dict[str, Any], dict[str, tuple[int, int]]]

#: The most digits a whole number may have.
MAX_DIGITS = 18

_INT = re.compile(r"[-+]?[0-9]+")


class RuleYamlError(ValueError):
    """What is wrong, and where: ``line`` and ``column`` are 1-based, 0 when unknown."""

    def __init__(self, problem: str, line: int = 0, column: int = 0) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line
        self.column = column

    def at(self, where: str) -> str:
        place = f":{self.line}:{self.column}" if self.line else ""
        return msg("{where}: {problem}", where=f"{where}{place}", problem=self.problem)


@functools.lru_cache(maxsize=1)
def _loader_class() -> type:
    """A SafeLoader with the YAML 1.2 core schema's scalars, refusing aliases and deep nesting."""
    import yaml

    def refuse(problem: str, mark: Any) -> RuleYamlError:
        return RuleYamlError(problem, mark.line + 1, mark.column + 1)

    class RuleLoader(yaml.SafeLoader):
        depth = 0

        # The scanner refuses first, as it meets the text: an alias, or a bracket that opens
        # one level too many. PyYAML's scanner reads a flow collection ahead to the end of its
        # line (or 1,024 characters) and weighs every open bracket at each token, so a value
        # nested a thousand deep cost a quarter of a second a read before the composer below
        # could count its depth; now it reads no further than the bracket over the limit.

        def fetch_alias(self) -> None:
            raise refuse(msg("aliases (*name) are not allowed in rules"), self.get_mark())

        def fetch_flow_collection_start(self, token_class: Any) -> None:
            # len(indents): the block collections around (at most as many as the composer
            # counts), so nothing the composer would take is refused here.
            if len(self.indents) + self.flow_level >= RULE_NESTING.value:
                raise refuse(RULE_NESTING.exceeded(), self.get_mark())
            super().fetch_flow_collection_start(token_class)

        def compose_node(self, parent: Any, index: Any) -> Any:
            # Every level counts here, block collections and the scalar at the bottom too.
            self.depth += 1
            try:
                if self.depth > RULE_NESTING.value:
                    raise refuse(RULE_NESTING.exceeded(), self.peek_event().start_mark)  # type: ignore[no-untyped-call]
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

        def construct_whole(self, node: Any) -> int:
            text = self.construct_scalar(node)
            digits = text.lstrip("+-")
            if len(digits) > MAX_DIGITS:
                raise refuse(msg("a number of more than {digits} digits", digits=MAX_DIGITS), node.start_mark)
            return int(text, 10)

    # The YAML 1.2 core schema's implicit types, in place of YAML 1.1's.
    RuleLoader.yaml_implicit_resolvers = {}
    resolvers = (
        ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
        (
            "tag:yaml.org,2002:float",
            r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
            "-+0123456789.",
        ),
    )
    for tag, pattern, first in resolvers:
        RuleLoader.add_implicit_resolver(tag, re.compile(pattern), list(first))
    RuleLoader.add_constructor("tag:yaml.org,2002:int", RuleLoader.construct_whole)
    return RuleLoader


def _read(text: str) -> tuple[Any, Any]:
    """(the value, its node) of one YAML document; RuleYamlError with the place on a problem."""
    import yaml

    loader = None
    try:
        loader = _loader_class()(text)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or "not valid YAML"
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        raise RuleYamlError(msg("not valid YAML: {problem}", problem=str(problem)), line, column) from None
    except RecursionError:  # (a nesting the limit did not catch, such as deep flow tokens)
        raise RuleYamlError(RULE_NESTING.exceeded()) from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, node


def read_rule_file(text: str) -> Read:
    """A rule file's text: its top-level mapping, and each key's (line, column)."""
    if len(text) > RULE_FILE_BYTES.value:
        raise RuleYamlError(RULE_FILE_BYTES.exceeded(len(text.encode("utf-8", "surrogatepass"))))
    data, node = _read(text)
    if data is None:
        return {}, {}
    if not isinstance(data, dict):
        raise RuleYamlError(msg("a rule file is a mapping of parameter: value, not {kind}", kind=_kind(data)))
    marks: dict[str, tuple[int, int]] = {}
    for key_node, _ in node.value:
        key = str(key_node.value)
        line, column = key_node.start_mark.line + 1, key_node.start_mark.column + 1
        if key in marks:
            raise RuleYamlError(msg("{key}: given twice (first on line {line})", key=_name(key), line=marks[key][0]), line, column)
        marks[key] = (line, column)
    return data, marks


def read_rule_value(raw: str) -> Any:
    """A single rule value written as text (``150``, ``down``, ``{2: 7, 3: 5}``); "" is null."""
    if len(raw) > RULE_VALUE_CHARS.value:
        raise RuleYamlError(RULE_VALUE_CHARS.exceeded(len(raw)))
    if not raw:
        return None
    if _INT.fullmatch(raw) and len(raw) <= MAX_DIGITS:  # the usual case: no YAML reader needed
        return int(raw, 10)
    return _read(raw)[0]


def _kind(value: object) -> str:
    """A value's kind in words, never its content."""
    kinds = {dict: msg("a mapping"), list: msg("a list"), str: msg("text"), bool: msg("true or false"), int: msg("a number"), float: msg("a number")}
    return kinds.get(type(value), type(value).__name__)


def _name(key: str) -> str:
    return key if len(key) <= 40 else key[:39] + "…"
