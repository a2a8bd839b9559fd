/* Agent behaviour on the toy games of support/toy_games.h, where the right move is known:
 * spec errors, best moves against an exact solver, hidden information (mcts peeks, ismcts
 * does not), tie-breaking, same seed same move, root-parallel reproducibility, tree reuse. */
#include <math.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/search.h"
#include "support/toy_games.h"
#include "testlib.h"

static struct kk_agent *make(const struct kk_game *g, const char *spec)
{
    kk_error err = {{0}};
    struct kk_agent *a = kk_agent_create(g, spec, &err);
    if (!a)
        fprintf(stderr, "cannot create '%s': %s\n", spec, err.msg);
    return a;
}

static void test_specs(void)
{
    static const char *const bad[] = {
        "nosuch", "mcts:iters=abc", "mcts:bogus=1", "mcts:iters=0", "mcts:c=-1",
        "mcts:reward=score", "greedy:value=best", "flatmc:playouts=0", "ismcts:threads=0",
        "mcts:iters=1.5", "mcts:", "random:x=1",
        "mcts:backup=best", "mcts:moves=candidates", /* toy-nim names no candidates */
        "mcts:backup=expectimax", /* leaves rated by playouts: not exact */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kk_error err = {{0}};
        struct kk_agent *a = kk_agent_create(&kk_toy_nim, bad[i], &err);
        CHECK(a == NULL);
        CHECK(err.msg[0] != '\0');
        kk_agent_destroy(a);
    }
    /* backup=expectimax rates each tree node by its one state: not where a seat's
     * decision stands for the states it cannot tell apart (peeking is one state again) */
    kk_error herr = {{0}};
    struct kk_agent *h = kk_agent_create(&kk_toy_guess, "mcts:backup=expectimax,rollout=none",
                                         &herr);
    CHECK(h == NULL && strstr(herr.msg, "hides information") != NULL);
    kk_agent_destroy(h);
    h = make(&kk_toy_guess, "mcts:backup=expectimax,rollout=none,view=peek");
    CHECK(h != NULL);
    kk_agent_destroy(h);
    /* backup=auto turns to the mean where expectimax does not apply: hidden information,
     * or leaves rated by playouts. */
    h = make(&kk_toy_guess, "mcts:backup=auto,rollout=none");
    CHECK(h != NULL);
    kk_agent_destroy(h);
    h = make(&kk_toy_nim, "mcts:backup=auto");
    CHECK(h != NULL);
    kk_agent_destroy(h);
    /* Time budget alone is accepted; the canonical spec names every option. */
    struct kk_agent *a = make(&kk_toy_nim, "mcts:iters=0,ms=5");
    CHECK(a != NULL);
    if (a) {
        CHECK(strstr(a->spec, "ms=5") != NULL);
        CHECK(strstr(a->spec, "reward=") != NULL);
        kk_agent_destroy(a);
    }
    for (int i = 0; kk_agent_classes[i]; i++) {
        if (strcmp(kk_agent_classes[i]->name, "gnubg") == 0)
            continue; /* plays only backgammon (refusing toy-nim is its contract) */
        if (strcmp(kk_agent_classes[i]->name, "external") == 0)
            continue; /* needs cmd=PROGRAM: tests/play/cli_external.sh */
        struct kk_agent *d = make(&kk_toy_nim, kk_agent_classes[i]->name);
        CHECK(d != NULL);
        kk_agent_destroy(d);
    }
}

/* Exact value of each legal move for the mover of a 2-player toy-nim state; returns the
 * best move and the gap to the second best. */
static kk_move nim_best(const void *state, double *gap)
{
    const struct kk_game *g = &kk_toy_nim;
    kk_move moves[3];
    int n = g->legal_moves(state, moves), seat = g->to_move(state);
    double best = -1, second = -1;
    kk_move bm = moves[0];
    for (int i = 0; i < n; i++) {
        char after[64];
        memcpy(after, state, g->state_size);
        g->apply(after, moves[i]);
        double v = toy_nim_solve(after, seat);
        if (v > best) {
            second = best;
            best = v;
            bm = moves[i];
        } else if (v > second) {
            second = v;
        }
    }
    *gap = n > 1 ? best - second : 1;
    return bm;
}

