"""Text -> records: the ``.mgn`` parser, one record at a time.

The promises, which the rest of muggins relies on:

- :func:`parse_record` turns one record's text into a :class:`Record`, or raises
  :class:`NotationError` carrying one :class:`Diagnostic` per problem (file, line, column, the
  line itself for a caret, what was expected in words).
- :func:`iter_records` and :func:`read_file` stream a file of many records: each record is read,
  yielded and forgotten, a broken one is yielded as its :class:`NotationError` and the records
  after it are still read. Line numbers are those of the file.
- Besides the syntax, the notation's own structure is checked here, from the text alone: every
  seat and team declared, hands numbered 1, 2, 3, ..., ``lead`` agreeing with the first turn, a
  hand not mixing score-sheet entries with plays, pips no higher than 18. What the text alone
  shows that does not make a record unreadable (a seat in two teams, ...: checks.py) is kept in
  the record's ``notes``, so that every command reading it reports the same. Whether the record
  is right by the rules is the replayer's business.

One grammar (``mgn.lark``, LALR with the contextual lexer) and one transformer (builder.py)
that builds the frozen values of ``model.py`` as the parser reduces, with no parse tree in
between. Parsing is serialised by a lock, since the transformer holds the state of the record
being read.

In front of lark runs the fast path (fastpath.py): a record in the common one-statement-a-line
layout is read without lark into the very values lark would build; anything else, and every
record with a problem, goes to lark, which gives every diagnostic. ``MUGGINS_FASTPATH=0`` in the
environment (read at each call) or ``fast=False`` turns the fast path off.
"""

from __future__ import annotations

import io
import os
import re
import threading
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Generator, Iterable, Iterator, cast

from muggins.diagnostics import Diagnostic
from muggins.i18n import msg
from muggins.limits import LINE_BYTES, RECORD_CHARS
from muggins.notation.checks import check_record
from muggins.notation.errors import NotationError, classify, diagnostic_at, expected_words
from muggins.notation.fastpath import parse_fast
from muggins.notation.model import Record
from muggins.notation.split import Chunk, split_records
from muggins.notation.table import GRAMMAR_PATH

if TYPE_CHECKING:  # lark is imported only when a record needs it: the fast path reads most
    from lark import Lark
    from lark.exceptions import UnexpectedInput

    from muggins.notation.builder import Builder

__all__ = [
    "GRAMMAR_PATH",
    "NotationError",
    "iter_records",
    "parse_record",
    "read_file",
    "read_headers",
    "read_chunks",
    "parse_chunk",
    "parse_head",
    "backend",
]


# --------------------------------------------------------------------------------------------
# The parser and its entry points.



@lru_cache(maxsize=1)
def _builder() -> Builder:
    """The one transformer, made with the first lark parser (it imports lark)."""
    from muggins.notation.builder import Builder

    return Builder()

_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def backend() -> str:
    """Which lark runs the parser: ``"lark-cython"`` when that optional extra is installed (the
    same parse, about 1.4 times as fast) unless the environment sets ``MUGGINS_LARK_CYTHON=0``
    at start; else ``"lark"``."""
    if os.environ.get("MUGGINS_LARK_CYTHON", "1") != "0":
        try:
            import lark_cython  # noqa: F401
        except ImportError:
            pass
        else:
            return "lark-cython"
    return "lark"


@lru_cache(maxsize=2)
def _lark_for(backend_name: str) -> Lark:
    extra = {}
    if backend_name == "lark-cython":
        import lark_cython

        extra["_plugins"] = lark_cython.plugins
    # The LALR table comes ready-made with the package (table.py says how it is kept current).
    from muggins.notation.table import build

    builder = _builder()
    return build(transformer=builder, lexer_callbacks={"COMMENT": builder.saw_comment}, **extra)


def _lark() -> Lark:
    return _lark_for(backend())


def _first_error_offset(text: str) -> int | None:
    """Where a plain parse of ``text`` first fails (``None`` if it does not): a probe for the
    error classifier. Runs inside the lock; leaves the builder to be reset by its caller."""
    from lark.exceptions import UnexpectedInput

    _builder().begin(text, "<probe>", 1)
    try:
        _lark().parse(text)
    except UnexpectedInput as exc:
        return exc.pos_in_stream or 0
    return None


