/* Cardcassonne rules scenarios: one small hand-written record per scoring rule and per
 * worked example of the rules (the .rec files of tests/data/cardcassonne, expected scores in
 * the .expect files), points by source, the tie-break, legal-move count tables, bad records, and
 * the building grouping against an exhaustive search over groupings. */
#include <stdlib.h>
#include <string.h>

#include "engine/cardcassonne/cardc.h"
#include "testlib.h"

#define DATA "data/cardcassonne/"

static _Alignas(16) unsigned char state_buf[KK_TEST_STATE_MAX];

static const char *const scenarios[] = {
    "persons-3-1-1",   "animals-6-then-14", "animal-joker-alone",    "animal-joker-top",
    "animal-joker-best", "dragon-fairy",    "mismatch-cash",         "mismatch-keep",
    "mismatch-building-keep", "buildings-65", "tiebreak-buildings", "dealer-3p",
    "two-followers", "animal-joker-old-kind",
};

static const struct cardc_state *replay_ok(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, DATA "%s.rec", name);
    const struct kk_game *g = NULL;
    kk_error err = {{0}};
    int line = 0;
    if (kk_test_replay_file(path, &g, state_buf, &line, &err) != 0) {
        fprintf(stderr, "%s: line %d: %s\n", path, line, err.msg);
        CHECK(0);
        return NULL;
    }
    CHECK(g == &kk_game_cardcassonne);
    return (const struct cardc_state *)state_buf;
}

static void test_scenarios(void)
{
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        const struct cardc_state *st = replay_ok(scenarios[i]);
        if (!st)
            continue;
        char path[256];
        snprintf(path, sizeof path, DATA "%s.expect", scenarios[i]);
        int32_t expect[KK_MAX_SEATS], got[KK_MAX_SEATS];
        int n = kk_test_read_expect(path, expect, KK_MAX_SEATS);
        CHECK_EQ_INT(n, st->players);
        CHECK_EQ_INT(cardc_to_move(st), KK_TERMINAL);
        cardc_scores(st, got);
        for (int s = 0; s < n; s++) {
            if (got[s] != expect[s])
                fprintf(stderr, "%s: seat %d\n", scenarios[i], s);
            CHECK_EQ_INT(got[s], expect[s]);
        }
        kk_error err;
        CHECK_EQ_INT(cardc_check(st, &err), 0);
    }
}

/* Points by source of one seat after a scenario. */
struct source_case {
    const char *name;
    int seat, source, points;
};

static void test_sources(void)
{
    static const struct source_case cases[] = {
        {"persons-3-1-1", 1, CARDC_SRC_PERSONS, 15},
        {"animals-6-then-14", 1, CARDC_SRC_ANIMALS, 20},
        {"animals-6-then-14", 0, CARDC_SRC_PERSONS, 2},
        {"animal-joker-alone", 1, CARDC_SRC_ANIMALS, 9},
        {"dragon-fairy", 1, CARDC_SRC_JOKERS, 20},
        {"mismatch-cash", 1, CARDC_SRC_MISMATCHES, 20},
        {"mismatch-cash", 1, CARDC_SRC_ANIMALS, 3},
        {"mismatch-keep", 1, CARDC_SRC_MISMATCHES, 10},
        {"mismatch-keep", 1, CARDC_SRC_ANIMALS, 6},
        {"mismatch-building-keep", 1, CARDC_SRC_BUILDINGS, 15},
        {"mismatch-building-keep", 1, CARDC_SRC_MISMATCHES, 0},
        {"buildings-65", 1, CARDC_SRC_BUILDINGS, 65},
        {"dealer-3p", 2, CARDC_SRC_MISMATCHES, 10},
        {"two-followers", 0, CARDC_SRC_PERSONS, 4},
    };
    const struct cardc_state *st;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        st = replay_ok(cases[i].name);
        if (!st)
            continue;
        if (st->points[cases[i].seat][cases[i].source] != cases[i].points)
            fprintf(stderr, "%s: seat %d source %d\n", cases[i].name, cases[i].seat,
                    cases[i].source);
        CHECK_EQ_INT(st->points[cases[i].seat][cases[i].source], cases[i].points);
    }
    /* the unclaimed B3 stays in the blue row, alone */
    st = replay_ok("two-followers");
    if (st) {
        CHECK_EQ_INT(st->row_len[3], 1);
        CHECK_EQ_INT(st->row[3][0], cardc_kind(3, CARDC_P3));
        CHECK_EQ_INT(st->cards_claimed[0], 2);
        CHECK_EQ_INT(st->cards_claimed[1], 2);
    }
    /* statistics as experiments see them: 7 per-seat values, source-major */
    st = replay_ok("buildings-65");
    if (st) {
        double stats[7 * 2];
        CHECK_EQ_INT(kk_game_cardcassonne.num_stats, 7);
        cardc_get_stats(st, stats);
        CHECK_EQ_INT(stats[2 * 2 + 1], 65);  /* points_buildings, seat 1 */
        CHECK_EQ_INT(stats[0 * 2 + 0], 16);  /* points_persons, seat 0 */
        CHECK_EQ_INT(stats[5 * 2 + 1], 11);  /* cards_claimed: all 11 setup buildings */
        CHECK_EQ_INT(stats[5 * 2 + 0], 8);   /* seat 0: two persons a round */
        CHECK_EQ_INT(stats[6 * 2 + 0], 4);   /* rounds_won: seat 0 scores 4 each round */
        CHECK_EQ_INT(stats[6 * 2 + 1], 0);
    }
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char text[1 << 14];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    return text;
}

