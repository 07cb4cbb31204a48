"""What each kind of turn does to a hand, and every rule that turn must keep.

One function per kind of statement a hand is made of: a play, a draw, a pass, a Muggins call, a
score-sheet entry. Each checks the turn against the rules, reports what it breaks through the
game (so every diagnostic carries its code, place and rule), moves the position on as far as it
still makes sense, and returns the :class:`~muggins.replay.facts.TurnFact` it establishes.

They are apart from :class:`~muggins.replay.hand_state.HandState`, which holds the position and
hands each statement to one of them, so that the rules of a turn read in one place and the
position stays short. The function for a play is the replayer's hot loop: it is kept flat and
builds its fact without keyword arguments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from muggins.i18n import either, msg
from muggins.notation.model import Draw, MugginsCall, Pass, Play, SheetScore, Tile
from muggins.replay.board import IllegalPlacement, lengthwise_allowed
from muggins.replay.facts import TurnFact
from muggins.replay.play_rules import drawable, fits, must_play_after_draw
from muggins.replay.scoring import credit_claim, going_out_points, muggins_takes, play_points, unclaimed_may_be_taken

if TYPE_CHECKING:
    from muggins.notation.model import Turn
    from muggins.replay.hand_state import HandState


def opponents_of(side: str, sides: dict[str, str]) -> list[str]:
    return [s for s in dict.fromkeys(sides.values()) if s != side]


_new_fact = tuple.__new__  # builds a TurnFact from a full tuple without a Python-level __new__


def apply_play(state: HandState, turn: int, play: Play) -> TurnFact:
    """A tile laid: that its seat holds it, where it goes, what it scores and what the claim earns."""
    game, rules, board = state.game, state.rules, state.board
    seat, tile = play.seat, play.tile
    if tile.high > rules.max_pip:
        state.check_pip(tile, play, turn)
    if state.pending and rules.muggins_window == "before_next_play":
        state.pending.clear()
    if state.must_play:
        _check_must_play(state, turn, play)
    lead = board.lead
    if lead is None:
        _check_first_lead(state, turn, play)
    if board.laid >> tile.index & 1:
        game.report("already-played", msg("{tile} is already on the table", tile=tile), play, state.hand.number, turn)
        state.to_move = state.next_seat(seat)
        return _fact(state, turn, "play", play)
    hand = state.known[seat]
    if tile not in hand:
        if len(hand) == state.count[seat]:
            game.report("not-in-hand", msg("{seat} does not hold {tile}", seat=seat, tile=tile), play, state.hand.number, turn)
        _take_from_elsewhere(state, tile, seat)
    inline = play.inline
    if inline and not lengthwise_allowed(rules):
        game.report(
            "inline-not-allowed", msg("{tile} laid lengthwise, but only Sniff rules allow that", tile=tile), play, state.hand.number, turn
        )
        inline = False
    end = play.end
    try:
        if end is None and lead is not None:
            raise IllegalPlacement("no end named")
        after = board.play(tile, end, inline)
    except IllegalPlacement as exc:
        if exc.rule == "spinner" and inline:
            game.report("inline-not-allowed", exc.message, play, state.hand.number, turn)
            inline = False
        end = _choose_end(state, turn, play, end)
        if end is None:
            state.to_move = state.next_seat(seat)
            return _fact(state, turn, "play", play)
        try:
            after = board.play(tile, end, inline)
        except IllegalPlacement as again:  # an end left out hid that the tile cannot lie lengthwise
            if not inline:
                raise
            game.report("inline-not-allowed", again.message, play, state.hand.number, turn)
            inline = False
            after = board.play(tile, end, inline)
    used = end if lead is not None else "lead"
    state.board = after
    state.passes = 0
    hand.discard(tile)
    count = state.count
    left = count[seat] - 1
    count[seat] = left
    total = after.count
    table = game.points_for
    points = table[total] if total < len(table) else play_points(total, rules)
    claim = play.claim
    side = game.sides[seat]
    result = state.result
    number = state.hand.number
    if points:
        result.earned[side] += points
    if (claim == points or (claim is None and not points)) and game.claims_written:
        credited, unclaimed, excess, penalty = points, 0, 0, 0
    else:
        credited, unclaimed, excess, penalty = credit_claim(points, claim, rules, game.claims_written)
    counted = 0
    if left == 0:
        counted = _go_out(state, side, credited, number, turn)
        result.in_play[side] += counted
    elif credited:
        counted = game.credit(side, credited, number, turn)
        result.in_play[side] += counted
    if penalty:
        for other in opponents_of(side, game.sides):
            result.in_play[other] += game.credit(other, penalty, number, turn)
    if unclaimed:
        state.unclaimed_history[seat].append(turn)
        if unclaimed_may_be_taken(rules):
            state.pending.append((turn, seat, unclaimed, muggins_takes(points, unclaimed, counted, rules)))
    if left == 0:
        state.over = "domino"
        state.went_out = seat
    state.to_move = game.next_index[seat]
    fact = _new_fact(
        TurnFact,
        (number, turn, "play", seat, play, used, total, points, claim, credited, unclaimed, excess, penalty, None, None, counted, 0),
    )
    result.facts.append(fact)
    return fact


def _go_out(state: HandState, side: str, credited: int, hand: int, turn: int) -> int:
    """The last tile of a seat: what it is credited and the points for going out are scored at
    the same time, as one credit (an exact target takes both or neither). Returns what counted of
    the play's own points; the points for going out are kept in ``state.out_credit``."""
    out = going_out_points(state.rules)
    if not out:
        return state.game.credit(side, credited, hand, turn) if credited else 0
    together = state.game.credit(side, credited + out, hand, turn) > 0
    state.out_credit = (turn, side, out, out if together else 0)
    return credited if together else 0


