/* muggins.analysis._solver_core: the perfect-information solver's search, compiled.
 *
 * The same search as analysis/solver_search.py and solver.py (fail-soft alpha-beta, null-window
 * tests driven by MTD(f) from shallower cut searches, a transposition table keeping both bounds
 * and the best move, enhanced transposition cutoffs, moves ordered by how few tiles they leave
 * the next opponent and the other one and by points, cut searches at a "floor" of tiles left
 * valued by an estimate, the deadline of a budget, the best line and every move's value), over
 * this file's own encoding: layouts numbered in a table with each tile's moves worked out once
 * (as solver_table.py does), hands as bitmasks. Where it differs, it differs only in speed:
 * nodes with few tiles held skip the table for a small one (shallow_for, SMALL_FROM), a forced
 * node asks no table, the move order weighs its terms where Python's takes them in turn
 * (move_order), ties in it go to the tile that refuted most often (history), small sets' layouts
 * pack their slots (compact) and keep a tile's few moves in the record's free slots
 * (PACK_INL), and the tables are bounded. The pure-Python solver stays the reference:
 * tests/test_solver_core.py compares the two on random positions of every preset, and this
 * layout code against muggins.replay.board play by play. analysis/solver_core.py is the
 * only caller: it converts a solver Position into the tuples read here (core_input) and turns
 * the results back into Moves.
 *
 * The rules this file encodes, and the Python function that decides each (keep them in step):
 *   spinner (none, first_double, every_double, sniff)   replay/board.py becomes_spinner
 *   laying the hand's first double lengthwise (sniff)   replay/board.py Board.play's check,
 *                                                        analysis/solver_layout.py may_lay_inline
 *   spinner_order (sides_first, any)                     replay/board.py branch_is_open
 *   spinner_counts_until (both_sides, one_side,          replay/board.py spinner_counts
 *     three_sides, ends_covered): the halves counted
 *   double_end_counts (both_halves, one_half)            replay/board.py double_end_value
 *   the lead and a play on an arm: arms, spinners, the   replay/board.py Board._lead, Board.play
 *     count (a lone crosswise lead double carried over)  (the solver's copy: solver_layout.py
 *                                                        Layout._lead, Layout._after, _key)
 *   drawing, play_drawn_at_once, boneyard_reserve,       analysis/solver_position.py
 *     voluntary_draw; pass; blocked; domino             Position.drawable, legal_moves, _draw,
 *                                                        outcome
 * and what it is given rather than works out:
 *   points of a play per end total                       replay/scoring.py play_points (the table
 *                                                        points_table(rules), passed in)
 *   end-of-hand scoring                                   replay/scoring.py end_of_hand (a Python
 *                                                        callback, cached here by kind, who went
 *                                                        out and the pips per seat)
 *   the common factor of all scores                       analysis/solver_table.py granularity
 *   the estimate at a cut search's floor                  analysis/solver_search.py Engine.estimate
 *                                                        (its mode passed in)
 *
 * Bounds: the transposition table is one block shared by all engines, starting at 256 kB and
 * growing to TABLE_BYTES (16 MB; at most 64 MB), emptied in place between the solves of a run
 * (forget(keep=True)) and freed by forget(); each table of layouts stops at its limit (32 MB of
 * layouts, counted as used, not as the pools' doubling capacity: the search then starts again
 * on the table emptied in place, and twice full is LayoutsFull, on which the caller solves on
 * the Python core); the end-of-hand cache is bounded; the recursion
 * is at most one frame per play, draw and pass (checked against MAX_DEPTH); every 4096 nodes
 * the search checks the deadline and Python's signals (Ctrl-C raises KeyboardInterrupt out of
 * the call, and the engine stays usable).
 *
 * Hands are bitmasks over the set's tiles (bit Tile.index); the search is compiled twice, for
 * sets of at most 64 tiles (one word: up to double-nine) and for larger ones (four words, up to
 * the 253 tiles of double-21), from _solver_core_search.h.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#define MAXPIP 21
#define MAXTILES 253
#define MAXSEATS 15
#define MAXSPIN (MAXPIP + 1)
#define MAXARMS (2 + 2 * MAXSPIN)
#define MAXWORDS 4
#define NOSPIN 255
#define INF (1 << 30)
#define EXACT (-1)
/* Frames of the recursion: a play, a draw or a pass each take one; no hand needs more. */
#define MAX_DEPTH 8000
/* Nodes with at most shallow_for(seats) tiles held skip the transposition table (searching
 * them again costs less than storing them), asking the small table instead (SMALL_FROM): 4
 * with two players, 3 per seat and 2 with more (14 for four: half the 28 tiles); nodes with
 * ETC_MORE more ask it about each child first. Measured with bench/bench_solver.py. */
static int shallow_for(int seats) { return seats <= 2 ? 4 : 3 * seats + 2; }
#define ETC_MORE 4

/* Arm kinds, as replay/board.py numbers them. */
enum { EMPTY = 0, PLAIN = 1, DOUBLE = 2, SPINNER = 3, LEAD = 4 };
enum { SP_NONE = 0, SP_FIRST = 1, SP_EVERY = 2, SP_SNIFF = 3 };
enum { UNTIL_BOTH = 0, UNTIL_ONE = 1, UNTIL_THREE = 2, UNTIL_ENDS = 3 };
enum { EST_ZERO = 0, EST_BLOCKED = 1, EST_LIGHTEST = 2 };
enum { END_DOMINO = 0, END_BLOCKED = 1 };
enum { STOP_NONE = 0, STOP_TIME = 1, STOP_ERROR = 2, STOP_FULL = 3 };
enum { MV_PLAY = 0, MV_DRAW = 1, MV_PASS = 2 };

/* -- hashing ------------------------------------------------------------------------------- */

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static inline uint64_t mix64b(uint64_t x)
{
    x ^= 0x6a09e667f3bcc909ULL;
    x = (x ^ (x >> 32)) * 0xd6e8feb86659fd93ULL;
    x = (x ^ (x >> 32)) * 0xd6e8feb86659fd93ULL;
    return x ^ (x >> 32);
}

/* Random keys of (seat, tile) for the hands' part of a node key: two independent sets. */
static uint64_t ZH1[MAXSEATS][MAXTILES + 1];
static uint64_t ZH2[MAXSEATS][MAXTILES + 1];
static uint64_t engine_serial = 0;

static void init_keys(void)
{
    uint64_t s = 0x243f6a8885a308d3ULL;
    for (int seat = 0; seat < MAXSEATS; seat++)
        for (int t = 0; t <= MAXTILES; t++) {
            ZH1[seat][t] = mix64(s++);
            ZH2[seat][t] = mix64b(s++);
        }
}

/* -- the rules of the layout ------------------------------------------------------------------ */

typedef struct {
    int maxpip, ntiles, words;
    int spinner, order_any, until, one_half;
    uint8_t hi[MAXTILES], lo[MAXTILES];
    uint64_t pip_tiles[MAXPIP + 1][MAXWORDS]; /* tiles showing each pip */
    uint64_t all[MAXWORDS];                    /* every tile of the set */
    uint64_t *fits_table;                      /* by open-pip mask, for sets of one word */
    uint64_t *arm_keys, *spin_keys;            /* two hashes of each arm and spinner there can be */
    uint64_t *flag_keys;                       /* two hashes of each count and flags (layout_key) */
    size_t arm_sp, arm_sk, arm_sv;             /* arm_slot's strides: pip, kind, value */
    int flag_counts;                           /* counts flag_keys holds */
} LRules;

typedef struct {
    uint8_t pip, kind, value, spin; /* the pip shown, what lies at the end, its count, spinner or NOSPIN */
} Arm;

typedef struct {
    uint8_t pip, sides, covered, onto; /* as in solver_layout.py: line sides, all sides, tiles onto it */
} Spin;

/* A layout: arms in the board's order (l, r, then each spinner's two branches), spinners in
 * the order laid. The first 64 bytes (the header) are all that a play changes besides at most
 * two arms and one spinner: the search plays and takes back in place (layout_do, layout_undo). */
typedef struct {
    uint64_t fits[MAXWORDS]; /* tiles that fit an open end now */
    int32_t count;
    uint32_t open; /* pips shown by arms that take a tile */
    uint8_t narms, nspin, doubles, empty, crosswise;
    uint8_t pad[64 - 4 * MAXWORDS * 2 - 8 - 5];
    Spin spins[MAXSPIN];
    Arm arms[MAXARMS];
} Layout;

#define HEADER 64
typedef char header_is_64_bytes[offsetof(Layout, spins) == HEADER ? 1 : -1];

/* What layout_do changed, for layout_undo. */
typedef struct {
    uint8_t header[HEADER];
    uint8_t at, other, spin;
    Arm arm_at, arm_other;
    Spin spin_old;
} Undo;

static inline int double_end_value(const LRules *R, int pip) { return R->one_half ? pip : pip + pip; }

/* How many of its two halves a spinner still counts (2, 1 or 0): board.spinner_counts. */
static inline int spinner_counts(const LRules *R, int sides, int covered, int onto)
{
    if (R->until == UNTIL_BOTH) return sides < 2 ? 2 : 0;
    if (R->until == UNTIL_THREE) return covered < 3 ? 2 : 0;
    if (R->until == UNTIL_ENDS) return 2 - (covered - sides);
    return onto == 0 ? 2 : 0;
}

static inline int branch_is_open(const LRules *R, int sides) { return R->order_any || sides == 2; }

static inline int becomes_spinner(const LRules *R, int inl, int doubles)
{
    if (R->spinner == SP_NONE) return 0;
    if (R->spinner == SP_EVERY) return 1;
    return doubles == 0 && !inl;
}

static inline int may_lay_inline(const LRules *R, const Layout *L, int tile)
{
    return R->spinner == SP_SNIFF && R->hi[tile] == R->lo[tile] && L->doubles == 0;
}

/* The layout's part of a node key: the key of solver_layout._key, hashed. Arms and spinners
 * count by what they show and count and the pip of their spinner, never by position (a sum of
 * their hashes), so layouts that differ only by arm names hash alike. Two independent hashes. */
/* Where an arm's (pip, kind, count, spinner pip or none) and a spinner's (pip, sides, covered,
 * onto) hashes are in the rules' tables. */
static inline size_t arm_slot(const LRules *R, int pip, int kind, int value, int spin_pip)
{
    /* ((((pip * 5 + kind) * (2 maxpip + 1) + value) * (maxpip + 2) + spin_pip + 1) * 2 */
    return ((size_t)pip * R->arm_sp + (size_t)kind * R->arm_sk + (size_t)value * R->arm_sv + (size_t)(spin_pip + 1)) * 2;
}

static inline uint64_t layout_flags(int count, int crosswise, int doubles, int empty)
{
    return (uint64_t)(uint32_t)count | (uint64_t)crosswise << 32 | (uint64_t)doubles << 33 | (uint64_t)empty << 34 | 3ULL << 40;
}

static inline size_t spin_slot(int pip, int sides, int covered, int onto)
{
    return ((((size_t)pip * 3 + (size_t)sides) * 5 + (size_t)covered) * 5 + (size_t)onto) * 2;
}

static size_t arm_slots(const LRules *R) { return arm_slot(R, R->maxpip + 1, 0, 0, -1); }

static int count_bound(const LRules *R);

/* The tables of hashes (two independent ones) of every arm and spinner the rules can make,
 * and of the flags of every count. */
