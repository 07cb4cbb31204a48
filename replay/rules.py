"""Rule sets: every variant point of All Fives and its relatives as one frozen, documented object.

A rule set is data. Each parameter is declared once below, with its type, the values it allows,
its default and what it means; the loader, the validator, ``muggins rules --list-parameters`` and
the tables of ``replay/VARIANTS.md`` all read that one declaration. Presets are YAML files in
``presets/``; a table's own file may start from one (``base: allfives``) and change a few keys.

The defaults are only the generic fallback: every preset states each parameter explicitly.
YAML is read by :mod:`muggins.replay.rule_yaml` only (a safe loader with the YAML 1.2 core
scalars, no aliases, bounded in size). Every problem is a :class:`RuleError` whose message names
the file (with line and column where the key is known), the key, and what is allowed; a rule
file's values are never quoted (a record may name a file it should not see), a ``--set`` or
``[Set]`` value only as a short excerpt.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import functools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from muggins.i18n import N_, either, msg, plural
from muggins.limits import RULE_FILE_BYTES, excerpt
from muggins.replay.preset_table import PRESET_DIR, shipped
from muggins.replay.rule_yaml import RuleYamlError, read_rule_file, read_rule_value


class RuleError(ValueError):
    """A rule file or override that cannot be used; the message names the file and the key."""


def _param(default: Any, doc: str, allowed: tuple[Any, ...] | None = None, kind: str = "choice") -> Any:
    return field(default=default, metadata={"doc": doc, "allowed": allowed, "kind": kind})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules a table plays by. Every field is one variant point; see ``VARIANTS.md``."""

    name: str = _param("custom", N_("Name of the rule set (a preset's name, or the table's own)."), kind="str")
    description: str = _param("", N_("One line saying what these rules are and where they come from."), kind="str")

    # -- the set and the table ---------------------------------------------------------------
    max_pip: int = _param(
        6, N_("Highest pip of the set, 1 to 18: 6 is double-six (28 tiles), 9 double-nine (55)."), kind="int"
    )
    players: tuple[int, ...] = _param((2, 3, 4), N_("Numbers of players the rules allow (2 or more each)."), kind="ints")
    partnerships: str = _param(
        "optional",
        N_("Whether four players play as two teams of partners sitting opposite (alternating in "
           "turn order) who share a score: never, by choice, or always."),
        ("none", "optional", "required"),
    )
    hand_size: Any = _param(
        ((2, 7), (3, 5), (4, 5)),
        N_("Tiles dealt to each player: one number for every table, or a mapping from the number "
           "of players to the number of tiles, giving every allowed number of players."),
        kind="per_players",
    )
    direction: str = _param(
        "clockwise",
        N_("Direction of play. Seats are written in turn order; the direction only decides who "
           "sits to a player's left (the next player clockwise, the previous one counter-clockwise)."),
        ("clockwise", "counterclockwise"),
    )

    # -- drawing ------------------------------------------------------------------------------
    drawing: str = _param(
        "until_playable",
        N_("What a player who cannot play does: draw from the boneyard until a playable tile "
           "comes (and pass when it is empty), or pass without drawing (block game: the tiles not "
           "dealt stay out of play)."),
        ("until_playable", "none"),
    )
    play_drawn_at_once: bool = _param(
        True, N_("A playable tile drawn from the boneyard must be played at once (unused without drawing)."), kind="bool"
    )
    boneyard_reserve: int = _param(
        0, N_("Tiles that always stay in the boneyard and may not be drawn (0 without drawing)."), kind="int"
    )
    voluntary_draw: bool = _param(
        False, N_("A player may draw even while holding a playable tile (false without drawing)."), kind="bool"
    )

    # -- who leads ----------------------------------------------------------------------------
    first_leader: str = _param(
        "any",
        N_("Who leads the first hand: any seat (chosen at random or by agreement), or the holder "
           "of the highest double."),
        ("any", "highest_double"),
    )
    first_lead_tile: str = _param(
        "any",
        N_("What a leader chosen for holding the highest double leads: any tile, or that double "
           "(the heaviest tile, when nobody holds a double and no_double is highest_tile)."),
        ("any", "that_double"),
    )
    no_double: str = _param(
        "highest_tile",
        N_("When the leader must be the holder of the highest double and nobody holds one: the "
           "holder of the heaviest tile leads (of two as heavy, the one with the higher end: 6-3 "
           "before 5-4), or the tiles are reshuffled (the hand is redealt)."),
        ("highest_tile", "reshuffle"),
    )
    later_leader: str = _param(
        "previous_winner",
        N_("Who leads the later hands: any seat, the winner of the previous hand (the player who "
           "went out), the player to the left of the previous hand's leader, or the holder of the "
           "highest double again."),
        ("any", "previous_winner", "left_of_previous_leader", "highest_double"),
    )
    leader_after_blocked: str = _param(
        "previous_winner",
        N_("Who leads after a blocked hand: any seat (random again), the previous hand's winner "
           "(the lightest hand), the player to the left of the previous leader, or the holder of "
           "the highest double."),
        ("any", "previous_winner", "left_of_previous_leader", "highest_double"),
    )

    # -- the layout ---------------------------------------------------------------------------
    spinner: str = _param(
        "first_double",
        N_("Which doubles spin (take tiles on all four sides): none (a plain line), the first "
           "double of the hand, every double, or Sniff (the first double, which its holder may "
           "lay lengthwise instead, and then no double spins that hand)."),
        ("none", "first_double", "every_double", "sniff"),
    )
    spinner_order: str = _param(
        "sides_first",
        N_("Order of play on a spinner: its two sides (continuing the line) before its two ends "
           "(the branches), or any order."),
        ("sides_first", "any"),
    )
    spinner_counts_until: str = _param(
        "both_sides",
        N_("How long the spinner itself counts as an open end: both halves until tiles lie "
           "against both its sides (usual), until any tile lies against it (it counts once, when "
           "it is laid), or until three of its four sides are covered; or each of its two ends "
           "(where the branches start) counts its own half until a tile covers that end, however "
           "its sides are covered (Sniff: with both sides and one end covered, the bare end still "
           "counts its half)."),
        ("both_sides", "one_side", "three_sides", "ends_covered"),
    )
    double_end_counts: str = _param(
        "both_halves",
        N_("What a crosswise double at the end of a line counts: both halves (an open 6-6 is 12) "
           "or one half (6)."),
        ("both_halves", "one_half"),
    )

    # -- scoring in play ----------------------------------------------------------------------
    score_multiples: tuple[int, ...] = _param(
        (5,), N_("End totals that score are multiples of these numbers (5; or 5 and 3 for Fives and Threes)."),
        kind="ints",
    )
    play_score: str = _param(
        "total",
        N_("What a scoring total is worth: the total itself (All Fives), or units: how many times "
           "each scoring multiple goes into it, added up (Five Up: 15 is 3; Fives and Threes: 15 is 5 + 3 = 8)."),
        ("total", "units"),
    )
    play_score_cap: int | None = _param(
        None, N_("Most points one play can score; more is cut to this (null: no cap)."), kind="int_or_none"
    )

    # -- end of the hand ----------------------------------------------------------------------
    domino_scoring: str = _param(
        "opponents_pips",
        N_("Scoring when a player goes out: none; each player subtracts their own rounded pips "
           "from their own score; the winner scores the opponents' pips; the winner scores the "
           "opponents' pips minus their own side's; the winner scores the heaviest hand."),
        ("none", "subtract_own", "opponents_pips", "opponents_minus_own", "heaviest_hand"),
    )
    blocked_scoring: str = _param(
        "lightest_takes_others_minus_own",
        N_("Scoring when nobody can play: none (and nobody wins the hand); as when a player goes "
           "out, with the lightest hand as winner; each subtracts their own; the lightest hand "
           "scores the others' pips minus its own; the lightest hand scores the opponents' pips; "
           "everyone scores the difference against each heavier hand."),
        (
            "none",
            "as_domino",
            "subtract_own",
            "lightest_takes_others_minus_own",
            "lightest_takes_opponents",
            "difference_each_heavier",
        ),
    )
    blocked_compare: str = _param(
        "side",
        N_("In a blocked hand, whose pips are compared: each side's (a team's pips added up), or each seat's."),
        ("side", "seat"),
    )
    blocked_tie: str = _param(
        "nothing",
        N_("When the lightest hands tie in a blocked hand: nobody scores, or the tied sides split the award."),
        ("nothing", "split"),
    )
    pip_rounding: str = _param(
        "nearest",
        N_("How an end-of-hand amount is rounded to the rounding unit: nearest (7 -> 5, 8 -> 10), "
           "always down, always up, or not at all. The award as a whole is rounded (the pips added "
           "up, or the difference taken, first); under subtract_own each player's own pips are."),
        ("nearest", "down", "up", "none"),
    )
    rounding_unit: int = _param(5, N_("The unit end-of-hand amounts are rounded to (1 or more)."), kind="int")
    award_divisor: int = _param(
        1,
        N_("End-of-hand awards are divided by this after rounding (5 for games scored in fives, "
           "such as Five Up on a cribbage board); 1 or more, and it must divide the rounding unit."),
        kind="int",
    )
    hand_winner_bonus: int = _param(
        0,
        N_("Points for winning a hand (going out, or the lightest hand of a blocked hand where the "
           "blocked scoring names a winner): 1 for 'chipping out' in Fives and Threes. The points "
           "for going out are scored at the same time as the last play: the two count together "
           "against an exact target, or not at all (written on the sheet as the end-of-hand score; "
           "in a hand kept as score-sheet entries only, which entry was the last play is not known, "
           "and they count alone at the end of the hand)."),
        kind="int",
    )
    get_in_minimum: int = _param(
        0, N_("A side's first score of the game counts only if it is at least this ('ten to get in')."), kind="int"
    )

    # -- the game -----------------------------------------------------------------------------
    target: Any = _param(
        250, N_("Points that win the game: one number, or a mapping from the number of players."), kind="per_players"
    )
    target_check: str = _param(
        "immediate",
        N_("When the target is checked: the moment a side reaches it (the game stops there), or "
           "at the end of the hand, the highest score at or over the target winning."),
        ("immediate", "end_of_hand"),
    )
    target_tie: str = _param(
        "play_on",
        N_("When two sides are level at the top, at or over the target, when it is checked: play "
           "another hand (until one side is ahead), or the game is drawn."),
        ("play_on", "draw"),
    )
    target_exact: bool = _param(
        False, N_("The target must be hit exactly; a score that would overshoot it is not counted."), kind="bool"
    )

    # -- claims and Muggins -------------------------------------------------------------------
    muggins: str = _param(
        "opponent_takes",
        N_("What happens to points a player made but did not claim: an opponent may take them by "
           "calling 'Muggins!'; they are simply lost; they are scored anyway (claims are not needed); "
           "or an opponent's call takes the whole score of the play, the player's short claim coming "
           "off his score again. Of a score not claimed at all the two readings agree (seed 002: a rival "
           "may call Muggins and 'quedarse con ellos', keep the points the play made; Britannica: 'take "
           "the score for himself'); of a short claim no source says which part the caller takes."),
        ("opponent_takes", "lost", "automatic", "opponent_takes_whole"),
    )
    muggins_window: str = _param(
        "before_next_play",
        N_("How long an opponent may call Muggins: until the next tile is played, or until the "
           "end of the hand."),
        ("before_next_play", "end_of_hand"),
    )
    overclaim: str = _param(
        "taken_down",
        N_("What happens to a claim larger than the play made: it is taken down to the right "
           "amount; or it is taken down and the opponents score the excess as a penalty."),
        ("taken_down", "penalty_excess"),
    )

    # ----------------------------------------------------------------------------------------

    def tiles_per_player(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players; RuleError if the rules give no number."""
        return _per_players(self.hand_size, players, "hand_size")

    def target_for(self, players: int) -> int:
        """The target for a game of ``players`` players; RuleError if the rules give none."""
        return _per_players(self.target, players, "target")

    @property
    def set_size(self) -> int:
        """Tiles in the set: each pair of pips 0..max_pip once."""
        return (self.max_pip + 1) * (self.max_pip + 2) // 2

    def check_table(self, players: int, teams: bool) -> list[str]:
        """Problems with playing these rules at this table (player count, partnerships)."""
        return [message for _, message in self.table_problems(players, teams)]

    def table_problems(self, players: int, teams: bool) -> list[tuple[str, str]]:
        """(parameter, message) for each problem with playing these rules at this table."""
        problems: list[tuple[str, str]] = []
        if players not in self.players:
            problems.append(("players", plural(
                "{players} player: the rules allow {allowed} (parameter players)",
                "{players} players: the rules allow {allowed} (parameter players)",
                players, players=players, allowed=_list(self.players),
            )))
        if teams and self.partnerships == "none":
            problems.append(("partnerships", msg("the rules do not allow partnerships (parameter partnerships)")))
        if not teams and self.partnerships == "required":
            problems.append(("partnerships", msg("the rules require two partnerships (parameter partnerships)")))
        return problems

    def to_mapping(self) -> dict[str, Any]:
        """Plain YAML-ready data: what ``yaml.safe_dump`` writes and :func:`load` reads back."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.metadata["kind"] == "per_players" and isinstance(value, tuple):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out


PARAMETERS: dict[str, dataclasses.Field[Any]] = {f.name: f for f in dataclasses.fields(RuleSet)}


def _list(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def _per_players(value: int | Sequence[tuple[int, int]], players: int, key: str) -> int:
    """Read a per-player-count parameter: one number, or ((players, value), ...) pairs."""
    if isinstance(value, int):
        return value
    for count, amount in value:
        if count == players:
            return amount
    raise RuleError(msg("{key} gives no value for {players} players", key=key, players=players))


# --------------------------------------------------------------------------------------------
# Checking values


def _is_count(value: Any, least: int) -> bool:
    """A whole number (not a YAML true/false) of at least ``least``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _coerce(key: str, value: Any, at: str, quote: bool = True) -> Any:
    """Check one parameter's value against its declaration; return it in the dataclass's form.

    ``quote``: a message may show (an excerpt of) the bad value; for a rule file it shows only
    a number or a truth value, never text from the file.
    """
    spec = PARAMETERS[key]
    allowed = spec.metadata["allowed"]
    kind = spec.metadata["kind"]

    def bad(expected: str) -> RuleError:
        if quote or value is None or isinstance(value, (bool, int, float)):
            return RuleError(msg("{at}: {key}: {expected}, not {value}", at=at, key=key, expected=expected, value=excerpt(value)))
        return RuleError(msg("{at}: {key}: {expected}; the value written there is not", at=at, key=key, expected=expected))

    if allowed is not None:
        if not isinstance(value, str) or value not in allowed:
            raise bad(msg("one of {values}", values=", ".join(allowed)))
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise bad(msg("text"))
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise bad(msg("true or false"))
        return value
    if kind == "int":
        if not _is_count(value, 0):
            raise bad(msg("a whole number, 0 or more"))
        return value
    if kind == "int_or_none":
        if value is not None and not _is_count(value, 1):
            raise bad(msg("a whole number, 1 or more, or null"))
        return value
    if kind == "ints":
        values = [value] if _is_count(value, 1) else value
        if not isinstance(values, (list, tuple)) or not values or not all(_is_count(v, 1) for v in values):
            raise bad(msg("a list of whole numbers, 1 or more"))
        return tuple(sorted(set(values)))
    if kind == "per_players":
        if _is_count(value, 1):
            return value
        if isinstance(value, Mapping) and value and all(
            _is_count(k, 2) and _is_count(v, 1) for k, v in value.items()
        ):
            return tuple(sorted(value.items()))
        raise bad(msg("a whole number, 1 or more, or a mapping from players to a number, such as {{2: 7, 3: 5, 4: 5}}"))
    raise AssertionError(f"parameter {key} has no kind")  # pragma: no cover


def _validate(rules: RuleSet, at: Any) -> RuleSet:
    """Reject combinations of parameters that cannot be played; ``at(key)`` says where a key was written."""

    def fail(key: str, message: str) -> RuleError:
        return RuleError(msg("{at}: {key}: {problem}", at=at(key), key=key, problem=message))

    if not 1 <= rules.max_pip <= 18:
        raise fail("max_pip", msg("a set from double-one to double-eighteen, not {value}", value=rules.max_pip))
    for players in rules.players:
        if players < 2:
            raise fail("players", msg("at least 2 players, not {value}", value=players))
    for key in ("hand_size", "target"):
        value = getattr(rules, key)
        if not isinstance(value, int):
            missing = [p for p in rules.players if p not in dict(value)]
            if missing:
                raise fail(key, msg("gives no value for {missing} players (players allows {allowed})", missing=_list(missing), allowed=_list(rules.players)))
    for players in rules.players:
        dealt = rules.tiles_per_player(players)
        if dealt * players + rules.boneyard_reserve > rules.set_size:
            raise fail(
                "hand_size",
                msg(
                    "{players} players x {dealt} tiles + boneyard_reserve {reserve}"
                    " is more than the {size} tiles of a double-{max_pip} set (max_pip {max_pip})",
                    players=players,
                    dealt=dealt,
                    reserve=rules.boneyard_reserve,
                    size=rules.set_size,
                    max_pip=rules.max_pip,
                ),
            )
    if rules.partnerships == "required" and any(p % 2 or p < 4 for p in rules.players):
        raise fail(
            "partnerships",
            msg("required needs an even number of players, 4 or more; players allows {allowed}", allowed=_list(rules.players)),
        )
    if rules.rounding_unit < 1:
        raise fail("rounding_unit", msg("1 or more"))
    if rules.award_divisor < 1:
        raise fail("award_divisor", msg("1 or more"))
    if rules.award_divisor > 1 and (rules.pip_rounding == "none" or rules.rounding_unit % rules.award_divisor):
        raise fail(
            "award_divisor",
            msg(
                "{divisor} must divide the rounded amounts: set pip_rounding (not none) and a"
                " rounding_unit that {divisor} divides (now {rounding}, {unit})",
                divisor=rules.award_divisor,
                rounding=rules.pip_rounding,
                unit=rules.rounding_unit,
            ),
        )
    if rules.drawing == "none" and rules.voluntary_draw:
        raise fail("voluntary_draw", msg("true, but drawing is none"))
    if rules.drawing == "none" and rules.boneyard_reserve:
        raise fail("boneyard_reserve", msg("{value}, but drawing is none (nothing is drawn)", value=rules.boneyard_reserve))
    leads_double = "highest_double" in (rules.first_leader, rules.later_leader, rules.leader_after_blocked)
    if rules.first_lead_tile == "that_double" and not leads_double:
        raise fail("first_lead_tile", msg("that_double, but no leader is chosen for holding the highest double"))
    return rules


# --------------------------------------------------------------------------------------------
# Building and loading


def _locator(where: str, marks: Mapping[str, tuple[int, int]] | None) -> Callable[[Any], str]:
    """``at(key)``: the file, with the key's line and column when they are known."""

    def at(key: Any) -> str:
        if marks and str(key) in marks:
            line, column = marks[str(key)]
            return f"{where}:{line}:{column}"
        return where

    return at


def unknown_key(key: Any, at: str) -> RuleError:
    name = str(key)
    close = difflib.get_close_matches(name[:100], list(PARAMETERS), n=3, cutoff=0.6)
    if close:
        return RuleError(msg("{at}: unknown key {key} (did you mean {close}?); see `muggins rules --list-parameters`", at=at, key=excerpt(name), close=either(close)))
    return RuleError(msg("{at}: unknown key {key}; see `muggins rules --list-parameters`", at=at, key=excerpt(name)))


def from_mapping(
    data: Mapping[str, Any],
    where: str = "<rules>",
    base: RuleSet | None = None,
    *,
    marks: Mapping[str, tuple[int, int]] | None = None,
    quote: bool = True,
) -> RuleSet:
    """Build a rule set from plain data, starting from ``base`` (or the defaults).

    ``where`` names the source in messages; ``marks`` maps a key to its (line, column) there;
    ``quote``: messages may quote a bad value (not for a rule file: see :func:`_coerce`).
    """
    at = _locator(where, marks)
    if not isinstance(data, Mapping):
        raise RuleError(msg("{where}: a rule file is a mapping of parameter: value", where=where))
    changes = {}
    for key, value in data.items():
        if key not in PARAMETERS:
            if key == "base":
                raise RuleError(msg("{at}: base: only a rule file can start from another rule set", at=at(key)))
            raise unknown_key(key, at(key))
        changes[key] = _coerce(key, value, at(key), quote)
    start = base if base is not None else RuleSet()
    return _validate(dataclasses.replace(start, **changes), at)


@functools.lru_cache(maxsize=1)
def _preset_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in PRESET_DIR.glob("*.yaml")))


