/* Carcassonne solo variant scenarios (seed 003): colours 0, 1, 2 start at 1, 2, 3 points;
 * only a colour that is lowest (ties count) scores, shared majorities score together,
 * meeples are compulsory on free roads, cities and cloisters, the scoring order is the
 * player's decision, and the game ends on a missing meeple or an empty pile. Board
 * sketches: x east, y south, start tile D at 0,0 (city north, road east-west). */
#include <stdlib.h>
#include <string.h>

#include "engine/carcassonne/carc.h"
#include "engine/core/buf.h"
#include "testlib.h"

static unsigned char state_buf[KK_TEST_STATE_MAX];

#define HEAD "game carcassonne-solo\n"

struct scenario {
    const char *name;
    const char *text;
    int play[3];  /* scores after the last event */
    int final[3]; /* scores after the final meeple scoring (carc_finish when not over) */
};

/* The tie scenario: c0 completes a city (5,2,3); c1's road closed by c2 scores for c1
 * (5,5,3); c2 completes a 2-tile road (5,5,5); c1, tied for lowest and not first in
 * seat order, completes one too (5,7,5). */
#define TIES                                                                               \
    HEAD "* E\n0: 0,-1,2 S\n* A\n1: -1,0,3 E\n* A\n2: 1,0,1 C\n* W\n0: 0,1,0 S\n"           \
         "* B\n1: 2,0,0 C\n* W\n2: 1,1,0 W\n* B\n0: 2,-1,0 C\n* W\n1: -1,1,0 E\n"

/* One tile (L at 1,0) completes c1's road A-D-L and c2's city E+L. */
#define ORDER HEAD "* E\n0: 0,-1,2 S\n* A\n1: -1,0,3 E\n* E\n2: 1,-1,2 S\n* L\n0: 1,0,0 E\n"

/* c0 puts its 3 monks on cloisters; c1 and c2 extend an occupied road without meeples;
 * on its 4th turn c0 must place a monk and has none: the game ends. */
#define NO_MEEPLE                                                                          \
    HEAD "set meeples=3\n* B\n0: 0,1,0 C\n* U\n1: 1,0,1 E\n* U\n2: -1,0,1 -\n"               \
         "* B\n0: 1,1,0 C\n* U\n1: 2,0,1 -\n* U\n2: -2,0,1 -\n* B\n0: -1,1,0 C\n"            \
         "* U\n1: 3,0,1 -\n* U\n2: -3,0,1 -\n* B\n0: 2,1,0 -\n"

static const struct scenario scenarios[] = {
    {"the lowest colour scores its city", HEAD "* E\n0: 0,-1,2 S\n", {5, 2, 3}, {5, 2, 3}},
    {"a colour that is not lowest scores nothing",
     HEAD "* U\n0: 1,0,1 E\n* E\n1: 0,-1,2 S\n", {1, 2, 3}, {3, 2, 3}},
    {"a shared majority scores for all its colours when one is lowest",
     /* c0's road (D, V 1,0) and c1's (V 0,1) join at 1,1 and close: 6 tiles each. */
     HEAD "* V\n0: 1,0,0 W\n* V\n1: 0,1,3 E\n* V\n2: 1,1,1 -\n* A\n0: -1,0,3 C\n* A\n1: 0,2,2 C\n",
     {7, 8, 3}, {7, 8, 3}},
    {"a shared majority without the lowest colour scores nothing",
     HEAD "* F\n0: 0,-1,1 S\n* V\n1: 1,0,0 W\n* V\n2: 0,1,3 E\n* V\n0: 1,1,1 -\n"
          "* A\n1: -1,0,3 C\n* A\n2: 0,2,2 C\n",
     {1, 2, 3}, {3, 4, 5}},
    {"ties for lowest count as lowest", TIES, {5, 7, 5}, {9, 9, 7}},
    {"scoring order: the road first lets both colours score", ORDER "0: score W\n", {5, 5, 7},
     {7, 5, 7}},
    {"scoring order: the city first scores only the road", ORDER "0: score N\n", {5, 5, 3},
     {5, 5, 3}},
    {"the game ends when a meeple is due and none is left", NO_MEEPLE, {5, 4, 3}, {5, 4, 3}},
};

