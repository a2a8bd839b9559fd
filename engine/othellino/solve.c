/* Othellino's exact solver. The value is found by a sequence of null-window searches
 * (MTD(f): each one answers "is the value above alpha?" and narrows the interval), all
 * sharing one transposition table of bounds. Inside, a fail-soft negamax on the two
 * bitboards (side to move, opponent) with enhanced transposition cut-offs, stability
 * cut-offs, move ordering by shallow searches far from the end and fastest-first closer
 * to it, and near the end a search without table or move list in parity order. Values are final
 * score differences under the position's empties rule, from the side to move.
 * docs/perft-solve.md says how it works and how it was measured. */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE (Linux) lie outside strict C17 */
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "othellino.h"

/* Thresholds in empty cells, tuned by node counts and processor time on positions of the
 * published line (they may be set at compile time for tuning). */
#ifndef TT_MIN_EMPTIES /* the table from here up */
#define TT_MIN_EMPTIES 9
#endif
#ifndef ETC_MIN_EMPTIES /* enhanced transposition cut-offs from here up */
#define ETC_MIN_EMPTIES 12
#endif
#ifndef SMALL_EMPTIES /* up to here: search_small, no move list */
#define SMALL_EMPTIES 6
#endif
#ifndef SHALLOW_MIN_EMPTIES /* moves ordered by shallow searches from here up */
#define SHALLOW_MIN_EMPTIES 15
#endif
#ifndef SHALLOW_STEP /* one more ply of shallow search per this many more empty cells */
#define SHALLOW_STEP 3
#endif
#ifndef STABILITY_MIN_EMPTIES /* stability cut-offs from here up */
#define STABILITY_MIN_EMPTIES 7
#endif
#define NO_MOVE 0xFF
#define VALUE_MAX OTHL_CELLS /* values lie in -36..36 */

struct tt_entry {
    uint64_t own, opp;
    int8_t lo, hi; /* bounds on the value: lo <= value <= hi */
    uint8_t move;  /* best or refuting move, NO_MOVE if none */
    uint8_t empties;
};

struct othl_solver {
    struct tt_entry *tt; /* buckets of 2: [0] kept by most empties, [1] always replaced */
    size_t buckets;      /* a power of two (0: no table) */
    int empties_rule;
    long long nodes, tt_hits;
    uint64_t quadrants[4];
    uint64_t neighbours[OTHL_CELLS];
    /* Lines by direction (0 rows, 1 columns, 2 and 3 the diagonals of 2 cells or more),
     * for stability: a full line cannot flip along itself. */
    uint64_t lines[4][12];
    int num_lines[4];
};

static void make_lines(struct othl_solver *sv)
{
    for (int i = 0; i < OTHL_SIDE; i++)
        for (int j = 0; j < OTHL_SIDE; j++) {
            sv->lines[0][i] |= 1ULL << (i * OTHL_SIDE + j);
            sv->lines[1][i] |= 1ULL << (j * OTHL_SIDE + i);
        }
    sv->num_lines[0] = sv->num_lines[1] = OTHL_SIDE;
    /* Diagonals x - y = d (direction 2) and x + y = d (direction 3), 2 cells or more. */
    for (int d = -(OTHL_SIDE - 2); d <= OTHL_SIDE - 2; d++) {
        uint64_t a = 0, b = 0;
        for (int y = 0; y < OTHL_SIDE; y++) {
            int x = y + d;
            if (x >= 0 && x < OTHL_SIDE)
                a |= 1ULL << (y * OTHL_SIDE + x);
            x = d + OTHL_SIDE - 1 - y;
            if (x >= 0 && x < OTHL_SIDE)
                b |= 1ULL << (y * OTHL_SIDE + x);
        }
        sv->lines[2][sv->num_lines[2]++] = a;
        sv->lines[3][sv->num_lines[3]++] = b;
    }
}

/* Each cell's neighbours: a placement flips nothing unless one of them is the
 * opponent's, a cheap test that saves most of the work of trying a cell in vain. */
