/* kark bench: throughput, thread scaling and a behaviour signature for each game.
 * measure.c runs the measurements of one game, report.c prints them as a table or as
 * JSON, cmd_bench.c parses the command line. Module prefix: bench_. */
#ifndef KK_BENCH_H
#define KK_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../engine/core/game.h"

/* Seed of every seeded game the bench plays: signature games, legal-move positions,
 * MCTS positions and timed games. Changing it changes every recorded signature. */
#define BENCH_SEED 1
/* Number of seeded random games whose outcomes make the signature (games 0..N-1 of
 * seed BENCH_SEED, the same games `kark selfplay GAME --agents random --seed 1` plays). */
#define BENCH_SIG_GAMES 200
/* The MCTS search measured: one agent, one thread, 1,000 iterations per decision. */
/* Random playouts to the end, random expansion, the game's own evaluation and mean backups,
 * whatever the game's agent_defaults say: the figure measures the engine (playouts and tree
 * bookkeeping) and stays comparable with the performance ledger; a game's preferred search
 * settings would change what it times. Chance nodes follow the game's defaults (Tunnel
 * Run's `seen`, the dice game's `explicit`). */
#define BENCH_MCTS_SPEC                                                                    \
    "mcts:iters=1000,threads=1,rollout=random,depth=0,widen=0,expand=random,eval=game,cv=off," \
    "backup=mean,moves=all"
#define BENCH_MCTS_ITERS 1000
#define BENCH_MAX_STEPS 16 /* thread counts measured: 1, 2, 4, ..., and T */

/* The median of several timed runs, with their spread. n == 0: not measured (null). */
struct bench_stat {
    double median, min, max;
    int n;
};

struct bench_opts {
    int repeats;        /* timed runs per figure */
    double budget_s;    /* wall time of one timed run of a time-budgeted figure */
    int threads;        /* largest thread count of the scaling runs */
    int mcts_positions; /* fixed positions searched per MCTS run */
    int mcts_opening;   /* 1: also the searches from the opening (not with --quick) */
};

struct bench_scaling {
    int threads;
    struct bench_stat games_per_s;
    /* The same runs per second of CPU time summed over the team's threads, and each
     * thread's CPU time as a share of the run's wall time (1: every thread had a core). */
    struct bench_stat games_per_cpu_s;
    struct bench_stat cpu_per_thread;
    double efficiency;     /* by wall time: median games/s / (threads * games/s at 1 thread) */
    double cpu_efficiency; /* by CPU time: games/CPU s / games/CPU s at 1 thread; below 1
                            * when threads slow each other (shared caches, SMT, memory) */
};

struct bench_result {
    const struct kk_game *game;
    char error[256]; /* non-empty: the game could not be measured, and why */
    char variant[512]; /* "k=v k=v ..." as measured */
    int players;
    size_t state_bytes;

    /* Signature: FNV-1a 64 over (players, length, scores, winners) of the signature
     * games, in game order, with moves drawn uniformly from legal_moves(): it follows the
     * rules, the move order and chance sampling, not how fast random moves are drawn. */
    uint64_t signature;
    /* The same games on the fast path (kk_random_move, the game's random_move hook):
     * the games `kark selfplay GAME --agents random --seed 1` plays. Equal to signature
     * for a game without the hook. Mean length and scores are of these games. */
    uint64_t playout_signature;
    double mean_length;
    double mean_scores[KK_MAX_SEATS];

    struct bench_stat random_games_per_s; /* one core, fast random playouts */
    struct bench_stat moves_per_s;        /* seat moves chosen and applied, same runs */
    struct bench_stat events_per_s;       /* moves plus chance outcomes applied */
    struct bench_stat random_turns_per_s; /* from the game's "turns" statistic, if any */
    struct bench_stat cpu_share;          /* thread CPU time / wall time in those runs */
    /* The same runs per second of the thread's CPU time: what a quiet core would give,
     * roughly, when other processes share the machine. */
    struct bench_stat random_games_per_cpu_s;
    struct bench_stat random_turns_per_cpu_s;
    struct bench_stat legal_gen_per_s;    /* legal_moves() calls on fixed positions */
    double mean_legal_moves;              /* average count over those positions */
    int legal_positions;
    struct bench_stat mcts_iters_per_s;
    struct bench_stat mcts_iters_per_cpu_s; /* the same searches per thread CPU second */
    /* Searches from the opening: the first seat decision of seeded game BENCH_MCTS_BASE
     * (whole-game playouts, the slowest iterations); the same spec and iterations. */
    struct bench_stat mcts_opening_iters_per_s;
    struct bench_stat mcts_opening_iters_per_cpu_s;
    char mcts_note[300]; /* why mcts_iters_per_s is null, else "" */

    int num_scaling;
    struct bench_scaling scaling[BENCH_MAX_STEPS];
};

/* Measures game g under variant v with `players` seats (0: the game's default).
 * Returns 0, or -1 with err set (setup rejected, a game that does not end, or a
 * signature that differs between thread counts: a thread-safety bug in the game). */
int bench_game(const struct kk_game *g, const struct kk_variant *v, int players,
               const struct bench_opts *o, struct bench_result *r, kk_error *err);

