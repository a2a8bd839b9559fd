/* Printing bench results: the conditions of the run, the floors set by the games'
 * issues, a readable text block per game, and one JSON object for the whole run. */
#define _POSIX_C_SOURCE 200809L

#include "bench.h"

#include <omp.h>
#include <string.h>
#include <time.h>

#include "../engine/core/buf.h"

/* Build facts, set by CMake for the kark program. */
#ifndef KK_COMPILER
#define KK_COMPILER "unknown"
#endif
#ifndef KK_BUILD_FLAGS
#define KK_BUILD_FLAGS "unknown"
#endif
#ifndef KK_BUILD_TYPE
#define KK_BUILD_TYPE "unknown"
#endif
#include "kk_commit.h" /* generated at build time: KK_GIT_COMMIT */
#ifndef KK_GIT_COMMIT
#define KK_GIT_COMMIT "unknown"
#endif

/* The compiler flags without the leading blanks CMake leaves when CMAKE_C_FLAGS is empty. */
static const char *build_flags(void)
{
    const char *s = KK_BUILD_FLAGS;
    while (*s == ' ')
        s++;
    return s;
}

/* The speed each game's issue asks for, per core-second (see bench.h). */
static const struct bench_floor floors[] = {
    {"son-of-kark", "random_games_per_s", "random_games_per_cpu_s", 200000, 2,
     "random 2-player games/s"},
    {"carcassonne", "random_games_per_s", "random_games_per_cpu_s", 200000, 2,
     "random 2-player games/s with farms (issue 23)"},
    {"carcassonne", "mcts_opening_iters_per_s", "mcts_opening_iters_per_cpu_s", 150000, 2,
     "MCTS iterations/s on the opening (issue 23)"},
    {"cardcassonne", "random_games_per_s", "random_games_per_cpu_s", 100000, 0,
     "random games/s"},
    {"carcassonne-dice", "random_turns_per_s", "random_turns_per_cpu_s", 1000000, 0,
     "random turns/s"},
};

int bench_floors_of(const char *game, const struct bench_floor **out)
{
    int n = 0;
    for (size_t i = 0; i < sizeof floors / sizeof floors[0] && n < BENCH_MAX_FLOORS; i++)
        if (strcmp(floors[i].game, game) == 0)
            out[n++] = &floors[i];
    return n;
}

/* The figure of a result by its JSON name (NULL: not a figure a floor can use). */
static const struct bench_stat *figure_named(const struct bench_result *r, const char *name)
{
    static const char *const names[] = {
        "random_games_per_s", "random_games_per_cpu_s", "random_turns_per_s",
        "random_turns_per_cpu_s", "mcts_iters_per_s", "mcts_iters_per_cpu_s",
        "mcts_opening_iters_per_s", "mcts_opening_iters_per_cpu_s"};
    const struct bench_stat *stats[] = {
        &r->random_games_per_s, &r->random_games_per_cpu_s, &r->random_turns_per_s,
        &r->random_turns_per_cpu_s, &r->mcts_iters_per_s, &r->mcts_iters_per_cpu_s,
        &r->mcts_opening_iters_per_s, &r->mcts_opening_iters_per_cpu_s};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return stats[i];
    return NULL;
}

const struct bench_stat *bench_floor_value(const struct bench_floor *f,
                                           const struct bench_result *r)
{
    return figure_named(r, f->metric);
}

const struct bench_stat *bench_floor_cpu_value(const struct bench_floor *f,
                                               const struct bench_result *r)
{
    return figure_named(r, f->cpu_metric);
}

static const char *human(double v, char *buf, size_t size);

