/* Honest agents, view options, chance-aware open-loop trees, tree reuse and game-supplied
 * agent defaults, on the toy games of support/toy_games.h.
 *
 * toy-guess is the honesty probe: seat 1 holds a secret card 0..2; seat 0 plays safe (wins
 * 0.6) or names the card (wins if right). Seeing the card is worth 1, not seeing it at most
 * 0.6 (the information-set value). */
#include <math.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/search.h"
#include "support/toy_games.h"
#include "testlib.h"

extern const struct kk_agent_class kk_agent_mcts;

static struct kk_agent *make(const struct kk_game *g, const char *spec)
{
    kk_error err = {{0}};
    struct kk_agent *a = kk_agent_create(g, spec, &err);
    if (!a)
        fprintf(stderr, "cannot create '%s': %s\n", spec, err.msg);
    return a;
}

/* Chance of winning toy-guess with move m when the secret card is `card`. */
static double guess_value(kk_move m, int card)
{
    if (m == TOY_GUESS_SAFE)
        return 0.6;
    return m - TOY_GUESS_CARD0 == card ? 1.0 : 0.0;
}

static const char *const honest_specs[] = {
    "mcts:iters=300",
    "mcts:iters=300,chance=explicit",
    "mcts:iters=300,view=sample,samples=3",
    "mcts:iters=300,threads=2",
    "ismcts:iters=300",
    "flatmc:playouts=200",
    "greedy",
    "greedy:value=diff",
};
static const char *const peek_specs[] = {
    "mcts:iters=300,view=peek",
    "ismcts:iters=300,view=peek",
    "flatmc:playouts=200,view=peek",
    "greedy:view=peek",
};
#define NSPECS(a) (sizeof(a) / sizeof((a)[0]))

/* peeks is set exactly for view=peek on a hidden game. */
static void test_peek_flag(void)
{
    for (size_t i = 0; i < NSPECS(honest_specs); i++) {
        struct kk_agent *a = make(&kk_toy_guess, honest_specs[i]);
        CHECK(a && a->peeks == 0);
        kk_agent_destroy(a);
    }
    for (size_t i = 0; i < NSPECS(peek_specs); i++) {
        struct kk_agent *a = make(&kk_toy_guess, peek_specs[i]);
        CHECK(a && a->peeks == 1);
        kk_agent_destroy(a);
        /* nothing is hidden in toy-nim: peeking there is no cheating */
        a = make(&kk_toy_nim, peek_specs[i]);
        CHECK(a && a->peeks == 0);
        kk_agent_destroy(a);
    }
    struct kk_agent *r = make(&kk_toy_guess, "random");
    CHECK(r && r->peeks == 0);
    kk_agent_destroy(r);
}

/* An honest agent's move is a function of the seat's view and the rng only: with the same
 * seed it makes the same move whatever the hidden card, so it wins at most the
 * information-set rate. A peeking agent names the card every time. */
