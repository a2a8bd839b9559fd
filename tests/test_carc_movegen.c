/* Carcassonne move generation against a deliberately simple brute force: on thousands of
 * positions from fixed-seed random games (2-5 players, with and without farmers), every
 * empty cell next to a tile is tried at every rotation, features are walked tile by tile
 * (breadth-first, with its own board map and geometry), and the resulting set of
 * (placement, follower) moves must equal legal_moves(). Also: notation round trips. */
#include <stdlib.h>
#include <string.h>

#include "engine/carcassonne/carc.h"
#include "testlib.h"

/* ---- the brute force's own board ---- */

#define OFF 128
static int grid[256][256]; /* tile index + 1, 0 empty */
struct bf_tile {
    int x, y, type, rot;
};
static struct bf_tile tiles[CARC_NTILES + 1];
static int ntiles;
struct bf_follower {
    int tile, seg, seat;
};
static struct bf_follower followers[CARC_NTILES];
static int nfollowers;

static const int ddx[4] = {0, 1, 0, -1}, ddy[4] = {-1, 0, 1, 0};
/* Half-side midpoints on a tile square of side 4 (x east, y south). */
static const int hx[8] = {1, 3, 4, 4, 3, 1, 0, 0}, hy[8] = {0, 0, 1, 3, 4, 4, 3, 1};

static int half_at(int px, int py)
{
    for (int h = 0; h < 8; h++)
        if (hx[h] == px && hy[h] == py)
            return h;
    return -1;
}

/* Rotating the square clockwise maps point (px,py) to (4-py, px). */
static int rotate_half(int h, int r)
{
    int px = hx[h], py = hy[h];
    for (int i = 0; i < r; i++) {
        int t = px;
        px = 4 - py;
        py = t;
    }
    return half_at(px, py);
}

static unsigned seg_sides(int type, int rot, int j)
{
    unsigned m = 0, s = carc_tiles[type].seg[j].sides;
    for (int d = 0; d < 4; d++)
        if (s & (1u << d))
            m |= 1u << ((d + rot) % 4);
    return m;
}

static unsigned seg_halves(int type, int rot, int j)
{
    unsigned m = 0, s = carc_tiles[type].seg[j].halves;
    for (int h = 0; h < 8; h++)
        if (s & (1u << h))
            m |= 1u << rotate_half(h, rot);
    return m;
}

static char edge(int type, int rot, int d) { return carc_tiles[type].edges[(d - rot + 4) % 4]; }

static int tile_at(int x, int y) { return grid[x + OFF][y + OFF] - 1; }

/* Walks the feature of segment (t, j); returns 1 if it holds a follower, and sets *open
 * to the number of unmatched sides (roads, cities) or empty neighbours (cloisters). */
static int walk(int t0, int j0, int *open)
{
    static int qt[4096], qj[4096];
    static unsigned char seen[CARC_NTILES + 1][8];
    memset(seen, 0, sizeof seen);
    int head = 0, tail = 0, occupied = 0;
    *open = 0;
    qt[tail] = t0;
    qj[tail++] = j0;
    seen[t0][j0] = 1;
    while (head < tail) {
        int t = qt[head], j = qj[head++];
        const struct bf_tile *b = &tiles[t];
        int kind = carc_tiles[b->type].seg[j].kind;
        for (int f = 0; f < nfollowers; f++)
            if (followers[f].tile == t && followers[f].seg == j)
                occupied = 1;
        if (kind == CARC_CLOISTER) {
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    if ((dx || dy) && tile_at(b->x + dx, b->y + dy) < 0)
                        (*open)++;
            continue;
        }
        for (int k = 0; k < (kind == CARC_FARM ? 8 : 4); k++) {
            int d, want_half = -1;
            if (kind == CARC_FARM) {
                if (!(seg_halves(b->type, b->rot, j) & (1u << k)))
                    continue;
                d = k / 2;
                want_half = half_at(hx[k] - 4 * ddx[d], hy[k] - 4 * ddy[d]);
            } else {
                if (!(seg_sides(b->type, b->rot, j) & (1u << k)))
                    continue;
                d = k;
            }
            int n = tile_at(b->x + ddx[d], b->y + ddy[d]);
            if (n < 0) {
                (*open)++;
                continue;
            }
            const struct bf_tile *nb = &tiles[n];
            for (int m = 0; m < carc_tiles[nb->type].nseg; m++) {
                if (carc_tiles[nb->type].seg[m].kind != kind || seen[n][m])
                    continue;
                int touch = kind == CARC_FARM
                                ? (seg_halves(nb->type, nb->rot, m) >> want_half) & 1u
                                : (seg_sides(nb->type, nb->rot, m) >> ((d + 2) % 4)) & 1u;
                if (touch) {
                    seen[n][m] = 1;
                    qt[tail] = n;
                    qj[tail++] = m;
                }
            }
        }
    }
    return occupied;
}

static void bf_put(int x, int y, int type, int rot)
{
    tiles[ntiles] = (struct bf_tile){x, y, type, rot};
    grid[x + OFF][y + OFF] = ++ntiles;
}

static void bf_remove_last(void)
{
    ntiles--;
    grid[tiles[ntiles].x + OFF][tiles[ntiles].y + OFF] = 0;
}

/* Followers on completed roads, cities and cloisters go home. */
static void bf_return_completed(void)
{
    for (int f = 0; f < nfollowers; f++) {
        int open, kind = carc_tiles[tiles[followers[f].tile].type].seg[followers[f].seg].kind;
        if (kind == CARC_FARM)
            continue;
        walk(followers[f].tile, followers[f].seg, &open);
        if (open == 0) {
            followers[f--] = followers[--nfollowers];
        }
    }
}

