#include "report.h"
#include "coop_report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "version.h"

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

/* The seat metric k belongs to (score_s*, win_s*, a per-seat statistic), or -1. */
static int metric_seat(const struct kk_study *st, int k)
{
    const struct kk_game *g = st->game;
    int p = st->players;
    if (k < 2 * p)
        return k % p;
    char name[8];
    int w = metric_stat(st, k, name, sizeof name);
    if (w < 0)
        return -1;
    for (int d = 0, off = 0; d < g->num_stats; d++) {
        int n = g->stats[d].per_seat ? p : 1;
        if (w < off + n)
            return g->stats[d].per_seat ? w - off : -1;
        off += n;
    }
    return -1;
}

/* 1 when metric k exists in variant v (a per-seat metric of a seat it has). */
static int metric_in_variant(const struct kk_study *st, int k, int v)
{
    return metric_seat(st, k) < st->seats[v];
}

/* Metric k of one game (its result and its width statistics). */
static double row_metric(const struct kk_study *st, const struct kk_game_result *res,
                         const double *stats, int k)
{
    int p = st->players;
    if (k < p)
        return k < res->players ? res->scores[k] : NAN;
    if (k < 2 * p) {
        int s = k - p;
        if (s >= res->players)
            return NAN;
        return (res->winners >> s & 1u) ? 1.0 / __builtin_popcount(res->winners) : 0.0;
    }
    if (k == 2 * p)
        return res->length;
    if (st->game->cooperative && k == 2 * p + 1)
        return res->result;
    char name[8];
    int w = metric_stat(st, k, name, sizeof name);
    return w >= 0 ? stats[w] : 0;
}

double kk_metric_value(const struct kk_study *st, const struct kk_study_results *r,
                       long long j, int k)
{
    return row_metric(st, &r->res[j], r->stats + (size_t)j * (size_t)r->width, k);
}

/* ---- the reduction: every figure of the reports, from games.csv streamed twice ----
 *
 * The reports need, per variant: each metric's mean and interval, its paired difference
 * from the variant's baseline, each agent's wins, scores and per-seat statistics, head to
 * head counts, the success count and the closest game; and the winners' statistics. All
 * are sums in game order, which a pass over the rows gives in memory that depends on the
 * variants, metrics and agents, never on the games. The intervals centre their squares on
 * the mean, known only after the last game, so the squares take a second pass over the
 * file (kk_series): the figures are then exactly those of arrays of every game. Game i's
 * rows of every variant are consecutive in games.csv (job i * variants + v), which is
 * what pairing needs: one game's rows are buffered at a time. */

struct agent_acc {
    long long games;          /* games in which the agent held at least one seat */
    double wins;              /* win shares summed over its seats */
    struct kk_series score;   /* per game: the mean score of its seats */
    struct kk_series share_diff; /* its win share minus the baseline's, game by game */
};

struct closest {
    long long job; /* -1: none yet */
    double gap;
    int length, players;
};

struct reduction {
    const struct kk_study *st;
    long long jobs;            /* rows reduced */
    int nv, metrics, agents, width, pass;
    int base[KK_STUDY_MAX_VARIANTS]; /* the variant each is paired with */
    struct kk_series *metric;  /* [v][k] */
    struct kk_series *diff;    /* [v][k]: metric k of v minus that of base[v] */
    struct agent_acc *agent;   /* [v][a] */
    double *h2h_share;         /* [v][a][b]: a's win share in the games a played with b */
    long long *h2h_games;      /* [v][a][b] */
    double *agent_stat;        /* [v][a][d]: sum over games of a's mean of statistic d */
    double *winner_stat;       /* [d]: sum over every job of the winners' mean of d */
    long long *successes;      /* [v]: games the team won (cooperative) */
    struct closest *closest;   /* [v] */
    struct kk_game_result *game_res; /* the current game's row of each variant */
    double *game_stats;        /* [v][width] */
};

static struct kk_series *metric_series(const struct reduction *R, int v, int k)
{
    return &R->metric[(size_t)v * (size_t)R->metrics + (size_t)k];
}

static struct kk_series *diff_series(const struct reduction *R, int v, int k)
{
    return &R->diff[(size_t)v * (size_t)R->metrics + (size_t)k];
}

static struct agent_acc *agent_acc(const struct reduction *R, int v, int a)
{
    return &R->agent[(size_t)v * (size_t)R->agents + (size_t)a];
}

static double game_metric(const struct reduction *R, int v, int k)
{
    return row_metric(R->st, &R->game_res[v],
                      R->game_stats + (size_t)v * (size_t)R->width, k);
}

/* Agent a's win share in game i of variant v and the seats it held there. */
static double agent_share(const struct reduction *R, long long i, int v, int a, int *seats)
{
    const struct kk_study *st = R->st;
    double share = 0;
    *seats = 0;
    for (int s = 0; s < st->seats[v]; s++)
        if (kk_seat_agent(i, s, st->num_agents) == a) {
            (*seats)++;
            share += game_metric(R, v, st->players + s);
        }
    return share;
}

/* Pass 2: the squares about the means of pass 1, in the same order. */
static void reduce_squares(struct reduction *R, long long i)
{
    const struct kk_study *st = R->st;
    for (int v = 0; v < R->nv; v++) {
        int b = R->base[v];
        for (int k = 0; k < R->metrics; k++) {
            double x = game_metric(R, v, k);
            kk_series_add_sq(metric_series(R, v, k), x);
            kk_series_add_sq(diff_series(R, v, k), x - game_metric(R, b, k));
        }
        for (int a = 0; a < R->agents; a++) {
            int seats, base_seats;
            double share = agent_share(R, i, v, a, &seats);
            if (!seats)
                continue;
            double score = 0;
            for (int s = 0; s < st->seats[v]; s++)
                if (kk_seat_agent(i, s, st->num_agents) == a)
                    score += R->game_res[v].scores[s];
            struct agent_acc *acc = agent_acc(R, v, a);
            kk_series_add_sq(&acc->score, score / seats);
            kk_series_add_sq(&acc->share_diff, share - agent_share(R, i, b, a, &base_seats));
        }
    }
}

/* Pass 1: sums, counts, head to head, statistics by agent and winner, the closest game. */
static void reduce_sums(struct reduction *R, long long i)
{
    const struct kk_study *st = R->st;
    const struct kk_game *g = st->game;
    int A = R->agents;
    for (int v = 0; v < R->nv; v++) {
        int b = R->base[v], p = st->seats[v];
        long long j = i * R->nv + v;
        const struct kk_game_result *x = &R->game_res[v];
        const double *stats = R->game_stats + (size_t)v * (size_t)R->width;
        for (int k = 0; k < R->metrics; k++) {
            double m = game_metric(R, v, k);
            kk_series_add(metric_series(R, v, k), m);
            kk_series_add(diff_series(R, v, k), m - game_metric(R, b, k));
        }
        for (int a = 0; a < A; a++) {
            int seats, base_seats;
            double share = agent_share(R, i, v, a, &seats);
            if (!seats)
                continue;
            double score = 0;
            for (int s = 0; s < p; s++)
                if (kk_seat_agent(i, s, A) == a)
                    score += x->scores[s];
            struct agent_acc *acc = agent_acc(R, v, a);
            acc->games++;
            acc->wins += share;
            kk_series_add(&acc->score, score / seats);
            kk_series_add(&acc->share_diff, share - agent_share(R, i, b, a, &base_seats));
            for (int d = 0; d < g->num_stats; d++) {
                if (!g->stats[d].per_seat)
                    continue;
                int w0 = kk_stat_offset(g, st->players, d);
                double sum = 0;
                for (int s = 0; s < p; s++)
                    if (kk_seat_agent(i, s, A) == a)
                        sum += stats[w0 + s];
                R->agent_stat[((size_t)v * (size_t)A + (size_t)a) * (size_t)g->num_stats +
                              (size_t)d] += sum / seats;
            }
        }
        if (A > p && A >= 2) {
            for (int a = 0; a < A; a++)
                for (int c = 0; c < A; c++) {
                    if (a == c)
                        continue;
                    int has_a = 0, has_c = 0;
                    double share = 0;
                    for (int s = 0; s < p; s++) {
                        int who = kk_seat_agent(i, s, A);
                        has_a |= who == a;
                        has_c |= who == c;
                        if (who == a)
                            share += game_metric(R, v, st->players + s);
                    }
                    if (has_a && has_c) {
                        size_t at = ((size_t)v * (size_t)A + (size_t)a) * (size_t)A + (size_t)c;
                        R->h2h_share[at] += share;
                        R->h2h_games[at]++;
                    }
                }
        }
        for (int d = 0; d < g->num_stats; d++) {
            if (!g->stats[d].per_seat)
                continue;
            int w0 = kk_stat_offset(g, st->players, d);
            double sum = 0;
            int k = 0;
            for (int s = 0; s < x->players; s++)
                if (x->winners >> s & 1u) {
                    sum += stats[w0 + s];
                    k++;
                }
            R->winner_stat[d] += k ? sum / k : 0;
        }
        R->successes[v] += x->winners != 0;
        /* The closest game (smallest lead of the winner over the runner-up), the longer of
         * two equally close ones; with one seat (solo, cooperative) the longest. */
        double top = -1e300, second = -1e300;
        for (int s = 0; s < x->players; s++) {
            if (x->scores[s] > top) {
                second = top;
                top = x->scores[s];
            } else if (x->scores[s] > second) {
                second = x->scores[s];
            }
        }
        double gap = x->players > 1 && !g->cooperative ? top - second : 0;
        struct closest *c = &R->closest[v];
        if (c->job < 0 || gap < c->gap || (gap == c->gap && x->length > c->length)) {
            c->job = j;
            c->gap = gap;
            c->length = x->length;
            c->players = x->players;
        }
    }
}