static void test_cannot_exploit_hidden_card(void)
{
    int trials = 24;
    for (size_t i = 0; i < NSPECS(honest_specs); i++) {
        double value = 0;
        int varies = 0;
        for (int t = 0; t < trials; t++) {
            kk_move first = -1;
            for (int card = 0; card < 3; card++) {
                struct kk_agent *a = make(&kk_toy_guess, honest_specs[i]);
                char state[64];
                toy_guess_setup(state, card);
                kk_rng rng;
                kk_rng_seed(&rng, 99, (uint64_t)t);
                kk_move m = a->choose(a, state, &rng);
                CHECK(kk_is_legal(&kk_toy_guess, state, m));
                if (card == 0)
                    first = m;
                varies |= m != first;
                value += guess_value(m, card);
                kk_agent_destroy(a);
            }
        }
        value /= 3.0 * trials;
        if (varies || value > 0.6 + 1e-9)
            fprintf(stderr, "%s: move depends on the hidden card (value %.3f)\n",
                    honest_specs[i], value);
        CHECK(!varies);
        CHECK(value <= 0.6 + 1e-9);
    }
    /* The searches (not greedy, which only sees one ply of its own sample) find that
     * playing safe is the best an honest seat can do. */
    static const char *const searches[] = {
        "mcts:iters=300", "mcts:iters=300,chance=explicit", "mcts:iters=300,threads=2",
        "ismcts:iters=300", "flatmc:playouts=200",
    };
    for (size_t i = 0; i < NSPECS(searches); i++) {
        char state[64];
        toy_guess_setup(state, 2);
        kk_rng rng;
        kk_rng_seed(&rng, 5, i);
        struct kk_agent *a = make(&kk_toy_guess, searches[i]);
        CHECK_EQ_INT(a->choose(a, state, &rng), TOY_GUESS_SAFE);
        kk_agent_destroy(a);
    }
    for (size_t i = 0; i < NSPECS(peek_specs); i++) {
        double value = 0;
        for (int t = 0; t < trials; t++)
            for (int card = 0; card < 3; card++) {
                struct kk_agent *a = make(&kk_toy_guess, peek_specs[i]);
                char state[64];
                toy_guess_setup(state, card);
                kk_rng rng;
                kk_rng_seed(&rng, 99, (uint64_t)t);
                value += guess_value(a->choose(a, state, &rng), card);
                kk_agent_destroy(a);
            }
        CHECK(value / (3.0 * trials) > 0.999);
    }
}

/* The same seed gives the same move on a hidden game (determinizations come from the
 * decision's rng), and a different seed can give another one. */
static void test_hidden_deterministic(void)
{
    static const char *const specs[] = {"greedy", "mcts:iters=50", "flatmc:playouts=20"};
    for (size_t i = 0; i < NSPECS(specs); i++) {
        int differs = 0;
        for (uint64_t seed = 0; seed < 20; seed++) {
            kk_move m[2];
            for (int k = 0; k < 2; k++) {
                struct kk_agent *a = make(&kk_toy_guess, specs[i]);
                char state[64];
                toy_guess_setup(state, 1);
                kk_rng rng;
                kk_rng_seed(&rng, seed, 3);
                m[k] = a->choose(a, state, &rng);
                kk_agent_destroy(a);
            }
            CHECK_EQ_INT(m[0], m[1]);
            differs |= seed > 0 && m[0] != TOY_GUESS_SAFE;
        }
        if (i == 0)
            CHECK(differs); /* greedy guesses its sample's card: the seed matters */
    }
}

/* Plays toy-nim (2 seats) with `spec` in seat 0 and greedy in seat 1, every event observed;
 * returns the root visits seat 0's second decision started from. */
static long long kept_after_two_turns(const char *spec, int add, uint64_t seed)
{
    const struct kk_game *g = &kk_toy_nim;
    struct kk_agent *a = make(g, spec), *b = make(g, "greedy");
    char state[64];
    toy_nim_setup(state, 2, 13, add);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 1);
    int decisions = 0;
    long long kept = -1;
    while (g->to_move(state) != KK_TERMINAL && decisions < 2) {
        int who = g->to_move(state);
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(state, &rng);
        } else if (who == 0) {
            m = a->choose(a, state, &rng);
            kept = kk_mcts_kept_visits(a);
            decisions++;
        } else {
            m = b->choose(b, state, &rng);
        }
        a->observe(a, state, m);
        g->apply(state, m);
    }
    CHECK_EQ_INT(decisions, 2);
    kk_agent_destroy(a);
    kk_agent_destroy(b);
    return kept;
}

/* Tree reuse engages: the second decision starts from the subtree of the moves played
 * (open loop with chance keys, explicit chance, several trees); never with reuse=0, and
 * never under an honest view of a hidden game. */
