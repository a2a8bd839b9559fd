/* Temple of Doom's temple: the fixed layout of the rules and the seeded generator of the
 * `layout_seed` convention (engine/box/layout.h), so that layout N is the same temple in
 * every implementation; with easy=1 the two Final Row tiles move to the ends of row 6. */
#include <stdio.h>
#include <string.h>

#include "../box/layout.h"
#include "temple_of_doom.h"

static const int row_len[TD_MAX_ROWS] = {6, 5, 4, 5, 4, 3, 4, 3, 2};
static const int row_x0[TD_MAX_ROWS] = {0, 1, 2, 1, 2, 3, 2, 3, 4};
static const char fixed_rows[] = "DHCBWA" "BWADH" "CADH" "WBCAD" "HWBC" "ADH" "BCWA" "DHW" "BC";

void td_build_temple(struct td_state *s, int n)
{
    uint8_t sym[TD_TILES];
    if (n <= 0) {
        for (int i = 0; i < TD_TILES; i++)
            sym[i] = (uint8_t)gb_symbol_from_letter(fixed_rows[i]);
    } else {
        kk_rng g;
        gb_layout_rng(&g, (uint64_t)n, TD_LAYOUT_SEQ);
        for (int i = 0; i < GB_SYMBOLS; i++)
            sym[i] = (uint8_t)i;
        gb_layout_shuffle(&g, sym, GB_SYMBOLS);
        for (int i = 0; i < TD_TILES - GB_SYMBOLS; i++)
            sym[GB_SYMBOLS + i] = (uint8_t)(i / 5);
        gb_layout_shuffle(&g, sym + GB_SYMBOLS, TD_TILES - GB_SYMBOLS);
    }
    s->layout = n;
    /* Rows as dealt: (row, x, symbol) for the 36 tiles. */
    int k = 0, t = 0;
    uint8_t row9[2];
    for (int r = 0; r < TD_MAX_ROWS; r++)
        for (int j = 0; j < row_len[r]; j++, k++) {
            if (s->easy && r == 8) {
                row9[j] = sym[k];
                continue;
            }
            if (s->easy && r == 5 && j == 0) {
                /* Row 6 gets a left-end slot now, filled once row 9 is read. */
                s->row[t] = 6, s->x[t] = 1, s->sym[t] = 0xFF;
                t++;
            }
            s->row[t] = (uint8_t)(r + 1);
            s->x[t] = (uint8_t)(row_x0[r] + 2 * j);
            s->sym[t] = sym[k];
            t++;
            if (s->easy && r == 5 && j == row_len[r] - 1) {
                s->row[t] = 6, s->x[t] = 9, s->sym[t] = 0xFF;
                t++;
            }
        }
    if (s->easy) {
        for (int i = 0; i < TD_TILES; i++)
            if (s->row[i] == 6 && s->x[i] == 1)
                s->sym[i] = row9[0];
            else if (s->row[i] == 6 && s->x[i] == 9)
                s->sym[i] = row9[1];
    }
    s->final_row = s->easy ? 8 : 9;
    s->row1 = s->final = 0;
    for (int i = 0; i < TD_TILES; i++) {
        s->adj[i] = 0;
        for (int j = 0; j < TD_TILES; j++) {
            int dr = s->row[i] - s->row[j], dx = s->x[i] - s->x[j];
            if ((dr == 0 && (dx == 2 || dx == -2)) || ((dr == 1 || dr == -1) && (dx == 1 || dx == -1)))
                s->adj[i] |= 1ULL << j;
        }
        if (s->row[i] == 1)
            s->row1 |= 1ULL << i;
        if (s->row[i] == s->final_row)
            s->final |= 1ULL << i;
    }
}

int td_layout_text(const struct td_state *s, char *buf, size_t size)
{
    int n = 0;
    buf[0] = '\0';
    for (int i = 0; i < TD_TILES; i++) {
        if (i > 0 && s->row[i] != s->row[i - 1])
            n += snprintf(buf + n, size > (size_t)n ? size - (size_t)n : 0, " / ");
        n += snprintf(buf + n, size > (size_t)n ? size - (size_t)n : 0, "%c",
                      gb_symbol_letters[s->sym[i]]);
    }
    return n;
}

int td_tile_at(const struct td_state *s, int r, int x)
{
    for (int i = 0; i < TD_TILES; i++)
        if (s->row[i] == r && s->x[i] == x)
            return i;
    return -1;
}
