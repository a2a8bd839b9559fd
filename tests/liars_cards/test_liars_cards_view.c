/* Liar's Cards: the information barrier. Two true states that seat 0 cannot tell apart
 * (same own hand, same bids, other hands very different) must give seat 0 the same
 * sample_view draws, the same evaluation and the same greedy move; the uniform views'
 * opponent cards follow the blind deal of the unseen cards whatever the true hands are (the
 * weighted views are tested in test_liars_cards_belief.c); a view
 * never changes the seat's own hand or anything public; mid-deal views hide the cards
 * already dealt to others; between rounds (hands face up) nothing is redrawn. */
#include <math.h>
#include <string.h>

#include "agents/agent.h"
#include "engine/liars_cards/liars_cards.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_liars_cards;

/* Seat 0 holds 1D 2D 3H 1C 1B in both. In A the other seats hold eight Arrows; in B none. */
static const char *const deal_a = "game liars-cards\nplayers 3\n"
                                  "* 1D\n* 2D\n* 3H\n* 1C\n* 1B\n"
                                  "* 1A\n* 1A\n* 2A\n* 3A\n* 4A\n"
                                  "* 5A\n* 6A\n* 1A\n* 2A\n* 6H\n";
static const char *const deal_b = "game liars-cards\nplayers 3\n"
                                  "* 1D\n* 2D\n* 3H\n* 1C\n* 1B\n"
                                  "* 2H\n* 4H\n* 5H\n* 1W\n* 2W\n"
                                  "* 3W\n* 4W\n* 5W\n* 6W\n* 1B\n";

static void load(struct lc_state *s, const char *deal, const char *moves)
{
    char text[1024];
    snprintf(text, sizeof text, "%s%s", deal, moves);
    const struct kk_game *rg;
    kk_error err;
    int line = 0;
    int rc = kk_test_replay_text(text, &rg, s, &line, &err);
    if (rc != 0)
        fprintf(stderr, "line %d: %s\n", line, err.msg);
    CHECK_EQ_INT(rc, 0);
}

/* The view keeps everything but the other seats' cards and the undealt deck. */
static void check_public(const struct lc_state *s, const struct lc_state *v, int seat)
{
    kk_error err;
    CHECK_EQ_INT(g->check(v, &err), 0);
    struct lc_state masked = *v;
    for (int p = 0; p < s->players; p++) {
        CHECK_EQ_INT(v->hand_len[p], s->hand_len[p]);
        if (p != seat)
            memcpy(masked.hand[p], s->hand[p], sizeof s->hand[p]);
    }
    memcpy(masked.kind_left, s->kind_left, sizeof s->kind_left);
    masked.cards_left = s->cards_left;
    CHECK(memcmp(&masked, s, sizeof *s) == 0);
    CHECK(memcmp(v->hand[seat], s->hand[seat], sizeof s->hand[seat]) == 0);
}

/* Draws views of a and b for seat with the same generator: they must be identical. */
static void same_views(const struct lc_state *a, const struct lc_state *b, int seat, int draws)
{
    static struct lc_state va, vb;
    kk_rng ra, rb;
    kk_rng_seed(&ra, 42, (uint64_t)seat);
    kk_rng_seed(&rb, 42, (uint64_t)seat);
    int differ = 0;
    for (int i = 0; i < draws; i++) {
        g->sample_view(a, seat, &ra, &va);
        g->sample_view(b, seat, &rb, &vb);
        check_public(a, &va, seat);
        check_public(b, &vb, seat);
        differ += memcmp(&va.hand, &vb.hand, sizeof va.hand) != 0 ||
                  memcmp(va.kind_left, vb.kind_left, sizeof va.kind_left) != 0;
    }
    CHECK_EQ_INT(differ, 0);
}

/* Frequencies of the symbol of seat p's first card over many views of s for seat 0. */
static void symbol_frequencies(const struct lc_state *s, int p, uint64_t stream, double *freq)
{
    static struct lc_state v;
    kk_rng rng;
    kk_rng_seed(&rng, 7, stream);
    const int draws = 20000;
    for (int k = 0; k < GB_SYMBOLS; k++)
        freq[k] = 0;
    for (int i = 0; i < draws; i++) {
        lc_sample_view_uniform(s, 0, &rng, &v);
        freq[gb_kind_symbol(v.hand[p][0])] += 1.0 / draws;
    }
}

