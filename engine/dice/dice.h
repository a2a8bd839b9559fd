/* Carcassonne: The Dice Game (`carcassonne-dice`): the state, its build grid and the
 * turn machine. The public game is kk_game_carcassonne_dice (engine/core/games.def);
 * this header is for the module's own files and its tests. Rules as implemented are in
 * docs/rules/carcassonne-dice.md. */
#ifndef DICE_H
#define DICE_H

#include <stdint.h>

#include "../core/game.h"

#define DICE_MAX_SEATS 5 /* players: 2-5 */
#define DICE_COUNT 9     /* dice in the game */
#define DICE_ROLLS 3     /* rolls per turn */
#define DICE_KINDS 4     /* at most 4 different city faces on a die */
#define DICE_SLOTS 6     /* faces per die: 4 city faces, knight, catapult */
#define DICE_GRID 8      /* the build window is DICE_GRID x DICE_GRID cells */
#define DICE_ORIGIN 3    /* the turn's first die is at column and row DICE_ORIGIN */

/* Edge bits of a city face (1 = city edge), before rotation. */
enum { DICE_N = 1, DICE_E = 2, DICE_S = 4, DICE_W = 8 };

/* City face layouts a `faces` list may name, in the order of the parameter's choices. */
enum { DICE_CAP, DICE_STRAIGHT, DICE_CORNER, DICE_TEE, DICE_CROSS, DICE_LAYOUTS };

/* Decision phases. */
enum { DICE_PHASE_ROLL, DICE_PHASE_DECIDE, DICE_PHASE_OVER };

/* Moves: builds are (kind << 8) | (rotation << 6) | cell; the rest are control moves. */
#define DICE_MOVE_ROLL 1024 /* + number of this roll's knights set aside (0..9) */
#define DICE_MOVE_STOP 1040 /* stop and score the largest closed city */
#define DICE_MOVE_BANK 1041 /* stop without scoring, keep a knight, double the next turn */

/* Chance outcomes: 4 bits per outcome category holding how many dice show it;
 * categories are the distinct city faces (kind order), then knight, then catapult. */
#define DICE_CAT_BITS 4

/* Per-game statistics, in the order of the game's stats table. */
enum {
    DICE_ST_TURNS,
    DICE_ST_POINTS_PER_TURN,
    DICE_ST_PTS_0,
    DICE_ST_PTS_1_2,
    DICE_ST_PTS_3_5,
    DICE_ST_PTS_6_9,
    DICE_ST_PTS_10_14,
    DICE_ST_PTS_15UP,
    DICE_ST_CLOSED_2, /* .. DICE_ST_CLOSED_2 + 7 for size 9 */
    DICE_ST_SCORED_3 = DICE_ST_CLOSED_2 + 8, /* .. + 6 for size 9 */
    DICE_ST_KNIGHTS_BANKED = DICE_ST_SCORED_3 + 7,
    DICE_ST_DOUBLED_TURNS,
    DICE_ST_DICE_LOST,
    DICE_ST_ROLLS,
    DICE_ST_MAX_TURNS_STOP,
    DICE_ST_NINE_CATAPULTS,
    DICE_NUM_STATS
};

/* The build grid of the player to move: bit (row * DICE_GRID + col) of each board.
 * Row grows to the north, column to the east. city[d] marks dice whose edge in
 * direction d (0 N, 1 E, 2 S, 3 W) is city. */
struct dice_grid {
    uint64_t occupied;
    uint64_t city[4];
};

struct dice_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players;
    uint8_t num_kinds;                /* distinct city faces on a die (1..4) */
    uint8_t kind_layout[DICE_KINDS];  /* DICE_CAP.. of each kind */
    uint8_t kind_edges[DICE_KINDS];   /* edge bits at rotation 0 */
    uint8_t kind_periods[DICE_KINDS]; /* number of distinct rotations (1, 2 or 4) */
    uint8_t kind_slots[DICE_KINDS];   /* faces of a die showing this kind */
    uint8_t kind_rotated[DICE_KINDS][4]; /* edge bits at each rotation */
    uint8_t slot_category[DICE_SLOTS];
    uint8_t knight_need;
    uint8_t set_aside_one; /* 1: each roll must set something aside before rolling again */
    uint8_t touching;      /* 1: every die after the turn's first must touch a built die */
    int32_t goal, max_turns;

    /* The game. */
    uint8_t phase;
    uint8_t seat;            /* player whose turn it is */
    uint8_t held[DICE_MAX_SEATS]; /* 1: holds a knight die out of the pool */
    uint8_t winners;         /* when over */
    int32_t total[DICE_MAX_SEATS];
    int32_t turns;           /* completed turns */

    /* The turn. */
    uint8_t doubled;         /* started with a knight: score counts double */
    uint8_t rolls_done;
    uint8_t to_roll;         /* dice the next roll throws (phase ROLL) */
    uint8_t rolled;          /* dice thrown by the last roll */
    uint8_t rolled_kind[DICE_KINDS]; /* city dice of the last roll not yet built */
    uint8_t rolled_knights;  /* knights of the last roll (set aside when the turn ends) */
    uint8_t built_this_roll;
    uint8_t knights_kept;    /* knights set aside on earlier rolls of this turn */
    uint8_t built;           /* dice on the grid */
    uint8_t lost;            /* dice lost to catapults this turn */
    struct dice_grid grid;

    /* Statistics (whole game). */
    int32_t points_sum;
    int32_t stat[DICE_NUM_STATS]; /* counters; POINTS_PER_TURN is derived */
};

