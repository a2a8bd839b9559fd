/* The study runner behind `kark tournament` and `kark balance`, on a toy dice game defined
 * here (so the test depends on no engine): byte-identical files for 1, 2 and 3 threads,
 * resumed runs (including a torn last line) equal to an uninterrupted run, rows checked
 * against the run on resume, seat rotation, shared wins counted 1/k, common random
 * numbers across the variants of a sweep, and memory that does not grow with the games. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/buf.h"
#include "experiments/report.h"
#include "experiments/study.h"
#include "testlib.h"

/* ---- toy-dice: each turn chance rolls a die, then the seat to move keeps the roll
 * (move 1) or takes the fixed points of the turn (move 0, fixed[turn % len]). Small
 * scores make ties (shared wins) common. ---- */

struct dice_state {
    int players, turn, turns, rolled, roll;
    int fixed[3], num_fixed;
    int32_t scores[KK_MAX_SEATS];
    int roll_points[KK_MAX_SEATS], fixed_points[KK_MAX_SEATS];
    int roll_sum; /* every roll of the game: identical across variants under CRN */
};

static const struct kk_param dice_params[] = {
    {"turns", KK_PARAM_INT, "3", 1, 20, NULL, 0, 0, "turns per player"},
    {"fixed", KK_PARAM_INT_LIST, "3", 0, 6, NULL, 1, 3, "fixed points by turn"},
};

static const struct kk_stat_desc dice_stats[] = {
    {"points_roll", 1, "points from kept rolls"},
    {"points_fixed", 1, "points from fixed takes"},
    {"roll_sum", 0, "sum of every roll"},
};

static int dice_init(void *sp, const struct kk_variant *v, int players, kk_error *err)
{
    (void)err;
    struct dice_state *s = sp;
    memset(s, 0, sizeof *s);
    s->players = players ? players : 2;
    s->turns = v->value[0][0] * s->players;
    s->num_fixed = v->len[1];
    for (int i = 0; i < s->num_fixed; i++)
        s->fixed[i] = v->value[1][i];
    return 0;
}

static int dice_players(const void *sp)
{
    return ((const struct dice_state *)sp)->players;
}

static int dice_to_move(const void *sp)
{
    const struct dice_state *s = sp;
    if (s->turn == s->turns)
        return KK_TERMINAL;
    return s->rolled ? s->turn % s->players : KK_CHANCE;
}

