"""muggins as a library (src/muggins/api.py, API.md): reading one record at a time, the builder
hook that reads only what is wanted, and the calls of the commands, with no command line."""

from __future__ import annotations

import doctest
import inspect
import io
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import muggins
from muggins.notation import parser

ROOT = Path(__file__).resolve().parents[1]
SEVERAL = ROOT / "samples" / "several-records.mgn"


def test_the_examples_of_api_md_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testfile(str(ROOT / "API.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 10 and failures == 0


def _loaded_after(code: str) -> set[str]:
    script = textwrap.dedent(code) + "\nimport sys\nprint('MODULES', ' '.join(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    (line,) = [line for line in out.splitlines() if line.startswith("MODULES ")]
    return set(line.split()[1:])


def test_import_muggins_loads_nothing_else():
    assert {m for m in _loaded_after("import muggins") if m.startswith("muggins")} == {"muggins"}


def test_the_library_and_the_batch_machinery_load_no_command_line():
    loaded = _loaded_after(
        """
        import muggins
        from muggins.batch import spread
        record = next(muggins.read_records("samples/allfives-2p.mgn"))
        muggins.audit_record(record), muggins.analyze_record(record), muggins.replay_to(record, 1)
        from pathlib import Path
        list(spread.spread([Path("samples/several-records.mgn")], lambda record, path, index: index))
        """
    )
    assert not {m.split(".")[0] for m in loaded} & {"typer", "rich", "click"}
    assert not any(m.startswith("muggins.cli") for m in loaded)


def test_headers_only_never_parses_a_hand(monkeypatch):
    parsed: list[str] = []
    real = parser._parse_chunk

    def noting(chunk, source):
        parsed.append(chunk.text)
        return real(chunk, source)

    monkeypatch.setattr(parser, "_parse_chunk", noting)
    heads = list(muggins.read_records(SEVERAL, muggins.HeadersBuilder()))
    assert [len(r.hands) for r in heads] == [0, 0, 0]
    assert len(parsed) == 3 and not any("\nhand " in text for text in parsed)
    whole = list(muggins.read_records(SEVERAL))
    assert [r.headers for r in heads] == [r.headers for r in whole]
    assert [r.line for r in heads] == [r.line for r in whole] == [1, 33, 62]


def test_a_builder_sees_the_tags_before_choosing_to_read_the_hands():
    asked = []

    class Chooser(muggins.RecordBuilder):
        def wants_hands(self, head):
            asked.append((head.tag("Rules"), len(head.hands)))
            return head.tag("Rules") != "scorecard"

    got = list(muggins.read_records(SEVERAL, Chooser()))
    assert asked == [("allfives", 0), ("scorecard", 0), ("pontos", 0)]
    assert [len(r.hands) for r in got] == [1, 0, 1]


def test_a_handle_reads_as_the_path_does_and_broken_records_come_as_errors(tmp_path):
    text = SEVERAL.read_text(encoding="utf-8") + '\n[Seat A "a"]\nhand 1\nA 6/4\n'
    path = tmp_path / "games.mgn"
    path.write_text(text, encoding="utf-8")
    by_path = list(muggins.read_records(path))
    with open(path, encoding="utf-8") as handle:
        by_handle = list(muggins.read_records(handle))
    assert [type(r).__name__ for r in by_path] == ["Record"] * 3 + ["NotationError"]
    assert by_path[:3] == by_handle[:3] == list(muggins.read_records(io.StringIO(text)))[:3]
    # several-records.mgn has 88 lines; then a blank line, the tag, hand 1, and the bad tile.
    assert by_path[3].diagnostics[0].line == by_handle[3].diagnostics[0].line == 92
    with pytest.raises(OSError):
        list(muggins.read_records(tmp_path / "missing.mgn"))


def test_the_calls_take_a_rule_set_by_name():
    record = next(muggins.read_records(ROOT / "samples" / "allfives-2p.mgn"))
    assert muggins.audit_record(record, "allfives").rules.name == "allfives"
    assert muggins.audit_record(record, "pontos").rules.name == "pontos"
    game, state = muggins.replay_to(record, 1)  # the hand's last turn
    assert state.over
    with pytest.raises(IndexError):
        muggins.replay_to(record, 9)
    with pytest.raises(AttributeError):
        muggins.no_such_name  # noqa: B018


def _documented_signatures() -> dict[str, str]:
    """API.md's table of calls: name -> the call as written there (``muggins.name(a, b=None)``)."""
    rows = [line for line in (ROOT / "API.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `muggins.")]
    calls = [re.match(r"\| `(muggins\.(\w+)\([^)`]*\))`", row) for row in rows]
    return {m.group(2): m.group(1) for m in calls if m}


def _written(name: str) -> str:
    """The call as API.md writes it, from the code: each parameter's name, and its default."""
    parameters = inspect.signature(getattr(muggins, name)).parameters.values()
    shown = [p.name if p.default is inspect.Parameter.empty else f"{p.name}={p.default!r}" for p in parameters]
    return f"muggins.{name}({', '.join(shown)})"


def test_api_md_writes_each_call_as_the_code_declares_it():
    documented = _documented_signatures()
    functions = sorted(name for name in muggins.__all__ if inspect.isfunction(getattr(muggins, name, None)))
    assert functions == ["analyze_record", "audit_record", "read_records", "replay_to"]
    assert sorted(documented) == functions  # every call in the table, and no other
    for name in functions:
        assert documented[name] == _written(name)
