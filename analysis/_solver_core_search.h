/* The search of _solver_core.c, for hands of W 64-bit words (included once per W, with FN
 * naming each function for it). It follows analysis/solver_search.py and analysis/solver.py
 * step by step: Engine.search and draw, mtdf, guess, solve's deepening under a budget,
 * _best_line and evaluate_moves; the comments name where they differ (only in speed). */

#define MASK FN(mask)

typedef struct {
    uint64_t w[W];
} MASK;

static inline MASK FN(load)(const uint64_t *p)
{
    MASK m;
    for (int i = 0; i < W; i++) m.w[i] = p[i];
    return m;
}

static inline MASK FN(and)(MASK a, const uint64_t *b)
{
    for (int i = 0; i < W; i++) a.w[i] &= b[i];
    return a;
}

static inline int FN(none)(MASK a)
{
    uint64_t x = 0;
    for (int i = 0; i < W; i++) x |= a.w[i];
    return x == 0;
}

static inline int FN(count)(MASK a)
{
    int c = 0;
    for (int i = 0; i < W; i++) c += __builtin_popcountll(a.w[i]);
    return c;
}

static inline int FN(overlap)(const uint64_t *a, const uint64_t *b)
{
    uint64_t x = 0;
    for (int i = 0; i < W; i++) x |= a[i] & b[i];
    return x != 0;
}

static inline int FN(common)(const uint64_t *a, const uint64_t *b)
{
    int c = 0;
    for (int i = 0; i < W; i++) c += __builtin_popcountll(a[i] & b[i]);
    return c;
}

static inline int FN(is_empty)(const uint64_t *hand)
{
    uint64_t x = 0;
    for (int i = 0; i < W; i++) x |= hand[i];
    return x == 0;
}


/* lt_moves, with the slot's size known for one-word sets */
static inline const MoveSlot *FN(lean_moves)(LTable *T, uint32_t id, int t, int *n, MoveSlot *one)
{
    if (W == 1 && T->compact) return packed_moves(T, id, t, n, one);
    const size_t sb = W == 1 ? sizeof(MoveSlot) : T->slot_bytes;
    const uint8_t *p = T->recs + (size_t)id * T->stride + sizeof(Rec) + (size_t)t * sb;
    uint32_t ref = *(const uint32_t *)p;
    if (__builtin_expect(!ref, 0)) {
        if (lt_expand(T, id, t) < 0) return NULL;
        p = T->recs + (size_t)id * T->stride + sizeof(Rec) + (size_t)t * sb; /* the table may have moved */
        ref = *(const uint32_t *)p;
    }
    if (ref & SLOT_MANY) {
        const MoveSlot *head = T->opts + (ref & ~SLOT_MANY);
        *n = (int)head->ref;
        return head + 1;
    }
    *n = 1;
    return (const MoveSlot *)p;
}

/* The moves of the one tile in ``playable`` (*t), as lean_moves gives them; NULL, the search
 * stopped, when the layout table is full. */
static inline const MoveSlot *FN(lone_moves)(Engine *E, uint32_t lid, MASK playable, int *t, int *n, MoveSlot *one)
{
    *t = -1;
    for (int w = 0; w < W; w++)
        if (playable.w[w]) *t = (w << 6) + __builtin_ctzll(playable.w[w]);
    const MoveSlot *slot = FN(lean_moves)(E->T, lid, *t, n, one);
    if (!slot) E->stop = STOP_FULL;
    return slot;
}

static int FN(search)(Engine *E, uint32_t lid, int mover, int bpos, int must, int alpha, int beta, const uint64_t *key);

/* Draw until a tile fits (or the drawable tiles run out); the drawer moves again. */
static int FN(draw)(Engine *E, uint32_t lid, int mover, int bpos, int alpha, int beta)
{
    const uint64_t *fits = rec_of(E->T, lid)->fits;
    uint64_t *hand = E->hands[mover];
    uint64_t saved[W];
    for (int i = 0; i < W; i++) saved[i] = hand[i];
    int pips = E->pips[mover], held = E->held;
    uint64_t h1 = E->hh1, h2 = E->hh2;
    int must = -1;
    while (bpos < E->bone_end) {
        int t = E->bone[bpos++];
        hand[t >> 6] |= 1ULL << (t & 63);
        E->pips[mover] += E->R->hi[t] + E->R->lo[t];
        E->held++;
        E->hh1 ^= ZH1[mover][t];
        E->hh2 ^= ZH2[mover][t];
        if (fits[t >> 6] >> (t & 63) & 1) {
            if (E->play_drawn) must = t;
            break;
        }
    }
    int value = FN(search)(E, lid, mover, bpos, must, alpha, beta, NULL);
    for (int i = 0; i < W; i++) hand[i] = saved[i];
    E->pips[mover] = pips;
    E->held = held;
    E->hh1 = h1;
    E->hh2 = h2;
    return value;
}

/* The value of the node for the side to move: exact inside (alpha, beta), else a bound
 * (Engine.search). ``lid`` is the layout's number in E->T; ``key``, when given, the node's key. */
