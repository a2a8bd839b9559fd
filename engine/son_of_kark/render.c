/* Son of Kark's pictures: the table as text (draw hook) and SVG (svg hook). North is up
 * (y grows southwards, as in the notation). A face-down tile (a City) shows no symbol:
 * nobody sees it. Tokens carry their seat: M on a tile's centre (a Market on a face-up
 * tile, a City token on a face-down one), NE NW SE SW on a corner (a Crossroad). */
#include <stdio.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "internal.h"
#include "sok.h"

static const char *const token_text[] = {"", "M", "NE", "NW", "SE", "SW"};

void sok_draw(const void *state, int seat, struct kk_buf *out)
{
    (void)seat;
    const struct sok_state *s = state;
    int minx = 127, maxx = -128, miny = 127, maxy = -128;
    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *t = &s->tiles[i];
        minx = t->x < minx ? t->x : minx, maxx = t->x > maxx ? t->x : maxx;
        miny = t->y < miny ? t->y : miny, maxy = t->y > maxy ? t->y : maxy;
    }
    if (s->num_tiles == 0)
        minx = maxx = miny = maxy = 0;
    kk_buf_printf(out, "    ");
    for (int x = minx; x <= maxx; x++)
        kk_buf_printf(out, "%6d", x);
    kk_buf_printf(out, "   (x; y grows southwards)\n");
    for (int y = miny; y <= maxy; y++) {
        char row[6 * 64 + 1] = "";
        size_t n = 0;
        for (int x = minx; x <= maxx && n + 7 < sizeof row; x++) {
            int slot = sok_tile_at(s, x, y);
            char cell[8] = "";
            if (slot >= 0) {
                const struct sok_tile *t = &s->tiles[slot];
                if (t->owner >= 0)
                    snprintf(cell, sizeof cell, "%c%s%d", t->face_up ? sok_symbol_letters[t->symbol] : '#',
                             token_text[t->token], t->owner);
                else
                    snprintf(cell, sizeof cell, "%c", t->face_up ? sok_symbol_letters[t->symbol] : '#');
            } else {
                snprintf(cell, sizeof cell, ".");
            }
            n += (size_t)snprintf(row + n, sizeof row - n, "%6s", cell);
        }
        kk_buf_printf(out, "%4d%s\n", y, row);
    }
    kk_buf_printf(out, "tiles: letter = face-up symbol, # = face down (a City); a token's kind and "
                       "seat follow (DM0: seat 0's Market)\n");
    for (int p = 0; p < s->players; p++)
        kk_buf_printf(out, "seat %d: %d points, %d tokens left\n", p, s->score[p], s->supply[p]);
    kk_buf_printf(out, "tiles in the bag: %d\n", s->bag_left);
    if (!s->terminal && s->drawn >= 0)
        kk_buf_printf(out, "seat %d places the drawn %s tile: x,y,u|d TOKEN (- M NE NW SE SW)\n",
                      s->seat, sok_symbol_names[(int)s->drawn]);
}

#define CELL 56

void sok_svg(const void *state, struct kk_buf *out)
{
    const struct sok_state *s = state;
    static const char *const fills[SOK_SYMBOLS] = {"#9ecae1", "#fdd0a2", "#c7e9c0",
                                                   "#fcbba1", "#dadaeb", "#fff3b0"};
    int minx = 0, maxx = 0, miny = 0, maxy = 0;
    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *t = &s->tiles[i];
        if (i == 0 || t->x < minx) minx = t->x;
        if (i == 0 || t->x > maxx) maxx = t->x;
        if (i == 0 || t->y < miny) miny = t->y;
        if (i == 0 || t->y > maxy) maxy = t->y;
    }
    const int margin = 36;
    int width = (maxx - minx + 1) * CELL + 2 * margin, rows = maxy - miny + 1;
    if (width < 360)
        width = 360;
    int height = rows * CELL + 2 * margin + 24 * (s->players + 1);
    kk_svg_begin(out, width, height, "Son of Kark");
    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *t = &s->tiles[i];
        double x0 = margin + (t->x - minx) * CELL, y0 = margin + (t->y - miny) * CELL;
        kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" rx=\"4\" "
                           "fill=\"%s\" stroke=\"#333\"/>\n", x0 + 1, y0 + 1, CELL - 2, CELL - 2,
                      t->face_up ? fills[t->symbol] : "#6b4f3a");
        char letter[2] = {t->face_up ? sok_symbol_letters[t->symbol] : ' ', '\0'};
        if (t->face_up)
            kk_svg_text(out, x0 + 10, y0 + 18, 13, "middle", "#333", letter);
        else
            kk_buf_printf(out, "<path d=\"M %.1f %.1f h 24 v -12 l -4 -5 l -4 5 l -4 -8 l -4 8 "
                               "l -4 -5 l -4 5 Z\" fill=\"#a68a6d\"/>\n", x0 + 16, y0 + 40);
        if (t->owner < 0)
            continue;
        double cx = x0 + CELL / 2.0, cy = y0 + CELL / 2.0;
        if (t->token == SOK_NE || t->token == SOK_SE)
            cx = x0 + CELL;
        if (t->token == SOK_NW || t->token == SOK_SW)
            cx = x0;
        if (t->token == SOK_NE || t->token == SOK_NW)
            cy = y0;
        if (t->token == SOK_SE || t->token == SOK_SW)
            cy = y0 + CELL;
        if (t->token == SOK_CENTRE)
            kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"16\" fill=\"%s\" "
                               "stroke=\"#000\"/>\n", cx - 8, cy - 8, kk_svg_seat_colour(t->owner));
        else
            kk_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"%s\" "
                               "stroke=\"#000\"/>\n", cx, cy, kk_svg_seat_colour(t->owner));
    }
    double ly = rows * CELL + 2 * margin;
    for (int p = 0; p < s->players; p++) {
        char line[96];
        snprintf(line, sizeof line, "seat %d: %d points, %d tokens left", p, s->score[p],
                 s->supply[p]);
        kk_buf_printf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" "
                           "stroke=\"#000\"/>\n", margin, ly + 24 * p - 11, kk_svg_seat_colour(p));
        kk_svg_text(out, margin + 20, ly + 24 * p, 14, "start", "#000", line);
    }
    kk_svg_text(out, margin, ly + 24 * s->players, 12, "start", "#444",
                "square: Market (face up) or City token (face down); circle: Crossroad");
    kk_svg_end(out);
}
