/* Son of Kark: placing tiles and tokens, and scoring. This is the playout hot path: every
 * update is local to the placed cell (its 4 neighbours and 4 corner points) and keeps the
 * move counts of struct sok_state exact without rescanning the board. */
#include <stdlib.h>
#include <string.h>

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

/* Number of complete corners of cell (in the corner masks). */
static inline unsigned corners_at(const struct sok_state *s, unsigned cell)
{
    unsigned w = cell >> 6, bit = cell & 63;
    return (unsigned)(((s->corner[0][w] >> bit) & 1u) + ((s->corner[1][w] >> bit) & 1u) +
                      ((s->corner[2][w] >> bit) & 1u) + ((s->corner[3][w] >> bit) & 1u));
}

/* Corner k of the new tile c: if its point now holds exactly 3 tiles, the empty 4th cell
 * gains a complete corner. Seen from that cell the point is mirrored in x (k ^ 1), in y
 * (k ^ 2) or in both (k ^ 3). Branch-free; the offsets are compile-time constants. */
static inline void gain_corner(struct sok_state *s, unsigned c, unsigned k, unsigned off_a,
                               unsigned off_b, unsigned off_d)
{
    unsigned a = (c + off_a) & (SOK_CELLS - 1), b = (c + off_b) & (SOK_CELLS - 1),
             d = (c + off_d) & (SOK_CELLS - 1);
    unsigned oa = (unsigned)sok_bit(s->occupied, a), ob = (unsigned)sok_bit(s->occupied, b),
             od = (unsigned)sok_bit(s->occupied, d);
    unsigned pick_a = !oa, pick_b = oa & !ob, pick_d = oa & ob;
    unsigned empty = (a & -pick_a) | (b & -pick_b) | (d & -pick_d);
    unsigned corner = k ^ (pick_a | pick_b << 1 | pick_d * 3);
    unsigned add = oa + ob + od == 2;
    unsigned we = empty >> 6;
    unsigned add_down = add & !sok_bit(s->no_down, empty);
    s->corner[corner][we] |= (uint64_t)add << (empty & 63);
    s->corner_count[0][we] = (uint16_t)(s->corner_count[0][we] + add);
    s->corner_count[1][we] = (uint16_t)(s->corner_count[1][we] + add_down);
    s->n_corners = (uint16_t)(s->n_corners + add);
    s->n_corners_down_ok = (uint16_t)(s->n_corners_down_ok + add_down);
}

/* Empty neighbour n of a new tile joins the frontier unless it is there already. */
static inline void touch_neighbour(struct sok_state *s, unsigned n)
{
    unsigned w = n >> 6, bit = n & 63;
    unsigned add = !(((s->occupied[w] | s->frontier[w]) >> bit) & 1u);
    unsigned down_ok = add & !((s->no_down[w] >> bit) & 1u);
    s->frontier[w] |= (uint64_t)add << bit;
    s->cell_count[0][w] = (uint16_t)(s->cell_count[0][w] + add);
    s->cell_count[1][w] = (uint16_t)(s->cell_count[1][w] + down_ok);
    s->n_frontier = (uint16_t)(s->n_frontier + add);
    s->n_down_ok = (uint16_t)(s->n_down_ok + down_ok);
}

/* Neighbour n of a new face-down tile: face down is forbidden there from now on. */
static inline void forbid_down(struct sok_state *s, unsigned n)
{
    unsigned w = n >> 6, bit = n & 63;
    unsigned fresh = !(((s->no_down[w] | s->occupied[w]) >> bit) & 1u);
    unsigned lost = corners_at(s, n) & -fresh;
    s->n_down_ok = (uint16_t)(s->n_down_ok - fresh);
    s->cell_count[1][w] = (uint16_t)(s->cell_count[1][w] - fresh);
    s->n_corners_down_ok = (uint16_t)(s->n_corners_down_ok - lost);
    s->corner_count[1][w] = (uint16_t)(s->corner_count[1][w] - lost);
    s->no_down[w] |= (uint64_t)1 << bit;
}

#define SOK_OFF(dx, dy) ((unsigned)((dx) + SOK_STRIDE * (dy)))

/* Branch-light on purpose: in random playouts every condition below is a coin flip, and
 * mispredicted branches, not arithmetic, dominate the cost of a turn. */
