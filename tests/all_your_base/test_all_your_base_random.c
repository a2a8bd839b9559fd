/* All Your Base: random games for every player count and every parameter, with check()
 * after every event and the turn machine's invariants: commitments come in ascending seat
 * order (simultaneous) or priority order (sequential); a seat's sub-decisions are
 * consecutive; every legal move's text parses back to it; a seat's view of the state passes
 * check() and keeps its own hand and plan; totals never decrease; winners hold the top. */
#include <string.h>

#include "engine/all_your_base/ayb.h"
#include "testlib.h"

static const struct kk_game *G = &kk_game_all_your_base;

/* At a decision: commitments in ascending seat order (simultaneous) or none pending
 * (sequential); a seat that started its commitment finishes it before anyone else; every
 * 7th event a random seat's view passes check() and keeps its hand, plan and the mover.
 * ctx: the seat that made the last decision (-1 after chance). */
static void ayb_decision(void *ctx, const void *state, int who, const kk_move *moves, int n,
                         int event, kk_rng *rng)
{
    (void)moves, (void)n;
    const struct ayb_state *s = state;
    int last_seat = *(int *)ctx;
    uint32_t pending = kk_sim_pending(G, s);
    if (s->turn_mode == AYB_SIMULTANEOUS) {
        CHECK(pending != 0);
        CHECK_EQ_INT(who, __builtin_ctz(pending));
    } else {
        CHECK_EQ_INT(pending, 0);
    }
    if (last_seat >= 0 && s->plan[last_seat].steps && !s->plan[last_seat].done &&
        s->phase_kind == AYB_PH_COMMIT)
        CHECK_EQ_INT(who, last_seat);
    if (event % 7 == 0) {
        static struct ayb_state view;
        kk_error err;
        int seat = (int)kk_rng_bounded(rng, (uint32_t)s->players);
        G->sample_view(s, seat, rng, &view);
        if (ayb_check(&view, &err) != 0) {
            fprintf(stderr, "view of seat %d: %s\n", seat, err.msg);
            CHECK(0);
        }
        CHECK(view.hand[seat] == s->hand[seat]);
        CHECK(!memcmp(&view.plan[seat], &s->plan[seat], sizeof s->plan[seat]));
        CHECK_EQ_INT(G->to_move(&view), who);
    }
}

/* After an event: totals never decrease; chance comes only with nothing pending. */
static void ayb_after(void *ctx, const void *before_state, const void *state, int who, kk_move m)
{
    (void)m;
    const struct ayb_state *before = before_state, *s = state;
    if (who == KK_CHANCE)
        CHECK_EQ_INT(kk_sim_pending(G, before), 0);
    *(int *)ctx = who >= 0 ? who : -1;
    for (int p = 0; p < s->players; p++)
        CHECK(s->total[p] >= before->total[p]);
}

static void play(int players, const char *const *sets, int nsets, int games, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    kk_test_variant(G, &v, sets, nsets);
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)players);
    for (int game = 0; game < games; game++) {
        struct ayb_state s;
        CHECK_EQ_INT(kk_game_init(G, &s, &v, players, &err), 0);
        int last_seat = -1;
        char label[64];
        snprintf(label, sizeof label, "players %d game %d", players, game);
        struct kk_test_walk walk = {.label = label, .move_texts = 8, .decision = ayb_decision,
                                    .after = ayb_after, .ctx = &last_seat};
        if (kk_test_walk(G, &s, &rng, &walk) < 0)
            return;
        CHECK_EQ_INT(s.phase, s.phases);
        int32_t scores[AYB_MAX_SEATS];
        G->scores(&s, scores);
        uint32_t w = G->winners(&s);
        CHECK(w != 0);
        for (int p = 0; p < players; p++)
            for (int q = 0; q < players; q++)
                if ((w >> p) & 1u)
                    CHECK(scores[p] >= scores[q]);
        double stats[64];
        CHECK(kk_stats_width(G, players) <= 64);
        G->get_stats(&s, stats);
        CHECK_EQ_INT(stats[kk_stat_offset(G, players, AYB_ST_FIZZLES)], s.fizzles);
    }
}

int main(void)
{
    const char *base0[] = {"keep_base=0", "phases=5"};
    const char *wild[] = {"wild_hardware=white_any"};
    const char *seq[] = {"turn_mode=sequential", "wild_hardware=white_any"};
    const char *esc[] = {"deck_prep=escalate", "hand_mode=pass"};
    const char *esc4[] = {"deck_prep=escalate", "phases=5", "keep_base=0"};
    const char *pass2[] = {"hand_mode=pass"};
    const char *draw3[] = {"hand_mode=draw"};
    const char *esc2[] = {"deck_prep=escalate"};
    for (int p = 2; p <= AYB_MAX_SEATS; p++) {
        play(p, NULL, 0, 20, 11);
        play(p, base0, 2, 5, 12);
        play(p, wild, 1, 6, 13);
        play(p, seq, 2, 6, 14);
        if (p >= 3 && p <= 4)
            play(p, esc, 2, 3, 15);
        if (p == 4)
            play(p, esc4, 3, 2, 16);
    }
    play(2, pass2, 1, 3, 17);
    play(2, esc2, 1, 3, 18);
    play(3, draw3, 1, 3, 19);
    return kk_test_done("all_your_base_random");
}
