"""The audit's findings as one seat may see them: what ``--as SEAT`` shows (replay, render, view).

A finding can name a tile of a hand the seat never saw: ``B drew while holding the playable
6-4``, ``6-6 is dealt to B and also C``, ``B drew 3-1, but the next tile in the boneyard is
5-0``. One seat's view shows such a finding with those tiles withheld, and says so;
:func:`findings_as_seen` is the one place that decides it, for every output of one seat's view
(the stderr of ``replay`` and ``render``, the findings their pictures are drawn with, the
viewer's page).

What the seat has seen is worked out by replaying the record (:func:`seen_tiles`): its own
tiles (dealt, or drawn, from a boneyard written down too) and every tile laid on the table or
written in a turn everybody sees (a play, even one the rules refuse; the seat's own draws), up
to the finding's turn. Nothing else, the boneyard included, is the seat's to see.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Iterable

from muggins.diagnostics import Diagnostic
from muggins.i18n import Message, _, language, localize, plural
from muggins.notation.model import Draw, Play, Record, Tile
from muggins.pictures.table_view import as_seen
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet

#: A point of a record: (hand number, turn; 0 is the deal).
Point = tuple[int, int]

#: A tile as a finding's message writes it (``str(Tile)``, ``6-4``), with ``the playable`` in
#: front where the message says so (``the playable 6-4`` withheld reads ``a playable tile``).
_TILE = re.compile(r"(?P<playable>\bthe playable )?(?<![\w-])(?P<high>\d+)-(?P<low>\d+)(?![\w-])")


def findings_as_seen(findings: Iterable[Diagnostic], record: Record, rules: RuleSet, as_seat: str | None) -> list[Diagnostic]:
    """``findings`` as ``as_seat`` may see them (``as_seat`` None: all of them, as they are).

    Every finding is shown: that a rule was broken or a claim was wrong is for the whole table
    to see, as the board, the scores and the claims are. What is withheld is a tile a finding
    names that the seat had not seen by the finding's turn (:func:`seen_tiles`): one in another
    hand or in the boneyard. It reads ``a hidden tile`` (``the playable 6-4``: ``a playable
    tile``), and the message ends by saying how many tiles were withheld. A finding of a hand
    with no turn (the deal's, the end's) is judged on what the seat was dealt; one of the whole
    record, on no tile at all. A finding about the seat's own tiles, or one that names only
    tiles on the table, is left as it is. The source line a diagnostic may quote is dropped
    (it can hold a deal or a comment)."""
    findings = list(findings)
    if as_seat is None:
        return findings
    seen = seen_tiles(record, rules, as_seat)
    out = []
    for finding in findings:
        if finding.hand is None:
            known: frozenset[Tile] = frozenset()
        else:
            known = seen.get((finding.hand, finding.turn or 0), frozenset())
        message: str = finding.message
        if _withhold(str(message), known)[1]:
            message = Withheld(message, known, as_seat)
        out.append(replace(finding, message=message, context=None))
    return out


class Withheld(Message):
    """A finding's message with the tiles ``seat`` could not see put in words, and saying so:
    in English as its value (as data, JSON, golden files see it), and in the language in use
    where it is said, the tiles withheld from the message as that language says it (a tile
    is written the same in every language; the article a language puts before it goes with it).
    It pickles, as every message does."""

    original: str
    seen: frozenset[Tile]
    seat: str

    def __new__(cls, original: str, seen: frozenset[Tile], seat: str) -> Withheld:
        text, count = _withhold(str(original), seen)
        english = text + " " + str(_withheld_note(count, seat))
        self = str.__new__(cls, english)
        self.template, self.plural_template, self.args = english.replace("{", "{{").replace("}", "}}"), None, {}
        self.original, self.seen, self.seat = original, seen, seat
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Withheld, (self.original, self.seen, self.seat))

    def localized(self) -> str:
        code = language()
        if code == "en":
            return str(self)
        text, count = _withhold(localize(self.original), self.seen, code)
        return text + " " + localize(_withheld_note(count, self.seat))


def _withheld_note(count: int, seat: str) -> Message:
    return plural("(withheld: a tile {seat} could not see)", "(withheld: {n} tiles {seat} could not see)", count, seat=seat)


def seen_tiles(record: Record, rules: RuleSet, seat: str) -> dict[Point, frozenset[Tile]]:
    """The tiles ``seat`` has seen after each turn of each hand (turn 0: the deal): the tiles it
    held, every tile on the table and every tile a turn shows to all (a play; the seat's own
    draws), that turn and before it, in that hand."""
    game = Game(record, rules)
    out: dict[Point, frozenset[Tile]] = {}
    for hand in record.hands:
        seen: set[Tile] = set()
        for turn, state in game.replay_hand(hand):
            seen.update(state.known.get(seat, ()))
            seen.update(laid[0] for laid in state.board.played)
            if turn:
                statement = as_seen(hand.turns[turn - 1], seat)
                if type(statement) is Play:
                    seen.add(statement.tile)
                elif type(statement) is Draw:
                    seen.update(statement.tiles or ())
            out[(hand.number, turn)] = frozenset(seen)
    return out


#: The words a language puts just before a tile it names (its article, alone or joined to a
#: preposition: ``la 6-4``, ``pela 6-4``), said again before "a hidden tile" in that language.
_ARTICLES = {
    "es": {"la": ""},
    "pt": {"a": "", "pela": "por ", "da": "de ", "na": "em ", "à": "a "},
}
_TILE_SAID = {
    code: re.compile(r"(?:(?<!\w)(?P<article>" + "|".join(sorted(words, key=len, reverse=True)) + r") )?" + _TILE.pattern.split(")?", 1)[1])
    for code, words in _ARTICLES.items()
}


def _withhold(message: str, seen: frozenset[Tile], code: str = "en") -> tuple[str, int]:
    """``message`` (in the language ``code``) with every tile it names outside ``seen`` put in
    words, and how many."""
    count = 0

    def words(match: re.Match[str]) -> str:
        nonlocal count
        try:
            tile = Tile(int(match["high"]), int(match["low"]))
        except ValueError:  # not a tile the notation could have written: not one of the record's
            return match[0]
        if tile in seen:
            return match[0]
        count += 1
        if code == "en":
            return "a playable tile" if match["playable"] else "a hidden tile"
        return _ARTICLES[code].get(match["article"] or "", "") + _("a hidden tile")

    return (_TILE if code == "en" else _TILE_SAID[code]).sub(words, message), count
