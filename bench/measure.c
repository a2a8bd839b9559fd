/* The measurements of one game. Every game the bench plays is a seeded random game:
 * game i draws chance outcomes and moves from the streams kk_game_rngs(BENCH_SEED, i),
 * exactly as `kark selfplay GAME --agents random --seed 1` does, but on the fast path
 * (kk_random_move and g->apply on a copy of the initial state, no agent in between).
 * Rates are taken with the monotonic clock; a time-budgeted run repeats its work until
 * the budget is spent and divides by the time actually taken. */
#define _POSIX_C_SOURCE 200809L

#include "bench.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <time.h>

#include "../agents/agent.h"
#include "../experiments/play.h"

/* A game longer than this is an engine bug, not a long game. (Overridable at compile
 * time, to exercise the failure paths.) */
#ifndef BENCH_MAX_EVENTS
#define BENCH_MAX_EVENTS 1000000
#endif
/* Game indices of the position sets, apart from the signature games and each other. */
#define BENCH_LEGAL_BASE 1000000u
#define BENCH_MCTS_BASE 2000000u
/* Positions for legal-move generation: every seat decision of a few games, up to this
 * many states or this many bytes. */
#define BENCH_LEGAL_POSITIONS 512
#define BENCH_LEGAL_BYTES (16u << 20)
#define BENCH_LEGAL_GAMES 64
/* Time-budgeted loops look at the clock once per this many games. */
#define BENCH_CLOCK_EVERY 8

/* The outcome of one game, as hashed into the signature. */
struct outcome {
    int players, length;
    int32_t scores[KK_MAX_SEATS];
    uint32_t winners;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the calling thread: with now_s() it shows how much of a run the bench
 * really had a core for (other processes on a shared machine take the rest). */
static double thread_cpu_s(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median (the mean of the middle two for an even count), min and max of n > 0 values. */
static void summarise(double *vals, int n, struct bench_stat *s)
{
    qsort(vals, (size_t)n, sizeof *vals, cmp_double);
    s->n = n;
    s->min = vals[0];
    s->max = vals[n - 1];
    s->median = n % 2 ? vals[n / 2] : 0.5 * (vals[n / 2 - 1] + vals[n / 2]);
}

/* FNV-1a 64 over the little-endian bytes of v, whatever the host's byte order, so a
 * signature means the same on every machine. */
static uint64_t fnv_u32(uint64_t h, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= 0x100000001b3ULL;
    }
    return h;
}

#define FNV_OFFSET 0xcbf29ce484222325ULL

static uint64_t hash_outcomes(const struct outcome *o, int n)
{
    uint64_t h = FNV_OFFSET;
    for (int i = 0; i < n; i++) {
        h = fnv_u32(h, (uint32_t)o[i].players);
        h = fnv_u32(h, (uint32_t)o[i].length);
        for (int s = 0; s < o[i].players; s++)
            h = fnv_u32(h, (uint32_t)o[i].scores[s]);
        h = fnv_u32(h, o[i].winners);
    }
    return h;
}

/* Plays game `index` from the initial state init0 (copied into state) with uniformly
 * random moves: kk_random_playout() (the game's fused playout hook when it has one, else
 * kk_random_move() and apply, with the game's fast random_move hook when it has one), or
 * when `canonical` is non-NULL (a buffer of g->max_moves moves) a uniform draw from
 * legal_moves() with kk_rng_bounded, the definition the hook must agree with in
 * distribution. Returns the number of events applied (moves and chance outcomes) and
 * sets *length to the number of seat moves, or returns -1 if the game did not end and
 * -2 if legal_moves() gave a count outside 1..max_moves (canonical games only). */
static long random_game(const struct kk_game *g, const void *init0, uint64_t index, void *state,
                        kk_move *canonical, int *length)
{
    kk_rng chance, moves;
    kk_game_rngs(BENCH_SEED, index, &chance, &moves);
    memcpy(state, init0, g->state_size);
    if (!canonical) {
        /* The game's fused playout hook when it has one (the same games: see game.h). */
        int chances = 0;
        int len = kk_random_playout(g, state, &chance, &moves, &chances, BENCH_MAX_EVENTS);
        if (len < 0)
            return -1;
        *length = len;
        return (long)len + chances;
    }
    long events = 0;
    int len = 0;
    for (;;) {
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(state, &chance);
        } else {
            int n = g->legal_moves(state, canonical);
            if (n < 1 || n > g->max_moves)
                return -2; /* broken contract: report it rather than crash */
            m = canonical[kk_rng_bounded(&moves, (uint32_t)n)];
            len++;
        }
        g->apply(state, m);
        if (++events > BENCH_MAX_EVENTS)
            return -1;
    }
    *length = len;
    return events;
}

