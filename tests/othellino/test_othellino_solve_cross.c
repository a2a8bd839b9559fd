/* Othellino's fast solver against a plain one: on positions with 10 to 14 empty cells
 * from random games, under both scoring rules (empties=none and empties=winner), the
 * solver's value must equal that of a plain full-window alpha-beta through the game
 * interface (no table, no ordering, no special cases), and its best move must keep the
 * value. The solver runs with a large table, with none, and with a 1 MB table that
 * forces replacements, and one solver is reused across positions and rules (its table is
 * cleared when the rule changes), so stale or colliding entries would show. */
#include <string.h>

#include "engine/othellino/othellino.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_othellino;

static long long plain_nodes;

/* Exact value for the side to move by alpha-beta on (alpha, beta) through the game
 * interface (apply hands the turn over, a pass included); fail-hard, so the result is
 * exact whenever it lies strictly inside the window. */
static int plain(const struct othl_state *s, int alpha, int beta)
{
    plain_nodes++;
    if (s->over) {
        int32_t sc[2];
        g->scores(s, sc);
        return sc[s->seat] - sc[!s->seat];
    }
    kk_move moves[OTHL_MAX_MOVES];
    int n = g->legal_moves(s, moves);
    for (int i = 0; i < n; i++) {
        struct othl_state t = *s;
        g->apply(&t, moves[i]);
        int v = -plain(&t, -beta, -alpha);
        if (v >= beta)
            return beta;
        if (v > alpha)
            alpha = v;
    }
    return alpha;
}

static int plain_value(const struct othl_state *s)
{
    return plain(s, -OTHL_CELLS - 1, OTHL_CELLS + 1);
}

#define POSITIONS 50

static struct othl_state positions[POSITIONS];
static int values[POSITIONS], num_positions;
/* The plain value of the position after each legal move (by cell; pass: OTHL_PASS). */
static int child_values[POSITIONS][OTHL_MAX_MOVES];

/* The position's value as the best of its children's plain values, which are kept. */
static int value_by_children(const struct othl_state *s, int *children)
{
    kk_move moves[OTHL_MAX_MOVES];
    int n = g->legal_moves(s, moves), best = -OTHL_CELLS - 1;
    for (int i = 0; i < n; i++) {
        struct othl_state t = *s;
        g->apply(&t, moves[i]);
        children[moves[i]] = -plain_value(&t);
        if (children[moves[i]] > best)
            best = children[moves[i]];
    }
    return best;
}

/* Positions of random games with 10..14 empty cells (odd i: empties=winner). */
static void make_positions(void)
{
    for (int i = 0; i < POSITIONS; i++) {
        const char *sets[] = {"empties=winner"};
        struct othl_state s;
        kk_test_new_game(g, &s, 2, sets, i % 2);
        kk_rng rng;
        kk_rng_seed(&rng, (uint64_t)i, 33);
        int stop = 10 + i % 5;
        while (!s.over && OTHL_CELLS - othl_popcount(s.disc[0] | s.disc[1]) > stop)
            g->apply(&s, g->random_move(&s, &rng));
        if (s.over)
            continue;
        positions[num_positions] = s;
        values[num_positions] = value_by_children(&s, child_values[num_positions]);
        num_positions++;
    }
    printf("  %d positions (%lld plain alpha-beta nodes)\n", num_positions, plain_nodes);
    CHECK(num_positions >= 40);
    /* Both rules give some positions a different value (else the rule is not tested). */
    int differ = 0;
    for (int i = 0; i < num_positions; i++) {
        struct othl_state t = positions[i];
        t.empties_rule = !t.empties_rule;
        differ += plain_value(&t) != values[i];
    }
    printf("  %d of them change value under the other rule\n", differ);
    CHECK(differ > 0);
}

static void check_solver(struct othl_solver *sv, const char *what)
{
    long long nodes = 0;
    for (int i = 0; i < num_positions; i++) {
        const struct othl_state *s = &positions[i];
        struct othl_solve_result r;
        othl_solve(sv, s, &r);
        nodes += r.nodes;
        if (r.value != values[i])
            fprintf(stderr, "%s, position %d: solver %d, plain %d\n", what, i, r.value, values[i]);
        CHECK_EQ_INT(r.value, values[i]);
        CHECK(kk_is_legal(g, s, r.best));
        if (kk_is_legal(g, s, r.best)) /* the best move keeps the value */
            CHECK_EQ_INT(child_values[i][r.best], values[i]);
    }
    printf("  %s: %lld solver nodes\n", what, nodes);
}

int main(void)
{
    make_positions();
    static const int tables[] = {64, 0, 1};
    static const char *const names[] = {"64 MB table", "no table", "1 MB table"};
    for (int k = 0; k < 3; k++) {
        kk_error err;
        struct othl_solver *sv = othl_solver_new(tables[k], &err);
        CHECK(sv != NULL);
        if (!sv)
            break;
        check_solver(sv, names[k]);
        othl_solver_free(sv);
    }
    return kk_test_done("othellino_solve_cross");
}
