/* getline, truncate, sigaction */
#define _POSIX_C_SOURCE 200809L

#include "study.h"

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../engine/core/buf.h"
#include "../engine/core/record.h"
#include "mpi.h"
#include "study_internal.h"

/* Set by the SIGINT/SIGTERM handler: the one piece of global state, since a signal handler
 * can reach nothing else. Lock-free atomics are safe to write from a handler. */
static atomic_int stop_signal;

static void on_signal(int sig)
{
    atomic_store(&stop_signal, sig);
}

int kk_format_double(double x, char *buf, size_t size)
{
    if (x == floor(x) && fabs(x) < 1e15)
        return snprintf(buf, size, "%.0f", x == 0 ? 0.0 : x); /* no "-0" */
    for (int prec = 1; prec < 17; prec++) {
        int n = snprintf(buf, size, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            return n;
    }
    return snprintf(buf, size, "%.17g", x);
}

int kk_study_check(struct kk_study *st, kk_error *err)
{
    const struct kk_game *g = st->game;
    if (st->num_agents < 1 || st->num_agents > KK_STUDY_MAX_AGENTS)
        return kk_fail(err, "need 1..%d agents, got %d", KK_STUDY_MAX_AGENTS, st->num_agents);
    if (st->num_variants < 1 || st->num_variants > KK_STUDY_MAX_VARIANTS)
        return kk_fail(err, "need 1..%d variants, got %d", KK_STUDY_MAX_VARIANTS,
                       st->num_variants);
    for (int a = 0; a < st->num_agents; a++) {
        if (!st->labels[a][0])
            memcpy(st->labels[a], st->specs[a], sizeof st->labels[a]);
        struct kk_agent *agent = kk_agent_create(g, st->specs[a], err);
        if (!agent)
            return -1;
        snprintf(st->specs[a], sizeof st->specs[a], "%s", agent->spec);
        st->peeks[a] = agent->peeks;
        kk_agent_destroy(agent);
    }
    void *state = calloc(1, g->state_size);
    if (!state)
        return kk_fail(err, "out of memory");
    int status = 0, most = 0;
    for (int v = 0; v < st->num_variants && status == 0; v++) {
        if (st->seats[v] == 0)
            st->seats[v] = st->players;
        if (kk_game_init(g, state, &st->variants[v], st->seats[v], err) != 0) {
            status = -1;
        } else if (g->players(state) != st->seats[v]) {
            status = kk_fail(err, "variant '%s' plays with %d seats, not %d",
                             st->variant_text[v], g->players(state), st->seats[v]);
        }
        if (st->seats[v] > most)
            most = st->seats[v];
    }
    free(state);
    if (status == 0)
        st->players = most;
    return status;
}

/* RFC 4180: quote a field that holds a comma, quote or line break. */
static void csv_field(struct kk_buf *out, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) {
        kk_buf_append(out, text, strlen(text));
        return;
    }
    kk_buf_append(out, "\"", 1);
    for (const char *c = text; *c; c++) {
        if (*c == '"')
            kk_buf_append(out, "\"", 1);
        kk_buf_append(out, c, 1);
    }
    kk_buf_append(out, "\"", 1);
}

void kk_study_csv_header(const struct kk_study *st, struct kk_buf *out)
{
    const struct kk_game *g = st->game;
    int p = st->players;
    kk_buf_printf(out, "index,variant_id,variant,players,seed");
    for (int s = 0; s < p; s++)
        kk_buf_printf(out, ",agent_s%d", s);
    for (int s = 0; s < p; s++)
        kk_buf_printf(out, ",score_s%d", s);
    kk_buf_printf(out, ",winners");
    for (int s = 0; s < p; s++)
        kk_buf_printf(out, ",win_s%d", s);
    kk_buf_printf(out, ",length");
    if (g->cooperative)
        kk_buf_printf(out, ",result");
    for (int k = 0; k < g->num_stats; k++) {
        if (g->stats[k].per_seat)
            for (int s = 0; s < p; s++)
                kk_buf_printf(out, ",%s_s%d", g->stats[k].name, s);
        else
            kk_buf_printf(out, ",%s", g->stats[k].name);
    }
    kk_buf_printf(out, ",check\n");
}

/* FNV-1a of a row's text: the `check` column, so a resume notices a row edited by hand. */
static uint64_t row_check(const char *text, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ULL;
    return h;
}

