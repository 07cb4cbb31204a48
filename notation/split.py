"""Cut a stream of lines into records, one record's text at a time.

A record ends where a header tag starts a line after the record's hands (NOTATION.md, "Records
and files"). Comment lines between two records belong to the record below when a blank line
separates them from the record above; otherwise they stay with the statement above. The scan
knows brace comments that span lines and quoted values, so a ``[`` inside either starts nothing.

Only the current record's lines are held, so memory does not grow with the number of records.
Lines keep their line endings; a chunk's ``first_line`` is the file line of its first line, so
a parser adds it to its own line numbers instead of padding the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

# A line without any of these characters, outside a brace comment, needs no careful scan.
_SPECIAL = re.compile(r'[{};"]')
# Pieces of a line: a brace comment (maybe unclosed), a ; comment, a quoted value (maybe
# unclosed), or a run of other text.
# (The quoted value is written as an unrolled loop: the same strings, but linear in a very
# long value where an alternation per character takes seconds.)
_PIECE = re.compile(r'\{[^}]*\}?|;.*|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?|[^{;"]+')


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one record and the file line it starts on.

    ``head_length`` is the length of the text before the first line that is neither a header
    tag, a comment nor blank: what a reader that wants only the header tags needs to parse.
    """

    text: str
    first_line: int
    head_length: int

    @property
    def head(self) -> str:
        return self.text[: self.head_length]


def scan_line(text: str, in_comment: bool) -> tuple[str, bool]:
    """(the first character of ``text`` outside comments, "" when none; whether a brace comment
    is still open at its end). ``in_comment``: a brace comment is open at its start."""
    pos = 0
    if in_comment:
        close = text.find("}")
        if close < 0:
            return "", True
        pos = close + 1
    elif not _SPECIAL.search(text):
        return text.lstrip()[:1], False
    first = ""
    for piece in _PIECE.finditer(text, pos):
        part = piece.group(0)
        head = part[0]
        if head == "{":
            if not part.endswith("}"):
                return first, True
        elif head == ";":
            return first, False
        elif not first:
            first = part.lstrip()[:1]
    return first, False


def split_records(lines: Iterable[str]) -> Iterator[Chunk]:
    """Yield each record's text in ``lines``; text with only comments and blanks yields nothing."""
    held: list[str] = []
    first_line = 1  # the file line of held[0]
    has_code = False  # the held text has something besides comments and blanks
    has_body = False  # ... and something besides header tags
    head_length = 0  # length of the held text before its first body line
    tail_blank = -1  # index in held of the first blank line after the last line of code
    in_comment = False
    for text in lines:
        starts_in_comment = in_comment
        first, in_comment = scan_line(text, in_comment)
        if first:
            if first == "[" and has_body and not starts_in_comment and text.lstrip()[:1] == "[":
                cut = tail_blank if tail_blank >= 0 else len(held)
                yield Chunk("".join(held[:cut]), first_line, head_length)
                first_line += cut
                del held[:cut]
                has_body = False
                head_length = sum(map(len, held))
            has_code = True
            tail_blank = -1
            if first != "[":
                has_body = True
        elif tail_blank < 0 and not starts_in_comment and not text.strip():
            tail_blank = len(held)
        if not has_body:
            head_length += len(text)
        held.append(text)
    if has_code:
        yield Chunk("".join(held), first_line, head_length)
