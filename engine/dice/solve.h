/* Exact single-turn references for the dice game (engine/dice/solve.c, `kark solve
 * carcassonne-dice`, docs/agents.md). */
#ifndef DICE_SOLVE_H
#define DICE_SOLVE_H

#include <stddef.h>

#include "dice.h"

/* Exact values need more than 64 bits: 6^27 is about 10^21. */
__extension__ typedef unsigned __int128 dice_u128;

struct dice_solve_result {
    /* Best expected points of a turn of t throws (1..3) with all 9 dice, as
     * numerator[t] / 6^denominator_exp[t]. t = 1 is the exact optimum of a
     * one-throw turn; t >= 2 the optimum when kept faces need not be placed until the
     * last throw (an upper bound on the real turn, which places each kept die at once). */
    dice_u128 numerator[DICE_ROLLS + 1];
    int denominator_exp[DICE_ROLLS + 1];
    long long closed_cities;          /* closed cities grown by the enumeration */
    int closable_multisets[DICE_COUNT + 1]; /* face multisets that close exactly, by size */
    long long states;                 /* expectimax states evaluated */
    int best_closed[10000];           /* largest closed city of a face multiset (count code) */
};

/* A whole turn of `throws` throws (1..3) of `dice` dice (1..9) under the real rules, kept
 * dice built at once:
 * numerator / 6^denominator_exp is the exact value of the best policy of the class that
 * engine/dice/turn.c describes (one partial city grown through its holes), a lower bound
 * on the turn's optimum under set_aside=any, placement=anywhere. */
struct dice_turn_result {
    dice_u128 numerator;
    int denominator_exp;
    long long states;         /* (partial city, floor, dice, throws) values computed */
    long long partial_cities; /* distinct partial cities up to symmetry */
};
/* best_closed: the table of dice_solve's result (same faces). */
int dice_turn_solve(const struct dice_state *s, const int *best_closed, int dice, int throws,
                    int bridges, struct dice_turn_result *r, kk_error *err);

/* The same class answering for a turn in play, for an evaluation (agents' `eval=deep`):
 * dice_turn_open builds an empty solver for the rules of s (default placement and
 * set-aside rules; its tables grow as it is asked), dice_turn_rest gives the expected
 * points (not doubled) of the rest of the turn of s under the best policy of the class:
 * the largest closed city so far is kept, one open city of the grid (whichever is best,
 * or none) is grown through its holes, dice set apart from it are ignored, knights are
 * thrown again. A lower bound on what the turn can still score. Returns -1 when memory
 * runs out. */
struct dice_turn;
struct dice_turn *dice_turn_open(const struct dice_state *s, int bridges, kk_error *err);
double dice_turn_rest(struct dice_turn *tn, const struct dice_state *s);
/* The same for a turn not begun, of `dice` dice (three throws, an empty grid). */
double dice_turn_start(struct dice_turn *tn, int dice);
void dice_turn_close(struct dice_turn *tn);

/* Solves the rules of s (its faces), on the unbounded grid. */
int dice_solve(const struct dice_state *s, struct dice_solve_result *r, kk_error *err);

/* Decimal text of v; returns its length, or -1 when size is too small. */
int dice_u128_text(dice_u128 v, char *buf, size_t size);
/* num / 6^den_exp as a double. */
double dice_u128_ratio(dice_u128 num, int den_exp);

#endif
