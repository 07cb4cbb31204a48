"""Generated input for the fuzzers: random text, random bytes, grammar-shaped records and valid
records with one slip in them.

Every generator takes a :class:`random.Random` and nothing else, so the long run (``run.py``,
seeded) and the hypothesis tests (``st.randoms()``, which shrinks) share one set of them, and an
input is reproduced from its kind and seed alone. The text need not be legal play, nor even
readable: the point is that whatever a person (or a broken program) writes, muggins answers
with a diagnostic, never a traceback.
"""

from __future__ import annotations

import functools
import random
import string
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"

#: The kinds of input, in the order the long run reports them: random text and bytes, records
#: of the grammar's shape, right records with a slip; then the hostile classes of issue 15 (deep
#: and aliased YAML in rule values, counts that expand, old Mac line ends, a brace left open,
#: characters XML and terminals do not take, spreadsheet formulas in record text).
KINDS = ("printable", "unicode", "bytes", "grammar", "mutated-token", "mutated-char",
         "yaml-values", "huge-counts", "cr-only", "open-comment", "control-chars", "formula",
         "over-limits")

KEYWORDS = ("hand", "deal", "boneyard", "lead", "draw", "pass", "muggins", "inline", "domino",
            "blocked", "pips", "score", "totals")
TAGS = ("Event", "Site", "Date", "Round", "Rules", "Set", "Target", "Claims", "Seat", "Team", "Seed", "Annotator")
PRESETS = ("allfives", "allfives-five", "allfives-seven-five", "five-up", "fives-and-threes", "line",
           "pontos", "scorecard", "sniff")
#: Rule parameters a [Set] tag may change, with values right and wrong for each.
SET_VALUES = {
    "target": ("150", "61", "0", "-5", "x", "[1, 2]", "{a: 1}", "1e9", "99999999999999999999"),
    "max_pip": ("6", "9", "12", "18", "19", "0", "1", "-1", "six"),
    "hand_size": ("7", "5", "0", "30", "{2: 7, 3: 5}", "{9: 1}", "[]", "null"),
    "players": ("[2, 3, 4]", "[4]", "[1]", "[]", "7", "x"),
    "partnerships": ("none", "optional", "required", "sometimes"),
    "drawing": ("none", "until_playable", "always"),
    "spinner": ("first_double", "every_double", "none", "any"),
    "muggins": ("none", "penalty", "opponents", "x"),
    "score_multiples": ("[5]", "[3, 5]", "[0]", "[]", "5"),
    "rounding_unit": ("5", "1", "0", "-5"),
    "award_divisor": ("1", "5", "0"),
    "boneyard_reserve": ("0", "2", "28", "-1"),
    "play_score_cap": ("null", "30", "0"),
    "get_in_minimum": ("0", "10", "1000"),
    "target_exact": ("true", "false", "maybe"),
    "nonsense_key": ("1",),
    "": ("1",),
}
SEAT_POOL = ("A", "B", "C", "D", "E", "F", "N", "S", "W", "P1", "Ana", "X")
ENDS = ("l", "r", "u", "d", "u2", "d2", "u3", "d10", "l", "r", "l", "r")
MARKS = ("!", "?", "!?", "?!", "??")
WEIRD_TOKENS = (
    "[", "]", "{", "}", ";", '"', "\\", "+", "-", "?", "!", "+99999999999", "-0", "19-3", "6-4-2",
    "64", "6/4", "-6-4", "u0", "u1", "d01", "+-5", "++5", "hand0", "Hand", "DEAL", "\t", "\r",
    "\x00", "\x0c", "\u00a0", "\u2028", "\ufeff", "é", "６-４", "🁣", "[Seat", '"A"]', "{x", ";x",
)
PRINTABLE = string.printable
UNICODE_RANGES = ((0x20, 0x7E), (0xA0, 0x2FF), (0x370, 0x3FF), (0x2000, 0x206F), (0x1F030, 0x1F09F),
                  (0xFF00, 0xFFEF), (0x0, 0x1F), (0xD7FF, 0xD7FF), (0xE000, 0xE0FF), (0x10FFF0, 0x10FFFF))


