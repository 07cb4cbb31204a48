"""What the text of a statement means, for both readers: the lark transformer (builder.py) and
the fast path (fastpath.py).

Token text to values (tiles, quoted strings) and the checks on built values that the text alone
decides (a Seat or Team tag, the teams, a hand's turns) live here once, so that both readers
agree on what a record says and on what is wrong with it. Nothing here imports lark: a record
read on the fast path never loads it.
"""

from __future__ import annotations

import re

from muggins.i18n import msg
from muggins.notation.model import NOTATION_MAX_PIP, Header, Lead, MugginsCall, SheetScore, Tile, Turn
from muggins.notation.tokens import TERMINALS

__all__ = ["TILE_BY_TEXT", "declare", "team_problems", "tile_from_text", "tiles_from_text", "turn_problems", "unquote"]

#: The id a Seat tag declares is what a turn names (SEAT); a Team tag's, what a tally names (ID).
_DECLARED = {"Seat": re.compile(TERMINALS["SEAT"]), "Team": re.compile(TERMINALS["ID"])}
#: The pips of a tile's text, whatever the grammar writes between them.
_PIPS = re.compile(r"[0-9]+")

#: Token text (trailing space included) -> tile. Every tile of the notation is here at start in
#: both spellings; other spellings (``6-4\n``, ``06-4``) are added when first met.
TILE_BY_TEXT: dict[str, Tile] = {}
for _high in range(NOTATION_MAX_PIP + 1):
    for _low in range(_high + 1):
        TILE_BY_TEXT[f"{_high}-{_low}"] = TILE_BY_TEXT[f"{_low}-{_high}"] = Tile.of(_high, _low)


def tile_from_text(text: str) -> Tile | None:
    """The tile written ``text`` (``6-4``, ``06-4``: a TILE token), or ``None`` when a pip is
    above the notation's 18."""
    pips = _PIPS.findall(text)
    try:
        (high, low) = pips
        return Tile.of(int(high), int(low))
    except ValueError:
        return None


def tiles_from_text(text: str) -> tuple[Tile, ...] | None:
    """The tiles of a run such as ``6-4 5-5`` (whitespace between them), or ``None`` when a pip
    is above the notation's 18."""
    words = text.split()
    try:
        return tuple(map(TILE_BY_TEXT.__getitem__, words))
    except KeyError:  # a spelling not met yet (06-4), or a pip above 18
        tiles = tuple(tile for tile in map(tile_from_text, words) if tile is not None)
        return None if len(tiles) < len(words) else tiles


def unquote(token: str) -> str:
    """The value inside a quoted string: ``\\"`` and ``\\\\`` stand for ``"`` and ``\\``; any other
    backslash is kept as written."""
    inner = token.rstrip()[1:-1]
    if "\\" not in inner:
        return inner
    return "".join(_ESCAPE.split(inner))  # the split keeps the escaped character, drops its \\


_ESCAPE = re.compile(r'\\(["\\])')


def declare(header: Header, seats: dict[str, Header], teams: dict[str, Header]) -> tuple[str, str] | None:
    """Enter a ``Seat`` or ``Team`` tag in ``seats`` or ``teams``; (code, message) when the tag is
    wrong (an id missing or not a capital letter then letters or digits, an id declared twice, a
    ``Set`` tag without its key), else ``None``. A ``header-key`` problem is the tag name's; the
    others are the key's (the tag name's when there is no key)."""
    name, key = header.name, header.key
    if name in _DECLARED:
        if key is None or not _DECLARED[name].fullmatch(key):
            return "seat-id", f'a {name} tag needs an id that starts with a capital letter: [{name} A "..."]'
        if name == "Seat":
            if key in seats:
                return "duplicate-seat", msg("seat {key} is declared twice", key=key)
            seats[key] = header
        elif key in teams:
            return "duplicate-team", msg("team {key} is declared twice", key=key)
        else:
            teams[key] = header
    elif name == "Set" and key is None:
        return "header-key", 'a Set tag names the parameter it sets: [Set target "150"]'
    return None


def team_problems(seats: dict[str, Header], teams: dict[str, Header]) -> list[tuple[Header, str, str]]:
    """(the Team tag, code, message) for each team that has a seat's id, lists no seats or lists
    a seat that is not declared; checked once every tag is read."""
    found: list[tuple[Header, str, str]] = []
    for team, header in teams.items():
        if team in seats:
            found.append((header, "team-is-seat", msg("team {team} has the id of a seat: give the team its own id", team=team)))
        members = header.value.split()
        if not members:
            found.append((header, "undeclared-seat", msg("team {team} lists no seats", team=team)))
        for seat in members:
            if seat not in seats:
                found.append((header, "undeclared-seat", msg("team {team} lists seat {seat}, which is not declared", team=team, seat=seat)))
    return found


def turn_problems(turns: tuple[Turn, ...], lead: Lead | None) -> list[tuple[int, str, str]]:
    """(turn number from 1, code, message) for a hand's turns: a ``lead`` naming another seat
    than the first turn's, and the first turn that mixes score-sheet entries with play."""
    found: list[tuple[int, str, str]] = []
    first = turns[0]
    if lead is not None and first.seat != lead.seat:
        found.append((1, "lead-mismatch", msg("lead {lead} disagrees with the first turn, which is {first}'s", lead=lead.seat, first=first.seat)))
    kinds = set(map(type, turns))
    if SheetScore not in kinds or kinds <= {SheetScore, MugginsCall}:
        return found
    # Muggins calls belong to either kind of hand; the first other turn says which this one is.
    sheet = next(type(t) is SheetScore for t in turns if type(t) is not MugginsCall)
    for number, turn in enumerate(turns, 1):
        if type(turn) is not MugginsCall and (type(turn) is SheetScore) != sheet:
            message = msg("a hand is either played out (plays, draws, passes) or kept as score-sheet entries (A +10); this one mixes the two")
            found.append((number, "mixed-hand", message))
            break
    return found
