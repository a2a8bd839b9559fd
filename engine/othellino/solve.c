/* Othellino's exact solver: negamax alpha-beta on the two bitboards (side to move,
 * opponent) with principal-variation search (null windows after the first move), a
 * transposition table of bounds, and move ordering by the table's move, corners and
 * fastest-first (fewest replies for the opponent). Values are final score differences
 * under the position's empties rule, from the side to move. docs/perft-solve.md says
 * how it was measured. */
#include <stdlib.h>
#include <string.h>

#include "othellino.h"

/* Below these numbers of empty cells the table, the sorting and the child look-ups cost
 * more than they save (tuned by node counts and time on positions of the published line). */
#ifndef TT_MIN_EMPTIES /* (the three limits may be set at compile time for tuning) */
#define TT_MIN_EMPTIES 7
#endif
#ifndef ETC_MIN_EMPTIES /* enhanced transposition cut-offs from here up */
#define ETC_MIN_EMPTIES 13
#endif
#ifndef SMALL_EMPTIES /* up to here: search_small */
#define SMALL_EMPTIES 6
#endif
#define NO_MOVE 0xFF

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
};

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
        sv->tt = calloc(b * 2, sizeof *sv->tt);
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

static int search(struct othl_solver *sv, uint64_t own, uint64_t opp, int alpha, int beta);

/* The last empty cell: place it if possible, else the opponent may, else the game ends. */
static int last_move(struct othl_solver *sv, uint64_t own, uint64_t opp)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD;
    int cell = __builtin_ctzll(empty);
    sv->nodes++;
    uint64_t f = othl_flips(cell, own, opp);
    if (f)
        return final_value(sv, own | f | empty, opp & ~f);
    f = othl_flips(cell, opp, own);
    if (f) {
        sv->nodes++;
        return final_value(sv, own & ~f, opp | f | empty);
    }
    return final_value(sv, own, opp);
}

/* Near the end, empty cells in a 3 x 3 quadrant holding an odd number of them are tried
 * first (parity: the last move of a region is worth having). */
/* Search near the end: no table, no move list; empty cells in parity order. passed: the
 * opponent has just passed, so no placement for us means the game is over. */
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
    int best = -OTHL_CELLS - 1;
    uint64_t sets[2] = {empty & odd, empty & ~odd};
    for (int k = 0; k < 2; k++)
        for (uint64_t m = sets[k]; m; m &= m - 1) {
            int cell = __builtin_ctzll(m);
            uint64_t f = othl_flips(cell, own, opp);
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
    if (best > -OTHL_CELLS - 1)
        return best;
    if (passed || !empty)
        return final_value(sv, own, opp);
    return -search_small(sv, opp, own, -beta, -alpha, 1);
}

/* A placement and the position after it (next: the side to move then, i.e. us before). */
struct child {
    uint64_t to_move, other;
    int cell, score;
};

/* The placements of own in search order, best first: the table's move, then corners,
 * then fastest-first (fewest replies, corner replies counting extra), cells that give
 * away an empty corner last. Returns the count. With a table, a child already known to
 * refute beta (enhanced transposition cut-off) is reported through *cut (else it stays
 * below -OTHL_CELLS). */
