/* Tunnel Run's information barrier: a seat sees its own hand, every hand's size, the
 * track, the pirates, the discards and the draw pile's size, but not the other hands
 * (unless open_hands=1). sample_view redeals the cards the seat cannot see (the other
 * hands and the draw pile) uniformly, keeping every hand's size. */
#include <string.h>

#include "tunnel_run.h"

void tr_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct tr_state *s = state;
    struct tr_state *v = out;
    memcpy(v, s, sizeof *v);
    if (s->open_hands)
        return;
    /* The unseen cards, in symbol order (the true split among them must not leak). */
    uint8_t unseen[TR_SYMBOLS * TR_CARDS_PER_SYMBOL];
    int n = 0;
    for (int y = 0; y < TR_SYMBOLS; y++) {
        int c = s->pile[y];
        for (int p = 0; p < s->players; p++)
            if (p != seat)
                c += s->hand[p][y];
        for (int k = 0; k < c; k++)
            unseen[n++] = (uint8_t)y;
        v->pile[y] = 0;
    }
    /* Deal each other hand its size by drawing without replacement from the unseen cards;
     * the rest is the pile. */
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        int size = tr_hand_cards(s, p);
        memset(v->hand[p], 0, sizeof v->hand[p]);
        for (int k = 0; k < size; k++) {
            int j = (int)kk_rng_below(rng, (uint32_t)n);
            v->hand[p][unseen[j]]++;
            unseen[j] = unseen[--n];
        }
    }
    for (int k = 0; k < n; k++)
        v->pile[unseen[k]]++;
}
