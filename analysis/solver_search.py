"""The search: alpha-beta over a compact encoding of a :class:`Position`, with a transposition table.

Encoding. A hand is a bitmask over the set's tiles (bit ``Tile.index``). A layout is a small
integer: layouts are interned by :attr:`Layout.key`, so positions that differ only in arm names
share one id, and each id's moves (per tile: the distinct layouts it can make and the points)
are worked out once, the first time the search meets that layout. A node is (layout id, seat to
move, boneyard position, must-play tile); its table key packs that with every hand in one int.

Values. Every value is a point difference over the rest of the hand: the points each play
makes from here (every score counted in full) plus the end-of-hand scoring. Two sides: the
exact difference own side minus other side. More sides (three players, or four without
partnerships): *paranoid* search: the side the solve is for (``perspective``) maximises own
minus the sum of the others, and every other side is taken to minimise that, as one coalition.
The search itself is negamax from the side of the player to move (every side maximises its
own sign of the perspective value); points are divided by their common factor inside (5 in
All Fives) and multiplied back on the way out.

Search. Fail-soft alpha-beta with null-window tests driven by MTD(f); the table keeps both
bounds and the best move of each node; moves are tried table move first, then by points
scored. A search may be cut at a *floor*: once no more than ``floor`` tiles are left in the
hands and the boneyard, a node is valued by a simple estimate of the end of the hand; entries
remember the floor they were searched to, so deeper (and exact) results are never mixed up
with shallower ones.
"""

from __future__ import annotations

import math
import time
from typing import Callable

from muggins.analysis.solver_layout import Layout
from muggins.notation.model import Tile, full_set
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import end_of_hand, play_points

INF = 1 << 30
EXACT = -1  # the floor of an exact (uncut) search


class OutOfTime(Exception):
    """The search ran past its deadline; the caller keeps its last finished result."""