def preset_names() -> list[str]:
    """The presets shipped in ``presets/``, by name (the folder is package data: read once)."""
    return list(_preset_names())


def _read_yaml(path: Path, where: str) -> tuple[dict[str, Any], dict[str, tuple[int, int]]]:
    """The file's top-level mapping, and each key's (line, column).

    At most the size limit is read (a rule file named ``/dev/zero`` must not fill the memory).
    """
    limit = RULE_FILE_BYTES.value
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise RuleError(msg("{where}: cannot read: {why}", where=where, why=str(exc.strerror or exc))) from None
    if len(raw) > limit:
        raise RuleError(msg("{where}: {problem}", where=where, problem=RULE_FILE_BYTES.exceeded()))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RuleError(msg("{where}: cannot read: not UTF-8 text (byte {byte})", where=where, byte=exc.start + 1)) from None
    return shipped(path, text) or read_yaml_text(text, where)


def read_yaml_text(text: str, where: str) -> tuple[dict[str, Any], dict[str, tuple[int, int]]]:
    """A rule file's text: its top-level mapping, and each key's (line, column)."""
    try:
        return read_rule_file(text)
    except RuleYamlError as exc:
        raise RuleError(exc.at(where)) from None


_YAML_CACHE: dict[tuple[str, int, int, str], tuple[dict[str, Any], dict[str, tuple[int, int]]]] = {}


