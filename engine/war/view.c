/* War 2.0's views. Every hand is common knowledge; the only hidden item is the attacker's
 * committed battle card while the defender has not committed (a simultaneous round). A
 * view for any seat other than the attacker redraws that card uniformly from the cards the
 * attacker could have played: its hand now plus the committed card. */
#include <string.h>

#include "war.h"

void war_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct war_state *s = state;
    struct war_state *v = out;
    memcpy(v, s, sizeof *v);
    if (s->phase != WAR_PH_DEFEND || seat == s->turn_seat)
        return;
    int a = s->turn_seat;
    uint16_t could = (uint16_t)(s->hand[a] | (1u << s->att_card));
    int n = __builtin_popcount(could);
    int pick = (int)kk_rng_bounded(rng, (uint32_t)n);
    for (int k = 0; k < WAR_HAND; k++)
        if (could >> k & 1 && pick-- == 0) {
            v->att_card = (uint8_t)k;
            break;
        }
    v->hand[a] = (uint16_t)(could & ~(1u << v->att_card));
}