static int key_tables(LRules *R)
{
    R->arm_sv = (size_t)(R->maxpip + 2);
    R->arm_sk = (size_t)(2 * R->maxpip + 1) * R->arm_sv;
    R->arm_sp = 5 * R->arm_sk;
    R->flag_counts = count_bound(R) + 1;
    R->flag_keys = (uint64_t *)malloc(sizeof(uint64_t) * 16 * (size_t)R->flag_counts);
    if (!R->flag_keys) return -1;
    for (int count = 0; count < R->flag_counts; count++)
        for (int f = 0; f < 8; f++) {
            uint64_t flags = layout_flags(count, f & 1, f >> 1 & 1, f >> 2);
            R->flag_keys[(count * 8 + f) * 2] = mix64(flags);
            R->flag_keys[(count * 8 + f) * 2 + 1] = mix64b(flags);
        }
    size_t arms = arm_slots(R), spins = spin_slot(R->maxpip + 1, 0, 0, 0);
    R->arm_keys = (uint64_t *)malloc(sizeof(uint64_t) * arms);
    R->spin_keys = (uint64_t *)malloc(sizeof(uint64_t) * spins);
    if (!R->arm_keys || !R->spin_keys) return -1;
    for (int pip = 0; pip <= R->maxpip; pip++) {
        for (int kind = 0; kind < 5; kind++)
            for (int value = 0; value <= 2 * R->maxpip; value++)
                for (int spin = -1; spin <= R->maxpip; spin++) {
                    uint64_t c = (uint64_t)pip | (uint64_t)kind << 6 | (uint64_t)value << 9 | (uint64_t)(spin < 0 ? 63 : spin) << 17 | 1ULL << 24;
                    size_t at = arm_slot(R, pip, kind, value, spin);
                    R->arm_keys[at] = mix64(c);
                    R->arm_keys[at + 1] = mix64b(c);
                }
        for (int sides = 0; sides < 3; sides++)
            for (int covered = 0; covered < 5; covered++)
                for (int onto = 0; onto < 5; onto++) {
                    uint64_t c = (uint64_t)pip | (uint64_t)sides << 6 | (uint64_t)covered << 9 | (uint64_t)onto << 13 | 2ULL << 24;
                    size_t at = spin_slot(pip, sides, covered, onto);
                    R->spin_keys[at] = mix64(c);
                    R->spin_keys[at + 1] = mix64b(c);
                }
    }
    return 0;
}

static void free_lrules(LRules *R)
{
    free(R->fits_table);
    free(R->arm_keys);
    free(R->spin_keys);
    free(R->flag_keys);
    R->fits_table = R->arm_keys = R->spin_keys = R->flag_keys = NULL;
}

/* The hashes of the header's flags, and of one arm off a spinner: two terms of layout_key's sum. */
static inline const uint64_t *flag_key(const LRules *R, const Layout *L)
{
    return R->flag_keys + ((size_t)L->count * 8 + (size_t)(L->crosswise | (L->doubles > 0) << 1 | L->empty << 2)) * 2;
}

static inline const uint64_t *plain_arm_key(const LRules *R, const Arm *arm)
{
    return R->arm_keys + arm_slot(R, arm->pip, arm->kind, arm->value, -1);
}

/* The layout's part of a node key: the key of solver_layout._key, hashed. Arms and spinners
 * count by what they show and count and the pip of their spinner, never by position (a sum of
 * their hashes), so layouts that differ only by arm names hash alike. Two independent hashes. */
static void layout_key(const LRules *R, const Layout *L, uint64_t *k1, uint64_t *k2)
{
    uint64_t a, b;
    if (L->count >= 0 && L->count < R->flag_counts) {
        const uint64_t *f = flag_key(R, L);
        a = f[0];
        b = f[1];
    } else {
        uint64_t flags = layout_flags(L->count, L->crosswise, L->doubles > 0, L->empty);
        a = mix64(flags);
        b = mix64b(flags);
    }
    for (int i = 0; i < L->narms; i++) {
        const Arm *arm = &L->arms[i];
        const uint64_t *h = R->arm_keys + arm_slot(R, arm->pip, arm->kind, arm->value, arm->spin == NOSPIN ? -1 : L->spins[arm->spin].pip);
        a += h[0];
        b += h[1];
    }
    for (int i = 0; i < L->nspin; i++) {
        const Spin *sp = &L->spins[i];
        const uint64_t *h = R->spin_keys + spin_slot(sp->pip, sp->sides, sp->covered, sp->onto);
        a += h[0];
        b += h[1];
    }
    *k1 = a;
    *k2 = b;
}

static inline int arm_open(const LRules *R, const Layout *L, const Arm *a)
{
    return a->kind != EMPTY || branch_is_open(R, L->spins[a->spin].sides);
}

/* After a change: which pips the open arms show, and the tiles that fit them. */
static inline void layout_finish(const LRules *R, Layout *L)
{
    int w;
    uint32_t open = 0;
    for (int i = 0; i < L->narms; i++)
        if (arm_open(R, L, &L->arms[i])) open |= 1u << L->arms[i].pip;
    L->open = open;
    if (R->fits_table) {
        L->fits[0] = R->fits_table[open];
        return;
    }
    for (w = 0; w < MAXWORDS; w++) L->fits[w] = 0;
    for (int p = 0; p <= R->maxpip; p++)
        if (open >> p & 1)
            for (w = 0; w < R->words; w++) L->fits[w] |= R->pip_tiles[p][w];
}

static void layout_empty(const LRules *R, Layout *L)
{
    memset(L, 0, sizeof(Layout));
    L->empty = 1;
    for (int w = 0; w < MAXWORDS; w++) L->fits[w] = R->all[w];
}

static inline void set_arm(Arm *a, int pip, int kind, int value, int spin)
{
    a->pip = (uint8_t)pip;
    a->kind = (uint8_t)kind;
    a->value = (uint8_t)value;
    a->spin = (uint8_t)spin;
}

/* The lead on the empty layout: Board._lead. */
static void layout_lead(const LRules *R, Layout *L, int tile, int inl)
{
    int hi = R->hi[tile], lo = R->lo[tile];
    L->empty = 0;
    L->nspin = 0;
    L->doubles = hi == lo;
    L->crosswise = hi == lo && !inl;
    L->narms = 2;
    if (hi == lo && becomes_spinner(R, inl, 0)) {
        Spin *s = &L->spins[0];
        s->pip = (uint8_t)hi;
        s->sides = s->covered = s->onto = 0;
        L->nspin = 1;
        L->narms = 4;
        set_arm(&L->arms[0], hi, LEAD, 0, 0);
        set_arm(&L->arms[1], hi, LEAD, 0, 0);
        set_arm(&L->arms[2], hi, EMPTY, 0, 0);
        set_arm(&L->arms[3], hi, EMPTY, 0, 0);
        L->count = spinner_counts(R, 0, 0, 0) * hi;
    } else if (hi == lo && !inl) {
        int value = double_end_value(R, hi);
        set_arm(&L->arms[0], hi, LEAD, value, NOSPIN);
        set_arm(&L->arms[1], hi, LEAD, 0, NOSPIN);
        L->count = value;
    } else {
        set_arm(&L->arms[0], hi, LEAD, hi, NOSPIN);
        set_arm(&L->arms[1], lo, LEAD, lo, NOSPIN);
        L->count = hi + lo;
    }
    layout_finish(R, L);
}

/* ``tile`` on arm ``at`` (which it fits: not checked): Board.play. */
static void layout_play(const LRules *R, Layout *L, int at, int tile, int inl, Undo *u)
{
    int hi = R->hi[tile], lo = R->lo[tile];
    Arm *a = &L->arms[at];
    int pip = a->pip, kind = a->kind, spin = a->spin;
    int exposed = pip == hi ? lo : hi;
    int count = L->count - a->value;
    u->at = (uint8_t)at;
    u->arm_at = *a;
    if (spin != NOSPIN) { /* a spinner's side or branch: the tile covers one more of its sides */
        Spin *s = &L->spins[spin];
        u->spin = (uint8_t)spin;
        u->spin_old = *s;
        int before = spinner_counts(R, s->sides, s->covered, s->onto);
        s->sides += kind != EMPTY;
        s->covered++;
        s->onto++;
        int after = spinner_counts(R, s->sides, s->covered, s->onto);
        count += (after - before) * s->pip;
    } else if (kind == LEAD && L->crosswise) {
        /* A lone crosswise lead double counts once, on one arm; now the other arm carries it. */
        Arm *o = &L->arms[1 - at];
        if (o->kind == LEAD && o->value == 0) {
            u->other = (uint8_t)(1 - at);
            u->arm_other = *o;
            o->value = (uint8_t)double_end_value(R, pip);
            count += o->value;
        }
    }
    if (hi == lo) {
        if (becomes_spinner(R, inl, L->doubles)) {
            int k = L->nspin++;
            Spin *s = &L->spins[k];
            s->pip = (uint8_t)hi;
            s->sides = 1;
            s->covered = 1;
            s->onto = 0;
            set_arm(a, exposed, SPINNER, 0, k);
            set_arm(&L->arms[L->narms], hi, EMPTY, 0, k);
            set_arm(&L->arms[L->narms + 1], hi, EMPTY, 0, k);
            L->narms += 2;
            count += spinner_counts(R, 1, 1, 0) * hi;
        } else if (inl) {
            set_arm(a, exposed, PLAIN, exposed, NOSPIN);
            count += exposed;
        } else {
            int value = double_end_value(R, exposed);
            set_arm(a, exposed, DOUBLE, value, NOSPIN);
            count += value;
        }
        L->doubles++;
    } else {
        set_arm(a, exposed, PLAIN, exposed, NOSPIN);
        count += exposed;
    }
    L->count = count;
    layout_finish(R, L);
}

/* Play ``tile`` (on arm ``at`` unless it leads), keeping in ``u`` what layout_undo restores. */
static inline void layout_do(const LRules *R, Layout *L, int tile, int at, int inl, Undo *u)
{
    memcpy(u->header, L, HEADER);
    u->at = u->other = u->spin = 255;
    if (L->empty)
        layout_lead(R, L, tile, inl); /* the arms it writes lie beyond narms once undone */
    else
        layout_play(R, L, at, tile, inl, u);
}

static inline void layout_undo(Layout *L, const Undo *u)
{
    if (u->spin != 255) L->spins[u->spin] = u->spin_old;
    if (u->other != 255) L->arms[u->other] = u->arm_other;
    if (u->at != 255) L->arms[u->at] = u->arm_at;
    memcpy(L, u->header, HEADER);
}

static inline int arm_fits(const LRules *R, const Layout *L, int at, int tile)
{
    const Arm *a = &L->arms[at];
    return (a->pip == R->hi[tile] || a->pip == R->lo[tile]) && arm_open(R, L, a);
}

/* The largest count any layout of these rules can show (every arm and spinner at its most):
 * one spinner at most unless every double spins. */
static int count_bound(const LRules *R)
{
    int spinners = R->spinner == SP_NONE ? 0 : R->spinner == SP_EVERY ? R->maxpip + 1 : 1;
    return (2 + 3 * spinners + 1) * 2 * R->maxpip + 1;
}

/* -- the transposition table: one block for all engines ------------------------------------- */

/* floor1: the floor searched to plus one (0: exact); GUESS_FLOORS more for the first guess's
 * cut searches, which value their floor otherwise (see guess): an entry serves a search to the
 * same or a higher floor of the same kind, an exact one every search. */
typedef struct {
    uint64_t key;
    uint32_t check;
    int32_t low, high;
    uint16_t best, floor1;
    uint8_t gen, held;
    uint8_t epoch; /* the table's epoch when stored: an entry of an earlier one is no entry */
} Entry;

#define GUESS_FLOORS 1024
/* Cut searches stop this many plays short of the end: nearer, one costs nearly the exact search
 * (solver_search.CUT_SHORT). */
#define CUT_SHORT 7

typedef struct {
    Entry e[2]; /* 0: the deepest seen (most tiles held); 1: the latest */
} Bucket;

#define DEFAULT_TABLE_BYTES (16u << 20)
#define MAX_TABLE_BYTES (64u << 20)
#define FIRST_TABLE_BYTES (256u << 10)

/* The table starts small (a small solve touches little memory) and grows four times over,
 * keeping its entries, each time as many entries have been made as it holds, up to TT_BYTES. */
static Bucket *TT = NULL;
static size_t TT_MASK = 0;
static size_t TT_BYTES = DEFAULT_TABLE_BYTES;
static size_t TT_MADE = 0; /* entries made (not updated) since the table last grew */
static uint8_t TT_GEN = 1;
/* forget(keep=True) empties the table by starting a new epoch (every 255th time by zeroing it):
 * its memory stays the process's own, so the next solves fault in no page of it again (on this
 * kind of machine a page fault costs about 2 us: a 16 MB table, 8 ms). */