def _read_yaml_cached(path: Path, where: str) -> tuple[dict[str, Any], dict[str, tuple[int, int]]]:
    """:func:`_read_yaml`, remembered while the file is unchanged: an archive of records all
    naming the same rule set reads its YAML once, not once per record."""
    try:
        stat = path.stat()
    except OSError:
        return _read_yaml(path, where)
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size, where)
    hit = _YAML_CACHE.get(key)
    if hit is None:
        hit = _YAML_CACHE[key] = _read_yaml(path, where)
    data, marks = hit
    return copy.deepcopy(data), marks


def _looks_like_file(spec: str) -> bool:
    return spec.endswith((".yaml", ".yml")) or "/" in spec or "\\" in spec


def _locate(spec: str | os.PathLike[str], referrer: str, within: tuple[Path, ...] | None = None) -> tuple[Path, str, str]:
    """(path, name used in messages, identity for loop detection) of a preset name or a file.

    ``within``: the folders a file must lie in (see :func:`load`); a preset name is always fine.
    """
    if not isinstance(spec, str) or _looks_like_file(spec) or (within is None and spec not in preset_names() and Path(spec).is_file()):
        path = Path(spec)
        if within is not None:
            _check_within(path, within, referrer)
        if not path.is_file():
            from muggins.inputs import not_a_file

            kind = not_a_file(path, pipes=False)
            if kind:
                raise RuleError(msg("{referrer}{path}: not a rule file but {kind}", referrer=referrer, path=_shown_path(spec), kind=kind))
            raise RuleError(msg("{referrer}{path}: no such rule file", referrer=referrer, path=_shown_path(spec)))
        return path, os.fspath(spec), str(path.resolve())
    path = PRESET_DIR / f"{spec}.yaml"
    if not path.is_file():
        close = difflib.get_close_matches(spec, preset_names(), n=2)
        said = dict(referrer=referrer, name=excerpt(spec), presets=", ".join(preset_names()))
        if close:
            raise RuleError(msg("{referrer}unknown rule set {name} (did you mean {close}?): presets are {presets}, or give a .yaml file", close=either(close), **said))
        raise RuleError(msg("{referrer}unknown rule set {name}: presets are {presets}, or give a .yaml file", **said))
    return path, f"preset {spec}", f"preset {spec}"


