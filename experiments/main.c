/* kark: the command-line front end. Dispatches to one subcommand per file. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

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
    {"solve", "exact value and best move of a two-player game position (Othellino)",
     kk_cmd_solve},
    {NULL, NULL, NULL},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: kark COMMAND [ARGS...]\n\n"
               "kark: AI search and self-play for the Carcassonne family of games.\n\n"
               "commands:\n");
    for (int i = 0; kk_commands[i].name; i++)
        fprintf(f, "  %-11s %s\n", kk_commands[i].name, kk_commands[i].summary);
    fprintf(f, "\n'kark COMMAND --help' describes a command's arguments.\n");
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
    for (int i = 0; kk_commands[i].name; i++)
        if (strcmp(kk_commands[i].name, argv[1]) == 0)
            return kk_commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "kark: unknown command '%s': expected one of %s\n", argv[1], names);
    return KK_EXIT_USAGE;
}
