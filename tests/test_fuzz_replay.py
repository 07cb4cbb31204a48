"""Fuzzing what comes after the parser: any record that reads, right or wrong, goes through the
check command's checkers, the replayer, the audit, the analysis (solver budget 0) and an SVG
picture, under its own rules and a preset drawn at random, without raising; every diagnostic
names a line and a column from 1. Rule files with slips in them load or raise RuleError, and a
rule set that loads can be audited and simulated under.

Generators: fuzz/inputs.py, shared with the long run (``python fuzz/run.py``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz import inputs, properties  # noqa: E402

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _assert_none(problems: list) -> None:
    assert not problems, "\n\n".join(str(p) for p in problems)


def _through_every_layer(text: str, rng: random.Random) -> int:
    records, problems = properties.check_parse(text)
    for record in records:
        problems += properties.check_record(record, rng)
    _assert_none(problems)
    return len(records)


@FUZZ
@given(st.randoms(use_true_random=True))
def test_grammar_shaped_records_through_every_layer(rng):
    _through_every_layer(inputs.grammar_record(rng), rng)


@FUZZ
@given(st.randoms(use_true_random=True))
def test_valid_records_with_a_slip_through_every_layer(rng):
    text = inputs.mutated_token_record(rng) if rng.random() < 0.5 else inputs.mutated_char_record(rng)
    _through_every_layer(text, rng)


def test_right_records_under_every_preset():
    """The samples and one simulated game per preset, unchanged, each under its own rules and
    under every preset: a record written for one rule set is only findings under another."""
    from muggins.notation.parser import iter_records
    from muggins.replay.resolve import rules_for

    rng = random.Random(7)
    seen: set[str] = set()
    for text in inputs.valid_corpus():
        for record in iter_records(text):
            name = rules_for(record).name
            if name in seen and record.tag("Site") == "muggins simulate":
                continue
            seen.add(name)
            _assert_none(properties.check_record(record, rng, presets=inputs.PRESETS))
    assert set(inputs.PRESETS) <= seen


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=True))
def test_rule_files_with_slips(tmp_path, rng):
    path = tmp_path / "rules.yaml"
    path.write_text(inputs.rule_file(rng), encoding="utf-8")
    _assert_none(properties.check_rule_file(path))


def test_the_mutated_records_reach_the_replayer():
    """Enough of the generated records read for the replayer to be fuzzed at all (most slips
    still leave a readable record: a changed tile, claim or end)."""
    rng = random.Random(11)
    read = sum(_count(inputs.mutated_token_record(rng)) for _ in range(200))
    shaped = sum(_count(inputs.grammar_record(rng)) for _ in range(200))
    assert read > 40 and shaped > 60, (read, shaped)


def _count(text: str) -> int:
    records, _ = properties.check_parse(text)
    return len(records)
