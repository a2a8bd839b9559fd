/* Carcassonne dice: invariants over thousands of random games (2-5 players, several
 * variants): the check hook after every event, random_move among the legal moves and
 * uniform over them, notation round trips, sampled rolls among the listed outcomes, and
 * the statistics adding up at the end. */
#include <math.h>
#include <string.h>

#include "engine/dice/dice.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_carcassonne_dice;
static kk_move moves[4096];
static double probs[4096];

static void play_game(const char *setting, int players, uint64_t seed, int deep)
{
    struct kk_variant v;
    kk_error err;
    struct dice_state s;
    kk_variant_defaults(g, &v, &err);
    /* Random players rarely close cities: cap the games to keep the test fast. */
    CHECK_EQ_INT(kk_variant_set(g, &v, "max_turns=60", &err), 0);
    if (setting)
        CHECK_EQ_INT(kk_variant_set(g, &v, setting, &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 3);
    int events = 0;
    for (;;) {
        if (g->check(&s, &err) != 0) {
            fprintf(stderr, "check failed (seed %llu, event %d): %s\n",
                    (unsigned long long)seed, events, err.msg);
            CHECK(0);
            return;
        }
        int who = g->to_move(&s);
        if (who == KK_TERMINAL)
            break;
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(&s, &rng);
            if (deep) {
                int n = g->chance_outcomes(&s, moves, probs);
                CHECK(kk_test_in_list(m, moves, n));
            }
        } else {
            CHECK_EQ_INT(who, s.seat);
            int n = g->legal_moves(&s, moves);
            CHECK(n >= 1 && n <= g->max_moves);
            m = g->random_move(&s, &rng);
            CHECK(kk_test_in_list(m, moves, n));
            if (deep)
                for (int i = 0; i < n; i++)
                    kk_test_roundtrip(g, &s, moves[i]);
        }
        if (who == KK_CHANCE || !deep)
            kk_test_roundtrip(g, &s, m);
        g->apply(&s, m);
        events++;
    }
    /* Statistics add up. */
    double st[DICE_NUM_STATS];
    g->get_stats(&s, st);
    int scored = 0, closed_sizes = 0;
    for (int b = DICE_ST_PTS_0; b <= DICE_ST_PTS_15UP; b++)
        scored += (int)st[b];
    for (int k = 0; k < 7; k++)
        closed_sizes += (int)st[DICE_ST_SCORED_3 + k];
    CHECK_EQ_INT(st[DICE_ST_TURNS], s.turns);
    CHECK_EQ_INT(scored + st[DICE_ST_KNIGHTS_BANKED] + st[DICE_ST_NINE_CATAPULTS], s.turns);
    CHECK(closed_sizes <= scored);
    int32_t total = 0;
    for (int p = 0; p < players; p++)
        total += s.total[p];
    CHECK(fabs(st[DICE_ST_POINTS_PER_TURN] * s.turns - total) < 1e-6);
    CHECK(st[DICE_ST_ROLLS] >= s.turns && st[DICE_ST_ROLLS] <= 3 * s.turns);
    CHECK(st[DICE_ST_MAX_TURNS_STOP] == (s.turns == s.max_turns && !st[DICE_ST_NINE_CATAPULTS] &&
                                         !(s.winners && s.total[__builtin_ctz(s.winners)] >= s.goal)));
    CHECK(s.winners != 0);
}

/* random_move is uniform over legal_moves at a position with builds and control moves. */
static void test_uniform(const char *text)
{
    struct dice_state s;
    const struct kk_game *gg;
    int line;
    kk_error err;
    CHECK_EQ_INT(kk_test_replay_text(text, &gg, &s, &line, &err), 0);
    int n = g->legal_moves(&s, moves);
    static long count[4096];
    memset(count, 0, sizeof count);
    kk_rng rng;
    kk_rng_seed(&rng, 99, 1);
    int draws = 400 * n;
    for (int i = 0; i < draws; i++) {
        kk_move m = g->random_move(&s, &rng);
        int j = 0;
        while (j < n && moves[j] != m)
            j++;
        CHECK(j < n);
        if (j < n)
            count[j]++;
    }
    double chi = 0, e = 400;
    for (int j = 0; j < n; j++)
        chi += (count[j] - e) * (count[j] - e) / e;
    int df = n - 1;
    double h = 2.0 / (9.0 * df), critical = df * pow(1 - h + 3.09 * sqrt(h), 3);
    printf("  uniformity over %d moves: chi-square %.1f, critical %.1f\n", n, chi, critical);
    CHECK(chi < critical);
}

int main(void)
{
    test_uniform("game carcassonne-dice\nplayers 2\nset placement=touching\n"
                 "* CSLTKKKXX\n0: L0@0,0\n0: C3@1,0\n");
    static const char *const settings[] = {
        NULL, "faces=cap,cap,corner,tee", "faces=cross,tee,straight,cap", "knight_need=1",
        "set_aside=one", "goal=3", "max_turns=7", "placement=touching",
    };
    const int kinds = (int)(sizeof settings / sizeof settings[0]);
    int games = 0;
    for (int i = 0; i < 2400; i++) {
        const char *setting = settings[i % kinds];
        int players = 2 + (i / kinds) % 4;
        play_game(setting, players, (uint64_t)i, i < 24);
        games++;
    }
    printf("  %d random games\n", games);
    test_uniform("game carcassonne-dice\nplayers 2\n* CSLTKKKXX\n0: L0@0,0\n");
    return kk_test_done("dice_random");
}