static uint8_t TT_EPOCH = 1;

#if defined(__linux__)
#include <sys/mman.h>
#endif

/* A zeroed block for ``buckets`` buckets: on Linux a large one asks for huge pages (the table is
 * probed at random: fewer TLB misses). */
static Bucket *tt_block(size_t buckets)
{
    size_t bytes = buckets * sizeof(Bucket);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= (2u << 20)) {
        void *block = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (block == MAP_FAILED) return NULL;
        madvise(block, bytes, MADV_HUGEPAGE);
        return (Bucket *)block;
    }
#endif
    return (Bucket *)calloc(buckets, sizeof(Bucket));
}

static void tt_release(Bucket *block, size_t buckets)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (buckets * sizeof(Bucket) >= (2u << 20)) {
        munmap(block, buckets * sizeof(Bucket));
        return;
    }
#endif
    free(block);
}

static size_t tt_buckets(size_t bytes)
{
    size_t n = bytes / sizeof(Bucket), p = 1;
    while (p * 2 <= n) p *= 2;
    return p;
}

static int tt_ready(void)
{
    if (TT) return 0;
    size_t p = tt_buckets(FIRST_TABLE_BYTES < TT_BYTES ? FIRST_TABLE_BYTES : TT_BYTES);
    TT = tt_block(p);
    if (!TT) {
        PyErr_NoMemory();
        return -1;
    }
    TT_MASK = p - 1;
    TT_MADE = 0;
    return 0;
}

static void tt_free(void)
{
    if (!TT) return;
    tt_release(TT, TT_MASK + 1);
    TT = NULL;
    TT_MASK = 0;
}

/* Grow the table when it has made as many entries as it holds (and may grow): its entries move
 * to a table four times larger. Without memory it stays as it is. */
static void tt_grow(void)
{
    size_t buckets = TT_MASK + 1;
    if (!TT || TT_MADE < 2 * buckets || buckets * sizeof(Bucket) * 2 > TT_BYTES) return;
    size_t grown = tt_buckets(buckets * sizeof(Bucket) * 4 < TT_BYTES ? buckets * sizeof(Bucket) * 4 : TT_BYTES);
    Bucket *block = tt_block(grown);
    if (!block) return;
    for (size_t i = 0; i < buckets; i++)
        for (int k = 0; k < 2; k++) {
            const Entry *e = &TT[i].e[k];
            if (!e->gen || e->epoch != TT_EPOCH) continue;
            Bucket *b = &block[e->key & (grown - 1)];
            b->e[b->e[0].gen && b->e[0].epoch == TT_EPOCH ? 1 : 0] = *e;
        }
    tt_release(TT, buckets);
    TT = block;
    TT_MASK = grown - 1;
    TT_MADE = 0;
}

static inline Entry *tt_probe(uint64_t k1, uint64_t k2)
{
    Bucket *b = &TT[k1 & TT_MASK];
    uint32_t c = (uint32_t)k2;
    if (b->e[0].key == k1 && b->e[0].check == c && b->e[0].epoch == TT_EPOCH) return &b->e[0];
    if (b->e[1].key == k1 && b->e[1].check == c && b->e[1].epoch == TT_EPOCH) return &b->e[1];
    return NULL;
}

/* ``best``: the code of the node's best move; negated, that of a node that failed low, which
 * does not replace the move its entry has (the move that reached beta in an earlier search is
 * the better first try: of moves that all failed low, the one least low proves nothing). */
static inline void tt_store(uint64_t k1, uint64_t k2, int low, int high, int floor1, int best, int held)
{
    Bucket *b = &TT[k1 & TT_MASK];
    uint32_t c = (uint32_t)k2;
    Entry *e;
    int same = 1;
    if (b->e[0].key == k1 && b->e[0].check == c && b->e[0].epoch == TT_EPOCH)
        e = &b->e[0];
    else if (b->e[1].key == k1 && b->e[1].check == c && b->e[1].epoch == TT_EPOCH)
        e = &b->e[1];
    else {
        same = 0;
        TT_MADE++;
        if (b->e[0].gen != TT_GEN || b->e[0].epoch != TT_EPOCH || held >= b->e[0].held) {
            b->e[1] = b->e[0];
            e = &b->e[0];
        } else
            e = &b->e[1];
    }
    e->key = k1;
    e->check = c;
    e->low = low;
    e->high = high;
    e->floor1 = (uint16_t)floor1;
    if (best >= 0 || !same || !e->best) e->best = (uint16_t)(best < 0 ? -best : best);
    e->gen = TT_GEN;
    e->held = (uint8_t)held;
    e->epoch = TT_EPOCH;
}

/* A node's bounds after its search: ``best`` searched in the window (a0, b0) is an upper bound
 * at most a0, a lower bound at least b0, else exact; *low and *high hold the bounds it had. */
static inline void bounds_after(int best, int a0, int b0, int *low, int *high)
{
    if (best <= a0)
        *high = best;
    else if (best >= b0)
        *low = best;
    else
        *low = *high = best;
}

/* Store a node's result (bounds_after); a node that failed low keeps its entry's move. */
static inline void tt_store_result(uint64_t k1, uint64_t k2, int best, int a0, int b0, int low, int high, int floor1, int bestcode, int held)
{
    bounds_after(best, a0, b0, &low, &high);
    tt_store(k1, k2, low, high, floor1, best <= a0 ? -bestcode : bestcode, held);
}

/* -- the layouts met so far, by number, with the moves each allows (solver_table.py) -------- */

/* One layout: its key, the tiles that fit it, where its arms are kept, its count; followed in
 * the table by one MoveSlot per tile. */
typedef struct {
    uint64_t k1, k2;
    uint64_t fits[MAXWORDS];
    uint32_t lay; /* offset of its header, arms and spinners in the pool */
    int32_t count;
    uint8_t narms, empty;
    uint8_t pad[2];
    uint32_t inl; /* a compact table's slots that hold the moves of another tile (PACK_INL) */
} Rec;

typedef char rec_is_64_bytes[sizeof(Rec) == 64 ? 1 : -1];

/* A tile's moves on a layout. ref 0: not worked out yet; ref & SLOT_MANY: a list in opts at
 * that offset (its first slot's ref is the count); else the one move: layout number ref - 1,
 * its points, and the tiles that fit it (first word): what ordering moves reads, without
 * touching the child's record. */
typedef struct {
    uint32_t ref;
    int32_t points;
    uint64_t fits;
} MoveSlot;

#define SLOT_MANY (1u << 31)

/* In a compact table (one-word sets of at most 36 tiles, points under 128) a record's slot is
 * 8 bytes, half a MoveSlot, so that twice the layouts fit in the same memory and the cache:
 * 0, not worked out yet; bit 63 set, a list in the record (PACK_INL, bit 62 set) or in opts at
 * the offset in the low 32 bits; else the one move: the child's tiles that fit (bits 0-35), its
 * layout number + 1 (bits 36-55) and the points (bits 56-62). A table big enough to need more
 * layouts than 20 bits number is full. */
#define PACK_MANY (1ULL << 63)
/* A tile with 2 to PACK_INL_MAX moves keeps them, where its record has room, in slots of tiles
 * that cannot be asked for there (tiles that do not fit it, or past the set's last), as one
 * move each, preferably in the same cache line as its own slot: its slot then holds PACK_MANY |
 * PACK_INL, the count at bit 32, and the slots' places, 6 bits each from bit 0. A list in opts
 * was another read at random, after the slot's, at a quarter of the slots read (counted over
 * bench_solver's openings: 9.0 of 33.3 million). */
#define PACK_INL (1ULL << 62)
#define PACK_INL_MAX 4
#define PACK_FITS_BITS 36
#define PACK_REF_BITS 20
#define PACK_MAX_TILES PACK_FITS_BITS
#define PACK_MAX_POINTS 127
#define PACK_MAX_RECS ((1u << PACK_REF_BITS) - 2)
static inline uint64_t pack_slot(uint32_t ref, int32_t points, uint64_t fits)
{
    return fits | (uint64_t)ref << PACK_FITS_BITS | (uint64_t)points << (PACK_FITS_BITS + PACK_REF_BITS);
}
static inline __attribute__((always_inline)) void unpack_slot(uint64_t s, MoveSlot *m)
{
    m->fits = s & ((1ULL << PACK_FITS_BITS) - 1);
    m->ref = (uint32_t)(s >> PACK_FITS_BITS) & ((1u << PACK_REF_BITS) - 1);
    m->points = (int32_t)(s >> (PACK_FITS_BITS + PACK_REF_BITS)) & PACK_MAX_POINTS;
}

typedef struct {
    uint64_t k1;
    uint32_t id1;   /* the layout's number + 1; 0: a free slot */
    uint32_t check; /* the low half of its second key: a lookup reads no record (96 bits of key
                     * name a layout, as they name a node in the transposition table) */
} Slot;

/* A table of layouts for one set of layout rules and points: ``Layouts`` in Python, shared by
 * the engines of those rules. A layout is numbered the first time it is met, by its key (so
 * placements that differ only by arm names share one number); a tile's moves on it (the
 * distinct layouts it makes, most points first, with the points each scores) are worked out
 * the first time the search asks, once for every later solve. The table is bounded: past
 * ``limit`` bytes it refuses to grow (the search then starts again on an emptied table), and a
 * solve that starts with it past three quarters of that empties it first (KEEP_LAYOUTS). */
typedef struct {
    PyObject_HEAD
    LRules R;
    int32_t *points; /* scaled points by end total */
    int npoints;
    uint8_t *recs;   /* records of ``stride`` bytes: a Rec, then a slot per tile */
    size_t stride, slot_bytes; /* slots: a MoveSlot each, 8 bytes packed (compact), or in sets
                                  of more than 64 tiles a uint32_t (SLOT_MANY | a list's offset) */
    int compact;
    uint32_t nrecs, caprecs;
    size_t lists_in, lists_apart; /* tiles' lists of moves made: in their records (PACK_INL), in opts */
    MoveSlot *opts; /* lists of moves: a slot whose ref is the count n, then n moves */
    size_t nopts, capopts;
    uint8_t *lays;
    size_t nlays, caplays;
    Slot *map;
    size_t mapcap;
    size_t limit;
    Layout tmp;
} LTable;

#define DEFAULT_LAYOUT_BYTES (32u << 20)
/* A solve starts on the layouts kept unless they fill more than KEEP_LAYOUTS quarters of the
 * limit. Measured over 150 solves of four-player deals (compact slots): after 4 plays the
 * layouts met level off near 17 MB and after 8 near 13, so all are kept; openings go on
 * adding them, and fill three quarters in 15 to 20 solves. No solve of those started again on
 * a full table. Half emptied it every few solves, and working layouts out again was a sixth
 * of the instructions. */
#define KEEP_LAYOUTS 3

static inline Rec *rec_of(const LTable *T, uint32_t id) { return (Rec *)(T->recs + (size_t)id * T->stride); }
static inline void *slot_of(const LTable *T, uint32_t id, int t)
{
    return (char *)rec_of(T, id) + sizeof(Rec) + (size_t)t * T->slot_bytes;
}

/* The table's pools: on Linux mapped and grown in place by the kernel (new pages come zeroed,
 * nothing is copied), asking for huge pages from 2 MB on (the search reads the records at
 * random: without them most reads of a layout missed the TLB too; 5% less time at the
 * opening, and at most 2 MB more resident per pool); elsewhere allocated aligned to a cache
 * line, copied and zeroed. */
#if defined(__linux__) && defined(MREMAP_MAYMOVE)
#define POOL_PAGES 1
static size_t pool_round(size_t bytes) { return (bytes + 4095) & ~(size_t)4095; }
#endif

