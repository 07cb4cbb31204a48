"""Rebuild every position of a recorded game and check every step against the rules.

The replayer applies a record turn by turn. At each step it knows the board, every hand that is
known (in whole or in part), the boneyard, whose turn it is, the points each play made and what
each side is credited. Every rule broken becomes a :class:`~muggins.diagnostics.Diagnostic`
with a stable code (see :data:`CODES`), the hand and turn, the source position and the rule
parameter it rests on; replay goes on past a problem wherever the position still makes sense,
so one record reports all its problems. ``strict=True`` stops at the first error instead.

The replayer establishes facts (:class:`TurnFact`, :class:`HandResult`); judging the claims
written on the sheet against those facts is the auditor's job (``muggins.analysis.audit``).
Records with hidden information (no deal, draws as counts) are replayed as far as the
information allows: a check that needs a hidden tile is simply not made.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from muggins.diagnostics import Diagnostic
from muggins.notation.model import Draw, Hand, MugginsCall, Pass, Play, Record, SheetScore, Tile
from muggins.replay.board import Board, IllegalPlacement
from muggins.replay.errors import CODES, ReplayError
from muggins.replay.facts import HandResult, ReplayResult, TurnFact
from muggins.replay.rules import RuleError, RuleSet
from muggins.replay.scoring import credit_claim, end_of_hand, play_points, points_table, side_of_seats


def opponents_of(side: str, sides: dict[str, str]) -> list[str]:
    return [s for s in dict.fromkeys(sides.values()) if s != side]


_new_fact = tuple.__new__  # builds a TurnFact from a full tuple without a Python-level __new__


class Leader(NamedTuple):
    seat: str | None
    rule: str
    why: str
    tile: Tile | None


class HandState:
    """The position inside one hand; :meth:`apply` pushes one turn onto it."""

    def __init__(self, game: Game, hand: Hand) -> None:
        self.game = game
        self.rules = game.rules
        self.hand = hand
        self.board = Board(game.rules)
        seats = game.seats
        self.seats = seats
        self.known: dict[str, set[Tile]] = {}
        self.count: dict[str, int] = {}
        self.boneyard: list[Tile] | None = None
        self.boneyard_count = 0
        self.to_move: int | None = None
        self.passes = 0
        self.over: str | None = None
        self.went_out: str | None = None
        self.must_play: dict[str, Tile] = {}
        self.pending: list[tuple[int, str, int]] = []  # (turn, seat, unclaimed points)
        self.unclaimed_history: dict[str, list[int]] = {s: [] for s in seats}
        self.result = HandResult(hand.number, hand, None)
        self.result.in_play = {side: 0 for side in game.side_list}
        self.result.earned = {side: 0 for side in game.side_list}
        self.reported_after_end = False
        self.sheet_only = hand.is_sheet_only
        self.required_lead: Tile | None = None
        self._deal()

    # -- set-up -----------------------------------------------------------------------------

    def _deal(self) -> None:
        game, rules, hand = self.game, self.rules, self.hand
        per_player = _per_player_or_none(rules, len(self.seats))
        seen: dict[Tile, str] = {}
        for deal in hand.deals:
            if deal.seat not in game.seat_set:
                continue  # the notation layer reports undeclared seats
            if deal.tiles is None:
                continue
            max_pip = rules.max_pip
            for tile in deal.tiles:
                if tile.high > max_pip:
                    self._check_pip(tile, deal)
                if tile in seen:
                    also = "twice" if seen[tile] == f"dealt to {deal.seat}" else f"and also {seen[tile]}"
                    game.report("dealt-twice", f"{tile} is dealt to {deal.seat} {also}", deal, hand.number)
                seen[tile] = f"dealt to {deal.seat}"
            if per_player is not None and len(deal.tiles) != per_player:
                game.report(
                    "deal-size",
                    f"{deal.seat} was dealt {len(deal.tiles)} tiles; with {len(self.seats)} players"
                    f" each gets {per_player}",
                    deal,
                    hand.number,
                )
            self.known[deal.seat] = set(deal.tiles)
            self.count[deal.seat] = len(deal.tiles)
        for seat in self.seats:
            if seat not in self.count:
                self.known[seat] = set()
                self.count[seat] = per_player or 0
        dealt = sum(self.count.values())
        self.boneyard_count = max(0, rules.set_size - dealt)
        if hand.boneyard is not None:
            for tile in hand.boneyard.tiles:
                if tile.high > rules.max_pip:
                    self._check_pip(tile, hand.boneyard)
                if tile in seen:
                    game.report("dealt-twice", f"{tile} is in the boneyard and also {seen[tile]}", hand.boneyard, hand.number)
                seen[tile] = "in the boneyard"
            self.boneyard = list(hand.boneyard.tiles)
            if all(d.tiles is not None for d in hand.deals) and len(hand.deals) == len(self.seats):
                if len(self.boneyard) != self.boneyard_count:
                    game.report(
                        "boneyard-size",
                        f"the boneyard lists {len(self.boneyard)} tiles; after the deal {self.boneyard_count} are left",
                        hand.boneyard,
                        hand.number,
                    )
            self.boneyard_count = len(self.boneyard)

    def _check_pip(self, tile: Tile, stmt: object, turn: int | None = None) -> None:
        if tile.high > self.rules.max_pip:
            self.game.report(
                "pip-above-set",
                f"{tile} is not in a double-{self.rules.max_pip} set",
                stmt,
                self.hand.number,
                turn,
            )

    # -- reading the position --------------------------------------------------------------

    def fully_known(self, seat: str) -> bool:
        return len(self.known[seat]) == self.count[seat]

    def playable_tiles(self, seat: str) -> list[Tile]:
        """The known tiles of ``seat`` that fit an open end now."""
        if self.board.lead is None:
            return sorted(self.known[seat])
        return [t for t in self.known[seat] if self.board.placements(t)]

    def drawable(self) -> int:
        return max(0, self.boneyard_count - self.rules.boneyard_reserve)

    def next_seat(self, seat: str) -> int:
        return self.game.next_index[seat]

    # -- applying turns ----------------------------------------------------------------------

    def apply(self, turn: int, stmt: object) -> TurnFact | None:
        """Apply the statement written as turn ``turn`` (1-based) of the hand."""
        kind = type(stmt)
        to_move = self.to_move
        # The common case first: the right seat plays in a live hand.
        if kind is Play and to_move is not None and self.over is None and not self.game.over:
            if self.seats[to_move] == stmt.seat:  # type: ignore[attr-defined]
                return self._play(turn, stmt)  # type: ignore[arg-type]
        game = self.game
        seat = stmt.seat  # type: ignore[attr-defined]
        if seat not in game.seat_set:
            return None  # undeclared: reported by the notation layer
        if kind is MugginsCall:
            return self._muggins(turn, stmt)  # type: ignore[arg-type]
        if kind is SheetScore:
            return self._sheet(turn, stmt)  # type: ignore[arg-type]
        if self.over is not None or game.over:
            if not self.reported_after_end:
                self.reported_after_end = True
                if self.over is not None:
                    game.report("play-after-end", f"the hand was already over ({self.over})", stmt, self.hand.number, turn)
                else:
                    game.report(
                        "play-after-game-end",
                        f"{game.winner} had already reached the target",
                        stmt,
                        self.hand.number,
                        turn,
                        severity="warning",
                    )
            if self.over is not None:
                return None
        if self.to_move is None:
            self._first_turn(turn, stmt)
        elif self.seats[self.to_move] != seat:
            game.report(
                "out-of-turn",
                f"{seat} moved, but it was {self.seats[self.to_move]}'s turn",
                stmt,
                self.hand.number,
                turn,
            )
        if kind is Play:
            return self._play(turn, stmt)  # type: ignore[arg-type]
        if kind is Draw:
            return self._draw(turn, stmt)  # type: ignore[arg-type]
        return self._pass(turn, stmt)  # type: ignore[arg-type]

    def _first_turn(self, turn: int, stmt: object) -> None:
        seat = stmt.seat  # type: ignore[attr-defined]
        self.result.leader = seat
        leader = self.game.expected_leader(self)
        self.required_lead = leader.tile
        if leader.seat is not None and leader.seat != seat:
            self.game.report("wrong-leader", f"{seat} led, but {leader.why}", stmt, self.hand.number, turn, rule=leader.rule)
            self.required_lead = None  # one mistake, not two: the wrong seat cannot lead the right tile

    def _play(self, turn: int, play: Play) -> TurnFact:
        game, rules, board = self.game, self.rules, self.board
        seat, tile = play.seat, play.tile
        if tile.high > rules.max_pip:
            self._check_pip(tile, play, turn)
        if self.pending and rules.muggins_window == "before_next_play":
            self.pending.clear()
        if self.must_play:
            self._check_must_play(turn, play)
        if board.lead is None:
            self._check_first_lead(turn, play)
        if tile in board.on_table:
            game.report("already-played", f"{tile} is already on the table", play, self.hand.number, turn)
            self.to_move = self.next_seat(seat)
            return self._fact(turn, "play", play)
        hand = self.known[seat]
        if tile not in hand:
            if len(hand) == self.count[seat]:
                game.report("not-in-hand", f"{seat} does not hold {tile}", play, self.hand.number, turn)
            self._take_from_elsewhere(tile, seat)
        inline = play.inline
        if inline and rules.spinner != "sniff":
            game.report(
                "inline-not-allowed", f"{tile} laid lengthwise, but only Sniff rules allow that", play, self.hand.number, turn
            )
            inline = False
        end = play.end
        try:
            if end is None and board.lead is not None:
                raise IllegalPlacement("no end named")
            used = board.play(tile, end, inline)
        except IllegalPlacement as exc:
            if exc.rule == "spinner" and inline:
                game.report("inline-not-allowed", str(exc), play, self.hand.number, turn)
                inline = False
            end = self._choose_end(turn, play, end)
            if end is None:
                self.to_move = self.next_seat(seat)
                return self._fact(turn, "play", play)
            try:
                used = board.play(tile, end, inline)
            except IllegalPlacement as again:  # an end left out hid that the tile cannot lie lengthwise
                if not inline:
                    raise
                game.report("inline-not-allowed", str(again), play, self.hand.number, turn)
                inline = False
                used = board.play(tile, end, inline)
        self.passes = 0
        hand.discard(tile)
        count = self.count
        left = count[seat] - 1
        count[seat] = left
        total = board.count
        table = game.points_for
        points = table[total] if total < len(table) else play_points(total, rules)
        claim = play.claim
        side = game.sides[seat]
        result = self.result
        number = self.hand.number
        if points:
            result.earned[side] += points
        if (claim == points or (claim is None and not points)) and game.claims_written:
            credited, unclaimed, excess, penalty = points, 0, 0, 0
        else:
            credited, unclaimed, excess, penalty = credit_claim(points, claim, rules, game.claims_written)
        counted = 0
        if credited:
            counted = game.credit(side, credited, number, turn)
            result.in_play[side] += counted
        if penalty:
            for other in opponents_of(side, game.sides):
                result.in_play[other] += game.credit(other, penalty, number, turn)
        if unclaimed:
            self.unclaimed_history[seat].append(turn)
            if rules.muggins == "opponent_takes":
                self.pending.append((turn, seat, unclaimed))
        if left == 0:
            self.over = "domino"
            self.went_out = seat
        self.to_move = game.next_index[seat]
        fact = _new_fact(
            TurnFact,
            (number, turn, "play", seat, play, used, total, points, claim, credited, unclaimed, excess, penalty, None, None, counted),
        )
        result.facts.append(fact)
        return fact

    def _check_must_play(self, turn: int, play: Play) -> None:
        must = self.must_play.pop(play.seat, None)
        if must is not None and must is not play.tile:
            self.game.report(
                "drawn-tile-not-played",
                f"{play.seat} drew the playable {must} and must play it at once, but played {play.tile}",
                play,
                self.hand.number,
                turn,
            )

    def _check_first_lead(self, turn: int, play: Play) -> None:
        required = self.required_lead
        if required is not None and play.tile is not required:
            self.game.report(
                "wrong-lead-tile",
                f"the leader must lead {required}, not {play.tile}",
                play,
                self.hand.number,
                turn,
            )

    def _choose_end(self, turn: int, play: Play, end: str | None) -> str | None:
        """The arm the tile goes on: the named one if it fits, else the one the record implies."""
        game, board, tile = self.game, self.board, play.tile
        number = self.hand.number
        options = board.placements(tile)
        if end is not None:
            if end in options:
                return end
            arm = board.arms.get(end)
            if arm is None:
                game.report("no-such-end", f"there is no end {end!r} ({board.describe_ends()})", play, number, turn)
            elif arm[0] in (tile.high, tile.low):
                game.report(
                    "branch-closed",
                    f"{tile} cannot go on branch {end} yet: the spinner's two sides must be covered first",
                    play,
                    number,
                    turn,
                )
            else:
                game.report("wrong-end", f"{tile} does not match end {end}, which shows {arm[0]}", play, number, turn)
            if not options:
                return None
            return options[0]
        if not options:
            game.report("no-match", f"{tile} matches no open end ({board.describe_ends()})", play, number, turn)
            return None
        if len(options) == 1:
            return options[0]
        outcomes = {}
        for option in options:
            trial = board.copy()
            trial.play(tile, option)
            key = (trial.total(), tuple(sorted((e.pip, e.value) for e in trial.open_ends())))
            outcomes.setdefault(key, option)
        if len(outcomes) == 1:
            return options[0]
        by_points = {play_points(key[0], self.rules): option for key, option in reversed(list(outcomes.items()))}
        chosen = by_points.get(play.claim or 0, options[0]) if play.claim is not None else options[0]
        game.report(
            "ambiguous-end",
            f"{tile} fits ends {', '.join(options)} with different results; name the end"
            f" (taken as {chosen})",
            play,
            number,
            turn,
            severity="warning",
        )
        return chosen

    def _take_from_elsewhere(self, tile: Tile, seat: str) -> None:
        """Keep tiles conserved when a record plays a tile we thought was somewhere else."""
        for other, tiles in self.known.items():
            if other != seat and tile in tiles:
                tiles.discard(tile)
                self.count[other] -= 1
                self.count[seat] += 1
                return
        if self.boneyard is not None and tile in self.boneyard:
            self.boneyard.remove(tile)
            self.boneyard_count -= 1
            self.count[seat] += 1

    def _advance(self, seat: str) -> None:
        self.to_move = self.next_seat(seat)

    def _draw(self, turn: int, draw: Draw) -> TurnFact:
        game, rules, seat = self.game, self.rules, draw.seat
        number = self.hand.number
        self.to_move = self.game.seat_index[seat]
        if rules.drawing == "none":
            game.report("draw-not-allowed", f"{seat} drew, but these rules have no drawing", draw, number, turn)
        if seat in self.must_play:
            game.report(
                "drawn-tile-not-played",
                f"{seat} drew the playable {self.must_play[seat]} and must play it at once, not draw again",
                draw,
                number,
                turn,
            )
            del self.must_play[seat]
        elif not rules.voluntary_draw and self.board.lead is not None:
            playable = self.playable_tiles(seat)
            if playable:
                game.report(
                    "draw-while-playable",
                    f"{seat} drew while holding the playable {playable[0]}",
                    draw,
                    number,
                    turn,
                )
        if draw.count > self.drawable():
            if self.boneyard_count == 0:
                game.report("draw-empty-boneyard", f"{seat} drew {draw.count}, but the boneyard is empty", draw, number, turn)
            else:
                game.report(
                    "draw-reserve",
                    f"{seat} drew {draw.count}, but only {self.drawable()} may be drawn"
                    f" ({rules.boneyard_reserve} must stay in the boneyard)",
                    draw,
                    number,
                    turn,
                )
        drawn: list[Tile] = []
        if draw.tiles is not None:
            for i, tile in enumerate(draw.tiles):
                self._check_pip(tile, draw, turn)
                if self.boneyard is not None:
                    if self.boneyard and self.boneyard[0] != tile:
                        game.report(
                            "draw-wrong-tile",
                            f"{seat} drew {tile}, but the next tile in the boneyard is {self.boneyard[0]}",
                            draw,
                            number,
                            turn,
                        )
                    if tile in self.boneyard:
                        self.boneyard.remove(tile)
                drawn.append(tile)
        elif self.boneyard is not None:
            drawn = self.boneyard[: draw.count]
            del self.boneyard[: draw.count]
        for tile in drawn:
            if tile in self.board.on_table or any(tile in h for h in self.known.values()):
                game.report("not-in-hand", f"{tile} cannot be drawn: it is already on the table or in a hand", draw, number, turn)
        self.known[seat].update(drawn)
        self.count[seat] += draw.count
        self.boneyard_count = max(0, self.boneyard_count - draw.count)
        if drawn and self.board.lead is not None and rules.drawing == "until_playable":
            for tile in drawn[:-1]:
                if self.board.placements(tile):
                    game.report(
                        "drew-past-playable",
                        f"{seat} drew the playable {tile} and kept drawing",
                        draw,
                        number,
                        turn,
                    )
                    break
            last = drawn[-1]
            if rules.play_drawn_at_once and len(drawn) == draw.count and self.board.placements(last):
                self.must_play[seat] = last
        return self._fact(turn, "draw", draw)

    def _pass(self, turn: int, stmt: Pass) -> TurnFact:
        game, rules, seat = self.game, self.rules, stmt.seat
        number = self.hand.number
        must = self.must_play.pop(seat, None)
        if must is not None:
            game.report(
                "drawn-tile-not-played",
                f"{seat} drew the playable {must} and must play it at once, but passed",
                stmt,
                number,
                turn,
            )
        elif self.board.lead is not None:
            playable = self.playable_tiles(seat)
            if playable:
                game.report("pass-while-playable", f"{seat} passed while holding the playable {playable[0]}", stmt, number, turn)
            elif rules.drawing == "until_playable" and self.drawable() > 0:
                game.report(
                    "pass-without-drawing",
                    f"{seat} passed, but {self.drawable()} tiles could still be drawn",
                    stmt,
                    number,
                    turn,
                )
        self.passes += 1
        if self.passes >= len(self.seats):
            self.over = "blocked"
        self._advance(seat)
        return self._fact(turn, "pass", stmt)

    def _muggins(self, turn: int, call: MugginsCall) -> TurnFact:
        game, rules = self.game, self.rules
        number = self.hand.number
        caller, against = call.seat, call.against
        fact = dict(refers_to=None, expected=None, credited=0)
        if against not in game.seat_set:
            return self._fact(turn, "muggins", call, **fact)
        if rules.muggins != "opponent_takes" or not game.claims_written:
            game.report(
                "muggins-not-allowed",
                f"{caller} called Muggins, but under these rules unclaimed points are "
                + ("lost" if rules.muggins == "lost" else "scored without claims"),
                call,
                number,
                turn,
            )
            return self._fact(turn, "muggins", call, **fact)
        if game.sides[caller] == game.sides[against]:
            game.report("muggins-not-opponent", f"{caller} called Muggins on a partner, {against}", call, number, turn)
            return self._fact(turn, "muggins", call, **fact)
        for i in range(len(self.pending) - 1, -1, -1):
            when, seat, amount = self.pending[i]
            if seat == against:
                del self.pending[i]
                self.unclaimed_history[against].remove(when)
                if call.points != amount:
                    game.report(
                        "muggins-amount",
                        f"{caller} called Muggins for {call.points}, but {against} left {amount} unclaimed at turn {when}",
                        call,
                        number,
                        turn,
                        claimed=call.points,
                        correct=amount,
                    )
                credited = game.credit(game.sides[caller], amount, number, turn)
                self.result.in_play[game.sides[caller]] += credited
                return self._fact(turn, "muggins", call, refers_to=when, expected=amount, credited=credited, counted=credited)
        last = self._last_play(against)
        if self.unclaimed_history[against]:
            game.report(
                "muggins-too-late",
                f"{caller} called Muggins on {against}'s unclaimed points of turn {self.unclaimed_history[against][-1]}"
                f" after the window closed ({rules.muggins_window.replace('_', ' ')})",
                call,
                number,
                turn,
            )
        elif last is None or not last.points:
            what = f"{against}'s last play, {last.statement.tile}, made nothing" if last is not None else f"{against} has not played"  # type: ignore[attr-defined]
            game.report("muggins-on-nothing", f"{caller} called Muggins, but {what}", call, number, turn)
        else:
            game.report(
                "muggins-on-claimed",
                f"{caller} called Muggins, but {against} claimed the {last.points} points of turn {last.turn}",
                call,
                number,
                turn,
            )
        return self._fact(turn, "muggins", call, **fact)

    def _last_play(self, seat: str) -> TurnFact | None:
        for fact in reversed(self.result.facts):
            if fact.kind == "play" and fact.seat == seat:
                return fact
        return None

    def _sheet(self, turn: int, entry: SheetScore) -> TurnFact:
        game = self.game
        side = game.sides[entry.seat]
        if not self.sheet_only:
            game.report("mixed-sheet", "a score-sheet entry in a hand that was played out", entry, self.hand.number, turn)
        self.result.earned[side] += entry.points
        credited = game.credit(side, entry.points, self.hand.number, turn)
        self.result.in_play[side] += credited
        return self._fact(turn, "sheet", entry, points=entry.points, claim=entry.points, credited=credited, counted=credited)

    def _fact(self, turn: int, kind: str, stmt, **values) -> TurnFact:
        fact = TurnFact(self.hand.number, turn, kind, stmt.seat, stmt, **values)
        self.result.facts.append(fact)
        return fact


def _per_player_or_none(rules: RuleSet, players: int) -> int | None:
    try:
        return rules.tiles_per_player(players)
    except RuleError:
        return None


def _target_or_none(rules: RuleSet, players: int) -> int | None:
    try:
        return rules.target_for(players)
    except RuleError:
        return None


class Game:
    """The replay of one record: the rules, the sides, the running score, the diagnostics."""

    def __init__(self, record: Record, rules: RuleSet, strict: bool = False) -> None:
        self.record = record
        self.rules = rules
        self.strict = strict
        self.seats = record.seats
        self.seat_set = frozenset(self.seats)
        self.seat_index = {seat: i for i, seat in enumerate(self.seats)}
        self.next_index = {seat: (i + 1) % len(self.seats) for i, seat in enumerate(self.seats)}
        self.sides = side_of_seats(self.seats, record.teams)
        self.side_list = list(dict.fromkeys(self.sides[s] for s in self.seats))
        self.claims_written = record.claims_written
        self.points_for = points_table(rules)
        self.scores = {side: 0 for side in self.side_list}
        self.got_in = {side: rules.get_in_minimum == 0 for side in self.side_list}
        self.target = _target_or_none(rules, len(self.seats))
        self.diagnostics: list[Diagnostic] = []
        self.hands: list[HandResult] = []
        self.over = False
        self.winner: str | None = None
        self.won_at: tuple[int, int | None] | None = None
        seat_tags = [h for h in record.headers if h.name in ("Seat", "Team")] or list(record.headers)
        for parameter, problem in rules.table_problems(len(self.seats), bool(record.teams)):
            self.report("table-rules", problem, seat_tags[0] if seat_tags else None, None, rule=parameter)

    # -- reporting ---------------------------------------------------------------------------

    def report(
        self,
        code: str,
        message: str,
        stmt: object,
        hand: int | None,
        turn: int | None = None,
        *,
        severity: str = "error",
        rule: str | None = None,
        claimed: int | None = None,
        correct: int | None = None,
    ) -> None:
        diagnostic = Diagnostic(
            code=code,
            message=message,
            severity=severity,  # type: ignore[arg-type]
            source=self.record.source,
            line=getattr(stmt, "line", 0) or 0,
            column=getattr(stmt, "column", 0) or 0,
            hand=hand,
            turn=turn,
            rule=rule if rule is not None else CODES[code][0],
            claimed=claimed,
            correct=correct,
        )
        self.diagnostics.append(diagnostic)
        if self.strict and severity == "error":
            raise ReplayError(diagnostic)

    # -- scores --------------------------------------------------------------------------------

    def credit(self, side: str, amount: int, hand: int, turn: int | None) -> int:
        """Add ``amount`` to ``side`` under the get-in and exact-target rules; return what counted."""
        if self.over and self.won_at is not None:
            return 0
        rules = self.rules
        if amount > 0 and not self.got_in[side]:
            if amount < rules.get_in_minimum:
                return 0
            self.got_in[side] = True
        if rules.target_exact and self.target is not None and amount > 0 and self.scores[side] + amount > self.target:
            return 0
        self.scores[side] += amount
        if (
            rules.target_check == "immediate"
            and self.target is not None
            and self.scores[side] >= self.target
            and not self.over
        ):
            self.over = True
            self.winner = side
            self.won_at = (hand, turn)
        return amount

    # -- leaders ---------------------------------------------------------------------------

    def highest_double(self, state: HandState) -> Tile | None:
        """The highest double dealt, when every hand is known; else None."""
        if not all(state.fully_known(s) for s in self.seats):
            return None
        doubles = [t for tiles in state.known.values() for t in tiles if t.is_double]
        return max(doubles, default=None)

    def expected_leader(self, state: HandState) -> Leader:
        """Who should lead this hand, the rule that says so and why (seat None: anyone may).

        ``tile`` is what that leader must lead, where ``first_lead_tile`` is ``that_double``
        and the leader was chosen for holding it.
        """
        rules = self.rules
        previous = self.hands[-1] if self.hands else None
        if previous is None:
            rule, how = "first_leader", rules.first_leader
        elif previous.outcome == "blocked":
            rule, how = "leader_after_blocked", rules.leader_after_blocked
        else:
            rule, how = "later_leader", rules.later_leader
        if how == "any":
            return Leader(None, rule, "", None)
        if how == "highest_double":
            must_lead = rules.first_lead_tile == "that_double"
            double = self.highest_double(state)
            if double is not None:
                holder = next(s for s in self.seats if double in state.known[s])
                return Leader(holder, rule, f"{holder} holds the highest double, {double}", double if must_lead else None)
            if all(state.fully_known(s) for s in self.seats):
                if rules.no_double == "reshuffle":
                    self.report("no-double", "nobody holds a double: the tiles should be reshuffled", state.hand, state.hand.number, severity="warning")
                    return Leader(None, "no_double", "", None)
                heaviest = max((t for tiles in state.known.values() for t in tiles), key=lambda t: (t.pips, t.high), default=None)
                if heaviest is not None:
                    holder = next(s for s in self.seats if heaviest in state.known[s])
                    why = f"nobody holds a double and {holder} holds the heaviest tile, {heaviest}"
                    return Leader(holder, "no_double", why, heaviest if must_lead else None)
            return Leader(None, rule, "", None)
        if previous is None or previous.leader is None:
            return Leader(None, rule, "", None)
        if how == "previous_winner":
            winner = previous.went_out if previous.outcome == "domino" else _lightest_seat(previous, self)
            if winner is None:
                return Leader(None, rule, "", None)
            return Leader(winner, rule, f"{winner} won hand {previous.number} and leads the next", None)
        # left_of_previous_leader
        index = self.seat_index[previous.leader]
        step = 1 if rules.direction == "clockwise" else -1
        left = self.seats[(index + step) % len(self.seats)]
        return Leader(left, rule, f"{left} sits to the left of {previous.leader}, who led hand {previous.number}", None)

    # -- hands ---------------------------------------------------------------------------------

    def start_hand(self, hand: Hand) -> HandState:
        return HandState(self, hand)

    def finish_hand(self, state: HandState) -> HandResult:
        """End-of-hand scoring, the outcome check, the running totals and the target check."""
        result, hand, rules = state.result, state.hand, self.rules
        outcome = state.over
        written = hand.outcome
        if outcome is None and written is not None and written.kind == "blocked":
            if all(state.fully_known(s) for s in self.seats) and state.board.lead is not None:
                if any(state.playable_tiles(s) for s in self.seats) or state.drawable() > 0 and rules.drawing != "none":
                    self.report("wrong-outcome", "written as blocked, but a seat could still play", written, hand.number)
                else:
                    outcome = "blocked"
            else:
                outcome = "blocked"
        if outcome is None and state.sheet_only and written is not None:
            outcome = written.kind
            state.went_out = written.seat
        if written is not None and outcome is not None and not state.sheet_only:
            if written.kind != outcome or (written.seat is not None and outcome == "domino" and written.seat != state.went_out):
                actual = f"domino {state.went_out}" if outcome == "domino" else "blocked"
                said = f"domino {written.seat or ''}".strip() if written.kind == "domino" else "blocked"
                self.report("wrong-outcome", f"written as {said}, but the hand ended {actual}", written, hand.number)
        if outcome is None and not state.sheet_only and hand.turns and not self.over:
            last = hand.turns[-1]
            self.report("hand-unfinished", "the hand stops before anyone went out or it was blocked", last, hand.number, severity="info")
        result.outcome = outcome
        result.went_out = state.went_out
        # Pips: from the hands where every hand is known, else as announced.
        if not state.sheet_only and all(state.fully_known(s) for s in self.seats) and hand.deals:
            result.pips = {s: sum(t.pips for t in state.known[s]) for s in self.seats}
            result.pips_source = "hands"
        elif hand.pips is not None:
            result.pips = {s: v for s, v in hand.pips.entries if s in self.seat_set}
            result.pips_source = "announced"
        if outcome is not None and not (self.over and self.won_at is not None and self.won_at[1] is not None):
            pips = result.pips
            if pips is not None and len(pips) == len(self.seats):
                result.award = end_of_hand(outcome, state.went_out, pips, self.sides, rules)
                for side, amount in result.award.points.items():
                    if amount:
                        self.credit(side, amount, hand.number, None)
            elif outcome == "domino" and state.went_out is not None and rules.domino_scoring in ("opponents_pips", "opponents_minus_own", "heaviest_hand") and pips is not None:
                result.award = end_of_hand(outcome, state.went_out, {**{s: 0 for s in self.seats}, **pips}, self.sides, rules)
                for side, amount in result.award.points.items():
                    if amount:
                        self.credit(side, amount, hand.number, None)
        result.totals = dict(self.scores)
        if self.won_at is not None and self.won_at[0] == hand.number:
            result.target_reached_at = self.won_at[1]
        if rules.target_check == "end_of_hand" and self.target is not None and not self.over:
            best = max(self.scores.values())
            leaders = [side for side, score in self.scores.items() if score == best]
            if best >= self.target and (len(leaders) == 1 or rules.target_tie == "draw"):
                self.over = True
                self.winner = leaders[0] if len(leaders) == 1 else None
                self.won_at = (hand.number, None)
        self.hands.append(result)
        return result

    def replay_hand(self, hand: Hand) -> Iterator[tuple[int, HandState]]:
        """Apply the hand's turns one by one, yielding the position after each (turn 0: the deal)."""
        state = self.start_hand(hand)
        yield 0, state
        for turn, stmt in enumerate(hand.turns, 1):
            state.apply(turn, stmt)
            yield turn, state
        self.finish_hand(state)

    def result(self) -> ReplayResult:
        return ReplayResult(
            self.record, self.rules, self.sides, self.hands, self.diagnostics, dict(self.scores), self.winner, self.won_at
        )


