/* Jump Gate's pictures: the square track with gates, planets, crates and ships, as text
 * (draw hook) and SVG (svg hook). Nothing in Jump Gate is hidden. Positions run clockwise
 * from the top-left corner (0); corners are 0, 9, 18 and 27. */
#include <stdio.h>

#include "../box/box.h"
#include "../core/buf.h"
#include "../core/svg.h"
#include "jump_gate.h"

static char cell_letter(const struct jg_state *s, int p)
{
    return s->track[p] == JG_CORNER ? 'K' : s->track[p] == JG_PLANET ? 'P' : gb_symbol_letters[s->track[p]];
}

void jg_draw(const void *state, int seat, struct kk_buf *out)
{
    (void)seat;
    const struct jg_state *s = state;
    kk_buf_printf(out, "track (position:cell, K corner, P planet, a letter a gate; then ships by "
                       "seat digit, * crates left):\n");
    for (int side = 0; side < 4; side++) {
        for (int p = side * JG_SIDE; p < (side + 1) * JG_SIDE; p++) {
            char t[24];
            int n = snprintf(t, sizeof t, "%d:%c", p, cell_letter(s, p));
            for (int q = 0; q < s->players; q++)
                if (s->pos[q] == p && n < 20)
                    t[n++] = (char)('0' + q), t[n] = '\0';
            int crates = 0;
            for (int q = 0; q < s->players; q++)
                crates += (int)(s->crates_left[q] >> p & 1);
            for (int k = 0; k < crates && n < 22; k++)
                t[n++] = '*', t[n] = '\0';
            kk_buf_printf(out, " %s", t);
        }
        kk_buf_printf(out, "\n");
    }
    for (int q = 0; q < s->players; q++) {
        kk_buf_printf(out, "seat %d: at %d, %d crate%s collected, cards:", q, s->pos[q],
                      jg_collected(s, q), jg_collected(s, q) == 1 ? "" : "s");
        for (int v = 1; v <= JG_VALUES; v++)
            for (int i = 0; i < s->hand[q][v]; i++)
                kk_buf_printf(out, " %d", v);
        kk_buf_printf(out, "\n");
    }
    if (s->phase == JG_PHASE_CARD)
        kk_buf_printf(out, "seat %d may play a card (value and direction, see ?) or pass\n",
                      s->seat);
}

static void position_xy(int p, int *x, int *y)
{
    if (p <= 9)
        *x = p, *y = 0;
    else if (p <= 18)
        *x = 9, *y = p - 9;
    else if (p <= 27)
        *x = 9 - (p - 18), *y = 9;
    else
        *x = 0, *y = 9 - (p - 27);
}

void jg_svg(const void *state, struct kk_buf *out)
{
    const struct jg_state *s = state;
    static const char *const fills[GB_SYMBOLS] = {"#9ecae1", "#fdd0a2", "#c7e9c0",
                                                  "#fcbba1", "#dadaeb", "#fff3b0"};
    const int cell = 52, margin = 30, side = 10 * cell;
    kk_svg_begin(out, side + 2 * margin, side + 2 * margin + 26 * s->players, "Jump Gate");
    for (int p = 0; p < JG_TRACK; p++) {
        int x, y;
        position_xy(p, &x, &y);
        double x0 = margin + x * cell, y0 = margin + y * cell;
        const char *fill = s->track[p] == JG_CORNER ? "#bbbbbb"
                           : s->track[p] == JG_PLANET ? "#3b4f6b" : fills[s->track[p]];
        kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                           "stroke=\"#333\"/>\n", x0 + 1, y0 + 1, cell - 2, cell - 2, fill);
        char t[16];
        snprintf(t, sizeof t, "%d %c", p, cell_letter(s, p));
        kk_svg_text(out, x0 + 5, y0 + 14, 10, "start", s->track[p] == JG_PLANET ? "#fff" : "#333", t);
        int k = 0;
        for (int q = 0; q < s->players; q++)
            if (s->crates_left[q] >> p & 1) {
                kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" fill=\"%s\" "
                                   "stroke=\"#fff\"/>\n", x0 + 6 + 10 * k, y0 + 20, kk_svg_seat_colour(q));
                k++;
            }
        k = 0;
        for (int q = 0; q < s->players; q++)
            if (s->pos[q] == p) {
                double cx = x0 + 12 + 12 * k, cy = y0 + 40;
                kk_buf_printf(out, "<path d=\"M %.1f %.1f l 6 -10 l 6 10 Z\" fill=\"%s\" "
                                   "stroke=\"#000\"/>\n", cx - 6, cy + 4, kk_svg_seat_colour(q));
                k++;
            }
    }
    kk_svg_text(out, margin + side / 2.0, margin + side / 2.0, 18, "middle", "#333", "Jump Gate");
    for (int q = 0; q < s->players; q++) {
        char line[64];
        snprintf(line, sizeof line, "seat %d: %d crates collected", q, jg_collected(s, q));
        double y = margin + side + 20 + 26 * q;
        kk_buf_printf(out, "<path d=\"M %d %.1f l 6 -10 l 6 10 Z\" fill=\"%s\" stroke=\"#000\"/>\n",
                      margin, y, kk_svg_seat_colour(q));
        kk_svg_text(out, margin + 20, y, 14, "start", "#000", line);
    }
    kk_svg_end(out);
}
