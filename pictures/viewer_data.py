"""What the replay viewer shows, as plain data: the JSON the page embeds (``muggins.viewer/1``).

Every position of every hand is drawn here, once, by ``muggins.pictures.svg`` (the same
pictures ``muggins render`` writes), beside the record's turns, the claims and what the rules
give, the running score, the count of the ends and the audit's findings placed on their hand
and turn; with an analysis (``muggins view --analyze``), its figures as
:mod:`muggins.pictures.viewer_analysis` lays them out. :mod:`muggins.pictures.viewer` puts it
into the page.

Under ``as_seat`` the record's comments are left out: a comment can name any tile (``{Bruno
held the 6-6}``), and no rule tells which ones the seat could have seen. The findings are shown
as :func:`muggins.pictures.withheld.findings_as_seen` gives them: a tile of a hand the seat had
not seen is withheld.

Promises: plain JSON values only (strings, numbers, lists, dictionaries, None), the same for the
same record and rules; text from the record is carried as it is written (the page escapes it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from muggins.i18n import msg
from muggins.analysis.audit import RecordAudit, audit
from muggins.diagnostics import Diagnostic
from muggins.notation.formatter import format_turn
from muggins.notation.model import MugginsCall, Record, Turn
from muggins.pictures.svg import position_svg
from muggins.pictures.table_view import as_seen, findings_by_turn, table_view
from muggins.pictures.viewer_analysis import page_analysis
from muggins.pictures.withheld import findings_as_seen
from muggins.replay.facts import HandResult, TurnFact
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import play_points

SCHEMA = "muggins.viewer/1"


def _finding(f: Diagnostic, last_step: int) -> dict[str, Any]:
    return {
        "turn": f.turn if f.turn is not None else last_step,
        "at_end": f.turn is None,
        "severity": f.severity,
        "code": f.code,
        "message": f.message,
        "claimed": f.claimed,
        "correct": f.correct,
        "line": f.line,
        "column": f.column,
        "rule": f.rule,
    }


def _turn_row(number: int, statement: Turn, fact: TurnFact | None, as_seat: str | None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "n": number,
        "seat": statement.seat,
        "kind": type(statement).__name__.lower(),
        "text": format_turn(replace(as_seen(statement, as_seat), comments=())),
        "comments": _comments(statement.comments, as_seat),
        "claim": None,
        "correct": None,
    }
    if fact is None:
        return row
    if fact.kind == "play":
        row["claim"] = fact.claim
        row["correct"] = fact.points
        row["ends"] = fact.total
    elif fact.kind == "muggins":
        assert isinstance(statement, MugginsCall)  # the fact of a Muggins call
        row["claim"] = statement.points
        row["correct"] = fact.credited
    elif fact.kind == "sheet":
        row["claim"] = fact.claim
    return row


def _comments(comments: tuple[str, ...], as_seat: str | None) -> list[str]:
    """The comments the page shows: none in one seat's view (they may name hidden tiles)."""
    return [] if as_seat is not None else list(comments)


def viewer_data(
    record: Record,
    rules: RuleSet,
    source: str,
    report: RecordAudit | None = None,
    as_seat: str | None = None,
    analysis: Mapping[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Everything the page shows, as plain data (the embedded JSON, schema ``muggins.viewer/1``);
    ``as_seat``: as that seat sees the game (every other hand face down, the others' draws as
    counts, no comments, the findings without the tiles it had not seen); ``analysis``: the
    analysis' entries (schema ``muggins.analyze/2``) by view, checked (``viewer_analysis``),
    whose figures the page shows beside the board."""
    report = report if report is not None else audit(record, rules)
    title = record.tag("Event") or source
    game = Game(record, rules)
    sides = game.side_list
    players = record.players
    findings_by_hand: dict[int, list[Diagnostic]] = {}
    record_findings = []
    for f in findings_as_seen(report.findings, record, rules, as_seat):
        if f.hand is None:
            record_findings.append(_finding(f, 0))
        else:
            findings_by_hand.setdefault(f.hand, []).append(f)
    sheet = {row.hand: row for row in report.sheet}
    hands = []
    for hand in record.hands:
        pictures: list[str] = []
        scores: list[list[int]] = []
        counts: list[list[int]] = []
        state = None
        at_turn = findings_by_turn(findings_by_hand.get(hand.number, ()))
        for turn, state in game.replay_hand(hand):
            view = table_view(game, state, turn, title, as_seat=as_seat, findings=at_turn.get((hand.number, turn), ()))
            pictures.append(position_svg(view, standalone=False))
            scores.append([game.scores[s] for s in sides])
            total = state.board.total()
            counts.append([total, play_points(total, rules) if state.board.lead is not None else 0])
        # The generator has finished the hand: the end-of-hand score is in.
        assert state is not None  # replay_hand yields the deal (turn 0) first, always
        result = game.hands[-1]
        pictures.append(position_svg(table_view(game, state, len(hand.turns), title, ended=True, as_seat=as_seat), standalone=False))
        scores.append([game.scores[s] for s in sides])
        counts.append(counts[-1])
        facts = {f.turn: f for f in result.facts}
        row = sheet.get(hand.number)
        last_step = len(hand.turns) + 1
        hands.append(
            {
                "number": hand.number,
                "comments": _comments(hand.comments, as_seat),
                "turns": [_turn_row(i, stmt, facts.get(i), as_seat) for i, stmt in enumerate(hand.turns, 1)],
                "pictures": pictures,
                "scores": scores,
                "counts": counts,
                "outcome": _outcome(result),
                "award": result.award.explanation if result.award is not None else None,
                "sheet": None
                if row is None
                else {
                    "written": [row.written.get(s) for s in sides],
                    "claimed": [row.claimed.get(s) for s in sides],
                    "correct": [row.correct.get(s) for s in sides],
                },
                "findings": [_finding(f, last_step) for f in findings_by_hand.get(hand.number, [])],
            }
        )
    team_of = {side: [s for s in record.seats if game.sides[s] == side] for side in sides}
    who = {s: " & ".join(players.get(seat, seat) for seat in team_of[s]) for s in sides}
    shown = None
    if analysis:
        shown, per_hand = page_analysis(analysis, hands, sides, game.sides, who, as_seat)
        for hand_data, extra in zip(hands, per_hand):
            hand_data["analysis"] = extra
    return {
        "schema": SCHEMA,
        "title": title,
        "meta": {
            "event": record.tag("Event"),
            "site": record.tag("Site"),
            "date": record.tag("Date"),
            "rules": rules.name,
            "file": source,
        },
        "comments": _comments(record.comments, as_seat),
        "comments_hidden": as_seat is not None and _has_comments(record),
        "as": as_seat,
        "sides": [{"side": s, "who": who[s]} for s in sides],
        "findings": record_findings,
        "hands": hands,
        "totals": [game.scores[s] for s in sides],
        "winner": game.winner,
        "analysis": shown,
    }


def _has_comments(record: Record) -> bool:
    return bool(record.comments) or any(hand.comments or any(t.comments for t in hand.turns) for hand in record.hands)


def _outcome(result: HandResult) -> str:
    if result.outcome == "domino":
        return msg("domino: {seat} went out", seat=result.went_out) if result.went_out else msg("domino")
    if result.outcome == "blocked":
        return msg("blocked")
    return msg("unfinished")
