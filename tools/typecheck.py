"""Type-check the package with mypy, as it installs: ``python tools/typecheck.py [--clean] [mypy options]``.

The package's folders are mapped onto import names by pyproject.toml's ``package-dir``
(``muggins.notation`` is ``notation/``, ...), which mypy cannot read. So this builds, in a
temporary folder, a tree of links shaped like the installed package and runs ``mypy -p muggins``
on it with the settings of ``[tool.mypy]`` in pyproject.toml (strict on notation, replay and
analysis). It works the same on an editable install, a regular one or none. mypy's cache is kept
in ``.mypy_cache`` at the repository root, so a second run rechecks only what changed.

Without ``--clean``: mypy's own report and exit code. With ``--clean``: the modules that must stay
clean are held to it, the others only counted. Those modules are named in pyproject.toml's
``[tool.muggins.typecheck]``: every module that matches a pattern of ``clean`` and none of
``not_yet``, patterns as mypy writes them (``muggins.replay.*`` is the package and all below it;
``*`` matches any part of a name). Exit code 0 when those modules have no error, 1 when one has
(each error is printed), 2 when mypy could not run. tests/test_typecheck.py runs this.
"""

from __future__ import annotations

import fnmatch
import json
import os
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

#: One of mypy's messages as ``--output json`` gives it (file, line, message, code, severity).
Message = dict[str, Any]

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".mypy_cache"


def _config() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def link_tree(into: Path) -> Path:
    """The package as links under ``into``: ``into/muggins/...``; returns ``into``."""
    folders: dict[str, str] = _config()["tool"]["setuptools"]["package-dir"]
    top = into / "muggins"
    top.mkdir()
    for entry in (ROOT / folders["muggins"]).iterdir():
        if entry.name != "__pycache__":
            (top / entry.name).symlink_to(entry)
    for name, folder in folders.items():
        if name != "muggins":
            (into / Path(*name.split("."))).symlink_to(ROOT / folder)
    return into


def matches(module: str, pattern: str) -> bool:
    """Whether ``module`` is one that ``pattern`` names, as in mypy's ``module`` settings:
    ``a.b.*`` is ``a.b`` and every module under it; ``*`` matches any run of characters."""
    if pattern.endswith(".*") and module == pattern[:-2]:
        return True
    return fnmatch.fnmatchcase(module, pattern)


def module_of(file: str) -> str | None:
    """The module of a file as mypy names it in the tree (``muggins/batch/__init__.py`` is
    ``muggins.batch``); None for what is not a module (pyproject.toml, say)."""
    path = Path(file)
    if path.suffix not in (".py", ".pyi") or path.is_absolute():
        return None
    parts = list(path.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@dataclass
class Rules:
    """Which modules must stay clean: see the module doc."""

    clean: list[str]
    not_yet: list[str]

    @staticmethod
    def from_config() -> Rules:
        table = _config()["tool"]["muggins"]["typecheck"]
        return Rules(list(table["clean"]), list(table.get("not_yet", [])))

    def must_be_clean(self, module: str) -> bool:
        return any(matches(module, p) for p in self.clean) and not any(matches(module, p) for p in self.not_yet)


@dataclass
class Verdict:
    """mypy's errors split between the modules that must be clean and the others."""

    held: list[Message]  # errors in modules that must be clean, as mypy gave them
    elsewhere: dict[str, int]  # module -> its number of errors, for the others

    @property
    def clean(self) -> bool:
        return not self.held


def judge(records: Iterable[Message], rules: Rules) -> Verdict:
    """The verdict on mypy's JSON records (``--output json``: one object per message)."""
    held: list[Message] = []
    elsewhere: dict[str, int] = {}
    for record in records:
        if record.get("severity") != "error":
            continue
        module = module_of(record["file"])
        if module is not None and not rules.must_be_clean(module):
            elsewhere[module] = elsewhere.get(module, 0) + 1
        else:  # an error outside any module (the configuration's, say) counts against the run
            held.append(record)
    return Verdict(held, elsewhere)


def _shown(record: Message) -> str:
    code = f"  [{record['code']}]" if record.get("code") else ""
    return f"{record['file']}:{record['line']}: error: {record['message']}{code}"


def run_mypy(args: list[str], capture: bool) -> subprocess.CompletedProcess[str]:
    """mypy on the whole package in a tree of links (its output captured when ``capture``)."""
    with tempfile.TemporaryDirectory(prefix="muggins-types-") as tmp:
        tree = link_tree(Path(tmp))
        env = dict(os.environ, MYPYPATH=str(tree))
        command = [
            sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
            "--cache-dir", str(CACHE), "-p", "muggins", *args,
        ]  # fmt: skip
        return subprocess.run(command, cwd=tree, env=env, text=True, capture_output=capture)


def check_clean(args: list[str]) -> int:
    """``--clean``: see the module doc."""
    rules = Rules.from_config()
    done = run_mypy(["--output", "json", *args], capture=True)
    records = []
    for line in done.stdout.splitlines():
        try:
            records.append(json.loads(line))
        except ValueError:  # not one of mypy's records: "Success: ...", a crash's report
            if not line.startswith("Success:"):
                print(line, file=sys.stderr)
    sys.stderr.write(done.stderr)
    if done.returncode not in (0, 1):
        print(f"typecheck: mypy could not run (exit code {done.returncode})", file=sys.stderr)
        return 2
    verdict = judge(records, rules)
    for record in verdict.held:
        print(_shown(record))
    others = sum(verdict.elsewhere.values())
    later = f"; {_counted(others, 'error')} in {_counted(len(verdict.elsewhere), 'module')} not yet clean" if others else ""
    if verdict.clean:
        print(f"typecheck: no error where mypy must find none{later}")
        return 0
    print(f"typecheck: {_counted(len(verdict.held), 'error')} where mypy must find none ([tool.muggins.typecheck] in pyproject.toml){later}")
    return 1


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def main(argv: list[str]) -> int:
    if "--clean" in argv:
        return check_clean([a for a in argv if a != "--clean"])
    return run_mypy(argv, capture=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
