/* The Gauntlet's track: the fixed track of the rules, the layout_seed test vectors of the
 * reference generator (seed 1 is the rules' vector; the others were printed by the same
 * reference generator and copied here), the explicit `track` text and the lines of fire of
 * worked scenarios 1 and 2, plus the obstacle tiles of scenario 5. */
#include <string.h>

#include "engine/gauntlet/track.h"
#include "../testlib.h"

static int at(int x, int y) { return y * GT_COLS + x; }

static void fixed_track(void)
{
    struct gt_track t;
    char buf[GT_TILES + 1];
    gt_track_fixed(&t);
    gt_track_text(&t, buf);
    CHECK(strcmp(buf, "...>.BL....<.BL..BL.<>.LB..L.<B.L>.B") == 0);
    CHECK(gt_track_connected(&t));
    /* Scenario 1: (1,1) and (0,3) are each in one line; (1,4) is a Brick (safe); (2,2) is
     * in no line. */
    CHECK_EQ_INT(t.hits[at(1, 1)], 1);
    CHECK_EQ_INT(t.hits[at(0, 3)], 1);
    CHECK_EQ_INT(t.tile[at(1, 4)], GT_BRICK);
    CHECK_EQ_INT(t.hits[at(1, 4)], 0);
    CHECK_EQ_INT(t.hits[at(2, 2)], 0);
    /* Lines stop before Brick and Lumber tiles: (2,1) is the Brick that ends (0,1)'s line. */
    CHECK_EQ_INT(t.hits[at(2, 1)], 0);
    /* Scenario 5's tiles: (1,4) Brick, (0,2) Lumber, (2,3) Arrow, (2,4) Lumber. */
    CHECK_EQ_INT(t.tile[at(0, 2)], GT_LUMBER);
    CHECK(gt_is_arrow(t.tile[at(2, 3)]));
    CHECK_EQ_INT(t.tile[at(2, 4)], GT_LUMBER);
    CHECK_EQ_INT(t.tile[at(1, 3)], GT_OPEN);
    CHECK_EQ_INT(t.tile[at(0, 4)], GT_OPEN);
    CHECK_EQ_INT(t.tile[at(1, 5)], GT_OPEN);
}

static void double_hit(void)
{
    /* Scenario 2: `>` at (0,3) and `n` at (1,0), the rest open: (1,3) is in both lines. */
    char text[GT_TILES + 1];
    memset(text, '.', GT_TILES);
    text[GT_TILES] = '\0';
    text[at(0, 3)] = '>';
    text[at(1, 0)] = 'n';
    struct gt_track t;
    CHECK_EQ_INT(gt_track_parse(&t, text), 0);
    CHECK_EQ_INT(t.hits[at(1, 3)], 2);
    CHECK_EQ_INT(t.hits[at(2, 3)], 1);
    CHECK_EQ_INT(t.hits[at(1, 11)], 1);
    CHECK_EQ_INT(t.hits[at(1, 0)], 0); /* an arrow is not in its own line */
    CHECK_EQ_INT(t.hits[at(0, 3)], 0);
    /* An Arrow tile does not stop a line; a Brick does. */
    text[at(1, 5)] = '<';
    text[at(1, 8)] = 'B';
    CHECK_EQ_INT(gt_track_parse(&t, text), 0);
    CHECK_EQ_INT(t.hits[at(1, 5)], 1);
    CHECK_EQ_INT(t.hits[at(1, 7)], 1);
    CHECK_EQ_INT(t.hits[at(1, 8)], 0);
    CHECK_EQ_INT(t.hits[at(1, 9)], 0);
    CHECK_EQ_INT(t.hits[at(0, 5)], 1);
    /* Bad texts. */
    CHECK_EQ_INT(gt_track_parse(&t, "..."), -1);
    text[4] = 'x';
    CHECK_EQ_INT(gt_track_parse(&t, text), -1);
}

static void layout_vectors(void)
{
    static const struct {
        uint64_t seed;
        const char *track;
    } vec[] = {
        {1, "n.sB..LL..s.B...L.BB.LL.>n.Bs..L.B.."},
        {2, "....LB..B..B.sL.B..LB.L<.>>..L.nL.B<"},
        {3, "B..B.s>.B...L.LB..L.>n..B.n..L.Bn.LL"},
        {7, ".BL.nL..B.L..nL..s.B..LB.nB.>..B..L<"},
        {1000, ">B.LB.B..<....B>.L>.LL....L.<L.nB.B."},
    };
    for (size_t i = 0; i < sizeof vec / sizeof vec[0]; i++) {
        struct gt_track t, u;
        char buf[GT_TILES + 1];
        gt_track_generate(&t, vec[i].seed);
        gt_track_text(&t, buf);
        if (strcmp(buf, vec[i].track) != 0)
            fprintf(stderr, "layout_seed=%llu: got %s\n", (unsigned long long)vec[i].seed, buf);
        CHECK(strcmp(buf, vec[i].track) == 0);
        CHECK(gt_track_connected(&t));
        CHECK_EQ_INT(gt_track_parse(&u, vec[i].track), 0);
        CHECK(memcmp(&t, &u, sizeof t) == 0);
    }
    /* Every generated track has 6 tiles of each kind (arrows together) and connects. */
    for (uint64_t n = 1; n <= 200; n++) {
        struct gt_track t;
        int count[3] = {0};
        gt_track_generate(&t, n);
        for (int i = 0; i < GT_TILES; i++)
            count[gt_is_arrow(t.tile[i]) ? 0 : t.tile[i] == GT_BRICK ? 1 : t.tile[i] == GT_LUMBER ? 2 : 0] +=
                t.tile[i] != GT_OPEN;
        CHECK_EQ_INT(count[0], 6);
        CHECK_EQ_INT(count[1], 6);
        CHECK_EQ_INT(count[2], 6);
        CHECK(gt_track_connected(&t));
    }
}

int main(void)
{
    fixed_track();
    double_hit();
    layout_vectors();
    return kk_test_done("gauntlet_track");
}
