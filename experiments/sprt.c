/* getline */
#define _POSIX_C_SOURCE 200809L

#include "sprt.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ratings.h"
#include "report.h"

int kk_sprt_parse(const char *text, struct kk_sprt *s, kk_error *err)
{
    double val[5] = {0, 0, 0, 0, 100};
    int seen[5] = {0};
    static const char *const keys[5] = {"elo0", "elo1", "alpha", "beta", "batch"};
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return kk_fail(err, "'%s' is too long", text);
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (!eq)
            return kk_fail(err, "'%s' is not KEY=VALUE (expected elo0=,elo1=,alpha=,beta= "
                                "and optionally batch=)", item);
        *eq = '\0';
        int k = 0;
        while (k < 5 && strcmp(item, keys[k]) != 0)
            k++;
        if (k == 5)
            return kk_fail(err, "unknown key '%s' (expected elo0, elo1, alpha, beta, batch)",
                           item);
        char *end;
        errno = 0;
        val[k] = strtod(eq + 1, &end);
        if (end == eq + 1 || *end || errno || !isfinite(val[k]))
            return kk_fail(err, "bad value '%s' for %s", eq + 1, item);
        seen[k] = 1;
    }
    for (int k = 0; k < 4; k++)
        if (!seen[k])
            return kk_fail(err, "missing %s (expected elo0=E0,elo1=E1,alpha=A,beta=B)",
                           keys[k]);
    if (!(val[0] < val[1]))
        return kk_fail(err, "elo0 (%g) must be below elo1 (%g)", val[0], val[1]);
    if (fabs(val[0]) > 2000 || fabs(val[1]) > 2000)
        return kk_fail(err, "elo0 and elo1 must lie within [-2000, 2000]");
    for (int k = 2; k < 4; k++)
        if (!(val[k] > 0 && val[k] <= 0.5))
            return kk_fail(err, "%s must be in (0, 0.5], got %g", keys[k], val[k]);
    if (!(val[4] >= 1 && val[4] <= 1e7 && val[4] == floor(val[4])))
        return kk_fail(err, "batch must be a whole number 1..10000000, got %g", val[4]);
    s->elo0 = val[0];
    s->elo1 = val[1];
    s->alpha = val[2];
    s->beta = val[3];
    s->batch = (long long)val[4];
    return 0;
}

void kk_sprt_bounds(const struct kk_sprt *s, double *lower, double *upper)
{
    *lower = log(s->beta / (1 - s->alpha));
    *upper = log((1 - s->beta) / s->alpha);
}

