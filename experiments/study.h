/* The experiment runner shared by `kark tournament` and `kark balance`: a study is a grid
 * of rules variants x N games between a list of agents. Game i of every variant uses the
 * PCG streams of kk_game_rngs(seed, i) and the same seating, so variants are compared on
 * common random numbers. Games run in parallel (OpenMP, one agent instance per seat per
 * thread); each finished game is appended to DIR/games.csv strictly in job order and
 * flushed, so an interrupted run leaves every game before the first unfinished one on
 * disk, and a resumed run reproduces the uninterrupted files byte for byte. */
#ifndef KK_STUDY_H
#define KK_STUDY_H

#include <stdint.h>

#include "../agents/agent.h"
#include "../engine/core/game.h"
#include "play.h"

#define KK_STUDY_MAX_AGENTS 16
#define KK_STUDY_MAX_VARIANTS 256
#define KK_VARIANT_TEXT 512

struct kk_study {
    const struct kk_game *game;
    /* The most seats any variant has (resolved, never 0): games.csv has this many seat
     * columns, and a variant with fewer seats leaves the extra cells empty. */
    int players;
    int num_variants;
    struct kk_variant variants[KK_STUDY_MAX_VARIANTS];
    /* Seats of variant v (a sweep may vary the player count); 0 = players (filled in by
     * kk_study_check). */
    int seats[KK_STUDY_MAX_VARIANTS];
    char variant_text[KK_STUDY_MAX_VARIANTS][KK_VARIANT_TEXT]; /* kk_variant_describe, " " */
    int num_agents;
    char specs[KK_STUDY_MAX_AGENTS][KK_SPEC_LEN];  /* canonical specs (every option) */
    char labels[KK_STUDY_MAX_AGENTS][KK_SPEC_LEN]; /* as the user wrote them: tables, CSV */
    int peeks[KK_STUDY_MAX_AGENTS]; /* set by kk_study_check: the agent cheats (agent.h) */
    long long games;                              /* games per variant */
    uint64_t seed;
    /* "kark 0.1, 2026-11-23 22:40 UTC, `kark balance ...`": stated in the Markdown and HTML
     * reports when non-empty (the JSON and games.csv stay free of it, so they are
     * byte-identical across threads and sessions). */
    char provenance[2048];
};

/* What a run leaves: games.csv's first `jobs` rows are its games in job order
 * j = game * num_variants + variant. The reports stream them back from the file
 * (kk_study_scan), so a run holds O(threads) results in memory, never O(games). */
struct kk_study_results {
    long long jobs;  /* rows on disk (games * num_variants when the run finished) */
    int width;       /* kk_stats_width(game, players): a seat a variant lacks holds NaN */
    /* Only with kk_run_opts.keep_results (tests, small callers): every game's result in
     * job order, jobs entries, and jobs * width statistics. NULL otherwise. */
    struct kk_game_result *res;
    double *stats;
};

/* Called with each game in job order as its row reaches games.csv (rows already on disk
 * first, when resuming), or as kk_study_scan reads it back. stats: width values. */
typedef void (*kk_study_row_fn)(void *ctx, long long job, const struct kk_game_result *r,
                                const double *stats);

struct kk_run_opts {
    int threads;           /* >= 1 */
    long long stop_after;  /* > 0: play at most this many new games, then stop as if
                              interrupted (splits a long run into sessions; used by tests) */
    int progress;          /* 1: a progress line on stderr rewritten in place (a terminal);
                              2: a plain progress line every progress_every seconds (a file
                              or pipe) */
    double progress_every; /* mode 2's interval; 0: 10 seconds */
    const char *record_dir; /* non-NULL: each game played is also written as a record,
                               record_dir/game-<i>.rec (one variant) or
                               record_dir/v<v>-game-<i>.rec (the folder must exist) */
    const char *command;    /* named in each record's first comment ("tournament"); NULL:
                               "study" */
    int handle_signals;    /* 1: SIGINT/SIGTERM stop after the games in flight */
    int distributed;       /* 1: under MPI with several processes, rank 0 hands chunks of
                              games to the other ranks, which run kk_study_serve */
    int keep_results;      /* 1: out->res / out->stats hold every game (O(games) memory) */
    kk_study_row_fn on_row; /* non-NULL: fed every row of games.csv in job order */
    void *on_row_ctx;
};

/* The agent playing seat s of game i: agents rotate one place per game, so over any
 * num_agents consecutive games every agent sits in every seat exactly once. */
static inline int kk_seat_agent(long long game, int seat, int num_agents)
{
    return (int)((game + seat) % num_agents);
}

/* Copies st->specs into st->labels (where a label is empty), replaces st->specs by the
 * canonical specs, and checks every agent can be built for the game, and that every
 * variant initialises with st->seats[v] seats (a 0 there becomes st->players; then
 * st->players becomes the largest seat count). */
int kk_study_check(struct kk_study *st, kk_error *err);

/* The header line of games.csv (with the trailing newline). */
void kk_study_csv_header(const struct kk_study *st, struct kk_buf *out);

/* Runs the study into dir (which must exist). With resume, the games already in
 * dir/games.csv are read back (each row is checked against the study) and only the rest
 * are played; without it dir/games.csv must not exist. out receives the number of games
 * on disk (and, with opts->keep_results, every game; free with kk_study_results_free).
 * Finished games wait in a window of kk_study_window(threads) jobs until every earlier one
 * is written, so memory does not grow with the games. Returns 0 when all games are done,
 * 1 when stopped early (signal or stop_after: out->jobs is then the number on disk),
 * -1 on error with err set. *signal_out (may be NULL) receives the signal that stopped
 * the run, or 0. */
int kk_study_run(const struct kk_study *st, const char *dir, int resume,
                 const struct kk_run_opts *opts, struct kk_study_results *out, int *signal_out,
                 kk_error *err);

void kk_study_results_free(struct kk_study_results *r);

/* Streams the first `jobs` rows of dir/games.csv to fn in job order. For the reports of a
 * run that wrote or checked the rows: the header and each row's column count are checked,
 * not the row's check value (a resume does that). Memory does not depend on jobs. Returns
 * 0, or -1 with err set (a missing, short or malformed file). */
int kk_study_scan(const struct kk_study *st, const char *dir, long long jobs, kk_study_row_fn fn,
                  void *ctx, kk_error *err);

/* The most finished games a run holds before writing them (they wait for an earlier game
 * still being played): threads can run this far ahead of the first unwritten game. */
long long kk_study_window(int threads);

/* Plays job `job` of st again, as the run played it, and leaves its final state in state
 * (g->state_size bytes). Returns 0, or -1 with err set. */
int kk_study_final_state(const struct kk_study *st, long long job, void *state, kk_error *err);

/* MPI ranks other than 0 (study_mpi.c): play the chunks of st's games that rank 0 hands
 * out in its kk_study_run (opts->distributed), with opts->threads threads, until rank 0
 * says the run is over. Touches no file. Returns 0, or -1 with err set. */
int kk_study_serve(const struct kk_study *st, const struct kk_run_opts *opts, kk_error *err);

/* Splits one CSV line (no newline) into fields in place, removing RFC 4180 quotes.
 * Returns the number of fields, or -1 (more than max, or a broken quote). */
int kk_csv_split(char *line, char **fields, int max);

/* Writes x as the shortest text that reads back as the same double ("12", "0.25"). */
int kk_format_double(double x, char *buf, size_t size);

#endif
