/* The Gauntlet: random games for 2, 3 and 4 players under every parameter, with check()
 * after every event: plans come in ascending seat order as one move each (simultaneous);
 * every legal move's text parses back to it; a seat's view passes check(), keeps its own
 * hand and plan, and has the same seat to move; a game ends with winners among the
 * finishers (or the furthest pawns when capped). */
#include <string.h>

#include "engine/gauntlet/gauntlet.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_gauntlet;

static void play(int players, const char *set, int games, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(G, &v, &err), 0);
    if (set)
        CHECK_EQ_INT(kk_variant_set(G, &v, set, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)players);
    static kk_move moves[GT_MAX_MOVES];
    for (int game = 0; game < games; game++) {
        struct gt_state s, view;
        CHECK_EQ_INT(kk_game_init(G, &s, &v, players, &err), 0);
        int events = 0;
        while (G->to_move(&s) != KK_TERMINAL) {
            int who = G->to_move(&s);
            if (who == KK_CHANCE) {
                CHECK_EQ_INT(kk_sim_pending(G, &s), 0);
                G->apply(&s, G->sample_chance(&s, &rng));
            } else {
                uint32_t pending = kk_sim_pending(G, &s);
                if (s.phase == GT_PHASE_PLAN) {
                    CHECK(pending != 0);
                    CHECK_EQ_INT(who, __builtin_ctz(pending));
                } else {
                    CHECK_EQ_INT(pending, 0);
                }
                int n = G->legal_moves(&s, moves);
                CHECK(n >= 1 && n <= G->max_moves);
                for (int i = 0; i < n; i += 1 + n / 6) {
                    char text[96];
                    kk_move back;
                    G->move_to_text(&s, moves[i], text, sizeof text);
                    CHECK_EQ_INT(G->move_from_text(&s, text, &back, &err), 0);
                    if (back != moves[i]) fprintf(stderr, "text %s\n", text);
                    CHECK_EQ_INT(back, moves[i]);
                }
                if (events % 5 == 0) {
                    int seat = (int)kk_rng_bounded(&rng, (uint32_t)players);
                    G->sample_view(&s, seat, &rng, &view);
                    if (G->check(&view, &err) != 0) {
                        fprintf(stderr, "view of seat %d: %s\n", seat, err.msg);
                        CHECK(0);
                    }
                    for (int c = 0; c < GB_CARDS; c++) {
                        int mine = s.loc[c] == GT_LOC_HAND + seat ||
                                   (s.loc[c] >= GT_LOC_PLAN + seat * 4 &&
                                    s.loc[c] < GT_LOC_PLAN + seat * 4 + 4) ||
                                   s.loc[c] == GT_LOC_MARKET || s.loc[c] == GT_LOC_DISCARD ||
                                   s.loc[c] == GT_LOC_OUT;
                        if (mine)
                            CHECK_EQ_INT(view.loc[c], s.loc[c]);
                    }
                    CHECK_EQ_INT(G->to_move(&view), who);
                }
                G->apply(&s, moves[kk_rng_bounded(&rng, (uint32_t)n)]);
            }
            events++;
            if (G->check(&s, &err) != 0) {
                fprintf(stderr, "players %d game %d event %d: %s\n", players, game, events,
                        err.msg);
                CHECK(0);
                return;
            }
        }
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