static void outcome_of(const struct kk_game *g, const void *state, int length, struct outcome *o)
{
    memset(o, 0, sizeof *o);
    o->players = g->players(state);
    o->length = length;
    g->scores(state, o->scores);
    o->winners = g->winners(state);
}

/* Where the game's "turns" statistic sits among its get_stats() values (-1: none);
 * *per_seat says whether it has one value per seat (summed then). */
static int turns_stat(const struct kk_game *g, int players, int *per_seat)
{
    int at = 0;
    for (int i = 0; i < g->num_stats; i++) {
        if (strcmp(g->stats[i].name, "turns") == 0) {
            *per_seat = g->stats[i].per_seat;
            return at;
        }
        at += g->stats[i].per_seat ? players : 1;
    }
    return -1;
}

/* The state every game starts from; the caller frees it. */
static void *initial_state(const struct kk_game *g, const struct kk_variant *v, int players,
                           struct bench_result *r, kk_error *err)
{
    void *init0 = malloc(g->state_size);
    if (!init0) {
        kk_fail(err, "%s: out of memory", g->name);
        return NULL;
    }
    if (kk_game_init(g, init0, v, players, err) != 0) {
        free(init0);
        return NULL;
    }
    r->game = g;
    r->players = g->players(init0);
    r->state_bytes = g->state_size;
    kk_variant_describe(g, v, " ", r->variant, sizeof r->variant);
    return init0;
}

/* Plays the signature games serially, twice: through legal_moves() (the signature) and
 * on the fast path (the playout signature, mean length and mean scores). */
static int signature_games(const struct kk_game *g, const void *init0, void *state,
                           struct bench_result *r, kk_error *err)
{
    struct outcome o[BENCH_SIG_GAMES];
    kk_move *moves = malloc(sizeof *moves * (size_t)(g->max_moves > 0 ? g->max_moves : 1));
    if (!moves)
        return kk_fail(err, "%s: out of memory", g->name);
    for (int pass = 0; pass < 2; pass++) {
        double length_sum = 0, score_sum[KK_MAX_SEATS] = {0};
        for (int i = 0; i < BENCH_SIG_GAMES; i++) {
            int length;
            long rc = random_game(g, init0, (uint64_t)i, state, pass == 0 ? moves : NULL,
                                  &length);
            if (rc < 0) {
                free(moves);
                if (rc == -2)
                    return kk_fail(err, "%s: random game %d: legal_moves() returned a count "
                                        "outside 1..max_moves (%d) at a seat's turn",
                                   g->name, i, g->max_moves);
                return kk_fail(err, "%s: random game %d did not end after %d events", g->name,
                               i, BENCH_MAX_EVENTS);
            }
            outcome_of(g, state, length, &o[i]);
            length_sum += length;
            for (int s = 0; s < o[i].players; s++)
                score_sum[s] += o[i].scores[s];
        }
        if (pass == 0) {
            r->signature = hash_outcomes(o, BENCH_SIG_GAMES);
            continue;
        }
        r->playout_signature = hash_outcomes(o, BENCH_SIG_GAMES);
        r->mean_length = length_sum / BENCH_SIG_GAMES;
        for (int s = 0; s < KK_MAX_SEATS; s++)
            r->mean_scores[s] = score_sum[s] / BENCH_SIG_GAMES;
    }
    free(moves);
    return 0;
}