static void test_reuse_engages(void)
{
    static const char *const specs[] = {"mcts:iters=500", "mcts:iters=500,chance=explicit",
                                        "mcts:iters=500,threads=2", "ismcts:iters=500"};
    for (size_t i = 0; i < NSPECS(specs); i++)
        for (int add = 0; add <= 1; add++) {
            long long kept = kept_after_two_turns(specs[i], add, 7 + (uint64_t)add);
            if (kept <= 0)
                fprintf(stderr, "%s add=%d: reuse kept %lld visits\n", specs[i], add, kept);
            CHECK(kept > 0);
        }
    CHECK_EQ_INT((int)kept_after_two_turns("mcts:iters=500,reuse=0", 1, 7), 0);
    struct kk_agent *honest = make(&kk_toy_guess, "mcts:iters=100");
    struct kk_agent *peek = make(&kk_toy_guess, "mcts:iters=100,view=peek");
    struct kk_agent *nim = make(&kk_toy_nim, "mcts:iters=100");
    CHECK_EQ_INT(kk_mcts_reuses(honest), 0);
    CHECK_EQ_INT(kk_mcts_reuses(peek), 1);
    CHECK_EQ_INT(kk_mcts_reuses(nim), 1);
    kk_agent_destroy(honest);
    kk_agent_destroy(peek);
    kk_agent_destroy(nim);
}

/* Toy-nim where chance may add a stone: at a pile of 6 the best move depends on the draw
 * that follows it. Open loop keyed by the draws finds it; the old pooled open loop, where
 * one node stands for a move after either draw, answers a different question and misses. */
static void test_chance_keys(void)
{
    const struct kk_game *g = &kk_toy_nim;
    char state[64];
    toy_nim_setup(state, 2, 6, 1);
    int keyed_right = 0, pooled_right = 0, runs = 6;
    for (int r = 0; r < runs; r++) {
        struct kk_agent *keyed = make(g, "mcts:iters=3000");
        struct kk_agent *pooled = make(g, "mcts:iters=3000,chance=pooled");
        kk_rng rng;
        kk_rng_seed(&rng, 42, (uint64_t)r);
        kk_move best = 2; /* toy_nim_solve: taking 2 is worth 0.25 more than the next */
        keyed_right += keyed->choose(keyed, state, &rng) == best;
        kk_rng_seed(&rng, 42, (uint64_t)r);
        pooled_right += pooled->choose(pooled, state, &rng) == best;
        kk_agent_destroy(keyed);
        kk_agent_destroy(pooled);
    }
    CHECK_EQ_INT(keyed_right, runs);
    CHECK(pooled_right < runs);
}

/* A game's agent_defaults are applied before the user's options, only to the kinds that
 * have the key (or, spelt CLASS.key, to that class); the user's options win; malformed
 * defaults are an error. */
static void test_game_defaults(void)
{
    struct kk_game g = kk_toy_nim;
    g.agent_defaults = "rollout=greedy,depth=3,widen=1";
    struct kk_agent *a = make(&g, "mcts");
    CHECK(a && strstr(a->spec, "rollout=greedy,") && strstr(a->spec, "depth=3,") &&
          strstr(a->spec, "widen=1,"));
    kk_agent_destroy(a);
    a = make(&g, "mcts:depth=5,rollout=random");
    CHECK(a && strstr(a->spec, "rollout=random,") && strstr(a->spec, "depth=5,") &&
          strstr(a->spec, "widen=1,"));
    kk_agent_destroy(a);
    a = make(&g, "flatmc"); /* no widen option: that key is skipped */
    CHECK(a && strstr(a->spec, "depth=3,"));
    kk_agent_destroy(a);
    a = make(&g, "greedy");
    CHECK(a && strcmp(a->spec, "greedy:value=own,view=sample,eval=game") == 0);
    kk_agent_destroy(a);
    a = make(&kk_toy_nim, "mcts"); /* the game without defaults is unchanged */
    CHECK(a && strstr(a->spec, "depth=0,") && strstr(a->spec, "rollout=random,"));
    kk_agent_destroy(a);

    double vals[KK_MAX_AGENT_OPTS];
    kk_error err = {{0}};
    CHECK_EQ_INT(kk_agent_defaults(&kk_agent_mcts, &g, vals, &err), 0);
    g.agent_defaults = "depth=deep";
    CHECK(kk_agent_defaults(&kk_agent_mcts, &g, vals, &err) != 0);
    CHECK(strstr(err.msg, "depth") != NULL);
    CHECK(kk_agent_create(&g, "mcts", &err) == NULL);
    g.agent_defaults = "depth";
    CHECK(kk_agent_create(&g, "mcts", &err) == NULL);

    /* CLASS.key=value: that agent class only (depth=2 for all, 4 for flatmc, 6 for mcts). */
    g.agent_defaults = "depth=2,flatmc.depth=4,mcts.depth=6";
    a = make(&g, "mcts");
    CHECK(a && strstr(a->spec, ",depth=6,"));
    kk_agent_destroy(a);
    a = make(&g, "ismcts");
    CHECK(a && strstr(a->spec, ",depth=2,"));
    kk_agent_destroy(a);
    a = make(&g, "flatmc");
    CHECK(a && strstr(a->spec, ",depth=4,"));
    kk_agent_destroy(a);
    a = make(&g, "flatmc:depth=1"); /* the user's option still wins */
    CHECK(a && strstr(a->spec, ",depth=1,"));
    kk_agent_destroy(a);
    g.agent_defaults = "mcts.depth=deep"; /* checked when it applies */
    CHECK(kk_agent_create(&g, "mcts", &err) == NULL);
    CHECK(strstr(err.msg, "depth") != NULL);
}