/* A number cell; NaN (a seat the variant does not have) is an empty cell. */
static void csv_number(struct kk_buf *out, double x)
{
    char num[40];
    if (isnan(x)) {
        kk_buf_append(out, ",", 1);
        return;
    }
    kk_format_double(x, num, sizeof num);
    kk_buf_printf(out, ",%s", num);
}

static void csv_row(const struct kk_study *st, long long job, const struct kk_game_result *r,
                    const double *stats, int width, struct kk_buf *out)
{
    int v = (int)(job % st->num_variants), p = st->seats[v];
    long long i = job / st->num_variants;
    size_t start = out->len;
    kk_buf_printf(out, "%lld,%d,", i, v);
    csv_field(out, st->variant_text[v]);
    kk_buf_printf(out, ",%d,%llu", p, (unsigned long long)st->seed);
    for (int s = 0; s < st->players; s++) {
        kk_buf_append(out, ",", 1);
        if (s < p)
            csv_field(out, st->labels[kk_seat_agent(i, s, st->num_agents)]);
    }
    for (int s = 0; s < st->players; s++)
        if (s < p)
            kk_buf_printf(out, ",%ld", (long)r->scores[s]);
        else
            kk_buf_append(out, ",", 1);
    kk_buf_append(out, ",", 1);
    int k = __builtin_popcount(r->winners), first = 1;
    for (int s = 0; s < p; s++)
        if (r->winners >> s & 1u) {
            kk_buf_printf(out, "%s%d", first ? "" : "+", s);
            first = 0;
        }
    for (int s = 0; s < st->players; s++)
        csv_number(out, s >= p ? NAN : (r->winners >> s & 1u) ? 1.0 / k : 0.0);
    kk_buf_printf(out, ",%d", r->length);
    if (st->game->cooperative)
        csv_number(out, r->result);
    for (int w = 0; w < width; w++)
        csv_number(out, stats[w]);
    uint64_t h = row_check(kk_buf_str(out) + start, out->len - start);
    kk_buf_printf(out, ",%016llx\n", (unsigned long long)h);
}

int kk_csv_split(char *line, char **fields, int max)
{
    int n = 0;
    char *r = line, *w = line;
    for (;;) {
        if (n == max)
            return -1;
        fields[n++] = w;
        if (*r == '"') {
            r++;
            for (;;) {
                if (*r == '\0')
                    return -1;
                if (*r == '"' && r[1] == '"') {
                    *w++ = '"';
                    r += 2;
                } else if (*r == '"') {
                    r++;
                    break;
                } else {
                    *w++ = *r++;
                }
            }
        } else {
            while (*r && *r != ',')
                *w++ = *r++;
        }
        if (*r == '\0') {
            *w = '\0';
            return n;
        }
        if (*r != ',')
            return -1;
        r++;
        *w++ = '\0';
    }
}

/* Reads one journal row back. With check, the row is re-formatted from the parsed values
 * and must equal the line on disk: that checks every column (variant, seed, agents, shares)
 * and guarantees the resumed file is byte-identical. Without it (a report reading the rows
 * this run wrote or has just checked) only the columns are counted: numbers are written
 * in the shortest form that reads back as the same double, so the values are the same. */
