/* All Your Base's information barrier: a seat's sampled view does not depend on the other
 * seats' hands or pending commitments (the same rng gives the same view whatever they
 * are), keeps the seat's own hand and commitment and every public field, keeps the cards
 * the seat passed in the receiver's hand, and redraws the others' commitments. */
#include <string.h>

#include "engine/all_your_base/ayb.h"
#include "testlib.h"

static const struct kk_game *G = &kk_game_all_your_base;
static kk_move mv[AYB_MAX_MOVES];

static void random_sub(struct ayb_state *s, kk_rng *rng)
{
    int n = G->legal_moves(s, mv);
    G->apply(s, mv[kk_rng_bounded(rng, (uint32_t)n)]);
}

/* 4 seats after the deal of `deal_seed`; seats 0 and 1 hold each other's hands when swap;
 * seats 0 and 1 commit at random (plan_seed), seat 2 makes its first sub-move (always the
 * first legal one), so seat 2 is to move. */
static void truth(struct ayb_state *s, int swap, uint64_t plan_seed)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    CHECK_EQ_INT(kk_game_init(G, s, &v, 4, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, 41, 1);
    while (G->to_move(s) == KK_CHANCE)
        G->apply(s, G->sample_chance(s, &rng));
    if (swap) {
        uint64_t h0 = s->hand[0], h1 = s->hand[1];
        s->hand[0] = h1;
        s->hand[1] = h0;
        for (int c = 0; c < GB_CARDS; c++)
            if (s->loc[c] <= 1)
                s->loc[c] ^= 1;
    }
    kk_rng_seed(&rng, plan_seed, 2);
    while (G->to_move(s) != 2)
        random_sub(s, &rng);
    G->legal_moves(s, mv);
    G->apply(s, mv[0]);
    CHECK_EQ_INT(G->to_move(s), 2);
    CHECK_EQ_INT(kk_sim_pending(G, s), 0xC);
    CHECK_EQ_INT(ayb_check(s, &err), 0);
}

/* Public fields and seat's own things agree. */
static int same_public(const struct ayb_state *a, const struct ayb_state *b, int seat)
{
    return a->hand[seat] == b->hand[seat] &&
           !memcmp(&a->plan[seat], &b->plan[seat], sizeof a->plan[seat]) &&
           !memcmp(a->st, b->st, sizeof a->st) && !memcmp(a->tiles, b->tiles, sizeof a->tiles) &&
           !memcmp(a->cubes, b->cubes, sizeof a->cubes) &&
           !memcmp(a->total, b->total, sizeof a->total) && a->pending == b->pending &&
           a->turn == b->turn && a->lead == b->lead && a->phase == b->phase &&
           ayb_popcount(a->deck) == ayb_popcount(b->deck) &&
           a->known[seat] == b->known[seat];
}

static void barrier(void)
{
    struct ayb_state t[4], view, first;
    truth(&t[0], 0, 1);
    truth(&t[1], 0, 2);
    truth(&t[2], 1, 1);
    truth(&t[3], 1, 3);
    CHECK(kk_game_hidden(G));
    CHECK(t[0].hand[0] != t[2].hand[0]);
    CHECK(memcmp(&t[0].plan[0], &t[1].plan[0], sizeof t[0].plan[0]) ||
          memcmp(&t[0].plan[1], &t[1].plan[1], sizeof t[0].plan[1]));
    for (int i = 0; i < 200; i++) {
        for (int k = 0; k < 4; k++) {
            kk_rng rng;
            kk_rng_seed(&rng, 100 + (uint64_t)i, 7);
            G->sample_view(&t[k], 2, &rng, &view);
            kk_error err;
            CHECK_EQ_INT(ayb_check(&view, &err), 0);
            CHECK(same_public(&view, &t[k], 2));
            CHECK_EQ_INT(G->to_move(&view), 2);
            if (k == 0)
                first = view;
            else
                CHECK(!memcmp(&view, &first, sizeof view)); /* independent of the truth */
        }
    }
    /* Seat 0 keeps its own commitment and hand; seat 1's commitment and the seats' hands
     * are redrawn: seat 1's true first play is rarely the one in the view. */
    int same1 = 0;
    enum { DRAWS = 400 };
    kk_rng rng;
    kk_rng_seed(&rng, 9, 9);
    for (int i = 0; i < DRAWS; i++) {
        G->sample_view(&t[0], 0, &rng, &view);
        CHECK(same_public(&view, &t[0], 0));
        CHECK(view.plan[1].done && view.plan[2].steps == 1);
        same1 += !memcmp(&view.plan[1], &t[0].plan[1], sizeof view.plan[1]);
    }
    CHECK(same1 < DRAWS / 10);
}

