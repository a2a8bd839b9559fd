/* Reports of a finished study: summary.json / summary.md for a tournament, balance.json /
 * balance.md for a variant sweep. Everything is computed from the rows of DIR/games.csv,
 * read as a stream in job order (twice: sums, then squares about the means; memory does
 * not grow with the games) with fixed formatting, so the files depend only on the games
 * played (never on threads, sessions or time). Statistics are defined in
 * docs/experiments.md. */
#ifndef KK_REPORT_H
#define KK_REPORT_H

#include "../engine/core/buf.h"
#include "study.h"

/* The axis param of a player-count sweep (--sweep players=2,3,4). */
#define KK_SWEEP_PLAYERS (-1)

/* A swept parameter and how many values it takes (for the balance report's header). */
struct kk_sweep_axis {
    int param;                   /* index in the game's parameter table, or KK_SWEEP_PLAYERS */
    int num_values;
};

/* Writes dir/summary.json and dir/summary.md of a single-variant study from the first
 * r->jobs rows of dir/games.csv, and appends the Markdown to md (for printing). Returns 0
 * or -1 with err set. */
int kk_report_tournament(const struct kk_study *st, const struct kk_study_results *r,
                         const char *dir, struct kk_buf *md, kk_error *err);

/* Writes dir/balance.json and dir/balance.md of a sweep, comparing every variant with
 * variant `baseline` (baseline_is_default: it is the default variant; else it is the first
 * combination) and appends the Markdown to md. When the player count is swept, a variant
 * is compared with the baseline's settings at its own player count (the paired difference
 * needs the same seats). */
int kk_report_balance(const struct kk_study *st, const struct kk_study_results *r,
                      const struct kk_sweep_axis *axes, int num_axes, int baseline,
                      int baseline_is_default, const char *dir, struct kk_buf *md,
                      kk_error *err);

/* Number of per-game metrics: score_s*, win_s*, length, result (cooperative games), and
 * every statistic column, in the order of games.csv. */
/* Writes text to DIR/NAME (dir NULL: NAME is the path) through NAME.tmp and a rename, so a
 * reader (or a full disk) never leaves a half-written file under the final name. */
int kk_write_file(const char *dir, const char *name, const char *text, kk_error *err);

int kk_metric_count(const struct kk_study *st);
/* The games.csv column name of metric k. */
void kk_metric_name(const struct kk_study *st, int k, char *buf, size_t size);
/* Metric k of job j (results kept with kk_run_opts.keep_results). */
double kk_metric_value(const struct kk_study *st, const struct kk_study_results *r,
                       long long j, int k);

#endif