static void make_neighbours(struct othl_solver *sv)
{
    for (int c = 0; c < OTHL_CELLS; c++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = c % OTHL_SIDE + dx, y = c / OTHL_SIDE + dy;
                if ((dx || dy) && x >= 0 && x < OTHL_SIDE && y >= 0 && y < OTHL_SIDE)
                    sv->neighbours[c] |= 1ULL << (y * OTHL_SIDE + x);
            }
}

/* The opponent discs a placement on cell captures (0: illegal there). */
static inline uint64_t flips(const struct othl_solver *sv, int cell, uint64_t own, uint64_t opp)
{
    if (!(sv->neighbours[cell] & opp))
        return 0;
    return othl_flips(cell, own, opp);
}

/* The table, zeroed. Probes land at random, so on Linux it asks for 2 MB pages: with
 * 4 KB pages most probes also miss the address-translation cache, which made table
 * look-ups the largest cost of the search. */
static void *table_alloc(size_t bytes)
{
    size_t align = (size_t)2 << 20;
    void *p = aligned_alloc(align, (bytes + align - 1) / align * align);
    if (!p)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE); /* a hint: without it the table still works */
#endif
    memset(p, 0, bytes);
    return p;
}

struct othl_solver *othl_solver_new(int tt_mb, kk_error *err)
{
    struct othl_solver *sv = calloc(1, sizeof *sv);
    if (!sv) {
        kk_fail(err, "out of memory for the solver");
        return NULL;
    }
    if (tt_mb > 0) {
        size_t want = (size_t)tt_mb << 20, b = 1;
        while (b * 2 * 2 * sizeof(struct tt_entry) <= want)
            b *= 2;
        sv->tt = table_alloc(b * 2 * sizeof *sv->tt);
        if (!sv->tt) {
            free(sv);
            kk_fail(err, "out of memory for a %d MB transposition table", tt_mb);
            return NULL;
        }
        sv->buckets = b;
    }
    sv->empties_rule = -1;
    for (int q = 0; q < 4; q++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++)
                sv->quadrants[q] |= 1ULL << ((y + 3 * (q / 2)) * OTHL_SIDE + x + 3 * (q % 2));
    make_lines(sv);
    make_neighbours(sv);
    return sv;
}

void othl_solver_free(struct othl_solver *sv)
{
    if (sv)
        free(sv->tt);
    free(sv);
}