/* ismcts is mcts with view=iset: the same move from the same seed; view=sample belongs to
 * mcts only. */
static void test_view_options(void)
{
    char state[64];
    toy_guess_setup(state, 0);
    for (uint64_t seed = 0; seed < 5; seed++) {
        struct kk_agent *a = make(&kk_toy_guess, "mcts:iters=200");
        struct kk_agent *b = make(&kk_toy_guess, "ismcts:iters=200");
        struct kk_agent *c = make(&kk_toy_guess, "mcts:iters=200,view=iset");
        kk_rng r1, r2, r3;
        kk_rng_seed(&r1, seed, 0);
        kk_rng_seed(&r2, seed, 0);
        kk_rng_seed(&r3, seed, 0);
        kk_move m = a->choose(a, state, &r1);
        CHECK_EQ_INT(b->choose(b, state, &r2), m);
        CHECK_EQ_INT(c->choose(c, state, &r3), m);
        kk_agent_destroy(a);
        kk_agent_destroy(b);
        kk_agent_destroy(c);
    }
    kk_error err = {{0}};
    CHECK(kk_agent_create(&kk_toy_guess, "ismcts:view=sample", &err) == NULL);
    CHECK(kk_agent_create(&kk_toy_guess, "mcts:view=true", &err) == NULL);
}

/* Simultaneous rounds (toy-pennies): decoupled UCT values the matching-pennies round at
 * about its equilibrium 0.5 and plays a coin; a sequential tree lets seat 1 answer seat 0's
 * commitment, values every coin at 0 and plays safe (0.4). Seat 1 cannot see seat 0's
 * pending coin unless it peeks. */
static void test_simultaneous(void)
{
    const struct kk_game *g = &kk_toy_pennies;
    int coins = 0, safe_seq = 0, runs = 6;
    for (int r = 0; r < runs; r++) {
        char state[64];
        toy_pennies_setup(state);
        struct kk_agent *duct = make(g, "mcts:iters=4000");
        struct kk_agent *seq = make(g, "mcts:iters=4000,sim=sequential");
        kk_rng rng;
        kk_rng_seed(&rng, 31, (uint64_t)r);
        coins += duct->choose(duct, state, &rng) != TOY_PENNIES_SAFE;
        kk_rng_seed(&rng, 31, (uint64_t)r);
        safe_seq += seq->choose(seq, state, &rng) == TOY_PENNIES_SAFE;
        kk_agent_destroy(duct);
        kk_agent_destroy(seq);
    }
    CHECK_EQ_INT(coins, runs);
    CHECK_EQ_INT(safe_seq, runs);

    /* Seat 1 after seat 0 committed: honest agents move the same whatever the coin. */
    static const char *const specs[] = {"mcts:iters=300", "ismcts:iters=300", "greedy",
                                        "flatmc:playouts=100", "mcts:iters=300,view=sample"};
    for (size_t i = 0; i < NSPECS(specs); i++)
        for (uint64_t seed = 0; seed < 8; seed++) {
            kk_move first = -1;
            for (kk_move c0 = 0; c0 < 3; c0++) {
                char state[64];
                toy_pennies_setup(state);
                g->apply(state, c0);
                struct kk_agent *a = make(g, specs[i]);
                kk_rng rng;
                kk_rng_seed(&rng, seed, 9);
                kk_move m = a->choose(a, state, &rng);
                if (c0 == 0)
                    first = m;
                CHECK_EQ_INT(m, first);
                kk_agent_destroy(a);
            }
        }
    for (kk_move c0 = TOY_PENNIES_HEADS; c0 <= TOY_PENNIES_TAILS; c0++) {
        char state[64];
        toy_pennies_setup(state);
        g->apply(state, c0);
        struct kk_agent *a = make(g, "mcts:iters=300,view=peek");
        kk_rng rng;
        kk_rng_seed(&rng, 4, 4);
        CHECK(a->choose(a, state, &rng) != c0); /* it sees the coin and mismatches */
        kk_agent_destroy(a);
    }
}

