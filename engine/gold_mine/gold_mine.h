/* Gold Mine (`gold-mine`, 2-8 players): the Green Box's push-your-luck game. A shared deck
 * is turned up card by card; after each card every seat still in the mine secretly chooses
 * to stay or to flee. The public game is kk_game_gold_mine (engine/core/games.def); this
 * header is for the module's own files and its tests. Rules as implemented, the
 * simultaneous model and the greedy evaluation are in docs/rules/gold-mine.md. */
#ifndef GOLD_MINE_H
#define GOLD_MINE_H

#include <stdint.h>

#include "../box/box.h"
#include "../core/game.h"

#define GM_MAX_SEATS 8 /* players: 2-8 */
/* Most cards face up in one round: collapse_count - 1 of each symbol, then the card that
 * collapses the mine (19 with collapse_count=4). */
#define GM_MAX_FACE (GB_SYMBOLS * 3 + 1)

/* Seat moves, in legal_moves() order. */
enum { GM_STAY = 0, GM_FLEE = 1 };
/* Chance outcomes are card kinds (engine/box: symbol * 6 + number - 1). */

enum { GM_PHASE_REVEAL, GM_PHASE_DECIDE, GM_PHASE_OVER };
enum { GM_DECK_RESHUFFLE, GM_DECK_CONTINUE };

/* Per-game statistics, in the order of the game's stats table (docs/rules/gold-mine.md). */
enum {
    GM_ST_GOLD_PER_ROUND,   /* per seat */
    GM_ST_BANKED_PER_ROUND, /* all seats together */
    GM_ST_COLLAPSES,
    GM_ST_CARDS_PER_ROUND,
    GM_ST_CAUGHT_RATE,      /* per seat */
    GM_ST_GOLD_LOST,        /* per seat */
    GM_ST_POOL_LOST,
    GM_ST_REFILLS,
    GM_NUM_STATS
};

struct gm_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players;
    uint8_t rounds;
    uint8_t collapse_count;
    uint8_t deck_mode;            /* GM_DECK_* */
    uint8_t remove_collapse_card; /* 1: a collapsing card leaves the game */

    /* Where the game is. */
    uint8_t phase;
    uint8_t round;     /* 1-based, the round being played (== rounds once over) */
    uint8_t inside;    /* seats still in the mine this round (bit mask) */
    uint8_t committed; /* seats inside that have committed this decision (hidden choices) */
    uint8_t fleeing;   /* of those, the ones that chose flee: hidden until all are in */
    uint8_t last_fled; /* seats that fled at the last reveal of choices (public) */
    uint8_t num_face;  /* cards face up this round */
    uint8_t face[GM_MAX_FACE];          /* their kinds, in order */
    uint8_t symbol_up[GB_SYMBOLS];      /* face-up cards of each symbol this round */
    uint8_t deck[GB_KINDS];             /* undrawn cards of each kind */
    uint8_t discard[GB_KINDS];          /* cards of finished rounds not in the deck */
    uint8_t removed[GB_KINDS];          /* collapsing cards out of the game */
    uint8_t deck_left;                  /* sum of deck[] */
    int32_t banked[GM_MAX_SEATS];
    int32_t carried[GM_MAX_SEATS];
    int32_t pool; /* gold left lying on the cards this round */

    /* Bookkeeping: conservation (check) and statistics, all public. */
    int32_t gold_found;  /* numbers of every card that was shared */
    int32_t gold_gone;   /* carried gold and pool gold lost (collapses, pools left behind) */
    int32_t rounds_done;
    int32_t collapses;
    int32_t cards_turned;
    int32_t pool_lost;
    int32_t refills;
    int32_t caught[GM_MAX_SEATS];  /* rounds the seat was inside when the mine collapsed */
    int32_t lost_by[GM_MAX_SEATS]; /* carried gold the seat lost in collapses */
};

extern const struct kk_game kk_game_gold_mine;

/* 1 if turning up a card of this kind now would collapse the mine. */
static inline int gm_collapses(const struct gm_state *s, int kind)
{
    return s->symbol_up[gb_kind_symbol(kind)] + 1 >= s->collapse_count;
}

/* --- notation.c ------------------------------------------------------------------------ */
int gm_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int gm_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);

/* --- eval.c ---------------------------------------------------------------------------- */
double gm_evaluate(const void *state, int seat);
void gm_get_stats(const void *state, double *out);
extern const struct kk_stat_desc gm_stats[GM_NUM_STATS];
/* The chance that the next card collapses the mine (0 when not at a round in progress). */
double gm_collapse_chance(const struct gm_state *s);

/* --- view.c / check.c ------------------------------------------------------------------ */
void gm_sample_view(const void *state, int seat, kk_rng *rng, void *out);
uint32_t gm_simultaneous(const void *state);
int gm_check(const void *state, kk_error *err);

/* --- render.c: the text picture and events as a seat sees them ---------------------- */
void gm_draw(const void *state, int seat, struct kk_buf *out);
void gm_view_event(const void *state, kk_move move, int seat, struct kk_buf *out);

#endif
