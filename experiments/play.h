/* Playing one game between agents: the loop every experiment, selfplay and benchmark
 * shares. Game i of an experiment with seed S draws chance outcomes from PCG stream
 * (S, i) and agent randomness from stream (S xor KK_AGENT_SEED_MIX, i), so a game's
 * course depends only on (S, i) and the agents, never on threads or on the other games,
 * and changing the agents never changes which tiles, cards or dice chance offers. */
#ifndef KK_PLAY_H
#define KK_PLAY_H

#include "../agents/agent.h"
#include "../engine/core/buf.h"
#include "../engine/core/game.h"

/* Mixed into the seed of the agents' stream (the 64-bit golden ratio). */
#define KK_AGENT_SEED_MIX 0x9E3779B97F4A7C15ULL

struct kk_game_result {
    int players;
    int32_t scores[KK_MAX_SEATS];
    uint32_t winners; /* bit per winning seat */
    int length;       /* number of seat decisions */
    double result;    /* cooperative games: g->result(); else 0 */
};

/* The two generators of game `index` of an experiment with `seed`. */
void kk_game_rngs(uint64_t seed, uint64_t index, kk_rng *chance, kk_rng *agents);

/* Plays a whole game: seat s is played by agents[s]. state is a scratch buffer of
 * g->state_size bytes and holds the final state on return. If record is non-NULL every
 * event is appended in record notation (no header). If stats is non-NULL it receives
 * kk_stats_width(g, players) values. Returns 0, or -1 with err set. */
int kk_play_game(const struct kk_game *g, const struct kk_variant *v, int players,
                 struct kk_agent *const *agents, kk_rng *chance, kk_rng *agent_rng, void *state,
                 struct kk_buf *record, struct kk_game_result *res, double *stats, kk_error *err);

/* Fills res from a terminal state. */
void kk_result_from_state(const struct kk_game *g, const void *state, int length,
                          struct kk_game_result *res);

#endif
