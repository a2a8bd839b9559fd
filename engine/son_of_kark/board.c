/* Son of Kark: placing tiles and tokens, and scoring. This is the playout hot path: every
 * update is local to the placed cell (its 4 neighbours and 4 corner points) and keeps the
 * move counts of struct sok_state exact without rescanning the board. */
#include <stdlib.h>

#include "internal.h"

/* Number of symbols in a 6-bit set. */
static const uint8_t sok_bits6[64] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
};

int sok_city_value(const struct sok_city *c)
{
    return sok_bits6[c->symbols & 63];
}

int sok_tile_at(const struct sok_state *s, int x, int y)
{
    for (int i = 0; i < s->num_tiles; i++)
        if (s->tiles[i].x == x && s->tiles[i].y == y)
            return i;
    return -1;
}

int sok_cell_coords(const struct sok_state *s, unsigned cell, int *x, int *y)
{
    /* Cells that matter lie in the tiles' bounding box grown by one: at most 38 wide and
     * high, any two of its cells within L1 distance 39 (so no index collisions). The offset
     * (dx, dy) from its corner is recovered from dx + SOK_STRIDE * dy (dx < SOK_STRIDE),
     * which may have wrapped the torus once. */
    int x0 = s->min_x - 1, y0 = s->min_y - 1;
    int w = s->max_x - s->min_x + 3, h = s->max_y - s->min_y + 3;
    unsigned u = (cell - sok_cell(x0, y0)) & (SOK_CELLS - 1);
    for (unsigned v = u; v < u + 2 * SOK_CELLS; v += SOK_CELLS) {
        int dx = (int)(v % SOK_STRIDE), dy = (int)(v / SOK_STRIDE);
        if (dx < w && dy < h) {
            *x = x0 + dx;
            *y = y0 + dy;
            return 0;
        }
    }
    return -1;
}

/* Drops the corner-list entries of cell (a cell that was just filled); returns how many. */
static unsigned drop_corners(struct sok_state *s, unsigned cell)
{
    unsigned n = s->n_corners, j = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned e = s->corner_list[i];
        s->corner_list[j] = (uint16_t)e;
        j += (e & (SOK_CELLS - 1)) != cell;
    }
    s->n_corners = (uint16_t)j;
    return n - j;
}

/* Updates the counts when empty cell becomes one where face down is forbidden. */
static void forbid_down(struct sok_state *s, unsigned cell)
{
    s->n_down_ok--;
    s->down_ok_count[cell >> 6]--;
    unsigned lost = 0;
    for (unsigned i = 0; i < s->n_corners; i++)
        lost += (s->corner_list[i] & (SOK_CELLS - 1)) == cell;
    s->n_corners_down_ok = (uint16_t)(s->n_corners_down_ok - lost);
}

/* Branch-light on purpose: in random playouts every condition below is a coin flip, and
 * mispredicted branches, not arithmetic, dominate the cost of a turn. The corner list gets
 * an unconditional store and a conditional length increment (it has one spare slot). */