int bench_signature(const struct kk_game *g, const struct kk_variant *v, int players,
                    struct bench_result *r, kk_error *err)
{
    memset(r, 0, sizeof *r);
    void *init0 = initial_state(g, v, players, r, err);
    if (!init0)
        return -1;
    void *state = malloc(g->state_size);
    int rc = state ? signature_games(g, init0, state, r, err)
                   : kk_fail(err, "%s: out of memory", g->name);
    free(state);
    free(init0);
    return rc;
}

/* One core: random games from game 0 on until the budget is spent. */
static int measure_random(const struct kk_game *g, const void *init0, void *state,
                          const struct bench_opts *o, struct bench_result *r, kk_error *err)
{
    int per_seat = 0;
    int turns_at = turns_stat(g, r->players, &per_seat);
    double *stats = NULL;
    if (turns_at >= 0) {
        stats = calloc((size_t)kk_stats_width(g, r->players) + 1, sizeof *stats);
        if (!stats)
            return kk_fail(err, "%s: out of memory", g->name);
    }
    double *games = malloc(sizeof(double) * 7 * (size_t)o->repeats);
    if (!games) {
        free(stats);
        return kk_fail(err, "%s: out of memory", g->name);
    }
    double *moves = games + o->repeats, *events = moves + o->repeats;
    double *turns = events + o->repeats, *share = turns + o->repeats;
    double *games_cpu = share + o->repeats, *turns_cpu = games_cpu + o->repeats;
    int rc = 0;
    for (int rep = 0; rep < o->repeats && rc == 0; rep++) {
        long n = 0, move_count = 0, event_count = 0;
        double turn_count = 0, c0 = thread_cpu_s(), t0 = now_s(), elapsed = 0;
        for (;;) {
            int length;
            long ev = random_game(g, init0, (uint64_t)n, state, NULL, &length);
            if (ev < 0) {
                rc = kk_fail(err, "%s: random game %ld did not end after %d events", g->name, n,
                             BENCH_MAX_EVENTS);
                break;
            }
            n++;
            move_count += length;
            event_count += ev;
            if (stats) {
                g->get_stats(state, stats);
                for (int s = 0; s < (per_seat ? r->players : 1); s++)
                    turn_count += stats[turns_at + s];
            }
            if (n % BENCH_CLOCK_EVERY == 0 && (elapsed = now_s() - t0) >= o->budget_s)
                break;
        }
        if (rc != 0)
            break;
        double cpu = thread_cpu_s() - c0;
        if (cpu <= 0)
            cpu = elapsed; /* no thread clock: fall back to wall time */
        share[rep] = cpu / elapsed;
        games_cpu[rep] = (double)n / cpu;
        turns_cpu[rep] = turn_count / cpu;
        games[rep] = (double)n / elapsed;
        moves[rep] = (double)move_count / elapsed;
        events[rep] = (double)event_count / elapsed;
        turns[rep] = turn_count / elapsed;
    }
    if (rc == 0) {
        summarise(games, o->repeats, &r->random_games_per_s);
        summarise(moves, o->repeats, &r->moves_per_s);
        summarise(events, o->repeats, &r->events_per_s);
        summarise(share, o->repeats, &r->cpu_share);
        summarise(games_cpu, o->repeats, &r->random_games_per_cpu_s);
        if (stats) {
            summarise(turns, o->repeats, &r->random_turns_per_s);
            summarise(turns_cpu, o->repeats, &r->random_turns_per_cpu_s);
        }
    }
    free(games);
    free(stats);
    return rc;
}

/* A set of states saved from seeded random games. */
struct positions {
    unsigned char *states;
    int n, cap;
};

static int positions_add(struct positions *p, const struct kk_game *g, const void *state)
{
    if (p->n == p->cap)
        return 0;
    memcpy(p->states + (size_t)p->n * g->state_size, state, g->state_size);
    p->n++;
    return 1;
}

static const void *position(const struct positions *p, const struct kk_game *g, int i)
{
    return p->states + (size_t)i * g->state_size;
}