static void reduce_row(void *ctx, long long job, const struct kk_game_result *r,
                       const double *stats)
{
    struct reduction *R = ctx;
    int v = (int)(job % R->nv);
    R->game_res[v] = *r;
    memcpy(R->game_stats + (size_t)v * (size_t)R->width, stats,
           sizeof *stats * (size_t)R->width);
    if (v < R->nv - 1)
        return; /* the game's other variants follow */
    if (R->pass == 1)
        reduce_sums(R, job / R->nv);
    else
        reduce_squares(R, job / R->nv);
}

static void reduction_free(struct reduction *R)
{
    free(R->metric);
    free(R->diff);
    free(R->agent);
    free(R->h2h_share);
    free(R->h2h_games);
    free(R->agent_stat);
    free(R->winner_stat);
    free(R->successes);
    free(R->closest);
    free(R->game_res);
    free(R->game_stats);
    memset(R, 0, sizeof *R);
}

/* Reduces the first r->jobs rows of dir/games.csv (whole games: every variant's row);
 * variant v is paired with base[v] (NULL: with itself). Returns 0 or -1 with err set. */
static int reduce(struct reduction *R, const struct kk_study *st,
                  const struct kk_study_results *r, const int *base, const char *dir,
                  kk_error *err)
{
    memset(R, 0, sizeof *R);
    R->st = st;
    R->jobs = r->jobs;
    R->nv = st->num_variants;
    R->metrics = kk_metric_count(st);
    R->agents = st->num_agents;
    R->width = kk_stats_width(st->game, st->players);
    for (int v = 0; v < R->nv; v++)
        R->base[v] = base ? base[v] : v;
    size_t nv = (size_t)R->nv, m = (size_t)R->metrics, A = (size_t)R->agents;
    size_t D = (size_t)st->game->num_stats + 1;
    R->metric = calloc(nv * m + 1, sizeof *R->metric);
    R->diff = calloc(nv * m + 1, sizeof *R->diff);
    R->agent = calloc(nv * A, sizeof *R->agent);
    R->h2h_share = calloc(nv * A * A, sizeof *R->h2h_share);
    R->h2h_games = calloc(nv * A * A, sizeof *R->h2h_games);
    R->agent_stat = calloc(nv * A * D, sizeof *R->agent_stat);
    R->winner_stat = calloc(D, sizeof *R->winner_stat);
    R->successes = calloc(nv, sizeof *R->successes);
    R->closest = calloc(nv, sizeof *R->closest);
    R->game_res = calloc(nv, sizeof *R->game_res);
    R->game_stats = calloc(nv * (size_t)R->width + 1, sizeof *R->game_stats);
    if (!R->metric || !R->diff || !R->agent || !R->h2h_share || !R->h2h_games ||
        !R->agent_stat || !R->winner_stat || !R->successes ||
        !R->closest || !R->game_res || !R->game_stats) {
        reduction_free(R);
        return kk_fail(err, "out of memory");
    }
    for (int v = 0; v < R->nv; v++)
        R->closest[v].job = -1;
    for (R->pass = 1; R->pass <= 2; R->pass++)
        if (kk_study_scan(st, dir, r->jobs, reduce_row, R, err) != 0) {
            reduction_free(R);
            return -1;
        }
    return 0;
}

/* Metric k of variant v: mean and interval as kk_mean_ci gives them. */
static void metric_ci(const struct reduction *R, int v, int k, struct kk_estimate *e)
{
    kk_series_mean_ci(metric_series(R, v, k), e);
}

/* Metric k of variant v minus its baseline's, paired game by game. */
static void metric_diff(const struct reduction *R, int v, int k, struct kk_estimate *e)
{
    kk_series_diff_ci(diff_series(R, v, k), e);
}

