/* kark bench [GAME ...]: throughput, thread scaling and the behaviour signature of each
 * game (all registered games by default). See docs/performance.md. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../experiments/cli.h"
#include "../experiments/commands.h"
#include "bench.h"

#define CMD "bench"
#define MAX_SETS 32
#define MAX_GAMES 64

static void help(void)
{
    printf(
        "usage: kark bench [GAME ...] [--threads T] [--repeats R] [--budget MS] [--quick]\n"
        "                  [--players P] [--set KEY=VALUE ...] [--json | --markdown]\n"
        "                  [--signatures] [--compare FILE] [--mcts-memory N]\n\n"
        "Measures every GAME (default: all registered games) under its default variant:\n"
        "  random games/s     whole games of uniformly random moves on one core\n"
        "                     (kk_random_move + apply on a copy of the initial state)\n"
        "  moves/s, events/s  seat moves, and moves plus chance outcomes, in those runs\n"
        "  random turns/s     from the game's 'turns' statistic, when it has one\n"
        "  legal gen/s        legal_moves() calls on up to 512 positions of seeded games\n"
        "  mcts iters/s       %d-iteration searches (%s) from fixed positions,\n"
        "                     and from the opening (the first decision of a seeded game)\n"
        "  per CPU s          the same one-core runs per second of the thread's CPU time\n"
        "  scaling            random games/s at 1, 2, 4, ... and T threads: efficiency by\n"
        "                     wall time = rate / (threads * rate at 1 thread), by CPU time\n"
        "                     = rate per CPU s / rate per CPU s at 1 thread, and the CPU\n"
        "                     time each thread got (a share of the wall time)\n"
        "  floors             a game's issue's floor, per core-second: met on the wall\n"
        "                     clock; MISSED only when the rate per CPU second misses too,\n"
        "                     else inconclusive (other processes had the core)\n"
        "  signature          FNV-1a 64 of the scores, winners and lengths of %d seeded\n"
        "                     games of moves drawn uniformly from legal_moves() (seed %d);\n"
        "                     it changes only when the game's behaviour does\n"
        "  playout signature  the same on the fast path: the games of 'kark selfplay GAME\n"
        "                     --agents random --seed 1', the same at every thread count\n\n"
        "Each figure is the median of R runs (default 5), shown with min and max.\n"
        "--threads T   largest thread count measured (default: the cores available, %d)\n"
        "--budget MS   length of one time-budgeted run (default 200)\n"
        "--quick       a tiny budget for tests: 1 run, 10 ms, 1 MCTS position, no MCTS\n"
        "              from the opening\n"
        "--players P   seat count (default: each game's default)\n"
        "--set K=V     rules parameter for every GAME (see 'kark rules GAME'); repeatable\n"
        "--json        one JSON object: conditions and games (see docs/performance.md)\n"
        "--markdown    a ledger entry for docs/performance.md\n"
        "--signatures  only the signatures (fast; scripts/update-signatures uses it)\n"
        "--compare F   set each game against F, an earlier 'kark bench --json' output:\n"
        "              ratios now/then of the medians, and whether the signature moved\n"
        "--mcts-memory N  instead: one N-iteration search (the MCTS spec above) from the\n"
        "              opening of each GAME, with its time and the peak resident memory\n",
        BENCH_MCTS_ITERS, BENCH_MCTS_SPEC, BENCH_SIG_GAMES, BENCH_SEED, omp_get_num_procs());
}

/* A game to measure, with its validated variant. */
struct job {
    const struct kk_game *game;
    struct kk_variant variant;
};

/* Checks that every job's variant and seat count are accepted before anything is
 * measured, so a usage error costs no time. */
