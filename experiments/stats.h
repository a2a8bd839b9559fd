/* Statistics for experiment reports: Wilson score intervals for win rates (with shared
 * wins counted fractionally), Student-t intervals for means, and paired differences for
 * common-random-number comparisons. Pure functions of their inputs; no allocation. */
#ifndef KK_STATS_H
#define KK_STATS_H

#include <stddef.h>

/* A point estimate with a two-sided 95% interval. */
struct kk_estimate {
    double mean;
    double lo, hi; /* the interval; both equal mean when it cannot be estimated (n < 2) */
    double sd;     /* sample standard deviation (n - 1 denominator), 0 when n < 2 */
    size_t n;
};

/* The normal quantile used for every 95% interval: z = 1.959963984540054. */
#define KK_Z95 1.959963984540054

/* Wilson score interval for a proportion with `successes` out of n trials at normal
 * quantile z. successes may be fractional (a k-way shared win counts 1/k): the formula is
 * applied to p = successes / n unchanged, i.e. shares enter as if they were whole wins
 * spread over n trials. n = 0 gives [0, 1]. */
void kk_wilson(double successes, double n, double z, double *lo, double *hi);

/* Two-sided quantile t such that P(|T| <= t) = 1 - alpha for Student's t with df
 * degrees of freedom (df >= 1; df = 0 or huge gives the normal quantile). */
double kk_t_quantile(double alpha, double df);

/* Mean of x[0..n) with the Student-t 95% interval mean +- t(0.05, n-1) * sd / sqrt(n),
 * except when every value is 0 or 1: the mean is then a proportion and gets the Wilson
 * interval (inside [0, 1], never of zero width). stride: distance in doubles between
 * consecutive values (1 for a plain array). */
void kk_mean_ci(const double *x, size_t n, size_t stride, struct kk_estimate *out);

/* Paired difference: the mean of a[i] - b[i] with its Student-t 95% interval. Used
 * for common random numbers, where game i of two variants shares its random draws. */
void kk_paired_diff(const double *a, const double *b, size_t n, size_t stride,
                    struct kk_estimate *out);

/* The same two estimates fed one value at a time, for results streamed from games.csv
 * (memory does not grow with the games). kk_mean_ci and kk_paired_diff centre the squares
 * on the mean, which is known only after every value: a series therefore takes its values
 * twice, in the same order, first with kk_series_add (sum, count, 0/1 test), then with
 * kk_series_add_sq (squares about sum / n). Both passes do exactly the arithmetic of the
 * array functions, so the estimates are identical bit for bit. For a paired difference
 * the value is a - b. */
struct kk_series {
    double sum, sq;
    size_t n;
    int not_binary; /* a value other than 0 or 1 was added (so a zeroed series is empty) */
};

void kk_series_add(struct kk_series *s, double x);
void kk_series_add_sq(struct kk_series *s, double x);
/* The estimate kk_mean_ci gives for the values added. */
void kk_series_mean_ci(const struct kk_series *s, struct kk_estimate *out);
/* The estimate kk_paired_diff gives for the differences added. */
void kk_series_diff_ci(const struct kk_series *s, struct kk_estimate *out);

/* Regularised incomplete beta function I_x(a, b) (exposed for tests). */
double kk_betainc(double a, double b, double x);

#endif
