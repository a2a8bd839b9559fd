/* The parts of a tournament report that only cooperative games have: the game's result
 * and the team's success rate (a game counts as a success when the game's winners hook
 * names the team), replacing win rates and seat advantage, which mean nothing when one
 * side plays every seat. Called from report.c. */
#ifndef KK_COOP_REPORT_H
#define KK_COOP_REPORT_H

#include "../engine/core/buf.h"
#include "study.h"

/* The number of variant v's games the team won (the winners hook names it): successes. */
long long kk_report_cooperative_successes(const struct kk_study *st,
                                          const struct kk_study_results *r, int v);

/* Appends ",\n  \"result\": ..., \"result_ci95\": [..], \"successes\": k, \"success_rate\": p,
 * \"success_ci95\": [..]" for variant v (vals: scratch of st->games doubles). */
void kk_report_cooperative_json(struct kk_buf *b, const struct kk_study *st,
                                const struct kk_study_results *r, int v, double *vals);

/* Appends "success rate p [lo, hi] (k of n games)" for variant v. */
void kk_report_cooperative_md(struct kk_buf *md, const struct kk_study *st,
                              const struct kk_study_results *r, int v);

/* Appends an SVG figure of the success rate with its Wilson interval. */
void kk_report_cooperative_chart(struct kk_buf *b, const struct kk_study *st,
                                 const struct kk_study_results *r, int v, double *vals);

#endif
