#include "report.h"
#include "coop_report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

int kk_metric_count(const struct kk_study *st)
{
    return 2 * st->players + 1 + (st->game->cooperative ? 1 : 0) +
           kk_stats_width(st->game, st->players);
}

/* Maps metric k to the statistic column it reads (or -1) and writes its name. */
/* An agent's label as a Markdown cell: `label`, marked when the agent peeks. */
static void md_agent(struct kk_buf *md, const struct kk_study *st, int a)
{
    kk_buf_printf(md, "`%s`%s", st->labels[a], st->peeks[a] ? " (**peeks**)" : "");
}

/* The note under a table that lists a peeking agent. */
static void md_peek_note(struct kk_buf *md, const struct kk_study *st)
{
    for (int a = 0; a < st->num_agents; a++)
        if (st->peeks[a]) {
            kk_buf_printf(md, "\nAgents marked **peeks** search hidden information their seat "
                              "cannot see (view=peek): a cheating baseline, not a fair "
                              "player.\n");
            return;
        }
}

static int metric_stat(const struct kk_study *st, int k, char *buf, size_t size)
{
    const struct kk_game *g = st->game;
    int p = st->players;
    if (k < p) {
        snprintf(buf, size, "score_s%d", k);
        return -1;
    }
    if (k < 2 * p) {
        snprintf(buf, size, "win_s%d", k - p);
        return -1;
    }
    k -= 2 * p;
    if (k == 0) {
        snprintf(buf, size, "length");
        return -1;
    }
    k--;
    if (g->cooperative) {
        if (k == 0) {
            snprintf(buf, size, "result");
            return -1;
        }
        k--;
    }
    int w = 0;
    for (int d = 0; d < g->num_stats; d++) {
        int n = g->stats[d].per_seat ? p : 1;
        if (k < w + n) {
            if (g->stats[d].per_seat)
                snprintf(buf, size, "%s_s%d", g->stats[d].name, k - w);
            else
                snprintf(buf, size, "%s", g->stats[d].name);
            return k;
        }
        w += n;
    }
    snprintf(buf, size, "?");
    return -1;
}

void kk_metric_name(const struct kk_study *st, int k, char *buf, size_t size)
{
    metric_stat(st, k, buf, size);
}

double kk_metric_value(const struct kk_study *st, const struct kk_study_results *r,
                       long long j, int k)
{
    const struct kk_game_result *res = &r->res[j];
    int p = st->players;
    if (k < p)
        return res->scores[k];
    if (k < 2 * p) {
        int s = k - p;
        return (res->winners >> s & 1u) ? 1.0 / __builtin_popcount(res->winners) : 0.0;
    }
    if (k == 2 * p)
        return res->length;
    if (st->game->cooperative && k == 2 * p + 1)
        return res->result;
    char name[8];
    int w = metric_stat(st, k, name, sizeof name);
    return w >= 0 ? r->stats[(size_t)j * (size_t)r->width + (size_t)w] : 0;
}

/* ---- JSON and Markdown helpers ---- */

static void json_num(struct kk_buf *b, double x)
{
    char num[40];
    if (!isfinite(x)) {
        kk_buf_printf(b, "null");
        return;
    }
    kk_format_double(x, num, sizeof num);
    kk_buf_printf(b, "%s", num);
}

static void json_pair(struct kk_buf *b, double lo, double hi)
{
    kk_buf_printf(b, "[");
    json_num(b, lo);
    kk_buf_printf(b, ", ");
    json_num(b, hi);
    kk_buf_printf(b, "]");
}

/* Writes DIR/NAME through DIR/NAME.tmp and a rename, so a reader (or a full disk) never
 * leaves a half-written file under the final name. */
static int write_file(const char *dir, const char *name, const struct kk_buf *b, kk_error *err)
{
    char path[4096], tmp[4100];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fputs(kk_buf_str(b), f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok) {
        int e = errno;
        remove(tmp);
        return kk_fail(err, "cannot write '%s': %s", path, strerror(e));
    }
    return 0;
}

/* "0.512 [0.481, 0.543]" with a precision suited to the size of the numbers. */
static void md_ci(struct kk_buf *b, double mean, double lo, double hi, int decimals)
{
    kk_buf_printf(b, "%.*f [%.*f, %.*f]", decimals, mean, decimals, lo, decimals, hi);
}

static void md_signed_ci(struct kk_buf *b, double mean, double lo, double hi, int decimals)
{
    kk_buf_printf(b, "%+.*f [%+.*f, %+.*f]", decimals, mean, decimals, lo, decimals, hi);
}

/* ---- HTML: the Markdown tables plus inline SVG charts, in one self-contained file ---- */

static void html_text(struct kk_buf *b, const char *text, size_t len)
{
    int code = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '`') {
            kk_buf_printf(b, code ? "</code>" : "<code>");
            code = !code;
        } else if (c == '<') {
            kk_buf_printf(b, "&lt;");
        } else if (c == '>') {
            kk_buf_printf(b, "&gt;");
        } else if (c == '&') {
            kk_buf_printf(b, "&amp;");
        } else {
            kk_buf_append(b, &c, 1);
        }
    }
    if (code)
        kk_buf_printf(b, "</code>");
}

