"""The board drawn as text, the way a domino player would sketch it on the score sheet.

The line runs across the middle; a crosswise double stands across it (its two halves one above
the other); the spinner's branches run up and down from it. Tiles read ``[6|4]`` lying down and
``[6]`` over ``[4]`` standing up; the half written nearer the spinner or the lead is the one that
touches it. Branches of later spinners (where every double spins) are listed below the picture.
"""

from __future__ import annotations

from muggins.i18n import joined, msg
from muggins.notation.model import Tile
from muggins.replay.board import Layout, branch_names


def _chains(board: Layout) -> dict[str, list[tuple[Tile, int, bool]]]:
    chains: dict[str, list[tuple[Tile, int, bool]]] = {}
    for tile, end, exposed, crosswise in board.played[1:]:
        assert end is not None  # only the lead is laid on no end
        chains.setdefault(end, []).append((tile, exposed, crosswise))
    return chains


def board_lines(board: Layout) -> list[str]:
    """The layout as lines of text (no colour, no markup)."""
    if board.lead is None:
        return [msg("(no tile on the table yet)")]
    chains = _chains(board)
    # The line: cells of (top row text, second row text or "") from left to right.
    cells: list[tuple[str, str, bool]] = []  # (row M, row M+1, is first spinner)
    spinner_seen = [False]

    def cell(tile: Tile, inner: int, outer: int, crosswise: bool, left: bool) -> tuple[str, str, bool]:
        if crosswise:
            is_spinner = board.spinners and not spinner_seen[0] and tile.high == board.spinners[0].pip and (
                board.spinners[0].arm == arm_name
            )
            if is_spinner:
                spinner_seen[0] = True
            return (f"[{tile.high}]", f"[{tile.low}]", bool(is_spinner))
        return ((f"[{outer}|{inner}]" if left else f"[{inner}|{outer}]"), "", False)

    arm_name = "l"
    for tile, exposed, crosswise in reversed(chains.get("l", [])):
        cells.append(cell(tile, tile.other(exposed) if tile.has(exposed) else exposed, exposed, crosswise, True))
    lead = board.lead
    if board.lead_is_crosswise_double:
        cells.append((f"[{lead.high}]", f"[{lead.low}]", bool(board.spinners and board.spinners[0].is_lead)))
    else:
        cells.append((f"[{lead.high}|{lead.low}]", "", False))
    arm_name = "r"
    for tile, exposed, crosswise in chains.get("r", []):
        cells.append(cell(tile, tile.other(exposed), exposed, crosswise, False))

    top = "".join(c[0] for c in cells)
    second = "".join(c[1].ljust(len(c[0])) if c[1] else " " * len(c[0]) for c in cells)
    spinner_col = None
    col = 0
    for text, _, is_spinner in cells:
        if is_spinner:
            spinner_col = col
        col += len(text)
    above: list[str] = []
    below: list[str] = []
    if spinner_col is not None:
        up, down = branch_names(1)
        above = _vertical(chains.get(up, []), spinner_col, upward=True)
        below = _vertical(chains.get(down, []), spinner_col, upward=False)
    lines = above + [top] + ([second.rstrip()] if second.strip() else []) + below
    for index in range(2, len(board.spinners) + 1):
        for name in branch_names(index):
            chain = chains.get(name, [])
            tiles = " ".join(f"[{t.other(e)}|{e}]" for t, e, _ in chain) or msg("(empty)")
            pip = board.spinners[index - 1].pip
            lines.append(msg("branch {name} (from the {pip}-{pip}): {tiles}", name=name, pip=pip, tiles=tiles))
    return lines


def _vertical(chain: list[tuple[Tile, int, bool]], col: int, upward: bool) -> list[str]:
    rows: list[str] = []
    pad = " " * col
    for tile, exposed, crosswise in chain:
        inner = tile.other(exposed)
        if crosswise:
            piece = [" " * max(0, col - 1) + f"[{tile.high}|{tile.low}]"]
        else:
            piece = [pad + f"[{inner}]", pad + f"[{exposed}]"]
        rows.extend(piece)  # nearest the spinner first
    return list(reversed(rows)) if upward else rows


def ends_line(board: Layout) -> str:
    """``open ends: l 3, r 3, u 1, d 5 (waits); count 3 + 3 + 1 = 7``: each end by name with the
    pip a tile must match there, then what they count (a spinner that still counts but ends no
    arm is named by its tile, its count in the sum)."""
    if board.lead is None:
        return msg("open ends: none")
    parts: list[str] = []
    values = []
    for end in board.open_ends():
        if end.name == "spinner":  # a spinner that counts but ends no arm: no pip to match
            parts.append(msg("spinner {pip}-{pip}", pip=end.pip))
        elif not end.playable:
            parts.append(msg("{end} {pip} (waits)", end=end.name, pip=end.pip))
        elif not end.counts and end.value == 0 and end.name not in ("l", "r"):
            parts.append(msg("{end} {pip} (empty)", end=end.name, pip=end.pip))
        else:
            parts.append(f"{end.name} {end.pip}")
        if end.counts:
            values.append(end.value)
    total = board.total()
    sum_text = " + ".join(str(v) for v in values) if len(values) > 1 else str(total)
    if len(values) > 1:
        return msg("open ends: {ends}; count {sum} = {total}", ends=joined(parts), sum=sum_text, total=total)
    return msg("open ends: {ends}; count {sum}", ends=joined(parts), sum=sum_text)
