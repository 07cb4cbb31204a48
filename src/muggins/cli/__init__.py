"""The command line: wiring and presentation only; every rule and check lives below it.

One module per command, registered with ``app`` (app.py) on import. What they share: common.py
(options said the same way everywhere, exit codes, ``-o``), output.py (the one way text reaches
a person: control characters of record text made visible, every message ``muggins: ...``),
csvout.py (CSV cells no spreadsheet runs); what the names on a command line stand for is
``muggins.inputs``, below the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from muggins.cli.app import app

if TYPE_CHECKING:
    import typer

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
from muggins.cli import keep as _keep  # noqa: F401,E402


def main() -> None:
    """The ``muggins`` command: ``app`` as Typer runs it (Typer's own pretty tracebacks are off
    for this app). When the command line names a command, only that one is built: it says and
    does just the same."""
    import sys

    from typer.main import get_command

    get_command(_named(sys.argv[1:2]))()


def _named(first: list[str]) -> typer.Typer:
    """``app``, or a copy of it that holds only the command named by ``first`` when it names one."""
    import copy

    chosen = [info for info in app.registered_commands if first and info.name == first[0]]
    if not chosen:
        return app
    narrowed = copy.copy(app)
    narrowed.registered_commands = chosen
    return narrowed
