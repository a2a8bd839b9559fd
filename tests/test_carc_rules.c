/* Carcassonne rules scenarios: small hand-written records, one scoring rule each, checked
 * against the scores during play and (carc_finish) after end-of-game scoring; illegal
 * moves rejected with their line and a specific reason; the sample games recorded by an
 * independent engine replay to their expected scores. Board sketches use x east, y south;
 * the start tile D sits at 0,0 with its city north and its road east-west. */
#include <stdlib.h>
#include <string.h>

#include "engine/carcassonne/carc.h"
#include "testlib.h"

static unsigned char state_buf[KK_TEST_STATE_MAX];

/* Replays text; returns the state or NULL (and reports the error). */
static struct carc_state *replay(const char *name, const char *text)
{
    const struct kk_game *g;
    int line = 0;
    kk_error err;
    if (kk_test_replay_text(text, &g, state_buf, &line, &err) != 0) {
        fprintf(stderr, "%s: replay failed at line %d: %s\n", name, line, err.msg);
        CHECK(!"scenario replays");
        return NULL;
    }
    kk_error cerr;
    if (g->check(state_buf, &cerr) != 0) {
        fprintf(stderr, "%s: check: %s\n", name, cerr.msg);
        CHECK(!"state consistent");
    }
    return (struct carc_state *)state_buf;
}

static void check_scores(const char *name, const struct carc_state *s, const int *want)
{
    for (int p = 0; p < s->players; p++)
        if (s->score[p] != want[p]) {
            fprintf(stderr, "%s: seat %d scores %d, expected %d\n", name, p, s->score[p], want[p]);
            CHECK(!"scores as expected");
            return;
        }
    CHECK(1);
}

struct scenario {
    const char *name;
    const char *text;
    int play[2]; /* scores after the last event */
    int end[2];  /* scores after end-of-game scoring */
};

#define HEAD "game carcassonne\nplayers 2\n"

/* Farmers: seat 0 on the north farm of the start road (U west of D), seat 1 on the south
 * farm (B below D); the cloister-road tile A east of D ends the road, so both farms become
 * one farm, tied 1-1. Seat 0 also farms outside the city D+E it completes (E north of D).
 * The city D+E is the only completed city. */
#define FARM_BOARD                                                                            \
    "* U\n0: -1,0,1 NW\n* B\n1: 0,1,0 NW\n* E\n0: 0,-1,2 NW\n* A\n1: 1,0,1 -\n"

