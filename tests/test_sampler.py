"""The sampler of what a player could not see: exact counts, uniform deals, every deal consistent.

The reference for "consistent" is independent of the sampler: every deal of the unseen tiles is
enumerated, written into a copy of the record (each seat's deal, the boneyard in order, the
other seats' draws as counts) and replayed with :func:`muggins.replay.replayer.replay`; the
deals it replays without an error are the consistent ones. The sampler must count exactly
those, draw them uniformly (a chi-square test on the frequency of every deal, with a fixed seed
and a generous significance level), and never draw one that contradicts a pass or a draw.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muggins.analysis.deal_count import Group, Sampler, TooMany, count
from muggins.analysis.knowledge import HandLog, Knowledge, groups_for
from muggins.analysis.sampler import DealSampler, NotAnalyzed, deal_count
from muggins.analysis.worlds import HandStart, SampledDeal
from muggins.notation.model import Boneyard, Deal, Draw, Hand, Pass, Play, Record, Tile, full_set
from muggins.notation.parser import parse_record
from muggins.replay import rules as rulesmod
from muggins.replay.play_rules import can_play, fits
from muggins.replay.replayer import Game, replay
from muggins.replay.resolve import rules_for
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate


# --- the counting itself, against brute force ----------------------------------------------------


def brute_count(tiles, groups) -> int:
    """Every assignment of tiles to groups (as sets), by enumeration."""
    if len(tiles) != sum(g.capacity for g in groups):
        return 0
    total = 0
    for where in itertools.product(range(len(groups)), repeat=len(tiles)):
        sizes = Counter(where)
        if all(sizes[i] == g.capacity for i, g in enumerate(groups)) and all(t in groups[w].allowed for t, w in zip(tiles, where)):
            total += 1
    return total


def test_counts_agree_with_brute_force_on_random_small_problems():
    rng = random.Random(7)
    for _ in range(300):
        tiles = list(range(rng.randint(0, 7)))
        capacities = [rng.randint(0, 3) for _ in range(rng.randint(1, 4))]
        # Mostly fitting sizes, now and then not (then there is no way at all).
        if rng.random() < 0.8 and capacities:
            capacities[-1] = max(0, len(tiles) - sum(capacities[:-1]))
        groups = [Group(c, frozenset(t for t in tiles if rng.random() < 0.7)) for c in capacities]
        if rng.random() < 0.3 and len(groups) > 1:  # two groups allowing the same tiles: merged
            groups[1] = Group(groups[1].capacity, groups[0].allowed)
        assert count(tiles, groups) == brute_count(tiles, groups), (tiles, groups)


def chi_square_p(observed: Counter, cells: list, n: int) -> float:
    """The p-value of a chi-square test of ``observed`` against uniform over ``cells`` (by the
    Wilson-Hilferty approximation of the chi-square tail, good for the sizes here)."""
    expected = n / len(cells)
    stat = sum((observed.get(c, 0) - expected) ** 2 / expected for c in cells)
    df = len(cells) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_a_filling_is_uniform_over_all_fillings():
    # Six tiles over three groups: 0..2 may go anywhere, 3 only in group 0, 4 and 5 not in 0.
    tiles = list(range(6))
    groups = [Group(2, frozenset({0, 1, 2, 3})), Group(2, frozenset({0, 1, 2, 4, 5})), Group(2, frozenset({0, 1, 2, 4, 5}))]
    sampler = Sampler(tiles, groups)
    cells = [
        tuple(frozenset(tiles[i] for i, w in enumerate(where) if w == g) for g in range(3))
        for where in itertools.product(range(3), repeat=6)
        if Counter(where) == Counter({0: 2, 1: 2, 2: 2}) and all(t in groups[w].allowed for t, w in zip(tiles, where))
    ]
    assert sampler.total == len(cells) == brute_count(tiles, groups)
    rng = random.Random(1)
    n = 200 * len(cells)
    seen = Counter(tuple(frozenset(g) for g in sampler.sample(rng)) for _ in range(n))
    assert set(seen) <= set(cells)
    assert chi_square_p(seen, cells, n) > 1e-4
    # The test can fail: the same draws with one filling's count doubled are far from uniform.
    skewed = Counter(seen)
    skewed[cells[0]] += seen[cells[0]]
    assert chi_square_p(skewed, cells, n + seen[cells[0]]) < 1e-4


def test_too_many_states_is_said():
    tiles = list(range(12))
    groups = [Group(1, frozenset(tiles) - {i}) for i in range(12)]  # nothing merges: 12 groups of one
    with pytest.raises(TooMany):
        count(tiles, groups, limit=50)


# --- deals of a record ---------------------------------------------------------------------------


@dataclass
class Seen:
    """A decision as the tests walk to it."""

    record: Record
    hand_index: int
    turn: int
    seat: str
    knowledge: Knowledge
    start: HandStart
    codes: Counter
    own: tuple[Tile, ...]
    layouts: dict[int, object]  # turn -> the table before it


def decisions(record: Record, rules, hands: int | None = None):
    """Each play of ``record`` whose player's deal is known, with what the sampler needs."""
    game = Game(record, rules)
    for h, hand in enumerate(record.hands[:hands]):
        first = len(game.diagnostics)
        state = game.start_hand(hand)
        log = HandLog.start(state)
        start = HandStart(game, hand, first)
        layouts = {}
        for turn, stmt in enumerate(hand.turns, 1):
            layouts[turn] = state.board
            log.before(state, turn, stmt)
            state.apply(turn, stmt)
            if type(stmt) is Play and log.own.get(stmt.seat) is not None:
                knowledge = groups_for(log, stmt.seat, turn)
                yield Seen(record, h, turn, stmt.seat, knowledge, start, start.findings(game), tuple(log.own[stmt.seat]), dict(layouts))
        game.finish_hand(state)


