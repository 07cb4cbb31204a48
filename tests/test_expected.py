"""Expected values: each alternative's mean over the deals its player could not see.

Where nothing is hidden the expected figures are the exact ones; sampling stops early by its
rule and takes no samples for forced plays; the same seed gives the same figures. The position
where the open cards and what the player could know disagree is worked out by hand below.
"""

from __future__ import annotations

import json
import math

import pytest
from cli_run import run

from muggins.analysis import solver_core
from muggins.analysis.analyze import EXPECTED_VIEW, OPEN_CARDS, Judging, analyze_record, to_json
from muggins.analysis.expected import FORESEEN, LEAST, MARKED, SETTLED, SINGLE, UNMARKED, Expected, FairHand, Sampling, reachable
from muggins.analysis.knowledge import HandLog, groups_for
from muggins.analysis.marks import scoring_step
from muggins.analysis.missed import Option, alternatives, with_values
from muggins.analysis.sampler import DealSampler
from muggins.analysis.values import move_values, position_of
from muggins.analysis.worlds import HandStart
from muggins.notation.model import Play, Record
from muggins.notation.parser import parse_record
from muggins.replay import rules as rulesmod
from muggins.replay.replayer import Game
from muggins.replay.resolve import rules_for
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate

FAIR = Judging(EXPECTED_VIEW, samples=48, seed=0, record_budget=None)
OPEN = Judging(OPEN_CARDS, record_budget=None)


def small(hand_size: int, drawing: str = "until_playable"):
    """All Fives on a double-3 set (10 tiles) for two."""
    changes = [("max_pip", "3"), ("players", "[2]"), ("hand_size", str(hand_size)), ("drawing", drawing), ("target", "40")]
    return rulesmod.with_overrides(load("allfives"), changes)


def games(rules, seed: int, count: int, hands: int = 2) -> list[Record]:
    return [Record(r.headers, r.hands[:hands]) for r in simulate(rules, seed, count, Options(players=2))]


# --- nothing hidden ------------------------------------------------------------------------------


def test_with_every_tile_dealt_expected_values_are_the_exact_ones():
    """Double-3 set, five tiles each: the whole set is dealt, so each player sees the other's
    hand as the tiles it does not hold. One deal is consistent: one sample, no standard error,
    and every option's value is the open-cards one."""
    rules = small(5)
    compared = 0
    for record in games(rules, 1, 3):
        fair = analyze_record(record, rules, None, judging=FAIR)
        open_ = analyze_record(record, rules, None, judging=OPEN)
        for f, o in zip(fair.decisions, open_.decisions):
            assert (f.hand, f.turn) == (o.hand, o.turn)
            if not f.unforced:
                continue
            assert f.basis == "expected" and o.basis == "exact"
            assert (f.samples, f.stopped, f.standard_error) == (1, SINGLE, 0.0)
            assert [x.value for x in f.options] == [x.value for x in o.options]
            assert all(x.standard_error == 0.0 for x in f.options)
            assert (f.loss, f.mark) == (o.loss, o.mark)
            compared += 1
    assert compared >= 10


def decisions(record: Record, rules, before):
    """Walk ``record``'s plays as the analysis does: at each play with its options known,
    ``before(state, judge, stmt, turn, pending)`` looks at the position before the play; where it
    returns something, that and the decision's context are given after the play is applied
    (the judge's log then holds it): (found, pending, judge, stmt, hand, turn, game)."""
    game = Game(record, rules)
    step = scoring_step(rules)
    for hand in record.hands:
        first = len(game.diagnostics)
        state = game.start_hand(hand)
        judge = FairHand(HandLog.start(state), HandStart(game, hand, first), rules, step)
        for turn, stmt in enumerate(hand.turns, 1):
            pending = alternatives(state, stmt, None, open_cards=False) if type(stmt) is Play else None
            found = before(state, judge, stmt, turn, pending) if pending is not None and pending.hand_known else None
            judge.log.before(state, turn, stmt)
            state.apply(turn, stmt)
            if found is not None:
                yield found, pending, judge, stmt, hand, turn, game
        game.finish_hand(state)


