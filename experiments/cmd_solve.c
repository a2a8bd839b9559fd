/* kark solve GAME: the exact game value and a best move of a position of a two-player
 * zero-sum game without chance or hidden information (docs/perft-solve.md). Today only
 * Othellino has a solver (its bitboard search in engine/othellino/solve.c); other games
 * are refused by name. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include "../agents/agent.h"
#include "../engine/core/variant.h"
#include "../engine/dice/solve.h"
#include "../engine/othellino/othellino.h"
#include "cli.h"
#include "commands.h"
#include "play.h"

#define CMD "solve"

static void help(void)
{
    printf("usage: kark solve GAME [--record FILE] [--tt-mb N] [--pv] [--turn THROWS]\n"
           "       kark solve carcassonne-dice --agent SPEC [--turns N] [--seed S] [--threads T]\n\n"
           "Solves GAME from its start, or from the end of the game record FILE, with\n"
           "perfect play on both sides, and prints\n"
           "  {\"value\":V,\"best\":\"MOVE\",\"nodes\":N,\"seconds\":S,\"cpu_seconds\":C}\n"
           "V is the final score difference (own minus opponent) for the seat to move, under\n"
           "the record's rules variant; MOVE is a move that achieves it (null when the game is\n"
           "over); N counts the positions searched; S is the wall time and cpu_seconds the\n"
           "processor time of the search (one thread). --tt-mb sets the transposition table size\n"
           "in megabytes (default 256; 0: none).\n"
           "--pv adds \"pv\": a perfect-play line to the end, each move found by solving the\n"
           "position it is played from (the table kept), and \"pv_cpu_seconds\" for that work.\n"
           "Games with a solver: othellino, carcassonne-dice. Othellino from its start (value\n"
           "-4: the second player wins 20-16) took about 2 minutes of one core with --tt-mb\n"
           "2048; positions 8 or more moves in take seconds (docs/perft-solve.md).\n"
           "For carcassonne-dice, solve prints the exact best expected points of one turn\n"
           "instead (one JSON line per number of throws; docs/rules/carcassonne-dice.md), under the\n"
           "faces of the record's rules when --record is given: \"placement\":\"exact\" is the exact\n"
           "optimum of one throw, \"deferred\" an upper bound on more (kept faces placed at the end).\n"
           "--turn THROWS (1-3) adds, for 1..THROWS throws, \"placement\":\"placed\",\"bound\":\"lower\":\n"
           "the exact value of the best policy that grows one city through its holes, building each\n"
           "kept die at once as the rules say (\"policies\":\"holes\"; a lower bound on the turn's\n"
           "optimum; 3 throws take about 10 CPU seconds). --bridges widens the policies to dice set\n"
           "next to a hole, facing it, to be joined later (\"policies\":\"bridges\": a higher lower\n"
           "bound, far more work). Needs set_aside=any and placement=anywhere.\n"
           "--agent SPEC [--turns N] [--seed S] [--threads T] measures an agent against these\n"
           "references: it plays N single turns (default 200) of 9 dice, each the first turn of\n"
           "a two-player game with knight_need=9 and max_turns=2 (no banking), turn i drawing\n"
           "chance from PCG stream (S, i) and the agent from (S xor 0x9E3779B97F4A7C15, i), and\n"
           "prints its mean points with a 95%% interval and the same mean estimated with the\n"
           "solver's values as a control variate (\"estimate\": the turn's start value plus what\n"
           "each decision changed the value and the exact expected change of each throw; the\n"
           "same expectation, a far smaller spread). Identical for any --threads.\n");
}

static int solve_dice(const struct kk_game *g, const char *record, int turn_throws,
                      int bridges);
static int dice_agent_turns(const struct kk_game *g, const char *spec, long long turns,
                            long long seed, long long threads);

int kk_cmd_solve(int argc, char **argv)
{
    const char *game_name = NULL, *record = NULL;
    long long tt_mb = 256;
    int want_pv = 0;
    long long turn_throws = 0;
    int bridges = 0;
    const char *agent = NULL;
    long long turns = 200, seed = 1, threads = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val;
        if (kk_cli_is_help(a)) {
            help();
            return KK_EXIT_OK;
        }
        if (strcmp(a, "--record") == 0) {
            if (!(record = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--tt-mb") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 0, 65536, &tt_mb) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--turn") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 3, &turn_throws) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--bridges") == 0) {
            bridges = 1;
        } else if (strcmp(a, "--agent") == 0) {
            if (!(agent = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--turns") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 2, 100000000, &turns) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 0, INT64_MAX, &seed) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--threads") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 1024, &threads) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--pv") == 0) {
            want_pv = 1;
        } else if (a[0] == '-') {
            return kk_cli_usage(
                CMD, "unknown option '%s' (expected --record, --tt-mb, --pv, --turn, --bridges, --agent, "
                     "--turns, --seed, --threads or --help)", a);
        } else if (!game_name) {
            game_name = a;
        } else {
            return kk_cli_usage(CMD, "unexpected argument '%s' (one GAME only)", a);
        }
    }
    if (!game_name)
        return kk_cli_usage(CMD, "missing GAME: expected othellino or carcassonne-dice");
    const struct kk_game *g = kk_cli_game(CMD, game_name);
    if (!g)
        return KK_EXIT_USAGE;
    if (agent && g != &kk_game_carcassonne_dice)
        return kk_cli_usage(CMD, "--agent: only carcassonne-dice has single-turn references");
    if (agent && (record || turn_throws || bridges))
        return kk_cli_usage(CMD, "--agent plays turns from the start of the default rules: "
                                 "--record, --turn and --bridges do not combine with it");
    if (agent)
        return dice_agent_turns(g, agent, turns, seed, threads);
    if (g == &kk_game_carcassonne_dice)
        return solve_dice(g, record, (int)turn_throws, bridges);
    if (g != &kk_game_othellino)
        return kk_cli_usage(CMD, "no exact solver for %s: solve needs a two-player game without "
                                 "chance or hidden information; solvers exist for othellino",
                            g->name);
    struct kk_variant v;
    int status;
    struct othl_state *s = kk_cli_position(CMD, g, record, 0, NULL, 0, &v, &status);
    if (!s)
        return status;
    kk_error err;
    struct othl_solver *sv = othl_solver_new((int)tt_mb, &err);
    if (!sv) {
        fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
        free(s);
        return KK_EXIT_FAIL;
    }
    struct othl_solve_result res;
    double t0 = omp_get_wtime();
    clock_t c0 = clock();
    othl_solve(sv, s, &res);
    double secs = omp_get_wtime() - t0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    char best[16] = "null";
    if (res.best >= 0) {
        char text[8];
        g->move_to_text(s, res.best, text, sizeof text);
        snprintf(best, sizeof best, "\"%s\"", text);
    }
    printf("{\"value\":%d,\"best\":%s,\"nodes\":%lld,\"seconds\":%.3f,\"cpu_seconds\":%.3f",
           res.value, best, res.nodes, secs, cpu);
    if (want_pv) {
        /* Follow best moves to the end, solving each position on the way; every one must
         * have the value of the one before with the sign turned (a check, not a hope). */
        printf(",\"pv\":[");
        struct othl_state t = *s;
        struct othl_solve_result r = res;
        clock_t p0 = clock();
        for (int n = 0; r.best >= 0; n++) {
            char text[8];
            g->move_to_text(&t, r.best, text, sizeof text);
            printf("%s\"%s\"", n ? "," : "", text);
            int before = r.value;
            g->apply(&t, r.best);
            othl_solve(sv, &t, &r);
            if (r.value != -before) {
                fprintf(stderr, "kark %s: the line's value changed after %s (%d, then %d)\n",
                        CMD, text, before, -r.value);
                othl_solver_free(sv);
                free(s);
                return KK_EXIT_FAIL;
            }
        }
        printf("],\"pv_cpu_seconds\":%.3f", (double)(clock() - p0) / CLOCKS_PER_SEC);
    }
    printf("}\n");
    othl_solver_free(sv);
    free(s);
    return KK_EXIT_OK;
}