static inline size_t tt_index(const struct othl_solver *sv, uint64_t own, uint64_t opp)
{
    uint64_t h = own * 0x9E3779B97F4A7C15ULL ^ (opp + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    return (size_t)(h & (sv->buckets - 1)) * 2;
}

static struct tt_entry *tt_probe(struct othl_solver *sv, uint64_t own, uint64_t opp)
{
    struct tt_entry *b = sv->tt + tt_index(sv, own, opp);
    for (int i = 0; i < 2; i++)
        if (b[i].own == own && b[i].opp == opp && (own | opp))
            return &b[i];
    return NULL;
}

static void tt_store(struct othl_solver *sv, uint64_t own, uint64_t opp, int empties, int lo,
                     int hi, int move)
{
    struct tt_entry *b = sv->tt + tt_index(sv, own, opp), *e;
    if (b[0].own == own && b[0].opp == opp)
        e = &b[0];
    else if (b[1].own == own && b[1].opp == opp)
        e = &b[1];
    else
        e = NULL;
    if (e) { /* merge: both bounds stay true */
        if (lo > e->lo)
            e->lo = (int8_t)lo;
        if (hi < e->hi)
            e->hi = (int8_t)hi;
        if (move != NO_MOVE)
            e->move = (uint8_t)move;
        return;
    }
    e = b[0].empties <= empties ? &b[0] : &b[1];
    if (e == &b[0])
        b[1] = b[0]; /* the displaced deep entry gets a second life in the other slot */
    e->own = own;
    e->opp = opp;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->move = (uint8_t)move;
    e->empties = (uint8_t)empties;
}

/* The value when both sides have no placement left. */
static inline int final_value(const struct othl_solver *sv, uint64_t own, uint64_t opp)
{
    return othl_final_diff(own, opp, sv->empties_rule);
}

/* The discs of p that can never be flipped: a disc is stable when along each of the 4
 * line directions its line is full, or a neighbour on that line is off the board or a
 * stable disc of p (a flip along a line takes the disc's neighbours on it as well).
 * Grown from nothing to the least fixed point, so only provably stable discs. */
static uint64_t stable_discs(const struct othl_solver *sv, uint64_t p, uint64_t o)
{
    static const uint64_t row_1 = 0x3FULL, row_6 = 0x3FULL << 30;
    const uint64_t border = OTHL_COL_A | OTHL_COL_F | row_1 | row_6;
    uint64_t occupied = p | o, full[4] = {0, 0, 0, 0};
    for (int d = 0; d < 4; d++)
        for (int i = 0; i < sv->num_lines[d]; i++)
            if ((occupied & sv->lines[d][i]) == sv->lines[d][i])
                full[d] |= sv->lines[d][i];
    full[0] |= OTHL_COL_A | OTHL_COL_F;
    full[1] |= row_1 | row_6;
    full[2] |= border;
    full[3] |= border;
    uint64_t s = 0, prev;
    do {
        prev = s;
        uint64_t h = full[0] | ((s << 1) & ~OTHL_COL_A) | ((s >> 1) & ~OTHL_COL_F);
        uint64_t v = full[1] | (s << 6) | (s >> 6);
        uint64_t d7 = full[2] | ((s << 7) & ~OTHL_COL_A) | ((s >> 7) & ~OTHL_COL_F);
        uint64_t d5 = full[3] | ((s << 5) & ~OTHL_COL_F) | ((s >> 5) & ~OTHL_COL_A);
        s = p & h & v & d7 & d5 & OTHL_BOARD;
    } while (s != prev);
    return s;
}

/* Ordering weight of a placement: squares next to an empty corner give it away. */
static uint64_t corner_neighbours(uint64_t empty)
{
    uint64_t bad = 0;
    static const int corner[4] = {0, 5, 30, 35};
    static const uint64_t near[4] = {
        (1ULL << 1) | (1ULL << 6) | (1ULL << 7),
        (1ULL << 4) | (1ULL << 11) | (1ULL << 10),
        (1ULL << 24) | (1ULL << 31) | (1ULL << 25),
        (1ULL << 34) | (1ULL << 29) | (1ULL << 28),
    };
    for (int c = 0; c < 4; c++)
        if (empty >> corner[c] & 1u)
            bad |= near[c];
    return bad;
}

/* The last empty cell: place it if possible, else the opponent may, else the game ends. */
static int last_move(struct othl_solver *sv, uint64_t own, uint64_t opp)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD;
    int cell = __builtin_ctzll(empty);
    sv->nodes++;
    uint64_t f = flips(sv, cell, own, opp);
    if (f)
        return final_value(sv, own | f | empty, opp & ~f);
    f = flips(sv, cell, opp, own);
    if (f) {
        sv->nodes++;
        return final_value(sv, own & ~f, opp | f | empty);
    }
    return final_value(sv, own, opp);
}

/* Search near the end: no table, no move list; empty cells in a 3 x 3 quadrant holding
 * an odd number of them first (parity: the last move of a region is worth having).
 * passed: the opponent has just passed, so no placement for us means the game is over.
 * Fail-soft alpha-beta on the window (alpha, beta). */
