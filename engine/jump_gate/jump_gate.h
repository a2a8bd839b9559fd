/* Jump Gate (`jump-gate`), a Green Box roll-and-move race: the state, the track and the
 * turn machine. The public game is kk_game_jump_gate (engine/core/games.def); this header
 * is for the module's own files and its tests. Rules as implemented: docs/rules/jump-gate.md. */
#ifndef JG_H
#define JG_H

#include <stdint.h>

#include "../core/game.h"

#define JG_MAX_SEATS 4 /* players: 2-4 */
#define JG_TRACK 36    /* positions 0..35 clockwise; corners at 0, 9, 18, 27 */
#define JG_SIDE 9      /* positions per side (a side's far corner is the next side's first) */
#define JG_VALUES 6    /* card numbers 1..6 */
#define JG_HAND 9      /* a colour's cards: 1,1,1,2,2,3,4,5,6 */
#define JG_MAX_CRATES 20 /* 16 planets, plus the 4 corners with corner_crates=1 */
#define JG_LAYOUT_SEQ 1  /* generator constant G of the layout_seed convention */

/* Track cells: a gate of symbol 0..5 (engine/box symbol order), a planet or a corner. */
enum { JG_PLANET = 6, JG_CORNER = 7 };

enum { JG_PHASE_LAYOUT, JG_PHASE_ROLL, JG_PHASE_CARD, JG_PHASE_OVER };

/* Moves at a card decision: JG_PASS, or a card value 1..6 and a direction. Chance
 * outcomes: the die value 1..6, or at the layout draw the layout number 1..1000. */
#define JG_PASS 0
static inline kk_move jg_card_move(int value, int backward) { return 2 * value + backward; }
static inline int jg_move_value(kk_move m) { return m / 2; }
static inline int jg_move_backward(kk_move m) { return m & 1; }

/* Per-game statistics, in the order of the game's stats table. */
enum {
    JG_ST_TURNS,
    JG_ST_CAPPED,
    JG_ST_GATE_JUMPS,
    JG_ST_CRATES_ON_ROLL,
    JG_ST_CRATES_BY_CARD,
    JG_ST_CARDS_PLAYED,
    JG_ST_CARDS_DECLINED,
    JG_ST_REFRESHES,
    JG_NUM_STATS
};

struct jg_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players;
    uint8_t corner_card;   /* 1: a card may follow landing on a (crate-less) corner */
    uint8_t card_reuse;    /* 0 none, 1 refresh */
    uint8_t corner_crates; /* 1: corners are planets in every rule */
    uint8_t crates;        /* crates per seat */
    int32_t layout_seed;   /* the parameter: 0, N >= 1, or -1 (drawn) */
    int32_t max_turns;

    /* The track (built at init, or by the layout draw). */
    int32_t layout;            /* layout number in use (0: the fixed one) */
    uint8_t track[JG_TRACK];   /* gate symbol, JG_PLANET or JG_CORNER */
    uint8_t jump[JG_TRACK];    /* for a gate, the next gate of its symbol clockwise */
    uint64_t planets;          /* positions that count as planets (corners too with corner_crates) */
    uint64_t crate_spots;      /* positions that got a crate of every seat at setup */

    /* The game. */
    uint8_t phase;
    uint8_t seat;                             /* whose turn it is */
    uint8_t winners;                          /* when over */
    uint8_t pos[JG_MAX_SEATS];
    uint8_t hand[JG_MAX_SEATS][JG_VALUES + 1]; /* cards in hand by value (index 1..6) */
    uint8_t spent[JG_MAX_SEATS];              /* cards played since the hand was full */
    uint64_t crates_left[JG_MAX_SEATS];       /* positions still holding the seat's crate */
    int32_t turns;                            /* completed turns */

    int32_t stat[JG_NUM_STATS];
};

/* --- layout.c --------------------------------------------------------------------------- */
/* The fixed track of the rules (layout_seed=0), one letter per position. */
extern const char jg_fixed_layout[JG_TRACK + 1];
/* Fills track with layout n (0: the fixed one; n >= 1: the seeded generator). */
void jg_build_layout(int n, uint8_t *track);
/* The track as the rules write it: K corner, P planet, a symbol letter for a gate. */
void jg_layout_text(const uint8_t *track, char *buf /* JG_TRACK + 1 */);

/* --- game.c ----------------------------------------------------------------------------- */
extern const struct kk_game kk_game_jump_gate;
/* Crates the seat has collected. */
int jg_collected(const struct jg_state *s, int seat);
/* Cards in the seat's hand. */
int jg_hand_size(const struct jg_state *s, int seat);
/* Position reached from p by moving d steps (negative: backward), before any jump. */
static inline int jg_step(int p, int d) { return ((p + d) % JG_TRACK + JG_TRACK) % JG_TRACK; }

/* --- notation.c, check.c, eval.c -------------------------------------------------------- */
int jg_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int jg_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int jg_check(const void *state, kk_error *err);
double jg_evaluate(const void *state, int seat);

/* --- render.c: the track as text (draw hook) and SVG (svg hook) ------------------------ */
struct kk_buf;
void jg_draw(const void *state, int seat, struct kk_buf *out);
void jg_svg(const void *state, struct kk_buf *out);

#endif
