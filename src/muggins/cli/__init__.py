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
    does just the same. The language (``--lang``, else the environment) is chosen first, so that
    the help is in it too. An exception that escapes the command is a fault of muggins, said as
    one (``common.internal_error``, exit code 70), never as a traceback."""
    import sys

    from typer.main import get_command

    from muggins import i18n

    args = sys.argv[1:]
    i18n.use(i18n.normalise(_global(args).get("--lang")) or i18n.from_environment())
    command = get_command(_named(args))
    if i18n.language() != "en":
        _translate_help(command)
    try:
        command()
    except Exception as error:  # a fault of muggins itself: two plain lines, not a traceback
        from muggins.cli.common import internal_error

        internal_error(error)


#: The options of ``muggins`` itself (before the command), and whether each takes a value.
GLOBAL_OPTIONS = {"--version": False, "--no-color": False, "--lang": True}


def _global(args: list[str]) -> dict[str, str | None]:
    """The global options at the head of ``args`` (up to the command's name), with their values."""
    found: dict[str, str | None] = {}
    i = 0
    while i < len(args):
        name, equals, value = args[i].partition("=")
        if name not in GLOBAL_OPTIONS:
            break
        if GLOBAL_OPTIONS[name] and not equals:
            value = args[i + 1] if i + 1 < len(args) else ""
            i += 1
        found[name] = value if GLOBAL_OPTIONS[name] else None
        i += 1
    found[""] = args[i] if i < len(args) else None  # the command's name, if any
    return found


def _named(args: list[str]) -> typer.Typer:
    """``app``, or a copy of it that holds only the command named in ``args`` when it names one."""
    import copy

    first = _global(args)[""]
    chosen = [info for info in app.registered_commands if first and info.name == first]
    if not chosen:
        return app
    narrowed = copy.copy(app)
    narrowed.registered_commands = chosen
    return narrowed


def _translate_help(command: object) -> None:
    """The help of ``command``, its options and its subcommands, in the language in use (the
    texts are marked where they are written, with ``N_``); Click's own words in the help
    (``Usage:``, the headings, the help option's) through the context each command is given
    (click_words.py)."""
    from muggins.cli.click_words import context_class, said as clicks
    from muggins.cli.common import BUILT_HELP
    from muggins.i18n import _, localize

    def said(text: str) -> str:
        built = BUILT_HELP.get(text)
        return localize(built) if built is not None else _(text)

    command.context_class = context_class()  # type: ignore[attr-defined]
    for name in ("options_metavar", "subcommand_metavar"):  # [OPTIONS], COMMAND [ARGS]...
        if isinstance(getattr(command, name, None), str):
            setattr(command, name, clicks(getattr(command, name)))

    for name in ("help", "short_help", "epilog"):
        text = getattr(command, name, None)
        if isinstance(text, str):
            setattr(command, name, said(text))
    for param in getattr(command, "params", ()):
        if isinstance(getattr(param, "help", None), str):
            param.help = said(param.help)
        if isinstance(getattr(param, "metavar", None), str):  # one written here (SEAT), marked N_ there
            param.metavar = _(param.metavar)
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub)
