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

/* Removes value from an unordered list of n entries (it must be there). */
static void list_remove(uint16_t *list, uint16_t *n, unsigned value)
{
    unsigned i = 0;
    while (list[i] != value)
        i++;
    list[i] = list[--*n];
}

/* Updates the lists when cell becomes one where face down is forbidden. */
static void forbid_down(struct sok_state *s, unsigned cell)
{
    list_remove(s->down_ok_list, &s->n_down_ok, cell);
    for (unsigned i = 0; i < s->n_corners; i++)
        s->n_corners_down_ok -= (uint16_t)((s->corner_list[i] & (SOK_CELLS - 1)) == cell);
}

int sok_place_tile(struct sok_state *s, int x, int y, int symbol, int face_up)
{
    unsigned c = sok_cell(x, y);
    int down_ok_here = !sok_bit(s->no_down, c);

    if (sok_bit(s->frontier, c)) {
        sok_clear(s->frontier, c);
        list_remove(s->frontier_list, &s->n_frontier, c);
        if (down_ok_here)
            list_remove(s->down_ok_list, &s->n_down_ok, c);
    }
    sok_set(s->occupied, c);

    /* Corner points around c: one with 3 tiles now is complete for its empty 4th cell;
     * one with 4 tiles was complete for c until now. Seen from the empty cell, the point
     * is mirrored in x (k ^ 1), in y (k ^ 2) or in both (k ^ 3). */
    for (unsigned k = 0; k < 4; k++) {
        unsigned a = sok_step(c, sok_corner_dx[k], 0);
        unsigned b = sok_step(c, 0, sok_corner_dy[k]);
        unsigned d = sok_step(c, sok_corner_dx[k], sok_corner_dy[k]);
        int oa = sok_bit(s->occupied, a), ob = sok_bit(s->occupied, b),
            od = sok_bit(s->occupied, d);
        int n = oa + ob + od;
        if (n == 3) {
            list_remove(s->corner_list, &s->n_corners, c | k << SOK_CELL_BITS);
            s->n_corners_down_ok -= (uint16_t)down_ok_here;
        } else if (n == 2) {
            unsigned empty = !oa ? a : !ob ? b : d;
            unsigned corner = !oa ? k ^ 1 : !ob ? k ^ 2 : k ^ 3;
            s->corner_list[s->n_corners++] = (uint16_t)(empty | corner << SOK_CELL_BITS);
            s->n_corners_down_ok += (uint16_t)!sok_bit(s->no_down, empty);
        }
    }

    for (int k = 0; k < 4; k++) {
        unsigned n = sok_step(c, sok_dir_dx[k], sok_dir_dy[k]);
        if (!sok_bit(s->occupied, n) && !sok_bit(s->frontier, n)) {
            sok_set(s->frontier, n);
            s->frontier_list[s->n_frontier++] = (uint16_t)n;
            if (!sok_bit(s->no_down, n))
                s->down_ok_list[s->n_down_ok++] = (uint16_t)n;
        }
    }
    if (!face_up) {
        for (int k = 0; k < 4; k++) {
            unsigned n = sok_step(c, sok_dir_dx[k], sok_dir_dy[k]);
            if (sok_bit(s->no_down, n))
                continue;
            sok_set(s->no_down, n);
            if (!sok_bit(s->occupied, n))
                forbid_down(s, n);
        }
    }

    if (s->num_tiles == 0) {
        s->min_x = s->max_x = (int8_t)x;
        s->min_y = s->max_y = (int8_t)y;
    }
    if (x < s->min_x)
        s->min_x = (int8_t)x;
    if (x > s->max_x)
        s->max_x = (int8_t)x;
    if (y < s->min_y)
        s->min_y = (int8_t)y;
    if (y > s->max_y)
        s->max_y = (int8_t)y;

    int slot = s->num_tiles++;
    struct sok_tile *t = &s->tiles[slot];
    t->cell = (uint16_t)c;
    t->x = (int8_t)x;
    t->y = (int8_t)y;
    t->symbol = (uint8_t)symbol;
    t->face_up = (uint8_t)face_up;
    t->token = SOK_NONE;
    t->owner = -1;
    if (face_up)
        s->face_up_count[symbol]++;

    for (int i = 0; i < s->num_cities; i++) {
        struct sok_city *city = &s->cities[i];
        const struct sok_tile *ct = &s->tiles[city->slot];
        int dx = x - ct->x, dy = y - ct->y;
        if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) {
            city->filled++;
            if (face_up)
                city->symbols |= (uint8_t)(1u << symbol);
        }
    }
    return slot;
}

/* Category of a placed tile for Crossroad majorities. */
static int category(const struct sok_tile *t)
{
    return t->face_up ? t->symbol : SOK_CITY;
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
    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *n = &s->tiles[i];
        int dx = n->x - t->x, dy = n->y - t->y;
        if (i == slot || dx < -1 || dx > 1 || dy < -1 || dy > 1)
            continue;
        city->filled++;
        if (n->face_up)
            city->symbols |= (uint8_t)(1u << n->symbol);
    }
    s->placed[SOK_SRC_CITY][seat]++;
}

static void place_crossroad(struct sok_state *s, int seat, int slot, int corner)
{
    const struct sok_tile *t = &s->tiles[slot];
    int dx = sok_corner_dx[corner], dy = sok_corner_dy[corner];
    uint8_t *inf = s->influence[seat];
    inf[category(t)]++;
    /* One pass over the tiles finds the other three of the (complete) corner. */
    for (int i = 0; i < s->num_tiles; i++) {
        const struct sok_tile *n = &s->tiles[i];
        int ox = n->x - t->x, oy = n->y - t->y;
        if (i != slot && (ox == 0 || ox == dx) && (oy == 0 || oy == dy))
            inf[category(n)]++;
    }
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
