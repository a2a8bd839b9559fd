/* Halma (`halma`), the Green Box's small Halma: pieces race from a corner camp to the
 * opposite one by steps and jump chains. The public game is kk_game_halma
 * (engine/core/games.def); this header is for the module's own files and its tests.
 * Rules as implemented are in docs/rules/halma.md. */
#ifndef HALMA_H
#define HALMA_H

#include <stdint.h>

#include "../core/game.h"

#define HALMA_MAX_SEATS 4  /* players: 2-4 */
#define HALMA_MAX_SIZE 12  /* the board is size x size, size 6..12 */
#define HALMA_MAX_CAMP 5   /* camp triangle side; pieces = camp (camp + 1) / 2 <= 15 */
#define HALMA_MAX_PIECES 15

/* The board is a mailbox with a one-cell border, so a step or the cell beyond a jumped
 * piece never leaves the array: padded cell p = (y + 1) * HALMA_STRIDE + (x + 1). The
 * stride is fixed whatever the size, so cell numbers (and moves) do not depend on it and
 * ascending cell number is row-major order (y, then x). */
#define HALMA_STRIDE (HALMA_MAX_SIZE + 2)
#define HALMA_CELLS (HALMA_STRIDE * HALMA_STRIDE)

/* board[] values: 0 empty, 1 + seat for a piece, HALMA_OFF outside the board. */
#define HALMA_OFF 0xFF

/* Moves: (from << 8) | to in padded cells (from != to), or HALMA_PASS. */
#define HALMA_PASS 0xFFFF
#define HALMA_MAX_MOVES (HALMA_MAX_PIECES * (HALMA_MAX_SIZE * HALMA_MAX_SIZE - 1))

static inline int halma_cell(int x, int y)
{
    return (y + 1) * HALMA_STRIDE + x + 1;
}
static inline int halma_x(int cell)
{
    return cell % HALMA_STRIDE - 1;
}
static inline int halma_y(int cell)
{
    return cell / HALMA_STRIDE - 1;
}
static inline kk_move halma_move(int from, int to)
{
    return (kk_move)((from << 8) | to);
}
static inline int halma_from(kk_move m)
{
    return (int)(((uint32_t)m >> 8) & 0xFF);
}
static inline int halma_to(kk_move m)
{
    return (int)((uint32_t)m & 0xFF);
}

enum { HALMA_SPOIL_PARLETT, HALMA_SPOIL_NONE };

/* Per-game statistics, in the order of the game's stats table. */
enum {
    HALMA_ST_TURNS,
    HALMA_ST_CAPPED,
    HALMA_ST_IN_TARGET, /* per seat */
    HALMA_ST_JUMPS_PER_MOVE,
    HALMA_ST_JUMP_MOVES,
    HALMA_ST_LONGEST_CHAIN,
    HALMA_ST_PASSES,
    HALMA_NUM_STATS
};

struct halma_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players;
    uint8_t size;
    uint8_t camp;      /* camp triangle side */
    uint8_t pieces;    /* per seat: camp (camp + 1) / 2 */
    uint8_t spoiling;  /* HALMA_SPOIL_ */
    uint8_t camp_lock;
    uint8_t target[HALMA_MAX_SEATS]; /* corner (0 A .. 3 D) each seat is heading for */
    int32_t max_turns;               /* turns per seat before the cap */

    /* The game. */
    uint8_t seat;    /* to move */
    uint8_t over;
    uint8_t capped;  /* the game ended at the move cap */
    uint8_t winners; /* bit mask, when over */
    int32_t turns;   /* turns played (moves and passes) */
    uint8_t board[HALMA_CELLS];
    /* Bit k set: the cell belongs to the camp of corner k. */
    uint8_t camp_mask[HALMA_CELLS];
    uint8_t pos[HALMA_MAX_SEATS][HALMA_MAX_PIECES]; /* each seat's pieces, any order */
    uint8_t in_target[HALMA_MAX_SEATS];     /* own pieces in the seat's target camp */
    uint8_t target_filled[HALMA_MAX_SEATS]; /* occupied cells (any owner) of that camp */

    /* Statistics. */
    int32_t moves;        /* turns that moved a piece */
    int32_t jump_moves;   /* moves that were jump chains */
    int32_t jumps;        /* jumps over all moves (shortest chain to each end cell) */
    int32_t longest_chain;
    int32_t passes;
};

/* --- game.c -------------------------------------------------------------------------- */
extern const struct kk_game kk_game_halma;
/* Corner (x, y) of corner k (0 A top left, 1 B top right, 2 C bottom right, 3 D bottom
 * left) on a board of this size. */
void halma_corner_xy(int size, int corner, int *x, int *y);
/* Jumps in the shortest jump chain of the piece on from to `to` in s (0 for a step onto
 * a neighbouring cell; -1 when `to` cannot be reached). */
int halma_chain_length(const struct halma_state *s, int from, int to);

/* --- notation.c: cells `a1`.., moves `from-to` and `pass`; check.c; eval.c ------------- */
/* Writes the name of padded cell `cell` (e.g. "j10"); returns the length. */
int halma_cell_name(int cell, char *buf, size_t size);
int halma_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int halma_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int halma_check(const void *state, kk_error *err);
/* Sum over seat's pieces of the Manhattan distance to its target corner. */
int halma_distance(const struct halma_state *s, int seat);
double halma_evaluate(const void *state, int seat);
void halma_get_stats(const void *state, double *out);

/* --- render.c: the board as text (draw hook) and SVG (svg hook) ---------------------- */
struct kk_buf;
void halma_draw(const void *state, int seat, struct kk_buf *out);
void halma_svg(const void *state, struct kk_buf *out);

#endif
