"""The audit: every score written down, checked against what the rules give.

The replayer establishes what happened (which points each play made, what was credited under the
Muggins rule, how the hand ended). The audit compares that with what the record claims: each
play's claim, each Muggins call, the end-of-hand pip counts and scores, and the running totals
of the score sheet. Every finding is a :class:`~muggins.diagnostics.Diagnostic` with a stable
code from :data:`FINDINGS` (plus the replayer's legality codes), the claimed and the correct
amounts, and the rule parameter it rests on.

The report also gives the first point where the claimed and the correct scores part, and the
corrected score sheet, hand by hand.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Callable, Iterator

from muggins.diagnostics import Diagnostic, Severity
from muggins.i18n import either, msg
from muggins.notation.model import Record, Tally
from muggins.replay.facts import HandResult, ReplayResult, TurnFact
from muggins.replay.replayer import Game, replay
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import end_of_hand, muggins_takes, play_scores, round_pips
from muggins.replay.turns import draws_after, sure_draw_errors

#: Every finding code the audit adds to the replayer's: code -> (rule parameter, meaning).
FINDINGS: dict[str, tuple[str | None, str]] = {
    "over-claim": ("overclaim", "a play claimed more points than it made"),
    "claim-not-multiple": ("score_multiples", "a claim that no play can score under these rules"),
    "under-claim": ("muggins", "a play claimed fewer points than it made"),
    "unclaimed": ("muggins", "a play made points that nobody claimed: a Muggins opportunity"),
    "sheet-not-multiple": ("score_multiples", "a score-sheet entry no play can score under these rules"),
    "sheet-impossible": ("max_pip", "a score-sheet entry larger than any play can score"),
    "pips-mismatch": (None, "an announced pip count differs from the tiles left in hand"),
    "end-score": ("domino_scoring", "an end-of-hand score differs from what the rules give"),
    "end-score-missing": ("domino_scoring", "end-of-hand points the rules give were not written down"),
    "total-arithmetic": (None, "a written total does not add up the sheet's own entries"),
    "total-wrong": (None, "a written total differs from the correct running total"),
}


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One hand of the score sheet: per side, the total as written and the correct total."""

    hand: int
    written: dict[str, int | None]
    claimed: dict[str, int]  # running total implied by the claims, calls and end scores written
    correct: dict[str, int]


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first point where the claimed and the correct running scores part."""

    hand: int
    turn: int | None  # None: at the end of the hand
    side: str
    claimed: int
    correct: int
    why: str


@dataclass(slots=True)
class RecordAudit:
    record: Record
    rules: RuleSet
    replay: ReplayResult
    findings: list[Diagnostic] = field(default_factory=list)
    sheet: list[SheetRow] = field(default_factory=list)
    divergence: Divergence | None = None

    @property
    def clean(self) -> bool:
        return not any(f.severity in ("error", "warning") for f in self.findings)

    @property
    def mistakes(self) -> list[Diagnostic]:
        """The findings that count: errors and warnings, less those that follow from an earlier
        one (one mistake, one finding; the others stay in ``findings``, linked to it)."""
        return [f for f in self.findings if f.severity in ("error", "warning") and f.follows is None]

    @property
    def winner(self) -> str | None:
        return self.replay.winner


def audit(record: Record, rules: RuleSet) -> RecordAudit:
    """Replay ``record`` under ``rules`` and judge every claim in it."""
    result = replay(record, rules)
    report = RecordAudit(record, rules, result)
    auditor = _Auditor(report)
    for hand in result.hands:
        auditor.hand(hand)
    return _findings(report, auditor)


def audit_below(record: Record, rules: RuleSet, bound: int) -> RecordAudit | None:
    """:func:`audit`, or None as soon as it is certain to count ``bound`` mistakes or more
    (:attr:`RecordAudit.mistakes`): each hand is audited when it has been replayed, and the
    audit stops at the turn (or the end of the hand) where the count reaches ``bound``. What ``audit --which-rules``
    asks of most rule sets, which need not be audited to the end.

    The audit of a hand reads of the replay only what the hands so far have made, as long as
    no two hands have the same number (a wrong running total follows from a replayer's error
    at the same hand number); a record where two do is audited whole, then judged.
    """
    numbers = [hand.number for hand in record.hands]
    if len(set(numbers)) < len(numbers):
        report = audit(record, rules)
        return report if len(report.mistakes) < bound else None
    notes = [d for d in record.notes if d.severity in ("error", "warning") and d.follows is None]
    count = len(notes)
    if count >= bound:
        return None
    game = Game(record, rules)
    report = RecordAudit(record, rules, game.result())  # its hands and diagnostics grow as the game is played
    auditor = _Auditor(report)
    first: set[tuple[int, int]] = set()
    findings = 0
    seen = 0  # the Game's own (table-rules) included

    def counted() -> int:
        """The replayer's diagnostics made since the last call, counted as _one_per_turn counts them."""
        nonlocal seen
        more = 0
        for d in game.diagnostics[seen:]:
            if d.severity == "error":
                auditor.replay_errors.setdefault((d.hand, d.turn), d.code)
                if d.hand is not None and d.turn is not None:
                    if (d.hand, d.turn) in first:
                        continue
                    first.add((d.hand, d.turn))
            more += d.severity in ("error", "warning") and d.follows is None
        seen = len(game.diagnostics)
        return more

    for hand in record.hands:
        hands = len(game.hands)
        # Turn by turn, not hand by hand: the count only grows, so a hand of a thousand bad
        # draws is out at the bound-th of them (the fuzz run's huge-counts:819800, where each of
        # 320 candidates replayed a one-hand record of 500 bad draws to the end: 4.5 s).
        later = draws_after(hand.turns)
        for turn, state in game.replay_hand(hand):
            count += counted()
            if count >= bound or count + sure_draw_errors(state, later[turn]) >= bound:
                return None
        count += counted()  # finish_hand's, made when the hand ran out
        for result in game.hands[hands:]:
            auditor.hand(result)
        count += sum(1 for f in auditor.findings[findings:] if f.severity in ("error", "warning") and f.follows is None)
        findings = len(auditor.findings)
        if count >= bound:
            return None
    report.replay = game.result()
    return _findings(report, auditor)


