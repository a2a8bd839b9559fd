#include "stats.h"

#include <float.h>
#include <math.h>

void kk_wilson(double successes, double n, double z, double *lo, double *hi)
{
    if (!(n > 0)) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = successes / n;
    double z2 = z * z;
    double denom = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / denom;
    double half = z / denom * sqrt(fmax(0, p * (1 - p) / n + z2 / (4 * n * n)));
    *lo = fmax(0, centre - half);
    *hi = fmin(1, centre + half);
    /* At p = 0 or 1 the bound equals p exactly; keep it so rather than a rounding away. */
    if (successes <= 0)
        *lo = 0;
    if (successes >= n)
        *hi = 1;
}

/* Continued fraction for the incomplete beta (modified Lentz), valid for
 * x < (a + 1) / (a + b + 2); the caller uses the symmetry otherwise. */
static double betacf(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny)
        d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 1000; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + num * d;
        c = 1 + num / c;
        if (fabs(d) < tiny)
            d = tiny;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + num * d;
        c = 1 + num / c;
        if (fabs(d) < tiny)
            d = tiny;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        double step = d * c;
        h *= step;
        if (fabs(step - 1) < 1e-15)
            break;
    }
    return h;
}

double kk_betainc(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * betacf(a, b, x) / a;
    return 1 - front * betacf(b, a, 1 - x) / b;
}

double kk_t_quantile(double alpha, double df)
{
    /* Beyond ~1e7 degrees of freedom t and the normal agree to double precision. */
    if (!(df >= 1) || df > 1e7) {
        if (alpha == 0.05)
            return KK_Z95;
        df = 1e7;
    }
    /* P(|T| > t) = I_x(df/2, 1/2) with x = df / (df + t^2), increasing in x: bisect on x. */
    double lo = 0, hi = 1;
    for (int i = 0; i < 200 && hi - lo > DBL_EPSILON * hi; i++) {
        double mid = 0.5 * (lo + hi);
        if (kk_betainc(df / 2, 0.5, mid) < alpha)
            lo = mid;
        else
            hi = mid;
    }
    double x = 0.5 * (lo + hi);
    return sqrt(df * (1 - x) / x);
}

static void estimate(double sum, double sq_dev, size_t n, struct kk_estimate *out)
{
    out->n = n;
    out->mean = n ? sum / (double)n : 0;
    out->sd = n > 1 ? sqrt(sq_dev / (double)(n - 1)) : 0;
    if (n < 2) {
        out->lo = out->hi = out->mean;
        return;
    }
    double half = kk_t_quantile(0.05, (double)(n - 1)) * out->sd / sqrt((double)n);
    out->lo = out->mean - half;
    out->hi = out->mean + half;
}

/* A zeroed series is empty; the 0/1 test is kept as not_binary so that
 * zero-initialised memory is a valid empty series. */
void kk_series_add(struct kk_series *s, double x)
{
    s->sum += x;
    s->n++;
    s->not_binary |= !(x == 0 || x == 1);
}

void kk_series_add_sq(struct kk_series *s, double x)
{
    double mean = s->n ? s->sum / (double)s->n : 0;
    s->sq += (x - mean) * (x - mean);
}

void kk_series_mean_ci(const struct kk_series *s, struct kk_estimate *out)
{
    estimate(s->sum, s->sq, s->n, out);
    if (s->n > 0 && !s->not_binary)
        kk_wilson(s->sum, (double)s->n, KK_Z95, &out->lo, &out->hi);
}

void kk_series_diff_ci(const struct kk_series *s, struct kk_estimate *out)
{
    estimate(s->sum, s->sq, s->n, out);
}

/* The array forms are the series fed twice, so the two can never disagree. */
void kk_mean_ci(const double *x, size_t n, size_t stride, struct kk_estimate *out)
{
    /* Two passes: the centred sum of squares is exact enough for any n we run. */
    struct kk_series s = {0};
    for (size_t i = 0; i < n; i++)
        kk_series_add(&s, x[i * stride]);
    for (size_t i = 0; i < n; i++)
        kk_series_add_sq(&s, x[i * stride]);
    kk_series_mean_ci(&s, out);
}

void kk_paired_diff(const double *a, const double *b, size_t n, size_t stride,
                    struct kk_estimate *out)
{
    struct kk_series s = {0};
    for (size_t i = 0; i < n; i++)
        kk_series_add(&s, a[i * stride] - b[i * stride]);
    for (size_t i = 0; i < n; i++)
        kk_series_add_sq(&s, a[i * stride] - b[i * stride]);
    kk_series_diff_ci(&s, out);
}
