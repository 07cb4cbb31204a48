"""Fuzzing the notation: any text, any bytes, records of the right shape and right records with
a slip in them. The parser raises nothing but NotationError, every diagnostic it gives names a
line and a column from 1, and any record it reads formats to text that reads back the same.

The generators are those of the long run (fuzz/inputs.py, ``python fuzz/run.py``); here
hypothesis drives them (``st.randoms``), so a failure shrinks to a small input.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz import inputs, properties  # noqa: E402

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _assert_none(problems: list) -> None:
    assert not problems, "\n\n".join(str(p) for p in problems)


def _parse_and_format(text: str) -> None:
    records, problems = properties.check_parse(text)
    for record in records:
        problems += properties.check_format(record)
    _assert_none(problems)


@FUZZ
@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126) | st.sampled_from("\n\t\r{}[]\";+-?!"), max_size=400))
def test_printable_text(text):
    _parse_and_format(text)


@FUZZ
@given(st.text(max_size=200))
def test_any_unicode_text(text):
    _parse_and_format(text)


@FUZZ
@given(st.randoms(use_true_random=True))
def test_grammar_shaped_records(rng):
    _parse_and_format(inputs.grammar_record(rng))


@FUZZ
@given(st.randoms(use_true_random=True))
def test_valid_records_with_a_token_changed_dropped_doubled_or_swapped(rng):
    _parse_and_format(inputs.mutated_token_record(rng))


@FUZZ
@given(st.randoms(use_true_random=True))
def test_valid_records_with_characters_changed(rng):
    _parse_and_format(inputs.mutated_char_record(rng))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.builds(inputs.random_bytes, st.randoms(use_true_random=True)))
def test_any_bytes_in_a_file(tmp_path, data):
    path = tmp_path / "input.mgn"
    path.write_bytes(data)
    from muggins.notation.parser import NotationError, read_file

    for item in read_file(path):  # never raises: a file that is not UTF-8 is a NotationError
        if isinstance(item, NotationError):
            _assert_none(properties.positions(item.diagnostics, "read-position"))


def test_every_valid_record_of_the_corpus_is_valid():
    """The mutations start from right records: every one of them must read (a slip in the
    corpus itself would make the mutation tests weaker without failing them)."""
    from muggins.notation.parser import NotationError, iter_records

    corpus = inputs.valid_corpus()
    samples = [p.read_text(encoding="utf-8") for p in inputs.SAMPLES.glob("*.mgn")]
    rule_mistakes = [p for p in (inputs.SAMPLES / "bad").glob("*.mgn") if not p.name.startswith("syntax-")]
    # every preset at every table size, two games each; the samples; the rule mistakes but one
    # (undeclared-team-score.mgn is a notation slip)
    assert len(corpus) >= 2 * 25 + len(samples) + len(rule_mistakes) - 1
    assert set(samples) <= set(corpus)
    for text in corpus:
        items = list(iter_records(text))
        assert items and not any(isinstance(i, NotationError) for i in items), text[:300]
