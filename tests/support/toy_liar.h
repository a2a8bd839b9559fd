/* toy-liar: a model of the smallest Liar's Cards game (2 seats, 1 cube each: a single sum
 * round), for measuring CFR on the shape of its real target before that engine exists.
 *
 * Chance deals each seat one card of the Green Box deck, seen as its number only: of the
 * 54 cards, 18 show 1, 12 show 2 and 6 each show 3, 4, 5 and 6, drawn without replacement
 * (outcome `1`..`6`, probability copies left / cards left). Seat 0 must open with a bid
 * `sV` (V = 1..12: "the two numbers add up to at least V"); then the seats alternate, each
 * raising to a larger V or calling (`call`) the previous bid. At a call the bid holds iff
 * the sum is >= V: then the caller loses, else the bidder. The winner scores 1, the loser 0.
 * The symbols of the real cards play no part in a sum round, so leaving them out changes
 * no value.
 *
 * info_key: the seat's own number (one byte), then every bid (one byte each). */
#ifndef KK_TOY_LIAR_H
#define KK_TOY_LIAR_H

#include "engine/core/game.h"

extern const struct kk_game kk_toy_liar;

enum { TOY_LIAR_CALL = 0 }; /* bid V is move V */

#endif
