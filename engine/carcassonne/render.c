/* Carcassonne's pictures: the board as text for `kark play` (draw hook) and as SVG for
 * `kark render` (svg hook), for the base game and the solo variant. Nothing in Carcassonne
 * is hidden except the order of the bag, which neither picture shows.
 *
 * The state keeps followers per feature (at the union-find root), not per segment, so the
 * pictures put them back on segments: `followed` lists every segment that ever received a
 * follower, and in the base game the tile in slot i (i >= 1) was placed by seat
 * (i - 1) mod players (a discarded tile gets no slot); each feature's remaining followers
 * are handed out to its followed segments by that rule, and any seat the rule cannot place
 * (solo games) takes the remaining segments. The counts per feature are always exact. */
#include <stdio.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "carc.h"

/* The follower standing on each entry of s->followed: a seat, or -1 when it went home. */
static void follower_owners(const struct carc_state *s, int owner[CARC_NTILES])
{
    uint32_t left[CARC_MAX_SEGS];
    for (int k = 0; k < s->nfollowed; k++) {
        int r = carc_root(s, s->followed[k]);
        left[r] = s->meeples[r];
    }
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < s->nfollowed; k++) {
            if (pass == 0)
                owner[k] = -1;
            else if (owner[k] >= 0)
                continue;
            int r = carc_root(s, s->followed[k]);
            int slot = carc_seg_slot(s, s->followed[k]);
            int want = slot > 0 ? (slot - 1) % s->players : 0;
            for (int p = 0; p < s->players; p++) {
                int seat = pass == 0 ? want : p;
                if ((left[r] >> (4 * seat)) & 15u) {
                    left[r] -= 1u << (4 * seat);
                    owner[k] = seat;
                    break;
                }
                if (pass == 0)
                    break;
            }
        }
}

/* The follower on tile slot `slot`, or -1 (a tile holds at most one). */
static int tile_follower(const struct carc_state *s, const int owner[CARC_NTILES], int slot,
                         int *seg)
{
    for (int k = 0; k < s->nfollowed; k++)
        if (owner[k] >= 0 && carc_seg_slot(s, s->followed[k]) == slot) {
            *seg = s->followed[k] - s->tbase[slot];
            return owner[k];
        }
    return -1;
}

static int edge_code(int t, int rot, int d)
{
    return (carc_rots[t][rot].edge_code >> (2 * d)) & 3;
}