static int FN(search_node)(Engine *E, uint32_t lid, int mover, int bpos, int must, int alpha, int beta, const uint64_t *key)
{
    if (!(++E->nodes & 4095) && tick(E)) return 0;
    LTable *T = E->T;
    int held = E->held;
    MoveSlot one[PACK_INL_MAX]; /* a compact table's moves, unpacked (lt_moves) */
    if (E->floor >= 0 && held + E->nb - bpos <= E->floor) return E->sign[mover] * estimate(E);
    uint64_t *hand = E->hands[mover];
    Rec *rec = rec_of(T, lid);
    const uint64_t *fits = rec->fits;
    MASK playable;
    if (must >= 0) {
        for (int i = 0; i < W; i++) playable.w[i] = 0;
        playable.w[must >> 6] = 1ULL << (must & 63);
    } else
        playable = FN(and)(FN(load)(hand), fits);
    if (FN(none)(playable)) {
        if (bpos < E->bone_end) return FN(draw)(E, lid, mover, bpos, alpha, beta);
        int other;
        for (other = 0; other < E->n; other++)
            if (FN(overlap)(E->hands[other], fits)) break;
        if (other == E->n) /* nobody can play or draw */
            return E->blocked_zero ? 0 : E->sign[mover] * end_value(E, END_BLOCKED, -1, E->pips);
        int nx = E->nxt[mover];
        if (E->flip_next[mover] > 0) return FN(search)(E, lid, nx, bpos, -1, alpha, beta, NULL);
        return -FN(search)(E, lid, nx, bpos, -1, -beta, -alpha, NULL);
    }
    if (must < 0 && FN(count)(FN(load)(hand)) == 1) {
        /* The mover's last tile, playable: each of its moves ends the hand (a domino); only a
         * voluntary draw goes on. */
        int t, n;
        const MoveSlot *slot = FN(lone_moves)(E, lid, playable, &t, &n, one);
        if (!slot) return 0;
        int best = -INF;
        for (int j = 0; j < n; j++)
            if (slot[j].points > best) best = slot[j].points;
        if (!E->domino_zero) {
            int pips = E->pips[mover];
            E->pips[mover] = 0;
            best += E->sign[mover] * end_value(E, END_DOMINO, mover, E->pips);
            E->pips[mover] = pips;
            if (E->stop) return 0; /* the scorer raised (Ctrl-C in it): no draw searched after it */
        }
        if (E->voluntary && !rec_of(T, lid)->empty && best < beta && bpos < E->bone_end) {
            int value = FN(draw)(E, lid, mover, bpos, best > alpha ? best : alpha, beta);
            if (value > best) best = value;
        }
        return best;
    }
    int deep = held > E->shallow, etc = deep && held > E->etc;
    uint64_t k1 = 0, k2 = 0;
    int low = -INF, high = INF, first = 0;
    if (deep) {
        if (key) {
            k1 = key[0];
            k2 = key[1];
        } else
            node_key_(E, rec->k1, rec->k2, E->hh1, E->hh2, mover, bpos, must, &k1, &k2);
        Entry *e = tt_probe(k1, k2);
        if (e) {
            if (e->floor1 <= E->floor1) {
                low = e->low;
                high = e->high;
                if (low >= beta) return low;
                if (high <= alpha) return high;
                if (low > alpha) alpha = low;
                if (high < beta) beta = high;
            }
            first = e->best; /* the move that was best here last time goes first */
        }
    }
    int nx = E->nxt[mover], flip = E->flip_next[mover];
    int empty = rec->empty, cap = FN(count)(playable) * (empty ? 2 : 2 * rec->narms);
    Mark mark;
    Move *mv = arena_alloc(E, (size_t)cap, &mark);
    if (!mv) {
        PyErr_NoMemory();
        E->stop = STOP_ERROR;
        return 0;
    }
    const uint64_t *after = E->hands[nx];
    const uint64_t *other = E->watch[mover] >= 0 ? E->hands[E->watch[mover]] : NULL;
    uint64_t s1 = 0, s2 = 0; /* the seat's, the boneyard's and the engine's part of each child's key */
    if (deep) {
        uint64_t s = (uint64_t)nx | (uint64_t)bpos << 8 | 5ULL << 40;
        s1 = mix64(s) + E->salt1;
        s2 = mix64b(s) + E->salt2;
    }
    /* Only a tile that must be played can be the mover's last here (a lone playable tile
     * otherwise ended the hand above). */
    int nm = 0, last = must >= 0 && FN(count)(FN(load)(hand)) == 1;
    const size_t stride = T->stride, slot_bytes = T->slot_bytes; /* fixed for the table's life */
    for (int w = 0; w < W; w++) {
        uint64_t bits = playable.w[w];
        while (bits) {
            int t = (w << 6) + __builtin_ctzll(bits);
            bits &= bits - 1;
            int n, domino = last;
            const MoveSlot *slot = lt_moves(T, lid, t, &n, one);
            if (!slot) {
                E->stop = STOP_FULL;
                arena_release(E, &mark);
                return 0;
            }
            const uint8_t *recs = T->recs; /* holds until the table next grows (lt_moves) */
            for (int j = 0; j < n; j++) {
                Move *m = &mv[nm++];
                uint32_t child = slot[j].ref - 1;
                m->points = slot[j].points;
#if W == 1
                const uint64_t cfits[1] = {slot[j].fits};
#else
                const uint64_t *cfits = rec_of(T, child)->fits;
#endif
                m->order = move_order(FN(common)(after, cfits), other ? FN(common)(other, cfits) : 0, m->points);
                /* the slots the next player's search will read */
                for (int v = 0; v < W; v++) {
                    uint64_t b = after[v] & cfits[v];
                    while (b) {
                        __builtin_prefetch(recs + (size_t)child * stride + sizeof(Rec) + (size_t)((v << 6) + __builtin_ctzll(b)) * slot_bytes);
                        b &= b - 1;
                    }
                }
                m->child = child;
                m->code = (uint16_t)((t + 1) << 8 | j);
                m->tile = (uint8_t)t;
                m->domino = (uint8_t)domino;
                if (etc) { /* the child's key, for the table's word on it below */
                    const Rec *c = rec_of(T, child);
                    m->k1 = c->k1 + s1 + (E->hh1 ^ ZH1[mover][t]);
                    m->k2 = c->k2 + s2 + (E->hh2 ^ ZH2[mover][t]);
                    if (!domino) __builtin_prefetch(&TT[m->k1 & TT_MASK]);
                }
            }
        }
    }
    if (etc) { /* a child already known to reach beta decides the node at once */
        for (int i = 0; i < nm; i++) {
            Move *m = &mv[i];
            if (m->domino) continue;
            Entry *e = tt_probe(m->k1, m->k2);
            if (e && e->floor1 <= E->floor1) {
                int value = flip > 0 ? m->points + e->low : m->points - e->high;
                if (value >= beta) {
                    tt_store(k1, k2, value, high, E->floor1, m->code, held);
                    arena_release(E, &mark);
                    return value;
                }
            }
        }
    }
    if (nm > 1) {
        /* ties go to the tile that refuted most often here (the history heuristic) */
        const uint32_t *hist = E->hist[mover];
        for (int i = 0; i < nm; i++) {
            uint32_t h = hist[mv[i].tile];
            mv[i].order = mv[i].order * 64 - (h ? 32 - __builtin_clz(h) : 0);
        }
        for (int i = 1; i < nm; i++) { /* insertion sort: stable, and the lists are short */
            Move m = mv[i];
            int j = i - 1;
            while (j >= 0 && mv[j].order > m.order) {
                mv[j + 1] = mv[j];
                j--;
            }
            mv[j + 1] = m;
        }
        if (first) {
            for (int i = 1; i < nm; i++)
                if (mv[i].code == first) {
                    Move m = mv[i];
                    memmove(&mv[1], &mv[0], sizeof(Move) * (size_t)i);
                    mv[0] = m;
                    break;
                }
        }
    }
    int a0 = alpha, b0 = beta, best = -INF, bestcode = 0;
    /* The hands' part of the key (hh1, hh2) is kept only where a node below may be keyed: a
     * node of few tiles held has none below it unless a draw can add tiles again. */
    int keyed = deep || held > E->small || bpos < E->bone_end; /* (lean's small-table nodes are keyed too) */
    for (int i = 0; i < nm; i++) {
        Move *m = &mv[i];
        int t = m->tile, points = m->points, value;
        if (m->domino) { /* the last tile: domino */
            if (E->domino_zero)
                value = points;
            else {
                int pips = E->pips[mover];
                E->pips[mover] = 0;
                value = points + E->sign[mover] * end_value(E, END_DOMINO, mover, E->pips);
                E->pips[mover] = pips;
            }
        } else {
            hand[t >> 6] ^= 1ULL << (t & 63);
            E->pips[mover] -= E->R->hi[t] + E->R->lo[t];
            E->held--;
            if (keyed) {
                E->hh1 ^= ZH1[mover][t];
                E->hh2 ^= ZH2[mover][t];
            }
            if (deep && !etc) { /* the child's key, passed down: only for the children searched */
                const Rec *c = rec_of(T, m->child);
                m->k1 = c->k1 + s1 + E->hh1; /* the hands are the child's already */
                m->k2 = c->k2 + s2 + E->hh2;
            }
            const uint64_t *ck = deep ? &m->k1 : NULL;
            if (flip > 0)
                value = points + FN(search)(E, m->child, nx, bpos, -1, alpha - points, beta - points, ck);
            else
                value = points - FN(search)(E, m->child, nx, bpos, -1, points - beta, points - alpha, ck);
            hand[t >> 6] ^= 1ULL << (t & 63);
            E->pips[mover] += E->R->hi[t] + E->R->lo[t];
            E->held++;
            if (keyed) {
                E->hh1 ^= ZH1[mover][t];
                E->hh2 ^= ZH2[mover][t];
            }
        }
        if (E->stop) {
            arena_release(E, &mark);
            return 0;
        }
        if (value > best) {
            best = value;
            bestcode = m->code;
            if (value > alpha) {
                alpha = value;
                if (value >= beta) {
                    if (nm > 1) E->hist[mover][t] += 1u << (held < 24 ? held : 24);
                    break;
                }
            }
        }
    }
    arena_release(E, &mark);
    if (E->voluntary && !empty && must < 0 && best < beta && bpos < E->bone_end) {
        int value = FN(draw)(E, lid, mover, bpos, alpha, beta);
        if (E->stop) return 0;
        if (value > best) {
            best = value;
            bestcode = 0;
        }
    }
    if (deep) tt_store_result(k1, k2, best, a0, b0, low, high, E->floor1, bestcode, held);
    return best;
}

