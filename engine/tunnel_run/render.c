/* Tunnel Run's pictures: the tunnel, the pirates and the hands as text (draw hook, as a
 * seat sees them: docs/rules/tunnel-run.md, "What each seat sees"), events as a seat sees
 * them (view_event: a dealt or drawn card only by its receiver unless open_hands), and the
 * tunnel as SVG (svg hook). */
#include <stdio.h>

#include "../box/box.h"
#include "../core/buf.h"
#include "../core/svg.h"
#include "tunnel_run.h"

static int pirates_at(const struct tr_state *s, int p, int position)
{
    int n = 0;
    for (int i = 0; i < s->pirates; i++)
        n += s->pos[p][i] == position;
    return n;
}

static int total(const uint8_t counts[TR_SYMBOLS])
{
    int n = 0;
    for (int k = 0; k < TR_SYMBOLS; k++)
        n += counts[k];
    return n;
}

void tr_draw(const void *state, int seat, struct kk_buf *out)
{
    const struct tr_state *s = state;
    int laid = s->segments * TR_SYMBOLS;
    kk_buf_printf(out, "tunnel (position: symbol, then pirates by seat digit):\n");
    for (int row = 0; row * 12 < laid; row++) {
        size_t start = out->len;
        for (int p = 1 + 12 * row; p <= laid && p <= 12 * (row + 1); p++) {
            char t[24];
            int n = snprintf(t, sizeof t, "%d:%c", p, gb_symbol_letters[s->track[p]]);
            for (int q = 0; q < s->players && n < 20; q++)
                for (int k = pirates_at(s, q, p); k > 0 && n < 20; k--)
                    t[n++] = (char)('0' + q), t[n] = '\0';
            kk_buf_printf(out, " %-7s", t);
        }
        while (out->len > start && out->data[out->len - 1] == ' ')
            out->data[--out->len] = '\0';
        kk_buf_printf(out, "\n");
    }
    for (int q = 0; q < s->players; q++) {
        kk_buf_printf(out, "seat %d%s: %d at the start, %d out; %d card%s", q,
                      q == seat ? " (you)" : "", pirates_at(s, q, 0), pirates_at(s, q, TR_EXIT),
                      total(s->hand[q]), total(s->hand[q]) == 1 ? "" : "s");
        if (q == seat || seat == KK_ONLOOKER || s->open_hands) {
            kk_buf_printf(out, ":");
            for (int k = 0; k < TR_SYMBOLS; k++)
                for (int i = 0; i < s->hand[q][k]; i++)
                    kk_buf_printf(out, " %c", gb_symbol_letters[k]);
        }
        kk_buf_printf(out, "\n");
    }
    kk_buf_printf(out, "draw pile %d, discards %d\n", total(s->pile), total(s->discard));
    if (s->phase == TR_PHASE_ACT)
        kk_buf_printf(out, "seat %d to act: SYMBOL@FROM forward, b@FROM back%s\n", s->seat,
                      s->advanced ? ", end" : ", pass");
}

void tr_view_event(const void *state, kk_move move, int seat, struct kk_buf *out)
{
    const struct tr_state *s = state;
    char t[32];
    tr_move_to_text(s, move, t, sizeof t);
    int card = s->phase == TR_PHASE_DEAL || s->phase == TR_PHASE_DRAW;
    if (card && !s->open_hands && s->seat != seat)
        kk_buf_printf(out, "? (a card to seat %d)", s->seat);
    else if (card && s->seat == seat)
        kk_buf_printf(out, "%s (your card)", t);
    else
        kk_buf_printf(out, "%s", t);
}

void tr_svg(const void *state, struct kk_buf *out)
{
    const struct tr_state *s = state;
    const int cell = 64, margin = 30, cols = 6;
    int rows = TR_TILES / cols;
    int width = cols * cell + 2 * margin + 2 * cell, height = rows * cell + 2 * margin + 30 * s->players;
    kk_svg_begin(out, width, height, "Tunnel Run");
    static const char *const fills[TR_SYMBOLS] = {"#9ecae1", "#fdd0a2", "#c7e9c0",
                                                  "#fcbba1", "#dadaeb", "#fff3b0"};
    /* The tunnel snakes: left to right on even rows, back on odd rows; start left of
     * tile 1, exit after tile 36. */
    for (int p = 0; p <= TR_EXIT; p++) {
        double x, y;
        if (p == 0) {
            x = margin, y = margin;
        } else if (p == TR_EXIT) {
            x = margin + (rows % 2 ? cols + 1 : 0) * cell, y = margin + (rows - 1) * cell;
        } else {
            int r = (p - 1) / cols, c = (p - 1) % cols;
            x = margin + (1 + (r % 2 ? cols - 1 - c : c)) * cell, y = margin + r * cell;
        }
        const char *fill = p == 0 || p == TR_EXIT ? "#eeeeee"
                           : p <= s->segments * TR_SYMBOLS ? fills[s->track[p]] : "#ffffff";
        kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                           "stroke=\"#555\"/>\n", x + 1, y + 1, cell - 2, cell - 2, fill);
        char t[16];
        if (p == 0 || p == TR_EXIT)
            snprintf(t, sizeof t, "%s", p ? "exit" : "start");
        else if (p <= s->segments * TR_SYMBOLS)
            snprintf(t, sizeof t, "%d %c", p, gb_symbol_letters[s->track[p]]);
        else
            snprintf(t, sizeof t, "%d", p);
        kk_svg_text(out, x + 6, y + 15, 11, "start", "#333", t);
        int k = 0;
        for (int q = 0; q < s->players; q++)
            for (int n = pirates_at(s, q, p); n > 0; n--, k++)
                kk_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\" "
                                   "stroke=\"#000\"/>\n", x + 10 + (k % 4) * 14, y + 30 + (k / 4) * 14,
                              kk_svg_seat_colour(q));
    }
    for (int q = 0; q < s->players; q++) {
        char line[96];
        snprintf(line, sizeof line, "seat %d: %d pirates out, %d cards in hand", q,
                 pirates_at(s, q, TR_EXIT), total(s->hand[q]));
        double y = margin + rows * cell + 20 + 30 * q;
        kk_buf_printf(out, "<circle cx=\"%d\" cy=\"%.1f\" r=\"6\" fill=\"%s\" stroke=\"#000\"/>\n",
                      margin + 6, y - 5, kk_svg_seat_colour(q));
        kk_svg_text(out, margin + 20, y, 14, "start", "#000", line);
    }
    kk_svg_end(out);
}