static int cmp_move(const void *a, const void *b)
{
    kk_move x = *(const kk_move *)a, y = *(const kk_move *)b;
    return (x > y) - (x < y);
}

/* All legal moves by brute force, sorted. */
static int brute_moves(const struct carc_state *s, kk_move *out)
{
    int type = s->tile, n = 0, minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (int i = 0; i < ntiles; i++) {
        minx = tiles[i].x < minx ? tiles[i].x : minx;
        maxx = tiles[i].x > maxx ? tiles[i].x : maxx;
        miny = tiles[i].y < miny ? tiles[i].y : miny;
        maxy = tiles[i].y > maxy ? tiles[i].y : maxy;
    }
    int on_board = 0;
    for (int f = 0; f < nfollowers; f++)
        on_board += followers[f].seat == s->seat;
    int has_follower = on_board < s->followers;
    for (int y = miny - 1; y <= maxy + 1; y++)
        for (int x = minx - 1; x <= maxx + 1; x++) {
            if (tile_at(x, y) >= 0)
                continue;
            int adjacent = 0;
            for (int d = 0; d < 4; d++)
                adjacent |= tile_at(x + ddx[d], y + ddy[d]) >= 0;
            if (!adjacent)
                continue;
            char seen_edges[4][5];
            for (int r = 0; r < 4; r++) {
                for (int d = 0; d < 4; d++)
                    seen_edges[r][d] = edge(type, r, d);
                seen_edges[r][4] = 0;
                int dup = 0;
                for (int q = 0; q < r; q++)
                    dup |= strcmp(seen_edges[q], seen_edges[r]) == 0;
                if (dup)
                    continue;
                int fits = 1;
                for (int d = 0; d < 4; d++) {
                    int nb = tile_at(x + ddx[d], y + ddy[d]);
                    if (nb >= 0 && edge(tiles[nb].type, tiles[nb].rot, (d + 2) % 4) != edge(type, r, d))
                        fits = 0;
                }
                if (!fits)
                    continue;
                out[n++] = carc_move(x, y, r, 0);
                if (!has_follower)
                    continue;
                bf_put(x, y, type, r);
                for (int j = 0; j < carc_tiles[type].nseg; j++) {
                    if (carc_tiles[type].seg[j].kind == CARC_FARM && s->farms == CARC_FARMS_OFF)
                        continue;
                    int open;
                    if (!walk(ntiles - 1, j, &open))
                        out[n++] = carc_move(x, y, r, j + 1);
                }
                bf_remove_last();
            }
        }
    qsort(out, (size_t)n, sizeof *out, cmp_move);
    return n;
}

static kk_move engine_moves[CARC_NTILES * 4 * 9 * 4], bf_moves[CARC_NTILES * 4 * 9 * 4];
static unsigned char state_buf[KK_TEST_STATE_MAX];

static void play_and_compare(const struct kk_game *g, const struct kk_variant *v, int players,
                             uint64_t seed, long *positions)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    kk_error err;
    CHECK(kk_game_init(g, s, v, players, &err) == 0);
    memset(grid, 0, sizeof grid);
    ntiles = nfollowers = 0;
    bf_put(0, 0, CARC_START_TILE, 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 7);
    int reported = 0;
    while (g->to_move(s) != KK_TERMINAL) {
        if (g->to_move(s) == KK_CHANCE) {
            g->apply(s, g->sample_chance(s, &rng));
            continue;
        }
        int n = g->legal_moves(s, engine_moves);
        qsort(engine_moves, (size_t)n, sizeof *engine_moves, cmp_move);
        int m = brute_moves(s, bf_moves);
        (*positions)++;
        int same = n == m && memcmp(engine_moves, bf_moves, sizeof *bf_moves * (size_t)n) == 0;
        CHECK(same);
        if (!same && !reported++)
            fprintf(stderr, "seed %llu players %d tile %c: engine %d moves, brute force %d\n",
                    (unsigned long long)seed, players, carc_tiles[s->tile].letter, n, m);
        /* Notation round trip of every move. */
        for (int i = 0; i < n; i++) {
            char text[64];
            kk_move back = -1;
            g->move_to_text(s, engine_moves[i], text, sizeof text);
            if (g->move_from_text(s, text, &back, &err) != 0 || back != engine_moves[i]) {
                CHECK(!"notation round trip");
                break;
            }
        }
        kk_move mv = g->random_move(s, &rng);
        int x = carc_move_x(mv), y = carc_move_y(mv), r = carc_move_rot(mv), sp = carc_move_spot(mv);
        int t = s->tile, seat = s->seat;
        g->apply(s, mv);
        bf_put(x, y, t, r);
        if (sp)
            followers[nfollowers++] = (struct bf_follower){ntiles - 1, sp - 1, seat};
        bf_return_completed();
    }
}

int main(void)
{
    const struct kk_game *g = kk_game_find("carcassonne");
    CHECK(g != NULL);
    if (!g)
        return kk_test_done("carc_movegen");
    long positions = 0;
    static const char *const sets[] = {NULL, "farms=off", "followers=3", "farms=1st"};
    for (int i = 0; i < 56; i++) {
        struct kk_variant v;
        kk_error err;
        kk_variant_defaults(g, &v, &err);
        const char *set = sets[i % 4];
        if (set)
            CHECK(kk_variant_set(g, &v, set, &err) == 0);
        play_and_compare(g, &v, 2 + i % 4, 1000 + (uint64_t)i, &positions);
    }
    printf("compared %ld positions\n", positions);
    CHECK(positions > 3000);
    return kk_test_done("carc_movegen");
}