/* The common case, leaner: no tile left to draw and none that must be played, so no draw
 * below either (the same search as search_node, whose comments hold here). Moves live on the
 * stack, 16 bytes each; a child where the next player cannot play (a pass or a block) or
 * plays its last tile (a domino) is valued in the parent's loop, without a call (it still
 * counts as a node). Nodes with more moves than LEAN_MOVES go to search_node. */
#define LEAN_MOVES 64

typedef struct {
    int32_t order, points;
    uint32_t child;
    uint8_t tile, j, np, pad;
    uint64_t k1, k2; /* the child's key, in a node that keys its children (deep) */
} FN(LeanMove);

static int FN(lean)(Engine *E, uint32_t lid, int mover, int bpos, int alpha, int beta, const uint64_t *key);

/* A forced node (one tile playable, in one place): its value is the move's points and its
 * child's, so it neither asks nor fills a table (the child's entry holds the same knowledge,
 * its window shifted by the points) and orders nothing. */
static int FN(forced)(Engine *E, const MoveSlot *slot, int t, int mover, int bpos, int alpha, int beta)
{
    uint64_t *hand = E->hands[mover];
    int points = slot->points, nx = E->nxt[mover], dp = E->pipsum[t], cv;
    uint32_t child = slot->ref - 1;
    hand[t >> 6] ^= 1ULL << (t & 63);
    E->pips[mover] -= dp;
    E->held--;
    E->hh1 ^= ZH1[mover][t];
    E->hh2 ^= ZH2[mover][t];
    if (E->flip_next[mover] > 0)
        cv = points + FN(lean)(E, child, nx, bpos, alpha - points, beta - points, NULL);
    else
        cv = points - FN(lean)(E, child, nx, bpos, points - beta, points - alpha, NULL);
    hand[t >> 6] ^= 1ULL << (t & 63);
    E->pips[mover] += dp;
    E->held++;
    E->hh1 ^= ZH1[mover][t];
    E->hh2 ^= ZH2[mover][t];
    return cv;
}

/* lean's body for one kind of node, known when compiled (LEAN_DEEP, LEAN_SMALL, LEAN_TINY): each
 * kind's function has only its own code, and fewer values to keep across its children's calls. */
