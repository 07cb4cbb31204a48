"""Click's and Typer's own words in the language in use: the help's headings and notes, and
their messages about the command line (``No such option``, ``Missing argument``, ...).

Typer 0.28 carries its own copy of Click, which writes its words in English with no gettext at
all; Typer's own few (``Options``, ``Commands``) go through the standard library's ``gettext``
with the process-wide domain, and a Typer that depends on Click instead uses Click's gettext
calls, again in that domain. None of them can take a language chosen by ``--lang`` at run time,
and installing a process-wide domain would reach every other library too. So muggins keeps their
English texts here, marked for its own catalogue like every other message (:data:`TEMPLATES`),
and says them where they reach a person:

- the help, through :class:`Context`'s formatter (the usage line's ``Usage:``, each section's
  heading, a row's help such as ``Show this message and exit.`` and its ``[default: ...;
  required]`` note), set on every command when the language is not English
  (``muggins.cli._translate_help``);
- a usage error's message (``muggins.cli.app.MugginsGroup``), by :func:`said`.

A template's ``{fields}`` stand for what Click puts in (an option's name, a value as given); a
text that matches no template is left as Click wrote it. Only what Click says about its own
parameters is translated inside a message (``{message}``, ``{type}``): names and values are
said as they were given.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from muggins.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Sequence

#: Click's and Typer's texts, as they write them (English), each with the fields it holds.
TEMPLATES = (
    # the help
    N_("Usage: "),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    # its messages
    N_("No such option: {name} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("No such command {name}. Did you mean {options}?"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Missing argument {name}. {message}"),
    N_("Missing argument {name}."),
    N_("Missing option {name}. {message}"),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Missing parameter: {name}"),
    N_("Choose from:\n\t{choices}"),
    N_("Invalid value for {name}: {message}"),
    N_("Invalid value: {message}"),
    N_("{value} is not one of {choices}."),
    N_("{value} is not a valid {type}."),
    N_("{value} is not in the range {range}."),
    N_("{value} is not a valid boolean. Recognized values: {states}"),
    N_("{value} does not match the formats {formats}."),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {n} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {n} values."),
    N_("Got unexpected extra argument ({arguments})"),
    N_("Got unexpected extra arguments ({arguments})"),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Aborted!"),
    # the value types Click names in a message
    N_("integer"),
    N_("int"),
    N_("float"),
    N_("integer range"),
    N_("int range"),
    N_("float range"),
)

#: The metavars Click makes of a value's type (``--top <int range>``), and the names Typer shows
#: for the commands' arguments (``{files}...`` in the usage line, ``files...`` under Arguments;
#: a usage error names an argument as the help does). The metavars muggins writes itself
#: (``SEAT``, ``FILE.json``) are marked where they are written.
METAVARS = (
    N_("<str>"),
    N_("<int>"),
    N_("<int range>"),
    N_("<float>"),
    N_("<float range>"),
    N_("<path>"),
)
ARGUMENTS = (N_("files"), N_("file"), N_("spec"))

#: The fields whose text is Click's own words, said in the language in turn; the others (names,
#: values) are what the person wrote.
_SAID_FIELDS = ("message", "type")
_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _templated() -> tuple[tuple[str, str], ...]:
    """Each template with fields, beside its literal start (what a text it made starts with)."""
    return tuple((template[: template.index("{")], template) for template in TEMPLATES if "{" in template)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a pattern that matches a whole text it could have made; compiled only for
    a text that starts as it does (all of them at once cost a few ms of every help in es/pt)."""
    parts = _FIELD.split(template)  # literal, field, literal, field, ...
    regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(regex + r"\Z", re.DOTALL)


def said(text: str) -> str:
    """Click's ``text`` in the language in use: the template it matches said with its fields
    put back (Click's own words among them said too); itself where it matches none."""
    exact = _(text)
    if exact != text or text in TEMPLATES:
        return exact
    for start, template in _templated():
        if not text.startswith(start):
            continue
        match = _pattern(template).match(text)
        if match is None:
            continue
        fields = {
            name: said(value) if name in _SAID_FIELDS else _argument(value) if name == "name" else value
            for name, value in match.groupdict().items()
        }
        try:
            return _(template).format(**fields)
        except (KeyError, IndexError, ValueError):
            return text
    return text


_TYPE_METAVAR = re.compile(r"<[^<>|]*>")  # not <text|json>: a choice's values


def _argument(name: str) -> str:
    """``'files'``, an argument as a message names it, as the help names it (``'archivos'``);
    any other name (an option's, as typed) as it is."""
    bare = name[1:-1] if len(name) > 2 and name[0] == name[-1] == "'" else None
    return f"'{_(bare)}'" if bare in ARGUMENTS else name


def said_metavars(text: str) -> str:
    """A help row's term, or a usage line's arguments, with the metavars Click and Typer made
    in the language in use: ``--top <int range>``, ``{files}...``, ``[spec]``; options' names,
    a choice's values (``<text|json>``) and any other word as they are."""
    text = _TYPE_METAVAR.sub(lambda m: _(m.group()) if m.group() in METAVARS else m.group(), text)
    words = []
    for word in text.split(" "):
        bare = word[:-3] if word.endswith("...") else word
        rest = word[len(bare) :]
        if bare in ARGUMENTS:
            word = _(bare) + rest
        elif len(bare) > 2 and (bare[0], bare[-1]) in (("{", "}"), ("[", "]")) and bare[1:-1] in ARGUMENTS:
            word = bare[0] + _(bare[1:-1]) + bare[-1] + rest
        words.append(word)
    return " ".join(words)


def said_help(text: str) -> str:
    """A row's help as the help shows it: its trailing ``[default: 8; required]`` note's parts
    said in the language in use, and the whole where it is one of Click's (the help option's)."""
    note = re.search(r"(\s*)\[([^\[\]]*)\]\Z", text)
    if note is None:
        return said(text)
    head = text[: note.start()]
    parts = "; ".join(said(part) for part in note.group(2).split("; "))
    return (said(head) if head else head) + note.group(1) + f"[{parts}]"


@cache
def context_class() -> type[Any]:
    """The context every command is given where the language is not English: its help
    formatter says Click's words in the language in use. Made on first use (Click's classes
    are imported only then)."""
    try:
        from typer._click import Context as ClickContext
        from typer._click.formatting import HelpFormatter
    except ImportError:  # a Typer that depends on click instead of carrying it
        from click import Context as ClickContext  # type: ignore[assignment]
        from click.formatting import HelpFormatter  # type: ignore[assignment]

    class Formatter(HelpFormatter):
        """Click's help formatter, saying Click's words in the language in use."""

        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, said_metavars(args), said("Usage: ") if prefix is None else prefix)

        def write_heading(self, heading: str) -> None:
            super().write_heading(said(heading))

        def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
            super().write_dl([(said_metavars(term), said_help(text)) for term, text in rows], col_max, col_spacing)

    class Context(ClickContext):
        """Click's context, with the formatter above."""

        formatter_class = Formatter

    return Context