/* Legal-move generation: seat decisions of games BENCH_LEGAL_BASE + k, every one for
 * short games, evenly thinned for long ones so that the set spans about 8 whole games
 * (openings, middle games and endings in their natural proportions). */
static int measure_legal(const struct kk_game *g, const void *init0, void *state,
                         const struct bench_opts *o, struct bench_result *r, kk_error *err)
{
    struct positions p = {0};
    p.cap = BENCH_LEGAL_POSITIONS;
    if ((size_t)p.cap * g->state_size > BENCH_LEGAL_BYTES)
        p.cap = (int)(BENCH_LEGAL_BYTES / g->state_size) + 1;
    p.states = malloc((size_t)p.cap * g->state_size);
    kk_move *moves = malloc(sizeof *moves * (size_t)(g->max_moves > 0 ? g->max_moves : 1));
    double *rates = malloc(sizeof *rates * (size_t)o->repeats);
    int rc = 0;
    if (!p.states || !moves || !rates) {
        rc = kk_fail(err, "%s: out of memory", g->name);
        goto done;
    }
    long stride = (long)(r->mean_length * 8 / p.cap);
    if (stride < 1)
        stride = 1;
    for (unsigned k = 0; k < BENCH_LEGAL_GAMES && p.n < p.cap; k++) {
        kk_rng chance, rng;
        kk_game_rngs(BENCH_SEED, BENCH_LEGAL_BASE + k, &chance, &rng);
        memcpy(state, init0, g->state_size);
        long decisions = 0;
        for (long events = 0; p.n < p.cap; events++) {
            int who = g->to_move(state);
            if (who == KK_TERMINAL)
                break;
            if (events > BENCH_MAX_EVENTS) {
                rc = kk_fail(err, "%s: random game did not end after %d events", g->name,
                             BENCH_MAX_EVENTS);
                goto done;
            }
            if (who == KK_CHANCE) {
                g->apply(state, g->sample_chance(state, &chance));
            } else {
                if (decisions++ % stride == 0)
                    positions_add(&p, g, state);
                g->apply(state, kk_random_move(g, state, &rng));
            }
        }
    }
    if (p.n == 0) {
        rc = kk_fail(err, "%s: no seat decisions in %d random games", g->name,
                     BENCH_LEGAL_GAMES);
        goto done;
    }
    long total = 0;
    for (int i = 0; i < p.n; i++)
        total += g->legal_moves(position(&p, g, i), moves);
    r->mean_legal_moves = (double)total / p.n;
    r->legal_positions = p.n;
    /* sink keeps every call's result alive, so no call can be optimised away. */
    volatile long sink = 0;
    for (int rep = 0; rep < o->repeats; rep++) {
        long calls = 0, sum = 0;
        double t0 = now_s(), elapsed;
        do {
            for (int i = 0; i < p.n; i++)
                sum += g->legal_moves(position(&p, g, i), moves);
            calls += p.n;
        } while ((elapsed = now_s() - t0) < o->budget_s);
        sink += sum;
        rates[rep] = (double)calls / elapsed;
    }
    (void)sink;
    summarise(rates, o->repeats, &r->legal_gen_per_s);
done:
    free(rates);
    free(moves);
    free(p.states);
    return rc;
}

/* MCTS position k: a seat decision with at least two legal moves, about (k+1)/(P+1) of
 * the way through seeded random game BENCH_MCTS_BASE + k. Returns 1 if found. */
static int mcts_position(const struct kk_game *g, const void *init0, int k, int count,
                         kk_move *moves, void *state, void *fallback)
{
    int length = 0;
    if (random_game(g, init0, BENCH_MCTS_BASE + (uint64_t)k, state, NULL, &length) < 0)
        return 0;
    int target = (int)((long)length * (k + 1) / (count + 1));
    kk_rng chance, rng;
    kk_game_rngs(BENCH_SEED, BENCH_MCTS_BASE + (uint64_t)k, &chance, &rng);
    memcpy(state, init0, g->state_size);
    int found = 0;
    for (int decisions = 0;;) {
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        if (who == KK_CHANCE) {
            g->apply(state, g->sample_chance(state, &chance));
            continue;
        }
        if (g->legal_moves(state, moves) >= 2) {
            if (decisions >= target)
                return 1;
            memcpy(fallback, state, g->state_size);
            found = 1;
        }
        g->apply(state, kk_random_move(g, state, &rng));
        decisions++;
    }
    if (found)
        memcpy(state, fallback, g->state_size);
    return found;
}