static inline __attribute__((always_inline)) int FN(lean_kind)(Engine *E, uint32_t lid, int mover, int bpos, int alpha, int beta, const uint64_t *key, const int kind)
{
    if (!(++E->nodes & 4095) && tick(E)) return 0;
    int held = E->held;
    if (E->floor >= 0 && held + E->nb - bpos <= E->floor) return E->sign[mover] * estimate(E);
    LTable *T = E->T;
    MoveSlot one[PACK_INL_MAX]; /* a compact table's moves, unpacked (lt_moves) */
    const Rec *rec = rec_of(T, lid);
    uint64_t *hand = E->hands[mover];
    MASK playable = FN(and)(FN(load)(hand), rec->fits);
    if (FN(none)(playable)) {
        int other;
        for (other = 0; other < E->n; other++)
            if (FN(overlap)(E->hands[other], rec->fits)) break;
        if (other == E->n) return E->blocked_zero ? 0 : E->sign[mover] * end_value(E, END_BLOCKED, -1, E->pips);
        int nx = E->nxt[mover];
        if (E->flip_next[mover] > 0) return FN(lean)(E, lid, nx, bpos, alpha, beta, NULL);
        return -FN(lean)(E, lid, nx, bpos, -beta, -alpha, NULL);
    }
    const int deep = kind == LEAN_DEEP;
    int ntiles = FN(count)(FN(load)(hand));
    if (ntiles == 1) { /* the last tile: its moves are listed most points first */
        int t, n;
        const MoveSlot *slot = FN(lone_moves)(E, lid, playable, &t, &n, one);
        if (!slot) return 0;
        int best = slot[0].points;
        if (!E->domino_zero) {
            int pips = E->pips[mover];
            E->pips[mover] = 0;
            best += E->sign[mover] * end_value(E, END_DOMINO, mover, E->pips);
            E->pips[mover] = pips;
        }
        return best;
    }
    /* one tile to play: if it has one placement, the node is forced (unless its child is the
     * first of its line kept in no table: the node's entry is then the line's only one) */
    if (FN(count)(playable) == 1 && (kind != LEAN_SMALL || held - 1 > E->small)) {
        int t, n;
        const MoveSlot *slot = FN(lone_moves)(E, lid, playable, &t, &n, one);
        if (!slot) return 0;
        if (n == 1) return FN(forced)(E, slot, t, mover, bpos, alpha, beta);
        rec = rec_of(T, lid); /* working the moves out may have moved the table */
    }
    uint64_t k1 = 0, k2 = 0;
    int low = -INF, high = INF, first = 0;
    /* keyed: the hands' part of the key (hh1, hh2) is kept for the nodes below */
    const int small = kind == LEAN_SMALL, keyed = deep || small;
    uint64_t sk = 0;
    uint32_t sc = 0;
    if (small) { /* the seat to move in by its spare hand key (ZH1[seat][MAXTILES], no tile's) */
        sk = small_key(rec->k1 + E->hh1 + E->salt1 + ZH1[mover][MAXTILES], E->floor1);
        sc = (uint32_t)(rec->k2 + E->hh2 + E->salt2 + ZH2[mover][MAXTILES]);
        if (small_probe(sk, sc, &low, &high)) {
            if (low >= beta) return low;
            if (high <= alpha) return high;
            if (low > alpha) alpha = low;
            if (high < beta) beta = high;
        }
    }
    if (deep) {
        if (key) {
            k1 = key[0];
            k2 = key[1];
        } else
            node_key_(E, rec->k1, rec->k2, E->hh1, E->hh2, mover, bpos, -1, &k1, &k2);
        Entry *e = tt_probe(k1, k2);
        if (e) {
            if (e->floor1 <= E->floor1) {
                low = e->low;
                high = e->high;
                if (low >= beta) return low;
                if (high <= alpha) return high;
                if (low > alpha) alpha = low;
                if (high < beta) beta = high;
            }
            first = e->best;
        }
    }
    int nx = E->nxt[mover], flip = E->flip_next[mover];
    const uint64_t *after = E->hands[nx];
    const uint64_t *other = E->watched[mover];
    const uint32_t *hist = E->hist[mover];
    FN(LeanMove) mv[LEAN_MOVES];
    int nm = 0;
    const size_t stride = T->stride, slot_bytes = T->slot_bytes;
    uint64_t s1 = 0, s2 = 0; /* the seat's, the boneyard's and the engine's part of each child's key */
    if (deep) {
        uint64_t s = (uint64_t)nx | (uint64_t)bpos << 8 | 5ULL << 40;
        s1 = mix64(s) + E->salt1;
        s2 = mix64b(s) + E->salt2;
    }
    for (int w = 0; w < W; w++) {
        uint64_t bits = playable.w[w];
        while (bits) {
            int t = (w << 6) + __builtin_ctzll(bits);
            bits &= bits - 1;
            int n;
            const MoveSlot *slot = FN(lean_moves)(T, lid, t, &n, one);
            if (!slot) {
                E->stop = STOP_FULL;
                return 0;
            }
            if (nm + n > LEAN_MOVES) {
                E->nodes--; /* counted there */
                return FN(search_node)(E, lid, mover, bpos, -1, alpha, beta, key);
            }
            const uint8_t *recs = T->recs;
            /* ties go to the tile that refuted most often here (the history heuristic) */
            uint32_t h = hist[t];
            int hb = h ? 32 - __builtin_clz(h) : 0;
            for (int j = 0; j < n; j++) {
                FN(LeanMove) *m = &mv[nm++];
                uint32_t child = slot[j].ref - 1;
#if W == 1
                const uint64_t cfits[1] = {slot[j].fits};
#else
                const uint64_t *cfits = rec_of(T, child)->fits;
#endif
                int np = FN(common)(after, cfits);
                const uint8_t *base = recs + (size_t)child * stride; /* the child's record */
                __builtin_prefetch(base); /* its header: its fits and keys */
                m->points = slot[j].points;
                m->order = move_order(np, FN(common)(other, cfits), m->points) * 64 - hb;
#if W == 1
                { /* the first three, without a branch (a loop's exit, mispredicted, cost more than it
                   * saved): a missing one prefetches the header again */
                    uint64_t b = after[0] & cfits[0];
                    for (int k = 0; k < 3; k++) {
                        uint64_t on = -(uint64_t)(b != 0);
                        __builtin_prefetch(base + ((sizeof(Rec) + (size_t)__builtin_ctzll(b | (1ULL << 63)) * slot_bytes) & on));
                        b &= b - 1;
                    }
                }
#else
                for (int v = 0; v < W; v++) {
                    uint64_t b = after[v] & cfits[v];
                    while (b) {
                        __builtin_prefetch(base + sizeof(Rec) + (size_t)((v << 6) + __builtin_ctzll(b)) * slot_bytes);
                        b &= b - 1;
                    }
                }
#endif
                m->child = child;
                m->tile = (uint8_t)t;
                m->j = (uint8_t)j;
                m->np = (uint8_t)(np > 255 ? 255 : np);
                if (deep) { /* the child's key, and its entry on its way to the cache while the moves are ordered */
                    const Rec *c = rec_of(T, child);
                    m->k1 = c->k1 + s1 + (E->hh1 ^ ZH1[mover][t]);
                    m->k2 = c->k2 + s2 + (E->hh2 ^ ZH2[mover][t]);
                    __builtin_prefetch(&TT[m->k1 & TT_MASK]);
                }
            }
        }
    }
    if (deep) {
        if (held > E->etc) { /* a child already known to reach beta decides the node at once */
            for (int i = 0; i < nm; i++) {
                int t = mv[i].tile;
                Entry *e = tt_probe(mv[i].k1, mv[i].k2);
                if (e && e->floor1 <= E->floor1) {
                    int value = flip > 0 ? mv[i].points + e->low : mv[i].points - e->high;
                    if (value >= beta) {
                        tt_store(k1, k2, value, high, E->floor1, (t + 1) << 8 | mv[i].j, held);
                        return value;
                    }
                }
            }
        }
    }
    if (nm > 1) {
        for (int i = 1; i < nm; i++) {
            FN(LeanMove) m = mv[i];
            int j = i - 1;
            while (j >= 0 && mv[j].order > m.order) {
                mv[j + 1] = mv[j];
                j--;
            }
            mv[j + 1] = m;
        }
        if (first) {
            for (int i = 1; i < nm; i++)
                if (((mv[i].tile + 1) << 8 | mv[i].j) == first) {
                    FN(LeanMove) m = mv[i];
                    memmove(&mv[1], &mv[0], sizeof(FN(LeanMove)) * (size_t)i);
                    mv[0] = m;
                    break;
                }
        }
    }
    /* the child's own checks, done here for the children valued in the loop */
    int at_floor = E->floor >= 0 && held - 1 + E->nb - bpos <= E->floor;
    int after_one = FN(count)(FN(load)(after)) == 1;
    const uint8_t *pipsum = E->pipsum;
    int a0 = alpha, b0 = beta, best = -INF, bestcode = 0;
    for (int i = 0; i < nm; i++) {
        FN(LeanMove) *m = &mv[i];
        int t = m->tile, points = m->points, value, cv;
        /* the child's window for its mover */
        int ca = flip > 0 ? alpha - points : points - beta, cb = flip > 0 ? beta - points : points - alpha;
        hand[t >> 6] ^= 1ULL << (t & 63);
        int dp = pipsum[t];
        E->pips[mover] -= dp;
        E->held--;
        if (keyed) {
            E->hh1 ^= ZH1[mover][t];
            E->hh2 ^= ZH2[mover][t];
        }
        if (!at_floor && (m->np == 0 || (m->np == 1 && after_one))) {
            if (!(++E->nodes & 4095) && tick(E))
                cv = 0;
            else if (m->np == 0) { /* a pass, or the hand is blocked */
                const uint64_t *cfits = rec_of(T, m->child)->fits;
                int o;
                for (o = 0; o < E->n; o++)
                    if (FN(overlap)(E->hands[o], cfits)) break;
                if (o == E->n)
                    cv = E->blocked_zero ? 0 : E->sign[nx] * end_value(E, END_BLOCKED, -1, E->pips);
                else if (E->flip_next[nx] > 0)
                    cv = FN(lean)(E, m->child, E->nxt[nx], bpos, ca, cb, NULL);
                else
                    cv = -FN(lean)(E, m->child, E->nxt[nx], bpos, -cb, -ca, NULL);
            } else { /* the next player's last tile, and it fits: a domino */
                int t2 = -1;
                for (int w = 0; w < W; w++)
                    if (after[w]) t2 = (w << 6) + __builtin_ctzll(after[w]);
                int n;
                const MoveSlot *slot = FN(lean_moves)(T, m->child, t2, &n, one);
                if (!slot) {
                    E->stop = STOP_FULL;
                    cv = 0;
                } else {
                    cv = slot[0].points;
                    if (!E->domino_zero) {
                        int pips = E->pips[nx];
                        E->pips[nx] = 0;
                        cv += E->sign[nx] * end_value(E, END_DOMINO, nx, E->pips);
                        E->pips[nx] = pips;
                    }
                }
            }
        } else if (deep) {
            cv = FN(lean)(E, m->child, nx, bpos, ca, cb, &m->k1);
        } else
            cv = FN(lean)(E, m->child, nx, bpos, ca, cb, NULL);
        value = flip > 0 ? points + cv : points - cv;
        hand[t >> 6] ^= 1ULL << (t & 63);
        E->pips[mover] += dp;
        E->held++;
        if (keyed) {
            E->hh1 ^= ZH1[mover][t];
            E->hh2 ^= ZH2[mover][t];
        }
        if (E->stop) return 0;
        if (value > best) {
            best = value;
            bestcode = (t + 1) << 8 | m->j;
            if (value > alpha) {
                alpha = value;
                if (value >= beta) {
                    if (nm > 1) E->hist[mover][t] += 1u << (held < 24 ? held : 24);
                    break;
                }
            }
        }
    }
    if (deep) tt_store_result(k1, k2, best, a0, b0, low, high, E->floor1, bestcode, held);
    else if (small) small_store(sk, sc, best, a0, b0, low, high);
    return best;
}

