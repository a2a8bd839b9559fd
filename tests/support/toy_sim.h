/* toy-match: a tiny game with simultaneous rounds, for tests of the simultaneous-round
 * contract (hidden commitments, reveal, observe timing, replay traces) and of honest agents.
 *
 * Matching pennies, `rounds` rounds (default 5), 2 seats. In each round both seats commit a
 * coin side (`0` or `1`): seat 0 first, then seat 1, hidden until both are in. Seat 0 scores
 * the round when the sides match, seat 1 when they differ. Whoever could see the other's
 * pending side would win every round; an honest player wins half of them on average.
 * With split=1 each commitment takes two moves of its seat (a meaningless call, then the
 * side): the sub-decisions of a compound choice. */
#ifndef KK_TOY_SIM_H
#define KK_TOY_SIM_H

#include "engine/core/game.h"

extern const struct kk_game kk_toy_match;

/* The side seat committed in the open round, or -1 (for tests of views). */
int toy_match_side(const void *state, int seat);

#endif