static int parse_row(const struct kk_study *st, long long job, const char *line,
                     struct kk_game_result *r, double *stats, int width, struct kk_buf *scratch,
                     int check, kk_error *err)
{
    const struct kk_game *g = st->game;
    int p = st->players, seats = st->seats[job % st->num_variants];
    int expect = 5 + p + p + 1 + p + 1 + (g->cooperative ? 1 : 0) + width + 1; /* + check */
    size_t len = strlen(line);
    char *copy = malloc(len + 1);
    char **f = malloc(sizeof *f * (size_t)(expect + 1));
    if (!copy || !f) {
        free(copy);
        free(f);
        return kk_fail(err, "out of memory");
    }
    memcpy(copy, line, len + 1);
    if (len > 0 && copy[len - 1] == '\n')
        copy[len - 1] = '\0';
    int status = -1;
    int n = kk_csv_split(copy, f, expect + 1);
    if (n != expect) {
        kk_fail(err, "has %d columns, expected %d", n, expect);
        goto done;
    }
    memset(r, 0, sizeof *r);
    r->players = seats;
    int c = 5 + p;
    for (int s = 0; s < p; s++, c++)
        if (s < seats)
            r->scores[s] = (int32_t)strtol(f[c], NULL, 10);
    for (const char *w = f[c++]; *w;) {
        char *end;
        long s = strtol(w, &end, 10);
        if (end == w || s < 0 || s >= seats) {
            kk_fail(err, "bad winners '%s'", f[c - 1]);
            goto done;
        }
        r->winners |= 1u << s;
        w = *end == '+' ? end + 1 : end;
    }
    c += p;
    r->length = (int)strtol(f[c++], NULL, 10);
    if (g->cooperative)
        r->result = strtod(f[c++], NULL);
    for (int w = 0; w < width; w++, c++)
        stats[w] = f[c][0] ? strtod(f[c], NULL) : NAN;
    if (!check) {
        status = 0;
        goto done;
    }
    kk_buf_clear(scratch);
    csv_row(st, job, r, stats, width, scratch);
    const char *want = kk_buf_str(scratch);
    const char *cut = strrchr(want, ',');
    if (strcmp(want, line) != 0 && cut && strncmp(want, line, (size_t)(cut - want)) == 0) {
        kk_fail(err, "has a check value that does not match its contents: the row was changed "
                     "after kark wrote it");
        goto done;
    }
    if (strcmp(want, line) != 0) {
        /* A row edited by hand re-formats with a new check value, so it lands here too. */
        kk_fail(err, "does not match this run (expected game %lld of variant '%s', seed "
                     "%llu, these agents and a well-formed row)",
                job / st->num_variants, st->variant_text[job % st->num_variants],
                (unsigned long long)st->seed);
        goto done;
    }
    status = 0;
done:
    free(copy);
    free(f);
    return status;
}

/* Reads the games.csv at path: checks its header, then parses complete rows in order (at
 * most `limit`) and hands each to fn. *rows: the rows read; *good_bytes: the bytes of the
 * header and those rows; *more: a complete row follows the last one read. A torn last line
 * (no newline: the process was killed mid-write) ends the rows. Returns 0 or -1. */
static int read_rows(const struct kk_study *st, const char *path, long long limit, int check,
                     kk_study_row_fn fn, void *ctx, long long *rows_out, long long *good_bytes,
                     int *more, kk_error *err)
{
    *rows_out = *good_bytes = 0;
    *more = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return kk_fail(err, "cannot open '%s': %s", path, strerror(errno));
    int width = kk_stats_width(st->game, st->players);
    double *stats = calloc((size_t)width + 1, sizeof *stats);
    struct kk_buf header = {0}, scratch = {0};
    kk_study_csv_header(st, &header);
    char *line = NULL;
    size_t cap = 0;
    long long rows = 0;
    ssize_t got;
    int status = stats ? 0 : kk_fail(err, "out of memory");
    int first = 1;
    while (status == 0 && (got = getline(&line, &cap, f)) > 0) {
        if (line[got - 1] != '\n')
            break; /* torn */
        if (first) {
            first = 0;
            if (strcmp(line, kk_buf_str(&header)) != 0) {
                status = kk_fail(err, "%s: header does not match this run (other game, "
                                      "seat count or statistics)", path);
                break;
            }
        } else {
            if (rows >= limit) {
                *more = 1;
                break;
            }
            struct kk_game_result r;
            if (parse_row(st, rows, line, &r, stats, width, &scratch, check, err) != 0) {
                char why[sizeof err->msg];
                snprintf(why, sizeof why, "%s", err->msg);
                status = kk_fail(err, "%s line %lld %s", path, rows + 2, why);
                break;
            }
            fn(ctx, rows, &r, stats);
            rows++;
        }
        *good_bytes += got;
    }
    if (status == 0 && first)
        status = kk_fail(err, "%s is empty", path);
    free(line);
    free(stats);
    fclose(f);
    kk_buf_free(&header);
    kk_buf_free(&scratch);
    *rows_out = rows;
    return status;
}

/* Where a row read back or written goes besides the file: out's arrays when the caller
 * keeps every result, and the caller's row function. */
static void deliver(const struct kk_run_opts *opts, struct kk_study_results *out, long long j,
                    const struct kk_game_result *r, const double *stats)
{
    if (out->res) {
        out->res[j] = *r;
        memcpy(out->stats + (size_t)j * (size_t)out->width, stats,
               sizeof *stats * (size_t)out->width);
    }
    if (opts->on_row)
        opts->on_row(opts->on_row_ctx, j, r, stats);
}

