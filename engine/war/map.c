/* War 2.0's map: fixed maps, the layout_seed generator and adjacency, step for step as the
 * rules give them so that every implementation builds the same map from N. */
#include <string.h>

#include "../box/box.h"
#include "../box/layout.h"
#include "war.h"

/* The fixed maps, rows y0..y5 concatenated ('.' = face-down tile). */
static const char *const fixed_map[3] = {
    "D.C..B.WC.D..W.BB.W..D.C",             /* 2 players, 4 columns */
    "D.H.C.B.W.C.D.H.W.B.H.C.D.B.W.",       /* 3 players, 5 columns */
    "D.H.C..B.W.AC.A.D..H.B.WW.D.A..C.H.B", /* 4 players, 6 columns */
};

int war_map_cols(int players)
{
    return players <= 2 ? 4 : players == 3 ? 5 : 6;
}

void war_build_map(struct war_map *m, int players, int n)
{
    memset(m, 0, sizeof *m);
    m->cols = (uint8_t)war_map_cols(players);
    m->cells = (uint8_t)(m->cols * WAR_ROWS);
    if (n <= 0) {
        const char *t = fixed_map[m->cols - 4];
        for (int c = 0; c < m->cells; c++)
            m->tile[c] = t[c] == '.' ? WAR_BLANK : (uint8_t)gb_symbol_from_letter(t[c]);
        return;
    }
    /* Symbols in use: all six with 4 players; no Arrow with 3; no Arrow, no Hammers with 2. */
    uint8_t list[WAR_MAX_CELLS];
    int k = 0;
    for (int s = 0; s < GB_SYMBOLS; s++) {
        if ((s == GB_ARROW && players < 4) || (s == GB_HAMMERS && players < 3))
            continue;
        for (int i = 0; i < 3; i++)
            list[k++] = (uint8_t)s;
    }
    while (k < m->cells)
        list[k++] = WAR_BLANK;
    kk_rng g;
    gb_layout_rng(&g, (uint64_t)n, WAR_LAYOUT_SEQ);
    gb_layout_shuffle(&g, list, m->cells);
    memcpy(m->tile, list, m->cells);
}

void war_map_text(const struct war_map *m, char *buf)
{
    char *p = buf;
    for (int c = 0; c < m->cells; c++) {
        if (c > 0)
            p += strlen(strcpy(p, c % m->cols == 0 ? " / " : " "));
        *p++ = m->tile[c] == WAR_BLANK ? '.' : gb_symbol_letters[m->tile[c]];
    }
    *p = '\0';
}

int war_neighbours(const struct war_map *m, enum war_grid grid, int c, uint8_t *out)
{
    int x = c % m->cols, y = c / m->cols, n = 0;
    int dx[6], dy[6], k;
    if (grid == WAR_SQUARE) {
        const int sx[4] = {-1, 1, 0, 0}, sy[4] = {0, 0, -1, 1};
        for (k = 0; k < 4; k++)
            dx[k] = sx[k], dy[k] = sy[k];
    } else {
        /* odd-r: odd rows sit half a tile to the right. */
        const int ex[6] = {-1, 1, -1, 0, -1, 0}, ox[6] = {-1, 1, 0, 1, 0, 1};
        const int hy[6] = {0, 0, -1, -1, 1, 1};
        for (k = 0; k < 6; k++)
            dx[k] = (y & 1) ? ox[k] : ex[k], dy[k] = hy[k];
    }
    for (int i = 0; i < k; i++) {
        int nx = x + dx[i], ny = y + dy[i];
        if (nx >= 0 && nx < m->cols && ny >= 0 && ny < WAR_ROWS)
            out[n++] = (uint8_t)(ny * m->cols + nx);
    }
    return n;
}

int war_score_tiles(const struct war_map *m, uint64_t owned)
{
    int score = 0, count[GB_SYMBOLS] = {0};
    for (int c = 0; c < m->cells; c++)
        if (owned >> c & 1u) {
            score++;
            if (m->tile[c] != WAR_BLANK)
                count[m->tile[c]]++;
        }
    int kinds = 0;
    for (int s = 0; s < GB_SYMBOLS; s++) {
        kinds += count[s] > 0;
        score += count[s] == 3 ? 5 : 0;
    }
    return score + kinds * (kinds + 1) / 2;
}
