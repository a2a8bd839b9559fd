/* kark balance GAME --sweep KEY=V1,V2...: a grid of rules variants, each played with the
 * same games (common random numbers); writes games.csv, balance.json and balance.md with
 * seat win rates, scores and statistics, and paired differences against a baseline. */
#include <stdio.h>

#include "commands.h"
#include "study_cli.h"

static void help(void)
{
    printf(
        "usage: kark balance GAME --sweep KEY=V1,V2[,...] [--sweep ...] --agents A[,B...]\n"
        "                    --out DIR [--players P] [--games N] [--seed S] [--threads T]\n"
        "                    [--set KEY=VALUE ...] [--record RDIR] [--force] [--summary-only]\n"
        "       kark balance --resume DIR [--threads T] [--games N]\n\n"
        "Every combination of the swept values is a variant (the first --sweep varies\n"
        "slowest); the other parameters are the defaults changed by --set. Game i of every\n"
        "variant uses the same random streams (chance: PCG (S, i)) and the same seating\n"
        "(seat s: agent (i + s) mod A), so variants are compared game by game.\n"
        "Values of a list parameter contain commas: separate them with '/', e.g.\n"
        "--sweep cross_tie=3,2,1/4,2,0 (scalar values may use ',' or '/'). A..B is an\n"
        "integer range (followers=1..15). --sweep players=2,3,4 sweeps the player count;\n"
        "each variant is then compared with the baseline's settings at its own count.\n"
        "For each variant: seat win rates (Wilson 95%%), first-seat advantage, mean scores,\n"
        "game length and every statistic of the game (Student t 95%%), and the paired\n"
        "difference of each against the baseline: the default variant when it is in the\n"
        "grid, else the first combination. Writes DIR/games.csv, DIR/balance.json and\n"
        "DIR/balance.md and prints the tables. Interruption, --resume and --stop-after work\n"
        "as in 'kark tournament', and so do --record, --force and --summary-only.\n");
}

int kk_cmd_balance(int argc, char **argv)
{
    return kk_study_main(argc, argv, 1, help);
}
