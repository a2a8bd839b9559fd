/* Pictures of the dice game: the scoring track and the turn's build grid, as text for
 * `kark play` (draw hook) and as SVG for `kark render` (svg hook). Nothing is hidden. */
#include <stdio.h>
#include <string.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "dice.h"

void dice_draw(const void *state, int seat, struct kk_buf *out)
{
    (void)seat;
    const struct dice_state *s = state;
    kk_buf_printf(out, "scores (goal %d):", s->goal);
    for (int p = 0; p < s->players; p++)
        kk_buf_printf(out, "  seat %d: %d%s", p, s->total[p], s->held[p] ? " (holds a knight)" : "");
    kk_buf_printf(out, "\n");
    if (s->phase == DICE_PHASE_OVER)
        return;
    kk_buf_printf(out, "turn %d, seat %d%s: %d of %d rolls, %d dice built, %d lost to catapults, "
                       "%d knight%s set aside\n", s->turns + 1, s->seat,
                  s->doubled ? " (doubled)" : "", s->rolls_done, DICE_ROLLS, s->built, s->lost,
                  s->knights_kept, s->knights_kept == 1 ? "" : "s");
    if (s->phase == DICE_PHASE_DECIDE) {
        kk_buf_printf(out, "last throw, still to use:");
        for (int k = 0; k < s->num_kinds; k++)
            for (int i = 0; i < s->rolled_kind[k]; i++)
                kk_buf_printf(out, " %c", dice_layout_letters[s->kind_layout[k]]);
        for (int i = 0; i < s->rolled_knights; i++)
            kk_buf_printf(out, " K");
        kk_buf_printf(out, "\n");
    }
    if (!s->grid.count)
        return;
    int lo_x = DICE_GRID, hi_x = -1, lo_y = DICE_GRID, hi_y = -1;
    for (int i = 0; i < s->grid.count; i++) {
        int x = s->grid.cell[i] % DICE_GRID, y = s->grid.cell[i] / DICE_GRID;
        lo_x = x < lo_x ? x : lo_x, hi_x = x > hi_x ? x : hi_x;
        lo_y = y < lo_y ? y : lo_y, hi_y = y > hi_y ? y : hi_y;
    }
    kk_buf_printf(out, "     ");
    for (int x = lo_x; x <= hi_x; x++)
        kk_buf_printf(out, "%3d", x - DICE_ORIGIN);
    kk_buf_printf(out, "   (x east, y north; # city edge, . field)\n");
    for (int y = hi_y; y >= lo_y; y--)
        for (int k = 0; k < 3; k++) {
            char row[3 * DICE_GRID + 1];
            memset(row, ' ', sizeof row);
            for (int x = lo_x; x <= hi_x; x++) {
                int i = dice_grid_find(&s->grid, y * DICE_GRID + x);
                if (i < 0)
                    continue;
                unsigned e = s->grid.edges[i];
                char *r = row + 3 * (x - lo_x);
                if (k == 1) {
                    r[0] = e & DICE_W ? '#' : '.';
                    r[1] = 'o';
                    r[2] = e & DICE_E ? '#' : '.';
                } else {
                    unsigned side = k == 0 ? DICE_N : DICE_S;
                    r[0] = r[2] = '+';
                    r[1] = e & side ? '#' : '.';
                }
            }
            int end = 3 * (hi_x - lo_x + 1);
            while (end > 0 && row[end - 1] == ' ')
                end--;
            row[end] = '\0';
            if (k == 1)
                kk_buf_printf(out, "%4d%s%s\n", y - DICE_ORIGIN, end ? " " : "", row);
            else
                kk_buf_printf(out, "%s%s\n", end ? "     " : "", row);
        }
}

#define DIE 34 /* 17 cells of the window fit the 600-pixel track width */

