"""The analysis beside the board: what ``muggins analyze`` found, as the viewer's page shows it.

The figures are the analysis' own (``muggins.analysis.analyze``), taken in its machine form, one
record's entry of schema ``muggins.analyze/2`` (:func:`~muggins.analysis.analyze.to_json` of a
fresh analysis, or an entry of an ``analyze --format json`` file): nothing here values a move.
An entry read from a file is untrusted input, so :func:`record_entries` checks every field the
page uses, and :func:`matching_entry` refuses one that belongs to another record: it must name
the same rules and players, hold the same Muggins ledger and judge the same plays (each with the
same alternatives) as the record shows, which an analysis on immediate points only (no solver,
quick) of the record itself tells.

:func:`page_analysis` turns one entry per view (``expected``, ``open-cards``) into the page's
data: per hand, each decision's alternatives with their values on both views where they are
known; the graph of the expected final point difference after each judged play (the points
earned so far in the hand plus the played move's value, which counts the rest of the hand; the
hand's outcome at its end; in the game graph, the score at the start of the hand added); the
ledger and the per-player figures; and the one legend that says what each figure is.
Under ``--as SEAT`` the page shows only what that seat could know: its own decisions on the
expected view (which is valued on what the seat saw), never another seat's alternatives (they
show that seat's hand) nor the open-cards figures (they are worked out from every hand).

Promises: plain JSON values only, the same for the same entries; record text (players' names)
is carried as written (the page escapes it).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from muggins.analysis.analyze import EXPECTED_VIEW, OPEN_CARDS, SCHEMA, VIEWS, analyze_record, summary_of, to_json
from muggins.analysis.ledger import COLUMNS as LEDGER_COLUMNS
from muggins.analysis.marks import ANALYSIS_MARKS, THRESHOLDS
from muggins.analysis.missed import BASIS_TEXT
from muggins.i18n import joined, msg
from muggins.limits import excerpt
from muggins.notation.model import Record
from muggins.replay.rules import RuleSet

JSON = dict[str, Any]

#: The per-player columns the page's summary shows (the analysis' own names, ANALYSIS.md).
PLAYER_COLUMNS = (
    "player",
    "decisions",
    "unforced",
    "marked",
    "error_rate",
    "dubious",
    "mistakes",
    "blunders",
    "missed",
    "missed_se",
    "missed_now",
    "unclaimed",
    "muggins_lost",
    "muggins_gained",
)


class AnalysisMismatch(ValueError):
    """An analysis that cannot be shown with this record: not an analysis, or another record's."""


# --------------------------------------------------------------------------------------------
# Reading an ``analyze --format json`` document (untrusted: every field the page uses is checked)

_NUMBER = (int, float)


def _field(obj: Mapping[str, Any], key: str, kinds: type | tuple[type, ...], where: str, optional: bool = False) -> Any:
    if key not in obj:
        raise AnalysisMismatch(msg("{where} has no {key!r}", where=where, key=key))
    value = obj[key]
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise AnalysisMismatch(_off_schema(where, key))
    if not isinstance(value, kinds):
        raise AnalysisMismatch(_off_schema(where, key))
    return value


def _off_schema(where: str, key: str) -> str:
    return msg("{where}: {key!r} is not what the schema says", where=where, key=key)


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise AnalysisMismatch(msg("{where} is not a JSON object", where=where))
    return value


def record_entries(document: Any) -> list[JSON]:
    """The record entries of an ``analyze --format json`` document, each checked against the
    schema as far as the page reads it; AnalysisMismatch says what is wrong."""
    top = _object(document, msg("the document"))
    if top.get("schema") != SCHEMA:
        raise AnalysisMismatch(msg("not a muggins analysis: its schema is {schema!r}, not {wanted!r} (write one with muggins analyze --format json)", schema=top.get("schema"), wanted=SCHEMA))
    records = _field(top, "records", list, msg("the document"))
    return [_checked_entry(_object(entry, msg("record {i}", i=i)), msg("record {i}", i=i)) for i, entry in enumerate(records, 1)]