static void *pool_resize(void *old, size_t old_bytes, size_t new_bytes)
{
#ifdef POOL_PAGES
    void *p = old ? mremap(old, pool_round(old_bytes), pool_round(new_bytes), MREMAP_MAYMOVE)
                  : mmap(NULL, pool_round(new_bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    if (new_bytes >= (2u << 20)) madvise(p, pool_round(new_bytes), MADV_HUGEPAGE);
#endif
    return p;
#else
    void *p = NULL;
    if (posix_memalign(&p, 64, new_bytes) != 0) return NULL;
    if (old) memcpy(p, old, old_bytes);
    memset((char *)p + old_bytes, 0, new_bytes - old_bytes);
    free(old);
    return p;
#endif
}

static void pool_free(void *p, size_t bytes)
{
    if (!p) return;
#ifdef POOL_PAGES
    munmap(p, pool_round(bytes));
#else
    (void)bytes;
    free(p);
#endif
}

static void lt_clear(LTable *T)
{
    pool_free(T->recs, (size_t)T->caprecs * T->stride);
    pool_free(T->opts, T->capopts * sizeof(MoveSlot));
    pool_free(T->lays, T->caplays);
    free(T->map);
    T->recs = T->lays = NULL;
    T->opts = NULL;
    T->map = NULL;
    T->nrecs = T->caprecs = 0;
    T->nopts = T->capopts = T->nlays = T->caplays = T->mapcap = 0;
    T->lists_in = T->lists_apart = 0;
}

/* The bytes the table holds, what its limit bounds: what its pools use. Their capacity beyond
 * that (they grow by doubling) is mapped but never touched, which on Linux takes no memory:
 * bounding the capacity instead would hold half as many layouts in the same memory. */
static size_t lt_used(const LTable *T)
{
    return (size_t)T->nrecs * T->stride + T->nlays + T->nopts * sizeof(MoveSlot) + T->mapcap * sizeof(Slot);
}

/* Empty the table for the next search, keeping its pools: memory it touched stays its own, so
 * filling it again costs no page faults (on this kind of machine one costs as much as building
 * a layout). Only the records are zeroed: a slot of zero is a tile not worked out yet. */
static void lt_reset(LTable *T)
{
    if (T->recs) memset(T->recs, 0, (size_t)T->nrecs * T->stride);
    if (T->map) memset(T->map, 0, T->mapcap * sizeof(Slot));
    T->nrecs = 0;
    T->nopts = T->nlays = 0;
    T->lists_in = T->lists_apart = 0;
}

/* Make room for ``need`` elements of ``size`` bytes in the pool ``*block`` (growing it to
 * ``*cap``), new ones zeroed; -1 when memory runs out. The callers check the limit. */
static int lt_room(void **block, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return 0;
    size_t grown = *cap ? *cap : 256;
    while (grown < need) grown *= 2;
    void *p = pool_resize(*block, *cap * size, grown * size);
    if (!p) return -1;
    *block = p;
    *cap = grown;
    return 0;
}

static int lt_rehash(LTable *T, size_t cap)
{
    size_t bytes = cap * sizeof(Slot), old = T->mapcap * sizeof(Slot);
    if (lt_used(T) - old + bytes > T->limit) return -1;
    Slot *map = (Slot *)calloc(cap, sizeof(Slot));
    if (!map) return -1;
    for (size_t i = 0; i < T->mapcap; i++)
        if (T->map[i].id1) {
            size_t j = T->map[i].k1 & (cap - 1);
            while (map[j].id1) j = (j + 1) & (cap - 1);
            map[j] = T->map[i];
        }
    free(T->map);
    T->map = map;
    T->mapcap = cap;
    return 0;
}

/* The number of ``L`` (whose key is k1, k2), given it the first time; -1 when the table is full. */
static long lt_intern(LTable *T, const Layout *L, uint64_t k1, uint64_t k2)
{
    if (T->mapcap) {
        size_t i = k1 & (T->mapcap - 1);
        while (T->map[i].id1) {
            if (T->map[i].k1 == k1 && T->map[i].check == (uint32_t)k2) return (long)T->map[i].id1 - 1;
            i = (i + 1) & (T->mapcap - 1);
        }
    }
    if ((size_t)T->nrecs * 2 + 2 > T->mapcap && lt_rehash(T, T->mapcap ? T->mapcap * 2 : 4096) < 0) return -1;
    size_t size = HEADER + 4 * ((size_t)L->narms + L->nspin), caprecs = T->caprecs;
    if (T->nrecs >= (T->compact ? PACK_MAX_RECS : SLOT_MANY - 2) || T->nlays + size >= UINT32_MAX || lt_used(T) + T->stride + size > T->limit) return -1;
    if (lt_room((void **)&T->recs, &caprecs, (size_t)T->nrecs + 1, T->stride) < 0) return -1;
    T->caprecs = (uint32_t)caprecs;
    if (lt_room((void **)&T->lays, &T->caplays, T->nlays + size, 1) < 0) return -1;
    uint32_t id = T->nrecs++;
    Rec *r = rec_of(T, id);
    r->k1 = k1;
    r->k2 = k2;
    memcpy(r->fits, L->fits, sizeof(r->fits));
    r->count = L->count;
    r->narms = L->narms;
    r->empty = L->empty;
    r->lay = (uint32_t)T->nlays;
    uint8_t *at = T->lays + T->nlays;
    memcpy(at, L, HEADER);
    memcpy(at + HEADER, L->arms, 4 * (size_t)L->narms);
    memcpy(at + HEADER + 4 * (size_t)L->narms, L->spins, 4 * (size_t)L->nspin);
    T->nlays += size;
    size_t i = k1 & (T->mapcap - 1);
    while (T->map[i].id1) i = (i + 1) & (T->mapcap - 1);
    T->map[i].k1 = k1;
    T->map[i].id1 = id + 1;
    T->map[i].check = (uint32_t)k2;
    return (long)id;
}

static void lt_decode(const LTable *T, uint32_t id, Layout *L)
{
    const uint8_t *at = T->lays + rec_of(T, id)->lay;
    memcpy(L, at, HEADER);
    memcpy(L->arms, at + HEADER, 4 * (size_t)L->narms);
    memcpy(L->spins, at + HEADER + 4 * (size_t)L->narms, 4 * (size_t)L->nspin);
}

/* Keep tile ``t``'s ``n`` moves in free slots of its record (PACK_INL): 1 done, 0 no room. */
static int packed_inline(LTable *T, uint32_t id, int t, int n, const uint32_t *child, const int32_t *points, const uint64_t *fits)
{
    Rec *rec = rec_of(T, id);
    uint64_t *slots = (uint64_t *)slot_of(T, id, 0);
    int nslots = (int)((T->stride - sizeof(Rec)) / sizeof(uint64_t));
    uint64_t room = nslots >= 32 ? 0xFFFFFFFFULL : (1ULL << nslots) - 1;
    room &= ~rec->fits[0] & ~(uint64_t)rec->inl;
    uint64_t line = 0xFFULL << (t / 8 * 8), near = room & line; /* its own slot's cache line first */
    if (__builtin_popcountll(near) < n) near = room;
    if (__builtin_popcountll(near) < n) return 0;
    uint64_t head = PACK_MANY | PACK_INL | (uint64_t)n << 32;
    for (int j = 0; j < n; j++) {
        int at = __builtin_ctzll(near);
        near &= near - 1;
        slots[at] = pack_slot(child[j] + 1, points[j], fits[j]);
        rec->inl |= 1u << at;
        head |= (uint64_t)at << (6 * j);
    }
    slots[t] = head;
    T->lists_in++;
    return 1;
}

/* Work out tile ``t``'s moves on layout ``id`` into its slot; -1: the table is full. */
static int lt_expand(LTable *T, uint32_t id, int t)
{
    const LRules *R = &T->R;
    Layout *L = &T->tmp;
    lt_decode(T, id, L);
    int inline_too = may_lay_inline(R, L, t), arms = L->empty ? 1 : L->narms, n = 0;
    uint32_t child[2 * MAXARMS];
    int32_t points[2 * MAXARMS];
    uint64_t key[2 * MAXARMS], fits[2 * MAXARMS];
    Undo u;
    /* A play that changes one arm off any spinner (and the count) changes two terms of the
     * key's sum: the flags' and that arm's (layout_key). */
    const Rec *rec = rec_of(T, id);
    int nspin = L->nspin, by_terms = !L->empty && L->count >= 0 && L->count < R->flag_counts;
    uint64_t base1 = 0, base2 = 0;
    if (by_terms) {
        const uint64_t *f = flag_key(R, L);
        base1 = rec->k1 - f[0];
        base2 = rec->k2 - f[1];
    }
    for (int at = 0; at < arms; at++) {
        if (!L->empty && !arm_fits(R, L, at, t)) continue;
        for (int inl = 0; inl <= inline_too; inl++) {
            uint64_t k1, k2;
            layout_do(R, L, t, at, inl, &u);
            if (by_terms && u.spin == 255 && u.other == 255 && L->nspin == nspin && L->count < R->flag_counts) {
                const uint64_t *f = flag_key(R, L), *was = plain_arm_key(R, &u.arm_at), *now = plain_arm_key(R, &L->arms[at]);
                k1 = base1 + f[0] - was[0] + now[0];
                k2 = base2 + f[1] - was[1] + now[1];
            } else
                layout_key(R, L, &k1, &k2);
#ifdef CHECK_KEYS
            {
                uint64_t c1, c2;
                layout_key(R, L, &c1, &c2);
                if (c1 != k1 || c2 != k2) abort();
            }
#endif
            long made = lt_intern(T, L, k1, k2);
            int32_t p = T->points[L->count];
            uint64_t f = L->fits[0];
            layout_undo(L, &u);
            if (made < 0) return -1;
            int j;
            for (j = 0; j < n; j++)
                if (child[j] == (uint32_t)made) break;
            if (j < n) continue; /* placements that make the same layout are one move */
            /* most points first; ties by key, so the order is the same whenever worked out */
            for (j = n; j > 0 && (points[j - 1] < p || (points[j - 1] == p && key[j - 1] < k1)); j--) {
                child[j] = child[j - 1];
                points[j] = points[j - 1];
                key[j] = key[j - 1];
                fits[j] = fits[j - 1];
            }
            child[j] = (uint32_t)made;
            points[j] = p;
            key[j] = k1;
            fits[j] = f;
            n++;
        }
    }
    MoveSlot *list;
    if (n == 1 && T->compact) {
        *(uint64_t *)slot_of(T, id, t) = pack_slot(child[0] + 1, points[0], fits[0]);
        return 0;
    }
    if (T->compact && n <= PACK_INL_MAX && packed_inline(T, id, t, n, child, points, fits)) return 0;
    if (n == 1 && T->slot_bytes == sizeof(MoveSlot))
        list = (MoveSlot *)slot_of(T, id, t);
    else {
        size_t need = T->nopts + 1 + (size_t)n + (T->nopts == 0);
        if (need >= SLOT_MANY || lt_used(T) + (need - T->nopts) * sizeof(MoveSlot) > T->limit) return -1;
        if (lt_room((void **)&T->opts, &T->capopts, need, sizeof(MoveSlot)) < 0) return -1;
        if (T->nopts == 0) T->nopts = 1;
        uint32_t ref = SLOT_MANY | (uint32_t)T->nopts;
        if (T->compact)
            *(uint64_t *)slot_of(T, id, t) = PACK_MANY | T->nopts;
        else if (T->slot_bytes == sizeof(MoveSlot)) {
            MoveSlot *head = (MoveSlot *)slot_of(T, id, t);
            head->ref = ref;
            head->points = 0;
            head->fits = 0;
        } else
            *(uint32_t *)slot_of(T, id, t) = ref;
        T->opts[T->nopts].ref = (uint32_t)n;
        T->lists_apart++;
        list = T->opts + T->nopts + 1;
        T->nopts += 1 + (size_t)n;
    }
    for (int j = 0; j < n; j++) {
        list[j].ref = child[j] + 1;
        list[j].points = points[j];
        list[j].fits = fits[j]; /* the child's, as its record holds them */
    }
    return 0;
}

/* lt_moves in a compact table: a list in opts, or the moves kept in the record unpacked into
 * one[] (PACK_INL_MAX of them at most). */
static inline __attribute__((always_inline)) const MoveSlot *packed_moves(LTable *T, uint32_t id, int t, int *n, MoveSlot *one)
{
    const uint64_t *slots = (const uint64_t *)(T->recs + (size_t)id * T->stride + sizeof(Rec));
    uint64_t s = slots[t];
    if (__builtin_expect(!s, 0)) {
        if (lt_expand(T, id, t) < 0) return NULL;
        slots = (const uint64_t *)(T->recs + (size_t)id * T->stride + sizeof(Rec)); /* the table may have moved */
        s = slots[t];
    }
    if (s & PACK_MANY) {
        if (s & PACK_INL) {
            int k = (int)(s >> 32) & 7; /* 2 at least */
            unpack_slot(slots[s & 63], &one[0]);
            unpack_slot(slots[(s >> 6) & 63], &one[1]);
            for (int j = 2; j < k; j++) unpack_slot(slots[(s >> (6 * j)) & 63], &one[j]);
            *n = k;
            return one;
        }
        const MoveSlot *head = T->opts + (uint32_t)s;
        *n = (int)head->ref;
        return head + 1;
    }
    unpack_slot(s, one);
    *n = 1;
    return one;
}

/* The moves of tile ``t`` on layout ``id`` (*n of them), worked out the first time; NULL when
 * the table is full. The pointer holds until the table next grows, or until the next call
 * with the same ``one`` (where a compact table's one move is unpacked). */
static inline const MoveSlot *lt_moves(LTable *T, uint32_t id, int t, int *n, MoveSlot *one)
{
    if (T->compact) return packed_moves(T, id, t, n, one);
    uint32_t ref = *(uint32_t *)slot_of(T, id, t);
    if (!ref) {
        if (lt_expand(T, id, t) < 0) return NULL;
        ref = *(uint32_t *)slot_of(T, id, t);
    }
    if (ref & SLOT_MANY) {
        const MoveSlot *head = T->opts + (ref & ~SLOT_MANY);
        *n = (int)head->ref;
        return head + 1;
    }
    *n = 1;
    return (const MoveSlot *)slot_of(T, id, t);
}

/* -- the end-of-hand values: the callback's answers by (kind, went out, pips per seat) ------- */

#define END_SLOTS 65536 /* at most: a power of two; emptied when three quarters full */

typedef struct {
    uint16_t pips[MAXSEATS];
    int8_t kind, went; /* kind -1: a free slot */
    int32_t value;
} EndSlot;

/* -- moves, as the search makes them --------------------------------------------------------- */

typedef struct {
    int32_t points, order;
    uint64_t k1, k2; /* deep nodes: the child node's key */
    uint32_t child;  /* the layout it makes */
    uint16_t code;   /* tile + 1 << 8 | its place among the tile's moves: the table's best move */
    uint8_t tile, domino;
} Move;

/* Move lists live on a stack of blocks that never move (a parent's list stays put while its
 * children push theirs). */
typedef struct Block {
    struct Block *next, *prev;
    size_t size, used;
    Move moves[];
} Block;

typedef struct {
    Block *block;
    size_t used;
} Mark;

static const uint64_t NO_HAND[MAXWORDS]; /* no tiles */

/* -- the engine ------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    LTable *T;
    const LRules *R;
    int n;
    int sign[MAXSEATS], nxt[MAXSEATS], flip_next[MAXSEATS], watch[MAXSEATS];
    const uint64_t *watched[MAXSEATS]; /* the watched seat's hand, or NO_HAND (the lean search) */
    int nb, bone_end;
    uint8_t bone[MAXTILES];
    int play_drawn, voluntary, domino_zero, blocked_zero, estimate_mode;
    PyObject *scorer; /* end_of_hand for this table, from the perspective side, scaled */
    EndSlot *ends;
    int nends, nslots;
    uint64_t salt1, salt2;
    /* the search's state: the hands now, and what the search needs of them */
    uint64_t hands[MAXSEATS][MAXWORDS];
    int pips[MAXSEATS];
    int held;
    uint64_t hh1, hh2;
    int floor, floor1, shallow, etc, small;
    PyObject *wanted; /* evaluate's moves to value (a sequence of flags by legal move), or NULL: all */
    uint32_t hist[MAXSEATS][MAXTILES]; /* per seat and tile: how often it refuted (by depth) */
    long long nodes;
    int stop, depth;
    double deadline; /* 0: none */
    Block *blocks, *cur;
    uint8_t pipsum[MAXTILES]; /* each tile's pips */
} Engine;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static Move *arena_alloc(Engine *E, size_t count, Mark *mark)
{
    Block *b = E->cur;
    mark->block = b;
    mark->used = b ? b->used : 0;
    if (b && b->size - b->used >= count) {
        Move *m = &b->moves[b->used];
        b->used += count;
        return m;
    }
    Block *next = b ? b->next : E->blocks;
    if (next && next->size < count) { /* too small: drop it and the ones after (unused now) */
        while (next) {
            Block *after = next->next;
            if (next == E->blocks) E->blocks = NULL;
            free(next);
            next = after;
        }
        if (b) b->next = NULL;
        next = NULL;
    }
    if (!next) {
        size_t size = count > 4096 ? count : 4096;
        next = (Block *)malloc(sizeof(Block) + size * sizeof(Move));
        if (!next) return NULL;
        next->size = size;
        next->next = NULL;
        next->prev = b;
        if (b)
            b->next = next;
        else
            E->blocks = next;
    }
    next->used = count;
    E->cur = next;
    return &next->moves[0];
}

static inline void arena_release(Engine *E, const Mark *mark)
{
    if (E->cur != mark->block) {
        if (E->cur) E->cur->used = 0;
        E->cur = mark->block;
    }
    if (E->cur) E->cur->used = mark->used;
}

/* After a call: keep the first block only. */
static void arena_trim(Engine *E)
{
    Block *b = E->blocks;
    if (!b) return;
    Block *next = b->next;
    while (next) {
        Block *after = next->next;
        free(next);
        next = after;
    }
    b->next = NULL;
    b->used = 0;
    E->cur = NULL;
}

static void arena_free(Engine *E)
{
    Block *b = E->blocks;
    while (b) {
        Block *next = b->next;
        free(b);
        b = next;
    }
    E->blocks = E->cur = NULL;
}

/* Every few thousand nodes: the deadline, and Python's signals (Ctrl-C). A search once
 * stopped stays stopped for the reason it stopped (an error stays an error, with its Python
 * exception, not a timeout), and calls no Python code with that exception set. */
static int tick(Engine *E)
{
    if (E->stop) return 1;
    tt_grow();
    if (PyErr_CheckSignals() < 0) {
        E->stop = STOP_ERROR;
        return 1;
    }
    if (E->deadline > 0 && now() > E->deadline) {
        E->stop = STOP_TIME;
        return 1;
    }
    return 0;
}

/* The cache starts small and grows four times over as it fills (to END_SLOTS), then empties. */
static int ends_reset(Engine *E, int slots)
{
    EndSlot *ends = (EndSlot *)malloc(sizeof(EndSlot) * (size_t)slots);
    if (!ends) return -1;
    for (int i = 0; i < slots; i++) ends[i].kind = -1;
    free(E->ends);
    E->ends = ends;
    E->nslots = slots;
    E->nends = 0;
    return 0;
}

static inline size_t end_hash(int kind, int went, const int *pips, int n)
{
    uint64_t h = mix64((uint64_t)kind << 8 | (uint64_t)(went + 1));
    for (int s = 0; s < n; s++) h = mix64(h ^ (uint64_t)pips[s]);
    return (size_t)h;
}

/* The end-of-hand value from the perspective side (scaled) with these pips left; asks the
 * Python scorer the first time. On a Python error: E->stop. */
static int end_value(Engine *E, int kind, int went, const int *pips)
{
    size_t h = end_hash(kind, went, pips, E->n), mask = (size_t)E->nslots - 1, i = h & mask;
    for (;;) {
        EndSlot *slot = &E->ends[i];
        if (slot->kind < 0) break;
        if (slot->kind == kind && slot->went == went) {
            int s;
            for (s = 0; s < E->n; s++)
                if (slot->pips[s] != pips[s]) break;
            if (s == E->n) return slot->value;
        }
        i = (i + 1) & mask;
    }
    if (E->stop) return 0; /* stopped (see tick): the value is not used */
    PyObject *tuple = PyTuple_New(E->n);
    if (!tuple) goto error;
    for (int s = 0; s < E->n; s++) {
        PyObject *v = PyLong_FromLong(pips[s]);
        if (!v) {
            Py_DECREF(tuple);
            goto error;
        }
        PyTuple_SET_ITEM(tuple, s, v);
    }
    PyObject *result = PyObject_CallFunction(E->scorer, "iiO", kind, went, tuple);
    Py_DECREF(tuple);
    if (!result) goto error;
    long value = PyLong_AsLong(result);
    Py_DECREF(result);
    if (value == -1 && PyErr_Occurred()) goto error;
    if (value > INF / 4 || value < -INF / 4) {
        PyErr_SetString(PyExc_ValueError, "an end-of-hand score out of the solver's range");
        goto error;
    }
    if (E->nends >= E->nslots * 3 / 4) {
        EndSlot *old = E->ends;
        int count = E->nslots, grown = count < END_SLOTS ? count * 4 : count;
        E->ends = NULL;
        if (ends_reset(E, grown) < 0) {
            E->ends = old;
            PyErr_NoMemory();
            goto error;
        }
        if (grown > count) /* keep what is known */
            for (int k = 0; k < count; k++)
                if (old[k].kind >= 0) {
                    int p[MAXSEATS];
                    for (int s = 0; s < E->n; s++) p[s] = old[k].pips[s];
                    size_t j = end_hash(old[k].kind, old[k].went, p, E->n) & (size_t)(grown - 1);
                    while (E->ends[j].kind >= 0) j = (j + 1) & (size_t)(grown - 1);
                    E->ends[j] = old[k];
                    E->nends++;
                }
        free(old);
        mask = (size_t)E->nslots - 1;
        i = h & mask;
        while (E->ends[i].kind >= 0) i = (i + 1) & mask;
    }
    EndSlot *slot = &E->ends[i];
    slot->kind = (int8_t)kind;
    slot->went = (int8_t)went;
    for (int s = 0; s < E->n; s++) slot->pips[s] = (uint16_t)pips[s];
    slot->value = (int32_t)value;
    E->nends++;
    return (int)value;
error:
    E->stop = STOP_ERROR;
    return 0;
}

/* A leaf of a cut search: Engine.estimate. */
static int estimate(Engine *E)
{
    if (E->estimate_mode == EST_BLOCKED) return end_value(E, END_BLOCKED, -1, E->pips);
    if (E->estimate_mode == EST_ZERO) return 0;
    int light = 0;
    for (int s = 1; s < E->n; s++)
        if (E->pips[s] < E->pips[light]) light = s;
    return end_value(E, END_DOMINO, light, E->pips);
}

/* A position as the drivers hold it: read from (hands, layout, mover, tiles left in the
 * boneyard, must). */
typedef struct {
    Layout L;
    uint64_t hands[MAXSEATS][MAXWORDS];
    int pips[MAXSEATS];
    int held;
    uint64_t hh1, hh2;
    int mover, bpos, must;
} Pos;

/* The key of a node: its layout's key, the hands, the seat to move, the boneyard position and
 * the tile that must be played (what solver_search.py packs into one int), with the engine's
 * salt: engines share the table. */
static inline void node_key_(const Engine *E, uint64_t lk1, uint64_t lk2, uint64_t hh1, uint64_t hh2, int mover, int bpos,
                             int must, uint64_t *k1, uint64_t *k2)
{
    uint64_t s = (uint64_t)mover | (uint64_t)bpos << 8 | (uint64_t)(must + 1) << 16 | 5ULL << 40;
    *k1 = lk1 + hh1 + mix64(s) + E->salt1;
    *k2 = lk2 + hh2 + mix64b(s) + E->salt2;
}

/* Tiles left in the hands and the boneyard: what a cut search's floor counts. */
static inline int left_of(const Engine *E, const Pos *P) { return P->held + E->nb - P->bpos; }

static inline void set_floor(Engine *E, int floor)
{
    E->floor = floor;
    E->floor1 = floor + 1;
}

/* -- the small table: nodes of few tiles held, kept where the cache keeps them -------------- */

/* Nodes with at most ``shallow`` tiles held skip the transposition table (a probe of its 16 MB
 * misses the cache, and costs more than searching such a node again), but those with more than
 * ``small`` tiles held (SMALL_FROM) ask this one: direct-mapped, each store replacing what was
 * there, 1 MB, near the cache an L2 holds: 131,072 entries of one word each (a 48-bit tag and
 * the two bounds, a byte each). Counted over bench_solver's 20 openings, 512 kB of 16-byte
 * entries searched 5% more nodes, 512 kB of these 2.3% more; paired runs, 2-5% more time; 2 MB
 * was slower again. It holds a node's bounds only, no best move. An entry's key folds in the
 * search's floor and the table's epoch (bumped by every forget): it answers only searches to
 * the same floor, of the same engine (whose salt is in the key), made since the last forget.
 * The table itself, against none (bench/bench_solver.py): a quarter fewer nodes at the
 * opening, about a sixth less time. */
#define SMALL_FROM 5
#define SMALL_BITS 17
#define SMALL_LOW (-127) /* a bound's stored range; one beyond it is stored weaker (clamped), INF as */
#define SMALL_HIGH 126   /* SMALL_HIGH + 1 and -INF as SMALL_LOW - 1 */
/* An entry is one word: a 48-bit tag (the key's bits the index does not use, and the check's)
 * over the two bounds, a byte each. */
static uint64_t SMALL[1u << SMALL_BITS];
static uint64_t SMALL_EPOCH = 1;

static inline uint64_t small_key(uint64_t k1, int floor1) { return k1 ^ mix64((uint64_t)(uint32_t)floor1 << 32 ^ SMALL_EPOCH); }

static inline uint64_t small_tag(uint64_t key, uint32_t check) { return (key >> SMALL_BITS ^ (uint64_t)check << 16) & 0xFFFFFFFFFFFFULL; }

/* The node's bounds, where the table holds them: 1, and *low and *high set; else 0. */
static inline int small_probe(uint64_t key, uint32_t check, int *low, int *high)
{
    uint64_t e = SMALL[key & ((1u << SMALL_BITS) - 1)];
    if (e >> 16 != small_tag(key, check)) return 0;
    int l = (int8_t)(e >> 8), h = (int8_t)e;
    *low = l < SMALL_LOW ? -INF : l;
    *high = h > SMALL_HIGH ? INF : h;
    return 1;
}

/* Store a node's result (bounds_after), as tt_store_result does; a bound beyond the stored
 * range is kept weaker (a lower bound lowered, an upper one raised), which is still true. */
static inline void small_store(uint64_t key, uint32_t check, int best, int a0, int b0, int low, int high)
{
    bounds_after(best, a0, b0, &low, &high);
    if (low < SMALL_LOW) low = SMALL_LOW - 1;
    else if (low > SMALL_HIGH) low = SMALL_HIGH;
    if (high > SMALL_HIGH) high = SMALL_HIGH + 1;
    else if (high < SMALL_LOW) high = SMALL_LOW;
    SMALL[key & ((1u << SMALL_BITS) - 1)] = small_tag(key, check) << 16 | (uint64_t)(uint8_t)(int8_t)low << 8 | (uint8_t)(int8_t)high;
}

/* -- the search, for one-word and four-word hands ----------------------------------------- */

typedef struct {
    PyObject *(*solve)(Engine *, Pos *, double);
    PyObject *(*evaluate)(Engine *, Pos *, double);
    PyObject *(*floor_value)(Engine *, Pos *, int);
    PyObject *(*moves)(Engine *, Pos *);
} Core;

enum { LEAN_DEEP, LEAN_SMALL, LEAN_TINY }; /* the kinds of node lean specializes for */

/* Where a move goes in its node's order (lowest first; ties to the history heuristic): moves
 * that leave the next player, then the other opponent, few tiles to play, and that score, the
 * small refutations first. Weighed, not in that strict order: a tile fewer for the next player
 * is worth four units of points (20 in All Fives). Against fewest tiles first, then points:
 * 8% fewer nodes over bench_solver's 20 four-player openings (22.0 million against 24.1), 4%
 * after 4 plays; on 20 other deals (seed 5000), which the weights were not chosen on, 4% and
 * 2.5%; three-player allfives openings 7%. The Python core keeps the strict order
 * (solver_search.py): the order changes the nodes searched, never a value. */
static inline int move_order(int next_plays, int other_plays, int points) { return 8 * next_plays + 5 * other_plays - 2 * points; }

#define W 1
#define FN(name) name##_w1
#include "_solver_core_search.h"
#undef W
#undef FN
static const Core CORE_W1 = {solve_w1, evaluate_w1, floor_value_w1, moves_w1};

#define W 4
#define FN(name) name##_w4
#include "_solver_core_search.h"
#undef W
#undef FN
static const Core CORE_W4 = {solve_w4, evaluate_w4, floor_value_w4, moves_w4};

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
/* Once more for one word, with the processor's popcount instruction (used where it has one). */
#pragma GCC push_options
#pragma GCC target("popcnt")
#define W 1
#define FN(name) name##_w1p
#include "_solver_core_search.h"
#undef W
#undef FN
#pragma GCC pop_options
static const Core CORE_W1P = {solve_w1p, evaluate_w1p, floor_value_w1p, moves_w1p};
#define HAVE_POPCNT_CORE 1
#endif

static const Core *core_for(const LRules *R)
{
    if (R->words > 1) return &CORE_W4;
#ifdef HAVE_POPCNT_CORE
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) return &CORE_W1P;
#endif
    return &CORE_W1;
}

