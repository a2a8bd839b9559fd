/* Carcassonne dice: the single-turn solver answering for a turn in play (dice_turn_rest,
 * the agents' `eval=deep`). Its value is the class optimum of engine/dice/turn.c from the
 * state at hand, so:
 *   - at the start of a turn it is the solver's exact three-throw value (8.551523);
 *   - before a throw it is the chance-weighted mean of its values after each outcome;
 *   - after a throw it is the best of its values after each legal move (a build, or
 *     rolling again), as long as play stays inside the class;
 *   - playing the move it rates best scores, over many turns, its value at the start.
 * Each identity is checked to 1e-9 along turns played by that rule, from several seeds and
 * with 9 and 8 dice. The deep evaluation built on it values every seat up to the end of the
 * round, so the margin between seats does not jump when a turn ends; and a search with
 * horizon=turn grows no node past the end of its own turn. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/search.h"
#include "engine/dice/dice.h"
#include "engine/dice/solve.h"
#include "testlib.h"

static double rest_after(struct dice_turn *tn, const struct dice_state *s, kk_move m)
{
    struct dice_state t = *s;
    kk_game_carcassonne_dice.apply(&t, m);
    if (t.seat != s->seat || t.phase == DICE_PHASE_OVER)
        return dice_city_points(dice_grid_largest_closed(&s->grid)); /* the turn ended */
    return dice_turn_rest(tn, &t);
}

/* The move rated best (first of the ties in the game's order) and its value. */
static kk_move best_move(struct dice_turn *tn, const struct dice_state *s, double *value)
{
    kk_move moves[4096];
    int n = kk_game_carcassonne_dice.legal_moves(s, moves);
    kk_move best = moves[0];
    double bv = -1;
    for (int i = 0; i < n; i++) {
        if (moves[i] == DICE_MOVE_BANK)
            continue; /* banking scores nothing this turn */
        double v = rest_after(tn, s, moves[i]);
        if (v > bv + 1e-12)
            bv = v, best = moves[i];
    }
    *value = bv;
    return best;
}

static void identities(struct dice_turn *tn)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    struct dice_state s;
    kk_test_new_game(g, &s, 2, NULL, 0);
    CHECK(fabs(dice_turn_rest(tn, &s) - 8752401690790867666332.0 / pow(6.0, 27)) < 1e-9);

    kk_move out[4096];
    double prob[4096];
    int chance_checks = 0, decide_checks = 0, turns = 0;
    double points = 0;
    for (int game = 0; game < 14; game++) {
        kk_test_new_game(g, &s, 2, NULL, 0);
        kk_rng rng;
        kk_rng_seed(&rng, 77, (uint64_t)game);
        /* Only seat 0's turns are checked; seat 1 holds a knight in odd games (8 dice). */
        if (game % 2)
            s.held[1] = 1, s.to_roll = DICE_COUNT - 1;
        int seat0 = s.seat;
        while (s.seat == seat0 && s.phase != DICE_PHASE_OVER) {
            double v = dice_turn_rest(tn, &s);
            if (g->to_move(&s) == KK_CHANCE) {
                int n = g->chance_outcomes(&s, out, prob);
                double mean = 0;
                for (int i = 0; i < n; i++) {
                    struct dice_state t = s;
                    g->apply(&t, out[i]);
                    mean += prob[i] * (t.phase == DICE_PHASE_OVER ? 0 : dice_turn_rest(tn, &t));
                }
                CHECK(fabs(mean - v) < 1e-9);
                chance_checks++;
                g->apply(&s, g->sample_chance(&s, &rng));
                continue;
            }
            double bv;
            kk_move m = best_move(tn, &s, &bv);
            CHECK(fabs(bv - v) < 1e-9);
            decide_checks++;
            int before = s.total[seat0];
            g->apply(&s, m);
            if (s.seat != seat0 || s.phase == DICE_PHASE_OVER)
                points += s.total[seat0] - before;
        }
        turns++;
    }
    CHECK(chance_checks >= 25);
    CHECK(decide_checks >= 80);
    printf("  %d turns, %d chance and %d decision identities, %.3f points a turn\n", turns,
           chance_checks, decide_checks, points / turns);
}