void carc_draw_text(const void *state, int seat, struct kk_buf *out)
{
    (void)seat;
    const struct carc_state *s = state;
    int owner[CARC_NTILES];
    follower_owners(s, owner);
    int minx = 127, maxx = -128, miny = 127, maxy = -128;
    for (int i = 0; i < s->ntiles; i++) {
        minx = s->tx[i] < minx ? s->tx[i] : minx;
        maxx = s->tx[i] > maxx ? s->tx[i] : maxx;
        miny = s->ty[i] < miny ? s->ty[i] : miny;
        maxy = s->ty[i] > maxy ? s->ty[i] : maxy;
    }
    /* One empty ring around the tiles: where the next tile may go. */
    minx--, maxx++, miny--, maxy++;
    int w = maxx - minx + 1;
    static const char ns_mark[4] = {' ', '#', '|', '.'}, ew_mark[4] = {' ', '#', '-', '.'};
    kk_buf_printf(out, "     ");
    for (int x = minx; x <= maxx; x++)
        kk_buf_printf(out, "%3d", x);
    kk_buf_printf(out, "   (x; north is up, y grows southwards)\n");
    for (int y = miny; y <= maxy; y++) {
        char rows[3][3 * CARC_GRID + 1];
        memset(rows, ' ', sizeof rows);
        for (int x = minx; x <= maxx; x++) {
            int c = s->cell[CARC_CELL(x, y)], col = 3 * (x - minx);
            if (c >= CARC_NTILES)
                continue;
            int t = s->ttype[c], rot = s->trot[c], seg = 0;
            char *r0 = rows[0] + col, *r1 = rows[1] + col, *r2 = rows[2] + col;
            r0[0] = r0[2] = r2[0] = r2[2] = '+';
            r0[1] = ns_mark[edge_code(t, rot, CARC_N)];
            r2[1] = ns_mark[edge_code(t, rot, CARC_S)];
            r1[0] = ew_mark[edge_code(t, rot, CARC_W)];
            r1[2] = ew_mark[edge_code(t, rot, CARC_E)];
            int f = tile_follower(s, owner, c, &seg);
            r1[1] = f >= 0 ? (char)('0' + f) : carc_tiles[t].letter;
        }
        for (int k = 0; k < 3; k++) {
            int end = 3 * w;
            while (end > 0 && rows[k][end - 1] == ' ')
                end--;
            rows[k][end] = '\0';
            if (k == 1)
                kk_buf_printf(out, "%4d%s%s\n", y, end ? " " : "", rows[k]);
            else
                kk_buf_printf(out, "%s%s\n", end ? "     " : "", rows[k]);
        }
    }
    kk_buf_printf(out, "edges: # city, | - road, . field; a digit in the middle is that seat's "
                       "follower, else the tile's letter\n");
    for (int k = 0; k < s->nfollowed; k++) {
        if (owner[k] < 0)
            continue;
        int slot = carc_seg_slot(s, s->followed[k]), j = s->followed[k] - s->tbase[slot];
        static const char *const kinds[4] = {"city", "road", "cloister", "farmer"};
        kk_buf_printf(out, "  seat %d: %s at %d,%d\n", owner[k],
                      kinds[carc_tiles[s->ttype[slot]].seg[j].kind], s->tx[slot], s->ty[slot]);
    }
    for (int p = 0; p < s->players; p++)
        kk_buf_printf(out, "seat %d: %d point%s, %d follower%s left\n", p, s->score[p],
                      s->score[p] == 1 ? "" : "s", s->supply[p], s->supply[p] == 1 ? "" : "s");
    kk_buf_printf(out, "tiles in the bag: %d\n", s->bag_total);
    if (s->phase == CARC_PHASE_PLACE) {
        const struct carc_tile *t = &carc_tiles[s->tile];
        kk_buf_printf(out, "seat %d places tile %c (edges N E S W at rotation 0: %c %c %c %c); "
                           "move: x,y,rotation SPOT (- for no follower)\n",
                      s->seat, t->letter, t->edges[0], t->edges[1], t->edges[2], t->edges[3]);
    } else if (s->phase == CARC_PHASE_DECIDE) {
        kk_buf_printf(out, "seat %d chooses which completed feature scores first\n", s->seat);
    }
}

/* --- SVG ------------------------------------------------------------------------------- */

#define TILE 60
#define MARGIN 40

static const double side_mid[4][2] = {{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}};
/* The two corners of each side, clockwise. */
static const double side_corner[4][2][2] = {
    {{0, 0}, {1, 0}}, {{1, 0}, {1, 1}}, {{1, 1}, {0, 1}}, {{0, 1}, {0, 0}}};
static const double half_point[8][2] = {{0.25, 0}, {0.75, 0}, {1, 0.25}, {1, 0.75},
                                        {0.75, 1}, {0.25, 1}, {0, 0.75}, {0, 0.25}};

struct pt {
    double x, y;
};

static struct pt at(double x0, double y0, double u, double v)
{
    struct pt p = {x0 + u * TILE, y0 + v * TILE};
    return p;
}

/* Where a follower stands on segment j of tile t at rotation rot (tile units). */
static void segment_anchor(int t, int rot, int j, double *u, double *v)
{
    const struct carc_rot *o = &carc_rots[t][rot];
    int kind = carc_tiles[t].seg[j].kind, n = 0;
    double su = 0, sv = 0;
    *u = *v = 0.5;
    if (kind == CARC_CLOISTER)
        return;
    if (kind == CARC_FARM) {
        for (int h = 0; h < 8; h++)
            if (o->seg_halves[j] >> h & 1u) {
                /* A farm's first half-side, a quarter of the way in: beside any road. */
                *u = half_point[h][0] + 0.3 * (0.5 - half_point[h][0]);
                *v = half_point[h][1] + 0.3 * (0.5 - half_point[h][1]);
                /* Off the side's middle, where roads run. */
                if (h % 2 == 0)
                    *u += (h == 0 || h == 4) ? -0.05 : 0, *v += (h == 2 || h == 6) ? -0.05 : 0;
                return;
            }
        return;
    }
    for (int d = 0; d < 4; d++)
        if (o->seg_sides[j] >> d & 1u) {
            su += side_mid[d][0];
            sv += side_mid[d][1];
            n++;
        }
    if (n == 0)
        return;
    su /= n, sv /= n;
    if (kind == CARC_ROAD && n == 2) { /* the middle of the curve through the centre */
        *u = 0.5 * su + 0.25;
        *v = 0.5 * sv + 0.25;
        return;
    }
    double pull = kind == CARC_ROAD ? 0.35 : n == 1 ? 0.2 : 0.5;
    *u = su + pull * (0.5 - su);
    *v = sv + pull * (0.5 - sv);
}

