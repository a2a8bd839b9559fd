/* War 2.0 (Green Box, 2-4 players): a dice-free territory war on a hex map. The public game
 * is kk_game_war; the rules as implemented, the notation and the measured results are in
 * docs/rules/war.md. This header holds the map (fixed maps, the layout_seed generator, hex
 * "odd-r" and square adjacency, tile scoring: map.c), the flat state and the move encoding.
 *
 * A turn's compound actions are split into sub-decisions of the seat (a reinforce is its
 * card and then one tile per move; a move action is its card and then one step per move);
 * the record writes each action on one line, as the rules do, through the game's line
 * hooks (line_text / line_read in engine/core/game.h). A battle is a simultaneous round
 * committed attacker first: the attacker's declaration (tiles) is public, its card and the
 * defender's card are the round's two commitments. */
#ifndef WAR_H
#define WAR_H

#include <stdint.h>

#include "../core/game.h"

#define WAR_MAX_SEATS 4
#define WAR_ROWS 6
#define WAR_MAX_COLS 6
#define WAR_MAX_CELLS (WAR_ROWS * WAR_MAX_COLS)
#define WAR_BLANK 6        /* a face-down (brown) tile: no symbol */
#define WAR_MAX_NEIGHBOURS 6
#define WAR_LAYOUT_SEQ 4   /* the generator constant G of the rules */
#define WAR_HAND 9         /* cards of one colour; card k of colour c is deck id 9c + k */
#define WAR_MAX_UNITS 20
#define WAR_MAX_MOVES 512

enum war_grid { WAR_HEX, WAR_SQUARE };

/* A map: cols x 6 cells in row-major order (y, then x), each a symbol 0-5 or WAR_BLANK. */
struct war_map {
    uint8_t cols, cells;
    uint8_t tile[WAR_MAX_CELLS];
};

/* Columns of the map for a player count (2: 4, 3: 5, 4: 6). */
int war_map_cols(int players);
/* Builds the map for `players` seats: layout_seed n = 0 the fixed map of the rules, n >= 1
 * the generator's layout n (3 tiles of each symbol in use, then the blanks, shuffled and
 * dealt row-major). */
void war_build_map(struct war_map *m, int players, int n);
/* The map as the rules' test vectors write it: rows y0..y5 separated by " / ", cells by
 * spaces, '.' for a blank. buf needs at least 2 * WAR_MAX_CELLS + 4 * WAR_ROWS bytes. */
void war_map_text(const struct war_map *m, char *buf);
/* Writes the cell indices adjacent to cell c under grid and returns how many. */
int war_neighbours(const struct war_map *m, enum war_grid grid, int c, uint8_t *out);
/* Score of a seat owning the cells whose bits are set in owned: one point per tile,
 * k(k+1)/2 for k different symbols among its face-up tiles, 5 per symbol of which it owns
 * all three face-up tiles. */
int war_score_tiles(const struct war_map *m, uint64_t owned);

/* Phases: who is to move and what a move means there. */
enum war_phase {
    WAR_PH_LAYOUT,  /* chance: layout_seed=-1 draws N in 1..1000 */
    WAR_PH_PLACE,   /* setup: one unit on a cell */
    WAR_PH_TURN,    /* the turn card */
    WAR_PH_ACTION,  /* the next action (its card), or end */
    WAR_PH_REINF,   /* reinforce: one tile more, or close */
    WAR_PH_MOVE,    /* move: one step more, or close */
    WAR_PH_ATTACK,  /* battle round, first commitment: the attacker's card */
    WAR_PH_DEFEND,  /* battle round, second commitment: the defender's card */
    WAR_PH_FLEE,    /* the beaten defender's units leave E */
    WAR_PH_ADVANCE, /* the winner moves units from T into the empty E */
    WAR_PH_OVER
};

/* Move encoding (a move's meaning depends on the phase; k is a card index 0..8 within the
 * seat's colour, cells are map indices y * cols + x). */