double kk_elo_to_score(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

double kk_sprt_llr(const struct kk_sprt *s, double n, double sum, double sumsq)
{
    if (!(n > 0))
        return 0;
    double s0 = kk_elo_to_score(s->elo0), s1 = kk_elo_to_score(s->elo1);
    double m = n + 2, mean_aug = (sum + 1) / m;
    double var = (sumsq + 1) / m - mean_aug * mean_aug;
    double mean = sum / n;
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

const char *kk_sprt_decision(const struct kk_sprt *s, double llr)
{
    double lower, upper;
    kk_sprt_bounds(s, &lower, &upper);
    return llr >= upper ? "H1" : llr <= lower ? "H0" : "none";
}

double kk_sprt_game_score(const struct kk_game_result *r, long long game, int num_agents)
{
    struct kk_rated_game g = {.players = r->players, .winners = r->winners};
    for (int s = 0; s < r->players; s++) {
        g.agent[s] = kk_seat_agent(game, s, num_agents);
        g.score[s] = r->scores[s];
    }
    double sum = 0;
    int pairs = 0;
    for (int s = 0; s < r->players; s++)
        for (int t = 0; t < r->players; t++)
            if (g.agent[s] == 0 && g.agent[t] == 1) {
                sum += kk_ratings_pair_result(&g, s, t);
                pairs++;
            }
    return pairs ? sum / pairs : -1;
}

/* Fills res from n games whose scores sum to sum, with squares summing to sumsq. */
static void evaluate(const struct kk_sprt *s, long long n, double sum, double sumsq,
                     struct kk_sprt_result *res)
{
    res->games = n;
    res->llr = kk_sprt_llr(s, (double)n, sum, sumsq);
    kk_sprt_bounds(s, &res->lower, &res->upper);
    res->score = n > 0 ? sum / (double)n : 0;
    res->decision = kk_sprt_decision(s, res->llr);
}

/* The games of one kk_study_run, fed in order as they reach games.csv (those already on
 * disk first): running sums, and the first batch boundary where the LLR crosses a bound.
 * The sums are those of the first n games in order, so a boundary's LLR does not depend on
 * how the run was split into sessions. */
struct feed {
    const struct kk_sprt *s;
    int num_agents;
    long long n;
    double sum, sumsq;
    int decided;
    struct kk_sprt_result res; /* at the deciding boundary */
};

static void feed_start(struct feed *f, const struct kk_sprt *s, int num_agents)
{
    memset(f, 0, sizeof *f);
    f->s = s;
    f->num_agents = num_agents;
}

static void feed_row(void *ctx, long long job, const struct kk_game_result *r,
                     const double *stats)
{
    struct feed *f = ctx;
    (void)stats;
    double x = kk_sprt_game_score(r, job, f->num_agents);
    f->sum += x;
    f->sumsq += x * x;
    f->n++;
    if (!f->decided && f->n % f->s->batch == 0) {
        evaluate(f->s, f->n, f->sum, f->sumsq, &f->res);
        f->decided = strcmp(f->res.decision, "none") != 0;
    }
}

/* Complete rows of dir/games.csv (a torn last line does not count), 0 if none. */
static long long rows_on_disk(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    long long lines = 0;
    int c;
    while ((c = getc(f)) != EOF)
        lines += c == '\n';
    fclose(f);
    return lines > 0 ? lines - 1 : 0;
}

int kk_sprt_run(const struct kk_study *st, const char *dir, int resume,
                const struct kk_run_opts *opts, const struct kk_sprt *s,
                struct kk_study_results *out, int *signal_out, struct kk_sprt_result *res,
                kk_error *err)
{
    if (st->num_agents != 2 || st->num_variants != 1)
        return kk_fail(err, "an SPRT compares exactly two agents on one variant");
    struct feed feed;
    struct kk_run_opts o = *opts;
    o.on_row = feed_row;
    o.on_row_ctx = &feed;
    /* Sessions end on batch boundaries, so a run never plays past the boundary where it
     * decides, however it was split before; opts->stop_after still caps the new games. */
    long long on_disk = resume ? rows_on_disk(dir) : 0;
    long long budget = opts->stop_after > 0 ? opts->stop_after : -1;
    if (on_disk >= s->batch) {
        /* A resumed run may already hold its decision: read the games on disk (a study
         * capped at them plays nothing) and check their boundaries before playing more. */
        struct kk_study *held = malloc(sizeof *held);
        if (!held)
            return kk_fail(err, "out of memory");
        memcpy(held, st, sizeof *held);
        held->games = on_disk < st->games ? on_disk : st->games;
        struct kk_run_opts all = o;
        all.stop_after = 0;
        feed_start(&feed, s, st->num_agents);
        int rc = kk_study_run(held, dir, 1, &all, out, signal_out, err);
        free(held);
        if (rc < 0)
            return -1;
        if (feed.decided) {
            *res = feed.res;
            return 0;
        }
        kk_study_results_free(out);
        if (rc == 1)
            return 1; /* a signal arrived while reading */
    }
    for (int session = 0;; session++) {
        o.stop_after = s->batch - on_disk % s->batch;
        if (budget >= 0 && o.stop_after > budget)
            o.stop_after = budget;
        feed_start(&feed, s, st->num_agents);
        int rc = kk_study_run(st, dir, resume || session > 0, &o, out, signal_out, err);
        if (rc < 0)
            return -1;
        if (budget >= 0)
            budget -= out->jobs - on_disk;
        on_disk = out->jobs;
        if (feed.decided) {
            *res = feed.res;
            return 0;
        }
        if (rc == 0) {
            /* Every game played without a crossing at a boundary: report them all. */
            evaluate(s, feed.n, feed.sum, feed.sumsq, res);
            return 0;
        }
        if ((signal_out && *signal_out) || budget == 0)
            return 1;
        kk_study_results_free(out);
    }
}

int kk_sprt_check(const struct kk_study *st, const char *text, kk_error *err)
{
    struct kk_sprt s;
    if (kk_sprt_parse(text, &s, err) != 0)
        return -1;
    if (st->num_agents != 2)
        return kk_fail(err, "an SPRT compares exactly two agents (A,B: does A beat B?), got "
                            "%d", st->num_agents);
    return 0;
}

static int read_text(const char *path, struct kk_buf *b, kk_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return kk_fail(err, "cannot read '%s': %s", path, strerror(errno));
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        kk_buf_append(b, chunk, n);
    fclose(f);
    return 0;
}


/* Inserts text into the file at path right after the first occurrence of marker. */
static int insert_after(const char *path, const char *marker, const char *text, kk_error *err)
{
    struct kk_buf in = {0}, out = {0};
    int status = read_text(path, &in, err);
    if (status == 0) {
        const char *all = kk_buf_str(&in), *at = strstr(all, marker);
        if (!at) {
            status = kk_fail(err, "'%s' lacks '%s'", path, marker);
        } else {
            at += strlen(marker);
            kk_buf_append(&out, all, (size_t)(at - all));
            kk_buf_printf(&out, "%s%s", text, at);
            status = kk_write_file(NULL, path, kk_buf_str(&out), err);
        }
    }
    kk_buf_free(&in);
    kk_buf_free(&out);
    return status;
}

static void num(struct kk_buf *b, double x)
{
    char t[40];
    kk_format_double(x, t, sizeof t);
    kk_buf_printf(b, "%s", t);
}

/* Adds the SPRT result to the files kk_report_tournament wrote (summary.json gets a
 * "sprt" member, summary.md and report.html a paragraph) and to md. */
static int add_to_reports(const struct kk_study *st, const struct kk_sprt *s,
                          const struct kk_sprt_result *res, const char *dir, struct kk_buf *md,
                          kk_error *err)
{
    struct kk_buf json = {0}, para = {0};
    kk_buf_printf(&json, "  \"sprt\": {\"llr\": ");
    num(&json, res->llr);
    kk_buf_printf(&json, ", \"lower\": ");
    num(&json, res->lower);
    kk_buf_printf(&json, ", \"upper\": ");
    num(&json, res->upper);
    kk_buf_printf(&json, ", \"decision\": \"%s\", \"games\": %lld, \"elo0\": ", res->decision,
                  res->games);
    num(&json, s->elo0);
    kk_buf_printf(&json, ", \"elo1\": ");
    num(&json, s->elo1);
    kk_buf_printf(&json, ", \"alpha\": ");
    num(&json, s->alpha);
    kk_buf_printf(&json, ", \"beta\": ");
    num(&json, s->beta);
    kk_buf_printf(&json, ", \"batch\": %lld, \"score\": ", s->batch);
    num(&json, res->score);
    kk_buf_printf(&json, ", \"model\": \"GSPRT, normal approximation, logistic Elo, per-game "
                         "mean pairwise score of the first agent\"},\n");
    const char *verdict = strcmp(res->decision, "H1") == 0
                              ? "H1 accepted: the first agent is elo1 stronger rather than elo0"
                          : strcmp(res->decision, "H0") == 0
                              ? "H0 accepted: the first agent is elo0 stronger rather than elo1"
                              : "no decision: every game was played before a bound was crossed";
    kk_buf_printf(&para, "\n## SPRT: %s against %s\n\nelo0 = %g, elo1 = %g, alpha = %g, beta = "
                         "%g, checked every %lld games. After %lld games (score %.4f): LLR "
                         "%.3f, bounds [%.3f, %.3f]. %s.\n",
                  st->labels[0], st->labels[1], s->elo0, s->elo1, s->alpha, s->beta, s->batch,
                  res->games, res->score, res->llr, res->lower, res->upper, verdict);
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    int status = insert_after(path, "{\n", kk_buf_str(&json), err);
    if (status == 0) {
        snprintf(path, sizeof path, "%s/summary.md", dir);
        struct kk_buf m = {0};
        status = read_text(path, &m, err);
        kk_buf_append(&m, kk_buf_str(&para), para.len);
        if (status == 0)
            status = kk_write_file(NULL, path, kk_buf_str(&m), err);
        kk_buf_free(&m);
    }
    if (status == 0) {
        struct kk_buf h = {0};
        kk_buf_printf(&h, "<p><b>SPRT</b> (elo0 = %g, elo1 = %g, alpha = %g, beta = %g, every "
                          "%lld games): after %lld games LLR %.3f in [%.3f, %.3f]: %s.</p>\n",
                      s->elo0, s->elo1, s->alpha, s->beta, s->batch, res->games, res->llr,
                      res->lower, res->upper, verdict);
        snprintf(path, sizeof path, "%s/report.html", dir);
        status = insert_after(path, "<body>\n", kk_buf_str(&h), err);
        kk_buf_free(&h);
    }
    kk_buf_append(md, kk_buf_str(&para), para.len);
    kk_buf_free(&json);
    kk_buf_free(&para);
    return status;
}

int kk_sprt_tournament(const char *cmd, const struct kk_study *st, const char *text,
                       const char *dir, int resume, const struct kk_run_opts *opts)
{
    struct kk_sprt s;
    kk_error err;
    if (kk_sprt_parse(text, &s, &err) != 0)
        return kk_cli_usage(cmd, "--sprt: %s", err.msg);
    struct kk_study_results r;
    struct kk_sprt_result res;
    int sig = 0;
    int rc = kk_sprt_run(st, dir, resume, opts, &s, &r, &sig, &res, &err);
    if (rc < 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        return KK_EXIT_FAIL;
    }
    if (rc == 1) {
        fprintf(stderr, "kark %s: %s: %lld games are in %s/games.csv; continue with 'kark %s "
                        "--resume %s'\n", cmd,
                sig == 0 ? "stopped (--stop-after)" : sig == SIGINT ? "interrupted (SIGINT)"
                                                                : "interrupted (SIGTERM)",
                r.jobs, dir, cmd, dir);
        kk_study_results_free(&r);
        return sig ? 128 + sig : KK_EXIT_OK;
    }
    /* The reports cover exactly the games the decision rests on. */
    struct kk_study *part = malloc(sizeof *part);
    int status = KK_EXIT_OK;
    if (!part) {
        fprintf(stderr, "kark %s: out of memory\n", cmd);
        kk_study_results_free(&r);
        return KK_EXIT_FAIL;
    }
    memcpy(part, st, sizeof *part);
    part->games = res.games;
    r.jobs = res.games;
    struct kk_buf md = {0};
    if (kk_report_tournament(part, &r, dir, &md, &err) != 0 ||
        add_to_reports(st, &s, &res, dir, &md, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
    } else {
        fputs(kk_buf_str(&md), stdout);
        printf("\nsprt: llr %.3f lower %.3f upper %.3f decision %s after %lld games\n", res.llr,
               res.lower, res.upper, res.decision, res.games);
        printf("files: %s/games.csv, %s/summary.json, %s/summary.md, %s/report.html\n", dir,
               dir, dir, dir);
    }
    kk_buf_free(&md);
    free(part);
    kk_study_results_free(&r);
    return status;
}