static int search_small(struct othl_solver *sv, uint64_t own, uint64_t opp, int alpha, int beta,
                        int passed)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD;
    if (!(empty & (empty - 1)) && empty)
        return last_move(sv, own, opp);
    sv->nodes++;
    uint64_t odd = 0;
    if (othl_popcount(empty) > 3) /* with 2 or 3 empty cells the order hardly matters */
        for (int q = 0; q < 4; q++)
            if (othl_popcount(empty & sv->quadrants[q]) & 1)
                odd |= sv->quadrants[q];
    int best = -VALUE_MAX - 1;
    uint64_t sets[2] = {empty & odd, empty & ~odd};
    for (int k = 0; k < 2; k++)
        for (uint64_t m = sets[k]; m; m &= m - 1) {
            int cell = __builtin_ctzll(m);
            uint64_t f = flips(sv, cell, own, opp);
            if (!f)
                continue;
            int v = -search_small(sv, opp & ~f, own | f | (1ULL << cell), -beta,
                                  -(alpha > best ? alpha : best), 0);
            if (v > best) {
                best = v;
                if (v >= beta)
                    return v;
            }
        }
    if (best > -VALUE_MAX - 1)
        return best;
    if (passed || !empty)
        return final_value(sv, own, opp);
    return -search_small(sv, opp, own, -beta, -alpha, 1);
}

/* A heuristic score of a position for the side to move, for ordering only: mobility
 * (corner moves counting double) and corners held. */
static int heuristic(uint64_t own, uint64_t opp)
{
    uint64_t my = othl_moves(own, opp), their = othl_moves(opp, own);
    int score = 4 * (othl_popcount(my) - othl_popcount(their)) +
                4 * (othl_popcount(my & OTHL_CORNERS) - othl_popcount(their & OTHL_CORNERS)) +
                8 * (othl_popcount(own & OTHL_CORNERS) - othl_popcount(opp & OTHL_CORNERS));
    return score;
}

