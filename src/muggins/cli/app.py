"""The Typer application object that every command module registers itself with.

Commands live one per module in this package; importing a module registers its command. Heavy
imports (the parser, the replayer, rich tables) happen inside the command functions, so that
``muggins --help`` starts quickly.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="muggins",
    help=(
        "Record analyzer and replayer for the domino game All Fives (Muggins): verify disputed "
        "scores, replay recorded games, analyze missed Muggins points.\n\n"
        "Exit codes: 0 clean, 1 problems found in the records, 2 unusable input."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _root() -> None:
    """Record analyzer and replayer for All Fives (Muggins)."""
