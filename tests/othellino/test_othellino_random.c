/* Othellino: invariants over random games under every variant: check() after every event
 * (discs conserved), the bitboard move generator and captures against a plain
 * cell-by-cell reference, random_move among the legal moves, notation round trips, and the
 * scores and statistics at the end. */
#include <string.h>

#include "engine/othellino/othellino.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_othellino;

static int owner(const struct othl_state *s, int x, int y)
{
    uint64_t bit = 1ULL << (y * OTHL_SIDE + x);
    return (s->disc[0] & bit) ? 0 : (s->disc[1] & bit) ? 1 : -1;
}

/* Reference: the discs a placement by seat at (x, y) captures, walking each direction. */
static uint64_t naive_flips(const struct othl_state *s, int seat, int x, int y)
{
    static const int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1}, dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    if (owner(s, x, y) != -1)
        return 0;
    uint64_t all = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t line = 0;
        int cx = x + dx[d], cy = y + dy[d];
        while (cx >= 0 && cx < 6 && cy >= 0 && cy < 6 && owner(s, cx, cy) == !seat) {
            line |= 1ULL << (cy * OTHL_SIDE + cx);
            cx += dx[d];
            cy += dy[d];
        }
        if (line && cx >= 0 && cx < 6 && cy >= 0 && cy < 6 && owner(s, cx, cy) == seat)
            all |= line;
    }
    return all;
}

static void compare_movegen(const struct othl_state *s)
{
    kk_move moves[OTHL_MAX_MOVES], want[OTHL_MAX_MOVES];
    int n = g->legal_moves(s, moves), k = 0;
    for (int cell = 0; cell < OTHL_CELLS; cell++) {
        uint64_t f = naive_flips(s, s->seat, cell % 6, cell / 6);
        if (f) {
            want[k++] = cell;
            CHECK(othl_flips(cell, s->disc[s->seat], s->disc[!s->seat]) == f);
        }
    }
    if (k == 0)
        want[k++] = OTHL_PASS;
    CHECK_EQ_INT(n, k);
    for (int i = 0; i < n && i < k; i++)
        CHECK_EQ_INT(moves[i], want[i]);
}

static long long games_played, passes_seen, draws_seen;

static void play_game(const char *const *sets, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    struct othl_state s;
    kk_variant_defaults(g, &v, &err);
    for (int i = 0; sets[i]; i++)
        CHECK_EQ_INT(kk_variant_set(g, &v, sets[i], &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 2, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 11);
    int events = 0;
    for (;;) {
        if (g->check(&s, &err) != 0) {
            fprintf(stderr, "check failed (seed %llu, event %d): %s\n",
                    (unsigned long long)seed, events, err.msg);
            CHECK(0);
            return;
        }
        if (g->to_move(&s) == KK_TERMINAL)
            break;
        CHECK_EQ_INT(g->to_move(&s), s.seat);
        compare_movegen(&s);
        kk_move moves[OTHL_MAX_MOVES];
        int n = g->legal_moves(&s, moves);
        for (int i = 0; i < n; i++) {
            char text[16];
            kk_move back = -1;
            g->move_to_text(&s, moves[i], text, sizeof text);
            CHECK(g->move_from_text(&s, text, &back, &err) == 0 && back == moves[i]);
        }
        kk_move m = g->random_move(&s, &rng);
        int found = 0;
        for (int i = 0; i < n; i++)
            found |= moves[i] == m;
        CHECK(found);
        passes_seen += m == OTHL_PASS;
        g->apply(&s, m);
        events++;
    }
    /* At the end neither seat can place (reference generator) and scores add up. */
    for (int seat = 0; seat < 2; seat++)
        for (int cell = 0; cell < OTHL_CELLS; cell++)
            CHECK(naive_flips(&s, seat, cell % 6, cell / 6) == 0);
    int32_t sc[2];
    g->scores(&s, sc);
    int d0 = othl_popcount(s.disc[0]), d1 = othl_popcount(s.disc[1]);
    if (s.empties_rule == OTHL_EMPTIES_WINNER)
        CHECK_EQ_INT(sc[0] + sc[1], OTHL_CELLS);
    else
        CHECK(sc[0] == d0 && sc[1] == d1);
    CHECK_EQ_INT(g->winners(&s), d0 > d1 ? 1 : d0 < d1 ? 2 : 3);
    draws_seen += d0 == d1;
    double st[OTHL_NUM_STATS];
    g->get_stats(&s, st);
    CHECK_EQ_INT(st[OTHL_ST_MARGIN], sc[0] - sc[1]);
    CHECK_EQ_INT(st[OTHL_ST_PASSES], s.passes);
    CHECK_EQ_INT(st[OTHL_ST_CORNERS] + st[OTHL_ST_CORNERS + 1],
                 othl_popcount((s.disc[0] | s.disc[1]) & OTHL_CORNERS));
    CHECK(events == s.plies && events <= 2 * OTHL_CELLS);
    games_played++;
}

/* random_move is uniform over the legal moves (chi-square at the start of a game). */
static void test_uniform(void)
{
    struct othl_state s;
    const struct kk_game *rg;
    int line;
    kk_error err;
    CHECK_EQ_INT(kk_test_replay_text("game othellino\n0: c2\n1: b4\n0: c5\n", &rg, &s, &line,
                                     &err), 0);
    kk_move moves[OTHL_MAX_MOVES];
    int n = g->legal_moves(&s, moves);
    long count[OTHL_MAX_MOVES] = {0};
    kk_rng rng;
    kk_rng_seed(&rng, 5, 1);
    for (int i = 0; i < 1000 * n; i++) {
        kk_move m = g->random_move(&s, &rng);
        for (int j = 0; j < n; j++)
            count[j] += moves[j] == m;
    }
    double chi = 0;
    for (int j = 0; j < n; j++)
        chi += (count[j] - 1000.0) * (count[j] - 1000.0) / 1000.0;
    printf("  uniformity over %d moves: chi-square %.1f\n", n, chi);
    CHECK(n >= 3 && chi < 25); /* df <= 10: 25 is far beyond the 99.9% point */
}

int main(void)
{
    static const char *const none[] = {NULL};
    static const char *const par[] = {"start=parallel", NULL};
    static const char *const win[] = {"empties=winner", NULL};
    static const char *const both[] = {"start=parallel", "empties=winner", NULL};
    static const char *const *const variants[] = {none, par, win, both};
    for (int i = 0; i < 2000; i++)
        play_game(variants[i % 4], (uint64_t)i);
    printf("  %lld random games, %lld passes, %lld draws\n", games_played, passes_seen,
           draws_seen);
    CHECK(passes_seen > 0 && draws_seen > 0);
    test_uniform();
    return kk_test_done("othellino_random");
}
