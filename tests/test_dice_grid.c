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
    for (int i = 0; i < g.count; i++) {
        int cell = g.cell[i];
        unsigned e = g.edges[i];
        if (cell % DICE_GRID + 1 < DICE_GRID && dice_grid_find(&g, cell + 1) >= 0)
            CHECK(!(e & DICE_E) == !(dice_grid_edges(&g, cell + 1) & DICE_W));
        if (cell + DICE_GRID < DICE_CELLS && dice_grid_find(&g, cell + DICE_GRID) >= 0)
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

    /* Closed cities of 3 and 4 dice and an open row of 2 (nine dice, the most a turn
     * builds): the 4 is the largest closed. */
    const char *const three[] = {".........   ......",
                                 ".X##X##X.   .X##X.",
                                 ".........   .#..#.",
                                 "            .#..#.",
                                 "            .X##X.",
                                 "            ......",
                                 "......            ",
                                 ".X##X#            ",
                                 "......            ", NULL};
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

/* The longest cities: nine dice in a line (two caps, seven straights) close and score 28,
 * across the window from its west edge to its east edge and from the south edge north;
 * and a line that reaches the window's edge with a city edge stays open. */
static void test_long_lines(void)
{
    for (int vertical = 0; vertical < 2; vertical++) {
        struct dice_grid g;
        memset(&g, 0, sizeof g);
        /* Columns (or rows) 8..16: the first die at the origin, the rest to the east. */
        for (int i = 0; i < 9; i++) {
            int along = DICE_ORIGIN + i, cell = vertical ? along * DICE_GRID + DICE_ORIGIN
                                                         : DICE_ORIGIN * DICE_GRID + along;
            unsigned fwd = vertical ? DICE_N : DICE_E, back = vertical ? DICE_S : DICE_W;
            unsigned e = i == 0 ? fwd : i == 8 ? back : fwd | back;
            CHECK(dice_fits(dice_grid_need(&g, 0, cell), e));
            dice_grid_place(&g, cell, e);
        }
        CHECK_EQ_INT(dice_grid_largest_closed(&g), 9);
        CHECK_EQ_INT(dice_city_points(dice_grid_largest_closed(&g)), 28);
    }
    /* From the origin west to the border: a cap facing west on column 0 is open for ever. */
    struct dice_grid g;
    memset(&g, 0, sizeof g);
    dice_grid_place(&g, DICE_ORIGIN_CELL, DICE_W);
    for (int col = DICE_ORIGIN - 1; col > 0; col--)
        dice_grid_place(&g, DICE_ORIGIN * DICE_GRID + col, DICE_E | DICE_W);
    CHECK_EQ_INT(dice_grid_open_edges(&g, dice_grid_city(&g, 0)), 1);
    dice_grid_place(&g, DICE_ORIGIN * DICE_GRID, DICE_E | DICE_W);
    CHECK_EQ_INT(dice_grid_open_edges(&g, dice_grid_city(&g, 0)), 1); /* the border */
    CHECK_EQ_INT(dice_grid_largest_closed(&g), 0);
    CHECK_EQ_INT(dice_grid_find(&g, DICE_ORIGIN * DICE_GRID), 8);
    CHECK_EQ_INT(dice_step(DICE_ORIGIN * DICE_GRID, 3), -1);
    CHECK_EQ_INT(dice_step(DICE_CELLS - 1, 0), -1);
    CHECK_EQ_INT(dice_step(DICE_CELLS - 1, 1), -1);
    CHECK_EQ_INT(dice_step(0, 2), -1);
}

/* Legal cells of a face: how many cells of the window take it. */
static int legal_count(const struct dice_grid *g, unsigned edges)
{
    uint8_t need[DICE_CELLS];
    dice_grid_needs(g, 0, need);
    int n = 0;
    for (int c = 0; c < DICE_CELLS; c++) {
        CHECK_EQ_INT(need[c], dice_grid_need(g, 0, c));
        n += dice_fits(need[c], edges);
    }
    return n;
}

/* Matching: which cells accept which rotations next to a lone cap. */
static void test_matching(void)
{
    struct dice_grid g;
    memset(&g, 0, sizeof g);
    int origin = DICE_ORIGIN_CELL;
    /* On an empty grid only the origin is open to the first die. */
    CHECK_EQ_INT(legal_count(&g, DICE_N), 1);
    CHECK(dice_fits(dice_grid_need(&g, 0, origin), DICE_N));
    dice_grid_place(&g, origin, DICE_N); /* a cap, city to the north */
    int north = origin + DICE_GRID, south = origin - DICE_GRID;
    int east = origin + 1, west = origin - 1;
#define OK(cell, edges) dice_fits(dice_grid_need(&g, 0, cell), edges)
    CHECK(OK(north, DICE_S));              /* closes the cap */
    CHECK(!OK(north, DICE_N));             /* field against city */
    CHECK(OK(north, DICE_N | DICE_S));
    CHECK(!OK(north, DICE_E | DICE_W));
    CHECK(!OK(south, DICE_N | DICE_S));    /* city against the cap's field side */
    CHECK(OK(south, DICE_E | DICE_W));
    CHECK(!OK(east, DICE_E | DICE_W));
    CHECK(!OK(west, DICE_E | DICE_W));
    CHECK(OK(east, DICE_N | DICE_S));
    CHECK(!OK(origin, DICE_S));            /* occupied */
#undef OK
    /* Far cells accept anything: 288 empty cells, minus the 3 sides where a N-S straight
     * fails (south) or an E-W straight fails (north, east, west). */
    CHECK_EQ_INT(legal_count(&g, DICE_N | DICE_S), 287);
    CHECK_EQ_INT(legal_count(&g, DICE_E | DICE_W), 285);
    /* A corner (N|E) in its 4 rotations next to the cap. */
    int total = 0;
    for (int r = 0; r < 4; r++)
        total += legal_count(&g, dice_rotate(DICE_N | DICE_E, r));
    /* Each rotation is legal on the 284 cells away from the cap; near it: north needs S
     * city (rotations 1 and 2), south needs N field (rotations 1, 2), east needs W field
     * (rotations 0, 1), west needs E field (rotations 2, 3). */
    CHECK_EQ_INT(total, 284 * 4 + 8);
    /* Under `touching`, only the 4 neighbours are open. */
    uint8_t need[DICE_CELLS];
    dice_grid_needs(&g, 1, need);
    int open = 0;
    for (int c = 0; c < DICE_CELLS; c++) {
        CHECK_EQ_INT(need[c], dice_grid_need(&g, 1, c));
        open += need[c] != DICE_NEED_NONE;
    }
    CHECK_EQ_INT(open, 4);
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
    test_long_lines();
    test_matching();
    test_rotation();
    return kk_test_done("dice_grid");
}
