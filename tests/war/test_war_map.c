/* War 2.0 groundwork: the rules' fixed maps, the layout_seed=1 test vectors of the reference
 * generator for 2, 3 and 4 players, hex (odd-r) and square adjacency, and the rules' worked
 * scoring example. */
#include <string.h>

#include "engine/box/box.h"
#include "engine/war/war.h"
#include "../testlib.h"

static void check_map(int players, int n, const char *want)
{
    struct war_map m;
    char buf[256];
    war_build_map(&m, players, n);
    war_map_text(&m, buf);
    if (strcmp(buf, want) != 0)
        fprintf(stderr, "%dp layout %d: got   %s\n            want  %s\n", players, n, buf, want);
    CHECK(strcmp(buf, want) == 0);
    /* 3 face-up tiles of each symbol in use, the rest face down. */
    int count[7] = {0};
    for (int c = 0; c < m.cells; c++)
        count[m.tile[c]]++;
    CHECK_EQ_INT(count[WAR_BLANK], m.cells / 2);
    for (int s = 0; s < GB_SYMBOLS; s++) {
        int used = !((s == GB_ARROW && players < 4) || (s == GB_HAMMERS && players < 3));
        CHECK_EQ_INT(count[s], used ? 3 : 0);
    }
}

static int cell(const struct war_map *m, int x, int y) { return y * m->cols + x; }

static int adjacent(const struct war_map *m, enum war_grid grid, int a, int b)
{
    uint8_t nb[WAR_MAX_NEIGHBOURS];
    int n = war_neighbours(m, grid, a, nb);
    for (int i = 0; i < n; i++)
        if (nb[i] == b)
            return 1;
    return 0;
}

int main(void)
{
    check_map(4, 0, "D . H . C . / . B . W . A / C . A . D . / . H . B . W / W . D . A . / . C . H . B");
    check_map(3, 0, "D . H . C / . B . W . / C . D . H / . W . B . / H . C . D / . B . W .");
    check_map(2, 0, "D . C . / . B . W / C . D . / . W . B / B . W . / . D . C");
    check_map(4, 1, "C A C B . H / . D W . A . / B . . W . D / C H . W B . / . . . . . H / . . . A . D");
    check_map(3, 1, ". D . W . / . C D . . / W D H H W / C B . H . / C . B . . / . . . B .");
    check_map(2, 1, "C . W . / . . . . / . . B . / B . D C / W . D . / W C B D");

    struct war_map m;
    war_build_map(&m, 4, 0);
    uint8_t nb[WAR_MAX_NEIGHBOURS];
    /* Interior cells have 6 hex neighbours; adjacency is symmetric. */
    CHECK_EQ_INT(war_neighbours(&m, WAR_HEX, cell(&m, 2, 2), nb), 6);
    CHECK_EQ_INT(war_neighbours(&m, WAR_HEX, cell(&m, 2, 3), nb), 6);
    CHECK_EQ_INT(war_neighbours(&m, WAR_SQUARE, cell(&m, 2, 2), nb), 4);
    CHECK_EQ_INT(war_neighbours(&m, WAR_HEX, cell(&m, 0, 0), nb), 2);  /* (1,0), (0,1) */
    CHECK_EQ_INT(war_neighbours(&m, WAR_HEX, cell(&m, 5, 1), nb), 3);  /* (4,1), (5,0), (5,2) */
    /* Even row y=2: (x-1,y-1), (x,y-1), (x-1,y+1), (x,y+1); odd row y=3: x and x+1. */
    CHECK(adjacent(&m, WAR_HEX, cell(&m, 2, 2), cell(&m, 1, 1)));
    CHECK(adjacent(&m, WAR_HEX, cell(&m, 2, 2), cell(&m, 2, 1)));
    CHECK(!adjacent(&m, WAR_HEX, cell(&m, 2, 2), cell(&m, 3, 1)));
    CHECK(adjacent(&m, WAR_HEX, cell(&m, 2, 3), cell(&m, 3, 2)));
    CHECK(adjacent(&m, WAR_HEX, cell(&m, 2, 3), cell(&m, 3, 4)));
    CHECK(!adjacent(&m, WAR_HEX, cell(&m, 2, 3), cell(&m, 1, 2)));
    CHECK(!adjacent(&m, WAR_SQUARE, cell(&m, 2, 2), cell(&m, 1, 1)));
    for (int grid = WAR_HEX; grid <= WAR_SQUARE; grid++)
        for (int a = 0; a < m.cells; a++)
            for (int b = 0; b < m.cells; b++)
                CHECK_EQ_INT(adjacent(&m, (enum war_grid)grid, a, b),
                             adjacent(&m, (enum war_grid)grid, b, a));

    /* Scenario 5: 9 tiles, among them face-up Drop x3, Hammers, Circles, Bricks:
     * 9 + (1+2+3+4) + 5 = 24. 4p fixed map: Drops at (0,0), (4,2), (2,4); Hammers (2,0);
     * Circles (4,0); Bricks (1,1); blanks (1,0), (3,0), (0,1). */
    const int xy[9][2] = {{0, 0}, {4, 2}, {2, 4}, {2, 0}, {4, 0}, {1, 1}, {1, 0}, {3, 0}, {0, 1}};
    uint64_t owned = 0;
    for (int i = 0; i < 9; i++)
        owned |= 1ull << cell(&m, xy[i][0], xy[i][1]);
    CHECK_EQ_INT(war_score_tiles(&m, owned), 24);
    /* Two Drops only: no bonus of 5. */
    CHECK_EQ_INT(war_score_tiles(&m, owned & ~(1ull << cell(&m, 0, 0))), 8 + 10);
    CHECK_EQ_INT(war_score_tiles(&m, 0), 0);
    return kk_test_done("test_war_map");
}