/* Open-loop search treats the chance outcomes under a node as one, so it only matches the
 * expectimax solution when chance cannot change the best reply: it is checked on plain
 * Nim. Explicit chance nodes are checked where chance matters. */
static void check_best_moves(const char *const *specs, size_t nspecs, int add)
{
    int positions = 0;
    for (int pile = 2; pile <= 13; pile++) {
        char state[64];
        toy_nim_setup(state, 2, pile, add);
        double gap;
        kk_move best = nim_best(state, &gap);
        if (gap < 0.1)
            continue; /* no clearly best move: nothing to assert */
        positions++;
        for (size_t i = 0; i < nspecs; i++) {
            struct kk_agent *a = make(&kk_toy_nim, specs[i]);
            if (!a) {
                CHECK(0);
                continue;
            }
            kk_rng rng;
            kk_rng_seed(&rng, 42, (uint64_t)pile);
            kk_move m = a->choose(a, state, &rng);
            if (m != best)
                fprintf(stderr, "%s: add=%d pile %d: chose %d, best %d (gap %.3f)\n", specs[i],
                        add, pile, (int)m, (int)best, gap);
            CHECK_EQ_INT(m, best);
            kk_agent_destroy(a);
        }
    }
    CHECK(positions >= 4); /* the toy must keep producing positions worth asking about */
}

static void test_nim_best_moves(void)
{
    static const char *const open_specs[] = {
        "mcts:iters=3000",
        "mcts:iters=3000,reward=win",
        "mcts:iters=3000,rave=100",
        "mcts:iters=3000,threads=2",
        "mcts:iters=3000,rollout=greedy",
        "mcts:iters=3000,widen=1",
        "mcts:iters=3000,widen=1,expand=greedy",
        "mcts:iters=3000,reuse=0",
        "mcts:iters=3000,depth=4",
        "mcts:iters=3000,backup=max",
        "ismcts:iters=3000",
    };
    /* chance-aware: explicit chance nodes, or open loop keyed by the outcomes drawn */
    static const char *const explicit_specs[] = {
        "mcts:iters=3000",
        "mcts:iters=3000,rave=100,threads=2",
        "mcts:iters=3000,chance=explicit",
        "mcts:iters=3000,chance=explicit,reward=win",
        "mcts:iters=3000,chance=explicit,rave=100",
        "mcts:iters=3000,chance=explicit,threads=2",
        "mcts:iters=3000,chance=explicit,rollout=greedy",
        "mcts:iters=3000,chance=explicit,widen=1",
        "mcts:iters=3000,chance=explicit,backup=max",
        "mcts:iters=3000,chance=explicit,backup=max,threads=2",
        "mcts:iters=3000,chance=explicit,backup=max,widen=1",
        "mcts:iters=3000,chance=explicit,backup=expectimax,rollout=none",
        "mcts:iters=3000,chance=explicit,backup=expectimax,rollout=none,threads=2",
        "mcts:iters=3000,chance=explicit,backup=expectimax,rollout=none,widen=1",
        "ismcts:iters=3000,chance=explicit",
    };
    check_best_moves(open_specs, sizeof open_specs / sizeof open_specs[0], 0);
    check_best_moves(explicit_specs, sizeof explicit_specs / sizeof explicit_specs[0], 1);
}

/* Everyone but random takes the last stones when they can. */
static void test_take_the_win(void)
{
    static const char *const specs[] = {"greedy", "greedy:value=diff", "flatmc:playouts=50",
                                        "mcts:iters=100", "ismcts:iters=100"};
    for (int pile = 1; pile <= 3; pile++)
        for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
            char state[64];
            toy_nim_setup(state, 3, pile, 1);
            struct kk_agent *a = make(&kk_toy_nim, specs[i]);
            kk_rng rng;
            kk_rng_seed(&rng, 7, i);
            CHECK_EQ_INT(a->choose(a, state, &rng), pile);
            kk_agent_destroy(a);
        }
}

