/* toy-liar (toy_liar.h). */
#include "toy_liar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIAR_MAX_BID 12

struct liar_state {
    int8_t card[2]; /* numbers 1..6; 0 until dealt */
    int8_t bids[LIAR_MAX_BID];
    int8_t num_bids;
    int8_t called;
};

static const int liar_copies[7] = {0, 18, 12, 6, 6, 6, 6};

static int liar_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)state, (void)v, (void)players, (void)err;
    return 0;
}

static int liar_players(const void *state)
{
    (void)state;
    return 2;
}

static int liar_to_move(const void *state)
{
    const struct liar_state *s = state;
    if (s->card[1] == 0)
        return KK_CHANCE;
    if (s->called)
        return KK_TERMINAL;
    return s->num_bids % 2;
}

static int liar_legal(const void *state, kk_move *out)
{
    const struct liar_state *s = state;
    int n = 0, last = s->num_bids ? s->bids[s->num_bids - 1] : 0;
    for (int v = last + 1; v <= LIAR_MAX_BID; v++)
        out[n++] = v;
    if (s->num_bids)
        out[n++] = TOY_LIAR_CALL;
    return n;
}

static void liar_apply(void *state, kk_move m)
{
    struct liar_state *s = state;
    if (s->card[0] == 0)
        s->card[0] = (int8_t)m;
    else if (s->card[1] == 0)
        s->card[1] = (int8_t)m;
    else if (m == TOY_LIAR_CALL)
        s->called = 1;
    else
        s->bids[s->num_bids++] = (int8_t)m;
}

static int liar_chance(const void *state, kk_move *out, double *prob)
{
    const struct liar_state *s = state;
    int left = 54 - (s->card[0] != 0), n = 0;
    for (int v = 1; v <= 6; v++) {
        int c = liar_copies[v] - (s->card[0] == v);
        out[n] = v;
        prob[n++] = (double)c / left;
    }
    return n;
}

static kk_move liar_sample(const void *state, kk_rng *rng)
{
    const struct liar_state *s = state;
    int left = 54 - (s->card[0] != 0);
    int r = (int)kk_rng_bounded(rng, (uint32_t)left);
    for (int v = 1; v <= 6; v++) {
        r -= liar_copies[v] - (s->card[0] == v);
        if (r < 0)
            return v;
    }
    return 6;
}

static void liar_scores(const void *state, int32_t *out)
{
    const struct liar_state *s = state;
    out[0] = out[1] = 0;
    if (!s->called)
        return;
    int caller = s->num_bids % 2, bidder = 1 - caller;
    int holds = s->card[0] + s->card[1] >= s->bids[s->num_bids - 1];
    out[holds ? bidder : caller] = 1;
}

static uint32_t liar_winners(const void *state)
{
    int32_t sc[2];
    liar_scores(state, sc);
    return kk_top_scores(sc, 2);
}

static int liar_to_text(const void *state, kk_move m, char *buf, size_t size)
{
    if (liar_to_move(state) == KK_CHANCE)
        return snprintf(buf, size, "%d", (int)m);
    if (m == TOY_LIAR_CALL)
        return snprintf(buf, size, "call");
    return snprintf(buf, size, "s%d", (int)m);
}

static int liar_from_text(const void *state, const char *text, kk_move *m, kk_error *err)
{
    char *end;
    if (liar_to_move(state) == KK_CHANCE) {
        long v = strtol(text, &end, 10);
        if (*end || v < 1 || v > 6)
            return kk_fail(err, "bad card number '%s': expected 1..6", text);
        *m = (kk_move)v;
        return 0;
    }
    if (strcmp(text, "call") == 0) {
        *m = TOY_LIAR_CALL;
        return 0;
    }
    long v = text[0] == 's' ? strtol(text + 1, &end, 10) : -1;
    if (v < 1 || v > LIAR_MAX_BID || *end)
        return kk_fail(err, "bad move '%s': expected sV (V = 1..12) or call", text);
    *m = (kk_move)v;
    return 0;
}

static void liar_stats(const void *state, double *out)
{
    (void)state, (void)out;
}

static double liar_evaluate(const void *state, int seat)
{
    int32_t sc[2];
    liar_scores(state, sc);
    return sc[seat];
}

static void liar_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    memcpy(out, state, sizeof(struct liar_state));
    struct liar_state *o = out;
    int other = 1 - seat;
    if (o->card[0] == 0 || o->card[1] == 0)
        return;
    int left = 53, r = (int)kk_rng_bounded(rng, (uint32_t)left);
    for (int v = 1; v <= 6; v++) {
        r -= liar_copies[v] - (o->card[seat] == v);
        if (r < 0) {
            o->card[other] = (int8_t)v;
            return;
        }
    }
}

static int liar_info_key(const void *state, int seat, uint8_t *buf, size_t size)
{
    const struct liar_state *s = state;
    size_t len = 1 + (size_t)s->num_bids;
    if (len > size)
        return -1;
    buf[0] = (uint8_t)s->card[seat];
    for (int i = 0; i < s->num_bids; i++)
        buf[1 + i] = (uint8_t)s->bids[i];
    return (int)len;
}

const struct kk_game kk_toy_liar = {
    .name = "toy-liar",
    .title = "One sum round of Liar's Cards (toy)",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct liar_state),
    .max_moves = LIAR_MAX_BID + 1,
    .score_scale = 1,
    .init = liar_init,
    .players = liar_players,
    .to_move = liar_to_move,
    .legal_moves = liar_legal,
    .apply = liar_apply,
    .chance_outcomes = liar_chance,
    .sample_chance = liar_sample,
    .scores = liar_scores,
    .winners = liar_winners,
    .move_to_text = liar_to_text,
    .move_from_text = liar_from_text,
    .get_stats = liar_stats,
    .evaluate = liar_evaluate,
    .sample_view = liar_sample_view,
    .info_key = liar_info_key,
};