/* Converts the Markdown this module writes (headings, paragraphs, pipe tables). */
static void html_from_md(struct kk_buf *b, const char *md)
{
    int in_table = 0, header_row = 0;
    for (const char *line = md; *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (line[0] == '|') {
            if (!in_table) {
                kk_buf_printf(b, "<table>\n");
                in_table = 1;
                header_row = 1;
            }
            if (len > 1 && line[1] == '-') {
                header_row = 0;
            } else {
                kk_buf_printf(b, "<tr>");
                const char *cell = line + 1, *end = line + len;
                while (cell < end) {
                    const char *bar = memchr(cell, '|', (size_t)(end - cell));
                    if (!bar)
                        break;
                    const char *a = cell, *z = bar;
                    while (a < z && *a == ' ')
                        a++;
                    while (z > a && z[-1] == ' ')
                        z--;
                    kk_buf_printf(b, header_row ? "<th>" : "<td>");
                    html_text(b, a, (size_t)(z - a));
                    kk_buf_printf(b, header_row ? "</th>" : "</td>");
                    cell = bar + 1;
                }
                kk_buf_printf(b, "</tr>\n");
            }
        } else {
            if (in_table) {
                kk_buf_printf(b, "</table>\n");
                in_table = 0;
            }
            if (len > 3 && strncmp(line, "### ", 4) == 0) {
                kk_buf_printf(b, "<h3>");
                html_text(b, line + 4, len - 4);
                kk_buf_printf(b, "</h3>\n");
            } else if (len > 2 && strncmp(line, "## ", 3) == 0) {
                kk_buf_printf(b, "<h2>");
                html_text(b, line + 3, len - 3);
                kk_buf_printf(b, "</h2>\n");
            } else if (len > 0) {
                kk_buf_printf(b, "<p>");
                html_text(b, line, len);
                kk_buf_printf(b, "</p>\n");
            }
        }
        line = nl ? nl + 1 : line + len;
    }
    if (in_table)
        kk_buf_printf(b, "</table>\n");
}

/* A horizontal interval chart: one row per item, a dot at the estimate, a whisker for
 * the 95% interval, and a dashed reference line (e.g. the fair win rate). Values in
 * [0, 1]. */
static void svg_rates(struct kk_buf *b, const char *title, int n, char labels[][96],
                      const double *mean, const double *lo, const double *hi, double ref)
{
    const int left = 260, width = 420, row = 26, top = 30;
    int h = top + n * row + 30;
    kk_buf_printf(b, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                     "height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                  left + width + 20, h);
    kk_buf_printf(b, "<text x=\"0\" y=\"16\" font-weight=\"bold\">");
    html_text(b, title, strlen(title));
    kk_buf_printf(b, "</text>\n");
    for (int t = 0; t <= 4; t++) {
        double x = left + width * t / 4.0;
        kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                         "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.2f</text>\n",
                      x, top - 4, x, top + n * row, x, top + n * row + 16, t / 4.0);
    }
    if (ref >= 0 && ref <= 1)
        kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#c33\" "
                         "stroke-dasharray=\"4 3\"/>\n",
                      left + width * ref, top - 4, left + width * ref, top + n * row);
    for (int i = 0; i < n; i++) {
        double y = top + i * row + row / 2.0;
        kk_buf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", left - 8, y + 4);
        html_text(b, labels[i], strlen(labels[i]));
        kk_buf_printf(b, "</text>\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                         "stroke=\"#258\" stroke-width=\"2\"/>"
                         "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#258\"/>\n",
                      left + width * lo[i], y, left + width * hi[i], y, left + width * mean[i],
                      y);
    }
    kk_buf_printf(b, "</svg><figcaption>dots: estimates; bars: 95%% intervals; dashed: "
                     "fair share</figcaption></figure>\n");
}

