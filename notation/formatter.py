"""Records -> canonical ``.mgn`` text (NOTATION.md, "Canonical form"); what ``muggins fmt`` writes.

The promise: formatting never changes what a record says. For every record read from text,
``same_record(parse_record(format_record(r)), r)`` holds, comments included (see compare.py for
why positions are left out of that equality). A record built in code that no text can express
(a draw whose count disagrees with its tiles, a value with a line break, an empty tally, a
comment without its delimiters, ...) raises ``ValueError`` instead of being written wrongly.

Records follow one another with a blank line between them. A record without hands cannot be
told apart from the record after it (a new record starts at a header tag after some hand), so
only the last record of a file may lack hands.
"""

from __future__ import annotations

import re
from typing import Iterable

from muggins.notation.model import (
    Boneyard,
    Deal,
    Draw,
    Hand,
    Header,
    Lead,
    MugginsCall,
    Outcome,
    Pass,
    Play,
    Record,
    SheetScore,
    Tally,
    Tile,
    Turn,
)
from muggins.notation.tokens import KEYWORDS, TERMINALS

# What may be written where: the grammar's own token shapes and keywords (tokens.py).
_TAG, _KEY, _SEAT, _ID, _END, _MARK, _COMMENT = (
    re.compile(TERMINALS[name]) for name in ("TAG", "KEY", "SEAT", "ID", "END", "MARK", "COMMENT")
)
_HAND, _DEAL, _BONEYARD, _LEAD, _DRAW, _PASS, _MUGGINS, _INLINE, _DOMINO, _BLOCKED = (
    KEYWORDS[name] for name in ("HAND", "DEAL", "BONEYARD", "LEAD", "DRAW", "PASS", "MUGGINS", "INLINE", "DOMINO", "BLOCKED")
)
#: A tally's keyword, by the kind of tally.
_TALLY = {"pips": KEYWORDS["PIPS"], "score": KEYWORDS["SCORE"], "totals": KEYWORDS["TOTALS"]}


def _fail(what: str, value: object) -> ValueError:
    return ValueError(f"cannot write {what} {value!r} in the notation")


def _comment(text: str) -> str:
    """A comment as read back: one COMMENT token with no blank after it (the reader drops it)."""
    if _COMMENT.fullmatch(text) and text == text.rstrip():
        return text
    raise _fail("comment", text)


def _with_comments(text: str, comments: tuple[str, ...]) -> str:
    """A statement and its comments: each after it, one space apart; a ``;`` comment ends the
    line, so a comment after one goes on the next line (it still follows the statement)."""
    out = text
    after_line_comment = False
    for comment in comments:
        out += ("\n" if after_line_comment else " ") + _comment(comment)
        after_line_comment = comment.startswith(";")
    return out


def _seat(seat: str | None, shape: re.Pattern[str] = _SEAT) -> str:
    if seat is None or not shape.fullmatch(seat):
        raise _fail("seat", seat)
    return seat


def _tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(str(tile) for tile in tiles)


def _number(value: int, signed: bool = False) -> str:
    if not isinstance(value, int) or (value < 0 and not signed):
        raise _fail("number", value)
    return str(value)


def _quote(value: str) -> str:
    if "\n" in value:  # a lone \r the parser reads inside a value (it ends no line): keep it
        raise _fail("value", value)
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_header(header: Header) -> str:
    if not _TAG.fullmatch(header.name) or (header.key is not None and not _KEY.fullmatch(header.key)):
        raise _fail("header tag", header)
    key = f" {header.key}" if header.key is not None else ""
    return _with_comments(f"[{header.name}{key} {_quote(header.value)}]", header.comments)


