"""What a broken record is told: one :class:`Diagnostic` per problem, in words, never terminal names.

A syntax error from lark becomes one diagnostic whose ``code`` names the mistake when it is a
common one (the table ``CODES``), with the offending line in ``context`` (so ``render()`` draws a
caret) and ``expected`` in players' words. The mistakes are recognised by the word at the error
and by what the grammar expected there, not by parser state numbers (those move whenever the
grammar does); ``CATALOGUE`` lists an example of each, and the tests check every example still
gets its code.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Callable, Iterable

from muggins.diagnostics import Diagnostic
from muggins.i18n import N_, joined, msg
from muggins.notation.model import NOTATION_MAX_PIP
from muggins.notation.tokens import KEYWORDS as _KEYWORD_OF, SPEC, TERMINALS

if TYPE_CHECKING:  # lark is imported only when a record needs it (see parser.py)
    from lark.exceptions import UnexpectedInput

#: Every code the notation layer emits, with what it means. Stable: scripts may rely on them.
CODES: dict[str, str] = {
    "syntax": "the text does not follow the notation (the fallback when no more precise code fits)",
    "tile-syntax": "a tile not written as two pips joined by - (6/4, 64, 6-)",
    "claim-syntax": "a claim not written as + and a number (+x, +ten, 10)",
    "end-syntax": "an end that is not l, r, u, d, u2, d2, ...",
    "unknown-word": "a word the notation does not know, or a keyword not in lower case",
    "missing-hand": "turns, deals or an end of hand with no `hand N` line before them",
    "missing-seat": "a turn that does not start with its seat",
    "statement-order": "a hand's statements out of order (deal, boneyard, lead, turns, end)",
    "comment-inside": "a comment standing inside a statement",
    "unterminated-string": 'a quoted value without its closing "',
    "unterminated-comment": "a { comment without its closing } before the end of its record",
    "pip-range": f"a pip above {NOTATION_MAX_PIP}, the most the notation allows",
    "hand-order": "hands not numbered 1, 2, 3, ... in order",
    "undeclared-seat": "a seat or team used without a Seat or Team tag declaring it",
    "duplicate-seat": "a seat declared twice",
    "duplicate-team": "a team declared twice",
    "team-is-seat": "a team id that is also a seat id",
    "seat-id": "a Seat or Team tag whose id is missing or not a capital letter then letters or digits",
    "header-key": "a Set tag without its parameter name",
    "duplicate-deal": "two deal lines for one seat in a hand",
    "duplicate-entry": "a seat or team named twice in one pips, score or totals line",
    "lead-mismatch": "a lead line naming another seat than the first turn's",
    "mixed-hand": "a hand mixing score-sheet entries (A +10) with plays, draws or passes",
    "not-utf8": "a file that is not UTF-8 text",
    "line-too-long": "a line over the line-bytes limit (muggins.limits): reading the file stops there",
    "record-too-big": "a record over the record-chars limit (muggins.limits): it is not read",
    # Findings on records that parsed (checks.py):
    "duplicate-tag": "a tag without a key given twice (only the first counts)",
    "team-overlap": "a seat listed in two teams",
    "claims-none": 'a claim written in a record tagged [Claims "none"]',
}

#: How each terminal of mgn.lark is named in a message (tests check there is one for each).
EXPECTED_WORDS: dict[str, str] = {
    "LBRACKET": N_('a header tag such as [Event "..."]'),
    "TAG": N_("a tag name such as Event"),
    "KEY": N_("a key such as A (Seat) or target (Set)"),
    "STRING": N_('a quoted value such as "Ana"'),
    "RBRACKET": "]",
    "HAND": "hand N",
    "NUMBER": N_("a number"),
    "DEAL": "deal",
    "BONEYARD": "boneyard",
    "LEAD": "lead",
    "SEAT": N_("a seat such as A"),
    "TILE": N_("a tile such as 6-4"),
    "TILES": N_("tiles such as 6-4 5-5"),
    "UNKNOWN": N_("? (tiles unknown)"),
    "END": N_("an end (l, r, u, d)"),
    "INLINE": "inline",
    "MARK": N_("a mark (! ? !? ?! ??)"),
    "CLAIM": N_("a claim such as +10"),
    "DRAW": "draw",
    "PASS": "pass",
    "MUGGINS": "muggins",
    "DOMINO": "domino",
    "BLOCKED": "blocked",
    "PIPS": "pips",
    "SCORE": "score",
    "TOTALS": "totals",
    "ID": N_("a seat or team such as A"),
    "INT": N_("a number such as 13"),
    "$END": N_("the end of the record"),
}

#: How a token that was found is named ("unexpected ...").
_FOUND_WORDS: dict[str, str] = {
    "SEAT": "seat", "ID": "seat", "TAG": "word", "KEY": "word", "TILE": "tile", "TILES": "tile",
    "NUMBER": "number", "INT": "number", "CLAIM": "claim", "STRING": "quoted value", "END": "end",
    "MARK": "mark", "COMMENT": "comment", "LBRACKET": "header tag", "RBRACKET": "]",
    "UNKNOWN": "?", "$END": "end of the record",
}

#: The grammar's keywords, in its order.
KEYWORDS = tuple(_KEYWORD_OF.values())
#: The keywords that open a statement of a hand after its first line.
_HAND_STATEMENTS = {t for name in SPEC["HAND_ORDER"] for t in SPEC["STATEMENTS"][name]["openers"] if t in _KEYWORD_OF}
_SEAT_LIKE = {"SEAT", "ID", "TAG", "KEY"}

#: Lines longer than this are not copied into a diagnostic (a 10 MB line has no useful caret).
MAX_CONTEXT = 300

#: One example of each common mistake, with the code it must get (tested).
CATALOGUE: dict[str, tuple[str, ...]] = {
    "tile-syntax": (
        '[Seat A "a"]\nhand 1\nA 6/4',
        '[Seat A "a"]\nhand 1\nA 64 r',
        '[Seat A "a"]\nhand 1\ndeal A 6-4 53',
        '[Seat A "a"]\nhand 1\nA draw 6/4',
        '[Seat A "a"]\nhand 1\nA 6- r',
    ),
    "claim-syntax": (
        '[Seat A "a"]\nhand 1\nA 6-4 r +x',
        '[Seat A "a"]\nhand 1\nA +ten',
        '[Seat A "a"]\nhand 1\nA 6-4 r 10',
        '[Seat A "a"]\n[Seat B "b"]\nhand 1\nB muggins A 10',
    ),
    "end-syntax": ('[Seat A "a"]\nhand 1\nA 6-4 left', '[Seat A "a"]\nhand 1\nA 6-4 u1'),
    "unknown-word": ('[Seat A "a"]\nhand 1\nA Pass', '[Seat A "a"]\nhnad 1', '[Seat A "a"]\nhand 1\nA passes'),
    "missing-hand": (
        '[Seat A "a"]\nA 6-4',
        '[Seat A "a"] {note}\ndeal A 6-4',
        '[Seat A "a"]\n[Seat B "b"]\nhand 1\nA 6-4\ndomino A\nB 4-1',
        '[Seat A "a"]\n[Seat B "b"]\nhand 1\nA 6-4\npips A 0\nB 4-1',
    ),
    "missing-seat": ('[Seat A "a"]\nhand 1\n6-4 r',),
    "statement-order": ('[Seat A "a"]\nhand 1\nlead A\ndeal A 6-4', '[Seat A "a"]\nhand 1\nA 6-4\nlead A'),
    "comment-inside": (
        '[Seat A "a"]\nhand 1\nA 6-4 {good} +10',
        '[Seat A "a"]\nhand 1\ndeal A {x} 6-4',
        '[Event {x} "e"]',
    ),
    "unterminated-string": ('[Event "Club night]\n[Seat A "a"]',),
    "unterminated-comment": (
        '[Seat A "a"]\nhand 1\nA 6-4 {good\n',
        '[Seat A "a"]\nhand 1\nA 6-4 {good\n\n[Seat B "b"]\nhand 1\nB 4-1 {fine}\n',
    ),
}


class NotationError(Exception):
    """A record that could not be read; ``diagnostics`` says why (at least one, in text order)."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    @property
    def source(self) -> str:
        return self.diagnostics[0].source if self.diagnostics else "<string>"

    @property
    def line(self) -> int:
        """The first line a diagnostic points at (0 when none does)."""
        return min((d.line for d in self.diagnostics if d.line), default=0)