static void meeple(struct kk_buf *out, double x, double y, int seat, int lying)
{
    /* A standing figure 16 units tall; a farmer lies on its side. */
    kk_buf_printf(out, "<g transform=\"translate(%.1f %.1f)%s\">"
                       "<path d=\"M -7 8 L -2 0 L -7 -2 L -6 -5 L -2 -4 A 3.5 3.5 0 1 1 2 -4 "
                       "L 6 -5 L 7 -2 L 2 0 L 7 8 L 1 8 L 0 4 L -1 8 Z\" fill=\"%s\" "
                       "stroke=\"#000\" stroke-width=\"1\"/></g>\n",
                  x, y, lying ? " rotate(90)" : "", kk_svg_seat_colour(seat));
}

static void draw_tile(struct kk_buf *out, int t, int rot, double x0, double y0)
{
    const struct carc_rot *o = &carc_rots[t][rot];
    const struct carc_tile *tile = &carc_tiles[t];
    kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#8cc63f\" "
                       "stroke=\"#4d6b22\" stroke-width=\"0.5\"/>\n", x0, y0, TILE, TILE);
    struct pt c = at(x0, y0, 0.5, 0.5);
    /* Cities: the tile's outline along the city's sides; each run of other sides is cut
     * off by a curve bowing towards the centre (a single side gives a cap). */
    for (int j = 0; j < tile->nseg; j++) {
        if (tile->seg[j].kind != CARC_CITY)
            continue;
        int sides = o->seg_sides[j], d0 = 0;
        while (!(sides >> d0 & 1))
            d0++;
        struct pt p0 = at(x0, y0, side_corner[d0][0][0], side_corner[d0][0][1]);
        kk_buf_printf(out, "<path d=\"M %.1f %.1f", p0.x, p0.y);
        for (int k = 0; k < 4;) {
            int d = (d0 + k) % 4;
            if (sides >> d & 1) {
                struct pt b = at(x0, y0, side_corner[d][1][0], side_corner[d][1][1]);
                kk_buf_printf(out, " L %.1f %.1f", b.x, b.y);
                k++;
                continue;
            }
            int last = k;
            while (last + 1 < 4 && !(sides >> ((d0 + last + 1) % 4) & 1))
                last++;
            int dl = (d0 + last) % 4;
            double au = side_corner[d][0][0], av = side_corner[d][0][1];
            double bu = side_corner[dl][1][0], bv = side_corner[dl][1][1];
            double mu = (au + bu) / 2, mv = (av + bv) / 2;
            double pull = last - k == 2 ? 1.0 : 0.6; /* a cap reaches a quarter in */
            struct pt q = at(x0, y0, mu + pull * (0.5 - mu), mv + pull * (0.5 - mv));
            struct pt b = at(x0, y0, bu, bv);
            kk_buf_printf(out, " Q %.1f %.1f %.1f %.1f", q.x, q.y, b.x, b.y);
            k = last + 1;
        }
        kk_buf_printf(out, " Z\" fill=\"#c8874a\" stroke=\"#6b3f1d\"/>\n");
        if (tile->seg[j].pennant) {
            double u, v;
            segment_anchor(t, rot, j, &u, &v);
            struct pt p = at(x0, y0, u + 0.12, v - 0.12);
            kk_buf_printf(out, "<path d=\"M %.1f %.1f h 8 v 6 l -4 4 l -4 -4 Z\" fill=\"#1f4fbf\" "
                               "stroke=\"#fff\" stroke-width=\"0.8\"/>\n", p.x - 4, p.y - 5);
        }
    }
    /* Roads: through the centre when they join two sides, else from the side inwards. */
    int road_ends = 0;
    for (int j = 0; j < tile->nseg; j++) {
        if (tile->seg[j].kind != CARC_ROAD)
            continue;
        int sides = o->seg_sides[j], first = -1, second = -1;
        for (int d = 0; d < 4; d++)
            if (sides >> d & 1) {
                if (first < 0)
                    first = d;
                else
                    second = d;
            }
        struct pt a = at(x0, y0, side_mid[first][0], side_mid[first][1]);
        for (int pass = 0; pass < 2; pass++) {
            const char *col = pass ? "#f4f1e6" : "#5a4a3a";
            double width = pass ? 4.5 : 7.5;
            if (second >= 0) {
                struct pt b = at(x0, y0, side_mid[second][0], side_mid[second][1]);
                kk_buf_printf(out, "<path d=\"M %.1f %.1f Q %.1f %.1f %.1f %.1f\" fill=\"none\" "
                                   "stroke=\"%s\" stroke-width=\"%.1f\"/>\n",
                              a.x, a.y, c.x, c.y, b.x, b.y, col, width);
            } else {
                kk_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                                   "stroke=\"%s\" stroke-width=\"%.1f\"/>\n",
                              a.x, a.y, c.x, c.y, col, width);
            }
        }
        road_ends += second < 0;
    }
    /* Where roads end on the tile: a crossing (village) or a cloister. */
    int cloister = 0;
    for (int j = 0; j < tile->nseg; j++)
        cloister |= tile->seg[j].kind == CARC_CLOISTER;
    if (cloister)
        kk_buf_printf(out, "<path d=\"M %.1f %.1f h 20 v -14 l -10 -9 l -10 9 Z\" fill=\"#b33a2b\" "
                           "stroke=\"#3b1a12\"/>\n", c.x - 10, c.y + 9);
    else if (road_ends >= 3)
        kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"#7d6a55\" "
                           "stroke=\"#3b2f22\"/>\n", c.x - 6, c.y - 6);
}

