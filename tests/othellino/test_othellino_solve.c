/* Othellino's exact solver: against plain minimax (no pruning, no table) on endgame
 * positions of random games under both empties rules, and on the published perfect-play
 * line: every position from its 11th ply to its end has value -4 for dark (+4 for light to
 * move: the second player wins 20-16), and the solver's move after 11 plies is the
 * published one. The full solve from the start is a documented command, not a test
 * (docs/perft-solve.md). */
#include <string.h>

#include "engine/othellino/othellino.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_othellino;

static long long minimax_nodes;

/* Exact value for the side to move by full minimax through the game interface (apply
 * always hands the turn over, a pass included). */
static int minimax(const struct othl_state *s)
{
    minimax_nodes++;
    if (s->over) {
        int32_t sc[2];
        g->scores(s, sc);
        return sc[s->seat] - sc[!s->seat];
    }
    kk_move moves[OTHL_MAX_MOVES];
    int n = g->legal_moves(s, moves), best = -1000;
    for (int i = 0; i < n; i++) {
        struct othl_state t = *s;
        g->apply(&t, moves[i]);
        int v = -minimax(&t);
        if (v > best)
            best = v;
    }
    return best;
}

#define POSITIONS 48

static struct othl_state positions[POSITIONS];
static int values[POSITIONS], num_positions;

/* Endgame positions of random games with 7..10 empty cells and their minimax values. */
static void make_positions(void)
{
    struct kk_variant v;
    kk_error err;
    for (int i = 0; i < POSITIONS; i++) {
        kk_variant_defaults(g, &v, &err);
        if (i % 2)
            kk_variant_set(g, &v, "empties=winner", &err);
        struct othl_state s;
        CHECK_EQ_INT(kk_game_init(g, &s, &v, 2, &err), 0);
        kk_rng rng;
        kk_rng_seed(&rng, (uint64_t)i, 21);
        int stop = 7 + i % 4;
        while (!s.over && OTHL_CELLS - othl_popcount(s.disc[0] | s.disc[1]) > stop)
            g->apply(&s, g->random_move(&s, &rng));
        if (s.over)
            continue;
        positions[num_positions] = s;
        values[num_positions++] = minimax(&s);
    }
    printf("  %d endgame positions (%lld minimax nodes)\n", num_positions, minimax_nodes);
    CHECK(num_positions >= 40);
}

static void test_against_minimax(struct othl_solver *sv)
{
    for (int i = 0; i < num_positions; i++) {
        const struct othl_state *s = &positions[i];
        struct othl_solve_result r;
        othl_solve(sv, s, &r);
        if (r.value != values[i])
            fprintf(stderr, "position %d: solver %d, minimax %d\n", i, r.value, values[i]);
        CHECK_EQ_INT(r.value, values[i]);
        /* The best move achieves the value. */
        CHECK(kk_is_legal(g, s, r.best));
        struct othl_state t = *s;
        g->apply(&t, r.best);
        CHECK_EQ_INT(-minimax(&t), values[i]);
    }
}

/* Feinstein's complete perfect-play line (1993), in our coordinates: 32 placements and one
 * pass (dark has no move after the 30th placement); it ends 16-20. */
static const char *const published[] = {
    "c2", "b4", "c5", "d2", "e4", "e3", "d1", "c1", "b1", "d5", "d6", "f4",
    "b3", "b2", "f3", "f2", "e2", "b6", "a4", "c6", "a6", "a2", "b5", "a5",
    "e6", "e5", "a3", "a1", "f5", "f6", "pass", "e1", "f1"};
#define PUBLISHED_PLIES ((int)(sizeof published / sizeof published[0]))

static void test_published_line(struct othl_solver *sv)
{
    for (int plies = 11; plies <= PUBLISHED_PLIES; plies++) {
        char text[1024] = "game othellino\n";
        for (int i = 0; i < plies; i++)
            snprintf(text + strlen(text), sizeof text - strlen(text), "%d: %s\n", i % 2,
                     published[i]);
        struct othl_state s;
        const struct kk_game *rg;
        int bad;
        kk_error err;
        CHECK_EQ_INT(kk_test_replay_text(text, &rg, &s, &bad, &err), 0);
        struct othl_solve_result r;
        othl_solve(sv, &s, &r);
        if (plies <= 12)
            printf("  after %d plies: value %d, best %d, %lld nodes\n", plies, r.value,
                   (int)r.best, r.nodes);
        /* Every position of the line has the start's value: dark loses by 4. */
        CHECK_EQ_INT(r.value, s.seat == 0 ? -4 : 4);
        if (plies == 11)
            CHECK_EQ_INT(r.best, 3 * OTHL_SIDE + 5); /* f4, the published move */
        if (plies == PUBLISHED_PLIES) {
            int32_t sc[2];
            CHECK(s.over);
            g->scores(&s, sc);
            CHECK_EQ_INT(sc[0], 16);
            CHECK_EQ_INT(sc[1], 20);
        }
    }
}

int main(void)
{
    kk_error err;
    struct othl_solver *sv = othl_solver_new(16, &err);
    CHECK(sv != NULL);
    if (!sv)
        return kk_test_done("othellino_solve");
    make_positions();
    test_against_minimax(sv);
    test_published_line(sv);
    othl_solver_free(sv);
    /* Without a table the answers are the same. */
    sv = othl_solver_new(0, &err);
    test_against_minimax(sv);
    othl_solver_free(sv);
    return kk_test_done("othellino_solve");
}
