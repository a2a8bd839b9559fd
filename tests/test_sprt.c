/* The SPRT of `kark tournament --sprt`: settings parsing, Wald's bounds, the per-game
 * score of multi-player games, and the error rates of many simulated tests on synthetic
 * win/draw/loss outcomes with a known Elo difference. The error-rate checks are
 * statistical with a fixed seed: with R simulated tests, the count of wrong decisions is
 * Binomial(R, p) with p <= alpha (or beta) when the test is sound, and the check allows
 * R alpha + 3.09 sqrt(R alpha (1 - alpha)) (the one-sided 0.999 normal quantile): a sound
 * test fails it with probability about 0.001, an unsound one (e.g. the LLR's sign or
 * scale wrong) by a wide margin. */
#include <math.h>
#include <string.h>

#include "engine/core/rng.h"
#include "experiments/sprt.h"
#include "testlib.h"

static void test_parse(void)
{
    struct kk_sprt s;
    kk_error err;
    CHECK(kk_sprt_parse("elo0=0,elo1=10,alpha=0.05,beta=0.05", &s, &err) == 0);
    CHECK(s.elo0 == 0 && s.elo1 == 10 && s.alpha == 0.05 && s.beta == 0.05 && s.batch == 100);
    CHECK(kk_sprt_parse("beta=0.1,batch=20,alpha=0.02,elo1=5,elo0=-5", &s, &err) == 0);
    CHECK(s.elo0 == -5 && s.batch == 20 && s.alpha == 0.02);
    CHECK(kk_sprt_parse("elo0=0,elo1=10,alpha=0.05", &s, &err) < 0 && strstr(err.msg, "beta"));
    CHECK(kk_sprt_parse("elo0=10,elo1=0,alpha=0.05,beta=0.05", &s, &err) < 0 &&
          strstr(err.msg, "below"));
    CHECK(kk_sprt_parse("elo0=0,elo1=10,alpha=0.7,beta=0.05", &s, &err) < 0 &&
          strstr(err.msg, "alpha"));
    CHECK(kk_sprt_parse("elo0=0,elo1=x,alpha=0.05,beta=0.05", &s, &err) < 0 &&
          strstr(err.msg, "bad value 'x'"));
    CHECK(kk_sprt_parse("elo0=0,elo1=10,alpha=0.05,beta=0.05,gamma=1", &s, &err) < 0 &&
          strstr(err.msg, "gamma"));
    CHECK(kk_sprt_parse("elo0=0,elo1=10,alpha=0.05,beta=0.05,batch=2.5", &s, &err) < 0);
    double lo, hi;
    kk_sprt_parse("elo0=0,elo1=10,alpha=0.05,beta=0.1", &s, &err);
    kk_sprt_bounds(&s, &lo, &hi);
    CHECK(fabs(lo - log(0.1 / 0.95)) < 1e-12 && fabs(hi - log(0.9 / 0.05)) < 1e-12);
    CHECK(fabs(kk_elo_to_score(0) - 0.5) < 1e-15);
    CHECK(fabs(kk_elo_to_score(400) - 10.0 / 11) < 1e-12);
    /* The LLR's sign follows the evidence; it is 0 with no games and finite when every
     * game is won. */
    CHECK(kk_sprt_llr(&s, 0, 0, 0) == 0);
    CHECK(kk_sprt_llr(&s, 100, 60, 60) > 0 && kk_sprt_llr(&s, 100, 40, 40) < 0);
    CHECK(isfinite(kk_sprt_llr(&s, 50, 50, 50)) && kk_sprt_llr(&s, 50, 50, 50) > hi);
}

static void test_game_score(void)
{
    /* 4 seats, 2 agents: game 0 seats agents 0,1,0,1. Seat 3 wins; seat 0 outscores
     * seat 1. Agent 0's pairs: (0,1)=1, (0,3)=0, (2,1), (2,3)=0 with seat 2 on 5 < 7. */
    struct kk_game_result r = {.players = 4, .scores = {9, 7, 5, 12}, .winners = 1u << 3};
    CHECK(fabs(kk_sprt_game_score(&r, 0, 2) - 0.25) < 1e-15);
    /* Game 1 swaps the agents: agent 0 holds seats 1 and 3. */
    CHECK(fabs(kk_sprt_game_score(&r, 1, 2) - 0.75) < 1e-15);
    struct kk_game_result two = {.players = 2, .scores = {3, 3}, .winners = 3u};
    CHECK(kk_sprt_game_score(&two, 0, 2) == 0.5);
}