/* Plain fail-soft alpha-beta on the heuristic, depth plies deep; passes count as plies. */
static int shallow(struct othl_solver *sv, uint64_t own, uint64_t opp, int depth, int alpha,
                   int beta)
{
    sv->nodes++;
    if (depth == 0)
        return heuristic(own, opp);
    uint64_t moves = othl_moves(own, opp);
    if (!moves) {
        if (!othl_moves(opp, own))
            return 64 * final_value(sv, own, opp);
        return -shallow(sv, opp, own, depth - 1, -beta, -alpha);
    }
    int best = -1000000;
    for (; moves; moves &= moves - 1) {
        int cell = __builtin_ctzll(moves);
        uint64_t f = flips(sv, cell, own, opp);
        int v = -shallow(sv, opp & ~f, own | f | (1ULL << cell), depth - 1, -beta,
                         -(alpha > best ? alpha : best));
        if (v > best) {
            best = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

/* A placement and the position after it (to_move: the opponent, other: us). */
struct child {
    uint64_t to_move, other;
    int cell, score;
};

static int search(struct othl_solver *sv, uint64_t own, uint64_t opp, int alpha);

/* Fills list with the placements of own that still need a search, best first: the
 * table's move, then by shallow-search score (many empty cells) or fastest-first (fewest
 * replies, corner replies counting extra; corners first, cells giving away an empty
 * corner last). With etc, each child is looked up in the table first: a child already
 * known to beat alpha ends the node (*cut is set to the value), one known to fail low
 * is left out and its bound raised into *best. Returns the count. */
static int order_moves(struct othl_solver *sv, uint64_t own, uint64_t opp, uint64_t moves,
                       int tt_move, int etc, int alpha, int beta, struct child *list,
                       int *cut, int *best, int *best_move)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD, risky = corner_neighbours(empty);
    int empties = othl_popcount(empty), n = 0;
    int depth = empties >= SHALLOW_MIN_EMPTIES
                    ? (empties - SHALLOW_MIN_EMPTIES) / SHALLOW_STEP + 1
                    : 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        int cell = __builtin_ctzll(m);
        uint64_t f = flips(sv, cell, own, opp);
        struct child c = {opp & ~f, own | f | (1ULL << cell), cell, 0};
        if (etc) {
            struct tt_entry *e = tt_probe(sv, c.to_move, c.other);
            if (e) {
                if (-e->hi >= beta) {
                    *cut = -e->hi;
                    *best_move = cell;
                    return 0;
                }
                if (-e->lo <= alpha) {
                    if (-e->lo > *best) {
                        *best = -e->lo;
                        *best_move = cell;
                    }
                    continue;
                }
            }
        }
        if (cell == tt_move) {
            c.score = 1 << 24;
        } else {
            uint64_t replies = othl_moves(c.to_move, c.other);
            c.score = -16 * othl_popcount(replies) - 32 * othl_popcount(replies & OTHL_CORNERS);
            if ((1ULL << cell) & OTHL_CORNERS)
                c.score += 16;
            if ((1ULL << cell) & risky)
                c.score -= 16;
            if (depth > 0) /* (adding the score above, potential mobility and parity to
                            * this one helped at 26 empty cells, hurt at 28) */
                c.score = -shallow(sv, c.to_move, c.other, depth, -1000000, 1000000);
        }
        int i = n++;
        while (i > 0 && list[i - 1].score < c.score) {
            list[i] = list[i - 1];
            i--;
        }
        list[i] = c;
    }
    return n;
}

/* Null-window search: is the value above alpha? Fail-soft: a result above alpha is a
 * lower bound on the value, one at or below alpha an upper bound. */
static int search(struct othl_solver *sv, uint64_t own, uint64_t opp, int alpha)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD;
    int empties = othl_popcount(empty);
    if (empties <= SMALL_EMPTIES)
        return search_small(sv, own, opp, alpha, alpha + 1, 0);
    sv->nodes++;
    /* Stability: the opponent keeps its stable discs, so we end with at most the rest. */
    if (empties >= STABILITY_MIN_EMPTIES && alpha >= VALUE_MAX - 2 * othl_popcount(opp)) {
        int upper = VALUE_MAX - 2 * othl_popcount(stable_discs(sv, opp, own));
        if (upper <= alpha)
            return upper;
    }
    uint64_t moves = othl_moves(own, opp);
    if (!moves) {
        if (!othl_moves(opp, own))
            return final_value(sv, own, opp);
        return -search(sv, opp, own, -alpha - 1);
    }
    int tt_move = NO_MOVE;
    int use_tt = sv->buckets && empties >= TT_MIN_EMPTIES;
    if (use_tt) {
        struct tt_entry *e = tt_probe(sv, own, opp);
        if (e) {
            if (e->lo > alpha || e->hi <= alpha) {
                sv->tt_hits++;
                return e->lo > alpha ? e->lo : e->hi;
            }
            tt_move = e->move;
        }
    }
    struct child list[OTHL_CELLS];
    int cut = -VALUE_MAX - 1, best = -VALUE_MAX - 1, best_move = NO_MOVE;
    int etc = use_tt && empties >= ETC_MIN_EMPTIES && empties - 1 >= TT_MIN_EMPTIES;
    int n = order_moves(sv, own, opp, moves, tt_move, etc, alpha, alpha + 1, list, &cut, &best,
                        &best_move);
    if (cut > -VALUE_MAX - 1) {
        sv->tt_hits++;
        best = cut;
    } else {
        for (int i = 0; i < n; i++) {
            int v = -search(sv, list[i].to_move, list[i].other, -alpha - 1);
            if (v > best) {
                best = v;
                best_move = list[i].cell;
                if (v > alpha)
                    break;
            }
        }
    }
    if (use_tt) {
        if (best > alpha)
            tt_store(sv, own, opp, empties, best, VALUE_MAX, best_move);
        else
            tt_store(sv, own, opp, empties, -VALUE_MAX, best, best_move);
    }
    return best;
}

/* The image of a board under symmetry k of the square (bit 0: mirror columns, bit 1:
 * mirror rows, bit 2: swap columns and rows). */
static uint64_t transform(uint64_t b, int k)
{
    uint64_t out = 0;
    for (; b; b &= b - 1) {
        int cell = __builtin_ctzll(b), x = cell % OTHL_SIDE, y = cell / OTHL_SIDE;
        if (k & 1)
            x = OTHL_SIDE - 1 - x;
        if (k & 2)
            y = OTHL_SIDE - 1 - y;
        if (k & 4) {
            int t = x;
            x = y;
            y = t;
        }
        out |= 1ULL << (y * OTHL_SIDE + x);
    }
    return out;
}

