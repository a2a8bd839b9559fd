/* The Gauntlet (Green Box): 2-4 players race up a 3x12 track, each turn programming three
 * cards in secret (a simultaneous commitment) that are revealed one per step and acted in
 * card-number order. Rules as implemented: docs/rules/gauntlet.md. */
#ifndef GT_GAUNTLET_H
#define GT_GAUNTLET_H

#include <stdint.h>

#include "../box/box.h"
#include "../core/game.h"
#include "track.h"

#define GT_MAX_SEATS 4
#define GT_MAX_MOVES 2200
#define GT_LP 3

enum gt_phase {
    GT_PHASE_LAYOUT, /* chance: layout_seed=-1 draws N */
    GT_PHASE_DEAL,   /* chance: cards turned up into the market (setup and turn end) */
    GT_PHASE_DIE,    /* chance: the turn's M in 3..6 */
    GT_PHASE_TAKE,   /* seat: takes 2 market cards */
    GT_PHASE_DRAW,   /* chance: that seat's 2 draws */
    GT_PHASE_PLAN,   /* simultaneous: every seat commits 3 ordered cards and a discard */
    GT_PHASE_STEP,   /* seats act in card order */
    GT_PHASE_OVER
};

/* Where a card is. Plan slots: GT_LOC_PLAN + seat * 4 + slot (slots 0-2 the steps, 3 the
 * discard, which moves to the discard pile when every plan is in). */
enum { GT_LOC_OUT, GT_LOC_PILE, GT_LOC_MARKET, GT_LOC_DISCARD, GT_LOC_HAND,
       GT_LOC_PLAN = GT_LOC_HAND + GT_MAX_SEATS };

struct gt_state {
    struct gt_track track;
    uint8_t players, phase, turn, max_turns;
    uint8_t sword_king, final_tie_shared;
    uint8_t start_player;
    uint8_t m, step;           /* the turn's moves; the current step 1..3 (0 before) */
    uint8_t to_deal;           /* cards still to turn up (DEAL) or draw (DRAW) */
    uint8_t draw_k;            /* in the draw phase, the k-th seat from the start player */
    uint8_t committed;         /* plan bits of seats that have committed */
    uint8_t order[GT_MAX_SEATS], num_order, order_at; /* acting order of the step */
    uint8_t pos[GT_MAX_SEATS];                /* GT_START, tile, GT_END */
    uint8_t lp[GT_MAX_SEATS];
    uint8_t ko_end[GT_MAX_SEATS];             /* turn at whose end a knocked-out seat revives */
    uint8_t used[GT_MAX_SEATS];               /* moves spent this turn */
    uint8_t fin_step[GT_MAX_SEATS];           /* 1..3 the step it finished in, 0 not */
    uint8_t fin_rank[GT_MAX_SEATS], num_fin;  /* finishing order (1 first) */
    uint8_t capped;
    uint8_t winners;
    uint8_t loc[GB_CARDS];
    uint8_t known[GB_CARDS]; /* 1: everyone saw this card go into its holder's hand */
    uint8_t plan[GT_MAX_SEATS][4];
};

extern const struct kk_game kk_game_gauntlet;

#endif
