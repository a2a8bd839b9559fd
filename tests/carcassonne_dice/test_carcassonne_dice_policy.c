/* Carcassonne dice: the playout policy (`rollout=policy`) and playouts cut at the end of a
 * turn (`cut=turn`). The policy is greedy on the evaluation over a subset of the builds
 * (into holes, one set apart per face and rotation) and every control move, so over many
 * positions of random games:
 *   - its move is always legal;
 *   - its move is never rated above greedy's best (greedy rates a superset), and it is
 *     rated exactly as greedy's best whenever greedy's best is a build into a hole or a
 *     control move (the policy rates all of those);
 * and in a scenario it closes the city a die in hand closes. Its candidates (the game's
 * candidate_moves, which `moves=candidates` searches) are legal moves without repeats,
 * include every build into a hole and every control move, and come in the same order when
 * asked again. */
#include <math.h>
#include <string.h>

#include "agents/search.h"
#include "engine/core/variant.h"
#include "engine/dice/dice.h"
#include "testlib.h"

#define HEAD "game carcassonne-dice\nplayers 2\n"

static double value_after(const struct kk_game *g, const struct dice_state *s, kk_move m)
{
    struct dice_state t = *s;
    g->apply(&t, m);
    return dice_evaluate(&t, s->seat);
}

/* A build into a hole: a cell that a city edge of a built die faces. */
static int into_hole(const struct dice_state *s, kk_move m)
{
    if (m >= DICE_MOVE_ROLL)
        return 0;
    int cell = m & DICE_MOVE_CELL_MASK;
    for (int i = 0; i < s->grid.count; i++)
        for (int d = 0; d < 4; d++)
            if (((s->grid.edges[i] >> d) & 1u) && dice_step(s->grid.cell[i], d) == cell)
                return 1;
    return 0;
}

/* The candidates at s against its n legal moves. */
static void check_candidates(const struct kk_game *g, const struct dice_state *s,
                             const kk_move *moves, int n)
{
    kk_move cand[DICE_CANDIDATES_MAX], again[DICE_CANDIDATES_MAX];
    int nc = g->candidate_moves(s, cand);
    CHECK(nc >= 1 && nc <= n);
    CHECK_EQ_INT(dice_candidate_moves(s, again), nc);
    CHECK(memcmp(cand, again, (size_t)nc * sizeof *cand) == 0);
    for (int i = 0; i < nc; i++) {
        int legal = 0, repeats = 0;
        for (int j = 0; j < n; j++)
            legal |= moves[j] == cand[i];
        for (int j = 0; j < i; j++)
            repeats += cand[j] == cand[i];
        CHECK(legal);
        CHECK_EQ_INT(repeats, 0);
    }
    for (int j = 0; j < n; j++) {
        if (moves[j] < DICE_MOVE_ROLL && !into_hole(s, moves[j]) && s->grid.count)
            continue; /* a build set apart: one of each face and rotation is enough */
        int found = 0;
        for (int i = 0; i < nc && !found; i++)
            found = cand[i] == moves[j];
        CHECK(found);
    }
}