def _check_must_play(state: HandState, turn: int, play: Play) -> None:
    must = state.must_play.pop(play.seat, None)
    if must is not None and must is not play.tile:
        state.game.report(
            "drawn-tile-not-played",
            msg("{seat} drew the playable {must} and must play it at once, but played {tile}", seat=play.seat, must=must, tile=play.tile),
            play,
            state.hand.number,
            turn,
        )


def _check_first_lead(state: HandState, turn: int, play: Play) -> None:
    required = state.required_lead
    if required is not None and play.tile is not required:
        state.game.report(
            "wrong-lead-tile",
            msg("the leader must lead {required}, not {tile}", required=required, tile=play.tile),
            play,
            state.hand.number,
            turn,
        )


def _choose_end(state: HandState, turn: int, play: Play, end: str | None) -> str | None:
    """The arm the tile goes on: the named one if it fits, else the one the record implies."""
    game, board, tile = state.game, state.board, play.tile
    number = state.hand.number
    options = board.placements(tile)
    if end is not None:
        if end in options:
            return end
        arm = board.arm(end)
        if arm is None:
            game.report("no-such-end", msg("there is no end {end!r} ({ends})", end=end, ends=board.describe_ends()), play, number, turn)
        elif arm[0] in (tile.high, tile.low):
            game.report(
                "branch-closed",
                msg("{tile} cannot go on branch {end} yet: the spinner's two sides must be covered first", tile=tile, end=end),
                play,
                number,
                turn,
            )
        else:
            fits = msg("it fits {ends}", ends=either(options)) if options else msg("it fits no open end ({ends})", ends=board.describe_ends())
            game.report("wrong-end", msg("{tile} does not match end {end}, which shows {pip}; {fits}", tile=tile, end=end, pip=arm[0], fits=fits), play, number, turn)
        if not options:
            return None
        return options[0]
    if not options:
        game.report("no-match", msg("{tile} matches no open end ({ends})", tile=tile, ends=board.describe_ends()), play, number, turn)
        return None
    if len(options) == 1:
        return options[0]
    outcomes: dict[tuple[int, tuple[tuple[int, int], ...]], str] = {}
    for option in options:
        trial = board.play(tile, option)
        key = (trial.total(), tuple(sorted((e.pip, e.value) for e in trial.open_ends())))
        outcomes.setdefault(key, option)
    if len(outcomes) == 1:
        return options[0]
    by_points = {play_points(key[0], state.rules): option for key, option in reversed(list(outcomes.items()))}
    chosen = by_points.get(play.claim or 0, options[0]) if play.claim is not None else options[0]
    game.report(
        "ambiguous-end",
        msg("{tile} fits ends {ends} with different results; name the end (taken as {chosen})", tile=tile, ends=', '.join(options), chosen=chosen),
        play,
        number,
        turn,
        severity="warning",
    )
    return chosen


