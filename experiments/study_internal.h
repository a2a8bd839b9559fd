/* The experiment runner's inner parts, shared by study.c (threads of one process) and
 * study_mpi.c (several processes under MPI). Not an API for other modules. */
#ifndef KK_STUDY_INTERNAL_H
#define KK_STUDY_INTERNAL_H

#include <stdatomic.h>
#include <stdio.h>

#include "../engine/core/buf.h"
#include "study.h"

/* One thread's playing context: each agent has one instance per seat it may hold in a
 * game (created on first use), so agents never share search memory across threads or
 * seats. Agents are reset by kk_play_game, so a game's course does not depend on which
 * worker plays it. */
struct kk_study_worker {
    void *state;
    double *stats;      /* the game's statistics in games.csv's layout (st->players seats) */
    double *game_stats; /* the same as the game reports them (its own seat count) */
    struct kk_buf rec;  /* the game's record, when records are written */
    struct kk_agent *inst[KK_STUDY_MAX_AGENTS][KK_MAX_SEATS];
};

/* The run's journal: results land here in any order and reach games.csv in job order. */
struct kk_study_journal {
    const struct kk_study *st;
    const struct kk_run_opts *opts;
    struct kk_study_results *out;
    FILE *file;
    /* The window: finished jobs in [written, written + window) wait here for the jobs
     * before them; job j sits in slot j % window, held[slot] == j when it is there. */
    long long window;
    long long *held;
    struct kk_game_result *ring_res;
    double *ring_stats;    /* window * out->width values */
    atomic_llong written;  /* every job < written is on disk */
    long long start, end;  /* this session plays jobs [start, end) */
    atomic_llong next;     /* the next job to hand out */
    atomic_int failed;     /* a game or an allocation failed: stop handing out jobs */
    long long failed_job;  /* the first failed job, or -1 */
    kk_error game_err;     /* its error */
    int io_error;          /* errno of the first failed write, or 0 */
    struct kk_buf row;
    const char *pending_path; /* DIR/pending.csv: finished games not yet in games.csv */
    FILE *pending;            /* opened on first use */
    int progress;
    double progress_every;
    double t0, last_progress;
};

int kk_study_worker_init(struct kk_study_worker *w, const struct kk_study *st);
void kk_study_worker_free(struct kk_study_worker *w);

/* Plays job j (game j / num_variants of variant j % num_variants) with w's agents into r
 * and w->stats, writing its record if opts->record_dir is set. */
int kk_study_play_job(const struct kk_study *st, const struct kk_run_opts *opts,
                      struct kk_study_worker *w, long long j, struct kk_game_result *r,
                      kk_error *err);

/* Records job j's result (r == NULL: the job failed with *e) and writes every row now
 * contiguous to disk. j must lie in the window (kk_study_claim). Thread-safe; a job
 * committed twice keeps its first result. */
void kk_study_commit(struct kk_study_journal *jr, long long j, const struct kk_game_result *r,
                     const double *stats, const kk_error *e);

/* Waits until job j fits the window (j < written + window). Returns 1 when j is to be
 * played, 0 when it is already finished (taken back from pending.csv), -1 when the run
 * stops (a failure or the signal flag stop, which may be NULL) before there is room. */
int kk_study_claim(struct kk_study_journal *jr, long long j, atomic_int *stop);

/* MPI rank 0, on thread 0 (the thread that initialised MPI) while this process's other
 * threads play: hands chunks of jobs from jr->next to the other ranks and commits their
 * results, until every rank has been told to stop. stop_signal (may be NULL) is the
 * run's signal flag. Without MPI it returns at once. */
void kk_study_coordinate(struct kk_study_journal *jr, atomic_int *stop_signal);

#endif