/* Only the signature games: fills players, state_bytes, variant and the signatures. */
int bench_signature(const struct kk_game *g, const struct kk_variant *v, int players,
                    struct bench_result *r, kk_error *err);

/* --mcts-memory N: one search of N iterations (BENCH_MCTS_SPEC with iters=N) from the
 * opening (the first decision of seeded game BENCH_MCTS_BASE), with the process's peak
 * resident memory before and after. */
struct bench_memory {
    long long iters;
    double wall_s, cpu_s;
    long rss_before_kb, rss_after_kb; /* peak resident set size (getrusage), KiB */
};
int bench_mcts_memory(const struct kk_game *g, const struct kk_variant *v, int players,
                      long long iters, struct bench_memory *m, kk_error *err);

/* The thread counts measured for a maximum of T: 1, 2, 4, ... below T, then T. */
int bench_thread_steps(int max_threads, int *steps);

/* Where and how the figures were taken. */
struct bench_conditions {
    char cpu[160];
    int cores;      /* processors this process may run on */
    double load1;   /* 1-minute load average when the bench started; < 0: unknown */
    double load1_end; /* the same when it ended (set by bench_conditions_end) */
    char date[32];  /* UTC, ISO 8601 */
    char command[512];
};

void bench_conditions_read(struct bench_conditions *c, int argc, char **argv);
/* Reads the load average again at the end of the run. */
void bench_conditions_end(struct bench_conditions *c);

/* A floor an issue sets for a game. It is stated per core-second: the wall-clock median
 * on one core meets it on a quiet machine; on a busy one (the runs got less than
 * BENCH_BUSY_SHARE of a core) the rate per CPU second decides between "MISSED" and
 * "inconclusive", never a verdict of MISSED that only the other processes caused. */
struct bench_floor {
    const char *game;
    const char *metric;     /* JSON name of the wall-clock figure */
    const char *cpu_metric; /* JSON name of the same figure per CPU second */
    double min;
    int players; /* the floor is stated for this seat count; 0: any */
    const char *what;
};
#define BENCH_BUSY_SHARE 0.9
#define BENCH_MAX_FLOORS 4
/* The floors set for a game (at most BENCH_MAX_FLOORS); returns how many. */
int bench_floors_of(const char *game, const struct bench_floor **out);
/* The measured medians of a floor's metric, wall clock and per CPU second (n == 0 when
 * not measured), and the CPU share of those runs. */
const struct bench_stat *bench_floor_value(const struct bench_floor *f,
                                           const struct bench_result *r);
const struct bench_stat *bench_floor_cpu_value(const struct bench_floor *f,
                                               const struct bench_result *r);
/* "met", "MISSED", "inconclusive: ..." or why the floor does not apply. */
const char *bench_floor_verdict(const struct bench_floor *f, const struct bench_result *r,
                                char *buf, size_t size);

/* Text: a header once, then one block per game as it is measured. */
void bench_print_header(FILE *f, const struct bench_conditions *c, const struct bench_opts *o);
void bench_print_game(FILE *f, const struct bench_result *r, int signature_only);
/* Text: one row of medians per game, after the blocks. */
void bench_print_summary(FILE *f, const struct bench_result *r, int n);
struct bench_baseline;
/* JSON: one object with conditions and every game (with ratios to baseline if non-NULL). */
void bench_print_json(FILE *f, const struct bench_conditions *c, const struct bench_opts *o,
                      const struct bench_result *r, int n, int signature_only,
                      const struct bench_baseline *baseline);
/* Markdown: a ledger entry for docs/performance.md. */
void bench_print_markdown(FILE *f, const struct bench_conditions *c, const struct bench_opts *o,
                          const struct bench_result *r, int n);

/* --compare FILE: an earlier `kark bench --json` output, parsed (a jansson json_t *,
 * kept opaque here so only compare.c needs jansson's header). */
struct bench_baseline {
    void *root;
    const char *path;
};

#define BENCH_MAX_COMPARED 8

/* One game's figures set against the baseline's: ratio now/then (0: not comparable). */
struct bench_comparison {
    int found; /* 0: the baseline has no line for the game */
    int num;
    const char *key[BENCH_MAX_COMPARED], *label[BENCH_MAX_COMPARED];
    double ratio[BENCH_MAX_COMPARED];
    long old_state_bytes; /* -1: unknown */
    char old_signature[40];
    int signature_changed;
};

int bench_baseline_load(const char *path, struct bench_baseline *b, kk_error *err);
void bench_baseline_free(struct bench_baseline *b);
/* Fills c from the baseline's line for r's game; returns c->found. */
int bench_compare(const struct bench_baseline *b, const struct bench_result *r,
                  struct bench_comparison *c);
/* Text: one line under a game's block. */
void bench_print_compare(FILE *f, const struct bench_baseline *b, const struct bench_result *r);
struct kk_buf;
/* JSON: a ,"baseline":{...} member of a game object. */
void bench_json_compare(struct kk_buf *out, const struct bench_baseline *b,
                        const struct bench_result *r);

#endif
