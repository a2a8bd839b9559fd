/* Carcassonne rules core: placing tiles on the torus board, joining features with
 * union-find, keeping the open frontier, and scoring (base game and solo variant).
 * Every function here trusts its caller: legality is checked in game.c. */
#include "carc.h"

#include <stdio.h>
#include <string.h>

static const int8_t dir_dx[4] = {0, 1, 0, -1};
static const int8_t dir_dy[4] = {-1, 0, 1, 0};
static const int8_t ring_dx[8] = {-1, 0, 1, 1, 1, 0, -1, -1};
static const int8_t ring_dy[8] = {-1, -1, -1, 0, 1, 1, 1, 0};
/* The half-side of the neighbour that touches half-side h (NW meets the north tile's SW). */
static const uint8_t opposite_half[8] = {5, 4, 7, 6, 1, 0, 3, 2};

static inline int opposite(int d) { return (d + 2) & 3; }

/* The cloister segment of each tile type (A: 1, B: 0), or -1. */
static const int8_t cloister_seg[CARC_NTYPES] = {1, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                 -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
static inline int cloister_of(int t) { return cloister_seg[t]; }
/* The x of an unused cloister list entry: 63 columns or more from any board cell. */
#define CARC_UNLISTED_X (-128)

static inline int seg_kind(const struct carc_state *s, int slot, int j)
{
    return carc_tiles[s->ttype[slot]].seg[j].kind;
}

/* Tile slot at (x,y), or -1. */
static inline int slot_at(const struct carc_state *s, int x, int y)
{
    int v = s->cell[CARC_CELL(x, y)];
    return v < CARC_NTILES ? v : -1;
}

static inline int find(const struct carc_state *s, int a)
{
    return s->parent[a];
}

/* Makes ra the root of every member of rb's set (the smaller one) and splices the two
 * circular member lists. Union by size: a segment is relabelled at most log2(243) times
 * a game, and a fresh tile's segment (size 1) joins with one store. */
static inline void relabel(struct carc_state *s, int ra, int rb)
{
    int g = rb;
    do {
        s->parent[g] = (uint8_t)ra;
        g = s->next[g];
    } while (g != rb);
    uint8_t na = s->next[ra];
    s->next[ra] = s->next[rb];
    s->next[rb] = na;
}

/* Farms only need the set size (for union by size) and their farmers. */
static inline void unite_farm(struct carc_state *s, int a, int b)
{
    int ra = find(s, a), rb = find(s, b);
    if (ra == rb)
        return;
    int swap = -(s->size[ra] < s->size[rb]), x = (ra ^ rb) & swap;
    ra ^= x;
    rb ^= x;
    relabel(s, ra, rb);
    s->size[ra] = (uint8_t)(s->size[ra] + s->size[rb]);
    s->meeples[ra] += s->meeples[rb];
    s->meeples[rb] = 0;
}

static inline int unite(struct carc_state *s, int a, int b)
{
    int ra = find(s, a), rb = find(s, b);
    if (ra == rb)
        return ra;
    int swap = -(s->size[ra] < s->size[rb]), x = (ra ^ rb) & swap;
    ra ^= x;
    rb ^= x;
    relabel(s, ra, rb);
    s->size[ra] = (uint8_t)(s->size[ra] + s->size[rb]);
    s->open[ra] = (uint8_t)(s->open[ra] + s->open[rb]);
    s->pennants[ra] = (uint8_t)(s->pennants[ra] + s->pennants[rb]);
    s->multi[ra] = (uint8_t)(s->multi[ra] + s->multi[rb]);
    s->meeples[ra] += s->meeples[rb];
    s->meeples[rb] = 0;
    return ra;
}

/* ---- frontier ---- */

static int span_ok(const struct carc_state *s, int x, int y)
{
    int lo = x < s->minx ? x : s->minx, hi = x > s->maxx ? x : s->maxx;
    if (hi - lo >= CARC_MAX_SPAN)
        return 0;
    lo = y < s->miny ? y : s->miny;
    hi = y > s->maxy ? y : s->maxy;
    return hi - lo < CARC_MAX_SPAN;
}

int carc_cell_open(const struct carc_state *s, int x, int y)
{
    int v = s->cell[CARC_CELL(x, y)];
    if (v < CARC_FRONT_BASE || v == CARC_NONE)
        return 0;
    int k = v - CARC_FRONT_BASE;
    if (s->fx[k] != x || s->fy[k] != y)
        return 0; /* another cell of the torus */
    return !s->near_limit || span_ok(s, x, y);
}

/* 32 bytes as one vector (GCC/Clang vector extension: SSE2 or the like where there is
 * one, plain code elsewhere); moved in and out with memcpy, the state is not aligned. */
typedef uint8_t fitv __attribute__((vector_size(32)));
_Static_assert(offsetof(struct carc_state, fitcount) % 16 == 0,
               "fitcount must start at a multiple of 16 (see carc.h)");
_Static_assert(sizeof(struct carc_state) % 16 == 0 && sizeof(struct carc_state) <= 8192,
               "the state's size must be a multiple of 16 and at most 8 KiB (see carc.h)");

/* fitcount += carc_fitvec[add] - carc_fitvec[sub], bytewise (no count leaves 0..146). */
static inline void fit_update(struct carc_state *s, int add, int sub)
{
    fitv c, a, b;
    memcpy(&c, s->fitcount, sizeof c);
    memcpy(&a, carc_fitvec[add], sizeof a);
    memcpy(&b, carc_fitvec[sub], sizeof b);
    c = c + a - b;
    memcpy(s->fitcount, &c, sizeof c);
}

/* Takes frontier cell k out; *nfront is the count, which the caller stores (put_tile
 * keeps it in a register over the whole placement). */
static inline void frontier_remove(struct carc_state *s, int k, unsigned *nfront)
{
    fit_update(s, 0, s->fpat[k]);
    int last = (int)--*nfront;
    if (k != last) {
        s->fx[k] = s->fx[last];
        s->fy[k] = s->fy[last];
        s->fpat[k] = s->fpat[last];
        s->cell[CARC_CELL(s->fx[k], s->fy[k])] = (uint8_t)(k + CARC_FRONT_BASE);
    }
}

static inline int popcount4(unsigned m)
{
    static const uint8_t pc[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return pc[m & 15];
}

static inline int front_usable(const struct carc_state *s, int k)
{
    return !s->near_limit || span_ok(s, s->fx[k], s->fy[k]);
}

int carc_front_usable(const struct carc_state *s, int k) { return front_usable(s, k); }

int carc_count_placements(const struct carc_state *s, int t)
{
    int n = 0;
    for (int k = 0; k < s->nfront; k++)
        if (front_usable(s, k))
            n += popcount4(carc_fit[t][s->fpat[k]]);
    return n;
}

/* 1 if tile t fits somewhere (stops at the first fitting cell). */
static int fits_somewhere(const struct carc_state *s, int t)
{
    for (int k = 0; k < s->nfront; k++)
        if (carc_fit[t][s->fpat[k]] && front_usable(s, k))
            return 1;
    return 0;
}

int carc_fit_side(const struct carc_state *s, int x, int y, int t, int rot)
{
    unsigned code = carc_rots[t][rot].edge_code;
    for (int d = 0; d < 4; d++) {
        int ns = slot_at(s, x + dir_dx[d], y + dir_dy[d]);
        if (ns < 0)
            continue;
        unsigned theirs = (carc_rots[s->ttype[ns]][s->trot[ns]].edge_code >> (2 * opposite(d))) & 3;
        if (((code >> (2 * d)) & 3) != theirs)
            return 1 + d;
    }
    return 0;
}

/* Tile slot across side d of (x,y), which must hold a tile. */
static inline int slot_across(const struct carc_state *s, int x, int y, int d)
{
    return s->cell[CARC_CELL(x + dir_dx[d], y + dir_dy[d])];
}

/* Farm j of tile t placed at (x,y,rot) is free when no farm it would join has a farmer.
 * It joins the neighbouring farms across its half-sides, and also, through them, the
 * tile's other farms touching the same neighbouring farms (a field running around the
 * end of a road can meet the same tile twice), and so on. Roads and cities cannot do
 * that: a tile with several of them has one side per segment. occ: bit d set when side
 * d faces a tile. */
static int farm_free(const struct carc_state *s, int x, int y, const struct carc_rot *o, int t,
                     int j, unsigned occ)
{
    static const uint8_t halves_of_sides[16] = {0x00, 0x03, 0x0C, 0x0F, 0x30, 0x33, 0x3C, 0x3F,
                                                0xC0, 0xC3, 0xCC, 0xCF, 0xF0, 0xF3, 0xFC, 0xFF};
    int root_at[8];
    /* Half-sides facing a tile (farm halves only). */
    unsigned present = halves_of_sides[occ] & o->farm_halves;
    /* The farms j touches directly (their roots first: usually they decide). */
    unsigned mine = o->seg_halves[j] & present;
    for (unsigned m = mine; m; m &= m - 1) {
        int h = __builtin_ctz(m), ns = slot_across(s, x, y, h >> 1);
        const struct carc_rot *no = &carc_rots[s->ttype[ns]][s->trot[ns]];
        root_at[h] = carc_root(s, s->tbase[ns] + no->half_seg[opposite_half[h]]);
        if (s->meeples[root_at[h]])
            return 0;
    }
    if (!mine || carc_tiles[t].nfarm == 1)
        return 1;
    uint32_t others = 0; /* farmers on the neighbouring farms j does not touch directly */
    for (unsigned m = present & ~mine; m; m &= m - 1) {
        int h = __builtin_ctz(m), ns = slot_across(s, x, y, h >> 1);
        const struct carc_rot *no = &carc_rots[s->ttype[ns]][s->trot[ns]];
        root_at[h] = carc_root(s, s->tbase[ns] + no->half_seg[opposite_half[h]]);
        others |= s->meeples[root_at[h]];
    }
    if (!others)
        return 1; /* whatever j joins through the other farms has no farmer */
    /* Through the tile's other farms: grow the set of joined tile farms and neighbour
     * farms until it stops changing. */
    unsigned segs = 1u << j;
    int roots[8], nroots = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned m = present; m; m &= m - 1) {
            int h = __builtin_ctz(m);
            int in = (segs >> o->half_seg[h]) & 1u, known = 0;
            for (int i = 0; i < nroots; i++)
                known |= roots[i] == root_at[h];
            if (in && !known) {
                if (s->meeples[root_at[h]])
                    return 0;
                roots[nroots++] = root_at[h];
                changed = 1;
            } else if (!in && known) {
                segs |= 1u << o->half_seg[h];
                changed = 1;
            }
        }
    }
    return 1;
}

