/* Liar's Cards for counterfactual regret minimisation: its info_key names exactly what a
 * seat knows (the same key on every view sample_view draws for that seat, for 2..10 players
 * and the small CFR settings), states the seat can tell apart get different keys, and a few
 * CFR iterations on the smallest setting (2 seats, one card each) run through the engine. */
#include <string.h>

#include "agents/cfr.h"
#include "engine/liars_cards/liars_cards.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_liars_cards;

static void test_keys_match_views(void)
{
    static const char *const small[] = {"cubes=1"};
    static const char *const two[] = {"cubes=2", "max_cards=2"};
    static const char *const starter[] = {"wild_choice=starter", "track_order=shuffled"};
    struct {
        int players;
        const char *const *sets;
        int nsets;
        int games;
    } cases[] = {
        {2, small, 1, 200}, {2, two, 2, 60}, {3, NULL, 0, 15}, {3, starter, 2, 15},
        {6, NULL, 0, 4},    {10, NULL, 0, 2},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char root[1024];
        kk_test_new_game(g, root, cases[c].players, cases[c].sets, cases[c].nsets);
        kk_rng rng;
        kk_rng_seed(&rng, 5, c);
        kk_error err = {{0}};
        int rc = kk_cfr_check_info_key(g, root, cases[c].games, 3, &rng, &err);
        if (rc != 0)
            fprintf(stderr, "case %zu: %s\n", c, err.msg);
        CHECK_EQ_INT(rc, 0);
    }
}

/* Keys differ where the seat can tell states apart: its own card, and the bids made. */
static void test_keys_separate(void)
{
    static const char *const small[] = {"cubes=1"};
    char a[1024], b[1024];
    kk_test_new_game(g, a, 2, small, 1);
    memcpy(b, a, g->state_size);
    /* Deal seat 0 a 6H or a 2A, seat 1 the same 3D. */
    kk_move six_h = gb_kind(GB_HAMMERS, 6), two_a = gb_kind(GB_ARROW, 2), three_d = gb_kind(GB_DROP, 3);
    g->apply(a, six_h);
    g->apply(b, two_a);
    g->apply(a, three_d);
    g->apply(b, three_d);
    uint8_t ka[KK_INFO_KEY_MAX], kb[KK_INFO_KEY_MAX];
    int na = g->info_key(a, 0, ka, sizeof ka), nb = g->info_key(b, 0, kb, sizeof kb);
    CHECK(na > 0 && nb > 0);
    CHECK(na != nb || memcmp(ka, kb, (size_t)na) != 0); /* seat 0 knows its own card */
    /* Seat 1 holds the same card in both: after the same bid its keys agree. */
    kk_move bid = LC_MOVE_SUM + 5;
    g->apply(a, bid);
    g->apply(b, bid);
    na = g->info_key(a, 1, ka, sizeof ka);
    nb = g->info_key(b, 1, kb, sizeof kb);
    CHECK(na == nb && memcmp(ka, kb, (size_t)na) == 0);
    /* A different bid history is a different information set. */
    char c[1024];
    kk_test_new_game(g, c, 2, small, 1);
    g->apply(c, six_h);
    g->apply(c, three_d);
    g->apply(c, LC_MOVE_SUM + 6);
    int nc = g->info_key(c, 1, kb, sizeof kb);
    CHECK(nc != na || memcmp(ka, kb, (size_t)na) != 0);
    /* A key that does not fit is refused, not cut. */
    CHECK_EQ_INT(g->info_key(a, 1, ka, 4), -1);
}

int main(void)
{
    test_keys_match_views();
    test_keys_separate();
    return kk_test_done("liars_cards_cfr");
}
