/* Flower Garden: random games for every player count and several variants, with check()
 * after every event (cards and flowers conserved, rows ordered), notation round trips of
 * every legal move and of every drawn card, and the turn machine's invariants: only the
 * seat to move changes its hand by playing, planted flowers never decrease, and the game
 * ends for one of its reasons with the scores the flowers say. */
#include <string.h>

#include "engine/flower_garden/flower_garden.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_flower_garden;

static int ended[4]; /* games by end reason */

static void round_trip(const struct fg_state *s, kk_move m)
{
    char buf[128];
    kk_move back;
    kk_error err;
    G->move_to_text(s, m, buf, sizeof buf);
    int rc = G->move_from_text(s, buf, &back, &err);
    if (rc != 0 || back != m)
        fprintf(stderr, "'%s' (move %#x) read back as %#x: %s\n", buf, (unsigned)m,
                (unsigned)back, rc ? err.msg : "");
    CHECK(rc == 0 && back == m);
}

static void play(int players, const char *const *sets, int nsets, int games, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    kk_test_variant(G, &v, sets, nsets);
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)players);
    static kk_move moves[FG_MAX_MOVES];
    double prob[FG_MAX_MOVES];
    for (int game = 0; game < games; game++) {
        struct fg_state s, before;
        CHECK_EQ_INT(kk_game_init(G, &s, &v, players, &err), 0);
        int events = 0;
        while (G->to_move(&s) != KK_TERMINAL) {
            before = s;
            int who = G->to_move(&s);
            kk_move m;
            if (who == KK_CHANCE) {
                int n = G->chance_outcomes(&s, moves, prob);
                CHECK_EQ_INT(n, __builtin_popcountll(s.draw));
                m = G->sample_chance(&s, &rng);
                CHECK((s.draw >> m) & 1u);
            } else {
                int n = G->legal_moves(&s, moves);
                CHECK(n >= 1 && n <= FG_MAX_MOVES);
                if (events % 5 == 0) /* every move's text, at every 5th event */
                    for (int i = 0; i < n; i++)
                        round_trip(&s, moves[i]);
                m = moves[kk_rng_bounded(&rng, (uint32_t)n)];
                if (game % 2) {
                    /* Half the games pick the action first, so shops and beds (a few
                     * moves among many discards) are played often. */
                    int first[4] = {-1, -1, -1, -1}, count[4] = {0}, kinds = 0;
                    for (int i = 0; i < n; i++) {
                        int a = FG_ACTION(moves[i]);
                        if (!count[a]++) {
                            first[a] = i;
                            kinds++;
                        }
                    }
                    int pick = (int)kk_rng_bounded(&rng, (uint32_t)kinds);
                    for (int a = 0; a < 4; a++)
                        if (count[a] && pick-- == 0) {
                            m = moves[first[a] + (int)kk_rng_bounded(&rng, (uint32_t)count[a])];
                            break;
                        }
                }
            }
            if (events % 7 == 0 || who == KK_CHANCE)
                round_trip(&s, m);
            G->apply(&s, m);
            events++;
            if (fg_check(&s, &err) != 0) {
                fprintf(stderr, "players %d game %d event %d: %s\n", players, game, events,
                        err.msg);
                CHECK(0);
                return;
            }
            for (int p = 0; p < players; p++) {
                for (int c = 0; c < GB_CUBE_COLOURS; c++)
                    CHECK(s.planted[p][c] >= before.planted[p][c]);
                if (who >= 0 && p != who)
                    CHECK(s.hand[p] == before.hand[p]);
            }
            CHECK(events < 100000);
        }
        CHECK(s.end_reason != FG_END_NONE);
        ended[s.end_reason]++;
        int32_t scores[FG_MAX_SEATS];
        G->scores(&s, scores);
        uint32_t w = G->winners(&s);
        CHECK(w != 0);
        for (int p = 0; p < players; p++) {
            int v2 = 0;
            for (int c = 0; c < GB_CUBE_COLOURS; c++)
                v2 += s.planted[p][c] - s.unplanted[p][c];
            CHECK_EQ_INT(scores[p], v2);
            for (int q = 0; q < players; q++)
                if ((w >> p) & 1u)
                    CHECK(scores[p] >= scores[q]);
        }
        double stats[64];
        CHECK(kk_stats_width(G, players) <= 64);
        G->get_stats(&s, stats);
        CHECK_EQ_INT(stats[kk_stat_offset(G, players, FG_ST_TURNS)], s.turns);
        CHECK(G->evaluate(&s, 0) == scores[0]);
    }
}

int main(void)
{
    const char *free_[] = {"rows=free"};
    const char *big[] = {"hand=10", "discard_max=6", "deck_cycles=4", "piles_empty=4"};
    const char *small[] = {"hand=3", "discard_max=1", "partial_take=0", "piles_empty=1"};
    const char *mix[] = {"rows=free", "hand=8", "partial_take=0", "deck_cycles=3"};
    for (int p = 2; p <= FG_MAX_SEATS; p++) {
        play(p, NULL, 0, 20, 21);
        play(p, free_, 1, 10, 22);
        play(p, big, 4, 2, 23);
        play(p, small, 4, 10, 24);
        play(p, mix, 4, 6, 25);
    }
    /* Both ends of the rules happen (the moves of a kind are contiguous in legal order,
     * which the action-first games rely on). */
    CHECK(ended[FG_END_DECK] > 0);
    CHECK(ended[FG_END_PILES] > 0);
    fprintf(stderr, "ends: deck %d, piles %d, stall %d\n", ended[FG_END_DECK],
            ended[FG_END_PILES], ended[FG_END_STALL]);
    return kk_test_done("flower_garden_random");
}