static const struct scenario scenarios[] = {
    {"completed city with a pennant",
     /* F (pennant) north of D, knight; E closes the city: 3 tiles + 1 pennant = 8. */
     HEAD "* F\n0: 0,-1,1 S\n* E\n1: 0,-2,2 -\n", {8, 0}, {8, 0}},
    {"road loop",
     /* Four curves V below D close a ring road of 4 tiles. */
     HEAD "* V\n0: 0,1,3 E\n* V\n1: 1,1,0 -\n* V\n0: 0,2,2 -\n* V\n1: 1,2,1 -\n", {4, 0}, {4, 0}},
    {"road loop through one tile twice counts it once",
     /* W below D: its east and south roads meet again through three curves: 4 tiles. */
     HEAD "* W\n0: 0,1,0 E\n* V\n1: 1,1,0 -\n* V\n0: 0,2,2 -\n* V\n1: 1,2,1 -\n", {4, 0}, {4, 0}},
    {"cloister completed, another open at the end",
     /* Monk on B at 0,1, surrounded by U U B B E E E: 9. Monk on B at 1,1 has 5 of 8
      * neighbours at the end: 1 + 5 = 6. */
     HEAD "* B\n0: 0,1,0 C\n* U\n1: 1,0,1 -\n* U\n0: -1,0,1 -\n* B\n1: -1,1,0 -\n"
          "* B\n0: 1,1,0 C\n* E\n1: -1,2,2 -\n* E\n0: 0,2,2 -\n* E\n1: 1,2,2 -\n",
     {9, 0}, {15, 0}},
    {"road joined from two followers of different players",
     /* Seat 0's road (D, V at 1,0) and seat 1's (V at 0,1) meet at 1,1; A tiles close both
      * ends: 6 tiles, 1-1, both score in full. */
     HEAD "* V\n0: 1,0,0 W\n* V\n1: 0,1,3 E\n* V\n0: 1,1,1 -\n* A\n1: -1,0,3 -\n"
          "* A\n0: 0,2,2 -\n",
     {6, 6}, {6, 6}},
    {"two-tile city scores 4", HEAD "* E\n0: 0,-1,2 S\n", {4, 0}, {4, 0}},
    {"small_city=1: two-tile city scores 2", HEAD "set small_city=1\n* E\n0: 0,-1,2 S\n", {2, 0},
     {2, 0}},
    {"unfinished road and city with pennant at the end",
     /* City D+F (open): 2 tiles + 1 pennant = 3; road D+U (open): 2. */
     HEAD "* F\n0: 0,-1,1 S\n* U\n1: 1,0,1 E\n", {0, 0}, {3, 2}},
    {"farms=3rd: a tied farm and a lone farmer", HEAD FARM_BOARD, {0, 0}, {6, 3}},
    {"farms=2nd: a city pays each player once", HEAD "set farms=2nd\n" FARM_BOARD, {0, 0}, {3, 3}},
    {"farms=1st: the city pays 4 to the most farmers around it",
     HEAD "set farms=1st\n" FARM_BOARD, {0, 0}, {4, 0}},
    {"farm with a majority",
     /* B at 1,-1 joins seat 0's outer farm to the tied one: 2 farmers to 1. */
     HEAD FARM_BOARD "* B\n0: 1,-1,0 -\n", {0, 0}, {3, 0}},
    {"farms=off: the same board without farmers scores nothing",
     HEAD "set farms=off\n* U\n0: -1,0,1 -\n* B\n1: 0,1,0 -\n* E\n0: 0,-1,2 -\n* A\n1: 1,0,1 -\n",
     {0, 0}, {0, 0}},
    {"a drawn tile that fits nowhere is discarded",
     /* With D's city closed no cell takes a city side: C is discarded, seat 1 still plays. */
     HEAD "* E\n0: 0,-1,2 -\n* C\n* U\n1: 1,0,1 E\n", {0, 0}, {0, 2}},
    {"symmetric tiles: rotation 3 of U is rotation 1", HEAD "* U\n0: 1,0,3 E\n", {0, 0}, {2, 0}},
};

struct bad_move {
    const char *name;
    const char *text;
    int line;
    const char *reason; /* substring of the error */
};

static const struct bad_move bad_moves[] = {
    {"side mismatch", HEAD "* E\n0: 0,-1,0 -\n", 4, "does not match on side S (field against city)"},
    {"occupied road", HEAD "* U\n0: 1,0,1 E\n* U\n1: -1,0,1 W\n", 6, "road at W is already occupied"},
    {"occupied farm", HEAD "* U\n0: 1,0,1 NE\n* U\n1: -1,0,1 NW\n", 6, "farm at NW is already occupied"},
    {"no followers left", HEAD "set followers=1\n* U\n0: 1,0,1 E\n* U\n1: -1,0,1 -\n* E\n0: 0,-1,2 S\n", 9,
     "no followers left"},
    {"not next to a tile", HEAD "* U\n0: 5,5,0 -\n", 4, "not next to any tile"},
    {"cell taken", HEAD "* U\n0: 0,0,0 -\n", 4, "already holds a tile"},
    {"tile used up", HEAD "* C\n0: 0,-1,0 -\n* C\n", 5, "no tile C left"},
    {"farmers off", HEAD "set farms=off\n* U\n0: 1,0,1 NW\n", 5, "farmers are not played"},
    {"bad spot", HEAD "* U\n0: 1,0,1 Q\n", 4, "bad SPOT 'Q'"},
    {"no road on that side", HEAD "* U\n0: 1,0,1 N\n", 4, "no road or city on side N"},
    {"no cloister", HEAD "* U\n0: 1,0,1 C\n", 4, "has no cloister"},
    {"city half-side is no farm", HEAD "* E\n0: 0,-1,2 SE\n", 4, "no farm at half-side SE"},
    {"bad rotation", HEAD "* U\n0: 1,0,4 -\n", 4, "rotation 4 out of range"},
    {"garbage", HEAD "* U\n0: east -\n", 4, "expected 'x,y,r SPOT'"},
    {"bad letter", HEAD "* Z\n", 3, "expected a tile letter"},
    {"move at a chance node", HEAD "0: 1,0,1 -\n", 3, ""},
};