/* carc_segment_free with the sides facing a tile given (occ, bit d for side d). */
static int segment_free(const struct carc_state *s, int x, int y, int t, int rot, int j,
                        unsigned occ)
{
    const struct carc_rot *o = &carc_rots[t][rot];
    int kind = carc_tiles[t].seg[j].kind;
    if (kind == CARC_CLOISTER)
        return 1;
    if (kind == CARC_FARM)
        return farm_free(s, x, y, o, t, j, occ);
    for (unsigned sides = o->seg_sides[j] & occ; sides; sides &= sides - 1) {
        int d = __builtin_ctz(sides), ns = slot_across(s, x, y, d);
        int b = s->tbase[ns] + carc_rots[s->ttype[ns]][s->trot[ns]].side_seg[opposite(d)];
        if (s->meeples[carc_root(s, b)])
            return 0;
    }
    return 1;
}

int carc_segment_free(const struct carc_state *s, int x, int y, int t, int rot, int j)
{
    unsigned occ = 0;
    for (int d = 0; d < 4; d++)
        occ |= (unsigned)(slot_at(s, x + dir_dx[d], y + dir_dy[d]) >= 0) << d;
    return segment_free(s, x, y, t, rot, j, occ);
}

int carc_front_segment_free(const struct carc_state *s, int k, int t, int rot, int j)
{
    /* The frontier pattern has a nonzero edge code exactly on the sides facing a tile. */
    static const uint8_t sides_of_pattern[256] = {
#define S4(p) (((p) & 3) != 0) | ((((p) >> 2) & 3) != 0) << 1 | ((((p) >> 4) & 3) != 0) << 2 | \
                  ((((p) >> 6) & 3) != 0) << 3
#define S16(p) S4(p), S4(p + 1), S4(p + 2), S4(p + 3), S4(p + 4), S4(p + 5), S4(p + 6), \
               S4(p + 7), S4(p + 8), S4(p + 9), S4(p + 10), S4(p + 11), S4(p + 12), S4(p + 13), \
               S4(p + 14), S4(p + 15)
        S16(0), S16(16), S16(32), S16(48), S16(64), S16(80), S16(96), S16(112),
        S16(128), S16(144), S16(160), S16(176), S16(192), S16(208), S16(224), S16(240)
#undef S16
#undef S4
    };
    return segment_free(s, s->fx[k], s->fy[k], t, rot, j, sides_of_pattern[s->fpat[k]]);
}

