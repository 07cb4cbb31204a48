"""Start-up: what ``muggins --help`` and ``muggins check`` load, the Typer releases the suite runs
on, and the parse table shipped with the package. (Start-up times are measured by
bench/bench_startup.py, never here.)"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from muggins.cli import app

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "allfives-2p.mgn"


def _modules_after(*argv: str) -> set[str]:
    """The top-level packages loaded by a fresh ``muggins ARGV`` run."""
    script = textwrap.dedent(
        f"""
        import sys
        sys.argv = ["muggins", *{list(argv)!r}]
        from muggins.cli import main
        try:
            main()
        except SystemExit:
            pass
        print("MODULES", " ".join(sorted({{m.split(".")[0] for m in sys.modules}})))
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    (line,) = [line for line in out.splitlines() if line.startswith("MODULES ")]
    return set(line.split()[1:])


def test_help_loads_no_parser_rules_or_pydantic():
    loaded = _modules_after("--help")
    assert not loaded & {"pydantic", "lark", "yaml"}, loaded


def test_check_of_a_clean_file_loads_no_pydantic():
    loaded = _modules_after("check", str(SAMPLE))
    assert "pydantic" not in loaded
    assert "rich" not in loaded  # nothing to show but the summary line
    # The record is read on the fast path, and its preset from the values read ahead of time.
    assert not loaded & {"lark", "yaml"}, loaded


def test_check_of_a_broken_file_loads_lark_for_its_diagnostic(tmp_path):
    broken = tmp_path / "broken.mgn"
    broken.write_text(SAMPLE.read_text(encoding="utf-8").replace("]", "", 1), encoding="utf-8")
    assert "lark" in _modules_after("check", str(broken))


@pytest.mark.parametrize("name", [info.name for info in app.registered_commands])
def test_a_command_built_alone_says_what_it_says_in_the_whole_app(name, monkeypatch, capsys):
    from typer.main import get_command

    from muggins.cli import main

    monkeypatch.setattr(sys, "argv", ["muggins", name, "--help"])
    with pytest.raises(SystemExit):
        main()
    alone = capsys.readouterr().out
    with pytest.raises(SystemExit):
        get_command(app)([name, "--help"])
    assert alone == capsys.readouterr().out
    assert f" {name} [OPTIONS]" in alone


# --- the Typer the suite runs on ----------------------------------------------------------------


def test_the_installed_typer_is_in_the_range_pyproject_pins():
    """The suite is run on the Typer releases pyproject.toml allows, and only on those: from
    0.29 Typer reads every value through pydantic, which the start-up tests above would catch
    anyway; this says why, on any other release."""
    import re
    from importlib.metadata import requires, version

    (pin,) = [r for r in requires("muggins") if re.match(r"typer\b", r)]
    low, high = re.search(r">=([0-9.]+)", pin).group(1), re.search(r"<([0-9.]+)", pin).group(1)
    installed = tuple(int(part) for part in version("typer").split(".")[:2])
    assert tuple(map(int, low.split("."))) <= installed < tuple(map(int, high.split("."))), (
        f"Typer {version('typer')} is not in the tested range {pin}: run the suite on it and widen the pin"
    )


# --- the shipped parse table (notation/table.py) -------------------------------------------------


def test_the_shipped_table_is_for_the_grammar_as_it_is():
    from muggins.notation import mgn_table, table

    grammar = table.GRAMMAR_PATH.read_text(encoding="utf-8")
    assert mgn_table.GRAMMAR_SHA256 == table.grammar_digest(grammar), "mgn.lark changed: run python -m muggins.notation.table"


def test_a_table_built_from_the_grammar_reads_the_same(monkeypatch, tmp_path):
    """The parser loaded from the shipped table and one built from the grammar (as when the table
    does not fit) read the samples to the same records; the built one is cached in the user's
    cache folder, not in the shared temporary folder."""
    from muggins.notation import parser, table
    from muggins.notation.parser import read_file

    samples = sorted((Path(__file__).resolve().parents[1] / "samples").rglob("*.mgn"))
    monkeypatch.setenv("MUGGINS_FASTPATH", "0")
    parser._lark_for.cache_clear()
    shipped = [[_plain(r) for r in read_file(path)] for path in samples]

    monkeypatch.setattr(table, "_shipped", lambda: None)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parser._lark_for.cache_clear()
    try:
        built = [[_plain(r) for r in read_file(path)] for path in samples]
    finally:
        parser._lark_for.cache_clear()
    assert built == shipped
    assert list((tmp_path / "muggins").glob("mgn-*.lark-cache"))


def _plain(item):
    from muggins.notation.parser import NotationError

    return [d.render() for d in item.diagnostics] if isinstance(item, NotationError) else item


# --- the shipped presets read ahead of time (replay/preset_table.py) ---------------------------


def test_the_shipped_preset_values_are_what_the_yaml_says():
    from muggins.replay import preset_table, preset_values
    from muggins.replay.rules import read_yaml_text

    files = sorted(preset_table.PRESET_DIR.glob("*.yaml"))
    assert sorted(preset_values.PRESETS) == sorted(path.stem for path in files), "run python -m muggins.replay.preset_table"
    for path in files:
        text = path.read_text(encoding="utf-8")
        shipped_text, data, marks = preset_values.PRESETS[path.stem]
        assert shipped_text == text, f"{path.name} changed: run python -m muggins.replay.preset_table"
        assert (data, marks) == read_yaml_text(text, path.name)


def test_a_preset_whose_text_changed_is_read_as_yaml(monkeypatch):
    from muggins.replay import preset_table

    path = preset_table.PRESET_DIR / "allfives.yaml"
    text = path.read_text(encoding="utf-8")
    assert preset_table.shipped(path, text) is not None
    assert preset_table.shipped(path, text + "\ntarget: 150\n") is None  # edited: not the values read ahead
    assert preset_table.shipped(Path("elsewhere") / "allfives.yaml", text) is None  # not a shipped file
    data, _ = preset_table.shipped(path, text)
    data["target"] = -1  # the caller's own copy
    assert preset_table.shipped(path, text)[0].get("target") != -1
