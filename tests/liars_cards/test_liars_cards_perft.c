/* Liar's Cards: move-count (perft) tables for small settings, from the start and from
 * fixed deals. The expected numbers come from a separate model of the rules (a short
 * Python enumeration of deals by card kind and of bid sequences), not from this engine;
 * the simplest are derived in the comments. */
#include <string.h>

#include "engine/liars_cards/liars_cards.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_liars_cards;

static void init(struct lc_state *s, int players, const char *set1, const char *set2)
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    if (set1)
        CHECK_EQ_INT(kk_variant_set(g, &v, set1, &err), 0);
    if (set2)
        CHECK_EQ_INT(kk_variant_set(g, &v, set2, &err), 0);
    CHECK_EQ_INT(kk_game_init(g, s, &v, players, &err), 0);
}

static void table(const char *name, const struct lc_state *s, const long long *want, int depths)
{
    kk_error err;
    for (int d = 1; d <= depths; d++) {
        long long got = kk_perft(g, s, d, &err);
        if (got != want[d - 1])
            fprintf(stderr, "%s: perft(%d) = %lld, expected %lld\n", name, d, got, want[d - 1]);
        CHECK_EQ_INT(got, want[d - 1]);
    }
}

/* Applies chance outcomes given as text. */
static void deal(struct lc_state *s, const char *const *cards, int n)
{
    kk_error err;
    for (int i = 0; i < n; i++) {
        kk_move m;
        CHECK_EQ_INT(g->move_from_text(s, cards[i], &m, &err), 0);
        CHECK(kk_is_legal(g, s, m));
        g->apply(s, m);
    }
    CHECK_EQ_INT(g->check(s, &err), 0);
}

int main(void)
{
    static struct lc_state s;

    /* 2 players, 1 cube: one sum round of 2 cards, bids s1..s12. 36 kinds for the first
     * card; after it 36 again, less the 24 kinds with a single copy (numbers 3-6):
     * 36 * 36 - 24 = 1272 deals; each opens with 12 bids; after s_v the other seat has
     * 12 - v raises and call: sum over v of (13 - v) = 78. */
    init(&s, 2, "cubes=1", NULL);
    table("2p cubes=1", &s, (const long long[]){36, 1272, 1272 * 12, 1272 * 78}, 4);
    const char *two[] = {"6H", "2A"};
    deal(&s, two, 2);
    /* A call ends the game: it counts as a leaf. */
    table("2p cubes=1 dealt", &s, (const long long[]){12, 78, 298, 793, 1585}, 5);

    /* 3 players, 1 cube: T = 3, a sum round with bids s1..s18; a call leaves 2 seats and
     * the next deal starts (36 kinds). */
    init(&s, 3, "cubes=1", NULL);
    const char *three[] = {"1D", "4W", "6A"};
    deal(&s, three, 3);
    table("3p cubes=1 dealt", &s, (const long long[]){18, 171, 1617}, 3);

    /* 2 players, 2 cubes: T = 4, a count round. 1,500,636 kind sequences of 4 cards. */
    init(&s, 2, "cubes=2", NULL);
    table("2p cubes=2", &s, (const long long[]){36, 1272, 44106, 1500636}, 4);
    const char *four[] = {"1D", "2H", "3C", "1A"};
    deal(&s, four, 4);
    /* 24 openings; a bid on the wild Drop makes it ordinary, any other opening forbids it
     * afterwards; a call is followed by the next deal (36 kinds). */
    table("2p cubes=2 dealt", &s, (const long long[]){24, 270, 2704}, 3);
    init(&s, 2, "cubes=2", "late_wild_bid=allow");
    deal(&s, four, 4);
    table("2p cubes=2 late_wild_bid=allow", &s, (const long long[]){24, 300, 3164}, 3);
    /* The starter first picks one of 6 wilds, then the same 24 / 270 as above. */
    init(&s, 2, "cubes=2", "wild_choice=starter");
    deal(&s, four, 4);
    table("2p cubes=2 wild_choice=starter", &s, (const long long[]){6, 6 * 24, 6 * 270}, 3);
    /* sum_below=5 turns the same 4-card round into a sum round: bids s1..s24; after s_v,
     * 24 - v raises and call: 300. */
    init(&s, 2, "cubes=2", "sum_below=5");
    deal(&s, four, 4);
    table("2p cubes=2 sum_below=5", &s, (const long long[]){24, 300}, 2);

    /* 3 players, 5 cubes (scenario 2's round): 90 openings, 3570 two-bid sequences. */
    init(&s, 3, NULL, NULL);
    const char *fifteen[] = {"1D", "2D", "3H", "1C", "1B", "4D", "1D", "2H",
                             "5C", "1W", "6H", "2C", "3B", "4W", "5B"};
    deal(&s, fifteen, 15);
    table("3p dealt", &s, (const long long[]){90, 3570}, 2);

    /* track_order=shuffled: 720 tracks first, then the 36 kinds of the first card. */
    init(&s, 3, "track_order=shuffled", NULL);
    table("3p shuffled track", &s, (const long long[]){720, 720 * 36}, 2);
    return kk_test_done("liars_cards_perft");
}