struct bad_move {
    const char *name;
    const char *text;
    int line; /* 0: the last line; -1: not line-specific */
    const char *reason;
};

static const struct bad_move bad_moves[] = {
    {"meeple compulsory", HEAD "* U\n0: 1,0,1 -\n", 3, "a meeple must be placed"},
    {"no farmers", HEAD "* U\n0: 1,0,1 NW\n", 3, "farmers are never allowed"},
    {"decision needed", ORDER "0: 1,1,0 -\n", 0, "expected 'score SPOT'"},
    {"decision on a feature not completed", ORDER "0: score S\n", 0, "no completed feature"},
    {"bad cloister decision", ORDER "0: score C:2,0\n", 0, "bad cloister spot"},
    {"players must be the colours", "game carcassonne-solo\nplayers 4\n* U\n", -1, "colours"},
};

static int count_lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

int main(void)
{
    const struct kk_game *g;
    int line = 0;
    kk_error err;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        const struct scenario *sc = &scenarios[i];
        if (kk_test_replay_text(sc->text, &g, state_buf, &line, &err) != 0) {
            fprintf(stderr, "%s: line %d: %s\n", sc->name, line, err.msg);
            CHECK(!"scenario replays");
            continue;
        }
        struct carc_state *s = (struct carc_state *)state_buf;
        CHECK(g->check(s, &err) == 0);
        int ok = 1;
        for (int p = 0; p < 3; p++)
            ok &= s->score[p] == sc->play[p];
        carc_finish(s);
        for (int p = 0; p < 3; p++)
            ok &= s->score[p] == sc->final[p];
        if (!ok)
            fprintf(stderr, "%s: scores %d %d %d\n", sc->name, s->score[0], s->score[1],
                    s->score[2]);
        CHECK(ok);
    }
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
        const struct bad_move *b = &bad_moves[i];
        int rc = kk_test_replay_text(b->text, &g, state_buf, &line, &err);
        int want_line = b->line ? b->line : count_lines(b->text);
        if (rc == 0 || (b->line >= 0 && line != want_line) || !strstr(err.msg, b->reason)) {
            fprintf(stderr, "%s: rc %d line %d '%s'\n", b->name, rc, line, rc ? err.msg : "");
            CHECK(!"specific error");
        } else {
            CHECK(1);
        }
    }

    /* Details. */
    struct carc_state *s = (struct carc_state *)state_buf;
    CHECK(kk_test_replay_text(HEAD "* U\n0: 1,0,1 E\n* E\n1: 0,-1,2 S\n", &g, s, &line, &err) == 0);
    CHECK_EQ_INT(s->supply[1], 4); /* the meeple came back although nobody scored */
    CHECK(kk_test_replay_text(ORDER, &g, s, &line, &err) == 0);
    CHECK_EQ_INT(g->to_move(s), 0); /* c0 decides the order */
    CHECK_EQ_INT(s->npending, 2);
    kk_move moves[8];
    CHECK_EQ_INT(g->legal_moves(s, moves), 2);
    char text[32];
    g->move_to_text(s, moves[0], text, sizeof text);
    CHECK(strcmp(text, "score N") == 0 || strcmp(text, "score W") == 0);
    CHECK(kk_test_replay_text(NO_MEEPLE, &g, s, &line, &err) == 0);
    CHECK_EQ_INT(g->to_move(s), KK_TERMINAL);
    CHECK_EQ_INT(s->end_reason, CARC_END_NO_MEEPLE);
    CHECK_EQ_INT(g->result(s), 3);
    double stats[64];
    g->get_stats(s, stats);
    CHECK_EQ_INT(stats[0], 1);      /* ended without a meeple */
    CHECK_EQ_INT(stats[1], 71 - 10); /* tiles left */
    char json[64];
    g->extra_json(s, json, sizeof json);
    CHECK(strcmp(json, ",\"result\":3") == 0);

    /* The other end: a full game whose piles run out (a policy that keeps meeples free:
     * the move leaving the most meeples in the supplies), written as a record and
     * replayed to the same result. */
    struct kk_variant v;
    kk_variant_defaults(g, &v, &err);
    CHECK(kk_variant_set(g, &v, "meeples=5", &err) == 0);
    static unsigned char copy[KK_TEST_STATE_MAX];
    static kk_move legal[CARC_MAX_FRONT * 4 * 9];
    int found = 0;
    for (uint64_t seed = 1; seed < 100 && !found; seed++) {
        kk_rng rng;
        kk_rng_seed(&rng, seed, 3);
        kk_game_init(g, s, &v, 0, &err);
        struct kk_buf rec = {0};
        kk_record_write_header(&rec, g, 0, &v, "generated");
        while (g->to_move(s) != KK_TERMINAL) {
            kk_move m;
            if (g->to_move(s) == KK_CHANCE) {
                m = g->sample_chance(s, &rng);
            } else {
                int n = g->legal_moves(s, legal), best = -1000000;
                int start = (int)kk_rng_bounded(&rng, (uint32_t)n);
                m = legal[start];
                for (int k = 0; k < n; k++) {
                    kk_move cand = legal[(start + k) % n];
                    memcpy(copy, s, g->state_size);
                    g->apply(copy, cand);
                    const struct carc_state *c = (const struct carc_state *)copy;
                    int value = c->phase == CARC_PHASE_OVER ? -100000 : 0;
                    for (int p = 0; p < c->players; p++)
                        value += 10 * c->supply[p] - 50 * (c->supply[p] == 0);
                    if (value > best) {
                        best = value;
                        m = cand;
                    }
                }
            }
            kk_record_write_event(&rec, g, s, m);
            g->apply(s, m);
        }
        if (s->end_reason == CARC_END_TILES && s->bag_total == 0) {
            found = 1;
            int result = carc_lowest(s);
            /* The colour to move has an empty pile (another pile may keep a tile when a
             * drawn tile was discarded); "all tiles used" means every pile is empty. */
            CHECK_EQ_INT(s->pile[s->seat], 0);
            CHECK_EQ_INT((s->goals >> CARC_GOAL_ALL_TILES) & 1u, s->bag_total == 0);
            CHECK(kk_test_replay_text(kk_buf_str(&rec), &g, s, &line, &err) == 0);
            CHECK_EQ_INT(g->to_move(s), KK_TERMINAL);
            CHECK_EQ_INT(s->end_reason, CARC_END_TILES);
            CHECK_EQ_INT(carc_lowest(s), result);
        }
        kk_buf_free(&rec);
    }
    CHECK(found);
    /* Setup: piles, starting points and meeples for 3 and 4 colours. */
    CHECK(kk_test_replay_text(HEAD, &g, s, &line, &err) == 0);
    CHECK_EQ_INT(s->players, 3);
    CHECK(s->pile[0] == 24 && s->pile[1] == 24 && s->pile[2] == 23);
    CHECK(s->score[0] == 1 && s->score[1] == 2 && s->score[2] == 3);
    CHECK(s->supply[0] == 4 && s->supply[2] == 4);
    CHECK(kk_test_replay_text(HEAD "set colours=4\nset meeples=5\n", &g, s, &line, &err) == 0);
    CHECK_EQ_INT(s->players, 4);
    CHECK(s->pile[0] == 18 && s->pile[1] == 18 && s->pile[2] == 18 && s->pile[3] == 17);
    CHECK(s->score[0] == 1 && s->score[3] == 4);
    CHECK(s->supply[0] == 5 && s->supply[3] == 5);

    /* Golden solo record (written by kark selfplay) replays to its result. */
    CHECK(kk_test_replay_file("data/carcassonne-solo/solo-random-0.rec", &g, s, &line, &err) == 0);
    int32_t want[3];
    CHECK(kk_test_read_expect("data/carcassonne-solo/solo-random-0.expect", want, 3) == 3);
    CHECK_EQ_INT(g->to_move(s), KK_TERMINAL);
    for (int p = 0; p < 3; p++)
        CHECK_EQ_INT(s->score[p], want[p]);
    return kk_test_done("carc_solo");
}