struct resume_ctx {
    const struct kk_run_opts *opts;
    struct kk_study_results *out;
};

static void resume_row(void *ctx, long long j, const struct kk_game_result *r,
                       const double *stats)
{
    struct resume_ctx *c = ctx;
    deliver(c->opts, c->out, j, r, stats);
}

/* Reads dir/games.csv back (every row checked, each delivered: deliver) and returns the
 * number of complete rows, or -1. A torn last line is dropped and the file is truncated
 * to the complete rows, so appending continues cleanly. */
static long long read_journal(const struct kk_study *st, const char *path,
                              const struct kk_run_opts *opts, struct kk_study_results *out,
                              kk_error *err)
{
    struct resume_ctx c = {opts, out};
    long long rows, good_bytes;
    int more;
    if (access(path, R_OK) != 0)
        return kk_fail(err, "cannot open '%s' to resume: %s", path, strerror(errno));
    if (read_rows(st, path, out->jobs, 1, resume_row, &c, &rows, &good_bytes, &more, err) !=
        0) {
        if (strstr(err->msg, " is empty"))
            return kk_fail(err, "%s is empty: nothing to resume", path);
        return -1;
    }
    if (more)
        return kk_fail(err, "%s holds more than the %lld games of this run", path, out->jobs);
    if (truncate(path, (off_t)good_bytes) != 0)
        return kk_fail(err, "cannot truncate '%s': %s", path, strerror(errno));
    return rows;
}

static void ignore_row(void *ctx, long long j, const struct kk_game_result *r,
                       const double *stats)
{
    (void)ctx;
    (void)j;
    (void)r;
    (void)stats;
}

int kk_study_scan(const struct kk_study *st, const char *dir, long long jobs, kk_study_row_fn fn,
                  void *ctx, kk_error *err)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    long long rows, good_bytes;
    int more;
    if (read_rows(st, path, jobs, 0, fn ? fn : ignore_row, ctx, &rows, &good_bytes, &more,
                  err) != 0)
        return -1;
    if (rows < jobs)
        return kk_fail(err, "%s holds %lld games, expected %lld", path, rows, jobs);
    return 0;
}

long long kk_study_window(int threads)
{
    /* Room for every thread to run far ahead of one long game (a long game holds up the
     * writing of all that finish after it): a few MB at most, whatever the games. */
    return 4096 + 256LL * (threads > 0 ? threads : 1);
}

static struct kk_game_result *ring_res(struct kk_study_journal *jr, long long j)
{
    return &jr->ring_res[j % jr->window];
}

static double *ring_stats(struct kk_study_journal *jr, long long j)
{
    return jr->ring_stats + (size_t)(j % jr->window) * (size_t)jr->out->width;
}

static int is_held(const struct kk_study_journal *jr, long long j)
{
    return jr->held[j % jr->window] == j;
}

/* Games that finished while an earlier game was still being played (another thread's, or
 * another MPI rank's chunk) cannot go to games.csv yet, which holds a prefix of the run;
 * they wait in DIR/pending.csv (same rows, any order) so that a run killed at any moment
 * loses no finished game. A resume reads back those that fit its window (each row checked
 * like games.csv's; a game beyond it is simply played again, to the same result); a
 * finished run deletes the file. Returns the number of rows taken, or -1. */
static long long read_pending(struct kk_study_journal *jr, kk_error *err)
{
    const struct kk_study *st = jr->st;
    const char *path = jr->pending_path;
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno == ENOENT ? 0 : kk_fail(err, "cannot open '%s': %s", path, strerror(errno));
    struct kk_buf scratch = {0};
    char *line = NULL;
    size_t cap = 0;
    long long taken = 0, lineno = 0, start = atomic_load(&jr->written);
    ssize_t got;
    int status = 0;
    while (status == 0 && (got = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[got - 1] != '\n')
            break; /* torn by a kill mid-write: that game is simply played again */
        char *end;
        long long index = strtoll(line, &end, 10);
        long variant = *end == ',' ? strtol(end + 1, NULL, 10) : -1;
        long long job = index * st->num_variants + variant;
        if (end == line || index < 0 || variant < 0 || variant >= st->num_variants ||
            job >= jr->out->jobs) {
            status = kk_fail(err, "%s line %lld: not a game of this run", path, lineno);
            break;
        }
        if (job < start || job >= start + jr->window || is_held(jr, job))
            continue; /* in games.csv, beyond the window, or twice here */
        if (parse_row(st, job, line, ring_res(jr, job), ring_stats(jr, job), jr->out->width,
                      &scratch, 1, err) != 0) {
            char why[sizeof err->msg];
            snprintf(why, sizeof why, "%s", err->msg);
            status = kk_fail(err, "%s line %lld %s", path, lineno, why);
            break;
        }
        jr->held[job % jr->window] = job;
        taken++;
    }
    free(line);
    fclose(f);
    kk_buf_free(&scratch);
    return status == 0 ? taken : -1;
}