def walk_unique(record: Record, rules):
    """Each unforced decision after which the player could tell every hand and the boneyard's
    order: its open-cards values and its expected ones."""

    def exact_if_unique(state, judge, stmt, turn, pending):
        if len(pending.options) > 1 and DealSampler(groups_for(judge.log, stmt.seat, turn), tuple(judge.log.own[stmt.seat]), rules).unique:
            return with_values(list(pending.options), move_values(position_of(state), None))
        return None

    for exact, pending, judge, stmt, hand, turn, game in decisions(record, rules, exact_if_unique):
        yield exact, judge.values(pending.options, stmt.seat, hand.number, turn, game, None, Sampling(), None)


def test_late_in_a_hand_nothing_is_hidden_and_the_figures_are_exact():
    """Two players, the boneyard drawn out: the other hand is every tile unseen, one deal is
    consistent, and one sample is the exact answer."""
    rules = small(3)
    compared = 0
    for record in simulate(rules, 5, 30, Options(players=2)):
        for exact, expected in walk_unique(Record(record.headers, record.hands[:4]), rules):
            assert expected.stopped == SINGLE and expected.samples == 1
            assert [o.value for o in exact] == [expected.mean(i) for i in range(len(exact))]
            compared += 1
    assert compared >= 3


# --- the sequential rule -------------------------------------------------------------------------


def test_forced_plays_take_no_samples_and_easy_ones_few():
    rules = small(3)
    analysis = analyze_record(games(rules, 2, 1)[0], rules, None, judging=FAIR)
    forced = [d for d in analysis.decisions if not d.unforced]
    judged = [d for d in analysis.decisions if d.unforced]
    assert forced and all(d.samples == 0 and d.basis == "immediate" for d in forced)
    assert judged and all(d.basis == "expected" for d in judged)
    for d in judged:
        assert d.stopped == SINGLE or LEAST <= d.samples <= FAIR.samples
        assert math.isfinite(d.standard_error)
    assert any(d.stopped == SETTLED and d.samples < FAIR.samples for d in judged)


def rows_for(*columns):
    return tuple(zip(*columns))


def judge_for(rules=None) -> FairHand:
    """A FairHand with only what its rules of stopping and dropping read (All Fives: ?! from
    5 points, ? from 10, ?? from 20; half a step, 2.5, counts as about equal)."""
    judge = FairHand.__new__(FairHand)
    judge.rules = rules or load("allfives")
    judge.tolerance = 2.5
    judge.thresholds = (("??", 20), ("?", 10), ("?!", 5))
    judge.threshold_of = dict(judge.thresholds)
    return judge


def sampled(*columns) -> Expected:
    rows = rows_for(*columns)
    return Expected(tuple(Option(None, None) for _ in columns), rows, "samples", None)


def test_the_stopping_rule():
    # Two options valued on the same eight deals. (A FairHand needs nothing more to judge
    # whether rows settle the question.)
    judge = judge_for()
    both = [0, 1]
    # Clearly apart: the first beats the second by 10 on every deal (no spread at all).
    assert judge._settled(sampled([10] * 8, [0] * 8), both)
    # Apart on average (5) but noisy: the paired differences are 25 and -15 in turn, a
    # standard error of 20 / sqrt(8) ~ 7.6; 5 - 2 x 7.6 < 0 and 5 + 2 x 7.6 > 2.5: not settled.
    assert not judge._settled(sampled([25, -15] * 4, [0] * 8), both)
    # The same two options, equal in every deal, however far the deals' values spread:
    # the paired difference is 0 with no error: within the tolerance.
    spread = [-40, 30, 5, 0, 15, -10, 20, 45]
    assert judge._settled(sampled(spread, spread), both)
    # One point apart, steadily: within the tolerance (2.5), settled although not "clear".
    assert judge._settled(sampled([x + 1 for x in spread], spread), both)


