"""What every command shares: exit codes, output formats, where messages go."""

from __future__ import annotations

import enum
import sys

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNUSABLE = 2


class Format(str, enum.Enum):
    """Output formats: a person's report, or data for machines on stdout."""

    text = "text"
    json = "json"
    csv = "csv"


def stderr_console():
    """A rich console on stderr; colour only when stderr is a terminal."""
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True, force_terminal=None)


def stdout_console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def die(message: str) -> "NoReturn":  # type: ignore[name-defined]  # noqa: F821
    """Unusable input: one line on stderr, exit code 2."""
    print(f"muggins: {message}", file=sys.stderr)
    raise SystemExit(EXIT_UNUSABLE)
