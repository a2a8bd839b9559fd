/* Every agent, on every registered game (kk_games[], so games registered later are covered
 * without editing this file) and on the toy games: every move it returns is legal, over
 * thousands of positions reached by play; and the same seed replays the same game.
 * Budgets are tiny (and playouts cut short) so the whole suite stays fast. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "support/toy_games.h"
#include "testlib.h"

/* Cheap variants of every agent and of the search options that change code paths. Games
 * supply their own defaults (agent_defaults: greedy playouts, greedy expansion, the dice
 * game's deep evaluation); CHEAP overrides them where a spec is about another code path,
 * to keep the suite fast, and PLAIN keeps the game's own evaluation (the dice game's deep
 * one builds the single-turn solver's tables, seconds per agent). */
#define PLAIN ",eval=game,cv=off"
#define CHEAP ",rollout=random,expand=random,widen=0" PLAIN
static const char *const specs[] = {
    "random",
    "greedy",
    "greedy:value=diff",
    "greedy:view=peek",
    "flatmc:playouts=6,depth=3,rollout=random",
    "flatmc:playouts=4,rollout=greedy,epsilon=0.5,depth=2,reward=win,view=peek",
    "mcts:iters=4", /* with each game's own agent_defaults */
    "mcts:iters=12,depth=3" CHEAP,
    "mcts:iters=12,depth=3,chance=explicit,rave=50,widen=1,reward=win,rollout=random,"
    "expand=random" PLAIN,
    "mcts:iters=10,depth=2,threads=2,reuse=1" CHEAP,
    "mcts:iters=6,rollout=greedy,depth=2,nodes=16,expand=random,widen=0" PLAIN,
    "mcts:iters=12,depth=3,widen=1,expand=greedy,rollout=random" PLAIN,
    "mcts:iters=12,depth=3,view=sample,samples=2,chance=pooled,scale=none" CHEAP,
    "mcts:iters=12,depth=3,view=peek,reuse=1" CHEAP,
    "ismcts:iters=12,depth=3" CHEAP,
    "ismcts:iters=8,depth=2,chance=explicit,threads=2" CHEAP,
};
#define NSPECS (int)(sizeof specs / sizeof specs[0])
#define DECISIONS_DEFAULT 1000 /* default player count: decisions over all agents */
#define DECISIONS_MORE 500     /* the largest player count */

/* Plays one game, seat s by agents[(first + s) % NSPECS]; every agent observes every event.
 * Returns the number of decisions checked and a hash of the events in *hash, or -1 when
 * the game refuses this number of players (players 0: the game's default). */
static int play_one(const struct kk_game *g, int players, struct kk_agent **agents, int first,
                    uint64_t seed, void *state, uint64_t *hash)
{
    kk_error err = {{0}};
    struct kk_variant v;
    if (kk_variant_defaults(g, &v, &err) != 0 || kk_game_init(g, state, &v, players, &err) != 0) {
        /* Some games take their seat count from a variant (e.g. the solo game's colours):
         * refusing a bare player count is allowed, but the default must always work. */
        if (players == 0) {
            fprintf(stderr, "%s: cannot set up the default game: %s\n", g->name, err.msg);
            CHECK(0);
        }
        return -1;
    }
    players = g->players(state);
    for (int i = 0; i < NSPECS; i++)
        if (agents[i]->reset)
            agents[i]->reset(agents[i]);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 77);
    int decisions = 0;
    uint64_t h = 1469598103934665603ULL;
    for (int steps = 0;; steps++) {
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        if (steps > 100000) {
            fprintf(stderr, "%s: game did not end\n", g->name);
            CHECK(0);
            break;
        }
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(state, &rng);
        } else {
            CHECK(who >= 0 && who < players);
            struct kk_agent *a = agents[(first + who) % NSPECS];
            m = a->choose(a, state, &rng);
            decisions++;
            if (!kk_is_legal(g, state, m)) {
                char text[64];
                g->move_to_text(state, m, text, sizeof text);
                fprintf(stderr, "%s: %s chose illegal move %d (%s)\n", g->name, a->spec, (int)m,
                        text);
                CHECK(0);
                m = kk_random_move(g, state, &rng);
            }
        }
        for (int i = 0; i < NSPECS; i++)
            if (agents[i]->observe)
                agents[i]->observe(agents[i], state, m);
        g->apply(state, m);
        h = (h ^ (uint64_t)(uint32_t)m) * 1099511628211ULL;
    }
    *hash = h;
    return decisions;
}

static void test_game(const struct kk_game *g, int players, void *state)
{
    int target = players == 0 ? DECISIONS_DEFAULT : DECISIONS_MORE;
    struct kk_agent *agents[NSPECS];
    for (int i = 0; i < NSPECS; i++) {
        kk_error err = {{0}};
        agents[i] = kk_agent_create(g, specs[i], &err);
        if (!agents[i]) {
            /* e.g. a cooperative game without the hooks an agent needs is a bug here */
            fprintf(stderr, "%s: cannot create %s: %s\n", g->name, specs[i], err.msg);
            CHECK(0);
            for (int j = 0; j < i; j++)
                kk_agent_destroy(agents[j]);
            return;
        }
    }
    int decisions = 0, games = 0;
    uint64_t first_hash = 0;
    double start = omp_get_wtime();
    for (uint64_t seed = 1; decisions < target && games < 5000; seed++, games++) {
        uint64_t h;
        int d = play_one(g, players, agents, (int)(seed % NSPECS), seed, state, &h);
        if (d < 0) {
            printf("%-18s %d players: not set up by a player count, skipped\n", g->name,
                   players);
            for (int i = 0; i < NSPECS; i++)
                kk_agent_destroy(agents[i]);
            return;
        }
        decisions += d;
        if (seed == 1)
            first_hash = h;
    }
    /* Same seed, same agents: the same game, move for move (tree reuse and all). */
    uint64_t again;
    play_one(g, players, agents, 1, 1, state, &again);
    CHECK(again == first_hash);
    printf("%-18s %d players: %d decisions in %d games (%.2f s)\n", g->name,
           players ? players : g->default_players, decisions, games, omp_get_wtime() - start);
    CHECK(decisions >= target);
    for (int i = 0; i < NSPECS; i++)
        kk_agent_destroy(agents[i]);
}

int main(void)
{
    void *state = malloc(KK_TEST_STATE_MAX);
    const struct kk_game *toys[] = {&kk_toy_nim, &kk_toy_guess};
    for (int i = 0; i < 2; i++)
        test_game(toys[i], 0, state);
    for (int i = 0; kk_games[i]; i++) {
        const struct kk_game *g = kk_games[i];
        CHECK(g->state_size <= KK_TEST_STATE_MAX);
        if (g->state_size > KK_TEST_STATE_MAX)
            continue;
        test_game(g, 0, state);
        if (g->max_players != g->default_players)
            test_game(g, g->max_players, state);
    }
    free(state);
    return kk_test_done("agents_legal");
}