/* The record text with `extra` inserted after its "players N" line. */
static char *with_line(const char *name, const char *extra)
{
    char path[256];
    snprintf(path, sizeof path, DATA "%s.rec", name);
    char *text = read_text(path);
    static char out[1 << 14];
    char *p = text ? strstr(text, "players ") : NULL;
    if (!p)
        return NULL;
    p = strchr(p, '\n') + 1;
    snprintf(out, sizeof out, "%.*s%s\n%s", (int)(p - text), text, extra, p);
    return out;
}

static void test_tiebreak(void)
{
    const struct cardc_state *st = replay_ok("tiebreak-buildings");
    if (st)
        CHECK_EQ_INT(cardc_winners(st), 2u); /* 0-0, seat 1 has the building */
    const char *text = with_line("tiebreak-buildings", "set tiebreak=none");
    const struct kk_game *g;
    kk_error err;
    CHECK(text && kk_test_replay_text(text, &g, state_buf, NULL, &err) == 0);
    CHECK_EQ_INT(cardc_winners(state_buf), 3u); /* shared */
}

/* Legal move counts at each seat move of a scenario (a perft-style table). */
static void test_move_counts(void)
{
    static const struct {
        const char *name;
        int counts[24];
    } tables[] = {
        /* round 1: seat 1 holds Ga Ga (one kind, face down: 4 rows, + 4 follower rows) */
        {"animals-6-then-14", {8, 12, 4, 5, 1, 1, 12, 12, 8, 5, 4, 1, -1}},
        /* a face-up joker has 4 rows; the keep-or-cash decision has 2 moves */
        {"mismatch-keep", {12, 12, 5, 8, 4, 4, 2, -1}},
        /* the dealer's setup joker choice: 4 rows */
        {"dragon-fairy", {4, 4, 8, 8, 4, 4, -1}},
    };
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        char path[256];
        snprintf(path, sizeof path, DATA "%s.rec", tables[t].name);
        struct kk_record rec;
        kk_error err;
        if (kk_record_load(path, &rec, &err) != 0) {
            CHECK(0);
            continue;
        }
        const struct kk_game *g = rec.game;
        CHECK(kk_game_init(g, state_buf, &rec.variant, rec.players, &err) == 0);
        int k = 0;
        for (int e = 0; e < rec.num_events; e++) {
            kk_move moves[CARDC_MAX_MOVES], m;
            if (rec.events[e].seat != KK_CHANCE) {
                int n = g->legal_moves(state_buf, moves);
                if (n != tables[t].counts[k])
                    fprintf(stderr, "%s: line %d\n", tables[t].name, rec.events[e].line);
                CHECK_EQ_INT(n, tables[t].counts[k]);
                k++;
            }
            CHECK(g->move_from_text(state_buf, rec.events[e].text, &m, &err) == 0);
            g->apply(state_buf, m);
        }
        CHECK_EQ_INT(tables[t].counts[k], -1); /* the table covers every seat move */
        kk_record_free(&rec);
    }
}