def _lightest_seat(previous: HandResult, game: Game) -> str | None:
    """The winner of a blocked hand: the seat with the fewest pips (None on a tie or unknown)."""
    if previous.award is not None and previous.award.winner is not None:
        winner_side = previous.award.winner
        members = [s for s in game.seats if game.sides[s] == winner_side]
        if previous.pips:
            return min(members, key=lambda s: previous.pips.get(s, 0))  # type: ignore[union-attr]
        return members[0]
    return None


def replay(record: Record, rules: RuleSet, strict: bool = False) -> ReplayResult:
    """Replay a whole record under ``rules``; every diagnostic is in the result."""
    game = Game(record, rules, strict)
    for hand in record.hands:
        state = game.start_hand(hand)
        apply = state.apply
        for turn, stmt in enumerate(hand.turns, 1):
            apply(turn, stmt)
        game.finish_hand(state)
    return game.result()


def position(record: Record, rules: RuleSet, hand_number: int, turn: int) -> tuple[Game, HandState]:
    """The position after turn ``turn`` (0: before the first turn) of hand ``hand_number``."""
    game = Game(record, rules)
    for hand in record.hands:
        if hand.number == hand_number:
            for at, state in game.replay_hand(hand):
                if at == turn:
                    return game, state
            raise IndexError(f"hand {hand_number} has {len(hand.turns)} turns, not {turn}")
        for _ in game.replay_hand(hand):
            pass
    raise IndexError(f"the record has no hand {hand_number}")
