"""A self-contained HTML page that steps through a whole record: the replay viewer.

Every position of every hand is drawn once here, in Python, by ``muggins.pictures.svg`` (the same
pictures ``muggins render`` writes), and embedded in the page with the record's turns, the
claims beside what the rules give, the running score and the audit's findings. The page's
script only shows what is embedded: it needs no network and no other file, so it works opened
straight from disk.

Promises: the page is the same bytes for the same record and rules. Text from the record
(names, event, comments, turns) reaches the page only as JSON inside a
``<script type="application/json">`` block, with ``<``, ``>`` and ``&`` written as ``\\u003c``,
``\\u003e`` and ``\\u0026``; the script puts it into the page with ``textContent``. The pictures
are XML with all record text escaped. A Content-Security-Policy allows only the page's own
script and style (by hash), so even injected markup could run nothing and fetch nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import replace

from muggins.analysis.audit import RecordAudit, audit
from muggins.diagnostics import Diagnostic
from muggins.notation.formatter import format_turn
from muggins.notation.model import Play, Record
from muggins.pictures.svg import STYLE as PICTURE_STYLE
from muggins.pictures.svg import position_svg, tile_sprite
from muggins.pictures.table_view import table_view
from muggins.pictures.viewer_page import PAGE, SCRIPT, STYLE
from muggins.replay.facts import TurnFact
from muggins.replay.replayer import Game
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import play_points

SCHEMA = "muggins.viewer/1"


def _finding(f: Diagnostic, last_step: int) -> dict:
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


def _turn_row(number: int, statement, fact: TurnFact | None) -> dict:
    row = {
        "n": number,
        "seat": statement.seat,
        "kind": type(statement).__name__.lower(),
        "text": format_turn(replace(statement, comments=())),
        "comments": list(statement.comments),
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
        row["claim"] = statement.points
        row["correct"] = fact.credited
    elif fact.kind == "sheet":
        row["claim"] = fact.claim
    return row


def viewer_data(record: Record, rules: RuleSet, source: str, report: RecordAudit | None = None) -> dict:
    """Everything the page shows, as plain data (the embedded JSON, schema ``muggins.viewer/1``)."""
    report = report if report is not None else audit(record, rules)
    title = record.tag("Event") or source
    game = Game(record, rules)
    sides = game.side_list
    players = record.players
    findings_by_hand: dict[int, list[Diagnostic]] = {}
    record_findings = []
    for f in report.findings:
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
        for turn, state in game.replay_hand(hand):
            view = table_view(game, state, turn, title)
            pictures.append(position_svg(view, standalone=False))
            scores.append([game.scores[s] for s in sides])
            total = state.board.total()
            counts.append([total, play_points(total, rules) if state.board.lead is not None else 0])
        # The generator has finished the hand: the end-of-hand score is in.
        result = game.hands[-1]
        pictures.append(position_svg(table_view(game, state, len(hand.turns), title, ended=True), standalone=False))
        scores.append([game.scores[s] for s in sides])
        counts.append(counts[-1])
        facts = {f.turn: f for f in result.facts}
        row = sheet.get(hand.number)
        last_step = len(hand.turns) + 1
        hands.append(
            {
                "number": hand.number,
                "comments": list(hand.comments),
                "turns": [_turn_row(i, stmt, facts.get(i)) for i, stmt in enumerate(hand.turns, 1)],
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
        "comments": list(record.comments),
        "sides": [{"side": s, "who": " & ".join(players.get(seat, seat) for seat in team_of[s])} for s in sides],
        "findings": record_findings,
        "hands": hands,
        "totals": [game.scores[s] for s in sides],
        "winner": game.winner,
    }


def _outcome(result) -> str:
    if result.outcome == "domino":
        return f"domino: {result.went_out} went out" if result.went_out else "domino"
    if result.outcome == "blocked":
        return "blocked"
    return "unfinished"


def embed_json(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` characters at all."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def viewer_html(record: Record, rules: RuleSet, source: str, report: RecordAudit | None = None) -> str:
    """The whole page as text."""
    data = viewer_data(record, rules, source, report)
    style = STYLE + PICTURE_STYLE + "\n"
    policy = (
        f"default-src 'none'; script-src {_sha256(SCRIPT)}; style-src {_sha256(style)};"
        " img-src 'none'; connect-src 'none'; form-action 'none'; base-uri 'none'"
    )
    parts = {
        "POLICY": policy,
        "STYLE": style,
        "SPRITE": tile_sprite(max(rules.max_pip, _highest_pip(record))),
        "DATA": embed_json(data),
        "SCRIPT": SCRIPT,
    }
    # One pass over the template: text put in is never searched for markers again.
    return re.sub(r"@([A-Z]+)@", lambda m: parts[m.group(1)], PAGE)


def _highest_pip(record: Record) -> int:
    """The highest pip written anywhere in the record (a record may break the set's limit)."""
    top = 0
    for hand in record.hands:
        for deal in hand.deals:
            for tile in deal.tiles or ():
                top = max(top, tile.high)
        for tile in hand.boneyard.tiles if hand.boneyard is not None else ():
            top = max(top, tile.high)
        for turn in hand.turns:
            if type(turn) is Play:
                top = max(top, turn.tile.high)
            for tile in getattr(turn, "tiles", None) or ():
                top = max(top, tile.high)
    return top