const char *bench_floor_verdict(const struct bench_floor *f, const struct bench_result *r,
                                char *buf, size_t size)
{
    const struct bench_stat *wall = bench_floor_value(f, r), *cpu = bench_floor_cpu_value(f, r);
    if (!wall || wall->n == 0)
        return "not measured";
    if (f->players && f->players != r->players)
        return "n/a: other player count";
    if (wall->median >= f->min)
        return "met";
    if (!cpu || cpu->n == 0 || cpu->median < f->min)
        return "MISSED";
    /* The wall clock misses, the CPU clock clears: other processes had the core. */
    double share = wall->median / cpu->median;
    char rate[40];
    snprintf(buf, size, "inconclusive: the runs got %.0f%% of a core%s; %s per CPU s clears it",
             100 * share, share < BENCH_BUSY_SHARE ? " (busy machine)" : "",
             human(cpu->median, rate, sizeof rate));
    return buf;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
}

/* The CPU model from /proc/cpuinfo (x86 "model name"; some ARM kernels say "Hardware"
 * or only "CPU part"), or "unknown". */
static void read_cpu_model(char *out, size_t size)
{
    static const char *const keys[] = {"model name", "Hardware", "cpu model", "Model", NULL};
    snprintf(out, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    int best = -1; /* index in keys of the line used so far; lower is better */
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        for (int k = 0; keys[k] && (best < 0 || k < best); k++) {
            if (strncmp(line, keys[k], strlen(keys[k])) != 0)
                continue;
            const char *v = colon + 1;
            while (*v == ' ' || *v == '\t')
                v++;
            snprintf(out, size, "%s", v);
            trim(out);
            best = k;
        }
        if (best == 0)
            break;
    }
    fclose(f);
}

void bench_conditions_read(struct bench_conditions *c, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    read_cpu_model(c->cpu, sizeof c->cpu);
    c->cores = omp_get_num_procs();
    c->load1 = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &c->load1) != 1)
            c->load1 = -1;
        fclose(f);
    }
    c->load1_end = -1;
    time_t t = time(NULL);
    struct tm tm;
    if (gmtime_r(&t, &tm))
        strftime(c->date, sizeof c->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    size_t n = (size_t)snprintf(c->command, sizeof c->command, "kark");
    for (int i = 0; i < argc && n < sizeof c->command; i++)
        n += (size_t)snprintf(c->command + n, sizeof c->command - n, " %s", argv[i]);
}

void bench_conditions_end(struct bench_conditions *c)
{
    c->load1_end = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &c->load1_end) != 1)
            c->load1_end = -1;
        fclose(f);
    }
}

/* A rate for people: thousands separated by commas; two decimals below 100 unless whole
 * (a state size of 76 bytes reads "76", a rate of 2.5 games/s "2.50"). */
