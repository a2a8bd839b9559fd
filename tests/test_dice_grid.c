/* Carcassonne dice: closed-city detection and the scoring table on hand-drawn layouts.
 * A layout is drawn with one 3x3 block of characters per cell, north up: a block whose
 * centre is not a space is a die, and its middle top/right/bottom/left characters are
 * '#' for a city edge and '.' for a field edge. Blocks are placed one cell in from the
 * window's north-west corner so that no city touches the window border by accident. */
#include <string.h>

#include "engine/dice/dice.h"
#include "testlib.h"

static struct dice_grid draw(const char *const *lines)
{
    struct dice_grid g;
    memset(&g, 0, sizeof g);
    int rows = 0;
    while (lines[rows])
        rows++;
    for (int by = 0; by * 3 + 2 < rows; by++) {
        const char *top = lines[by * 3], *mid = lines[by * 3 + 1], *bot = lines[by * 3 + 2];
        for (int bx = 0; 3 * bx + 2 < (int)strlen(mid); bx++) {
            if (mid[3 * bx + 1] == ' ')
                continue;
            unsigned e = 0;
            e |= top[3 * bx + 1] == '#' ? DICE_N : 0;
            e |= mid[3 * bx + 2] == '#' ? DICE_E : 0;
            e |= bot[3 * bx + 1] == '#' ? DICE_S : 0;
            e |= mid[3 * bx] == '#' ? DICE_W : 0;
            int row = DICE_GRID - 2 - by, col = 1 + bx;
            dice_grid_place(&g, row * DICE_GRID + col, e);
        }
    }
    return g;
}

/* Largest closed city of a drawing, after checking that its touching edges match. */
static int largest(const char *const *lines)
{
    struct dice_grid g = draw(lines);
    for (uint64_t left = g.occupied; left; left &= left - 1) {
        int cell = __builtin_ctzll(left);
        unsigned e = dice_grid_edges(&g, cell);
        if (cell % DICE_GRID + 1 < DICE_GRID && ((g.occupied >> (cell + 1)) & 1u))
            CHECK(!(e & DICE_E) == !(dice_grid_edges(&g, cell + 1) & DICE_W));
        if (cell + DICE_GRID < 64 && ((g.occupied >> (cell + DICE_GRID)) & 1u))
            CHECK(!(e & DICE_N) == !(dice_grid_edges(&g, cell + DICE_GRID) & DICE_S));
    }
    return dice_grid_largest_closed(&g);
}

static void test_scoring_table(void)
{
    const int expect[10] = {0, 0, 0, 1, 3, 6, 10, 15, 21, 28};
    for (int n = 0; n <= 9; n++)
        CHECK_EQ_INT(dice_city_points(n), expect[n]);
}

static void test_layouts(void)
{
    /* Two caps facing each other: closed, 2 dice (worth nothing). */
    const char *const pair[] = {"......",
                                ".X##X.",
                                "......", NULL};
    CHECK_EQ_INT(largest(pair), 2);

    /* A lone cap: its city edge faces an empty cell. */
    const char *const lone[] = {"...",
                                ".X#",
                                "...", NULL};
    CHECK_EQ_INT(largest(lone), 0);

    /* cap - straight - cap in a row: 3 dice, 1 point. */
    const char *const row3[] = {".........",
                                ".X##X##X.",
                                ".........", NULL};
    CHECK_EQ_INT(largest(row3), 3);
    CHECK_EQ_INT(dice_city_points(largest(row3)), 1);

    /* Four corners in a square: 4 dice, 3 points. */
    const char *const square[] = {"......",
                                  ".X##X.",
                                  ".#..#.",
                                  ".#..#.",
                                  ".X##X.",
                                  "......", NULL};
    CHECK_EQ_INT(largest(square), 4);
    CHECK_EQ_INT(dice_city_points(largest(square)), 3);

    /* The square without its south-west corner: open on two edges. */
    const char *const broken[] = {"......",
                                  ".X##X.",
                                  ".#..#.",
                                  "   .#.",
                                  "   #X.",
                                  "   ...", NULL};
    CHECK_EQ_INT(largest(broken), 0);

    /* A tee with caps on its three city sides: 4 dice. */
    const char *const tee[] = {"   ...   ",
                               "   .X.   ",
                               "   .#.   ",
                               "....#....",
                               ".X##X##X.",
                               ".........", NULL};
    CHECK_EQ_INT(largest(tee), 4);

    /* Closed cities of 3 and 4 dice and an open row of 5: the 4 is the largest closed. */
    const char *const three[] = {".........   ......",
                                 ".X##X##X.   .X##X.",
                                 ".........   .#..#.",
                                 "            .#..#.",
                                 "            .X##X.",
                                 "            ......",
                                 "...............   ",
                                 ".X##X##X##X##X#   ",
                                 "...............   ", NULL};
    CHECK_EQ_INT(largest(three), 4);

    /* Five dice around a corner: cap, straight, corner, straight, cap: 6 points. */
    const char *const bend[] = {"...      ",
                                ".X.      ",
                                ".#.      ",
                                ".#.      ",
                                ".X.      ",
                                ".#.      ",
                                ".#.......",
                                ".X##X##X.",
                                ".........", NULL};
    CHECK_EQ_INT(largest(bend), 5);
    CHECK_EQ_INT(dice_city_points(largest(bend)), 6);
}

