/* Ratings of `kark league`: the pairwise comparison rule, the Bradley-Terry fit against
 * closed forms and against an independent MM fit written here, the bootstrap's
 * determinism, and the league's files recomputed from its games.csv alone (parsed here
 * with this file's own CSV reader), for a 2-player and a 3-player league. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/core/rng.h"
#include "experiments/commands.h"
#include "experiments/ratings.h"
#include "experiments/stats.h"
#include "testlib.h"

#define NA KK_RATINGS_MAX_AGENTS

/* Hunter's MM iteration for Bradley-Terry with `prior` virtual draws per pair that met:
 * an algorithm other than the library's Newton steps, so agreement checks both. */
static void mm_fit(int n, const double *points, const double *count, double prior, int anchor,
                   double *elo)
{
    double p[NA * NA], c[NA * NA], gamma[NA], w[NA];
    for (int i = 0; i < n * n; i++) {
        p[i] = points[i] + (count[i] > 0 ? prior / 2 : 0);
        c[i] = count[i] + (count[i] > 0 ? prior : 0);
    }
    for (int i = 0; i < n; i++) {
        gamma[i] = 1;
        w[i] = 0;
        for (int j = 0; j < n; j++)
            w[i] += p[i * n + j];
    }
    for (int it = 0; it < 200000; it++) {
        double change = 0;
        for (int i = 0; i < n; i++) {
            double d = 0;
            for (int j = 0; j < n; j++)
                if (j != i && c[i * n + j] > 0)
                    d += c[i * n + j] / (gamma[i] + gamma[j]);
            double next = w[i] / d;
            change = fmax(change, fabs(log(next / gamma[i])));
            gamma[i] = next;
        }
        if (change < 1e-13)
            break;
    }
    for (int i = 0; i < n; i++)
        elo[i] = 400 * log10(gamma[i] / gamma[anchor]);
}

static void test_pair_result(void)
{
    struct kk_rated_game g = {.players = 3, .agent = {0, 1, 2}, .score = {5, 9, 9},
                              .winners = 1u << 0};
    CHECK(kk_ratings_pair_result(&g, 0, 1) == 1.0); /* the winner beats a higher score */
    CHECK(kk_ratings_pair_result(&g, 1, 0) == 0.0);
    CHECK(kk_ratings_pair_result(&g, 1, 2) == 0.5); /* two non-winners, equal scores */
    g.score[2] = 3;
    CHECK(kk_ratings_pair_result(&g, 1, 2) == 1.0);
    g.winners = 3u; /* shared win: the higher score ranks higher */
    CHECK(kk_ratings_pair_result(&g, 0, 1) == 0.0);
    double pts[9] = {0}, cnt[9] = {0};
    kk_ratings_add_game(&g, 3, pts, cnt);
    CHECK(cnt[0 * 3 + 1] == 1 && cnt[1 * 3 + 2] == 1 && cnt[0 * 3 + 2] == 1);
    CHECK(pts[1 * 3 + 0] == 1 && pts[0 * 3 + 2] == 1 && pts[2 * 3 + 0] == 0);
    /* Seats of one agent are not compared. */
    struct kk_rated_game h = {.players = 4, .agent = {0, 1, 0, 1}, .score = {1, 2, 3, 4},
                              .winners = 1u << 3};
    double p2[4] = {0}, c2[4] = {0};
    kk_ratings_add_game(&h, 2, p2, c2);
    CHECK(c2[1] == 4 && c2[2] == 4 && c2[0] == 0 && c2[3] == 0);
    CHECK(p2[1 * 2 + 0] == 3); /* seat 3 beats seats 0 and 2, seat 1 beats seat 0 */
}

static void test_fit(void)
{
    kk_error err;
    /* Two agents, 75 points of 100: R = 400 log10(75 / 25) exactly when prior = 0. */
    double pts[4] = {0, 75, 25, 0}, cnt[4] = {0, 100, 100, 0}, elo[2];
    CHECK(kk_ratings_bt(2, pts, cnt, 0, 1, elo, &err) > 0);
    CHECK(fabs(elo[0] - 400 * log10(3.0)) < 1e-9 && elo[1] == 0);
    /* With one virtual draw: (75.5 / 25.5). */
    CHECK(kk_ratings_bt(2, pts, cnt, 1, 1, elo, &err) > 0);
    CHECK(fabs(elo[0] - 400 * log10(75.5 / 25.5)) < 1e-9);
    /* A perfect record stays finite with the prior. */
    double perfect[4] = {0, 50, 0, 0}, c50[4] = {0, 50, 50, 0};
    CHECK(kk_ratings_bt(2, perfect, c50, 1, 1, elo, &err) > 0 && isfinite(elo[0]));
    /* Disconnected: 0-1 and 2-3 never meet. */
    double p4[16] = {0}, c4[16] = {0};
    p4[0 * 4 + 1] = p4[1 * 4 + 0] = p4[2 * 4 + 3] = p4[3 * 4 + 2] = 5;
    c4[0 * 4 + 1] = c4[1 * 4 + 0] = c4[2 * 4 + 3] = c4[3 * 4 + 2] = 10;
    CHECK(kk_ratings_bt(4, p4, c4, 1, 0, elo, &err) < 0 && strstr(err.msg, "not comparable"));
    /* Random 6-agent tables: Newton (library) and MM (here) agree. */
    kk_rng rng;
    kk_rng_seed(&rng, 42, 7);
    for (int rep = 0; rep < 20; rep++) {
        int n = 6;
        double p[36] = {0}, c[36] = {0}, e1[6], e2[6];
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                if (kk_rng_bounded(&rng, 4) == 0 && j != i + 1)
                    continue; /* some pairs never meet; the chain i, i+1 keeps it connected */
                double games = 1 + kk_rng_bounded(&rng, 60);
                double won = kk_rng_bounded(&rng, (uint32_t)games + 1);
                c[i * n + j] = c[j * n + i] = games;
                p[i * n + j] = won;
                p[j * n + i] = games - won;
            }
        int anchor = rep % n;
        CHECK(kk_ratings_bt(n, p, c, 1, anchor, e1, &err) > 0);
        mm_fit(n, p, c, 1, anchor, e2);
        for (int i = 0; i < n; i++)
            CHECK(fabs(e1[i] - e2[i]) < 1e-6);
    }
}