/* final=mix draws the move of a simultaneous decision from the root visits: seat 0 of
 * toy-pennies, whose most visited move is a coin every time (test_simultaneous), then also
 * plays safe now and then and both coins; the same seed gives the same move; and outside a
 * simultaneous round mix plays the most visited move, exactly as final=visits. */
static void test_final_mix(void)
{
    const struct kk_game *g = &kk_toy_pennies;
    int count[3] = {0, 0, 0}, runs = 40;
    for (int r = 0; r < runs; r++) {
        char state[64];
        toy_pennies_setup(state);
        struct kk_agent *a = make(g, "mcts:iters=1000,final=mix");
        kk_rng rng;
        kk_rng_seed(&rng, 77, (uint64_t)r);
        kk_move m = a->choose(a, state, &rng);
        kk_rng_seed(&rng, 77, (uint64_t)r);
        CHECK_EQ_INT(a->choose(a, state, &rng), m);
        CHECK(m >= 0 && m < 3);
        count[m]++;
        kk_agent_destroy(a);
    }
    CHECK(count[TOY_PENNIES_SAFE] > 0);
    CHECK(count[TOY_PENNIES_HEADS] > 0 && count[TOY_PENNIES_TAILS] > 0);
    CHECK(count[TOY_PENNIES_SAFE] < count[TOY_PENNIES_HEADS] + count[TOY_PENNIES_TAILS]);
    for (uint64_t seed = 0; seed < 6; seed++) {
        char state[64];
        toy_guess_setup(state, (int)(seed % 3));
        struct kk_agent *mix = make(&kk_toy_guess, "mcts:iters=300,final=mix");
        struct kk_agent *vis = make(&kk_toy_guess, "mcts:iters=300,final=visits");
        kk_rng r1, r2;
        kk_rng_seed(&r1, seed, 3);
        kk_rng_seed(&r2, seed, 3);
        CHECK_EQ_INT(mix->choose(mix, state, &r1), vis->choose(vis, state, &r2));
        kk_agent_destroy(mix);
        kk_agent_destroy(vis);
    }
}

/* The root of seat 0's last decision: probability of each move in the average strategy,
 * and the mean return over all root visits (the search's value of the decision). */
static int root_strategy(const struct kk_agent *a, double *avg, double *value)
{
    kk_move moves[8];
    int32_t visits[8];
    double mean[8];
    int n = kk_mcts_root_stats(a, moves, visits, mean, avg);
    double sum = 0, count = 0;
    for (int k = 0; k < n; k++) {
        CHECK_EQ_INT(moves[k], k); /* both toys list their moves 0, 1, ... */
        sum += mean[k] * visits[k];
        count += visits[k];
    }
    *value = count > 0 ? sum / count : -1;
    return n;
}

