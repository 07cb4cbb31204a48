"""The command line: wiring and presentation only; every rule and check lives below it."""

from __future__ import annotations

from muggins.cli.app import app

# Importing a command module registers its command with ``app``.
from muggins.cli import audit as _audit  # noqa: F401,E402
from muggins.cli import replay as _replay  # noqa: F401,E402
from muggins.cli import rules as _rules  # noqa: F401,E402
from muggins.cli import check as _check  # noqa: F401,E402
from muggins.cli import fmt as _fmt  # noqa: F401,E402
from muggins.cli import simulate as _simulate  # noqa: F401,E402
from muggins.cli import render as _render  # noqa: F401,E402
from muggins.cli import view as _view  # noqa: F401,E402
from muggins.cli import analyze as _analyze  # noqa: F401,E402


def main() -> None:
    app()