def test_sampling_stops_once_the_play_can_earn_no_mark():
    # The least mark (?!) is 5 points here. Three options on eight deals; the second is played.
    judge = judge_for()
    spread = [-40, 30, 5, 0, 15, -10, 20, 45]
    ahead = [6, -2, 5, -1, 4, 6, -3, 1]  # the first's lead over the played one: mean 2
    so_far = sampled([b + d for b, d in zip(spread, ahead)], spread, [b - 10 for b in spread])
    every = [0, 1, 2]
    # Its standard error: the deviations 4 -4 3 -3 2 4 -5 -1 square to 96, 96 / 7 / 8 = 1.71,
    # sqrt 1.31. 2 + 2 x 1.31 = 4.62 < 5, and the third is 10 worse on every deal: whatever
    # more deals said, the play made would earn no mark.
    assert judge._verdict(so_far, every, played=1, most=64) == UNMARKED
    # ...though the best is not settled: 2 - 2.62 < 0 (not clearly apart) and 4.62 > 2.5 (not
    # clearly within half a step).
    assert not judge._settled(so_far, every)
    # The first 4 and 6 better in turn (mean 5, a standard error of 0.38): a mark is possible
    # (5 + 0.76 >= 5), but hardly by the 64th sample: it would take 5 + 2 x 1.07 / 8 = 5.27
    # then (a spread of 1.07 per sample), and the mean then is 5 give or take 1.07 x sqrt(56) / 64 = 0.12: 5 + 1.645
    # x 0.12 = 5.21 < 5.27. Foreseen.
    close = sampled([b + 4 + 2 * (k % 2) for k, b in enumerate(spread)], spread, spread)
    assert judge._verdict(close, every, played=1, most=64) == FORESEEN


def test_sampling_stops_once_the_plays_mark_is_sure():
    judge = judge_for()
    spread = [-40, 30, 5, 0, 15, -10, 20, 45]
    every = [0, 1, 2]
    # Played the third: 12 and 11 worse than the first in turn (mean 11.5; deviations +-0.5,
    # s.e. sqrt(8 x 0.25 / 7 / 8) = 0.19), and the second is 10 worse than the first on every
    # deal. 11.5 - 0.38 >= 10: a mistake (?) for sure; 11.5 + 0.38 < 20: never a blunder.
    third = [b - 12 + (k % 2) for k, b in enumerate(spread)]
    so_far = sampled(spread, [b - 10 for b in spread], third)
    assert judge._verdict(so_far, every, played=2, most=64) == MARKED
    # The first 12 and 30 better in turn (mean 21, s.e. 3.4, a spread of 9.62 per sample): a
    # mistake now (21 - 6.8 >= 10), but 21 + 6.8 >= 20: it may yet be a blunder, and by 64
    # samples well may: the mean then, 21 give or take 9.62 x sqrt(56) / 64 = 1.12, against
    # 20 + 2 x 9.62 / 8 = 22.4: 21 + 1.645 x 1.12 = 22.85 reaches it. Go on.
    wide = sampled(spread, [b - 10 for b in spread], [b - 12 - 18 * (k % 2) for k, b in enumerate(spread)])
    assert judge._verdict(wide, every, played=2, most=64) is None
    # 12 and 26 (mean 19, s.e. 2.6, spread 7.35): 19 + 1.645 x 0.86 = 20.4 < 20 + 1.84: a
    # blunder is possible but hardly reached by then: foreseen.
    narrower = sampled(spread, [b - 10 for b in spread], [b - 12 - 14 * (k % 2) for k, b in enumerate(spread)])
    assert judge._verdict(narrower, every, played=2, most=64) == FORESEEN
    # A blunder for sure (40 worse on every deal): no worse mark exists, so it is settled.
    assert judge._verdict(sampled(spread, spread, [b - 40 for b in spread]), every, played=2, most=64) == MARKED


def test_whether_a_mark_could_still_be_reached_by_the_last_sample():
    # A mean of 21 over 16 samples, standard error 1: a spread of 4 per sample. By 64 samples
    # the mean is 21 give or take 4 x sqrt(48) / 64 = 0.43, and the mark of 20 asks for 20 +
    # 2 x 4 / 8 = 21 then: 21 + 1.645 x 0.43 = 21.71 >= 21, reachable.
    assert reachable(21, 1, 16, 64, 20)
    # A mean of 19: 19.71 < 21, hardly: not reachable.
    assert not reachable(19, 1, 16, 64, 20)
    # The mean of 18.7 over 50 samples, error 4.3 (spread 30.4): 18.7 + 1.645 x 30.4 x
    # sqrt(14) / 64 = 21.6 against 20 + 2 x 30.4 / 8 = 27.6: no.
    assert not reachable(18.7, 4.3, 50, 64, 20)
    # At the last sample nothing more can be reached; with one sample, no spread known: anything.
    assert not reachable(25, 1, 64, 64, 20) and reachable(0, math.inf, 1, 64, 20)


