/* toy-pennies (toy_sim.h). */
#include "toy_sim.h"

#include <stdio.h>
#include <string.h>

struct pennies_state {
    int32_t rounds, round;
    int32_t split, half; /* split: each commitment is two moves (a call, then a side); half:
                            the mover made the first of them */
    int32_t side[2];   /* committed sides of the open round (-1: not yet) */
    int32_t score[2];
    int32_t last[2];   /* sides revealed in the last finished round (-1 before any) */
};

static const struct kk_param pennies_params[] = {
    {"rounds", KK_PARAM_INT, "5", 1, 50, NULL, 0, 0, "rounds of matching pennies"},
    {"split", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: a commitment is two sub-decisions (a meaningless call, then the side)"},
};

static int pennies_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)players;
    (void)err;
    struct pennies_state *s = state;
    s->rounds = v->value[0][0];
    s->split = v->value[1][0];
    s->side[0] = s->side[1] = -1;
    s->last[0] = s->last[1] = -1;
    return 0;
}

static int pennies_players(const void *state)
{
    (void)state;
    return 2;
}

static int pennies_to_move(const void *state)
{
    const struct pennies_state *s = state;
    if (s->round >= s->rounds)
        return KK_TERMINAL;
    return s->side[0] < 0 ? 0 : 1;
}

static uint32_t pennies_simultaneous(const void *state)
{
    const struct pennies_state *s = state;
    if (s->round >= s->rounds)
        return 0;
    return (s->side[0] < 0 ? 1u : 0u) | 2u;
}

static int pennies_legal(const void *state, kk_move *out)
{
    (void)state;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static void pennies_apply(void *state, kk_move m)
{
    struct pennies_state *s = state;
    int who = pennies_to_move(state);
    if (who < 0)
        return;
    if (s->split && !s->half) {
        s->half = 1;
        return;
    }
    s->half = 0;
    s->side[who] = m;
    if (who == 1) {
        s->score[s->side[0] == s->side[1] ? 0 : 1]++;
        s->last[0] = s->side[0];
        s->last[1] = s->side[1];
        s->side[0] = s->side[1] = -1;
        s->round++;
    }
}

static int pennies_no_chance(const void *state, kk_move *out, double *prob)
{
    (void)state;
    (void)out;
    (void)prob;
    return 0;
}

static kk_move pennies_no_sample(const void *state, kk_rng *rng)
{
    (void)state;
    (void)rng;
    return 0;
}

static void pennies_scores(const void *state, int32_t *out)
{
    const struct pennies_state *s = state;
    out[0] = s->score[0];
    out[1] = s->score[1];
}

static uint32_t pennies_winners(const void *state)
{
    const struct pennies_state *s = state;
    return kk_top_scores(s->score, 2);
}

static int pennies_to_text(const void *state, kk_move m, char *buf, size_t size)
{
    (void)state;
    return snprintf(buf, size, "%d", (int)m);
}

static int pennies_from_text(const void *state, const char *text, kk_move *m, kk_error *err)
{
    (void)state;
    if (strcmp(text, "0") != 0 && strcmp(text, "1") != 0)
        return kk_fail(err, "expected 0 or 1");
    *m = text[0] - '0';
    return 0;
}

static void pennies_stats(const void *state, double *out)
{
    (void)state;
    (void)out;
}

static double pennies_evaluate(const void *state, int seat)
{
    const struct pennies_state *s = state;
    return s->score[seat];
}

/* Seat 1's view hides seat 0's pending side: it is redrawn uniformly. */
static void pennies_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    memcpy(out, state, sizeof(struct pennies_state));
    struct pennies_state *o = out;
    int other = 1 - seat;
    if (o->side[other] >= 0)
        o->side[other] = (int32_t)kk_rng_bounded(rng, 2);
}

int toy_pennies_side(const void *state, int seat)
{
    return ((const struct pennies_state *)state)->side[seat];
}

const struct kk_game kk_toy_pennies = {
    .name = "toy-pennies",
    .title = "Toy matching pennies",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct pennies_state),
    .max_moves = 2,
    .score_scale = 5,
    .params = pennies_params,
    .num_params = 2,
    .init = pennies_init,
    .players = pennies_players,
    .to_move = pennies_to_move,
    .legal_moves = pennies_legal,
    .apply = pennies_apply,
    .chance_outcomes = pennies_no_chance,
    .sample_chance = pennies_no_sample,
    .scores = pennies_scores,
    .winners = pennies_winners,
    .move_to_text = pennies_to_text,
    .move_from_text = pennies_from_text,
    .get_stats = pennies_stats,
    .evaluate = pennies_evaluate,
    .sample_view = pennies_sample_view,
    .simultaneous = pennies_simultaneous,
};
