/* Gold Mine's information barrier: a seat's sampled view redraws every other seat's
 * committed-but-unrevealed choice uniformly and independently of the true choice, keeps
 * the seat's own commitment, and changes nothing public. */
#include <string.h>

#include "engine/gold_mine/gold_mine.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_gold_mine;

/* Four seats after the card 6H; seats 0 and 1 have committed (a0, a1), seat 2 is to move. */
static void committed_state(struct gm_state *s, int a0, int a1)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    CHECK_EQ_INT(kk_game_init(G, s, &v, 4, &err), 0);
    G->apply(s, gb_kind(GB_HAMMERS, 6));
    G->apply(s, a0);
    G->apply(s, a1);
    CHECK_EQ_INT(G->to_move(s), 2);
    CHECK_EQ_INT(kk_sim_pending(G, s), 0xC);
}

/* Every byte equal except the flee bits of other committed seats. */
static int same_public(const struct gm_state *a, const struct gm_state *b, int seat)
{
    struct gm_state x = *a, y = *b;
    unsigned hidden = a->committed & ~(1u << seat);
    x.fleeing &= (uint8_t)~hidden;
    y.fleeing &= (uint8_t)~hidden;
    return memcmp(&x, &y, sizeof x) == 0;
}

static void barrier(void)
{
    struct gm_state truth[4], view;
    for (int t = 0; t < 4; t++)
        committed_state(&truth[t], t & 1, t >> 1);
    CHECK(G->sample_view != NULL);
    CHECK(kk_game_hidden(G));

    /* The same rng gives the same view whatever seats 0 and 1 really chose: the view
     * cannot depend on the hidden choices at all. */
    enum { DRAWS = 20000 };
    int count[4][4] = {{0}};
    for (int t = 0; t < 4; t++) {
        kk_rng rng;
        kk_rng_seed(&rng, 5, 1);
        for (int i = 0; i < DRAWS; i++) {
            G->sample_view(&truth[t], 2, &rng, &view);
            CHECK(same_public(&view, &truth[t], 2));
            CHECK_EQ_INT(view.committed, 0x3);
            count[t][view.fleeing & 3]++;
        }
    }
    for (int t = 1; t < 4; t++)
        for (int c = 0; c < 4; c++)
            CHECK_EQ_INT(count[t][c], count[0][c]);
    /* Uniform and independent: each of the 4 joint choices about DRAWS / 4 (5 sigma). */
    for (int c = 0; c < 4; c++)
        CHECK(count[0][c] > DRAWS / 4 - 306 && count[0][c] < DRAWS / 4 + 306);

    /* Different seeds, different truths: the drawn choice of seat 0 is ~1/2 either way. */
    int flee0[2] = {0, 0};
    for (int t = 0; t < 2; t++) {
        kk_rng rng;
        kk_rng_seed(&rng, 77 + (uint64_t)t, 9);
        for (int i = 0; i < DRAWS; i++) {
            G->sample_view(&truth[t], 2, &rng, &view);
            flee0[t] += view.fleeing & 1;
        }
    }
    for (int t = 0; t < 2; t++)
        CHECK(flee0[t] > DRAWS / 2 - 354 && flee0[t] < DRAWS / 2 + 354);

    /* A committed seat keeps its own choice and sees the other's redrawn. */
    for (int t = 0; t < 4; t++) {
        kk_rng rng;
        kk_rng_seed(&rng, 3, 3);
        int other_flees = 0;
        for (int i = 0; i < 2000; i++) {
            G->sample_view(&truth[t], 1, &rng, &view);
            CHECK(same_public(&view, &truth[t], 1));
            CHECK_EQ_INT((view.fleeing >> 1) & 1u, (unsigned)(t >> 1));
            other_flees += view.fleeing & 1;
        }
        CHECK(other_flees > 800 && other_flees < 1200);
    }

    /* A seat that has not committed, or a seat outside, sees no pending choice of its
     * own, and the view in place (out == state) works. */
    kk_rng rng;
    kk_rng_seed(&rng, 4, 4);
    struct gm_state copy = truth[3];
    G->sample_view(&copy, 3, &rng, &copy);
    CHECK(same_public(&copy, &truth[3], 3));
}

/* Outside a decision nothing is hidden: the view is the state. */
static void nothing_hidden_elsewhere(void)
{
    struct kk_variant v;
    kk_error err;
    struct gm_state s, view;
    kk_rng rng;
    kk_rng_seed(&rng, 8, 8);
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    CHECK_EQ_INT(kk_game_init(G, &s, &v, 3, &err), 0);
    for (int step = 0; step < 3000 && G->to_move(&s) != KK_TERMINAL; step++) {
        int who = G->to_move(&s);
        for (int seat = 0; seat < 3; seat++) {
            G->sample_view(&s, seat, &rng, &view);
            if (who == KK_CHANCE)
                CHECK(memcmp(&view, &s, sizeof s) == 0);
            else
                CHECK(same_public(&view, &s, seat));
            CHECK_EQ_INT(gm_check(&view, &err), 0);
        }
        if (who == KK_CHANCE)
            G->apply(&s, G->sample_chance(&s, &rng));
        else
            G->apply(&s, kk_random_move(G, &s, &rng));
        if (G->to_move(&s) == KK_TERMINAL)
            CHECK_EQ_INT(kk_game_init(G, &s, &v, 3, &err), 0);
    }
}

int main(void)
{
    barrier();
    nothing_hidden_elsewhere();
    return kk_test_done("gold_mine_view");
}