/* carcassonne-dice: exact single-turn references (engine/dice/solve.c). One line per number
 * of throws. */
static int solve_dice(const struct kk_game *g, const char *record, int turn_throws, int bridges)
{
    struct kk_variant v;
    int status;
    struct dice_state *s = kk_cli_position(CMD, g, record, 0, NULL, 0, &v, &status);
    if (!s)
        return status;
    if (turn_throws > 0 && (s->set_aside_one || s->touching)) {
        free(s);
        return kk_cli_usage(CMD, "--turn needs set_aside=any and placement=anywhere: its policies "
                                 "may build nothing and start cities apart");
    }
    struct dice_solve_result *r = malloc(sizeof *r);
    kk_error err;
    double t0 = omp_get_wtime();
    if (!r || dice_solve(s, r, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", CMD, r ? err.msg : "out of memory");
        free(r);
        free(s);
        return KK_EXIT_FAIL;
    }
    double secs = omp_get_wtime() - t0;
    for (int t = 1; t <= DICE_ROLLS; t++) {
        char num[48], den[48];
        dice_u128 d = 1;
        for (int i = 0; i < r->denominator_exp[t]; i++)
            d *= 6;
        dice_u128_text(r->numerator[t], num, sizeof num);
        dice_u128_text(d, den, sizeof den);
        printf("{\"grid\":\"unbounded\",\"throws\":%d,\"placement\":\"%s\",%s\"value\":\"%s/%s\","
               "\"points\":%.6f}\n",
               t, t == 1 ? "exact" : "deferred", t == 1 ? "" : "\"bound\":\"upper\",", num, den,
               dice_u128_ratio(r->numerator[t], r->denominator_exp[t]));
    }
    printf("{\"closed_cities\":%lld,\"states\":%lld,\"seconds\":%.3f}\n", r->closed_cities,
           r->states, secs);
    for (int t = 1; t <= turn_throws; t++) {
        struct dice_turn_result tr;
        double t1 = omp_get_wtime();
        clock_t c1 = clock();
        if (dice_turn_solve(s, r->best_closed, DICE_COUNT, t, bridges, &tr, &err) != 0) {
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            free(r);
            free(s);
            return KK_EXIT_FAIL;
        }
        char num[48], den[48];
        dice_u128 d = 1;
        for (int i = 0; i < tr.denominator_exp; i++)
            d *= 6;
        dice_u128_text(tr.numerator, num, sizeof num);
        dice_u128_text(d, den, sizeof den);
        printf("{\"grid\":\"unbounded\",\"throws\":%d,\"placement\":\"placed\",\"bound\":\"lower\","
               "\"policies\":\"%s\",\"value\":\"%s/%s\",\"points\":%.6f,\"partial_cities\":%lld,"
               "\"states\":%lld,\"seconds\":%.3f,\"cpu_seconds\":%.3f}\n",
               t, bridges ? "bridges" : "holes", num, den, dice_u128_ratio(tr.numerator, tr.denominator_exp), tr.partial_cities,
               tr.states, omp_get_wtime() - t1, (double)(clock() - c1) / CLOCKS_PER_SEC);
        fflush(stdout);
    }
    free(r);
    free(s);
    return KK_EXIT_OK;
}

/* The solver's value of the turn of seat 0 in s: the rest of the turn while it lasts, the
 * points it scored once it is over. */
static double turn_value_of(struct dice_turn *tn, const struct dice_state *s)
{
    if (s->seat != 0 || s->phase == DICE_PHASE_OVER)
        return s->total[0];
    return dice_turn_rest(tn, s);
}

struct turn_sums {
    double n, x, xx, y, yy, xy;
};

static void stats_line(const char *name, double sum, double sq, double n)
{
    double mean = sum / n, var = (sq - n * mean * mean) / (n - 1), h;
    h = 1.96 * sqrt(var > 0 ? var / n : 0);
    printf("\"%s\":%.4f,\"%s_ci95\":[%.4f,%.4f],\"%s_sd\":%.4f,", name, mean, name, mean - h,
           mean + h, name, sqrt(var > 0 ? var : 0));
}

/* --agent: N single turns of the agent, scored by points and by the control-variate
 * estimate (help above; docs/agents.md, "The dice game's deep evaluation"). */
static int dice_agent_turns(const struct kk_game *g, const char *spec, long long turns,
                            long long seed, long long threads)
{
    struct kk_variant v;
    kk_error err = {{0}};
    if (kk_variant_defaults(g, &v, &err) != 0 || kk_variant_set(g, &v, "knight_need=9", &err) != 0 ||
        kk_variant_set(g, &v, "max_turns=2", &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
        return KK_EXIT_FAIL;
    }
    struct kk_agent *check = kk_agent_create(g, spec, &err);
    if (!check)
        return kk_cli_usage(CMD, "--agent: %s", err.msg);
    char canonical[KK_SPEC_LEN];
    snprintf(canonical, sizeof canonical, "%s", check->spec);
    kk_agent_destroy(check);
    double *x = malloc(sizeof *x * (size_t)turns), *y = malloc(sizeof *y * (size_t)turns);
    /* The estimate's two parts: what the agent's moves changed the value by, and the
     * throws' expected changes (zero inside the class; a throw from a position outside it
     * may be worth more or less than the solver's value before it). */
    double *dm = malloc(sizeof *dm * (size_t)turns), *dt = malloc(sizeof *dt * (size_t)turns);
    double start = 0; /* the solver's value of a whole turn (the same for every turn) */
    if (!x || !y || !dm || !dt) {
        free(x), free(y), free(dm), free(dt);
        fprintf(stderr, "kark %s: out of memory\n", CMD);
        return KK_EXIT_FAIL;
    }
    int failed = 0;
    double t0 = omp_get_wtime();
    clock_t c0 = clock();
#pragma omp parallel num_threads((int)threads) reduction(| : failed)
    {
        kk_error terr = {{0}};
        struct kk_agent *a = kk_agent_create(g, spec, &terr);
        struct dice_state *s = malloc(sizeof *s), *t = malloc(sizeof *t);
        kk_move *out = malloc(sizeof *out * (size_t)g->max_moves);
        double *prob = malloc(sizeof *prob * (size_t)g->max_moves);
        struct dice_turn *tn = NULL;
        if (a && s && t && out && prob && kk_game_init(g, s, &v, 2, &terr) == 0)
            tn = dice_turn_open(s, 0, &terr);
        failed |= !tn;
#pragma omp for schedule(dynamic)
        for (long long i = 0; i < turns; i++) {
            if (!tn)
                continue;
            kk_rng chance, arng;
            kk_rng_seed(&chance, (uint64_t)seed, (uint64_t)i);
            kk_rng_seed(&arng, (uint64_t)seed ^ KK_AGENT_SEED_MIX, (uint64_t)i);
            kk_game_init(g, s, &v, 2, &terr);
            if (a->reset)
                a->reset(a);
            double value = turn_value_of(tn, s), first = value, moves = 0, throws = 0;
            if (i == 0)
                start = value;
            while (s->seat == 0 && s->phase != DICE_PHASE_OVER) {
                kk_move m;
                if (g->to_move(s) == KK_CHANCE) {
                    /* The throw's exact expected change of value replaces its drawn one. */
                    int n = g->chance_outcomes(s, out, prob);
                    double mean = 0;
                    for (int k = 0; k < n; k++) {
                        *t = *s;
                        g->apply(t, out[k]);
                        mean += prob[k] * turn_value_of(tn, t);
                    }
                    throws += mean - value;
                    m = g->sample_chance(s, &chance);
                } else {
                    m = a->choose(a, s, &arng);
                }
                if (a->observe)
                    a->observe(a, s, m);
                int chance_node = g->to_move(s) == KK_CHANCE;
                g->apply(s, m);
                double next = turn_value_of(tn, s);
                if (!chance_node)
                    moves += next - value;
                value = next;
            }
            x[i] = s->total[0];
            y[i] = first + moves + throws;
            dm[i] = moves;
            dt[i] = throws;
        }
        if (tn)
            dice_turn_close(tn);
        if (a)
            kk_agent_destroy(a);
        free(s), free(t), free(out), free(prob);
    }
    if (failed) {
        free(x), free(y), free(dm), free(dt);
        fprintf(stderr, "kark %s: out of memory for the agent or the turn solver\n", CMD);
        return KK_EXIT_FAIL;
    }
    struct turn_sums sum = {0}, parts = {0};
    for (long long i = 0; i < turns; i++) {
        sum.n += 1;
        sum.x += x[i], sum.xx += x[i] * x[i];
        sum.y += y[i], sum.yy += y[i] * y[i];
        parts.x += dm[i], parts.xx += dm[i] * dm[i];
        parts.y += dt[i], parts.yy += dt[i] * dt[i];
    }
    printf("{\"agent\":\"%s\",\"turns\":%lld,\"seed\":%lld,", canonical, turns, seed);
    stats_line("points", sum.x, sum.xx, sum.n);
    stats_line("estimate", sum.y, sum.yy, sum.n);
    stats_line("moves_change", parts.x, parts.xx, sum.n);
    stats_line("throws_change", parts.y, parts.yy, sum.n);
    printf("\"class_optimum\":%.6f,\"seconds\":%.1f,\"cpu_seconds\":%.1f}\n", start,
           omp_get_wtime() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC);
    free(x), free(y), free(dm), free(dt);
    return KK_EXIT_OK;
}