def rewritten(seen: Seen, deal: SampledDeal) -> Record:
    """The record up to and including the decision, with ``deal`` dealt and the other seats'
    draws as counts: the text the replayer is asked about."""
    hand = seen.record.hands[seen.hand_index]
    turns = tuple(
        Draw(t.seat, t.count) if type(t) is Draw and t.seat != seen.seat else t for t in hand.turns[: seen.turn]
    )
    seats = seen.record.seats
    new = Hand(
        hand.number,
        deals=tuple(Deal(s, tuple(sorted(deal.hands[s], reverse=True))) for s in seats),
        boneyard=Boneyard(deal.boneyard) if deal.boneyard else None,
        lead=hand.lead,
        turns=turns,
    )
    return Record(seen.record.headers, seen.record.hands[: seen.hand_index] + (new,))


def replays_clean(seen: Seen, deal: SampledDeal, rules) -> bool:
    result = replay(rewritten(seen, deal), rules)
    return not [d for d in result.diagnostics if d.severity == "error"]


def every_deal(seen: Seen, rules) -> list[SampledDeal]:
    """Every deal of the tiles the decision's player could not see that replays without an error."""
    record, hand = seen.record, seen.record.hands[seen.hand_index]
    mine, places, at = set(seen.own), {}, 0
    for stmt in hand.turns[: seen.turn - 1]:
        if type(stmt) is Draw:
            if stmt.seat == seen.seat:
                mine.update(stmt.tiles)
                places.update(zip(range(at, at + stmt.count), stmt.tiles))
            at += stmt.count
    unseen = [t for t in full_set(rules.max_pip) if t not in mine]
    others = [s for s in record.seats if s != seen.seat]
    sizes = {d.seat: len(d.tiles) for d in hand.deals}
    bone = rules.set_size - sum(sizes.values())
    free = [i for i in range(bone) if i not in places]
    out = []

    def hands_of(left, seats):
        if not seats:
            yield {}, left
            return
        for chosen in combinations(left, sizes[seats[0]]):
            rest = [t for t in left if t not in chosen]
            for more, remaining in hands_of(rest, seats[1:]):
                yield {seats[0]: chosen, **more}, remaining

    for hands, rest in hands_of(unseen, others):
        for order in permutations(rest):
            pile = dict(places)
            pile.update(zip(free, order))
            deal = SampledDeal({**hands, seen.seat: seen.own}, tuple(pile[i] for i in range(bone)))
            if replays_clean(seen, deal, rules):
                out.append(deal)
    return out


