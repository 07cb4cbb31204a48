"""The Typer application object that every command module registers itself with.

Commands live one per module in this package; importing a module registers its command. Heavy
imports (the parser, the replayer, rich tables) happen inside the command functions, so that
``muggins --help`` starts quickly.

Every message about the command line itself (an unknown option, a bad value) is written as all
of muggins' messages are, ``muggins: ...`` on one line, by :class:`MugginsGroup`, and exits 2.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Optional, Sequence

import typer
from typer.core import TyperGroup

from muggins.cli.output import error, reset_choices, say, set_no_color
from muggins.i18n import N_, _

if TYPE_CHECKING:
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError


class MugginsGroup(TyperGroup):
    """The command group, whose command-line mistakes read like every other message."""

    def main(
        self,
        args: Optional[Sequence[str]] = None,
        prog_name: Optional[str] = None,
        complete_var: Optional[str] = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        from muggins import i18n

        spoken = i18n.language()  # a run's language is its own too: said again after it
        try:
            return self._run(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
        finally:
            i18n.use(spoken)

    def _run(
        self,
        args: Optional[Sequence[str]],
        prog_name: Optional[str],
        complete_var: Optional[str],
        standalone_mode: bool,
        windows_expand_args: bool,
        **extra: Any,
    ) -> Any:
        ClickException, NoArgsIsHelpError, UsageError = _click_errors()
        reset_choices()  # a run's --no-color and --quiet are its own

        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except UsageError as exc:
            message = _clicks(exc.format_message())
            where = exc.ctx.command_path if exc.ctx is not None else "muggins"
            error(_("{message} (see `{where} --help`)").format(message=_lower_first(message).rstrip("."), where=where))
            _empty_document(exc.ctx, sys.argv[1:] if args is None else list(args))
            sys.exit(exc.exit_code)
        except ClickException as exc:
            error(_lower_first(_clicks(exc.format_message())))
            sys.exit(exc.exit_code)
        except typer.Abort:
            error(_("stopped"))
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)


def _empty_document(ctx: Any, args: list[str]) -> None:
    """A usage error of a command's (an option's value out of range, an unknown option, a missing
    argument) under ``--format json`` with no ``-o`` file: the command's empty document on stdout
    (common.EMPTY_DOCUMENTS, the one its EmptyDocument writes for other unusable input), as the
    command would have written it; Click stops the run before the command begins. Nothing for a
    mistake of the group's own (no command chosen yet) or a command without ``--format json``."""
    import json

    from muggins.cli.common import EMPTY_DOCUMENTS, on_stdout
    from muggins.cli.output import write_data

    if ctx is None or ctx.parent is None or ctx.info_name not in args:
        return
    document = EMPTY_DOCUMENTS.get(ctx.command.name or "")
    own = args[args.index(ctx.info_name) + 1 :]  # the group's options before the command's name
    if document is None or _option(own, "--format") != "json" or not on_stdout(_option(own, "--output", "-o")):
        return
    write_data(json.dumps(document(**_parameters(ctx, own)), indent=2) + "\n")


def _option(args: list[str], name: str, short: str | None = None) -> str | None:
    """The value given to the option ``name`` (or ``short``) in ``args``, the last one as Click
    takes it: ``--name V``, ``--name=V``, ``-sV``; None where it is not given."""
    value = None
    for at, arg in enumerate(args):
        if arg == "--":
            break
        if arg in (name, short) and at + 1 < len(args):
            value = args[at + 1]
        elif arg.startswith(name + "="):
            value = arg[len(name) + 1 :]
        elif short is not None and arg.startswith(short) and len(arg) > len(short):
            value = arg[len(short) :]
    return value


