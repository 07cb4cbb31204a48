"""Cut a stream of lines into records, one record's text at a time.

A record ends where a header tag starts a line after the record's hands (NOTATION.md, "Records
and files"). Comment lines between two records belong to the record below when a blank line
separates them from the record above; otherwise they stay with the statement above. The scan
knows brace comments that span lines and quoted values, so a ``[`` inside either starts nothing;
but a brace comment never runs on past a record's start (a blank line, then perhaps more blank
lines and lines of ``;`` comments, then a line opening with ``[``, as the grammar's comment
pattern says): one left open ends at that first blank line, and so does its record, which lark
then reports as an unclosed comment; the comment lines after it are the next record's.

Lines end at ``\n`` (a file's lines come here with every line end read as ``\n``: parser.py).
Only the current record's lines are held, so memory does not grow with the number of records; a
record longer than the ``record-chars`` limit (muggins.limits) is not held at all: its lines are
scanned and dropped (but for the comment lines after it, which may be the next record's), and its
chunk carries only its size (``oversize``), for the parser to refuse.
The same cut serves worker processes, a piece of a file each (see "in pieces" below). A chunk's
``first_line`` is the file line of its first line, so a parser adds it to its own line numbers
instead of padding the text.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Generator, Iterable, Iterator

from muggins.limits import LINE_BYTES, RECORD_CHARS
from muggins.notation.tokens import SPEC

if TYPE_CHECKING:
    from pathlib import Path

#: Of the grammar (tokens.py): each opening character of a comment or a quoted value, with
#: whether it is a comment and the closing character of one that may go on past a line end; the
#: two tokens in full; the character that opens a header tag, and so a record.
_SPANS: dict[str, tuple[bool, str | None]] = {opener: (comment, until) for opener, (comment, until) in SPEC["SPLIT"]["spans"].items()}
_TOKEN = re.compile(SPEC["SPLIT"]["tokens"])
RECORD_OPENER: str = SPEC["SPLIT"]["record"]
#: The opening character of each comment that may go on past a line end, by its closing one.
_OPENER_OF = {until: opener for opener, (comment, until) in _SPANS.items() if comment and until is not None}
#: The opening characters of the comments that end with their line.
_LINE_COMMENTS = tuple(opener for opener, (comment, until) in _SPANS.items() if comment and until is None)
# A line without any of these characters, outside a comment, needs no careful scan.
_SPECIAL = re.compile("[" + re.escape("".join(_SPANS)) + "]")


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one record and the file line it starts on.

    ``head_length`` is the length of the text before the first line that is neither a header
    tag, a comment nor blank: what a reader that wants only the header tags needs to parse.
    ``oversize``: for a record over the ``record-chars`` limit, its length (its text is then
    empty: it was never held, and ``first_line`` is its first line that is not blank); 0 for
    every other.
    """

    text: str
    first_line: int
    head_length: int
    oversize: int = 0

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


def comment_goes_on(open_until: str, inside: str, text: str) -> bool:
    """Whether a comment open over lines (closed by ``open_until``) may go on into the line
    ``text``, after the lines ``inside`` that lay wholly inside it (those after its last line
    that was neither blank nor a line comment): asked of the grammar's own comment pattern, for a
    line that opens with a header tag's character (NOTATION.md, "Comments": a comment never runs
    past a blank line followed by such a line, perhaps after more blank lines and comment lines)."""
    if text[:1] != RECORD_OPENER:
        return True
    return _TOKEN.fullmatch(_OPENER_OF[open_until] + "\n" + inside + RECORD_OPENER + open_until) is not None


def _blank(text: str) -> bool:
    """Whether a line is blank as the grammar's comment pattern sees it (spaces, tabs, ``\r``)."""
    return not text.rstrip("\n").strip(" \t\r")


def _between(text: str) -> bool:
    """Whether a line inside an open comment may stand between a blank line and a record's start:
    a blank line, or a line comment's (NOTATION.md, "Comments")."""
    return _blank(text) or text.lstrip(" \t")[:1] in _LINE_COMMENTS


