/* One study over several MPI processes. Rank 0 owns the output folder and the journal; its
 * thread 0 coordinates while its other threads play. Every other rank asks rank 0 for a
 * chunk of job indices, plays it with its own OpenMP threads and sends the results back
 * with its next request. Chunks are sized to about half a second of the rank's work and
 * shrink as the run nears its end, so a rank that drew long games does not hold up the
 * end of the run. Results are
 * committed to the same journal as local ones, so games.csv is written in job order and
 * is byte-identical to a one-process run whatever the number of processes and threads.
 *
 * The processes must run the same kark binary (results travel as raw structs). */
/* nanosleep */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omp.h>

#include "mpi.h"
#include "study_internal.h"

#ifdef KK_HAVE_MPI
#include <mpi.h>

enum { TAG_WORK = 71, TAG_CHUNK = 72 };

/* A chunk's target length: a rank talks to rank 0 about twice a second (negligible
 * traffic), and a rank that dies loses at most about this much unsent work. */
#define CHUNK_SECONDS 0.5

/* A worker's message to rank 0: results of its last chunk (count of them), or an error,
 * and a request for the next chunk. */
struct work_header {
    int32_t kind; /* 0: results, 1: the game `first` failed with message `msg` */
    int32_t threads;
    int64_t first, count;
    double seconds; /* wall time the chunk took */
    char msg[sizeof(kk_error)];
};

static void pause_briefly(void)
{
    /* 1 ms: a chunk lasts about CHUNK_SECONDS, so the wait adds 0.2% at most, and the
     * coordinator (each MPI_Iprobe runs the MPI progress engine) costs ~1% of a core. */
    struct timespec t = {0, 1000000};
    nanosleep(&t, NULL);
}

static size_t record_size(int width)
{
    return sizeof(struct kk_game_result) + sizeof(double) * (size_t)width;
}

/* A rank waiting for its next chunk: its thread count and the pace of its last chunk. */
struct request {
    int waiting;
    int32_t threads;
    int64_t count;
    double seconds;
};

/* Answers rank src's request with a chunk inside the window, or with an empty chunk when
 * the run stops or no job is left. Returns 0 when the window is full (ask again later),
 * 1 when a chunk went out, 2 when the rank was told to stop. */
static int answer(struct kk_study_journal *jr, int src, const struct request *q, int stopping)
{
    int size = kk_mpi_size();
    int64_t chunk[2] = {0, 0};
    if (!stopping && atomic_load(&jr->next) < jr->end) {
        long long remaining = jr->end - atomic_load(&jr->next);
        long long threads = q->threads > 0 ? q->threads : 1;
        /* Aim at CHUNK_SECONDS of the rank's work, from the pace of its last chunk (a
         * first chunk is one game per thread), and at most a share of what remains, so
         * chunks shrink towards the end and the ranks finish together; and at most a share
         * of the window, so every rank's chunk fits it at once. */
        long long c = threads;
        if (q->count > 0 && q->seconds > 0)
            c = (long long)((double)q->count * CHUNK_SECONDS / q->seconds);
        if (c > remaining / (2LL * size))
            c = remaining / (2LL * size);
        if (c > jr->window / (2LL * size))
            c = jr->window / (2LL * size);
        if (c < threads)
            c = threads;
        long long first = -1;
#pragma omp critical(kk_study_journal)
        {
            long long next = atomic_load(&jr->next);
            long long room = atomic_load(&jr->written) + jr->window - next;
            if (c > room)
                c = room;
            if (c > 0)
                first = atomic_fetch_add(&jr->next, c);
        }
        if (first < 0)
            return 0;
        if (first < jr->end) {
            chunk[0] = first;
            chunk[1] = first + c <= jr->end ? c : jr->end - first;
        }
    }
    MPI_Send(chunk, 2, MPI_INT64_T, src, TAG_CHUNK, MPI_COMM_WORLD);
    return chunk[1] == 0 ? 2 : 1;
}

