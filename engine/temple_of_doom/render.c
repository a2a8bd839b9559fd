/* Temple of Doom's SVG picture (svg hook) for `kark render`: the temple's rows from the
 * entrance (bottom) to the exit (top), face-up tiles with their symbol, flipped tiles dark,
 * removed tiles as dashed outlines, and the archaeologists by colour on every place. A
 * record is a complete log, so nothing needs hiding here. */
#include <stdio.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "temple_of_doom.h"

#define TW 64 /* a tile's width: rows step by half of it */
#define TH 52

static const char *const arch_fill[TD_COLOURS] = {"#d62728", "#f2c80f", "#2ca02c", "#1f77b4"};
static const char *const sym_fill[GB_SYMBOLS] = {"#9ecae1", "#fdd0a2", "#c7e9c0",
                                                 "#fcbba1", "#dadaeb", "#fff3b0"};

/* Small cubes for the archaeologists at a place, starting at (x, y). */
static void cubes(struct kk_buf *out, double x, double y, const uint8_t at[TD_COLOURS])
{
    int k = 0;
    for (int c = 0; c < TD_COLOURS; c++)
        for (int i = 0; i < at[c]; i++, k++)
            kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\" "
                               "stroke=\"#000\"/>\n", x + 12 * (k % 4), y + 12 * (k / 4), arch_fill[c]);
}

void td_svg(const void *state, struct kk_buf *out)
{
    const struct td_state *s = state;
    const int margin = 30, rows = TD_MAX_ROWS, top = margin + TH + 10;
    int width = 12 * TW / 2 + TW + 2 * margin, height = top + rows * TH + TH + 60;
    kk_svg_begin(out, width, height, "Temple of Doom");
    uint64_t alive = s->up | s->flipped;
    for (int t = 0; t < TD_TILES; t++) {
        double x0 = margin + s->x[t] * (TW / 2.0), y0 = top + (rows - s->row[t]) * TH;
        uint64_t b = 1ULL << t;
        if (!(alive & b)) {
            kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"none\" "
                               "stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n", x0 + 2, y0 + 2, TW - 4, TH - 4);
            continue;
        }
        int up = (s->up & b) != 0;
        kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" "
                           "stroke=\"#333\"/>\n", x0 + 2, y0 + 2, TW - 4, TH - 4,
                      up ? sym_fill[s->sym[t]] : "#5a4636");
        char t_name[16];
        snprintf(t_name, sizeof t_name, "%d,%d %c", s->row[t], s->x[t],
                 up ? gb_symbol_letters[s->sym[t]] : ' ');
        kk_svg_text(out, x0 + 6, y0 + 15, 10, "start", up ? "#333" : "#ddd", t_name);
        cubes(out, x0 + 6, y0 + 20, s->at[t + 1]);
    }
    /* The final row's side: the exit, with the escaped; row 1's side: the entrance. */
    double cx = margin + 5 * (TW / 2.0);
    kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e8e8e8\" "
                       "stroke=\"#333\"/>\n", cx - TW / 2.0, margin, 2 * TW, TH - 8);
    kk_svg_text(out, cx - TW / 2.0 + 6, margin + 14, 11, "start", "#000", "exit (escaped)");
    cubes(out, cx - TW / 2.0 + 6, margin + 20, s->escaped);
    double ey = top + rows * TH + 6;
    kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#e8e8e8\" "
                       "stroke=\"#333\"/>\n", cx - TW / 2.0, ey, 2 * TW, TH - 8);
    kk_svg_text(out, cx - TW / 2.0 + 6, ey + 14, 11, "start", "#000", "entrance");
    cubes(out, cx - TW / 2.0 + 6, ey + 20, s->at[TD_ENTRANCE]);
    char line[128];
    int dead = 0;
    for (int c = 0; c < TD_COLOURS; c++)
        dead += s->dead[c];
    snprintf(line, sizeof line, "round %d: %d escaped, %d lost, %d relics collected; result %d",
             s->round + 1, td_escaped(s), dead, td_relics_won(s), td_result(s));
    kk_svg_text(out, margin, height - 14, 14, "start", "#000", line);
    kk_svg_end(out);
}
