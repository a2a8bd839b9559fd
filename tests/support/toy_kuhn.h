/* toy-kuhn: Kuhn poker, the smallest poker game with a known equilibrium, for the tests of
 * counterfactual regret minimisation (agents/cfr.h).
 *
 * Three cards J < Q < K. Each of the 2 seats antes 1 chip and chance deals one card to seat
 * 0, then one of the other two to seat 1. Seat 0 passes (`p`) or bets 1 (`b`). After a pass
 * seat 1 passes (showdown for 1) or bets; after a bet seat 1 folds (`p`, seat 0 wins 1) or
 * calls (`b`, showdown for 2). After pass-bet seat 0 folds (seat 1 wins 1) or calls
 * (showdown for 2). Scores are the chips won (+) or lost (-); the game is zero-sum and its
 * value for seat 0 is -1/18. Chance notation: `J`, `Q`, `K`.
 *
 * info_key: the seat's own card (one byte 0..2), then every move so far (one byte each). */
#ifndef KK_TOY_KUHN_H
#define KK_TOY_KUHN_H

#include "engine/core/game.h"

extern const struct kk_game kk_toy_kuhn;

enum { TOY_KUHN_PASS = 0, TOY_KUHN_BET = 1 };

#endif