/* Greedy with nothing to choose between must spread its choices over every move. */
static void test_greedy_ties(void)
{
    char state[64];
    toy_nim_setup(state, 2, 10, 1);
    struct kk_agent *a = make(&kk_toy_nim, "greedy");
    kk_rng rng;
    kk_rng_seed(&rng, 1, 1);
    int count[4] = {0};
    for (int i = 0; i < 600; i++)
        count[a->choose(a, state, &rng)]++;
    for (int m = 1; m <= 3; m++)
        CHECK(count[m] > 120);
    kk_agent_destroy(a);
}

/* mcts:view=peek sees the secret card and guesses it; ismcts cannot see it and plays safe. */
static void test_hidden_information(void)
{
    for (int card = 0; card < 3; card++) {
        char state[64];
        toy_guess_setup(state, card);
        kk_rng rng;
        kk_rng_seed(&rng, 3, (uint64_t)card);
        struct kk_agent *peek = make(&kk_toy_guess, "mcts:iters=2000,view=peek");
        struct kk_agent *fair = make(&kk_toy_guess, "ismcts:iters=2000");
        struct kk_agent *fair_x = make(&kk_toy_guess, "ismcts:iters=2000,chance=explicit");
        CHECK_EQ_INT(peek->choose(peek, state, &rng), TOY_GUESS_CARD0 + card);
        CHECK_EQ_INT(fair->choose(fair, state, &rng), TOY_GUESS_SAFE);
        CHECK_EQ_INT(fair_x->choose(fair_x, state, &rng), TOY_GUESS_SAFE);
        kk_agent_destroy(peek);
        kk_agent_destroy(fair);
        kk_agent_destroy(fair_x);
    }
}

/* mcts:view=sample searches a determinization, never the true state: each decision it
 * guesses the card of its sample (PIMC has no notion of playing safe for information it
 * lacks), so it names the true card about one time in three, where peeking mcts always does.
 * A leak of the true state into the sample would make it right every time. */
static void test_sampled_view(void)
{
    char state[64];
    toy_guess_setup(state, 1);
    int right = 0, guesses = 0, trials = 90;
    for (int i = 0; i < trials; i++) {
        kk_rng rng;
        kk_rng_seed(&rng, 11, (uint64_t)i);
        struct kk_agent *a = make(&kk_toy_guess, i % 2 ? "mcts:iters=300,view=sample"
                                                       : "mcts:iters=300,view=sample,samples=3");
        kk_move m = a->choose(a, state, &rng);
        CHECK(kk_is_legal(&kk_toy_guess, state, m));
        guesses += m != TOY_GUESS_SAFE;
        right += m == TOY_GUESS_CARD0 + 1;
        kk_agent_destroy(a);
    }
    /* Binomial(90, 1/3) among guesses: mean 30, sd 4.5; the bounds are > 3.5 sd away. */
    CHECK(guesses >= 80);
    CHECK(right >= 14 && right <= 46);
}

/* Plays a 3-player toy-nim game with one agent spec in every seat (observing every event);
 * returns a hash of the moves. */
static uint64_t play_nim(const char *spec, uint64_t seed, int check_best, int add)
{
    const struct kk_game *g = &kk_toy_nim;
    struct kk_agent *a = make(g, spec);
    char state[64];
    toy_nim_setup(state, check_best ? 2 : 3, 13, add);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 5);
    uint64_t h = 1469598103934665603ULL;
    for (int who; (who = g->to_move(state)) != KK_TERMINAL;) {
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(state, &rng);
        } else {
            double gap;
            kk_move best = check_best ? nim_best(state, &gap) : 0;
            m = a->choose(a, state, &rng);
            CHECK(kk_is_legal(g, state, m));
            if (check_best && gap >= 0.1)
                CHECK_EQ_INT(m, best);
        }
        if (a->observe)
            a->observe(a, state, m);
        g->apply(state, m);
        h = (h ^ (uint64_t)(m + 7 * (who + 3))) * 1099511628211ULL;
    }
    kk_agent_destroy(a);
    return h;
}

static void test_reproducible(void)
{
    static const char *const specs[] = {
        "greedy", "flatmc:playouts=40", "mcts:iters=200", "mcts:iters=200,threads=2",
        "mcts:iters=200,threads=3,rave=50,chance=explicit", "ismcts:iters=150,threads=2",
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        int differs = 0;
        for (uint64_t seed = 1; seed <= 4; seed++) {
            uint64_t h1 = play_nim(specs[i], seed, 0, 1), h2 = play_nim(specs[i], seed, 0, 1);
            CHECK(h1 == h2);
            differs |= h1 != play_nim(specs[i], seed + 100, 0, 1);
        }
        CHECK(differs); /* the seed matters: a different seed gives a different game */
    }
}