/* After a pass, the cards a seat passed stay in the receiver's hand in its views until the
 * receiver plays them; the rest of the receiver's hand is redrawn. */
static void passed_cards(void)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    struct ayb_state s, view;
    CHECK_EQ_INT(kk_game_init(G, &s, &v, 3, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, 5, 5);
    while (s.turn < 2 || G->to_move(&s) == KK_CHANCE) {
        if (G->to_move(&s) == KK_CHANCE)
            G->apply(&s, G->sample_chance(&s, &rng));
        else
            random_sub(&s, &rng);
    }
    CHECK_EQ_INT(ayb_popcount(s.known[0]), 6);
    CHECK(!(s.known[0] & ~s.hand[1]));
    int moved = 0;
    for (int i = 0; i < 100; i++) {
        G->sample_view(&s, 0, &rng, &view);
        CHECK(!(s.known[0] & ~view.hand[1]));
        CHECK_EQ_INT(ayb_popcount(view.hand[1]), ayb_popcount(s.hand[1]));
        moved += view.hand[1] != s.hand[1];
    }
    CHECK(moved > 90); /* the two kept cards are unknown to seat 0 */
    /* Sequential turns: a seat that has acted keeps its hidden keep redrawn, consistent. */
    CHECK_EQ_INT(kk_variant_set(G, &v, "turn_mode=sequential", &err), 0);
    CHECK_EQ_INT(kk_game_init(G, &s, &v, 3, &err), 0);
    while (G->to_move(&s) == KK_CHANCE)
        G->apply(&s, G->sample_chance(&s, &rng));
    CHECK_EQ_INT(kk_sim_pending(G, &s), 0);
    while (G->to_move(&s) == 0)
        random_sub(&s, &rng);
    CHECK(s.plan[0].done);
    for (int i = 0; i < 50; i++) {
        G->sample_view(&s, 1, &rng, &view);
        CHECK_EQ_INT(ayb_check(&view, &err), 0);
        CHECK(view.hand[1] == s.hand[1]);
        CHECK(!memcmp(view.st, s.st, sizeof s.st));
    }
}

/* escalate's removed cards are unseen: views keep their number and redraw which they are. */
static void removed_cards(void)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    CHECK_EQ_INT(kk_variant_set(G, &v, "deck_prep=escalate", &err), 0);
    struct ayb_state s, view;
    CHECK_EQ_INT(kk_game_init(G, &s, &v, 4, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, 8, 8);
    while (s.phase < 2 || G->to_move(&s) == KK_CHANCE) {
        if (G->to_move(&s) == KK_CHANCE)
            G->apply(&s, G->sample_chance(&s, &rng));
        else
            random_sub(&s, &rng);
    }
    uint64_t out = 0;
    for (int c = 0; c < GB_CARDS; c++)
        if (s.loc[c] == AYB_L_OUT)
            out |= 1ull << c;
    CHECK_EQ_INT(ayb_popcount(out), 4);
    int differ = 0;
    for (int i = 0; i < 50; i++) {
        G->sample_view(&s, 1, &rng, &view);
        CHECK_EQ_INT(ayb_check(&view, &err), 0);
        uint64_t vo = 0;
        for (int c = 0; c < GB_CARDS; c++)
            if (view.loc[c] == AYB_L_OUT)
                vo |= 1ull << c;
        CHECK_EQ_INT(ayb_popcount(vo), 4);
        CHECK(!(vo & s.hand[1]));
        differ += vo != out;
    }
    CHECK(differ > 45);
}

int main(void)
{
    removed_cards();
    barrier();
    passed_cards();
    return kk_test_done("all_your_base_view");
}