static const char *human(double v, char *buf, size_t size)
{
    if (v < 100 && v != (double)(long long)v) {
        snprintf(buf, size, "%.2f", v);
        return buf;
    }
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%.0f", v);
    size_t o = 0;
    for (int i = 0; i < len && o + 2 < size; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
    return buf;
}

void bench_print_header(FILE *f, const struct bench_conditions *c, const struct bench_opts *o)
{
    fprintf(f, "kark bench  commit %s  %s build  %s  %s\n", KK_GIT_COMMIT, KK_BUILD_TYPE,
            KK_COMPILER, build_flags());
    fprintf(f, "CPU: %s, %d cores, load %.2f, %s\n", c->cpu, c->cores, c->load1, c->date);
    fprintf(f, "each figure: median of %d run%s (min .. max); time-budgeted runs last %.0f ms\n",
            o->repeats, o->repeats == 1 ? "" : "s", o->budget_s * 1000);
}

/* "floor MIN WHAT: VERDICT" for the floors of r's game on the figure `metric`, or NULL. */
static const char *floor_note(const struct bench_result *r, const char *metric, char *buf,
                              size_t size)
{
    const struct bench_floor *fl[BENCH_MAX_FLOORS];
    int n = bench_floors_of(r->game->name, fl);
    for (int i = 0; i < n; i++) {
        if (strcmp(fl[i]->metric, metric) != 0)
            continue;
        char a[40], why[200];
        snprintf(buf, size, "floor %s %s per core-second: %s", human(fl[i]->min, a, sizeof a),
                 fl[i]->what, bench_floor_verdict(fl[i], r, why, sizeof why));
        return buf;
    }
    return NULL;
}

static void stat_row(FILE *f, const char *label, const struct bench_stat *s, const char *extra)
{
    char a[40], b[40], c[40];
    if (s->n == 0) {
        fprintf(f, "  %-22s %14s  %s\n", label, "-", extra ? extra : "");
        return;
    }
    fprintf(f, "  %-22s %14s %14s %14s  %s\n", label, human(s->median, a, sizeof a),
            human(s->min, b, sizeof b), human(s->max, c, sizeof c), extra ? extra : "");
}

void bench_print_game(FILE *f, const struct bench_result *r, int signature_only)
{
    const struct kk_game *g = r->game;
    char a[40], b[40], note[300], note2[300], note3[300];
    if (signature_only) {
        fprintf(f, "%-18s %016llx\n", g->name, (unsigned long long)r->signature);
        return;
    }
    fprintf(f, "\n%s: %d players, state %s bytes, signature %016llx\n", g->name, r->players,
            human((double)r->state_bytes, a, sizeof a), (unsigned long long)r->signature);
    fprintf(f, "  variant: %s\n", r->variant[0] ? r->variant : "(no parameters)");
    fprintf(f, "  %-22s %14s %14s %14s\n", "figure", "median", "min", "max");
    const char *games_note = floor_note(r, "random_games_per_s", note, sizeof note);
    const char *turns_note = floor_note(r, "random_turns_per_s", note2, sizeof note2);
    const char *mcts_note = floor_note(r, "mcts_opening_iters_per_s", note3, sizeof note3);
    stat_row(f, "random games/s", &r->random_games_per_s, games_note);
    stat_row(f, "moves/s", &r->moves_per_s, "seat moves chosen at random and applied");
    stat_row(f, "events/s", &r->events_per_s, "moves and chance outcomes applied");
    if (r->random_turns_per_s.n)
        stat_row(f, "random turns/s", &r->random_turns_per_s, turns_note);
    fprintf(f, "  %-22s %13.0f%% %13.0f%% %13.0f%%  %s\n", "CPU share", 100 * r->cpu_share.median,
            100 * r->cpu_share.min, 100 * r->cpu_share.max,
            "of a core the one-core runs got (less: a busy machine)");
    stat_row(f, "random games/CPU s", &r->random_games_per_cpu_s, "per second of CPU time");
    if (r->random_turns_per_cpu_s.n)
        stat_row(f, "random turns/CPU s", &r->random_turns_per_cpu_s, "per second of CPU time");
    char legal[120];
    snprintf(legal, sizeof legal, "%d positions, %.1f moves on average", r->legal_positions,
             r->mean_legal_moves);
    stat_row(f, "legal gen/s", &r->legal_gen_per_s, legal);
    stat_row(f, "mcts iters/s", &r->mcts_iters_per_s,
             r->mcts_iters_per_s.n ? BENCH_MCTS_SPEC : r->mcts_note);
    if (r->mcts_iters_per_cpu_s.n)
        stat_row(f, "mcts iters/CPU s", &r->mcts_iters_per_cpu_s, "per second of CPU time");
    if (r->mcts_opening_iters_per_s.n) {
        stat_row(f, "mcts opening iters/s", &r->mcts_opening_iters_per_s,
                 mcts_note ? mcts_note : "the same searches from the first decision");
        stat_row(f, "mcts opening iters/CPU s", &r->mcts_opening_iters_per_cpu_s,
                 "per second of CPU time");
    }
    fprintf(f, "  %-22s %14s %14s %14s  %s\n", "threads", "games/s", "games/CPU s",
            "CPU/thread", "efficiency by wall time, by CPU time");
    for (int i = 0; i < r->num_scaling; i++) {
        const struct bench_scaling *s = &r->scaling[i];
        char label[24];
        snprintf(label, sizeof label, "%d", s->threads);
        fprintf(f, "  %22s %14s %14s %13.0f%%  %.1f%%, %.1f%%\n", label,
                human(s->games_per_s.median, a, sizeof a),
                human(s->games_per_cpu_s.median, b, sizeof b), 100 * s->cpu_per_thread.median,
                100 * s->efficiency, 100 * s->cpu_efficiency);
    }
    fprintf(f, "  %d signature games on the fast path (playout signature %016llx): mean "
               "length %.2f, mean scores",
            BENCH_SIG_GAMES, (unsigned long long)r->playout_signature, r->mean_length);
    for (int s = 0; s < r->players; s++)
        fprintf(f, " %.2f", r->mean_scores[s]);
    fprintf(f, "\n");
    fflush(f);
}

static void json_stat(struct kk_buf *b, const char *name, const struct bench_stat *s)
{
    if (s->n == 0) {
        kk_buf_printf(b, ",\"%s\":null,\"%s_min\":null,\"%s_max\":null", name, name, name);
        return;
    }
    kk_buf_printf(b, ",\"%s\":%.1f,\"%s_min\":%.1f,\"%s_max\":%.1f", name, s->median, name,
                  s->min, name, s->max);
}

static void json_game(struct kk_buf *b, const struct bench_result *r, int signature_only,
                      const struct bench_baseline *baseline)
{
    kk_buf_printf(b, "{\"game\":");
    kk_buf_json_string(b, r->game->name);
    kk_buf_printf(b, ",\"players\":%d,\"variant\":", r->players);
    kk_buf_json_string(b, r->variant);
    kk_buf_printf(b, ",\"state_bytes\":%zu,\"signature\":\"%016llx\","
                     "\"playout_signature\":\"%016llx\"",
                  r->state_bytes, (unsigned long long)r->signature,
                  (unsigned long long)r->playout_signature);
    kk_buf_printf(b, ",\"random_move_hook\":%s", r->game->random_move ? "true" : "false");
    kk_buf_printf(b, ",\"playout_hook\":%s", r->game->playout ? "true" : "false");
    kk_buf_printf(b, ",\"signature_games\":%d,\"mean_length\":%.4f,\"mean_scores\":[",
                  BENCH_SIG_GAMES, r->mean_length);
    for (int s = 0; s < r->players; s++)
        kk_buf_printf(b, "%s%.4f", s ? "," : "", r->mean_scores[s]);
    kk_buf_printf(b, "]");
    if (baseline)
        bench_json_compare(b, baseline, r);
    if (signature_only) {
        kk_buf_printf(b, "}");
        return;
    }
    json_stat(b, "random_games_per_s", &r->random_games_per_s);
    json_stat(b, "moves_per_s", &r->moves_per_s);
    json_stat(b, "events_per_s", &r->events_per_s);
    json_stat(b, "random_turns_per_s", &r->random_turns_per_s);
    kk_buf_printf(b, ",\"cpu_share\":%.4f", r->cpu_share.median);
    json_stat(b, "random_games_per_cpu_s", &r->random_games_per_cpu_s);
    json_stat(b, "random_turns_per_cpu_s", &r->random_turns_per_cpu_s);
    json_stat(b, "legal_gen_per_s", &r->legal_gen_per_s);
    kk_buf_printf(b, ",\"legal_positions\":%d,\"mean_legal_moves\":%.4f", r->legal_positions,
                  r->mean_legal_moves);
    json_stat(b, "mcts_iters_per_s", &r->mcts_iters_per_s);
    json_stat(b, "mcts_iters_per_cpu_s", &r->mcts_iters_per_cpu_s);
    json_stat(b, "mcts_opening_iters_per_s", &r->mcts_opening_iters_per_s);
    json_stat(b, "mcts_opening_iters_per_cpu_s", &r->mcts_opening_iters_per_cpu_s);
    if (r->mcts_iters_per_s.n == 0) {
        kk_buf_printf(b, ",\"mcts_note\":");
        kk_buf_json_string(b, r->mcts_note);
    }
    kk_buf_printf(b, ",\"scaling\":[");
    for (int i = 0; i < r->num_scaling; i++) {
        const struct bench_scaling *s = &r->scaling[i];
        kk_buf_printf(b, "%s{\"threads\":%d,\"games_per_s\":%.1f,\"games_per_s_min\":%.1f,"
                         "\"games_per_s_max\":%.1f,\"efficiency\":%.4f",
                      i ? "," : "", s->threads, s->games_per_s.median, s->games_per_s.min,
                      s->games_per_s.max, s->efficiency);
        kk_buf_printf(b, ",\"games_per_cpu_s\":%.1f,\"cpu_per_thread\":%.4f,"
                         "\"cpu_efficiency\":%.4f}",
                      s->games_per_cpu_s.median, s->cpu_per_thread.median, s->cpu_efficiency);
    }
    kk_buf_printf(b, "]");
    const struct bench_floor *fl[BENCH_MAX_FLOORS];
    int nfl = bench_floors_of(r->game->name, fl);
    kk_buf_printf(b, ",\"floors\":[");
    for (int i = 0; i < nfl; i++) {
        char why[200];
        kk_buf_printf(b, "%s{\"metric\":\"%s\",\"cpu_metric\":\"%s\",\"min\":%.0f,"
                         "\"players\":",
                      i ? "," : "", fl[i]->metric, fl[i]->cpu_metric, fl[i]->min);
        if (fl[i]->players)
            kk_buf_printf(b, "%d", fl[i]->players);
        else
            kk_buf_printf(b, "null");
        kk_buf_printf(b, ",\"what\":");
        kk_buf_json_string(b, fl[i]->what);
        kk_buf_printf(b, ",\"verdict\":");
        kk_buf_json_string(b, bench_floor_verdict(fl[i], r, why, sizeof why));
        kk_buf_printf(b, "}");
    }
    kk_buf_printf(b, "]");
    kk_buf_printf(b, "}");
}

void bench_print_json(FILE *f, const struct bench_conditions *c, const struct bench_opts *o,
                      const struct bench_result *r, int n, int signature_only,
                      const struct bench_baseline *baseline)
{
    struct kk_buf b = {0};
    kk_buf_printf(&b, "{\"conditions\":{\"cpu\":");
    kk_buf_json_string(&b, c->cpu);
    kk_buf_printf(&b, ",\"cores\":%d,\"load_avg_1m\":", c->cores);
    if (c->load1 >= 0)
        kk_buf_printf(&b, "%.2f", c->load1);
    else
        kk_buf_printf(&b, "null");
    kk_buf_printf(&b, ",\"load_avg_1m_end\":");
    if (c->load1_end >= 0)
        kk_buf_printf(&b, "%.2f", c->load1_end);
    else
        kk_buf_printf(&b, "null");
    kk_buf_printf(&b, ",\"compiler\":");
    kk_buf_json_string(&b, KK_COMPILER);
    kk_buf_printf(&b, ",\"flags\":");
    kk_buf_json_string(&b, build_flags());
    kk_buf_printf(&b, ",\"build_type\":");
    kk_buf_json_string(&b, KK_BUILD_TYPE);
    kk_buf_printf(&b, ",\"commit\":");
    kk_buf_json_string(&b, KK_GIT_COMMIT);
    kk_buf_printf(&b, ",\"date\":");
    kk_buf_json_string(&b, c->date);
    kk_buf_printf(&b, ",\"command\":");
    kk_buf_json_string(&b, c->command);
    kk_buf_printf(&b, ",\"seed\":%d,\"signature_games\":%d", BENCH_SEED, BENCH_SIG_GAMES);
    if (baseline) {
        kk_buf_printf(&b, ",\"baseline\":");
        kk_buf_json_string(&b, baseline->path);
    }
    if (!signature_only) {
        kk_buf_printf(&b, ",\"repeats\":%d,\"budget_ms\":%.0f,\"max_threads\":%d,"
                          "\"mcts_spec\":\"%s\",\"mcts_positions\":%d",
                      o->repeats, o->budget_s * 1000, o->threads, BENCH_MCTS_SPEC,
                      o->mcts_positions);
    }
    /* One game per line, so a shell script can pick a game's line with grep. */
    kk_buf_printf(&b, "},\n\"games\":[");
    int listed = 0;
    for (int i = 0; i < n; i++) {
        if (r[i].error[0])
            continue;
        kk_buf_printf(&b, "%s\n", listed++ ? "," : "");
        json_game(&b, &r[i], signature_only, baseline);
    }
    /* Games that could not be measured, so that a missing game is never silent. */
    kk_buf_printf(&b, "\n],\n\"failed\":[");
    listed = 0;
    for (int i = 0; i < n; i++) {
        if (!r[i].error[0])
            continue;
        kk_buf_printf(&b, "%s{\"game\":", listed++ ? "," : "");
        kk_buf_json_string(&b, r[i].game->name);
        kk_buf_printf(&b, ",\"error\":");
        kk_buf_json_string(&b, r[i].error);
        kk_buf_printf(&b, "}");
    }
    kk_buf_printf(&b, "]}\n");
    fputs(kk_buf_str(&b), f);
    kk_buf_free(&b);
}

/* Markdown: a ledger entry for docs/performance.md (conditions, then a row per game). */
void bench_print_markdown(FILE *f, const struct bench_conditions *c, const struct bench_opts *o,
                          const struct bench_result *r, int n)
{
    char a[40], b[40], d[40];
    fprintf(f, "### %.10s, commit %s\n\n", c->date, KK_GIT_COMMIT);
    fprintf(f, "- machine: %s, %d cores, 1-minute load %.2f at the start, %.2f at the end\n",
            c->cpu, c->cores, c->load1, c->load1_end);
    fprintf(f, "- build: %s, %s, `%s`\n", KK_BUILD_TYPE, KK_COMPILER, build_flags());
    fprintf(f, "- command: `%s` (median of %d run%s; time-budgeted runs of %.0f ms; date %s)\n\n",
            c->command, o->repeats, o->repeats == 1 ? "" : "s", o->budget_s * 1000, c->date);
    fprintf(f, "| game | players | state bytes | random games/s (min-max) | moves/s | "
               "legal gen/s | MCTS iters/s | random turns/s | games/s by threads "
               "(efficiency by wall time, by CPU time) | CPU share | per CPU s | MCTS opening iters/CPU s | floors | "
               "signature |\n");
    fprintf(f, "|---|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|--:|---|---|\n");
    for (int i = 0; i < n; i++) {
        const struct bench_result *x = &r[i];
        if (x->error[0]) {
            fprintf(f, "| %s | failed: %s ||||||||||||\n", x->game->name, x->error);
            continue;
        }
        fprintf(f, "| %s | %d | %s | %s (%s-", x->game->name, x->players,
                human((double)x->state_bytes, a, sizeof a),
                human(x->random_games_per_s.median, b, sizeof b),
                human(x->random_games_per_s.min, d, sizeof d));
        fprintf(f, "%s) | %s | ", human(x->random_games_per_s.max, a, sizeof a),
                human(x->moves_per_s.median, b, sizeof b));
        fprintf(f, "%s | ", human(x->legal_gen_per_s.median, a, sizeof a));
        fprintf(f, "%s | ", x->mcts_iters_per_s.n
                                ? human(x->mcts_iters_per_s.median, a, sizeof a) : "null");
        fprintf(f, "%s | ", x->random_turns_per_s.n
                                ? human(x->random_turns_per_s.median, a, sizeof a) : "-");
        for (int s = 0; s < x->num_scaling; s++)
            fprintf(f, "%s%d: %s (%.0f%% wall, %.0f%% CPU)", s ? "; " : "",
                    x->scaling[s].threads, human(x->scaling[s].games_per_s.median, a, sizeof a),
                    100 * x->scaling[s].efficiency, 100 * x->scaling[s].cpu_efficiency);
        /* Per CPU second, in the unit of the game's first floor (games unless turns). */
        const struct bench_floor *fl[BENCH_MAX_FLOORS];
        int nfl = bench_floors_of(x->game->name, fl);
        int in_turns = nfl && strcmp(fl[0]->metric, "random_turns_per_s") == 0 &&
                       x->random_turns_per_cpu_s.n;
        fprintf(f, " | %.0f%% | %s %s", 100 * x->cpu_share.median,
                human(in_turns ? x->random_turns_per_cpu_s.median
                               : x->random_games_per_cpu_s.median,
                      a, sizeof a),
                in_turns ? "turns" : "games");
        fprintf(f, " | %s", x->mcts_opening_iters_per_cpu_s.n
                                ? human(x->mcts_opening_iters_per_cpu_s.median, a, sizeof a)
                                : "-");
        fprintf(f, " | ");
        for (int k = 0; k < nfl; k++) {
            char why[200];
            fprintf(f, "%s>= %s %s: %s", k ? "; " : "", human(fl[k]->min, a, sizeof a),
                    fl[k]->what, bench_floor_verdict(fl[k], x, why, sizeof why));
        }
        if (nfl == 0)
            fprintf(f, "-");
        fprintf(f, " | `%016llx` |\n", (unsigned long long)x->signature);
    }
}

void bench_print_summary(FILE *f, const struct bench_result *r, int n)
{
    char a[40], b[40], c[40], d[40], e[40];
    fprintf(f, "\nsummary (medians)\n");
    fprintf(f, "%-18s %3s %8s %15s %13s %13s %13s %10s  %-16s %s\n", "game", "P", "state B",
            "random games/s", "moves/s", "legal gen/s", "mcts iters/s", "T-thr eff",
            "signature", "floor");
    for (int i = 0; i < n; i++) {
        const struct bench_result *x = &r[i];
        if (x->error[0]) {
            fprintf(f, "%-18s failed: %s\n", x->game->name, x->error);
            continue;
        }
        const struct bench_floor *fl[BENCH_MAX_FLOORS];
        int nfl = bench_floors_of(x->game->name, fl);
        char verdicts[400] = "-";
        size_t used = 0;
        for (int k = 0; k < nfl && used < sizeof verdicts; k++) {
            char why[200];
            used += (size_t)snprintf(verdicts + used, sizeof verdicts - used, "%s%s",
                                     k ? "; " : "",
                                     bench_floor_verdict(fl[k], x, why, sizeof why));
        }
        const struct bench_scaling *last = x->num_scaling ? &x->scaling[x->num_scaling - 1] : NULL;
        char eff[24] = "-";
        if (last)
            snprintf(eff, sizeof eff, "%d: %.0f%%", last->threads, 100 * last->efficiency);
        fprintf(f, "%-18s %3d %8s %15s %13s %13s %13s %10s  %016llx %s\n", x->game->name,
                x->players, human((double)x->state_bytes, a, sizeof a),
                human(x->random_games_per_s.median, b, sizeof b),
                human(x->moves_per_s.median, c, sizeof c),
                human(x->legal_gen_per_s.median, d, sizeof d),
                x->mcts_iters_per_s.n ? human(x->mcts_iters_per_s.median, e, sizeof e) : "null",
                eff, (unsigned long long)x->signature, verdicts);
    }
}