/* With tree reuse, whole games still pick the solver's best move at every clear turn. */
static void test_reuse_keeps_playing_well(void)
{
    play_nim("mcts:iters=3000,reuse=1", 11, 1, 0);
    play_nim("mcts:iters=3000,reuse=1,chance=explicit", 12, 1, 1);
    play_nim("mcts:iters=3000,reuse=1,threads=2,chance=explicit", 13, 1, 1);
    play_nim("ismcts:iters=3000,reuse=1", 14, 1, 0);
    play_nim("mcts:iters=3000,reuse=1,chance=explicit,backup=max", 15, 1, 1);
    play_nim("mcts:iters=3000,reuse=1,chance=explicit,backup=expectimax,rollout=none", 16, 1,
             1);
}

/* backup=max: every node's stored value is the one its children give (the side table that
 * holds them moves with a kept subtree), and each seat's search reuses its tree from one
 * of its decisions to the next. */
static void check_backup_tables(const char *spec)
{
    const struct kk_game *g = &kk_toy_nim;
    struct kk_agent *a[2];
    for (int i = 0; i < 2; i++)
        a[i] = make(g, spec);
    if (!a[0] || !a[1]) {
        CHECK(0);
        kk_agent_destroy(a[0]);
        kk_agent_destroy(a[1]);
        return;
    }
    char state[64];
    toy_nim_setup(state, 2, 13, 1);
    kk_rng rng;
    kk_rng_seed(&rng, 77, 0);
    int searches = 0, kept = 0;
    for (int ply = 0; ply < 200 && g->to_move(state) != KK_TERMINAL; ply++) {
        int who = g->to_move(state);
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(state, &rng);
        } else {
            m = a[who]->choose(a[who], state, &rng);
            searches++;
            kept += kk_mcts_kept_visits(a[who]) > 0;
            CHECK_EQ_INT((int)kk_mcts_backup_mismatches(a[who]), 0);
        }
        for (int i = 0; i < 2; i++)
            a[i]->observe(a[i], state, m);
        g->apply(state, m);
    }
    CHECK(searches >= 4);
    CHECK(kept >= searches - 2); /* every search after each seat's first starts from its tree */
    for (int i = 0; i < 2; i++)
        kk_agent_destroy(a[i]);
}

static void test_backup_tables(void)
{
    check_backup_tables("mcts:iters=500,reuse=1,chance=explicit,backup=max");
    check_backup_tables("mcts:iters=500,reuse=1,chance=explicit,backup=expectimax,rollout=none");
}

/* backup=expectimax is expectimax over the tree: four moves before toy-nim's 40-move limit
 * the whole game fits in the tree, and each root move's value is then its exact value
 * (toy_nim_solve: chance weighted 2/3 and 1/3 however often each was drawn, the other
 * seat's best reply), for five piles whose moves' values mostly differ. The budget and
 * the exploration (c=2 on the raw scale) are what it takes for every node of the tree to
 * be reached; at 20,000 iterations some poor moves' subtrees were still incomplete and
 * their values stood on the evaluation's 0.5. */