unsigned carc_free_mask(const struct carc_state *s, int x, int y, int t, int rot)
{
    const struct carc_tile *d = &carc_tiles[t];
    const struct carc_rot *o = &carc_rots[t][rot];
    unsigned all = (1u << d->nseg) - 1, blocked = 0;
    int nonfarm = d->nseg - d->nfarm;
    /* Each neighbouring tile once: roads and cities across a side, and the roots of the
     * neighbouring farms at each half-side (for the farm groups below). */
    int root_at[8];
    unsigned present = 0;
    for (int dir = 0; dir < 4; dir++) {
        int ns = slot_at(s, x + dir_dx[dir], y + dir_dy[dir]);
        if (ns < 0)
            continue;
        const struct carc_rot *no = &carc_rots[s->ttype[ns]][s->trot[ns]];
        int j = o->side_seg[dir];
        if (j != CARC_NONE &&
            s->meeples[carc_root(s, s->tbase[ns] + no->side_seg[opposite(dir)])])
            blocked |= 1u << j;
        for (int h = 2 * dir; h < 2 * dir + 2; h++)
            if (o->half_seg[h] != CARC_NONE) {
                root_at[h] = carc_root(s, s->tbase[ns] + no->half_seg[opposite_half[h]]);
                present |= 1u << h;
            }
    }
    if (d->nfarm == 0 || !present || s->farms == CARC_FARMS_OFF)
        return all & ~blocked; /* without farmers no follower goes on a farm anyway */
    /* Farms: this tile's farms that share a neighbouring farm become one farm, and so on
     * transitively (as in farm_free); a group is blocked when any neighbouring farm it
     * touches has a farmer. Grow each group from its lowest unassigned farm. */
    unsigned farms = all & ~((1u << nonfarm) - 1), done = 0;
    while (farms & ~done) {
        unsigned segs = 1u << __builtin_ctz(farms & ~done);
        int roots[8], nroots = 0, farmer = 0;
        for (int changed = 1; changed;) {
            changed = 0;
            for (unsigned m = present; m; m &= m - 1) {
                int h = __builtin_ctz(m);
                int in = (segs >> o->half_seg[h]) & 1u, known = 0;
                for (int i = 0; i < nroots; i++)
                    known |= roots[i] == root_at[h];
                if (in && !known) {
                    farmer |= s->meeples[root_at[h]] != 0;
                    roots[nroots++] = root_at[h];
                    changed = 1;
                } else if (!in && known) {
                    segs |= 1u << o->half_seg[h];
                    changed = 1;
                }
            }
        }
        done |= segs;
        if (farmer)
            blocked |= segs;
    }
    return all & ~blocked;
}

/* 8 bytes as one vector (SSE2 or plain code, as fitv). */
typedef uint8_t bytes8 __attribute__((vector_size(8)));

/* A feature completed by a placement: its root, kind and scoring-decision code. */
struct completion {
    uint8_t root, kind, code;
};

/* One side of put_tile: joins the neighbour across side dir (cell nc), or adds the empty
 * cell there to the frontier / its constraint. Always inlined with a constant dir, so the
 * edge codes and half-sides are fixed shifts (a loop over the sides cost a third more). */
__attribute__((always_inline)) static inline void put_side(struct carc_state *restrict s,
                                                           const struct carc_rot *restrict o,
                                                           int base,
                                                           int x, int y, int dir, int nc,
                                                           unsigned pat, int farms,
                                                           unsigned *nfront,
                                                           struct completion *done, int *ndone)
{
    int v = s->cell[nc];
    unsigned code = (o->edge_code >> (2 * dir)) & 3;
    /* The cell's pattern says whether a tile lies across this side (a nonzero code there):
     * the same as v < CARC_NTILES, known before the neighbouring cell is read. */
    if ((pat >> (2 * dir)) & 3) {
        const struct carc_rot *no = &carc_rots[s->ttype[v]][s->trot[v]];
        int nbase = s->tbase[v], back = opposite(dir);
        if (code != CARC_EDGE_FIELD) {
            int r = unite(s, base + o->side_seg[dir], nbase + no->side_seg[back]);
            s->open[r] = (uint8_t)(s->open[r] - 2);
            if (s->open[r] == 0)
                done[(*ndone)++] = (struct completion){
                    (uint8_t)r, code == CARC_EDGE_CITY ? CARC_CITY : CARC_ROAD, (uint8_t)dir};
        }
        if (farms && code != CARC_EDGE_CITY) {
            /* A field side is one farm on each tile; a road side separates two. */
            int h = 2 * dir;
            unite_farm(s, base + o->half_seg[h], nbase + no->half_seg[opposite_half[h]]);
            if (code == CARC_EDGE_ROAD)
                unite_farm(s, base + o->half_seg[h + 1], nbase + no->half_seg[opposite_half[h + 1]]);
        }
    } else {
        /* An empty cell: joins the frontier or gains a constraint. Which case it is
         * cannot be predicted, so both are one path selected by a mask (GCC turns the
         * plain conditional expressions into a branch). A fresh cell's old pattern is
         * read from the unused entry nfront and masked off. The coordinates are written
         * unmasked in both cases: a frontier entry for this cell already holds these very
         * ones. Frontier cells lie at most one step beyond a board that spans at most 62
         * columns (and rows), so a row holds at most 64 of them and no two are the same
         * torus cell: the entry's coordinates are congruent to these mod 64 and in the
         * same window of 64, hence equal. */
        unsigned fresh = (unsigned)(v == CARC_NONE);
        unsigned keep = fresh - 1u; /* all ones for a frontier cell, 0 for a fresh one */
        unsigned k = (*nfront & ~keep) | ((unsigned)(v - CARC_FRONT_BASE) & keep);
        *nfront += fresh;
        s->fx[k] = (int8_t)(x + dir_dx[dir]);
        s->fy[k] = (int8_t)(y + dir_dy[dir]);
        unsigned old = s->fpat[k] & keep;
        s->fpat[k] = (uint8_t)(old | (code << (2 * opposite(dir))));
        fit_update(s, s->fpat[k], (int)old);
        s->cell[nc] = (uint8_t)(k + CARC_FRONT_BASE);
    }
}

/* Puts tile t on the board at (x,y,rot): new segments, joins with the neighbours, frontier
 * and cloister counters. Every feature it completes is added to done[] (at most 4 roads
 * or cities, one per side, and 9 cloisters): a road or city completes exactly when a join
 * takes its last open edge, and nothing joins it afterwards. */
__attribute__((always_inline)) static inline int put_tile(struct carc_state *restrict s, int x,
                                                          int y, int t, int rot, unsigned pat,
                    struct completion *restrict done, int *restrict ndone)
{
    const struct carc_tile *d = &carc_tiles[t];
    const struct carc_rot *o = &carc_rots[t][rot];
    int slot = s->ntiles++;
    int base = s->nsegs;
    s->tx[slot] = (int8_t)x;
    s->ty[slot] = (int8_t)y;
    s->ttype[slot] = (uint8_t)t;
    s->trot[slot] = (uint8_t)rot;
    s->tbase[slot] = (uint8_t)base;
    s->nsegs = (uint8_t)(base + d->nseg);
    /* Listed only for tiles with repeated kinds; written always and counted by the
     * flag (the tile type is random: a branch here is a coin toss). 13 tiles have
     * repeated kinds, so entry nmulti always exists. */
    s->multi_slots[s->nmulti] = (uint8_t)slot;
    s->nmulti = (uint8_t)(s->nmulti + carc_multi[t]);
    /* Fresh segments: 8 entries at once (ids base..base+7 stay below CARC_MAX_SEGS). */
    const struct carc_seg_init *si = &carc_seg_inits[t];
    uint64_t ids = 0x0706050403020100ull + (uint64_t)base * 0x0101010101010101ull;
    uint64_t ones = 0x0101010101010101ull;
    memcpy(&s->parent[base], &ids, 8);
    memcpy(&s->next[base], &ids, 8);
    memcpy(&s->size[base], &ones, 8);
    memcpy(&s->open[base], si->open, 8);
    memcpy(&s->pennants[base], si->pennants, 8);
    memcpy(&s->multi[base], si->multi, 8);
    memset(&s->meeples[base], 0, 8 * sizeof s->meeples[0]);
    /* The bounding box, without branches (min and max compile to conditional moves). */
    int minx = x < s->minx ? x : s->minx, maxx = x > s->maxx ? x : s->maxx;
    int miny = y < s->miny ? y : s->miny, maxy = y > s->maxy ? y : s->maxy;
    s->minx = (int8_t)minx;
    s->maxx = (int8_t)maxx;
    s->miny = (int8_t)miny;
    s->maxy = (int8_t)maxy;
    s->near_limit = (uint8_t)(s->near_limit | (maxx - minx >= CARC_MAX_SPAN - 2) |
                              (maxy - miny >= CARC_MAX_SPAN - 2));