/* Skill versus luck on a two-agent table: 2 p - 1 with the Wilson interval of p over the
 * games; a perfect record is flagged as saturated. */
static void test_skill(void)
{
    struct kk_rated_game g[10];
    for (int k = 0; k < 10; k++) {
        memset(&g[k], 0, sizeof g[k]);
        g[k].players = 2;
        g[k].agent[0] = k % 2;
        g[k].agent[1] = 1 - k % 2;
        g[k].score[0] = g[k].score[1] = 1;
        /* Agent 1 wins games 0..6, agent 0 the rest. */
        int winner_agent = k < 7 ? 1 : 0;
        g[k].winners = 1u << (g[k].agent[0] == winner_agent ? 0 : 1);
    }
    struct kk_ratings r;
    kk_error err;
    CHECK(kk_ratings_fit(g, 10, 2, 0, 1, 50, 3, &r, &err) == 0);
    double lo, hi;
    kk_wilson(7, 10, KK_Z95, &lo, &hi);
    CHECK(r.best == 1 && r.worst == 0 && !r.saturated);
    CHECK(fabs(r.skill.rating - 0.4) < 1e-12);
    CHECK(fabs(r.skill.low - (2 * lo - 1)) < 1e-12 && fabs(r.skill.high - (2 * hi - 1)) < 1e-12);
    CHECK(fabs(r.spread.rating - 400 * log10(7.5 / 3.5)) < 1e-6);
    CHECK(r.met[0 * 2 + 1] == 10);
    for (int k = 0; k < 10; k++)
        g[k].winners = 1u << (g[k].agent[0] == 1 ? 0 : 1);
    CHECK(kk_ratings_fit(g, 10, 2, 0, 1, 50, 3, &r, &err) == 0);
    CHECK(r.saturated && r.skill.rating == 1 && r.skill.high == 1 && r.skill.low < 1);
}

/* ---- an independent reader of a league's games.csv ---- */

static int split(char *line, char **f, int max)
{
    int n = 0;
    char *r = line, *w = line;
    while (n < max) {
        f[n++] = w;
        int quoted = *r == '"';
        if (quoted)
            r++;
        while (*r) {
            if (quoted && r[0] == '"' && r[1] == '"') {
                *w++ = '"';
                r += 2;
            } else if (quoted && *r == '"') {
                quoted = 0;
                r++;
            } else if (!quoted && *r == ',') {
                break;
            } else {
                *w++ = *r++;
            }
        }
        int more = *r == ',';
        *w++ = '\0';
        if (!more)
            break;
        r++;
    }
    return n;
}

static int column(char **names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* Reads dir/games.csv into games (agents numbered by labels). Returns the count. */
static long long read_games(const char *dir, const char *const *labels, int A,
                            struct kk_rated_game *games, long long max)
{
    char path[512], line[8192], head[8192];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return 0;
    char *names[256], *fields[256];
    CHECK(fgets(head, sizeof head, f) != NULL);
    head[strcspn(head, "\n")] = '\0';
    int nn = split(head, names, 256);
    int players = 0;
    char name[32];
    for (;; players++) {
        snprintf(name, sizeof name, "agent_s%d", players);
        if (column(names, nn, name) < 0)
            break;
    }
    long long n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        CHECK(split(line, fields, 256) == nn);
        struct kk_rated_game *g = &games[n++];
        memset(g, 0, sizeof *g);
        g->players = players;
        g->stratum = atoi(fields[column(names, nn, "pairing")]);
        for (int s = 0; s < players; s++) {
            snprintf(name, sizeof name, "agent_s%d", s);
            const char *who = fields[column(names, nn, name)];
            g->agent[s] = -1;
            for (int a = 0; a < A; a++)
                if (strcmp(who, labels[a]) == 0)
                    g->agent[s] = a;
            CHECK(g->agent[s] >= 0);
            snprintf(name, sizeof name, "score_s%d", s);
            g->score[s] = atof(fields[column(names, nn, name)]);
            /* The winners from the win_s shares: a seat with a positive share won. */
            snprintf(name, sizeof name, "win_s%d", s);
            if (atof(fields[column(names, nn, name)]) > 0)
                g->winners |= 1u << s;
        }
    }
    fclose(f);
    return n;
}

