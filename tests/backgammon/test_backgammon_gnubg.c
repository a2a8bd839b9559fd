/* Backgammon against GNU Backgammon: for the 21 opening rolls and a few hundred positions
 * from random games (both seats to play, hits, entering, bearing off), gnubg's `hint`
 * at 0-ply lists every legal play; each must be one of kark's, all distinct, and as many
 * as kark lists. Skipped (exit 77) when gnubg is not installed. */
#include <string.h>

#include "agents/gnubg.h"
#include "bg_setup.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_backgammon;
static kk_move ours[BG_MAX_MOVES], theirs[BG_MAX_MOVES];
static int compared, plays_compared;

static void compare(struct kk_gnubg *gb, const struct bg_state *s)
{
    int n = g->legal_moves(s, ours);
    if (n == 1 && ours[0] == BG_MOVE_PASS)
        return; /* gnubg has nothing to list */
    kk_error err;
    int m = kk_gnubg_plays(gb, s, theirs, BG_MAX_MOVES, &err);
    if (m < 0) {
        fprintf(stderr, "%s\n", err.msg);
        CHECK(0);
        return;
    }
    if (m != n) {
        char id[15];
        kk_gnubg_position_id(s, id);
        fprintf(stderr, "position %s dice %d-%d: gnubg %d plays, kark %d\n", id, s->dice[0],
                s->dice[1], m, n);
    }
    CHECK_EQ_INT(m, n);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < i; j++)
            CHECK(theirs[i] != theirs[j]);
    compared++;
    plays_compared += n;
}

int main(void)
{
    if (!kk_gnubg_path()) {
        printf("SKIP: GNU Backgammon (gnubg) is not installed; scripts/test installs it\n");
        return 77;
    }
    kk_error err;
    struct kk_gnubg *gb = kk_gnubg_open(0, 0, &err);
    if (!gb) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    struct bg_state s;
    const char *setup = "1:2 12:5 17:3 19:5";
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= a; b++) {
            bg_test_position(&s, setup, setup, 0, a, b, NULL);
            compare(gb, &s);
        }
    /* Positions from random games: every 12th decision of 40 games. */
    struct kk_variant v;
    kk_variant_defaults(g, &v, &err);
    kk_rng rng;
    kk_rng_seed(&rng, 2026, 15);
    for (int game = 0; game < 40; game++) {
        g->init(&s, &v, 2, &err);
        for (int decision = 0; g->to_move(&s) != KK_TERMINAL;) {
            if (g->to_move(&s) == KK_CHANCE) {
                g->apply(&s, g->sample_chance(&s, &rng));
                continue;
            }
            if (decision++ % 12 == game % 12)
                compare(gb, &s);
            g->apply(&s, kk_random_move(g, &s, &rng));
        }
    }
    kk_gnubg_close(gb);
    printf("compared %d positions, %d plays\n", compared, plays_compared);
    CHECK(compared >= 200);
    return kk_test_done("backgammon_gnubg");
}