def _syntax_diagnostic(exc: UnexpectedInput, text: str, source: str, first_line: int) -> Diagnostic:
    last_comment = _builder().last_comment

    def parses_without(start: int, end: int) -> int | None:
        blanked = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
        return _first_error_offset(blanked)

    code, message, offset = classify(exc, text, last_comment=last_comment, parses_without=parses_without)
    expected: str | None
    if code == "comment-inside":
        expected = msg("the rest of the statement first, then the comment")
    elif code == "end-syntax":  # the message is about an end, wherever lark met the slip
        expected = expected_words(("END",))
    else:
        expected = expected_words(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    return diagnostic_at(
        code, message, text=text, offset=offset, source=source, first_line=first_line, expected=expected
    )


def fast_path_enabled() -> bool:
    """Whether records are tried on the fast path first: unless ``MUGGINS_FASTPATH=0``."""
    return os.environ.get("MUGGINS_FASTPATH", "1") != "0"


def parse_record(text: str, source: str = "<string>", first_line: int = 1, *, fast: bool | None = None) -> Record:
    """Parse one record's ``text``; its first line is line ``first_line`` of ``source``.

    Raises :class:`NotationError` with every problem found (a syntax error stops the parse, so
    it comes alone). ``fast`` says whether to try the fast path first (the same result, sooner);
    ``None`` leaves it to :func:`fast_path_enabled`.
    """
    if len(text) > RECORD_CHARS.value:
        raise _too_big(len(text), source, first_line)
    if fast if fast is not None else fast_path_enabled():
        quick = parse_fast(text, source, first_line)
        if quick is not None:
            return _noted(quick)
    from lark.exceptions import UnexpectedInput

    with _LOCK:
        parser = _lark()
        builder = _builder()
        builder.begin(text, source, first_line)
        try:
            # lark's types say a parse gives a tree; the builder, its transformer, makes the Record
            record = cast(Record, parser.parse(text))
        except UnexpectedInput as exc:
            raise NotationError([_syntax_diagnostic(exc, text, source, first_line)]) from None
        problems = builder.problems
    if problems:
        raise NotationError(sorted(problems, key=lambda d: (d.line, d.column)))
    return _noted(record)


def _noted(record: Record) -> Record:
    """``record`` with the notes its text calls for (checks.py)."""
    notes = check_record(record)
    return replace(record, notes=tuple(notes)) if notes else record


def _parse_chunk(chunk: Chunk, source: str) -> Record | NotationError:
    if chunk.oversize:
        return _too_big(chunk.oversize, source, chunk.first_line)
    try:
        return parse_record(chunk.text, source, chunk.first_line)
    except NotationError as exc:
        return exc


def _too_big(size: int, source: str, first_line: int) -> NotationError:
    """A record over the record-chars limit, refused where it starts."""
    message = msg("{problem}: it is not read", problem=RECORD_CHARS.exceeded(size))
    return NotationError([Diagnostic("record-too-big", message, source=source, line=first_line, column=1)])


def iter_records(lines_or_text: str | Iterable[str], source: str = "<string>") -> Iterator[Record | NotationError]:
    """Each record of a text (or of an iterable of lines, line endings kept), in order. Lines end
    at ``\n``, as for :func:`parse_record` (a file is read with universal newlines: :func:`read_file`).

    A broken record is yielded as its :class:`NotationError`, not raised, and reading goes on.
    """
    if isinstance(lines_or_text, str):
        lines_or_text = io.StringIO(lines_or_text, newline="\n")  # lines end at \n only, as lark counts them
    for chunk in split_records(lines_or_text):
        yield _parse_chunk(chunk, source)


@dataclass(slots=True)
class _Stop:
    """Where reading a file stopped short (``line`` 0 while it has not): the first byte that is
    not UTF-8, or a line over the ``line-bytes`` limit."""

    line: int = 0
    column: int = 0
    code: str = ""
    message: str = ""


#: Bytes read at a time from a file (small: what is held besides a record stays small).
_BLOCK = 1 << 16


def _decoded_lines(handle: io.BufferedReader, stop: _Stop) -> Iterator[str]:
    """The lines of a binary file as text, each ending in ``\n`` whichever line end it had
    (universal newlines), read a block at a time: never more than a line of ``line-bytes`` and a
    block. At the first line that is not UTF-8, or is over that limit, reading stops: that line
    is yielded (decoded with replacement characters; a long one only its start), ``stop`` says
    where and why, and then only the lines :func:`_lines_after` looks at, to tell whether the
    record before that line ends there."""
    longest = LINE_BYTES.value
    block_size = min(_BLOCK, longest)  # a line within one block is never over the limit
    number = 0  # lines yielded
    carried: list[bytes] = []  # a line not ended in the blocks read so far, in pieces; only its
    carried_size = 0  # last piece may end in \r, and then it has ended (in \r, or \r\n)
    opens = True
    while True:
        block = handle.read(block_size)
        ended = not block
        lines: list[bytes] = []  # whole lines, to decode now
        if carried and (ended or carried[-1].endswith(b"\r")):
            lines += carried
            carried, carried_size = [], 0
            if block.startswith(b"\n") and lines[-1].endswith(b"\r"):
                lines.append(b"\n")
                block = block[1:]
        if block:
            # Whole lines: up to the last line end (a \r at the very end may be half of \r\n).
            end = max(block.rfind(b"\n"), block.rfind(b"\r", 0, len(block) - 1)) + 1
            if carried and carried_size + (_line_length(block) if end else len(block)) > longest:
                yield from _too_long(b"".join(carried)[:64], number + 1, stop)
                yield from _lines_after(handle, block, True)
                return
            if end:
                lines += carried
                lines.append(block[:end])
                carried, carried_size = [block[end:]] if end < len(block) else [], len(block) - end
            else:
                carried.append(block)
                carried_size += len(block)
        if lines:
            data = b"".join(lines)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                rest = yield from _until_bad_byte(data, number, opens, stop)
                yield from _lines_after(handle, rest + b"".join(carried), False)
                return
            if opens and text.startswith("\ufeff"):
                text = text[1:]
            opens = False
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            number += text.count("\n") + (not text.endswith("\n"))
            yield from io.StringIO(text, newline="\n")
        if ended:
            return


def _line_length(data: bytes) -> int:
    """The length of the first line of ``data``, without its line end."""
    ends = [at for at in (data.find(b"\n"), data.find(b"\r")) if at >= 0]
    return min(ends) if ends else len(data)


def _too_long(data: bytes, line: int, stop: _Stop) -> Iterator[str]:
    """Stop at line ``line`` (which ``data`` starts with), over the line-bytes limit: its start
    stands for it, so that it ends the record it belongs to, or starts one."""
    stop.line, stop.column, stop.code = line, 1, "line-too-long"
    stop.message = msg("{problem}: reading stopped here", problem=LINE_BYTES.exceeded())
    yield data[:64].decode("utf-8", errors="replace").replace("\r", " ") + "\n"


def _until_bad_byte(data: bytes, number: int, opens: bool, stop: _Stop) -> Generator[str, None, bytes]:
    """The lines of ``data`` (following line ``number``) up to the first that is not UTF-8, which
    is yielded decoded with replacement characters; ``stop`` says where it broke. Returns the
    bytes of ``data`` after that line."""
    at = 0
    for raw in data.splitlines(keepends=True):
        at += len(raw)
        number += 1
        body = raw.rstrip(b"\r\n")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            before = body[: exc.start].decode("utf-8", errors="replace")
            if opens and before.startswith("\ufeff"):
                before = before[1:]  # a byte-order mark is not a column
            stop.line, stop.column, stop.code = number, len(before) + 1, "not-utf8"
            stop.message = msg("byte 0x{byte:02x} is not UTF-8: save the file as UTF-8 text", byte=body[exc.start])
            yield body.decode("utf-8", errors="replace") + "\n"
            return data[at:]
        if opens and text.startswith("\ufeff"):
            text = text[1:]
        opens = False
        yield text + "\n" if len(body) < len(raw) else text
    return b""


#: A line end, bytes: ``\r\n``, ``\r`` or ``\n``.
_EOL = re.compile(rb"\r\n|\r|\n")


def _lines_after(handle: io.BufferedReader, rest: bytes, in_line: bool) -> Iterator[str]:
    """After reading stopped at a line (``in_line``: still inside it, a line over the limit),
    the lines that show whether the record before that line ends there: those of blank and
    comment lines, then the first other line (a record's start, or not). Only for the
    splitter to see where that record ends: nothing after the stop is read as a record. The
    lines are decoded with replacement characters; no more than ``line-bytes`` more bytes are
    looked at (``rest``, what was read after the line, included): a file that needs more leaves
    the record before undecided, and it is not read, as before."""
    budget = LINE_BYTES.value
    buffer = bytearray(rest)
    seen = 0  # bytes looked at: those of the lines taken from the buffer, and a long line's rest
    ended = False
    while True:
        while True:
            found = _EOL.search(buffer)
            if found is None or (found.group() == b"\r" and found.end() == len(buffer) and not ended):
                break  # no whole line yet (a \r at the end may be half of \r\n)
            seen += found.end()
            if seen > budget:
                return
            line = bytes(buffer[: found.start()])
            del buffer[: found.end()]
            if in_line:
                in_line = False
                continue
            text = line.decode("utf-8", errors="replace")
            yield text + "\n"
            body = text.strip(" \t\r\f")
            if body and body[:1] != ";":
                return
        if ended or seen + len(buffer) > budget:
            if ended and buffer and not in_line and seen + len(buffer) <= budget:
                yield bytes(buffer).decode("utf-8", errors="replace")
            return
        if in_line and len(buffer) > 1:
            seen += len(buffer) - 1
            del buffer[:-1]  # the long line's rest is not kept (but a \r at its end)
        block = handle.read(min(_BLOCK, budget))
        ended = not block
        buffer += block


def _file_chunks(path: str | Path) -> Iterator[Chunk | NotationError]:
    """The record chunks of a UTF-8 file; where reading stops short (a byte that is not UTF-8,
    a line over the line-bytes limit), the records wholly before it, then one error (``not-utf8``,
    ``line-too-long``), and nothing more."""
    stop = _Stop()
    with open(path, "rb") as handle:
        for chunk in split_records(_decoded_lines(handle, stop)):
            last_line = chunk.first_line + chunk.text.count("\n") - chunk.text.endswith("\n")
            if stop.line and last_line >= stop.line:
                break
            yield chunk
    if stop.line:
        yield NotationError([Diagnostic(stop.code, stop.message, source=str(path), line=stop.line, column=stop.column)])


def read_file(path: str | Path) -> Iterator[Record | NotationError]:
    """Each record of the file at ``path``, streamed, as :func:`iter_records` gives them.

    The file must be UTF-8: at the first byte that is not, one :class:`NotationError` (code
    ``not-utf8``) is yielded and reading stops; so it does at a line over the ``line-bytes``
    limit (``line-too-long``). The records before that line are yielded first, the one just
    before it too when that line is among the next record's comment lines (NOTATION.md,
    "Records and files"). A record over the ``record-chars`` limit is yielded as its error
    (``record-too-big``) without being held, and reading goes on. Lines end at ``\n``, ``\r\n``
    or a lone ``\r`` alike. A file that cannot be opened raises ``OSError`` when iteration starts.
    """
    source = str(path)
    for chunk in _file_chunks(path):
        yield chunk if isinstance(chunk, NotationError) else _parse_chunk(chunk, source)


def read_headers(path: str | Path) -> Iterator[Record | NotationError]:
    """Each record of a file cut after its header tags (``hands`` is empty): the cheap pass for
    batch filters, which parses no hand. ``Record.line`` says where to find the whole record."""
    source = str(path)
    for chunk in _file_chunks(path):
        yield chunk if isinstance(chunk, NotationError) else parse_head(chunk, source)


def parse_head(chunk: Chunk, source: str) -> Record | NotationError:
    """One chunk of :func:`read_chunks` read up to its header tags: the record without its
    hands, which are not parsed (unless a header line also holds hand text)."""
    if chunk.oversize:
        return _parse_chunk(chunk, source)
    result = _parse_chunk(Chunk(chunk.head, chunk.first_line, chunk.head_length), source)
    if isinstance(result, NotationError):  # a header line that also holds hand text
        result = _parse_chunk(chunk, source)
        if isinstance(result, Record):
            result = _noted(Record(result.headers, (), result.comments, result.source, result.line))
    return result


def read_chunks(path: str | Path) -> Iterator[Chunk | NotationError]:
    """Each record's text in the file at ``path``, not yet parsed, under the same UTF-8 rule as
    :func:`read_file`: so that one process can cut a file while others parse its records
    (:func:`parse_chunk`). ``OSError`` as for :func:`read_file`."""
    return _file_chunks(path)


def parse_chunk(chunk: Chunk, source: str) -> Record | NotationError:
    """One chunk of :func:`read_chunks` read as :func:`read_file` reads it."""
    return _parse_chunk(chunk, source)


def text_lines(handle: Iterable[str]) -> Iterator[str]:
    """The lines of a text handle as a file's are read (:func:`read_file`): each ending in
    ``\n`` whichever line end it had (``\r\n``, a lone ``\r``: a handle opened with
    ``newline=""``, or an ``io.StringIO``, leaves them as they are), and a byte-order mark at the
    start dropped (a handle opened as ``utf-8`` rather than ``utf-8-sig`` keeps it)."""
    first = True
    for line in handle:
        if first:
            first = False
            if line.startswith("\ufeff"):
                line = line[1:]
        if "\r" not in line:
            yield line
            continue
        # a lone \r ends a line too (a \r\n is one line end, kept whole by every handle's split)
        yield from io.StringIO(line.replace("\r\n", "\n").replace("\r", "\n"), newline="\n")
