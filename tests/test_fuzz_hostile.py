"""The hostile classes of the long fuzz run (fuzz/inputs.py, issue 15) on a few inputs each in the
normal test run: deep and aliased YAML in rule values, old Mac line ends, a brace left open,
control characters, formula-like text, lines and records about the reading limits (read under
the low limits of ``inputs.LIMITS``, and compared with reading without them). Each input goes through every library layer (parser,
formatter round trip, checkers, replayer, audit, analysis, an SVG picture that must be
well-formed XML) and, as a file, through the readers and three commands; nothing may break a
promise of fuzz/properties.py.

``huge-counts`` is left to the long run: a draw of 999,999,999 tiles still costs the replayer
minutes until its counts are bounded by the boneyard (the rules engine's part of the issue).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzz import inputs, properties  # noqa: E402

HOSTILE = ("yaml-values", "cr-only", "open-comment", "control-chars", "formula", "over-limits")


def test_every_hostile_class_is_a_kind_of_the_long_run():
    assert set(HOSTILE) | {"huge-counts"} <= set(inputs.KINDS)
    assert set(inputs.KINDS) == set(inputs.GENERATORS)


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("number", range(6))
def test_hostile_input(kind, number, tmp_path, monkeypatch):
    for name, value in inputs.LIMITS.get(kind, {}).items():
        monkeypatch.setenv(name, value)
    data = inputs.generate(kind, number)
    rng = random.Random(number)
    path = tmp_path / "input.mgn"
    if isinstance(data, bytes):
        path.write_bytes(data)
        problems = properties.check_file(path, rng)
    else:
        path.write_text(data, encoding="utf-8", newline="")
        problems = properties.check_library(data, rng) + properties.check_file(path, rng)
    problems += properties.check_cli(path, rng)
    if kind in inputs.LIMITS:
        problems += properties.check_limits(path, inputs.LIMITS[kind])
    assert not problems, "\n\n".join(str(p) for p in problems)


def test_the_hostile_texts_hold_what_they_say():
    # The generators really make what they are named for.
    rng = random.Random(1)
    assert all(c in inputs.CONTROL for c in ("\x00", "\x1b[2J", "\ufffe", "\uffff"))
    deep = [inputs.hostile_yaml(random.Random(n)) for n in range(200)]
    assert any(v.startswith("[" * 1000) for v in deep) and any("*a" in v for v in deep)
    assert b"\r" in inputs.cr_only_bytes(rng)
    assert any("{" in inputs.open_comment_record(random.Random(n)).split("\n")[0] for n in range(20))
    limit = int(inputs.LIMITS["over-limits"]["MUGGINS_LINE_BYTES"])
    longest = [max(map(len, inputs.over_limits_bytes(random.Random(n)).splitlines())) for n in range(40)]
    assert any(n > limit for n in longest) and any(n <= limit for n in longest)
