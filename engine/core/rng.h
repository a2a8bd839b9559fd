/* PCG32 random number generator (O'Neill's PCG-XSH-RR, 64-bit state, 32-bit output,
 * selectable stream). Every random draw in kark takes an explicit kk_rng: there is no
 * global generator. Game i of an experiment uses stream (seed, i). */
#ifndef KK_RNG_H
#define KK_RNG_H

#include <stdint.h>

typedef struct kk_rng {
    uint64_t state;
    uint64_t inc; /* stream selector, always odd */
} kk_rng;

/* Seeds like the reference pcg32_srandom_r(rng, initstate, initseq). */
void kk_rng_seed(kk_rng *rng, uint64_t initstate, uint64_t initseq);

static inline uint32_t kk_rng_u32(kk_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Uniform in [0, bound), unbiased (rejection as in the reference pcg32_boundedrand_r,
 * so the published bounded sequences are reproduced). bound must be >= 1. */
static inline uint32_t kk_rng_bounded(kk_rng *rng, uint32_t bound)
{
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = kk_rng_u32(rng);
        if (r >= threshold)
            return r % bound;
    }
}

/* Uniform in [0, bound), unbiased, usually without a division: Lemire's multiply-shift
 * with rejection. Faster than kk_rng_bounded in playout hot paths, but it maps outputs
 * to values differently, so the two give different (equally valid) sequences.
 * bound must be >= 1. */
static inline uint32_t kk_rng_below(kk_rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)kk_rng_u32(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)kk_rng_u32(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform double in [0, 1) with 53 random bits (two draws). */
double kk_rng_double(kk_rng *rng);

/* A child generator for sub-task k (e.g. a search thread), derived deterministically
 * from the parent's next output, so results depend only on the parent stream. */
void kk_rng_split(kk_rng *parent, uint64_t k, kk_rng *child);

#endif
