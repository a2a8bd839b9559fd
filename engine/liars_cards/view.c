/* What a seat of Liar's Cards cannot see: the other seats' cards in the round being dealt
 * or bid. sample_view redeals them; everything public (lives, bids, track, hand sizes, the
 * deal's progress) and the seat's own cards stay as they are. */
#include <string.h>

#include "liars_cards.h"

void lc_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct lc_state *s = state;
    struct lc_state *v = out;
    memcpy(v, s, sizeof *v);
    /* Before the first deal, between rounds (hands face up after the challenge) and at the
     * end nothing is hidden. */
    if (s->phase == LC_PHASE_TRACK || s->phase == LC_PHASE_OVER ||
        (s->phase == LC_PHASE_DEAL && s->dealt == 0))
        return;
    /* The pool: every card the seat does not hold (the undealt ones and the others'). */
    uint8_t pool[GB_KINDS];
    int total = s->cards_left;
    memcpy(pool, s->kind_left, sizeof pool);
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_len[p]; i++)
            pool[s->hand[p][i]]++;
        total += s->hand_len[p];
    }
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_len[p]; i++) {
            int pick = (int)kk_rng_below(rng, (uint32_t)total), k = 0;
            while (pick >= pool[k])
                pick -= pool[k++];
            v->hand[p][i] = (uint8_t)k;
            pool[k]--;
            total--;
        }
    }
    memcpy(v->kind_left, pool, sizeof pool);
    v->cards_left = (uint8_t)total;
}