static int FN(lean_deep)(Engine *E, uint32_t lid, int mover, int bpos, int alpha, int beta, const uint64_t *key)
{
    return FN(lean_kind)(E, lid, mover, bpos, alpha, beta, key, LEAN_DEEP);
}

static int FN(lean_small)(Engine *E, uint32_t lid, int mover, int bpos, int alpha, int beta, const uint64_t *key)
{
    return FN(lean_kind)(E, lid, mover, bpos, alpha, beta, key, LEAN_SMALL);
}

static int FN(lean_tiny)(Engine *E, uint32_t lid, int mover, int bpos, int alpha, int beta, const uint64_t *key)
{
    return FN(lean_kind)(E, lid, mover, bpos, alpha, beta, key, LEAN_TINY);
}

/* lean, for the kind of node that ``held`` tiles make: keyed in the big table, in the small
 * one, or in neither. */
static int FN(lean)(Engine *E, uint32_t lid, int mover, int bpos, int alpha, int beta, const uint64_t *key)
{
    int held = E->held;
    if (held > E->shallow) return FN(lean_deep)(E, lid, mover, bpos, alpha, beta, key);
    if (held > E->small) return FN(lean_small)(E, lid, mover, bpos, alpha, beta, key);
    return FN(lean_tiny)(E, lid, mover, bpos, alpha, beta, key);
}

static int FN(search)(Engine *E, uint32_t lid, int mover, int bpos, int must, int alpha, int beta, const uint64_t *key)
{
    if (must < 0 && bpos >= E->bone_end) return FN(lean)(E, lid, mover, bpos, alpha, beta, key);
    if (E->depth >= MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "the solver core went deeper than any hand can");
        E->stop = STOP_ERROR;
        return 0;
    }
    E->depth++;
    int value = FN(search_node)(E, lid, mover, bpos, must, alpha, beta, key);
    E->depth--;
    return value;
}

/* -- positions, as the drivers see them ----------------------------------------------------- */

