"""Play whole games under any rule set and write them down as records with correct claims.

Simulated games feed the samples, the tests and the benchmarks. The simulator moves its players
through the replayer's own :class:`~muggins.replay.hand_state.HandState`, so what is legal and
what scores is decided in one place; it only chooses among legal moves. The same seed gives the
same games, byte for byte.

Players: ``random`` picks any legal placement; ``greedy`` picks the one that scores most now.
``forget`` is the chance a player forgets to claim a score, ``underclaim`` the chance he claims
the next smaller score the rules allow instead (an opponent then calls Muggins half the time,
where the rules allow it, for what :func:`~muggins.replay.scoring.muggins_takes` says): records
with honest slips, for the ledger and audit tests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator

from muggins.notation.model import (
    Boneyard,
    Deal,
    Draw,
    Hand,
    Header,
    MugginsCall,
    Outcome,
    Pass,
    Play,
    Record,
    Tally,
    Tile,
    Turn,
    full_set,
)
from muggins.replay.facts import HandResult
from muggins.replay.hand_state import HandState
from muggins.replay.play_rules import DRAW, draw_takes, drawable, legal_moves
from muggins.replay.replayer import Game
from muggins.replay.resolve import rule_tags
from muggins.replay.rules import RuleError, RuleSet
from muggins.replay.scoring import play_points, play_scores, unclaimed_may_be_taken

STRATEGIES = ("greedy", "random")
SEATS = {2: ("A", "B"), 3: ("A", "B", "C"), 4: ("N", "E", "S", "W"), 5: ("A", "B", "C", "D", "E"), 6: ("A", "B", "C", "D", "E", "F")}
NAMES = ("Ana", "Bruno", "Carla", "Dario", "Elena", "Fabio")


@dataclass(frozen=True, slots=True)
class Options:
    players: int = 2
    strategy: str = "greedy"
    teams: bool | None = None  # None: pairs when the rules require them or four play
    forget: float = 0.0
    underclaim: float = 0.0
    max_hands: int = 60


def simulate(
    rules: RuleSet, seed: int, games: int = 1, options: Options = Options(), unfinished: Callable[[int, int], None] | None = None
) -> Iterator[Record]:
    """Play ``games`` games; the stream depends only on the arguments. A game still on after
    ``options.max_hands`` hands stops there, unfinished: ``unfinished(game number, hands)`` is
    told of it before its record comes.

    ``RuleError`` on the call, before any game is played, when the rules do not allow the table
    ``options`` asks for (``options.players``, and the partnerships): the first of
    :meth:`RuleSet.table_problems`, as ``muggins simulate`` says it.
    """
    problems = rules.table_problems(options.players, _teams(rules, options))
    if problems:
        raise RuleError(problems[0][1])
    return _games(rules, seed, games, options, unfinished)


def _games(rules: RuleSet, seed: int, games: int, options: Options, unfinished: Callable[[int, int], None] | None) -> Iterator[Record]:
    """:func:`simulate`'s games, once the table is known to be one the rules allow."""
    rng = random.Random(seed)
    for number in range(1, games + 1):
        record, over = _game(rules, rng, number, seed, options)
        if not over and unfinished is not None:
            unfinished(number, len(record.hands))
        yield record


def _headers(rules: RuleSet, number: int, seed: int, options: Options) -> tuple[tuple[Header, ...], bool]:
    count = options.players
    seats = SEATS.get(count) or tuple(f"P{i}" for i in range(1, count + 1))
    teams = _teams(rules, options)
    headers = [
        Header("Event", None, f"Simulated game {number}"),
        Header("Site", None, "muggins simulate"),
        *(Header(name, key, value) for name, key, value in rule_tags(rules)),
        Header("Seed", None, str(seed)),
    ]
    headers += [Header("Seat", seat, NAMES[i % len(NAMES)]) for i, seat in enumerate(seats)]
    if teams:
        headers += [Header("Team", seats[0] + seats[2], f"{seats[0]} {seats[2]}"), Header("Team", seats[1] + seats[3], f"{seats[1]} {seats[3]}")]
    return tuple(headers), teams


def _teams(rules: RuleSet, options: Options) -> bool:
    """Whether the simulated table plays in two partnerships: as ``options.teams`` says (None:
    when the rules require them or four play, unless the rules allow none), never but at four."""
    teams = options.teams
    if teams is None:
        teams = options.players == 4 and rules.partnerships != "none"
    if rules.partnerships == "required":
        teams = True
    return teams and options.players == 4