static int dice_legal(const void *sp, kk_move *out)
{
    (void)sp;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static void dice_apply(void *sp, kk_move m)
{
    struct dice_state *s = sp;
    if (!s->rolled) {
        s->roll = m;
        s->roll_sum += m;
        s->rolled = 1;
        return;
    }
    int seat = s->turn % s->players;
    int pts = m ? s->roll : s->fixed[(s->turn / s->players) % s->num_fixed];
    s->scores[seat] += pts;
    if (m)
        s->roll_points[seat] += pts;
    else
        s->fixed_points[seat] += pts;
    s->turn++;
    s->rolled = 0;
}

static int dice_chance(const void *sp, kk_move *out, double *prob)
{
    (void)sp;
    for (int i = 0; i < 6; i++) {
        out[i] = i + 1;
        prob[i] = 1.0 / 6;
    }
    return 6;
}

static kk_move dice_sample(const void *sp, kk_rng *rng)
{
    (void)sp;
    return 1 + (kk_move)kk_rng_bounded(rng, 6);
}

static void dice_scores(const void *sp, int32_t *out)
{
    const struct dice_state *s = sp;
    memcpy(out, s->scores, sizeof *out * (size_t)s->players);
}

static uint32_t dice_winners(const void *sp)
{
    const struct dice_state *s = sp;
    return kk_top_scores(s->scores, s->players);
}

static int dice_to_text(const void *sp, kk_move m, char *buf, size_t size)
{
    (void)sp;
    return snprintf(buf, size, "%d", (int)m);
}

static int dice_from_text(const void *sp, const char *text, kk_move *m, kk_error *err)
{
    (void)sp;
    (void)err;
    *m = atoi(text);
    return 0;
}

static void dice_get_stats(const void *sp, double *out)
{
    const struct dice_state *s = sp;
    int w = 0;
    for (int p = 0; p < s->players; p++)
        out[w++] = s->roll_points[p];
    for (int p = 0; p < s->players; p++)
        out[w++] = s->fixed_points[p];
    out[w] = s->roll_sum;
}

static double dice_evaluate(const void *sp, int seat)
{
    return ((const struct dice_state *)sp)->scores[seat];
}

static const struct kk_game toy_dice = {
    .name = "toy-dice",
    .title = "Toy Dice",
    .min_players = 1,
    .max_players = 4,
    .default_players = 2,
    .state_size = sizeof(struct dice_state),
    .max_moves = 6,
    .score_scale = 10,
    .params = dice_params,
    .num_params = 2,
    .stats = dice_stats,
    .num_stats = 3,
    .init = dice_init,
    .players = dice_players,
    .to_move = dice_to_move,
    .legal_moves = dice_legal,
    .apply = dice_apply,
    .chance_outcomes = dice_chance,
    .sample_chance = dice_sample,
    .scores = dice_scores,
    .winners = dice_winners,
    .move_to_text = dice_to_text,
    .move_from_text = dice_from_text,
    .get_stats = dice_get_stats,
    .evaluate = dice_evaluate,
};

/* ---- helpers ---- */

static char root[64];

static void read_file(const char *dir, const char *name, struct kk_buf *out)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    kk_buf_clear(out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        kk_buf_append(out, chunk, n);
    fclose(f);
}

/* 1 if dir_a/name and dir_b/name exist and are byte-identical. */
static int same_file(const char *a, const char *b, const char *name)
{
    struct kk_buf x = {0}, y = {0};
    read_file(a, name, &x);
    read_file(b, name, &y);
    int same = x.len > 0 && x.len == y.len && memcmp(x.data, y.data, x.len) == 0;
    if (!same)
        fprintf(stderr, "%s/%s (%zu bytes) differs from %s/%s (%zu bytes)\n", a, name, x.len,
                b, name, y.len);
    kk_buf_free(&x);
    kk_buf_free(&y);
    return same;
}

static int count_lines(const char *dir, const char *name)
{
    struct kk_buf x = {0};
    read_file(dir, name, &x);
    int n = 0;
    for (size_t i = 0; i < x.len; i++)
        n += x.data[i] == '\n';
    kk_buf_free(&x);
    return n;
}

static void make_dir(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s/%s", root, name);
    CHECK(mkdir(out, 0777) == 0);
}

static void remove_dir(const char *dir)
{
    const char *names[] = {"games.csv", "summary.json", "summary.md", "balance.json",
                           "balance.md", "report.html"};
    char path[512];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* A study of toy-dice; variants given as "turns=..;fixed=.." assignments per variant. */
static struct kk_study *make_study(int players, const char *agents, long long games,
                                   uint64_t seed, const char *const *variant_sets, int nv)
{
    struct kk_study *st = calloc(1, sizeof *st);
    kk_error err;
    st->game = &toy_dice;
    st->players = players;
    st->games = games;
    st->seed = seed;
    st->num_agents = kk_agent_list_split(agents, st->specs, KK_STUDY_MAX_AGENTS, &err);
    st->num_variants = nv;
    for (int v = 0; v < nv; v++) {
        CHECK(kk_variant_defaults(&toy_dice, &st->variants[v], &err) == 0);
        if (variant_sets && variant_sets[v][0])
            CHECK(kk_variant_set(&toy_dice, &st->variants[v], variant_sets[v], &err) == 0);
        kk_variant_describe(&toy_dice, &st->variants[v], " ", st->variant_text[v],
                            sizeof st->variant_text[v]);
    }
    CHECK(kk_study_check(st, &err) == 0);
    return st;
}

static int run(const struct kk_study *st, const char *dir, int resume, int threads,
               long long stop_after, struct kk_study_results *res, kk_error *err)
{
    struct kk_run_opts o = {.threads = threads, .stop_after = stop_after, .keep_results = 1};
    return kk_study_run(st, dir, resume, &o, res, NULL, err);
}

/* Runs to completion and writes the tournament report. */
static void full_tournament(const struct kk_study *st, const char *dir, int threads)
{
    struct kk_study_results r;
    kk_error err;
    CHECK_EQ_INT(run(st, dir, 0, threads, 0, &r, &err), 0);
    CHECK(kk_report_tournament(st, &r, dir, NULL, &err) == 0);
    kk_study_results_free(&r);
}

/* ---- tests ---- */

static void test_threads_identical(void)
{
    struct kk_study *st = make_study(3, "random,greedy", 60, 11, NULL, 1);
    char d1[128], d2[128], d3[128];
    make_dir(d1, sizeof d1, "t1");
    make_dir(d2, sizeof d2, "t2");
    make_dir(d3, sizeof d3, "t3");
    full_tournament(st, d1, 1);
    full_tournament(st, d2, 2);
    full_tournament(st, d3, 3);
    CHECK_EQ_INT(count_lines(d1, "games.csv"), 61);
    const char *files[] = {"games.csv", "summary.json", "summary.md", "report.html"};
    for (int f = 0; f < 4; f++) {
        CHECK(same_file(d1, d2, files[f]));
        CHECK(same_file(d1, d3, files[f]));
    }
    /* A different seed gives different games (the comparison above can fail). */
    struct kk_study *other = make_study(3, "random,greedy", 60, 12, NULL, 1);
    char d4[128];
    make_dir(d4, sizeof d4, "t4");
    full_tournament(other, d4, 2);
    struct kk_buf x = {0}, y = {0};
    read_file(d1, "games.csv", &x);
    read_file(d4, "games.csv", &y);
    CHECK(x.len != y.len || memcmp(x.data, y.data, x.len) != 0);
    kk_buf_free(&x);
    kk_buf_free(&y);
    remove_dir(d1);
    remove_dir(d2);
    remove_dir(d3);
    remove_dir(d4);
    free(st);
    free(other);
}

static void test_resume(void)
{
    struct kk_study *st = make_study(2, "greedy,random", 40, 5, NULL, 1);
    char whole[128], parts[128];
    make_dir(whole, sizeof whole, "whole");
    make_dir(parts, sizeof parts, "parts");
    full_tournament(st, whole, 1);

    struct kk_study_results r;
    kk_error err;
    /* Session 1: 7 games on 2 threads, then "interrupted". */
    CHECK_EQ_INT(run(st, parts, 0, 2, 7, &r, &err), 1);
    CHECK_EQ_INT(r.jobs, 7);
    kk_study_results_free(&r);
    CHECK_EQ_INT(count_lines(parts, "games.csv"), 8);
    /* A fresh run must not overwrite it. */
    CHECK_EQ_INT(run(st, parts, 0, 1, 0, &r, &err), -1);
    CHECK(strstr(err.msg, "--resume") != NULL);
    /* Session 2: 12 more; then a torn row as left by a kill in the middle of a write. */
    CHECK_EQ_INT(run(st, parts, 1, 3, 12, &r, &err), 1);
    CHECK_EQ_INT(r.jobs, 19);
    kk_study_results_free(&r);
    char path[512];
    snprintf(path, sizeof path, "%s/games.csv", parts);
    FILE *f = fopen(path, "ab");
    fputs("19,0,\"turns=3 fixed=3\",5,random,gre", f);
    fclose(f);
    /* Session 3: the rest. */
    CHECK_EQ_INT(run(st, parts, 1, 2, 0, &r, &err), 0);
    CHECK_EQ_INT(r.jobs, 40);
    CHECK(kk_report_tournament(st, &r, parts, NULL, &err) == 0);
    kk_study_results_free(&r);
    CHECK(same_file(whole, parts, "games.csv"));
    CHECK(same_file(whole, parts, "summary.json"));
    CHECK(same_file(whole, parts, "summary.md"));

    /* Resuming with other settings is refused, naming the file and line. */
    struct kk_study *other = make_study(2, "greedy,random", 40, 6, NULL, 1);
    CHECK_EQ_INT(run(other, parts, 1, 1, 0, &r, &err), -1);
    CHECK(strstr(err.msg, "line 2") != NULL && strstr(err.msg, "does not match") != NULL);
    struct kk_study *fewer = make_study(2, "greedy,random", 30, 5, NULL, 1);
    CHECK_EQ_INT(run(fewer, parts, 1, 1, 0, &r, &err), -1);
    CHECK(strstr(err.msg, "more than") != NULL);
    struct kk_study *seats = make_study(3, "greedy,random", 40, 5, NULL, 1);
    CHECK_EQ_INT(run(seats, parts, 1, 1, 0, &r, &err), -1);
    CHECK(strstr(err.msg, "header") != NULL);
    /* Extending a finished run to more games equals running that many at once. */
    struct kk_study *more = make_study(2, "greedy,random", 50, 5, NULL, 1);
    char whole50[128];
    make_dir(whole50, sizeof whole50, "whole50");
    full_tournament(more, whole50, 2);
    CHECK_EQ_INT(run(more, parts, 1, 2, 0, &r, &err), 0);
    CHECK(kk_report_tournament(more, &r, parts, NULL, &err) == 0);
    kk_study_results_free(&r);
    CHECK(same_file(whole50, parts, "games.csv"));
    CHECK(same_file(whole50, parts, "summary.json"));
    remove_dir(whole);
    remove_dir(parts);
    remove_dir(whole50);
    free(st);
    free(other);
    free(fewer);
    free(seats);
    free(more);
}

static void test_seats_and_shares(void)
{
    /* The rotation: over A consecutive games each agent sits in each seat once. */
    int count[3][4] = {{0}};
    for (long long i = 0; i < 3; i++)
        for (int s = 0; s < 4; s++)
            count[kk_seat_agent(i, s, 3)][s]++;
    for (int a = 0; a < 3; a++)
        for (int s = 0; s < 4; s++)
            CHECK_EQ_INT(count[a][s], 1);
    CHECK_EQ_INT(kk_seat_agent(5, 1, 2), 0);

    struct kk_study *st = make_study(2, "random,random,greedy", 90, 3, NULL, 1);
    char dir[128];
    make_dir(dir, sizeof dir, "shares");
    struct kk_study_results r;
    kk_error err;
    CHECK_EQ_INT(run(st, dir, 0, 2, 0, &r, &err), 0);
    /* Win shares sum to 1 per game; ties happen in this toy and count 1/k. */
    int ties = 0;
    for (long long j = 0; j < r.jobs; j++) {
        double sum = 0;
        for (int s = 0; s < 2; s++)
            sum += kk_metric_value(st, &r, j, 2 + s);
        CHECK(fabs(sum - 1) < 1e-12);
        if (__builtin_popcount(r.res[j].winners) == 2) {
            ties++;
            CHECK(kk_metric_value(st, &r, j, 2) == 0.5);
        }
    }
    CHECK(ties > 0);
    CHECK(kk_report_tournament(st, &r, dir, NULL, &err) == 0);
    /* summary.json: seat 0's wins are the sum of its shares, written exactly. */
    double wins0 = 0;
    for (long long j = 0; j < r.jobs; j++)
        wins0 += kk_metric_value(st, &r, j, 2);
    char expect[64];
    snprintf(expect, sizeof expect, "{\"seat\": 0, \"wins\": ");
    kk_format_double(wins0, expect + strlen(expect), sizeof expect - strlen(expect));
    struct kk_buf json = {0};
    read_file(dir, "summary.json", &json);
    CHECK(strstr(kk_buf_str(&json), expect) != NULL);
    /* Each of the 3 agents played 60 of the 90 games (2 seats, rotating). */
    CHECK(strstr(kk_buf_str(&json), "\"agent\": 2, \"spec\": \"greedy") != NULL);
    CHECK_EQ_INT((long long)(strstr(kk_buf_str(&json), "\"games\": 60,") != NULL), 1);
    kk_buf_free(&json);
    kk_study_results_free(&r);
    remove_dir(dir);
    free(st);
}

static void test_balance_crn(void)
{
    const char *grid[] = {"fixed=3", "fixed=1", "fixed=5,0"};
    struct kk_study *st = make_study(2, "greedy", 30, 8, grid, 3);
    char d1[128], d2[128];
    make_dir(d1, sizeof d1, "bal1");
    make_dir(d2, sizeof d2, "bal2");
    struct kk_study_results r1, r2;
    kk_error err;
    CHECK_EQ_INT(run(st, d1, 0, 1, 0, &r1, &err), 0);
    CHECK_EQ_INT(run(st, d2, 0, 2, 0, &r2, &err), 0);
    CHECK_EQ_INT(r1.jobs, 90);
    /* Common random numbers: game i sees the same rolls in every variant, while the
     * variants do change the outcome (greedy keeps rolls above the fixed points). */
    int roll_sum = kk_metric_count(st) - 1, differ = 0;
    for (long long i = 0; i < 30; i++) {
        CHECK(kk_metric_value(st, &r1, i * 3 + 0, roll_sum) ==
              kk_metric_value(st, &r1, i * 3 + 1, roll_sum));
        CHECK(kk_metric_value(st, &r1, i * 3 + 0, roll_sum) ==
              kk_metric_value(st, &r1, i * 3 + 2, roll_sum));
        differ += r1.res[i * 3].scores[0] != r1.res[i * 3 + 1].scores[0];
    }
    CHECK(differ > 0);
    struct kk_sweep_axis axis = {1, 3};
    CHECK(kk_report_balance(st, &r1, &axis, 1, 0, 1, d1, NULL, &err) == 0);
    CHECK(kk_report_balance(st, &r2, &axis, 1, 0, 1, d2, NULL, &err) == 0);
    CHECK(same_file(d1, d2, "games.csv"));
    CHECK(same_file(d1, d2, "balance.json"));
    CHECK(same_file(d1, d2, "balance.md"));
    CHECK(same_file(d1, d2, "report.html"));
    struct kk_buf json = {0};
    read_file(d1, "balance.json", &json);
    /* roll_sum is identical game by game, so its paired difference is exactly 0. */
    CHECK(strstr(kk_buf_str(&json), "\"roll_sum\": {\"mean\": 0, \"ci95\": [0, 0]}") != NULL);
    CHECK(strstr(kk_buf_str(&json), "\"swept\": \"fixed=5,0\"") != NULL);
    kk_buf_free(&json);
    kk_study_results_free(&r1);
    kk_study_results_free(&r2);
    remove_dir(d1);
    remove_dir(d2);
    free(st);
}

/* A player-count sweep: variants 0/1 with 2 seats, 2/3 with 3 seats (fixed=3 / fixed=1).
 * games.csv has 3 seat columns with empty cells for the 2-seat games; metrics of a missing
 * seat are NaN; 1 and 2 threads and a resumed run give the same files; each variant is
 * compared with the baseline's settings at its own seat count. */
static void test_players_axis(void)
{
    const char *grid[] = {"fixed=3", "fixed=1", "fixed=3", "fixed=1"};
    struct kk_study *st = make_study(2, "greedy,random", 20, 9, grid, 4);
    st->seats[2] = st->seats[3] = 3;
    kk_error err;
    CHECK(kk_study_check(st, &err) == 0);
    CHECK_EQ_INT(st->players, 3);
    char d1[128], d2[128];
    make_dir(d1, sizeof d1, "pl1");
    make_dir(d2, sizeof d2, "pl2");
    struct kk_study_results r1, r2;
    CHECK_EQ_INT(run(st, d1, 0, 1, 0, &r1, &err), 0);
    CHECK_EQ_INT(run(st, d2, 0, 2, 30, &r2, &err), 1);
    kk_study_results_free(&r2);
    CHECK_EQ_INT(run(st, d2, 1, 1, 0, &r2, &err), 0);
    CHECK(same_file(d1, d2, "games.csv"));
    CHECK_EQ_INT(r1.res[0].players, 2);
    CHECK_EQ_INT(r1.res[2].players, 3);
    CHECK(isnan(kk_metric_value(st, &r1, 0, 2)));           /* score_s2 of a 2-seat game */
    CHECK(!isnan(kk_metric_value(st, &r1, 2, 2)));          /* score_s2 of a 3-seat game */
    CHECK(isnan(kk_metric_value(st, &r1, 1, st->players + 2))); /* win_s2 */
    struct kk_buf csv = {0};
    read_file(d1, "games.csv", &csv);
    CHECK(strstr(kk_buf_str(&csv), "agent_s0,agent_s1,agent_s2,score_s0") != NULL);
    /* game 0, variant 0: two agents and an empty third seat, then two scores and a gap */
    CHECK(strstr(kk_buf_str(&csv), "\n0,0,turns=3 fixed=3,2,9,greedy,random,,") != NULL);
    CHECK(strstr(kk_buf_str(&csv), "\n0,2,turns=3 fixed=3,3,9,greedy,random,greedy,") != NULL);
    kk_buf_free(&csv);
    struct kk_sweep_axis axes[2] = {{KK_SWEEP_PLAYERS, 2}, {1, 2}};
    CHECK(kk_report_balance(st, &r1, axes, 2, 0, 1, d1, NULL, &err) == 0);
    CHECK(kk_report_balance(st, &r2, axes, 2, 0, 1, d2, NULL, &err) == 0);
    CHECK(same_file(d1, d2, "balance.json"));
    CHECK(same_file(d1, d2, "balance.md"));
    struct kk_buf json = {0}, md = {0};
    read_file(d1, "balance.json", &json);
    read_file(d1, "balance.md", &md);
    CHECK(strstr(kk_buf_str(&json), "\"variant_id\": 3,\n      \"players\": 3") != NULL);
    CHECK(strstr(kk_buf_str(&json), "\"compared_with\": 2") != NULL);
    CHECK(strstr(kk_buf_str(&md), "| ▶ 2 | players=3 fixed=3 (baseline) |") != NULL);
    CHECK(strstr(kk_buf_str(&md), "| 3 | players=3 fixed=1 | 2 |") != NULL);
    kk_buf_free(&json);
    kk_buf_free(&md);
    kk_study_results_free(&r1);
    kk_study_results_free(&r2);
    remove_dir(d1);
    remove_dir(d2);
    free(st);
}

static void test_format_double(void)
{
    char buf[40];
    kk_format_double(12, buf, sizeof buf);
    CHECK(strcmp(buf, "12") == 0);
    kk_format_double(-0.0, buf, sizeof buf);
    CHECK(strcmp(buf, "0") == 0);
    kk_format_double(0.25, buf, sizeof buf);
    CHECK(strcmp(buf, "0.25") == 0);
    kk_format_double(1.0 / 3, buf, sizeof buf);
    CHECK(strtod(buf, NULL) == 1.0 / 3);
}

/* Peak resident memory of this process so far, in kB (Linux). */
static long peak_rss_kb(void)
{
    struct rusage u;
    return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_maxrss : 0;
}

/* Runs and reports games of a 2-variant sweep of short toy games (no kept results, as the
 * command line runs them) in dir. */
static void streamed_sweep(long long games, const char *name)
{
    const char *sets[] = {"turns=1", "turns=2"};
    struct kk_study *st = make_study(2, "random", games, 5, sets, 2);
    struct kk_sweep_axis axis = {0, 2};
    char dir[128];
    make_dir(dir, sizeof dir, name);
    struct kk_study_results r;
    struct kk_run_opts o = {.threads = 2};
    kk_error err;
    CHECK_EQ_INT(kk_study_run(st, dir, 0, &o, &r, NULL, &err), 0);
    CHECK(r.res == NULL && r.stats == NULL); /* nothing kept per game */
    CHECK(kk_report_balance(st, &r, &axis, 1, 0, 1, dir, NULL, &err) == 0);
    char path[256];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    FILE *f = fopen(path, "rb"); /* counted as a stream: count_lines would hold the file */
    long long lines = 0;
    for (int c; f && (c = getc(f)) != EOF;)
        lines += c == '\n';
    if (f)
        fclose(f);
    CHECK(lines == 2 * games + 1);
    kk_study_results_free(&r);
    remove_dir(dir);
    free(st);
}

/* Issue 24: results are reduced from games.csv as a stream, so the peak memory of a run
 * and its report does not grow with the games. The old runner kept ~110 bytes per job of
 * this toy (result, statistics and the report's arrays): 180,000 more jobs would add
 * ~20 MB, where the bound is 8 MB. Under sanitizers (shadow memory, quarantine) the peak
 * means little: a short run checks only that the streamed path works. */
static void test_memory_flat(void)
{
#if defined(__SANITIZE_ADDRESS__)
    const long long small = 2000, large = 6000;
    const int check_rss = 0;
#else
    const long long small = 10000, large = 100000;
    const int check_rss = 1;
#endif
    streamed_sweep(small, "mem-small");
    long long before = peak_rss_kb();
    streamed_sweep(large, "mem-large");
    long long grown = peak_rss_kb() - before;
    if (check_rss) {
        if (grown >= 8 * 1024)
            fprintf(stderr, "peak RSS grew by %lld kB from %lld to %lld jobs\n", grown,
                    2 * small, 2 * large);
        CHECK(grown < 8 * 1024);
    }
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/kark-tournament-XXXXXX");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    test_format_double();
    test_threads_identical();
    test_resume();
    test_seats_and_shares();
    test_balance_crn();
    test_players_axis();
    test_memory_flat();
    rmdir(root);
    return kk_test_done("tournament");
}
