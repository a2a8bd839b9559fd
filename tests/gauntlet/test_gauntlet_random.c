/* The Gauntlet: random games for 2, 3 and 4 players under every parameter, with check()
 * after every event: plans come in ascending seat order as one move each (simultaneous);
 * every legal move's text parses back to it; a seat's view passes check(), keeps its own
 * hand and plan, and has the same seat to move; a game ends with winners among the
 * finishers (or the furthest pawns when capped). */
#include <string.h>

#include "engine/gauntlet/gauntlet.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_gauntlet;

/* At a decision: plans in ascending seat order (nothing pending outside planning); every
 * 5th event a random seat's view passes check(), keeps what that seat sees (its hand and
 * plan, the market, the discard, cards out) and the mover. */
static void gt_decision(void *ctx, const void *state, int who, const kk_move *moves, int n,
                        int event, kk_rng *rng)
{
    (void)ctx, (void)moves, (void)n;
    const struct gt_state *s = state;
    uint32_t pending = kk_sim_pending(G, s);
    if (s->phase == GT_PHASE_PLAN) {
        CHECK(pending != 0);
        CHECK_EQ_INT(who, __builtin_ctz(pending));
    } else {
        CHECK_EQ_INT(pending, 0);
    }
    if (event % 5 == 0) {
        static struct gt_state view;
        kk_error err;
        int seat = (int)kk_rng_bounded(rng, (uint32_t)s->players);
        G->sample_view(s, seat, rng, &view);
        if (G->check(&view, &err) != 0) {
            fprintf(stderr, "view of seat %d: %s\n", seat, err.msg);
            CHECK(0);
        }
        for (int c = 0; c < GB_CARDS; c++) {
            int mine = s->loc[c] == GT_LOC_HAND + seat ||
                       (s->loc[c] >= GT_LOC_PLAN + seat * 4 &&
                        s->loc[c] < GT_LOC_PLAN + seat * 4 + 4) ||
                       s->loc[c] == GT_LOC_MARKET || s->loc[c] == GT_LOC_DISCARD ||
                       s->loc[c] == GT_LOC_OUT;
            if (mine)
                CHECK_EQ_INT(view.loc[c], s->loc[c]);
        }
        CHECK_EQ_INT(G->to_move(&view), who);
    }
}

static void play(int players, const char *set, int games, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    kk_test_variant_line(G, &v, set);
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)players);
    for (int game = 0; game < games; game++) {
        struct gt_state s;
        CHECK_EQ_INT(kk_game_init(G, &s, &v, players, &err), 0);
        char label[96];
        snprintf(label, sizeof label, "%s, players %d game %d", set ? set : "default", players,
                 game);
        struct kk_test_walk walk = {.label = label, .move_texts = 6, .decision = gt_decision};
        if (kk_test_walk(G, &s, &rng, &walk) < 0)
            return;
        uint32_t w = G->winners(&s);
        CHECK(w != 0);
        for (int p = 0; p < players; p++)
            if (w >> p & 1)
                CHECK(s.capped || s.pos[p] == GT_END);
        if (!s.final_tie_shared && !s.capped)
            CHECK_EQ_INT(__builtin_popcount(w), 1);
    }
}

int main(void)
{
    for (int p = 2; p <= GT_MAX_SEATS; p++) {
        play(p, NULL, 6, 21);
        play(p, "layout_seed=-1", 3, 22);
        play(p, "sword_reach=king", 2, 23);
        play(p, "final_tie=shared", 2, 24);
        play(p, "max_turns=2", 2, 25);
    }
    play(2, "two_player_deck=0", 3, 26);
    return kk_test_done("gauntlet_random");
}
