/* The kark subcommands. Each takes the arguments after its name (argv[0] is the
 * subcommand), prints its own output and errors, and returns the exit status:
 * 0 success, 1 failure (e.g. an illegal record), 2 bad usage. */
#ifndef KK_COMMANDS_H
#define KK_COMMANDS_H

#include <stdio.h>

struct kk_game;

struct kk_command {
    const char *name;
    const char *summary; /* one line for `kark --help` */
    int (*run)(int argc, char **argv);
};

/* The dispatch table, in the order `kark --help` lists it; NULL-terminated (main.c). */
extern const struct kk_command kk_commands[];

int kk_cmd_games(int argc, char **argv);
int kk_cmd_rules(int argc, char **argv);
int kk_cmd_replay(int argc, char **argv);
int kk_cmd_selfplay(int argc, char **argv);
int kk_cmd_tournament(int argc, char **argv);
int kk_cmd_balance(int argc, char **argv);
int kk_cmd_bench(int argc, char **argv); /* bench/cmd_bench.c */
int kk_cmd_agents(int argc, char **argv);
int kk_cmd_cfr(int argc, char **argv);
/* kark cfr with the games it may name (NULL-terminated) and its output stream, so that
 * tests can run it on games that are not registered (experiments/cmd_cfr.c). */
int kk_cfr_command(const struct kk_game *const *games, FILE *out, int argc, char **argv);
int kk_cmd_perft(int argc, char **argv);
int kk_cmd_solve(int argc, char **argv);
int kk_cmd_play(int argc, char **argv);   /* experiments/cmd_play.c */
int kk_cmd_render(int argc, char **argv); /* experiments/cmd_render.c */
int kk_cmd_league(int argc, char **argv); /* experiments/cmd_league.c */

#endif
