/* Othellino (`othellino`): Othello on a 6 x 6 board for 2 players. The public game is
 * kk_game_othellino (engine/core/games.def); this header is for the module's own files,
 * the exact solver (solve.c) and the tests. Rules as implemented: docs/rules/othellino.md.
 *
 * Board: cell (x, y), x = column a..f = 0..5, y = row 1..6 = 0..5, is bit y * 6 + x of a
 * uint64_t; only the low 36 bits are used. Moves are cell indices 0..35 or OTHL_PASS. */
#ifndef OTHELLINO_H
#define OTHELLINO_H

#include <stdint.h>

#include "../core/game.h"

#define OTHL_SIDE 6
#define OTHL_CELLS 36
#define OTHL_PASS 36 /* the move "pass" */
#define OTHL_MAX_MOVES 37

static const uint64_t OTHL_BOARD = 0xFFFFFFFFFULL;  /* the 36 cells */
static const uint64_t OTHL_COL_A = 0x041041041ULL;  /* x == 0 */
static const uint64_t OTHL_COL_F = 0x820820820ULL;  /* x == 5 */
static const uint64_t OTHL_CORNERS = 0x840000021ULL; /* a1, f1, a6, f6 */

/* Variant choices, in the order of the parameters' choice lists. */
enum { OTHL_START_DIAGONAL, OTHL_START_PARALLEL };
enum { OTHL_EMPTIES_NONE, OTHL_EMPTIES_WINNER };

/* Per-game statistics, in the order of the game's stats table. */
enum { OTHL_ST_MARGIN, OTHL_ST_PASSES, OTHL_ST_CORNERS, OTHL_NUM_STATS = OTHL_ST_CORNERS + 2 };

struct othl_state {
    uint64_t disc[2]; /* seat 0 (dark, moves first) and seat 1 (light) */
    uint8_t seat;     /* the seat to move (meaningless once over) */
    uint8_t over;     /* 1: neither seat can place */
    uint8_t empties_rule; /* OTHL_EMPTIES_* */
    uint8_t start;        /* OTHL_START_*, kept for check() */
    uint8_t plies;        /* moves played, passes included */
    uint8_t passes;       /* passes played */
};

extern const struct kk_game kk_game_othellino;

/* render.c: the board as text (draw hook) and as SVG (svg hook). */
void othl_draw(const void *state, int seat, struct kk_buf *out);
void othl_svg(const void *state, struct kk_buf *out);

/* Directions are bit shifts: 1 (along a row), 6 (along a column), 5 and 7 (diagonals),
 * each both ways. A run of opponent discs is followed through `through`, the opponent
 * discs off the a and f columns for every direction but the column one, so a run can
 * never wrap from one row into the next. A line holds at most 4 opponent discs. */
#define OTHL_INNER (OTHL_BOARD & ~OTHL_COL_A & ~OTHL_COL_F)

#define OTHL_RUN_UP(start, sh, through, t)                                                    \
    t = ((start) << (sh)) & (through);                                                     \
    t |= (t << (sh)) & (through);                                                          \
    t |= (t << (sh)) & (through);                                                          \
    t |= (t << (sh)) & (through)
#define OTHL_RUN_DOWN(start, sh, through, t)                                                  \
    t = ((start) >> (sh)) & (through);                                                     \
    t |= (t >> (sh)) & (through);                                                          \
    t |= (t >> (sh)) & (through);                                                          \
    t |= (t >> (sh)) & (through)

/* Empty cells where the owner of own may place against opp: flood each direction over
 * opponent discs from own discs, then one step onto an empty cell. */