int sok_place_tile(struct sok_state *s, int x, int y, int symbol, int face_up)
{
    unsigned c = sok_cell(x, y);
    unsigned down_ok_here = !sok_bit(s->no_down, c);

    if (sok_bit(s->frontier, c)) { /* false only for the two setup tiles */
        sok_clear(s->frontier, c);
        s->n_frontier--;
        s->frontier_count[c >> 6]--;
        s->n_down_ok = (uint16_t)(s->n_down_ok - down_ok_here);
        s->down_ok_count[c >> 6] = (uint8_t)(s->down_ok_count[c >> 6] - down_ok_here);
    }
    sok_set(s->occupied, c);

    /* Corner points around c: the ones that were complete for c are gone with c's cell;
     * one with 3 tiles now is complete for its empty 4th cell. Seen from that cell, the
     * point is mirrored in x (k ^ 1), in y (k ^ 2) or in both (k ^ 3). */
    if (s->n_corners) {
        unsigned gone = drop_corners(s, c);
        s->n_corners_down_ok = (uint16_t)(s->n_corners_down_ok - (gone & -down_ok_here));
    }
    for (unsigned k = 0; k < 4; k++) {
        unsigned a = sok_step(c, sok_corner_dx[k], 0);
        unsigned b = sok_step(c, 0, sok_corner_dy[k]);
        unsigned d = sok_step(c, sok_corner_dx[k], sok_corner_dy[k]);
        unsigned oa = (unsigned)sok_bit(s->occupied, a), ob = (unsigned)sok_bit(s->occupied, b),
                 od = (unsigned)sok_bit(s->occupied, d);
        /* Which one is empty when exactly two are occupied, without branches. */
        unsigned pick_a = !oa, pick_b = oa & !ob, pick_d = oa & ob;
        unsigned empty = (a & -pick_a) | (b & -pick_b) | (d & -pick_d);
        unsigned corner = k ^ (pick_a | pick_b << 1 | pick_d * 3);
        unsigned add = oa + ob + od == 2;
        s->corner_list[s->n_corners] = (uint16_t)(empty | corner << SOK_CELL_BITS);
        s->n_corners = (uint16_t)(s->n_corners + add);
        s->n_corners_down_ok =
            (uint16_t)(s->n_corners_down_ok + (add & !sok_bit(s->no_down, empty)));
    }

    for (int k = 0; k < 4; k++) {
        unsigned n = sok_step(c, sok_dir_dx[k], sok_dir_dy[k]);
        unsigned w = n >> 6, bit = n & 63;
        unsigned add = !(((s->occupied[w] | s->frontier[w]) >> bit) & 1u);
        unsigned down_ok = add & !((s->no_down[w] >> bit) & 1u);
        s->frontier[w] |= (uint64_t)add << bit;
        s->n_frontier = (uint16_t)(s->n_frontier + add);
        s->frontier_count[w] = (uint8_t)(s->frontier_count[w] + add);
        s->n_down_ok = (uint16_t)(s->n_down_ok + down_ok);
        s->down_ok_count[w] = (uint8_t)(s->down_ok_count[w] + down_ok);
    }
    if (!face_up) {
        for (int k = 0; k < 4; k++) {
            unsigned n = sok_step(c, sok_dir_dx[k], sok_dir_dy[k]);
            if (!(sok_bit(s->no_down, n) | sok_bit(s->occupied, n)))
                forbid_down(s, n);
            sok_set(s->no_down, n);
        }
    }

    /* The box starts at the first tile, 0,0 (init zeroes it). */
    s->min_x = (int8_t)(x < s->min_x ? x : s->min_x);
    s->max_x = (int8_t)(x > s->max_x ? x : s->max_x);
    s->min_y = (int8_t)(y < s->min_y ? y : s->min_y);
    s->max_y = (int8_t)(y > s->max_y ? y : s->max_y);

    int slot = s->num_tiles++;
    struct sok_tile *t = &s->tiles[slot];
    t->x = (int8_t)x;
    t->y = (int8_t)y;
    t->symbol = (uint8_t)symbol;
    t->face_up = (uint8_t)face_up;
    t->category = (uint8_t)(face_up ? symbol : SOK_CITY);
    t->token = SOK_NONE;
    t->owner = -1;
    s->face_up_count[symbol] = (uint8_t)(s->face_up_count[symbol] + face_up);

    unsigned sym_bit = (unsigned)face_up << symbol;
    for (int i = 0; i < s->num_cities; i++) {
        struct sok_city *city = &s->cities[i];
        const struct sok_tile *ct = &s->tiles[city->slot];
        unsigned near = ((unsigned)(x - ct->x + 1) <= 2u) & ((unsigned)(y - ct->y + 1) <= 2u);
        city->filled = (uint8_t)(city->filled + near);
        city->symbols = (uint8_t)(city->symbols | (near ? sym_bit : 0u));
    }
    return slot;
}

static void add_points(struct sok_state *s, int seat, enum sok_source src, int points)
{
    s->score[seat] = (int16_t)(s->score[seat] + points);
    s->points[src][seat] = (int16_t)(s->points[src][seat] + points);
}

static void place_market(struct sok_state *s, int seat, int slot)
{
    int sym = s->tiles[slot].symbol;
    int old = s->market_owner[sym];
    if (old >= 0) {
        /* The new tile is already counted in face_up_count. */
        add_points(s, old, SOK_SRC_MARKET, s->face_up_count[sym]);
        s->supply[old]++;
        s->displaced[seat]++;
    }
    s->market_owner[sym] = (int8_t)seat;
    s->market_slot[sym] = (uint8_t)slot;
    s->placed[SOK_SRC_MARKET][seat]++;
}

static void place_city(struct sok_state *s, int seat, int slot)
{
    const struct sok_tile *t = &s->tiles[slot];
    struct sok_city *city = &s->cities[s->num_cities++];
    city->slot = (uint8_t)slot;
    city->symbols = 0;
    city->filled = 0;
    unsigned filled = 0, symbols = 0;
    for (int i = 0; i < slot; i++) {
        const struct sok_tile *n = &s->tiles[i];
        unsigned near = ((unsigned)(n->x - t->x + 1) <= 2u) & ((unsigned)(n->y - t->y + 1) <= 2u);
        filled += near;
        symbols |= (near & n->face_up) << n->symbol;
    }
    city->filled = (uint8_t)filled;
    city->symbols = (uint8_t)symbols;
    s->placed[SOK_SRC_CITY][seat]++;
}