enum {
    WAR_MV_CELL = 0,       /* + cell: placement, reinforce tile, flee target */
    WAR_MV_TURN = 40,      /* + k */
    WAR_MV_REINF = 50,     /* + k: start a reinforce */
    WAR_MV_MOVE = 60,      /* + k: start a move action */
    WAR_MV_CARD = 70,      /* + k: a battle card (attacker or defender) */
    WAR_MV_END = 80,       /* end the turn early */
    WAR_MV_CLOSE = 81,     /* end the reinforce / move action (or flee: stay) */
    WAR_MV_ADVANCE = 90,   /* + units moved into E (0..20) */
    WAR_MV_ATTACK = 200,   /* + T * 36 + E: declare an attack from T on E */
    WAR_MV_STEP = 2000,    /* + (src * 36 + dst) * 21 + count (1..20) */
};

struct war_state {
    struct war_map map;
    uint8_t players, phase, seat; /* seat: the seat to move (also during a battle) */
    uint8_t turn_seat;            /* whose turn it is */
    /* rules parameters */
    uint8_t grid, start_any, must_use_all, chain_moves, defender_bonus, advance_leave_one,
        attack_ends_turn, units;
    uint8_t colour[WAR_MAX_SEATS];
    /* the map */
    int8_t owner[WAR_MAX_CELLS]; /* -1: empty */
    uint8_t count[WAR_MAX_CELLS];
    uint8_t supply[WAR_MAX_SEATS];
    /* cards (bit k: card k of the seat's colour) */
    uint16_t hand[WAR_MAX_SEATS], played[WAR_MAX_SEATS];
    uint8_t added[WAR_MAX_SEATS]; /* aside cards added so far: 0..3 (4, then 5, then 6) */
    /* setup */
    uint8_t placed;               /* placements made so far (6 per seat) */
    /* the turn */
    uint8_t actions_left, reinforced;
    uint8_t card;                 /* the current action's card (index) */
    /* reinforce */
    uint8_t reinf_left;
    uint64_t reinf_done;          /* tiles that got a unit in this reinforce */
    /* move */
    uint8_t sources_left, steps;
    int8_t source;                /* the current source, -1 none */
    uint64_t used_sources, received;
    uint64_t sent_to;             /* targets the current source has sent units to: each
                                   * target once per source (its count says how many) */
    /* battle */
    uint8_t from, target, defender, att_card, def_card, att_won;
    /* the end */
    uint8_t ending;               /* 0; 1: all sixes are in, this turn is played out;
                                   * 2: final turns running */
    uint8_t final_left;           /* final turns still to play (ending == 2) */
    /* statistics */
    uint16_t turns, battles, attacker_wins;
    uint16_t battles_won[WAR_MAX_SEATS];
};

extern const struct kk_game kk_game_war;

/* Rules helpers shared by the engine files (game.c). */
const struct gb_card *war_card(const struct war_state *s, int seat, int k);
/* Cards seat can play now: its hand, or (empty hand) what the refresh would give. */
uint16_t war_playable(const struct war_state *s, int seat);
/* Units of seat on the map, and the cells it owns. */
int war_units_on_map(const struct war_state *s, int seat);
uint64_t war_owned(const struct war_state *s, int seat);
int war_legal_moves(const void *state, kk_move *out);
void war_apply(void *state, kk_move move);
/* Battle totals for the declared battle with cards ka (attacker) and kd (defender). */
void war_battle_totals(const struct war_state *s, int ka, int kd, int *att, int *def);

/* notation.c */
int war_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int war_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int war_line_text(const void *state, kk_move move, char *buf, size_t size, int *more);
int war_line_read(const void *state, const char *text, kk_move *move, kk_error *err);
/* eval.c */
double war_evaluate(const void *state, int seat);
void war_get_stats(const void *state, double *out);
/* view.c */
void war_sample_view(const void *state, int seat, kk_rng *rng, void *out);
/* check.c */
int war_check(const void *state, kk_error *err);

#endif