static void run_bad(const struct bad_move *b)
{
    const struct kk_game *g;
    int line = 0;
    kk_error err = {{0}};
    int rc = kk_test_replay_text(b->text, &g, state_buf, &line, &err);
    CHECK(rc != 0);
    if (rc == 0)
        return;
    if (line != b->line || !strstr(err.msg, b->reason)) {
        fprintf(stderr, "%s: line %d '%s', expected line %d with '%s'\n", b->name, line, err.msg,
                b->line, b->reason);
        CHECK(!"specific error");
    }
}

static void samples(void)
{
    static const char *const names[] = {
        "carc-p2-farms-09000", "carc-p2-farms-09001", "carc-p2-farms-09002",
        "carc-p2-farms-09003", "carc-p2-nofarms-09400", "carc-p2-nofarms-09401",
        "carc-p3-farms-09100", "carc-p3-farms-09101", "carc-p4-farms-09200",
        "carc-p5-farms-09300",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[256];
        int32_t want[KK_MAX_SEATS];
        snprintf(path, sizeof path, "data/carcassonne/%s.expect", names[i]);
        int n = kk_test_read_expect(path, want, KK_MAX_SEATS);
        CHECK(n >= 2);
        snprintf(path, sizeof path, "data/carcassonne/%s.rec", names[i]);
        const struct kk_game *g;
        int line = 0;
        kk_error err;
        if (kk_test_replay_file(path, &g, state_buf, &line, &err) != 0) {
            fprintf(stderr, "%s:%d: %s\n", path, line, err.msg);
            CHECK(!"sample replays");
            continue;
        }
        const struct carc_state *s = (const struct carc_state *)state_buf;
        CHECK_EQ_INT(g->to_move(s), KK_TERMINAL);
        CHECK_EQ_INT(s->players, n);
        for (int p = 0; p < n; p++)
            CHECK_EQ_INT(s->score[p], want[p]);
        /* Points by source add up to the score. */
        for (int p = 0; p < n; p++) {
            int sum = 0;
            for (int k = 0; k < CARC_NSRC; k++)
                sum += s->pts[p][k];
            CHECK_EQ_INT(sum, s->score[p]);
        }
    }
}

int main(void)
{
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        const struct scenario *sc = &scenarios[i];
        struct carc_state *s = replay(sc->name, sc->text);
        if (!s)
            continue;
        check_scores(sc->name, s, sc->play);
        carc_finish(s);
        check_scores(sc->name, s, sc->end);
    }
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++)
        run_bad(&bad_moves[i]);

    /* Details of single scenarios. */
    struct carc_state *s = replay("pennant city", scenarios[0].text);
    if (s) {
        CHECK_EQ_INT(s->supply[0], 7); /* the knight came back */
        CHECK_EQ_INT(s->pts[0][CARC_SRC_CITY_PLAY], 8);
        CHECK_EQ_INT(s->placed[0][CARC_CITY], 1);
    }
    s = replay("discard", scenarios[13].text);
    if (s) {
        CHECK_EQ_INT(s->discarded, 1);
        CHECK_EQ_INT(s->bag[2], 0);
        CHECK_EQ_INT(s->ntiles + s->bag_total + s->discarded, CARC_NTILES);
    }
    s = replay("cloister", scenarios[3].text);
    if (s) {
        carc_finish(s);
        CHECK_EQ_INT(s->pts[0][CARC_SRC_CLOISTER_PLAY], 9);
        CHECK_EQ_INT(s->pts[0][CARC_SRC_CLOISTER_END], 6);
        CHECK_EQ_INT(s->placed[0][CARC_CLOISTER], 2);
    }
    s = replay("farms", scenarios[8].text);
    if (s) {
        carc_finish(s);
        CHECK_EQ_INT(s->pts[0][CARC_SRC_FARM_END], 6);
        CHECK_EQ_INT(s->pts[1][CARC_SRC_FARM_END], 3);
        CHECK_EQ_INT(s->placed[0][CARC_FARM], 2);
    }
    /* A farm joined back through the placed tile's other farm: W at 3,2 (rotation 3) has
     * its two southern farms linked by the field around the road end of the cloister
     * tile A below it; the western one meets a farmer, so the eastern one (ES) is taken
     * too. The last line of the record must be rejected. */
    {
        const struct kk_game *g;
        int line = 0;
        kk_error err = {{0}};
        int rc = kk_test_replay_file("data/carcassonne/farm-through-own-tile.rec", &g, state_buf,
                                     &line, &err);
        CHECK(rc != 0);
        CHECK_EQ_INT(line, 54);
        CHECK(strstr(err.msg, "farm at ES is already occupied") != NULL);
    }
    samples();
    return kk_test_done("carc_rules");
}