static void place_crossroad(struct sok_state *s, int seat, int slot, int corner)
{
    const struct sok_tile *t = &s->tiles[slot];
    int dx = sok_corner_dx[corner], dy = sok_corner_dy[corner];
    /* One pass over the tiles finds the other three of the (complete) corner; hits are
     * tallied in 4-bit fields of one word, one field per category. */
    uint32_t tally = 0;
    for (int i = 0; i < slot; i++) {
        const struct sok_tile *n = &s->tiles[i];
        int ox = n->x - t->x, oy = n->y - t->y;
        uint32_t hit = (uint32_t)(((ox == 0) | (ox == dx)) & ((oy == 0) | (oy == dy)));
        tally += hit << (4 * n->category);
    }
    tally += 1u << (4 * t->category);
    uint8_t *inf = s->influence[seat];
    for (int cat = 0; cat < SOK_CATEGORIES; cat++)
        inf[cat] = (uint8_t)(inf[cat] + ((tally >> (4 * cat)) & 15u));
    s->crossroads[seat]++;
    s->placed[SOK_SRC_CROSS][seat]++;
}

/* Scores and removes every City that is complete (value city_close or surrounded). */
static void close_cities(struct sok_state *s)
{
    for (int i = 0; i < s->num_cities;) {
        struct sok_city *city = &s->cities[i];
        int value = sok_city_value(city);
        if (value >= s->city_close || city->filled == 8) {
            int owner = s->tiles[city->slot].owner;
            add_points(s, owner, SOK_SRC_CITY, value);
            s->supply[owner]++;
            s->cities[i] = s->cities[--s->num_cities];
        } else {
            i++;
        }
    }
}

void sok_play(struct sok_state *s, kk_move move)
{
    unsigned cell = SOK_MOVE_CELL(move);
    int face_up = !SOK_MOVE_DOWN(move), token = SOK_MOVE_TOKEN(move);
    int seat = s->seat, x = 0, y = 0;

    /* A legal cell is beside a tile, inside the grown bounding box. */
    sok_cell_coords(s, cell, &x, &y);
    int slot = sok_place_tile(s, x, y, s->drawn, face_up);
    if (token != SOK_NONE) {
        s->tiles[slot].token = (uint8_t)token;
        s->tiles[slot].owner = (int8_t)seat;
        s->supply[seat]--;
        if (token == SOK_CENTRE && face_up)
            place_market(s, seat, slot);
        else if (token == SOK_CENTRE)
            place_city(s, seat, slot);
        else
            place_crossroad(s, seat, slot, token - SOK_NE);
    }
    if (s->num_cities)
        close_cities(s);

    s->turns[seat]++;
    s->drawn = -1;
    s->seat = (uint8_t)((seat + 1) % s->players);
    if (s->bag_left == 0) {
        sok_end_scoring(s);
        s->terminal = 1;
    }
}

void sok_crossroad_awards(const struct sok_state *s, int32_t *out)
{
    for (int cat = 0; cat < SOK_CATEGORIES; cat++) {
        int best = 0, tied = 0;
        for (int p = 0; p < s->players; p++) {
            int v = s->influence[p][cat];
            if (v > best) {
                best = v;
                tied = 1;
            } else if (v == best && v > 0) {
                tied++;
            }
        }
        if (best == 0)
            continue;
        int award = tied == 1 ? s->cross_points : s->cross_tie[tied - 2];
        for (int p = 0; p < s->players; p++)
            if (s->influence[p][cat] == best)
                out[p] += award;
    }
}

void sok_end_scoring(struct sok_state *s)
{
    for (int sym = 0; sym < SOK_SYMBOLS; sym++)
        if (s->market_owner[sym] >= 0)
            add_points(s, s->market_owner[sym], SOK_SRC_MARKET, s->face_up_count[sym]);
    for (int i = 0; i < s->num_cities; i++)
        add_points(s, s->tiles[s->cities[i].slot].owner, SOK_SRC_CITY,
                   sok_city_value(&s->cities[i]));
    int32_t awards[SOK_MAX_PLAYERS] = {0};
    sok_crossroad_awards(s, awards);
    for (int p = 0; p < s->players; p++)
        add_points(s, p, SOK_SRC_CROSS, awards[p]);
    /* Tokens stay on the table so the final position can still be shown and checked. */
}