/* sim=rm (and exp3) mixes where it should. On toy-pennies seat 0's average strategy puts
 * little on safe (0.4 < 0.5: gamma / 3 from exploration, and what regret matching's cycling
 * around the coins' equilibrium leaves; over 40 seeds at most 0.09 at 16,000 iterations,
 * 0.25 at 4,000) and splits the rest evenly between the coins, and the search values the
 * decision near the equilibrium's 0.5. On toy-mix, whose equilibrium is
 * not uniform, seat 0's average strategy plays A about 1/3 of the time and the value is
 * about 1/3. Decoupled UCT keeps no average strategy (all zero). */
static void test_sim_bandits(void)
{
    double avg[8], value;
    for (uint64_t r = 0; r < 4; r++) {
        char state[64];
        toy_pennies_setup(state);
        struct kk_agent *a = make(&kk_toy_pennies, "mcts:iters=16000,sim=rm");
        kk_rng rng;
        kk_rng_seed(&rng, 41, r);
        kk_move m = a->choose(a, state, &rng);
        CHECK(m != TOY_PENNIES_SAFE);
        CHECK_EQ_INT(root_strategy(a, avg, &value), 3);
        fprintf(stderr, "toy-pennies sim=rm run %d: safe %.3f heads %.3f tails %.3f, value %.3f\n",
                (int)r, avg[0], avg[1], avg[2], value);
        CHECK(avg[TOY_PENNIES_SAFE] < 0.15);
        double coins = avg[TOY_PENNIES_HEADS] + avg[TOY_PENNIES_TAILS];
        CHECK(fabs(avg[TOY_PENNIES_HEADS] / coins - 0.5) < 0.08);
        CHECK(fabs(value - 0.5) < 0.05);
        kk_agent_destroy(a);
    }
    static const char *const mix_specs[] = {"mcts:iters=4000,sim=rm",
                                            "mcts:iters=4000,sim=rm,gamma=0.3",
                                            "mcts:iters=4000,sim=exp3"};
    for (size_t i = 0; i < NSPECS(mix_specs); i++)
        for (uint64_t r = 0; r < 4; r++) {
            char state[64];
            kk_error err = {{0}};
            CHECK(kk_toy_mix.init(state, NULL, 2, &err) == 0);
            struct kk_agent *a = make(&kk_toy_mix, mix_specs[i]);
            kk_rng rng;
            kk_rng_seed(&rng, 43, r);
            a->choose(a, state, &rng);
            CHECK_EQ_INT(root_strategy(a, avg, &value), 2);
            fprintf(stderr, "toy-mix %s run %d: A %.3f, value %.3f\n", mix_specs[i], (int)r,
                    avg[TOY_MIX_A], value);
            CHECK(fabs(avg[TOY_MIX_A] - 1.0 / 3) < 0.07);
            CHECK(fabs(value - 1.0 / 3) < 0.07);
            kk_agent_destroy(a);
        }
    char state[64];
    toy_pennies_setup(state);
    struct kk_agent *duct = make(&kk_toy_pennies, "mcts:iters=1000");
    kk_rng rng;
    kk_rng_seed(&rng, 41, 0);
    duct->choose(duct, state, &rng);
    CHECK_EQ_INT(root_strategy(duct, avg, &value), 3);
    CHECK(avg[0] == 0 && avg[1] == 0 && avg[2] == 0);
    kk_agent_destroy(duct);
}

/* sim=rm draws only from the decision's rng: the same seed gives the same move and the same
 * statistics, with one tree or several, and final=mix draws its move from the average
 * strategy (both coins over a few seeds, safe rarely). */