def test_sampling_stops_once_more_samples_would_hardly_change_the_mark():
    judge = judge_for()
    spread = [-40, 30, 5, 0, 15, -10, 20, 45]
    every = [0, 1]
    # The first 8 and 2 points better than the played second in turn: a mean of 5, a spread
    # of 3.21 (error 1.13). 5 - 2.27 < 5: no mark now; 5 + 2.27 >= 5: it could be one. But by
    # 64 samples it would take 5 + 2 x 3.21 / 8 = 5.80, and the mean then is 5 give or take
    # 3.21 x sqrt(56) / 64 = 0.38: 5 + 1.645 x 0.38 = 5.62 < 5.80. Foreseen: stop.
    near = sampled([b + 5 + 3 * (-1) ** k for k, b in enumerate(spread)], spread)
    assert judge._verdict(near, every, played=1, most=64) == FORESEEN
    # Two points more (a mean of 7): 7.62 >= 5.80, it may well be a mark by then: go on.
    far = sampled([b + 7 + 3 * (-1) ** k for k, b in enumerate(spread)], spread)
    assert judge._verdict(far, every, played=1, most=64) is None


def test_an_option_clearly_worse_than_the_best_is_dropped_but_never_the_played_one():
    spread = [-40, 30, 5, 0, 15, -10, 20, 45]
    noise = [3, -3, 2, -2, 1, -1, 0, 0]
    # Option 0 is best; option 1 is 10 worse give or take 3 (s.e. of the paired difference
    # sqrt(28 / 7 / 8) = 0.71: 10 - 3 x 0.71 > 0: dropped); option 2 is 1 worse on average
    # with the same noise (1 - 2.1 < 0: kept); option 3, played, 30 worse: kept all the same.
    so_far = sampled(spread, [b - 10 + n for b, n in zip(spread, noise)], [b - 1 + n for b, n in zip(spread, noise)], [b - 30 for b in spread])
    assert FairHand._kept(so_far, [0, 1, 2, 3], 3, 3.0) == [0, 2, 3]
    # A dropped option's figures are over the deals it was solved in; the pairs only over those.
    partial = Expected(so_far.valued, so_far.rows + ((0, None, 0, -30),), "samples", None)
    assert (partial.samples, partial.samples_of(1), partial.samples_of(0)) == (9, 8, 9)
    assert partial.mean(1) == pytest.approx(sum(spread) / 8 - 10)
    assert partial.difference(0, 1) == so_far.difference(0, 1)


def sampled_decisions(record: Record, rules, samplings):
    """Each decision of ``record`` with more than two options, sampled under each of
    ``samplings`` (the same seed): a tuple of Expected per decision."""
    more_than_two = lambda state, judge, stmt, turn, pending: True if len(pending.options) > 2 else None  # noqa: E731
    for _, pending, judge, stmt, hand, turn, game in decisions(record, rules, more_than_two):
        yield tuple(judge.values(pending.options, stmt.seat, hand.number, turn, game, None, sampling, None) for sampling in samplings)


def test_dropping_options_changes_no_value_of_the_options_kept():
    """The deals drawn do not depend on which options are solved, so every value an option has
    in a sample is the one it has when nothing is dropped (the same seed, the same deal): the
    dropping leaves values out, it changes none. Two players, seven tiles, a boneyard of 14."""
    rules = load("allfives-seven-five")
    checked = dropped = 0
    for record in simulate(rules, 11, 2, Options(players=2)):
        for full, lean in sampled_decisions(Record(record.headers, record.hands[:1]), rules, (Sampling(24, drop=None), Sampling(24))):
            assert all(v is not None for row in full.rows for v in row)
            assert lean.valued == full.valued
            for k, row in enumerate(lean.rows[: full.samples]):
                for i, value in enumerate(row):
                    if value is None:
                        dropped += 1
                    else:
                        assert value == full.rows[k][i]
                        checked += 1
    assert checked >= 100 and dropped >= 10


