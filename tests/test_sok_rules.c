/* Son of Kark through the game interface: parameters and their defaults (tokens by player
 * count), bad values and player counts, chance probabilities, notation errors, statistics
 * and the greedy evaluation on hand-written positions, and the consistency check catching
 * a corrupted state. */
#include <math.h>
#include <string.h>

#include "engine/son_of_kark/sok.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_son_of_kark;
static struct sok_state s;

static int init_with(int players, const char *set, kk_error *err)
{
    struct kk_variant v;
    if (kk_variant_defaults(g, &v, err) != 0)
        return -1;
    if (set && kk_variant_set(g, &v, set, err) != 0)
        return -1;
    return kk_game_init(g, &s, &v, players, err);
}

/* Replays record text (header added here) into s; returns the replay status. */
static int replay(const char *body, kk_error *err, int *line)
{
    static char text[4096];
    snprintf(text, sizeof text, "game son-of-kark\n%s", body);
    const struct kk_game *rg = NULL;
    return kk_test_replay_text(text, &rg, &s, line, err);
}

static void parameters(void)
{
    kk_error err;
    CHECK_EQ_INT(g->min_players, 2);
    CHECK_EQ_INT(g->max_players, 4);
    CHECK_EQ_INT(g->state_size, sizeof(struct sok_state));
    /* tokens=auto: 9 / 7 / 5 by player count (seed 002); tokens=7 is seed 000. */
    const int tokens[] = {9, 7, 5};
    for (int p = 2; p <= 4; p++) {
        CHECK_EQ_INT(init_with(p, NULL, &err), 0);
        CHECK_EQ_INT(s.tokens, tokens[p - 2]);
        CHECK_EQ_INT(s.removed, p - 2);
        for (int q = 0; q < p; q++)
            CHECK_EQ_INT(s.supply[q], tokens[p - 2]);
        CHECK_EQ_INT(init_with(p, "tokens=7", &err), 0);
        CHECK_EQ_INT(s.supply[p - 1], 7);
    }
    CHECK_EQ_INT(init_with(2, NULL, &err), 0);
    CHECK_EQ_INT(s.self_displace, 1);
    CHECK_EQ_INT(s.city_close, 6);
    CHECK_EQ_INT(s.cross_points, 5);
    CHECK(s.cross_tie[0] == 3 && s.cross_tie[1] == 2 && s.cross_tie[2] == 1);
    CHECK_EQ_INT(init_with(3, "cross_tie=4,1,0", &err), 0);
    CHECK(s.cross_tie[0] == 4 && s.cross_tie[1] == 1 && s.cross_tie[2] == 0);
    CHECK_EQ_INT(init_with(4, "cross_tie=4,2", &err), 0);
    CHECK(s.cross_tie[0] == 4 && s.cross_tie[1] == 2 && s.cross_tie[2] == 2);
    CHECK_EQ_INT(init_with(3, "tokens=auto", &err), 0);
    CHECK_EQ_INT(s.tokens, 7);

    /* Bad values name the key; bad player counts are refused. */
    const char *bad[] = {"tokens=37", "tokens=-1", "self_displace=2", "city_close=0",
                         "city_close=8", "cross_points=x", "cross_tie=", "cross_tie=3,2,1,0",
                         "tokenz=3"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_EQ_INT(init_with(2, bad[i], &err), -1);
        char key[32];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(bad[i], "="), bad[i]);
        CHECK(strstr(err.msg, key) != NULL);
    }
    CHECK_EQ_INT(init_with(1, NULL, &err), -1);
    CHECK_EQ_INT(init_with(5, NULL, &err), -1);
}

