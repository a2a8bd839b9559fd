/* Tunnel Run: invariants over random games for every player count, basic and advanced,
 * under several variants: the check hook (cards and pirates conserved) after every event,
 * notation round trips of every move and outcome, chance probabilities, the basic game's
 * length bound (players x pirates x 37 turns), and views that pass the check too. */
#include <math.h>
#include <string.h>

#include "../testlib.h"
#include "engine/tunnel_run/tunnel_run.h"

static const struct kk_game *g = &kk_game_tunnel_run;
static kk_move moves[TR_PERMS];
static double probs[TR_PERMS];

static void play_game(const char *setting, int players, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    static struct tr_state s, view;
    kk_variant_defaults(g, &v, &err);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", setting ? setting : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        CHECK_EQ_INT(kk_variant_set(g, &v, tok, &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 9);
    int events = 0;
    for (;;) {
        if (g->check(&s, &err) != 0) {
            fprintf(stderr, "check failed (%s, %d players, seed %llu, event %d): %s\n",
                    setting ? setting : "default", players, (unsigned long long)seed, events,
                    err.msg);
            CHECK(0);
            return;
        }
        int who = g->to_move(&s);
        if (who == KK_TERMINAL)
            break;
        kk_move m;
        if (who == KK_CHANCE) {
            int n = g->chance_outcomes(&s, moves, probs);
            double sum = 0;
            for (int i = 0; i < n; i++)
                sum += probs[i];
            CHECK(n >= 1 && fabs(sum - 1.0) < 1e-9);
            m = g->sample_chance(&s, &rng);
            CHECK(kk_test_in_list(m, moves, n));
            kk_test_roundtrip(g, &s, m);
        } else {
            int n = g->legal_moves(&s, moves);
            CHECK(n >= 1 && n <= 43);
            for (int i = 0; i < n; i++)
                kk_test_roundtrip(g, &s, moves[i]);
            m = moves[kk_rng_below(&rng, (uint32_t)n)];
            if (events % 7 == 0) {
                g->sample_view(&s, who, &rng, &view);
                int rc = g->check(&view, &err);
                if (rc)
                    fprintf(stderr, "view check: %s\n", err.msg);
                CHECK_EQ_INT(rc, 0);
            }
        }
        g->apply(&s, m);
        events++;
    }
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