/* Seat s's win shares summed over variant v's games. */
static double seat_wins(const struct reduction *R, int v, int s)
{
    return metric_series(R, v, R->st->players + s)->sum;
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

int kk_write_file(const char *dir, const char *name, const char *text, kk_error *err)
{
    char path[4096], tmp[4100];
    if (dir)
        snprintf(path, sizeof path, "%s/%s", dir, name);
    else
        snprintf(path, sizeof path, "%s", name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fputs(text, f) >= 0;
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

static int write_file(const char *dir, const char *name, const struct kk_buf *b, kk_error *err)
{
    return kk_write_file(dir, name, kk_buf_str(b), err);
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
    int code = 0, bold = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '`') {
            kk_buf_printf(b, code ? "</code>" : "<code>");
            code = !code;
        } else if (c == '*' && i + 1 < len && text[i + 1] == '*' && !code) {
            kk_buf_printf(b, bold ? "</strong>" : "<strong>");
            bold = !bold;
            i++;
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
    if (bold)
        kk_buf_printf(b, "</strong>");
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

/* One row of an interval chart. */
struct chart_row {
    char label[200];
    double mean, lo, hi;
    double ref;  /* a short dashed tick on this row (e.g. the fair share 1/players); NaN: none */
    int mark;    /* 1: the baseline (bold label); 2: significant (interval excludes the
                    reference: drawn in orange with a bold label) */
    int group;   /* rows of one group sit together; a thin line separates groups */
};

/* A "nice" tick step (1, 2 or 5 times a power of ten) giving about 5 ticks over span. */
static double tick_step(double span)
{
    double raw = span / 5, p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* A horizontal interval chart: one row per item, a dot at the estimate and a whisker for
 * its 95% interval. The x axis spans the data (intervals and reference values) with a
 * little margin, has ticks at round values and a title; the label column is as wide as the
 * longest label, so nothing is cut. zero: draw a solid line at 0 (for differences). */
static void svg_chart(struct kk_buf *b, const char *title, const char *axis_title,
                      const struct chart_row *rows, int n, int zero, const char *caption)
{
    const int width = 420, row = 22, top = 34;
    size_t longest = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(rows[i].label);
        if (len > longest)
            longest = len;
    }
    int left = 20 + (int)(longest * 7.2);  /* about 7 px per character at 12 px sans-serif */
    double x0 = zero ? 0 : INFINITY, x1 = zero ? 0 : -INFINITY;
    for (int i = 0; i < n; i++) {
        double v[4] = {rows[i].lo, rows[i].hi, rows[i].mean, rows[i].ref};
        for (int k = 0; k < 4; k++)
            if (isfinite(v[k])) {
                x0 = fmin(x0, v[k]);
                x1 = fmax(x1, v[k]);
            }
    }
    if (!isfinite(x0) || !isfinite(x1)) {
        x0 = 0;
        x1 = 1;
    }
    if (x1 - x0 < 1e-9) {
        x0 -= 0.05;
        x1 += 0.05;
    }
    double step = tick_step(x1 - x0);
    x0 = floor(x0 / step - 0.25) * step;
    x1 = ceil(x1 / step + 0.25) * step;
    if (!zero) { /* a rate: the axis stays within [0, 1] */
        x0 = fmax(x0, 0);
        x1 = fmin(x1, 1);
    }
    int plot_h = n * row;
    int h = top + plot_h + 46;
    int total_w = left + width + 30;
    int title_w = 20 + (int)(strlen(title) * 7.8);
    if (title_w > total_w)
        total_w = title_w;
#define XPOS(x) (left + width * ((x) - x0) / (x1 - x0))
    kk_buf_printf(b, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                     "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
                     "font-size=\"12\">\n",
                  total_w, h, total_w, h);
    kk_buf_printf(b, "<text x=\"0\" y=\"16\" font-weight=\"bold\" font-size=\"14\">");
    html_text(b, title, strlen(title));
    kk_buf_printf(b, "</text>\n");
    int decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
    for (int t = 0;; t++) {
        double x = x0 + step * t;
        if (x > x1 + step * 1e-6)
            break;
        kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                         "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.*f</text>\n",
                      XPOS(x), top - 4, XPOS(x), top + plot_h, XPOS(x), top + plot_h + 16,
                      decimals, fabs(x) < step * 1e-6 ? 0.0 : x);
    }
    kk_buf_printf(b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", left + width / 2.0,
                  top + plot_h + 36);
    html_text(b, axis_title, strlen(axis_title));
    kk_buf_printf(b, "</text>\n");
    if (zero)
        kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#444\"/>\n",
                      XPOS(0.0), top - 4, XPOS(0.0), top + plot_h);
    for (int i = 0; i < n; i++) {
        double y = top + i * row + row / 2.0;
        const char *color = rows[i].mark == 2 ? "#d55e00" : rows[i].mark == 1 ? "#111" : "#258";
        if (i > 0 && rows[i].group != rows[i - 1].group)
            kk_buf_printf(b, "<line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#bbb\"/>\n",
                          top + i * row, left + width, top + i * row);
        if (rows[i].mark == 1)
            kk_buf_printf(b, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f2f2f2\"/>\n",
                          top + i * row + 1, left + width, row - 2);
        kk_buf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\"%s>", left - 8, y + 4,
                      rows[i].mark ? " font-weight=\"bold\"" : "");
        html_text(b, rows[i].label, strlen(rows[i].label));
        kk_buf_printf(b, "</text>\n");
        if (isfinite(rows[i].ref))
            kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                             "stroke=\"#c33\" stroke-dasharray=\"3 2\"/>\n",
                          XPOS(rows[i].ref), y - row / 2.0 + 2, XPOS(rows[i].ref),
                          y + row / 2.0 - 2);
        if (isfinite(rows[i].lo) && isfinite(rows[i].hi) && isfinite(rows[i].mean))
            kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                             "stroke=\"%s\" stroke-width=\"2\"/>"
                             "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n",
                          XPOS(rows[i].lo), y, XPOS(rows[i].hi), y, color, XPOS(rows[i].mean), y,
                          color);
    }
#undef XPOS
    kk_buf_printf(b, "</svg><figcaption>");
    html_text(b, caption, strlen(caption));
    kk_buf_printf(b, "</figcaption></figure>\n");
}

/* The page: the Markdown's heading and opening paragraphs (what was run, by which kark),
 * then the charts, then the rest of the Markdown (its tables). */
