#include "ratings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/rng.h"
#include "stats.h"

/* Mixed into the bootstrap's seed so its streams never coincide with the games' streams
 * of the same seed (an arbitrary odd constant). */
#define BOOT_SEED_MIX 0xB0075712A9C3D5E1ULL

#define ELO_PER_NAT (400.0 / 2.302585092994046) /* 400 / ln 10 */

double kk_ratings_pair_result(const struct kk_rated_game *g, int s, int t)
{
    int ws = (int)(g->winners >> s & 1u), wt = (int)(g->winners >> t & 1u);
    if (ws != wt)
        return ws ? 1.0 : 0.0;
    if (g->score[s] > g->score[t])
        return 1.0;
    if (g->score[s] < g->score[t])
        return 0.0;
    return 0.5;
}

void kk_ratings_add_game(const struct kk_rated_game *g, int n, double *points, double *count)
{
    for (int s = 0; s < g->players; s++)
        for (int t = s + 1; t < g->players; t++) {
            int i = g->agent[s], j = g->agent[t];
            if (i == j)
                continue;
            double x = kk_ratings_pair_result(g, s, t);
            points[i * n + j] += x;
            points[j * n + i] += 1 - x;
            count[i * n + j] += 1;
            count[j * n + i] += 1;
        }
}

/* 1 when every agent is reachable from agent 0 through pairs that met. */
static int connected(int n, const double *count)
{
    int seen[KK_RATINGS_MAX_AGENTS] = {1}, stack[KK_RATINGS_MAX_AGENTS], top = 0, reached = 1;
    stack[top++] = 0;
    while (top > 0) {
        int i = stack[--top];
        for (int j = 0; j < n; j++)
            if (!seen[j] && count[i * n + j] > 0) {
                seen[j] = 1;
                reached++;
                stack[top++] = j;
            }
    }
    return reached == n;
}

/* Log-likelihood of natural-log strengths theta given points p and counts c. */
static double loglik(int n, const double *p, const double *c, const double *theta)
{
    double l = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (c[i * n + j] <= 0)
                continue;
            double d = theta[i] - theta[j];
            /* log(e^a + e^b) - a = log1p(e^(b - a)), computed on the stable side. */
            double lse = d > 0 ? theta[i] + log1p(exp(-d)) : theta[j] + log1p(exp(d));
            l += p[i * n + j] * theta[i] + p[j * n + i] * theta[j] - c[i * n + j] * lse;
        }
    return l;
}

/* Solves a x = b (m x m, row-major, destroyed) by Gaussian elimination with partial
 * pivoting. Returns -1 if singular. */
static int solve(int m, double *a, double *b)
{
    for (int k = 0; k < m; k++) {
        int piv = k;
        for (int r = k + 1; r < m; r++)
            if (fabs(a[r * m + k]) > fabs(a[piv * m + k]))
                piv = r;
        if (fabs(a[piv * m + k]) < 1e-300)
            return -1;
        if (piv != k) {
            for (int c = 0; c < m; c++) {
                double t = a[k * m + c];
                a[k * m + c] = a[piv * m + c];
                a[piv * m + c] = t;
            }
            double t = b[k];
            b[k] = b[piv];
            b[piv] = t;
        }
        for (int r = k + 1; r < m; r++) {
            double f = a[r * m + k] / a[k * m + k];
            for (int c = k; c < m; c++)
                a[r * m + c] -= f * a[k * m + c];
            b[r] -= f * b[k];
        }
    }
    for (int k = m - 1; k >= 0; k--) {
        double s = b[k];
        for (int c = k + 1; c < m; c++)
            s -= a[k * m + c] * b[c];
        b[k] = s / a[k * m + k];
    }
    return 0;
}

