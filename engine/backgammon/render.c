/* Backgammon's pictures: the board as text (draw hook) and SVG (svg hook). Points are
 * numbered as the notation numbers them for the viewing seat (seat 0 for onlookers and
 * the SVG): its home board is bottom right, point 1 to 6. Nothing is hidden. */
#include <stdio.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "backgammon.h"

/* Checkers of seat p on point `point` of viewer v's numbering. Seat p's own space k is its
 * point 25 - k; the other seat's space k is p's point k. */
static int on_point(const struct bg_state *s, int v, int p, int point)
{
    int space = p == v ? 25 - point : point;
    return s->board[p][space];
}

static const char marks[2] = {'X', 'O'};

static void cell(struct kk_buf *out, const struct bg_state *s, int v, int point)
{
    int a = on_point(s, v, 0, point), b = on_point(s, v, 1, point);
    char t[8] = ".";
    if (a || b)
        snprintf(t, sizeof t, "%c%d", marks[a ? 0 : 1], a ? a : b);
    kk_buf_printf(out, "%4s", t);
}

void bg_draw(const void *state, int seat, struct kk_buf *out)
{
    const struct bg_state *s = state;
    int v = seat == 1 ? 1 : 0;
    for (int p = 13; p <= 24; p++)
        kk_buf_printf(out, "%s%4d", p == 19 ? " |" : "", p);
    kk_buf_printf(out, "   (seat %d's point numbers)\n", v);
    for (int p = 13; p <= 24; p++) {
        if (p == 19)
            kk_buf_printf(out, " |");
        cell(out, s, v, p);
    }
    kk_buf_printf(out, "\n");
    for (int p = 12; p >= 1; p--) {
        if (p == 6)
            kk_buf_printf(out, " |");
        cell(out, s, v, p);
    }
    kk_buf_printf(out, "\n");
    for (int p = 12; p >= 1; p--)
        kk_buf_printf(out, "%s%4d", p == 6 ? " |" : "", p);
    kk_buf_printf(out, "\n");
    kk_buf_printf(out, "X = seat 0, O = seat 1; bar X %d O %d; off X %d O %d; pips X %d O %d\n",
                  s->board[0][BG_BAR], s->board[1][BG_BAR], s->board[0][BG_OFF],
                  s->board[1][BG_OFF], s->pips[0], s->pips[1]);
    if (s->phase == BG_PHASE_MOVE)
        kk_buf_printf(out, "seat %d (%c) plays %d-%d, moving from its point 24 towards 1\n",
                      s->seat, marks[s->seat], s->dice[0], s->dice[1]);
    else if (s->phase == BG_PHASE_OVER)
        kk_buf_printf(out, "seat %d won\n", s->winner);
}

void bg_svg(const void *state, struct kk_buf *out)
{
    const struct bg_state *s = state;
    const int pw = 40, bar = 40, margin = 30, h = 420, tri = 170;
    int width = 12 * pw + bar + 2 * margin + 60, height = h + 2 * margin + 40;
    kk_svg_begin(out, width, height, "Backgammon");
    kk_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e9d8b4\" "
                       "stroke=\"#5a3d1e\" stroke-width=\"3\"/>\n", margin, margin, 12 * pw + bar, h);
    kk_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#8b5a2b\"/>\n",
                  margin + 6 * pw, margin, bar, h);
    for (int point = 1; point <= 24; point++) {
        int top = point >= 13;
        int col = top ? point - 13 : 12 - point; /* 0..11 left to right */
        double x = margin + col * pw + (col >= 6 ? bar : 0);
        double y0 = top ? margin : margin + h, tip = top ? margin + tri : margin + h - tri;
        kk_buf_printf(out, "<path d=\"M %.1f %.1f L %.1f %.1f L %.1f %.1f Z\" fill=\"%s\"/>\n", x,
                      y0, x + pw, y0, x + pw / 2.0, tip, point % 2 ? "#a33b2b" : "#3b4f6b");
        char t[12];
        snprintf(t, sizeof t, "%d", point);
        kk_svg_text(out, x + pw / 2.0, top ? margin - 8 : margin + h + 18, 12, "middle", "#444", t);
        for (int p = 0; p < 2; p++) {
            int n = on_point(s, 0, p, point);
            for (int i = 0; i < n && i < 5; i++) {
                double cy = top ? margin + pw / 2.0 + i * (pw - 6) : margin + h - pw / 2.0 - i * (pw - 6);
                kk_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" "
                                   "stroke=\"#000\"/>\n", x + pw / 2.0, cy, pw / 2 - 2,
                              p ? "#f5f5f5" : "#222222");
            }
            if (n > 5) {
                snprintf(t, sizeof t, "%d", n);
                double cy = top ? margin + pw / 2.0 + 4 * (pw - 6) : margin + h - pw / 2.0 - 4 * (pw - 6);
                kk_svg_text(out, x + pw / 2.0, cy + 5, 14, "middle", p ? "#000" : "#fff", t);
            }
        }
    }
    /* The bar (seat 0's hit checkers low, seat 1's high) and the borne-off trays. */
    for (int p = 0; p < 2; p++) {
        double bx = margin + 6 * pw + bar / 2.0, by = p ? margin + h / 2.0 - 40 : margin + h / 2.0 + 40;
        if (s->board[p][BG_BAR]) {
            char t[8];
            snprintf(t, sizeof t, "%d", s->board[p][BG_BAR]);
            kk_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"#000\"/>\n",
                          bx, by, pw / 2 - 2, p ? "#f5f5f5" : "#222222");
            kk_svg_text(out, bx, by + 5, 14, "middle", p ? "#000" : "#fff", t);
        }
        char t[32];
        snprintf(t, sizeof t, "off %d", s->board[p][BG_OFF]);
        kk_svg_text(out, margin + 12 * pw + bar + 30, p ? margin + 20 : margin + h - 10, 13, "middle",
                    "#000", t);
    }
    char line[128];
    if (s->phase == BG_PHASE_OVER)
        snprintf(line, sizeof line, "dark (seat 0) %d pips, light (seat 1) %d pips; seat %d won",
                 s->pips[0], s->pips[1], s->winner);
    else
        snprintf(line, sizeof line, "dark (seat 0) %d pips, light (seat 1) %d pips%s", s->pips[0],
                 s->pips[1], s->phase == BG_PHASE_MOVE ? "; dice shown below" : "");
    kk_svg_text(out, margin, height - 12, 14, "start", "#000", line);
    if (s->phase == BG_PHASE_MOVE)
        for (int d = 0; d < 2; d++) {
            char t[4];
            snprintf(t, sizeof t, "%d", s->dice[d]);
            double dx = margin + (s->seat ? 9 : 3) * pw + (s->seat ? bar : 0) + d * 34;
            kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"26\" height=\"26\" rx=\"4\" "
                               "fill=\"#fff\" stroke=\"#000\"/>\n", dx, margin + h / 2.0 - 13);
            kk_svg_text(out, dx + 13, margin + h / 2.0 + 6, 16, "middle", "#000", t);
        }
    kk_svg_end(out);
}