/* Records a write error and stops the run: rows no longer reach disk, so the window would
 * never move again and every worker waiting for room in it would wait forever. */
static void io_failed(struct kk_study_journal *jr)
{
    if (!jr->io_error)
        jr->io_error = errno ? errno : EIO;
    atomic_store(&jr->failed, 1);
}

/* Writes every finished row from jr->written up to the first unfinished job to games.csv
 * (handing each on: deliver), then flushes. The caller holds the journal (or runs alone). */
static void write_prefix(struct kk_study_journal *jr)
{
    struct kk_study_results *out = jr->out;
    long long w = atomic_load(&jr->written);
    while (w < out->jobs && is_held(jr, w) && !jr->io_error) {
        kk_buf_clear(&jr->row);
        csv_row(jr->st, w, ring_res(jr, w), ring_stats(jr, w), out->width, &jr->row);
        if (fputs(kk_buf_str(&jr->row), jr->file) < 0)
            io_failed(jr);
        deliver(jr->opts, out, w, ring_res(jr, w), ring_stats(jr, w));
        jr->held[w % jr->window] = -1;
        atomic_store(&jr->written, ++w);
    }
    if (fflush(jr->file) != 0)
        io_failed(jr);
}

/* Appends job j's row (in the window) to pending.csv (opened on first use). */
static void write_pending(struct kk_study_journal *jr, long long j)
{
    struct kk_study_results *out = jr->out;
    if (!jr->pending && !jr->io_error && !(jr->pending = fopen(jr->pending_path, "ab")))
        io_failed(jr);
    if (!jr->pending)
        return;
    kk_buf_clear(&jr->row);
    csv_row(jr->st, j, ring_res(jr, j), ring_stats(jr, j), out->width, &jr->row);
    if (fputs(kk_buf_str(&jr->row), jr->pending) < 0 || fflush(jr->pending) != 0)
        io_failed(jr);
}

void kk_study_results_free(struct kk_study_results *r)
{
    free(r->res);
    free(r->stats);
    memset(r, 0, sizeof *r);
}

/* mode 1 (a terminal): one line rewritten in place; mode 2 (a file or a pipe, e.g. a
 * batch job's log): a whole line each time, so a log shows the run is alive. */
static void progress_line(int mode, long long done, long long total, double start)
{
    double elapsed = omp_get_wtime() - start;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0;
    if (mode == 1)
        fprintf(stderr, "\r%lld/%lld games  %.1f games/s  ETA %.0fs   ", done, total, rate,
                eta);
    else
        fprintf(stderr, "progress: %lld/%lld games (%.0f%%)  %.1f games/s  ETA %.0fs\n", done,
                total, total > 0 ? 100.0 * (double)done / (double)total : 100.0, rate, eta);
    fflush(stderr);
}

/* Spreads the statistics of a game with `seats` seats (kk_stats_width(g, seats) values)
 * into the layout of games.csv, which has `players` columns per per-seat statistic; the
 * seats the game lacks get NaN (empty cells). */
static void spread_stats(const struct kk_game *g, int seats, int players, const double *in,
                         double *out)
{
    for (int d = 0; d < g->num_stats; d++) {
        const double *src = in + kk_stat_offset(g, seats, d);
        double *dst = out + kk_stat_offset(g, players, d);
        if (!g->stats[d].per_seat)
            dst[0] = src[0];
        else
            for (int s = 0; s < players; s++)
                dst[s] = s < seats ? src[s] : NAN;
    }
}

