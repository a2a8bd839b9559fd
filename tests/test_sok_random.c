/* Son of Kark properties over thousands of random games in several variants and player
 * counts: tokens in supply + on the table = tokens per player; scores never decrease and
 * equal the sum of points by source; every seat plays 17 / 11 / 8 turns; chance outcomes
 * are the bag with its proportions; the fast random move is always legal and uniform;
 * the full consistency check holds (every step in the first games). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/son_of_kark/sok.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_son_of_kark;

struct setup {
    int players;
    const char *sets;
};

static const struct setup setups[] = {
    {2, ""},         {3, ""},          {4, ""},
    {2, "tokens=7"}, {3, "self_displace=0"}, {4, "city_close=4 cross_tie=5,4,3"},
    {2, "tokens=1"}, {2, "tokens=0"},  {3, "tokens=36 cross_points=0"},
};
#define NSETUPS ((int)(sizeof setups / sizeof *setups))

static void init_setup(const struct setup *su, struct sok_state *s)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(g, &v, &err), 0);
    char buf[200];
    snprintf(buf, sizeof buf, "%s", su->sets);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        CHECK_EQ_INT(kk_variant_set(g, &v, tok, &err), 0);
    CHECK_EQ_INT(kk_game_init(g, s, &v, su->players, &err), 0);
}

/* Tokens of seat p on the table, counted from the tiles that carry them. */
static int tokens_on_table(const struct sok_state *s, int p)
{
    int n = 0;
    for (int sym = 0; sym < SOK_SYMBOLS; sym++)
        n += s->market_owner[sym] == p;
    for (int i = 0; i < s->num_cities; i++)
        n += s->tiles[s->cities[i].slot].owner == p;
    for (int i = 0; i < s->num_tiles; i++)
        n += s->tiles[i].token >= SOK_NE && s->tiles[i].owner == p;
    return n;
}

static void random_game(int index, const struct setup *su, int full_checks)
{
    static struct sok_state s, copy;
    init_setup(su, &s);
    kk_rng rng;
    kk_rng_seed(&rng, 2024, (uint64_t)index);
    int32_t last[SOK_MAX_PLAYERS] = {0}, now[SOK_MAX_PLAYERS];
    kk_move outcomes[8];
    double prob[8], stats[64];
    kk_error err;
    int draws = 0, moves = 0, f0 = kk_test_failures;
    while (g->to_move(&s) != KK_TERMINAL && kk_test_failures == f0) {
        if (g->to_move(&s) == KK_CHANCE) {
            int n = g->chance_outcomes(&s, outcomes, prob);
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += prob[i];
                CHECK(fabs(prob[i] - (double)s.bag[outcomes[i]] / s.bag_left) < 1e-12);
            }
            CHECK(fabs(sum - 1) < 1e-9);
            kk_move m = g->sample_chance(&s, &rng);
            CHECK(m >= 0 && m < SOK_SYMBOLS && s.bag[m] > 0);
            g->apply(&s, m);
            draws++;
        } else {
            int seat = g->to_move(&s);
            kk_move m = kk_random_move(g, &s, &rng);
            if (full_checks)
                CHECK(kk_is_legal(g, &s, m));
            /* A copy is an independent state: the same move gives the same result. */
            memcpy(&copy, &s, sizeof s);
            g->apply(&copy, m);
            g->apply(&s, m);
            CHECK(memcmp(&copy, &s, sizeof s) == 0);
            CHECK(g->evaluate(&s, seat) >= s.score[seat]);
            moves++;
        }
        g->scores(&s, now);
        for (int p = 0; p < s.players; p++) {
            CHECK(now[p] >= last[p]);
            last[p] = now[p];
            CHECK_EQ_INT(s.supply[p] + tokens_on_table(&s, p), s.tokens);
        }
        if (full_checks && g->check(&s, &err) != 0) {
            fprintf(stderr, "game %d: %s\n", index, err.msg);
            CHECK(!"check failed");
        }
    }
    CHECK_EQ_INT(draws, SOK_TILES);
    CHECK_EQ_INT(moves, SOK_TILES - 2 - (s.players - 2));
    int turns = s.players == 2 ? 17 : s.players == 3 ? 11 : 8;
    for (int p = 0; p < s.players; p++) {
        CHECK_EQ_INT(s.turns[p], turns);
        CHECK_EQ_INT(g->evaluate(&s, p), s.score[p]);
    }
    g->get_stats(&s, stats);
    for (int p = 0; p < s.players; p++) {
        /* points_market + points_city + points_cross = score; turns column last. */
        double sum = stats[p] + stats[s.players + p] + stats[2 * s.players + p];
        CHECK_EQ_INT((int)sum, s.score[p]);
        CHECK_EQ_INT((int)stats[7 * s.players + p], turns);
    }
    CHECK_EQ_INT(kk_stats_width(g, s.players), 8 * s.players);
    uint32_t w = g->winners(&s);
    CHECK(w != 0);
    CHECK_EQ_INT(g->check(&s, &err), 0);
}

/* random_move must be uniform over legal_moves(): at a few positions of one game, draw
 * 200 * n moves and require every legal move to come up 200 +- 40% times (for a fixed
 * seed; a broken block layout gives 0 or 2x for whole groups of moves). */
static void uniformity(void)
{
    static struct sok_state s;
    static kk_move list[1024];
    static int hits[1024];
    init_setup(&setups[0], &s);
    kk_rng rng;
    kk_rng_seed(&rng, 7, 7);
    int checked = 0;
    for (int turn = 0; g->to_move(&s) != KK_TERMINAL;) {
        if (g->to_move(&s) == KK_CHANCE) {
            g->apply(&s, g->sample_chance(&s, &rng));
            continue;
        }
        if (turn++ % 5 == 2) {
            int n = g->legal_moves(&s, list);
            memset(hits, 0, sizeof hits);
            for (int i = 0; i < 200 * n; i++) {
                kk_move m = g->random_move(&s, &rng);
                int j = 0;
                while (j < n && list[j] != m)
                    j++;
                CHECK(j < n);
                if (j < n)
                    hits[j]++;
            }
            int bad = 0;
            for (int j = 0; j < n; j++)
                bad += hits[j] < 120 || hits[j] > 280;
            CHECK_EQ_INT(bad, 0);
            checked++;
        }
        g->apply(&s, g->random_move(&s, &rng));
    }
    CHECK(checked >= 5);
}

int main(void)
{
    int games = 0;
    for (int i = 0; i < 3000; i++, games++)
        random_game(i, &setups[i % NSETUPS], i < 150);
    uniformity();
    printf("  %d random games, state %zu bytes\n", games, sizeof(struct sok_state));
    return kk_test_done("sok_random");
}