def _findings(report: RecordAudit, auditor: _Auditor) -> RecordAudit:
    """The report with its findings: the text's, the replayer's and the audit's, in order."""
    # What the parser noted in the text (a seat in two teams, ...) is a finding like the others.
    report.findings = sorted(
        [*report.record.notes, *_one_per_turn(report.replay.diagnostics), *auditor.findings],
        key=lambda d: (d.hand or 0, d.turn or 10**9, d.line, d.column, d.code),
    )
    return report


def _one_per_turn(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The replayer's errors, each after the first on one turn marked as following from it: an
    illegal play is one mistake, however many rules it breaks (a tile not held, on the wrong end)."""
    first: dict[tuple[int, int], Diagnostic] = {}
    out = []
    for d in diagnostics:
        if d.severity == "error" and d.hand is not None and d.turn is not None:
            cause = first.setdefault((d.hand, d.turn), d)
            if cause is not d:
                d = d.following((cause.hand, cause.turn, cause.code))
        out.append(d)
    return out


class _Auditor:
    def __init__(self, report: RecordAudit) -> None:
        self.report = report
        self.record = report.record
        self.rules = report.rules
        self.result = report.replay
        self.sides = self.result.sides
        self.side_list = list(dict.fromkeys(self.sides.values()))
        self.findings: list[Diagnostic] = []
        self.claimed = {side: 0 for side in self.side_list}  # running, as the sheet's entries say
        self.correct = {side: 0 for side in self.side_list}
        self.previous_written: dict[str, int | None] = {side: 0 for side in self.side_list}
        self.previous_gap = {side: 0 for side in self.side_list}
        self.claims_written = self.record.claims_written
        self.possible = play_scores(self.rules)
        # Per side, the latest finding that put its claimed and correct scores apart: what a
        # wrong running total that the sheet's own entries add up to follows from.
        self.cause: dict[str, tuple[int | None, int | None, str]] = {}
        self.replay_errors: dict[tuple[int | None, int | None], str] = {}
        self.rounded: dict[str, RuleSet] = {}  # the rules with another pip rounding, made once (_explain)
        for d in self.result.diagnostics:
            if d.severity == "error":
                self.replay_errors.setdefault((d.hand, d.turn), d.code)

    def find(
        self,
        code: str,
        message: str,
        stmt: object,
        hand: int,
        turn: int | None = None,
        *,
        severity: Severity = "error",
        claimed: int | None = None,
        correct: int | None = None,
        rule: str | None = None,
        follows: tuple[int | None, int | None, str] | None = None,
    ) -> None:
        self.findings.append(
            Diagnostic.at_statement(
                self.record,
                stmt,
                code,
                message,
                severity=severity,
                hand=hand,
                turn=turn,
                rule=rule if rule is not None else FINDINGS[code][0],
                claimed=claimed,
                correct=correct,
            ).following(follows)
        )

    def _blame(self, side: str, hand: int, turn: int | None) -> None:
        """The side's claimed and correct scores moved apart at this turn: remember the finding
        that says why (the audit's own at the turn, else the replayer's), if there is one."""
        for f in reversed(self.findings):
            if f.hand == hand and f.turn == turn and f.follows is None:
                self.cause[side] = (hand, turn, f.code)
                return
        code = self.replay_errors.get((hand, turn))
        if code is not None:
            self.cause[side] = (hand, turn, code)

    def diverge(self, hand: int, turn: int | None, why: str | Callable[[], str]) -> None:
        """Record the first point where claimed and correct part; ``why`` is text, or a
        callable making it (so the text is only built once, where it is needed)."""
        if self.report.divergence is not None:
            return
        for side in self.side_list:
            if self.claimed[side] != self.correct[side]:
                text = why() if callable(why) else why
                self.report.divergence = Divergence(hand, turn, side, self.claimed[side], self.correct[side], text)
                return

    # -- one hand ----------------------------------------------------------------------------

    def hand(self, result: HandResult) -> None:
        number = result.number
        calls = {f.refers_to: f for f in result.facts if f.kind == "muggins" and f.refers_to is not None}
        claimed, correct, sides = self.claimed, self.correct, self.sides
        gap_before = {side: claimed[side] - correct[side] for side in self.side_list}
        for fact in result.facts:
            kind = fact.kind
            if kind == "play":
                if self.claims_written and (fact.claim or fact.points):
                    self._play(fact, calls.get(fact.turn), number)
                side = sides[fact.seat]
                claimed[side] += _sheet_amount(fact, self.claims_written)
                correct[side] += fact.counted
                if fact.penalty:
                    for other in self.side_list:
                        if other != side:
                            correct[other] += fact.penalty
            elif kind == "muggins":
                if fact.taken_back:  # the called side's claim comes off, on the sheet as in the rules
                    called = sides[fact.as_call().against]
                    claimed[called] -= fact.taken_back
                    correct[called] -= fact.taken_back
                if fact.claim is not None:  # a call on a score sheet: judged as its entries are
                    self._sheet(fact, number)
                side = sides[fact.seat]
                claimed[side] += fact.as_call().points
                correct[side] += fact.counted
            elif kind == "sheet":
                self._sheet(fact, number)
                side = sides[fact.seat]
                claimed[side] += fact.claim or 0
                correct[side] += fact.counted
            else:
                continue
            if claimed[side] - correct[side] != gap_before.get(side, 0):
                self._blame(side, number, fact.turn)
            gap_before[side] = claimed[side] - correct[side]
            if self.report.divergence is None and claimed[side] != correct[side] or fact.penalty:
                self.diverge(fact.hand, fact.turn, functools.partial(_why, fact))
        self._end(result)

    def _play(self, fact: TurnFact, call: TurnFact | None, hand: int) -> None:
        if not self.claims_written:
            return
        play = fact.as_play()
        claim, points = fact.claim, fact.points
        if claim and claim != points and claim not in self.possible:
            largest = max(self.possible, default=0)
            if claim > largest:
                why = msg("{largest} is the most one play can make", largest=largest)
            else:
                why = msg("a scoring total is a multiple of {multiples}", multiples=either(str(m) for m in self.rules.score_multiples))
            self.find(
                "claim-not-multiple",
                msg(
                    "{seat} claimed {claim} for {tile}: no play scores {claim} under these rules ({why}); the ends count {total}, which scores {points}",
                    seat=fact.seat, claim=claim, tile=play.tile, why=why, total=fact.total, points=points,
                ),
                play,
                hand,
                fact.turn,
                claimed=claim,
                correct=points,
            )
        elif claim is not None and claim > points:
            self.find(
                "over-claim",
                msg("{seat} claimed {claim} for {tile}, but the ends count {total}, which scores {points}", seat=fact.seat, claim=claim, tile=play.tile, total=fact.total, points=points)
                if points
                else msg("{seat} claimed {claim} for {tile}, but the ends count {total}, which scores nothing", seat=fact.seat, claim=claim, tile=play.tile, total=fact.total),
                play,
                hand,
                fact.turn,
                claimed=claim,
                correct=points,
            )
        elif points and (claim or 0) < points:
            if self.rules.muggins == "automatic":
                if claim is not None:
                    self.find(
                        "under-claim",
                        msg("{seat} claimed {claim} for {tile}, but it scores {points} (counted anyway under these rules)", seat=fact.seat, claim=claim, tile=play.tile, points=points),
                        play,
                        hand,
                        fact.turn,
                        severity="warning",
                        claimed=claim,
                        correct=points,
                    )
                return
            opponents = [s for s in self.result.record.seats if self.sides[s] != self.sides[fact.seat]]
            missing = points - (claim or 0)
            if self.rules.muggins == "lost":
                fate = msg("the {missing} unclaimed points are lost under these rules", missing=missing)
            elif call is not None:
                fate = msg("{caller} took them by calling Muggins at turn {turn}", caller=call.seat, turn=call.turn)
                if call.expected is not None and call.expected != missing:
                    fate = msg(
                        "{caller} took the whole {whole} by calling Muggins at turn {turn}, and the claim of {claim} came off {seat}'s score",
                        caller=call.seat, whole=call.expected, turn=call.turn, claim=claim, seat=fact.seat,
                    )
            else:
                fate = msg("{opponents} could have called Muggins; nobody did", opponents=either(opponents))
                whole = muggins_takes(points, missing, fact.counted, self.rules).takes
                if whole != missing:
                    fate = msg("{opponents} could have called Muggins for the whole {whole}; nobody did", opponents=either(opponents), whole=whole)
            code = "under-claim" if claim else "unclaimed"
            text = (
                msg("{seat} claimed {claim} for {tile}, which scores {points} (ends count {total}); {fate}", seat=fact.seat, claim=claim, tile=play.tile, points=points, total=fact.total, fate=fate)
                if claim
                else msg("{seat} claimed nothing for {tile}, which scores {points} (ends count {total}); {fate}", seat=fact.seat, tile=play.tile, points=points, total=fact.total, fate=fate)
            )
            self.find(
                code,
                text,
                play,
                hand,
                fact.turn,
                severity="warning",
                claimed=claim or 0,
                correct=points,
            )

    def _sheet(self, fact: TurnFact, hand: int) -> None:
        amount = fact.claim or 0
        if amount <= 0:
            return
        top = max(self.possible) if self.possible else 0
        if amount > top:
            self.find(
                "sheet-impossible",
                msg("{seat} scored {amount}: no play scores more than {top} under these rules", seat=fact.seat, amount=amount, top=top),
                fact.statement,
                hand,
                fact.turn,
                claimed=amount,
            )
        elif amount not in self.possible:
            multiples = either(str(m) for m in self.rules.score_multiples)
            self.find(
                "sheet-not-multiple",
                msg("{seat} scored {amount}: a play scores a multiple of {multiples} under these rules", seat=fact.seat, amount=amount, multiples=multiples),
                fact.statement,
                hand,
                fact.turn,
                claimed=amount,
            )

    def _end(self, result: HandResult) -> None:
        hand = result.hand
        number = result.number
        # Announced pip counts against the tiles left.
        if hand.pips is not None and result.pips_source == "hands" and result.pips is not None:
            for seat, said in hand.pips.entries:
                true = result.pips.get(seat)
                if true is not None and said != true:
                    self.find(
                        "pips-mismatch",
                        msg("{seat} announced {said} pips, but holds {true}", seat=seat, said=said, true=true),
                        hand.pips,
                        number,
                        claimed=said,
                        correct=true,
                    )
        award = result.award.points if result.award is not None else {}
        rule = "blocked_scoring" if result.outcome == "blocked" else "domino_scoring"
        end_claims = _tally_by_side(hand.scores, self.sides)
        if hand.scores is not None:
            for side in self.side_list:
                said = end_claims.get(side, 0)
                right = award.get(side, 0)
                # the game ended at a play: nothing is due (but the points for going out, where
                # the last play and they reached the target together: then they are the award)
                won_in_play = result.target_reached_at is not None and result.award is None
                if result.award is None and not won_in_play:
                    right = said  # nothing to compare against (pips unknown)
                if said != right:
                    why = (
                        msg("the game ended at turn {turn}, when the target was reached: no end-of-hand score is due", turn=result.target_reached_at)
                        if won_in_play
                        else self._explain(result, side, said)
                    )
                    self.find(
                        "end-score",
                        msg("{side} wrote {said} at the end of the hand; {why}", side=side, said=said, why=why),
                        hand.scores,
                        number,
                        claimed=said,
                        correct=right,
                        rule=rule,
                    )
                    self.cause[side] = (number, None, "end-score")
        elif any(award.values()) and hand.totals is None:
            self.find(
                "end-score-missing",
                msg("the end-of-hand points were not written down: {points}", points=", ".join(f"{side} {v:+d}" for side, v in award.items() if v)),
                hand.outcome or (hand.turns[-1] if hand.turns else hand),
                number,
                severity="info",
                rule=rule,
            )
        added = _end_amounts(result, end_claims if hand.scores is not None else None)
        for side in self.side_list:
            self.claimed[side] += added.get(side, 0)
        self.correct = dict(result.totals)
        self.diverge(number, None, msg("end of the hand: {why}", why=result.award.explanation if result.award else msg("no end-of-hand score")))
        self._totals(result, end_claims)

    def _explain(self, result: HandResult, side: str, said: int) -> str:
        award = result.award
        right = award.points.get(side, 0) if award else 0
        text = msg("the rules give {right} ({why})", right=right, why=award.explanation) if award else msg("the rules give {right}", right=right)
        # Name a likely slip: another rounding, or no rounding at all.
        if award is not None and said != right and result.pips:
            for mode in ("down", "up", "none", "nearest"):
                if mode == self.rules.pip_rounding:
                    continue
                other = self.rounded.get(mode)
                if other is None:
                    other = self.rounded[mode] = dataclasses.replace(self.rules, pip_rounding=mode)
                # Every seat, as the replayer scores it: a seat whose pips were not announced holds none.
                pips = {**dict.fromkeys(self.sides, 0), **result.pips}
                alt = end_of_hand(result.outcome or "domino", result.went_out, pips, self.sides, other)
                if alt.points.get(side, 0) == said:
                    text = msg("{text}; {said} is what rounding '{mode}' gives (these rules round '{rounding}')", text=text, said=said, mode=mode, rounding=self.rules.pip_rounding)
                    break
        return text

    def _totals(self, result: HandResult, end_claims: dict[str, int]) -> None:
        hand = result.hand
        number = result.number
        written = _tally_by_side(hand.totals, self.sides) if hand.totals is not None else {}
        row_written: dict[str, int | None] = {side: written.get(side) for side in self.side_list}
        sheet = _sheet_entries(result, self.sides, end_claims if hand.scores is not None else None) if written else None
        for side in self.side_list:
            value = written.get(side)
            if value is None:
                continue
            # Arithmetic of the sheet itself: the previous written total plus this hand's entries.
            entries = sheet.get(side, 0) if sheet is not None else None
            before = self.previous_written.get(side)
            correct = result.totals.get(side, 0)
            # A total that is right needs no arithmetic: the scorekeeper took a wrong claim down.
            slip = False
            if value != correct and entries is not None and before is not None and value != before + entries:
                slip = True
                self.find(
                    "total-arithmetic",
                    msg(
                        "{side}'s total {value} does not add up: {before} {sign} {entries} from this hand's entries is {sum}",
                        side=side, value=value, before=before, sign="-" if entries < 0 else "+", entries=abs(entries), sum=before + entries,
                    ),
                    hand.totals,
                    number,
                    claimed=value,
                    correct=before + entries,
                )
            # Reported where a new error enters: a gap carried on from an earlier total is the
            # same mistake, and a total that is right again is right.
            gap = value - result.totals.get(side, 0)
            if gap and gap != self.previous_gap.get(side, 0):
                # One mistake, one finding: a slip in the sheet's arithmetic, or (where the sheet
                # adds up) the claim or score that put the side's total apart.
                cause = (number, None, "total-arithmetic") if slip else self.cause.get(side) if value == self.claimed[side] else None
                self.find(
                    "total-wrong",
                    msg("{side}'s total is written as {value}; the correct running total is {correct}", side=side, value=value, correct=result.totals.get(side, 0)),
                    hand.totals,
                    number,
                    claimed=value,
                    correct=result.totals.get(side, 0),
                    follows=cause,
                )
            self.previous_gap[side] = gap
        for side in self.side_list:
            self.previous_written[side] = written.get(side, None) if written else None
        self.report.sheet.append(SheetRow(number, row_written, dict(self.claimed), dict(result.totals)))


def _why(fact: TurnFact) -> str:
    """Why the running scores part at this turn, in words."""
    if fact.kind == "play":
        claim = fact.claim if fact.claim is not None else getattr(fact.statement, "claim", None)
        return msg("{seat}'s {tile}: claimed {claim}, the rules credit {credited}", seat=fact.seat, tile=fact.as_play().tile, claim=claim or 0, credited=fact.credited)
    if fact.kind == "muggins":
        return msg("{seat}'s Muggins call: took {points}, the rules give {credited}", seat=fact.seat, points=fact.as_call().points, credited=fact.credited)
    return msg("{seat}'s entry of {claim}", seat=fact.seat, claim=fact.claim)


def _sheet_amount(fact: TurnFact, claims_written: bool) -> int:
    """What a play adds to the sheet as the record has it: its claim, or where no claims were
    written the rules' points; a score the get-in or exact-target rule refuses adds nothing."""
    if not claims_written:
        return fact.counted
    if fact.counted != fact.credited:
        return fact.counted
    if fact.claim is None:  # a play the replayer could not place: its claim is still on the sheet
        return fact.as_play().claim or 0
    return fact.claim


def _end_amounts(result: HandResult, end_claims: dict[str, int] | None) -> dict[str, int]:
    """What the end of the hand adds to each side on the sheet: its end-of-hand score as written
    (``end_claims``; None: nothing written, the sheet taken to add the rules' award); where the
    get-in or exact-target rule refused the award, what counted of it (the sheet adds nothing the
    rules refuse, as for a play)."""
    counted = result.award_counted
    if result.award is None:  # nothing to hold the sheet against: what is written, or what counted
        return dict(end_claims) if end_claims is not None else dict(counted)
    out = dict(end_claims) if end_claims is not None else {}
    for side, right in result.award.points.items():
        refused = counted.get(side, right) != right
        out[side] = counted[side] if refused else out.get(side, 0) if end_claims is not None else right
    return out


def _tally_by_side(tally: Tally | None, sides: dict[str, str]) -> dict[str, int]:
    """A tally's entries per side: a team's own entry, or its seats' entries added up."""
    out: dict[str, int] = {}
    if tally is None:
        return out
    for who, value in tally.entries:
        side = sides.get(who, who)
        out[side] = out.get(side, 0) + value
    return out


def _sheet_entries(result: HandResult, sides: dict[str, str], end_claims: dict[str, int] | None) -> dict[str, int] | None:
    """What the sheet itself adds to each side in this hand: claims, calls and end scores as
    written (None where the end-of-hand score the rules give was not written: the sum is unknown)."""
    if end_claims is None and result.award is not None and any(result.award.points.values()):
        return None
    totals: dict[str, int] = _end_amounts(result, end_claims) if end_claims is not None else {}
    for fact in result.facts:
        kind = fact.kind
        if kind == "play":
            amount = _sheet_amount(fact, True)
        elif kind == "sheet":
            amount = fact.claim or 0
        elif kind == "muggins":
            call = fact.as_call()
            amount = call.points
            if fact.taken_back:
                called = sides[call.against]
                totals[called] = totals.get(called, 0) - fact.taken_back
        else:
            continue
        if amount:
            side = sides[fact.seat]
            totals[side] = totals.get(side, 0) + amount
    return totals


__all__ = ["FINDINGS", "RecordAudit", "SheetRow", "Divergence", "audit", "round_pips"]


# --------------------------------------------------------------------------------------------
# Machine-readable form (the ``muggins.audit/1`` schema, documented in analysis/AUDIT.md)

SCHEMA = "muggins.audit/1"


def to_json(report: RecordAudit, index: int) -> dict[str, object]:
    """One record's audit as plain data: no markup, stable keys."""
    record = report.record
    divergence = report.divergence
    return {
        "index": index,
        "line": record.line,
        "event": record.tag("Event"),
        "rules": report.rules.name,
        "players": record.players,
        "teams": {team: list(seats) for team, seats in record.teams.items()},
        "clean": report.clean,
        "findings": [f.to_json() for f in report.findings],
        "divergence": None
        if divergence is None
        else {
            "hand": divergence.hand,
            "turn": divergence.turn,
            "side": divergence.side,
            "claimed": divergence.claimed,
            "correct": divergence.correct,
            "why": divergence.why,
        },
        "sheet": [
            {
                "hand": row.hand,
                "sides": {
                    side: {"written": row.written.get(side), "claimed": row.claimed[side], "correct": row.correct[side]}
                    for side in row.correct
                },
            }
            for row in report.sheet
        ],
        "totals": report.replay.totals,
        "winner": report.replay.winner,
        "won_at": None
        if report.replay.won_at is None
        else {"hand": report.replay.won_at[0], "turn": report.replay.won_at[1]},
    }


def finding_seat(record: Record, finding: Diagnostic) -> str | None:
    """The seat whose turn ``finding`` points at (a claim is the player's, a Muggins call the
    caller's), or None for a finding on the score sheet's lines or on the record itself."""
    if finding.hand is None or finding.turn is None:
        return None
    hand = next((h for h in record.hands if h.number == finding.hand), None)
    if hand is None or not 0 < finding.turn <= len(hand.turns):
        return None
    seat: str | None = getattr(hand.turns[finding.turn - 1], "seat", None)
    return seat


CSV_COLUMNS = ("file", "record", "hand", "turn", "line", "column", "severity", "code", "rule", "claimed", "correct", "message")


#: One finding as a CSV row, in the order of :data:`CSV_COLUMNS`.
CsvRow = tuple[str, int, int | None, int | None, int, int, Severity, str, str | None, int | None, int | None, str]


def csv_rows(report: RecordAudit, index: int) -> Iterator[CsvRow]:
    for f in report.findings:
        yield (f.source, index, f.hand, f.turn, f.line, f.column, f.severity, f.code, f.rule, f.claimed, f.correct, f.message)