void carc_svg(const void *state, struct kk_buf *out)
{
    const struct carc_state *s = state;
    int owner[CARC_NTILES];
    follower_owners(s, owner);
    int minx = 127, maxx = -128, miny = 127, maxy = -128;
    for (int i = 0; i < s->ntiles; i++) {
        minx = s->tx[i] < minx ? s->tx[i] : minx;
        maxx = s->tx[i] > maxx ? s->tx[i] : maxx;
        miny = s->ty[i] < miny ? s->ty[i] : miny;
        maxy = s->ty[i] > maxy ? s->ty[i] : maxy;
    }
    int cols = maxx - minx + 1, rows = maxy - miny + 1;
    int legend = 24 * (s->players + 2);
    int width = cols * TILE + 2 * MARGIN, height = rows * TILE + 2 * MARGIN + legend;
    if (width < 420)
        width = 420;
    kk_svg_begin(out, width, height, s->solo ? "Carcassonne solo" : "Carcassonne");
    for (int i = 0; i < s->ntiles; i++)
        draw_tile(out, s->ttype[i], s->trot[i], MARGIN + (s->tx[i] - minx) * TILE,
                  MARGIN + (s->ty[i] - miny) * TILE);
    for (int x = minx; x <= maxx; x++) {
        char t[8];
        snprintf(t, sizeof t, "%d", x);
        kk_svg_text(out, MARGIN + (x - minx + 0.5) * TILE, MARGIN - 8, 12, "middle", "#444", t);
    }
    for (int y = miny; y <= maxy; y++) {
        char t[8];
        snprintf(t, sizeof t, "%d", y);
        kk_svg_text(out, MARGIN - 6, MARGIN + (y - miny + 0.5) * TILE + 4, 12, "end", "#444", t);
    }
    for (int k = 0; k < s->nfollowed; k++) {
        if (owner[k] < 0)
            continue;
        int g = s->followed[k], slot = carc_seg_slot(s, g), j = g - s->tbase[slot];
        int t = s->ttype[slot], rot = s->trot[slot];
        double u, v;
        segment_anchor(t, rot, j, &u, &v);
        meeple(out, MARGIN + (s->tx[slot] - minx + u) * TILE,
               MARGIN + (s->ty[slot] - miny + v) * TILE, owner[k],
               carc_tiles[t].seg[j].kind == CARC_FARM);
    }
    double ly = rows * TILE + 2 * MARGIN;
    for (int p = 0; p < s->players; p++) {
        char line[96];
        snprintf(line, sizeof line, "seat %d: %d points, %d followers left", p, s->score[p],
                 s->supply[p]);
        meeple(out, MARGIN + 8, ly + 24 * p, p, 0);
        kk_svg_text(out, MARGIN + 24, ly + 24 * p + 5, 14, "start", "#000", line);
    }
    char line[96];
    snprintf(line, sizeof line, "%d tiles placed, %d in the bag%s", s->ntiles, s->bag_total,
             s->phase == CARC_PHASE_OVER ? "; game over (final scores)" : "");
    kk_svg_text(out, MARGIN, ly + 24 * s->players + 5, 14, "start", "#000", line);
    kk_svg_end(out);
}