static void test_expectimax_exact(void)
{
    const struct kk_game *g = &kk_toy_nim;
    for (int pile = 5; pile <= 9; pile++) {
        char state[64];
        toy_nim_setup(state, 2, pile, 1);
        for (int made = 0; made < 36; made++) { /* take one, chance adds it back */
            g->apply(state, 1);
            g->apply(state, 1);
        }
        CHECK_EQ_INT(g->to_move(state), 0);
        static const char *const specs[] = {
            "mcts:iters=100000,chance=explicit,backup=expectimax,rollout=none,scale=none,c=2",
            "mcts:iters=100000,chance=explicit,backup=expectimax,rollout=none,scale=none,c=2,cwiden=1",
            /* auto is expectimax where leaves are rated by the evaluation alone */
            "mcts:iters=100000,chance=explicit,backup=auto,rollout=none,scale=none,c=2",
        };
        for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
            struct kk_agent *a = make(g, specs[k]);
            if (!a) {
                CHECK(0);
                continue;
            }
            kk_rng rng;
            kk_rng_seed(&rng, 5, (uint64_t)pile);
            a->choose(a, state, &rng);
            kk_move moves[3];
            int32_t visits[3];
            double mean[3], avg[3];
            int n = kk_mcts_root_stats(a, moves, visits, mean, avg);
            CHECK_EQ_INT(n, 3);
            for (int i = 0; i < n; i++) {
                char after[64];
                memcpy(after, state, g->state_size);
                g->apply(after, moves[i]);
                double exact = toy_nim_solve(after, 0);
                if (fabs(mean[i] - exact) > 1e-9)
                    fprintf(stderr, "%s: pile %d move %d: value %.12f, exact %.12f\n",
                            specs[k], pile, (int)moves[i], mean[i], exact);
                CHECK(fabs(mean[i] - exact) <= 1e-9);
            }
            kk_agent_destroy(a);
        }
    }
}

/* backup=auto with playouts searches exactly as backup=mean: the same visits and means at
 * the root from the same seed (and as expectimax with rollout=none: test_expectimax_exact). */
static void test_backup_auto_mean(void)
{
    const struct kk_game *g = &kk_toy_nim;
    char state[64];
    toy_nim_setup(state, 2, 10, 1);
    static const char *const specs[2] = {"mcts:iters=500,chance=explicit,backup=auto",
                                         "mcts:iters=500,chance=explicit,backup=mean"};
    kk_move moves[2][3];
    int32_t visits[2][3];
    double mean[2][3], avg[2][3];
    int n[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        struct kk_agent *a = make(g, specs[k]);
        if (!a) {
            CHECK(0);
            return;
        }
        kk_rng rng;
        kk_rng_seed(&rng, 11, 0);
        a->choose(a, state, &rng);
        n[k] = kk_mcts_root_stats(a, moves[k], visits[k], mean[k], avg[k]);
        kk_agent_destroy(a);
    }
    CHECK_EQ_INT(n[0], 3);
    CHECK_EQ_INT(n[0], n[1]);
    for (int i = 0; i < n[0] && i < n[1]; i++) {
        CHECK(moves[0][i] == moves[1][i]);
        CHECK_EQ_INT(visits[0][i], visits[1][i]);
        CHECK(mean[0][i] == mean[1][i]);
    }
}

/* Returns: win splits among leaders, margin is centred on 0.5; cut-off states use
 * evaluate() in place of scores. */
static void test_returns(void)
{
    const struct kk_game *g = &kk_toy_nim;
    char state[64];
    double r[KK_MAX_SEATS];
    toy_nim_setup(state, 3, 2, 0);
    kk_search_returns(g, state, KK_REWARD_WIN, r); /* nobody leads: a 3-way tie */
    for (int s = 0; s < 3; s++)
        CHECK(fabs(r[s] - 1.0 / 3) < 1e-12);
    kk_search_returns(g, state, KK_REWARD_MARGIN, r);
    CHECK(fabs(r[0] - 0.5) < 1e-12);
    kk_search_returns(g, state, KK_REWARD_MIX, r); /* (1/3 + 1/2) / 2 */
    CHECK(fabs(r[0] - 5.0 / 12) < 1e-12);
    g->apply(state, 2); /* seat 0 takes the last stones */
    CHECK_EQ_INT(g->to_move(state), KK_TERMINAL);
    kk_search_returns(g, state, KK_REWARD_WIN, r);
    CHECK(r[0] == 1 && r[1] == 0 && r[2] == 0);
    kk_search_returns(g, state, KK_REWARD_MARGIN, r); /* score 1 vs 0, score_scale 1 */
    CHECK(r[0] == 1 && r[1] == 0 && r[2] == 0);
}

int main(void)
{
    test_returns();
    test_specs();
    test_nim_best_moves();
    test_take_the_win();
    test_greedy_ties();
    test_hidden_information();
    test_sampled_view();
    test_reproducible();
    test_reuse_keeps_playing_well();
    test_backup_tables();
    test_expectimax_exact();
    test_backup_auto_mean();
    return kk_test_done("agents_toy");
}