def _parameters(ctx: Any, args: list[str]) -> dict[str, Any]:
    """The values of the command's parameters that ``args`` give, as far as they can be had:
    parsed again leniently (Click's resilient parsing: a value in error, a missing argument is
    None), an unknown option left out so that it is not taken for an argument. A word after an
    unknown option may be its value or an argument: it is taken for an argument only where the
    command has room for it (``replay --bogus x ok.mgn`` names ok.mgn, ``replay --bogus ok.mgn``
    too)."""
    import re

    command = ctx.command
    valued = {
        name: not (getattr(parameter, "is_flag", False) or getattr(parameter, "count", False))
        for parameter in command.params
        if parameter.param_type_name == "option"
        for name in (*parameter.opts, *parameter.secondary_opts)
    }
    arguments = [parameter.nargs for parameter in command.params if parameter.param_type_name == "argument"]
    room = len(args) if any(nargs < 0 for nargs in arguments) else sum(arguments)
    kept: list[str] = []
    words: list[tuple[int, bool]] = []  # where each argument's word is in kept, and whether an unknown option's value it may be
    after_unknown = ended = False
    value_next = False
    for arg in args:
        if value_next:  # a known option's value
            kept.append(arg)
            value_next = False
        elif ended or arg == "-" or not re.match(r"-[A-Za-z-]", arg):
            words.append((len(kept), after_unknown))
            kept.append(arg)
        elif arg == "--":
            kept.append(arg)
            ended = True
        elif (name := arg.split("=", 1)[0]) in valued:
            kept.append(arg)
            value_next = "=" not in arg and valued[name]
        elif arg[:2] in valued and not arg.startswith("--"):  # -j2: a short option with its value
            kept.append(arg)
        else:  # unknown: left out, and the word after it (unless --opt=value) may be its value
            after_unknown = "=" not in arg
            continue
        after_unknown = False
    doubtful = [at for at, after in words if after]
    dropped = set(doubtful[: max(0, len(words) - room)])  # the doubtful words the arguments have no room for
    kept = [arg for at, arg in enumerate(kept) if at not in dropped]
    try:
        return dict(command.make_context(ctx.info_name, kept, parent=ctx.parent, resilient_parsing=True).params)
    except Exception:  # noqa: BLE001 - a document without those values is still the document
        return {}


def _click_errors() -> tuple[type[ClickException], type[NoArgsIsHelpError], type[UsageError]]:
    """Click's exceptions as this Typer carries them (vendored from Typer 0.28, else click's)."""
    try:
        from typer._click import exceptions
    except ImportError:  # a Typer that depends on click instead of carrying it
        from click import exceptions  # type: ignore[no-redef]
    return exceptions.ClickException, exceptions.NoArgsIsHelpError, exceptions.UsageError


def _clicks(message: str) -> str:
    """A message of Click's in the language in use (click_words.py; English as it is)."""
    from muggins import i18n

    if i18n.language() == "en":
        return message
    from muggins.cli.click_words import said

    return said(message)


def _lower_first(text: str) -> str:
    """``Invalid value ...`` as the rest of muggins' messages begin: in lower case (a first word
    written as a word: ``Option`` and ``A opção``, not ``NO_COLOR``)."""
    word = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if word.isalpha() and word[:1].isupper() and (word[1:].islower() or not word[1:]) else text


app = typer.Typer(
    name="muggins",
    cls=MugginsGroup,
    help=N_(
        "Record analyzer and replayer for the domino game All Fives (Muggins): verify disputed "
        "scores, replay recorded games, analyze missed Muggins points.\n\n"
        "Every command reads records from files, folders of them, or - for standard input. "
        "Exit codes: 0 clean, 1 problems found in the records, 2 unusable input. "
        "Shell completion: muggins --install-completion."
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("muggins")
        except PackageNotFoundError:
            number = "unknown (not installed)"
        say(f"muggins {number}")
        raise typer.Exit(0)


def _language(value: Optional[str]) -> Optional[str]:
    """``--lang``: the language of the run's reports and messages; else the environment's."""
    from muggins import i18n

    if value is None:
        i18n.use(i18n.from_environment())
        return value
    code = i18n.normalise(value)
    if code is None:
        raise typer.BadParameter(_("{value!r} is not a language muggins speaks ({languages})").format(value=value, languages=", ".join(i18n.LANGUAGES)))
    i18n.use(code)
    return value


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", help=N_("Print the version and exit."), callback=_version, is_eager=True),
    no_color: bool = typer.Option(False, "--no-color", help=N_("No colour and no bold, as NO_COLOR does."), callback=set_no_color),
    lang: Optional[str] = typer.Option(
        None,
        "--lang",
        help=N_("The language of reports and messages: en, es or pt (else LC_ALL, LC_MESSAGES or LANG says; English where they name none of them). JSON and CSV are the same in every language."),
        callback=_language,
        is_eager=True,
        metavar=N_("LANG"),
    ),
) -> None:
    """Record analyzer and replayer for All Fives (Muggins)."""
