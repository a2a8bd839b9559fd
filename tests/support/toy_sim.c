/* toy-match (toy_sim.h). */
#include "toy_sim.h"

#include <stdio.h>
#include <string.h>

struct match_state {
    int32_t rounds, round;
    int32_t split, half; /* split: each commitment is two moves (a call, then a side); half:
                            the mover made the first of them */
    int32_t side[2];   /* committed sides of the open round (-1: not yet) */
    int32_t score[2];
    int32_t last[2];   /* sides revealed in the last finished round (-1 before any) */
};

static const struct kk_param match_params[] = {
    {"rounds", KK_PARAM_INT, "5", 1, 50, NULL, 0, 0, "rounds of matching pennies"},
    {"split", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: a commitment is two sub-decisions (a meaningless call, then the side)"},
};

static int match_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)players;
    (void)err;
    struct match_state *s = state;
    s->rounds = v->value[0][0];
    s->split = v->value[1][0];
    s->side[0] = s->side[1] = -1;
    s->last[0] = s->last[1] = -1;
    return 0;
}

static int match_players(const void *state)
{
    (void)state;
    return 2;
}

static int match_to_move(const void *state)
{
    const struct match_state *s = state;
    if (s->round >= s->rounds)
        return KK_TERMINAL;
    return s->side[0] < 0 ? 0 : 1;
}

static uint32_t match_simultaneous(const void *state)
{
    const struct match_state *s = state;
    if (s->round >= s->rounds)
        return 0;
    return (s->side[0] < 0 ? 1u : 0u) | 2u;
}

static int match_legal(const void *state, kk_move *out)
{
    (void)state;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static void match_apply(void *state, kk_move m)
{
    struct match_state *s = state;
    int who = match_to_move(state);
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

static int match_no_chance(const void *state, kk_move *out, double *prob)
{
    (void)state;
    (void)out;
    (void)prob;
    return 0;
}

static kk_move match_no_sample(const void *state, kk_rng *rng)
{
    (void)state;
    (void)rng;
    return 0;
}

static void match_scores(const void *state, int32_t *out)
{
    const struct match_state *s = state;
    out[0] = s->score[0];
    out[1] = s->score[1];
}

static uint32_t match_winners(const void *state)
{
    const struct match_state *s = state;
    return kk_top_scores(s->score, 2);
}

static int match_to_text(const void *state, kk_move m, char *buf, size_t size)
{
    (void)state;
    return snprintf(buf, size, "%d", (int)m);
}

static int match_from_text(const void *state, const char *text, kk_move *m, kk_error *err)
{
    (void)state;
    if (strcmp(text, "0") != 0 && strcmp(text, "1") != 0)
        return kk_fail(err, "expected 0 or 1");
    *m = text[0] - '0';
    return 0;
}

static void match_stats(const void *state, double *out)
{
    (void)state;
    (void)out;
}

static double match_evaluate(const void *state, int seat)
{
    const struct match_state *s = state;
    return s->score[seat];
}

/* Seat 1's view hides seat 0's pending side: it is redrawn uniformly. */
static void match_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    memcpy(out, state, sizeof(struct match_state));
    struct match_state *o = out;
    int other = 1 - seat;
    if (o->side[other] >= 0)
        o->side[other] = (int32_t)kk_rng_bounded(rng, 2);
}

int toy_match_side(const void *state, int seat)
{
    return ((const struct match_state *)state)->side[seat];
}

const struct kk_game kk_toy_match = {
    .name = "toy-match",
    .title = "Toy matching pennies over rounds",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct match_state),
    .max_moves = 2,
    .score_scale = 5,
    .params = match_params,
    .num_params = 2,
    .init = match_init,
    .players = match_players,
    .to_move = match_to_move,
    .legal_moves = match_legal,
    .apply = match_apply,
    .chance_outcomes = match_no_chance,
    .sample_chance = match_no_sample,
    .scores = match_scores,
    .winners = match_winners,
    .move_to_text = match_to_text,
    .move_from_text = match_from_text,
    .get_stats = match_stats,
    .evaluate = match_evaluate,
    .sample_view = match_sample_view,
    .simultaneous = match_simultaneous,
};
