/* kark league GAME: a round robin between a list of agents, and their Bradley-Terry (Elo)
 * ratings with bootstrap intervals, the pairwise score matrix and a skill-versus-luck
 * measure. Each pairing (each set of `players` agents) is an ordinary study run by
 * kk_study_run into DIR/pairing-K/; their rows are gathered into DIR/games.csv, and the
 * ratings are computed from that file alone, so anyone can recompute them from it
 * (docs/statistics.md). */
/* mkdir */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "ratings.h"
#include "report.h"
#include "study.h"

#define MAX_SETS 32
#define MAX_PAIRINGS 1000
#define MAX_FIELDS 512

struct league_args {
    const char *game_name, *agents, *out;
    long long players, games, seed, threads, replicates;
    const char *sets[MAX_SETS];
    int num_sets;
};

static void help(void)
{
    printf(
        "usage: kark league GAME --agents A,B[,...] --out DIR [--players P] [--games N]\n"
        "                   [--seed S] [--threads T] [--bootstrap B] [--set KEY=VALUE ...]\n\n"
        "Plays a round robin between the agents and rates them. With more agents than\n"
        "seats, every set of P agents (P = --players, default 2 when the game allows it)\n"
        "plays N games (default 100) with rotating seats, as 'kark tournament' would, in\n"
        "DIR/pairing-K/; with P or fewer agents one tournament holds them all. Game i of\n"
        "every pairing uses the seed's stream i (default seed 1), so results are the same\n"
        "for any --threads. DIR/games.csv gathers every game (column 'pairing' first) and\n"
        "is the only input of the ratings: each pair of seats held by different agents in a\n"
        "game is one comparison (a winner beats a non-winner, else the higher score; equal\n"
        "is a draw), fitted by maximum likelihood to the Bradley-Terry (Elo) model with one\n"
        "virtual draw per pair that met, anchored at random = 0 (else the first agent).\n"
        "Intervals: 95%% percentile bootstrap over games within each pairing, B replicates\n"
        "(default 200, seeded by S). Writes ratings.csv, ratings.json, ratings.md,\n"
        "matrix.csv (mean score of each row agent against each column agent) and\n"
        "report.html. Running the same command again resumes an interrupted league.\n"
        "Skill versus luck: the Elo spread (best minus worst rating, bootstrap interval) and\n"
        "2 x (best's mean score against the worst) - 1 (Wilson interval over their games)\n"
        "(docs/statistics.md).\n");
}

