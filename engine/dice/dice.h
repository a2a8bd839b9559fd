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
#define DICE_GRID 17     /* the build window is DICE_GRID x DICE_GRID cells */
#define DICE_ORIGIN 8    /* the turn's first die is at column and row DICE_ORIGIN: the window
                          * reaches 8 cells from it every way, so any city of 9 dice or fewer
                          * through the first die fits whichever of its dice came first */
/* The mcts options that, with chance=open and eval=game, turn the game's default search
 * (agent_defaults in game.c) back into its earlier one: mean backups, widening in the
 * evaluation's order, one playout move of the game's policy. Tests of that search's trees
 * name it (with their own chance and eval). */
#define DICE_MEAN_SEARCH "widen=1,rollout=policy,cv=off,backup=mean,moves=all"
#define DICE_CELLS (DICE_GRID * DICE_GRID)
#define DICE_ORIGIN_CELL (DICE_ORIGIN * DICE_GRID + DICE_ORIGIN)

/* Edge bits of a city face (1 = city edge), before rotation. */
enum { DICE_N = 1, DICE_E = 2, DICE_S = 4, DICE_W = 8 };

/* City face layouts a `faces` list may name, in the order of the parameter's choices. */
enum { DICE_CAP, DICE_STRAIGHT, DICE_CORNER, DICE_TEE, DICE_CROSS, DICE_LAYOUTS };

/* Decision phases. */
enum { DICE_PHASE_ROLL, DICE_PHASE_DECIDE, DICE_PHASE_OVER };

/* Moves: builds are (kind << 11) | (rotation << 9) | cell (cell < DICE_CELLS); the rest
 * are control moves. */
#define DICE_MOVE_KIND_SHIFT 11
#define DICE_MOVE_ROT_SHIFT 9
#define DICE_MOVE_CELL_MASK 511
#define DICE_MOVE_ROLL 8192 /* + number of this roll's knights set aside (0..9) */
#define DICE_MOVE_STOP 8208 /* stop and score the largest closed city */
#define DICE_MOVE_BANK 8209 /* stop without scoring, keep a knight, double the next turn */
#define DICE_BUILD(kind, rot, cell) \
    (((kind) << DICE_MOVE_KIND_SHIFT) | ((rot) << DICE_MOVE_ROT_SHIFT) | (cell))

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

/* The build grid of the player to move: the dice built this turn, in building order
 * (at most 9, so a list is smaller than any board of the window and every query is a
 * short scan). Cell = row * DICE_GRID + column; row grows to the north, column to the
 * east. Edge bits: 1 N, 2 E, 4 S, 8 W (1 = city edge). */
struct dice_grid {
    uint8_t count;
    uint8_t edges[DICE_COUNT];
    uint16_t cell[DICE_COUNT];
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
     * library fallback is a function call. */
    b = b - ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((b * 0x0101010101010101ULL) >> 56);
}

/* What a cell asks of a die, for placement legality: bits 0-3 are the sides whose
 * neighbour shows a city edge there (the die must show city), bits 4-7 the sides whose
 * neighbour shows field (the die must show field). A cell no die may take (occupied;
 * not the origin for the turn's first die; not touching a die under `touching`) asks
 * DICE_NEED_NONE: city and field on the north side, which no face satisfies. */
#define DICE_NEED_NONE 0x11u
static inline int dice_fits(unsigned need, unsigned edges)
{
    return !((need >> 4) & edges) && !(need & ~edges & 15u);
}

/* The cell one step in direction d (0 N, 1 E, 2 S, 3 W), or -1 outside the window. */
static inline int dice_step(int cell, int d)
{
    int col = cell % DICE_GRID;
    switch (d) {
    case 0: return cell + DICE_GRID < DICE_CELLS ? cell + DICE_GRID : -1;
    case 1: return col + 1 < DICE_GRID ? cell + 1 : -1;
    case 2: return cell >= DICE_GRID ? cell - DICE_GRID : -1;
    default: return col > 0 ? cell - 1 : -1;
    }
}

