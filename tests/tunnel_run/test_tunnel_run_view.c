/* Tunnel Run's information barrier: sample_view(seat) keeps everything the seat sees (its
 * hand, every hand's size, the track, the pirates, the discards, the draw pile's size),
 * depends on nothing it cannot see (two states that differ only in how the unseen cards
 * are split between another hand and the pile give the same views), redeals other hands
 * over every card the seat cannot see, and changes nothing with open_hands=1. */
#include <string.h>

#include "../testlib.h"
#include "engine/tunnel_run/tunnel_run.h"

static const struct kk_game *g = &kk_game_tunnel_run;

static const char *const REC =
    "game tunnel-run\nplayers 3\n%s"
    "* seg DHCBWA\n* seg HDBCAW\n* seg CAWHDB\n* seg BWADCH\n* seg WBDAHC\n* seg ACHWBD\n"
    "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal H\n* deal A\n* deal A\n* deal W\n"
    "0: D@0\n* B\n1: H@0\n* H\n2: A@0\n* C\n";

static void load(struct tr_state *s, const char *sets)
{
    char text[1024];
    snprintf(text, sizeof text, REC, sets);
    const struct kk_game *gg;
    int line;
    kk_error err;
    int rc = kk_test_replay_text(text, &gg, s, &line, &err);
    if (rc)
        fprintf(stderr, "line %d: %s\n", line, err.msg);
    CHECK_EQ_INT(rc, 0);
}

static int pile_total(const struct tr_state *s)
{
    int n = 0;
    for (int y = 0; y < TR_SYMBOLS; y++)
        n += s->pile[y];
    return n;
}

int main(void)
{
    static struct tr_state s, other, v1, v2;
    load(&s, "");
    CHECK_EQ_INT(g->to_move(&s), 0);
    CHECK(kk_game_hidden(g));

    /* What seat 0 sees is kept; the view passes the check. */
    long saw_b_in_seat1 = 0, seat1_h = 0;
    const int samples = 4000;
    for (int i = 0; i < samples; i++) {
        kk_rng rng;
        kk_rng_seed(&rng, (uint64_t)i, 3);
        g->sample_view(&s, 0, &rng, &v1);
        kk_error err;
        CHECK_EQ_INT(g->check(&v1, &err), 0);
        CHECK(!memcmp(v1.hand[0], s.hand[0], sizeof s.hand[0]));
        CHECK(!memcmp(v1.discard, s.discard, sizeof s.discard));
        CHECK(!memcmp(v1.pos, s.pos, sizeof s.pos));
        CHECK(!memcmp(v1.track, s.track, sizeof s.track));
        CHECK_EQ_INT(pile_total(&v1), pile_total(&s));
        for (int p = 0; p < 3; p++)
            CHECK_EQ_INT(tr_hand_cards(&v1, p), tr_hand_cards(&s, p));
        saw_b_in_seat1 += v1.hand[1][3] > 0;
        seat1_h += v1.hand[1][1];
    }
    /* Seat 1 truly holds three H cards; a uniform redeal draws its 3 cards from every card
     * seat 0 cannot see (pile and the other two hands), so it expects 3 * unseen H / unseen
     * H cards, far from the true 3. */
    int unseen = 0, unseen_h = 0;
    for (int y = 0; y < TR_SYMBOLS; y++) {
        int c = s.pile[y] + s.hand[1][y] + s.hand[2][y];
        unseen += c;
        if (y == 1)
            unseen_h = c;
    }
    double mean_h = (double)seat1_h / samples, want_h = 3.0 * unseen_h / unseen;
    printf("  seat 1's H cards in seat 0's views: %.3f (uniform redeal: %.3f)\n", mean_h, want_h);
    CHECK(mean_h > want_h - 0.06 && mean_h < want_h + 0.06);
    CHECK(saw_b_in_seat1 > 0); /* cards seat 1 does not hold appear in its redealt hand */

    /* The view does not depend on how the unseen cards are split: move seat 1's H cards to
     * the pile and other cards from the pile to seat 1. */
    memcpy(&other, &s, sizeof s);
    int moved = 0;
    for (int y = 0; y < TR_SYMBOLS && moved < 3; y++)
        while (y != 1 && other.pile[y] > 0 && moved < 3) {
            other.pile[y]--;
            other.hand[1][y]++;
            moved++;
        }
    other.hand[1][1] = (uint8_t)(other.hand[1][1] - 3);
    other.pile[1] = (uint8_t)(other.pile[1] + 3);
    kk_error err;
    CHECK_EQ_INT(g->check(&other, &err), 0);
    CHECK(memcmp(other.hand[1], s.hand[1], sizeof s.hand[1]) != 0);
    for (int i = 0; i < 50; i++) {
        kk_rng r1, r2;
        kk_rng_seed(&r1, (uint64_t)i, 8);
        kk_rng_seed(&r2, (uint64_t)i, 8);
        g->sample_view(&s, 0, &r1, &v1);
        g->sample_view(&other, 0, &r2, &v2);
        CHECK(!memcmp(&v1, &v2, sizeof v1));
    }
    /* But seat 1's own view keeps its own (different) hand. */
    {
        kk_rng r1;
        kk_rng_seed(&r1, 1, 1);
        g->sample_view(&other, 1, &r1, &v2);
        CHECK(!memcmp(v2.hand[1], other.hand[1], sizeof other.hand[1]));
    }

    /* open_hands=1: nothing is hidden, the view is the state. */
    load(&s, "set open_hands=1\n");
    kk_rng rng;
    kk_rng_seed(&rng, 5, 5);
    g->sample_view(&s, 0, &rng, &v1);
    CHECK(!memcmp(&v1, &s, sizeof s));
    return kk_test_done("tunnel_run_view");
}