# --------------------------------------------------------------------------------------------
# Random text and bytes.


def printable_text(rng: random.Random) -> str:
    """Printable ASCII, sometimes dense in the notation's own characters."""
    length = rng.choice((0, 1, 3, 10, 40, 200, 1000))
    alphabet = PRINTABLE if rng.random() < 0.5 else "[]{}\";-+?!lrud0123456789 \n\tABhandealps"
    return "".join(rng.choice(alphabet) for _ in range(length))


def unicode_text(rng: random.Random) -> str:
    """Arbitrary code points (no surrogates: a ``str`` in a file is always encodable)."""
    length = rng.choice((0, 1, 5, 30, 200))
    out = []
    for _ in range(length):
        low, high = rng.choice(UNICODE_RANGES)
        point = rng.randint(low, high)
        if 0xD800 <= point <= 0xDFFF:
            point = 0xFFFD
        out.append(chr(point))
    return "".join(out)


def random_bytes(rng: random.Random) -> bytes:
    """Bytes for a file: pure noise, or a valid record with bytes that are not UTF-8 in it."""
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(rng.choice((0, 1, 4, 50, 500))))
    data = bytearray(rng.choice(valid_corpus()).encode("utf-8"))
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(data))
        data[at:at] = rng.choice((b"\xff", b"\xc3", b"\xe2\x82", b"\x80", b"\xed\xa0\x80", b"\x00", b"\xfe\xff"))
    if rng.random() < 0.2:
        data[:0] = rng.choice((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"))
    return bytes(data)


# --------------------------------------------------------------------------------------------
# Grammar-shaped records: the notation's statements in roughly the right places, with random
# (often impossible) contents.


class _Shape:
    """One grammar-shaped record being made: its seats and teams, and how sloppy it is (the
    chance of each oddity: an undeclared seat, a pip out of range, a hand out of order, ...).
    Tidy records get through the parser and exercise the replayer; sloppy ones the parser."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.sloppy = rng.choice((0.0, 0.01, 0.03, 0.1, 0.3))
        self.seats: list[str] = []
        self.teams: list[str] = []

    def odd(self) -> bool:
        return self.rng.random() < self.sloppy

    def tile(self) -> str:
        top = self.rng.choice((9, 12, 18, 25)) if self.odd() else 6
        return f"{self.rng.randint(0, top)}-{self.rng.randint(0, top)}"

    def tiles(self, most: int) -> str:
        return " ".join(self.tile() for _ in range(self.rng.randint(1, most)))

    def seat(self) -> str:
        if self.seats and not self.odd():
            return self.rng.choice(self.seats)
        return self.rng.choice(SEAT_POOL)

    def comment(self) -> str:
        if self.rng.random() < 0.5:
            return "{" + self.rng.choice(("good", "", "ends 6 and 4: 10", "multi\nline", "é ü 🁣", '[Seat Z "z"]')) + "}"
        return "; " + self.rng.choice(("note", "", "hand 2 disputed", "{", "[x]"))

    def maybe_comment(self) -> str:
        return " " + self.comment() if self.rng.random() < 0.1 else ""

    def header(self) -> str:
        rng = self.rng
        name = rng.choice(TAGS)
        if name == "Seat":
            seat = rng.choice(SEAT_POOL)
            self.seats.append(seat)
            player = rng.choice(("Ana", "Bruno", "", "Zoë", 'a \\"b\\"'))
            return f'[Seat {seat} "{player}"]'
        if name == "Team":
            members = " ".join(rng.sample(self.seats or list(SEAT_POOL), min(len(self.seats or SEAT_POOL), rng.randint(0, 3))))
            team = rng.choice(("NS", "EW", "AC", "BD", "A", "T1"))
            self.teams.append(team)
            return f'[Team {team} "{members}"]'
        if name == "Set":
            key = rng.choice(list(SET_VALUES))
            return f'[Set {key} "{rng.choice(SET_VALUES[key])}"]' if key else '[Set "1"]'
        if name == "Rules":
            value = rng.choice(PRESETS + ("nonesuch", "house.yaml", "../samples/rules/house.yaml", "/", "a/b.yml", ""))
            return f'[Rules "{value}"]'
        if name == "Target":
            return f'[Target "{rng.choice(SET_VALUES["target"])}"]'
        if name == "Claims":
            return f'[Claims "{rng.choice(("none", "written", "no", "x"))}"]'
        return f'[{name} "{rng.choice(("Club night", "2026.11.20", "", "1", "ü"))}"]'

    def turn(self, sheet: bool) -> str:
        rng = self.rng
        seat = self.seat()
        if sheet != self.odd():
            return f"{seat} +{rng.choice((0, 5, 10, 13))}"
        kind = rng.choices(("play", "draw", "pass", "muggins"), (12, 2, 1, 1))[0]
        if kind == "play":
            parts = [seat, self.tile()]
            if rng.random() < 0.6:
                parts.append(rng.choice(ENDS))
            if rng.random() < 0.05:
                parts.append("inline")
            if rng.random() < 0.1:
                parts[-1] += rng.choice(MARKS)
            if rng.random() < 0.4:
                parts.append(f"+{rng.choice((0, 5, 10, 15, 20, 3, 11, 60, 999999999))}")
            return " ".join(parts)
        if kind == "draw":
            return f"{seat} draw {self.tiles(4) if rng.random() < 0.6 else rng.randint(0, 30)}"
        if kind == "pass":
            return f"{seat} pass"
        return f"{seat} muggins {self.seat()} +{rng.choice((0, 5, 10, 12, 100))}"

    def tally(self, kind: str) -> str:
        ids = (self.teams if self.teams and self.rng.random() < 0.5 else self.seats) or list(SEAT_POOL[:2])
        if self.odd():
            ids = ids + list(SEAT_POOL)
        chosen = self.rng.sample(ids, self.rng.randint(1, len(ids))) if not self.odd() else self.rng.choices(ids, k=3)
        numbers = (0, 5, 13, -15, 120, -999999999)
        return f"{kind} " + " ".join(f"{who} {self.rng.choice(numbers)}" for who in chosen)

    def hand(self, number: int) -> list[str]:
        rng = self.rng
        lines = [f"hand {number}" + self.maybe_comment()]
        if rng.random() < 0.7:
            for seat in self.seats or ["A"]:
                if rng.random() < 0.9:
                    lines.append(f"deal {seat} {'?' if rng.random() < 0.15 else self.tiles(9)}" + self.maybe_comment())
        if rng.random() < 0.4:
            lines.append("boneyard " + (self.tiles(14) if rng.random() < 0.8 else ""))
        sheet = rng.random() < 0.15
        turns = [self.turn(sheet) for _ in range(rng.choice((0, 1, 3, 8, 20)))]
        if rng.random() < 0.4:
            leader = turns[0].split()[0] if turns and not self.odd() else self.seat()
            lines.append(f"lead {leader}")
        lines += [turn + self.maybe_comment() for turn in turns]
        if rng.random() < 0.5:
            lines.append(rng.choice(("blocked", "domino", f"domino {self.seat()}")))
        for kind in ("pips", "score", "totals"):
            if rng.random() < 0.4:
                lines.append(self.tally(kind))
        return lines

    def record(self) -> str:
        rng = self.rng
        lines = [self.comment()] if rng.random() < 0.2 else []
        for _ in range(rng.randint(0, 2)):
            lines.append(self.header())
        count = rng.choice((1, 2, 2, 3, 4))
        fresh = [s for s in SEAT_POOL if s not in self.seats]
        for seat in rng.sample(fresh, count) if not self.odd() else rng.choices(SEAT_POOL, k=count):
            self.seats.append(seat)
            lines.append(f'[Seat {seat} "{seat.lower()}"]')
        for _ in range(rng.randint(0, 3)):
            lines.append(self.header())
        lines.append("")
        number = 1
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            if self.odd():
                number = rng.choice((0, number + 1, 999999999))
            lines += self.hand(number)
            number += 1
            lines.append("")
        return "\n".join(lines)


def grammar_record(rng: random.Random) -> str:
    """One to three records built from the notation's statements with random contents."""
    return "\n".join(_Shape(rng).record() for _ in range(rng.choice((1, 1, 1, 2, 3))))


# --------------------------------------------------------------------------------------------
# Valid records and slips in them.


@functools.lru_cache(maxsize=1)
def valid_corpus() -> tuple[str, ...]:
    """Right records: short simulated games under every preset and table size, and the samples."""
    from muggins.notation.formatter import format_record
    from muggins.replay import rules as rulesmod
    from muggins.replay.simulate import Options, simulate

    texts: list[str] = []
    for name in rulesmod.preset_names():
        rules = rulesmod.load(name)
        for players in rules.players:
            for seed, strategy, forget in ((1, "greedy", 0.0), (2, "random", 0.3)):
                options = Options(players=players, strategy=strategy, forget=forget, max_hands=2)
                texts += [format_record(r) for r in simulate(rules, seed, 1, options)]
    from muggins.notation.parser import NotationError, iter_records

    for path in sorted(SAMPLES.rglob("*.mgn")):  # samples/bad also holds syntax slips: not those
        text = path.read_text(encoding="utf-8")
        if not any(isinstance(item, NotationError) for item in iter_records(text)):
            texts.append(text)
    return tuple(texts)


def _token_vocabulary(rng: random.Random) -> str:
    choice = rng.random()
    if choice < 0.25:
        return rng.choice(KEYWORDS)
    if choice < 0.45:
        return f"{rng.randint(0, 9)}-{rng.randint(0, 9)}"
    if choice < 0.55:
        return rng.choice(SEAT_POOL)
    if choice < 0.65:
        return rng.choice(ENDS + MARKS)
    if choice < 0.75:
        return rng.choice(("+", "-", "")) + str(rng.choice((0, 1, 5, 10, 13, 99, 10**9, 10**12)))
    return rng.choice(WEIRD_TOKENS)


def mutate_tokens(rng: random.Random, text: str) -> str:
    """``text`` with one token (rarely two or three) changed, dropped, duplicated or swapped, or
    a header tag put in front; tokens are the runs between whitespace, and the whitespace is
    kept as it was."""
    import re

    pieces = re.split(r"(\s+)", text)
    tokens = [i for i, piece in enumerate(pieces) if piece and not piece.isspace()]
    if not tokens:
        return _token_vocabulary(rng)
    for _ in range(rng.choices((1, 2, 3), (8, 2, 1))[0]):
        at = rng.choice(tokens)
        operation = rng.choice(("change", "change", "drop", "duplicate", "swap", "swap-near", "borrow", "tag"))
        if operation == "tag":  # a rule tag in front: the same record under other rules
            pieces[0] = _Shape(rng).header() + "\n" + pieces[0]
        elif operation == "change":
            pieces[at] = _token_vocabulary(rng)
        elif operation == "drop":
            pieces[at] = ""
        elif operation == "duplicate":
            pieces[at] = pieces[at] + rng.choice((" ", "\n")) + pieces[at]
        elif operation == "borrow":
            pieces[at] = pieces[rng.choice(tokens)]
        else:
            other = rng.choice(tokens) if operation == "swap" else tokens[min(tokens.index(at) + 1, len(tokens) - 1)]
            pieces[at], pieces[other] = pieces[other], pieces[at]
    return "".join(pieces)


def mutate_chars(rng: random.Random, text: str) -> str:
    """``text`` with a few characters inserted, deleted, replaced, doubled or swapped."""
    chars = list(text)
    special = "[]{}\";-+?!\n\t\r \\0123456789lrudAB\x00é\u2028"
    for _ in range(rng.choices((1, 2, 4, 8), (6, 3, 2, 1))[0]):
        at = rng.randint(0, len(chars))
        operation = rng.choice(("insert", "delete", "replace", "double", "swap"))
        new = rng.choice(special) if rng.random() < 0.8 else chr(rng.randint(1, 0x2FFF))
        if operation == "insert" or not chars:
            chars.insert(at, new)
        elif at >= len(chars):
            continue
        elif operation == "delete":
            del chars[at]
        elif operation == "replace":
            chars[at] = new
        elif operation == "double":
            chars.insert(at, chars[at])
        elif at + 1 < len(chars):
            chars[at], chars[at + 1] = chars[at + 1], chars[at]
    return "".join(chars)


def mutated_token_record(rng: random.Random) -> str:
    return mutate_tokens(rng, rng.choice(valid_corpus()))


def mutated_char_record(rng: random.Random) -> str:
    return mutate_chars(rng, rng.choice(valid_corpus()))


@functools.lru_cache(maxsize=1)
def _rule_texts() -> tuple[str, ...]:
    from muggins.replay.rules import PRESET_DIR

    return tuple(p.read_text(encoding="utf-8") for p in sorted(PRESET_DIR.glob("*.yaml"))) + (
        (SAMPLES / "rules" / "house.yaml").read_text(encoding="utf-8"),
    )


def rule_file(rng: random.Random) -> str:
    """A YAML rule file: a preset or a table's file with a slip, or random keys and values."""
    choice = rng.random()
    if choice < 0.35:
        return mutate_tokens(rng, rng.choice(_rule_texts()))
    if choice < 0.7:
        return mutate_chars(rng, rng.choice(_rule_texts()))
    lines = []
    if rng.random() < 0.3:  # a hostile value for a known key (issue 15)
        return f"base: allfives\n{rng.choice(['target', 'hand_size', 'players', 'score_multiples'])}: {hostile_yaml(rng)}\n"
    if rng.random() < 0.5:
        lines.append(f"base: {rng.choice(PRESETS + ('nonesuch', 'x.yaml', '[]', '', 'house.yaml'))}")
    for _ in range(rng.randint(0, 5)):
        key = rng.choice(list(SET_VALUES) + ["base", "name", "description", "players", "- item", "? x"])
        values = SET_VALUES.get(key) or ("x", "1", "[1]", "{}", "null", "'quoted'")
        lines.append(f"{key}: {rng.choice(values)}")
    return "\n".join(lines) + rng.choice(("", "\n", "\n  bad indent: 1\n", "\n---\nsecond: 1\n"))


# --------------------------------------------------------------------------------------------
# Hostile classes (issue 15): each a right record (or a few) with one hostile thing in it.


def _records(rng: random.Random, most: int = 3) -> str:
    """One to ``most`` right records, a blank line between each two."""
    return "\n".join(rng.choice(valid_corpus()) for _ in range(rng.randint(1, most)))


def _quoted(value: str) -> str:
    """``value`` as the inside of a quoted value (the notation's escapes; no line break)."""
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def hostile_yaml(rng: random.Random) -> str:
    """A rule value meant to cost a YAML reader dear or to be misread: nested deep, aliased
    (an alias bomb of a few hundred bytes), an integer of thousands of digits, a YAML 1.1 form
    (octal, sexagesimal, binary), or a float that is no number."""
    choice = rng.random()
    depth = rng.choice((3, 16, 17, 100, 1000, 5000))
    if choice < 0.2:
        return "[" * depth + "1" + "]" * depth
    if choice < 0.3:
        return "{a: " * depth + "1" + "}" * depth
    if choice < 0.5:
        width, levels = rng.choice(((2, 3), (9, 4), (9, 9), (30, 6)))
        parts = ["a: &a [" + ", ".join(["1"] * width) + "]"]
        for level in range(1, levels):
            name, below = chr(ord("a") + level), chr(ord("a") + level - 1)
            parts.append(f"{name}: &{name} [" + ", ".join([f"*{below}"] * width) + "]")
        return "{" + ", ".join(parts) + "}"
    if choice < 0.6:
        return rng.choice(("&x 150", "[&x 2, *x, *x]", "*x", "&x [*x]"))
    if choice < 0.75:
        return rng.choice(("", "-", "+")) + rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(rng.choice((18, 19, 300, 4300, 5000))))
    return rng.choice(("0150", "017", "1:30", "190:20:30", "0b11", "0o17", "0x1F", "1_000", ".inf", "-.inf",
                       ".nan", "1e400", "~", "null", "yes", "on", "=1+2", "!!python/object:os.system", "!!binary aGk="))


def yaml_value_record(rng: random.Random) -> str:
    """A right record with one hostile YAML value in a ``[Set ...]`` or ``[Target ...]`` tag."""
    key = rng.choice(["target", "hand_size", "players", "max_pip", "score_multiples", "play_score_cap", "nonsense"])
    tag = f'[Target "{_quoted(hostile_yaml(rng))}"]' if rng.random() < 0.2 else f'[Set {key} "{_quoted(hostile_yaml(rng))}"]'
    return tag + "\n" + _records(rng, 1)


def huge_count_record(rng: random.Random) -> str:
    """A right record with a count that expands: a draw of many unknown tiles, thousands of
    one-tile draws (each position of the viewer draws the hand), a hand numbered high."""
    text = rng.choice(valid_corpus())
    lines = text.split("\n")
    hands = [i for i, line in enumerate(lines) if line.startswith("hand ")]
    seat = next((line.split()[1] for line in lines if line.startswith("[Seat ")), "A")
    at = (hands[-1] + 1) if hands else len(lines)
    choice = rng.random()
    if choice < 0.5:
        count = rng.choice((0, 1, 7, 14, 28, 100, 190, 1000, 10_000, 100_000)) if rng.random() < 0.98 else rng.choice((10**7, 999_999_999))
        lines.insert(at, f"{seat} draw {count}")
    elif choice < 0.7:
        lines[at:at] = [f"{seat} draw 1"] * rng.choice((50, 500, 3000))
    elif choice < 0.85:
        lines.insert(at, f"{seat} " + rng.choice(("+999999999", "6-4 +999999999", "muggins " + seat + " +999999999")))
    elif hands:
        lines[hands[-1]] = "hand " + rng.choice(("999999999", "100000", "0"))
    else:
        lines.append("pips " + seat + " 999999999")
    return "\n".join(lines)


def cr_only_bytes(rng: random.Random) -> bytes:
    """Right records with old Mac line ends (a lone CR), or each line ending its own way, as a
    file's bytes; now and then with a ``;`` comment that would swallow the rest if CR ended no
    line, or a slip."""
    text = _records(rng)
    if rng.random() < 0.3:
        text = text.replace("\nhand 1\n", "\nhand 1 ; the first hand\n", 1)
    if rng.random() < 0.2:
        text = mutate_chars(rng, text)
    if rng.random() < 0.5:
        text = text.replace("\n", "\r")
    else:
        text = "".join(piece + rng.choice(("\r", "\r\n", "\n")) if piece is not None else "" for piece in text.split("\n"))
    return text.encode("utf-8")


def open_comment_record(rng: random.Random) -> str:
    """Right records with a ``{`` left open somewhere (first line, a statement, a tag, between
    records), sometimes closed records later."""
    lines = _records(rng, 4).split("\n")
    at = rng.choice((0, rng.randrange(len(lines)), rng.randrange(len(lines))))
    opener = rng.choice(("{ ", "{", "{ a note [Seat X \"x\"]", "{ two\n\n[not a tag]"))
    if at == 0 and rng.random() < 0.5:
        lines.insert(0, opener + " the club's archive")
    else:
        lines[at] = lines[at] + " " + opener
    if rng.random() < 0.2:
        later = rng.randrange(at, len(lines))
        lines[later] += " }"
    return "\n".join(lines)


#: Characters that XML 1.0 does not allow, terminal escape sequences, bidirectional overrides.
CONTROL = tuple(chr(c) for c in range(0x20) if c not in (0x0A,)) + (
    "\x7f", "\x85", "\x9b", "\ufffe", "\uffff", "\u202e", "\u200b", "\x1b[2J", "\x1b]0;pwned\x07",
    "\x1b]52;c;cm0gLXJmIH4=\x07", "\x1b[31mred\x1b[0m", "\x1bP+q\x1b\\",
)


def _hostile_text(rng: random.Random, pieces: tuple[str, ...]) -> str:
    return "".join(rng.choice(pieces) if rng.random() < 0.5 else rng.choice(("Ana", " ", "x", "é")) for _ in range(rng.randint(1, 8)))


def _in_text(rng: random.Random, text: str, pieces: tuple[str, ...]) -> str:
    """``text`` with hostile text in a player's name, the event, or a comment."""
    import re

    where = rng.random()
    hostile = _hostile_text(rng, pieces)
    if where < 0.45:
        return re.sub(r'(\[Seat [A-Za-z0-9_]+ ")', lambda m: m.group(1) + _quoted(hostile), text, count=1)
    if where < 0.7:
        return f'[Event "{_quoted(hostile)}"]\n' + text
    if where < 0.85:
        return "{" + hostile.replace("}", "") + "}\n" + text
    return text.replace("\nhand 1\n", "\nhand 1 ; " + hostile.replace("\r", " ") + "\n", 1)


def control_char_record(rng: random.Random) -> str:
    """A right record with control characters (C0, C1, DEL, U+FFFE, U+FFFF), terminal escape
    sequences or bidirectional overrides in a name, the event or a comment."""
    return _in_text(rng, _records(rng, 2), CONTROL)


#: Cells a spreadsheet would take for formulas, and their usual disguises.
FORMULAS = ("=1+2", "=HYPERLINK(\"http://x\",\"y\")", "+1+2", "-2+3", "@SUM(1;2)", "=cmd|' /C calc'!A0",
            "\t=1", "\r=1", " =1", "＝1", "=", "+", "-", "@", "-5", "+5", "0=1")


def formula_record(rng: random.Random) -> str:
    """A right record with formula-like text in a name, the event or a comment."""
    return _in_text(rng, _records(rng, 2), FORMULAS)


#: The reading limits in force while an input of a kind is checked (environment variables of
#: muggins.limits): low, so that inputs of a few kilobytes go over them, and the ends of reading
#: blocks (a block is never longer than the line limit) fall everywhere.
LIMITS: dict[str, dict[str, str]] = {"over-limits": {"MUGGINS_LINE_BYTES": "2048", "MUGGINS_RECORD_CHARS": "4096"}}


def over_limits_bytes(rng: random.Random) -> bytes:
    """Right records, as a file's bytes, with a line or a record about the size of the limits of
    :data:`LIMITS` (under, at or over them): a long comment, a long quoted value, hundreds of
    draws, a long last line with no line end; lines ending in LF, CRLF or a lone CR."""
    lines = _records(rng, 4).split("\n")
    at = rng.randrange(len(lines))
    size = rng.choice((100, 2000, 2040, 2047, 2048, 2049, 3000, 4090, 5000, 20_000))
    choice = rng.random()
    if choice < 0.3:
        lines[at] += " {" + rng.choice(("x", "é", "\u2400", "}{")) * (size // 2) + "}"
    elif choice < 0.5:
        lines.insert(at, '[Event "' + "e" * size + '"]')
    elif choice < 0.7:
        hands = [i for i, line in enumerate(lines) if line.startswith("hand ")] or [len(lines) - 1]
        at = rng.choice(hands) + 1
        lines[at:at] = ["A draw 1"] * rng.choice((10, 300, 440, 455, 460, 2000))  # 9 characters each: records about 4 Ki
    elif choice < 0.85:
        lines.append("; " + "z" * size)  # the last line, with no line end
    else:
        lines.insert(at, "x" * size)
    end = rng.choice(("\n", "\r\n", "\r"))
    text = end.join(lines) if rng.random() < 0.8 else "".join(line + rng.choice(("\n", "\r\n", "\r")) for line in lines)
    return text.rstrip("\r\n").encode("utf-8") if choice >= 0.7 and choice < 0.85 else text.encode("utf-8")


GENERATORS: dict[str, Callable[[random.Random], str | bytes]] = {
    "printable": printable_text,
    "unicode": unicode_text,
    "bytes": random_bytes,
    "grammar": grammar_record,
    "mutated-token": mutated_token_record,
    "mutated-char": mutated_char_record,
    "yaml-values": yaml_value_record,
    "huge-counts": huge_count_record,
    "cr-only": cr_only_bytes,
    "open-comment": open_comment_record,
    "control-chars": control_char_record,
    "formula": formula_record,
    "over-limits": over_limits_bytes,
}


def generate(kind: str, seed: int) -> str | bytes:
    """The input of ``kind`` for ``seed``: the same pair always gives the same input."""
    return GENERATORS[kind](random.Random(f"{kind}:{seed}"))