def key(deal: SampledDeal):
    return (tuple(sorted((s, frozenset(t)) for s, t in deal.hands.items())), deal.boneyard)


def small_rules(drawing: str = "until_playable"):
    """All Fives on a double-3 set (10 tiles), three tiles each: a boneyard of four, drawn from
    (``until_playable``) or not (``none``: the block game, where seats pass)."""
    changes = [("max_pip", "3"), ("players", "[2]"), ("hand_size", "3"), ("drawing", drawing)]
    return rulesmod.with_overrides(load("allfives"), changes)


def small_games(seed: int, games: int, drawing: str = "until_playable"):
    return list(simulate(small_rules(drawing), seed, games, Options(players=2)))


def test_small_games_draw_and_pass():
    # The cases below need draws and passes of the other seat to be worth anything.
    kinds = Counter(type(t).__name__ for r in small_games(3, 12) for h in r.hands for t in h.turns)
    assert kinds["Draw"] >= 5
    kinds = Counter(type(t).__name__ for r in small_games(3, 6, "none") for h in r.hands[:1] for t in h.turns)
    assert kinds["Pass"] >= 5


@pytest.mark.parametrize("drawing", ["until_playable", "none"])
def test_the_count_is_the_number_of_consistent_deals(drawing):
    """On small games, every deal is enumerated and replayed: the sampler's count of deals is
    exactly the number the replayer accepts (the groups' constraints are the rules', no more,
    no fewer), for every decision of the first hand."""
    rules = small_rules(drawing)
    checked = constrained = 0
    for record in small_games(3, 6, drawing):
        for seen in decisions(record, rules, hands=1):
            consistent = every_deal(seen, rules)
            sampler = DealSampler(seen.knowledge, seen.own, rules)
            assert deal_count(sampler) == len(consistent), (seen.turn, seen.seat)
            # Without the passes and draws: the other seat's deal, then the rest in any order.
            unseen, dealt = len(seen.knowledge.unseen), seen.knowledge.groups[0][1]
            constrained += len(consistent) < math.comb(unseen, dealt) * math.factorial(unseen - dealt)
            checked += 1
    assert checked >= 20 and constrained >= 5


@pytest.mark.parametrize("drawing", ["until_playable", "none"])
def test_deals_are_uniform_over_the_consistent_ones(drawing):
    """Chi-square on the frequency of every consistent deal, for decisions with a few dozen of
    them (40 draws per deal, fixed seed, significance 1e-4); the test fails a sampler whose
    draws favour one deal."""
    rules = small_rules(drawing)
    tested = 0
    for record in small_games(3, 12, drawing):
        for seen in decisions(record, rules, hands=1):
            consistent = every_deal(seen, rules)
            if not 8 <= len(consistent) <= 120:
                continue
            sampler = DealSampler(seen.knowledge, seen.own, rules)
            rng = random.Random(5)
            n = 40 * len(consistent)
            drawn = Counter(key(sampler.draw(rng, seen.start, seen.codes)[0]) for _ in range(n))
            cells = [key(d) for d in consistent]
            assert set(drawn) <= set(cells)
            assert chi_square_p(drawn, cells, n) > 1e-4, (seen.turn, len(cells))
            tested += 1
            if tested == 3:
                return
    pytest.fail(f"only {tested} decisions with 8 to 120 consistent deals")


def test_past_the_state_limit_the_merged_problem_is_still_uniform():
    """With no states allowed, each seat's groups are merged and the merged deals rejected
    where they break a group's constraint: still exactly the consistent deals, uniformly."""
    rules = small_rules()
    for record in small_games(3, 12):
        for seen in decisions(record, rules, hands=1):
            if len(seen.knowledge.groups) < 4:  # (no draw by the other seat yet: nothing to merge)
                continue
            consistent = every_deal(seen, rules)
            if not 4 <= len(consistent) <= 120:
                continue
            sampler = DealSampler(seen.knowledge, seen.own, rules, limit=0)
            assert sampler.exact is None
            rng = random.Random(9)
            n = 40 * len(consistent)
            drawn = Counter(key(sampler.draw(rng, seen.start, seen.codes)[0]) for _ in range(n))
            cells = [key(d) for d in consistent]
            assert set(drawn) <= set(cells)
            assert chi_square_p(drawn, cells, n) > 1e-4
            return
    pytest.fail("no decision with a draw to merge")


