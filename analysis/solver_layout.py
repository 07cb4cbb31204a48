"""The layout as the solver keeps it: the one board's :class:`~muggins.replay.board.Layout`.

The solver numbers layouts by :attr:`Layout.key`, which describes what a layout can still do and
count without the names of its arms: two layouts with the same key take the same tiles and count
the same totals from here to the end of the hand, whatever their arms are called. The search
merges such positions (a double lead's ``l`` and ``r``, a spinner's two empty branches). This
module only names the layout for the solver's modules; the placement and counting rules are the
board's.
"""

from __future__ import annotations

from muggins.replay.board import Arm, IllegalPlacement, Layout, Spin

__all__ = ["Arm", "IllegalPlacement", "Layout", "Spin"]
