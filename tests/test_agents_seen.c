/* chance=seen: open-loop chance keys as the searching seat sees the outcomes.
 *
 * toy-late-guess (2 players, only seat 0 decides): seat 0 first chooses TAKE (wins with
 * probability 0.7, by a chance event) or GO. After GO, chance deals seat 1 a secret card,
 * 0 or 1, that seat 0 never sees, and seat 0 names a card (wins if right). GO is worth 0.5
 * to a seat that cannot see the card, so TAKE is right. With chance=open the second
 * decision's children are keyed by the dealt card: the tree believes seat 0 will know the
 * card there, values GO at about 1 and plays it (strategy fusion inside the tree). With
 * chance=seen the deal adds only what seat 0 sees of it ("?"), the second decision pools
 * both cards, GO is valued at 0.5, and the search takes. */
#include <string.h>

#include "agents/agent.h"
#include "testlib.h"

enum { LG_START, LG_TAKE_DRAW, LG_DEAL, LG_CHOOSE, LG_OVER };
enum { LG_TAKE = 0, LG_GO = 1 }; /* first decision; the second names card 0 or 1 */

struct lg_state {
    int32_t phase, card, won;
};

static int lg_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)v;
    (void)players;
    (void)err;
    memset(state, 0, sizeof(struct lg_state));
    return 0;
}

static int lg_players(const void *state)
{
    (void)state;
    return 2;
}

static int lg_to_move(const void *state)
{
    const struct lg_state *s = state;
    if (s->phase == LG_START || s->phase == LG_CHOOSE)
        return 0;
    return s->phase == LG_OVER ? KK_TERMINAL : KK_CHANCE;
}

static int lg_legal(const void *state, kk_move *out)
{
    (void)state;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static void lg_apply(void *state, kk_move m)
{
    struct lg_state *s = state;
    switch (s->phase) {
    case LG_START:
        s->phase = m == LG_TAKE ? LG_TAKE_DRAW : LG_DEAL;
        break;
    case LG_DEAL:
        s->card = m;
        s->phase = LG_CHOOSE;
        break;
    case LG_CHOOSE:
        s->won = m == s->card;
        s->phase = LG_OVER;
        break;
    default: /* TAKE's draw */
        s->won = m;
        s->phase = LG_OVER;
        break;
    }
}

static int lg_chance(const void *state, kk_move *out, double *prob)
{
    const struct lg_state *s = state;
    if (s->phase == LG_DEAL) {
        for (int i = 0; i < 2; i++) {
            out[i] = i;
            prob[i] = 0.5;
        }
        return 2;
    }
    out[0] = 1;
    prob[0] = 0.7; /* TAKE's draw */
    out[1] = 0;
    prob[1] = 1 - prob[0];
    return 2;
}

static kk_move lg_sample(const void *state, kk_rng *rng)
{
    const struct lg_state *s = state;
    if (s->phase == LG_DEAL)
        return kk_rng_bounded(rng, 2);
    return kk_rng_double(rng) < 0.7 ? 1 : 0;
}

static void lg_scores(const void *state, int32_t *out)
{
    const struct lg_state *s = state;
    out[0] = s->phase == LG_OVER && s->won;
    out[1] = s->phase == LG_OVER && !s->won;
}

static uint32_t lg_winners(const void *state)
{
    return ((const struct lg_state *)state)->won ? 1u : 2u;
}

static int lg_to_text(const void *state, kk_move m, char *buf, size_t size)
{
    (void)state;
    return snprintf(buf, size, "%d", (int)m);
}

static int lg_from_text(const void *state, const char *text, kk_move *m, kk_error *err)
{
    (void)state;
    int v;
    char extra;
    if (sscanf(text, "%d%c", &v, &extra) != 1)
        return kk_fail(err, "bad toy-late-guess move '%s'", text);
    *m = v;
    return 0;
}

static void lg_stats(const void *state, double *out)
{
    (void)state;
    (void)out;
}

static double lg_evaluate(const void *state, int seat)
{
    int32_t sc[2];
    lg_scores(state, sc);
    return sc[seat];
}

/* Seat 0 never sees the card: it is redealt uniformly. */
static void lg_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct lg_state *s = state;
    struct lg_state *o = out;
    *o = *s;
    if (seat == 0 && s->phase == LG_CHOOSE)
        o->card = (int32_t)kk_rng_bounded(rng, 2);
}

/* No view_event: kark's default shows a seat another seat's chance outcome as "?". */
static const struct kk_game lg_game = {
    .name = "toy-late-guess",
    .title = "Toy guess after a hidden deal",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct lg_state),
    .max_moves = 2,
    .score_scale = 1,
    .init = lg_init,
    .players = lg_players,
    .to_move = lg_to_move,
    .legal_moves = lg_legal,
    .apply = lg_apply,
    .chance_outcomes = lg_chance,
    .sample_chance = lg_sample,
    .scores = lg_scores,
    .winners = lg_winners,
    .move_to_text = lg_to_text,
    .move_from_text = lg_from_text,
    .get_stats = lg_stats,
    .evaluate = lg_evaluate,
    .sample_view = lg_sample_view,
};

/* Runs `runs` searches from the start with spec; returns how many chose TAKE. */
static int takes(const char *spec, int runs)
{
    int count = 0;
    for (int r = 0; r < runs; r++) {
        kk_error err = {{0}};
        struct kk_agent *a = kk_agent_create(&lg_game, spec, &err);
        CHECK(a != NULL);
        if (!a)
            return -1;
        struct lg_state s;
        lg_init(&s, NULL, 2, &err);
        kk_rng rng;
        kk_rng_seed(&rng, 5, (uint64_t)r);
        count += a->choose(a, &s, &rng) == LG_TAKE;
        kk_agent_destroy(a);
    }
    return count;
}

int main(void)
{
    int runs = 8;
    /* Keyed by the hidden card, the tree fuses strategies and goes for the guess. */
    CHECK_EQ_INT(takes("mcts:iters=3000,chance=open", runs), 0);
    /* Keyed by what seat 0 sees, it takes the sure 0.8. */
    CHECK_EQ_INT(takes("mcts:iters=3000,chance=seen", runs), runs);
    CHECK_EQ_INT(takes("mcts:iters=3000,chance=pooled", runs), runs);
    return kk_test_done("agents_seen");
}
