#include "play.h"

#include <stdlib.h>
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

/* Tells every agent (once per distinct agent) that move is applied to state. */
static void observe_all(struct kk_agent *const *agents, int n, const void *state, kk_move m)
{
    for (int s = 0; s < n; s++) {
        int dup = 0;
        for (int t = 0; t < s; t++)
            dup |= agents[t] == agents[s];
        if (!dup && agents[s]->observe)
            agents[s]->observe(agents[s], state, m);
    }
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
    /* A simultaneous round's commitments reach the observers only when the round is
     * revealed (after its last commitment), each with the state it was made in, so no agent
     * can learn another seat's pending choice through observe(). */
    /* Commitments split into sub-decisions take several moves a seat. */
    enum { HELD_MAX = 8 * KK_MAX_SEATS };
    char *held_states = NULL;
    kk_move held_moves[HELD_MAX];
    int held = 0;
    if (g->simultaneous && !(held_states = malloc(g->state_size * HELD_MAX)))
        return kk_fail(err, "out of memory");
    int length = 0, rc = 0;
    for (int events = 0;; events++) {
        if (events > KK_MAX_GAME_EVENTS) {
            rc = kk_fail(err, "%s: game did not end after %d events", g->name, events);
            break;
        }
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
        uint32_t pending = kk_sim_pending(g, state);
        if (!pending) {
            observe_all(agents, n, state, m);
            g->apply(state, m);
            continue;
        }
        if (held == HELD_MAX) {
            rc = kk_fail(err, "%s: a simultaneous round of more than %d moves", g->name,
                         HELD_MAX);
            break;
        }
        memcpy(held_states + (size_t)held * g->state_size, state, g->state_size);
        held_moves[held++] = m;
        g->apply(state, m);
        if (kk_sim_revealed(pending, kk_sim_pending(g, state))) {
            for (int k = 0; k < held; k++)
                observe_all(agents, n, held_states + (size_t)k * g->state_size, held_moves[k]);
            held = 0;
        }
    }
    free(held_states);
    if (rc != 0)
        return rc;
    kk_result_from_state(g, state, length, res);
    if (stats)
        g->get_stats(state, stats);
    return 0;
}
