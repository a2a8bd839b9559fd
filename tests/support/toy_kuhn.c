/* toy-kuhn (toy_kuhn.h). */
#include "toy_kuhn.h"

#include <stdio.h>
#include <string.h>

struct kuhn_state {
    int8_t card[2];  /* -1 until dealt */
    int8_t moves[3]; /* pass/bet history */
    int8_t num_moves;
};

static const char kuhn_card_names[] = "JQK";

static int kuhn_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)v;
    (void)players;
    (void)err;
    struct kuhn_state *s = state;
    s->card[0] = s->card[1] = -1;
    return 0;
}

static int kuhn_players(const void *state)
{
    (void)state;
    return 2;
}

/* Terminal histories: pp, pbp, pbb, bp, bb. */
static int kuhn_over(const struct kuhn_state *s)
{
    if (s->num_moves < 2)
        return 0;
    if (s->num_moves == 3)
        return 1;
    return !(s->moves[0] == TOY_KUHN_PASS && s->moves[1] == TOY_KUHN_BET);
}

static int kuhn_to_move(const void *state)
{
    const struct kuhn_state *s = state;
    if (s->card[1] < 0)
        return KK_CHANCE;
    if (kuhn_over(s))
        return KK_TERMINAL;
    return s->num_moves % 2;
}

static int kuhn_legal(const void *state, kk_move *out)
{
    (void)state;
    out[0] = TOY_KUHN_PASS;
    out[1] = TOY_KUHN_BET;
    return 2;
}

static void kuhn_apply(void *state, kk_move m)
{
    struct kuhn_state *s = state;
    if (s->card[0] < 0)
        s->card[0] = (int8_t)m;
    else if (s->card[1] < 0)
        s->card[1] = (int8_t)m;
    else
        s->moves[s->num_moves++] = (int8_t)m;
}

static int kuhn_chance(const void *state, kk_move *out, double *prob)
{
    const struct kuhn_state *s = state;
    int n = 0;
    for (int c = 0; c < 3; c++)
        if (c != s->card[0])
            out[n++] = c;
    for (int i = 0; i < n; i++)
        prob[i] = 1.0 / n;
    return n;
}

static kk_move kuhn_sample(const void *state, kk_rng *rng)
{
    kk_move out[3];
    double prob[3];
    int n = kuhn_chance(state, out, prob);
    return out[kk_rng_bounded(rng, (uint32_t)n)];
}

static void kuhn_scores(const void *state, int32_t *out)
{
    const struct kuhn_state *s = state;
    out[0] = out[1] = 0;
    if (!kuhn_over(s))
        return;
    int bets = 0;
    for (int i = 0; i < s->num_moves; i++)
        bets += s->moves[i] == TOY_KUHN_BET;
    int winner, stake;
    if (bets == 1) { /* pbp or bp: the seat that faced the bet folded */
        winner = s->num_moves == 3 ? 1 : 0;
        stake = 1;
    } else {
        winner = s->card[0] > s->card[1] ? 0 : 1;
        stake = bets == 0 ? 1 : 2;
    }
    out[winner] = stake;
    out[1 - winner] = -stake;
}

static uint32_t kuhn_winners(const void *state)
{
    int32_t sc[2];
    kuhn_scores(state, sc);
    return kk_top_scores(sc, 2);
}

static int kuhn_to_text(const void *state, kk_move m, char *buf, size_t size)
{
    if (kuhn_to_move(state) == KK_CHANCE)
        return snprintf(buf, size, "%c", kuhn_card_names[m]);
    return snprintf(buf, size, "%c", m == TOY_KUHN_BET ? 'b' : 'p');
}

static int kuhn_from_text(const void *state, const char *text, kk_move *m, kk_error *err)
{
    if (kuhn_to_move(state) == KK_CHANCE) {
        const char *c = text[0] && !text[1] ? strchr(kuhn_card_names, text[0]) : NULL;
        if (!c)
            return kk_fail(err, "bad card '%s': expected J, Q or K", text);
        *m = (kk_move)(c - kuhn_card_names);
        return 0;
    }
    if (strcmp(text, "p") == 0 || strcmp(text, "b") == 0) {
        *m = text[0] == 'b' ? TOY_KUHN_BET : TOY_KUHN_PASS;
        return 0;
    }
    return kk_fail(err, "bad move '%s': expected p or b", text);
}

static void kuhn_stats(const void *state, double *out)
{
    (void)state;
    (void)out;
}

static double kuhn_evaluate(const void *state, int seat)
{
    int32_t sc[2];
    kuhn_scores(state, sc);
    return sc[seat];
}

/* The other seat's card is redrawn among the two cards seat does not hold. */
static void kuhn_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    memcpy(out, state, sizeof(struct kuhn_state));
    struct kuhn_state *o = out;
    int other = 1 - seat;
    if (o->card[seat] < 0 || o->card[other] < 0)
        return;
    int left[2], n = 0;
    for (int c = 0; c < 3; c++)
        if (c != o->card[seat])
            left[n++] = c;
    o->card[other] = (int8_t)left[kk_rng_bounded(rng, 2)];
}

static int kuhn_info_key(const void *state, int seat, uint8_t *buf, size_t size)
{
    const struct kuhn_state *s = state;
    size_t len = 1 + (size_t)s->num_moves;
    if (len > size)
        return -1;
    buf[0] = (uint8_t)s->card[seat];
    for (int i = 0; i < s->num_moves; i++)
        buf[1 + i] = (uint8_t)s->moves[i];
    return (int)len;
}

const struct kk_game kk_toy_kuhn = {
    .name = "toy-kuhn",
    .title = "Kuhn poker (toy)",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct kuhn_state),
    .max_moves = 3,
    .score_scale = 2,
    .init = kuhn_init,
    .players = kuhn_players,
    .to_move = kuhn_to_move,
    .legal_moves = kuhn_legal,
    .apply = kuhn_apply,
    .chance_outcomes = kuhn_chance,
    .sample_chance = kuhn_sample,
    .scores = kuhn_scores,
    .winners = kuhn_winners,
    .move_to_text = kuhn_to_text,
    .move_from_text = kuhn_from_text,
    .get_stats = kuhn_stats,
    .evaluate = kuhn_evaluate,
    .sample_view = kuhn_sample_view,
    .info_key = kuhn_info_key,
};
