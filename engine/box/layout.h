/* The `layout_seed` convention of the Green Box (boards the players build): a layout N >= 1
 * is built from PCG32 seeded as pcg_basic's pcg32_srandom_r(N, G) with G the game's constant,
 * bounded draws as pcg32_boundedrand_r and Fisher-Yates shuffles from the top, so every
 * implementation of the rules builds the same board from N. kk_rng_seed and kk_rng_bounded
 * are exactly those two pcg_basic functions (tests/jump_gate checks the published outputs),
 * so this module only adds the shuffle and names the contract. */
#ifndef GB_LAYOUT_H
#define GB_LAYOUT_H

#include <stdint.h>

#include "../core/rng.h"

/* Largest N a `layout_seed=-1` game draws (uniformly from 1..GB_LAYOUTS). */
#define GB_LAYOUTS 1000

/* The generator of layout n for a game whose generator constant is seq. */
static inline void gb_layout_rng(kk_rng *rng, uint64_t n, uint64_t seq)
{
    kk_rng_seed(rng, n, seq);
}

/* below(bound) of the convention: uniform in [0, bound), threshold rejection. */
static inline uint32_t gb_layout_below(kk_rng *rng, uint32_t bound)
{
    return kk_rng_bounded(rng, bound);
}

/* Fisher-Yates from the top: for i = n-1 down to 1, swap a[i] with a[below(i+1)]. */
void gb_layout_shuffle(kk_rng *rng, uint8_t *a, int n);

#endif
