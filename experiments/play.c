#include "play.h"

#include <string.h>

#include "../engine/core/record.h"

/* A game longer than this is an engine bug, not a long game. */
#define KK_MAX_GAME_EVENTS 1000000

void kk_game_rngs(uint64_t seed, uint64_t index, kk_rng *chance, kk_rng *agents)
{
    kk_rng_seed(chance, seed, index);
    kk_rng_seed(agents, seed ^ KK_AGENT_SEED_MIX, index);
}

void kk_result_from_state(const struct kk_game *g, const void *state, int length,
                          struct kk_game_result *res)
{
    memset(res, 0, sizeof *res);
    res->players = g->players(state);
    g->scores(state, res->scores);
    res->winners = g->winners(state);
    res->length = length;
    res->result = g->cooperative && g->result ? g->result(state) : 0;
}

int kk_play_game(const struct kk_game *g, const struct kk_variant *v, int players,
                 struct kk_agent *const *agents, kk_rng *chance, kk_rng *agent_rng, void *state,
                 struct kk_buf *record, struct kk_game_result *res, double *stats, kk_error *err)
{
    if (kk_game_init(g, state, v, players, err) != 0)
        return -1;
    int n = g->players(state);
    for (int s = 0; s < n; s++) {
        int dup = 0;
        for (int t = 0; t < s; t++)
            dup |= agents[t] == agents[s];
        if (!dup && agents[s]->reset)
            agents[s]->reset(agents[s]);
    }
    int length = 0;
    for (int events = 0;; events++) {
        if (events > KK_MAX_GAME_EVENTS)
            return kk_fail(err, "%s: game did not end after %d events", g->name, events);
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(state, chance);
        } else {
            m = agents[who]->choose(agents[who], state, agent_rng);
            length++;
        }
        if (record)
            kk_record_write_event(record, g, state, m);
        for (int s = 0; s < n; s++) {
            int dup = 0;
            for (int t = 0; t < s; t++)
                dup |= agents[t] == agents[s];
            if (!dup && agents[s]->observe)
                agents[s]->observe(agents[s], state, m);
        }
        g->apply(state, m);
    }
    kk_result_from_state(g, state, length, res);
    if (stats)
        g->get_stats(state, stats);
    return 0;
}