def _shown_path(spec: str | os.PathLike[str]) -> str:
    text = os.fspath(spec)
    return text if len(text) <= 200 else excerpt(text, 200)


def _check_within(path: Path, within: tuple[Path, ...], referrer: str) -> None:
    """Refuse a rule file outside the allowed folders (links followed, ``..`` resolved): a record
    from who knows where names it."""
    if not any(_inside(path, folder) for folder in within):
        raise RuleError(
            msg(
                "{referrer}{path}: a record may name a rule file in its own folder only; this one lies outside it"
                " (name it with --rules, or allow a folder with --rules-dir)",
                referrer=referrer,
                path=_shown_path(path),
            )
        )


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):  # a loop of links, a name the system refuses
        return False


_LOADED: dict[tuple[str, str, tuple[Path, ...] | None], tuple[tuple[tuple[str, int], ...], RuleSet]] = {}


def load(spec: str | os.PathLike[str], within: Sequence[str | os.PathLike[str]] | None = None) -> RuleSet:
    """A rule set by preset name (``allfives``) or by YAML file path (``house.yaml``).

    A file may say ``base: NAME-OR-FILE`` to start from another rule set; its other keys
    change that one. A file's ``base`` path is taken relative to the file. A rule set
    without a ``name`` key is named after its file. The result is remembered while none of the
    files it was read from changes (an archive naming one rule set per record loads it once).

    ``within``: the rule set is named by a record, which may come from anywhere. Every file of
    it (the base chain too) must then lie in one of these folders (the record's own, and any the
    user allows), and no message quotes a value from a file, only the names of its keys.
    """
    folders = tuple(Path(folder) for folder in within) if within is not None else None
    key = (os.fspath(spec), os.getcwd(), folders)
    hit = _LOADED.get(key)
    if hit is not None and all(_mtime(path) == stamp for path, stamp in hit[0]):
        return hit[1]
    files: list[Path] = []
    rules = _load(spec, (), "", files, folders)
    _LOADED[key] = (tuple((str(p), _mtime(str(p))) for p in files), rules)
    return rules