    int c = CARC_CELL(x, y);
    /* The frontier's count in a register until the four sides are done: as a byte of
     * the state it was stored and loaded again around every byte store of a side (any of
     * them may alias it for the compiler), a chain of store-to-load forwards that the next
     * move's placement draw, which needs the count, waited for. */
    unsigned nfront = s->nfront;
    if (s->cell[c] != CARC_NONE)
        frontier_remove(s, s->cell[c] - CARC_FRONT_BASE, &nfront);
    s->cell[c] = (uint8_t)slot;

    int farms = s->farms != CARC_FARMS_OFF;
    /* Neighbour cells N E S W on the torus; one specialised copy per side. */
    int row = c & ~(CARC_GRID - 1);
    put_side(s, o, base, x, y, CARC_N, (c - CARC_GRID) & (CARC_GRID * CARC_GRID - 1), pat, farms, &nfront, done, ndone);
    put_side(s, o, base, x, y, CARC_E, row | ((c + 1) & (CARC_GRID - 1)), pat, farms, &nfront, done, ndone);
    put_side(s, o, base, x, y, CARC_S, (c + CARC_GRID) & (CARC_GRID * CARC_GRID - 1), pat, farms, &nfront, done, ndone);
    put_side(s, o, base, x, y, CARC_W, row | ((c - 1) & (CARC_GRID - 1)), pat, farms, &nfront, done, ndone);
    s->nfront = (uint8_t)nfront;

    /* Cloisters: this tile's counts its filled surroundings; listed ones whose 3x3 square
     * holds it lose an empty cell. All eight entries of the list at once: whether a
     * placement is near a cloister is as random as the placement, and a branch on it was
     * mispredicted about once in four placements. Unused entries have x = -128, which no
     * square of the board reaches, so they are never in one (no mask by the count). */
    bytes8 cx, cy, cop;
    memcpy(&cx, s->cloister_x, sizeof cx);
    memcpy(&cy, s->cloister_y, sizeof cy);
    memcpy(&cop, s->cloister_open, sizeof cop);
    bytes8 ndx = cx - (uint8_t)(x - 1), ndy = cy - (uint8_t)(y - 1); /* 0..2 inside */
    bytes8 in = (bytes8)((ndx <= 2) & (ndy <= 2));
    uint64_t inbits;
    memcpy(&inbits, &in, sizeof inbits);
    cop = cop + in; /* 0xFF (-1) where the tile is in the square */
    memcpy(s->cloister_open, &cop, sizeof cop);
    bytes8 zero = (bytes8)(cop == 0);
    uint64_t surrounded;
    memcpy(&surrounded, &zero, sizeof surrounded);
    if (surrounded & inbits) {
        /* Surrounded (rare): scored, and out of the list, which nothing can change any
         * more; in list order, the last entry moving into the freed place. */
        for (int i = 0; i < s->ncloisters; i++) {
            if (s->cloister_open[i] != 0)
                continue;
            unsigned dx = (unsigned)(s->cloister_x[i] - x + 1), dy = (unsigned)(s->cloister_y[i] - y + 1);
            int g = s->cloister_seg_id[i];
            s->open[g] = 0;
            done[(*ndone)++] = (struct completion){(uint8_t)g, CARC_CLOISTER,
                                                   (uint8_t)(4 + dy * 3 + dx)};
            int last = --s->ncloisters;
            s->cloister_x[i] = s->cloister_x[last];
            s->cloister_y[i] = s->cloister_y[last];
            s->cloister_open[i] = s->cloister_open[last];
            s->cloister_seg_id[i--] = s->cloister_seg_id[last];
            s->cloister_x[last] = CARC_UNLISTED_X;
        }
    }
    int own = cloister_of(t);
    if (own >= 0) {
        int filled = 0;
        for (int i = 0; i < 8; i++)
            filled += s->cell[CARC_CELL(x + ring_dx[i], y + ring_dy[i])] < CARC_NTILES;
        s->open[base + own] = (uint8_t)(8 - filled);
        if (filled < 8) {
            int i = s->ncloisters++;
            s->cloister_x[i] = (int8_t)x;
            s->cloister_y[i] = (int8_t)y;
            s->cloister_seg_id[i] = (uint8_t)(base + own);
            s->cloister_open[i] = (uint8_t)(8 - filled);
        }
        if (filled == 8) /* scored only if a monk goes there */
            done[(*ndone)++] = (struct completion){(uint8_t)(base + own), CARC_CLOISTER, 8};
    }
    return slot;
}

void carc_setup(struct carc_state *s, int solo, int players, int farms, int small_city,
                int followers)
{
    /* Segment, tile and frontier entries are written before they are read. */
    memset(&s->score, 0, offsetof(struct carc_state, cell) - offsetof(struct carc_state, score));
    memset(s->cell, CARC_NONE, sizeof s->cell);
    memset(s->fitcount, 0, sizeof s->fitcount); /* before score, so not cleared above */
    memset(s->fit_pad, 0, sizeof s->fit_pad);   /* padding: defined for memcmp */
    memset(s->tail_pad, 0, sizeof s->tail_pad);
    memset(s->cloister_x, (uint8_t)CARC_UNLISTED_X, sizeof s->cloister_x);
    s->solo = (uint8_t)solo;
    s->players = (uint8_t)players;
    s->farms = (uint8_t)(solo ? CARC_FARMS_OFF : farms);
    s->small_city = (uint8_t)small_city;
    s->followers = (uint8_t)followers;
    for (int t = 0; t < CARC_NTYPES; t++)
        s->bag[t] = carc_tiles[t].count;
    s->bag[CARC_START_TILE]--;
    s->bag_total = CARC_NTILES - 1;
    for (int t = 0; t < CARC_NTYPES; t++)
        for (int i = 0; i < s->bag[t]; i++)
        {
            s->deck_at[t][s->deck_size >> 3] |= (uint8_t)(1u << (s->deck_size & 7));
            s->deck[s->deck_size++] = (uint8_t)t;
        }
    for (int p = 0; p < players; p++)
        s->supply[p] = (uint8_t)followers;
    if (solo) {
        for (int p = 0; p < players; p++) {
            s->pile[p] = (uint8_t)((CARC_NTILES - 1) / players + (p < (CARC_NTILES - 1) % players));
            s->score[p] = (int16_t)(p + 1);
        }
    }
    struct completion done[16];
    int ndone = 0;
    put_tile(s, 0, 0, CARC_START_TILE, 0, 0, done, &ndone);
    s->phase = CARC_PHASE_CHANCE;
}

