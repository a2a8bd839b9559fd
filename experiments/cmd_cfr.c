/* kark cfr GAME: trains a CFR average strategy (agents/cfr.h) and prints its exact
 * exploitability curve; --out saves the policy for the agent cfr:policy=FILE. */
#include <math.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../agents/cfr.h"
#include "cli.h"
#include "commands.h"

#define CMD "cfr"
#define MAX_SETS 32
#define DEFAULT_MAX_NODES 20000000LL

static void help(FILE *out)
{
    fprintf(out,
            "usage: kark cfr GAME --iters N [--players P] [--set KEY=VALUE ...] [--seed S]\n"
            "                [--out FILE] [--every K] [--method es|os|full|chance] [--rm plus|plain]\n"
            "                [--max-nodes M]\n\n"
            "Trains a CFR average strategy on GAME, which must define information-set keys\n"
            "(info_key). One iteration is one traversal for each seat:\n"
            "  --method es      external-sampling Monte Carlo CFR (default): chance and the\n"
            "                   other seats sampled, every move of the traverser explored;\n"
            "  --method os      outcome-sampling Monte Carlo CFR: one sampled play-out,\n"
            "                   the traverser exploring with probability 0.6;\n"
            "  --method full    full-width CFR: the whole tree, chance enumerated;\n"
            "  --method chance  full width over moves, one chance outcome drawn per node.\n"
            "--rm plus (default): regret matching+, negative regrets clipped, and for full\n"
            "and chance the average weighted by the iteration number (CFR+); --rm plain:\n"
            "plain regret matching and a uniform average.\n"
            "Prints the exact exploitability of the average strategy, its value for seat 0\n"
            "and each seat's best-response value (br_s0, br_s1) at iterations 1, 2, 5, 10,\n"
            "20, 50, ... and N (--every K: every K iterations; --every 0: none), then the\n"
            "interval [-br_s1, br_s0], which holds the game value. The exact evaluation\n"
            "walks the whole game tree: it needs 2 seats and at most M nodes (default %lld);\n"
            "larger trees are refused unless --every 0. Utilities are each seat's score\n"
            "minus the mean score. --seed S (default 1) fixes every draw. --out FILE saves\n"
            "the average strategy, which the agent cfr:policy=FILE plays. See docs/cfr.md.\n",
            DEFAULT_MAX_NODES);
}

static const struct kk_game *find_game(const struct kk_game *const *games, const char *name)
{
    for (int i = 0; games[i]; i++)
        if (strcmp(games[i]->name, name) == 0)
            return games[i];
    char names[512];
    size_t n = 0;
    names[0] = '\0';
    for (int i = 0; games[i] && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              games[i]->name);
    kk_cli_usage(CMD, "unknown game '%s': expected one of %s", name, names);
    return NULL;
}

static long long next_checkpoint(long long done, long long every, long long iters)
{
    long long next;
    if (every > 0) {
        next = (done / every + 1) * every;
    } else { /* 1, 2, 5, 10, 20, 50, ... */
        next = 1;
        while (next <= done) {
            long long d = next;
            while (d >= 10)
                d /= 10;
            next = d == 2 ? next / 2 * 5 : next * 2;
        }
    }
    return next < iters ? next : iters;
}

