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

int gt_step_bounds(int m, int used, int step, int *kmin)
{
    int kmax = m - used - (3 - step);
    *kmin = step == 3 ? kmax : 1;
    return kmax;
}

int gt_may_enter(const struct gt_track *t, int from, int to, int may)
{
    if (from == GT_END || to == GT_START)
        return 0;
    if (to == GT_END)
        return from != GT_START && from / GT_COLS == GT_ROWS - 1;
    if (from == GT_START) {
        if (to / GT_COLS != 0)
            return 0;
    } else {
        int dx = to % GT_COLS - from % GT_COLS, dy = to / GT_COLS - from / GT_COLS;
        if (dx * dx + dy * dy != 1)
            return 0;
    }
    switch (t->tile[to]) {
    case GT_OPEN:
        return 1;
    case GT_BRICK:
        return (may & GT_MAY_BRICK) != 0;
    case GT_LUMBER:
        return (may & GT_MAY_LUMBER) != 0;
    default:
        return 0;
    }
}

/* The positions reachable in one space from `from`, in a fixed order. */
static int neighbours(const struct gt_track *t, int from, int may, int *out)
{
    int n = 0;
    if (from == GT_START) {
        for (int x = 0; x < GT_COLS; x++)
            if (gt_may_enter(t, from, x, may))
                out[n++] = x;
        return n;
    }
    int x = from % GT_COLS, y = from / GT_COLS;
    if (y == GT_ROWS - 1)
        out[n++] = GT_END;
    for (int d = 0; d < 4; d++) {
        int nx = x + dir_dx[d], ny = y + dir_dy[d];
        if (nx < 0 || nx >= GT_COLS || ny < 0 || ny >= GT_ROWS)
            continue;
        if (gt_may_enter(t, from, ny * GT_COLS + nx, may))
            out[n++] = ny * GT_COLS + nx;
    }
    return n;
}

static void paths_from(const struct gt_track *t, int at, int may, int kmin, int kmax,
                       struct gt_path *cur, struct gt_path *out, int *count)
{
    int next[5], n = at == GT_END || cur->len == kmax ? 0 : neighbours(t, at, may, next);
    /* The path may stop here when it reached the end, used kmax spaces, is stuck, or has
     * already used at least kmin spaces (k is the seat's choice). */
    if (n == 0 || (cur->len >= kmin && cur->len >= 1))
        out[(*count)++] = *cur;
    for (int i = 0; i < n; i++) {
        cur->pos[cur->len++] = (uint8_t)next[i];
        paths_from(t, next[i], may, kmin, kmax, cur, out, count);
        cur->len--;
    }
}

int gt_paths(const struct gt_track *t, int from, int may, int kmin, int kmax,
             struct gt_path *out)
{
    struct gt_path cur = {0};
    int count = 0;
    if (from == GT_END || kmax < 1)
        return 0;
    paths_from(t, from, may, kmin, kmax, &cur, out, &count);
    return count;
}