def _take_from_elsewhere(state: HandState, tile: Tile, seat: str) -> None:
    """Keep tiles conserved when a record plays a tile we thought was somewhere else."""
    for other, tiles in state.known.items():
        if other != seat and tile in tiles:
            tiles.discard(tile)
            state.count[other] -= 1
            state.count[seat] += 1
            return
    if state.boneyard is not None and tile in state.boneyard:
        state.boneyard.remove(tile)
        state.boneyard_count -= 1
        state.count[seat] += 1


def apply_draw(state: HandState, turn: int, draw: Draw) -> TurnFact:
    """Tiles taken from the boneyard: whether the rules allow it now, and how many, and which."""
    game, rules, seat = state.game, state.rules, draw.seat
    number = state.hand.number
    state.to_move = state.game.seat_index[seat]
    if rules.drawing == "none":
        game.report("draw-not-allowed", msg("{seat} drew, but these rules have no drawing", seat=seat), draw, number, turn)
    if seat in state.must_play:
        game.report(
            "drawn-tile-not-played",
            msg("{seat} drew the playable {must} and must play it at once, not draw again", seat=seat, must=state.must_play[seat]),
            draw,
            number,
            turn,
        )
        del state.must_play[seat]
    elif not rules.voluntary_draw and state.board.lead is not None:
        playable = state.playable_tiles(seat)
        if playable:
            game.report(
                "draw-while-playable",
                msg("{seat} drew while holding the playable {tile}", seat=seat, tile=playable[0]),
                draw,
                number,
                turn,
            )
    if draw.count > state.drawable():
        if state.boneyard_count == 0:
            game.report("draw-empty-boneyard", msg("{seat} drew {count}, but the boneyard is empty", seat=seat, count=draw.count), draw, number, turn)
        else:
            game.report(
                "draw-reserve",
                msg("{seat} drew {count}, but only {drawable} may be drawn ({boneyard_reserve} must stay in the boneyard)", seat=seat, count=draw.count, drawable=state.drawable(), boneyard_reserve=rules.boneyard_reserve),
                draw,
                number,
                turn,
            )
    drawn: list[Tile] = []
    if draw.tiles is not None:
        for i, tile in enumerate(draw.tiles):
            state.check_pip(tile, draw, turn)
            if state.boneyard is not None:
                if state.boneyard and state.boneyard[0] != tile:
                    game.report(
                        "draw-wrong-tile",
                        msg("{seat} drew {tile}, but the next tile in the boneyard is {next}", seat=seat, tile=tile, next=state.boneyard[0]),
                        draw,
                        number,
                        turn,
                    )
                if tile in state.boneyard:
                    state.boneyard.remove(tile)
            drawn.append(tile)
    elif state.boneyard is not None:
        drawn = state.boneyard[: draw.count]
        del state.boneyard[: draw.count]
    board = state.board
    for tile in drawn:
        if board.laid >> tile.index & 1 or any(tile in h for h in state.known.values()):
            game.report("not-in-hand", msg("{tile} cannot be drawn: it is already on the table or in a hand", tile=tile), draw, number, turn)
    state.known[seat].update(drawn)
    # A draw of more than the boneyard holds has been reported above; the hand goes on with what
    # it could hold (so a count of a billion in a short record costs nothing later).
    taken = draw.count if draw.tiles is not None else min(draw.count, state.boneyard_count)
    state.count[seat] += taken
    state.boneyard_count = max(0, state.boneyard_count - taken)
    if drawn and board.lead is not None and rules.drawing == "until_playable":
        for tile in drawn[:-1]:
            if fits(board, tile):
                game.report(
                    "drew-past-playable",
                    msg("{seat} drew the playable {tile} and kept drawing", seat=seat, tile=tile),
                    draw,
                    number,
                    turn,
                )
                break
        must = must_play_after_draw(board, drawn)
        if must is not None and len(drawn) == draw.count:
            state.must_play[seat] = must
    return _fact(state, turn, "draw", draw)


