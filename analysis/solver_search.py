"""The search: alpha-beta over a compact encoding of a :class:`Position`, with a transposition table.

Encoding. A hand is a bitmask over the set's tiles (bit ``Tile.index``). A layout is its number
in the rule set's :class:`~muggins.analysis.solver_table.LayoutTable`. A node is (layout, seat
to move, boneyard position, must-play tile); its table key packs that with every hand in one int.

Values. Every value is a point difference over the rest of the hand: the points each play
makes from here (every score counted in full) plus the end-of-hand scoring. Two sides: the
exact difference own side minus other side. More sides (three players, or four without
partnerships): *paranoid* search: the side the solve is for (``perspective``) maximises own
minus the sum of the others, and every other side is taken to minimise that, as one coalition.
The search itself is negamax from the side of the player to move (every side maximises its
own sign of the perspective value); points are divided by their common factor inside (5 in
All Fives) and multiplied back on the way out.

Search. Fail-soft alpha-beta with null-window tests driven by MTD(f), its first guess from
shallower searches (:meth:`Engine.guess`). The table keeps both bounds and the best move of
each node. Before searching a node's moves, the table is asked about the positions they lead
to (a child already known to be good enough decides the node: enhanced transposition
cutoffs). Moves are tried the table's move first, then those that leave the next player and
then the other opponent the fewest tiles to play (their refutations are smallest), then by
points. A search may be cut at a *floor*: once no more than ``floor`` tiles are left in the
hands and the boneyard, a node is valued by a simple estimate of the end of the hand; entries
remember the floor they were searched to, so deeper (and exact) results are never mixed up
with shallower ones.
"""

from __future__ import annotations

import time
from typing import Callable

from muggins.analysis.solver_table import HAND_SHIFT, LAYOUT_FACTOR, TileMove, layout_table
from muggins.i18n import msg
from muggins.notation.model import Tile
from muggins.replay.play_rules import draw_takes, drawable, must_play_after_draw, next_seat
from muggins.replay.rules import RuleSet
from muggins.replay.scoring import end_of_hand

INF = 1 << 30
#: A node as the search takes it: (layout number, seat to move, boneyard position, tile that
#: must be played or -1, the hands' key): see :meth:`Engine.node`.
Node = tuple[int, int, int, int, int]
#: An end-of-hand value's memo key: (blocked or domino, the seat that went out or -1, per seat
#: its hand's mask, or its pips).
EndKey = tuple[str, int, tuple[int, ...]]
EXACT = -1  # the floor of an exact (uncut) search
#: Cut searches stop this many plays short of the end: nearer, one costs nearly the exact search.
CUT_SHORT = 7
#: Nodes with at most this many tiles left in the hands skip the table: searching them again
#: costs less than storing them.
SHALLOW = 4
#: Entries kept in one engine's table before it is emptied (about 200 bytes each).
TABLE_LIMIT = 2_000_000


class OutOfTime(Exception):
    """The search ran past its deadline; the caller keeps its last finished result."""


#: The largest table the solvers' encodings hold (seats to move in 4 bits, a tile in a byte).
MAX_SEATS = 15
MAX_SET_SIZE = 254