def _game(rules: RuleSet, rng: random.Random, number: int, seed: int, options: Options) -> tuple[Record, bool]:
    """The record of game ``number``, and whether the game is over (else it stopped at ``max_hands``)."""
    headers, _ = _headers(rules, number, seed, options)
    record = Record(headers=headers)
    game = Game(record, rules)
    hands: list[Hand] = []
    tiles = full_set(rules.max_pip)
    per_player = rules.tiles_per_player(options.players)
    while not game.over and len(hands) < options.max_hands:
        hand_number = len(hands) + 1
        while True:
            shuffled = list(tiles)
            rng.shuffle(shuffled)
            deals = tuple(
                Deal(seat, tuple(sorted(shuffled[i * per_player : (i + 1) * per_player], reverse=True)))
                for i, seat in enumerate(game.seats)
            )
            rest = tuple(shuffled[per_player * len(game.seats) :])
            hand = Hand(hand_number, deals=deals, boneyard=Boneyard(rest) if rest else None)
            state = game.start_hand(hand)
            leads = game.expected_leader(state)
            if not leads.reshuffle:
                break  # (else the rules ask for a reshuffle: deal again)
        leader = leads.seat if leads.seat is not None else rng.choice(game.seats)
        turns = _play_hand(game, state, leader, leads.tile, rng, options)
        hand = Hand(hand_number, deals=deals, boneyard=hand.boneyard, turns=tuple(turns))
        state.hand = hand
        result = game.finish_hand(state)
        hands.append(_with_tallies(hand, game, state, result))
    # The simulator plays only legal moves at a table the rules allow (simulate checked it): an
    # error here is a fault of the simulator itself, not of its arguments.
    assert not [d for d in game.diagnostics if d.severity == "error"], game.diagnostics
    return Record(headers=headers, hands=tuple(hands)), game.over


def _choices(state: HandState, seat: str, required_lead: Tile | None) -> tuple[list[tuple[Tile, str | None, bool]], bool]:
    """Every legal (tile, end, inline) for ``seat`` now, and whether it may draw instead."""
    moves = legal_moves(
        state.board,
        state.known[seat],
        drawable(state.boneyard_count, state.rules),
        state.must_play.get(seat),
        required_lead,
    )
    plays = [(m.tile, m.end, m.inline) for m in moves if m.kind == "play"]
    return plays, DRAW in moves  # type: ignore[return-value]


def _points_after(state: HandState, tile: Tile, end: str | None, inline: bool) -> int:
    return play_points(state.board.play(tile, end, inline).total(), state.rules)


def _play_hand(game: Game, state: HandState, leader: str, first_double: Tile | None, rng: random.Random, options: Options) -> list[Turn]:
    rules = game.rules
    turns: list[Turn] = []
    seat = leader

    def apply(stmt: Turn) -> None:
        turns.append(stmt)
        state.apply(len(turns), stmt)

    while state.over is None and not game.over:
        choices, may_draw = _choices(state, seat, first_double if state.board.lead is None else None)
        if not choices and may_draw:  # (the players here never draw while they could play)
            drawn = draw_takes(state.board, state.boneyard)  # type: ignore[arg-type]
            apply(Draw(seat, len(drawn), drawn))
            choices, _ = _choices(state, seat, None)
        if not choices:
            apply(Pass(seat))
            seat = state.seats[state.to_move]  # type: ignore[index]
            continue
        if options.strategy == "random":
            tile, end, inline = rng.choice(choices)
        else:
            scored = [(_points_after(state, *c), c) for c in choices]
            best = max(p for p, _ in scored)
            tile, end, inline = rng.choice([c for p, c in scored if p == best])
        points = _points_after(state, tile, end, inline)
        claim = points if points else None
        forgot = bool(points) and options.forget > 0 and rng.random() < options.forget
        if forgot:
            claim = None
        elif points and options.underclaim > 0 and rng.random() < options.underclaim:
            smaller = [v for v in play_scores(rules) if 0 < v < points]
            if smaller:
                claim, forgot = max(smaller), True
        apply(Play(seat, tile, end, inline, None, claim))
        if forgot and unclaimed_may_be_taken(rules) and rng.random() < 0.5 and not game.over:
            callers = [s for s in state.seats if game.sides[s] != game.sides[seat]]
            takes = next(take.takes for when, _, _, take in state.pending if when == len(turns))
            apply(MugginsCall(rng.choice(callers), seat, takes))
        if state.to_move is None:
            break
        seat = state.seats[state.to_move]
    return turns


def _with_tallies(hand: Hand, game: Game, state: HandState, result: HandResult) -> Hand:
    outcome = None
    if result.outcome == "domino":
        outcome = Outcome("domino", result.went_out)
    elif result.outcome == "blocked":
        outcome = Outcome("blocked")
    pips = scores = None
    if result.outcome is not None and result.pips is not None:
        pips = Tally("pips", tuple((s, result.pips[s]) for s in game.seats))
        if result.award is not None and any(result.award.points.values()):
            scores = Tally("score", tuple((side, v) for side, v in result.award.points.items() if v))
    totals = Tally("totals", tuple(result.totals.items()))
    return Hand(
        hand.number,
        deals=hand.deals,
        boneyard=hand.boneyard,
        turns=hand.turns,
        outcome=outcome,
        pips=pips,
        scores=scores,
        totals=totals,
    )