def draws_after(turns: Sequence[object]) -> list[int]:
    """For each turn number t (0 to the last), how many of the statements after turn t draw a
    tile or more: what :func:`sure_draw_errors` counts on, worked out once for a hand."""
    after = [0] * (len(turns) + 1)
    for t in range(len(turns) - 1, -1, -1):
        stmt = turns[t]
        after[t] = after[t + 1] + (type(stmt) is Draw and stmt.count > 0)
    return after


def sure_draw_errors(state: HandState, draws_later: int) -> int:
    """How many of the ``draws_later`` draws still to come in this hand are certainly errors,
    as :func:`apply_draw` would report them: once nothing may be drawn, nothing can be again in
    this hand (the boneyard only shrinks), so then every one is a turn with an error. What lets
    ``audit --which-rules`` drop a rule set early from a hand of hundreds of bad draws, rather
    than replay it to the end under every candidate."""
    return draws_later if state.drawable() == 0 else 0


def apply_pass(state: HandState, turn: int, stmt: Pass) -> TurnFact:
    """A pass: allowed only with nothing to play and nothing the rules still let the seat draw."""
    game, rules, seat = state.game, state.rules, stmt.seat
    number = state.hand.number
    must = state.must_play.pop(seat, None)
    if must is not None:
        game.report(
            "drawn-tile-not-played",
            msg("{seat} drew the playable {must} and must play it at once, but passed", seat=seat, must=must),
            stmt,
            number,
            turn,
        )
    elif state.board.lead is not None:
        playable = state.playable_tiles(seat)
        if playable:
            game.report("pass-while-playable", msg("{seat} passed while holding the playable {tile}", seat=seat, tile=playable[0]), stmt, number, turn)
        elif drawable(state.boneyard_count, rules) > 0:
            game.report(
                "pass-without-drawing",
                msg("{seat} passed, but {drawable} tiles could still be drawn", seat=seat, drawable=state.drawable()),
                stmt,
                number,
                turn,
            )
    state.passes += 1
    if state.passes >= len(state.seats):
        state.over = "blocked"
    state.to_move = state.next_seat(seat)
    return _fact(state, turn, "pass", stmt)