def test_standard_errors_are_of_the_mean_and_of_the_paired_difference():
    expected = Expected((Option(None, None), Option(None, None)), rows_for([10, 20, 30, 40], [0, 10, 20, 30]), "samples", None)
    # Values 10, 20, 30, 40: mean 25, sample s.d. sqrt(500/3), s.e. sqrt(500/3)/2 ~ 6.45.
    assert expected.mean(0) == 25 and expected.error(0) == pytest.approx(math.sqrt(500 / 3) / 2)
    # The difference is 10 on every deal: no error at all.
    assert expected.difference(0, 1) == (10, 0.0)


def test_the_same_seed_gives_the_same_figures_and_another_seed_its_own():
    rules = small(3)
    record = games(rules, 2, 1)[0]
    one = analyze_record(record, rules, None, judging=FAIR)
    two = analyze_record(record, rules, None, judging=FAIR)
    assert one.decisions == two.decisions
    other = analyze_record(record, rules, None, judging=Judging(EXPECTED_VIEW, samples=48, seed=1, record_budget=None))
    assert [d.turn for d in other.decisions] == [d.turn for d in one.decisions]
    assert other.decisions != one.decisions  # other deals drawn, other means


def test_a_spent_record_budget_is_said_on_each_decision_it_cuts():
    rules = small(3)
    record = games(rules, 2, 1)[0]
    analysis = analyze_record(record, rules, None, judging=Judging(EXPECTED_VIEW, record_budget=1e-9))
    cut = [d for d in analysis.decisions if d.note is not None]
    assert cut and all(d.basis == "immediate" and "budget" in d.note for d in cut)
    assert all(d.note is None for d in analysis.decisions if not d.unforced)


# --- the command line ----------------------------------------------------------------------------

SMALL_SETS = '[Rules "allfives"]\n[Set max_pip "3"]\n[Set players "[2]"]\n[Set hand_size "3"]\n[Set target "40"]\n'


@pytest.fixture
def small_games(tmp_path):
    """Three simulated games on the double-3 set, two hands each, as a file."""
    from muggins.notation.formatter import format_records

    path = tmp_path / "small.mgn"
    path.write_text(format_records(games(small(3), 2, 3)).replace('[Rules "allfives"]\n', SMALL_SETS), encoding="utf-8")
    return path


def test_the_command_judges_on_expected_values_and_says_so(small_games):
    document = json.loads(run("analyze", str(small_games), "--format", "json", "--samples", "16").stdout)
    assert document["schema"] == "muggins.analyze/2"
    records = document["records"]
    assert all((r["view"], r["samples"], r["seed"], r["record_budget"]) == ("expected", 16, 0, None) for r in records)
    judged = [d for r in records for d in r["decisions"] if d["unforced"]]
    assert judged and all(d["basis"] == "expected" and 1 <= d["samples"] <= 16 for d in judged)
    assert all(d["standard_error"] is not None and all("standard_error" in o for o in d["options"]) for d in judged)
    opened = json.loads(run("analyze", str(small_games), "--format", "json", "--view", "open-cards").stdout)
    judged = [d for r in opened["records"] for d in r["decisions"] if d["unforced"]]
    assert all(d["basis"] == "exact" and d["samples"] == 0 and d["standard_error"] == 0 for d in judged)
    assert all(r["view"] == "open-cards" for r in opened["records"])


def test_the_text_explains_its_figures(small_games):
    text = run("analyze", str(small_games), "--samples", "16").stdout
    assert "point difference for the mover's side" in text  # what a signed value is
    assert "exp N = expected, on what the player could know" in text and "--view open-cards" in text
    assert " exp " in text or "│ exp" in text  # a decision's figures named in the table
    opened = run("analyze", str(small_games), "--view", "open-cards").stdout
    assert "figures: open cards, as if every tile were seen" in opened


