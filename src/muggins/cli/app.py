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
            sys.exit(exc.exit_code)
        except ClickException as exc:
            error(_lower_first(_clicks(exc.format_message())))
            sys.exit(exc.exit_code)
        except typer.Abort:
            error(_("stopped"))
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)


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
