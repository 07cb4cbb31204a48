"""Type-check the package with mypy, as it installs: ``python tools/typecheck.py [mypy options]``.

The package's folders are mapped onto import names by pyproject.toml's ``package-dir``
(``muggins.notation`` is ``notation/``, ...), which mypy cannot read. So this builds, in a
temporary folder, a tree of links shaped like the installed package and runs ``mypy -p muggins``
on it with the settings of ``[tool.mypy]`` in pyproject.toml (strict on notation, replay and
analysis). It works the same on an editable install, a regular one or none. Exit code: mypy's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def link_tree(into: Path) -> Path:
    """The package as links under ``into``: ``into/muggins/...``; returns ``into``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    folders: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    top = into / "muggins"
    top.mkdir()
    for entry in (ROOT / folders["muggins"]).iterdir():
        if entry.name != "__pycache__":
            (top / entry.name).symlink_to(entry)
    for name, folder in folders.items():
        if name != "muggins":
            (into / Path(*name.split("."))).symlink_to(ROOT / folder)
    return into


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="muggins-types-") as tmp:
        tree = link_tree(Path(tmp))
        env = dict(os.environ, MYPYPATH=str(tree))
        command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "-p", "muggins", *argv]
        return subprocess.run(command, cwd=tree, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
