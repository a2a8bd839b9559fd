/* Carcassonne dice: the search's control variate (cv=deep) and chance widening (cwiden).
 *
 * cv=deep takes each drawn outcome's change of the deep values out of a search's returns.
 * That keeps the returns' mean as far as the change is zero in expectation over the
 * outcomes, for every seat. Checked at every throw of games played by the game's playout
 * policy, with 2 and 3 seats, a knight held or not, by summing the correction over all
 * outcomes weighted by their probabilities: zero (up to rounding) where one partial city is
 * in play (the solver's recursion), and where several compete within MAX_BIAS either way,
 * the bound engine/dice/eval.c states (2.5e-4 in return units, 0.021 points). The other
 * seats' corrections are the mover's, reversed, or nothing. Under rules the solver does not
 * fit the deep evaluation is the greedy one: nothing is subtracted.
 * Chance widening keeps at most ceil(sqrt(visits)) outcomes at a chance node and so grows a
 * deeper tree than fresh draws. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/search.h"
#include "engine/dice/dice.h"
#include "testlib.h"

#define MAX_BIAS 2.5e-4
#define FAIR 1e-7 /* the solver's values are ratios of 128-bit counts: rounding */

/* At each throw of a few games under the given rules: the probability-weighted mean of the
 * correction over all outcomes, per seat (must be 0), and the largest single correction.
 * Returns the number of throws checked. */
static int zero_mean(struct kk_search_scratch *sc, int players, const char *const *sets,
                     int nsets, int knight, double *worst_mean, double *largest, int *exact)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    static kk_move out[4096];
    static double prob[4096];
    int throws = 0;
    *worst_mean = *largest = 0;
    *exact = 0;
    for (int game = 0; game < 3; game++) {
        struct dice_state s, t;
        kk_test_new_game(g, &s, players, sets, nsets);
        if (knight)
            s.held[players - 1] = 1, s.to_roll = DICE_COUNT - 1;
        kk_rng rng;
        kk_rng_seed(&rng, 31, (uint64_t)(game + 10 * players + 100 * knight));
        /* Two rounds: every seat's throws, from first to last in the round. */
        for (int step = 0; step < 400 && s.phase != DICE_PHASE_OVER && s.turns < 2 * players; step++) {
            if (g->to_move(&s) != KK_CHANCE) {
                g->apply(&s, g->policy_move(&s, &rng));
                continue;
            }
            int n = g->chance_outcomes(&s, out, prob);
            double mean[KK_MAX_SEATS] = {0};
            for (int i = 0; i < n; i++) {
                t = s;
                memset(sc->cv_sum, 0, sizeof sc->cv_sum);
                kk_search_chance(sc, &t, out[i]);
                struct dice_state u = s;
                g->apply(&u, out[i]);
                CHECK(memcmp(&t, &u, sizeof t) == 0); /* the outcome applied as apply() does */
                for (int p = 0; p < players; p++) {
                    mean[p] += prob[i] * sc->cv_sum[p];
                    if (fabs(sc->cv_sum[p]) > *largest)
                        *largest = fabs(sc->cv_sum[p]);
                }
            }
            int zero = 1;
            for (int p = 0; p < players; p++) {
                if (fabs(mean[p]) > *worst_mean)
                    *worst_mean = fabs(mean[p]);
                zero &= fabs(mean[p]) < FAIR;
                /* the others' corrections are the mover's change, reversed, or nothing */
                if (p != s.seat && fabs(mean[p]) >= FAIR && fabs(mean[p] + mean[s.seat]) >= FAIR)
                    printf("  seat %d: %.3e, mover %d: %.3e\n", p, mean[p], s.seat, mean[s.seat]);
                CHECK(p == s.seat || fabs(mean[p]) < FAIR || fabs(mean[p] + mean[s.seat]) < FAIR);
            }
            *exact += zero;
            throws++;
            g->apply(&s, g->sample_chance(&s, &rng));
        }
    }
    return throws;
}

/* One scratch for all (one solver: the context follows the rules it is shown). */
static void control_variate(void)
{
    struct kk_search_scratch sc;
    kk_error err = {{0}};
    CHECK_EQ_INT(kk_search_scratch_init(&sc, &kk_game_carcassonne_dice, &err), 0);
    CHECK_EQ_INT(kk_search_cv_option(&sc, 1, &err), 0);
    double worst, largest;
    int exact, all_exact = 0, all = 0;
    for (int players = 2; players <= 3; players++)
        for (int knight = 0; knight <= 1; knight++) {
            int throws = zero_mean(&sc, players, NULL, 0, knight, &worst, &largest, &exact);
            printf("  %d seats%s: %d throws (%d exactly fair), |mean correction| <= %.2e, "
                   "largest %.3f\n", players, knight ? ", a knight held" : "", throws, exact,
                   worst, largest);
            CHECK(throws >= 10);
            CHECK(worst < MAX_BIAS);
            CHECK(largest > 0.02); /* the draws' luck is there to take out */
            all += throws;
            all_exact += exact;
        }
    CHECK(all_exact > all / 4);
    CHECK(all_exact < all); /* the bound is needed: both kinds of throw were met */
    /* The greedy evaluation stands in under these rules: it is not exact over a throw, and
     * nothing is subtracted. */
    const char *touching[] = {"placement=touching"};
    int throws = zero_mean(&sc, 2, touching, 1, 0, &worst, &largest, &exact);
    CHECK(throws >= 10);
    CHECK(largest == 0);
    kk_search_scratch_free(&sc);
}

