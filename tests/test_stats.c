/* Statistics used by tournament and balance reports, against independently known values:
 * Wilson intervals (published examples and a direct evaluation of the formula), Student t
 * quantiles (standard tables), the incomplete beta function, t intervals of means and
 * paired differences. */
#include <math.h>

#include "experiments/stats.h"
#include "testlib.h"

#define CHECK_NEAR(a, b, tol)                                                          \
    do {                                                                               \
        double kk_x_ = (a), kk_y_ = (b);                                               \
        kk_test_checks++;                                                              \
        if (!(fabs(kk_x_ - kk_y_) <= (tol))) {                                         \
            kk_test_failures++;                                                        \
            fprintf(stderr, "%s:%d: %s == %.12g, expected %.12g\n", __FILE__, __LINE__, \
                    #a, kk_x_, kk_y_);                                                 \
        }                                                                              \
    } while (0)

static void test_wilson(void)
{
    double lo, hi;
    kk_wilson(50, 100, KK_Z95, &lo, &hi);
    CHECK_NEAR(lo, 0.4038315303659956, 1e-12);
    CHECK_NEAR(hi, 0.5961684696340044, 1e-12);
    /* Extreme proportions: the interval touches 0 or 1 exactly and stays inside [0, 1]. */
    kk_wilson(0, 10, KK_Z95, &lo, &hi);
    CHECK(lo == 0);
    CHECK_NEAR(hi, 0.2775327998628892, 1e-12);
    kk_wilson(10, 10, KK_Z95, &lo, &hi);
    CHECK_NEAR(lo, 0.7224672001371107, 1e-12);
    CHECK(hi == 1);
    kk_wilson(7, 20, KK_Z95, &lo, &hi);
    CHECK_NEAR(lo, 0.18119182410108206, 1e-12);
    CHECK_NEAR(hi, 0.5671457233147638, 1e-12);
    /* Shared wins: 2.5 wins in 10 games (e.g. five 2-way ties) enters as p = 0.25. */
    kk_wilson(2.5, 10, KK_Z95, &lo, &hi);
    CHECK_NEAR(lo, 0.08094782420999444, 1e-12);
    CHECK_NEAR(hi, 0.5578185757214501, 1e-12);
    /* No games: no information. */
    kk_wilson(0, 0, KK_Z95, &lo, &hi);
    CHECK(lo == 0 && hi == 1);
}

static void test_t_quantile(void)
{
    CHECK_NEAR(kk_betainc(2, 3, 0.5), 0.6875, 1e-12);
    CHECK_NEAR(kk_betainc(0.5, 0.5, 0.5), 0.5, 1e-12);
    CHECK_NEAR(kk_betainc(3, 1, 0.2), 0.008, 1e-12); /* x^a when b = 1 */
    /* Two-sided 95% points of Student's t (standard tables). */
    CHECK_NEAR(kk_t_quantile(0.05, 1), 12.7062047362, 1e-8);
    CHECK_NEAR(kk_t_quantile(0.05, 2), 4.30265272975, 1e-8);
    CHECK_NEAR(kk_t_quantile(0.05, 4), 2.7764451052, 1e-8);
    CHECK_NEAR(kk_t_quantile(0.05, 10), 2.22813885196, 1e-8);
    CHECK_NEAR(kk_t_quantile(0.05, 30), 2.04227245630, 1e-8);
    CHECK_NEAR(kk_t_quantile(0.05, 100), 1.98397151852, 1e-8);
    CHECK_NEAR(kk_t_quantile(0.01, 5), 4.03214298356, 1e-8);
    CHECK_NEAR(kk_t_quantile(0.05, 1e9), KK_Z95, 1e-9);
}

static void test_means(void)
{
    const double x[] = {1, 2, 3, 4, 5};
    struct kk_estimate e;
    kk_mean_ci(x, 5, 1, &e);
    CHECK_NEAR(e.mean, 3, 1e-12);
    CHECK_NEAR(e.sd, sqrt(2.5), 1e-12);
    CHECK_NEAR(e.lo, 1.0367568385224393, 1e-9);
    CHECK_NEAR(e.hi, 4.9632431614775607, 1e-9);
    CHECK_EQ_INT(e.n, 5);
    /* Stride picks every other value: {1, 3, 5}. */
    kk_mean_ci(x, 3, 2, &e);
    CHECK_NEAR(e.mean, 3, 1e-12);
    CHECK_NEAR(e.sd, 2, 1e-12);
    /* A constant sample has a zero-width interval; one value has no spread at all. */
    const double c[] = {34, 34, 34};
    kk_mean_ci(c, 3, 1, &e);
    CHECK(e.lo == 34 && e.hi == 34);
    kk_mean_ci(c, 1, 1, &e);
    CHECK(e.lo == 34 && e.hi == 34 && e.sd == 0);
    /* 0/1 values are a proportion: Wilson, inside [0, 1] and never a point. 999 ones and
     * a zero: t would give [0.997, 1.001]; all zeros: t would give [0, 0]. */
    static double bits[1000];
    for (int i = 0; i < 1000; i++)
        bits[i] = i > 0;
    kk_mean_ci(bits, 1000, 1, &e);
    double wlo, whi;
    kk_wilson(999, 1000, KK_Z95, &wlo, &whi);
    CHECK(e.mean == 0.999 && e.lo == wlo && e.hi == whi && e.hi <= 1 && e.lo < 0.997);
    for (int i = 0; i < 1000; i++)
        bits[i] = 0;
    kk_mean_ci(bits, 1000, 1, &e);
    CHECK(e.mean == 0 && e.lo == 0 && e.hi > 0.003 && e.hi < 0.004);

    /* Paired differences d = {1, 2, 0, 3}: mean 1.5, sd 1.29099, t(3) = 3.18245. */
    const double a[] = {5, 7, 9, 6}, b[] = {4, 5, 9, 3};
    kk_paired_diff(a, b, 4, 1, &e);
    CHECK_NEAR(e.mean, 1.5, 1e-12);
    CHECK_NEAR(e.sd, 1.2909944487358056, 1e-12);
    CHECK_NEAR(e.lo, -0.554260256760879, 1e-9);
    CHECK_NEAR(e.hi, 3.554260256760879, 1e-9);
    /* Pairing removes the shared noise: a - b is constant, so the interval is a point,
     * although a and b each vary a lot. */
    const double u[] = {10, 50, 20, 90}, w[] = {9, 49, 19, 89};
    kk_paired_diff(u, w, 4, 1, &e);
    CHECK(e.mean == 1 && e.lo == 1 && e.hi == 1);
}

int main(void)
{
    test_wilson();
    test_t_quantile();
    test_means();
    return kk_test_done("stats");
}
