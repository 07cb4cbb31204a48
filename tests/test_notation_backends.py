"""With the optional lark-cython installed, the parser gives exactly what plain lark gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from muggins.notation import parser
from muggins.notation.errors import CATALOGUE, NotationError

pytest.importorskip("lark_cython")

SAMPLES = sorted((Path(__file__).resolve().parents[1] / "samples").rglob("*.mgn"))


def everything(monkeypatch, backend: str) -> list:
    monkeypatch.setattr(parser, "_lark", lambda: parser._lark_for(backend))
    results: list = []
    for path in SAMPLES:
        for item in parser.read_file(path):
            results.append(item.diagnostics if isinstance(item, NotationError) else item)
    for examples in CATALOGUE.values():
        for example in examples:
            try:
                parser.parse_record(example)
            except NotationError as exc:
                results.append([(d, d.expected, d.context) for d in exc.diagnostics])
    return results


def test_lark_cython_reads_exactly_as_lark_does(monkeypatch):
    assert len(SAMPLES) > 10
    assert everything(monkeypatch, "lark-cython") == everything(monkeypatch, "lark")