int carc_feature_tiles(const struct carc_state *s, int r)
{
    int n = s->size[r];
    if (s->multi[r] < 2)
        return n;
    int kind = -1;
    for (int i = 0; i < s->nmulti && kind < 0; i++) {
        int slot = s->multi_slots[i];
        for (int j = 0; j < carc_tiles[s->ttype[slot]].nseg; j++)
            if (carc_root(s, s->tbase[slot] + j) == r) {
                kind = seg_kind(s, slot, j);
                break;
            }
    }
    for (int i = 0; i < s->nmulti; i++) {
        int slot = s->multi_slots[i], same = 0;
        const struct carc_tile *d = &carc_tiles[s->ttype[slot]];
        for (int j = 0; j < d->nseg; j++)
            if (d->seg[j].kind == kind && carc_root(s, s->tbase[slot] + j) == r)
                same++;
        if (same > 1)
            n -= same - 1;
    }
    return n;
}

/* The seats with the most followers in packed counts (none when there are none). No
 * branch on the counts: who leads a feature is random, and the branch on it was
 * mispredicted about twice a game. */
__attribute__((always_inline)) static inline uint32_t majority_mask(uint32_t packed,
                                                                    int players)
{
    unsigned best = 0;
    for (int p = 0; p < players; p++) {
        unsigned c = (packed >> (4 * p)) & 15u;
        best = c > best ? c : best;
    }
    uint32_t mask = 0;
    for (int p = 0; p < players; p++)
        mask |= (uint32_t)(((packed >> (4 * p)) & 15u) == best) << p;
    return best ? mask : 0;
}

uint32_t carc_majority(uint32_t packed, int players)
{
    return majority_mask(packed, players);
}

int carc_lowest(const struct carc_state *s)
{
    int low = s->score[0];
    for (int p = 1; p < s->players; p++)
        if (s->score[p] < low)
            low = s->score[p];
    return low;
}

/* Value of a completed feature. */
static int completed_value(const struct carc_state *s, int r, int kind)
{
    if (kind == CARC_CLOISTER)
        return 9;
    int tiles = carc_feature_tiles(s, r);
    if (kind == CARC_ROAD)
        return tiles;
    if (s->small_city && tiles == 2)
        return 2;
    return 2 * tiles + 2 * s->pennants[r];
}

static void return_followers(struct carc_state *s, int r)
{
    for (int p = 0; p < s->players; p++)
        s->supply[p] = (uint8_t)(s->supply[p] + ((s->meeples[r] >> (4 * p)) & 15u));
    s->meeples[r] = 0;
}

static void solo_goal(struct carc_state *s, int kind, int value, int colours)
{
    if (kind == CARC_ROAD && value >= 10) {
        s->goals |= 1u << CARC_GOAL_ROAD10;
        if (colours == 2) s->goals |= 1u << CARC_GOAL_ROAD10_2;
        if (colours == 3) s->goals |= 1u << CARC_GOAL_ROAD10_3;
    }
    if (kind == CARC_ROAD && value == 5 && colours == 3)
        s->goals |= 1u << CARC_GOAL_ROAD5_3;
    if (kind == CARC_CITY && value >= 16) {
        s->goals |= 1u << CARC_GOAL_CITY16;
        if (colours == 2) s->goals |= 1u << CARC_GOAL_CITY16_2;
        if (colours == 3) s->goals |= 1u << CARC_GOAL_CITY16_3;
    }
    if (kind == CARC_CITY && value >= 8 && value <= 10 && colours == 3)
        s->goals |= 1u << CARC_GOAL_CITY8_3;
    if (kind == CARC_CLOISTER) {
        s->cloisters9++;
        if (s->cloisters9 >= 3) s->goals |= 1u << CARC_GOAL_CLOISTERS3;
        if (s->cloisters9 >= 4) s->goals |= 1u << CARC_GOAL_CLOISTERS4;
    }
}

/* Scores the completed feature at root r (holding followers) and returns them. */
static void score_completed(struct carc_state *s, int r, int kind)
{
    static const uint8_t src[3] = {CARC_SRC_CITY_PLAY, CARC_SRC_ROAD_PLAY, CARC_SRC_CLOISTER_PLAY};
    int value = completed_value(s, r, kind);
    uint32_t mask = carc_majority(s->meeples[r], s->players);
    if (s->solo) {
        int low = carc_lowest(s), any = 0, n = 0;
        for (int p = 0; p < s->players; p++)
            if (mask & (1u << p)) {
                n++;
                any |= s->score[p] == low;
            }
        if (!any)
            mask = 0;
        else
            solo_goal(s, kind, value, n);
    }
    for (int p = 0; p < s->players; p++)
        if (mask & (1u << p)) {
            s->score[p] = (int16_t)(s->score[p] + value);
            s->pts[p][src[kind]] = (int16_t)(s->pts[p][src[kind]] + value);
        }
    return_followers(s, r);
}

static int kind_of_root(const struct carc_state *s, int r)
{
    int slot = carc_seg_slot(s, r);
    return seg_kind(s, slot, r - s->tbase[slot]);
}