def test_the_same_seed_gives_the_same_output(small_games):
    one = run("analyze", str(small_games), "--format", "json", "--samples", "16", "--seed", "7")
    two = run("analyze", str(small_games), "--format", "json", "--samples", "16", "--seed", "7")
    assert one.exit_code == 0 and one.stdout == two.stdout
    other = run("analyze", str(small_games), "--format", "json", "--samples", "16", "--seed", "8")
    assert other.stdout != one.stdout


def test_a_bad_view_is_unusable(small_games):
    result = run("analyze", str(small_games), "--view", "double-dummy")
    assert result.exit_code == 2 and "--view" in result.stderr


# --- where the open cards and what the player could know disagree --------------------------------

SENSIBLE = """[Rules "allfives"]
[Set max_pip "3"]
[Set players "[2]"]
[Set hand_size "4"]
[Set drawing "none"]
[Seat A "Ana"]
[Seat B "Bruno"]

hand 1
deal A 3-2 3-1 2-2 2-1
deal B 2-0 1-1 1-0 0-0
boneyard 3-3 3-0
lead B
B 1-0
A 2-1 l
B 0-0 r
A 3-2 l
B 2-0 r +5
A 3-1 l
B 1-1 l
"""


def test_the_sensible_play_is_not_marked_though_the_open_cards_condemn_it():
    """Double-3 set (10 tiles), four each, two in a boneyard nobody draws from (``drawing:
    none``). B leads 1-0, A 2-1 l, B 0-0 r (the spinner), A 3-2 l, B 2-0 r (+5): ends l 3, r 2,
    and the spinner's branches u, d (empty, counting nothing). A holds 3-1 and 2-2 and B one tile.

    What A could know: A saw its own four tiles and B's three; the other three, 1-1, 3-0 and
    3-3, are B's last tile and the boneyard's two, in any way (no pass or draw says more): B
    holds each with chance 1/3. A's options score nothing now: 3-1 l leaves ends 1, 2 (3);
    2-2 r leaves 3 and the double's 4 (7). Then B plays its last tile if it can (going out: A
    subtracts its last tile's pips to the nearest 5), else passes and A goes out (B subtracts).
    The value is A's points less B's from here:

    ========  ============================================  =============================================
    B holds   3-1 l (ends 1, 2)                             2-2 r (ends 3, 2-2)
    ========  ============================================  =============================================
    1-1       B 1-1 l: 2 + 2 = 4, out; A -5 (2-2): **-5**    B cannot play; A 3-1 l: 1 + 4 = 5, +5, out;
                                                            B's 2 pips round to 0: **+5**
    3-0       B 3-0 u: 1 + 2 + 3 = 6, out; A -5: **-5**      B 3-0 u: 3 + 4 + 3 = 10, +10, out; A -5 (3-1):
                                                            **-15**
    3-3       B cannot play; A 2-2 r: 1 + 4 = 5, +5, out;    B 3-3 l: 6 + 4 = 10, +10, out; A -5: **-15**
              B -5 (6 pips): **+10**
    ========  ============================================  =============================================

    With the cards open (B holds 1-1) 2-2 r is best, +5 against -5: A's 3-1 l "loses" 10, a "?".
    On what A could know, 3-1 l is worth (-5 - 5 + 10) / 3 = 0 and 2-2 r (5 - 15 - 15) / 3 =
    -25/3: 2-2 r leaves a 3 that scores 10 with either 3 B may well hold, 3-1 l closes it. The
    sensible play is 3-1 l, and the default analysis does not mark it.
    """
    record = parse_record(SENSIBLE)
    rules = rules_for(record, None, [])
    # The table, each row solved with the cards open (B's last tile and the boneyard swapped).
    by_tile = {}
    for tile, rest in (("1-1", "3-3 3-0"), ("3-0", "3-3 1-1"), ("3-3", "3-0 1-1")):
        text = SENSIBLE.replace("deal B 2-0 1-1 1-0 0-0", f"deal B 2-0 {tile} 1-0 0-0").replace("boneyard 3-3 3-0", f"boneyard {rest}")
        text = text.replace("B 1-1 l\n", "")  # the record stops at the decision
        world = parse_record(text)
        decision = analyze_record(world, rules, None, judging=OPEN).decisions[-1]
        assert decision.turn == 6
        by_tile[tile] = {o.describe(): o.value for o in decision.options}
    assert by_tile == {"1-1": {"3-1 l": -5, "2-2 r": 5}, "3-0": {"3-1 l": -5, "2-2 r": -15}, "3-3": {"3-1 l": 10, "2-2 r": -15}}

    opened = analyze_record(record, rules, None, judging=OPEN).decisions[5]
    assert (opened.played.describe(), opened.best.describe(), opened.loss, opened.mark) == ("3-1 l", "2-2 r", 10, "?")

    fair = analyze_record(record, rules, None).decisions[5]  # the default judging
    assert fair.basis == "expected" and fair.played.describe() == "3-1 l"
    assert (fair.best.describe(), fair.loss, fair.mark) == ("3-1 l", 0, None)
    means = {o.describe(): (o.value, o.standard_error) for o in fair.options}
    for move, exact in (("3-1 l", 0), ("2-2 r", -25 / 3)):
        mean, error = means[move]
        assert abs(mean - exact) <= 3 * error  # the sampled means agree with the table


