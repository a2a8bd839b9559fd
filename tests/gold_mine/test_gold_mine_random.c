/* Gold Mine: random games for every player count and several variants, with check() after
 * every event and the round machine's invariants: the mover is always a seat inside that
 * has not committed, commitments come in ascending seat order, banked gold never
 * decreases, a seat that fled takes no part until the next round, and cards and gold are
 * conserved (check). */
#include <string.h>

#include "engine/gold_mine/gold_mine.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_gold_mine;

/* The round machine at a decision: the mover is inside, has not fled this round, and is
 * the lowest seat still to commit. */
static void gm_decision(void *ctx, const void *state, int who, const kk_move *ms, int n,
                        int event, kk_rng *rng)
{
    (void)ms, (void)n, (void)event, (void)rng;
    const struct gm_state *s = state;
    unsigned out_this_round = *(unsigned *)ctx;
    uint32_t pending = kk_sim_pending(G, s);
    CHECK(pending != 0);
    CHECK_EQ_INT(who, __builtin_ctz(pending));
    CHECK((s->inside >> who) & 1u);
    CHECK(!((out_this_round >> who) & 1u));
    CHECK_EQ_INT(s->committed & ~((1u << who) - 1), 0); /* seat order */
}

/* After an event: banked gold never falls; a resolution removes exactly last_fled, who
 * carry nothing out of the mine. ctx: the seats that fled this round. */
static void gm_after(void *ctx, const void *before_state, const void *state, int who, kk_move m)
{
    (void)m;
    const struct gm_state *before = before_state, *s = state;
    unsigned *out_this_round = ctx;
    if (who == KK_CHANCE)
        CHECK_EQ_INT(kk_sim_pending(G, before), 0);
    for (int p = 0; p < s->players; p++)
        CHECK(s->banked[p] >= before->banked[p]);
    if (s->round != before->round || s->phase == GM_PHASE_OVER) {
        *out_this_round = 0;
    } else if (who >= 0 && !s->committed) {
        *out_this_round |= before->inside & ~s->inside;
        CHECK_EQ_INT(before->inside & ~s->inside, s->last_fled);
        for (int p = 0; p < s->players; p++)
            if ((s->last_fled >> p) & 1u)
                CHECK_EQ_INT(s->carried[p], 0);
    }
}

static void play(int players, const char *const *sets, int nsets, int games, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    kk_test_variant(G, &v, sets, nsets);
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)players);
    for (int game = 0; game < games; game++) {
        struct gm_state s;
        CHECK_EQ_INT(kk_game_init(G, &s, &v, players, &err), 0);
        CHECK_EQ_INT(G->players(&s), players);
        unsigned out_this_round = 0;
        char label[64];
        snprintf(label, sizeof label, "players %d game %d", players, game);
        struct kk_test_walk walk = {.label = label, .move_texts = 4, .use_random_move = 1,
                                    .decision = gm_decision, .after = gm_after,
                                    .ctx = &out_this_round};
        if (kk_test_walk(G, &s, &rng, &walk) < 0)
            return;
        CHECK_EQ_INT(s.rounds_done, s.rounds);
        int32_t scores[GM_MAX_SEATS];
        G->scores(&s, scores);
        uint32_t w = G->winners(&s);
        CHECK(w != 0);
        for (int p = 0; p < players; p++) {
            CHECK_EQ_INT(scores[p], s.banked[p]);
            for (int q = 0; q < players; q++)
                if ((w >> p) & 1u)
                    CHECK(scores[p] >= scores[q]);
        }
        double stats[64];
        CHECK(kk_stats_width(G, players) <= 64);
        G->get_stats(&s, stats);
        CHECK_EQ_INT(stats[kk_stat_offset(G, players, GM_ST_COLLAPSES)], s.collapses);
    }
}

int main(void)
{
    const char *cont[] = {"deck=continue", "rounds=10"};
    const char *four[] = {"deck=continue", "rounds=10", "collapse_count=4",
                          "remove_collapse_card=1"};
    const char *pairs[] = {"collapse_count=2", "remove_collapse_card=1", "rounds=10"};
    for (int p = 2; p <= GM_MAX_SEATS; p++) {
        play(p, NULL, 0, 150, 11);
        play(p, cont, 2, 40, 12);
        play(p, four, 4, 40, 13);
        play(p, pairs, 3, 40, 14);
    }
    return kk_test_done("gold_mine_random");
}
