"""The pictures (text board, SVG, HTML viewer) are one layer of their own, between the analysis
and the command line: nothing below imports them, and they import nothing above them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BELOW = ("notation", "replay", "analysis")


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function (relative imports resolved
    against its package)."""
    package = "muggins." + path.parent.name
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                found.add(f"{base}.{node.module}" if node.module else base)
            else:
                found.add(node.module or "")
    return found


def test_the_scanner_sees_imports_inside_functions(tmp_path):
    # The scanner must be able to fail: a late import is still an import.
    probe = tmp_path / "replay" / "probe.py"
    probe.parent.mkdir()
    probe.write_text("def f():\n    from muggins.pictures.svg import position_svg\n    from . import board\n")
    assert imported_modules(probe) == {"muggins.pictures.svg", "muggins.replay"}


@pytest.mark.parametrize("layer", BELOW)
def test_no_lower_layer_imports_the_pictures(layer):
    for path in sorted((ROOT / layer).glob("*.py")):
        wrong = {m for m in imported_modules(path) if m == "muggins.pictures" or m.startswith("muggins.pictures.")}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_the_pictures_know_no_command_line():
    for path in sorted((ROOT / "pictures").glob("*.py")):
        wrong = {m for m in imported_modules(path) if m.split(".")[0] in ("typer", "rich", "click") or m.startswith("muggins.cli")}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_the_drawing_modules_left_replay_and_analysis():
    for old in ("replay/svg.py", "replay/svg_layout.py", "replay/svg_view.py", "replay/text.py", "analysis/viewer.py", "analysis/viewer_page.py"):
        assert not (ROOT / old).exists(), old