def test_jobs_2_gives_the_same_expected_figures(small_games):
    # Each record goes to a worker alone (a slow analysis), each decision drawing from its own
    # seeded stream: which process analyses it changes nothing.
    one = run("analyze", str(small_games), "--format", "json", "--samples", "16", "--jobs", "1")
    two = run("analyze", str(small_games), "--format", "json", "--samples", "16", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout


def test_a_record_leaves_nothing_behind():
    # Memory flat in the number of records: after a record, the solver keeps no table and no
    # garbage waits for a collection (the searches hand theirs to the oldest generation, which
    # a full collection may not visit for a long while).
    import gc

    from muggins.analysis import solver, solver_table

    rules = small(3)
    for record in games(rules, 4, 2):
        analyze_record(record, rules, None, judging=FAIR)
        assert not solver_table._TABLES and not solver._ENGINES and not solver_core._ENGINES
        assert gc.collect() == 0


def test_a_spent_record_budget_is_said_in_the_text(small_games):
    text = run("analyze", str(small_games), "--record-budget", "0").stdout
    assert "judged on immediate points only (cut short: the record's budget of 0 s was spent)" in text


# --- the compiled core ---------------------------------------------------------------------------


def _four_small():
    """Four players on a double-4 set (15 tiles), three tiles each, three in the boneyard."""
    changes = [("max_pip", "4"), ("players", "[4]"), ("hand_size", "3"), ("target", "40")]
    return rulesmod.with_overrides(load("allfives"), changes)


@pytest.mark.skipif(not solver_core.available(), reason="the compiled solver core is not built")
@pytest.mark.parametrize("rules, players", [(small(3), 2), (_four_small(), 4)], ids=["two", "four-for-themselves"])
def test_sampled_deals_are_solved_on_the_compiled_core_with_the_python_values(monkeypatch, rules, players):
    """The expected view solves every sampled deal through the one entry point that picks the
    core: with the compiled core built, the sampled deals are its solves; forced onto the
    pure-Python core they are not, and the figures (the same seed) are the same."""
    calls = []
    compiled = solver_core.evaluate_moves

    def counted(position, budget=None, wanted=None):
        calls.append(position)
        return compiled(position, budget, wanted)

    monkeypatch.setattr(solver_core, "evaluate_moves", counted)
    records = [Record(r.headers, r.hands[:2]) for r in simulate(rules, 7, 2, Options(players=players, teams=False))]
    figures = {}
    for core in ("compiled", "python"):
        monkeypatch.setenv(solver_core.CORE_ENV, core)
        calls.clear()
        found = [to_json(analyze_record(record, rules, None, judging=Judging(EXPECTED_VIEW, samples=12, seed=3)))["decisions"] for record in records]
        sampled = [d for decisions in found for d in decisions if d["basis"] == "expected" and d["samples"] > 1]
        assert sampled  # something was hidden, and deals of it were sampled
        assert (len(calls) >= sum(d["samples"] for d in sampled)) if core == "compiled" else not calls
        figures[core] = found
    assert figures["compiled"] == figures["python"]