/* -- reading the input ----------------------------------------------------------------------- */

static int get_int(PyObject *seq, Py_ssize_t i, long lo, long hi, const char *what, long *out)
{
    PyObject *item = PySequence_GetItem(seq, i);
    if (!item) return -1;
    long v = PyLong_AsLong(item);
    Py_DECREF(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s out of range: %ld", what, v);
        return -1;
    }
    *out = v;
    return 0;
}

/* The layout rules: (max_pip, spinner, order_any, counts_until, one_half). ``R`` is emptied
 * first: free_lrules may follow a failure. */
static int read_lrules(PyObject *params, LRules *R)
{
    long v[5];
    memset(R, 0, sizeof(LRules));
    static const long hi[5] = {MAXPIP, 3, 1, 3, 1};
    static const char *what[5] = {"max_pip", "spinner", "spinner_order", "spinner_counts_until", "double_end_counts"};
    if (!PySequence_Check(params) || PySequence_Size(params) < 5) {
        PyErr_SetString(PyExc_TypeError, "layout rules: a sequence of 5 ints");
        return -1;
    }
    for (int i = 0; i < 5; i++)
        if (get_int(params, i, 0, hi[i], what[i], &v[i]) < 0) return -1;
    R->maxpip = (int)v[0];
    R->ntiles = (R->maxpip + 1) * (R->maxpip + 2) / 2;
    R->words = R->ntiles <= 64 ? 1 : MAXWORDS;
    R->spinner = (int)v[1];
    R->order_any = (int)v[2];
    R->until = (int)v[3];
    R->one_half = (int)v[4];
    int t = 0;
    for (int h = 0; h <= R->maxpip; h++)
        for (int l = 0; l <= h; l++, t++) {
            R->hi[t] = (uint8_t)h;
            R->lo[t] = (uint8_t)l;
            R->pip_tiles[h][t >> 6] |= 1ULL << (t & 63);
            R->pip_tiles[l][t >> 6] |= 1ULL << (t & 63);
            R->all[t >> 6] |= 1ULL << (t & 63);
        }
    if (R->words == 1) {
        size_t n = (size_t)1 << (R->maxpip + 1);
        R->fits_table = (uint64_t *)calloc(n, sizeof(uint64_t));
        if (!R->fits_table) {
            PyErr_NoMemory();
            return -1;
        }
        for (size_t m = 0; m < n; m++)
            for (int p = 0; p <= R->maxpip; p++)
                if (m >> p & 1) R->fits_table[m] |= R->pip_tiles[p][0];
    }
    if (key_tables(R) < 0) {
        free_lrules(R);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* A layout: (arms, spinners, empty, crosswise, doubles, count); arms (pip, kind, value, spinner
 * pip or -1) in the board's order, spinners (pip, sides, covered, onto) in the order laid. */
static int read_layout(const LRules *R, PyObject *spec, Layout *L)
{
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != 6) {
        PyErr_SetString(PyExc_TypeError, "layout: a tuple (arms, spinners, empty, crosswise, doubles, count)");
        return -1;
    }
    PyObject *arms = PyTuple_GET_ITEM(spec, 0), *spins = PyTuple_GET_ITEM(spec, 1);
    long empty, crosswise, doubles, count;
    if (get_int(spec, 2, 0, 1, "empty", &empty) < 0 || get_int(spec, 3, 0, 1, "crosswise", &crosswise) < 0 ||
        get_int(spec, 4, 0, MAXSPIN * 2, "doubles", &doubles) < 0 || get_int(spec, 5, 0, count_bound(R), "count", &count) < 0)
        return -1;
    if (!PyTuple_Check(arms) || !PyTuple_Check(spins)) {
        PyErr_SetString(PyExc_TypeError, "layout: arms and spinners are tuples");
        return -1;
    }
    Py_ssize_t na = PyTuple_GET_SIZE(arms), ns = PyTuple_GET_SIZE(spins);
    if (empty) {
        if (na || ns) {
            PyErr_SetString(PyExc_ValueError, "an empty layout has no arms");
            return -1;
        }
        layout_empty(R, L);
        return 0;
    }
    if (na < 2 || na > 2 + 2 * (R->maxpip + 1) || ns > R->maxpip + 1 || na != 2 + 2 * ns) {
        PyErr_SetString(PyExc_ValueError, "a layout with that many arms or spinners cannot be");
        return -1;
    }
    memset(L, 0, sizeof(Layout));
    L->crosswise = (uint8_t)crosswise;
    L->doubles = (uint8_t)doubles;
    L->count = (int32_t)count;
    L->nspin = (uint8_t)ns;
    for (Py_ssize_t i = 0; i < ns; i++) {
        PyObject *s = PyTuple_GET_ITEM(spins, i);
        long f[4];
        if (!PyTuple_Check(s) || PyTuple_GET_SIZE(s) != 4) {
            PyErr_SetString(PyExc_TypeError, "a spinner: (pip, sides, covered, onto)");
            return -1;
        }
        if (get_int(s, 0, 0, R->maxpip, "spinner pip", &f[0]) < 0 || get_int(s, 1, 0, 2, "spinner sides", &f[1]) < 0 ||
            get_int(s, 2, 0, 4, "spinner covered", &f[2]) < 0 || get_int(s, 3, 0, 4, "spinner onto", &f[3]) < 0)
            return -1;
        for (Py_ssize_t j = 0; j < i; j++)
            if (L->spins[j].pip == f[0]) {
                PyErr_SetString(PyExc_ValueError, "two spinners with one pip");
                return -1;
            }
        Spin *sp = &L->spins[i];
        sp->pip = (uint8_t)f[0];
        sp->sides = (uint8_t)f[1];
        sp->covered = (uint8_t)f[2];
        sp->onto = (uint8_t)f[3];
    }
    L->narms = (uint8_t)na;
    for (Py_ssize_t i = 0; i < na; i++) {
        PyObject *a = PyTuple_GET_ITEM(arms, i);
        long f[4];
        if (!PyTuple_Check(a) || PyTuple_GET_SIZE(a) != 4) {
            PyErr_SetString(PyExc_TypeError, "an arm: (pip, kind, value, spinner pip)");
            return -1;
        }
        if (get_int(a, 0, 0, R->maxpip, "arm pip", &f[0]) < 0 || get_int(a, 1, 0, 4, "arm kind", &f[1]) < 0 ||
            get_int(a, 2, 0, 2 * R->maxpip, "arm value", &f[2]) < 0 || get_int(a, 3, -1, R->maxpip, "arm spinner", &f[3]) < 0)
            return -1;
        int spin = NOSPIN;
        if (f[3] >= 0) {
            for (int j = 0; j < ns; j++)
                if (L->spins[j].pip == f[3]) spin = j;
            if (spin == NOSPIN) {
                PyErr_SetString(PyExc_ValueError, "an arm of a spinner that is not there");
                return -1;
            }
        } else if (f[1] == EMPTY || f[1] == SPINNER) {
            PyErr_SetString(PyExc_ValueError, "a branch or spinner arm without its spinner");
            return -1;
        }
        if (f[1] == LEAD && i > 1) {
            PyErr_SetString(PyExc_ValueError, "only the first two arms can end on the lead");
            return -1;
        }
        set_arm(&L->arms[i], (int)f[0], (int)f[1], (int)f[2], spin);
    }
    layout_finish(R, L);
    return 0;
}

/* -- the Layouts type ---------------------------------------------------------------------- */

static PyTypeObject LayoutsType;

static void Layouts_dealloc(LTable *T)
{
    lt_clear(T);
    free_lrules(&T->R);
    free(T->points);
    Py_TYPE(T)->tp_free((PyObject *)T);
}

/* Layouts(layout_rules, points, compact=True)
 *   layout_rules: (max_pip, spinner, order_any, counts_until, one_half)
 *   points: scaled points by end total, for every total a layout can show (totals())
 *   compact: 8-byte slots where the set and the points allow (False: 16-byte ones, for tests) */
static PyObject *Layouts_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"layout_rules", "points", "compact", NULL};
    PyObject *lrules, *points;
    int compact = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|p:Layouts", names, &lrules, &points, &compact)) return NULL;
    LTable *T = (LTable *)type->tp_alloc(type, 0);
    if (!T) return NULL;
    T->limit = DEFAULT_LAYOUT_BYTES;
    if (read_lrules(lrules, &T->R) < 0) goto fail;
    T->npoints = count_bound(&T->R) + 1;
    Py_ssize_t np = PySequence_Size(points);
    if (np < 0) goto fail;
    if (np < T->npoints) {
        PyErr_Format(PyExc_ValueError, "the points table needs %d totals", T->npoints);
        goto fail;
    }
    T->points = (int32_t *)malloc(sizeof(int32_t) * (size_t)T->npoints);
    if (!T->points) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int i = 0; i < T->npoints; i++) {
        long v;
        if (get_int(points, i, 0, 1 << 20, "points", &v) < 0) goto fail;
        T->points[i] = (int32_t)v;
        if (v > PACK_MAX_POINTS) compact = 0;
    }
    T->compact = compact && T->R.words == 1 && T->R.ntiles <= PACK_MAX_TILES;
    T->slot_bytes = T->compact ? sizeof(uint64_t) : T->R.words == 1 ? sizeof(MoveSlot) : sizeof(uint32_t);
    T->stride = (sizeof(Rec) + T->slot_bytes * (size_t)T->R.ntiles + 63) / 64 * 64;
    return (PyObject *)T;