static void random_positions(void)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    kk_move moves[4096];
    double value[4096]; /* the evaluation after each legal move, for the mover */
    int positions = 0, same = 0, compared = 0;
    for (int game = 0; game < 60; game++) {
        struct dice_state s;
        struct kk_variant v;
        kk_error err = {{0}};
        kk_variant_defaults(g, &v, &err);
        /* Every other game builds only next to built dice (placement=touching). */
        if (game % 2)
            CHECK_EQ_INT(kk_variant_set(g, &v, "placement=touching", &err), 0);
        CHECK_EQ_INT(kk_game_init(g, &s, &v, 2 + game % 4, &err), 0);
        kk_rng rng;
        kk_rng_seed(&rng, 31, (uint64_t)game);
        for (int ply = 0; ply < 400; ply++) {
            int who = g->to_move(&s);
            if (who == KK_TERMINAL)
                break;
            if (who == KK_CHANCE) {
                g->apply(&s, g->sample_chance(&s, &rng));
                continue;
            }
            kk_move p = dice_policy_move(&s, &rng);
            int n = g->legal_moves(&s, moves), legal = 0;
            check_candidates(g, &s, moves, n);
            double greedy_best = -INFINITY;
            for (int i = 0; i < n; i++) {
                legal |= moves[i] == p;
                value[i] = value_after(g, &s, moves[i]);
                if (value[i] > greedy_best)
                    greedy_best = value[i];
            }
            double tol = 1e-9 * (1 + fabs(greedy_best));
            int greedy_best_kind = 0; /* a best move is a build into a hole or a control move */
            for (int i = 0; i < n; i++)
                if ((moves[i] >= DICE_MOVE_ROLL || into_hole(&s, moves[i])) &&
                    value[i] >= greedy_best - tol)
                    greedy_best_kind = 1;
            CHECK(legal);
            double pv = value_after(g, &s, p);
            CHECK(pv <= greedy_best + tol);
            if (greedy_best_kind) {
                compared++;
                same += pv >= greedy_best - tol;
            }
            positions++;
            /* Walk on with a mix of the policy's and random moves, to reach varied grids. */
            g->apply(&s, kk_rng_bounded(&rng, 3) ? p : moves[kk_rng_bounded(&rng, (uint32_t)n)]);
            CHECK(dice_check(&s, &err) == 0);
        }
    }
    CHECK(positions > 1000);
    CHECK(compared > 500);
    CHECK_EQ_INT(same, compared);
}

/* The last throw shows a cap and a corner beside a cap and two straights built in a line.
 * The cap alone closes a line of four (3 points); the corner turning the line, then the
 * cap, close a city of five (6 points). The policy plays the turn to that end. */
static void closes_the_larger_city(void)
{
    const struct kk_game *g = NULL;
    struct dice_state start;
    int line = 0;
    kk_error err = {{0}};
    CHECK(kk_test_replay_text(HEAD "* CSSLLLKXX\n0: C1@0,0\n0: S1@1,0\n0: S1@2,0\n0: roll+1\n"
                                   "* LLX\n0: roll+0\n* CL\n",
                              &g, &start, &line, &err) == 0);
    for (int seed = 0; seed < 8; seed++) {
        struct dice_state s = start;
        kk_rng rng;
        kk_rng_seed(&rng, 5, (uint64_t)seed);
        while (s.seat == 0 && s.phase == DICE_PHASE_DECIDE)
            g->apply(&s, dice_policy_move(&s, &rng));
        CHECK_EQ_INT(s.total[0], 6);
    }
}

/* cut=turn: a playout from the first decision of seat 0 stops at seat 1's first decision
 * (its throw made), never later. */
static void turn_cut(void)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    struct kk_search_scratch sc;
    kk_error err = {{0}};
    CHECK(kk_search_scratch_init(&sc, g, &err) == 0);
    struct kk_playout_opts po = {KK_REWARD_MARGIN, KK_ROLLOUT_POLICY, 0.0, 0, 1};
    for (int i = 0; i < 50; i++) {
        struct dice_state s;
        struct kk_variant v;
        kk_variant_defaults(g, &v, &err);
        CHECK_EQ_INT(kk_game_init(g, &s, &v, 2, &err), 0);
        kk_rng rng;
        kk_rng_seed(&rng, 77, (uint64_t)i);
        g->apply(&s, g->sample_chance(&s, &rng));
        double out[KK_MAX_SEATS];
        kk_search_playout(&sc, &s, &po, &rng, out, NULL, NULL, NULL, 0);
        if (s.phase == DICE_PHASE_OVER) /* nine catapults */
            continue;
        CHECK_EQ_INT(s.turns, 1);
        CHECK_EQ_INT(s.seat, 1);
        CHECK_EQ_INT(s.phase, DICE_PHASE_DECIDE);
        CHECK_EQ_INT(s.rolls_done, 1);
        CHECK(out[0] >= 0 && out[0] <= 1 && fabs(out[0] + out[1] - 1) < 1e-9);
    }
    /* The option needs a game with a policy of its own. */
    enum kk_rollout r;
    CHECK(kk_search_rollout_policy(g, 2, &r, &err) == 0 && r == KK_ROLLOUT_POLICY);
    CHECK(kk_search_rollout_policy(kk_game_find("othellino"), 2, &r, &err) != 0);
    kk_search_scratch_free(&sc);
}

int main(void)
{
    random_positions();
    closes_the_larger_city();
    turn_cut();
    return kk_test_done("carcassonne_dice_policy");
}