/* Moves state to the first seat decision with two or more legal moves of seeded game
 * BENCH_MCTS_BASE (chance outcomes drawn from its stream, forced moves played). Returns 1
 * if there is one. moves: room for g->max_moves. */
static int first_decision(const struct kk_game *g, const void *init0, void *state,
                          kk_move *moves)
{
    kk_rng chance, rng;
    kk_game_rngs(BENCH_SEED, BENCH_MCTS_BASE, &chance, &rng);
    memcpy(state, init0, g->state_size);
    for (long events = 0; events < BENCH_MAX_EVENTS; events++) {
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            return 0;
        if (who == KK_CHANCE) {
            g->apply(state, g->sample_chance(state, &chance));
            continue;
        }
        int n = g->legal_moves(state, moves);
        if (n >= 2)
            return 1;
        g->apply(state, moves[0]);
    }
    return 0;
}

static int measure_mcts(const struct kk_game *g, const void *init0, void *state,
                        const struct bench_opts *o, struct bench_result *r)
{
    if (!kk_agent_class_find("mcts")) {
        snprintf(r->mcts_note, sizeof r->mcts_note, "the mcts agent is not registered");
        return 0;
    }
    kk_error err;
    struct kk_agent *a = kk_agent_create(g, BENCH_MCTS_SPEC, &err);
    if (!a) {
        snprintf(r->mcts_note, sizeof r->mcts_note, "%s", err.msg);
        return 0;
    }
    struct positions p = {0};
    p.cap = o->mcts_positions;
    p.states = malloc((size_t)p.cap * g->state_size);
    void *fallback = malloc(g->state_size);
    kk_move *moves = malloc(sizeof *moves * (size_t)(g->max_moves > 0 ? g->max_moves : 1));
    double *rates = malloc(sizeof *rates * 2 * (size_t)o->repeats);
    double *cpu_rates = rates ? rates + o->repeats : NULL;
    if (!p.states || !fallback || !moves || !rates) {
        snprintf(r->mcts_note, sizeof r->mcts_note, "out of memory");
        goto done;
    }
    for (int k = 0; k < p.cap; k++)
        if (mcts_position(g, init0, k, p.cap, moves, state, fallback))
            positions_add(&p, g, state);
    if (p.n == 0) {
        snprintf(r->mcts_note, sizeof r->mcts_note, "no decision with two or more moves");
        goto done;
    }
    /* The opening: the first seat decision of game BENCH_MCTS_BASE. */
    int have_opening = o->mcts_opening && first_decision(g, init0, state, moves);
    for (int phase = 0; phase < 1 + have_opening; phase++) {
        int count = phase == 0 ? p.n : 1;
        for (int rep = 0; rep < o->repeats; rep++) {
            double t0 = now_s(), c0 = thread_cpu_s();
            for (int k = 0; k < count; k++) {
                const void *at = phase == 0 ? position(&p, g, k) : state;
                kk_rng chance, rng;
                kk_game_rngs(BENCH_SEED, BENCH_MCTS_BASE + (uint64_t)k, &chance, &rng);
                if (a->reset)
                    a->reset(a); /* each search starts from an empty tree */
                kk_move m = a->choose(a, at, &rng);
                if (!kk_is_legal(g, at, m)) {
                    snprintf(r->mcts_note, sizeof r->mcts_note,
                             "mcts chose an illegal move at position %d", k);
                    goto done;
                }
            }
            double wall = now_s() - t0, cpu = thread_cpu_s() - c0;
            if (cpu <= 0)
                cpu = wall; /* no thread clock: fall back to wall time */
            rates[rep] = (double)BENCH_MCTS_ITERS * count / wall;
            cpu_rates[rep] = (double)BENCH_MCTS_ITERS * count / cpu;
        }
        summarise(rates, o->repeats, phase == 0 ? &r->mcts_iters_per_s
                                                : &r->mcts_opening_iters_per_s);
        summarise(cpu_rates, o->repeats, phase == 0 ? &r->mcts_iters_per_cpu_s
                                                    : &r->mcts_opening_iters_per_cpu_s);
    }
done:
    free(rates);
    free(moves);
    free(fallback);
    free(p.states);
    kk_agent_destroy(a);
    return 0;
}