int sok_place_tile(struct sok_state *s, int x, int y, int symbol, int face_up)
{
    unsigned c = sok_cell(x, y), wc = c >> 6;
    unsigned down_ok_here = !sok_bit(s->no_down, c);

    if (sok_bit(s->frontier, c)) { /* false only for the two setup tiles */
        sok_clear(s->frontier, c);
        s->n_frontier--;
        s->cell_count[0][wc]--;
        s->n_down_ok = (uint16_t)(s->n_down_ok - down_ok_here);
        s->cell_count[1][wc] = (uint16_t)(s->cell_count[1][wc] - down_ok_here);
    }
    sok_set(s->occupied, c);

    /* The complete corners of c are gone with its cell. */
    unsigned gone = corners_at(s, c), gone_down = gone & -down_ok_here;
    for (int k = 0; k < 4; k++)
        s->corner[k][wc] &= ~((uint64_t)1 << (c & 63));
    s->n_corners = (uint16_t)(s->n_corners - gone);
    s->corner_count[0][wc] = (uint16_t)(s->corner_count[0][wc] - gone);
    s->n_corners_down_ok = (uint16_t)(s->n_corners_down_ok - gone_down);
    s->corner_count[1][wc] = (uint16_t)(s->corner_count[1][wc] - gone_down);
    gain_corner(s, c, 0, SOK_OFF(1, 0), SOK_OFF(0, -1), SOK_OFF(1, -1));   /* NE */
    gain_corner(s, c, 1, SOK_OFF(-1, 0), SOK_OFF(0, -1), SOK_OFF(-1, -1)); /* NW */
    gain_corner(s, c, 2, SOK_OFF(1, 0), SOK_OFF(0, 1), SOK_OFF(1, 1));     /* SE */
    gain_corner(s, c, 3, SOK_OFF(-1, 0), SOK_OFF(0, 1), SOK_OFF(-1, 1));   /* SW */

    unsigned east = (c + SOK_OFF(1, 0)) & (SOK_CELLS - 1);
    unsigned west = (c + SOK_OFF(-1, 0)) & (SOK_CELLS - 1);
    unsigned south = (c + SOK_OFF(0, 1)) & (SOK_CELLS - 1);
    unsigned north = (c + SOK_OFF(0, -1)) & (SOK_CELLS - 1);
    touch_neighbour(s, east);
    touch_neighbour(s, west);
    touch_neighbour(s, south);
    touch_neighbour(s, north);
    if (!face_up) {
        forbid_down(s, east);
        forbid_down(s, west);
        forbid_down(s, south);
        forbid_down(s, north);
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
    int near_city = sok_bit(s->city_zone, c);
    for (int i = 0; near_city && i < s->num_cities; i++) {
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

/* Marks the 8 cells around the City on tile slot. */
static void zone_add(struct sok_state *s, int slot)
{
    const struct sok_tile *t = &s->tiles[slot];
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx || dy)
                sok_set(s->city_zone, sok_cell(t->x + dx, t->y + dy));
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
    zone_add(s, slot);
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
    int closed = 0;
    for (int i = 0; i < s->num_cities;) {
        struct sok_city *city = &s->cities[i];
        int value = sok_city_value(city);
        if (value >= s->city_close || city->filled == 8) {
            int owner = s->tiles[city->slot].owner;
            add_points(s, owner, SOK_SRC_CITY, value);
            s->supply[owner]++;
            s->cities[i] = s->cities[--s->num_cities];
            closed = 1;
        } else {
            i++;
        }
    }
    if (closed) {
        memset(s->city_zone, 0, sizeof s->city_zone);
        for (int i = 0; i < s->num_cities; i++)
            zone_add(s, s->cities[i].slot);
    }
}

void sok_play(struct sok_state *s, kk_move move)
{
    unsigned cell = SOK_MOVE_CELL(move);
    int face_up = !SOK_MOVE_DOWN(move), token = SOK_MOVE_TOKEN(move);
    int seat = s->seat, x = 0, y = 0;

    /* A legal cell is beside a tile, inside the grown bounding box. */
    sok_cell_coords(s, cell, &x, &y);
    int city_changed = sok_bit(s->city_zone, cell);
    int slot = sok_place_tile(s, x, y, s->drawn, face_up);
    if (token != SOK_NONE) {
        s->tiles[slot].token = (uint8_t)token;
        s->tiles[slot].owner = (int8_t)seat;
        s->supply[seat]--;
        if (token == SOK_CENTRE && face_up)
            place_market(s, seat, slot);
        else if (token == SOK_CENTRE)
            place_city(s, seat, slot), city_changed = 1;
        else
            place_crossroad(s, seat, slot, token - SOK_NE);
    }
    if (city_changed)
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