static void FN(pos_load)(Engine *E, const Pos *P)
{
    for (int s = 0; s < E->n; s++)
        for (int i = 0; i < W; i++) E->hands[s][i] = P->hands[s][i];
    memcpy(E->pips, P->pips, sizeof(int) * (size_t)E->n);
    E->held = P->held;
    E->hh1 = P->hh1;
    E->hh2 = P->hh2;
}

/* 0 while the hand goes on; 1 domino (*went: who); 2 blocked (Position.outcome). */
static int FN(outcome)(Engine *E, const Pos *P, int *went)
{
    for (int s = 0; s < E->n; s++)
        if (FN(is_empty)(P->hands[s])) {
            *went = s;
            return 1;
        }
    *went = -1;
    if (P->L.empty || P->bpos < E->bone_end) return 0;
    for (int s = 0; s < E->n; s++)
        if (FN(overlap)(P->hands[s], P->L.fits)) return 0;
    return 2;
}

/* The mover's value within (alpha, beta), the end of the hand scored where it is over. */
static int FN(pos_search)(Engine *E, const Pos *P, int alpha, int beta)
{
    int went, over = FN(outcome)(E, P, &went);
    if (over) return E->sign[P->mover] * end_value(E, over == 1 ? END_DOMINO : END_BLOCKED, went, P->pips);
    uint64_t k1, k2;
    layout_key(E->R, &P->L, &k1, &k2);
    long lid = lt_intern(E->T, &P->L, k1, k2);
    if (lid < 0) {
        E->stop = STOP_FULL;
        return 0;
    }
    FN(pos_load)(E, P);
    return FN(search)(E, (uint32_t)lid, P->mover, P->bpos, P->must, alpha, beta, NULL);
}

static int FN(mtdf)(Engine *E, const Pos *P, int guess)
{
    int low = -INF, high = INF, value = guess;
    while (low < high) {
        int beta = value == low ? value + 1 : value;
        value = FN(pos_search)(E, P, beta - 1, beta);
        if (E->stop) return 0;
        if (value < beta)
            high = value;
        else
            low = value;
    }
    return value;
}

/* A first guess at an exact value: cut searches 6, 10, 14... plays deep (Engine.guess). Unlike
 * the Python engine's, these value their floor at zero, not by the end-of-hand estimate: the
 * exact value does not depend on the guess, and the estimate asks the Python scorer about
 * every new set of pips (in games with end-of-hand scoring, over half the time of a small
 * solve). Searches under a budget keep the estimate. */
static int FN(guess)(Engine *E, const Pos *P, int guess)
{
    int left = left_of(E, P), estimate = E->estimate_mode;
    E->estimate_mode = EST_ZERO;
    for (int depth = 6; depth < left - CUT_SHORT && !E->stop; depth += 4) {
        set_floor(E, left - depth);
        E->floor1 += GUESS_FLOORS; /* its entries apart from those of searches under a budget */
        guess = FN(mtdf)(E, P, guess);
    }
    E->estimate_mode = estimate;
    if (E->stop) return 0;
    set_floor(E, EXACT);
    return guess;
}

/* _Root.value: to the current floor; ``deepen``: exact, through a few cut searches first. */
static int FN(value)(Engine *E, const Pos *P, int guess, int deepen)
{
    int went, over = FN(outcome)(E, P, &went);
    if (over) return E->sign[P->mover] * end_value(E, over == 1 ? END_DOMINO : END_BLOCKED, went, P->pips);
    if (deepen) {
        guess = FN(guess)(E, P, guess);
        if (E->stop) return 0;
    }
    return FN(mtdf)(E, P, guess);
}

typedef struct {
    uint8_t kind, tile, arm, inl;
} FN(LMove);

/* The legal moves in Position.legal_moves' order: tiles highest first, each on its arms in the
 * board's order, lengthwise after crosswise; then draw; pass when nothing else. */
static int FN(legal)(Engine *E, const Pos *P, FN(LMove) * out)
{
    int went, nm = 0;
    if (FN(outcome)(E, P, &went)) return 0;
    const Layout *L = &P->L;
    for (int t = E->R->ntiles - 1; t >= 0; t--) {
        if (P->must >= 0 ? t != P->must : !(P->hands[P->mover][t >> 6] >> (t & 63) & 1)) continue;
        int inline_too = may_lay_inline(E->R, L, t);
        int arms = L->empty ? 1 : L->narms;
        for (int at = 0; at < arms; at++) {
            if (!L->empty && !arm_fits(E->R, L, at, t)) continue;
            for (int inl = 0; inl <= inline_too; inl++) {
                FN(LMove) *m = &out[nm++];
                m->kind = MV_PLAY;
                m->tile = (uint8_t)t;
                m->arm = L->empty ? 255 : (uint8_t)at;
                m->inl = (uint8_t)inl;
            }
        }
    }
    if (P->must < 0 && P->bpos < E->bone_end && (nm == 0 || (E->voluntary && !L->empty))) {
        out[nm].kind = MV_DRAW;
        out[nm].tile = out[nm].arm = 255;
        out[nm++].inl = 0;
    }
    if (nm == 0) {
        out[nm].kind = MV_PASS;
        out[nm].tile = out[nm].arm = 255;
        out[nm++].inl = 0;
    }
    return nm;
}

/* The position after a legal move, and the points it scores (scaled): Position.after_legal. */
static int FN(child)(Engine *E, const Pos *P, const FN(LMove) * m, Pos *C)
{
    memcpy(C, P, sizeof(Pos));
    C->must = -1;
    int mover = P->mover;
    if (m->kind == MV_PASS) {
        C->mover = E->nxt[mover];
        return 0;
    }
    if (m->kind == MV_DRAW) {
        while (C->bpos < E->bone_end) {
            int t = E->bone[C->bpos++];
            C->hands[mover][t >> 6] |= 1ULL << (t & 63);
            C->pips[mover] += E->R->hi[t] + E->R->lo[t];
            C->held++;
            C->hh1 ^= ZH1[mover][t];
            C->hh2 ^= ZH2[mover][t];
            if (P->L.fits[t >> 6] >> (t & 63) & 1) {
                if (E->play_drawn) C->must = t;
                break;
            }
        }
        return 0;
    }
    int t = m->tile;
    Undo u;
    layout_do(E->R, &C->L, t, m->arm, m->inl, &u);
    C->hands[mover][t >> 6] &= ~(1ULL << (t & 63));
    C->pips[mover] -= E->R->hi[t] + E->R->lo[t];
    C->held--;
    C->hh1 ^= ZH1[mover][t];
    C->hh2 ^= ZH2[mover][t];
    C->mover = E->nxt[mover];
    return E->T->points[C->L.count];
}