def _checked_entry(entry: Mapping[str, Any], where: str) -> JSON:
    _field(entry, "rules", str, where)
    _field(entry, "index", int, where)
    players = _field(entry, "players", dict, where)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in players.items()):
        raise AnalysisMismatch(_off_schema(where, "players"))
    if _field(entry, "view", str, where) not in VIEWS:
        raise AnalysisMismatch(msg("{where}: {key!r} is {value}, not one of {values}", where=where, key="view", value=excerpt(entry["view"]), values=", ".join(VIEWS)))
    for key in ("samples", "seed"):
        _field(entry, key, int, where)
    for key in ("budget", "record_budget"):
        _field(entry, key, _NUMBER, where, optional=True)
    _field(entry, "summary", str, where, optional=True)
    thresholds = _field(entry, "thresholds", dict, where)
    if sorted(thresholds) != sorted(ANALYSIS_MARKS) or not all(type(v) is int for v in thresholds.values()):
        raise AnalysisMismatch(_off_schema(where, "thresholds"))
    for i, row in enumerate(_field(entry, "figures", list, where), 1):
        at = msg("{where}, figures row {i}", where=where, i=i)
        row = _object(row, at)
        _field(row, "player", str, at)
        for column in PLAYER_COLUMNS[1:]:
            _field(row, column, _NUMBER, at, optional=column == "error_rate")
    for i, line in enumerate(_field(entry, "ledger", list, where), 1):
        at = msg("{where}, ledger line {i}", where=where, i=i)
        line = _object(line, at)
        _field(line, "who", str, at)
        _field(line, "kind", str, at)
        _field(line, "hand", int, at, optional=True)
        for column in LEDGER_COLUMNS:
            figure = _field(line, column, dict, at, optional=True)
            if figure is not None:
                _field(figure, "value", int, joined([at, column]))
                _field(figure, "turns", list, joined([at, column]))
    for i, decision in enumerate(_field(entry, "decisions", list, where), 1):
        at = msg("{where}, decision {i}", where=where, i=i)
        _checked_decision(_object(decision, at), at)
    return dict(entry)


def _checked_decision(d: Mapping[str, Any], where: str) -> None:
    for key in ("hand", "turn", "samples"):
        _field(d, key, int, where)
    for key in ("seat", "played", "best"):
        _field(d, key, str, where)
    for key in ("unforced", "hand_known"):
        _field(d, key, bool, where)
    if _field(d, "basis", str, where) not in BASIS_TEXT:
        raise AnalysisMismatch(msg("{where}: {key!r} is {value}, not one of {values}", where=where, key="basis", value=excerpt(d["basis"]), values=", ".join(BASIS_TEXT)))
    mark = _field(d, "mark", str, where, optional=True)
    if mark is not None and mark not in ANALYSIS_MARKS:
        raise AnalysisMismatch(msg("{where}: {key!r} is {value}, not one of {values}", where=where, key="mark", value=excerpt(mark), values=", ".join(ANALYSIS_MARKS)))
    _field(d, "loss", _NUMBER, where)
    _field(d, "immediate_loss", _NUMBER, where)
    _field(d, "standard_error", _NUMBER, where, optional=True)
    _field(d, "depth", int, where, optional=True)
    for key in ("stopped", "note"):
        _field(d, key, str, where, optional=True)
    options = _field(d, "options", list, where)
    if not options:
        raise AnalysisMismatch(msg("{where} has no options", where=where))
    for j, option in enumerate(options, 1):
        at = msg("{where}, option {j}", where=where, j=j)
        option = _object(option, at)
        _field(option, "move", str, at)
        _field(option, "points", int, at)
        _field(option, "value", _NUMBER, at, optional=True)
        _field(option, "standard_error", _NUMBER, at, optional=True)
    if not any(o["move"] == d["played"] for o in options):
        raise AnalysisMismatch(msg("{where}: the play made ({played}) is not among its options", where=where, played=excerpt(d["played"])))


# --------------------------------------------------------------------------------------------
# Does an entry belong to this record?


def matching_entry(entries: Sequence[JSON], record: Record, rules: RuleSet, index: int = 1) -> JSON:
    """The entry of ``entries`` that is the analysis of ``record`` (record ``index`` of its file)
    under ``rules``: the one with that index first, else any that matches. AnalysisMismatch
    when none does, naming the first difference of the likeliest one."""
    if not entries:
        raise AnalysisMismatch(msg("it holds no record"))
    fresh = to_json(analyze_record(record, rules, budget=0))  # no solver: the plays and the ledger
    ordered = sorted(entries, key=lambda e: e["index"] != index)
    problems = []
    for entry in ordered:
        problem = _difference(entry, fresh)
        if problem is None:
            return entry
        problems.append(problem)
    raise AnalysisMismatch(msg("it is the analysis of another record: {difference}", difference=problems[0]))