/* 1 if the position (own, opp) is a mirror image of one of the n positions in seen. */
static int symmetric_to_seen(uint64_t own, uint64_t opp, const uint64_t (*seen)[2], int n)
{
    for (int k = 1; k < 8; k++) {
        uint64_t a = transform(own, k), b = transform(opp, k);
        for (int i = 0; i < n; i++)
            if (seen[i][0] == a && seen[i][1] == b)
                return 1;
    }
    return 0;
}

/* The root's moves, best first, without those whose result mirrors an earlier one's (it
 * has the same value: from the start all four first moves are alike). */
struct root {
    struct child list[OTHL_CELLS];
    int n;
};

static void root_moves(struct othl_solver *sv, uint64_t own, uint64_t opp, struct root *r)
{
    struct child all[OTHL_CELLS];
    int cut = -VALUE_MAX - 1, best = -VALUE_MAX - 1, best_move = NO_MOVE;
    int n = order_moves(sv, own, opp, othl_moves(own, opp), NO_MOVE, 0, 0, 1, all, &cut, &best,
                        &best_move);
    uint64_t seen[OTHL_CELLS][2];
    r->n = 0;
    for (int i = 0; i < n; i++) {
        if (symmetric_to_seen(all[i].to_move, all[i].other, (const uint64_t(*)[2])seen, r->n))
            continue;
        seen[r->n][0] = all[i].to_move;
        seen[r->n][1] = all[i].other;
        r->list[r->n++] = all[i];
    }
}

/* The root's null-window search: is the value above alpha? On a yes, *move is a move that
 * proves it (and the last move found so is tried first next time). */
static int root_search(struct othl_solver *sv, struct root *r, int alpha, int *move)
{
    int best = -VALUE_MAX - 1;
    for (int i = 0; i < r->n; i++) {
        int v = -search(sv, r->list[i].to_move, r->list[i].other, -alpha - 1);
        if (v > best) {
            best = v;
            if (v > alpha) {
                *move = r->list[i].cell;
                struct child c = r->list[i];
                memmove(r->list + 1, r->list, (size_t)i * sizeof c);
                r->list[0] = c;
                break;
            }
        }
    }
    return best;
}

void othl_solve(struct othl_solver *sv, const struct othl_state *s, struct othl_solve_result *out)
{
    if (sv->empties_rule != s->empties_rule && sv->tt)
        memset(sv->tt, 0, sv->buckets * 2 * sizeof *sv->tt);
    sv->empties_rule = s->empties_rule;
    sv->nodes = sv->tt_hits = 0;
    uint64_t own = s->disc[s->seat], opp = s->disc[!s->seat];
    if (s->over) {
        out->value = final_value(sv, own, opp);
        out->best = -1;
    } else {
        /* MTD(f): null-window searches around a guess until the interval [lo, hi] that
         * holds the value closes; fail-soft results move the bounds by more than one. */
        struct root r;
        int pass = !othl_moves(own, opp), move = OTHL_PASS;
        if (!pass)
            root_moves(sv, own, opp, &r);
        int lo = -VALUE_MAX, hi = VALUE_MAX, g = 0;
        while (lo < hi) {
            int alpha = g > lo ? g - 1 : g; /* test "value > alpha" */
            if (alpha >= hi)
                alpha = hi - 1;
            int found = -1;
            g = pass ? -search(sv, opp, own, -alpha - 1) : root_search(sv, &r, alpha, &found);
            if (g > alpha) {
                lo = g;
                if (found >= 0)
                    move = found;
            } else {
                hi = g;
            }
        }
        if (!pass && move == OTHL_PASS) /* every search failed low: find a move now */
            root_search(sv, &r, lo - 1, &move);
        out->value = lo;
        out->best = move;
    }
    out->nodes = sv->nodes;
    out->tt_hits = sv->tt_hits;
}
