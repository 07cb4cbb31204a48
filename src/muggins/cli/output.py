"""The one way text reaches a person: every command prints through here.

Record text is untrusted: a name, an event or a comment may hold terminal escape sequences (clear
the screen, set the window title, write the clipboard with OSC 52). Everything printed for a
person passes one of two doors, and both make control characters visible (``\\x1b``) before
the text reaches a terminal:

- rich consoles made by :func:`console` (and :func:`new_console`, which the ``--jobs`` workers
  draw with): their class escapes every string it renders (``render_str``), tables included;
- plain lines written by :func:`say` and :func:`error`.

Data for machines (JSON, CSV, the canonical text of ``fmt``, SVG, HTML) is written exactly, by
:func:`write_data`, and made visible only when it goes straight to a terminal. JSON escapes
control characters itself.

The consoles follow the person's terminal: colour and bold only on a terminal and never under
``--no-color`` or ``NO_COLOR``; off a terminal (``audit > report.txt``) tables get the width
their rows need instead of 80 columns, unless ``COLUMNS`` says otherwise.
"""

from __future__ import annotations

import os
import sys
from typing import IO, TYPE_CHECKING, Any, Callable

from muggins.i18n import localize, plural
from muggins.visible import visible

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

#: The width of a console that is not a terminal: room for any row of a report in one line.
WIDE = 1000

#: A separator line between positions or sections, the same on any console.
SEPARATOR = "─" * 40


class _Choices:
    """What the command line chose for this run (set by the options' callbacks)."""

    no_color = False


choices = _Choices()


def no_color() -> bool:
    """Whether all styling is off: ``--no-color``, or ``NO_COLOR`` set to anything but empty."""
    return choices.no_color or bool(os.environ.get("NO_COLOR"))


def reset_choices() -> None:
    """Forget what an earlier run in this process chose (the tests run many in one)."""
    choices.no_color = False


def set_no_color(value: bool) -> bool:
    """The ``--no-color`` option's callback."""
    if value:
        choices.no_color = True
    return value


_console_class: type[Console] | None = None


def _safe_console_class() -> type[Console]:
    """rich's Console, escaping every string it renders; made once, on first use."""
    global _console_class
    if _console_class is None:
        from rich.console import Console

        class SafeConsole(Console):
            """A console through which no control character of record text reaches the screen."""

            def render_str(self, text: str, **kwargs: Any) -> Text:
                return super().render_str(visible(text), **kwargs)

        _console_class = SafeConsole
    return _console_class


def new_console(**options: Any) -> Console:
    """A console of the safe class with rich's own ``options`` (what ``--jobs`` workers draw on)."""
    options.setdefault("highlight", False)
    return _safe_console_class()(**options)


def console(*, stderr: bool = False, file: IO[str] | None = None) -> Console:
    """A console on stdout (or stderr, or ``file``): colour only on a terminal and never under
    ``--no-color``/``NO_COLOR``; off a terminal, wide enough that no row wraps."""
    stream = file if file is not None else (sys.stderr if stderr else sys.stdout)
    terminal = is_terminal(stream)
    width = None if terminal or "COLUMNS" in os.environ else WIDE
    options: dict[str, Any] = {"file": file, "stderr": stderr and file is None, "width": width, "soft_wrap": stderr}
    if no_color():
        options["color_system"] = None
    return new_console(**options)


def is_terminal(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def say(text: str, *, err: bool = False, file: IO[str] | None = None) -> None:
    """One plain line for a person, on stdout (``err``: stderr), control characters visible."""
    stream = file if file is not None else (sys.stderr if err else sys.stdout)
    stream.write(visible(text) + "\n")


def error(message: str) -> None:
    """A message on stderr that starts as every message of muggins does: ``muggins: ``; a
    :class:`~muggins.i18n.Message` is said in the language in use."""
    say(f"muggins: {localize(message)}", err=True)


def write_data(text: str, file: IO[str] | None = None) -> None:
    """Data for machines, exactly; made visible only when it goes straight to a terminal."""
    stream = file if file is not None else sys.stdout
    stream.write(visible(text) if is_terminal(stream) else text)


def writer(stream: IO[str]) -> Callable[[str], None]:
    """How a command writes its output on ``stream`` while a progress bar may be up (progress.py):
    where ``stream`` is standard output, through ``sys.stdout`` looked up at each call (on a
    terminal the bar stands in for it, and prints the text above itself); any other stream
    (``-o``'s file) straight, so it never sees the bar."""
    if stream is not sys.stdout:

        def straight(text: str) -> None:
            stream.write(text)

        return straight

    def through_stdout(text: str) -> None:
        sys.stdout.write(text)

    return through_stdout


#: The nouns :func:`counted` counts, each in the words of the catalogues (muggins.i18n).
COUNTED = {
    "record": plural("{n} record", "{n} records", 0),
    "file": plural("{n} file", "{n} files", 0),
    "finding": plural("{n} finding", "{n} findings", 0),
    "problem": plural("{n} problem", "{n} problems", 0),
    "error": plural("{n} error", "{n} errors", 0),
    "tile": plural("{n} tile", "{n} tiles", 0),
}


def counted(number: int, word: str) -> str:
    """``1 tile``, ``2 tiles``: a count and its noun (regular plurals only), in the language in use."""
    known = COUNTED.get(word)
    if known is None:
        return f"{number} {word}{'s' if number != 1 else ''}"
    return localize(plural(known.template, known.plural_template or known.template, number))
