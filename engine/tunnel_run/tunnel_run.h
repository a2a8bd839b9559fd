/* Tunnel Run (`tunnel-run`), a Green Box race in the manner of Cartagena: the state, its
 * move and chance encodings and the turn machine. The public game is kk_game_tunnel_run
 * (engine/core/games.def); this header is for the module's own files and its tests.
 * Rules as implemented: docs/rules/tunnel-run.md. */
#ifndef TR_H
#define TR_H

#include <stdint.h>

#include "../core/game.h"

#define TR_MAX_SEATS 4
#define TR_MAX_PIRATES 6
#define TR_TILES 36   /* positions 1..36; 0 is the start, 37 the exit */
#define TR_EXIT 37
#define TR_SEGMENTS 6 /* of 6 tiles, each a permutation of the 6 symbols */
#define TR_PERMS 720
#define TR_SYMBOLS 6
#define TR_CARDS_PER_SYMBOL 9

/* Phases: three chance phases (segment layout, deal, draw) and the seat's action. */
enum { TR_PHASE_SEGMENT, TR_PHASE_DEAL, TR_PHASE_ACT, TR_PHASE_DRAW, TR_PHASE_OVER };

/* Seat moves: forward (symbol, from position), backward (from position), end, pass.
 * Chance outcomes: a segment's permutation rank 0..719, or a card's symbol 0..5. */
#define TR_BACK 512
#define TR_END 600
#define TR_PASS 601
static inline kk_move tr_forward(int symbol, int from) { return symbol * 64 + from; }
static inline int tr_is_forward(kk_move m) { return m < TR_BACK; }

enum {
    TR_ST_TURNS,
    TR_ST_CAPPED,
    TR_ST_FORWARD,
    TR_ST_SKIPPED,
    TR_ST_BACKWARD,
    TR_ST_BACKWARD_CARDS,
    TR_ST_RESHUFFLES,
    TR_ST_PASSES,
    TR_NUM_STATS
};

struct tr_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players, advanced, pirates, hand_size, actions, reshuffle, open_hands;
    int32_t max_turns;

    /* The track: track[1..36] are symbols (valid for the segments laid so far). */
    uint8_t track[TR_EXIT + 1];
    uint8_t segments; /* segments laid */

    /* Pirates: each seat's positions (any order) and the count on every position. */
    uint8_t pos[TR_MAX_SEATS][TR_MAX_PIRATES];
    uint8_t occ[TR_EXIT + 1];

    /* Cards by symbol: hands, the draw pile (its order is never stored) and the discards. */
    uint8_t hand[TR_MAX_SEATS][TR_SYMBOLS];
    uint8_t pile[TR_SYMBOLS];
    uint8_t discard[TR_SYMBOLS];

    uint8_t phase;
    uint8_t seat;      /* whose turn it is (or who is being dealt to) */
    uint8_t dealt;     /* cards dealt to `seat` so far (deal phase) */
    uint8_t draws;     /* cards still to draw (draw phase) */
    uint8_t acts;      /* actions taken this turn */
    uint8_t winners;   /* when over */
    int32_t turns;     /* completed turns */
    int32_t stat[TR_NUM_STATS];
};

/* --- game.c --------------------------------------------------------------------------- */
extern const struct kk_game kk_game_tunnel_run;
/* Where a forward move with symbol s from position p lands (1..36, or the exit). */
int tr_forward_target(const struct tr_state *s, int symbol, int from);
/* Where a backward move from tile p lands, or -1 if it has none. */
int tr_backward_target(const struct tr_state *s, int from);
/* Pirates of the seat at the exit. */
int tr_exited(const struct tr_state *s, int seat);
int tr_hand_cards(const struct tr_state *s, int seat);
/* The 6 symbols of permutation rank r (0..719), and back. */
void tr_perm_symbols(int rank, uint8_t *out);
int tr_perm_rank(const uint8_t *symbols);

/* --- notation.c, check.c, eval.c, view.c ------------------------------------------------- */
int tr_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int tr_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int tr_check(const void *state, kk_error *err);
double tr_evaluate(const void *state, int seat);
void tr_sample_view(const void *state, int seat, kk_rng *rng, void *out);

/* --- render.c: pictures (draw, view_event and svg hooks) ------------------------------ */
struct kk_buf;
void tr_draw(const void *state, int seat, struct kk_buf *out);
void tr_view_event(const void *state, kk_move move, int seat, struct kk_buf *out);
void tr_svg(const void *state, struct kk_buf *out);

#endif