static void independence(const struct lc_state *a, const struct lc_state *b)
{
    double fa[GB_SYMBOLS], fb[GB_SYMBOLS];
    symbol_frequencies(a, 1, 1, fa);
    symbol_frequencies(b, 1, 2, fb);
    /* Seat 0 holds 2 Drops, 1 Hammer, 1 Circle, 1 Brick: 49 unseen cards. */
    const double unseen[GB_SYMBOLS] = {7, 8, 8, 8, 9, 9};
    for (int k = 0; k < GB_SYMBOLS; k++) {
        double want = unseen[k] / 49;
        /* 20,000 draws: a standard error of about 0.0028 */
        CHECK(fabs(fa[k] - want) < 0.012);
        CHECK(fabs(fb[k] - want) < 0.012);
        CHECK(fabs(fa[k] - fb[k]) < 0.015);
    }
    /* In A seat 1 holds only Arrows, in B none: the true hands leave no trace. */
    CHECK(fa[GB_ARROW] < 0.3 && fb[GB_ARROW] > 0.1);
}

int main(void)
{
    static struct lc_state a, b, v;
    kk_error err;

    /* Bidding: after 0: 2A, 1: 3A, 2: 4A, seat 0 is to move. */
    load(&a, deal_a, "0: 2A\n1: 3A\n2: 4A\n");
    load(&b, deal_b, "0: 2A\n1: 3A\n2: 4A\n");
    CHECK_EQ_INT(g->to_move(&a), 0);
    same_views(&a, &b, 0, 2000);
    independence(&a, &b);
    for (int p = 0; p < 3; p++) {
        /* Seat 0 and the non-bidder seat 1 see the same value in both; seat 2 judges its
         * own bid from its own (different) cards. */
        if (p != 2)
            CHECK(g->evaluate(&a, p) == g->evaluate(&b, p));
    }
    /* The greedy agent, on the true states, picks the same move from the same generator. */
    struct kk_agent *greedy = kk_agent_create(g, "greedy", &err);
    CHECK(greedy != NULL);
    for (uint64_t seed = 1; greedy && seed <= 20; seed++) {
        kk_rng ra, rb;
        kk_rng_seed(&ra, seed, 0);
        kk_rng_seed(&rb, seed, 0);
        CHECK_EQ_INT(greedy->choose(greedy, &a, &ra), greedy->choose(greedy, &b, &rb));
    }
    kk_agent_destroy(greedy);

    /* After seat 0 calls: in A the bid 4A holds (seat 0 loses), in B it fails (seat 2
     * loses), but seat 0's evaluation of that call is the same. */
    static struct lc_state a2, b2;
    a2 = a;
    b2 = b;
    g->apply(&a2, LC_MOVE_CALL);
    g->apply(&b2, LC_MOVE_CALL);
    CHECK_EQ_INT(a2.lives[0], 4);
    CHECK_EQ_INT(b2.lives[2], 4);
    CHECK(g->evaluate(&a2, 0) == g->evaluate(&b2, 0));
    CHECK(g->evaluate(&a2, 1) == g->evaluate(&b2, 1));
    CHECK(fabs(g->evaluate(&a2, 0) - (5 - lc_bid_plausibility(&a, 0, a.bid))) < 1e-12);
    /* Between rounds every hand is face up: the view is the state. */
    kk_rng rng;
    kk_rng_seed(&rng, 3, 3);
    g->sample_view(&a2, 0, &rng, &v);
    CHECK(memcmp(&v, &a2, sizeof v) == 0);

    /* Mid-deal: seat 0 has its 5 cards, seat 1 two of its five. Seat 2 (nothing yet) sees
     * redrawn cards for both; seat 1 keeps its two and sees seat 0's redrawn. */
    const char *mid_a = "game liars-cards\nplayers 3\n* 1D\n* 2D\n* 3H\n* 1C\n* 1B\n* 1A\n* 1A\n";
    const char *mid_b = "game liars-cards\nplayers 3\n* 6A\n* 5A\n* 4A\n* 3A\n* 2A\n* 1A\n* 1A\n";
    load(&a, mid_a, "");
    load(&b, mid_b, "");
    CHECK_EQ_INT(g->to_move(&a), KK_CHANCE);
    same_views(&a, &b, 2, 500);
    same_views(&a, &b, 1, 500);
    /* A view mid-deal deals on from the view's own deck. */
    g->sample_view(&a, 2, &rng, &v);
    while (g->to_move(&v) == KK_CHANCE)
        g->apply(&v, g->sample_chance(&v, &rng));
    CHECK_EQ_INT(g->check(&v, &err), 0);
    CHECK_EQ_INT(v.hand_len[2], 5);

    /* A shuffled track is public: before the deal nothing is hidden. */
    struct kk_variant var;
    kk_variant_defaults(g, &var, &err);
    CHECK_EQ_INT(kk_variant_set(g, &var, "track_order=shuffled", &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &a, &var, 4, &err), 0);
    g->sample_view(&a, 1, &rng, &v);
    CHECK(memcmp(&v, &a, sizeof v) == 0);
    return kk_test_done("liars_cards_view");
}