/* Reads ratings.csv: rating, low, high per label. */
static void read_ratings(const char *dir, const char *const *labels, int A, double *r,
                         double *lo, double *hi)
{
    char path[512], line[4096];
    snprintf(path, sizeof path, "%s/ratings.csv", dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK(fgets(line, sizeof line, f) != NULL);
    CHECK(strncmp(line, "agent,spec,rating,low,high", 26) == 0);
    int seen = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *fields[16];
        CHECK(split(line, fields, 16) == 7);
        for (int a = 0; a < A; a++)
            if (strcmp(fields[0], labels[a]) == 0) {
                r[a] = atof(fields[2]);
                lo[a] = atof(fields[3]);
                hi[a] = atof(fields[4]);
                seen++;
            }
    }
    CHECK_EQ_INT(seen, A);
    fclose(f);
}

/* Runs a league, then recomputes it from games.csv: the same ratings (MM fit here) and
 * the same intervals (the library's bootstrap on the rows read here). */
static void check_league(const char *dir, const char *game, const char *agents,
                         const char *const *labels, int A, const char *players, int games,
                         int pairings, int pairs_per_game, int anchor)
{
    char *argv[] = {"league", (char *)game, "--agents", (char *)agents, "--players",
                    (char *)players, "--games", "12", "--seed", "5", "--threads", "1",
                    "--bootstrap", "60", "--out", (char *)dir, NULL};
    int argc = (int)(sizeof argv / sizeof *argv) - 1;
    fflush(stdout);
    CHECK_EQ_INT(kk_cmd_league(argc, argv), 0);
    struct kk_rated_game *rows = calloc(4096, sizeof *rows);
    long long n = read_games(dir, labels, A, rows, 4096);
    CHECK_EQ_INT(n, (long long)games * pairings);
    double pts[NA * NA] = {0}, cnt[NA * NA] = {0}, elo[NA], r[NA], lo[NA], hi[NA];
    double total = 0;
    for (long long k = 0; k < n; k++)
        kk_ratings_add_game(&rows[k], A, pts, cnt);
    for (int i = 0; i < A * A; i++)
        total += cnt[i];
    CHECK(total == 2.0 * (double)n * pairs_per_game);
    mm_fit(A, pts, cnt, 1, anchor, elo);
    read_ratings(dir, labels, A, r, lo, hi);
    for (int a = 0; a < A; a++)
        CHECK(fabs(elo[a] - r[a]) < 0.0051);
    CHECK(r[anchor] == 0 && lo[anchor] == 0 && hi[anchor] == 0);
    struct kk_ratings fit;
    kk_error err;
    CHECK(kk_ratings_fit(rows, n, A, anchor, 1, 60, 5, &fit, &err) == 0);
    for (int a = 0; a < A; a++) {
        CHECK(fabs(fit.agent[a].low - lo[a]) < 0.0051);
        CHECK(fabs(fit.agent[a].high - hi[a]) < 0.0051);
        CHECK(lo[a] <= r[a] && r[a] <= hi[a]);
    }
    /* A different bootstrap seed gives other intervals: the check above can fail. */
    struct kk_ratings other;
    CHECK(kk_ratings_fit(rows, n, A, anchor, 1, 60, 6, &other, &err) == 0);
    int differs = 0;
    for (int a = 0; a < A; a++)
        differs |= fabs(other.agent[a].low - lo[a]) > 0.01;
    CHECK(differs);
    free(rows);
}

int main(void)
{
    test_pair_result();
    test_fit();
    test_skill();
    char dir[] = "/tmp/kk_ratings_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char d1[600], d2[600];
    snprintf(d1, sizeof d1, "%s/two", dir);
    snprintf(d2, sizeof d2, "%s/three", dir);
    /* 3 agents, 2 players: 3 pairings, one comparison a game; random is the anchor. */
    const char *l1[] = {"greedy", "random", "greedy:value=diff"};
    check_league(d1, "son-of-kark", "greedy,random,greedy:value=diff", l1, 3, "2", 12, 3, 1,
                 1);
    /* 4 agents, 3 players: C(4,3) = 4 pairings, 3 comparisons a game; no random, so the
     * first agent is the anchor. */
    const char *l2[] = {"greedy", "greedy:value=diff", "greedy:value=own", "flatmc:playouts=1"};
    check_league(d2, "son-of-kark", "greedy,greedy:value=diff,greedy:value=own,flatmc:playouts=1",
                 l2, 4, "3", 12, 4, 3, 0);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return kk_test_done("ratings");
}