/* Writes the record of job j (kept in rec: header, events) with its result line. */
static int write_record(const struct kk_study *st, const char *dir, long long j,
                        const void *state, struct kk_buf *rec, kk_error *err)
{
    char path[4096];
    long long i = j / st->num_variants;
    if (st->num_variants == 1)
        snprintf(path, sizeof path, "%s/game-%lld.rec", dir, i);
    else
        snprintf(path, sizeof path, "%s/v%lld-game-%lld.rec", dir, j % st->num_variants, i);
    kk_record_write_result(rec, st->game, state);
    FILE *f = fopen(path, "w");
    if (!f || fputs(kk_buf_str(rec), f) < 0 || fclose(f) != 0) {
        int e = errno;
        if (f)
            fclose(f);
        return kk_fail(err, "cannot write '%s': %s", path, strerror(e ? e : EIO));
    }
    return 0;
}

int kk_study_worker_init(struct kk_study_worker *w, const struct kk_study *st)
{
    memset(w, 0, sizeof *w);
    int width = kk_stats_width(st->game, st->players);
    w->state = calloc(1, st->game->state_size);
    w->stats = calloc((size_t)width + 1, sizeof *w->stats);
    w->game_stats = calloc((size_t)width + 1, sizeof *w->game_stats);
    return w->state && w->stats && w->game_stats ? 0 : -1;
}

void kk_study_worker_free(struct kk_study_worker *w)
{
    for (int a = 0; a < KK_STUDY_MAX_AGENTS; a++)
        for (int s = 0; s < KK_MAX_SEATS; s++)
            if (w->inst[a][s])
                kk_agent_destroy(w->inst[a][s]);
    free(w->stats);
    free(w->game_stats);
    free(w->state);
    kk_buf_free(&w->rec);
    memset(w, 0, sizeof *w);
}

int kk_study_play_job(const struct kk_study *st, const struct kk_run_opts *opts,
                      struct kk_study_worker *w, long long j, struct kk_game_result *r,
                      kk_error *err)
{
    const struct kk_game *g = st->game;
    long long i = j / st->num_variants;
    int v = (int)(j % st->num_variants), seats = st->seats[v];
    struct kk_agent *seat_agent[KK_MAX_SEATS];
    int used[KK_STUDY_MAX_AGENTS] = {0};
    for (int s = 0; s < seats; s++) {
        int a = kk_seat_agent(i, s, st->num_agents);
        struct kk_agent **slot = &w->inst[a][used[a]++];
        if (!*slot && !(*slot = kk_agent_create(g, st->specs[a], err)))
            return -1;
        seat_agent[s] = *slot;
    }
    kk_rng chance, arng;
    kk_game_rngs(st->seed, (uint64_t)i, &chance, &arng);
    kk_buf_clear(&w->rec);
    if (opts->record_dir) {
        char comment[KK_SPEC_LEN * KK_MAX_SEATS + 128];
        size_t n = (size_t)snprintf(comment, sizeof comment, "kark %s seed %llu game %lld variant %d:",
                                    opts->command ? opts->command : "study",
                                    (unsigned long long)st->seed, i, v);
        for (int s = 0; s < seats && n < sizeof comment; s++)
            n += (size_t)snprintf(comment + n, sizeof comment - n, " %s", seat_agent[s]->spec);
        kk_record_write_header(&w->rec, g, seats, &st->variants[v], comment);
    }
    if (kk_play_game(g, &st->variants[v], seats, seat_agent, &chance, &arng, w->state,
                     opts->record_dir ? &w->rec : NULL, r, w->game_stats, err) != 0)
        return -1;
    spread_stats(g, seats, st->players, w->game_stats, w->stats);
    if (opts->record_dir && write_record(st, opts->record_dir, j, w->state, &w->rec, err) != 0)
        return -1;
    return 0;
}

