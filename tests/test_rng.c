/* PCG32 against the published reference outputs (pcg32-demo with initstate 42,
 * initseq 54), and the unbiased bounded draw. */
#include <string.h>

#include "engine/core/rng.h"
#include "testlib.h"

int main(void)
{
    kk_rng rng;
    kk_rng_seed(&rng, 42u, 54u);
    const uint32_t expect[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                0x83d2f293, 0xbfa4784b, 0xcbed606e};
    for (int i = 0; i < 6; i++)
        CHECK_EQ_INT(kk_rng_u32(&rng), expect[i]);

    const char *coins = "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT";
    char got[66] = {0};
    for (int i = 0; i < 65; i++)
        got[i] = kk_rng_bounded(&rng, 2) ? 'H' : 'T';
    CHECK(strcmp(got, coins) == 0);

    const int rolls[33] = {3, 4, 1, 1, 2, 2, 3, 2, 4, 3, 2, 4, 3, 3, 5, 2, 3,
                           1, 3, 1, 5, 1, 4, 1, 5, 6, 4, 6, 6, 2, 6, 3, 3};
    for (int i = 0; i < 33; i++)
        CHECK_EQ_INT(kk_rng_bounded(&rng, 6) + 1, rolls[i]);

    /* Different streams from the same seed differ; the same stream repeats. */
    kk_rng a, b, c;
    kk_rng_seed(&a, 7, 1);
    kk_rng_seed(&b, 7, 2);
    kk_rng_seed(&c, 7, 1);
    int same_ab = 1, same_ac = 1;
    for (int i = 0; i < 16; i++) {
        uint32_t x = kk_rng_u32(&a), y = kk_rng_u32(&b), z = kk_rng_u32(&c);
        same_ab &= x == y;
        same_ac &= x == z;
    }
    CHECK(!same_ab);
    CHECK(same_ac);

    /* Bounded draws stay in range and are roughly uniform for an awkward bound. */
    kk_rng_seed(&a, 1, 1);
    int counts[7] = {0};
    for (int i = 0; i < 70000; i++) {
        uint32_t x = kk_rng_bounded(&a, 7);
        CHECK(x < 7);
        counts[x < 7 ? x : 0]++;
    }
    for (int k = 0; k < 7; k++)
        CHECK(counts[k] > 9500 && counts[k] < 10500);

    /* The division-free draw: in range, uniform, and a bound of 1 always gives 0. */
    kk_rng_seed(&a, 2, 3);
    int below[7] = {0};
    for (int i = 0; i < 70000; i++) {
        uint32_t x = kk_rng_below(&a, 7);
        CHECK(x < 7);
        below[x < 7 ? x : 0]++;
    }
    for (int k = 0; k < 7; k++)
        CHECK(below[k] > 9500 && below[k] < 10500);
    for (int i = 0; i < 100; i++)
        CHECK_EQ_INT(kk_rng_below(&a, 1), 0);
    /* A huge bound exercises the rejection path: values still below it. */
    for (int i = 0; i < 1000; i++)
        CHECK(kk_rng_below(&a, 0xC0000000u) < 0xC0000000u);

    /* Doubles lie in [0, 1). */
    for (int i = 0; i < 10000; i++) {
        double d = kk_rng_double(&a);
        CHECK(d >= 0.0 && d < 1.0);
    }
    return kk_test_done("rng");
}