/* The need of every cell of the window, computed once per decision. */
void dice_grid_needs(const struct dice_grid *g, int touching, uint8_t *need);
/* The need of one cell (the same value as dice_grid_needs gives it). */
unsigned dice_grid_need(const struct dice_grid *g, int touching, int cell);
void dice_grid_place(struct dice_grid *g, int cell, unsigned edges);
/* Index in the list of the die at cell, -1 when the cell is empty. */
int dice_grid_find(const struct dice_grid *g, int cell);
/* Edge bits of the die at cell (0 when empty). */
unsigned dice_grid_edges(const struct dice_grid *g, int cell);
/* Cities: city[i] = the number of the city holding die i (0, 1, ... in order of their first
 * die); returns the number of cities. */
int dice_grid_cities(const struct dice_grid *g, uint8_t *city);
/* For each die and side, the list index of the die joined to it through city edges there,
 * or -1 (an empty cell, or the window's border, which can never be closed). */
void dice_grid_links(const struct dice_grid *g, int8_t (*link)[4]);
/* The dice joined to `die` through the links (a bit mask of list indices). */
uint16_t dice_grid_flood(const int8_t (*link)[4], int die);
/* Dice of the list in a city, as a bit mask of list indices. */
uint16_t dice_grid_city(const struct dice_grid *g, int die);
/* Number of city edges of the dice in `members` (a bit mask of list indices) that face
 * an empty cell or the window's border. */
int dice_grid_open_edges(const struct dice_grid *g, uint16_t members);
/* The same with the grid's links already found (dice_grid_links). */
int dice_grid_open_edges_linked(const struct dice_grid *g, const int8_t (*link)[4],
                                uint16_t members);
/* The grid's cities with its links found: *largest_closed = dice in the largest closed
 * city (0 when none); the open cities' dice (bit masks of list indices, in order of their
 * first die) go to open[]; returns their number. */
int dice_grid_sort_cities(const struct dice_grid *g, const int8_t (*link)[4], int *largest_closed,
                          uint16_t *open);
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

/* The legal control moves of a DECIDE position (roll again with k knights set aside, stop,
 * bank), in the order dice_legal_moves lists them after the builds. Returns their number. */
int dice_control_moves(const struct dice_state *s, kk_move *out);

/* --- policy.c: the playout policy (rollout=policy) --------------------------------------- */
/* Greedy on dice_evaluate over the builds that matter: every build into a hole of a city
 * (a cell a built city edge faces), one build per face and rotation set apart from every
 * city, and the control moves; ties drawn from rng. */
kk_move dice_policy_move(const void *state, kk_rng *rng);
/* Those candidate moves (the game's candidate_moves hook): legal, in a fixed order, at most
 * DICE_CANDIDATES_MAX. */
#define DICE_CANDIDATES_MAX (DICE_KINDS * 4 * (4 * DICE_COUNT + 1) + DICE_COUNT + 3)
int dice_candidate_moves(const void *state, kk_move *out);

/* --- notation.c: move and roll notation; check.c: the consistency check ---------------- */
int dice_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int dice_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int dice_check(const void *state, kk_error *err);

/* --- eval.c ----------------------------------------------------------------------------- */
/* Greedy value of state for seat, in points (see the rules doc). */
double dice_evaluate(const void *state, int seat);
/* The deep evaluation (kk_game deep_open, deep_evaluate, deep_close): dice_evaluate with the
 * turn's part valued by the single-turn solver (engine/dice/turn.c, dice_turn_rest). */
void *dice_deep_open(const void *state, kk_error *err);
double dice_deep_evaluate(void *ctx, const void *state, int seat);
void dice_deep_close(void *ctx);
/* kk_game deep_fair: 1 where the solver answers for the rules of state (not under
 * placement=touching or set_aside=one, where dice_evaluate stands in); see eval.c for how
 * fair. */
int dice_deep_fair(void *ctx, const void *state);
/* Chance-weighted points of the open city of the dice in `members` (list indices): the points it would
 * have with every hole filled, times the chance of filling them this turn (rules doc). */
double dice_open_city_value(const struct dice_state *s, uint16_t members);

/* --- render.c: the track and the build grid as text (draw) and SVG (svg) ------------ */
struct kk_buf;
void dice_draw(const void *state, int seat, struct kk_buf *out);
void dice_svg(const void *state, struct kk_buf *out);

#endif