/* A game without a deep evaluation fair over chance refuses cv=deep at creation. */
static void refused(void)
{
    const struct kk_game *g = kk_game_find("carcassonne");
    CHECK(g != NULL);
    if (!g)
        return;
    kk_error err = {{0}};
    struct kk_agent *a = kk_agent_create(g, "mcts:cv=deep", &err);
    CHECK(a == NULL);
    CHECK(strstr(err.msg, "cv=deep: carcassonne has no deep evaluation fair over chance") !=
          NULL);
    kk_agent_destroy(a);
    a = kk_agent_create(&kk_game_carcassonne_dice, "mcts:cv=deep", &err);
    CHECK(a != NULL);
    kk_agent_destroy(a);
}

/* After the first throw: with chance=explicit every distinct throw seen becomes a node.
 * Fresh draws of several dice rarely meet twice, so a chance node holds several outcomes
 * per ceil(sqrt(visits)); widened (cwiden=1), at most that many. With grow=8 no node below
 * the root has decision children before it has more than 8 visits; without it many do.
 * Every search picks a legal move. */
static void widening(void)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    struct dice_state s;
    kk_test_new_game(g, &s, 2, NULL, 0);
    kk_rng rng;
    kk_rng_seed(&rng, 5, 0);
    g->apply(&s, g->sample_chance(&s, &rng));
    kk_move moves[4096];
    int n = g->legal_moves(&s, moves);
    const char *specs[3] = {"mcts:iters=2000,chance=explicit,eval=game," DICE_MEAN_SEARCH,
                            "mcts:iters=2000,chance=explicit,eval=game,cwiden=1," DICE_MEAN_SEARCH,
                            "mcts:iters=2000,chance=explicit,eval=game,cwiden=1,grow=8,"
                            DICE_MEAN_SEARCH};
    struct kk_mcts_shape shape[3];
    for (int i = 0; i < 3; i++) {
        kk_error err = {{0}};
        struct kk_agent *a = kk_agent_create(g, specs[i], &err);
        CHECK(a != NULL);
        if (!a)
            return;
        kk_rng r;
        kk_rng_seed(&r, 8, 0);
        kk_move m = a->choose(a, &s, &r);
        CHECK(kk_test_in_list(m, moves, n));
        CHECK_EQ_INT(kk_mcts_tree_shape(a, 8, &shape[i]), 0);
        printf("  %s: %lld decisions of 8 visits or more, %d deep; outcomes up to %.2f x "
               "sqrt(visits); %lld nodes grown below 9 visits\n", specs[i], shape[i].visited,
               shape[i].depth, shape[i].widest, shape[i].young_parents);
        kk_agent_destroy(a);
    }
    CHECK(shape[0].widest > 1.5);
    CHECK(shape[1].widest <= 1.0);
    CHECK(shape[2].widest <= 1.0);
    CHECK(shape[1].young_parents > 10);
    CHECK(shape[2].young_parents == 0);
    CHECK(shape[2].visited > 10);
}

/* The search's backup with cv=deep: with rollout=none and the deep evaluation, and no
 * decision grown below the root's children (grow larger than the budget), an iteration
 * rates a root move either at once (its deep value) or after the throws that follow it
 * (the deep value then, less the throws' luck), so every root move's mean return is its
 * deep value as a margin return, within MAX_BIAS per throw on the way (two at most: the
 * mover's, and after a stop the next seat's). Without cv the means carry the throws' luck. */
static void backup(void)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    struct dice_state s, t;
    kk_test_new_game(g, &s, 2, NULL, 0);
    kk_rng rng;
    kk_rng_seed(&rng, 6, 0);
    g->apply(&s, g->sample_chance(&s, &rng));
    struct kk_search_scratch sc;
    kk_error err = {{0}};
    CHECK_EQ_INT(kk_search_scratch_init(&sc, g, &err), 0);
    CHECK_EQ_INT(kk_search_deep_option(&sc, 1, &err), 0);
    const char *specs[2] = {
        "mcts:iters=1500,eval=deep,rollout=none,chance=explicit,grow=100000,cv=deep,widen=1,"
        "backup=mean,moves=all",
        "mcts:iters=1500,eval=deep,rollout=none,chance=explicit,grow=100000,cv=off,widen=1,"
        "backup=mean,moves=all"};
    static kk_move moves[4096];
    static int32_t visits[4096];
    static double mean[4096], avg[4096];
    double worst[2] = {0, 0};
    int revisited = 0;
    for (int k = 0; k < 2; k++) {
        struct kk_agent *a = kk_agent_create(g, specs[k], &err);
        CHECK(a != NULL);
        if (!a)
            break;
        kk_rng r;
        kk_rng_seed(&r, 2, 0);
        a->choose(a, &s, &r);
        int n = kk_mcts_root_stats(a, moves, visits, mean, avg);
        CHECK(n > 1);
        for (int i = 0; i < n; i++) {
            if (visits[i] < 2)
                continue;
            revisited += k == 0;
            t = s;
            g->apply(&t, moves[i]);
            double want[KK_MAX_SEATS];
            kk_search_returns_with(&sc, &t, KK_REWARD_MARGIN, want);
            double dev = fabs(mean[i] - want[s.seat]);
            if (dev > worst[k])
                worst[k] = dev;
        }
        kk_agent_destroy(a);
    }
    printf("  root means against the deep values: %d moves visited twice or more, worst "
           "%.2e with cv=deep, %.2e without\n", revisited, worst[0], worst[1]);
    CHECK(revisited >= 5);
    CHECK(worst[0] < 2 * MAX_BIAS);
    CHECK(worst[1] > 0.005);
    kk_search_scratch_free(&sc);
}

int main(void)
{
    refused();
    backup();
    control_variate();
    widening();
    return kk_test_done("carcassonne_dice_cv");
}