def apply_muggins(state: HandState, turn: int, call: MugginsCall) -> TurnFact:
    """A Muggins call: the caller's side takes points an opponent left unclaimed, where the rules
    allow, as much as :func:`~muggins.replay.scoring.muggins_takes` says (and what it takes back)."""
    game, rules = state.game, state.rules
    number = state.hand.number
    caller, against = call.seat, call.against
    fact = dict(refers_to=None, expected=None, credited=0)
    if against not in game.seat_set:
        return _fact(state, turn, "muggins", call, **fact)
    if not unclaimed_may_be_taken(rules) or not game.claims_written:
        game.report(
            "muggins-not-allowed",
            msg("{caller} called Muggins, but under these rules unclaimed points are lost", caller=caller)
            if rules.muggins == "lost"
            else msg("{caller} called Muggins, but under these rules unclaimed points are scored without claims", caller=caller),
            call,
            number,
            turn,
        )
        return _fact(state, turn, "muggins", call, **fact)
    if game.sides[caller] == game.sides[against]:
        game.report("muggins-not-opponent", msg("{caller} called Muggins on a partner, {against}", caller=caller, against=against), call, number, turn)
        return _fact(state, turn, "muggins", call, **fact)
    if state.sheet_only:
        # A score sheet keeps no play to hold the call against: credited as written, as its
        # entries are, and judged by the audit as they are (``claim`` set).
        credited = game.credit(game.sides[caller], call.points, number, turn)
        state.result.in_play[game.sides[caller]] += credited
        return _fact(state, turn, "muggins", call, refers_to=None, expected=None, claim=call.points, credited=credited, counted=credited)
    for i in range(len(state.pending) - 1, -1, -1):
        when, seat, unclaimed, take = state.pending[i]
        if seat == against:
            del state.pending[i]
            state.unclaimed_history[against].remove(when)
            if call.points != take.takes:
                left = msg("{against} left {unclaimed} unclaimed at turn {when}", against=against, unclaimed=unclaimed, when=when)
                if take.takes != unclaimed:
                    left = msg(
                        "the call takes the whole {takes} of {against}'s play at turn {when} ({unclaimed} left unclaimed)",
                        takes=take.takes, against=against, when=when, unclaimed=unclaimed,
                    )
                game.report(
                    "muggins-amount",
                    msg("{caller} called Muggins for {points}, but {left}", caller=caller, points=call.points, left=left),
                    call,
                    number,
                    turn,
                    claimed=call.points,
                    correct=take.takes,
                )
            in_play, sides = state.result.in_play, game.sides
            # The claim comes off first: the call moves the play's score, it does not add to it.
            taken_back = -game.credit(sides[against], -take.takes_back, number, turn) if take.takes_back else 0
            in_play[sides[against]] -= taken_back
            credited = game.credit(sides[caller], take.takes, number, turn)
            in_play[sides[caller]] += credited
            return _fact(
                state,
                turn,
                "muggins",
                call,
                refers_to=when,
                expected=take.takes,
                credited=credited,
                counted=credited,
                taken_back=taken_back,
            )
    last = _last_play(state, against)
    if state.unclaimed_history[against]:
        game.report(
            "muggins-too-late",
            msg(
                "{caller} called Muggins on {against}'s unclaimed points of turn {when} after the window closed ({window})",
                caller=caller, against=against, when=state.unclaimed_history[against][-1], window=rules.muggins_window.replace("_", " "),
            ),
            call,
            number,
            turn,
        )
    elif last is None or not last.points:
        what = msg("{against}'s last play, {tile}, made nothing", against=against, tile=last.as_play().tile) if last is not None else msg("{against} has not played", against=against)
        game.report("muggins-on-nothing", msg("{caller} called Muggins, but {what}", caller=caller, what=what), call, number, turn)
    else:
        game.report(
            "muggins-on-claimed",
            msg("{caller} called Muggins, but {against} claimed the {points} points of turn {turn}", caller=caller, against=against, points=last.points, turn=last.turn),
            call,
            number,
            turn,
        )
    return _fact(state, turn, "muggins", call, **fact)


def _last_play(state: HandState, seat: str) -> TurnFact | None:
    for fact in reversed(state.result.facts):
        if fact.kind == "play" and fact.seat == seat:
            return fact
    return None


def apply_sheet(state: HandState, turn: int, entry: SheetScore) -> TurnFact:
    """A score-sheet entry (a hand kept as scores only): credited as written; judged by the audit."""
    game = state.game
    side = game.sides[entry.seat]
    if not state.sheet_only:
        game.report("mixed-sheet", msg("a score-sheet entry in a hand that was played out"), entry, state.hand.number, turn)
    state.result.earned[side] += entry.points
    credited = game.credit(side, entry.points, state.hand.number, turn)
    state.result.in_play[side] += credited
    return _fact(state, turn, "sheet", entry, points=entry.points, claim=entry.points, credited=credited, counted=credited)


def _fact(state: HandState, turn: int, kind: str, stmt: Turn, **values: Any) -> TurnFact:
    fact = TurnFact(state.hand.number, turn, kind, stmt.seat, stmt, **values)
    state.result.facts.append(fact)
    return fact