def _difference(entry: Mapping[str, Any], fresh: Mapping[str, Any]) -> str | None:
    """How ``entry`` differs from ``fresh`` (the record's own analysis on immediate points), or
    None where it is the same record: rules, players, ledger, plays judged and their options."""
    if entry["rules"] != fresh["rules"]:
        return msg("its rules are {theirs}, the record's here {ours} (give --rules as the analysis had it)", theirs=entry["rules"], ours=fresh["rules"])
    if entry["players"] != fresh["players"]:
        return msg("its players are {theirs}, the record's {ours}", theirs=_players(entry["players"]), ours=_players(fresh["players"]))
    theirs = {(d["hand"], d["turn"]): d for d in entry["decisions"]}
    ours = {(d["hand"], d["turn"]): d for d in fresh["decisions"]}
    for at in sorted(set(theirs) | set(ours)):
        mine, other = ours.get(at), theirs.get(at)
        where = msg("hand {hand}, turn {turn}", hand=at[0], turn=at[1])
        if mine is None:
            return msg("{where}: it judges a play there and the record has none", where=where)
        if other is None:
            return msg("{where}: the record has a play there that it does not judge", where=where)
        if (other["seat"], other["played"]) != (mine["seat"], mine["played"]):
            return msg("{where}: its play is {theirs}, the record's {ours}", where=where, theirs=f"{other['seat']} {other['played']}", ours=f"{mine['seat']} {mine['played']}")
        if _moves(other) != _moves(mine):
            return msg("{where}: its alternatives to {play} are not the record's", where=where, play=f"{mine['seat']} {mine['played']}")
    if entry["ledger"] != fresh["ledger"]:
        return msg("its Muggins ledger is not the record's (other points earned, claimed or called)")
    return None


def _players(players: Mapping[str, str]) -> str:
    return ", ".join(f"{seat} {name}" for seat, name in players.items()) or msg("none")


def _moves(decision: Mapping[str, Any]) -> set[tuple[str, int]]:
    return {(o["move"], o["points"]) for o in decision["options"]}


# --------------------------------------------------------------------------------------------
# The page's data


def page_analysis(
    entries: Mapping[str, JSON],
    hands: Sequence[JSON],
    sides: Sequence[str],
    side_of: Mapping[str, str],
    who: Mapping[str, str],
    as_seat: str | None = None,
) -> tuple[JSON, list[JSON]]:
    """The page's analysis (the summary panel, the graph's series and the legend) and, for each
    of ``hands`` (the viewer's hands, in order), its decisions and graph points. ``entries``
    holds one checked entry per view; ``side_of`` maps a seat to its side, ``who`` a side to
    the names shown for it."""
    shown = dict(entries)
    hidden = None
    if as_seat is not None:
        shown.pop(OPEN_CARDS, None)
        hidden = msg(
            "as {seat} sees it: only {seat}'s own decisions, on the expected view (valued on what"
            " {seat} could know); other players' alternatives would show their hands, and open-cards"
            " figures are worked out from every hand",
            seat=as_seat,
        )
    verdict = EXPECTED_VIEW if EXPECTED_VIEW in shown else OPEN_CARDS
    main = shown[verdict]
    name = main["players"].get(as_seat, as_seat) if as_seat is not None else None
    series = [sides[0]] if len(sides) == 2 else list(sides)
    per_hand = []
    for hand in hands:
        decisions: dict[str, JSON] = {}
        for view, entry in shown.items():
            for d in entry["decisions"]:
                if d["hand"] == hand["number"] and (as_seat is None or d["seat"] == as_seat):
                    decisions.setdefault(str(d["turn"]), {})[view] = _decision_row(d)
        per_hand.append(
            {
                "decisions": decisions,
                "graph": _hand_graph(hand, main, verdict, sides, series, side_of, as_seat),
            }
        )
    figures = [row for row in main["figures"] if name is None or row["player"] == name]
    return (
        {
            "verdict": verdict,
            "views": [v for v in VIEWS if v in shown],
            "judging": {view: _judging(entry) for view, entry in shown.items()},
            "marks": [[t.mark, main["thresholds"][t.mark], msg(t.meaning)] for t in reversed(THRESHOLDS)],
            "legend": legend(shown, verdict, sides, who, main["thresholds"]),
            "series": [{"side": s, "who": who.get(s, s)} for s in series],
            "difference": _difference_name(sides, who),
            "players": [{column: row[column] for column in PLAYER_COLUMNS} for row in figures],
            "summary": _summary(main) if as_seat is None else None,
            "ledger": _ledger(main["ledger"], {**main["players"], **who}),
            "hidden": hidden,
        },
        per_hand,
    )