static void html_page(struct kk_buf *b, const char *title, const struct kk_buf *charts,
                      const struct kk_buf *md)
{
    kk_buf_printf(b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
    html_text(b, title, strlen(title));
    kk_buf_printf(b, "</title>\n<style>body{font-family:sans-serif;max-width:1100px;margin:2em "
                     "auto;padding:0 1em}table{border-collapse:collapse;margin:1em 0}"
                     "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}"
                     "th{background:#f3f3f3}code{font-size:90%%}figure{margin:1em 0}"
                     "svg{max-width:100%%;height:auto}"
                     "figcaption{color:#666;font-size:85%%}</style></head><body>\n");
    const char *text = kk_buf_str(md);
    const char *table = strstr(text, "\n|");
    size_t head = table ? (size_t)(table - text) + 1 : strlen(text);
    /* A paragraph that introduces the first table ("...:") stays with its table. */
    const char *end = table;
    while (end && end > text && end[-1] == '\n')
        end--;
    if (end && end > text && end[-1] == ':') {
        const char *p = end - 1;
        while (p > text && !(p[0] == '\n' && p[-1] == '\n'))
            p--;
        if (p > text)
            head = (size_t)(p - text) + 1;
    }
    char *first = malloc(head + 1);
    if (first) {
        memcpy(first, text, head);
        first[head] = '\0';
        html_from_md(b, first);
        free(first);
    }
    kk_buf_append(b, kk_buf_str(charts), charts->len);
    html_from_md(b, text + head);
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

static void summarise_agent(const struct reduction *R, int v, int a,
                            struct agent_summary *out)
{
    const struct agent_acc *acc = agent_acc(R, v, a);
    memset(out, 0, sizeof *out);
    out->games = acc->games;
    out->wins = acc->wins;
    kk_wilson(out->wins, (double)acc->games, KK_Z95, &out->lo, &out->hi);
    kk_series_mean_ci(&acc->score, &out->score);
}

/* Paired difference of agent a's win share, variant v minus its baseline. The games an
 * agent plays depend only on the game index, so the two variants give the same games. */
static void agent_share_diff(const struct reduction *R, int v, int a, struct kk_estimate *out)
{
    kk_series_diff_ci(&agent_acc(R, v, a)->share_diff, out);
}

/* Mean of per-seat statistic d over the seats agent a held, over the games of variant v
 * in which it played (points by source per agent). */
static double agent_stat_mean(const struct reduction *R, int v, int a, int d)
{
    long long games = agent_acc(R, v, a)->games;
    double sum = R->agent_stat[((size_t)v * (size_t)R->agents + (size_t)a) *
                                   (size_t)R->st->game->num_stats + (size_t)d];
    return games ? sum / (double)games : 0;
}

static void json_agent_stats(struct kk_buf *b, const struct reduction *R, int v, int a)
{
    const struct kk_game *g = R->st->game;
    kk_buf_printf(b, ", \"stats\": {");
    int first = 1;
    for (int d = 0; d < g->num_stats; d++) {
        if (!g->stats[d].per_seat)
            continue;
        kk_buf_printf(b, "%s", first ? "" : ", ");
        kk_buf_json_string(b, g->stats[d].name);
        kk_buf_printf(b, ": ");
        json_num(b, agent_stat_mean(R, v, a, d));
        first = 0;
    }
    kk_buf_printf(b, "}");
}

static void json_agents(struct kk_buf *b, const struct reduction *R, int v, const char *indent)
{
    const struct kk_study *st = R->st;
    kk_buf_printf(b, "[");
    for (int a = 0; a < st->num_agents; a++) {
        struct agent_summary s;
        summarise_agent(R, v, a, &s);
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
        json_agent_stats(b, R, v, a);
        kk_buf_printf(b, "}");
    }
    kk_buf_printf(b, "\n%s]", indent);
}

static void json_seats(struct kk_buf *b, const struct reduction *R, int v, const char *indent)
{
    const struct kk_study *st = R->st;
    kk_buf_printf(b, "[");
    for (int s = 0; s < st->seats[v]; s++) {
        double wins = seat_wins(R, v, s), lo, hi;
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        struct kk_estimate score;
        metric_ci(R, v, s, &score);
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
static void json_stat_means(struct kk_buf *b, const struct reduction *R, int v,
                            const char *indent)
{
    const struct kk_study *st = R->st;
    int m = kk_metric_count(st);
    struct kk_estimate *est = calloc((size_t)m, sizeof *est);
    for (int k = first_stat_metric(st); k < m; k++)
        metric_ci(R, v, k, &est[k]);
    char name[160];
    for (int pass = 0; pass < 2; pass++) {
        kk_buf_printf(b, ",\n%s\"%s\": {", indent, pass ? "stats_ci95" : "stats");
        int first = 1;
        for (int k = first_stat_metric(st); k < m; k++) {
            if (!metric_in_variant(st, k, v))
                continue; /* a seat this variant does not have */
            kk_metric_name(st, k, name, sizeof name);
            kk_buf_printf(b, "%s\n%s  ", first ? "" : ",", indent);
            first = 0;
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

/* Mean of per-seat statistic d over the winning seats of each game, over all games (a
 * shared win averages the tied seats). */
static double winner_stat_mean(const struct reduction *R, int d)
{
    return R->jobs ? R->winner_stat[d] / (double)R->jobs : 0;
}

/* Winners' points by source: for each per-seat statistic, the mean over games of its
 * average over the winning seats (a shared win averages the tied seats). */
static void json_winner_stats(struct kk_buf *b, const struct reduction *R)
{
    const struct kk_game *g = R->st->game;
    kk_buf_printf(b, ",\n  \"winner_stats\": {");
    int first = 1;
    for (int d = 0; d < g->num_stats; d++) {
        if (!g->stats[d].per_seat)
            continue;
        kk_buf_printf(b, "%s\n    ", first ? "" : ",");
        kk_buf_json_string(b, g->stats[d].name);
        kk_buf_printf(b, ": ");
        json_num(b, winner_stat_mean(R, d));
        first = 0;
    }
    kk_buf_printf(b, "%s}", first ? "" : "\n  ");
}

/* An agent's fair win rate per game it plays: its share of the seats of a game it is in
 * (1/A when the A agents fill the seats between them, 1/P when it holds one of P seats). */
static double agent_fair_share(const struct kk_study *st, int v)
{
    int p = st->seats[v], a = st->num_agents;
    return 1.0 / (a < p ? a : p);
}

/* With more agents than seats the rotation is cyclic: the agents of game i are
 * i, i+1, ..., i+P-1 (mod A) in seat order, so a pair meets in one seating order only, and
 * agents more than P-1 apart never meet. Said under the tables, with a head-to-head
 * table. */
static void md_rotation_note(struct kk_buf *md, const struct kk_study *st, int v)
{
    int p = st->seats[v];
    if (st->num_agents <= p)
        return;
    kk_buf_printf(md, "\n**Note:** %d agents share %d seats, so seats rotate cyclically (game "
                      "i seats agents i, i+1, ... in order, mod %d): every agent "
                      "holds every seat equally often, but not against every opponent (agent 0 "
                      "sits before agent 1 in every game they share)%s. Win rates mix "
                      "opponents and seats; the head-to-head table below shows who beats whom.\n",
                  st->num_agents, p, st->num_agents,
                  st->num_agents >= 2 * p ? ", and some pairs never meet" : "");
}

/* Head-to-head: row agent's win rate over the games of variant v in which it played
 * together with the column agent, and how many such games there were. */
static void md_head_to_head(struct kk_buf *md, const struct reduction *R, int v)
{
    const struct kk_study *st = R->st;
    int A = st->num_agents, p = st->seats[v];
    if (A <= p || A < 2)
        return;
    kk_buf_printf(md, "\nHead to head (row agent's win rate in the games it played with the "
                      "column agent; games in brackets):\n\n| agent |");
    for (int b = 0; b < A; b++)
        kk_buf_printf(md, " vs `%s` |", st->labels[b]);
    kk_buf_printf(md, "\n|---|");
    for (int b = 0; b < A; b++)
        kk_buf_printf(md, "---|");
    kk_buf_printf(md, "\n");
    for (int a = 0; a < A; a++) {
        kk_buf_printf(md, "| ");
        md_agent(md, st, a);
        kk_buf_printf(md, " |");
        for (int b = 0; b < A; b++) {
            if (a == b) {
                kk_buf_printf(md, " — |");
                continue;
            }
            size_t at = ((size_t)v * (size_t)A + (size_t)a) * (size_t)A + (size_t)b;
            double share = R->h2h_share[at];
            long long n = R->h2h_games[at];
            if (n)
                kk_buf_printf(md, " %.3f (%lld) |", share / (double)n, n);
            else
                kk_buf_printf(md, " never met |");
        }
        kk_buf_printf(md, "\n");
    }
}

/* The provenance paragraph (kark version, date, command) when the caller gave one. */
static void md_provenance(struct kk_buf *md, const struct kk_study *st)
{
    if (st->provenance[0])
        kk_buf_printf(md, "Made with %s\n\n", st->provenance);
}

/* ---- tournament ---- */


/* Per-seat statistics by agent and for the winners: where the points come from. */
static void md_points_by_source(struct kk_buf *md, const struct reduction *R)
{
    const struct kk_study *st = R->st;
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
        kk_buf_printf(md, "| %s |", g->stats[d].name);
        for (int a = 0; a < st->num_agents; a++)
            kk_buf_printf(md, " %.3f |", agent_stat_mean(R, 0, a, d));
        kk_buf_printf(md, " %.3f |\n", winner_stat_mean(R, d));
    }
}

static void md_tournament(struct kk_buf *md, const struct reduction *R)
{
    const struct kk_study *st = R->st;
    const struct kk_game *g = st->game;
    int p = st->players;
    kk_buf_printf(md, "## %s: tournament, %d players, %lld games, seed %llu\n\n", g->title, p,
                  st->games, (unsigned long long)st->seed);
    md_provenance(md, st);
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
        summarise_agent(R, 0, a, &s);
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
        metric_ci(R, 0, 2 * p + 1, &res);
        kk_buf_printf(md, "Cooperative game: the outcome is the game's result, mean ");
        md_ci(md, res.mean, res.lo, res.hi, 2);
        kk_buf_printf(md, "; ");
        kk_report_cooperative_md(md, st->games, R->successes[0]);
        kk_buf_printf(md, ".\n\n| seat | mean score [95%% CI] |\n|---|---|\n");
        for (int s = 0; s < p; s++) {
            struct kk_estimate score;
            metric_ci(R, 0, s, &score);
            kk_buf_printf(md, "| %d | ", s);
            md_ci(md, score.mean, score.lo, score.hi, 2);
            kk_buf_printf(md, " |\n");
        }
    }
    if (!g->cooperative)
        kk_buf_printf(md, "\n| seat | win rate [95%% CI] | mean score [95%% CI] |\n|---|---|---|\n");
    for (int s = 0; s < p && !g->cooperative; s++) {
        double wins = seat_wins(R, 0, s), lo, hi;
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        struct kk_estimate score;
        metric_ci(R, 0, s, &score);
        kk_buf_printf(md, "| %d | ", s);
        md_ci(md, wins / (double)st->games, lo, hi, 3);
        kk_buf_printf(md, " | ");
        md_ci(md, score.mean, score.lo, score.hi, 2);
        kk_buf_printf(md, " |\n");
    }
    if (!g->cooperative) {
        double wins = seat_wins(R, 0, 0), lo, hi, fair = 1.0 / p;
        kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
        kk_buf_printf(md, "\nFirst-seat advantage (seat 0 win rate − 1/%d): ", p);
        md_signed_ci(md, wins / (double)st->games - fair, lo - fair, hi - fair, 3);
        kk_buf_printf(md, "\n");
    }
    md_rotation_note(md, st, 0);
    md_head_to_head(md, R, 0);
    md_points_by_source(md, R);
    kk_buf_printf(md, "\n| statistic | mean [95%% CI] |\n|---|---|\n");
    char name[160];
    for (int k = 2 * p; k < kk_metric_count(st); k++) {
        struct kk_estimate e;
        metric_ci(R, 0, k, &e);
        kk_metric_name(st, k, name, sizeof name);
        kk_buf_printf(md, "| %s | ", name);
        md_ci(md, e.mean, e.lo, e.hi, 3);
        kk_buf_printf(md, " |\n");
    }
}

/* The final position of variant v's closest game, as a figure for report.html (games that
 * draw themselves: the svg hook). The game is played again from its seed: the run keeps no
 * states, and a game's course depends only on (seed, index) and the agents. */
static void closest_game_figure(struct kk_buf *charts, const struct reduction *R, int v)
{
    const struct kk_study *st = R->st;
    const struct kk_game *g = st->game;
    if (!g->svg || st->games < 1 || R->closest[v].job < 0)
        return;
    /* The game reduce_sums chose. */
    long long best = R->closest[v].job;
    double best_gap = R->closest[v].gap;
    void *state = calloc(1, g->state_size);
    kk_error e;
    if (state && kk_study_final_state(st, best, state, &e) == 0) {
        struct kk_buf svg = {0};
        g->svg(state, &svg);
        const char *start = strstr(kk_buf_str(&svg), "<svg"); /* no XML prolog inside HTML */
        if (start) {
            kk_buf_printf(charts, "<figure>\n");
            kk_buf_append(charts, start, strlen(start));
            int duel = R->closest[v].players > 1 && !g->cooperative;
            char margin[64] = "";
            if (duel)
                snprintf(margin, sizeof margin, ", won by %g points", best_gap);
            kk_buf_printf(charts, "<figcaption>The %s game%s%s: game %lld (%d decisions%s), "
                                  "its final position, played again from seed %llu. "
                                  "<code>--record DIR</code> keeps every game's record; "
                                  "<code>kark render RECORD --ply N --svg OUT</code> draws any "
                                  "move of one.</figcaption></figure>\n",
                          duel ? "closest" : "longest",
                          st->num_variants > 1 ? " of variant " : "",
                          st->num_variants > 1 ? st->variant_text[v] : "",
                          best / st->num_variants, R->closest[v].length, margin,
                          (unsigned long long)st->seed);
        }
        kk_buf_free(&svg);
    }
    free(state);
}

int kk_report_tournament(const struct kk_study *st, const struct kk_study_results *r,
                         const char *dir, struct kk_buf *md, kk_error *err)
{
    const struct kk_game *g = st->game;
    struct reduction red, *R = &red;
    if (reduce(R, st, r, NULL, dir, err) != 0)
        return -1;
    struct kk_buf b = {0}, m = {0};
    kk_buf_printf(&b, "{\n  \"kark_version\": \"%s\",\n  \"game\": ", KK_VERSION);
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
    json_agents(&b, R, 0, "  ");
    if (g->cooperative) {
        struct kk_estimate res;
        metric_ci(R, 0, 2 * st->players + 1, &res);
        kk_report_cooperative_json(&b, st->games, R->successes[0], &res);
    } else {
        kk_buf_printf(&b, ",\n  \"seats\": ");
        json_seats(&b, R, 0, "  ");
    }
    struct kk_estimate len;
    metric_ci(R, 0, 2 * st->players, &len);
    if (!g->cooperative) {
        double wins = seat_wins(R, 0, 0), lo, hi, fair = 1.0 / st->players;
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
    json_stat_means(&b, R, 0, "  ");
    json_winner_stats(&b, R);
    kk_buf_printf(&b, "\n}\n");
    md_tournament(&m, R);

    struct kk_buf charts = {0};
    int n = st->num_agents > st->players ? st->num_agents : st->players;
    struct chart_row *rows = calloc((size_t)n + 1, sizeof *rows);
    if (rows && g->cooperative) {
        kk_report_cooperative_chart(&charts, st->games, R->successes[0]);
    } else if (rows) {
        if (st->num_agents > 1) {
            double fair = agent_fair_share(st, 0);
            for (int a = 0; a < st->num_agents; a++) {
                struct agent_summary s;
                summarise_agent(R, 0, a, &s);
                snprintf(rows[a].label, sizeof rows[a].label, "%s", st->labels[a]);
                rows[a].mean = s.games ? s.wins / (double)s.games : NAN;
                rows[a].lo = s.lo;
                rows[a].hi = s.hi;
                rows[a].ref = fair;
                rows[a].mark = s.games && (s.lo > fair || s.hi < fair) ? 2 : 0;
            }
            svg_chart(&charts, "Win rate by agent", "win rate (95% Wilson interval)", rows,
                      st->num_agents, 0,
                      "dots: win rates; bars: 95% intervals; dashed: fair share; orange: the "
                      "interval excludes the fair share");
        }
        if (!g->cooperative) {
            for (int s = 0; s < st->players; s++) {
                double wins = seat_wins(R, 0, s);
                snprintf(rows[s].label, sizeof rows[s].label, "seat %d", s);
                rows[s].mean = wins / (double)st->games;
                kk_wilson(wins, (double)st->games, KK_Z95, &rows[s].lo, &rows[s].hi);
                rows[s].ref = 1.0 / st->players;
                rows[s].mark = rows[s].lo > rows[s].ref || rows[s].hi < rows[s].ref ? 2 : 0;
            }
            svg_chart(&charts, "Win rate by seat", "win rate (95% Wilson interval)", rows,
                      st->players, 0,
                      "dots: win rates; bars: 95% intervals; dashed: fair share 1/players; "
                      "orange: the interval excludes the fair share");
        }
    }
    free(rows);
    char title[256];
    snprintf(title, sizeof title, "%s tournament", g->title);
    closest_game_figure(&charts, R, 0);
    reduction_free(R);
    return finish_report(dir, "summary", title, &b, &m, &charts, md, err);
}

/* ---- balance sweep ---- */

/* The swept settings of variant v, e.g. "players=3 tokens=7 self_displace=0". */
static void swept_text(const struct kk_study *st, const struct kk_sweep_axis *axes, int num_axes,
                       int v, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int a = 0; a < num_axes && n < size; a++) {
        char val[256];
        int p = axes[a].param;
        if (p == KK_SWEEP_PLAYERS) {
            n += (size_t)snprintf(buf + n, size - n, "%splayers=%d", a ? " " : "", st->seats[v]);
            continue;
        }
        kk_variant_format(st->game, &st->variants[v], p, val, sizeof val);
        n += (size_t)snprintf(buf + n, size - n, "%s%s=%s", a ? " " : "",
                              st->game->params[p].name, val);
    }
}

/* The variant v is compared with: the baseline itself, or, when the player count is swept,
 * the variant with the baseline's settings and v's player count (variants are numbered
 * with the first axis varying slowest). */
static int baseline_for(const struct kk_sweep_axis *axes, int num_axes, int baseline, int v)
{
    int result = 0, scale = 1;
    for (int a = num_axes - 1; a >= 0; a--) {
        int n = axes[a].num_values;
        int digit = axes[a].param == KK_SWEEP_PLAYERS ? (v / scale) % n
                                                       : (baseline / scale) % n;
        result += digit * scale;
        scale *= n;
    }
    return result;
}

/* Win rate of seat s in variant v with its Wilson interval. */
static double seat_rate(const struct reduction *R, int v, int s, double *lo, double *hi)
{
    double wins = seat_wins(R, v, s), games = (double)R->st->games;
    kk_wilson(wins, games, KK_Z95, lo, hi);
    return wins / games;
}

/* Paired difference of seat s's win share, variant v minus its baseline. */
static void seat_diff(const struct reduction *R, int v, int s, struct kk_estimate *d)
{
    metric_diff(R, v, R->st->players + s, d);
}

/* An interval excludes zero: the difference is significant at the 5% level. */
static int significant(const struct kk_estimate *d)
{
    return d->n > 1 && (d->lo > 0 || d->hi < 0);
}

/* A difference cell: "+0.031 [+0.012, +0.050]", in bold when significant. */
static void md_diff_cell(struct kk_buf *md, const struct kk_estimate *d, int decimals)
{
    int sig = significant(d);
    kk_buf_printf(md, "%s", sig ? "**" : "");
    md_signed_ci(md, d->mean, d->lo, d->hi, decimals);
    kk_buf_printf(md, "%s", sig ? "**" : "");
}

static void md_balance_variant(struct kk_buf *md, const struct reduction *R,
                               const struct kk_sweep_axis *axes, int num_axes, int v, int base)
{
    const struct kk_study *st = R->st;
    int P = st->players, p = st->seats[v];
    char sw[1024], base_sw[1024], name[160];
    swept_text(st, axes, num_axes, v, sw, sizeof sw);
    swept_text(st, axes, num_axes, base, base_sw, sizeof base_sw);
    kk_buf_printf(md, "### Variant %d: %s%s\n\n", v, sw, v == base ? " (baseline)" : "");
    if (v != base)
        kk_buf_printf(md, "Differences (Δ) are paired, game by game, against variant %d (%s); "
                          "bold: the 95%% interval excludes 0.\n\n",
                      base, base_sw);
    int coop = st->game->cooperative; /* one team: no seat or agent win rates */
    if (coop) {
        kk_buf_printf(md, "Cooperative game: team ");
        kk_report_cooperative_md(md, st->games, R->successes[v]);
        kk_buf_printf(md, ". The result and its paired difference are in the table below.\n\n");
    } else {
        kk_buf_printf(md, "| seat | win rate [95%% CI] | Δ win rate | mean score [95%% CI] | "
                          "Δ score |\n|---|---|---|---|---|\n");
    }
    for (int s = 0; s < p && !coop; s++) {
        double lo, hi;
        struct kk_estimate score, dw, ds;
        double rate = seat_rate(R, v, s, &lo, &hi);
        seat_diff(R, v, s, &dw);
        metric_ci(R, v, s, &score);
        metric_diff(R, v, s, &ds);
        kk_buf_printf(md, "| %d | ", s);
        md_ci(md, rate, lo, hi, 3);
        kk_buf_printf(md, " | ");
        if (v == base)
            kk_buf_printf(md, "—");
        else
            md_diff_cell(md, &dw, 3);
        kk_buf_printf(md, " | ");
        md_ci(md, score.mean, score.lo, score.hi, 2);
        kk_buf_printf(md, " | ");
        if (v == base)
            kk_buf_printf(md, "—");
        else
            md_diff_cell(md, &ds, 2);
        kk_buf_printf(md, " |\n");
    }
    if (!coop) {
        double lo, hi, fair = 1.0 / p;
        double rate = seat_rate(R, v, 0, &lo, &hi);
        kk_buf_printf(md, "\nFirst-seat advantage (seat 0 win rate − 1/%d): ", p);
        md_signed_ci(md, rate - fair, lo - fair, hi - fair, 3);
        kk_buf_printf(md, "\n\n");
    }
    if (st->num_agents > 1 && !coop) {
        kk_buf_printf(md, "| agent | win rate [95%% CI] | Δ win rate | mean score [95%% CI] |\n"
                          "|---|---|---|---|\n");
        for (int a = 0; a < st->num_agents; a++) {
            struct agent_summary s;
            struct kk_estimate d;
            summarise_agent(R, v, a, &s);
            kk_buf_printf(md, "| ");
            md_agent(md, st, a);
            kk_buf_printf(md, " | ");
            md_ci(md, s.games ? s.wins / (double)s.games : 0, s.lo, s.hi, 3);
            kk_buf_printf(md, " | ");
            agent_share_diff(R, v, a, &d);
            if (v == base)
                kk_buf_printf(md, "—");
            else
                md_diff_cell(md, &d, 3);
            kk_buf_printf(md, " | ");
            md_ci(md, s.score.mean, s.score.lo, s.score.hi, 2);
            kk_buf_printf(md, " |\n");
        }
        md_head_to_head(md, R, v);
        kk_buf_printf(md, "\n");
    }
    kk_buf_printf(md, "| statistic | mean [95%% CI] | Δ vs baseline [95%% CI] |\n|---|---|---|\n");
    for (int k = 2 * P; k < kk_metric_count(st); k++) {
        if (!metric_in_variant(st, k, v))
            continue;
        struct kk_estimate e, d;
        metric_ci(R, v, k, &e);
        metric_diff(R, v, k, &d);
        kk_metric_name(st, k, name, sizeof name);
        kk_buf_printf(md, "| %s | ", name);
        md_ci(md, e.mean, e.lo, e.hi, 3);
        kk_buf_printf(md, " | ");
        if (v == base)
            kk_buf_printf(md, "—");
        else
            md_diff_cell(md, &d, 3);
        kk_buf_printf(md, " |\n");
    }
    kk_buf_printf(md, "\n");
}

/* The overview: every seat's win rate per variant, then every seat's paired difference from
 * the baseline (bold when significant), then the agents' win rates. */
static void md_balance_overview(struct kk_buf *m, const struct reduction *R,
                                const struct kk_sweep_axis *axes, int num_axes, int baseline)
{
    const struct kk_study *st = R->st;
    int P = st->players, any_diff = 0;
    char sw[1024];
    if (st->game->cooperative) {
        /* One team plays every seat: its result and success rate, no seat win rates. */
        kk_buf_printf(m, "Team result by variant [95%% interval], paired difference from the "
                         "baseline (bold: the interval excludes 0); ▶ marks the baseline:\n\n"
                         "| variant | settings | success rate (Wilson) | mean result | Δ result | "
                         "mean length |\n|---|---|---|---|---|---|\n");
        for (int v = 0; v < st->num_variants; v++) {
            int base = baseline_for(axes, num_axes, baseline, v);
            swept_text(st, axes, num_axes, v, sw, sizeof sw);
            kk_buf_printf(m, "| %s%d | %s%s | ", v == base ? "▶ " : "", v, sw,
                          v == base ? " (baseline)" : "");
            double wins = (double)R->successes[v], lo, hi;
            kk_wilson(wins, (double)st->games, KK_Z95, &lo, &hi);
            md_ci(m, wins / (double)st->games, lo, hi, 3);
            struct kk_estimate res, d, len;
            metric_ci(R, v, 2 * P + 1, &res);
            metric_diff(R, v, 2 * P + 1, &d);
            kk_buf_printf(m, " | ");
            md_ci(m, res.mean, res.lo, res.hi, 2);
            kk_buf_printf(m, " | ");
            if (v == base)
                kk_buf_printf(m, "—");
            else
                md_diff_cell(m, &d, 2);
            metric_ci(R, v, 2 * P, &len);
            kk_buf_printf(m, " | %.1f |\n", len.mean);
        }
        kk_buf_printf(m, "\n");
        return;
    }
    kk_buf_printf(m, "Win rate by seat [95%% Wilson interval]; ▶ marks the baseline:\n\n"
                     "| variant | settings |");
    for (int s = 0; s < P; s++)
        kk_buf_printf(m, " seat %d |", s);
    kk_buf_printf(m, " first-seat advantage | mean length |\n|---|---|");
    for (int s = 0; s < P + 2; s++)
        kk_buf_printf(m, "---|");
    kk_buf_printf(m, "\n");
    for (int v = 0; v < st->num_variants; v++) {
        int base = baseline_for(axes, num_axes, baseline, v);
        any_diff |= base != v;
        swept_text(st, axes, num_axes, v, sw, sizeof sw);
        kk_buf_printf(m, "| %s%d | %s%s |", v == base ? "▶ " : "", v, sw,
                      v == base ? " (baseline)" : "");
        for (int s = 0; s < P; s++) {
            if (s >= st->seats[v]) {
                kk_buf_printf(m, " |");
                continue;
            }
            double lo, hi, rate = seat_rate(R, v, s, &lo, &hi);
            kk_buf_printf(m, " ");
            md_ci(m, rate, lo, hi, 3);
            kk_buf_printf(m, " |");
        }
        double lo, hi, fair = 1.0 / st->seats[v];
        double rate = seat_rate(R, v, 0, &lo, &hi);
        struct kk_estimate len;
        metric_ci(R, v, 2 * P, &len);
        kk_buf_printf(m, " %+.3f | %.1f |\n", rate - fair, len.mean);
    }
    if (any_diff) {
        kk_buf_printf(m, "\nPaired difference in win rate from the baseline, by seat "
                         "[95%% interval]; bold: the interval excludes 0:\n\n"
                         "| variant | settings | compared with |");
        for (int s = 0; s < P; s++)
            kk_buf_printf(m, " Δ seat %d |", s);
        kk_buf_printf(m, "\n|---|---|---|");
        for (int s = 0; s < P; s++)
            kk_buf_printf(m, "---|");
        kk_buf_printf(m, "\n");
        for (int v = 0; v < st->num_variants; v++) {
            int base = baseline_for(axes, num_axes, baseline, v);
            if (base == v)
                continue;
            swept_text(st, axes, num_axes, v, sw, sizeof sw);
            kk_buf_printf(m, "| %d | %s | %d |", v, sw, base);
            for (int s = 0; s < P; s++) {
                if (s >= st->seats[v]) {
                    kk_buf_printf(m, " |");
                    continue;
                }
                struct kk_estimate d;
                seat_diff(R, v, s, &d);
                kk_buf_printf(m, " ");
                md_diff_cell(m, &d, 3);
                kk_buf_printf(m, " |");
            }
            kk_buf_printf(m, "\n");
        }
    }
    if (st->num_agents > 1) {
        kk_buf_printf(m, "\nWin rate by agent [95%% Wilson interval]%s:\n\n| variant |",
                      any_diff ? "; Δ: paired difference from the baseline, bold when its "
                                 "interval excludes 0" : "");
        for (int a = 0; a < st->num_agents; a++) {
            kk_buf_printf(m, " ");
            md_agent(m, st, a);
            kk_buf_printf(m, " |");
            if (any_diff)
                kk_buf_printf(m, " Δ |");
        }
        kk_buf_printf(m, "\n|---|");
        for (int a = 0; a < st->num_agents * (any_diff ? 2 : 1); a++)
            kk_buf_printf(m, "---|");
        kk_buf_printf(m, "\n");
        for (int v = 0; v < st->num_variants; v++) {
            int base = baseline_for(axes, num_axes, baseline, v);
            kk_buf_printf(m, "| %s%d |", v == base ? "▶ " : "", v);
            for (int a = 0; a < st->num_agents; a++) {
                struct agent_summary s;
                summarise_agent(R, v, a, &s);
                kk_buf_printf(m, " ");
                md_ci(m, s.games ? s.wins / (double)s.games : 0, s.lo, s.hi, 3);
                kk_buf_printf(m, " |");
                if (!any_diff)
                    continue;
                if (v == base) {
                    kk_buf_printf(m, " — |");
                } else {
                    struct kk_estimate d;
                    agent_share_diff(R, v, a, &d);
                    kk_buf_printf(m, " ");
                    md_diff_cell(m, &d, 3);
                    kk_buf_printf(m, " |");
                }
            }
            kk_buf_printf(m, "\n");
        }
    }
    kk_buf_printf(m, "\n");
}

/* The charts: every seat's win rate by variant (baseline rows shaded), every seat's
 * paired difference from the baseline (significant ones in orange), and with several
 * agents their win rates by variant. */
static void balance_charts(struct kk_buf *charts, const struct reduction *R,
                           const struct kk_sweep_axis *axes, int num_axes, int baseline)
{
    const struct kk_study *st = R->st;
    int P = st->players;
    int cap = st->num_variants * (P > st->num_agents ? P : st->num_agents) + 1;
    struct chart_row *rows = calloc((size_t)cap, sizeof *rows);
    if (!rows)
        return;
    char sw[1024];
    int n = 0;
    if (st->game->cooperative) {
        /* One team: its success rate per variant, and the paired change in its result. */
        for (int v = 0; v < st->num_variants; v++, n++) {
            int base = baseline_for(axes, num_axes, baseline, v);
            struct chart_row *row = &rows[n];
            swept_text(st, axes, num_axes, v, sw, sizeof sw);
            snprintf(row->label, sizeof row->label, "%.160s%s", sw,
                     v == base ? " (baseline)" : "");
            double wins = (double)R->successes[v];
            row->mean = wins / (double)st->games;
            kk_wilson(wins, (double)st->games, KK_Z95, &row->lo, &row->hi);
            row->ref = NAN;
            row->mark = v == base ? 1 : 0;
            row->group = v;
        }
        svg_chart(charts, "Team success rate by variant", "success rate (95% Wilson interval)",
                  rows, n, 0, "dots: success rates; bars: 95% intervals; shaded, bold: the "
                              "baseline");
        n = 0;
        for (int v = 0; v < st->num_variants; v++) {
            int base = baseline_for(axes, num_axes, baseline, v);
            if (base == v)
                continue;
            struct kk_estimate d;
            metric_diff(R, v, 2 * P + 1, &d);
            struct chart_row *row = &rows[n++];
            swept_text(st, axes, num_axes, v, sw, sizeof sw);
            snprintf(row->label, sizeof row->label, "%.160s", sw);
            row->mean = d.mean;
            row->lo = d.lo;
            row->hi = d.hi;
            row->ref = NAN;
            row->mark = significant(&d) ? 2 : 0;
            row->group = v;
        }
        if (n > 0)
            svg_chart(charts, "Paired difference in the team's result from the baseline",
                      "Δ result, variant − baseline (95% paired t interval)", rows, n, 1,
                      "dots: mean difference game by game; bars: 95% intervals; orange: the "
                      "interval excludes 0 (significant at 5%)");
        free(rows);
        return;
    }
    for (int v = 0; v < st->num_variants; v++) {
        int base = baseline_for(axes, num_axes, baseline, v);
        swept_text(st, axes, num_axes, v, sw, sizeof sw);
        for (int s = 0; s < st->seats[v]; s++, n++) {
            struct chart_row *row = &rows[n];
            snprintf(row->label, sizeof row->label, "%.160s%s · seat %d", sw,
                     v == base ? " (baseline)" : "", s);
            row->mean = seat_rate(R, v, s, &row->lo, &row->hi);
            row->ref = 1.0 / st->seats[v];
            row->mark = v == base ? 1 : 0;
            row->group = v;
        }
    }
    svg_chart(charts, "Win rate by seat and variant", "win rate (95% Wilson interval)", rows, n,
              0, "dots: win rates; bars: 95% intervals; dashed ticks: the fair share "
                 "1/players; shaded, bold: the baseline");
    n = 0;
    for (int v = 0; v < st->num_variants; v++) {
        int base = baseline_for(axes, num_axes, baseline, v);
        if (base == v)
            continue;
        char base_sw[1024];
        swept_text(st, axes, num_axes, v, sw, sizeof sw);
        swept_text(st, axes, num_axes, base, base_sw, sizeof base_sw);
        for (int s = 0; s < st->seats[v]; s++, n++) {
            struct chart_row *row = &rows[n];
            struct kk_estimate d;
            seat_diff(R, v, s, &d);
            snprintf(row->label, sizeof row->label, "%.160s · seat %d", sw, s);
            row->mean = d.mean;
            row->lo = d.lo;
            row->hi = d.hi;
            row->ref = NAN;
            row->mark = significant(&d) ? 2 : 0;
            row->group = v;
        }
    }
    if (n > 0) {
        char title[1200];
        struct kk_sweep_axis rest[KK_STUDY_MAX_VARIANTS];
        int num_rest = 0, players_swept = 0;
        for (int a = 0; a < num_axes && a < KK_STUDY_MAX_VARIANTS; a++) {
            if (axes[a].param == KK_SWEEP_PLAYERS)
                players_swept = 1;
            else
                rest[num_rest++] = axes[a];
        }
        swept_text(st, rest, num_rest, baseline, sw, sizeof sw);
        snprintf(title, sizeof title, "Paired difference in win rate from the baseline (%s%s)",
                 sw, players_swept ? ", at each player count" : "");
        svg_chart(charts, title, "Δ win rate, variant − baseline (95% paired t interval)", rows,
                  n, 1, "dots: mean difference game by game; bars: 95% intervals; orange: "
                        "the interval excludes 0 (significant at 5%)");
    }
    if (st->num_agents > 1) {
        n = 0;
        for (int v = 0; v < st->num_variants; v++) {
            int base = baseline_for(axes, num_axes, baseline, v);
            swept_text(st, axes, num_axes, v, sw, sizeof sw);
            for (int a = 0; a < st->num_agents; a++, n++) {
                struct agent_summary s;
                summarise_agent(R, v, a, &s);
                struct chart_row *row = &rows[n];
                snprintf(row->label, sizeof row->label, "%.100s%s · %.60s", sw,
                         v == base ? " (baseline)" : "", st->labels[a]);
                row->mean = s.games ? s.wins / (double)s.games : NAN;
                row->lo = s.lo;
                row->hi = s.hi;
                row->ref = agent_fair_share(st, v);
                row->mark = v == base ? 1 : 0;
                row->group = v;
            }
        }
        svg_chart(charts, "Win rate by agent and variant", "win rate (95% Wilson interval)",
                  rows, n, 0, "dots: win rates; bars: 95% intervals; dashed ticks: fair share; "
                              "shaded, bold: the baseline");
    }
    free(rows);
}

int kk_report_balance(const struct kk_study *st, const struct kk_study_results *r,
                      const struct kk_sweep_axis *axes, int num_axes, int baseline,
                      int baseline_is_default, const char *dir, struct kk_buf *md,
                      kk_error *err)
{
    const struct kk_game *g = st->game;
    int P = st->players, players_swept = 0;
    for (int a = 0; a < num_axes; a++)
        players_swept |= axes[a].param == KK_SWEEP_PLAYERS;
    int base_of[KK_STUDY_MAX_VARIANTS];
    for (int v = 0; v < st->num_variants; v++)
        base_of[v] = baseline_for(axes, num_axes, baseline, v);
    struct reduction red, *R = &red;
    if (reduce(R, st, r, base_of, dir, err) != 0)
        return -1;
    const char *why = baseline_is_default
                          ? "the default variant"
                          : "the first combination (the default variant is not in the grid)";
    struct kk_buf b = {0}, m = {0};
    char name[160], sw[1024];

    kk_buf_printf(&b, "{\n  \"kark_version\": \"%s\",\n  \"game\": ", KK_VERSION);
    kk_buf_json_string(&b, g->name);
    kk_buf_printf(&b, ",\n  \"players\": %d,\n  \"games\": %lld,\n  \"seed\": %llu,\n", P,
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
        kk_buf_json_string(&b, axes[a].param == KK_SWEEP_PLAYERS ? "players"
                                                               : g->params[axes[a].param].name);
    }
    kk_buf_printf(&b, "],\n  \"baseline\": {\"variant_id\": %d, \"variant\": ", baseline);
    kk_buf_json_string(&b, st->variant_text[baseline]);
    kk_buf_printf(&b, ", \"why\": ");
    kk_buf_json_string(&b, why);
    kk_buf_printf(&b, "},\n  \"variants\": [");
    for (int v = 0; v < st->num_variants; v++) {
        int p = st->seats[v], base = baseline_for(axes, num_axes, baseline, v);
        kk_buf_printf(&b, "%s\n    {\n      \"variant_id\": %d,\n      \"players\": %d,\n"
                          "      \"variant_text\": ",
                      v ? "," : "", v, p);
        kk_buf_json_string(&b, st->variant_text[v]);
        kk_buf_printf(&b, ",\n      \"variant\": ");
        json_variant_values(&b, g, &st->variants[v]);
        swept_text(st, axes, num_axes, v, sw, sizeof sw);
        kk_buf_printf(&b, ",\n      \"swept\": ");
        kk_buf_json_string(&b, sw);
        kk_buf_printf(&b, ",\n      \"compared_with\": %d", base);
        if (g->cooperative) {
            struct kk_estimate res;
            metric_ci(R, v, 2 * P + 1, &res);
            kk_report_cooperative_json(&b, st->games, R->successes[v], &res);
        } else {
            kk_buf_printf(&b, ",\n      \"seats\": ");
            json_seats(&b, R, v, "      ");
        }
        if (!g->cooperative) {
            double lo, hi, fair = 1.0 / p;
            double rate = seat_rate(R, v, 0, &lo, &hi);
            kk_buf_printf(&b, ",\n      \"first_seat_advantage\": ");
            json_num(&b, rate - fair);
            kk_buf_printf(&b, ",\n      \"first_seat_advantage_ci95\": ");
            json_pair(&b, lo - fair, hi - fair);
        }
        kk_buf_printf(&b, ",\n      \"agents\": ");
        json_agents(&b, R, v, "      ");
        struct kk_estimate len;
        metric_ci(R, v, 2 * P, &len);
        kk_buf_printf(&b, ",\n      \"mean_length\": ");
        json_num(&b, len.mean);
        kk_buf_printf(&b, ",\n      \"length_ci95\": ");
        json_pair(&b, len.lo, len.hi);
        json_stat_means(&b, R, v, "      ");
        /* Paired differences against the baseline for every per-game metric. */
        kk_buf_printf(&b, ",\n      \"diff_vs_baseline\": {");
        int first = 1;
        for (int k = 0; k < kk_metric_count(st); k++) {
            if (!metric_in_variant(st, k, v))
                continue;
            struct kk_estimate d;
            metric_diff(R, v, k, &d);
            kk_metric_name(st, k, name, sizeof name);
            kk_buf_printf(&b, "%s\n        ", first ? "" : ",");
            first = 0;
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
            agent_share_diff(R, v, a, &d);
            kk_buf_printf(&b, "%s{\"agent\": %d, \"mean\": ", a ? ", " : "", a);
            json_num(&b, d.mean);
            kk_buf_printf(&b, ", \"ci95\": ");
            json_pair(&b, d.lo, d.hi);
            kk_buf_printf(&b, "}");
        }
        kk_buf_printf(&b, "]\n    }");
    }
    kk_buf_printf(&b, "\n  ]\n}\n");

    if (players_swept) {
        int lo = st->seats[0], hi = st->seats[0];
        for (int v = 1; v < st->num_variants; v++) {
            lo = st->seats[v] < lo ? st->seats[v] : lo;
            hi = st->seats[v] > hi ? st->seats[v] : hi;
        }
        kk_buf_printf(&m, "## %s: balance sweep, %d-%d players, %lld games per variant, "
                          "seed %llu\n\n",
                      g->title, lo, hi, st->games, (unsigned long long)st->seed);
    } else {
        kk_buf_printf(&m, "## %s: balance sweep, %d players, %lld games per variant, seed %llu\n\n",
                      g->title, P, st->games, (unsigned long long)st->seed);
    }
    md_provenance(&m, st);
    kk_buf_printf(&m, "Agents: ");
    for (int a = 0; a < st->num_agents; a++) {
        kk_buf_printf(&m, "%s", a ? ", " : "");
        md_agent(&m, st, a);
    }
    kk_buf_printf(&m, " (seat s of game i: agent (i + s) mod %d). Game i of every variant "
                      "uses the same random streams (common random numbers).\n\n"
                      "Baseline: variant %d (%s), %s.%s\n\n",
                  st->num_agents, baseline, st->variant_text[baseline], why,
                  players_swept ? " The player count is swept: each variant is compared with "
                                  "the baseline's settings at its own player count." : "");
    md_peek_note(&m, st);
    {
        int most_crowded = 0;
        for (int v = 0; v < st->num_variants; v++)
            if (st->seats[v] < st->seats[most_crowded])
                most_crowded = v;
        md_rotation_note(&m, st, most_crowded);
    }
    md_balance_overview(&m, R, axes, num_axes, baseline);
    for (int v = 0; v < st->num_variants; v++)
        md_balance_variant(&m, R, axes, num_axes, v, base_of[v]);

    struct kk_buf charts = {0};
    balance_charts(&charts, R, axes, num_axes, baseline);
    char title[256];
    snprintf(title, sizeof title, "%s balance sweep", g->title);
    closest_game_figure(&charts, R, baseline);
    reduction_free(R);
    return finish_report(dir, "balance", title, &b, &m, &charts, md, err);
}