# --------------------------------------------------------------------------------------------
# Positions and context.


def position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def line_text(text: str, line: int) -> str | None:
    """Line ``line`` (1-based) of ``text``, tabs shown as one space so a caret lines up; ``None``
    for a line too long to show."""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return None
    end = text.find("\n", start)
    shown = text[start:] if end < 0 else text[start:end]
    shown = shown.rstrip("\r")
    if len(shown) > MAX_CONTEXT:
        return None
    return shown.replace("\t", " ")


def diagnostic_at(
    code: str,
    message: str,
    *,
    text: str,
    offset: int | None = None,
    line: int | None = None,
    column: int | None = None,
    source: str,
    first_line: int,
    expected: str | None = None,
    hand: int | None = None,
    turn: int | None = None,
) -> Diagnostic:
    """A diagnostic at ``offset`` (or at chunk ``line``/``column``) of a record's ``text``, which
    starts at file line ``first_line``."""
    if offset is not None:
        line, column = position(text, offset)
    assert line is not None and column is not None
    return Diagnostic(
        code=code,
        message=message,
        source=source,
        line=line + first_line - 1,
        column=column,
        hand=hand,
        turn=turn,
        expected=expected,
        context=line_text(text, line),
    )


def expected_words(names: Iterable[str]) -> str | None:
    """``{"TILE", "PASS", "DRAW"}`` -> ``"a tile such as 6-4, draw, or pass"``."""
    order = list(EXPECTED_WORDS)
    chosen = sorted(set(names) & set(order), key=order.index)
    if not chosen:
        return None
    # The notation's own words (its keywords, "]") are said as they are in every language.
    words = [EXPECTED_WORDS[n] if n in _KEYWORD_OF or n == "RBRACKET" else msg(EXPECTED_WORDS[n]) for n in chosen]
    if len(words) == 1:
        return words[0]
    return msg("{first}, or {last}", first=joined(words[:-1]), last=words[-1])