/* The 3x3 block above, built with the game's own faces (rotations of corner, tee and a
 * cross) so the drawing stays honest: 9 dice, 28 points. */
static void test_nine(void)
{
    const char *const nine[] = {".........",
                                ".X##X##X.",
                                ".#..#..#.",
                                ".#..#..#.",
                                ".X##X##X.",
                                ".#..#..#.",
                                ".#..#..#.",
                                ".X##X##X.",
                                ".........", NULL};
    CHECK_EQ_INT(largest(nine), 9);
    CHECK_EQ_INT(dice_city_points(largest(nine)), 28);
}

/* Edges against the window border never close. */
static void test_border(void)
{
    struct dice_grid g;
    memset(&g, 0, sizeof g);
    /* A cap on the west border facing west, next to a cap facing it from the east:
     * cap(E) at col 0 and cap(W) at col 1 close; a cap facing west at col 0 is open. */
    dice_grid_place(&g, 0 * DICE_GRID + 0, DICE_E);
    dice_grid_place(&g, 0 * DICE_GRID + 1, DICE_W);
    CHECK_EQ_INT(dice_grid_largest_closed(&g), 2);
    dice_grid_place(&g, 2 * DICE_GRID + 0, DICE_W);
    uint64_t city = dice_grid_city(&g, 2 * DICE_GRID);
    CHECK_EQ_INT(dice_grid_open_edges(&g, city), 1);
    /* A city edge on the north row faces out of the window. */
    dice_grid_place(&g, 7 * DICE_GRID + 4, DICE_N);
    CHECK_EQ_INT(dice_grid_open_edges(&g, dice_grid_city(&g, 7 * DICE_GRID + 4)), 1);
}

/* Matching: which cells accept which rotations next to a lone cap. */
static void test_matching(void)
{
    struct dice_grid g;
    memset(&g, 0, sizeof g);
    int origin = DICE_ORIGIN * DICE_GRID + DICE_ORIGIN;
    /* On an empty grid only the origin is open to the first die. */
    CHECK(dice_grid_legal(&g, DICE_N) == 1ULL << origin);
    dice_grid_place(&g, origin, DICE_N); /* a cap, city to the north */
    int north = origin + DICE_GRID, south = origin - DICE_GRID;
    int east = origin + 1, west = origin - 1;
    uint64_t cap_south = dice_grid_legal(&g, DICE_S);   /* a cap facing south */
    uint64_t cap_north = dice_grid_legal(&g, DICE_N);
    uint64_t straight_ns = dice_grid_legal(&g, DICE_N | DICE_S);
    uint64_t straight_ew = dice_grid_legal(&g, DICE_E | DICE_W);
    CHECK((cap_south >> north) & 1u);     /* closes the cap */
    CHECK(!((cap_north >> north) & 1u));  /* field against city */
    CHECK((straight_ns >> north) & 1u);
    CHECK(!((straight_ew >> north) & 1u));
    CHECK(!((straight_ns >> south) & 1u)); /* city against the cap's field side */
    CHECK((straight_ew >> south) & 1u);
    CHECK(!((straight_ew >> east) & 1u));
    CHECK(!((straight_ew >> west) & 1u));
    CHECK((straight_ns >> east) & 1u);
    CHECK(!((cap_south >> origin) & 1u)); /* occupied */
    /* Far cells accept anything: 63 empty cells, minus the 3 sides where a N-S straight
     * fails (south) or an E-W straight fails (north, east, west). */
    CHECK_EQ_INT(dice_popcount(straight_ns), 62);
    CHECK_EQ_INT(dice_popcount(straight_ew), 60);
    /* A corner (N|E) in its 4 rotations next to the cap. */
    int total = 0;
    for (int r = 0; r < 4; r++)
        total += dice_popcount(dice_grid_legal(&g, dice_rotate(DICE_N | DICE_E, r)));
    /* Each rotation is legal on the 59 cells away from the cap; near it: north needs S
     * city (rotations 1 and 2), south needs N field (rotations 1, 2), east needs W field
     * (rotations 0, 1), west needs E field (rotations 2, 3). */
    CHECK_EQ_INT(total, 59 * 4 + 8);
}

static void test_rotation(void)
{
    CHECK_EQ_INT(dice_rotate(DICE_N, 1), DICE_E);
    CHECK_EQ_INT(dice_rotate(DICE_N | DICE_E | DICE_W, 1), DICE_E | DICE_S | DICE_N);
    CHECK_EQ_INT(dice_rotate(DICE_W, 1), DICE_N);
    CHECK_EQ_INT(dice_rotate(DICE_N | DICE_S, 2), DICE_N | DICE_S);
}

int main(void)
{
    test_scoring_table();
    test_layouts();
    test_nine();
    test_border();
    test_matching();
    test_rotation();
    /* The n-th set bit, against a bit-by-bit walk. */
    kk_rng rng;
    kk_rng_seed(&rng, 5, 5);
    for (int t = 0; t < 1000; t++) {
        uint64_t b = ((uint64_t)kk_rng_u32(&rng) << 32 | kk_rng_u32(&rng)) & kk_rng_u32(&rng);
        int n = 0;
        for (int cell = 0; cell < 64; cell++)
            if ((b >> cell) & 1u)
                CHECK_EQ_INT(dice_select_bit(b, n++), cell);
        CHECK_EQ_INT(dice_popcount(b), n);
    }
    return kk_test_done("dice_grid");
}
