/* All Your Base (`all-your-base`, 2-6 players): the Green Box's drafting game. Each turn every
 * seat secretly commits two plays (Build / Hardware / Software) and the cards it keeps, in
 * seat order; the last commitment reveals and resolves them all, then the rest of each hand
 * is passed left. The public game is kk_game_all_your_base (engine/core/games.def); this
 * header is for the module's files and its tests. Rules as implemented, the factoring of a
 * commitment into sub-decisions and the evaluation: docs/rules/all-your-base.md. */
#ifndef ALL_YOUR_BASE_H
#define ALL_YOUR_BASE_H

#include <stdint.h>

#include "../box/box.h"
#include "../core/game.h"

#define AYB_MAX_SEATS 6
/* Station numbers per seat: at most 10 builds a phase for at most 5 phases. */
#define AYB_MAX_STATIONS 64
#define AYB_MAX_MOVES 1600 /* 10 cards x (B, X, S on 7 stations, H on 37 stations x 4 colours) */

/* A play sub-move: card | action << 6 | target station << 9 | cube colour << 15.
 * A keep sub-move: AYB_KEEP | first card | second card << 6 (AYB_NONE: keeps one card). */
enum { AYB_B = 0, AYB_H = 1, AYB_S = 2, AYB_X = 3 };
#define AYB_KEEP (1 << 20)
#define AYB_NONE 63

enum { AYB_PH_REMOVE, AYB_PH_DEAL, AYB_PH_COMMIT, AYB_PH_DRAW, AYB_PH_OVER };
enum { AYB_PASS, AYB_DRAW };
enum { AYB_SIMULTANEOUS, AYB_SEQUENTIAL };

/* Card places (loc[]). */
enum { AYB_L_HAND = 0, /* 0..5: a seat's hand */
       AYB_L_DECK = AYB_MAX_SEATS, AYB_L_DISCARD, AYB_L_SOFT, AYB_L_OUT, AYB_L_RESERVE };

enum {
    AYB_ST_STATIONS, /* per seat: stations built */
    AYB_ST_CUBES,    /* per seat: cubes installed */
    AYB_ST_SOFTWARE, /* per seat: software installed (upgrades included) */
    AYB_ST_FIZZLES,  /* all seats: plays that fizzled on a contested supply */
    AYB_ST_XPLAYS,   /* all seats: no-effect discards */
    AYB_ST_PHASE1,   /* per seat: phase-1 score */
    AYB_NUM_STATS
};

struct ayb_play {
    uint8_t card, act, target, colour;
};

/* A seat's commitment this turn, built one sub-decision at a time. */
struct ayb_plan {
    uint8_t steps; /* sub-decisions made */
    uint8_t nplay; /* plays made (0-2) */
    uint8_t nkeep; /* cards kept (set by the keep sub-move) */
    uint8_t done;  /* 1: the commitment is complete */
    struct ayb_play play[2];
    uint8_t keep[2];
};

struct ayb_station {
    uint8_t alive, symbol, soft; /* soft: card id or AYB_NONE */
    uint8_t cubes[GB_CUBE_COLOURS];
};

struct ayb_state {
    /* Rules, fixed at init. */
    uint8_t players, phases, hand_mode, escalate, keep_base, white_any, turn_mode, hand_size;

    /* Where the game is. */
    uint8_t phase_kind; /* AYB_PH_* */
    uint8_t phase;      /* 1-based */
    uint8_t turn;       /* 1-based within the phase */
    uint8_t lead;       /* lead seat of this turn */
    uint8_t first_lead; /* lead seat of this phase's first turn */
    uint8_t remove_left;  /* escalate removals still to draw */
    uint8_t deal_left;    /* cards still to deal (deal order seat 0 first, round the table) */
    uint8_t deal_next;    /* seat that gets the next dealt card */
    uint8_t draw_seat, draw_left, draw_done; /* draw style: drawing seat, its cards left,
                                                 seats that have drawn (count) */
    uint8_t seq_pos;      /* sequential: position in priority order of the seat to act */
    uint8_t pending;      /* seats still to commit this turn (bit mask) */
    uint8_t tiles[GB_SYMBOLS];
    uint8_t cubes[GB_CUBE_COLOURS];
    uint8_t loc[GB_CARDS];
    uint64_t hand[AYB_MAX_SEATS];
    uint64_t deck;
    uint64_t known[AYB_MAX_SEATS]; /* cards seat p passed at the last pass, still in p+1's hand */
    uint8_t played[AYB_MAX_SEATS]; /* cards played this phase */
    uint8_t nst[AYB_MAX_SEATS];    /* stations ever built (the next station number) */
    struct ayb_station st[AYB_MAX_SEATS][AYB_MAX_STATIONS];
    struct ayb_plan plan[AYB_MAX_SEATS];
    int32_t total[AYB_MAX_SEATS];

    /* Statistics (public). */
    int32_t n_stations[AYB_MAX_SEATS], n_cubes[AYB_MAX_SEATS], n_soft[AYB_MAX_SEATS];
    int32_t phase1[AYB_MAX_SEATS];
    int32_t fizzles, xplays;
};

extern const struct kk_game kk_game_all_your_base;

static inline int ayb_popcount(uint64_t m) { return __builtin_popcountll(m); }

/* --- game.c ---------------------------------------------------------------------------- */
/* The seat whose sub-decision is due (state at AYB_PH_COMMIT). */
int ayb_mover(const struct ayb_state *s);
/* Legal sub-moves of `seat`'s next sub-decision. */
int ayb_seat_moves(const struct ayb_state *s, int seat, kk_move *out);
/* Records a sub-move of `seat` into its plan (no resolution). Returns 1 when the commitment
 * is complete. */
int ayb_plan_add(struct ayb_state *s, int seat, kk_move m);
/* Number of plays and keeps `seat` makes this turn. */
int ayb_plays_due(const struct ayb_state *s, int seat);
int ayb_keeps_due(const struct ayb_state *s, int seat);
/* Resolves one play of `seat` (the card leaves its hand; a contested action fizzles). */
void ayb_resolve_play(struct ayb_state *s, int seat, const struct ayb_play *play);
/* Score of one station / a seat's base if the phase ended now. */
int ayb_station_score(const struct ayb_station *t);
int ayb_base_score(const struct ayb_state *s, int seat);

/* --- notation.c ------------------------------------------------------------------------ */
int ayb_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int ayb_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);

/* --- eval.c ---------------------------------------------------------------------------- */
double ayb_evaluate(const void *state, int seat);
void ayb_get_stats(const void *state, double *out);
extern const struct kk_stat_desc ayb_stats[AYB_NUM_STATS];

/* --- view.c ---------------------------------------------------------------------------- */
void ayb_sample_view(const void *state, int seat, kk_rng *rng, void *out);
int ayb_check(const void *state, kk_error *err);

#endif