/* The class needs the default placement and set-aside rules: under others the deep
 * evaluation is the greedy one. One context follows the rules it is shown (an agent meets
 * several variants in a sweep): default, touching, other faces, default again. */
static void other_rules(void)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    const char *sets[4][1] = {{"faces=cap,straight,corner,tee"}, {"placement=touching"},
                              {"faces=cap,cap,tee,cross"}, {"set_aside=one"}};
    kk_error err = {{0}};
    struct dice_state s;
    kk_test_new_game(g, &s, 2, sets[0], 1);
    void *ctx = g->deep_open(&s, &err);
    CHECK(ctx != NULL);
    if (!ctx)
        return;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 4; i++) {
            kk_test_new_game(g, &s, 2, sets[i], 1);
            /* Seat 1 is still to play this round: deep rates its fresh turn. */
            double deep = g->deep_evaluate(ctx, &s, 1), plain = g->evaluate(&s, 1);
            if (i % 2) {
                CHECK(deep == plain);
            } else {
                CHECK(deep > 4.85 && deep < 11.9); /* within the one-turn references */
                if (i == 0)
                    CHECK(fabs(deep - 8752401690790867666332.0 / pow(6.0, 27)) < 1e-9);
            }
        }
    g->deep_close(ctx);
}

#define HEAD "game carcassonne-dice\nplayers 2\n"

/* The last throw of seat 0 shows only a knight and catapults: stopping is the move. The
 * margin between the seats is the same before and after it, whether seat 0 moves first in
 * the round (seat 1 still to play) or last (seat 1 has played: the round ends and both gain
 * a fresh turn). */
static void margins_across_turn_end(void)
{
    const char *recs[2] = {
        HEAD "* CCSLTTTTK\n0: C0@0,0\n0: S0@0,1\n0: C2@0,2\n0: roll+1\n* SLTXX\n0: roll+0\n"
             "* KXX\n",
        HEAD "* SKXXXXXXX\n0: stop\n* CCSLTTTTK\n1: C0@0,0\n1: S0@0,1\n1: C2@0,2\n1: roll+1\n"
             "* SLTXX\n1: roll+0\n* KXX\n",
    };
    for (int r = 0; r < 2; r++) {
        const struct kk_game *g = NULL;
        struct dice_state s;
        int line = 0;
        kk_error err = {{0}};
        CHECK(kk_test_replay_text(recs[r], &g, &s, &line, &err) == 0);
        void *ctx = g->deep_open(&s, &err);
        CHECK(ctx != NULL);
        if (!ctx)
            continue;
        int me = s.seat, other = 1 - me;
        CHECK_EQ_INT(me, r);
        double before = g->deep_evaluate(ctx, &s, me) - g->deep_evaluate(ctx, &s, other);
        CHECK(fabs(g->deep_evaluate(ctx, &s, me) - (s.total[me] + 1)) < 1e-9); /* 3 dice: 1 */
        g->apply(&s, DICE_MOVE_STOP);
        double after = g->deep_evaluate(ctx, &s, me) - g->deep_evaluate(ctx, &s, other);
        CHECK(fabs(before - after) < 1e-9);
        CHECK(s.seat == other);
        g->deep_close(ctx);
    }
}

/* horizon=turn: at a last throw that leaves stopping or banking the search's tree holds the
 * root and those two moves; the same search without it grows into the other seat's turn. */
static void horizon(void)
{
    const struct kk_game *g = NULL;
    struct dice_state s;
    int line = 0;
    kk_error err = {{0}};
    CHECK(kk_test_replay_text(HEAD "* CCCLTTTTK\n0: roll+1\n* SLTSSSXX\n0: roll+0\n* KKXXXX\n",
                              &g, &s, &line, &err) == 0);
    kk_move moves[4096];
    int n = g->legal_moves(&s, moves);
    /* The mean search (its tree grows below the last throw; the default's candidate moves
     * and expectimax would not change the count's point). */
    const char *specs[2] = {"mcts:iters=200,eval=deep,chance=open,horizon=turn," DICE_MEAN_SEARCH,
                            "mcts:iters=200,eval=deep,chance=open," DICE_MEAN_SEARCH};
    long long nodes[2];
    for (int i = 0; i < 2; i++) {
        struct kk_agent *a = kk_agent_create(g, specs[i], &err);
        CHECK(a != NULL);
        if (!a)
            return;
        kk_rng rng;
        kk_rng_seed(&rng, 3, 0);
        kk_move m = a->choose(a, &s, &rng);
        CHECK(kk_test_in_list(m, moves, n));
        nodes[i] = kk_mcts_tree_nodes(a);
        kk_agent_destroy(a);
    }
    printf("  last throw: %d legal moves, tree of %lld nodes with horizon=turn, %lld without\n",
           n, nodes[0], nodes[1]);
    CHECK_EQ_INT(n, 2);
    CHECK(nodes[0] <= 1 + n);
    CHECK(nodes[1] > 1 + n);
}