def test_the_same_seed_gives_the_same_deals():
    rules = small_rules()
    seen = next(s for s in decisions(small_games(3, 1)[0], rules, hands=1) if s.turn > 3)
    sampler = DealSampler(seen.knowledge, seen.own, rules)
    one = [key(sampler.draw(random.Random(11), seen.start, seen.codes)[0]) for _ in range(3)]
    two = [key(sampler.draw(random.Random(11), seen.start, seen.codes)[0]) for _ in range(3)]
    assert one == two


# --- simulated games of several rule sets --------------------------------------------------------


def held_at(seen: Seen, deal: SampledDeal, seat: str, turn: int) -> set[Tile]:
    """What ``seat`` held just before ``turn`` in ``deal``, worked out from the record's turns."""
    hand = seen.record.hands[seen.hand_index]
    held, at = set(deal.hands[seat]), 0
    for number, stmt in enumerate(hand.turns[: turn - 1], 1):
        if type(stmt) is Draw:
            if stmt.seat == seat:
                held.update(deal.boneyard[at : at + stmt.count])
            at += stmt.count
        elif type(stmt) is Play and stmt.seat == seat:
            held.discard(stmt.tile)
    return held


def contradiction(seen: Seen, deal: SampledDeal, rules) -> str | None:
    """A pass or a draw before the decision that ``deal`` contradicts, in words; None if none.
    Checked directly from the rules of play, not through the sampler's groups or the replayer."""
    hand = seen.record.hands[seen.hand_index]
    at = 0
    for turn, stmt in enumerate(hand.turns[: seen.turn - 1], 1):
        layout = seen.layouts[turn]
        if type(stmt) is Draw:
            drawn = deal.boneyard[at : at + stmt.count]
            at += stmt.count
        if type(stmt) not in (Draw, Pass) or stmt.seat == seen.seat or layout.lead is None:
            continue
        held = held_at(seen, deal, stmt.seat, turn)
        if (type(stmt) is Pass or not rules.voluntary_draw) and can_play(layout, held):
            return f"{stmt.seat} held a playable tile at turn {turn} ({type(stmt).__name__})"
        if type(stmt) is Draw and any(fits(layout, t) for t in drawn[:-1]):
            return f"{stmt.seat} drew past a playable tile at turn {turn}"
    return None


@pytest.mark.parametrize(
    "preset,players,forget,leader_free",
    [("allfives", 2, 0.3, True), ("allfives", 3, 0.0, True), ("pontos", 4, 0.3, False), ("scorecard", 2, 0.0, False)],
)
def test_sampled_deals_replay_legally_and_contradict_no_pass_or_draw(preset, players, forget, leader_free):
    """Over simulated games (boneyard games with draws and passes, and the four-player game):
    every sampled deal replays without an error up to the decision, and no pass or draw of
    another seat is contradicted. Where the rules never choose the leader by the deal, the
    groups alone already give consistent deals (the replay rejects none)."""
    rules = load(preset)
    records = list(simulate(rules, 2, 2, Options(players=players, forget=forget)))
    rng = random.Random(3)
    tried = passes_or_draws = 0
    for record in records:
        for seen in decisions(record, rules, hands=2):
            if seen.turn % 3:  # every third decision: enough, and quick
                continue
            sampler = DealSampler(seen.knowledge, seen.own, rules)
            for _ in range(3):
                if leader_free:
                    deal = sampler.deal(rng)
                    assert seen.start.position(deal, seen.seat, seen.turn, seen.codes) is not None
                else:
                    deal, _ = sampler.draw(rng, seen.start, seen.codes)
                assert replays_clean(seen, deal, rules), (record.tag("Event"), seen.turn)
                assert contradiction(seen, deal, rules) is None
            tried += 1
            hand = record.hands[seen.hand_index]
            passes_or_draws += any(type(t) in (Draw, Pass) and t.seat != seen.seat for t in hand.turns[: seen.turn])
    assert tried >= 10
    if preset != "pontos":
        assert passes_or_draws >= 3


