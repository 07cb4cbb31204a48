"""The library's calls refuse an argument of the wrong kind with a TypeError that says what they
take (src/muggins/api.py, API.md), never an AttributeError from inside or a wrong answer."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import muggins

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "allfives-2p.mgn"
BROKEN = ROOT / "samples" / "bad" / "syntax-tile-slash.mgn"


@pytest.fixture(scope="module")
def record() -> muggins.Record:
    return next(muggins.read_records(SAMPLE))


@pytest.mark.parametrize("call", [muggins.audit_record, muggins.analyze_record])
def test_a_notation_error_from_read_records_is_refused_by_name(call):
    (error,) = list(muggins.read_records(BROKEN))
    assert isinstance(error, muggins.NotationError)
    with pytest.raises(TypeError, match=r"takes a Record, not a NotationError: .*isinstance\(item, Record\)"):
        call(error)


@pytest.mark.parametrize("call", [muggins.audit_record, muggins.analyze_record, lambda r: muggins.replay_to(r, 1)])
@pytest.mark.parametrize("wrong", [None, "samples/allfives-2p.mgn", 5])
def test_what_is_not_a_record_is_refused(call, wrong):
    with pytest.raises(TypeError, match=r"takes a Record \(as read_records yields it\), not (None|a str|an int)"):
        call(wrong)


def test_a_path_given_for_a_record_is_told_to_read_it_first():
    with pytest.raises(TypeError, match=r"read it first, next\(muggins.read_records\(path\)\)"):
        muggins.audit_record(str(SAMPLE))


def test_the_builder_class_itself_is_refused_with_what_to_write():
    with pytest.raises(TypeError, match=r"write HeadersBuilder\(\), not HeadersBuilder"):
        muggins.read_records(SAMPLE, muggins.HeadersBuilder)  # type: ignore[arg-type]


@pytest.mark.parametrize("builder", [object(), "x"])
def test_a_builder_that_is_no_record_builder_is_refused(builder):
    with pytest.raises(TypeError, match="takes a RecordBuilder"):
        muggins.read_records(SAMPLE, builder)


def test_a_bytes_path_is_refused_and_a_path_object_is_read():
    with pytest.raises(TypeError, match="not a bytes: decode it first"):
        muggins.read_records(bytes(SAMPLE))  # type: ignore[arg-type]
    assert [type(r).__name__ for r in muggins.read_records(SAMPLE)] == ["Record"]


def test_a_binary_handle_is_refused_and_a_text_handle_is_read():
    data = SAMPLE.read_bytes()
    with pytest.raises(TypeError, match="a text handle, not a binary one"):
        muggins.read_records(io.BytesIO(data))  # type: ignore[arg-type]
    with open(SAMPLE, "rb") as handle, pytest.raises(TypeError, match="a text handle, not a binary one"):
        muggins.read_records(handle)  # type: ignore[arg-type]
    (got,) = list(muggins.read_records(io.StringIO(data.decode("utf-8"))))
    assert got.tag("Event") == "Sample: two-player All Fives"


@pytest.mark.parametrize("source", [None, 123])
def test_what_is_neither_path_nor_handle_is_refused(source):
    with pytest.raises(TypeError, match="takes a path .* or a text handle open for reading"):
        muggins.read_records(source)  # type: ignore[arg-type]


def test_read_records_refuses_on_the_call_not_at_the_first_record():
    # The check is at the boundary: no record need be asked for to learn of the mistake.
    with pytest.raises(TypeError):
        muggins.read_records(SAMPLE, muggins.RecordBuilder)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "args, name",
    [((1, "3"), "turn"), (("1",), "hand"), ((1, 3.5), "turn"), ((1.0,), "hand"), ((None,), "hand"), ((True,), "hand"), ((1, True), "turn")],
)
def test_a_hand_or_turn_that_is_no_int_is_refused_not_read(record, args, name):
    with pytest.raises(TypeError, match=rf"replay_to: {name} is a whole number \(an int\)"):
        muggins.replay_to(record, *args)


def test_replay_to_with_ints_is_unchanged(record):
    # samples/allfives-2p.mgn, hand 1 after turn 9 (A 4-3 l): the spinner 5-5 has 5-1, 3-1, 4-3 on
    # its left (a 4 open), 5-2, 4-2, 6-4, 6-1 on its right (a 1), 6-5 above (a 6), nothing below
    # (a bare arm does not count): 4 + 1 + 6 = 11. Hand 2 at the deal: nothing on the table.
    _, after_nine = muggins.replay_to(record, 1, 9)
    assert after_nine.board.total() == 11
    _, at_deal = muggins.replay_to(record, 2, 0)
    assert at_deal.board.total() == 0
    with pytest.raises(IndexError):
        muggins.replay_to(record, 1, 99)


@pytest.mark.parametrize("rules", [5, b"allfives"])
def test_a_rule_set_of_another_kind_is_refused(record, rules):
    with pytest.raises(TypeError, match="rules is None .*, a preset name, a YAML file or a RuleSet|rules as a path"):
        muggins.audit_record(record, rules)


def test_a_rule_file_as_a_path_object_is_taken(record):
    assert muggins.audit_record(record, ROOT / "samples" / "rules" / "house.yaml").rules.name == "house"


@pytest.mark.parametrize("budget", ["1", None, True])
def test_a_budget_that_is_no_number_is_refused(record, budget):
    with pytest.raises(TypeError, match="budget is a number of seconds"):
        muggins.analyze_record(record, budget=budget)