def _summary(entry: Mapping[str, Any]) -> str | None:
    """The entry's summary line, as a message the page says in its language where the entry's
    figures give the same words (an entry read from a file is checked, not trusted)."""
    said = entry["summary"]
    try:
        again = summary_of(entry["figures"])
    except (KeyError, TypeError, ValueError, AssertionError):
        return said  # type: ignore[no-any-return]
    return again if again == said else said


def _judging(entry: Mapping[str, Any]) -> JSON:
    return {key: entry[key] for key in ("view", "samples", "seed", "budget", "record_budget")}


def _decision_row(d: Mapping[str, Any]) -> JSON:
    return {
        "seat": d["seat"],
        "played": d["played"],
        "best": d["best"],
        "mark": d["mark"],
        "unforced": d["unforced"],
        "hand_known": d["hand_known"],
        "basis": d["basis"],
        "depth": d["depth"],
        "samples": d["samples"],
        "stopped": d["stopped"],
        "note": d["note"],
        "loss": d["loss"],
        "error": d["standard_error"],
        "now_loss": d["immediate_loss"],
        "options": [[o["move"], o["points"], o["value"], o["standard_error"]] for o in d["options"]],
    }


def _ledger(lines: Sequence[Mapping[str, Any]], names: Mapping[str, str]) -> JSON:
    return {
        "columns": list(LEDGER_COLUMNS),
        "lines": [
            {
                "who": line["who"],
                "name": names.get(line["who"], line["who"]),
                "kind": line["kind"],
                "hand": line["hand"],
                "values": [None if line[c] is None else line[c]["value"] for c in LEDGER_COLUMNS],
                "turns": [None if line[c] is None else line[c]["turns"] for c in LEDGER_COLUMNS],
            }
            for line in lines
        ],
    }


def _difference_name(sides: Sequence[str], who: Mapping[str, str]) -> str:
    if len(sides) == 2:
        return f"{who.get(sides[0], sides[0])} \u2212 {who.get(sides[1], sides[1])}"
    return msg("each side's points less all the others'")


def _hand_graph(
    hand: Mapping[str, Any],
    entry: Mapping[str, Any],
    view: str,
    sides: Sequence[str],
    series: Sequence[str],
    side_of: Mapping[str, str],
    as_seat: str | None,
) -> JSON:
    """The graph of one hand: for each judged play of the verdict ``view`` that has a value
    [series, step, expected final difference, mark]; the hand's outcome (``end``: its points
    earned plus the end-of-hand points, on the ledger), and the score difference before and
    after it (``start``, ``after``) for the game graph, one figure per series."""
    earned = {side: 0 for side in sides}
    before: dict[int, dict[str, int]] = {}
    for row in hand["turns"]:
        before[row["n"]] = dict(earned)
        if row["kind"] == "play" and row["correct"]:
            earned[side_of[row["seat"]]] += row["correct"]
    points = []
    for d in entry["decisions"]:
        if d["hand"] != hand["number"] or d["basis"] == "immediate" or (as_seat is not None and d["seat"] != as_seat):
            continue
        value = next(o["value"] for o in d["options"] if o["move"] == d["played"])
        if value is None or d["turn"] not in before:
            continue
        mover = side_of[d["seat"]]
        so_far = before[d["turn"]]
        for k, side in enumerate(series):
            if len(series) == 1 or side == mover:
                own = value if side == mover else -value  # two sides: the other's is the mirror
                points.append([k, d["turn"], round(_margin(so_far, side) + own, 2), d["mark"], d["seat"]])
    final = _hand_outcome(entry["ledger"], hand["number"], sides)
    return {
        "points": points,
        "end": None if final is None else [_margin(final, side) for side in series],
        "start": [_margin(dict(zip(sides, hand["scores"][0])), side) for side in series],
        "after": [_margin(dict(zip(sides, hand["scores"][-1])), side) for side in series],
    }