def test_the_true_deal_is_always_among_the_consistent_ones():
    rules = load("allfives")
    for record in simulate(rules, 4, 2, Options(players=2)):
        for seen in decisions(record, rules, hands=2):
            hand = record.hands[seen.hand_index]
            true = SampledDeal({d.seat: d.tiles for d in hand.deals}, hand.boneyard.tiles if hand.boneyard else ())
            assert seen.start.position(true, seen.seat, seen.turn, seen.codes) is not None


# --- records that contradict themselves ----------------------------------------------------------

HIDDEN = """[Rules "allfives"]
[Set max_pip "3"]
[Set players "[2]"]
[Set hand_size "3"]
[Set drawing "none"]
[Seat A "Ana"]
[Seat B "Bruno"]

hand 1
deal A 3-3 3-1 1-0
deal B ?
lead A
A 3-3
B pass
A 3-1 r
"""


def test_a_pass_no_deal_can_explain_is_not_analyzed():
    # Double-3 set, three tiles each, nothing drawn. A holds 3-3 3-1 1-0 and leads 3-3: both
    # ends show 3. B passes, so holds no tile with a 3. A cannot see seven tiles: 0-0 1-1 2-0
    # 2-1 2-2 3-0 3-2; B's three come from the five without a 3 (10 ways) and the boneyard takes
    # the other four in any of 4! orders: 240 deals.
    record = parse_record(HIDDEN)
    rules = rules_for(record, None, [])
    seen = list(decisions(record, rules))[-1]
    assert deal_count(DealSampler(seen.knowledge, seen.own, rules)) == 10 * math.factorial(4)
    # Five tiles each: A holds 3-3 3-1 1-0 1-1 2-2, so B holds the other five, 0-0 2-0 2-1 3-0
    # 3-2, two of them with a 3: B could not have passed. (The replayer cannot tell: B's deal
    # is not written.)
    record = parse_record(HIDDEN.replace('hand_size "3"', 'hand_size "5"').replace("deal A 3-3 3-1 1-0", "deal A 3-3 3-1 1-0 1-1 2-2"))
    rules = rules_for(record, None, [])
    assert not [d for d in replay(record, rules).diagnostics if d.severity == "error"]
    seen = list(decisions(record, rules))[-1]
    with pytest.raises(NotAnalyzed, match="no deal"):
        DealSampler(seen.knowledge, seen.own, rules)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(
    game=st.sampled_from([("small-until", 2), ("small-none", 2), ("allfives", 2), ("allfives", 3), ("scorecard", 2)]),
    seed=st.integers(0, 10**6),
    forget=st.sampled_from([0.0, 0.3]),
)
def test_no_sampled_deal_contradicts_a_pass_or_a_draw(game, seed, forget):
    """A property over simulated games: at every decision of the first hand whose player drew
    or saw another seat pass or draw, every deal sampled for that player replays without an
    error and contradicts none of those passes and draws (checked from the rules of play by
    :func:`contradiction`, not through the sampler)."""
    name, players = game
    rules = {"small-until": small_rules("until_playable"), "small-none": small_rules("none")}.get(name) or load(name)
    (record,) = simulate(rules, seed, 1, Options(players=players, forget=forget))
    rng = random.Random(seed)
    for seen in decisions(record, rules, hands=1):
        hand = record.hands[seen.hand_index]
        if not any(type(t) in (Draw, Pass) for t in hand.turns[: seen.turn]):
            continue
        sampler = DealSampler(seen.knowledge, seen.own, rules)
        for _ in range(2):
            deal, _ = sampler.draw(rng, seen.start, seen.codes)
            assert contradiction(seen, deal, rules) is None
            assert replays_clean(seen, deal, rules)