int kk_ratings_bt(int n, const double *points, const double *count, double prior, int anchor,
                  double *elo, kk_error *err)
{
    if (n < 1 || n > KK_RATINGS_MAX_AGENTS)
        return kk_fail(err, "need 1..%d agents, got %d", KK_RATINGS_MAX_AGENTS, n);
    if (anchor < 0 || anchor >= n)
        return kk_fail(err, "anchor %d is not an agent", anchor);
    if (!connected(n, count))
        return kk_fail(err, "the agents do not all meet, directly or through others: "
                            "their ratings are not comparable");
    enum { N = KK_RATINGS_MAX_AGENTS };
    double p[N * N], c[N * N], theta[N] = {0};
    for (int i = 0; i < n * n; i++) {
        int met = count[i] > 0;
        p[i] = points[i] + (met ? prior / 2 : 0);
        c[i] = count[i] + (met ? prior : 0);
    }
    /* Newton's method on the free strengths (theta[anchor] = 0): the log-likelihood is
     * concave, strictly once every pair that met has a draw (prior > 0); a step that
     * does not raise it is halved. */
    int free_idx[N], m = 0;
    for (int i = 0; i < n; i++)
        if (i != anchor)
            free_idx[m++] = i;
    int iter;
    double l = loglik(n, p, c, theta);
    for (iter = 1; iter <= 200 && m > 0; iter++) {
        double h[N * N], g[N];
        for (int a = 0; a < m; a++) {
            int i = free_idx[a];
            g[a] = 0;
            for (int b = 0; b < m; b++)
                h[a * m + b] = 0;
            for (int j = 0; j < n; j++) {
                if (j == i || c[i * n + j] <= 0)
                    continue;
                double pij = 1 / (1 + exp(theta[j] - theta[i]));
                double w = c[i * n + j] * pij * (1 - pij);
                g[a] += p[i * n + j] - c[i * n + j] * pij;
                h[a * m + a] += w; /* minus the Hessian: positive definite */
                for (int b = 0; b < m; b++)
                    if (free_idx[b] == j)
                        h[a * m + b] -= w;
            }
        }
        double step[N];
        memcpy(step, g, sizeof step);
        if (solve(m, h, step) != 0)
            return kk_fail(err, "the rating fit is singular (an agent with no comparisons?)");
        double next[N], lnext = 0, biggest = 0;
        for (double scale = 1; scale > 1e-6; scale /= 2) {
            memcpy(next, theta, sizeof next);
            biggest = 0;
            for (int a = 0; a < m; a++) {
                next[free_idx[a]] += scale * step[a];
                biggest = fmax(biggest, fabs(scale * step[a]));
            }
            lnext = loglik(n, p, c, next);
            if (lnext >= l - 1e-12 * fabs(l))
                break;
        }
        memcpy(theta, next, sizeof theta);
        l = lnext;
        if (biggest < 1e-11)
            break;
    }
    for (int i = 0; i < n; i++)
        elo[i] = theta[i] * ELO_PER_NAT;
    return iter;
}

