/* kark: the command-line front end. Dispatches to one subcommand per file. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "kk_commit.h" /* generated at build time: KK_GIT_COMMIT */
#include "mpi.h"
#include "version.h"
#ifndef KK_GIT_COMMIT
#define KK_GIT_COMMIT "unknown"
#endif

const struct kk_command kk_commands[] = {
    {"games", "list the games and their player counts", kk_cmd_games},
    {"rules", "list a game's rules-variant parameters, defaults and allowed values", kk_cmd_rules},
    {"replay", "check a game record and print its scores as JSON", kk_cmd_replay},
    {"selfplay", "play games between agents, optionally writing records", kk_cmd_selfplay},
    {"agents", "list the agents and their options, with defaults and meaning", kk_cmd_agents},
    {"tournament", "parallel tournament with rotating seats: games.csv and win-rate summary",
     kk_cmd_tournament},
    {"balance", "sweep rules variants on common random numbers: win rates and differences",
     kk_cmd_balance},
    {"league", "round robin between agents: Elo ratings with intervals, score matrix, skill",
     kk_cmd_league},
    {"cfr", "train a CFR strategy for a small hidden-information game: exploitability curve",
     kk_cmd_cfr},
    {"bench", "measure each game's speed and thread scaling, with a behaviour signature",
     kk_cmd_bench},
    {"perft", "count the move sequences of each length from a start or a record", kk_cmd_perft},
    {"solve", "exact values: an Othellino position; the dice game's best single turn",
     kk_cmd_solve},
    {"play", "play a game in the terminal against agents ('human' seats type moves)",
     kk_cmd_play},
    {"render", "draw a recorded position as an SVG picture", kk_cmd_render},
    {NULL, NULL, NULL},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: kark COMMAND [ARGS...]\n\n"
               "kark: AI search and self-play for the Carcassonne family and the Green Box of Games.\n\n"
               "commands:\n");
    for (int i = 0; kk_commands[i].name; i++)
        fprintf(f, "  %-11s %s\n", kk_commands[i].name, kk_commands[i].summary);
    fprintf(f, "\n'kark COMMAND --help' describes a command's arguments; 'kark --version' "
               "prints the version.\n");
}

/* Commands whose parsers read "--name value" pairs get "--name=value" split into the two
 * (tournament and balance parse with getopt_long, which takes both forms itself). Arguments
 * after a bare "--" are left alone. Returns a new argv (argc entries and a NULL; the caller
 * frees the array, not the strings), or NULL when out of memory. */
static char **split_long_values(int argc, char **argv, int *out_argc)
{
    char **out = calloc((size_t)argc * 2 + 1, sizeof *out);
    if (!out)
        return NULL;
    int n = 0, rest = 0;
    for (int i = 0; i < argc; i++) {
        char *eq = argv[i][0] == '-' && argv[i][1] == '-' ? strchr(argv[i], '=') : NULL;
        if (!rest && strcmp(argv[i], "--") == 0)
            rest = 1;
        if (rest || i == 0 || !eq || eq == argv[i] + 2) {
            out[n++] = argv[i];
            continue;
        }
        *eq = '\0'; /* argv strings are writable (C17 5.1.2.2.1) */
        out[n++] = argv[i];
        out[n++] = eq + 1;
    }
    out[n] = NULL;
    *out_argc = n;
    return out;
}

/* Runs one command. Under an MPI launcher with several processes, `tournament` and
 * `balance` run on every rank (rank 0 writes the files, the others play chunks of games);
 * any other command runs on rank 0 alone. A failure on any rank ends every rank. argv[0]
 * is the command's name. */
static int run_command(const struct kk_command *c, int argc, char **argv)
{
    kk_error err;
    if (kk_mpi_init(&err) != 0) {
        fprintf(stderr, "kark: %s\n", err.msg);
        return KK_EXIT_FAIL;
    }
    int distributed = strcmp(c->name, "tournament") == 0 || strcmp(c->name, "balance") == 0;
    int status = KK_EXIT_OK;
    /* Every rank checks the same arguments: rank 0 alone reports, so an error is one line.
     * A game that fails on another rank is reported by rank 0 too (study_mpi.c). Set
     * KARK_MPI_VERBOSE=1 to keep the other ranks' output when debugging. */
    const char *verbose = getenv("KARK_MPI_VERBOSE");
    if (kk_mpi_rank() > 0 && !(verbose && strcmp(verbose, "1") == 0)) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            return KK_EXIT_FAIL;
    }
    if (kk_mpi_rank() == 0 || distributed)
        status = c->run(argc, argv);
    if (status != KK_EXIT_OK && kk_mpi_size() > 1)
        kk_mpi_abort(status); /* the other ranks may be waiting for this one */
    kk_mpi_finalize();
    return status;
}

int main(int argc, char **argv)
{
    /* A file-size limit (ulimit -f) then fails a write with EFBIG, which kark reports, instead
     * of killing the process without a word. */
    signal(SIGXFSZ, SIG_IGN);
    char names[256] = "";
    size_t n = 0;
    for (int i = 0; kk_commands[i].name && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              kk_commands[i].name);
    if (argc < 2) {
        fprintf(stderr, "kark: missing COMMAND: expected one of %s (see 'kark --help')\n", names);
        return KK_EXIT_USAGE;
    }
    if (kk_cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return KK_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("kark %s (commit %s%s)\n", KK_VERSION, KK_GIT_COMMIT,
               kk_mpi_built() ? ", MPI" : "");
        return KK_EXIT_OK;
    }
    for (int i = 0; kk_commands[i].name; i++) {
        if (strcmp(kk_commands[i].name, argv[1]) != 0)
            continue;
        if (strcmp(argv[1], "tournament") == 0 || strcmp(argv[1], "balance") == 0)
            return run_command(&kk_commands[i], argc - 1, argv + 1);
        int count;
        char **args = split_long_values(argc - 1, argv + 1, &count);
        if (!args) {
            fprintf(stderr, "kark: out of memory\n");
            return KK_EXIT_FAIL;
        }
        int status = run_command(&kk_commands[i], count, args);
        free(args);
        return status;
    }
    fprintf(stderr, "kark: unknown command '%s': expected one of %s\n", argv[1], names);
    return KK_EXIT_USAGE;
}
