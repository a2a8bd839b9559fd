/* What a Gold Mine seat cannot see: the choices other seats have committed in the current
 * decision but that are not yet revealed. Everything else (cards, deck counts, gold) is
 * public, so a seat's view redraws only those choices. */
#include <string.h>

#include "gold_mine.h"

/* Every other seat's pending choice becomes stay or flee with probability 1/2 each (the
 * seat knows only that they committed); the viewing seat's own choice and every public
 * field stay as they are. */
void gm_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct gm_state *s = state;
    struct gm_state *v = out;
    if (v != s)
        memcpy(v, s, sizeof *v);
    if (v->phase != GM_PHASE_DECIDE)
        return;
    unsigned own = seat >= 0 && seat < GM_MAX_SEATS ? 1u << seat : 0u;
    unsigned others = v->committed & ~own;
    unsigned fleeing = v->fleeing & ~others;
    for (unsigned m = others; m; m &= m - 1)
        if (kk_rng_bounded(rng, 2))
            fleeing |= m & (0u - m);
    v->fleeing = (uint8_t)fleeing;
}