static int prepare(struct job *jobs, int n, const char *const *sets, int num_sets, int players)
{
    kk_error err;
    for (int j = 0; j < n; j++) {
        const struct kk_game *g = jobs[j].game;
        if (kk_variant_defaults(g, &jobs[j].variant, &err) != 0) {
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            return KK_EXIT_FAIL;
        }
        for (int i = 0; i < num_sets; i++)
            if (kk_variant_set(g, &jobs[j].variant, sets[i], &err) != 0)
                return kk_cli_usage(CMD, "%s: %s", g->name, err.msg);
        void *state = malloc(g->state_size);
        if (!state) {
            fprintf(stderr, "kark %s: out of memory\n", CMD);
            return KK_EXIT_FAIL;
        }
        int rc = kk_game_init(g, state, &jobs[j].variant, players, &err);
        free(state);
        if (rc != 0)
            return kk_cli_usage(CMD, "%s", err.msg);
    }
    return KK_EXIT_OK;
}

/* --mcts-memory N: one N-iteration search per game, with time and peak memory. */
static int memory_run(const struct job *jobs, int n, int players, long long iters, int json)
{
    int status = KK_EXIT_OK;
    if (json)
        printf("{\"mcts_memory\":[");
    for (int j = 0; j < n; j++) {
        struct bench_memory m;
        kk_error err;
        if (bench_mcts_memory(jobs[j].game, &jobs[j].variant, players, iters, &m, &err) != 0) {
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            status = KK_EXIT_FAIL;
            continue;
        }
        double rate = m.cpu_s > 0 ? (double)m.iters / m.cpu_s : 0;
        /* The search's own memory: peak growth over the peak before it, per iteration. */
        double per_iter = m.iters > 0 ? (m.rss_after_kb - m.rss_before_kb) * 1024.0 / m.iters : 0;
        if (json)
            printf("%s\n{\"game\":\"%s\",\"iters\":%lld,\"wall_s\":%.3f,\"cpu_s\":%.3f,"
                   "\"iters_per_cpu_s\":%.1f,\"peak_rss_kib_before\":%ld,"
                   "\"peak_rss_kib_after\":%ld,\"bytes_per_iter\":%.1f}",
                   j ? "," : "", jobs[j].game->name, m.iters, m.wall_s, m.cpu_s, rate,
                   m.rss_before_kb, m.rss_after_kb, per_iter);
        else
            printf("%s: one search of %lld iterations from the opening (mcts:iters=%lld%s): "
                   "%.1f s wall, "
                   "%.1f s CPU, %.0f iterations per CPU s; peak RSS %.1f MiB (%.1f MiB "
                   "before the search: %.1f bytes per iteration)\n",
                   jobs[j].game->name, m.iters, m.iters, strchr(BENCH_MCTS_SPEC, ','), m.wall_s,
                   m.cpu_s, rate,
                   m.rss_after_kb / 1024.0, m.rss_before_kb / 1024.0, per_iter);
    }
    if (json)
        printf("\n]}\n");
    return status;
}