def split_records(lines: Iterable[str]) -> Iterator[Chunk]:
    """Yield each record's text in ``lines`` (line ends kept: a line ends at ``\n``); text with
    only comments and blanks yields nothing."""
    most = RECORD_CHARS.value
    held: list[str] = []
    held_chars = 0  # the length of the held text
    dropped = 0  # the length of a record over the limit, its lines dropped (0: none is)
    dropped_lines = 0
    dropped_from = 0  # ... and the line it starts on (its first that is not blank)
    first_line = 1  # the file line of held[0]
    has_code = False  # the held text has something besides comments and blanks
    has_body = False  # ... and something besides header tags
    head_length = 0  # length of the held text before its first body line
    tail_blank = -1  # index in held of the first blank line after the last line of code
    tail_chars = 0  # ... and the length of the held text from there
    open_until: str | None = None  # the closing character of a comment open over lines
    # The lines that lay wholly inside that comment since its last line that was neither blank
    # nor a line comment's (its first, when none): what the grammar asks of, at a line opening
    # with a header tag's character. Shared with ``held``, but kept when a record over the limit
    # lets go of its lines, up to the limit (beyond it, no honest record's comments).
    run: list[str] = []
    run_chars = 0
    run_whole = True  # run holds every such line
    for text in lines:
        starts_in_comment = open_until is not None
        if starts_in_comment and text[:1] == RECORD_OPENER and not comment_goes_on(open_until, "".join(run), text):  # type: ignore[arg-type]
            # A record starts here: the comment left open ends (lark reports it) at the first
            # blank line of the run; that line and the comment lines after it go with the record
            # below, as between any two records. (A comment opened on a line of its own after
            # the record's last code and a blank line is the record below's already.)
            open_until, starts_in_comment = None, False
            has_code = has_body = True
            at = next((i for i, line in enumerate(run) if _blank(line)), len(run))
            if tail_blank >= 0:
                pass
            elif not dropped:
                tail_blank = len(held) - len(run) + at if at < len(run) else -1
            elif run_whole and at < len(run):  # given back by the record over the limit
                held[:] = run[at:]
                held_chars = sum(map(len, held))
                dropped -= held_chars
                dropped_lines -= len(held)
                tail_blank, tail_chars = 0, held_chars
        first, open_until = scan_line(text, open_until)
        if open_until is None or not starts_in_comment or not _between(text):
            run.clear()
            run_chars, run_whole = 0, True
        elif run_whole and run_chars + len(text) <= most:
            run.append(text)
            run_chars += len(text)
        else:
            run_whole = False
        if first:
            if first == RECORD_OPENER and has_body and not starts_in_comment and text.lstrip()[:1] == RECORD_OPENER:
                if dropped:
                    chunk = Chunk("", dropped_from, 0, dropped)
                    first_line += dropped_lines
                    dropped = dropped_lines = 0
                else:
                    cut = tail_blank if tail_blank >= 0 else len(held)
                    chunk = Chunk("".join(held[:cut]), first_line, head_length)
                    first_line += cut
                    del held[:cut]
                    held_chars = sum(map(len, held))
                head_length = held_chars
                has_body = False
                yield chunk  # after letting go of its lines: the record is held once
            has_code = True
            tail_blank, tail_chars = -1, 0
            if first != RECORD_OPENER:
                has_body = True
        elif tail_blank < 0 and not starts_in_comment and not text.strip():
            tail_blank = len(held)
        size = len(text)
        if not has_body:
            head_length += size
        if dropped:
            if tail_blank < 0:  # a line of the record over the limit: it, and what was held, only counted
                dropped += held_chars + size
                dropped_lines += len(held) + 1
                held.clear()
                held_chars = 0
            else:  # after its last line of code: perhaps the next record's comments, held for it
                held.append(text)
                held_chars += size
                if held_chars > most:
                    tail_blank = -1  # too long to be anything's comments: the record's, counted
            continue
        held.append(text)
        held_chars += size
        if tail_blank >= 0:
            tail_chars += size
        # Over the limit: the record up to its last code (what follows may be the next record's
        # comments), or those lines alone (counted with the record above: a run of comments that
        # long is no honest record's). From now on the record's lines are only counted.
        if held_chars > most and (held_chars - tail_chars > most or tail_chars > most):
            start = next((i for i, line in enumerate(held) if line.strip()), 0)  # blank lines before it are no part of it
            dropped, dropped_lines, dropped_from = held_chars - sum(map(len, held[:start])), len(held), first_line + start
            held.clear()
            held_chars = head_length = tail_chars = 0
            tail_blank = -1
    if open_until is not None:
        has_code = True  # a comment never closed: an error, not an empty text
    if has_code:
        chunk = Chunk("", dropped_from, 0, dropped + held_chars) if dropped else Chunk("".join(held), first_line, head_length)
        held.clear()
        yield chunk


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
#: A line end (any of the three), bytes.
_EOL = rb"(?:\r\n|\r(?!\n)|\n)"
#: A line end followed by a blank line and a line opening a header tag: where records usually meet.
_MEET = re.compile(_EOL + rb"(?=" + _EOL + re.escape(RECORD_OPENER.encode()) + rb")")
#: What follows every cut: a blank line, then a line opening a header tag.
_SENTINEL = ("\n", RECORD_OPENER + "\n")
_SENTINEL_TEXT = "".join(_SENTINEL)


def pieces(path: str | Path, size: int) -> Generator[tuple[bytes, int, bool, bool] | None, None, None]:
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
                line += piece.count(b"\n") + piece.count(b"\r") - piece.count(b"\r\n")
                opens = False


def split_piece(raw: bytes, first_line: int, opens: bool, closes: bool) -> list[Chunk] | None:
    """The records' text of one piece of :func:`pieces`, or ``None`` when the piece does not end
    where reading in order would end a record, or is not UTF-8. It is cut followed by a blank
    line and a header tag's line: the cut is right exactly when these come out as a record of
    their own."""
    import itertools

    if len(raw) > LINE_BYTES.value and any(len(line) > LINE_BYTES.value for line in raw.splitlines()):
        return None  # reading in order stops at that line
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if opens and text.startswith("\ufeff"):
        text = text[1:]
    lines: Iterable[str] = io.StringIO(text, newline=None)  # universal newlines, as in order
    if not closes:
        lines = itertools.chain(lines, _SENTINEL)
    chunks = list(split_records(lines))
    if not closes:
        if not chunks or chunks[-1].text != _SENTINEL_TEXT:
            return None
        chunks.pop()
    if first_line == 1:
        return chunks
    return [replace(c, first_line=c.first_line + first_line - 1) for c in chunks]
