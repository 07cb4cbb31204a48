"""Cut a stream of lines into records, one record's text at a time.

A record ends where a header tag starts a line after the record's hands (NOTATION.md, "Records
and files"). Comment lines between two records belong to the record below when a blank line
separates them from the record above; otherwise they stay with the statement above. The scan
knows brace comments that span lines and quoted values, so a ``[`` inside either starts nothing.

Only the current record's lines are held, so memory does not grow with the number of records.
The same cut serves worker processes, a piece of a file each (see "in pieces" below).
Lines keep their line endings; a chunk's ``first_line`` is the file line of its first line, so
a parser adds it to its own line numbers instead of padding the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from muggins.notation.tokens import SPEC

#: Of the grammar (tokens.py): each opening character of a comment or a quoted value, with
#: whether it is a comment and the closing character of one that may go on past a line end; the
#: two tokens in full; the character that opens a header tag, and so a record.
_SPANS: dict[str, tuple[bool, str | None]] = {opener: tuple(span) for opener, span in SPEC["SPLIT"]["spans"].items()}  # type: ignore[misc]
_TOKEN = re.compile(SPEC["SPLIT"]["tokens"])
RECORD_OPENER: str = SPEC["SPLIT"]["record"]
# A line without any of these characters, outside a comment, needs no careful scan.
_SPECIAL = re.compile("[" + re.escape("".join(_SPANS)) + "]")


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


def scan_line(text: str, open_until: str | None) -> tuple[str, str | None]:
    """(the first character of ``text`` outside comments, "" when none; the closing character
    of a comment still open at its end, else ``None``). ``open_until``: that of a comment open
    at its start."""
    pos = 0
    if open_until is not None:
        close = text.find(open_until)
        if close < 0:
            return "", open_until
        pos = close + len(open_until)
    elif not _SPECIAL.search(text):
        return text.lstrip()[:1], None
    first = ""
    while True:
        special = _SPECIAL.search(text, pos)
        if not first:
            first = text[pos : special.start() if special else len(text)].lstrip()[:1]
        if special is None:
            return first, None
        at = special.start()
        comment, until = _SPANS[text[at]]
        if not comment and not first:  # a quoted value is part of a statement
            first = text[at]
        token = _TOKEN.match(text, at)
        if token is None:  # not closed on this line: a comment may go on; anything else ends here
            return first, until if comment else None
        pos = token.end()


def split_records(lines: Iterable[str]) -> Iterator[Chunk]:
    """Yield each record's text in ``lines``; text with only comments and blanks yields nothing."""
    held: list[str] = []
    first_line = 1  # the file line of held[0]
    has_code = False  # the held text has something besides comments and blanks
    has_body = False  # ... and something besides header tags
    head_length = 0  # length of the held text before its first body line
    tail_blank = -1  # index in held of the first blank line after the last line of code
    open_until: str | None = None  # the closing character of a comment open over lines
    for text in lines:
        starts_in_comment = open_until is not None
        first, open_until = scan_line(text, open_until)
        if first:
            if first == RECORD_OPENER and has_body and not starts_in_comment and text.lstrip()[:1] == RECORD_OPENER:
                cut = tail_blank if tail_blank >= 0 else len(held)
                yield Chunk("".join(held[:cut]), first_line, head_length)
                first_line += cut
                del held[:cut]
                has_body = False
                head_length = sum(map(len, held))
            has_code = True
            tail_blank = -1
            if first != RECORD_OPENER:
                has_body = True
        elif tail_blank < 0 and not starts_in_comment and not text.strip():
            tail_blank = len(held)
        if not has_body:
            head_length += len(text)
        held.append(text)
    if has_code:
        yield Chunk("".join(held), first_line, head_length)


# ---- in pieces, for worker processes --------------------------------------------------------
# Cutting a file into its records reads it line by line, about a tenth of the work of reading
# the records; done by one process alone it holds back the others. So a file can be cut first,
# in bytes, where records usually meet (a line end, a blank line, a line opening a header tag),
# into pieces of some tens of kilobytes, and each piece cut by :func:`split_piece` with the very
# same :func:`split_records`. Whether such a place really is where reading in order would end a
# record depends on all the text before it (a comment may span lines); :func:`split_piece` makes
# sure, and says when it is not so: then the file is to be read in order from there.

#: Bytes read at a time.
BLOCK = 1 << 20
#: A file with no place to cut in this many bytes is to be read in order instead.
LONGEST = 4 * BLOCK
#: A line end followed by a blank line and a line opening a header tag: where records usually meet.
_MEET = re.compile(rb"\n(?=\r?\n" + re.escape(RECORD_OPENER.encode()) + rb")")
#: What follows every cut: a blank line, then a line opening a header tag.
_SENTINEL = ("\n", RECORD_OPENER + "\n")
_SENTINEL_TEXT = "".join(_SENTINEL)


def pieces(path, size: int) -> Iterator[tuple[bytes, int, bool, bool] | None]:
    """``(raw text, its first line, whether it opens the file, whether it ends it)`` for each
    piece of about ``size`` bytes of the file at ``path``, cut where records usually meet;
    ``None`` (and no more) when no such place comes in :data:`LONGEST` bytes. ``OSError`` as
    ``open`` raises it."""
    with open(path, "rb") as handle:
        held = b""
        line = 1
        opens = True
        done = False
        while not done:
            block = handle.read(BLOCK)
            done = not block
            held += block
            while held:
                meet = _MEET.search(held, min(size, len(held)))
                if meet is None and not done:
                    if len(held) > LONGEST:
                        yield None
                        return
                    break
                cut = len(held) if meet is None else meet.end()
                piece, held = held[:cut], held[cut:]
                yield piece, line, opens, meet is None
                line += piece.count(b"\n")
                opens = False


def split_piece(raw: bytes, first_line: int, opens: bool, closes: bool) -> list[Chunk] | None:
    """The records' text of one piece of :func:`pieces`, or ``None`` when the piece does not end
    where reading in order would end a record, or is not UTF-8. It is cut followed by a blank
    line and a header tag's line: the cut is right exactly when these come out as a record of
    their own."""
    import io
    import itertools

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if opens and text.startswith("\ufeff"):
        text = text[1:]
    lines: Iterable[str] = io.StringIO(text, newline="\n")
    if not closes:
        lines = itertools.chain(lines, _SENTINEL)
    chunks = list(split_records(lines))
    if not closes:
        if not chunks or chunks[-1].text != _SENTINEL_TEXT:
            return None
        chunks.pop()
    if first_line == 1:
        return chunks
    return [Chunk(c.text, c.first_line + first_line - 1, c.head_length) for c in chunks]
