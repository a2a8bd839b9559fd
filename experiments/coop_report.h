/* The parts of a tournament report that only cooperative games have: the game's result
 * and the team's success rate (a game counts as a success when the game's winners hook
 * names the team), replacing win rates and seat advantage, which mean nothing when one
 * side plays every seat. Called from report.c. */
#ifndef KK_COOP_REPORT_H
#define KK_COOP_REPORT_H

#include "../engine/core/buf.h"
#include "stats.h"

/* The figures come from the report's reduction of games.csv: games = games of the variant,
 * successes = those the team won (the winners hook names it), result = the mean result
 * with its interval. */

/* Appends ",\n  \"result\": ..., \"result_ci95\": [..], \"successes\": k, \"success_rate\": p,
 * \"success_ci95\": [..]". */
void kk_report_cooperative_json(struct kk_buf *b, long long games, long long successes,
                                const struct kk_estimate *result);

/* Appends "success rate p [lo, hi] (k of n games)". */
void kk_report_cooperative_md(struct kk_buf *md, long long games, long long successes);

/* Appends an SVG figure of the success rate with its Wilson interval. */
void kk_report_cooperative_chart(struct kk_buf *b, long long games, long long successes);

#endif