static void FN(pos_key)(const Engine *E, const Pos *P, uint64_t *k1, uint64_t *k2)
{
    uint64_t lk1, lk2;
    layout_key(E->R, &P->L, &lk1, &lk2);
    node_key_(E, lk1, lk2, P->hh1, P->hh2, P->mover, P->bpos, P->must, k1, k2);
}

static PyObject *FN(move_tuple)(const FN(LMove) * m)
{
    return Py_BuildValue("(iiii)", m->kind, m->tile == 255 ? -1 : m->tile, m->arm == 255 ? -1 : m->arm, m->inl);
}

#define LMOVES_CAP ((size_t)MAXTILES * (2 * MAXARMS + 2) + 2)

/* Run ``work`` exactly, or under a budget deepening play by play until time runs out
 * (solver._deepening). Returns 0 with *exact and *depth set, -1 on an error. */
typedef int (*FN(Work))(Engine *E, void *ctx, int deepen);

static int FN(deepening)(Engine *E, const Pos *P, double budget, FN(Work) work, void *ctx, int *exact, int *depth)
{
    E->deadline = 0;
    *exact = 1;
    *depth = -1;
    if (budget < 0) {
        set_floor(E, EXACT);
        work(E, ctx, 1);
        return E->stop ? -1 : 0;
    }
    double deadline = now() + budget;
    int left = left_of(E, P), reached = 0, d = 0;
    while (d <= left) {
        d = d < 6 ? d + 2 : d + 4;
        int floor = d < left - CUT_SHORT ? left - d : EXACT; /* as guess() */
        set_floor(E, floor);
        E->deadline = reached ? deadline : 0; /* the first, shallow search always finishes */
        int failed = work(E, ctx, 0);
        E->deadline = 0;
        if (E->stop == STOP_TIME) {
            E->stop = STOP_NONE;
            break;
        }
        if (E->stop || failed) return -1;
        if (floor == EXACT) return 0;
        reached = d;
    }
    set_floor(E, left - reached);
    *exact = 0;
    *depth = reached;
    return 0;
}

typedef struct {
    const Pos *P;
    int last, found;
} FN(SolveCtx);

static int FN(solve_work)(Engine *E, void *ctx, int deepen)
{
    FN(SolveCtx) *c = (FN(SolveCtx) *)ctx;
    int v = FN(value)(E, c->P, c->last, deepen);
    if (E->stop) return 0; /* the last value stands */
    c->last = c->found = v;
    return 0;
}

/* A line of best moves from P, whose value for its mover is ``value`` (solver._best_line). */
static PyObject *FN(best_line)(Engine *E, const Pos *P, int value, int horizon)
{
    PyObject *line = PyList_New(0);
    Pos *node = (Pos *)PyMem_Malloc(sizeof(Pos)), *child = (Pos *)PyMem_Malloc(sizeof(Pos));
    FN(LMove) *moves = (FN(LMove) *)PyMem_Malloc(sizeof(FN(LMove)) * LMOVES_CAP);
    FN(LMove) *order = (FN(LMove) *)PyMem_Malloc(sizeof(FN(LMove)) * LMOVES_CAP);
    if (!line || !node || !child || !moves || !order) {
        if (line) PyErr_NoMemory();
        Py_CLEAR(line);
        goto done;
    }
    memcpy(node, P, sizeof(Pos));
    for (;;) {
        int went;
        if (FN(outcome)(E, node, &went) || left_of(E, node) <= horizon) break;
        uint64_t k1, k2;
        FN(pos_key)(E, node, &k1, &k2);
        Entry *e = tt_probe(k1, k2);
        int preferred = e && e->best ? (e->best >> 8) - 1 : -1;
        int nm = FN(legal)(E, node, moves), no = 0;
        for (int i = 0; i < nm; i++)
            if (moves[i].kind == MV_PLAY && moves[i].tile == preferred) order[no++] = moves[i];
        for (int i = 0; i < nm; i++)
            if (!(moves[i].kind == MV_PLAY && moves[i].tile == preferred)) order[no++] = moves[i];
        /* First a move whose child's entry shows it good enough already (the searches just
         * made leave one on the line, but the entry's move names a tile, not its placement,
         * and a node that failed low keeps a move that proves nothing); then a search of each
         * move in turn, but for those whose entries show they are not. */
        int found = 0;
        for (int i = 0; i < 2 * no && !found; i++) {
            int points = FN(child)(E, node, &order[i % no], child);
            int flip = E->sign[node->mover] * E->sign[child->mover];
            int wanted = flip * (value - points); /* what the child must be worth to its own mover */
            uint64_t c1, c2;
            FN(pos_key)(E, child, &c1, &c2);
            const Entry *ce = tt_probe(c1, c2);
            int known = ce && ce->floor1 <= E->floor1, ok;
            if (i < no) {
                if (!known || !(flip > 0 ? ce->low >= wanted : ce->high <= wanted)) continue;
                ok = 1;
            } else {
                if (known && (flip > 0 ? ce->high < wanted : ce->low > wanted)) continue;
                ok = flip > 0 ? FN(pos_search)(E, child, wanted - 1, wanted) >= wanted
                              : !(FN(pos_search)(E, child, wanted, wanted + 1) >= wanted + 1);
            }
            if (E->stop) {
                Py_CLEAR(line);
                goto done;
            }
            if (ok) {
                PyObject *m = FN(move_tuple)(&order[i % no]);
                if (!m || PyList_Append(line, m) < 0) {
                    Py_XDECREF(m);
                    Py_CLEAR(line);
                    goto done;
                }
                Py_DECREF(m);
                Pos *swap = node;
                node = child;
                child = swap;
                value = wanted;
                found = 1;
                break;
            }
        }
        if (!found) break; /* cannot happen with exact values; a cut search may disagree with itself */
    }
done:
    PyMem_Free(node);
    PyMem_Free(child);
    PyMem_Free(moves);
    PyMem_Free(order);
    return line;
}

static PyObject *FN(solve)(Engine *E, Pos *P, double budget)
{
    long long n0 = E->nodes;
    FN(SolveCtx) ctx = {P, 0, 0};
    int exact, depth;
    if (FN(deepening)(E, P, budget, FN(solve_work), &ctx, &exact, &depth) < 0) return NULL;
    int horizon = exact ? -1 : left_of(E, P) - depth;
    PyObject *line = FN(best_line)(E, P, ctx.found, horizon);
    set_floor(E, EXACT);
    if (!line) return NULL;
    PyObject *d = exact ? Py_None : PyLong_FromLong(depth);
    if (!exact && !d) {
        Py_DECREF(line);
        return NULL;
    }
    if (exact) Py_INCREF(d);
    return Py_BuildValue("(iNOLN)", ctx.found, line, exact ? Py_True : Py_False, E->nodes - n0, d);
}