void kk_study_commit(struct kk_study_journal *jr, long long j, const struct kk_game_result *r,
                     const double *stats, const kk_error *e)
{
#pragma omp critical(kk_study_journal)
    {
        long long written = atomic_load(&jr->written);
        kk_error beyond;
        if (r && j >= written + jr->window) {
            /* kk_study_claim keeps every job inside the window: this is a bug. */
            kk_fail(&beyond, "internal error: job %lld finished outside the window", j);
            r = NULL;
            e = &beyond;
        }
        if (!r) {
            if (jr->failed_job < 0 || j < jr->failed_job) {
                jr->failed_job = j;
                jr->game_err = *e;
            }
            atomic_store(&jr->failed, 1);
        } else if (j >= written && !is_held(jr, j)) {
            *ring_res(jr, j) = *r;
            memcpy(ring_stats(jr, j), stats, sizeof *stats * (size_t)jr->out->width);
            jr->held[j % jr->window] = j;
            /* Rows go to disk in job order, so games.csv is always a prefix of the run; a
             * game finished beyond a gap waits in pending.csv meanwhile. */
            if (j > written)
                write_pending(jr, j);
            write_prefix(jr);
            if (jr->progress) {
                double now = omp_get_wtime();
                /* A plain line every 10 s; none at all for a run that takes less. */
                double every = jr->progress == 1        ? 0.25
                               : jr->progress_every > 0 ? jr->progress_every
                                                        : 10.0;
                written = atomic_load(&jr->written);
                if (now - (jr->last_progress > 0 ? jr->last_progress : jr->t0) > every ||
                    (jr->progress == 1 && written == jr->end)) {
                    jr->last_progress = now;
                    progress_line(jr->progress, written - jr->start, jr->end - jr->start,
                                  jr->t0);
                }
            }
        }
    }
}

int kk_study_claim(struct kk_study_journal *jr, long long j, atomic_int *stop)
{
    for (;;) {
        int room = 0, held = 0;
#pragma omp critical(kk_study_journal)
        {
            room = j < atomic_load(&jr->written) + jr->window;
            held = room && (j < atomic_load(&jr->written) || is_held(jr, j));
        }
        if (room)
            return held ? 0 : 1;
        if (atomic_load(&jr->failed) || (stop && atomic_load(stop)))
            return -1;
        /* An earlier game is still being played: wait for it rather than pile up results.
         * 0.2 ms is short next to any game that can hold the window up this long. */
        struct timespec t = {0, 200000};
        nanosleep(&t, NULL);
    }
}

int kk_study_final_state(const struct kk_study *st, long long job, void *state, kk_error *err)
{
    struct kk_study_worker w;
    struct kk_run_opts none = {0};
    struct kk_game_result r;
    int status = kk_study_worker_init(&w, st) != 0 ? kk_fail(err, "out of memory")
                 : kk_study_play_job(st, &none, &w, job, &r, err);
    if (status == 0)
        memcpy(state, w.state, st->game->state_size);
    kk_study_worker_free(&w);
    return status;
}

int kk_study_run(const struct kk_study *st, const char *dir, int resume,
                 const struct kk_run_opts *opts, struct kk_study_results *out, int *signal_out,
                 kk_error *err)
{
    const struct kk_game *g = st->game;
    memset(out, 0, sizeof *out);
    if (signal_out)
        *signal_out = 0;
    out->jobs = st->games * st->num_variants;
    out->width = kk_stats_width(g, st->players);
    struct kk_study_journal jr = {
        .st = st,
        .opts = opts,
        .out = out,
        .window = kk_study_window(opts->threads),
        .failed_job = -1,
        .progress = opts->progress,
        .progress_every = opts->progress_every,
    };
    if (opts->keep_results) {
        out->res = calloc((size_t)out->jobs + 1, sizeof *out->res);
        out->stats = calloc((size_t)out->jobs * (size_t)out->width + 1, sizeof *out->stats);
    }
    jr.held = malloc(sizeof *jr.held * (size_t)jr.window);
    jr.ring_res = calloc((size_t)jr.window, sizeof *jr.ring_res);
    jr.ring_stats = calloc((size_t)jr.window * (size_t)out->width + 1, sizeof *jr.ring_stats);
    int status = 0;
    if (!jr.held || !jr.ring_res || !jr.ring_stats ||
        (opts->keep_results && (!out->res || !out->stats)))
        status = kk_fail(err, "out of memory for %lld games", st->games);
    for (long long k = 0; status == 0 && k < jr.window; k++)
        jr.held[k] = -1;
    char path[4096];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    long long start = 0;
    FILE *journal = NULL;
    if (status == 0 && resume) {
        start = read_journal(st, path, opts, out, err);
        if (start < 0)
            status = -1;
        else
            journal = fopen(path, "ab");
    } else if (status == 0) {
        /* "x": create it or fail, in one step (no window between a check and the open). */
        journal = fopen(path, "wbx");
        if (!journal && errno == EEXIST)
            status = kk_fail(err, "'%s' already exists: continue it with --resume %s, start "
                                  "it again with --force, or choose another --out", path, dir);
        if (journal) {
            struct kk_buf h = {0};
            kk_study_csv_header(st, &h);
            fputs(kk_buf_str(&h), journal);
            fflush(journal);
            kk_buf_free(&h);
        }
    }
    if (status == 0 && !journal)
        status = kk_fail(err, "cannot write '%s': %s", path, strerror(errno));
    char pending_path[4096];
    snprintf(pending_path, sizeof pending_path, "%s/pending.csv", dir);
    jr.file = journal;
    jr.pending_path = pending_path;
    atomic_init(&jr.written, start); /* rows on disk: every job < written is finished */
    if (status == 0 && !resume)
        unlink(pending_path); /* a left-over of a deleted games.csv is not this run's */
    else if (status == 0 && read_pending(&jr, err) < 0)
        status = -1;
    if (status != 0) {
        if (journal)
            fclose(journal);
        free(jr.held);
        free(jr.ring_res);
        free(jr.ring_stats);
        kk_study_results_free(out);
        return -1;
    }

    long long end = out->jobs;
    if (opts->stop_after > 0 && end - start > opts->stop_after)
        end = start + opts->stop_after;

    struct sigaction old_int, old_term;
    if (opts->handle_signals) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND; /* a second Ctrl-C kills at once */
        atomic_store(&stop_signal, 0);
        sigaction(SIGINT, &sa, &old_int);
        sigaction(SIGTERM, &sa, &old_term);
    }

    jr.start = start;
    jr.end = end;
    jr.t0 = omp_get_wtime();
    atomic_init(&jr.failed, 0);
    write_prefix(&jr); /* rows a resume found in pending.csv that now follow the prefix */
    atomic_init(&jr.next, start);
    atomic_int *stop = opts->handle_signals ? &stop_signal : NULL;
    /* With MPI (several processes), thread 0 of this process serves the other ranks' chunk
     * requests (study_mpi.c) while the other threads play; jobs come from one counter. */
    int coordinate = opts->distributed && kk_mpi_size() > 1;

