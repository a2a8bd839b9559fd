/* Bradley-Terry (Elo) ratings from game results, for `kark league`. Every game is turned
 * into pairwise comparisons (each pair of seats held by different agents is one
 * comparison, scored 1, 1/2 or 0), the comparisons are summed into a points / count
 * matrix, and the ratings are the maximum-likelihood Bradley-Terry strengths (found by
 * Hunter's MM iteration) on the Elo scale, with 95% intervals from a seeded, stratified
 * bootstrap over games. The model is described in docs/statistics.md. Pure functions of
 * their inputs; only kk_ratings_fit allocates (and frees before returning). */
#ifndef KK_RATINGS_H
#define KK_RATINGS_H

#include <stdint.h>

#include "../engine/core/error.h"
#include "../engine/core/game.h"

#define KK_RATINGS_MAX_AGENTS 16

/* One game as the ratings see it: which agent held each seat and how the seats finished.
 * stratum groups games played under one design cell (a pairing of a league): the
 * bootstrap resamples games within each stratum, so every replicate keeps the design. */
struct kk_rated_game {
    int stratum;
    int players;
    int agent[KK_MAX_SEATS];   /* agent index of each seat, 0..num_agents-1 */
    double score[KK_MAX_SEATS];
    uint32_t winners;          /* bit per winning seat */
};

/* The result of seat s against seat t: 1, 0.5 or 0. A winner beats a non-winner; between
 * two winners or two non-winners the higher score wins and equal scores draw. */
double kk_ratings_pair_result(const struct kk_rated_game *g, int s, int t);

/* Adds game g's comparisons to points[i * n + j] (points of agent i against j) and
 * count[i * n + j] (comparisons of i with j; symmetric). Seats held by one agent are not
 * compared with each other. n: number of agents. */
void kk_ratings_add_game(const struct kk_rated_game *g, int n, double *points, double *count);

/* Maximum-likelihood Bradley-Terry ratings on the Elo scale (400 log10 of the strength,
 * so P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400))) by the MM iteration, after adding
 * `prior` virtual draws to every pair that met (keeps the estimate finite when an agent
 * wins or loses every comparison). R_anchor = 0. Returns the number of iterations, or -1
 * with err set when the comparison graph is not connected (some ratings are not
 * comparable). */
int kk_ratings_bt(int n, const double *points, const double *count, double prior, int anchor,
                  double *elo, kk_error *err);

struct kk_rating_ci {
    double rating, low, high;
};

struct kk_ratings {
    int num_agents, anchor;
    int replicates;                        /* bootstrap replicates used */
    double prior;                          /* virtual draws per pair that met */
    struct kk_rating_ci agent[KK_RATINGS_MAX_AGENTS];
    double points[KK_RATINGS_MAX_AGENTS * KK_RATINGS_MAX_AGENTS];
    double count[KK_RATINGS_MAX_AGENTS * KK_RATINGS_MAX_AGENTS];
    double met[KK_RATINGS_MAX_AGENTS * KK_RATINGS_MAX_AGENTS]; /* games i and j shared */
    /* Skill versus luck between the best- and the worst-rated agent: spread = their Elo
     * difference, with the bootstrap interval of max - min rating; skill = 2 p - 1 where p
     * is the best agent's observed mean score against the worst, with the Wilson interval
     * of p over the games they shared (mapped the same way): 0 when the best does no
     * better than the worst, 1 when it always wins. */
    int best, worst;
    struct kk_rating_ci spread, skill;
    /* 1 when some pair that met has a perfect record (mean score 0 or 1): the ratings of
     * such pairs are bounded only by the prior, so they are lower bounds on the gap. */
    int saturated;
};

/* Fits the ratings of games[0..n) between num_agents agents and their 95% percentile
 * bootstrap intervals from `replicates` resamples (games drawn with replacement within
 * each stratum; replicate b draws from PCG stream (seed, b)). replicates = 0: no
 * intervals (low = high = rating). Returns 0 or -1 with err set. */
int kk_ratings_fit(const struct kk_rated_game *games, long long n, int num_agents, int anchor,
                   double prior, int replicates, uint64_t seed, struct kk_ratings *out,
                   kk_error *err);

/* The q-quantile (0..1) of sorted[0..n) with linear interpolation between order
 * statistics (Hyndman-Fan type 7, as R and NumPy default). */
double kk_quantile_sorted(const double *sorted, int n, double q);

#endif
