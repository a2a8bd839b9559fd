/* The pictures kark play and kark render draw: for every game, random games in which every
 * position's text picture is drawn for every seat, and the SVG for games that have one.
 * A hidden-information game's picture for a seat must not depend on anything the seat
 * cannot see: it must be identical for the true state and for a sample_view of it (which
 * redeals everything hidden from that seat). The SVG must be a whole document. */
#include <stdlib.h>
#include <string.h>

#include "engine/core/buf.h"
#include "testlib.h"

static void one_game(const struct kk_game *g, int players, uint64_t seed)
{
    void *state = malloc(g->state_size), *view = malloc(g->state_size);
    struct kk_variant v;
    kk_error err;
    kk_test_variant(g, &v, NULL, 0);
    if (kk_game_init(g, state, &v, players, &err) != 0) {
        /* A player count the default rules leave out (e.g. an extension's). */
        free(state);
        free(view);
        return;
    }
    kk_rng rng;
    kk_rng_seed(&rng, seed, 7);
    struct kk_buf a = {0}, b = {0};
    int n = g->players(state), diffs = 0;
    for (int event = 0; event < 5000; event++) {
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        kk_buf_clear(&a);
        kk_game_draw(g, state, KK_ONLOOKER, &a);
        CHECK(a.len > 0);
        if (who >= 0 && g->sample_view) {
            /* The seat to move sees its own view: the same picture for the truth and for
             * any state consistent with what it knows. */
            kk_buf_clear(&a);
            kk_buf_clear(&b);
            kk_game_draw(g, state, who, &a);
            g->sample_view(state, who, &rng, view);
            kk_game_draw(g, view, who, &b);
            if (strcmp(kk_buf_str(&a), kk_buf_str(&b)) != 0 && diffs++ == 0)
                fprintf(stderr, "%s: seat %d's picture shows hidden state:\n%s---\n%s", g->name,
                        who, kk_buf_str(&a), kk_buf_str(&b));
        }
        kk_move m = who == KK_CHANCE ? g->sample_chance(state, &rng)
                                     : kk_random_move(g, state, &rng);
        if (who >= 0 && (!g->simultaneous || kk_sim_pending(g, state) == 0)) {
            /* A move outside a simultaneous round: every seat may be told of it. */
            for (int s = 0; s < n; s++) {
                kk_buf_clear(&a);
                kk_game_view_event(g, state, m, s, &a);
            }
        }
        g->apply(state, m);
    }
    CHECK_EQ_INT(diffs, 0);
    if (g->svg) {
        kk_buf_clear(&a);
        g->svg(state, &a);
        const char *t = kk_buf_str(&a);
        CHECK(strncmp(t, "<?xml", 5) == 0);
        CHECK(strstr(t, "<svg") != NULL);
        CHECK(a.len > 7 && strcmp(t + a.len - 7, "</svg>\n") == 0);
    }
    kk_buf_free(&a);
    kk_buf_free(&b);
    free(state);
    free(view);
}

int main(void)
{
    for (int i = 0; kk_games[i]; i++) {
        const struct kk_game *g = kk_games[i];
        for (int p = g->min_players; p <= g->max_players && p <= g->min_players + 1; p++)
            for (uint64_t seed = 1; seed <= 2; seed++)
                one_game(g, p, seed);
    }
    return kk_test_done("play_views");
}