static long peak_rss_kb(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

int bench_mcts_memory(const struct kk_game *g, const struct kk_variant *v, int players,
                      long long iters, struct bench_memory *m, kk_error *err)
{
    memset(m, 0, sizeof *m);
    struct bench_result r;
    memset(&r, 0, sizeof r);
    void *init0 = initial_state(g, v, players, &r, err);
    if (!init0)
        return -1;
    void *state = malloc(g->state_size);
    kk_move *moves = malloc(sizeof *moves * (size_t)(g->max_moves > 0 ? g->max_moves : 1));
    int rc = -1;
    struct kk_agent *a = NULL;
    if (!state || !moves) {
        kk_fail(err, "%s: out of memory", g->name);
        goto done;
    }
    if (!first_decision(g, init0, state, moves)) {
        kk_fail(err, "%s: no decision with two or more moves", g->name);
        goto done;
    }
    /* The bench's MCTS spec with the iteration count replaced. */
    char spec[256];
    const char *rest = strchr(BENCH_MCTS_SPEC, ','); /* the options after iters=... */
    snprintf(spec, sizeof spec, "mcts:iters=%lld%s", iters, rest ? rest : "");
    m->rss_before_kb = peak_rss_kb();
    if (!(a = kk_agent_create(g, spec, err)))
        goto done;
    kk_rng chance, rng;
    kk_game_rngs(BENCH_SEED, BENCH_MCTS_BASE, &chance, &rng);
    double t0 = now_s(), c0 = thread_cpu_s();
    kk_move mv = a->choose(a, state, &rng);
    m->wall_s = now_s() - t0;
    m->cpu_s = thread_cpu_s() - c0;
    m->rss_after_kb = peak_rss_kb();
    m->iters = iters;
    if (!kk_is_legal(g, state, mv)) {
        kk_fail(err, "%s: mcts chose an illegal move", g->name);
        goto done;
    }
    rc = 0;
done:
    if (a)
        kk_agent_destroy(a);
    free(moves);
    free(state);
    free(init0);
    return rc;
}

int bench_thread_steps(int max_threads, int *steps)
{
    int n = 0;
    for (int t = 1; t < max_threads && n < BENCH_MAX_STEPS - 1; t *= 2)
        steps[n++] = t;
    steps[n++] = max_threads;
    return n;
}

/* Games per second at each thread count: a fixed number of games (about budget_s worth
 * at the measured one-core rate, times the thread count) shared out dynamically. The
 * first BENCH_SIG_GAMES games are the signature games: their outcomes must hash to the
 * serial playout signature whatever the thread count, or the game is not thread-safe. */
static int measure_scaling(const struct kk_game *g, const void *init0,
                           const struct bench_opts *o, struct bench_result *r, kk_error *err)
{
    int steps[BENCH_MAX_STEPS];
    int num_steps = bench_thread_steps(o->threads, steps);
    double *rates = malloc(sizeof *rates * 3 * (size_t)o->repeats);
    double *cpu_rates = rates ? rates + o->repeats : NULL;
    double *per_thread = rates ? cpu_rates + o->repeats : NULL;
    struct outcome *sig = malloc(sizeof *sig * BENCH_SIG_GAMES);
    if (!rates || !sig) {
        free(rates);
        free(sig);
        return kk_fail(err, "%s: out of memory", g->name);
    }
    int rc = 0;
    double one_core = r->random_games_per_s.median;
    for (int si = 0; si < num_steps && rc == 0; si++) {
        int threads = steps[si];
        /* The team OpenMP really gave (OMP_THREAD_LIMIT or OMP_DYNAMIC can shrink it). */
        int team = threads;
        double want = one_core * o->budget_s * threads;
        long n = want > 1e9 ? 1000000000L : (long)want;
        if (n < BENCH_SIG_GAMES)
            n = BENCH_SIG_GAMES;
        for (int rep = 0; rep < o->repeats && rc == 0; rep++) {
            int stuck = 0, nomem = 0;
            double t0 = now_s(), cpu = 0;
#pragma omp parallel num_threads(threads) reduction(| : stuck, nomem) reduction(+ : cpu)
            {
                double c0 = thread_cpu_s();
#pragma omp single
                team = omp_get_num_threads();
                /* Each thread's scratch state on its own cache lines: no false sharing. */
                size_t bytes = (g->state_size + 63) / 64 * 64;
                void *state = aligned_alloc(64, bytes);
                if (!state)
                    nomem = 1;
#pragma omp for schedule(dynamic, 16)
                for (long i = 0; i < n; i++) {
                    int length;
                    if (!state || random_game(g, init0, (uint64_t)i, state, NULL, &length) < 0) {
                        stuck |= state != NULL;
                        continue;
                    }
                    if (i < BENCH_SIG_GAMES)
                        outcome_of(g, state, length, &sig[i]);
                }
                free(state);
                cpu += thread_cpu_s() - c0;
            }
            double elapsed = now_s() - t0;
            if (cpu <= 0)
                cpu = elapsed * team; /* no thread clock: assume every thread had a core */
            if (nomem || stuck) {
                rc = kk_fail(err, nomem ? "%s: out of memory"
                                        : "%s: a random game did not end (threaded run)",
                             g->name);
                break;
            }
            if (hash_outcomes(sig, BENCH_SIG_GAMES) != r->playout_signature) {
                rc = kk_fail(err,
                             "%s: the signature games gave different outcomes at %d threads "
                             "than on one core (shared mutable state in the game?)",
                             g->name, threads);
                break;
            }
            rates[rep] = (double)n / elapsed;
            cpu_rates[rep] = (double)n / cpu;
            per_thread[rep] = cpu / (elapsed * team);
        }
        if (rc == 0) {
            struct bench_scaling *sc = &r->scaling[r->num_scaling++];
            sc->threads = team;
            summarise(rates, o->repeats, &sc->games_per_s);
            summarise(cpu_rates, o->repeats, &sc->games_per_cpu_s);
            summarise(per_thread, o->repeats, &sc->cpu_per_thread);
            double base = r->scaling[0].games_per_s.median;
            sc->efficiency = base > 0 ? sc->games_per_s.median / (team * base) : 0;
            double cpu_base = r->scaling[0].games_per_cpu_s.median;
            sc->cpu_efficiency = cpu_base > 0 ? sc->games_per_cpu_s.median / cpu_base : 0;
        }
    }
    free(sig);
    free(rates);
    return rc;
}

int bench_game(const struct kk_game *g, const struct kk_variant *v, int players,
               const struct bench_opts *o, struct bench_result *r, kk_error *err)
{
    memset(r, 0, sizeof *r);
    void *init0 = initial_state(g, v, players, r, err);
    if (!init0)
        return -1;
    int rc = -1;
    void *state = malloc(g->state_size);
    if (!state) {
        kk_fail(err, "%s: out of memory", g->name);
        goto done;
    }
    /* The signature games come first: they also warm the caches and the clock speed. */
    if (signature_games(g, init0, state, r, err) != 0 ||
        measure_random(g, init0, state, o, r, err) != 0 ||
        measure_legal(g, init0, state, o, r, err) != 0 ||
        measure_mcts(g, init0, state, o, r) != 0 || measure_scaling(g, init0, o, r, err) != 0)
        goto done;
    rc = 0;
done:
    free(state);
    free(init0);
    return rc;
}
