/* Halma's pictures: the board as text (draw hook) and SVG (svg hook), row 1 (y = 0, the
 * side of corners A and B) on top as in the rules' diagrams. Nothing is hidden. Camps are
 * shaded; each seat's pieces carry its number (text) or colour (SVG). */
#include <stdio.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "halma.h"

void halma_draw(const void *state, int seat, struct kk_buf *out)
{
    (void)seat;
    const struct halma_state *s = state;
    kk_buf_printf(out, "    ");
    for (int x = 0; x < s->size; x++)
        kk_buf_printf(out, " %c", 'a' + x);
    kk_buf_printf(out, "\n");
    for (int y = 0; y < s->size; y++) {
        kk_buf_printf(out, "%3d ", y + 1);
        for (int x = 0; x < s->size; x++) {
            int c = halma_cell(x, y), v = s->board[c];
            kk_buf_printf(out, " %c", v ? (char)('0' + v - 1) : s->camp_mask[c] ? ':' : '.');
        }
        kk_buf_printf(out, "\n");
    }
    static const char corners[] = "ABCD";
    for (int p = 0; p < s->players; p++)
        kk_buf_printf(out, "seat %d heads for corner %c: %d of %d pieces in\n", p,
                      corners[s->target[p]], s->in_target[p], s->pieces);
    if (s->over)
        kk_buf_printf(out, "the game is over%s\n", s->capped ? " (turn cap)" : "");
    else
        kk_buf_printf(out, "turn %d, seat %d to move (from-to, e.g. a1-b2; : marks camps)\n",
                      s->turns + 1, s->seat);
}

void halma_svg(const void *state, struct kk_buf *out)
{
    const struct halma_state *s = state;
    const int cell = 44, margin = 30, side = s->size * cell;
    kk_svg_begin(out, side + 2 * margin, side + 2 * margin + 24 * s->players, "Halma");
    for (int y = 0; y < s->size; y++)
        for (int x = 0; x < s->size; x++) {
            int c = halma_cell(x, y);
            kk_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                               "stroke=\"#999\"/>\n", margin + x * cell, margin + y * cell, cell,
                          cell, s->camp_mask[c] ? "#e8dcc0" : "#fbf8f0");
            int v = s->board[c];
            if (v)
                kk_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
                                   "stroke=\"#000\"/>\n", margin + x * cell + cell / 2,
                              margin + y * cell + cell / 2, cell * 3 / 8,
                              kk_svg_seat_colour(v - 1));
        }
    for (int i = 0; i < s->size; i++) {
        char t[12];
        snprintf(t, sizeof t, "%c", 'a' + i);
        kk_svg_text(out, margin + i * cell + cell / 2.0, margin - 8, 13, "middle", "#444", t);
        snprintf(t, sizeof t, "%d", i + 1);
        kk_svg_text(out, margin - 6, margin + i * cell + cell / 2.0 + 5, 13, "end", "#444", t);
    }
    static const char corners[] = "ABCD";
    for (int p = 0; p < s->players; p++) {
        char t[96];
        snprintf(t, sizeof t, "seat %d: to corner %c, %d of %d pieces in", p, corners[s->target[p]],
                 s->in_target[p], s->pieces);
        int y = side + margin + 20 + 24 * p;
        kk_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"%s\" stroke=\"#000\"/>\n",
                      margin + 7, y - 5, kk_svg_seat_colour(p));
        kk_svg_text(out, margin + 20, y, 14, "start", "#000", t);
    }
    kk_svg_end(out);
}
