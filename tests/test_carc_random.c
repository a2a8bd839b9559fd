/* Carcassonne invariants over thousands of fixed-seed random games (base 2-5 players with
 * every farms edition, and the solo variant): the check hook holds (followers conserved,
 * union-find sets and open-edge counters agree with the board, frontier exact), scores
 * never decrease in the base game, every tile is placed or discarded exactly once, chance
 * probabilities match the bag, random_move is legal and uniform. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/carcassonne/carc.h"
#include "testlib.h"

static unsigned char state_buf[KK_TEST_STATE_MAX];

/* Checking builds already verify the state after every event inside apply: fewer games. */
#ifdef KK_CHECKS
#define GAMES_SCALE 4
#else
#define GAMES_SCALE 1
#endif
static kk_move moves[CARC_MAX_FRONT * 4 * 9];

static void set_variant(const struct kk_game *g, struct kk_variant *v, const char *set)
{
    kk_error err;
    kk_variant_defaults(g, v, &err);
    if (set)
        CHECK(kk_variant_set(g, v, set, &err) == 0);
}

/* One random game; full checks at every event when thorough. */
static long decisions; /* solo scoring-order decisions seen in thorough games */

static void random_game(const struct kk_game *g, const struct kk_variant *v, int players,
                        uint64_t seed, int thorough)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    kk_error err;
    CHECK(kk_game_init(g, s, v, players, &err) == 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 11);
    int32_t last[KK_MAX_SEATS] = {0};
    int events = 0, bad = 0;
    while (g->to_move(s) != KK_TERMINAL && events < 1000) {
        int who = g->to_move(s);
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(s, &rng);
            if (thorough) {
                double prob[CARC_NTYPES], sum = 0;
                int n = g->chance_outcomes(s, moves, prob), found = 0;
                for (int i = 0; i < n; i++) {
                    sum += prob[i];
                    found |= moves[i] == m;
                    bad |= fabs(prob[i] - (double)s->bag[moves[i]] / s->bag_total) > 1e-12;
                }
                bad |= !found || fabs(sum - 1) > 1e-9;
            }
        } else {
            m = g->random_move(s, &rng);
            if (thorough) {
                int n = g->legal_moves(s, moves), found = 0;
                for (int i = 0; i < n; i++)
                    found |= moves[i] == m;
                bad |= !found || n < 1;
            }
        }
        if (thorough || (who >= 0 && s->phase == CARC_PHASE_DECIDE)) {
            /* Notation round trip of every event (tiles, placements, scoring decisions). */
            char text[64];
            kk_move back = -1;
            g->move_to_text(s, m, text, sizeof text);
            if (g->move_from_text(s, text, &back, &err) != 0 || back != m) {
                fprintf(stderr, "seed %llu: '%s' does not read back\n", (unsigned long long)seed, text);
                bad = 1;
            }
            decisions += who >= 0 && s->phase == CARC_PHASE_DECIDE;
        }
        g->apply(s, m);
        events++;
        if (thorough && g->check(s, &err) != 0) {
            fprintf(stderr, "seed %llu event %d: %s\n", (unsigned long long)seed, events, err.msg);
            CHECK(!"check hook");
            return;
        }
        if (!s->solo)
            for (int p = 0; p < s->players; p++) {
                bad |= s->score[p] < last[p];
                last[p] = s->score[p];
            }
    }
    CHECK(!bad);
    CHECK_EQ_INT(g->to_move(s), KK_TERMINAL);
    if (g->check(s, &err) != 0) {
        fprintf(stderr, "seed %llu at the end: %s\n", (unsigned long long)seed, err.msg);
        CHECK(!"check hook at the end");
    }
    if (!s->solo) {
        CHECK_EQ_INT(s->ntiles + s->discarded, CARC_NTILES);
        CHECK_EQ_INT(s->bag_total, 0);
        for (int p = 0; p < s->players; p++) {
            int sum = 0;
            for (int k = 0; k < CARC_NSRC; k++)
                sum += s->pts[p][k];
            CHECK_EQ_INT(sum, s->score[p]);
        }
    } else {
        int left = 0;
        for (int p = 0; p < s->players; p++)
            left += s->pile[p];
        CHECK_EQ_INT(left, s->bag_total);
        CHECK_EQ_INT(s->ntiles + s->discarded + s->bag_total, CARC_NTILES);
        CHECK(s->end_reason == CARC_END_TILES || s->end_reason == CARC_END_NO_MEEPLE);
        CHECK(s->end_reason == CARC_END_NO_MEEPLE || s->pile[s->seat] == 0);
        CHECK_EQ_INT(g->result(s), carc_lowest(s));
    }
}

/* random_move draws every legal move with equal probability (a fixed position). */
static void uniformity(const struct kk_game *g)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    struct kk_variant v;
    set_variant(g, &v, NULL);
    kk_error err;
    kk_game_init(g, s, &v, 2, &err);
    kk_rng rng;
    kk_rng_seed(&rng, 5, 5);
    for (int i = 0; i < 30; i++) /* a mid-game position */
        g->apply(s, g->to_move(s) == KK_CHANCE ? g->sample_chance(s, &rng) : g->random_move(s, &rng));
    while (g->to_move(s) == KK_CHANCE)
        g->apply(s, g->sample_chance(s, &rng));
    int n = g->legal_moves(s, moves);
    static int counts[CARC_MAX_FRONT * 4 * 9];
    memset(counts, 0, sizeof counts);
    int draws = 2000 * n;
    for (int i = 0; i < draws; i++) {
        kk_move m = g->random_move(s, &rng);
        for (int k = 0; k < n; k++)
            if (moves[k] == m) {
                counts[k]++;
                break;
            }
    }
    /* Each count is Binomial(draws, 1/n): mean 2000, sd < 45; allow 6 sd. */
    int lo = draws, hi = 0, total = 0;
    for (int k = 0; k < n; k++) {
        lo = counts[k] < lo ? counts[k] : lo;
        hi = counts[k] > hi ? counts[k] : hi;
        total += counts[k];
    }
    CHECK(n > 5);
    CHECK_EQ_INT(total, draws);
    CHECK(lo > 2000 - 270 && hi < 2000 + 270);
}

int main(void)
{
    const struct kk_game *base = kk_game_find("carcassonne");
    const struct kk_game *solo = kk_game_find("carcassonne-solo");
    CHECK(base && solo);
    if (!base || !solo)
        return kk_test_done("carc_random");
    CHECK(base->state_size <= 8192);
    static const char *const sets[] = {NULL, "farms=2nd", "farms=1st", "farms=off",
                                       "followers=2", "small_city=1"};
    int games = 0;
    for (int i = 0; i < 3000 / GAMES_SCALE; i++) {
        struct kk_variant v;
        set_variant(base, &v, sets[i % 6]);
        random_game(base, &v, 2 + i % 4, 100 + (uint64_t)i, i < 300);
        games++;
    }
    static const char *const solo_sets[] = {NULL, "meeples=3", "meeples=5", "colours=4"};
    for (int i = 0; i < 2000 / GAMES_SCALE; i++) {
        struct kk_variant v;
        set_variant(solo, &v, solo_sets[i % 4]);
        random_game(solo, &v, 0, 9000 + (uint64_t)i, i < 300);
        games++;
    }
    uniformity(base);
    CHECK(decisions > 0);
    printf("%d random games, %ld scoring-order decisions read back\n", games, decisions);
    return kk_test_done("carc_random");
}
