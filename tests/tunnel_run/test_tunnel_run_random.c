/* Tunnel Run: invariants over random games for every player count, basic and advanced,
 * under several variants: the check hook (cards and pirates conserved) after every event,
 * notation round trips of every move and outcome, chance probabilities, the basic game's
 * length bound (players x pirates x 37 turns), and views that pass the check too. */
#include <string.h>

#include "../testlib.h"
#include "engine/tunnel_run/tunnel_run.h"

static const struct kk_game *g = &kk_game_tunnel_run;

/* Tunnel Run's decisions: at most 43 moves; every 7th event a view of the mover's that passes
 * the check too. */
static void tr_decision(void *ctx, const void *state, int who, const kk_move *moves, int n,
                        int event, kk_rng *rng)
{
    (void)ctx, (void)moves;
    CHECK(n <= 43);
    if (event % 7 == 0) {
        static struct tr_state view;
        kk_error err;
        g->sample_view(state, who, rng, &view);
        int rc = g->check(&view, &err);
        if (rc)
            fprintf(stderr, "view check: %s\n", err.msg);
        CHECK_EQ_INT(rc, 0);
    }
}

static void play_game(const char *setting, int players, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    static struct tr_state s;
    kk_test_variant_line(g, &v, setting);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 9);
    char label[96];
    snprintf(label, sizeof label, "%s, %d players, seed %llu", setting ? setting : "default",
             players, (unsigned long long)seed);
    struct kk_test_walk walk = {.label = label, .decision = tr_decision};
    if (kk_test_walk(g, &s, &rng, &walk) < 0)
        return;
    CHECK(g->winners(&s) != 0);
    int32_t sc[TR_MAX_SEATS];
    g->scores(&s, sc);
    if (!s.stat[TR_ST_CAPPED]) {
        CHECK_EQ_INT(__builtin_popcount(g->winners(&s)), 1);
        CHECK_EQ_INT(sc[__builtin_ctz(g->winners(&s))], s.pirates);
    }
    if (!s.advanced)
        CHECK(s.turns <= players * s.pirates * TR_EXIT);
    CHECK_EQ_INT(s.stat[TR_ST_TURNS], s.turns);
}

int main(void)
{
    static const char *const settings[] = {
        NULL, "advanced=1", "reshuffle=0", "open_hands=1", "hand=6", "pirates=1",
        "advanced=1 actions=1", "advanced=1 reshuffle=0", "max_turns=10", "advanced=1 hand=10",
    };
    const int kinds = (int)(sizeof settings / sizeof settings[0]);
    int games = 0;
    for (int players = 2; players <= TR_MAX_SEATS; players++)
        for (int i = 0; i < 100; i++) {
            play_game(settings[i % kinds], players, (uint64_t)(100 * players + i));
            games++;
        }
    printf("  %d random games\n", games);
    return kk_test_done("tunnel_run_random");
}
