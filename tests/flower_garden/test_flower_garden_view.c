/* Flower Garden's information barrier: a seat's sampled view deals the cards it cannot see
 * (other hands and the draw pile) again, uniformly, keeping every hand's size. The view
 * must not depend on how those cards are really split, must keep the seat's own hand and
 * every public field, and must be a consistent state (check). */
#include <string.h>

#include "engine/flower_garden/flower_garden.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_flower_garden;

/* A random 4-player game after `events` events (stopping at a seat's turn). */
static void position(struct fg_state *s, int events, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    kk_rng rng;
    kk_rng_seed(&rng, seed, 1);
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    CHECK_EQ_INT(kk_game_init(G, s, &v, 4, &err), 0);
    for (int i = 0; (i < events || G->to_move(s) < 0) && G->to_move(s) != KK_TERMINAL; i++) {
        if (G->to_move(s) == KK_CHANCE)
            G->apply(s, G->sample_chance(s, &rng));
        else
            G->apply(s, kk_random_move(G, s, &rng));
    }
    CHECK(G->to_move(s) >= 0);
}

/* Another truth with the same public information for seat: the cards unseen by seat
 * dealt differently among the other hands and the draw pile, sizes kept. */
static void other_truth(const struct fg_state *s, int seat, kk_rng *rng, struct fg_state *t)
{
    G->sample_view(s, seat, rng, t);
}

/* Equal except for other seats' hands and the draw pile. */
static int same_public(const struct fg_state *a, const struct fg_state *b, int seat)
{
    struct fg_state x = *a, y = *b;
    for (int p = 0; p < x.players; p++) {
        if (p == seat)
            continue;
        if (__builtin_popcountll(x.hand[p]) != __builtin_popcountll(y.hand[p]))
            return 0;
        x.hand[p] = y.hand[p] = 0;
    }
    if (__builtin_popcountll(x.draw) != __builtin_popcountll(y.draw))
        return 0;
    x.draw = y.draw = 0;
    return memcmp(&x, &y, sizeof x) == 0;
}

static void barrier(void)
{
    kk_error err;
    for (int trial = 0; trial < 6; trial++) {
        struct fg_state s, truth[4], view, first;
        position(&s, 20 + 12 * trial, 100 + (uint64_t)trial);
        int seat = (trial + 1) % 4;
        kk_rng mix;
        kk_rng_seed(&mix, 7, (uint64_t)trial);
        truth[0] = s;
        for (int t = 1; t < 4; t++) {
            other_truth(&s, seat, &mix, &truth[t]);
            CHECK(same_public(&truth[t], &s, seat));
        }
        CHECK(memcmp(&truth[1], &truth[2], sizeof s) != 0); /* the truths do differ */
        /* The same rng gives the same view whatever the truth. */
        for (int t = 0; t < 4; t++) {
            kk_rng rng;
            kk_rng_seed(&rng, 55, 3);
            for (int i = 0; i < 50; i++) {
                G->sample_view(&truth[t], seat, &rng, &view);
                CHECK(same_public(&view, &s, seat));
                CHECK(view.hand[seat] == s.hand[seat]);
                CHECK_EQ_INT(fg_check(&view, &err), 0);
                if (i == 0 && t == 0)
                    first = view;
                if (i == 0 && t > 0)
                    CHECK(memcmp(&view, &first, sizeof view) == 0);
            }
        }
        /* Uniform: a card unseen by seat lands in another hand p with probability
         * |hand p| / |unseen|, the same for every such card and every truth. */
        uint64_t unseen = s.draw;
        for (int p = 0; p < 4; p++)
            if (p != seat)
                unseen |= s.hand[p];
        int nu = __builtin_popcountll(unseen);
        int other = (seat + 1) % 4, size = __builtin_popcountll(s.hand[other]);
        enum { DRAWS = 6000 };
        int in_hand[2] = {0, 0};
        int cards[2] = {__builtin_ctzll(unseen), 63 - __builtin_clzll(unseen)};
        kk_rng rng;
        kk_rng_seed(&rng, 9, (uint64_t)trial);
        for (int i = 0; i < DRAWS; i++) {
            G->sample_view(&truth[i % 4], seat, &rng, &view);
            for (int c = 0; c < 2; c++)
                in_hand[c] += (int)((view.hand[other] >> cards[c]) & 1u);
        }
        double want = (double)DRAWS * size / nu;
        double sd = 0;
        {
            double p = (double)size / nu;
            double var = DRAWS * p * (1 - p);
            for (sd = 1; sd * sd < var; sd += 1)
                ;
        }
        for (int c = 0; c < 2; c++)
            CHECK(in_hand[c] > want - 5 * sd && in_hand[c] < want + 5 * sd);
    }
}

/* During the deal nothing is public but the seat's own cards so far; the view deals the
 * rest with the same partial sizes. */
static void during_deal(void)
{
    struct kk_variant v;
    kk_error err;
    struct fg_state s, view;
    kk_rng rng;
    kk_rng_seed(&rng, 3, 3);
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    CHECK_EQ_INT(kk_game_init(G, &s, &v, 3, &err), 0);
    for (int i = 0; i < 9; i++)
        G->apply(&s, G->sample_chance(&s, &rng));
    for (int seat = 0; seat < 3; seat++) {
        G->sample_view(&s, seat, &rng, &view);
        CHECK(same_public(&view, &s, seat));
        CHECK_EQ_INT(fg_check(&view, &err), 0);
    }
    /* In place (out == state). */
    struct fg_state copy = s;
    G->sample_view(&copy, 1, &rng, &copy);
    CHECK(same_public(&copy, &s, 1));
    CHECK(kk_game_hidden(G));
}

int main(void)
{
    barrier();
    during_deal();
    return kk_test_done("flower_garden_view");
}
