#include "layout.h"

void gb_layout_shuffle(kk_rng *rng, uint8_t *a, int n)
{
    for (int i = n - 1; i >= 1; i--) {
        int j = (int)gb_layout_below(rng, (uint32_t)(i + 1));
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