def _margin(points: Mapping[str, float], side: str) -> float:
    """``side``'s points less all the others'."""
    return points[side] - sum(v for s, v in points.items() if s != side)


def _hand_outcome(ledger: Sequence[Mapping[str, Any]], number: int, sides: Sequence[str]) -> dict[str, int] | None:
    """Each side's points of hand ``number`` on the ledger: earned in play, every play counted as
    if claimed (as the values count them), plus the end-of-hand points; None where the ledger
    has no such hand."""
    out: dict[str, int] = {}
    for line in ledger:
        if line["hand"] == number and line["who"] in sides and line["end_points"] is not None:
            out[line["who"]] = line["earned"]["value"] + line["end_points"]["value"]
    return out if len(out) == len(sides) else None


def legend(entries: Mapping[str, Any], verdict: str, sides: Sequence[str], who: Mapping[str, str], thresholds: Mapping[str, int]) -> list[list[str]]:
    """The one legend: what each figure on the page is, as [key, text] rows (Messages, which
    the page says in its language)."""
    rows: list[list[str]] = [
        [
            msg("value"),
            msg(
                "a move's value is a point difference for the mover's side over the rest of the hand: its"
                " own points, this move's included, less the opponents' (all the others', with three or more"
                " sides), every later play counted as if claimed, the end-of-hand points included; + is good"
                " for the mover; loss = the best move's value \u2212 the played one's"
            ),
        ]
    ]
    if EXPECTED_VIEW in entries:
        judging = entries[EXPECTED_VIEW]
        rows.append(
            [
                msg("exp"),
                msg(
                    "expected over the unseen tiles ({basis}): the mean over sampled deals of the"
                    " tiles the player could not see (the other hands and the boneyard), each solved with every tile"
                    " open; each decision says how many samples (at most {samples}, seed {seed}),"
                    " \u00b1 one standard error",
                    basis=msg(BASIS_TEXT["expected"]),
                    samples=judging["samples"],
                    seed=judging["seed"],
                ),
            ]
        )
    if OPEN_CARDS in entries:
        rows.append(
            [
                msg("open"),
                msg(
                    "open cards ({basis}): as if every tile were seen, the whole deal and the boneyard"
                    " order known, searched to the end of the hand (exact) or so many plays deep (depth N); a figure"
                    " for the curious: a play can be right on what its player knew and lose against the open cards",
                    basis=msg(BASIS_TEXT["exact"]),
                ),
            ]
        )
    rows.append([msg("now"), msg("{basis}: what the move scores at once (where no other figure could be had)", basis=msg(BASIS_TEXT["immediate"]))])
    name = msg("exp") if verdict == EXPECTED_VIEW else msg("open")
    marks = joined([msg("{mark} from {points}", mark=mark, points=thresholds[mark]) for mark in ANALYSIS_MARKS])
    if verdict == EXPECTED_VIEW:
        said = msg(
            "on the {name} figures: {marks} points lost (an expected loss earns a mark only where loss \u2212 2 \u00d7 its standard error reaches it)",
            name=name,
            marks=marks,
        )
    else:
        said = msg("on the {name} figures: {marks} points lost", name=name, marks=marks)
    rows.append([msg("marks"), said])
    difference = _difference_name(sides, who)
    if verdict == EXPECTED_VIEW:
        graph = msg(
            "the expected final point difference of the hand ({difference}) after each judged play: the points"
            " earned so far in the hand plus the played move's {name} value; the last point is the hand's outcome"
            " (end-of-hand points included); dots are marked plays, click one to go there. The game graph adds"
            " the score at the start of each hand; at each hand's end it shows the score",
            difference=difference,
            name=name,
        )
    else:
        graph = msg(
            "the final point difference of the hand ({difference}) after each judged play: the points"
            " earned so far in the hand plus the played move's {name} value; the last point is the hand's outcome"
            " (end-of-hand points included); dots are marked plays, click one to go there. The game graph adds"
            " the score at the start of each hand; at each hand's end it shows the score",
            difference=difference,
            name=name,
        )
    rows.append([msg("graph"), graph])
    return rows
