/* kark perft GAME DEPTH: the move-count table of a game from its start or from the end
 * of a record, for checking a move generator against published or independent counts
 * (docs/perft-solve.md). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

#define CMD "perft"
#define MAX_SETS 32
#define MAX_DEPTH 64

static void help(void)
{
    printf("usage: kark perft GAME DEPTH [--players P] [--set KEY=VALUE ...] [--record FILE]\n\n"
           "Counts the sequences of exactly d events (moves and chance outcomes) from the\n"
           "start of GAME, or from the end of the game record FILE, for d = 1..DEPTH, and\n"
           "prints one line 'depth d count' each. A chance node branches on every possible\n"
           "outcome (unweighted); a finished game has no continuations, so it counts at its\n"
           "own depth and not beyond. --players and --set choose the setup as in selfplay;\n"
           "a record fixes both. A closing comment line gives the time taken.\n");
}

int kk_cmd_perft(int argc, char **argv)
{
    const char *game_name = NULL, *depth_arg = NULL, *record = NULL;
    const char *sets[MAX_SETS];
    int num_sets = 0;
    long long players = 0, depth = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int taken = kk_cli_game_option(CMD, argc, argv, &i, &players, sets, &num_sets, MAX_SETS);
        if (taken < 0)
            return KK_EXIT_USAGE;
        if (taken)
            continue;
        if (kk_cli_is_help(a)) {
            help();
            return KK_EXIT_OK;
        }
        if (strcmp(a, "--record") == 0) {
            if (!(record = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9')) {
            return kk_cli_usage(CMD, "unknown option '%s' (expected --players, --set, --record "
                                     "or --help)", a);
        } else if (!game_name) {
            game_name = a;
        } else if (!depth_arg) {
            depth_arg = a;
        } else {
            return kk_cli_usage(CMD, "unexpected argument '%s' (GAME and DEPTH only)", a);
        }
    }
    const struct kk_game *g = kk_cli_game(CMD, game_name);
    if (!g)
        return KK_EXIT_USAGE;
    if (!depth_arg)
        return kk_cli_usage(CMD, "missing DEPTH (the number of events to count, 1..%d)",
                            MAX_DEPTH);
    if (kk_cli_long(CMD, "DEPTH", depth_arg, 1, MAX_DEPTH, &depth) != 0)
        return KK_EXIT_USAGE;
    struct kk_variant v;
    int status;
    void *state = kk_cli_position(CMD, g, record, (int)players, sets, num_sets, &v, &status);
    if (!state)
        return status;
    long long counts[MAX_DEPTH];
    kk_error err;
    double t0 = omp_get_wtime();
    if (kk_perft_table(g, state, (int)depth, counts, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
        free(state);
        return KK_EXIT_FAIL;
    }
    double secs = omp_get_wtime() - t0;
    char desc[1024];
    kk_variant_describe(g, &v, " ", desc, sizeof desc);
    printf("# %s, %d seats, %s, from %s%s\n", g->name, g->players(state),
           g->num_params ? desc : "no parameters", record ? "the end of " : "the start",
           record ? record : "");
    long long total = 0;
    for (int d = 0; d < depth; d++) {
        printf("depth %d %lld\n", d + 1, counts[d]);
        total += counts[d];
    }
    printf("# %lld positions in %.3f s\n", total, secs);
    free(state);
    return KK_EXIT_OK;
}