static void html_page(struct kk_buf *b, const char *title, const struct kk_buf *charts,
                      const struct kk_buf *md)
{
    kk_buf_printf(b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
    html_text(b, title, strlen(title));
    kk_buf_printf(b, "</title>\n<style>body{font-family:sans-serif;max-width:1100px;margin:2em "
                     "auto;padding:0 1em}table{border-collapse:collapse;margin:1em 0}"
                     "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}"
                     "th{background:#f3f3f3}code{font-size:90%%}figure{margin:1em 0}"
                     "figcaption{color:#666;font-size:85%%}</style></head><body>\n");
    kk_buf_append(b, kk_buf_str(charts), charts->len);
    html_from_md(b, kk_buf_str(md));
    kk_buf_printf(b, "</body></html>\n");
}

/* Writes DIR/<stem>.json, DIR/<stem>.md and DIR/report.html (the Markdown and the charts
 * in one page), copies the Markdown to md when asked, and frees the three buffers. */
static int finish_report(const char *dir, const char *stem, const char *title,
                         struct kk_buf *json, struct kk_buf *m, struct kk_buf *charts,
                         struct kk_buf *md, kk_error *err)
{
    struct kk_buf html = {0};
    html_page(&html, title, charts, m);
    char name[64];
    snprintf(name, sizeof name, "%s.json", stem);
    int status = write_file(dir, name, json, err);
    snprintf(name, sizeof name, "%s.md", stem);
    if (status == 0)
        status = write_file(dir, name, m, err);
    if (status == 0)
        status = write_file(dir, "report.html", &html, err);
    if (md)
        kk_buf_append(md, kk_buf_str(m), m->len);
    kk_buf_free(charts);
    kk_buf_free(&html);
    kk_buf_free(json);
    kk_buf_free(m);
    return status;
}

/* ---- per-variant summaries ---- */

struct agent_summary {
    long long games;        /* games in which the agent held at least one seat */
    double wins;            /* win shares summed over its seats */
    double lo, hi;          /* Wilson interval of wins / games */
    struct kk_estimate score; /* per game: the mean score of its seats */
};

/* Values of metric k over the games of variant v, into vals (st->games doubles). */
static void gather(const struct kk_study *st, const struct kk_study_results *r, int v, int k,
                   double *vals)
{
    for (long long i = 0; i < st->games; i++)
        vals[i] = kk_metric_value(st, r, i * st->num_variants + v, k);
}

static void summarise_agent(const struct kk_study *st, const struct kk_study_results *r, int v,
                            int a, double *vals, struct agent_summary *out)
{
    memset(out, 0, sizeof *out);
    size_t n = 0;
    for (long long i = 0; i < st->games; i++) {
        long long j = i * st->num_variants + v;
        double share = 0, score = 0;
        int seats = 0;
        for (int s = 0; s < st->players; s++)
            if (kk_seat_agent(i, s, st->num_agents) == a) {
                seats++;
                share += kk_metric_value(st, r, j, st->players + s);
                score += r->res[j].scores[s];
            }
        if (!seats)
            continue;
        out->wins += share;
        vals[n++] = score / seats;
    }
    out->games = (long long)n;
    kk_wilson(out->wins, (double)n, KK_Z95, &out->lo, &out->hi);
    kk_mean_ci(vals, n, 1, &out->score);
}

/* Agent a's win share in each game of variant v it played, into vals; returns the count.
 * The games an agent plays depend only on the game index, so two variants give the same
 * games in the same order: ready for a paired difference. */
static size_t agent_shares(const struct kk_study *st, const struct kk_study_results *r, int v,
                           int a, double *vals)
{
    size_t n = 0;
    for (long long i = 0; i < st->games; i++) {
        long long j = i * st->num_variants + v;
        double share = 0;
        int seats = 0;
        for (int s = 0; s < st->players; s++)
            if (kk_seat_agent(i, s, st->num_agents) == a) {
                seats++;
                share += kk_metric_value(st, r, j, st->players + s);
            }
        if (seats)
            vals[n++] = share;
    }
    return n;
}

/* Paired difference of agent a's win share, variant v minus variant base. */
static void agent_share_diff(const struct kk_study *st, const struct kk_study_results *r, int v,
                             int base, int a, double *vals, double *base_vals,
                             struct kk_estimate *out)
{
    size_t n = agent_shares(st, r, v, a, vals);
    agent_shares(st, r, base, a, base_vals);
    kk_paired_diff(vals, base_vals, n, 1, out);
}

/* Mean of per-seat statistic column w0 + seat over the seats agent a held, over the games
 * of variant v in which it played (points by source per agent). */
static double agent_stat_mean(const struct kk_study *st, const struct kk_study_results *r,
                              int v, int a, int w0)
{
    double sum = 0;
    long long games = 0;
    for (long long i = 0; i < st->games; i++) {
        long long j = i * st->num_variants + v;
        double x = 0;
        int seats = 0;
        for (int s = 0; s < st->players; s++)
            if (kk_seat_agent(i, s, st->num_agents) == a) {
                x += r->stats[(size_t)j * (size_t)r->width + (size_t)(w0 + s)];
                seats++;
            }
        if (seats) {
            sum += x / seats;
            games++;
        }
    }
    return games ? sum / (double)games : 0;
}

static void json_agent_stats(struct kk_buf *b, const struct kk_study *st,
                             const struct kk_study_results *r, int v, int a)
{
    const struct kk_game *g = st->game;
    kk_buf_printf(b, ", \"stats\": {");
    int first = 1;
    for (int d = 0; d < g->num_stats; d++) {
        if (!g->stats[d].per_seat)
            continue;
        kk_buf_printf(b, "%s", first ? "" : ", ");
        kk_buf_json_string(b, g->stats[d].name);
        kk_buf_printf(b, ": ");
        json_num(b, agent_stat_mean(st, r, v, a, kk_stat_offset(g, st->players, d)));
        first = 0;
    }
    kk_buf_printf(b, "}");
}

static void json_agents(struct kk_buf *b, const struct kk_study *st,
                        const struct kk_study_results *r, int v, double *vals,
                        const char *indent)
{
    kk_buf_printf(b, "[");
    for (int a = 0; a < st->num_agents; a++) {
        struct agent_summary s;
        summarise_agent(st, r, v, a, vals, &s);
        kk_buf_printf(b, "%s\n%s  {\"agent\": %d, \"spec\": ", a ? "," : "", indent, a);
        kk_buf_json_string(b, st->specs[a]);
        kk_buf_printf(b, ", \"label\": ");
        kk_buf_json_string(b, st->labels[a]);
        kk_buf_printf(b, ", \"peeks\": %s", st->peeks[a] ? "true" : "false");
        kk_buf_printf(b, ", \"games\": %lld", s.games);
        if (!st->game->cooperative) { /* one team: a seat's win share means nothing */
            kk_buf_printf(b, ", \"wins\": ");
            json_num(b, s.wins);
            kk_buf_printf(b, ", \"win_rate\": ");
            json_num(b, s.games ? s.wins / (double)s.games : 0);
            kk_buf_printf(b, ", \"ci95\": ");
            json_pair(b, s.lo, s.hi);
        }
        kk_buf_printf(b, ", \"mean_score\": ");
        json_num(b, s.score.mean);
        kk_buf_printf(b, ", \"score_ci95\": ");
        json_pair(b, s.score.lo, s.score.hi);
        json_agent_stats(b, st, r, v, a);
        kk_buf_printf(b, "}");
    }
    kk_buf_printf(b, "\n%s]", indent);
}

static void json_seats(struct kk_buf *b, const struct kk_study *st,
                       const struct kk_study_results *r, int v, double *vals,
                       const char *indent)
{
    int p = st->players;
    kk_buf_printf(b, "[");
    for (int s = 0; s < p; s++) {
        gather(st, r, v, p + s, vals);
        double wins = 0, lo, hi;
        for (long long i = 0; i < st->games; i++)
            wins += vals[i];
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        struct kk_estimate score;
        gather(st, r, v, s, vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &score);
        kk_buf_printf(b, "%s\n%s  {\"seat\": %d, \"wins\": ", s ? "," : "", indent, s);
        json_num(b, wins);
        kk_buf_printf(b, ", \"win_rate\": ");
        json_num(b, wins / (double)st->games);
        kk_buf_printf(b, ", \"ci95\": ");
        json_pair(b, lo, hi);
        kk_buf_printf(b, ", \"mean_score\": ");
        json_num(b, score.mean);
        kk_buf_printf(b, ", \"score_ci95\": ");
        json_pair(b, score.lo, score.hi);
        kk_buf_printf(b, "}");
    }
    kk_buf_printf(b, "\n%s]", indent);
}

/* The first metric index after score_s*, win_s* and length: result and statistics. */
static int first_stat_metric(const struct kk_study *st)
{
    return 2 * st->players + 1;
}

/* "stats": {name: mean, ...}, "stats_ci95": {name: [lo, hi], ...} over the statistic
 * columns (and result for cooperative games), named as in games.csv. */
static void json_stat_means(struct kk_buf *b, const struct kk_study *st,
                            const struct kk_study_results *r, int v, double *vals,
                            const char *indent)
{
    int m = kk_metric_count(st);
    struct kk_estimate *est = calloc((size_t)m, sizeof *est);
    for (int k = first_stat_metric(st); k < m; k++) {
        gather(st, r, v, k, vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &est[k]);
    }
    char name[160];
    for (int pass = 0; pass < 2; pass++) {
        kk_buf_printf(b, ",\n%s\"%s\": {", indent, pass ? "stats_ci95" : "stats");
        for (int k = first_stat_metric(st); k < m; k++) {
            kk_metric_name(st, k, name, sizeof name);
            kk_buf_printf(b, "%s\n%s  ", k > first_stat_metric(st) ? "," : "", indent);
            kk_buf_json_string(b, name);
            kk_buf_printf(b, ": ");
            if (pass)
                json_pair(b, est[k].lo, est[k].hi);
            else
                json_num(b, est[k].mean);
        }
        if (m > first_stat_metric(st))
            kk_buf_printf(b, "\n%s}", indent);
        else
            kk_buf_printf(b, "}");
    }
    free(est);
}

static void json_variant_values(struct kk_buf *b, const struct kk_game *g,
                                const struct kk_variant *var)
{
    kk_buf_printf(b, "{");
    for (int p = 0; p < g->num_params; p++) {
        char text[256];
        kk_variant_format(g, var, p, text, sizeof text);
        kk_buf_printf(b, "%s", p ? ", " : "");
        kk_buf_json_string(b, g->params[p].name);
        kk_buf_printf(b, ": ");
        if (g->params[p].kind == KK_PARAM_INT && var->value[p][0] != KK_AUTO)
            kk_buf_printf(b, "%ld", (long)var->value[p][0]);
        else
            kk_buf_json_string(b, text);
    }
    kk_buf_printf(b, "}");
}

/* Mean of per-seat statistic column w0 + seat over the winning seats of each game, over
 * all games (a shared win averages the tied seats). */
static double winner_stat_mean(const struct kk_study *st, const struct kk_study_results *r,
                               int w0)
{
    double sum = 0;
    for (long long j = 0; j < r->jobs; j++) {
        double v = 0;
        int k = 0;
        for (int s = 0; s < st->players; s++)
            if (r->res[j].winners >> s & 1u) {
                v += r->stats[(size_t)j * (size_t)r->width + (size_t)(w0 + s)];
                k++;
            }
        sum += k ? v / k : 0;
    }
    return r->jobs ? sum / (double)r->jobs : 0;
}

/* Winners' points by source: for each per-seat statistic, the mean over games of its
 * average over the winning seats (a shared win averages the tied seats). */
static void json_winner_stats(struct kk_buf *b, const struct kk_study *st,
                              const struct kk_study_results *r)
{
    const struct kk_game *g = st->game;
    kk_buf_printf(b, ",\n  \"winner_stats\": {");
    int first = 1;
    for (int d = 0; d < g->num_stats; d++) {
        if (!g->stats[d].per_seat)
            continue;
        kk_buf_printf(b, "%s\n    ", first ? "" : ",");
        kk_buf_json_string(b, g->stats[d].name);
        kk_buf_printf(b, ": ");
        json_num(b, winner_stat_mean(st, r, kk_stat_offset(g, st->players, d)));
        first = 0;
    }
    kk_buf_printf(b, "%s}", first ? "" : "\n  ");
}

/* ---- tournament ---- */


/* Per-seat statistics by agent and for the winners: where the points come from. */
static void md_points_by_source(struct kk_buf *md, const struct kk_study *st,
                                const struct kk_study_results *r)
{
    const struct kk_game *g = st->game;
    int any = 0;
    for (int d = 0; d < g->num_stats; d++)
        any |= g->stats[d].per_seat;
    if (!any)
        return;
    kk_buf_printf(md, "\nPer player (mean per game of the seats each agent held; winners: "
                      "the winning seat, ties averaged):\n\n| statistic |");
    for (int a = 0; a < st->num_agents; a++) {
        kk_buf_printf(md, " ");
        md_agent(md, st, a);
        kk_buf_printf(md, " |");
    }
    kk_buf_printf(md, " winners |\n|---|");
    for (int a = 0; a <= st->num_agents; a++)
        kk_buf_printf(md, "---|");
    kk_buf_printf(md, "\n");
    for (int d = 0; d < g->num_stats; d++) {
        if (!g->stats[d].per_seat)
            continue;
        int w = kk_stat_offset(g, st->players, d);
        kk_buf_printf(md, "| %s |", g->stats[d].name);
        for (int a = 0; a < st->num_agents; a++)
            kk_buf_printf(md, " %.3f |", agent_stat_mean(st, r, 0, a, w));
        kk_buf_printf(md, " %.3f |\n", winner_stat_mean(st, r, w));
    }
}

static void md_tournament(struct kk_buf *md, const struct kk_study *st,
                          const struct kk_study_results *r, double *vals)
{
    const struct kk_game *g = st->game;
    int p = st->players;
    kk_buf_printf(md, "## %s: tournament, %d players, %lld games, seed %llu\n\n", g->title, p,
                  st->games, (unsigned long long)st->seed);
    kk_buf_printf(md, "Variant: %s\n\n", g->num_params ? st->variant_text[0] : "(no parameters)");
    kk_buf_printf(md, "Seating: seat s of game i is played by agent (i + s) mod %d. "
                      "Intervals are 95%% (Wilson for win rates and 0/1 statistics, Student t for "
                      "means).\n\n",
                  st->num_agents);
    if (st->num_agents == 1) {
        if (!g->cooperative)
            kk_buf_printf(md, "One agent plays every seat: the seat table is the result.\n\n");
    } else if (!g->cooperative) {
        kk_buf_printf(md, "| agent | spec | games | win rate [95%% CI] | mean score [95%% CI] |\n"
                          "|---|---|---|---|---|\n");
    }
    for (int a = 0; a < st->num_agents && st->num_agents > 1 && !g->cooperative; a++) {
        struct agent_summary s;
        summarise_agent(st, r, 0, a, vals, &s);
        kk_buf_printf(md, "| %d | ", a);
        md_agent(md, st, a);
        kk_buf_printf(md, " | %lld | ", s.games);
        md_ci(md, s.games ? s.wins / (double)s.games : 0, s.lo, s.hi, 3);
        kk_buf_printf(md, " | ");
        md_ci(md, s.score.mean, s.score.lo, s.score.hi, 2);
        kk_buf_printf(md, " |\n");
    }
    md_peek_note(md, st);
    if (g->cooperative) {
        /* One person plays every seat: win rates and seat advantage mean nothing; the
         * game's single result (metric 2p+1) is the outcome. */
        struct kk_estimate res;
        gather(st, r, 0, 2 * p + 1, vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &res);
        kk_buf_printf(md, "Cooperative game: the outcome is the game's result, mean ");
        md_ci(md, res.mean, res.lo, res.hi, 2);
        kk_buf_printf(md, "; ");
        kk_report_cooperative_md(md, st, r, 0);
        kk_buf_printf(md, ".\n\n| seat | mean score [95%% CI] |\n|---|---|\n");
        for (int s = 0; s < p; s++) {
            struct kk_estimate score;
            gather(st, r, 0, s, vals);
            kk_mean_ci(vals, (size_t)st->games, 1, &score);
            kk_buf_printf(md, "| %d | ", s);
            md_ci(md, score.mean, score.lo, score.hi, 2);
            kk_buf_printf(md, " |\n");
        }
    }
    if (!g->cooperative)
        kk_buf_printf(md, "\n| seat | win rate [95%% CI] | mean score [95%% CI] |\n|---|---|---|\n");
    for (int s = 0; s < p && !g->cooperative; s++) {
        gather(st, r, 0, p + s, vals);
        double wins = 0, lo, hi;
        for (long long i = 0; i < st->games; i++)
            wins += vals[i];
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        struct kk_estimate score;
        gather(st, r, 0, s, vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &score);
        kk_buf_printf(md, "| %d | ", s);
        md_ci(md, wins / (double)st->games, lo, hi, 3);
        kk_buf_printf(md, " | ");
        md_ci(md, score.mean, score.lo, score.hi, 2);
        kk_buf_printf(md, " |\n");
    }
    if (!g->cooperative) {
        double wins = 0, lo, hi, fair = 1.0 / p;
        gather(st, r, 0, p, vals);
        for (long long i = 0; i < st->games; i++)
            wins += vals[i];
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        kk_buf_printf(md, "\nFirst-seat advantage (seat 0 win rate − 1/%d): ", p);
        md_signed_ci(md, wins / (double)st->games - fair, lo - fair, hi - fair, 3);
        kk_buf_printf(md, "\n");
    }
    md_points_by_source(md, st, r);
    kk_buf_printf(md, "\n| statistic | mean [95%% CI] |\n|---|---|\n");
    char name[160];
    for (int k = 2 * p; k < kk_metric_count(st); k++) {
        struct kk_estimate e;
        gather(st, r, 0, k, vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &e);
        kk_metric_name(st, k, name, sizeof name);
        kk_buf_printf(md, "| %s | ", name);
        md_ci(md, e.mean, e.lo, e.hi, 3);
        kk_buf_printf(md, " |\n");
    }
}

int kk_report_tournament(const struct kk_study *st, const struct kk_study_results *r,
                         const char *dir, struct kk_buf *md, kk_error *err)
{
    const struct kk_game *g = st->game;
    double *vals = calloc((size_t)st->games + 1, sizeof *vals);
    if (!vals)
        return kk_fail(err, "out of memory");
    struct kk_buf b = {0}, m = {0};
    kk_buf_printf(&b, "{\n  \"game\": ");
    kk_buf_json_string(&b, g->name);
    kk_buf_printf(&b, ",\n  \"players\": %d,\n  \"variant\": ", st->players);
    json_variant_values(&b, g, &st->variants[0]);
    kk_buf_printf(&b, ",\n  \"variant_text\": ");
    kk_buf_json_string(&b, st->variant_text[0]);
    kk_buf_printf(&b, ",\n  \"games\": %lld,\n  \"seed\": %llu,\n", st->games,
                  (unsigned long long)st->seed);
    kk_buf_printf(&b, "  \"seating\": \"seat s of game i is played by agent (i + s) mod %d\",\n",
                  st->num_agents);
    kk_buf_printf(&b, "  \"agents\": ");
    json_agents(&b, st, r, 0, vals, "  ");
    if (g->cooperative) {
        kk_report_cooperative_json(&b, st, r, 0, vals);
    } else {
        kk_buf_printf(&b, ",\n  \"seats\": ");
        json_seats(&b, st, r, 0, vals, "  ");
    }
    struct kk_estimate len;
    gather(st, r, 0, 2 * st->players, vals);
    kk_mean_ci(vals, (size_t)st->games, 1, &len);
    if (!g->cooperative) {
        double wins = 0, lo, hi, fair = 1.0 / st->players;
        gather(st, r, 0, st->players, vals);
        for (long long i = 0; i < st->games; i++)
            wins += vals[i];
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        kk_buf_printf(&b, ",\n  \"first_seat_advantage\": ");
        json_num(&b, wins / (double)st->games - fair);
        kk_buf_printf(&b, ",\n  \"first_seat_advantage_ci95\": ");
        json_pair(&b, lo - fair, hi - fair);
    }
    kk_buf_printf(&b, ",\n  \"mean_length\": ");
    json_num(&b, len.mean);
    kk_buf_printf(&b, ",\n  \"length_ci95\": ");
    json_pair(&b, len.lo, len.hi);
    json_stat_means(&b, st, r, 0, vals, "  ");
    json_winner_stats(&b, st, r);
    kk_buf_printf(&b, "\n}\n");
    md_tournament(&m, st, r, vals);

    struct kk_buf charts = {0};
    int n = st->num_agents > st->players ? st->num_agents : st->players;
    if (n < 1)
        n = 1;
    char(*lab)[96] = calloc((size_t)n, sizeof *lab);
    double *mean = calloc((size_t)n * 3, sizeof *mean), *lo = mean + n, *hi = mean + 2 * n;
    if (lab && mean && g->cooperative) {
        kk_report_cooperative_chart(&charts, st, r, 0, vals);
    } else if (lab && mean) {
        if (st->num_agents > 1) {
            for (int a = 0; a < st->num_agents; a++) {
                struct agent_summary s;
                summarise_agent(st, r, 0, a, vals, &s);
                snprintf(lab[a], sizeof lab[a], "%s", st->labels[a]);
                mean[a] = s.games ? s.wins / (double)s.games : 0;
                lo[a] = s.lo;
                hi[a] = s.hi;
            }
            svg_rates(&charts, "Win rate by agent", st->num_agents, lab, mean, lo, hi,
                      1.0 / st->num_agents);
        }
        for (int s = 0; s < st->players; s++) {
            gather(st, r, 0, st->players + s, vals);
            double wins = 0;
            for (long long i = 0; i < st->games; i++)
                wins += vals[i];
            snprintf(lab[s], sizeof lab[s], "seat %d", s);
            mean[s] = wins / (double)st->games;
            kk_wilson(wins, (double)st->games, KK_Z95, &lo[s], &hi[s]);
        }
        svg_rates(&charts, "Win rate by seat", st->players, lab, mean, lo, hi,
                  1.0 / st->players);
    }
    free(lab);
    free(mean);
    free(vals);
    char title[256];
    snprintf(title, sizeof title, "%s tournament", g->title);
    return finish_report(dir, "summary", title, &b, &m, &charts, md, err);
}

/* ---- balance sweep ---- */

/* The swept settings of variant v, e.g. "tokens=7 self_displace=0". */
static void swept_text(const struct kk_study *st, const struct kk_sweep_axis *axes, int num_axes,
                       int v, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int a = 0; a < num_axes && n < size; a++) {
        char val[256];
        int p = axes[a].param;
        kk_variant_format(st->game, &st->variants[v], p, val, sizeof val);
        n += (size_t)snprintf(buf + n, size - n, "%s%s=%s", a ? " " : "",
                              st->game->params[p].name, val);
    }
}

