/* What a Temple of Doom seat cannot see. Deck orders are never stored (every card turned up
 * or dealt is a chance node), so with open hands (the default: team-mates tell each other
 * their cards) a seat sees the whole state. With open_hands=0 a seat sees only its own hand:
 * its view deals every other seat's hand, keeping the hand sizes, uniformly from the cards
 * it has not seen (the movement deck and the other hands). */
#include <string.h>

#include "temple_of_doom.h"

void td_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct td_state *s = state;
    struct td_state *v = out;
    if (v != s)
        memcpy(v, s, sizeof *v);
    if (v->open_hands || v->phase == TD_PH_OVER)
        return;
    uint32_t pool = v->move_deck;
    int size[TD_MAX_SEATS] = {0};
    for (int p = 0; p < v->players; p++)
        if (p != seat) {
            pool |= v->hand[p];
            size[p] = __builtin_popcount(v->hand[p]);
            v->hand[p] = 0;
        }
    for (int p = 0; p < v->players; p++)
        for (int k = 0; k < size[p]; k++) {
            uint32_t r = kk_rng_bounded(rng, (uint32_t)__builtin_popcount(pool)), m = pool;
            while (r--)
                m &= m - 1;
            uint32_t bit = m & (0u - m);
            v->hand[p] |= bit;
            pool &= ~bit;
        }
    v->move_deck = pool;
}
