/* Jump Gate: invariants over random games for every player count and several variants:
 * the check hook (crates and cards conserved, the track's shape) after every event,
 * random_move among the legal moves and uniform over them, notation round trips for every
 * move and chance outcome, chance probabilities, and the end (winners, scores, statistics). */
#include <math.h>
#include <string.h>

#include "../testlib.h"
#include "engine/box/layout.h"
#include "engine/jump_gate/jump_gate.h"

static const struct kk_game *g = &kk_game_jump_gate;
static kk_move moves[GB_LAYOUTS];

/* Jump Gate's decisions: an odd number of moves between 3 and 13 (cards and jumps), by the
 * seat whose turn it is. */
static void jg_decision(void *ctx, const void *state, int who, const kk_move *ms, int n,
                        int event, kk_rng *rng)
{
    (void)ctx, (void)ms, (void)event, (void)rng;
    CHECK_EQ_INT(who, ((const struct jg_state *)state)->seat);
    CHECK(n >= 3 && n <= 13 && n % 2 == 1);
}

static void play_game(const char *setting, int players, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    struct jg_state s;
    kk_test_variant_line(g, &v, setting);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 5);
    char label[96];
    snprintf(label, sizeof label, "%s, %d players, seed %llu", setting ? setting : "default",
             players, (unsigned long long)seed);
    struct kk_test_walk walk = {.label = label, .chance_texts = 6, .use_random_move = 1,
                                .decision = jg_decision};
    if (kk_test_walk(g, &s, &rng, &walk) < 0)
        return;
    int32_t sc[JG_MAX_SEATS];
    g->scores(&s, sc);
    uint32_t w = g->winners(&s);
    double st[JG_NUM_STATS];
    g->get_stats(&s, st);
    int total = 0, best = 0;
    for (int p = 0; p < players; p++) {
        total += sc[p];
        if (sc[p] > best)
            best = sc[p];
    }
    CHECK(w != 0 && (w >> players) == 0);
    CHECK_EQ_INT(total, st[JG_ST_CRATES_ON_ROLL] + st[JG_ST_CRATES_BY_CARD]);
    CHECK_EQ_INT(st[JG_ST_TURNS], s.turns);
    for (int p = 0; p < players; p++)
        if (w >> p & 1u)
            CHECK_EQ_INT(sc[p], st[JG_ST_CAPPED] ? best : s.crates);
    if (!st[JG_ST_CAPPED])
        CHECK_EQ_INT(__builtin_popcount(w), 1);
}

/* random_move is uniform over legal_moves at a card decision with a partly spent hand. */
static void test_uniform(void)
{
    struct jg_state s;
    const struct kk_game *gg;
    int line;
    kk_error err;
    CHECK_EQ_INT(kk_test_replay_text("game jump-gate\nplayers 2\n* 2\n0: 1+\n* 2\n1: 3-\n* 1\n",
                                     &gg, &s, &line, &err), 0);
    CHECK_EQ_INT(g->to_move(&s), 0);
    int n = g->legal_moves(&s, moves);
    CHECK_EQ_INT(n, 13);
    long count[16] = {0};
    kk_rng rng;
    kk_rng_seed(&rng, 99, 1);
    int draws = 1000 * n;
    for (int i = 0; i < draws; i++) {
        kk_move m = g->random_move(&s, &rng);
        int j = 0;
        while (j < n && moves[j] != m)
            j++;
        CHECK(j < n);
        if (j < n)
            count[j]++;
    }
    double chi = 0, e = 1000;
    for (int j = 0; j < n; j++)
        chi += (count[j] - e) * (count[j] - e) / e;
    /* 99.9% point of chi-square with 12 degrees of freedom. */
    printf("  uniformity over %d moves: chi-square %.1f (critical 32.9)\n", n, chi);
    CHECK(chi < 32.9);
}

int main(void)
{
    test_uniform();
    static const char *const settings[] = {
        NULL, "layout_seed=-1", "card_reuse=refresh", "corner_card=0", "layout_seed=17",
        "crates=5", "max_turns=40", "corner_crates=1",
    };
    const int kinds = (int)(sizeof settings / sizeof settings[0]);
    int games = 0;
    for (int players = 2; players <= JG_MAX_SEATS; players++)
        for (int i = 0; i < 800; i++) {
            const char *setting = settings[i % kinds];
            if (players == 4 && i % kinds == kinds - 1)
                continue; /* corner crates are for 2-3 players */
            play_game(setting, players, (uint64_t)(1000 * players + i));
            games++;
        }
    printf("  %d random games\n", games);
    return kk_test_done("jump_gate_random");
}