/* --- grid.c: placement legality and cities ------------------------------------------ */

/* Edge bits of a face with edges rotated `rot` quarter turns clockwise. */
static inline unsigned dice_rotate(unsigned edges, int rot)
{
    rot &= 3;
    return ((edges << rot) | (edges >> (4 - rot))) & 15u;
}

static inline int dice_popcount(uint64_t b)
{
    /* Portable bit count: the generic x86-64 target has no popcnt instruction and the
     * library fallback is a function call on the hot path. */
    b = b - ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((b * 0x0101010101010101ULL) >> 56);
}

/* Cell of the n-th (0-based) set bit of b; n < dice_popcount(b). */
static inline int dice_select_bit(uint64_t b, int n)
{
    uint64_t c = b - ((b >> 1) & 0x5555555555555555ULL);
    c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL; /* bits per byte */
    int shift = 0;
    for (;; shift += 8) {
        int in_byte = (int)((c >> shift) & 0xFF);
        if (n < in_byte)
            break;
        n -= in_byte;
    }
    uint64_t byte = (b >> shift) & 0xFF;
    while (n--)
        byte &= byte - 1;
    return shift + __builtin_ctzll(byte);
}

/* What placement legality needs from a grid, computed once per decision: the cells open
 * to a die (empty; next to a built die when `touching`), and for each side d of a cell,
 * whether the neighbour there is a die showing city (city[d]) or field (field[d]) on the
 * touching edge. */
struct dice_adjacency {
    uint64_t empty;
    uint64_t city[4], field[4];
};
void dice_grid_adjacency(const struct dice_grid *g, int touching, struct dice_adjacency *a);

/* Cells where a die with edge bits `edges` may be placed: empty, and every touching edge
 * matches (city against city, field against field). */
static inline uint64_t dice_adjacency_legal(const struct dice_adjacency *a, unsigned edges)
{
    uint64_t bad = ((edges & DICE_N) ? a->field[0] : a->city[0]) |
                   ((edges & DICE_E) ? a->field[1] : a->city[1]) |
                   ((edges & DICE_S) ? a->field[2] : a->city[2]) |
                   ((edges & DICE_W) ? a->field[3] : a->city[3]);
    return a->empty & ~bad;
}

/* The same for one placement. The first die of a turn may only go to the origin. */
uint64_t dice_grid_legal(const struct dice_grid *g, unsigned edges);
void dice_grid_place(struct dice_grid *g, int cell, unsigned edges);
/* Edge bits of the die at cell (0 when empty). */
unsigned dice_grid_edges(const struct dice_grid *g, int cell);
/* The city containing the die at cell (a board of cells). */
uint64_t dice_grid_city(const struct dice_grid *g, int cell);
/* Number of city edges of the cells in `city` that face an empty cell or the window edge. */
int dice_grid_open_edges(const struct dice_grid *g, uint64_t city);
/* Dice in the largest closed city (0 when none). */
int dice_grid_largest_closed(const struct dice_grid *g);
/* Adds to counts[size] one for every closed city of that size (counts has 10 entries)
 * and returns the size of the largest. */
int dice_grid_count_closed(const struct dice_grid *g, int *counts);
/* Points for a closed city of n dice: 3->1, 4->3, ..., 9->28; fewer than 3 -> 0. */
int dice_city_points(int n);

/* --- game.c --------------------------------------------------------------------------- */

extern const char *const dice_layout_names[];
extern const char dice_layout_letters[];
extern const unsigned dice_layout_edges[];

/* Number of outcome categories (kinds + knight + catapult). */
static inline int dice_categories(const struct dice_state *s)
{
    return s->num_kinds + 2;
}
static inline int dice_outcome_count(kk_move outcome, int category)
{
    return (int)(((uint32_t)outcome >> (DICE_CAT_BITS * category)) & 15u);
}

extern const struct kk_game kk_game_carcassonne_dice;

/* --- notation.c: move and roll notation; check.c: the consistency check ---------------- */
int dice_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int dice_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int dice_check(const void *state, kk_error *err);

/* --- eval.c ----------------------------------------------------------------------------- */
/* Greedy value of state for seat, in points (see the rules doc). */
double dice_evaluate(const void *state, int seat);
/* Chance-weighted points of the open city `city` (a board of cells): the points it would
 * have with every hole filled, times the chance of filling them this turn (rules doc). */
double dice_open_city_value(const struct dice_state *s, uint64_t city);

/* --- render.c: the track and the build grid as text (draw) and SVG (svg) ------------ */
struct kk_buf;
void dice_draw(const void *state, int seat, struct kk_buf *out);
void dice_svg(const void *state, struct kk_buf *out);

#endif
