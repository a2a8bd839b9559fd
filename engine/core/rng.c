#include "rng.h"

void kk_rng_seed(kk_rng *rng, uint64_t initstate, uint64_t initseq)
{
    rng->state = 0u;
    rng->inc = (initseq << 1u) | 1u;
    (void)kk_rng_u32(rng);
    rng->state += initstate;
    (void)kk_rng_u32(rng);
}

double kk_rng_double(kk_rng *rng)
{
    uint64_t hi = kk_rng_u32(rng) >> 5;  /* 27 bits */
    uint64_t lo = kk_rng_u32(rng) >> 6;  /* 26 bits */
    return (double)((hi << 26) | lo) * (1.0 / 9007199254740992.0);
}

void kk_rng_split(kk_rng *parent, uint64_t k, kk_rng *child)
{
    uint64_t s = ((uint64_t)kk_rng_u32(parent) << 32) | kk_rng_u32(parent);
    kk_rng_seed(child, s, k);
}