def files_read() -> list[str]:
    """Every rule file this process has read (the base chains too, presets left out): inputs
    that a command's output must never replace."""
    presets = str(PRESET_DIR.resolve())
    return sorted({path for stamps, _ in _LOADED.values() for path, _ in stamps if not str(Path(path).resolve()).startswith(presets + os.sep)})


def _mtime(path: str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


def _load(
    spec: str | os.PathLike[str],
    _seen: tuple[tuple[str, str], ...],
    _referrer: str,
    files: list[Path],
    within: tuple[Path, ...] | None = None,
) -> RuleSet:
    """:func:`load` without the memory: the rule set and its base chain."""
    path, where, identity = _locate(spec, _referrer, within)
    if identity in (seen for seen, _ in _seen):
        chain = " -> ".join(name for _, name in _seen + ((identity, where),))
        raise RuleError(msg("{referrer}{where}: the base chain loops back on itself: {chain}", referrer=_referrer, where=where, chain=chain))
    files.append(path)
    data, marks = _read_yaml_cached(path, where)
    base = None
    if "base" in data:
        base_spec = data.pop("base")
        here = _locator(where, marks)("base")
        if not isinstance(base_spec, str) or not base_spec:
            shown = excerpt(base_spec) if within is None else msg("that")
            raise RuleError(msg("{at}: base: a preset name or a .yaml file, not {value}", at=here, value=shown))
        if _looks_like_file(base_spec):
            base_spec = str(path.parent / base_spec)
        base = _load(base_spec, _seen + ((identity, where),), f"{here}: base: ", files, within)
    if "name" not in data:
        data["name"] = path.stem
    return from_mapping(data, where, base, marks=marks, quote=within is None)


def parse_override(text: str) -> tuple[str, Any]:
    """``key=value`` from the command line or a ``[Set key "value"]`` tag, value read as YAML."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise RuleError(msg("--set {text!r}: write key=value, for example target=150", text=text))
    return key, _scalar(raw.strip(), f"--set {key}")


def _scalar(raw: str, where: str) -> Any:
    try:
        return read_rule_value(raw)
    except RuleYamlError as exc:
        raise RuleError(msg("{where}: cannot read the value {value}: {problem}", where=where, value=excerpt(raw), problem=exc.problem)) from None


def with_overrides(
    rules: RuleSet, overrides: Sequence[tuple[str, Any]], where: str = "--set"
) -> RuleSet:
    """``rules`` with single parameters changed; string values are read as YAML scalars.

    Remembered per (rules, overrides), whatever ``where`` says, so the records of an archive
    sharing a ``[Target]`` or ``[Set]`` tag build their rule set once; on an error the message
    is made again naming ``where``.
    """
    if not overrides:
        return rules
    try:
        return _with_overrides_cached(rules, tuple(overrides))
    except TypeError:  # an unhashable value: nothing to remember
        pass
    except RuleError:
        pass
    return _with_overrides(rules, overrides, where)


@functools.lru_cache(maxsize=256)
def _with_overrides_cached(rules: RuleSet, overrides: tuple[tuple[str, Any], ...]) -> RuleSet:
    return _with_overrides(rules, overrides, "--set")


def _with_overrides(rules: RuleSet, overrides: Sequence[tuple[str, Any]], where: str) -> RuleSet:
    data = {k: (_scalar(v, f"{where} {k}") if isinstance(v, str) else v) for k, v in overrides}
    return from_mapping(data, where, rules)