#pragma omp parallel num_threads(opts->threads + coordinate)
    {
        if (coordinate && omp_get_thread_num() == 0) {
            kk_study_coordinate(&jr, stop);
        } else {
            struct kk_study_worker w;
            if (kk_study_worker_init(&w, st) != 0)
                atomic_store(&jr.failed, 1);
            for (;;) {
                if (atomic_load(&jr.failed) || (stop && atomic_load(stop)))
                    break;
                long long j = atomic_fetch_add(&jr.next, 1);
                if (j >= end)
                    break;
                int claim = kk_study_claim(&jr, j, stop);
                if (claim < 0)
                    break;
                if (claim == 0)
                    continue; /* taken back from pending.csv */
                struct kk_game_result r;
                kk_error e = {{0}};
                int ok = kk_study_play_job(st, opts, &w, j, &r, &e) == 0;
                kk_study_commit(&jr, j, ok ? &r : NULL, w.stats, &e);
            }
            kk_study_worker_free(&w);
        }
    }
    if (opts->progress == 1)
        fprintf(stderr, "\n");
    int sig = 0;
    if (opts->handle_signals) {
        sig = atomic_load(&stop_signal);
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
    }
    if (signal_out)
        *signal_out = sig;
    kk_buf_free(&jr.row);
    free(jr.held);
    free(jr.ring_res);
    free(jr.ring_stats);
    long long written = atomic_load(&jr.written);
    int io_error = jr.io_error;
    if (fclose(journal) != 0 && !io_error)
        io_error = errno ? errno : EIO;
    if (jr.pending && fclose(jr.pending) != 0 && !io_error)
        io_error = errno ? errno : EIO;
    if (!io_error && written == out->jobs)
        unlink(pending_path); /* every row is in games.csv now */
    if (io_error) {
        kk_study_results_free(out);
        return kk_fail(err, "cannot write '%s': %s", path, strerror(io_error));
    }
    if (jr.failed_job >= 0 || atomic_load(&jr.failed)) {
        kk_study_results_free(out);
        if (jr.failed_job < 0)
            return kk_fail(err, "out of memory");
        return kk_fail(err, "game %lld of variant '%s': %s", jr.failed_job / st->num_variants,
                       st->variant_text[jr.failed_job % st->num_variants], jr.game_err.msg);
    }
    if (written < out->jobs) {
        out->jobs = written;
        return 1;
    }
    return 0;
}