/* Records that must fail, with the line at fault. */
static void test_bad_records(void)
{
    static const char head[] = "game cardcassonne\nplayers 2\nset setup_cards=0\n"
                               "set hand_size=2\nset rounds=1\n* Ya\n* Gb\n* R3\n* Ja\n";
    static const struct {
        const char *events;
        int line; /* of the first event line = 10 */
        const char *says;
    } cases[] = {
        {"1: Ya\n", 10, "face down"},
        {"1: ~Ya>B\n0: ~R3>B\n1: Gb>B\n", 12, "own row, G"},
        {"1: ~R3>B\n", 10, "holds no R3"},
        {"1: ~Zz>B\n", 10, "a card is"},
        {"1: ~Ya>Q\n", 10, "the row is"},
        {"1: M>B\n0: M>Y\n1: ~Ya>B\n0: ~Ja>Y\n1: M>R\n", 14, "illegal"}, /* follower twice */
        {"1: ~Ya>B\n0: ~R3>B\n1: Gb\n0: Ja>B\n1: M>B\n0: M>G\n1: keep(Gb)\n", 16,
         "decide on is Ya"},
        {"1: ~Ya>B\n0: ~R3>B\n1: Gb\n0: Ja>B\n1: M>B\n0: M>G\n1: maybe\n", 16, "keep(CARD)"},
        {"0: ~Ja>B\n", 10, "seat 1"}, /* seat 1 starts (left of the dealer) */
        {"1: ~Ya>B\n0: ~R3>B\n1: Gb\n0: Ja\n", 13, "needs its row"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text, "%s%s", head, cases[i].events);
        const struct kk_game *g;
        kk_error err = {{0}};
        int line = 0;
        int rc = kk_test_replay_text(text, &g, state_buf, &line, &err);
        if (rc == 0 || line != cases[i].line)
            fprintf(stderr, "bad record %zu: rc %d line %d: %s\n", i, rc, line, err.msg);
        CHECK_EQ_INT(rc, -1);
        CHECK_EQ_INT(line, cases[i].line);
        if (!strstr(err.msg, cases[i].says))
            fprintf(stderr, "bad record %zu says: %s\n", i, err.msg);
        CHECK(strstr(err.msg, cases[i].says) != NULL);
    }
    /* variant errors: a short animal table; more cards than the game has */
    struct kk_variant v;
    kk_error err;
    CHECK(kk_variant_defaults(&kk_game_cardcassonne, &v, &err) == 0);
    CHECK(kk_variant_set(&kk_game_cardcassonne, &v, "animal_points=1,2", &err) != 0);
    CHECK(kk_variant_set(&kk_game_cardcassonne, &v, "rounds=11", &err) == 0);
    CHECK(kk_game_init(&kk_game_cardcassonne, state_buf, &v, 2, &err) != 0);
    CHECK(strstr(err.msg, "130") != NULL);
}

/* Exhaustive search over groupings: the best total of a multiset of buildings (counts
 * per kind) and jokers, trying every group (a set of present kinds plus jokers, at most
 * 4 cards) as the next group, memoised over the remaining cards. */
static const int group_points[5] = {0, 0, 5, 15, 30};
static int memo[6][6][6][6][5];

static int brute(int c0, int c1, int c2, int c3, int jokers)
{
    int *m = &memo[c0][c1][c2][c3][jokers];
    if (*m >= 0)
        return *m;
    int c[4] = {c0, c1, c2, c3}, best = 0;
    for (int set = 0; set < 16; set++) {
        int size = 0, ok = 1;
        for (int k = 0; k < 4; k++)
            if (set >> k & 1) {
                size++;
                ok &= c[k] > 0;
            }
        if (!ok)
            continue;
        for (int j = 0; j <= jokers && size + j <= 4; j++) {
            if (size + j == 0)
                continue;
            int d[4];
            for (int k = 0; k < 4; k++)
                d[k] = c[k] - (set >> k & 1);
            int v = group_points[size + j] + brute(d[0], d[1], d[2], d[3], jokers - j);
            if (v > best)
                best = v;
        }
    }
    return *m = best;
}

static void test_building_value(void)
{
    uint8_t example[4] = {4, 3, 2, 1};
    CHECK_EQ_INT(cardc_building_value(example, 1), 65); /* the rules' worked example */
    uint8_t none[4] = {0, 0, 0, 0};
    CHECK_EQ_INT(cardc_building_value(none, 4), 30);
    CHECK_EQ_INT(cardc_building_value(none, 1), 0);
    memset(memo, -1, sizeof memo);
    int mismatches = 0;
    for (int a = 0; a <= 5; a++)
        for (int b = 0; b <= 5; b++)
            for (int c = 0; c <= 5; c++)
                for (int d = 0; d <= 5; d++)
                    for (int j = 0; j <= 4; j++) {
                        uint8_t count[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d};
                        if (cardc_building_value(count, j) != brute(a, b, c, d, j)) {
                            if (mismatches++ < 5)
                                fprintf(stderr, "buildings %d %d %d %d + %d: %d, exhaustive %d\n",
                                        a, b, c, d, j, cardc_building_value(count, j),
                                        brute(a, b, c, d, j));
                        }
                    }
    CHECK_EQ_INT(mismatches, 0);
}

int main(void)
{
    test_scenarios();
    test_sources();
    test_tiebreak();
    test_move_counts();
    test_bad_records();
    test_building_value();
    return kk_test_done("cardc_scoring");
}