double kk_quantile_sorted(const double *sorted, int n, double q)
{
    if (n <= 0)
        return 0;
    double h = (n - 1) * q;
    int lo = (int)floor(h);
    if (lo >= n - 1)
        return sorted[n - 1];
    return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double spread_of(int n, const double *elo)
{
    double lo = elo[0], hi = elo[0];
    for (int i = 1; i < n; i++) {
        lo = fmin(lo, elo[i]);
        hi = fmax(hi, elo[i]);
    }
    return hi - lo;
}

static void interval(double *vals, int b, struct kk_rating_ci *ci)
{
    qsort(vals, (size_t)b, sizeof *vals, cmp_double);
    ci->low = kk_quantile_sorted(vals, b, 0.025);
    ci->high = kk_quantile_sorted(vals, b, 0.975);
    /* A percentile interval need not hold the full-data estimate; when it does not (a
     * skewed statistic on few games), widen it to do so rather than print a point outside
     * its own interval. */
    ci->low = fmin(ci->low, ci->rating);
    ci->high = fmax(ci->high, ci->rating);
}

int kk_ratings_fit(const struct kk_rated_game *games, long long n, int num_agents, int anchor,
                   double prior, int replicates, uint64_t seed, struct kk_ratings *out,
                   kk_error *err)
{
    int A = num_agents;
    memset(out, 0, sizeof *out);
    if (A < 2 || A > KK_RATINGS_MAX_AGENTS)
        return kk_fail(err, "need 2..%d agents to rate, got %d", KK_RATINGS_MAX_AGENTS, A);
    for (long long k = 0; k < n; k++) {
        if (games[k].stratum < 0 || games[k].stratum > 1000000)
            return kk_fail(err, "game %lld: stratum %d out of range", k, games[k].stratum);
        if (games[k].players < 2 || games[k].players > KK_MAX_SEATS)
            return kk_fail(err, "game %lld: %d players", k, games[k].players);
        for (int s = 0; s < games[k].players; s++)
            if (games[k].agent[s] < 0 || games[k].agent[s] >= A)
                return kk_fail(err, "game %lld: seat %d has no agent", k, s);
    }
    out->num_agents = A;
    out->anchor = anchor;
    out->prior = prior;
    out->replicates = replicates;
    for (long long k = 0; k < n; k++) {
        const struct kk_rated_game *g = &games[k];
        kk_ratings_add_game(g, A, out->points, out->count);
        int present[KK_RATINGS_MAX_AGENTS] = {0};
        for (int s = 0; s < g->players; s++)
            present[g->agent[s]] = 1;
        for (int i = 0; i < A; i++)
            for (int j = 0; j < A; j++)
                out->met[i * A + j] += i != j && present[i] && present[j];
    }
    double elo[KK_RATINGS_MAX_AGENTS];
    if (kk_ratings_bt(A, out->points, out->count, prior, anchor, elo, err) < 0)
        return -1;
    for (int i = 0; i < A; i++) {
        out->agent[i].rating = out->agent[i].low = out->agent[i].high = elo[i];
        if (elo[i] > elo[out->best])
            out->best = i;
        if (elo[i] < elo[out->worst])
            out->worst = i;
        for (int j = 0; j < A; j++) {
            double c = out->count[i * A + j], p = out->points[i * A + j];
            if (c > 0 && (p == 0 || p == c))
                out->saturated = 1;
        }
    }
    out->spread.rating = out->spread.low = out->spread.high = spread_of(A, elo);
    {
        int b = out->best, w = out->worst;
        double c = out->count[b * A + w], games_met = out->met[b * A + w];
        double p = c > 0 ? out->points[b * A + w] / c : 0.5, lo = 0, hi = 1;
        /* Wilson over the games they shared (each game's comparisons averaged), not over
         * comparisons, which are not independent within a game. */
        if (games_met > 0)
            kk_wilson(p * games_met, games_met, KK_Z95, &lo, &hi);
        out->skill.rating = 2 * p - 1;
        out->skill.low = fmin(2 * lo - 1, out->skill.rating);
        out->skill.high = fmax(2 * hi - 1, out->skill.rating);
    }
    if (replicates <= 0 || n == 0)
        return 0;

    /* Games sorted by stratum (stable), so each stratum is one run [start, end). */
    long long *order = malloc(sizeof *order * (size_t)n);
    double *vals = malloc(sizeof *vals * (size_t)replicates * (size_t)(A + 1));
    if (!order || !vals) {
        free(order);
        free(vals);
        return kk_fail(err, "out of memory for %d bootstrap replicates", replicates);
    }
    /* Counting sort by stratum (strata are small non-negative numbers: pairings). */
    int max_stratum = 0;
    for (long long k = 0; k < n; k++)
        max_stratum = games[k].stratum > max_stratum ? games[k].stratum : max_stratum;
    long long *next = calloc((size_t)max_stratum + 2, sizeof *next);
    if (!next) {
        free(order);
        free(vals);
        return kk_fail(err, "out of memory");
    }
    for (long long k = 0; k < n; k++)
        next[games[k].stratum + 1]++;
    for (int s = 1; s <= max_stratum + 1; s++)
        next[s] += next[s - 1];
    for (long long k = 0; k < n; k++)
        order[next[games[k].stratum]++] = k;
    free(next);
    long long m = n;
    int status = 0;
    for (int b = 0; b < replicates && status == 0; b++) {
        kk_rng rng;
        kk_rng_seed(&rng, seed ^ BOOT_SEED_MIX, (uint64_t)b);
        double pts[KK_RATINGS_MAX_AGENTS * KK_RATINGS_MAX_AGENTS] = {0};
        double cnt[KK_RATINGS_MAX_AGENTS * KK_RATINGS_MAX_AGENTS] = {0};
        for (long long start = 0; start < m;) {
            long long end = start;
            while (end < m && games[order[end]].stratum == games[order[start]].stratum)
                end++;
            long long size = end - start;
            for (long long d = 0; d < size; d++) {
                /* Strata hold fewer than 2^32 games; kk_rng_bounded is unbiased. */
                long long pick = start + (long long)kk_rng_bounded(&rng, (uint32_t)size);
                kk_ratings_add_game(&games[order[pick]], A, pts, cnt);
            }
            start = end;
        }
        double e[KK_RATINGS_MAX_AGENTS];
        if (kk_ratings_bt(A, pts, cnt, prior, anchor, e, err) < 0) {
            status = -1;
            break;
        }
        for (int i = 0; i < A; i++)
            vals[(size_t)i * (size_t)replicates + (size_t)b] = e[i];
        vals[(size_t)A * (size_t)replicates + (size_t)b] = spread_of(A, e);
    }
    if (status == 0) {
        for (int i = 0; i < A; i++)
            interval(vals + (size_t)i * (size_t)replicates, replicates, &out->agent[i]);
        interval(vals + (size_t)A * (size_t)replicates, replicates, &out->spread);
    }
    free(order);
    free(vals);
    return status;
}
