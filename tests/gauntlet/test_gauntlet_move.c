/* The Gauntlet's movement on the fixed track: worked scenario 4 (how a turn's M moves split
 * over the three steps) and scenario 5 (obstacles and the mandatory move), plus the start,
 * the end and a pawn with nowhere to go. */
#include <string.h>

#include "engine/gauntlet/track.h"
#include "../testlib.h"

static int at(int x, int y) { return y * GT_COLS + x; }

/* Bit set of the one-space destinations among paths (each of length 1). */
static uint64_t dests(const struct gt_track *t, int from, int may)
{
    struct gt_path p[GT_MAX_PATHS];
    int n = gt_paths(t, from, may, 1, 1, p);
    uint64_t set = 0;
    for (int i = 0; i < n; i++) {
        CHECK_EQ_INT(p[i].len, 1);
        set |= 1ull << p[i].pos[0];
    }
    return set;
}

static void split(void)
{
    int kmin, kmax;
    /* M = 5: step 1 uses 1-3 spaces; after 3, steps 2 and 3 use 1 each. */
    kmax = gt_step_bounds(5, 0, 1, &kmin);
    CHECK_EQ_INT(kmin, 1);
    CHECK_EQ_INT(kmax, 3);
    kmax = gt_step_bounds(5, 3, 2, &kmin);
    CHECK_EQ_INT(kmax, 1);
    kmax = gt_step_bounds(5, 4, 3, &kmin);
    CHECK_EQ_INT(kmin, 1);
    CHECK_EQ_INT(kmax, 1);
    /* After 1 space in step 1: step 2 takes 1-3 (one kept for step 3). */
    kmax = gt_step_bounds(5, 1, 2, &kmin);
    CHECK_EQ_INT(kmax, 3);
    kmax = gt_step_bounds(5, 2, 3, &kmin);
    CHECK_EQ_INT(kmin, 3);
    CHECK_EQ_INT(kmax, 3);
    /* M = 3: one per step. */
    for (int s = 1; s <= 3; s++) {
        kmax = gt_step_bounds(3, s - 1, s, &kmin);
        CHECK_EQ_INT(kmin, 1);
        CHECK_EQ_INT(kmax, 1);
    }
    /* M = 6, step 1: up to 4. */
    CHECK_EQ_INT(gt_step_bounds(6, 0, 1, &kmin), 4);
}

static void obstacles(void)
{
    struct gt_track t;
    gt_track_fixed(&t);
    /* From (1,3): (1,4) Brick only with a Brick card; (2,3) Arrow never. */
    uint64_t plain = dests(&t, at(1, 3), 0), brick = dests(&t, at(1, 3), GT_MAY_BRICK);
    CHECK(plain == ((1ull << at(0, 3)) | (1ull << at(1, 2))));
    CHECK(brick == (plain | (1ull << at(1, 4))));
    CHECK(!(dests(&t, at(1, 3), GT_MAY_BRICK | GT_MAY_LUMBER) & (1ull << at(2, 3))));
    /* From (1,2): (0,2) Lumber only with a Lumber card. */
    CHECK(!(dests(&t, at(1, 2), GT_MAY_BRICK) & (1ull << at(0, 2))));
    CHECK(dests(&t, at(1, 2), GT_MAY_LUMBER) & (1ull << at(0, 2)));
    /* From (1,4) with a Heal: (1,3), (0,4), (1,5), not (2,4) (Lumber). */
    CHECK(dests(&t, at(1, 4), 0) == ((1ull << at(1, 3)) | (1ull << at(0, 4)) | (1ull << at(1, 5))));
}

static void ends(void)
{
    struct gt_track t;
    struct gt_path p[GT_MAX_PATHS];
    gt_track_fixed(&t);
    /* From the start any row-0 tile. */
    CHECK(dests(&t, GT_START, 0) == 7u);
    /* From (1,11) the end is one space; a path stops there. */
    int n = gt_paths(&t, at(1, 11), 0, 1, 3, p), ended = 0;
    for (int i = 0; i < n; i++)
        if (p[i].pos[p[i].len - 1] == GT_END) {
            ended++;
            CHECK(p[i].len >= 1);
        }
    CHECK(ended >= 2); /* directly, and after stepping back and forth */
    CHECK_EQ_INT(gt_paths(&t, GT_END, 0, 1, 3, p), 0);
    /* Boxed in: every neighbour a Brick without the card -> one length-0 path. */
    char text[GT_TILES + 1];
    memset(text, 'B', GT_TILES);
    text[GT_TILES] = '\0';
    text[at(1, 5)] = '.';
    CHECK_EQ_INT(gt_track_parse(&t, text), 0);
    n = gt_paths(&t, at(1, 5), 0, 2, 2, p);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(p[0].len, 0);
    /* With the Brick card it may go anywhere: 4 neighbours, then 3-4 each for 2 spaces. */
    n = gt_paths(&t, at(1, 5), GT_MAY_BRICK, 2, 2, p);
    CHECK_EQ_INT(n, 4 + 3 + 4 + 3); /* (1,6),(2,5),(1,4),(0,5): 4, 3, 4, 3 neighbours */
    for (int i = 0; i < n; i++)
        CHECK_EQ_INT(p[i].len, 2);
    /* Stuck after one space in step 3: the shorter path is the only one. */
    memset(text, 'B', GT_TILES);
    text[0] = '.';
    CHECK_EQ_INT(gt_track_parse(&t, text), 0);
    n = gt_paths(&t, GT_START, 0, 3, 3, p);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(p[0].len, 1);
    CHECK_EQ_INT(p[0].pos[0], 0);
    /* Counting on the fixed track from the start, M = 6 step 1 (1-4 spaces). */
    gt_track_fixed(&t);
    n = gt_paths(&t, GT_START, 0, 1, 4, p);
    CHECK(n > 3 && n <= GT_MAX_PATHS);
}

int main(void)
{
    split();
    obstacles();
    ends();
    return kk_test_done("gauntlet_move");
}