fail:
    Py_DECREF(T);
    return NULL;
}

static PyObject *Layouts_get_lists(LTable *T, void *closure)
{
    (void)closure;
    return Py_BuildValue("(nn)", (Py_ssize_t)T->lists_in, (Py_ssize_t)T->lists_apart);
}

static PyObject *Layouts_get_count(LTable *T, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLong(T->nrecs);
}

static PyObject *Layouts_get_bytes(LTable *T, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(lt_used(T));
}

static PyObject *Layouts_get_limit(LTable *T, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(T->limit);
}

static int Layouts_set_limit(LTable *T, PyObject *value, void *closure)
{
    (void)closure;
    long long v = value ? PyLong_AsLongLong(value) : -1;
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > (long long)MAX_TABLE_BYTES) {
        PyErr_SetString(PyExc_ValueError, "the layouts' limit: 0 to 64 MB");
        return -1;
    }
    lt_clear(T);
    T->limit = (size_t)v;
    return 0;
}

static PyObject *Layouts_clear(LTable *T, PyObject *noargs)
{
    (void)noargs;
    lt_clear(T);
    Py_RETURN_NONE;
}

static PyMethodDef Layouts_methods[] = {
    {"clear", (PyCFunction)Layouts_clear, METH_NOARGS, "forget every layout"},
    {NULL, NULL, 0, NULL},
};