int kk_cmd_bench(int argc, char **argv)
{
    struct bench_opts o = {.repeats = 5, .budget_s = 0.2, .threads = omp_get_num_procs(),
                           .mcts_positions = 4, .mcts_opening = 1};
    long long repeats = -1, budget_ms = -1, threads = -1, players = 0, memory_iters = 0;
    int json = 0, markdown = 0, quick = 0, signatures = 0, num_sets = 0, num_jobs = 0;
    const char *sets[MAX_SETS], *compare_path = NULL;
    struct job jobs[MAX_GAMES];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val;
        int taken = kk_cli_game_option(CMD, argc, argv, &i, &players, sets, &num_sets, MAX_SETS);
        if (taken < 0)
            return KK_EXIT_USAGE;
        if (taken)
            continue;
        if (kk_cli_is_help(a)) {
            help();
            return KK_EXIT_OK;
        }
        if (strcmp(a, "--threads") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 256, &threads) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--repeats") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 1000, &repeats) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--budget") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 600000, &budget_ms) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--compare") == 0) {
            if (!(compare_path = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--mcts-memory") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 100000000, &memory_iters) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--json") == 0) {
            json = 1;
        } else if (strcmp(a, "--markdown") == 0) {
            markdown = 1;
        } else if (strcmp(a, "--quick") == 0) {
            quick = 1;
        } else if (strcmp(a, "--signatures") == 0) {
            signatures = 1;
        } else if (a[0] == '-') {
            return kk_cli_usage(CMD, "unknown option '%s' (expected --threads, --repeats, "
                                     "--budget, --quick, --players, --set, --json, "
                                     "--markdown, --signatures, --compare, --mcts-memory or --help)", a);
        } else {
            const struct kk_game *g = kk_cli_game(CMD, a);
            if (!g)
                return KK_EXIT_USAGE;
            for (int j = 0; j < num_jobs; j++)
                if (jobs[j].game == g)
                    return kk_cli_usage(CMD, "game '%s' given twice", a);
            if (num_jobs == MAX_GAMES)
                return kk_cli_usage(CMD, "too many games (at most %d)", MAX_GAMES);
            jobs[num_jobs++].game = g;
        }
    }
    if (json && markdown)
        return kk_cli_usage(CMD, "--json and --markdown cannot be combined");
    if (markdown && signatures)
        return kk_cli_usage(CMD, "--markdown needs the measurements: drop --signatures");
    if (num_jobs == 0)
        for (int j = 0; kk_games[j] && num_jobs < MAX_GAMES; j++)
            jobs[num_jobs++].game = kk_games[j];
    if (quick) {
        o.repeats = 1;
        o.budget_s = 0.01;
        o.mcts_positions = 1;
        o.mcts_opening = 0;
    }
    if (repeats > 0)
        o.repeats = (int)repeats;
    if (budget_ms > 0)
        o.budget_s = (double)budget_ms / 1000;
    if (threads > 0)
        o.threads = (int)threads;
    if (compare_path && markdown)
        return kk_cli_usage(CMD, "--compare works with the text and --json outputs, "
                                 "not --markdown");
    int status = prepare(jobs, num_jobs, sets, num_sets, (int)players);
    if (status != KK_EXIT_OK)
        return status;
    if (memory_iters > 0)
        return memory_run(jobs, num_jobs, (int)players, memory_iters, json);
    struct bench_baseline baseline_store, *baseline = NULL;
    if (compare_path) {
        kk_error err;
        if (bench_baseline_load(compare_path, &baseline_store, &err) != 0)
            return kk_cli_usage(CMD, "--compare %s", err.msg);
        baseline = &baseline_store;
    }

    struct bench_conditions cond;
    bench_conditions_read(&cond, argc, argv);
    struct bench_result *results = calloc((size_t)num_jobs + 1, sizeof *results);
    if (!results) {
        fprintf(stderr, "kark %s: out of memory\n", CMD);
        if (baseline)
            bench_baseline_free(baseline);
        return KK_EXIT_FAIL;
    }
    int text = !json && !markdown;
    if (text && !signatures)
        bench_print_header(stdout, &cond, &o);
    /* A game that fails (e.g. never ends) is reported on stderr and in the output's
     * list of failures; the others still run, and the exit status says one failed. */
    int done = 0;
    for (int j = 0; j < num_jobs; j++) {
        kk_error err;
        const struct kk_game *g = jobs[j].game;
        int rc = signatures ? bench_signature(g, &jobs[j].variant, (int)players, &results[done],
                                              &err)
                            : bench_game(g, &jobs[j].variant, (int)players, &o, &results[done],
                                         &err);
        if (rc != 0) {
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            status = KK_EXIT_FAIL;
            memset(&results[done], 0, sizeof results[done]);
            results[done].game = g;
            snprintf(results[done].error, sizeof results[done].error, "%s", err.msg);
        } else if (text) {
            bench_print_game(stdout, &results[done], signatures);
            if (baseline)
                bench_print_compare(stdout, baseline, &results[done]);
        }
        done++;
    }
    bench_conditions_end(&cond);
    if (json)
        bench_print_json(stdout, &cond, &o, results, done, signatures, baseline);
    else if (markdown)
        bench_print_markdown(stdout, &cond, &o, results, done);
    else if (!signatures && done > 0) {
        bench_print_summary(stdout, results, done);
        if (cond.load1 >= 0 && cond.load1_end >= 0)
            printf("1-minute load average: %.2f at the start, %.2f at the end (%d cores)\n",
                   cond.load1, cond.load1_end, cond.cores);
    }
    free(results);
    if (baseline)
        bench_baseline_free(baseline);
    return status;
}