# --------------------------------------------------------------------------------------------
# Syntax errors.

_BAD_TILE = re.compile(r"(\d+)\s?[/\\.:,;x×*_|](\d+)")
_WORD = re.compile(r"[^\s\[\]\"{};]+")
_LONGEST_WORD = 40
_BROKEN_TILE = re.compile(r"\d+|\d+-|-\d+|\d+-\d+-[\d-]*")
_COMMENT = re.compile(TERMINALS["COMMENT"])
_AFTER_A_TILE = re.compile(f"(?:{TERMINALS['TILE']})[ \t]+$")  # searched in the text just before a word


def _word_at(text: str, offset: int) -> tuple[int, str]:
    """The word around ``offset`` (a run of characters other than spaces and brackets)."""
    start = offset
    limit = max(0, offset - _LONGEST_WORD)
    while start > limit and not text[start - 1].isspace() and text[start - 1] not in '[]"{};':
        start -= 1
    match = _WORD.match(text, start)
    return start, (match.group(0) if match else text[offset : offset + 1])


def _shown(word: str) -> str:
    return word + "..." if len(word) >= _LONGEST_WORD else word


_UPPER_END = re.compile(r"[LRUD][0-9]*")


def _is_line_start(text: str, offset: int) -> bool:
    line_start = text.rfind("\n", 0, offset) + 1
    return not text[line_start:offset].strip()


def _previous_word(text: str, offset: int) -> tuple[int, bool]:
    """(where the word before ``offset`` starts, whether it is the first thing on its line)."""
    end = offset
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    line_start = text.rfind("\n", 0, start) + 1
    return start, not text[line_start:start].strip()