static PyObject *Layouts_get_compact(LTable *T, void *closure)
{
    (void)closure;
    return PyBool_FromLong(T->compact);
}

static PyGetSetDef Layouts_getset[] = {
    {"compact", (getter)Layouts_get_compact, NULL, "whether its slots are 8 bytes (packed), not 16", NULL},
    {"count", (getter)Layouts_get_count, NULL, "layouts numbered so far", NULL},
    {"lists", (getter)Layouts_get_lists, NULL, "lists of a tile's moves made so far, where a slot holds no single move: (kept in the layout's record, kept apart)", NULL},
    {"bytes", (getter)Layouts_get_bytes, NULL, "memory the table holds", NULL},
    {"limit", (getter)Layouts_get_limit, (setter)Layouts_set_limit, "the most memory the table may hold (setting it empties it)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject LayoutsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "muggins.analysis._solver_core.Layouts",
    .tp_basicsize = sizeof(LTable),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The layouts of one set of layout rules met so far, with the moves each allows.",
    .tp_new = Layouts_new,
    .tp_dealloc = (destructor)Layouts_dealloc,
    .tp_methods = Layouts_methods,
    .tp_getset = Layouts_getset,
};

/* -- the Engine type --------------------------------------------------------------------------- */

static PyObject *LayoutsFull; /* the exception: a search needs more layouts than the table holds */

static void Engine_dealloc(Engine *E)
{
    Py_XDECREF(E->scorer);
    Py_XDECREF((PyObject *)E->T);
    free(E->ends);
    arena_free(E);
    Py_TYPE(E)->tp_free((PyObject *)E);
}

/* Engine(layouts, turn_rules, signs, boneyard, scorer)
 *   layouts: the Layouts of these rules
 *   turn_rules: (drawing, play_drawn_at_once, boneyard_reserve, voluntary_draw,
 *                domino_zero, blocked_zero, estimate_mode)
 *   signs: +1/-1 per seat in turn order (the perspective side +1)
 *   boneyard: tile indices in drawing order, as the engine's first position has it
 *   scorer(kind, went_out, pips): the end-of-hand value, scaled (kind 0 domino, 1 blocked) */
static PyObject *Engine_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    PyObject *layouts, *trules, *signs, *bone, *scorer;
    (void)kw;
    if (!PyArg_ParseTuple(args, "O!OOOO", &LayoutsType, &layouts, &trules, &signs, &bone, &scorer)) return NULL;
    if (!PyCallable_Check(scorer)) {
        PyErr_SetString(PyExc_TypeError, "scorer must be callable");
        return NULL;
    }
    Engine *E = (Engine *)type->tp_alloc(type, 0);
    if (!E) return NULL;
    Py_INCREF(layouts);
    E->T = (LTable *)layouts;
    E->R = &E->T->R;
    for (int t = 0; t < E->R->ntiles; t++) E->pipsum[t] = (uint8_t)(E->R->hi[t] + E->R->lo[t]);
    long t[7];
    static const long thi[7] = {1, 1, MAXTILES, 1, 1, 1, 2};
    if (!PySequence_Check(trules) || PySequence_Size(trules) != 7) {
        PyErr_SetString(PyExc_TypeError, "turn rules: a sequence of 7 ints");
        goto fail;
    }
    for (int i = 0; i < 7; i++)
        if (get_int(trules, i, 0, thi[i], "turn rule", &t[i]) < 0) goto fail;
    Py_ssize_t n = PySequence_Size(signs);
    if (n < 1 || n > MAXSEATS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the solver handles at most 15 seats and sets of at most 254 tiles");
        goto fail;
    }
    E->n = (int)n;
    for (int s = 0; s < E->n; s++) {
        long v;
        if (get_int(signs, s, -1, 1, "sign", &v) < 0) goto fail;
        if (v == 0) {
            PyErr_SetString(PyExc_ValueError, "a sign is +1 or -1");
            goto fail;
        }
        E->sign[s] = (int)v;
    }
    for (int s = 0; s < E->n; s++) {
        int prev = (s - 1 + E->n) % E->n;
        E->nxt[s] = (s + 1) % E->n;
        E->flip_next[s] = E->sign[s] * E->sign[E->nxt[s]];
        E->watch[s] = E->sign[prev] != E->sign[s] && prev != E->nxt[s] ? prev : -1;
        E->watched[s] = E->watch[s] >= 0 ? E->hands[E->watch[s]] : NO_HAND;
    }
    Py_ssize_t nb = PySequence_Size(bone);
    if (nb < 0) goto fail;
    if (nb > E->R->ntiles) {
        PyErr_SetString(PyExc_ValueError, "a boneyard larger than the set");
        goto fail;
    }
    E->nb = (int)nb;
    for (int i = 0; i < E->nb; i++) {
        long v;
        if (get_int(bone, i, 0, E->R->ntiles - 1, "boneyard tile (not in the set)", &v) < 0) goto fail;
        E->bone[i] = (uint8_t)v;
    }
    int drawing = (int)t[0];
    E->play_drawn = (int)t[1];
    E->bone_end = drawing ? (E->nb > t[2] ? E->nb - (int)t[2] : 0) : 0;
    E->voluntary = drawing && t[3];
    E->domino_zero = (int)t[4];
    E->blocked_zero = (int)t[5];
    E->estimate_mode = (int)t[6];
    if (ends_reset(E, 64) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
    Py_INCREF(scorer);
    E->scorer = scorer;
    engine_serial++;
    E->salt1 = mix64(engine_serial * 0x9e3779b97f4a7c15ULL + 17);
    E->salt2 = mix64b(engine_serial * 0xc2b2ae3d27d4eb4fULL + 29);
    E->floor = EXACT;
    E->floor1 = 0;
    E->shallow = shallow_for(E->n);
    E->etc = E->shallow + ETC_MORE;
    E->small = SMALL_FROM;
    return (PyObject *)E;
fail:
    Py_DECREF(E);
    return NULL;
}


static int read_pos(Engine *E, PyObject *state, Pos *P)
{
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != 5) {
        PyErr_SetString(PyExc_TypeError, "a position: (hands, layout, mover, bpos, must)");
        return -1;
    }
    PyObject *hands = PyTuple_GET_ITEM(state, 0);
    memset(P, 0, sizeof(Pos));
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != E->n) {
        PyErr_SetString(PyExc_ValueError, "one hand per seat");
        return -1;
    }
    for (int s = 0; s < E->n; s++) {
        PyObject *hand = PyTuple_GET_ITEM(hands, s);
        if (!PyTuple_Check(hand)) {
            PyErr_SetString(PyExc_TypeError, "a hand: a tuple of tile indices");
            return -1;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(hand); i++) {
            long t;
            PyObject *item = PyTuple_GET_ITEM(hand, i);
            t = PyLong_AsLong(item);
            if (t == -1 && PyErr_Occurred()) return -1;
            if (t < 0 || t >= E->R->ntiles) {
                PyErr_Format(PyExc_ValueError, "a hand holds a tile that is not in a double-%d set", E->R->maxpip);
                return -1;
            }
            uint64_t bit = 1ULL << (t & 63);
            if (P->hands[s][t >> 6] & bit) continue;
            P->hands[s][t >> 6] |= bit;
            P->pips[s] += E->R->hi[t] + E->R->lo[t];
            P->held++;
            P->hh1 ^= ZH1[s][t];
            P->hh2 ^= ZH2[s][t];
        }
    }
    if (read_layout(E->R, PyTuple_GET_ITEM(state, 1), &P->L) < 0) return -1;
    long mover, remaining, must;
    if (get_int(state, 2, 0, E->n - 1, "seat to move", &mover) < 0 || get_int(state, 3, 0, E->nb, "tiles left in the boneyard", &remaining) < 0 ||
        get_int(state, 4, -1, E->R->ntiles - 1, "tile to play", &must) < 0)
        return -1;
    if (must >= 0 && !(P->hands[mover][must >> 6] >> (must & 63) & 1)) {
        PyErr_SetString(PyExc_ValueError, "the tile that must be played is not in the hand to move");
        return -1;
    }
    P->mover = (int)mover;
    P->bpos = E->nb - (int)remaining;
    P->must = (int)must;
    return 0;
}