/* evaluate_moves: every legal move with its value for the mover; moves that lead to the same
 * node share one search. */
typedef struct {
    int n;
    FN(LMove) * moves;
    Pos *children;
    int *points, *flip, *share, *last, *found, *values, *trial, *want;
    int have;
} FN(EvalCtx);

static int FN(eval_work)(Engine *E, void *ctx, int deepen)
{
    FN(EvalCtx) *c = (FN(EvalCtx) *)ctx;
    int guess = 0, any = 0;
    for (int i = 0; i < c->n; i++) {
        if (!c->want[i]) continue;
        int s = c->share[i];
        if (s == i) {
            int g = c->have ? c->last[i] : c->flip[i] * (guess - c->points[i]);
            c->found[i] = FN(value)(E, &c->children[i], g, deepen);
            if (E->stop) return 0;
        }
        int value = c->points[i] + c->flip[i] * c->found[s];
        guess = !any || value > guess ? value : guess;
        any = 1;
        c->trial[i] = value;
    }
    for (int i = 0; i < c->n; i++) { /* a search cut short leaves the last complete one */
        c->last[i] = c->found[i];
        c->values[i] = c->trial[i];
    }
    c->have = 1;
    return 0;
}

/* Which of the ``n`` legal moves evaluate values: E->wanted's flags (one per move), or all. */
static int FN(wants)(Engine *E, int n, int *want)
{
    if (!E->wanted) {
        for (int i = 0; i < n; i++) want[i] = 1;
        return 0;
    }
    PyObject *flags = PySequence_Fast(E->wanted, "wanted: a sequence of flags, one per legal move");
    if (!flags) return -1;
    if (PySequence_Fast_GET_SIZE(flags) != n) {
        PyErr_Format(PyExc_ValueError, "wanted: %zd flags for %d legal moves", PySequence_Fast_GET_SIZE(flags), n);
        Py_DECREF(flags);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int flag = PyObject_IsTrue(PySequence_Fast_GET_ITEM(flags, i));
        if (flag < 0) {
            Py_DECREF(flags);
            return -1;
        }
        want[i] = flag;
    }
    Py_DECREF(flags);
    return 0;
}

static PyObject *FN(evaluate)(Engine *E, Pos *P, double budget)
{
    PyObject *out = NULL;
    FN(LMove) *moves = (FN(LMove) *)PyMem_Malloc(sizeof(FN(LMove)) * LMOVES_CAP);
    if (!moves) return PyErr_NoMemory();
    int n = FN(legal)(E, P, moves);
    FN(EvalCtx) c;
    memset(&c, 0, sizeof(c));
    c.n = n;
    c.moves = moves;
    size_t k = n ? (size_t)n : 1;
    c.children = (Pos *)PyMem_Malloc(sizeof(Pos) * k);
    int *ints = (int *)PyMem_Malloc(sizeof(int) * k * 8);
    uint64_t *keys = (uint64_t *)PyMem_Malloc(sizeof(uint64_t) * k * 2);
    if (!c.children || !ints || !keys) {
        PyErr_NoMemory();
        goto done;
    }
    c.points = ints;
    c.flip = ints + k;
    c.share = ints + 2 * k;
    c.last = ints + 3 * k;
    c.found = ints + 4 * k;
    c.values = ints + 5 * k;
    c.trial = ints + 6 * k;
    c.want = ints + 7 * k;
    if (FN(wants)(E, n, c.want) < 0) goto done;
    for (int i = 0; i < n; i++) {
        c.points[i] = FN(child)(E, P, &moves[i], &c.children[i]);
        c.flip[i] = E->sign[P->mover] * E->sign[c.children[i].mover];
        FN(pos_key)(E, &c.children[i], &keys[2 * i], &keys[2 * i + 1]);
        c.share[i] = i;
        for (int j = 0; j < i; j++)
            if (c.want[j] && keys[2 * j] == keys[2 * i] && keys[2 * j + 1] == keys[2 * i + 1]) {
                c.share[i] = j;
                break;
            }
    }
    int exact, depth;
    if (FN(deepening)(E, P, budget, FN(eval_work), &c, &exact, &depth) < 0) goto done;
    set_floor(E, EXACT);
    PyObject *list = PyList_New(n);
    if (!list) goto done;
    for (int i = 0; i < n; i++) {
        FN(LMove) *m = &moves[i];
        PyObject *item = c.want[i] ? Py_BuildValue("(iiiii)", m->kind, m->tile == 255 ? -1 : m->tile, m->arm == 255 ? -1 : m->arm, m->inl, c.values[i])
                                   : Py_BuildValue("(iiiiO)", m->kind, m->tile == 255 ? -1 : m->tile, m->arm == 255 ? -1 : m->arm, m->inl, Py_None);
        if (!item) {
            Py_DECREF(list);
            goto done;
        }
        PyList_SET_ITEM(list, i, item);
    }
    if (exact)
        out = Py_BuildValue("(NOO)", list, Py_True, Py_None);
    else
        out = Py_BuildValue("(NOi)", list, Py_False, depth);
done:
    PyMem_Free(moves);
    PyMem_Free(c.children);
    PyMem_Free(ints);
    PyMem_Free(keys);
    return out;
}

/* The value searched to one floor, by MTD(f) from 0 (for tests against Engine.mtdf). */
static PyObject *FN(floor_value)(Engine *E, Pos *P, int floor)
{
    set_floor(E, floor < 0 ? EXACT : floor);
    int v = FN(mtdf)(E, P, 0);
    set_floor(E, EXACT);
    if (E->stop) return NULL;
    return PyLong_FromLong(v);
}

static PyObject *FN(moves)(Engine *E, Pos *P)
{
    FN(LMove) *moves = (FN(LMove) *)PyMem_Malloc(sizeof(FN(LMove)) * LMOVES_CAP);
    if (!moves) return PyErr_NoMemory();
    int n = FN(legal)(E, P, moves);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *m = FN(move_tuple)(&moves[i]);
        if (!m) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, m);
    }
    PyMem_Free(moves);
    return list;
}

#undef MASK