def classify(
    exc: UnexpectedInput,
    text: str,
    *,
    last_comment: tuple[int, int] | None = None,
    parses_without: Callable[[int, int], int | None] | None = None,
) -> tuple[str, str, int]:
    """Name the mistake behind a lark error: (code, message, offset it points at).

    ``last_comment`` is the (start, end) of the last comment read before the error;
    ``parses_without(start, end)`` re-parses the text with that span blanked and returns the
    offset of its first error (``None`` when it parses), to tell a comment inside a statement.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    offset = exc.pos_in_stream or 0
    found = exc.token.type if isinstance(exc, UnexpectedToken) else None
    if isinstance(exc, UnexpectedToken):
        expected = set(exc.expected)
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
    else:
        expected = set()
    char = text[offset : offset + 1]
    if found == "$END":  # lark puts the end at the last token: point after it
        end = len(text.rstrip())
        last, _ = _previous_word(text, end)
        _, word = _word_at(text, last)
        if _UPPER_END.fullmatch(word) and _AFTER_A_TILE.search(text, max(0, last - _LONGEST_WORD), last):
            return "end-syntax", msg("an end is written in lower case: write {lower}", lower=word.lower()), last
        return "syntax", msg("the record ends too soon"), end

    if isinstance(exc, UnexpectedCharacters) and char == '"':
        return "unterminated-string", msg('this quoted value has no closing " on its line'), offset
    if char == "{" and _COMMENT.match(text, offset) is None:  # no } before the record ends
        return "unterminated-comment", msg("this comment is not closed with }} before its record ends"), offset
    if found == "COMMENT":
        return "comment-inside", msg("a comment cannot stand inside a statement: write it after the statement"), offset
    if last_comment is not None and parses_without is not None and not text[last_comment[1] : offset].strip():
        later = parses_without(*last_comment)
        if later is None or later > offset:
            return (
                "comment-inside",
                msg("a comment cannot stand inside a statement: write it after the statement"),
                last_comment[0],
            )

    start, word = _word_at(text, offset)
    word = word[:_LONGEST_WORD]  # enough to tell its shape; a 10 MB "word" is shown cut
    if "STRING" in expected and not word.startswith('"'):
        if found == "RBRACKET":  # [Rules allfives]: the bare value was read as the tag's key
            start, _ = _previous_word(text, offset)
            _, word = _word_at(text, start)
            word = word[:_LONGEST_WORD]
        if word and word != "]":
            return "syntax", msg("the value needs quotes: write \"{word}\"", word=word), start
    before, first_on_line = _previous_word(text, offset)
    _, previous = _word_at(text, before) if before < offset else (before, "")
    if (
        not first_on_line
        and _UPPER_END.fullmatch(previous)
        and _AFTER_A_TILE.search(text, max(0, before - _LONGEST_WORD), before)
        and _is_line_start(text, start)
    ):  # B 5-0 R: the R was read as the next turn's seat
        return "end-syntax", msg("an end is written in lower case: write {lower}", lower=previous.lower()), before
    tiles = {"TILE", "TILES"} & expected
    bad_tile = _BAD_TILE.fullmatch(word)
    if bad_tile:
        a, b = bad_tile.groups()
        return "tile-syntax", msg("write the tile {shown} as {a}-{b}: two pips joined by -", shown=_shown(word), a=a, b=b), start
    if _BROKEN_TILE.fullmatch(word) and (
        (tiles and "NUMBER" not in expected)
        or ("CLAIM" not in expected and _AFTER_A_TILE.search(text, max(0, start - _LONGEST_WORD), start))
    ):
        return "tile-syntax", msg("{shown} is not a tile: write a tile as two pips joined by -, such as 6-4", shown=_shown(word)), start
    if "CLAIM" in expected and (
        word.startswith("+") or (re.fullmatch(r"-?\d+", word) and not ({"NUMBER", "INT"} | tiles) & expected)
    ):
        return "claim-syntax", msg("{shown} is not a claim: a claim is + and a number, such as +10", shown=_shown(word)), start
    if word.isalnum() and word.lower() in KEYWORDS and word != word.lower():
        return "unknown-word", msg("keywords are lower case: write {lower}", lower=word.lower()), start
    if "END" in expected and re.fullmatch(r"[a-z][a-z0-9]*", word) and word not in KEYWORDS:
        return (
            "end-syntax",
            msg("unknown end {shown}: an end is l or r (the line), u or d (the spinner's branches), u2, d2, ... for later spinners", shown=_shown(word)),
            start,
        )
    if word in KEYWORDS:
        found = word.upper()
    elif word[:1].isalpha() and word.islower() and (isinstance(exc, UnexpectedCharacters) or found in _SEAT_LIKE):
        choices = [k for k in KEYWORDS if k.upper() in expected] or list(KEYWORDS)
        close = difflib.get_close_matches(word, choices, n=1)
        hint = msg("; did you mean {word}?", word=close[0]) if close else ""
        return "unknown-word", msg("unknown word {shown}{hint}", shown=_shown(word), hint=hint), start

    if "HAND" in expected and "LBRACKET" in expected and found not in (None, "LBRACKET"):
        return "missing-hand", msg("a hand starts with a line hand N (hand 1 for the first) before its deals and turns"), offset
    if found in _HAND_STATEMENTS and "HAND" in expected:
        order = msg("hand, deal, boneyard, lead, the turns, then domino or blocked, pips, score, totals")  # (the keywords stay)
        return "statement-order", msg("{shown} cannot come here: a hand is written in the order {order}", shown=_shown(word), order=order), offset
    if "HAND" in expected and "SEAT" not in expected and found in _SEAT_LIKE | {"TILE"}:
        return "missing-hand", msg("this hand is over: start the next hand with a line hand N before its turns"), offset
    if expected == {"INT"} and found in ("TILE", "TILES", "CLAIM"):
        seat, first_on_line = _previous_word(text, offset)
        if first_on_line:
            return "missing-hand", msg("this hand is over: start the next hand with a line hand N before its turns"), seat
    if "SEAT" in expected and found in ("TILE", "TILES"):
        return "missing-seat", msg("a turn starts with the seat that takes it, such as A {shown}", shown=_shown(word)), offset

    if expected <= {"LBRACKET", "COMMENT"}:
        return "syntax", msg('a record starts with its header tags, such as [Seat A "Ana"]'), offset
    if word in KEYWORDS or found not in _FOUND_WORDS:
        return "syntax", msg("unexpected {shown}", shown=_shown(word)) if word else msg("unexpected text"), offset
    return "syntax", msg("unexpected {what} {shown}", what=_FOUND_WORDS[found or ""], shown=_shown(word)), offset
