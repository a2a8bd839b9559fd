/* Backgammon (`backgammon`), the Green Box version: the state, the move encoding and the
 * move generator shared by the module's files and its tests. The public game is
 * kk_game_backgammon (engine/core/games.def); rules as implemented, notation and the
 * greedy evaluation are in docs/rules/backgammon.md. */
#ifndef BG_H
#define BG_H

#include <stdint.h>

#include "../core/game.h"

#define BG_SEATS 2
#define BG_CHECKERS 15
#define BG_BAR 0   /* space 0: hit checkers waiting to enter */
#define BG_OFF 25  /* space 25: borne off */
#define BG_SPACES 26
#define BG_HOME 19 /* spaces 19..24 are a seat's home board (points 6..1) */
#define BG_MAX_MOVES 8192

/* Phases: the opening roll and every roll are chance nodes; MOVE is a seat's play. */
enum { BG_PHASE_OPENING, BG_PHASE_ROLL, BG_PHASE_MOVE, BG_PHASE_OVER };

/* A play (the whole turn) is a move: up to 4 single-die steps, 6 bits each, in the order
 * they are applied; a step is (from space << 1) | die index, the die index 0 naming the
 * higher die dice[0] and 1 the lower dice[1] (always 0 on a double). The number of steps
 * sits in bits 24..26. The pass is 0. legal_moves lists, for each distinct resulting
 * position, the step list that the notation prints (rules doc, "Notation"). */
#define BG_MOVE_STEPS(m) ((int)(((uint32_t)(m) >> 24) & 7u))
#define BG_STEP(m, i) ((int)(((uint32_t)(m) >> (6 * (i))) & 63u))
#define BG_STEP_FROM(step) ((step) >> 1)
#define BG_STEP_DIE(step) ((step) & 1)
#define BG_MOVE_PASS 0

/* Chance outcomes: (die a << 3) | die b. A roll has a >= b; the opening roll has a != b,
 * a being seat 0's die. */
#define BG_ROLL(a, b) (((a) << 3) | (b))

/* Per-game statistics, in the order of the game's stats table. */
enum {
    BG_ST_TURNS,
    BG_ST_HITS,      /* per seat: 2 values */
    BG_ST_PIPS_LEFT = BG_ST_HITS + 2,
    BG_ST_GAMMON,
    BG_ST_BACKGAMMON,
    BG_ST_OPENER,
    BG_ST_OPENER_WON,
    BG_NUM_STAT_VALUES
};
#define BG_NUM_STATS 7

struct bg_state {
    /* board[s][k]: seat s's checkers on its own space k (0 bar, 1..24, 25 off). Seat 1's
     * space k is seat 0's space 25 - k. */
    uint8_t board[BG_SEATS][BG_SPACES];
    uint8_t phase;
    uint8_t seat;       /* seat to play (phase MOVE), or the seat about to roll */
    uint8_t dice[2];    /* the roll being played: higher first (equal on a double) */
    uint8_t higher_die; /* rules: the higher die must be played when only one can be */
    uint8_t gammons;    /* rules: gammons and backgammons score 2 and 3 */
    uint8_t winner;     /* phase OVER */
    uint8_t opener;     /* the seat that took the first turn */
    int16_t pips[BG_SEATS]; /* pip counts, kept up to date by apply */
    int32_t turns;          /* plays made, passes included */
    int32_t hits[BG_SEATS];
};

extern const struct kk_game kk_game_backgammon;

/* --- game.c ------------------------------------------------------------------------- */
/* Target space of a step of seat `seat` from space `from` with die d, or -1 when the step
 * is illegal (bar first, blocked point, bearing off not allowed or not from the farthest
 * checker). */
int bg_step_target(const struct bg_state *s, int seat, int from, int d);
/* Applies a legal step (hitting a blot on the target); returns 1 when it hit. */
int bg_step_apply(struct bg_state *s, int seat, int from, int d);
/* Pip count of seat (bar counts 25), computed from the board. */
int bg_pip_count(const struct bg_state *s, int seat);
/* 1 when every one of the seat's checkers is in its home board or off. */
int bg_all_home(const struct bg_state *s, int seat);

/* --- notation.c, check.c, eval.c ---------------------------------------------------- */
int bg_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int bg_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int bg_check(const void *state, kk_error *err);
double bg_evaluate(const void *state, int seat);

/* --- render.c: the board as text (draw hook) and SVG (svg hook) -------------------- */
struct kk_buf;
void bg_draw(const void *state, int seat, struct kk_buf *out);
void bg_svg(const void *state, struct kk_buf *out);

#endif