static int order_moves(struct othl_solver *sv, uint64_t own, uint64_t opp, uint64_t moves,
                       int tt_move, int probe_children, int beta, struct child *list, int *cut)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD, risky = corner_neighbours(empty);
    int n = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        int cell = __builtin_ctzll(m);
        uint64_t f = othl_flips(cell, own, opp);
        struct child c = {opp & ~f, own | f | (1ULL << cell), cell, 0};
        if (cell == tt_move) {
            c.score = 1 << 20;
        } else {
            uint64_t replies = othl_moves(c.to_move, c.other);
            /* Weights tuned by node counts on positions of the published line. */
            c.score = -16 * othl_popcount(replies) - 32 * othl_popcount(replies & OTHL_CORNERS);
            if ((1ULL << cell) & OTHL_CORNERS)
                c.score += 16;
            if ((1ULL << cell) & risky)
                c.score -= 16;
        }
        if (probe_children) {
            struct tt_entry *e = tt_probe(sv, c.to_move, c.other);
            if (e && -e->hi >= beta) {
                *cut = -e->hi;
                return 0;
            }
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

static int search(struct othl_solver *sv, uint64_t own, uint64_t opp, int alpha, int beta)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD;
    int empties = othl_popcount(empty);
    if (empties <= SMALL_EMPTIES)
        return search_small(sv, own, opp, alpha, beta, 0);
    sv->nodes++;
    uint64_t moves = othl_moves(own, opp);
    if (!moves) {
        if (!othl_moves(opp, own))
            return final_value(sv, own, opp);
        return -search(sv, opp, own, -beta, -alpha);
    }
    int tt_move = NO_MOVE;
    int use_tt = sv->buckets && empties >= TT_MIN_EMPTIES;
    if (use_tt) {
        struct tt_entry *e = tt_probe(sv, own, opp);
        if (e) {
            if (e->lo >= beta || e->hi <= alpha || e->lo == e->hi) {
                sv->tt_hits++;
                return e->lo >= beta ? e->lo : e->hi <= alpha ? e->hi : e->lo;
            }
            tt_move = e->move;
        }
    }
    struct child list[OTHL_CELLS];
    int cut = -OTHL_CELLS - 1;
    int n = order_moves(sv, own, opp, moves, tt_move,
                        use_tt && empties - 1 > SMALL_EMPTIES && empties - 1 >= TT_MIN_EMPTIES &&
                            empties >= ETC_MIN_EMPTIES,
                        beta, list, &cut);
    if (cut > -OTHL_CELLS - 1) {
        sv->tt_hits++;
        return cut;
    }
    int best = -OTHL_CELLS - 1, best_move = NO_MOVE, a = alpha;
    for (int i = 0; i < n; i++) {
        const struct child *c = &list[i];
        int v;
        if (i == 0) {
            v = -search(sv, c->to_move, c->other, -beta, -a);
        } else {
            v = -search(sv, c->to_move, c->other, -a - 1, -a);
            if (v > a && v < beta)
                v = -search(sv, c->to_move, c->other, -beta, -v);
        }
        if (v > best) {
            best = v;
            best_move = c->cell;
            if (v > a)
                a = v;
            if (a >= beta)
                break;
        }
    }
    if (use_tt) {
        int lo = best >= beta ? best : best > alpha ? best : -OTHL_CELLS;
        int hi = best <= alpha ? best : best < beta ? best : OTHL_CELLS;
        tt_store(sv, own, opp, empties, lo, hi, best_move);
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

void othl_solve(struct othl_solver *sv, const struct othl_state *s, struct othl_solve_result *out)
{
    if (sv->empties_rule != s->empties_rule && sv->tt)
        memset(sv->tt, 0, sv->buckets * 2 * sizeof *sv->tt);
    sv->empties_rule = s->empties_rule;
    sv->nodes = sv->tt_hits = 0;
    uint64_t own = s->disc[s->seat], opp = s->disc[!s->seat];
    uint64_t moves = othl_moves(own, opp);
    out->best = moves ? -1 : OTHL_PASS;
    if (s->over) {
        out->value = final_value(sv, own, opp);
        out->best = -1;
    } else if (!moves) {
        out->value = -search(sv, opp, own, -OTHL_CELLS - 1, OTHL_CELLS + 1);
    } else {
        /* The root in full: every move's exact value, so the best one is known. */
        /* The root: the first move exactly, then each other one with a null window
         * (does it beat the best so far?) and exactly only if it does. */
        /* A move leading to a mirror image of a position already searched has the same
         * value and is skipped (from the start, all four first moves are alike). */
        int best = -OTHL_CELLS - 1, searched = 0, cut = 0;
        uint64_t seen[OTHL_CELLS][2];
        struct child list[OTHL_CELLS];
        int n = order_moves(sv, own, opp, moves, NO_MOVE, 0, 0, list, &cut);
        for (int i = 0; i < n; i++) {
            int cell = list[i].cell;
            uint64_t nown = list[i].to_move, nopp = list[i].other;
            if (symmetric_to_seen(nown, nopp, (const uint64_t(*)[2])seen, searched))
                continue;
            seen[searched][0] = nown;
            seen[searched++][1] = nopp;
            int v;
            if (best == -OTHL_CELLS - 1) {
                v = -search(sv, nown, nopp, -OTHL_CELLS - 1, OTHL_CELLS + 1);
            } else {
                v = -search(sv, nown, nopp, -best - 1, -best);
                if (v > best)
                    v = -search(sv, nown, nopp, -OTHL_CELLS - 1, -best);
            }
            if (v > best) {
                best = v;
                out->best = cell;
            }
        }
        out->value = best;
    }
    out->nodes = sv->nodes;
    out->tt_hits = sv->tt_hits;
}