static void chance(void)
{
    kk_error err;
    kk_move out[8];
    double prob[8];
    CHECK_EQ_INT(init_with(2, NULL, &err), 0);
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(g->chance_outcomes(&s, out, prob), 6);
    for (int i = 0; i < 6; i++)
        CHECK(out[i] == i && fabs(prob[i] - 1.0 / 6) < 1e-12);
    /* After the setup draws D and D: 34 tiles left, 4 of them Drop. */
    g->apply(&s, 0);
    g->apply(&s, 0);
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(g->chance_outcomes(&s, out, prob), 6);
    CHECK(fabs(prob[0] - 4.0 / 34) < 1e-12 && fabs(prob[1] - 6.0 / 34) < 1e-12);
    /* 3 players: the third draw is the removed tile, the fourth is seat 0's. */
    CHECK_EQ_INT(init_with(3, NULL, &err), 0);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
        g->apply(&s, i);
    }
    CHECK_EQ_INT(s.num_tiles, 2);
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    g->apply(&s, 5);
    CHECK_EQ_INT(g->to_move(&s), 0);
    CHECK_EQ_INT(s.bag[2], 5); /* the removed Circles left the bag */
}

static void notation(void)
{
    kk_error err;
    int line = 0;
    CHECK_EQ_INT(replay("players 2\n* D\n* H\n* C\n", &err, &line), 0);
    kk_move m;
    const char *garbage[] = {"", "1,1", "1,1,u", "1,1,x -", "1,1,u X", "a,1,u -", "1,1,u -x",
                             "1;1,u -", "9999,1,u -"};
    for (size_t i = 0; i < sizeof garbage / sizeof *garbage; i++) {
        CHECK_EQ_INT(g->move_from_text(&s, garbage[i], &m, &err), -1);
        CHECK(strlen(err.msg) > 0);
    }
    CHECK_EQ_INT(g->move_from_text(&s, "1,0,u -", &m, &err), -1);
    CHECK(strstr(err.msg, "already holds a tile") != NULL);
    CHECK_EQ_INT(g->move_from_text(&s, "5,5,u -", &m, &err), -1);
    CHECK(strstr(err.msg, "not beside any tile") != NULL);
    CHECK_EQ_INT(g->move_from_text(&s, "2,0,u SW", &m, &err), -1);
    CHECK(strstr(err.msg, "crossroad corner SW of 2,0 is not complete") != NULL);
    CHECK_EQ_INT(g->move_from_text(&s, "-1,0,d M", &m, &err), -1);
    CHECK(strstr(err.msg, "beside a face-down tile at 0,0") != NULL);
    CHECK_EQ_INT(g->move_from_text(&s, "2,0,d M", &m, &err), 0);
    char text[32];
    g->move_to_text(&s, m, text, sizeof text);
    CHECK(strcmp(text, "2,0,d M") == 0);
    /* Chance notation. */
    CHECK_EQ_INT(replay("players 2\n* D\n", &err, &line), 0);
    CHECK_EQ_INT(g->move_from_text(&s, "Q", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "DH", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "A", &m, &err), 0);
    CHECK_EQ_INT(m, 5);
    g->move_to_text(&s, 5, text, sizeof text);
    CHECK(strcmp(text, "A") == 0);
}

/* The rules' City worked example, stopped with the City worth 5 on the table. */
static const char city5[] = "players 2\n* B\n* D\n"
                            "* D\n0: 2,0,u -\n* H\n1: 3,0,u -\n* C\n0: 1,1,u -\n"
                            "* W\n1: 3,1,u -\n* W\n0: 1,2,u -\n* A\n1: 2,2,u -\n"
                            "* C\n0: 2,1,d M\n";