/* Runs R SPRTs on trinomial games where the first agent is `elo` stronger (draw
 * probability `draw`), checking every batch games, at most max_games each; counts the
 * decisions. */
static void simulate(const struct kk_sprt *s, double elo, double draw, int runs,
                     long long max_games, kk_rng *rng, int *h0, int *h1, double *mean_games)
{
    double mu = kk_elo_to_score(elo), pw = mu - draw / 2, pl = 1 - mu - draw / 2;
    (void)pl;
    *h0 = *h1 = 0;
    double total = 0;
    for (int k = 0; k < runs; k++) {
        double n = 0, sum = 0, sumsq = 0;
        const char *d = "none";
        while (n < (double)max_games) {
            for (long long b = 0; b < s->batch; b++) {
                double u = kk_rng_double(rng), x = u < pw ? 1 : u < pw + draw ? 0.5 : 0;
                sum += x;
                sumsq += x * x;
            }
            n += (double)s->batch;
            d = kk_sprt_decision(s, kk_sprt_llr(s, n, sum, sumsq));
            if (strcmp(d, "none") != 0)
                break;
        }
        total += n;
        *h0 += strcmp(d, "H0") == 0;
        *h1 += strcmp(d, "H1") == 0;
    }
    *mean_games = total / runs;
}

static int binomial_bound(int runs, double p)
{
    return (int)floor(runs * p + 3.09 * sqrt(runs * p * (1 - p)));
}

static void test_error_rates(void)
{
    struct kk_sprt s;
    kk_error err;
    CHECK(kk_sprt_parse("elo0=0,elo1=10,alpha=0.05,beta=0.05,batch=20", &s, &err) == 0);
    kk_rng rng;
    kk_rng_seed(&rng, 2026, 11);
    const int runs = 2000;
    int h0, h1;
    double games;
    /* Truth = elo0: accepting H1 is a type I error. */
    simulate(&s, s.elo0, 0.4, runs, 400000, &rng, &h0, &h1, &games);
    printf("elo 0: H1 %d, H0 %d of %d (mean %.0f games); type I bound %d\n", h1, h0, runs,
           games, binomial_bound(runs, s.alpha));
    CHECK(h1 <= binomial_bound(runs, s.alpha));
    CHECK(h0 + h1 == runs); /* every test ends well before the cap */
    /* Truth = elo1: accepting H0 is a type II error. */
    simulate(&s, s.elo1, 0.4, runs, 400000, &rng, &h0, &h1, &games);
    printf("elo 10: H0 %d, H1 %d of %d (mean %.0f games); type II bound %d\n", h0, h1, runs,
           games, binomial_bound(runs, s.beta));
    CHECK(h0 <= binomial_bound(runs, s.beta));
    CHECK(h0 + h1 == runs);
    /* Unequal alpha and beta, no draws, a larger batch: the same guarantees. */
    CHECK(kk_sprt_parse("elo0=-5,elo1=15,alpha=0.1,beta=0.02,batch=64", &s, &err) == 0);
    simulate(&s, s.elo0, 0.0, runs, 400000, &rng, &h0, &h1, &games);
    printf("elo -5: H1 %d of %d; bound %d\n", h1, runs, binomial_bound(runs, s.alpha));
    CHECK(h1 <= binomial_bound(runs, s.alpha));
    simulate(&s, s.elo1, 0.0, runs, 400000, &rng, &h0, &h1, &games);
    printf("elo 15: H0 %d of %d; bound %d\n", h0, runs, binomial_bound(runs, s.beta));
    CHECK(h0 <= binomial_bound(runs, s.beta));
    /* Far from both hypotheses the test is decisive and quick. */
    simulate(&s, 100, 0.2, 100, 400000, &rng, &h0, &h1, &games);
    CHECK(h1 == 100);
    simulate(&s, -100, 0.2, 100, 400000, &rng, &h0, &h1, &games);
    CHECK(h0 == 100);
}

int main(void)
{
    test_parse();
    test_game_score();
    test_error_rates();
    return kk_test_done("sprt");
}