/* rollout=none: a playout that makes no move rates the state as it stands. */
static void no_rollout(void)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    struct dice_state s, t;
    kk_test_new_game(g, &s, 2, NULL, 0);
    kk_rng rng;
    kk_rng_seed(&rng, 9, 0);
    g->apply(&s, g->sample_chance(&s, &rng));
    struct kk_search_scratch sc;
    kk_error err = {{0}};
    CHECK_EQ_INT(kk_search_scratch_init(&sc, g, &err), 0);
    CHECK_EQ_INT(kk_search_deep_option(&sc, 1, &err), 0);
    struct kk_playout_opts po = {KK_REWARD_MARGIN, KK_ROLLOUT_NONE, 0, 0, 0};
    double ret[KK_MAX_SEATS], want[KK_MAX_SEATS];
    t = s;
    kk_search_playout(&sc, &t, &po, &rng, ret, NULL, NULL, NULL, 0);
    CHECK(memcmp(&t, &s, sizeof s) == 0);
    kk_search_returns_with(&sc, &s, KK_REWARD_MARGIN, want);
    CHECK(ret[0] == want[0] && ret[1] == want[1]);
    /* The deep values: seat 0 mid-turn against seat 1's fresh turn to come. */
    double v0 = kk_search_value(&sc, &s, 0), v1 = kk_search_value(&sc, &s, 1);
    CHECK(fabs(v1 - 8752401690790867666332.0 / pow(6.0, 27)) < 1e-9);
    CHECK(fabs(want[0] - (0.5 + 0.5 * (v0 - v1) / g->score_scale)) < 1e-12);
    kk_search_scratch_free(&sc);
}

/* A city whose hole another city's die walls in: the cap at the origin and two straights
 * north of it leave a hole at (0,3), and an east-west straight at (1,3) faces it with a
 * city edge, so a die there must have city to the south and to the east. The last throw
 * shows a cap, which would close the line of four (3 points) were the hole free; it cannot
 * go there. The class does not grow a walled city: the value is what the moves reach. */
static void walled_hole(struct dice_turn *tn)
{
    const struct kk_game *g = NULL;
    struct dice_state s;
    int line = 0;
    kk_error err = {{0}};
    CHECK(kk_test_replay_text("game carcassonne-dice\nplayers 2\n* CSSSTTTTT\n0: C0@0,0\n"
                              "0: S0@0,1\n0: S0@0,2\n0: S1@1,3\n0: roll\n* TTTTT\n0: roll\n"
                              "* CTTTT\n",
                              &g, &s, &line, &err) == 0);
    if (err.msg[0])
        fprintf(stderr, "line %d: %s\n", line, err.msg);
    double bv, v = dice_turn_rest(tn, &s);
    best_move(tn, &s, &bv);
    CHECK(fabs(v - bv) < 1e-9);
    CHECK(v < dice_city_points(4) - 0.5); /* not the walled line closed by the cap */
    printf("  walled hole: value %.6f, best move %.6f\n", v, bv);
}

int main(void)
{
    /* One solver (its tables take much of this test's time) for the two tests that ask it
     * directly, both under the default rules. */
    struct dice_state s;
    kk_test_new_game(&kk_game_carcassonne_dice, &s, 2, NULL, 0);
    kk_error err = {{0}};
    struct dice_turn *tn = dice_turn_open(&s, 0, &err);
    CHECK(tn != NULL);
    if (tn) {
        walled_hole(tn);
        identities(tn);
        dice_turn_close(tn);
    }
    no_rollout();
    margins_across_turn_end();
    horizon();
    other_rules();
    return kk_test_done("carcassonne_dice_rest");
}