static void md_balance_variant(struct kk_buf *md, const struct kk_study *st,
                               const struct kk_study_results *r,
                               const struct kk_sweep_axis *axes, int num_axes, int v,
                               int base, double *vals, double *base_vals)
{
    int p = st->players;
    char sw[1024], base_sw[1024], name[160];
    swept_text(st, axes, num_axes, v, sw, sizeof sw);
    swept_text(st, axes, num_axes, base, base_sw, sizeof base_sw);
    kk_buf_printf(md, "### Variant %d: %s%s\n\n", v, sw, v == base ? " (baseline)" : "");
    if (v != base)
        kk_buf_printf(md, "Differences (Δ) are paired, game by game, against variant %d (%s).\n\n",
                      base, base_sw);
    int coop = st->game->cooperative; /* one team: no seat or agent win rates */
    if (coop) {
        kk_buf_printf(md, "Cooperative game: team ");
        kk_report_cooperative_md(md, st, r, v);
        kk_buf_printf(md, ". The result and its paired difference are in the table below.\n\n");
    } else {
        kk_buf_printf(md, "| seat | win rate [95%% CI] | Δ win rate | mean score [95%% CI] | "
                          "Δ score |\n|---|---|---|---|---|\n");
    }
    for (int s = 0; s < p && !coop; s++) {
        double wins = 0, lo, hi;
        struct kk_estimate score, dw, ds;
        gather(st, r, v, p + s, vals);
        gather(st, r, base, p + s, base_vals);
        for (long long i = 0; i < st->games; i++)
            wins += vals[i];
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        kk_paired_diff(vals, base_vals, (size_t)st->games, 1, &dw);
        gather(st, r, v, s, vals);
        gather(st, r, base, s, base_vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &score);
        kk_paired_diff(vals, base_vals, (size_t)st->games, 1, &ds);
        kk_buf_printf(md, "| %d | ", s);
        md_ci(md, wins / (double)st->games, lo, hi, 3);
        kk_buf_printf(md, " | ");
        if (v == base)
            kk_buf_printf(md, "—");
        else
            md_signed_ci(md, dw.mean, dw.lo, dw.hi, 3);
        kk_buf_printf(md, " | ");
        md_ci(md, score.mean, score.lo, score.hi, 2);
        kk_buf_printf(md, " | ");
        if (v == base)
            kk_buf_printf(md, "—");
        else
            md_signed_ci(md, ds.mean, ds.lo, ds.hi, 2);
        kk_buf_printf(md, " |\n");
    }
    if (!coop) {
        double wins = 0, lo, hi;
        gather(st, r, v, p, vals);
        for (long long i = 0; i < st->games; i++)
            wins += vals[i];
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        double fair = 1.0 / p;
        kk_buf_printf(md, "\nFirst-seat advantage (seat 0 win rate − 1/%d): ", p);
        md_signed_ci(md, wins / (double)st->games - fair, lo - fair, hi - fair, 3);
        kk_buf_printf(md, "\n\n");
    }
    if (st->num_agents > 1 && !coop) {
        kk_buf_printf(md, "| agent | win rate [95%% CI] | Δ win rate | mean score [95%% CI] |\n"
                          "|---|---|---|---|\n");
        for (int a = 0; a < st->num_agents; a++) {
            struct agent_summary s;
            struct kk_estimate d;
            summarise_agent(st, r, v, a, vals, &s);
            kk_buf_printf(md, "| ");
            md_agent(md, st, a);
            kk_buf_printf(md, " | ");
            md_ci(md, s.games ? s.wins / (double)s.games : 0, s.lo, s.hi, 3);
            kk_buf_printf(md, " | ");
            agent_share_diff(st, r, v, base, a, vals, base_vals, &d);
            if (v == base)
                kk_buf_printf(md, "—");
            else
                md_signed_ci(md, d.mean, d.lo, d.hi, 3);
            kk_buf_printf(md, " | ");
            summarise_agent(st, r, v, a, vals, &s);
            md_ci(md, s.score.mean, s.score.lo, s.score.hi, 2);
            kk_buf_printf(md, " |\n");
        }
        kk_buf_printf(md, "\n");
    }
    kk_buf_printf(md, "| statistic | mean [95%% CI] | Δ vs baseline [95%% CI] |\n|---|---|---|\n");
    for (int k = 2 * p; k < kk_metric_count(st); k++) {
        struct kk_estimate e, d;
        gather(st, r, v, k, vals);
        gather(st, r, base, k, base_vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &e);
        kk_paired_diff(vals, base_vals, (size_t)st->games, 1, &d);
        kk_metric_name(st, k, name, sizeof name);
        kk_buf_printf(md, "| %s | ", name);
        md_ci(md, e.mean, e.lo, e.hi, 3);
        kk_buf_printf(md, " | ");
        if (v == base)
            kk_buf_printf(md, "—");
        else
            md_signed_ci(md, d.mean, d.lo, d.hi, 3);
        kk_buf_printf(md, " |\n");
    }
    kk_buf_printf(md, "\n");
}

