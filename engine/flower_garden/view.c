/* What a Flower Garden seat cannot see: the other seats' hands and the order of the draw
 * pile (which the engine never stores). Everything else is public: shop rows, beds,
 * flowers, piles, the discard pile and every hand's size. */
#include <string.h>

#include "flower_garden.h"

/* The cards the seat cannot see (the draw pile and every other hand) are dealt again
 * uniformly: each other seat gets as many as it holds, the rest form the draw pile. The
 * result depends only on that set and the hand sizes, never on who really holds what.
 * (A seat with perfect memory could know more: after a reshuffle the new draw pile's
 * contents were public. Following the rules' model, kark deals uniformly; the rules doc
 * says so.) A seat outside 0..players-1 sees no hand. */
void fg_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct fg_state *s = state;
    struct fg_state *v = out;
    if (v != s)
        memcpy(v, s, sizeof *v);
    uint64_t unseen = v->draw;
    int size[FG_MAX_SEATS];
    for (int p = 0; p < v->players; p++) {
        size[p] = __builtin_popcountll(v->hand[p]);
        if (p != seat) {
            unseen |= v->hand[p];
            v->hand[p] = 0;
        }
    }
    int pool[GB_CARDS], n = 0;
    for (uint64_t m = unseen; m; m &= m - 1)
        pool[n++] = __builtin_ctzll(m);
    for (int p = 0; p < v->players; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < size[p]; i++) {
            int j = (int)kk_rng_bounded(rng, (uint32_t)n);
            v->hand[p] |= UINT64_C(1) << pool[j];
            pool[j] = pool[--n];
        }
    }
    uint64_t draw = 0;
    for (int i = 0; i < n; i++)
        draw |= UINT64_C(1) << pool[i];
    v->draw = draw;
}
