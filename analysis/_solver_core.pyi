# The compiled solver core's interface (analysis/_solver_core.c), for the type checker: a C
# extension carries no annotations of its own. Every value is as solver_core.py builds and reads
# it (core_input, _moves); the C file's header says what each small int means. Not shipped:
# it describes the .so, which an installation built without a C compiler does not have.

from typing import Callable, Sequence

#: An arm (pip, kind, count, spinner pip) and a spinner (pip, sides, covered, onto), as
#: replay/board.py's Layout holds them.
Arm = tuple[int, int, int, int]
Spin = tuple[int, int, int, int]
#: A layout: (arms, spinners, empty, lead a crosswise double, doubles laid, count).
LayoutState = tuple[tuple[Arm, ...], tuple[Spin, ...], int, int, int, int]
#: A position: (hands as tile indices, layout, seat to move, tiles left in the boneyard, tile
#: that must be played or -1).
State = tuple[tuple[tuple[int, ...], ...], LayoutState, int, int, int]
#: A move: (kind 0 play / 1 draw / 2 pass, tile index or -1, arm number or -1, laid lengthwise).
CoreMove = tuple[int, int, int, int]
#: A move with its value (scaled): (kind, tile, arm, inline, value); the value None for a move
#: ``evaluate`` was told not to search.
ValuedMove = tuple[int, int, int, int, int | None]
#: The end-of-hand scoring an engine calls back: (1 blocked / 0 domino, the seat out or -1,
#: each seat's pips) -> the scaled value for the perspective side.
Scorer = Callable[[int, int, tuple[int, ...]], int]

class LayoutsFull(MemoryError):
    """A position needs more layouts than the bounded table holds."""

class Layouts:
    """The layouts of one set of layout rules and points, shared by engines."""

    compact: bool
    count: int
    bytes: int
    lists: tuple[int, int]
    limit: int
    def __init__(self, layout_rules: tuple[int, ...], points: Sequence[int], /, compact: bool = True) -> None: ...
    def clear(self) -> None: ...

class Engine:
    shallow: int
    etc: int
    small: int
    def __init__(
        self, layouts: Layouts, turn_rules: tuple[int, ...], signs: tuple[int, ...], boneyard: tuple[int, ...], scorer: Scorer, /
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    def solve(self, state: State, budget: float = -1.0, /) -> tuple[int, list[CoreMove], bool, int, int | None]:
        """(value, best line, exact, nodes searched, depth reached or None when exact)."""

    def evaluate(
        self, state: State, budget: float = -1.0, wanted: Sequence[bool] | None = None, /
    ) -> tuple[list[ValuedMove], bool, int | None]:
        """(each legal move with its value, exact, depth reached or None when exact); ``wanted``:
        a flag per legal move (as :meth:`moves` lists them), the others not searched."""

    def value(self, state: State, floor: int = -1, /) -> int: ...
    def moves(self, state: State, /) -> list[CoreMove]: ...

def trace(layout_rules: tuple[int, ...], plays: Sequence[tuple[int, int, int]], /) -> list[tuple[int, list[tuple[int, int]], int, int]]:
    """After each play (tile, arm or -1, inline): (count, (arm, pip) of each open arm, fits, key)."""

def set_table_bytes(n: int, /) -> None: ...
def table_bytes() -> int: ...
def totals(layout_rules: tuple[int, ...], /) -> int: ...
def forget(keep: bool = False) -> None: ...