def granularity(rules: RuleSet) -> int:
    """The largest number every score of the hand is a multiple of (5 in All Fives, else often 1)."""
    factor = 0
    for total in range(1, 20 * rules.max_pip + 9):
        factor = math.gcd(factor, play_points(total, rules))
    ends = rules.domino_scoring != "none" or rules.blocked_scoring != "none"
    if ends:
        rounded = rules.pip_rounding != "none" and rules.rounding_unit > 1
        factor = math.gcd(factor, rules.rounding_unit // rules.award_divisor if rounded else 1)
    factor = math.gcd(factor, rules.hand_winner_bonus)
    return factor or 1


class Engine:
    """One table's search: its rules, seats and sides, the boneyard order, and the tables it fills.

    An engine can serve every position of a hand (and other deals with the same boneyard): a
    node's value depends only on the node, so the transposition table stays valid.
    ``perspective`` is the side whose value the search maximises under paranoid search (with two
    sides the first side, whatever the caller asks: both sides read the same values).
    """

    def __init__(
        self,
        rules: RuleSet,
        seats: tuple[str, ...],
        sides: tuple[str, ...],
        bone_order: tuple[Tile, ...],
        perspective: str,
        live: int,
        table_limit: int = 3_000_000,
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.sides = sides
        self.bone_order = bone_order
        self.live = live
        self.table_limit = table_limit
        side_list = list(dict.fromkeys(sides))
        self.paranoid = len(side_list) > 2
        self.perspective = perspective if self.paranoid else side_list[0]
        self.sign = [1 if side == self.perspective else -1 for side in sides]
        self.scale = granularity(rules)
        self.tiles = full_set(rules.max_pip)
        self.layouts: list[Layout] = []
        self.layout_ids: dict[tuple, int] = {}
        self.playmask: list[int] = []
        self.options: list[tuple | None] = []
        self.pipmask = [sum(1 << t.index for t in self.tiles if t.has(p)) for p in range(rules.max_pip + 1)]
        self.points = {}
        self.table: dict[int, tuple] = {}
        self.ends: dict[tuple, int] = {}
        self.deadline: float | None = None
        n, nt = len(seats), len(self.tiles)
        self.nb = len(bone_order)
        # Draws may take the boneyard up to (not including) this position.
        self.bone_end = max(0, self.nb - rules.boneyard_reserve) if rules.drawing != "none" else 0
        self.bone = [t.index for t in bone_order]
        # The table key: every hand's bits above a small part holding (layout, seat, boneyard, must).
        self.mult = (n, self.nb + 1, nt + 1)
        low_bits = 40 + (n * (self.nb + 1) * (nt + 1)).bit_length()
        self.hand_bit = [[1 << (low_bits + s * nt + t) for t in range(nt)] for s in range(n)]
        self.layout_id(Layout.empty(rules))  # id 0: the empty table, where nobody draws
        self.search = self._make_search()

    # -- layouts ------------------------------------------------------------------------------

    def layout_id(self, layout: Layout) -> int:
        """The id of ``layout`` (interned by its key)."""
        key = layout.key
        found = self.layout_ids.get(key)
        if found is not None:
            return found
        index = len(self.layouts)
        self.layout_ids[key] = index
        self.layouts.append(layout)
        if layout.is_empty:
            mask = (1 << len(self.tiles)) - 1
        else:
            mask = 0
            for pip in set(layout.open_pips()):
                mask |= self.pipmask[pip]
        self.playmask.append(mask)
        self.options.append(None)
        return index

    def point_value(self, total: int) -> int:
        found = self.points.get(total)
        if found is None:
            found = self.points[total] = play_points(total, self.rules) // self.scale
        return found

    def children(self, layout: Layout, tile: Tile) -> dict[int, int]:
        """The distinct layouts ``tile`` can make on ``layout`` (by id) and the points of each."""
        out: dict[int, int] = {}
        ends = [None] if layout.is_empty else layout.placements(tile)
        for end in ends:
            for inline in (False, True) if layout.may_lay_inline(tile) else (False,):
                child = layout.play(tile, end, inline)
                out.setdefault(self.layout_id(child), self.point_value(child.total()))
        return out

    def _build_options(self, index: int) -> tuple:
        """Every (points, tile bit, tile, child id) of a layout, most points first."""
        layout = self.layouts[index]
        mask = self.playmask[index] & self.live
        found = []
        for tile in self.tiles:
            if mask >> tile.index & 1:
                for child, points in self.children(layout, tile).items():
                    found.append((points, 1 << tile.index, tile.index, child))
        found.sort(key=lambda o: (-o[0], -self.tiles[o[2]].pips, o[3]))
        options = tuple(found)
        self.options[index] = options
        return options

    # -- the end of the hand ---------------------------------------------------------------------

    def end_value(self, kind: str, went_out: int, masks: tuple[int, ...]) -> int:
        """The end-of-hand scoring from the perspective side (scaled), memoised by the hands."""
        key = (kind, went_out, masks)
        found = self.ends.get(key)
        if found is not None:
            return found
        pips = {seat: sum(t.pips for t in self.tiles if masks[i] >> t.index & 1) for i, seat in enumerate(self.seats)}
        award = end_of_hand(kind, self.seats[went_out] if went_out >= 0 else None, pips, dict(zip(self.seats, self.sides)), self.rules)
        value = sum(points if side == self.perspective else -points for side, points in award.points.items())
        found = self.ends[key] = value // self.scale
        return found

    def estimate(self, masks: tuple[int, ...]) -> int:
        """A leaf value for a cut search: the end of the hand scored as if it were blocked now.

        Where a blocked hand scores nothing but a domino does, the lightest hand is taken to
        go out. In-play points to come are not guessed (they are zero-sum on average).
        """
        if self.rules.blocked_scoring != "none":
            return self.end_value("blocked", -1, masks)
        if self.rules.domino_scoring == "none" and not self.rules.hand_winner_bonus:
            return 0
        weights = [sum(t.pips for t in self.tiles if m >> t.index & 1) for m in masks]
        return self.end_value("domino", weights.index(min(weights)), masks)

    # -- the search --------------------------------------------------------------------------------

    def tick(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        if len(self.table) > self.table_limit:
            self.table.clear()

    def _make_search(self) -> Callable[..., int]:
        """Build the recursive search as a closure over the engine's tables (for speed)."""
        table = self.table
        lookup = table.get
        playmask, options, build = self.playmask, self.options, self._build_options
        n = len(self.seats)
        following = [(s + 1) % n for s in range(n)]
        flip_next = [self.sign[s] * self.sign[following[s]] for s in range(n)]
        sign = self.sign
        hand_bit = self.hand_bit
        bone, bone_end = self.bone, self.bone_end
        nb = self.nb
        m_seat, m_bone, m_must = self.mult
        domino_zero = self.rules.domino_scoring == "none" and not self.rules.hand_winner_bonus
        blocked_zero = self.rules.blocked_scoring == "none"
        voluntary = self.rules.drawing != "none" and self.rules.voluntary_draw
        play_drawn = self.rules.play_drawn_at_once
        end_value, estimate, tick = self.end_value, self.estimate, self.tick
        hands = self.hands = [0] * n

        count = 0
        floor = EXACT

        def search(lid: int, mover: int, bpos: int, must: int, alpha: int, beta: int, hk: int) -> int:
            """The value of the node for the side to move: exact inside (alpha, beta), else a bound."""
            nonlocal count
            count += 1
            if not count & 4095:
                tick()
            if floor >= 0 and hk.bit_count() + nb - bpos <= floor:
                return sign[mover] * estimate(tuple(hands))
            key = hk + ((lid * m_seat + mover) * m_bone + bpos) * m_must + must + 1
            entry = lookup(key)
            best_index = -1
            low, high = -INF, INF
            if entry is not None:
                best_index = entry[2]
                if entry[3] <= floor:
                    low, high = entry[0], entry[1]
                    if low >= beta:
                        return low
                    if high <= alpha:
                        return high
                    if low > alpha:
                        alpha = low
                    if high < beta:
                        beta = high
            hand = hands[mover]
            ops = options[lid]
            if ops is None:
                ops = build(lid)
            reach = playmask[lid]
            playable = (1 << must) if must >= 0 else hand & reach
            if not playable:
                if bpos < bone_end:  # draw until a tile fits (the same player moves again)
                    return draw(lid, mover, bpos, alpha, beta, hk, hand, reach)
                for other in range(n):
                    if hands[other] & reach:
                        break
                else:  # nobody can play or draw
                    return 0 if blocked_zero else sign[mover] * end_value("blocked", -1, tuple(hands))
                nxt = following[mover]
                if flip_next[mover] > 0:
                    return search(lid, nxt, bpos, -1, alpha, beta, hk)
                return -search(lid, nxt, bpos, -1, -beta, -alpha, hk)
            nxt = following[mover]
            flip = flip_next[mover]
            bits = hand_bit[mover]
            a0, b0 = alpha, beta
            best = -INF
            best_op = None
            if best_index > 0:
                first = ops[best_index]
                ops = (first,) + ops[:best_index] + ops[best_index + 1 :]
            for op in ops:
                bit = op[1]
                if not bit & playable:
                    continue
                points = op[0]
                if hand == bit:  # the last tile: domino
                    hands[mover] = 0
                    value = points if domino_zero else points + sign[mover] * end_value("domino", mover, tuple(hands))
                    hands[mover] = hand
                else:
                    hands[mover] = hand ^ bit
                    if flip > 0:
                        value = points + search(op[3], nxt, bpos, -1, alpha - points, beta - points, hk - bits[op[2]])
                    else:
                        value = points - search(op[3], nxt, bpos, -1, points - beta, points - alpha, hk - bits[op[2]])
                    hands[mover] = hand
                if value > best:
                    best = value
                    best_op = op
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            break
            if voluntary and lid and must < 0 and best < beta and bpos < bone_end:
                value = draw(lid, mover, bpos, alpha, beta, hk, hand, reach)
                if value > best:
                    best, best_op = value, None
            if best <= a0:
                high = best
            elif best >= b0:
                low = best
            else:
                low = high = best
            store = options[lid].index(best_op) if best_op is not None else -1  # type: ignore[union-attr]
            table[key] = (low, high, store, floor)
            return best

        def draw(lid: int, mover: int, bpos: int, alpha: int, beta: int, hk: int, hand: int, reach: int) -> int:
            """Draw until a tile fits (or the drawable tiles run out); the drawer moves again."""
            bits = hand_bit[mover]
            must = -1
            while bpos < bone_end:
                tile = bone[bpos]
                bpos += 1
                hand |= 1 << tile
                hk += bits[tile]
                if reach >> tile & 1:
                    if play_drawn:
                        must = tile
                    break
            before = hands[mover]
            hands[mover] = hand
            value = search(lid, mover, bpos, must, alpha, beta, hk)
            hands[mover] = before
            return value

        def set_floor(value: int) -> None:
            nonlocal floor
            floor = value

        def nodes() -> int:
            return count

        self.set_floor, self.node_count = set_floor, nodes
        return search

    # -- nodes from positions ------------------------------------------------------------------------

    def node(self, masks: list[int], layout_id: int, mover: int, bpos: int, must: int) -> tuple[int, ...]:
        """The search's arguments for a node (less the window): (layout, mover, bpos, must, key)."""
        hk = 0
        for seat, mask in enumerate(masks):
            bits = self.hand_bit[seat]
            for t in range(len(self.tiles)):
                if mask >> t & 1:
                    hk += bits[t]
        return layout_id, mover, bpos, must, hk

    def value(self, node: tuple, masks: list[int], alpha: int, beta: int) -> int:
        """Run the search at ``node`` with ``masks`` as the hands (the mover's view)."""
        self.hands[:] = masks
        lid, mover, bpos, must, hk = node
        return self.search(lid, mover, bpos, must, alpha, beta, hk)

    def mtdf(self, node: tuple, masks: list[int], guess: int = 0) -> int:
        """The exact value of ``node`` (to the current floor) by null-window tests."""
        low, high = -INF, INF
        value = guess
        while low < high:
            beta = value + 1 if value == low else value
            value = self.value(node, masks, beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
        return value