enum { DO_SOLVE, DO_EVALUATE, DO_VALUE };

/* Run one of the searches on ``state``. A search that needs more layouts than the table may
 * hold starts again on an emptied table (what the transposition table learnt stays: its keys
 * are the layouts' contents, not their numbers); twice full is LayoutsFull. */
static PyObject *run(Engine *E, PyObject *state, int what, double budget, int floor)
{
    Pos *P = (Pos *)PyMem_Malloc(sizeof(Pos));
    if (!P) return PyErr_NoMemory();
    PyObject *out = NULL;
    const Core *core = core_for(E->R);
    if (read_pos(E, state, P) < 0 || tt_ready() < 0) goto done;
    if (lt_used(E->T) > E->T->limit / 4 * KEEP_LAYOUTS) lt_reset(E->T);
    for (int attempt = 0; attempt < 3; attempt++) {
        TT_GEN = TT_GEN == 255 ? 1 : TT_GEN + 1;
        E->stop = STOP_NONE;
        E->depth = 0;
        E->deadline = 0;
        if (what == DO_SOLVE)
            out = core->solve(E, P, budget);
        else if (what == DO_EVALUATE)
            out = core->evaluate(E, P, budget);
        else
            out = core->floor_value(E, P, floor);
        int stop = E->stop;
        E->stop = STOP_NONE;
        E->deadline = 0;
        E->floor = EXACT;
        E->floor1 = 0;
        arena_trim(E);
        if (stop == STOP_FULL) {
            Py_CLEAR(out);
            lt_reset(E->T);
            continue;
        }
        if (stop == STOP_ERROR) {
            Py_CLEAR(out);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "the solver core stopped");
        }
        goto done;
    }
    PyErr_SetString(LayoutsFull, "the position needs more layouts than the solver core's table holds");
done:
    PyMem_Free(P);
    return out;
}

static PyObject *Engine_solve(Engine *E, PyObject *args)
{
    PyObject *state;
    double budget = -1;
    if (!PyArg_ParseTuple(args, "O|d", &state, &budget)) return NULL;
    return run(E, state, DO_SOLVE, budget, EXACT);
}

static PyObject *Engine_evaluate(Engine *E, PyObject *args)
{
    PyObject *state;
    double budget = -1;
    PyObject *wanted = Py_None;
    if (!PyArg_ParseTuple(args, "O|dO", &state, &budget, &wanted)) return NULL;
    E->wanted = wanted == Py_None ? NULL : wanted;
    PyObject *out = run(E, state, DO_EVALUATE, budget, EXACT);
    E->wanted = NULL;
    return out;
}

/* value(state, floor=-1): the value searched to one floor by MTD(f) from 0 (for tests). */
static PyObject *Engine_value(Engine *E, PyObject *args)
{
    PyObject *state;
    int floor = EXACT;
    if (!PyArg_ParseTuple(args, "O|i", &state, &floor)) return NULL;
    return run(E, state, DO_VALUE, -1, floor);
}

static PyObject *Engine_moves(Engine *E, PyObject *args)
{
    PyObject *state;
    if (!PyArg_ParseTuple(args, "O", &state)) return NULL;
    Pos *P = (Pos *)PyMem_Malloc(sizeof(Pos));
    if (!P) return PyErr_NoMemory();
    PyObject *out = NULL;
    if (read_pos(E, state, P) == 0) out = core_for(E->R)->moves(E, P);
    PyMem_Free(P);
    return out;
}

static PyObject *Engine_get_nodes(Engine *E, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(E->nodes);
}

/* Tuning, for the benchmarks and tests: which nodes use the table, and ask it about children. */
static PyMemberDef Engine_members[] = {
    {"shallow", T_INT, offsetof(Engine, shallow), 0, "nodes with at most this many tiles held skip the table"},
    {"etc", T_INT, offsetof(Engine, etc), 0, "nodes with more than this many tiles held ask the table about each child first"},
    {"small", T_INT, offsetof(Engine, small), 0, "nodes with more than this many tiles held, and at most shallow, ask the small table"},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef Engine_methods[] = {
    {"solve", (PyCFunction)Engine_solve, METH_VARARGS,
     "solve(state, budget=-1) -> (value, line, exact, depth): scaled value, best line of (kind, tile, arm, inline)"},
    {"evaluate", (PyCFunction)Engine_evaluate, METH_VARARGS,
     "evaluate(state, budget=-1, wanted=None) -> (moves, exact, depth): each legal move (kind, tile, arm, inline, value);"
     " ``wanted``: one flag per legal move (as ``moves`` lists them), the others not searched (value None)"},
    {"value", (PyCFunction)Engine_value, METH_VARARGS, "value(state, floor=-1) -> the value searched to one floor"},
    {"moves", (PyCFunction)Engine_moves, METH_VARARGS, "moves(state) -> the legal moves (kind, tile, arm, inline)"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Engine_getset[] = {
    {"nodes", (getter)Engine_get_nodes, NULL, "nodes searched so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "muggins.analysis._solver_core.Engine",
    .tp_basicsize = sizeof(Engine),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One table's search: the rules, the seats' signs, the boneyard order, the end-of-hand scorer.",
    .tp_new = Engine_new,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
    .tp_getset = Engine_getset,
    .tp_members = Engine_members,
};

/* -- module functions ---------------------------------------------------------------------------- */

/* trace(layout_rules, plays) -> after each play (count, ((arm, pip) for each open arm), fits):
 * plays are (tile, arm, inline), arm -1 for the lead. For the test against replay/board.py. */
static PyObject *trace(PyObject *self, PyObject *args)
{
    PyObject *lrules, *plays;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &lrules, &plays)) return NULL;
    LRules *R = (LRules *)PyMem_Malloc(sizeof(LRules));
    Layout *L = (Layout *)PyMem_Malloc(sizeof(Layout));
    PyObject *out = NULL;
    if (R) memset(R, 0, sizeof(LRules));
    if (!R || !L) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_lrules(lrules, R) < 0) goto done;
    layout_empty(R, L);
    Py_ssize_t n = PySequence_Size(plays);
    if (n < 0) goto done;
    out = PyList_New(0);
    if (!out) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *play = PySequence_GetItem(plays, i);
        if (!play) goto fail;
        long tile, arm, inl;
        int bad = get_int(play, 0, 0, R->ntiles - 1, "tile", &tile) < 0 || get_int(play, 1, -1, MAXARMS, "arm", &arm) < 0 ||
                  get_int(play, 2, 0, 1, "inline", &inl) < 0;
        Py_DECREF(play);
        if (bad) goto fail;
        if (inl && !may_lay_inline(R, L, (int)tile)) {
            PyErr_SetString(PyExc_ValueError, "cannot be laid lengthwise");
            goto fail;
        }
        if (L->empty) {
            if (arm != -1) {
                PyErr_SetString(PyExc_ValueError, "the lead goes on no arm");
                goto fail;
            }
            layout_lead(R, L, (int)tile, (int)inl);
        } else {
            if (arm < 0 || arm >= L->narms || !arm_fits(R, L, (int)arm, (int)tile)) {
                PyErr_SetString(PyExc_ValueError, "the tile does not fit that arm");
                goto fail;
            }
            Undo u;
            layout_do(R, L, (int)tile, (int)arm, (int)inl, &u);
        }
        PyObject *open = PyList_New(0);
        if (!open) goto fail;
        for (int a = 0; a < L->narms; a++)
            if (arm_open(R, L, &L->arms[a])) {
                PyObject *pair = Py_BuildValue("(ii)", a, L->arms[a].pip);
                if (!pair || PyList_Append(open, pair) < 0) {
                    Py_XDECREF(pair);
                    Py_DECREF(open);
                    goto fail;
                }
                Py_DECREF(pair);
            }
        PyObject *fits = PyLong_FromLong(0);
        for (int w = MAXWORDS - 1; w >= 0 && fits; w--) {
            PyObject *shift = PyLong_FromLong(64), *word = PyLong_FromUnsignedLongLong(L->fits[w]);
            PyObject *moved = shift && word ? PyNumber_Lshift(fits, shift) : NULL;
            PyObject *joined = moved ? PyNumber_Or(moved, word) : NULL;
            Py_XDECREF(shift);
            Py_XDECREF(word);
            Py_XDECREF(moved);
            Py_DECREF(fits);
            fits = joined;
        }
        uint64_t k1, k2;
        layout_key(R, L, &k1, &k2);
        PyObject *row = fits ? Py_BuildValue("(iNNK)", L->count, open, fits, (unsigned long long)k1) : NULL;
        if (!fits) Py_DECREF(open);
        if (!row || PyList_Append(out, row) < 0) {
            Py_XDECREF(row);
            goto fail;
        }
        Py_DECREF(row);
    }
    goto done;
fail:
    Py_CLEAR(out);
done:
    if (R) free_lrules(R);
    PyMem_Free(R);
    PyMem_Free(L);
    return out;
}

static PyObject *set_table_bytes(PyObject *self, PyObject *arg)
{
    (void)self;
    long long v = PyLong_AsLongLong(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    if (v < (long long)sizeof(Bucket) || v > (long long)MAX_TABLE_BYTES) {
        PyErr_Format(PyExc_ValueError, "the table takes %d bytes to 64 MB", (int)sizeof(Bucket));
        return NULL;
    }
    tt_free();
    TT_BYTES = (size_t)v;
    Py_RETURN_NONE;
}

static PyObject *totals(PyObject *self, PyObject *arg)
{
    (void)self;
    LRules *R = (LRules *)PyMem_Malloc(sizeof(LRules));
    if (!R) return PyErr_NoMemory();
    PyObject *out = NULL;
    if (read_lrules(arg, R) == 0) out = PyLong_FromLong(count_bound(R) + 1);
    free_lrules(R);
    PyMem_Free(R);
    return out;
}

static PyObject *table_bytes(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return PyLong_FromSize_t(TT ? (TT_MASK + 1) * sizeof(Bucket) : 0);
}

static PyObject *forget(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *names[] = {"keep", NULL};
    int keep = 0;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|p:forget", names, &keep)) return NULL;
    SMALL_EPOCH++;
    if (!keep || !TT) {
        tt_free();
        Py_RETURN_NONE;
    }
    if (++TT_EPOCH == 0) { /* the epochs ran out: no entry may look current again */
        memset(TT, 0, (TT_MASK + 1) * sizeof(Bucket));
        TT_EPOCH = 1;
    }
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"trace", trace, METH_VARARGS, "trace(layout_rules, plays): the layout after each play (for tests)"},
    {"set_table_bytes", set_table_bytes, METH_O, "set_table_bytes(n): the transposition table's size from the next search"},
    {"table_bytes", table_bytes, METH_NOARGS, "table_bytes(): the transposition table's size now (0: none yet)"},
    {"totals", totals, METH_O, "totals(layout_rules): how many end totals (0, 1, ...) the points table must give"},
    {"forget", (PyCFunction)(void (*)(void))forget, METH_VARARGS | METH_KEYWORDS, "forget(keep=False): forget every engine's entries in the transposition table, freeing it, or with keep keeping its memory for the next solves"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "muggins.analysis._solver_core",
    "The perfect-information solver's search, compiled (see analysis/solver_core.py).", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver_core(void)
{
    init_keys();
    if (PyType_Ready(&EngineType) < 0 || PyType_Ready(&LayoutsType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&LayoutsType);
    if (PyModule_AddObject(m, "Layouts", (PyObject *)&LayoutsType) < 0) {
        Py_DECREF(&LayoutsType);
        Py_DECREF(m);
        return NULL;
    }
    LayoutsFull = PyErr_NewException("muggins.analysis._solver_core.LayoutsFull", PyExc_MemoryError, NULL);
    if (!LayoutsFull || PyModule_AddObject(m, "LayoutsFull", LayoutsFull) < 0) {
        Py_XDECREF(LayoutsFull);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(LayoutsFull);
    if (PyModule_AddIntConstant(m, "TABLE_BYTES", DEFAULT_TABLE_BYTES) < 0 || PyModule_AddIntConstant(m, "MAX_PIP", MAXPIP) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
