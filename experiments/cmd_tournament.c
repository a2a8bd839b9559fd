/* kark tournament GAME: N games between a list of agents with rotating seats, in parallel;
 * writes games.csv, summary.json and summary.md (see docs/experiments.md). */
#include <stdio.h>

#include "commands.h"
#include "study_cli.h"

static void help(void)
{
    printf(
        "usage: kark tournament GAME --agents A,B[,...] --out DIR [--players P] [--games N]\n"
        "                       [--seed S] [--threads T] [--set KEY=VALUE ...]\n"
        "                       [--record RDIR] [--force] [--summary-only]\n"
        "                       [--sprt elo0=E0,elo1=E1,alpha=A,beta=B[,batch=K]]\n"
        "       kark tournament --resume DIR [--threads T] [--games N]\n\n"
        "Plays N games (default 100) of GAME between the agents. Seats rotate: seat s of\n"
        "game i is played by agent (i + s) mod A, so over any A consecutive games every\n"
        "agent sits in every seat once (with fewer agents than seats an agent holds several\n"
        "seats). --players defaults to the number of agents when the game allows it.\n"
        "Game i draws chance from PCG stream (S, i), agents from (S xor 0x9E3779B97F4A7C15, i)\n"
        "(default seed 1): the files are byte-identical for any --threads (default: all\n"
        "cores). Writes DIR/games.csv (one row per game, flushed as games finish),\n"
        "DIR/summary.json and DIR/summary.md, and prints the tables. Ctrl-C or SIGTERM\n"
        "stops after the games in flight; --resume DIR (alone, or added to the original\n"
        "command) continues and gives the same files as an uninterrupted run. A larger\n"
        "--games with --resume extends a finished run. --stop-after K plays at most K\n"
        "more games, then stops as if interrupted. --force starts again in a folder that\n"
        "holds a run. --record RDIR also writes each game as RDIR/game-<i>.rec.\n"
        "--summary-only prints only the overview (the files are whole).\n"
        "Options take their value as the next argument or after '=' (--games=3).\n"
        "Win rates count a k-way shared win as 1/k, with Wilson 95%% intervals; means\n"
        "have Student t 95%% intervals (docs/experiments.md).\n"
        "--sprt (two agents A,B): a sequential test of 'A is E1 Elo stronger than B' against\n"
        "'E0 stronger', checked every K games (default 100) from game 0; stops when the\n"
        "log-likelihood ratio leaves [log(B/(1-A)), log((1-B)/A)] and reports LLR, bounds and\n"
        "decision (H0, H1 or none) on stdout and in summary.json; --games is then a cap\n"
        "(default 100000). Model: docs/statistics.md.\n");
}

int kk_cmd_tournament(int argc, char **argv)
{
    return kk_study_main(argc, argv, 0, help);
}
