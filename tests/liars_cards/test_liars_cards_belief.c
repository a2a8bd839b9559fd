/* Liar's Cards: the belief-weighted views (engine/liars_cards/view.c). The model of the
 * other seats' bidding must describe the greedy agent exactly: in greedy games for 2-6
 * players under several variants, every bid and call greedy makes has a positive likelihood
 * given its true hand, and the likelihoods of all its legal moves there add up to 1. Views draw
 * uniformly until another seat has bid, and once one has, they lean towards hands that
 * back its bids while staying blind to the true hands. */
#include <math.h>
#include <string.h>

#include "agents/agent.h"
#include "engine/liars_cards/liars_cards.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_liars_cards;

static const char *const variants[][2] = {
    {NULL, NULL},
    {"wild_choice=starter", "track_order=shuffled"},
    {"late_wild_bid=allow", "wild_needs_natural=0"},
    {"cubes=3", "max_cards=2"},
};
#define NUM_VARIANTS (int)(sizeof variants / sizeof variants[0])

/* Greedy games; at each greedy decision in a count round, the model's likelihoods. */
static void greedy_games(int players, int variant, uint64_t seed, struct kk_agent *greedy,
                         int *decisions)
{
    static struct lc_state s, before;
    static kk_move moves[LC_TRACK_PERMS];
    kk_test_new_game(g, &s, players, variants[variant], variants[variant][0] ? 2 : 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)(players * 10 + variant));
    while (g->to_move(&s) != KK_TERMINAL) {
        int who = g->to_move(&s);
        if (who == KK_CHANCE) {
            g->apply(&s, g->sample_chance(&s, &rng));
            continue;
        }
        kk_move m = greedy->choose(greedy, &s, &rng);
        if (s.phase == LC_PHASE_BID && !s.sum_round) {
            before = s;
            int prev = s.bid_rank, rank = m == LC_MOVE_CALL ? -1 : lc_bid_rank(&s, m);
            CHECK(lc_greedy_likelihood(&before, who, prev, rank) > 0);
            double sum = 0;
            int n = g->legal_moves(&s, moves);
            for (int i = 0; i < n; i++)
                sum += lc_greedy_likelihood(&before, who, prev,
                                            moves[i] == LC_MOVE_CALL ? -1
                                                                     : lc_bid_rank(&s, moves[i]));
            CHECK(fabs(sum - 1) < 1e-9);
            (*decisions)++;
        }
        g->apply(&s, m);
    }
}

/* Seat 0 holds 1D 2D 3H 1C 1B; seat 1 and 2 hold the rest of the deals below. */
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
    CHECK_EQ_INT(kk_test_replay_text(text, &rg, s, &line, &err), 0);
}

/* Mean number of cards in seat p's sampled hand that count for Arrows (Arrows and the
 * wild Drops), over views for seat 0. */
static double arrow_support(const struct lc_state *s, int p, int uniform)
{
    static struct lc_state v;
    kk_rng rng;
    kk_rng_seed(&rng, 11, 0);
    double sum = 0;
    const int draws = 4000;
    for (int i = 0; i < draws; i++) {
        if (uniform)
            lc_sample_view_uniform(s, 0, &rng, &v);
        else
            g->sample_view(s, 0, &rng, &v);
        for (int k = 0; k < v.hand_len[p]; k++) {
            int sym = gb_kind_symbol(v.hand[p][k]);
            sum += sym == GB_ARROW || sym == GB_DROP;
        }
    }
    return sum / draws;
}

int main(void)
{
    kk_error err;
    struct kk_agent *greedy = kk_agent_create(g, "greedy", &err);
    CHECK(greedy != NULL);
    int decisions = 0;
    for (int players = 2; greedy && players <= 6; players++)
        for (int variant = 0; variant < NUM_VARIANTS; variant++)
            greedy_games(players, variant, 5, greedy, &decisions);
    kk_agent_destroy(greedy);
    printf("  %d greedy decisions explained\n", decisions);
    CHECK(decisions > 1000);

    /* Seat 0 opens: nobody else has bid, so the view is the uniform one, draw for draw. */
    static struct lc_state a, b, va, vb;
    load(&a, deal_a, "");
    kk_rng r1, r2;
    kk_rng_seed(&r1, 3, 0);
    kk_rng_seed(&r2, 3, 0);
    for (int i = 0; i < 50; i++) {
        g->sample_view(&a, 0, &r1, &va);
        lc_sample_view_uniform(&a, 0, &r2, &vb);
        CHECK(memcmp(&va, &vb, sizeof va) == 0);
    }

    /* After 0: 2A, 1: 3A, 2: 4A seat 1 and seat 2 have backed Arrows. Seat 0's views give
     * them more cards that count for Arrows than a blind deal would (5 x 16 / 49 = 1.63
     * each), and the same numbers whatever they really hold. */
    load(&a, deal_a, "0: 2A\n1: 3A\n2: 4A\n");
    load(&b, deal_b, "0: 2A\n1: 3A\n2: 4A\n");
    double blind = arrow_support(&a, 1, 1);
    CHECK(fabs(blind - 5.0 * 16 / 49) < 0.06);
    for (int p = 1; p <= 2; p++) {
        double sa = arrow_support(&a, p, 0), sb = arrow_support(&b, p, 0);
        printf("  seat %d: %.3f cards for Arrows (blind deal %.3f)\n", p, sa, blind);
        CHECK(sa > blind + 0.3);
        CHECK(sa == sb);
    }
    return kk_test_done("liars_cards_belief");
}