static void test_sim_bandits_deterministic(void)
{
    static const char *const specs[] = {"mcts:iters=500,sim=rm", "mcts:iters=500,sim=rm,threads=2",
                                        "mcts:iters=500,sim=exp3,final=mix",
                                        "mcts:iters=500,sim=rm,view=sample,samples=2"};
    for (size_t i = 0; i < NSPECS(specs); i++)
        for (uint64_t seed = 0; seed < 4; seed++) {
            double avg1[8], avg2[8], v1, v2;
            kk_move m[2];
            for (int rep = 0; rep < 2; rep++) {
                char state[64];
                toy_pennies_setup(state);
                struct kk_agent *a = make(&kk_toy_pennies, specs[i]);
                kk_rng rng;
                kk_rng_seed(&rng, seed, 5);
                m[rep] = a->choose(a, state, &rng);
                root_strategy(a, rep ? avg2 : avg1, rep ? &v2 : &v1);
                kk_agent_destroy(a);
            }
            CHECK_EQ_INT(m[0], m[1]);
            CHECK(memcmp(avg1, avg2, 3 * sizeof avg1[0]) == 0 && v1 == v2);
        }
    int count[3] = {0, 0, 0};
    for (uint64_t seed = 0; seed < 30; seed++) {
        char state[64];
        toy_pennies_setup(state);
        struct kk_agent *a = make(&kk_toy_pennies, "mcts:iters=1000,sim=rm,final=mix");
        kk_rng rng;
        kk_rng_seed(&rng, seed, 6);
        count[a->choose(a, state, &rng)]++;
        kk_agent_destroy(a);
    }
    CHECK(count[TOY_PENNIES_HEADS] > 5 && count[TOY_PENNIES_TAILS] > 5);
    CHECK(count[TOY_PENNIES_SAFE] < 5);
}

/* A compound commitment (toy-differ: seat 0 commits two bits that must differ, seat 1 then
 * commits a bit that changes nothing): seat 0's second move is searched knowing its first,
 * so decoupled and rm both find that it must differ, and value the round near 1. When the
 * two moves shared one set of statistics (before 2026-11-27) no second move could depend
 * on the first: decoupled valued the round at 0.000-0.003 (UCB picked the better-looking
 * bit twice), rm at about 0.5. */
static void test_compound_commitment(void)
{
    static const char *const specs[] = {"mcts:iters=2000", "mcts:iters=2000,sim=rm",
                                        "mcts:iters=2000,sim=exp3"};
    for (size_t i = 0; i < NSPECS(specs); i++)
        for (uint64_t r = 0; r < 3; r++) {
            char state[64];
            kk_error err = {{0}};
            CHECK(kk_toy_differ.init(state, NULL, 2, &err) == 0);
            struct kk_agent *a = make(&kk_toy_differ, specs[i]);
            kk_rng rng;
            kk_rng_seed(&rng, 47, r);
            a->choose(a, state, &rng);
            double avg[8], value;
            CHECK_EQ_INT(root_strategy(a, avg, &value), 2);
            fprintf(stderr, "toy-differ %s run %d: value %.3f\n", specs[i], (int)r, value);
            CHECK(value > 0.85);
            kk_agent_destroy(a);
        }
}

/* A bad sim or gamma is a one-line error naming the option. */
static void test_sim_options(void)
{
    static const char *const bad[][2] = {{"mcts:sim=bogus", "sim"},
                                         {"mcts:sim=rm,gamma=0", "gamma"},
                                         {"mcts:sim=rm,gamma=2", "gamma"},
                                         {"ismcts:sim=regret", "sim"}};
    for (size_t i = 0; i < NSPECS(bad); i++) {
        kk_error err = {{0}};
        CHECK(kk_agent_create(&kk_toy_pennies, bad[i][0], &err) == NULL);
        CHECK(strstr(err.msg, bad[i][1]) != NULL);
        CHECK(strchr(err.msg, '\n') == NULL);
    }
    kk_error err = {{0}};
    struct kk_agent *a = kk_agent_create(&kk_toy_pennies, "mcts:sim=exp3,gamma=0.3", &err);
    CHECK(a && strstr(a->spec, "sim=exp3") && strstr(a->spec, "gamma=0.3"));
    kk_agent_destroy(a);
}

int main(void)
{
    test_peek_flag();
    test_cannot_exploit_hidden_card();
    test_hidden_deterministic();
    test_reuse_engages();
    test_chance_keys();
    test_game_defaults();
    test_view_options();
    test_simultaneous();
    test_final_mix();
    test_sim_bandits();
    test_sim_bandits_deterministic();
    test_sim_options();
    test_compound_commitment();
    return kk_test_done("agents_honest");
}