def out_of_reach(seats: int, set_size: int) -> str | None:
    """Why neither solver (this one or the compiled core) can search a table of ``seats`` players
    with a set of ``set_size`` tiles, or None where it can."""
    if seats > MAX_SEATS:
        return msg("{seats} seats: the solver handles at most {most}", seats=seats, most=MAX_SEATS)
    if set_size > MAX_SET_SIZE:
        return msg("a set of {size} tiles: the solver handles at most {most}", size=set_size, most=MAX_SET_SIZE)
    return None


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
        table_limit: int = TABLE_LIMIT,
    ) -> None:
        refused = out_of_reach(len(seats), rules.set_size)
        if refused is not None:
            raise ValueError(refused)
        self.rules = rules
        self.seats = seats
        self.sides = sides
        self.bone_order = bone_order
        self.table_limit = table_limit
        side_list = list(dict.fromkeys(sides))
        self.paranoid = len(side_list) > 2
        self.perspective = perspective if self.paranoid else side_list[0]
        self.sign = [1 if side == self.perspective else -1 for side in sides]
        self.layouts = layout_table(rules)
        self.scale = self.layouts.scale
        self.tiles = self.layouts.tiles
        self.pips = [t.pips for t in self.tiles]
        self.side_of = dict(zip(seats, sides))
        # A table entry is a tuple of plain ints (the collector soon stops tracking those): the
        # lower and the upper bound, the floor searched to plus one (0: exact), and the place of
        # the best move in the layout table (0: none).
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.ends: dict[EndKey, int] = {}  # end-of-hand values by the hands
        self.awards: dict[EndKey, int] = {}  # ... and by the pips left
        self.deadline: float | None = None
        n, nt = len(seats), len(self.tiles)
        self.nb = len(bone_order)
        # Draws may take the boneyard up to (not including) this position.
        self.bone_end = drawable(self.nb, rules)
        # What a draw takes on layout number n from boneyard position b, by n << 8 | b: (the
        # tiles drawn, the boneyard position after, the tile that must be played or -1).
        self.draws: dict[int, tuple[tuple[int, ...], int, int]] = {}
        self.hand_bit = [[1 << (HAND_SHIFT + s * nt + t) for t in range(nt)] for s in range(n)]
        self.search = self._make_search()

    def close(self) -> None:
        """Let go of the tables now (the search closure and the engine refer to each other, so
        the engine itself waits for the collector)."""
        self.table.clear()
        self.ends.clear()
        self.awards.clear()
        self.draws.clear()

    def drawn(self, lid: int, bpos: int) -> tuple[tuple[int, ...], int, int]:
        """What a draw takes on layout ``lid`` from boneyard position ``bpos``, by the rules of
        play (:func:`~muggins.replay.play_rules.draw_takes`): (the tiles' indexes, the position
        after, the index of the tile that must then be played or -1). Remembered."""
        key = lid << 8 | bpos
        found = self.draws.get(key)
        if found is None:
            layout = self.layouts.layouts[lid]
            taken = draw_takes(layout, self.bone_order[bpos:])
            must = must_play_after_draw(layout, taken)
            found = self.draws[key] = (tuple(t.index for t in taken), bpos + len(taken), must.index if must is not None else -1)
        return found

    # -- the end of the hand ---------------------------------------------------------------------

    def end_value(self, kind: str, went_out: int, masks: tuple[int, ...]) -> int:
        """The end-of-hand scoring from the perspective side (scaled), memoised by the hands."""
        key = (kind, went_out, masks)
        found = self.ends.get(key)
        if found is None:
            pips = tuple(self.pip_count(mask) for mask in masks)
            by_pips = (kind, went_out, pips)
            found = self.awards.get(by_pips)
            if found is None:
                seats = self.seats
                award = end_of_hand(kind, seats[went_out] if went_out >= 0 else None, dict(zip(seats, pips)), self.side_of, self.rules)
                value = sum(points if side == self.perspective else -points for side, points in award.points.items())
                found = self.awards[by_pips] = value // self.scale
            self.ends[key] = found
        return found

    def pip_count(self, mask: int) -> int:
        """The pips of the tiles in ``mask``."""
        total = 0
        pips = self.pips
        while mask:
            bit = mask & -mask
            mask ^= bit
            total += pips[bit.bit_length() - 1]
        return total

    def estimate(self, masks: tuple[int, ...]) -> int:
        """A leaf value for a cut search: the end of the hand scored as if it were blocked now.

        Where a blocked hand scores nothing but a domino does, the lightest hand is taken to
        go out. In-play points to come are not guessed (they are zero-sum on average).
        """
        if self.rules.blocked_scoring != "none":
            return self.end_value("blocked", -1, masks)
        if self.rules.domino_scoring == "none" and not self.rules.hand_winner_bonus:
            return 0
        weights = [self.pip_count(mask) for mask in masks]
        return self.end_value("domino", weights.index(min(weights)), masks)

    # -- the search --------------------------------------------------------------------------------

    def tick(self) -> None:
        """Every few thousand nodes: stop at the deadline; keep the tables within bounds."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        if len(self.table) > self.table_limit:
            self.table.clear()
        if len(self.ends) > self.table_limit // 4:
            self.ends.clear()
            self.awards.clear()
        if len(self.draws) > self.table_limit // 4:
            self.draws.clear()

    def _make_search(self) -> Callable[..., int]:
        """Build the recursive search as a closure over the engine's tables (for speed)."""
        table = self.table
        lookup = table.get
        layouts = self.layouts
        playmask, options, moves_of = layouts.fits, layouts.options, layouts.moves_of
        n = len(self.seats)
        following = [next_seat(s, n) for s in range(n)]
        # Whose tiles to count, after the next player's, when ordering moves: the seat before
        # the mover where it is an opponent other than the next seat (partnerships), else none.
        watch = [(s - 1) % n if self.sign[(s - 1) % n] != self.sign[s] and (s - 1) % n != following[s] else -1 for s in range(n)]
        flip_next = [self.sign[s] * self.sign[following[s]] for s in range(n)]
        sign = self.sign
        hand_bit = self.hand_bit
        bone_end = self.bone_end
        nb = self.nb
        domino_zero = self.rules.domino_scoring == "none" and not self.rules.hand_winner_bonus
        blocked_zero = self.rules.blocked_scoring == "none"
        voluntary = self.rules.voluntary_draw  # (bone_end is 0 where nothing is drawn)
        drawn = self.drawn
        end_value, estimate, tick = self.end_value, self.estimate, self.tick
        hands = self.hands = [0] * n
        count = 0
        floor = EXACT
        floor1 = floor + 1  # as kept in the table (0 for exact)
        shallow = SHALLOW

        def search(lid: int, mover: int, bpos: int, must: int, alpha: int, beta: int, hk: int) -> int:
            """The value of the node for the side to move: exact inside (alpha, beta), else a bound."""
            nonlocal count
            count += 1
            if not count & 4095:
                tick()
            held = hk.bit_count()
            if floor >= 0 and held + nb - bpos <= floor:
                return sign[mover] * estimate(tuple(hands))
            hand = hands[mover]
            reach = playmask[lid]
            playable = (1 << must) if must >= 0 else hand & reach
            if not playable:
                if bpos < bone_end:  # draw until a tile fits (the same player moves again)
                    return draw(lid, mover, bpos, alpha, beta, hk, hand)
                for other in range(n):
                    if hands[other] & reach:
                        break
                else:  # nobody can play or draw: play_rules.is_blocked, on masks
                    return 0 if blocked_zero else sign[mover] * end_value("blocked", -1, tuple(hands))
                nxt = following[mover]
                if flip_next[mover] > 0:
                    return search(lid, nxt, bpos, -1, alpha, beta, hk)
                return -search(lid, nxt, bpos, -1, -beta, -alpha, hk)
            tile_options = options[lid]
            deep = held > shallow
            key = hk + lid * LAYOUT_FACTOR + (mover << 16 | bpos << 8) + must + 1
            low, high = -INF, INF
            first: TileMove | None = None
            if deep:
                entry = lookup(key)
                if entry is not None:
                    if entry[2] <= floor1:
                        low, high = entry[0], entry[1]
                        if low >= beta:
                            return low
                        if high <= alpha:
                            return high
                        if low > alpha:
                            alpha = low
                        if high < beta:
                            beta = high
                    tried = entry[3]
                    if tried:  # the move that was best here last time goes first
                        first = tile_options[(tried >> 8) - 1][tried & 255]  # type: ignore[index]  # never None: the best move's tile had its moves worked out when it was found
            moves: list[TileMove] | tuple[TileMove, ...]
            if not playable & (playable - 1):  # one tile
                index = playable.bit_length() - 1
                moves = tile_options[index] or moves_of(lid, index)
            else:
                moves = []
                rest = playable
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    index = bit.bit_length() - 1
                    moves += tile_options[index] or moves_of(lid, index)
            nxt = following[mover]
            flip = flip_next[mover]
            bits = hand_bit[mover]
            if deep:
                # A child already known to reach beta decides the node at once.
                child_base = hk + (nxt << 16 | bpos << 8)
                for op in moves:
                    if op[1] != hand:
                        seen = lookup(child_base - bits[op[2]] + op[4])
                        if seen is not None and seen[2] <= floor1:
                            value = op[0] + seen[0] if flip > 0 else op[0] - seen[1]
                            if value >= beta:
                                table[key] = (value, high, floor1, op[5])
                                return value
            if len(moves) > 1:
                # Moves that leave the next player (then the other opponent) fewest tiles to
                # play first, then those that score most: small refutations first.
                after = hands[nxt]
                other = hands[watch[mover]] if watch[mover] >= 0 else 0
                if len(moves) == 2:
                    one, two = moves
                    if ((after & two[6]).bit_count() << 16) + ((other & two[6]).bit_count() << 8) - two[0] < (
                        ((after & one[6]).bit_count() << 16) + ((other & one[6]).bit_count() << 8) - one[0]
                    ):
                        moves = [two, one]
                else:
                    ranked = [(((after & op[6]).bit_count() << 16) + ((other & op[6]).bit_count() << 8) - op[0], op) for op in moves]
                    ranked.sort()
                    moves = [op for _, op in ranked]
                if first is not None and moves[0] is not first:
                    moves = [first, *(op for op in moves if op is not first)]
            a0, b0 = alpha, beta
            best = -INF
            best_op = None
            for op in moves:
                bit = op[1]
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
            if voluntary and lid and must < 0 and best < beta and bpos < bone_end:  # play_rules.may_draw
                value = draw(lid, mover, bpos, alpha, beta, hk, hand)
                if value > best:
                    best, best_op = value, None
            if deep:
                if best <= a0:
                    high = best
                elif best >= b0:
                    low = best
                else:
                    low = high = best
                table[key] = (low, high, floor1, best_op[5] if best_op is not None else 0)
            return best

        def draw(lid: int, mover: int, bpos: int, alpha: int, beta: int, hk: int, hand: int) -> int:
            """Draw as the rules of play say (:meth:`drawn`); the drawer moves again."""
            bits = hand_bit[mover]
            taken, bpos, must = drawn(lid, bpos)
            for tile in taken:
                hand |= 1 << tile
                hk += bits[tile]
            before = hands[mover]
            hands[mover] = hand
            value = search(lid, mover, bpos, must, alpha, beta, hk)
            hands[mover] = before
            return value

        def set_floor(value: int) -> None:
            nonlocal floor, floor1
            floor, floor1 = value, value + 1

        def nodes() -> int:
            return count

        self.set_floor, self.node_count = set_floor, nodes
        return search

    # -- nodes from positions ------------------------------------------------------------------------

    def node(self, masks: list[int], layout: int, mover: int, bpos: int, must: int) -> Node:
        """The search's arguments for a node (less the window): (layout, mover, bpos, must, key)."""
        hk = 0
        for seat, mask in enumerate(masks):
            bits = self.hand_bit[seat]
            for t in range(len(self.tiles)):
                if mask >> t & 1:
                    hk += bits[t]
        return layout, mover, bpos, must, hk

    def best_tile(self, node: Node) -> int:
        """The tile of the move the table holds as best at ``node`` (-1: none known)."""
        lid, mover, bpos, must, hk = node
        entry = self.table.get(hk + lid * LAYOUT_FACTOR + (mover << 16 | bpos << 8) + must + 1)
        return (entry[3] >> 8) - 1 if entry is not None and entry[3] else -1

    def value(self, node: Node, masks: list[int], alpha: int, beta: int) -> int:
        """Run the search at ``node`` with ``masks`` as the hands (the mover's view)."""
        self.hands[:] = masks
        lid, mover, bpos, must, hk = node
        return self.search(lid, mover, bpos, must, alpha, beta, hk)

    def guess(self, node: Node, masks: list[int], left: int, guess: int = 0) -> int:
        """A first guess at an exact value: cut searches 6, 10, 14... plays deep, while they are
        well short of the end (``left`` tiles remain, at least 8 beyond). Leaves the search exact again."""
        for depth in range(6, left - CUT_SHORT, 4):
            self.set_floor(left - depth)
            guess = self.mtdf(node, masks, guess)
        self.set_floor(EXACT)
        return guess

    def mtdf(self, node: Node, masks: list[int], guess: int = 0) -> int:
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