void kk_study_coordinate(struct kk_study_journal *jr, atomic_int *stop_signal)
{
    int size = kk_mpi_size();
    int active = size - 1;
    int width = jr->out->width;
    size_t cap = 0;
    char *buf = NULL;
    double *stats = calloc((size_t)width + 1, sizeof *stats);
    struct request *queue = calloc((size_t)size, sizeof *queue);
    double stop_since = -1;
    while (active > 0) {
        int stopping = atomic_load(&jr->failed) || (stop_signal && atomic_load(stop_signal));
        for (int src = 1; src < size && queue; src++)
            if (queue[src].waiting) {
                int a = answer(jr, src, &queue[src], stopping);
                queue[src].waiting = a == 0;
                active -= a == 2;
            }
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_WORK, MPI_COMM_WORLD, &flag, &status);
        if (!flag) {
            /* After a stop, ranks still playing get a while to hand in their chunk; a rank
             * that never answers (killed) must not keep rank 0 from ending. */
            if (stopping) {
                double now = omp_get_wtime();
                if (stop_since < 0)
                    stop_since = now;
                else if (now - stop_since > 10)
                    break;
            }
            pause_briefly();
            continue;
        }
        int n = 0;
        MPI_Get_count(&status, MPI_BYTE, &n);
        if ((size_t)n > cap || !queue) {
            char *grown = realloc(buf, (size_t)n > cap ? (size_t)n : cap);
            if (!grown || !stats || !queue) {
                kk_error e;
                kk_fail(&e, "out of memory for a chunk of results from rank %d",
                        status.MPI_SOURCE);
                kk_study_commit(jr, jr->start, NULL, NULL, &e);
                break;
            }
            buf = grown;
            cap = (size_t)n > cap ? (size_t)n : cap;
        }
        int src = status.MPI_SOURCE;
        MPI_Recv(buf, n, MPI_BYTE, src, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        struct work_header h;
        memcpy(&h, buf, sizeof h);
        if (h.kind == 1) {
            kk_error e;
            memcpy(&e, h.msg, sizeof e);
            e.msg[sizeof e.msg - 1] = '\0';
            kk_study_commit(jr, h.first, NULL, NULL, &e);
        } else {
            const char *p = buf + sizeof h;
            for (int64_t k = 0; k < h.count; k++, p += record_size(width)) {
                struct kk_game_result r;
                memcpy(&r, p, sizeof r);
                memcpy(stats, p + sizeof r, sizeof *stats * (size_t)width);
                kk_study_commit(jr, h.first + k, &r, stats, NULL);
            }
        }
        queue[src] = (struct request){.waiting = 1,
                                      .threads = h.threads,
                                      .count = h.kind == 0 ? h.count : 0,
                                      .seconds = h.seconds};
    }
    free(queue);
    free(stats);
    free(buf);
}

int kk_study_serve(const struct kk_study *st, const struct kk_run_opts *opts, kk_error *err)
{
    int threads = opts->threads > 0 ? opts->threads : 1;
    int width = kk_stats_width(st->game, st->players);
    size_t rec = record_size(width);
    struct kk_study_worker *ws = calloc((size_t)threads, sizeof *ws);
    if (!ws)
        return kk_fail(err, "out of memory");
    int status = 0;
    for (int t = 0; t < threads; t++)
        if (kk_study_worker_init(&ws[t], st) != 0)
            status = kk_fail(err, "out of memory");
    char *msg = malloc(sizeof(struct work_header));
    if (!msg)
        status = kk_fail(err, "out of memory");
    if (status != 0) {
        /* Rank 0 waits for this rank: end the whole run rather than leave it waiting. */
        for (int t = 0; t < threads; t++)
            kk_study_worker_free(&ws[t]);
        free(ws);
        free(msg);
        return status;
    }
    struct work_header h = {.kind = 0, .threads = threads, .first = 0, .count = 0};
    size_t len = sizeof h;
    memcpy(msg, &h, sizeof h);
    for (;;) {
        MPI_Send(msg, (int)len, MPI_BYTE, 0, TAG_WORK, MPI_COMM_WORLD);
        int64_t chunk[2];
        MPI_Recv(chunk, 2, MPI_INT64_T, 0, TAG_CHUNK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (chunk[1] == 0)
            break;
        char *grown = realloc(msg, sizeof h + rec * (size_t)chunk[1]);
        if (!grown) {
            status = kk_fail(err, "out of memory for a chunk of %lld games",
                             (long long)chunk[1]);
            break;
        }
        msg = grown;
        long long failed = -1;
        kk_error first_err = {{0}};
        double t0 = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (int64_t k = 0; k < chunk[1]; k++) {
            struct kk_study_worker *w = &ws[omp_get_thread_num()];
            struct kk_game_result r;
            kk_error e = {{0}};
            char *slot = msg + sizeof h + rec * (size_t)k;
            if (kk_study_play_job(st, opts, w, chunk[0] + k, &r, &e) == 0) {
                memcpy(slot, &r, sizeof r);
                memcpy(slot + sizeof r, w->stats, sizeof(double) * (size_t)width);
            } else {
#pragma omp critical(kk_study_serve_error)
                if (failed < 0 || chunk[0] + k < failed) {
                    failed = chunk[0] + k;
                    first_err = e;
                }
            }
        }
        if (failed >= 0) {
            h = (struct work_header){.kind = 1, .threads = threads, .first = failed};
            memcpy(h.msg, &first_err, sizeof first_err);
            len = sizeof h;
        } else {
            h = (struct work_header){.kind = 0, .threads = threads, .first = chunk[0],
                                     .count = chunk[1], .seconds = omp_get_wtime() - t0};
            len = sizeof h + rec * (size_t)chunk[1];
        }
        memcpy(msg, &h, sizeof h);
    }
    for (int t = 0; t < threads; t++)
        kk_study_worker_free(&ws[t]);
    free(ws);
    free(msg);
    return status;
}

#else

void kk_study_coordinate(struct kk_study_journal *jr, atomic_int *stop_signal)
{
    (void)jr;
    (void)stop_signal;
}

int kk_study_serve(const struct kk_study *st, const struct kk_run_opts *opts, kk_error *err)
{
    (void)st;
    (void)opts;
    return kk_fail(err, "this kark was built without MPI");
}

#endif
