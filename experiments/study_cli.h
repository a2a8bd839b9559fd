/* Command-line front end shared by `kark tournament` and `kark balance`: parses the common
 * flags, builds the struct kk_study (variants, agents, seats), handles --out / --resume
 * (the settings of a run are kept in DIR/args.txt) and runs it with a progress line and
 * signal handling. */
#ifndef KK_STUDY_CLI_H
#define KK_STUDY_CLI_H

#include "report.h"
#include "study.h"

#define KK_STUDY_MAX_SETS 32
#define KK_STUDY_MAX_SWEEPS 8

struct kk_study_args {
    const char *cmd; /* "tournament" or "balance", for messages */
    int allow_sweep;
    const char *game_name, *agents, *out, *resume;
    const char *record;  /* --record DIR: also write every game as a record (not stored) */
    int force;           /* --force: start again in a folder that holds a run */
    int summary_only;    /* --summary-only: print only the overview (the files are whole) */
    const char *sprt; /* tournament --sprt: the test's settings (experiments/sprt.h) */
    long long players, games, seed, threads, stop_after;
    const char *sets[KK_STUDY_MAX_SETS];
    int num_sets;
    const char *sweeps[KK_STUDY_MAX_SWEEPS];
    int num_sweeps;
    int settings_given; /* GAME, --agents, --players, --seed, --set or --sweep appeared */
    int games_given;
    int help;
};

/* Runs a whole tournament or balance command; returns the exit status. */
int kk_study_main(int argc, char **argv, int allow_sweep, void (*help)(void));

#endif
