/* Othellino's pictures: the 6 x 6 board as text (row 6 on top, as the notation's a1 is
 * the bottom-left corner) and as SVG. Nothing is hidden in Othellino. */
#include <stdio.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "othellino.h"

static int cell_owner(const struct othl_state *s, int cell)
{
    uint64_t b = 1ULL << cell;
    return s->disc[0] & b ? 0 : s->disc[1] & b ? 1 : -1;
}

void othl_draw(const void *state, int seat, struct kk_buf *out)
{
    (void)seat;
    const struct othl_state *s = state;
    uint64_t legal = s->over ? 0 : othl_moves(s->disc[s->seat], s->disc[!s->seat]);
    kk_buf_printf(out, "   a b c d e f\n");
    for (int y = OTHL_SIDE - 1; y >= 0; y--) {
        kk_buf_printf(out, "%d ", y + 1);
        for (int x = 0; x < OTHL_SIDE; x++) {
            int c = y * OTHL_SIDE + x, o = cell_owner(s, c);
            kk_buf_printf(out, " %c", o == 0 ? 'X' : o == 1 ? 'O' : legal >> c & 1 ? '*' : '.');
        }
        kk_buf_printf(out, "  %d\n", y + 1);
    }
    kk_buf_printf(out, "   a b c d e f\n");
    kk_buf_printf(out, "X (seat 0) %d, O (seat 1) %d", __builtin_popcountll(s->disc[0]),
                  __builtin_popcountll(s->disc[1]));
    if (s->over)
        kk_buf_printf(out, "; the game is over\n");
    else
        kk_buf_printf(out, "; %c (seat %d) to move, * marks its legal cells\n",
                      s->seat ? 'O' : 'X', s->seat);
}

void othl_svg(const void *state, struct kk_buf *out)
{
    const struct othl_state *s = state;
    const int cell = 60, margin = 30, side = OTHL_SIDE * cell;
    kk_svg_begin(out, side + 2 * margin, side + 2 * margin + 30, "Othellino");
    kk_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#2e7d32\" "
                       "stroke=\"#000\"/>\n", margin, margin, side, side);
    for (int i = 1; i < OTHL_SIDE; i++)
        kk_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n"
                           "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n",
                      margin + i * cell, margin, margin + i * cell, margin + side, margin,
                      margin + i * cell, margin + side, margin + i * cell);
    for (int i = 0; i < OTHL_SIDE; i++) {
        char t[4];
        snprintf(t, sizeof t, "%c", 'a' + i);
        kk_svg_text(out, margin + i * cell + cell / 2.0, margin - 8, 16, "middle", "#000", t);
        snprintf(t, sizeof t, "%d", OTHL_SIDE - i);
        kk_svg_text(out, margin - 14, margin + i * cell + cell / 2.0 + 6, 16, "middle", "#000", t);
    }
    for (int c = 0; c < OTHL_CELLS; c++) {
        int o = cell_owner(s, c);
        if (o < 0)
            continue;
        int x = c % OTHL_SIDE, y = OTHL_SIDE - 1 - c / OTHL_SIDE;
        kk_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#000\"/>\n",
                      margin + x * cell + cell / 2, margin + y * cell + cell / 2, cell * 2 / 5,
                      o == 0 ? "#111111" : "#f5f5f5");
    }
    char line[96];
    snprintf(line, sizeof line, "dark (seat 0) %d, light (seat 1) %d%s",
             __builtin_popcountll(s->disc[0]), __builtin_popcountll(s->disc[1]),
             s->over ? ", game over" : s->seat ? ", light to move" : ", dark to move");
    kk_svg_text(out, margin, side + 2 * margin + 10, 16, "start", "#000", line);
    kk_svg_end(out);
}