static inline uint64_t othl_moves(uint64_t own, uint64_t opp)
{
    uint64_t empty = ~(own | opp) & OTHL_BOARD, inner = opp & OTHL_INNER, t, moves;
    OTHL_RUN_UP(own, 1, inner, t);
    moves = t << 1;
    OTHL_RUN_DOWN(own, 1, inner, t);
    moves |= t >> 1;
    OTHL_RUN_UP(own, 6, opp, t);
    moves |= t << 6;
    OTHL_RUN_DOWN(own, 6, opp, t);
    moves |= t >> 6;
    OTHL_RUN_UP(own, 5, inner, t);
    moves |= t << 5;
    OTHL_RUN_DOWN(own, 5, inner, t);
    moves |= t >> 5;
    OTHL_RUN_UP(own, 7, inner, t);
    moves |= t << 7;
    OTHL_RUN_DOWN(own, 7, inner, t);
    moves |= t >> 7;
    return moves & empty;
}

/* The opponent discs that a placement on cell captures (0 if the placement is illegal):
 * in each direction, the run of opponent discs next to the cell, if an own disc ends it. */
static inline uint64_t othl_flips(int cell, uint64_t own, uint64_t opp)
{
    uint64_t m = 1ULL << cell, inner = opp & OTHL_INNER, t, flips = 0;
    OTHL_RUN_UP(m, 1, inner, t);
    flips |= ((t << 1) & own) ? t : 0;
    OTHL_RUN_DOWN(m, 1, inner, t);
    flips |= ((t >> 1) & own) ? t : 0;
    OTHL_RUN_UP(m, 6, opp, t);
    flips |= ((t << 6) & own) ? t : 0;
    OTHL_RUN_DOWN(m, 6, opp, t);
    flips |= ((t >> 6) & own) ? t : 0;
    OTHL_RUN_UP(m, 5, inner, t);
    flips |= ((t << 5) & own) ? t : 0;
    OTHL_RUN_DOWN(m, 5, inner, t);
    flips |= ((t >> 5) & own) ? t : 0;
    OTHL_RUN_UP(m, 7, inner, t);
    flips |= ((t << 7) & own) ? t : 0;
    OTHL_RUN_DOWN(m, 7, inner, t);
    flips |= ((t >> 7) & own) ? t : 0;
    return flips;
}

/* Bits set among the 36 cells. A portable build has no popcount instruction and
 * __builtin_popcountll becomes a library call, so count in registers. */
static inline int othl_popcount(uint64_t b)
{
    b -= (b >> 1) & 0x5555555555555555ULL;
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((b * 0x0101010101010101ULL) >> 56);
}

/* Final score difference (own minus opponent) of a finished position under the empties
 * rule: empty cells go to the side with more discs, split equally on a draw. */
static inline int othl_final_diff(uint64_t own, uint64_t opp, int empties_rule)
{
    int d = othl_popcount(own) - othl_popcount(opp);
    if (empties_rule == OTHL_EMPTIES_WINNER && d != 0) {
        int e = OTHL_CELLS - othl_popcount(own | opp);
        d += d > 0 ? e : -e;
    }
    return d;
}

/* Sets s to an arbitrary position (tests and the solver's callers): discs, seat to move;
 * the over flag is derived. Returns -1 if the discs overlap or leave the board. */
int othl_set_position(struct othl_state *s, uint64_t dark, uint64_t light, int seat);

/* Exact solver (solve.c): the game value of s from the view of the seat to move (final
 * score difference under perfect play, with s's empties rule) and a best move. */
struct othl_solve_result {
    int value;
    kk_move best;        /* OTHL_PASS when the only move is a pass; -1 when over */
    long long nodes;     /* positions visited */
    long long tt_hits;   /* nodes ended by a stored bound (a child's included) */
};
struct othl_solver;
/* A solver with a transposition table of about tt_mb megabytes (0: none). NULL with err
 * set when memory runs out. */
struct othl_solver *othl_solver_new(int tt_mb, kk_error *err);
void othl_solver_free(struct othl_solver *sv);
/* Solves s (which must not be over). The table is kept between calls. */
void othl_solve(struct othl_solver *sv, const struct othl_state *s, struct othl_solve_result *out);

/* Module internals shared by the files of engine/othellino. */
int othl_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int othl_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
double othl_evaluate(const void *state, int seat);
void othl_get_stats(const void *state, double *out);
int othl_check(const void *state, kk_error *err);

#endif
