#include "track.h"

#include <string.h>

#include "../box/layout.h"

const char gt_tile_letters[8] = ".BLn>s<";

/* The rules' fixed track, row y = 0 first. */
static const char fixed_track[GT_TILES + 1] = ".." "."  /* y0 */
                                               ">.B"  /* y1 */
                                               "L.."  /* y2 */
                                               "..<"  /* y3 */
                                               ".BL"  /* y4 */
                                               "..B"  /* y5 */
                                               "L.<"  /* y6 */
                                               ">.L"  /* y7 */
                                               "B.."  /* y8 */
                                               "L.<"  /* y9 */
                                               "B.L"  /* y10 */
                                               ">.B"; /* y11 */

/* Step of each Arrow direction, in the generator's order n > s <. */
static const int dir_dx[4] = {0, 1, 0, -1};
static const int dir_dy[4] = {1, 0, -1, 0};

void gt_track_fire_lines(struct gt_track *t)
{
    memset(t->hits, 0, sizeof t->hits);
    for (int i = 0; i < GT_TILES; i++) {
        if (!gt_is_arrow(t->tile[i]))
            continue;
        int d = t->tile[i] - GT_ARROW_N, x = i % GT_COLS, y = i / GT_COLS;
        /* Tile by tile in the arrow's direction until the edge or a Brick/Lumber tile;
         * the arrow's own tile is not in its line. */
        for (;;) {
            x += dir_dx[d];
            y += dir_dy[d];
            if (x < 0 || x >= GT_COLS || y < 0 || y >= GT_ROWS)
                break;
            int j = y * GT_COLS + x;
            if (t->tile[j] == GT_BRICK || t->tile[j] == GT_LUMBER)
                break;
            t->hits[j]++;
        }
    }
}

int gt_track_parse(struct gt_track *t, const char *text)
{
    if (strlen(text) != GT_TILES)
        return -1;
    for (int i = 0; i < GT_TILES; i++) {
        const char *at = text[i] ? strchr(gt_tile_letters, text[i]) : NULL;
        if (!at)
            return -1;
        t->tile[i] = (uint8_t)(at - gt_tile_letters);
    }
    gt_track_fire_lines(t);
    return 0;
}

void gt_track_fixed(struct gt_track *t)
{
    (void)gt_track_parse(t, fixed_track);
}

void gt_track_text(const struct gt_track *t, char *buf)
{
    for (int i = 0; i < GT_TILES; i++)
        buf[i] = gt_tile_letters[t->tile[i]];
    buf[GT_TILES] = '\0';
}

int gt_track_connected(const struct gt_track *t)
{
    uint8_t seen[GT_TILES] = {0}, queue[GT_TILES];
    int head = 0, tail = 0;
    for (int x = 0; x < GT_COLS; x++)
        if (t->tile[x] == GT_OPEN) {
            seen[x] = 1;
            queue[tail++] = (uint8_t)x;
        }
    while (head < tail) {
        int i = queue[head++], x = i % GT_COLS, y = i / GT_COLS;
        if (y == GT_ROWS - 1)
            return 1;
        for (int d = 0; d < 4; d++) {
            int nx = x + dir_dx[d], ny = y + dir_dy[d];
            if (nx < 0 || nx >= GT_COLS || ny < 0 || ny >= GT_ROWS)
                continue;
            int j = ny * GT_COLS + nx;
            if (t->tile[j] == GT_OPEN && !seen[j]) {
                seen[j] = 1;
                queue[tail++] = (uint8_t)j;
            }
        }
    }
    return 0;
}

void gt_track_generate(struct gt_track *t, uint64_t n)
{
    kk_rng rng;
    gb_layout_rng(&rng, n, GT_LAYOUT_SEQ);
    for (;;) {
        /* 6 Arrows, 6 Bricks, 6 Lumbers, 18 open tiles, in that order, then shuffled; the
         * Arrow directions are drawn in row-major order after the shuffle; a track whose
         * open ground does not join row 0 to row 11 is thrown away and the whole procedure
         * repeats with the same generator. */
        for (int i = 0; i < GT_TILES; i++)
            t->tile[i] = i < 6 ? GT_ARROW_N : i < 12 ? GT_BRICK : i < 18 ? GT_LUMBER : GT_OPEN;
        gb_layout_shuffle(&rng, t->tile, GT_TILES);
        for (int i = 0; i < GT_TILES; i++)
            if (t->tile[i] == GT_ARROW_N)
                t->tile[i] = (uint8_t)(GT_ARROW_N + gb_layout_below(&rng, 4));
        if (gt_track_connected(t))
            break;
    }
    gt_track_fire_lines(t);
}