int kk_report_balance(const struct kk_study *st, const struct kk_study_results *r,
                      const struct kk_sweep_axis *axes, int num_axes, int baseline,
                      int baseline_is_default, const char *dir, struct kk_buf *md,
                      kk_error *err)
{
    const struct kk_game *g = st->game;
    int p = st->players;
    double *vals = calloc((size_t)st->games + 1, sizeof *vals);
    double *base_vals = calloc((size_t)st->games + 1, sizeof *base_vals);
    if (!vals || !base_vals) {
        free(vals);
        free(base_vals);
        return kk_fail(err, "out of memory");
    }
    const char *why = baseline_is_default
                          ? "the default variant"
                          : "the first combination (the default variant is not in the grid)";
    struct kk_buf b = {0}, m = {0};
    char name[160], sw[1024];

    kk_buf_printf(&b, "{\n  \"game\": ");
    kk_buf_json_string(&b, g->name);
    kk_buf_printf(&b, ",\n  \"players\": %d,\n  \"games\": %lld,\n  \"seed\": %llu,\n", p,
                  st->games, (unsigned long long)st->seed);
    kk_buf_printf(&b, "  \"agents\": [");
    for (int a = 0; a < st->num_agents; a++) {
        kk_buf_printf(&b, "%s", a ? ", " : "");
        kk_buf_json_string(&b, st->specs[a]);
    }
    kk_buf_printf(&b, "],\n  \"seating\": \"seat s of game i is played by agent (i + s) mod "
                      "%d\",\n  \"sweep\": [",
                  st->num_agents);
    for (int a = 0; a < num_axes; a++) {
        kk_buf_printf(&b, "%s", a ? ", " : "");
        kk_buf_json_string(&b, g->params[axes[a].param].name);
    }
    kk_buf_printf(&b, "],\n  \"baseline\": {\"variant_id\": %d, \"variant\": ", baseline);
    kk_buf_json_string(&b, st->variant_text[baseline]);
    kk_buf_printf(&b, ", \"why\": ");
    kk_buf_json_string(&b, why);
    kk_buf_printf(&b, "},\n  \"variants\": [");
    for (int v = 0; v < st->num_variants; v++) {
        kk_buf_printf(&b, "%s\n    {\n      \"variant_id\": %d,\n      \"variant_text\": ",
                      v ? "," : "", v);
        kk_buf_json_string(&b, st->variant_text[v]);
        kk_buf_printf(&b, ",\n      \"variant\": ");
        json_variant_values(&b, g, &st->variants[v]);
        swept_text(st, axes, num_axes, v, sw, sizeof sw);
        kk_buf_printf(&b, ",\n      \"swept\": ");
        kk_buf_json_string(&b, sw);
        if (g->cooperative)
            kk_report_cooperative_json(&b, st, r, v, vals);
        else
            kk_buf_printf(&b, ",\n      \"seats\": ");
        if (!g->cooperative)
            json_seats(&b, st, r, v, vals, "      ");
        if (!g->cooperative) {
            double wins = 0, lo, hi, fair = 1.0 / p;
            gather(st, r, v, p, vals);
            for (long long i = 0; i < st->games; i++)
                wins += vals[i];
            kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
            kk_buf_printf(&b, ",\n      \"first_seat_advantage\": ");
            json_num(&b, wins / (double)st->games - fair);
            kk_buf_printf(&b, ",\n      \"first_seat_advantage_ci95\": ");
            json_pair(&b, lo - fair, hi - fair);
        }
        kk_buf_printf(&b, ",\n      \"agents\": ");
        json_agents(&b, st, r, v, vals, "      ");
        struct kk_estimate len;
        gather(st, r, v, 2 * p, vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &len);
        kk_buf_printf(&b, ",\n      \"mean_length\": ");
        json_num(&b, len.mean);
        kk_buf_printf(&b, ",\n      \"length_ci95\": ");
        json_pair(&b, len.lo, len.hi);
        json_stat_means(&b, st, r, v, vals, "      ");
        /* Paired differences against the baseline for every per-game metric. */
        kk_buf_printf(&b, ",\n      \"diff_vs_baseline\": {");
        for (int k = 0; k < kk_metric_count(st); k++) {
            struct kk_estimate d;
            gather(st, r, v, k, vals);
            gather(st, r, baseline, k, base_vals);
            kk_paired_diff(vals, base_vals, (size_t)st->games, 1, &d);
            kk_metric_name(st, k, name, sizeof name);
            kk_buf_printf(&b, "%s\n        ", k ? "," : "");
            kk_buf_json_string(&b, name);
            kk_buf_printf(&b, ": {\"mean\": ");
            json_num(&b, d.mean);
            kk_buf_printf(&b, ", \"ci95\": ");
            json_pair(&b, d.lo, d.hi);
            kk_buf_printf(&b, "}");
        }
        kk_buf_printf(&b, "\n      },\n      \"agent_win_diff_vs_baseline\": [");
        for (int a = 0; a < st->num_agents; a++) {
            struct kk_estimate d;
            agent_share_diff(st, r, v, baseline, a, vals, base_vals, &d);
            kk_buf_printf(&b, "%s{\"agent\": %d, \"mean\": ", a ? ", " : "", a);
            json_num(&b, d.mean);
            kk_buf_printf(&b, ", \"ci95\": ");
            json_pair(&b, d.lo, d.hi);
            kk_buf_printf(&b, "}");
        }
        kk_buf_printf(&b, "]\n    }");
    }
    kk_buf_printf(&b, "\n  ]\n}\n");

    kk_buf_printf(&m, "## %s: balance sweep, %d players, %lld games per variant, seed %llu\n\n",
                  g->title, p, st->games, (unsigned long long)st->seed);
    kk_buf_printf(&m, "Agents: ");
    for (int a = 0; a < st->num_agents; a++) {
        kk_buf_printf(&m, "%s", a ? ", " : "");
        md_agent(&m, st, a);
    }
    kk_buf_printf(&m, " (seat s of game i: agent (i + s) mod %d). Game i of every variant "
                      "uses the same random streams (common random numbers).\n\n"
                      "Baseline: variant %d (%s), %s.\n\n",
                  st->num_agents, baseline, st->variant_text[baseline], why);
    md_peek_note(&m, st);
    kk_buf_printf(&m, "| variant | settings | seat 0 win rate [95%% CI] | first-seat advantage | "
                      "mean length |\n|---|---|---|---|---|\n");
    for (int v = 0; v < st->num_variants; v++) {
        double wins = 0, lo, hi, fair = 1.0 / p;
        gather(st, r, v, p, vals);
        for (long long i = 0; i < st->games; i++)
            wins += vals[i];
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        struct kk_estimate len;
        gather(st, r, v, 2 * p, vals);
        kk_mean_ci(vals, (size_t)st->games, 1, &len);
        swept_text(st, axes, num_axes, v, sw, sizeof sw);
        kk_buf_printf(&m, "| %d | %s | ", v, sw);
        md_ci(&m, wins / (double)st->games, lo, hi, 3);
        kk_buf_printf(&m, " | %+.3f | %.1f |\n", wins / (double)st->games - fair, len.mean);
    }
    kk_buf_printf(&m, "\n");
    for (int v = 0; v < st->num_variants; v++)
        md_balance_variant(&m, st, r, axes, num_axes, v, baseline, vals, base_vals);

    struct kk_buf charts = {0};
    int n = st->num_variants > 0 ? st->num_variants : 1;
    char(*lab)[96] = calloc((size_t)n, sizeof *lab);
    double *mean = calloc((size_t)n * 3, sizeof *mean), *lo = mean + n, *hi = mean + 2 * n;
    if (lab && mean) {
        for (int v = 0; v < n; v++) {
            gather(st, r, v, p, vals);
            double wins = 0;
            for (long long i = 0; i < st->games; i++)
                wins += vals[i];
            swept_text(st, axes, num_axes, v, lab[v], sizeof lab[v]);
            mean[v] = wins / (double)st->games;
            kk_wilson(wins, (double)st->games, KK_Z95, &lo[v], &hi[v]);
        }
        svg_rates(&charts, "Seat 0 win rate by variant", n, lab, mean, lo, hi, 1.0 / p);
        for (int a = 0; a < st->num_agents && st->num_agents > 1; a++) {
            char title[200];
            for (int v = 0; v < n; v++) {
                struct agent_summary s;
                summarise_agent(st, r, v, a, vals, &s);
                mean[v] = s.games ? s.wins / (double)s.games : 0;
                lo[v] = s.lo;
                hi[v] = s.hi;
            }
            snprintf(title, sizeof title, "Win rate of %s by variant", st->labels[a]);
            svg_rates(&charts, title, n, lab, mean, lo, hi, 1.0 / st->num_agents);
        }
    }
    free(lab);
    free(mean);
    free(vals);
    free(base_vals);
    char title[256];
    snprintf(title, sizeof title, "%s balance sweep", g->title);
    return finish_report(dir, "balance", title, &b, &m, &charts, md, err);
}