int carc_seg_slot(const struct carc_state *s, int g)
{
    /* Slots are in increasing base order: binary search. */
    int lo = 0, hi = s->ntiles - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (s->tbase[mid] <= g)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* A set of segment ids as a bitset: cheap to clear, for visiting each feature once. */
struct segset {
    uint64_t w[(CARC_MAX_SEGS + 63) / 64];
};

/* Adds value to pts[p][src] for every majority holder p of the packed follower counts,
 * without a branch on who they are (which is random from game to game). */
static inline void add_majority(int32_t pts[CARC_MAX_SEATS][CARC_NSRC], uint32_t packed,
                                int players, int value, int src)
{
    uint32_t mask = majority_mask(packed, players);
    for (int p = 0; p < players; p++)
        pts[p][src] += value & -(int32_t)((mask >> p) & 1u);
}

/* The farms with farmers at the end, each with the completed cities it touches. */
struct farm_list {
    int n;
    uint32_t meeples[CARC_NTILES]; /* packed follower counts */
    struct segset cities[CARC_NTILES];
    int ncities[CARC_NTILES];          /* bits set in cities[] */
    /* farm root r -> position in the list; entries r + CARC_MAX_SEGS take the writes of
     * entries that are not farms with farmers (a write without a branch) */
    uint8_t index[2 * CARC_MAX_SEGS];
    struct segset roots;
};

/* Farm points of the base game at the end (parameter farms), added to pts. */
__attribute__((always_inline)) static inline void
farm_points(const struct carc_state *s, struct farm_list *fl, int np,
            int32_t pts[CARC_MAX_SEATS][CARC_NSRC])
{
    /* The farm-city contacts of every placed tile (read from the tile tables here rather
     * than listed as tiles are placed: once per game instead of once per turn), then the
     * roots of their farms in a separate pass: the root chains are independent, so the
     * processor follows several at once instead of one per filtering branch. */
    uint8_t cfarm[2 * CARC_NTILES], ccity[2 * CARC_NTILES], froot[2 * CARC_NTILES];
    int ncont = 0;
    for (int slot = 0; slot < s->ntiles; slot++) {
        const struct carc_seg_init *si = &carc_seg_inits[s->ttype[slot]];
        int base = s->tbase[slot];
        cfarm[ncont] = (uint8_t)(base + si->contact_farm[0]);
        ccity[ncont] = (uint8_t)(base + si->contact_city[0]);
        cfarm[ncont + 1] = (uint8_t)(base + si->contact_farm[1]);
        ccity[ncont + 1] = (uint8_t)(base + si->contact_city[1]);
        ncont += si->ncontacts; /* 0, 1 or 2 of the two entries are real */
    }
    for (int i = 0; i < ncont; i++)
        froot[i] = (uint8_t)carc_root(s, cfarm[i]);
    /* The contacts of farms with farmers, listed without a branch (few farms have one,
     * and which do is random). */
    uint8_t farmed[2 * CARC_NTILES];
    int nfarmed = 0;
    for (int i = 0; i < ncont; i++) {
        int fr = froot[i];
        farmed[nfarmed] = (uint8_t)i;
        nfarmed += (int)((fl->roots.w[fr >> 6] >> (fr & 63)) & 1u);
    }
    /* Each farm's set of completed cities: a bit set per contact, 0 or 1 as the city is
     * open or not (whether it is was a branch mispredicted about once a game). */
    memset(fl->cities, 0, sizeof fl->cities[0] * (size_t)fl->n);
    memset(fl->ncities, 0, sizeof fl->ncities[0] * (size_t)fl->n);
    for (int n = 0; n < nfarmed; n++) {
        int i = farmed[n], f = fl->index[froot[i]];
        int cr = carc_root(s, ccity[i]);
        uint64_t closed = s->open[cr] == 0, *w = &fl->cities[f].w[cr >> 6];
        uint64_t old = *w;
        *w = old | closed << (cr & 63);
        fl->ncities[f] += *w != old;
    }
    int nf = fl->n;
    if (s->farms == CARC_FARMS_3RD) {
        for (int f = 0; f < nf; f++)
            add_majority(pts, fl->meeples[f], np, 3 * fl->ncities[f], CARC_SRC_FARM_END);
    } else if (s->farms == CARC_FARMS_2ND) {
        /* A seat is paid once for each city that one of the farms it leads touches. */
        struct segset won[CARC_MAX_SEATS] = {{{0}}};
        for (int f = 0; f < nf; f++) {
            uint32_t mask = carc_majority(fl->meeples[f], np);
            for (int p = 0; p < np; p++) {
                uint64_t take = -(uint64_t)((mask >> p) & 1u);
                for (int k = 0; k < 4; k++)
                    won[p].w[k] |= fl->cities[f].w[k] & take;
            }
        }
        for (int p = 0; p < np; p++)
            pts[p][CARC_SRC_FARM_END] +=
                3 * (__builtin_popcountll(won[p].w[0]) + __builtin_popcountll(won[p].w[1]) +
                     __builtin_popcountll(won[p].w[2]) + __builtin_popcountll(won[p].w[3]));
    } else if (s->farms == CARC_FARMS_1ST) {
        /* 4 points per completed city to the majority of farmers on the farms touching
         * it. */
        struct segset all = {{0}};
        for (int f = 0; f < nf; f++)
            for (int k = 0; k < 4; k++)
                all.w[k] |= fl->cities[f].w[k];
        for (int k = 0; k < 4; k++)
            for (uint64_t m = all.w[k]; m; m &= m - 1) {
                int b = __builtin_ctzll(m);
                uint32_t sum[CARC_MAX_SEATS] = {0}, best = 0;
                for (int f = 0; f < nf; f++)
                    if ((fl->cities[f].w[k] >> b) & 1u)
                        for (int p = 0; p < np; p++)
                            sum[p] += (fl->meeples[f] >> (4 * p)) & 15u;
                for (int p = 0; p < np; p++)
                    if (sum[p] > best)
                        best = sum[p];
                for (int p = 0; p < np && best > 0; p++)
                    if (sum[p] == best)
                        pts[p][CARC_SRC_FARM_END] += 4;
            }
    }
}

/* carc_end_points for np players (a constant in the 2-player copy: the loops over the
 * seats unroll). */
__attribute__((always_inline)) static inline void
end_points(const struct carc_state *s, int np, int32_t pts[CARC_MAX_SEATS][CARC_NSRC])
{
    /* Features still holding followers are among those that ever received one. Which
     * entries still hold one, repeat an earlier entry's feature, or are roads, cities or
     * farms is random, so the roads and cities are listed and the farms indexed without
     * a branch on any of it (those branches were about 25 mispredictions a game). */
    struct segset seen = {{0}};
    struct farm_list fl;
    memset(&fl.roots, 0, sizeof fl.roots);
    fl.n = 0;
    uint8_t road_city[CARC_NTILES], is_city[CARC_NTILES];
    int nrc = 0;
    for (int i = 0; i < s->nfollowed; i++) {
        int r = carc_root(s, s->followed[i]), kind = s->followed_kind[i];
        uint64_t bit = 1ull << (r & 63);
        uint64_t fresh = ((seen.w[r >> 6] & bit) == 0) & (s->meeples[r] != 0);
        seen.w[r >> 6] |= bit; /* a root without followers too: all its entries have none */
        uint64_t farm = fresh & (kind == CARC_FARM);
        fl.roots.w[r >> 6] |= farm << (r & 63);
        fl.index[r | (int)(CARC_MAX_SEGS & (farm - 1))] = (uint8_t)fl.n;
        fl.meeples[fl.n] = s->meeples[r];
        fl.n += (int)farm;
        road_city[nrc] = (uint8_t)r;
        is_city[nrc] = kind == CARC_CITY;
        nrc += (int)(fresh & (kind <= CARC_ROAD));
    }
    _Static_assert(CARC_SRC_CITY_END == CARC_SRC_ROAD_END + 2, "sources: road end + 2 = city end");
    for (int n = 0; n < nrc; n++) {
        int r = road_city[n], city = is_city[n];
        int tiles = s->multi[r] < 2 ? s->size[r] : carc_feature_tiles(s, r);
        add_majority(pts, s->meeples[r], np, tiles + (s->pennants[r] & -city),
                     CARC_SRC_ROAD_END + 2 * city);
    }
    /* Cloisters: every one not yet surrounded is in the list, and one still holding a monk
     * is not surrounded (a surrounded cloister returns its monk), so the list has them all;
     * one without a monk adds nothing. */
    for (int i = 0; i < s->ncloisters; i++)
        add_majority(pts, s->meeples[carc_root(s, s->cloister_seg_id[i])], np,
                     9 - s->cloister_open[i], CARC_SRC_CLOISTER_END);
    if (fl.n && s->farms != CARC_FARMS_OFF)
        farm_points(s, &fl, np, pts);
}

void carc_end_points(const struct carc_state *s, int32_t pts[CARC_MAX_SEATS][CARC_NSRC])
{
    memset(pts, 0, sizeof(int32_t) * CARC_MAX_SEATS * CARC_NSRC);
    if (s->players == 2)
        end_points(s, 2, pts);
    else
        end_points(s, s->players, pts);
}

/* Solo end: 2 points per meeple on the board, lowest colour first. */
static void solo_final(struct carc_state *s)
{
    int onboard[CARC_MAX_SEATS];
    for (int p = 0; p < s->players; p++)
        onboard[p] = s->followers - s->supply[p];
    for (;;) {
        int low = carc_lowest(s), who = -1;
        for (int p = 0; p < s->players && who < 0; p++)
            if (s->score[p] == low && onboard[p] > 0)
                who = p;
        if (who < 0)
            break;
        onboard[who]--;
        s->score[who] = (int16_t)(s->score[who] + 2);
    }
    int result = carc_lowest(s);
    if (result >= 40) s->goals |= 1u << CARC_GOAL_RESULT40;
    if (result >= 50) s->goals |= 1u << CARC_GOAL_RESULT50;
    if (result >= 60) s->goals |= 1u << CARC_GOAL_RESULT60;
    if (s->bag_total == 0)
        s->goals |= 1u << CARC_GOAL_ALL_TILES;
}

static void game_over(struct carc_state *s, int reason)
{
    if (s->solo) {
        s->end_reason = (uint8_t)reason;
        solo_final(s);
    } else {
        int32_t pts[CARC_MAX_SEATS][CARC_NSRC];
        carc_end_points(s, pts);
        for (int p = 0; p < s->players; p++)
            for (int k = 0; k < CARC_NSRC; k++) {
                s->score[p] = (int16_t)(s->score[p] + pts[p][k]);
                s->pts[p][k] = (int16_t)(s->pts[p][k] + pts[p][k]);
            }
    }
    s->phase = CARC_PHASE_OVER;
}

void carc_finish(struct carc_state *s)
{
    if (s->phase != CARC_PHASE_OVER)
        game_over(s, CARC_END_TILES);
}

/* The seat after the one to move (a compare, not a division by the seat count). */
static inline uint8_t next_seat(const struct carc_state *s)
{
    return (uint8_t)(s->seat + 1 == s->players ? 0 : s->seat + 1);
}

/* solo: s->solo, or a constant 0 where the caller knows the base game is played (the
 * playout), so the solo branches compile away. */
__attribute__((always_inline)) static inline void end_turn(struct carc_state *s, int solo)
{
    if (solo) {
        if (s->must_end) {
            game_over(s, CARC_END_NO_MEEPLE);
            return;
        }
        s->seat = next_seat(s);
        if (s->pile[s->seat] == 0) {
            game_over(s, CARC_END_TILES);
            return;
        }
    } else {
        if (s->bag_total == 0) {
            game_over(s, CARC_END_TILES);
            return;
        }
        s->seat = next_seat(s);
    }
    s->phase = CARC_PHASE_CHANCE;
}

/* carc_draw and carc_place are one copy each of these, and carc_playout inlines them. */
__attribute__((always_inline)) static inline void draw_tile(struct carc_state *s, int t, int solo)
{
    s->bag[t]--;
    s->bag_total--;
    /* Take out the first copy of t in the deck; the last entry moves into its place. */
    uint64_t lo;
    memcpy(&lo, s->deck_at[t], sizeof lo); /* entries 0..63: byte i / 8 is bits 8(i/8).. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    lo = __builtin_bswap64(lo);
#endif
    int p = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctz(s->deck_at[t][8]);
    int last = --s->deck_size, u = s->deck[last];
    s->deck[p] = (uint8_t)u;
    s->deck_at[t][p >> 3] &= (uint8_t)~(1u << (p & 7));
    s->deck_at[u][last >> 3] &= (uint8_t)~(1u << (last & 7));
    s->deck_at[u][p >> 3] |= (uint8_t)((p != last) << (p & 7));
    if (solo)
        s->pile[s->seat]--;
    /* Near the board limit some frontier cells are unusable: then look at each. */
    int fits = s->near_limit ? fits_somewhere(s, t) : s->fitcount[t];
    if (!fits) {
        s->discarded++;
        if (solo ? s->pile[s->seat] == 0 : s->bag_total == 0)
            game_over(s, CARC_END_TILES);
        return;
    }
    s->tile = (uint8_t)t;
    s->phase = CARC_PHASE_PLACE;
}

__attribute__((always_inline)) static inline void place_tile(struct carc_state *s, int x,
                                                             int y, int rot, int spot, unsigned pat,
                                                             int solo)
{
    int t = s->tile, seat = s->seat;
    const struct carc_tile *d = &carc_tiles[t];
    struct completion done[16];
    int ndone = 0;
    int slot = put_tile(s, x, y, t, rot, pat, done, &ndone);
    int base = s->tbase[slot];
    int nonfarm = d->nseg - d->nfarm;
    if (spot) {
        int j = spot - 1, r = find(s, base + j);
        s->meeples[r] += 1u << (4 * seat);
        s->supply[seat]--;
        s->placed[seat][d->seg[j].kind]++;
        s->followed_kind[s->nfollowed] = d->seg[j].kind;
        s->followed[s->nfollowed++] = (uint8_t)(base + j);
    } else if (solo && s->supply[seat] == 0) {
        for (int j = 0; j < nonfarm; j++)
            if (!s->meeples[find(s, base + j)])
                s->must_end = 1;
    }

    /* Completed features holding followers, in the order put_tile found them. */
    uint8_t roots[16], kinds[16], codes[16];
    int n = 0;
    for (int i = 0; i < ndone; i++) {
        if (!s->meeples[done[i].root])
            continue;
        roots[n] = done[i].root;
        kinds[n] = done[i].kind;
        codes[n++] = done[i].code;
    }
    if (solo && n >= 2) {
        /* The colour chooses the order (carc_decide); list in a fixed order. */
        s->npending = (uint8_t)n;
        for (int i = 0; i < n; i++) {
            s->pending[i] = roots[i];
            s->pending_code[i] = codes[i];
        }
        s->phase = CARC_PHASE_DECIDE;
        return;
    }
    for (int i = 0; i < n; i++)
        score_completed(s, roots[i], kinds[i]);
    end_turn(s, solo);
}

void carc_draw(struct carc_state *s, int t)
{
    draw_tile(s, t, s->solo);
}

void carc_place(struct carc_state *s, int x, int y, int rot, int spot)
{
    /* A legal placement is on a frontier cell: its pattern tells which sides face tiles. */
    place_tile(s, x, y, rot, spot, s->fpat[s->cell[CARC_CELL(x, y)] - CARC_FRONT_BASE], s->solo);
}

/* The loop of carc_playout with the generators in locals (chance and moves point to
 * them; to the same one when the caller passed one generator for both), so they stay in
 * registers. The phases of the base game alternate: a draw, then (unless the tile fits
 * nowhere) a placement. */
__attribute__((always_inline)) static inline int playout_loop(struct carc_state *s,
                                                              kk_rng *chance, kk_rng *moves,
                                                              int *chances)
{
    int seat_moves = 0, draws = 0;
    if (s->phase == CARC_PHASE_PLACE)
        goto place;
    while (s->phase == CARC_PHASE_CHANCE) {
        draw_tile(s, carc_deck_draw(s, chance), 0);
        draws++;
        if (s->phase != CARC_PHASE_PLACE)
            continue; /* discarded (or the game is over) */
    place:;
        unsigned pat;
        kk_move m = carc_base_random_move_at(s, moves, &pat);
        place_tile(s, carc_move_x(m), carc_move_y(m), carc_move_rot(m), carc_move_spot(m), pat, 0);
        seat_moves++;
    }
    *chances = draws;
    return seat_moves;
}

int carc_playout(void *state, kk_rng *chance, kk_rng *moves, int *chance_events)
{
    struct carc_state *s = state;
    int n, draws;
    kk_rng c = *chance;
    if (chance == moves) {
        n = playout_loop(s, &c, &c, &draws);
    } else {
        kk_rng m = *moves;
        n = playout_loop(s, &c, &m, &draws);
        *moves = m;
    }
    *chance = c;
    if (chance_events)
        *chance_events = draws;
    return n;
}

void carc_decide(struct carc_state *s, int index)
{
    int r = s->pending[index];
    score_completed(s, r, kind_of_root(s, r));
    for (int i = index; i + 1 < s->npending; i++) {
        s->pending[i] = s->pending[i + 1];
        s->pending_code[i] = s->pending_code[i + 1];
    }
    if (--s->npending == 1) {
        r = s->pending[0];
        score_completed(s, r, kind_of_root(s, r));
        s->npending = 0;
    }
    if (s->npending == 0)
        end_turn(s, s->solo);
}

int carc_check_state(const struct carc_state *s, kk_error *err)
{
    int onboard[CARC_MAX_SEATS] = {0};
    int members[CARC_MAX_SEGS] = {0}, open[CARC_MAX_SEGS] = {0};
    for (int g = 0; g < s->nsegs; g++) {
        int r = s->parent[g];
        if (r >= s->nsegs || s->parent[r] != r)
            return kk_fail(err, "segment %d: root %d is not a root", g, r);
        if (s->next[g] >= s->nsegs || s->parent[s->next[g]] != r)
            return kk_fail(err, "segment %d: next member %d is in another set", g, s->next[g]);
        members[r]++;
        if (r != g && s->meeples[g])
            return kk_fail(err, "segment %d: followers on a non-root", g);
        int gs = carc_seg_slot(s, g), rs = carc_seg_slot(s, r);
        if (seg_kind(s, gs, g - s->tbase[gs]) != seg_kind(s, rs, r - s->tbase[rs]))
            return kk_fail(err, "segment %d joined to a feature of another kind", g);
        if (r == g)
            for (int p = 0; p < s->players; p++)
                onboard[p] += (int)((s->meeples[g] >> (4 * p)) & 15u);
    }
    for (int p = 0; p < s->players; p++)
        if (onboard[p] + s->supply[p] != s->followers)
            return kk_fail(err, "seat %d: %d followers on the board + %d in supply != %d", p,
                           onboard[p], s->supply[p], s->followers);
    /* Recount open edges from the board. */
    for (int slot = 0; slot < s->ntiles; slot++) {
        int t = s->ttype[slot], x = s->tx[slot], y = s->ty[slot];
        const struct carc_rot *o = &carc_rots[t][s->trot[slot]];
        if (s->cell[CARC_CELL(x, y)] != slot)
            return kk_fail(err, "tile slot %d not on its cell", slot);
        for (int j = 0; j < carc_tiles[t].nseg; j++) {
            int g = s->tbase[slot] + j, kind = carc_tiles[t].seg[j].kind;
            int r = carc_root(s, g);
            if (kind == CARC_CLOISTER) {
                for (int i = 0; i < 8; i++)
                    open[r] += slot_at(s, x + ring_dx[i], y + ring_dy[i]) < 0;
            } else if (kind != CARC_FARM) {
                for (int dir = 0; dir < 4; dir++)
                    if ((o->seg_sides[j] & (1u << dir)) &&
                        slot_at(s, x + dir_dx[dir], y + dir_dy[dir]) < 0)
                        open[r]++;
            }
        }
        for (int dir = 0; dir < 4; dir++) {
            int nx = x + dir_dx[dir], ny = y + dir_dy[dir];
            if (slot_at(s, nx, ny) < 0 && s->cell[CARC_CELL(nx, ny)] == CARC_NONE &&
                span_ok(s, nx, ny))
                return kk_fail(err, "cell %d,%d next to a tile is not in the frontier", nx, ny);
        }
    }
    for (int g = 0; g < s->nsegs; g++)
        if (s->parent[g] == g) {
            int listed = 0; /* the circular member list goes round the whole set once */
            for (int m = s->next[g]; m != g && listed < CARC_MAX_SEGS; m = s->next[m])
                listed++;
            if (listed + 1 != members[g])
                return kk_fail(err, "feature %d: %d members listed, %d counted", g, listed + 1,
                               members[g]);
            if (members[g] != s->size[g])
                return kk_fail(err, "feature %d: size %d, counted %d", g, s->size[g], members[g]);
            if (open[g] != carc_cloister_open(s, g))
                return kk_fail(err, "feature %d: %d open edges, counted %d", g,
                               carc_cloister_open(s, g), open[g]);
        }
    /* The placement's cloister update reads all eight list entries and relies on unused
     * ones lying out of every square's reach. */
    for (int i = s->ncloisters; i < 8; i++)
        if (s->cloister_x[i] != CARC_UNLISTED_X)
            return kk_fail(err, "cloister list entry %d (unused) has x %d, not %d", i,
                           s->cloister_x[i], CARC_UNLISTED_X);
    for (int k = 0; k < s->nfront; k++) {
        int x = s->fx[k], y = s->fy[k], pat = 0;
        if (s->cell[CARC_CELL(x, y)] != k + CARC_FRONT_BASE)
            return kk_fail(err, "frontier %d (%d,%d) not on its cell", k, x, y);
        for (int dir = 0; dir < 4; dir++) {
            int ns = slot_at(s, x + dir_dx[dir], y + dir_dy[dir]);
            if (ns >= 0)
                pat |= ((carc_rots[s->ttype[ns]][s->trot[ns]].edge_code >> (2 * opposite(dir))) & 3)
                       << (2 * dir);
        }
        if (pat != s->fpat[k] || pat == 0)
            return kk_fail(err, "frontier %d (%d,%d): pattern %d, expected %d", k, x, y,
                           s->fpat[k], pat);
    }
    for (int t = 0; t < CARC_NTYPES; t++) {
        int n = 0;
        for (int k = 0; k < s->nfront; k++)
            n += carc_fit[t][s->fpat[k]] != 0;
        if (s->fitcount[t] != n)
            return kk_fail(err, "tile %c fits %d frontier cells, counted %d", carc_tiles[t].letter,
                           s->fitcount[t], n);
    }
    int bag = 0;
    for (int t = 0; t < CARC_NTYPES; t++)
        bag += s->bag[t];
    for (int t = 0; t < CARC_NTYPES; t++) {
        int copies = 0;
        for (int i = 0; i < 8 * (int)sizeof s->deck_at[t]; i++) {
            int in = (s->deck_at[t][i >> 3] >> (i & 7)) & 1;
            if (in != (i < s->deck_size && s->deck[i] == t))
                return kk_fail(err, "deck entry %d: the position bits of tile %c disagree", i,
                               carc_tiles[t].letter);
            copies += in;
        }
        if (copies != s->bag[t])
            return kk_fail(err, "tile %c: %d copies in the deck, %d in the bag",
                           carc_tiles[t].letter, copies, s->bag[t]);
    }
    if (bag != s->bag_total || bag + s->ntiles + s->discarded + (s->phase == CARC_PHASE_PLACE) !=
                                   CARC_NTILES)
        return kk_fail(err, "tiles: %d in the bag, %d placed, %d discarded", bag, s->ntiles,
                       s->discarded);
    return 0;
}
