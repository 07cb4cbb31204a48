"""The layers depend one way (ARCHITECTURE.md): notation -> replay -> analysis -> pictures ->
batch and api -> cli. No module imports a layer above its own, at its top or inside a function,
and nothing below the command line imports typer, rich or click."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_pictures_layer import imported_modules

ROOT = Path(__file__).resolve().parents[1]

#: Each layer's folder and the muggins modules above it, which it must not import.
LAYERS = {
    "notation": ("replay", "analysis", "pictures", "batch", "api", "cli"),
    "replay": ("analysis", "pictures", "batch", "api", "cli"),
    "analysis": ("pictures", "batch", "api", "cli"),
    "pictures": ("batch", "api", "cli"),
    "src/muggins/batch": ("api", "cli"),
}
UI = ("typer", "rich", "click")


def _files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder", list(LAYERS))
def test_no_layer_imports_one_above_it(folder):
    above = tuple(f"muggins.{name}" for name in LAYERS[folder])
    wrong = {
        (path.relative_to(ROOT).as_posix(), module)
        for path in _files(folder)
        for module in imported_modules(path)
        if module.startswith(above) or module.split(".")[0] in UI
    }
    assert not wrong


def test_the_shared_modules_and_the_api_know_no_command_line():
    shared = [ROOT / "src/muggins" / name for name in ("diagnostics.py", "limits.py", "files.py", "inputs.py", "api.py", "i18n.py")]
    wrong = {(p.name, m) for p in shared for m in imported_modules(p) if m.startswith("muggins.cli") or m.split(".")[0] in UI}
    assert not wrong


def test_the_translation_module_imports_no_other_muggins_module():
    """Every layer may say its messages through muggins.i18n, which therefore depends on none."""
    assert not {m for m in imported_modules(ROOT / "src/muggins/i18n.py") if m.startswith("muggins")}
