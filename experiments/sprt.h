/* Sequential probability ratio test for `kark tournament --sprt`: does agent A (the first
 * of two) beat agent B by elo1 rather than elo0? Each game gives A a score in [0, 1]: the
 * mean of the pairwise results (kk_ratings_pair_result) between A's seats and B's seats,
 * so a 2-player game scores 1, 1/2 or 0 and a multi-player game averages its pairs. The
 * log-likelihood ratio is the generalised SPRT's normal approximation on the logistic
 * Elo scale (docs/statistics.md), checked only after every `batch` games, counted from
 * game 0, so where it stops depends on the seed and the settings, never on the thread
 * count or on how the run was split into sessions. */
#ifndef KK_SPRT_H
#define KK_SPRT_H

#include "../engine/core/buf.h"
#include "../engine/core/error.h"
#include "play.h"
#include "study.h"

struct kk_sprt {
    double elo0, elo1, alpha, beta;
    long long batch; /* games between checks (> 0) */
};

/* Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05[,batch=100]" (any order; every key but
 * batch is required; elo0 < elo1; alpha, beta in (0, 0.5]; batch defaults to 100).
 * Returns 0 or -1 with err naming the bad item. */
int kk_sprt_parse(const char *text, struct kk_sprt *s, kk_error *err);

/* Wald's bounds: lower = log(beta / (1 - alpha)), upper = log((1 - beta) / alpha). */
void kk_sprt_bounds(const struct kk_sprt *s, double *lower, double *upper);

/* The expected score of a player elo points stronger: 1 / (1 + 10^(-elo / 400)). */
double kk_elo_to_score(double elo);

/* LLR of H1 (A is elo1 stronger) against H0 (elo0) after n games whose scores sum to sum
 * with squares summing to sumsq: n (s1 - s0) (2 mean - s0 - s1) / (2 var), where var is
 * the variance of the scores with one virtual 0 and one virtual 1 added (so a run of
 * identical results still has a finite LLR). 0 when n = 0. */
double kk_sprt_llr(const struct kk_sprt *s, double n, double sum, double sumsq);

/* "H1" when llr >= upper, "H0" when llr <= lower, else "none". */
const char *kk_sprt_decision(const struct kk_sprt *s, double llr);

/* Agent 0's score in game i of a 2-agent study: the mean pairwise result of its seats
 * against agent 1's seats (seating by kk_seat_agent). -1 if the agents never meet. */
double kk_sprt_game_score(const struct kk_game_result *r, long long game, int num_agents);

struct kk_sprt_result {
    long long games;     /* games the decision rests on (a multiple of batch, or all) */
    double llr, lower, upper;
    double score;        /* agent 0's mean score over those games */
    const char *decision;
};

/* Runs the 2-agent study st into dir batch by batch (kk_study_run with stop_after and
 * resume) until the LLR crosses a bound at a batch boundary or every game is played.
 * Returns 0 (res filled; out holds at least res->games games), 1 when stopped by a signal
 * (out->jobs on disk), -1 on error. */
int kk_sprt_run(const struct kk_study *st, const char *dir, int resume,
                const struct kk_run_opts *opts, const struct kk_sprt *s,
                struct kk_study_results *out, int *signal_out, struct kk_sprt_result *res,
                kk_error *err);

/* `kark tournament --sprt`: checks the settings (exactly two agents) before any game.
 * Returns 0 or -1 with err set. */
int kk_sprt_check(const struct kk_study *st, const char *text, kk_error *err);

/* The whole tournament with --sprt (called by study_cli.c after the folder is ready):
 * runs, writes summary.json (with "sprt": {...}), summary.md and report.html for the games
 * the decision rests on, and prints the tables and the decision. Returns the exit status. */
int kk_sprt_tournament(const char *cmd, const struct kk_study *st, const char *text,
                       const char *dir, int resume, const struct kk_run_opts *opts);

#endif