static void evaluation_and_stats(void)
{
    kk_error err;
    int line = 0;
    CHECK_EQ_INT(replay(city5, &err, &line), 0);
    /* Seat 0: no points yet, a City worth 5; seat 1: nothing. */
    CHECK(g->evaluate(&s, 0) == 5);
    CHECK(g->evaluate(&s, 1) == 0);
    CHECK_EQ_INT(s.num_cities, 1);
    CHECK_EQ_INT(sok_city_value(&s.cities[0]), 5);
    CHECK_EQ_INT(s.cities[0].filled, 7);

    /* Seat 0 holds the Hammers Market, then puts a Crossroad on the first complete corner. */
    CHECK_EQ_INT(replay("players 2\n* B\n* H\n* H\n0: 2,0,u M\n* D\n1: 2,1,u -\n"
                        "* D\n0: 1,1,u NE\n",
                        &err, &line),
                 0);
    /* Seat 0: Market worth 2 (Hammers 1,0 and 2,0) + Crossroad touching Hammers 1,0 and
     * 2,0, Drop 1,1 and 2,1: majorities in Hammers and Drop = 10. */
    CHECK(g->evaluate(&s, 0) == 12);
    CHECK(g->evaluate(&s, 1) == 0);
    double stats[64];
    g->get_stats(&s, stats);
    /* Per seat, in order: points market/city/cross, tokens market/city/cross, displaced,
     * turns. */
    CHECK_EQ_INT((int)stats[3 * 2 + 0], 1); /* tokens_market seat 0 */
    CHECK_EQ_INT((int)stats[5 * 2 + 0], 1); /* tokens_cross seat 0 */
    CHECK_EQ_INT((int)stats[7 * 2 + 0], 2); /* turns seat 0 */
    CHECK_EQ_INT((int)stats[7 * 2 + 1], 1); /* turns seat 1 */

    /* Displacement statistics and points by source. */
    CHECK_EQ_INT(replay("players 2\n* D\n* H\n* H\n0: 2,0,u M\n* H\n1: 1,1,u M\n", &err, &line),
                 0);
    g->get_stats(&s, stats);
    CHECK_EQ_INT((int)stats[0], 3);         /* points_market seat 0 */
    CHECK_EQ_INT((int)stats[6 * 2 + 1], 1); /* markets_displaced seat 1 */
    CHECK_EQ_INT((int)stats[6 * 2 + 0], 0);
}

static void consistency_check(void)
{
    kk_error err;
    int line = 0;
    CHECK_EQ_INT(replay(city5, &err, &line), 0);
    CHECK_EQ_INT(g->check(&s, &err), 0);
    static struct sok_state saved;
    memcpy(&saved, &s, sizeof s);
    s.supply[0]++;
    CHECK_EQ_INT(g->check(&s, &err), -1);
    CHECK(strstr(err.msg, "tokens") != NULL);
    memcpy(&s, &saved, sizeof s);
    s.n_down_ok++;
    CHECK_EQ_INT(g->check(&s, &err), -1);
    memcpy(&s, &saved, sizeof s);
    s.cities[0].filled = 6;
    CHECK_EQ_INT(g->check(&s, &err), -1);
    memcpy(&s, &saved, sizeof s);
    s.frontier[3] ^= 1;
    CHECK_EQ_INT(g->check(&s, &err), -1);
    memcpy(&s, &saved, sizeof s);
    /* The per-cell bytes: a frontier cell's corner and face-down bits, a tile's slot. */
    unsigned fc = 0;
    while (fc < SOK_CELLS - 1 && !(s.cells[fc] & SOK_CELL_FRONTIER))
        fc++;
    CHECK(s.cells[fc] & SOK_CELL_FRONTIER);
    s.cells[fc] ^= 1;
    CHECK_EQ_INT(g->check(&s, &err), -1);
    CHECK(strstr(err.msg, "corner") != NULL);
    memcpy(&s, &saved, sizeof s);
    s.cells[fc] ^= SOK_CELL_NO_DOWN;
    CHECK_EQ_INT(g->check(&s, &err), -1);
    memcpy(&s, &saved, sizeof s);
    s.cells[(unsigned)(s.tiles[0].x + SOK_STRIDE * s.tiles[0].y) & (SOK_CELLS - 1)] ^= 1;
    CHECK_EQ_INT(g->check(&s, &err), -1);
    memcpy(&s, &saved, sizeof s);
    s.score[1] = 4;
    CHECK_EQ_INT(g->check(&s, &err), -1);
}

int main(void)
{
    parameters();
    chance();
    notation();
    evaluation_and_stats();
    consistency_check();
    printf("  state %zu bytes\n", sizeof(struct sok_state));
    return kk_test_done("sok_rules");
}