int kk_cfr_command(const struct kk_game *const *games, FILE *out, int argc, char **argv)
{
    const char *game_name = NULL, *out_path = NULL;
    const char *sets[MAX_SETS];
    int num_sets = 0;
    long long iters = -1, seed = 1, players = 0, every = -1, max_nodes = DEFAULT_MAX_NODES;
    struct kk_cfr_opts opts = {.method = KK_CFR_EXTERNAL, .regret = KK_CFR_RM_PLUS};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val;
        int taken = kk_cli_game_option(CMD, argc, argv, &i, &players, sets, &num_sets, MAX_SETS);
        if (taken < 0)
            return KK_EXIT_USAGE;
        if (taken)
            continue;
        if (kk_cli_is_help(a)) {
            help(out);
            return KK_EXIT_OK;
        }
        if (strcmp(a, "--iters") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 1000000000000LL, &iters) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 0, INT64_MAX, &seed) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--every") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 0, 1000000000000LL, &every) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--max-nodes") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, INT64_MAX, &max_nodes) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--method") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
            if (strcmp(val, "es") == 0)
                opts.method = KK_CFR_EXTERNAL;
            else if (strcmp(val, "full") == 0)
                opts.method = KK_CFR_FULL;
            else if (strcmp(val, "chance") == 0)
                opts.method = KK_CFR_CHANCE;
            else if (strcmp(val, "os") == 0)
                opts.method = KK_CFR_OUTCOME;
            else
                return kk_cli_usage(CMD, "bad value '%s' for --method: expected es, os, full "
                                         "or chance", val);
        } else if (strcmp(a, "--rm") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
            if (strcmp(val, "plus") == 0)
                opts.regret = KK_CFR_RM_PLUS;
            else if (strcmp(val, "plain") == 0)
                opts.regret = KK_CFR_RM_PLAIN;
            else
                return kk_cli_usage(CMD, "bad value '%s' for --rm: expected plus or plain", val);
        } else if (strcmp(a, "--out") == 0) {
            if (!(out_path = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (a[0] == '-') {
            return kk_cli_usage(CMD, "unknown option '%s' (expected --iters, --players, --set, "
                                     "--seed, --out, --every, --method, --rm, --max-nodes or "
                                     "--help)", a);
        } else if (!game_name) {
            game_name = a;
        } else {
            return kk_cli_usage(CMD, "unexpected argument '%s' (one GAME only)", a);
        }
    }
    if (!game_name)
        return kk_cli_usage(CMD, "missing GAME (see 'kark cfr --help')");
    const struct kk_game *g = find_game(games, game_name);
    if (!g)
        return KK_EXIT_USAGE;
    if (!g->info_key)
        return kk_cli_usage(CMD, "%s has no information-set keys (info_key), so CFR cannot "
                                 "train on it", g->name);
    if (iters < 0)
        return kk_cli_usage(CMD, "missing --iters N (the number of iterations)");
    struct kk_variant v;
    kk_error err = {{0}};
    if (kk_variant_defaults(g, &v, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
        return KK_EXIT_FAIL;
    }
    for (int i = 0; i < num_sets; i++)
        if (kk_variant_set(g, &v, sets[i], &err) != 0)
            return kk_cli_usage(CMD, "%s", err.msg);
    struct kk_cfr *c = kk_cfr_create(g, &v, (int)players, &opts, &err);
    if (!c)
        return kk_cli_usage(CMD, "%s", err.msg);
    int seats = g->players(kk_cfr_root(c));
    int status = KK_EXIT_OK;
    long long tree = 0;
    if (every != 0) {
        if (seats != 2) {
            kk_cfr_destroy(c);
            return kk_cli_usage(CMD, "exact exploitability needs 2 seats, not %d (use --every 0 "
                                     "to train without it)", seats);
        }
        tree = kk_cfr_tree_size(g, kk_cfr_root(c), max_nodes, &err);
        if (tree < 0) {
            fprintf(stderr, "kark %s: %s: too large for the exact exploitability (raise "
                            "--max-nodes, or train without it: --every 0)\n", CMD, err.msg);
            kk_cfr_destroy(c);
            return KK_EXIT_FAIL;
        }
    }
    char desc[1024];
    kk_variant_describe(g, &v, " ", desc, sizeof desc);
    fprintf(out, "cfr %s, %d seats, seed %lld, %s, regret matching%s\n", g->name, seats, seed,
            opts.method == KK_CFR_FULL     ? "full-width CFR"
            : opts.method == KK_CFR_CHANCE ? "chance-sampled CFR"
            : opts.method == KK_CFR_OUTCOME ? "outcome-sampling MCCFR"
                                           : "external-sampling MCCFR",
            opts.regret == KK_CFR_RM_PLUS ? "+" : "");
    fprintf(out, "variant: %s\n", g->num_params ? desc : "(no parameters)");
    if (every != 0) {
        fprintf(out, "tree: %lld nodes; exploitability = (best response of seat 0 + of seat 1)"
                     " / 2, exact\n\n", tree);
        fprintf(out, "%12s %10s %15s %12s %12s %12s %9s\n", "iterations", "infosets",
                "exploitability", "value_s0", "br_s0", "br_s1", "cpu_s");
    }
    kk_rng rng;
    kk_rng_seed(&rng, (uint64_t)seed, 0xCF5ULL);
    double seconds = 0;
    struct kk_cfr_eval last;
    memset(&last, 0, sizeof last);
    long long done = 0;
    while (done < iters) {
        long long next = every == 0 ? iters : next_checkpoint(done, every, iters);
        clock_t t0 = clock();
        if (kk_cfr_run(c, next - done, &rng, &err) != 0) {
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            status = KK_EXIT_FAIL;
            break;
        }
        seconds += (double)(clock() - t0) / CLOCKS_PER_SEC;
        done = next;
        if (every == 0)
            break;
        struct kk_cfr_eval ev;
        if (kk_cfr_evaluate(g, kk_cfr_root(c), kk_cfr_policy_of(c), max_nodes, &ev, &err) != 0) {
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            status = KK_EXIT_FAIL;
            break;
        }
        fprintf(out, "%12lld %10lld %15.6f %12.6f %12.6f %12.6f %9.2f\n", done,
                kk_cfr_policy_size(kk_cfr_policy_of(c)), ev.exploitability, ev.value[0],
                ev.br[0], ev.br[1], seconds);
        last = ev;
        fflush(out);
    }
    if (status == KK_EXIT_OK && every != 0)
        fprintf(out, "game value for seat 0 in [-br_s1, br_s0] = [%.6f, %.6f]\n", -last.br[1],
                last.br[0]);
    if (status == KK_EXIT_OK && every == 0)
        fprintf(out, "trained %lld iterations in %.2f s of CPU time: %lld information sets\n", done, seconds,
                kk_cfr_policy_size(kk_cfr_policy_of(c)));
    if (status == KK_EXIT_OK && out_path) {
        if (kk_cfr_policy_save(kk_cfr_policy_of(c), out_path, g->num_params ? desc : "", seats,
                               done, &err) != 0) {
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            status = KK_EXIT_FAIL;
        } else {
            fprintf(out, "policy: %s (play it with --agents cfr:policy=%s)\n", out_path,
                    out_path);
        }
    }
    kk_cfr_destroy(c);
    return status;
}

int kk_cmd_cfr(int argc, char **argv)
{
    return kk_cfr_command(kk_games, stdout, argc, argv);
}
