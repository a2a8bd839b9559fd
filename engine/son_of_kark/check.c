/* Son of Kark consistency check: rebuilds every cached mask, count and token table from the
 * tile list (the one record of what happened) and compares. Slow; for Debug builds and
 * tests. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int sok_check(const void *state, kk_error *err)
{
    const struct sok_state *s = state;
    uint64_t occ[SOK_WORDS] = {0}, front[SOK_WORDS] = {0}, nodown[SOK_WORDS] = {0};
    int up_count[SOK_SYMBOLS] = {0}, used[SOK_SYMBOLS] = {0};

    if (s->players < 2 || s->players > SOK_MAX_PLAYERS)
        return kk_fail(err, "bad player count %d", s->players);
    int bag = 0;
    for (int i = 0; i < SOK_SYMBOLS; i++)
        bag += s->bag[i];
    if (bag != s->bag_left)
        return kk_fail(err, "bag holds %d tiles but bag_left is %d", bag, s->bag_left);
    /* Every draw is placed, pending, or one of the setup's removed tiles. */
    int pending = s->drawn >= 0;
    int removed_now = s->draws <= 2 ? 0 : s->draws - 2 < s->removed ? s->draws - 2 : s->removed;
    if (s->draws != SOK_TILES - s->bag_left || s->num_tiles + pending + removed_now != s->draws)
        return kk_fail(err, "tiles do not add up: %d placed, %d pending, %d in the bag, %d draws",
                       s->num_tiles, pending, s->bag_left, s->draws);

    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *t = &s->tiles[i];
        unsigned cell = sok_cell(t->x, t->y);
        if (t->category != (t->face_up ? t->symbol : SOK_CITY) || t->symbol >= SOK_SYMBOLS)
            return kk_fail(err, "tile %d,%d: bad symbol or category", t->x, t->y);
        if (sok_bit(occ, cell))
            return kk_fail(err, "two tiles at %d,%d", t->x, t->y);
        if (t->x < s->min_x || t->x > s->max_x || t->y < s->min_y || t->y > s->max_y)
            return kk_fail(err, "tile %d,%d outside the bounding box", t->x, t->y);
        sok_set(occ, cell);
        if (s->cells[cell] != (SOK_CELL_TILE | i))
            return kk_fail(err, "cell of tile %d,%d holds %#x, not slot %d", t->x, t->y,
                           s->cells[cell], i);
        if (t->face_up)
            up_count[t->symbol]++;
        used[t->symbol]++;
    }
    for (unsigned c = 0; c < SOK_CELLS; c++)
        if (!sok_bit(occ, c) && (s->cells[c] & ~(15u | SOK_CELL_FRONTIER | SOK_CELL_NO_DOWN)))
            return kk_fail(err, "empty cell %u holds %#x", c, s->cells[c]);
    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *t = &s->tiles[i];
        int beside = 0;
        for (int k = 0; k < 4; k++) {
            unsigned n = sok_cell(t->x + sok_dir_dx[k], t->y + sok_dir_dy[k]);
            if (!sok_bit(occ, n))
                sok_set(front, n);
            else
                beside = 1;
            if (!t->face_up)
                sok_set(nodown, n);
        }
        if (i > 0 && !beside)
            return kk_fail(err, "tile %d,%d is beside no tile", t->x, t->y);
        for (int k = 0; k < 4 && !t->face_up; k++) {
            int n = sok_tile_at(s, t->x + sok_dir_dx[k], t->y + sok_dir_dy[k]);
            if (n >= 0 && !s->tiles[n].face_up)
                return kk_fail(err, "face-down tiles side by side at %d,%d", t->x, t->y);
        }
    }
    if (memcmp(front, s->frontier, sizeof front) || memcmp(nodown, s->no_down, sizeof nodown))
        return kk_fail(err, "frontier/no_down masks disagree with the tiles");
    for (unsigned c = 0; c < SOK_CELLS; c++) {
        unsigned v = s->cells[c];
        if (!sok_bit(occ, c) && (!(v & SOK_CELL_FRONTIER) != !sok_bit(front, c) ||
                                 !(v & SOK_CELL_NO_DOWN) != !sok_bit(nodown, c)))
            return kk_fail(err, "cell %u: frontier/no_down bits %#x disagree with the tiles", c,
                           v);
    }

    int nf = 0, nd = 0, nc = 0, ncd = 0;
    for (unsigned w = 0; w < SOK_WORDS; w++) {
        int fw = 0, dw = 0, cw = 0, cdw = 0;
        for (unsigned c = w * 64; c < w * 64 + 64; c++) {
            if (!sok_bit(front, c))
                continue;
            int corners = 0;
            for (int k = 0; k < 4; k++) {
                int complete = sok_corner_complete(occ, c, k);
                if (complete != (int)((sok_corners(s, c) >> k) & 1u))
                    return kk_fail(err, "corner %d wrong at cell %u", k, c);
                corners += complete;
            }
            fw++;
            cw += corners;
            if (!sok_bit(nodown, c)) {
                dw++;
                cdw += corners;
            }
        }
        for (unsigned c = w * 64; c < w * 64 + 64; c++)
            if (!sok_bit(front, c) && !sok_bit(occ, c) && sok_corners(s, c))
                return kk_fail(err, "complete corners marked outside the frontier at cell %u", c);
        const union sok_counts *wc = &s->word_count[w];
        if (fw != wc->n.cells || dw != wc->n.cells_down_ok || cw != wc->n.corners ||
            cdw != wc->n.corners_down_ok)
            return kk_fail(err, "word %u counts %d/%d/%d/%d, expected %d/%d/%d/%d", w,
                           wc->n.cells, wc->n.cells_down_ok, wc->n.corners,
                           wc->n.corners_down_ok, fw, dw, cw, cdw);
        nc += cw;
        ncd += cdw;
        nf += fw;
        nd += dw;
    }
    if (nf != s->n_frontier || nd != s->n_down_ok || nc != s->n_corners ||
        ncd != s->n_corners_down_ok)
        return kk_fail(err, "move counts %d/%d/%d/%d, expected %d/%d/%d/%d", s->n_frontier,
                       s->n_down_ok, s->n_corners, s->n_corners_down_ok, nf, nd, nc, ncd);
    for (int i = 0; i < SOK_SYMBOLS; i++) {
        if (up_count[i] != s->face_up_count[i])
            return kk_fail(err, "face-up count of %s is %d, expected %d", sok_symbol_names[i],
                           s->face_up_count[i], up_count[i]);
        if (used[i] + s->bag[i] + (s->drawn == i) > 6)
            return kk_fail(err, "more than 6 %s tiles", sok_symbol_names[i]);
    }

    /* Tokens: every Market, City and Crossroad against the tile that carries it. */
    int on_table[SOK_MAX_PLAYERS] = {0}, cross[SOK_MAX_PLAYERS] = {0};
    int influence[SOK_MAX_PLAYERS][SOK_CATEGORIES] = {{0}};
    for (int sym = 0; sym < SOK_SYMBOLS; sym++) {
        int o = s->market_owner[sym];
        if (o < 0)
            continue;
        const struct sok_tile *t = &s->tiles[s->market_slot[sym]];
        if (o >= s->players || s->market_slot[sym] >= s->num_tiles || !t->face_up ||
            t->symbol != sym || t->token != SOK_CENTRE || t->owner != o)
            return kk_fail(err, "the %s market is not on a matching tile", sok_symbol_names[sym]);
        on_table[o]++;
    }
    uint64_t zone[SOK_WORDS] = {0};
    for (int i = 0; i < s->num_cities; i++) {
        const struct sok_city *c = &s->cities[i];
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if (dx || dy)
                    sok_set(zone, sok_cell(s->tiles[c->slot].x + dx, s->tiles[c->slot].y + dy));
        const struct sok_tile *t = &s->tiles[c->slot];
        if (c->slot >= s->num_tiles || t->face_up || t->token != SOK_CENTRE || t->owner < 0)
            return kk_fail(err, "city %d is not on a face-down tile with a token", i);
        int filled = 0, symbols = 0;
        for (int j = 0; j < s->num_tiles; j++) {
            const struct sok_tile *n = &s->tiles[j];
            if (j == c->slot || abs(n->x - t->x) > 1 || abs(n->y - t->y) > 1)
                continue;
            filled++;
            if (n->face_up)
                symbols |= 1 << n->symbol;
        }
        if (filled != c->filled || symbols != c->symbols)
            return kk_fail(err, "city at %d,%d: cached neighbourhood is stale", t->x, t->y);
        if (!s->terminal && (filled == 8 || sok_city_value(c) >= s->city_close))
            return kk_fail(err, "city at %d,%d should have scored", t->x, t->y);
        on_table[t->owner]++;
    }
    if (memcmp(zone, s->city_zone, sizeof zone))
        return kk_fail(err, "city_zone mask disagrees with the Cities");
    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *t = &s->tiles[i];
        if (t->token < SOK_NE)
            continue;
        int k = t->token - SOK_NE;
        for (int j = 0; j < s->num_tiles; j++) {
            const struct sok_tile *n = &s->tiles[j];
            int ox = n->x - t->x, oy = n->y - t->y;
            if ((ox == 0 || ox == sok_corner_dx[k]) && (oy == 0 || oy == sok_corner_dy[k]))
                influence[t->owner][n->face_up ? n->symbol : SOK_CITY]++;
        }
        /* A point is complete only once, when its last tile arrives, so no two Crossroads
         * can share it. A point is named by the cell north-west of it. */
        int px = t->x + (sok_corner_dx[k] > 0 ? 0 : -1), py = t->y + (sok_corner_dy[k] > 0 ? 0 : -1);
        for (int j = 0; j < i; j++) {
            const struct sok_tile *n = &s->tiles[j];
            if (n->token < SOK_NE)
                continue;
            int kn = n->token - SOK_NE;
            if (n->x + (sok_corner_dx[kn] > 0 ? 0 : -1) == px &&
                n->y + (sok_corner_dy[kn] > 0 ? 0 : -1) == py)
                return kk_fail(err, "two crossroads on one corner point (%d,%d)", px, py);
        }
        on_table[t->owner]++;
        cross[t->owner]++;
    }
    for (int p = 0; p < s->players; p++) {
        if (cross[p] != s->crossroads[p])
            return kk_fail(err, "seat %d has %d crossroads, counted %d", p, cross[p],
                           s->crossroads[p]);
        for (int c = 0; c < SOK_CATEGORIES; c++)
            if (influence[p][c] != s->influence[p][c])
                return kk_fail(err, "seat %d influence on category %d is %d, expected %d", p,
                               c, s->influence[p][c], influence[p][c]);
        if (s->supply[p] + on_table[p] != s->tokens)
            return kk_fail(err, "seat %d: %d tokens in supply + %d on the table != %d", p,
                           s->supply[p], on_table[p], s->tokens);
        int sum = 0;
        for (int src = 0; src < SOK_SOURCES; src++)
            sum += s->points[src][p];
        if (sum != s->score[p])
            return kk_fail(err, "seat %d: score %d but points by source add to %d", p,
                           s->score[p], sum);
    }
    return 0;
}
