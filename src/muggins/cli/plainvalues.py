"""Command-line values read without pydantic when they are plain, to start quickly.

Recent Typer releases turn every value of the command line into its Python type through a
pydantic TypeAdapter: importing pydantic and building the adapters costs some 40 ms at every
start, as much as reading a small record file. muggins' values are plain: text, whole and
decimal numbers within bounds, a choice of words, lists of those. :func:`lighten` gives each
such parameter a reader that returns exactly what Typer's would, and hands everything else to
Typer's own reader: any other type, and every value Typer would reject (so the error is Typer's,
word for word). With a Typer that has no such readers (one built on click), nothing changes.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any, get_args, get_origin

#: The reader declines; Typer's own decides.
_DECLINE: Any = object()
_WHOLE = re.compile(r"[0-9]{1,18}")
_DECIMAL = re.compile(r"[0-9]{1,15}(?:\.[0-9]{1,15})?")


def lighten(command, parent=None) -> None:
    """Give every parameter of ``command`` and of its subcommands a plain reader, the help
    option too (made here as it would be at the first parse, with the same context settings)."""
    params = list(getattr(command, "params", ()))
    if hasattr(command, "get_help_option") and hasattr(command, "context_class"):
        context = command.context_class(command, parent=parent, **command.context_settings)
        params.append(command.get_help_option(context))
    else:
        context = None
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is not None and getattr(param, "_runtime_param", False) is None:
            param._runtime_param = _PlainReader(descriptor)
    for sub in getattr(command, "commands", {}).values():
        lighten(sub, context)


class _PlainReader:
    """Stands in for Typer's reader of one parameter (its ``coerce`` is all Typer calls)."""

    __slots__ = ("descriptor", "_typer")

    def __init__(self, descriptor) -> None:
        self.descriptor = descriptor
        self._typer = None

    def coerce(self, value: Any, param, ctx) -> Any:
        several = param.multiple or param.nargs == -1
        if value is None:
            return () if several else None
        if self.descriptor.file_annotation is None and not (several and isinstance(value, str)):
            plain = _read(self.descriptor.annotation, self.descriptor.parameter_info, value, ctx)
            if plain is not _DECLINE:
                return plain
        if self._typer is None:
            from typer._coercion import build_runtime_param

            self._typer = build_runtime_param(self.descriptor)
        return self._typer.coerce(value, param=param, ctx=ctx)


def _read(annotation: Any, info, value: Any, ctx) -> Any:
    """``value`` as Typer would make it for ``annotation``, or :data:`_DECLINE`."""
    if getattr(info, "parser", None) is not None or getattr(info, "clamp", False):
        return _DECLINE
    origin = get_origin(annotation)
    if origin is list:
        (item_type,) = get_args(annotation) or (None,)
        items = [_read(item_type, info, item, ctx) for item in (value if isinstance(value, (list, tuple)) else [value])]
        return _DECLINE if any(item is _DECLINE for item in items) else items
    if origin is not None:
        return _DECLINE
    if annotation is str:
        return value if type(value) is str else _DECLINE
    if annotation is int or annotation is float:
        pattern = _WHOLE if annotation is int else _DECIMAL
        if type(value) is annotation:
            number = value
        elif type(value) is str and pattern.fullmatch(value):
            number = annotation(value)
        else:
            return _DECLINE
        low, high = getattr(info, "min", None), getattr(info, "max", None)
        if (low is not None and number < low) or (high is not None and number > high):
            return _DECLINE
        return number
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        if isinstance(value, annotation):
            return value
        if type(value) is str and getattr(info, "case_sensitive", False) and getattr(ctx, "token_normalize_func", None) is None:
            for member in annotation:
                if str(member.value) == value:
                    return member
    return _DECLINE