static void die(struct kk_buf *out, double x0, double y0, unsigned e)
{
    kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" rx=\"6\" "
                       "fill=\"#8cc63f\" stroke=\"#333\"/>\n", x0 + 1, y0 + 1, DIE - 2, DIE - 2);
    static const unsigned bits[4] = {DICE_N, DICE_E, DICE_S, DICE_W};
    static const double corner[4][2][2] = {
        {{0, 0}, {1, 0}}, {{1, 0}, {1, 1}}, {{1, 1}, {0, 1}}, {{0, 1}, {0, 0}}};
    int n = 0;
    for (int d = 0; d < 4; d++) {
        if (!(e & bits[d]))
            continue;
        n++;
        kk_buf_printf(out, "<path d=\"M %.1f %.1f L %.1f %.1f L %.1f %.1f Z\" fill=\"#c8874a\"/>\n",
                      x0 + 4 + corner[d][0][0] * (DIE - 8), y0 + 4 + corner[d][0][1] * (DIE - 8),
                      x0 + 4 + corner[d][1][0] * (DIE - 8), y0 + 4 + corner[d][1][1] * (DIE - 8),
                      x0 + DIE / 2.0, y0 + DIE / 2.0);
    }
    if (n >= 2)
        kk_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#c8874a\"/>\n",
                      x0 + DIE / 2.0, y0 + DIE / 2.0, DIE * 0.22);
}

void dice_svg(const void *state, struct kk_buf *out)
{
    const struct dice_state *s = state;
    const int margin = 30, track_w = 600, cells = s->goal > 0 ? s->goal : 1;
    const int grid_top = 150;
    int width = track_w + 2 * margin, height = grid_top + DICE_GRID * DIE + 60;
    kk_svg_begin(out, width, height, "Carcassonne: The Dice Game");
    kk_svg_text(out, margin, 24, 16, "start", "#000", "scoring track");
    double step = (double)track_w / (cells + 1);
    for (int i = 0; i <= cells; i++)
        kk_buf_printf(out, "<rect x=\"%.1f\" y=\"34\" width=\"%.1f\" height=\"26\" "
                           "fill=\"%s\" stroke=\"#777\" stroke-width=\"0.5\"/>\n",
                      margin + i * step, step, i == cells ? "#f2c80f" : i % 10 == 0 ? "#ddd" : "#f7f7f7");
    for (int i = 0; i <= cells; i += 10) {
        char t[12];
        snprintf(t, sizeof t, "%d", i);
        kk_svg_text(out, margin + (i + 0.5) * step, 74, 11, "middle", "#444", t);
    }
    for (int p = 0; p < s->players; p++) {
        int v = s->total[p] < 0 ? 0 : s->total[p] > cells ? cells : s->total[p];
        kk_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\" stroke=\"#000\"/>\n",
                      margin + (v + 0.5) * step, 41.0 + 6 * p, kk_svg_seat_colour(p));
        char t[64];
        snprintf(t, sizeof t, "seat %d: %d%s", p, s->total[p], s->held[p] ? " + knight" : "");
        kk_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\" stroke=\"#000\"/>\n",
                      margin + 8 + 120 * p, 96, kk_svg_seat_colour(p));
        kk_svg_text(out, margin + 18 + 120 * p, 101, 13, "start", "#000", t);
    }
    char line[128];
    if (s->phase == DICE_PHASE_OVER)
        snprintf(line, sizeof line, "game over after %d turns", s->turns);
    else
        snprintf(line, sizeof line, "turn %d: seat %d's city%s, %d dice built, %d lost", s->turns + 1,
                 s->seat, s->doubled ? " (doubled)" : "", s->built, s->lost);
    kk_svg_text(out, margin, grid_top - 14, 14, "start", "#000", line);
    int gx = margin + (track_w - DICE_GRID * DIE) / 2;
    kk_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                       "stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n", gx, grid_top,
                  DICE_GRID * DIE, DICE_GRID * DIE);
    for (int i = 0; i < s->grid.count; i++) {
        int c = s->grid.cell[i];
        int x = c % DICE_GRID, y = DICE_GRID - 1 - c / DICE_GRID; /* north up */
        die(out, gx + x * DIE, grid_top + y * DIE, s->grid.edges[i]);
    }
    kk_svg_end(out);
}