static int parse(const char *cmd, struct league_args *a, int argc, char **argv, int *want_help)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val;
        if (kk_cli_is_help(arg)) {
            *want_help = 1;
            return 0;
        }
        if (strcmp(arg, "--agents") == 0) {
            if (!(a->agents = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--players") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 1, KK_MAX_SEATS, &a->players) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--games") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 1, 10000000, &a->games) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--seed") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 0, INT64_MAX, &a->seed) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--threads") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 1, 1024, &a->threads) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--bootstrap") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 0, 100000, &a->replicates) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--set") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
            if (a->num_sets == MAX_SETS)
                return kk_cli_usage(cmd, "too many --set options (at most %d)", MAX_SETS);
            a->sets[a->num_sets++] = val;
        } else if (strcmp(arg, "--out") == 0) {
            if (!(a->out = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (arg[0] == '-') {
            return kk_cli_usage(cmd, "unknown option '%s' (expected --agents, --players, "
                                     "--games, --seed, --threads, --bootstrap, --set, --out "
                                     "or --help)", arg);
        } else if (!a->game_name) {
            a->game_name = arg;
        } else {
            return kk_cli_usage(cmd, "unexpected argument '%s' (one GAME only)", arg);
        }
    }
    return 0;
}

/* mkdir -p */
static int make_dirs(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *c = path + 1; *c; c++) {
        if (*c != '/')
            continue;
        *c = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return -1;
        *c = '/';
    }
    return mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int write_file(const char *dir, const char *name, const struct kk_buf *b, kk_error *err)
{
    return kk_write_file(dir, name, kk_buf_str(b), err);
}

/* The pairings: every `size`-subset of 0..A-1 in lexicographic order (size < A), or the
 * one set of all agents (size >= A). Returns the count, or -1 when over max. */
static int make_pairings(int A, int size, int (*sets)[KK_MAX_SEATS], int *set_size, int max)
{
    if (size >= A) {
        for (int i = 0; i < A; i++)
            sets[0][i] = i;
        *set_size = A;
        return 1;
    }
    *set_size = size;
    int idx[KK_MAX_SEATS], n = 0;
    for (int i = 0; i < size; i++)
        idx[i] = i;
    for (;;) {
        if (n == max)
            return -1;
        memcpy(sets[n++], idx, sizeof idx);
        int k = size - 1;
        while (k >= 0 && idx[k] == A - size + k)
            k--;
        if (k < 0)
            return n;
        idx[k]++;
        for (int j = k + 1; j < size; j++)
            idx[j] = idx[j - 1] + 1;
    }
}


static int find_column(char **names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* Reads DIR/games.csv of a league into games (allocated; caller frees): the pairing is
 * the stratum, agents are looked up by label. Returns the number of games or -1. */
static long long read_league_csv(const char *path, char labels[][KK_SPEC_LEN], int A,
                                 int players, struct kk_rated_game **games, kk_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return kk_fail(err, "cannot read '%s': %s", path, strerror(errno));
    char *line = NULL, *fields[MAX_FIELDS], *names[MAX_FIELDS], *header = NULL;
    size_t cap = 0;
    ssize_t got;
    long long n = 0, cap_games = 0;
    int col_pairing = -1, col_winners = -1, col_agent[KK_MAX_SEATS], col_score[KK_MAX_SEATS];
    int num_names = 0, status = 0;
    *games = NULL;
    while ((got = getline(&line, &cap, f)) > 0 && status == 0) {
        if (line[got - 1] == '\n')
            line[--got] = '\0';
        if (!header) {
            header = strdup(line);
            num_names = header ? kk_csv_split(header, names, MAX_FIELDS) : -1;
            col_pairing = find_column(names, num_names, "pairing");
            col_winners = find_column(names, num_names, "winners");
            for (int s = 0; s < players; s++) {
                char name[32];
                snprintf(name, sizeof name, "agent_s%d", s);
                col_agent[s] = find_column(names, num_names, name);
                snprintf(name, sizeof name, "score_s%d", s);
                col_score[s] = find_column(names, num_names, name);
                if (col_agent[s] < 0 || col_score[s] < 0)
                    col_pairing = -1;
            }
            if (col_pairing < 0 || col_winners < 0)
                status = kk_fail(err, "%s: not a league games.csv (missing columns)", path);
            continue;
        }
        if (n == cap_games) {
            cap_games = cap_games ? 2 * cap_games : 1024;
            struct kk_rated_game *more = realloc(*games, sizeof **games * (size_t)cap_games);
            if (!more) {
                status = kk_fail(err, "out of memory");
                break;
            }
            *games = more;
        }
        struct kk_rated_game *g = &(*games)[n];
        memset(g, 0, sizeof *g);
        if (kk_csv_split(line, fields, MAX_FIELDS) != num_names) {
            status = kk_fail(err, "%s line %lld: expected %d fields", path, n + 2, num_names);
            break;
        }
        g->stratum = atoi(fields[col_pairing]);
        if (g->stratum < 0 || g->stratum >= MAX_PAIRINGS) {
            status = kk_fail(err, "%s line %lld: bad pairing '%s'", path, n + 2,
                             fields[col_pairing]);
            break;
        }
        g->players = players;
        for (int s = 0; s < players && status == 0; s++) {
            g->agent[s] = -1;
            for (int a = 0; a < A; a++)
                if (strcmp(fields[col_agent[s]], labels[a]) == 0)
                    g->agent[s] = a;
            if (g->agent[s] < 0)
                status = kk_fail(err, "%s line %lld: unknown agent '%s'", path, n + 2,
                                 fields[col_agent[s]]);
            g->score[s] = strtod(fields[col_score[s]], NULL);
        }
        for (char *c = fields[col_winners]; *c;) {
            char *end;
            long s = strtol(c, &end, 10);
            if (end == c || s < 0 || s >= players) {
                status = kk_fail(err, "%s line %lld: bad winners '%s'", path, n + 2,
                                 fields[col_winners]);
                break;
            }
            g->winners |= 1u << s;
            c = *end == '+' ? end + 1 : end;
        }
        n++;
    }
    if (status == 0 && !header)
        status = kk_fail(err, "%s is empty", path);
    free(line);
    free(header);
    fclose(f);
    if (status != 0) {
        free(*games);
        *games = NULL;
        return -1;
    }
    return n;
}

/* Appends pairing k's games.csv (header skipped unless first) to out with "k," in front. */
static int gather_rows(const char *path, int k, int with_header, struct kk_buf *out,
                       kk_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return kk_fail(err, "cannot read '%s': %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int first = 1;
    while ((got = getline(&line, &cap, f)) > 0) {
        if (first) {
            first = 0;
            if (with_header)
                kk_buf_printf(out, "pairing,%s", line);
            continue;
        }
        kk_buf_printf(out, "%d,%s", k, line);
    }
    free(line);
    fclose(f);
    return 0;
}

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

static void html_text(struct kk_buf *b, const char *t)
{
    for (; *t; t++) {
        if (*t == '<')
            kk_buf_printf(b, "&lt;");
        else if (*t == '>')
            kk_buf_printf(b, "&gt;");
        else if (*t == '&')
            kk_buf_printf(b, "&amp;");
        else
            kk_buf_append(b, t, 1);
    }
}

struct league {
    const struct kk_game *game;
    int players, num_agents, anchor, num_pairings;
    long long games_per_pairing, total_games;
    uint64_t seed;
    char labels[KK_STUDY_MAX_AGENTS][KK_SPEC_LEN];
    char specs[KK_STUDY_MAX_AGENTS][KK_SPEC_LEN];
    char variant_text[KK_VARIANT_TEXT];
    char command[2048];
    struct kk_ratings r;
};

static double mean_score(const struct league *L, int i, int j)
{
    int A = L->num_agents;
    double c = L->r.count[i * A + j];
    return c > 0 ? L->r.points[i * A + j] / c : NAN;
}

static double overall_score(const struct league *L, int i, double *comparisons)
{
    int A = L->num_agents;
    double p = 0, c = 0;
    for (int j = 0; j < A; j++) {
        p += L->r.points[i * A + j];
        c += L->r.count[i * A + j];
    }
    *comparisons = c;
    return c > 0 ? p / c : NAN;
}

/* Agents ordered by rating, best first (ties by list order). */
static void rank_order(const struct league *L, int *order)
{
    int A = L->num_agents;
    for (int i = 0; i < A; i++)
        order[i] = i;
    for (int i = 1; i < A; i++)
        for (int k = i; k > 0 && L->r.agent[order[k]].rating > L->r.agent[order[k - 1]].rating;
             k--) {
            int t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
}

static void write_csv(const struct league *L, struct kk_buf *b)
{
    kk_buf_printf(b, "agent,spec,rating,low,high,score,comparisons\n");
    for (int i = 0; i < L->num_agents; i++) {
        double c, s = overall_score(L, i, &c);
        kk_buf_printf(b, "\"%s\",\"%s\",%.2f,%.2f,%.2f,%.4f,%.0f\n", L->labels[i], L->specs[i],
                      L->r.agent[i].rating, L->r.agent[i].low, L->r.agent[i].high, s, c);
    }
}

static void write_matrix_csv(const struct league *L, struct kk_buf *b)
{
    kk_buf_printf(b, "agent");
    for (int j = 0; j < L->num_agents; j++)
        kk_buf_printf(b, ",\"%s\"", L->labels[j]);
    kk_buf_printf(b, "\n");
    for (int i = 0; i < L->num_agents; i++) {
        kk_buf_printf(b, "\"%s\"", L->labels[i]);
        for (int j = 0; j < L->num_agents; j++) {
            double m = mean_score(L, i, j);
            if (isnan(m))
                kk_buf_printf(b, ",");
            else
                kk_buf_printf(b, ",%.4f", m);
        }
        kk_buf_printf(b, "\n");
    }
}

static void write_json(const struct league *L, struct kk_buf *b)
{
    int A = L->num_agents, order[KK_STUDY_MAX_AGENTS];
    rank_order(L, order);
    kk_buf_printf(b, "{\n  \"game\": ");
    kk_buf_json_string(b, L->game->name);
    kk_buf_printf(b, ",\n  \"variant\": ");
    kk_buf_json_string(b, L->variant_text);
    kk_buf_printf(b, ",\n  \"players\": %d,\n  \"seed\": %llu,\n  \"pairings\": %d,\n"
                     "  \"games_per_pairing\": %lld,\n  \"games\": %lld,\n  \"command\": ",
                  L->players, (unsigned long long)L->seed, L->num_pairings,
                  L->games_per_pairing, L->total_games);
    kk_buf_json_string(b, L->command);
    kk_buf_printf(b, ",\n  \"model\": \"Bradley-Terry on pairwise seat comparisons, Elo scale "
                     "(400 log10), maximum likelihood\",\n  \"prior_draws_per_pair\": ");
    json_num(b, L->r.prior);
    kk_buf_printf(b, ",\n  \"interval\": \"95%% percentile bootstrap over games within "
                     "pairings\",\n  \"replicates\": %d,\n  \"anchor\": ",
                  L->r.replicates);
    kk_buf_json_string(b, L->labels[L->anchor]);
    kk_buf_printf(b, ",\n  \"agents\": [\n");
    for (int k = 0; k < A; k++) {
        int i = order[k];
        double c, s = overall_score(L, i, &c);
        kk_buf_printf(b, "    {\"agent\": ");
        kk_buf_json_string(b, L->labels[i]);
        kk_buf_printf(b, ", \"spec\": ");
        kk_buf_json_string(b, L->specs[i]);
        kk_buf_printf(b, ", \"rating\": ");
        json_num(b, L->r.agent[i].rating);
        kk_buf_printf(b, ", \"low\": ");
        json_num(b, L->r.agent[i].low);
        kk_buf_printf(b, ", \"high\": ");
        json_num(b, L->r.agent[i].high);
        kk_buf_printf(b, ", \"score\": ");
        json_num(b, s);
        kk_buf_printf(b, ", \"comparisons\": %.0f}%s\n", c, k + 1 < A ? "," : "");
    }
    kk_buf_printf(b, "  ],\n  \"skill\": {\"best\": ");
    kk_buf_json_string(b, L->labels[L->r.best]);
    kk_buf_printf(b, ", \"worst\": ");
    kk_buf_json_string(b, L->labels[L->r.worst]);
    kk_buf_printf(b, ", \"saturated\": %s", L->r.saturated ? "true" : "false");
    kk_buf_printf(b, ", \"elo_spread\": ");
    json_num(b, L->r.spread.rating);
    kk_buf_printf(b, ", \"elo_spread_low\": ");
    json_num(b, L->r.spread.low);
    kk_buf_printf(b, ", \"elo_spread_high\": ");
    json_num(b, L->r.spread.high);
    kk_buf_printf(b, ", \"skill\": ");
    json_num(b, L->r.skill.rating);
    kk_buf_printf(b, ", \"skill_low\": ");
    json_num(b, L->r.skill.low);
    kk_buf_printf(b, ", \"skill_high\": ");
    json_num(b, L->r.skill.high);
    kk_buf_printf(b, ", \"games_best_worst\": %.0f", L->r.met[L->r.best * A + L->r.worst]);
    kk_buf_printf(b, "},\n  \"matrix\": {\"agents\": [");
    for (int i = 0; i < A; i++) {
        kk_buf_printf(b, "%s", i ? ", " : "");
        kk_buf_json_string(b, L->labels[i]);
    }
    kk_buf_printf(b, "],\n    \"score\": [");
    for (int i = 0; i < A; i++) {
        kk_buf_printf(b, "%s[", i ? ",\n              " : "");
        for (int j = 0; j < A; j++) {
            kk_buf_printf(b, "%s", j ? ", " : "");
            json_num(b, mean_score(L, i, j));
        }
        kk_buf_printf(b, "]");
    }
    kk_buf_printf(b, "],\n    \"comparisons\": [");
    for (int i = 0; i < A; i++) {
        kk_buf_printf(b, "%s[", i ? ",\n                    " : "");
        for (int j = 0; j < A; j++)
            kk_buf_printf(b, "%s%.0f", j ? ", " : "", L->r.count[i * A + j]);
        kk_buf_printf(b, "]");
    }
    kk_buf_printf(b, "]}\n}\n");
}

static void write_md(const struct league *L, struct kk_buf *b)
{
    int A = L->num_agents, order[KK_STUDY_MAX_AGENTS];
    rank_order(L, order);
    kk_buf_printf(b, "# League: %s, %d players\n\n", L->game->name, L->players);
    kk_buf_printf(b, "Command: `%s`  \nVariant: %s  \nSeed %llu; %d pairing%s x %lld games = "
                     "%lld games.\n\n",
                  L->command, L->variant_text[0] ? L->variant_text : "(defaults)",
                  (unsigned long long)L->seed, L->num_pairings, L->num_pairings == 1 ? "" : "s",
                  L->games_per_pairing, L->total_games);
    kk_buf_printf(b, "## Ratings (Elo, %s = 0)\n\n| agent | rating | 95%% interval | score | "
                     "comparisons |\n|---|---:|---|---:|---:|\n",
                  L->labels[L->anchor]);
    for (int k = 0; k < A; k++) {
        int i = order[k];
        double c, s = overall_score(L, i, &c);
        kk_buf_printf(b, "| %s | %+.0f | [%+.0f, %+.0f] | %.3f | %.0f |\n", L->labels[i],
                      L->r.agent[i].rating, L->r.agent[i].low, L->r.agent[i].high, s, c);
    }
    kk_buf_printf(b, "\nBradley-Terry maximum likelihood on pairwise seat comparisons (one "
                     "virtual draw per pair that met); intervals: 95%% percentile bootstrap, "
                     "%d replicates over games within pairings. score: mean comparison result "
                     "(win 1, draw 1/2).\n\n",
                  L->r.replicates);
    kk_buf_printf(b, "## Score matrix (row agent's mean score against column agent)\n\n| |");
    for (int j = 0; j < A; j++)
        kk_buf_printf(b, " %s |", L->labels[order[j]]);
    kk_buf_printf(b, "\n|---|");
    for (int j = 0; j < A; j++)
        kk_buf_printf(b, "---:|");
    kk_buf_printf(b, "\n");
    for (int k = 0; k < A; k++) {
        int i = order[k];
        kk_buf_printf(b, "| %s |", L->labels[i]);
        for (int l = 0; l < A; l++) {
            double m = mean_score(L, i, order[l]);
            if (isnan(m))
                kk_buf_printf(b, " |");
            else
                kk_buf_printf(b, " %.3f |", m);
        }
        kk_buf_printf(b, "\n");
    }
    kk_buf_printf(b, "\n## Skill versus luck\n\nElo spread (%s minus %s): %s%.0f [%.0f, %.0f] "
                     "(bootstrap); skill = 2 x (%s's mean score against %s) - 1: %.3f [%.3f, "
                     "%.3f] (Wilson over their %.0f games; 0: luck only, 1: the best always "
                     "beats the worst).\n",
                  L->labels[L->r.best], L->labels[L->r.worst], L->r.saturated ? ">= " : "",
                  L->r.spread.rating, L->r.spread.low, L->r.spread.high, L->labels[L->r.best],
                  L->labels[L->r.worst], L->r.skill.rating, L->r.skill.low, L->r.skill.high,
                  L->r.met[L->r.best * A + L->r.worst]);
    if (L->r.saturated)
        kk_buf_printf(b, "\nSaturated: some pair has a perfect record, so its rating gap is "
                         "bounded only by the virtual draw (a lower bound); play stronger "
                         "opposition or more games to measure it.\n");
}

/* report.html: a ratings chart (dots and interval bars on a common Elo axis) and the
 * score matrix as a shaded table. */
static void write_html(const struct league *L, struct kk_buf *b)
{
    int A = L->num_agents, order[KK_STUDY_MAX_AGENTS];
    rank_order(L, order);
    double lo = 0, hi = 0;
    for (int i = 0; i < A; i++) {
        lo = fmin(lo, L->r.agent[i].low);
        hi = fmax(hi, L->r.agent[i].high);
    }
    /* Round the axis out to a multiple of a step that gives about 5 ticks. */
    double range = fmax(hi - lo, 1), step = pow(10, floor(log10(range / 5)));
    if (range / step > 25)
        step *= 5;
    else if (range / step > 10)
        step *= 2;
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    const int left = 240, width = 460, row = 26, top = 30;
    int h = top + A * row + 34;
    kk_buf_printf(b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>League: ");
    html_text(b, L->game->name);
    kk_buf_printf(b, "</title>\n<style>body{font-family:sans-serif;max-width:1100px;margin:2em "
                     "auto;padding:0 1em}table{border-collapse:collapse;margin:1em 0}td,th{"
                     "border:1px solid #ccc;padding:3px 8px}th{background:#f3f3f3}"
                     "figcaption{color:#666;font-size:85%%}</style></head><body>\n<h1>League: ");
    html_text(b, L->game->name);
    kk_buf_printf(b, ", %d players</h1>\n<p>Command: <code>", L->players);
    html_text(b, L->command);
    kk_buf_printf(b, "</code><br>Seed %llu; %d pairing(s) x %lld games = %lld games; agents: ",
                  (unsigned long long)L->seed, L->num_pairings, L->games_per_pairing,
                  L->total_games);
    for (int i = 0; i < A; i++) {
        kk_buf_printf(b, "%s<code>", i ? ", " : "");
        html_text(b, L->labels[i]);
        kk_buf_printf(b, "</code>");
    }
    kk_buf_printf(b, "</p>\n<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                     "height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n"
                     "<text x=\"0\" y=\"16\" font-weight=\"bold\">Elo rating (",
                  left + width + 30, h);
    html_text(b, L->labels[L->anchor]);
    kk_buf_printf(b, " = 0)</text>\n");
    for (double t = lo; t <= hi + step / 2; t += step) {
        double x = left + width * (t - lo) / (hi - lo);
        kk_buf_printf(b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>"
                         "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n",
                      x, top - 4, x, top + A * row, fabs(t) < step / 2 ? "#c33" : "#ddd", x,
                      top + A * row + 16, t);
    }
    for (int k = 0; k < A; k++) {
        int i = order[k];
        double y = top + k * row + row / 2.0;
        kk_buf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", left - 8, y + 4);
        html_text(b, L->labels[i]);
        kk_buf_printf(b, "</text><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                         "stroke=\"#258\" stroke-width=\"2\"/><circle cx=\"%.1f\" cy=\"%.1f\" "
                         "r=\"4\" fill=\"#258\"/>\n",
                      left + width * (L->r.agent[i].low - lo) / (hi - lo), y,
                      left + width * (L->r.agent[i].high - lo) / (hi - lo), y,
                      left + width * (L->r.agent[i].rating - lo) / (hi - lo), y);
    }
    kk_buf_printf(b, "</svg><figcaption>dots: maximum-likelihood ratings; bars: 95%% bootstrap "
                     "intervals (%d replicates)</figcaption></figure>\n",
                  L->r.replicates);
    kk_buf_printf(b, "<h2>Score matrix</h2>\n<p>Mean score of the row agent against the column "
                     "agent (win 1, draw 1/2) over their pairwise comparisons.</p>\n<table><tr>"
                     "<th></th>");
    for (int l = 0; l < A; l++) {
        kk_buf_printf(b, "<th>");
        html_text(b, L->labels[order[l]]);
        kk_buf_printf(b, "</th>");
    }
    kk_buf_printf(b, "</tr>\n");
    for (int k = 0; k < A; k++) {
        int i = order[k];
        kk_buf_printf(b, "<tr><th>");
        html_text(b, L->labels[i]);
        kk_buf_printf(b, "</th>");
        for (int l = 0; l < A; l++) {
            double m = mean_score(L, i, order[l]);
            if (isnan(m)) {
                kk_buf_printf(b, "<td></td>");
                continue;
            }
            /* Blue above 1/2, red below, white at 1/2. */
            int shade = (int)(255 - fabs(m - 0.5) * 2 * 150);
            if (m >= 0.5)
                kk_buf_printf(b, "<td style=\"background:rgb(%d,%d,255)\">%.3f</td>", shade,
                              shade, m);
            else
                kk_buf_printf(b, "<td style=\"background:rgb(255,%d,%d)\">%.3f</td>", shade,
                              shade, m);
        }
        kk_buf_printf(b, "</tr>\n");
    }
    kk_buf_printf(b, "</table>\n<h2>Skill versus luck</h2>\n<p>Elo spread (");
    html_text(b, L->labels[L->r.best]);
    kk_buf_printf(b, " minus ");
    html_text(b, L->labels[L->r.worst]);
    kk_buf_printf(b, "): %s%.0f [%.0f, %.0f]; skill 2p - 1 (p: the best's mean score against "
                     "the worst): %.3f [%.3f, %.3f]%s</p>\n</body></html>\n",
                  L->r.saturated ? "&ge; " : "", L->r.spread.rating, L->r.spread.low,
                  L->r.spread.high, L->r.skill.rating, L->r.skill.low, L->r.skill.high,
                  L->r.saturated ? " (saturated: a perfect record somewhere; ratings of such "
                                   "pairs are lower bounds)" : "");
}

static void build_command(struct league *L, const struct league_args *a)
{
    char *c = L->command;
    size_t size = sizeof L->command, n;
    n = (size_t)snprintf(c, size, "kark league %s --agents %s --players %d --games %lld "
                                  "--seed %lld",
                         L->game->name, a->agents, L->players, a->games, a->seed);
    for (int i = 0; i < a->num_sets && n < size; i++)
        n += (size_t)snprintf(c + n, size - n, " --set %s", a->sets[i]);
    if (a->replicates != 200 && n < size)
        snprintf(c + n, size - n, " --bootstrap %lld", a->replicates);
}

/* Plays (or resumes) every pairing and gathers DIR/games.csv. */
static int play_pairings(struct league *L, const struct league_args *a,
                         const struct kk_variant *variant, int (*sets)[KK_MAX_SEATS],
                         int set_size, kk_error *err)
{
    struct kk_study *st = calloc(1, sizeof *st);
    struct kk_buf all = {0};
    if (!st)
        return kk_fail(err, "out of memory");
    int status = 0;
    for (int k = 0; k < L->num_pairings && status == 0; k++) {
        memset(st, 0, sizeof *st);
        st->game = L->game;
        st->players = L->players;
        st->num_variants = 1;
        st->variants[0] = *variant;
        snprintf(st->variant_text[0], sizeof st->variant_text[0], "%s", L->variant_text);
        st->num_agents = set_size;
        for (int i = 0; i < set_size; i++) {
            memcpy(st->specs[i], L->specs[sets[k][i]], KK_SPEC_LEN);
            memcpy(st->labels[i], L->labels[sets[k][i]], KK_SPEC_LEN);
        }
        st->games = L->games_per_pairing;
        st->seed = L->seed;
        if (kk_study_check(st, err) != 0) {
            status = -1;
            break;
        }
        char dir[4200], path[4300];
        snprintf(dir, sizeof dir, "%s/pairing-%03d", a->out, k);
        snprintf(path, sizeof path, "%s/games.csv", dir);
        if (make_dirs(dir) != 0) {
            status = kk_fail(err, "cannot create directory '%s': %s", dir, strerror(errno));
            break;
        }
        int resume = access(path, F_OK) == 0;
        struct kk_run_opts opts = {
            .threads = (int)a->threads,
            .progress = isatty(2),
            .handle_signals = 1,
        };
        if (opts.progress) {
            fprintf(stderr, "pairing %d/%d:", k + 1, L->num_pairings);
            for (int i = 0; i < set_size; i++)
                fprintf(stderr, " %s", st->labels[i]);
            fprintf(stderr, "\n");
        }
        struct kk_study_results res;
        int sig = 0;
        int rc = kk_study_run(st, dir, resume, &opts, &res, &sig, err);
        if (rc < 0) {
            status = -1;
            break;
        }
        kk_study_results_free(&res);
        if (rc == 1) {
            status = kk_fail(err, "interrupted in pairing %d; run the same command again to "
                                  "continue", k);
            break;
        }
        if (gather_rows(path, k, k == 0, &all, err) != 0)
            status = -1;
    }
    if (status == 0)
        status = write_file(a->out, "games.csv", &all, err);
    kk_buf_free(&all);
    free(st);
    return status;
}

int kk_cmd_league(int argc, char **argv)
{
    const char *cmd = argv[0];
    struct league_args a = {.games = 100, .seed = 1, .replicates = 200};
    a.threads = omp_get_num_procs();
    int want_help = 0;
    int status = parse(cmd, &a, argc, argv, &want_help);
    if (status)
        return status;
    if (want_help) {
        help();
        return KK_EXIT_OK;
    }
    if (!a.game_name) {
        char names[512];
        kk_cli_game_names(names, sizeof names);
        return kk_cli_usage(cmd, "missing GAME: expected one of %s", names);
    }
    if (!a.agents)
        return kk_cli_usage(cmd, "missing --agents A,B,... (see 'kark agents')");
    if (!a.out)
        return kk_cli_usage(cmd, "missing --out DIR (where games.csv and the ratings go)");
    const struct kk_game *g = kk_cli_game(cmd, a.game_name);
    if (!g)
        return KK_EXIT_USAGE;
    if (g->cooperative)
        return kk_cli_usage(cmd, "%s is cooperative: its seats do not play against each other, "
                                 "so there is nothing to rate (compare agents with 'kark "
                                 "tournament')", g->name);
    struct league *L = calloc(1, sizeof *L);
    int (*sets)[KK_MAX_SEATS] = calloc(MAX_PAIRINGS, sizeof *sets);
    struct kk_rated_game *games = NULL;
    kk_error err;
    if (!L || !sets) {
        fprintf(stderr, "kark %s: out of memory\n", cmd);
        status = KK_EXIT_FAIL;
        goto done;
    }
    L->game = g;
    L->seed = (uint64_t)a.seed;
    L->games_per_pairing = a.games;
    struct kk_variant variant;
    if (kk_variant_defaults(g, &variant, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
        goto done;
    }
    for (int i = 0; i < a.num_sets; i++)
        if (kk_variant_set(g, &variant, a.sets[i], &err) != 0) {
            status = kk_cli_usage(cmd, "%s", err.msg);
            goto done;
        }
    kk_variant_describe(g, &variant, " ", L->variant_text, sizeof L->variant_text);
    int A = kk_agent_list_split(a.agents, L->labels, KK_STUDY_MAX_AGENTS, &err);
    if (A < 0) {
        status = kk_cli_usage(cmd, "--agents: %s", err.msg);
        goto done;
    }
    if (A < 2) {
        status = kk_cli_usage(cmd, "--agents: a league needs at least 2 agents");
        goto done;
    }
    L->num_agents = A;
    for (int i = 0; i < A; i++) {
        for (int j = 0; j < i; j++)
            if (strcmp(L->labels[i], L->labels[j]) == 0) {
                status = kk_cli_usage(cmd, "--agents: '%s' is listed twice", L->labels[i]);
                goto done;
            }
        struct kk_agent *agent = kk_agent_create(g, L->labels[i], &err);
        if (!agent) {
            status = kk_cli_usage(cmd, "--agents: %s", err.msg);
            goto done;
        }
        snprintf(L->specs[i], sizeof L->specs[i], "%s", agent->spec);
        kk_agent_destroy(agent);
        if (strcmp(L->labels[i], "random") == 0 && L->anchor == 0 &&
            strcmp(L->labels[0], "random") != 0)
            L->anchor = i;
    }
    int players = (int)a.players;
    if (!players)
        players = g->min_players <= 2 && g->max_players >= 2 ? 2 : g->min_players;
    {
        void *state = calloc(1, g->state_size);
        if (!state || kk_game_init(g, state, &variant, players, &err) != 0) {
            status = state ? kk_cli_usage(cmd, "%s", err.msg) : KK_EXIT_FAIL;
            free(state);
            goto done;
        }
        L->players = g->players(state);
        free(state);
    }
    if (L->players < 2) {
        status = kk_cli_usage(cmd, "a league needs 2 or more players per game");
        goto done;
    }
    int set_size = 0;
    L->num_pairings = make_pairings(A, L->players, sets, &set_size, MAX_PAIRINGS);
    if (L->num_pairings < 0) {
        status = kk_cli_usage(cmd, "%d agents in %d-player games make more than %d pairings",
                              A, L->players, MAX_PAIRINGS);
        goto done;
    }
    build_command(L, &a);
    if (make_dirs(a.out) != 0) {
        fprintf(stderr, "kark %s: cannot create directory '%s': %s\n", cmd, a.out,
                strerror(errno));
        status = KK_EXIT_FAIL;
        goto done;
    }
    if (play_pairings(L, &a, &variant, sets, set_size, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
        goto done;
    }
    /* The ratings come from the gathered file, never from memory: games.csv is the
     * source of truth. */
    char path[4200];
    snprintf(path, sizeof path, "%s/games.csv", a.out);
    long long n = read_league_csv(path, L->labels, A, L->players, &games, &err);
    if (n < 0 || kk_ratings_fit(games, n, A, L->anchor, 1.0, (int)a.replicates, L->seed, &L->r,
                                &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
        goto done;
    }
    L->total_games = n;
    struct kk_buf csv = {0}, json = {0}, md = {0}, mat = {0}, html = {0};
    write_csv(L, &csv);
    write_json(L, &json);
    write_md(L, &md);
    write_matrix_csv(L, &mat);
    write_html(L, &html);
    if (write_file(a.out, "ratings.csv", &csv, &err) != 0 ||
        write_file(a.out, "ratings.json", &json, &err) != 0 ||
        write_file(a.out, "ratings.md", &md, &err) != 0 ||
        write_file(a.out, "matrix.csv", &mat, &err) != 0 ||
        write_file(a.out, "report.html", &html, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
    } else {
        fputs(kk_buf_str(&md), stdout);
        printf("\nfiles: %s/games.csv, %s/ratings.csv, %s/ratings.json, %s/ratings.md, "
               "%s/matrix.csv, %s/report.html\n", a.out, a.out, a.out, a.out, a.out, a.out);
    }
    kk_buf_free(&csv);
    kk_buf_free(&json);
    kk_buf_free(&md);
    kk_buf_free(&mat);
    kk_buf_free(&html);
done:
    free(games);
    free(sets);
    free(L);
    return status;
}
