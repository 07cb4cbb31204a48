"""A rich console's shape: what its output depends on, so another process can draw for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from rich.console import Console


@dataclass(frozen=True, slots=True)
class ConsoleShape:
    """What a rich console's output depends on, so that another process (``--jobs``) can draw
    exactly the text the console itself would print (on the same safe console class: control
    characters of record text made visible)."""

    width: int
    color_system: str | None
    terminal: bool
    soft_wrap: bool

    @classmethod
    def of(cls, console: Console) -> ConsoleShape:
        return cls(console.width, console.color_system, console.is_terminal, console.soft_wrap)

    def draw(self, paint: Callable[[Console], object]) -> str:
        """What ``paint(console)`` prints on a console of this shape."""
        import io

        from muggins.cli.output import new_console

        text = io.StringIO()
        console = new_console(
            file=text,
            width=self.width,
            color_system=self.color_system,
            force_terminal=self.terminal,
            soft_wrap=self.soft_wrap,
        )
        paint(console)
        return text.getvalue()