def format_turn(turn: Turn) -> str:
    """One turn as it is written in a hand: ``A 6-4 r?! +10``, ``A draw 2``, ``B muggins A +10``."""
    if isinstance(turn, Play):
        parts = [_seat(turn.seat), str(turn.tile)]
        if turn.end is not None:
            if not _END.fullmatch(turn.end):
                raise _fail("end", turn.end)
            parts.append(turn.end)
        if turn.inline:
            parts.append(_INLINE)
        if turn.mark is not None:
            if not isinstance(turn.mark, str) or not _MARK.fullmatch(turn.mark):
                raise _fail("mark", turn.mark)
            parts[-1] += turn.mark
        if turn.claim is not None:
            parts.append("+" + _number(turn.claim))
        text = " ".join(parts)
    elif isinstance(turn, Draw):
        if turn.tiles is None:
            text = f"{_seat(turn.seat)} {_DRAW} {_number(turn.count)}"
        elif turn.tiles and len(turn.tiles) == turn.count:
            text = f"{_seat(turn.seat)} {_DRAW} {_tiles(turn.tiles)}"
        else:
            raise _fail("draw", turn)
    elif isinstance(turn, Pass):
        text = f"{_seat(turn.seat)} {_PASS}"
    elif isinstance(turn, MugginsCall):
        text = f"{_seat(turn.seat)} {_MUGGINS} {_seat(turn.against)} +{_number(turn.points)}"
    elif isinstance(turn, SheetScore):
        text = f"{_seat(turn.seat)} +{_number(turn.points)}"
    else:
        raise _fail("turn", turn)
    return _with_comments(text, turn.comments)


def _deal(deal: Deal) -> str:
    if deal.tiles is not None and not deal.tiles:
        raise _fail("deal", deal)
    tiles = "?" if deal.tiles is None else _tiles(deal.tiles)
    return _with_comments(f"{_DEAL} {_seat(deal.seat)} {tiles}", deal.comments)


def _boneyard(boneyard: Boneyard) -> str:
    text = f"{_BONEYARD} {_tiles(boneyard.tiles)}" if boneyard.tiles else _BONEYARD
    return _with_comments(text, boneyard.comments)


def _lead(lead: Lead) -> str:
    return _with_comments(f"{_LEAD} {_seat(lead.seat)}", lead.comments)


def _outcome(outcome: Outcome) -> str:
    if outcome.kind == "blocked" and outcome.seat is None:
        text = _BLOCKED
    elif outcome.kind == "domino":
        text = _DOMINO if outcome.seat is None else f"{_DOMINO} {_seat(outcome.seat)}"
    else:
        raise _fail("end of hand", outcome)
    return _with_comments(text, outcome.comments)


def _tally(tally: Tally) -> str:
    if not tally.entries:
        raise _fail("empty tally", tally)
    entries = " ".join(f"{_seat(name, _ID)} {_number(value, signed=True)}" for name, value in tally.entries)
    return _with_comments(f"{_TALLY[tally.kind]} {entries}", tally.comments)


def format_hand(hand: Hand) -> str:
    """One hand, ``hand N`` first, one statement per line, no blank line around it."""
    lines = [_with_comments(f"{_HAND} {_number(hand.number)}", hand.comments)]
    lines += [_deal(deal) for deal in hand.deals]
    if hand.boneyard is not None:
        lines.append(_boneyard(hand.boneyard))
    if hand.lead is not None:
        lines.append(_lead(hand.lead))
    lines += [format_turn(turn) for turn in hand.turns]
    if hand.outcome is not None:
        lines.append(_outcome(hand.outcome))
    for tally, kind in ((hand.pips, "pips"), (hand.scores, "score"), (hand.totals, "totals")):
        if tally is not None:
            if tally.kind != kind:
                raise _fail(f"{kind} line", tally)
            lines.append(_tally(tally))
    return "\n".join(lines)


def format_record(record: Record) -> str:
    """The canonical text of one record, ending with a line break."""
    if not record.headers:
        raise _fail("record without header tags", record)
    lines = [_comment(comment) for comment in record.comments]
    lines += [format_header(header) for header in record.headers]
    for hand in record.hands:
        lines.append("")
        lines.append(format_hand(hand))
    return "\n".join(lines) + "\n"


def format_records(records: Iterable[Record]) -> str:
    """Several records, a blank line between each two."""
    return "\n".join(format_record(record) for record in records)
