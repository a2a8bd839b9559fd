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
    /* Far from the board a cell index may alias a tile's cell: compare the coordinates. */
    int slot = sok_slot_at(s, sok_cell(x, y));
    if (slot >= 0 && s->tiles[slot].x == x && s->tiles[slot].y == y)
        return slot;
    return -1;
}

#define SOK_OFF(dx, dy) ((unsigned)((dx) + SOK_STRIDE * (dy)))

/* What one cell byte (struct sok_state cells[]) adds to the four packed move counts: a
 * frontier cell counts as a target, and as a face-down target unless SOK_CELL_NO_DOWN;
 * so do its complete corners. A tile's byte adds nothing. Any change of a cell byte
 * changes the counts by contrib[new] - contrib[old]. */
#define SOK_BITS4(b) (((b) & 1) + ((b) >> 1 & 1) + ((b) >> 2 & 1) + ((b) >> 3 & 1))
#define SOK_CONTRIB(b)                                                                       \
    ((b) & SOK_CELL_TILE || !((b) & SOK_CELL_FRONTIER)                                       \
         ? 0                                                                                 \
         : (uint64_t)1 << SOK_COUNT_SHIFT(0) |                                               \
               (uint64_t)!((b) & SOK_CELL_NO_DOWN) << SOK_COUNT_SHIFT(1) |                   \
               (uint64_t)SOK_BITS4(b) << SOK_COUNT_SHIFT(2) |                                \
               (uint64_t)(((b) & SOK_CELL_NO_DOWN) ? 0 : SOK_BITS4(b)) << SOK_COUNT_SHIFT(3))
#define SOK_CONTRIB4(b) SOK_CONTRIB(b), SOK_CONTRIB(b + 1), SOK_CONTRIB(b + 2), SOK_CONTRIB(b + 3)
#define SOK_CONTRIB16(b) SOK_CONTRIB4(b), SOK_CONTRIB4(b + 4), SOK_CONTRIB4(b + 8), SOK_CONTRIB4(b + 12)
static const uint64_t contrib[128] = {
    SOK_CONTRIB16(0),  SOK_CONTRIB16(16), SOK_CONTRIB16(32), SOK_CONTRIB16(48),
    SOK_CONTRIB16(64), SOK_CONTRIB16(80), SOK_CONTRIB16(96), SOK_CONTRIB16(112),
};

/* Sets bits `add` in the byte (old) of cell n and moves the counts by the change. */
static inline void update_cell(struct sok_state *s, unsigned n, unsigned old, unsigned add,
                               uint64_t *delta)
{
    unsigned now = old | add;
    uint64_t d = contrib[now] - contrib[old];
    *delta += d;
    s->word_count[n >> 6].all += d;
    s->cells[n] = (uint8_t)now;
}

/* Orthogonal neighbour n (byte old, empty: 1 when it holds no tile) of a new tile: it
 * joins the frontier, and after a face-down tile (no_down = SOK_CELL_NO_DOWN) face down is
 * forbidden there (the mask bit is kept for occupied cells too). */
static inline void update_side(struct sok_state *s, unsigned n, unsigned old, unsigned empty,
                               unsigned no_down, unsigned gain, uint64_t *delta)
{
    unsigned w = n >> 6, bit = n & 63;
    s->frontier[w] |= (uint64_t)empty << bit;
    s->no_down[w] |= (uint64_t)(no_down != 0) << bit;
    update_cell(s, n, old, (SOK_CELL_FRONTIER | no_down | gain) & -empty, delta);
}

/* Places a tile on the empty cell c = sok_cell(x, y). Branch-light on purpose: in random
 * playouts most conditions below are coin flips, and mispredicted branches, not
 * arithmetic, dominate the cost of a turn. Forced inline into sok_play (the hot caller):
 * a call would spill and restore half the registers on every turn. */
__attribute__((always_inline)) static inline int place_at(struct sok_state *s, unsigned c, int x, int y, int symbol,
                           int face_up)
{
    unsigned wc = c >> 6, bc = c & 63;
    /* The 8 surrounding cells and their bytes, all read before any byte is stored (a
     * byte store may alias anything and would force later loads to be repeated). */
    unsigned e = (c + SOK_OFF(1, 0)) & (SOK_CELLS - 1), w = (c + SOK_OFF(-1, 0)) & (SOK_CELLS - 1),
             so = (c + SOK_OFF(0, 1)) & (SOK_CELLS - 1), n = (c + SOK_OFF(0, -1)) & (SOK_CELLS - 1),
             ne = (c + SOK_OFF(1, -1)) & (SOK_CELLS - 1), nw = (c + SOK_OFF(-1, -1)) & (SOK_CELLS - 1),
             se = (c + SOK_OFF(1, 1)) & (SOK_CELLS - 1), sw = (c + SOK_OFF(-1, 1)) & (SOK_CELLS - 1);
    const uint8_t *cells = s->cells;
    unsigned be = cells[e], bw = cells[w], bs = cells[so], bn = cells[n], bne = cells[ne],
             bnw = cells[nw], bse = cells[se], bsw = cells[sw], bc_old = cells[c];
    /* Occupancy: SOK_CELL_TILE (1 << 6) when the cell holds a tile, else 0. */
    unsigned oe = be & SOK_CELL_TILE, ow = bw & SOK_CELL_TILE, os = bs & SOK_CELL_TILE,
             on = bn & SOK_CELL_TILE, one = bne & SOK_CELL_TILE, onw = bnw & SOK_CELL_TILE,
             ose = bse & SOK_CELL_TILE, osw = bsw & SOK_CELL_TILE;

    /* The cell leaves the frontier (it is not in it only for the two setup tiles), and
     * its complete corners go with it. */
    uint64_t delta = -contrib[bc_old];
    s->word_count[wc].all += delta;
    s->frontier[wc] &= ~((uint64_t)1 << bc);

    /* Complete corners gained. Each corner point of the new tile has three other cells;
     * when two of them hold tiles, the empty third gains that point as a corner, named
     * from where it stands (bit k: 0..3 = NE NW SE SW). E.g. the point NE of the tile is
     * the NW corner of the east cell, the SE corner of the north cell and the SW corner
     * of the north-east cell. (Gains for occupied cells are masked off below.) */
    unsigned gain_e = (on & one) >> 5 | (os & ose) >> 3;
    unsigned gain_w = (on & onw) >> 6 | (os & osw) >> 4;
    unsigned gain_n = (oe & one) >> 4 | (ow & onw) >> 3;
    unsigned gain_s = (oe & ose) >> 6 | (ow & osw) >> 5;
    unsigned no_down = face_up ? 0u : SOK_CELL_NO_DOWN;
    update_side(s, e, be, !oe, no_down, gain_e, &delta);
    update_side(s, w, bw, !ow, no_down, gain_w, &delta);
    update_side(s, so, bs, !os, no_down, gain_s, &delta);
    update_side(s, n, bn, !on, no_down, gain_n, &delta);
    /* A diagonal cell changes only when it gains a corner: rare, so a branch pays. */
    if ((oe & on) > one)
        update_cell(s, ne, bne, 1u << 3, &delta);
    if ((ow & on) > onw)
        update_cell(s, nw, bnw, 1u << 2, &delta);
    if ((oe & os) > ose)
        update_cell(s, se, bse, 1u << 1, &delta);
    if ((ow & os) > osw)
        update_cell(s, sw, bsw, 1u << 0, &delta);
    s->counts += delta;
    int slot = s->num_tiles++;
    s->cells[c] = (uint8_t)(SOK_CELL_TILE | slot);

    /* The box starts at the first tile, 0,0 (init zeroes it). */
    s->min_x = (int8_t)(x < s->min_x ? x : s->min_x);
    s->max_x = (int8_t)(x > s->max_x ? x : s->max_x);
    s->min_y = (int8_t)(y < s->min_y ? y : s->min_y);
    s->max_y = (int8_t)(y > s->max_y ? y : s->max_y);

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

int sok_place_tile(struct sok_state *s, int x, int y, int symbol, int face_up)
{
    return place_at(s, sok_cell(x, y), x, y, symbol, face_up);
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
    unsigned c = sok_cell(t->x, t->y);
    static const unsigned around[8] = {SOK_OFF(-1, -1), SOK_OFF(0, -1), SOK_OFF(1, -1),
                                       SOK_OFF(-1, 0),  SOK_OFF(1, 0),  SOK_OFF(-1, 1),
                                       SOK_OFF(0, 1),   SOK_OFF(1, 1)};
    for (int i = 0; i < 8; i++)
        sok_set(s->city_zone, (c + around[i]) & (SOK_CELLS - 1));
}

static void place_city(struct sok_state *s, int seat, int slot)
{
    const struct sok_tile *t = &s->tiles[slot];
    struct sok_city *city = &s->cities[s->num_cities++];
    unsigned c = sok_cell(t->x, t->y), filled = 0, symbols = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int n = sok_slot_at(s, sok_step(c, dx, dy));
            if ((dx || dy) && n >= 0) {
                filled++;
                symbols |= (unsigned)s->tiles[n].face_up << s->tiles[n].symbol;
            }
        }
    city->slot = (uint8_t)slot;
    city->filled = (uint8_t)filled;
    city->symbols = (uint8_t)symbols;
    zone_add(s, slot);
    s->placed[SOK_SRC_CITY][seat]++;
}

static void place_crossroad(struct sok_state *s, int seat, int slot, int corner)
{
    const struct sok_tile *t = &s->tiles[slot];
    unsigned c = sok_cell(t->x, t->y);
    int dx = sok_corner_dx[corner], dy = sok_corner_dy[corner];
    /* The corner is complete: the other three tiles at it are certainly there. */
    const struct sok_tile *a = &s->tiles[sok_slot_at(s, sok_step(c, dx, 0))];
    const struct sok_tile *b = &s->tiles[sok_slot_at(s, sok_step(c, 0, dy))];
    const struct sok_tile *d = &s->tiles[sok_slot_at(s, sok_step(c, dx, dy))];
    uint8_t *inf = s->influence[seat];
    inf[t->category]++;
    inf[a->category]++;
    inf[b->category]++;
    inf[d->category]++;
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
    int seat = s->seat;

    /* A legal cell is in the frontier: a tile beside it gives its coordinates. Which
     * neighbour holds one is a coin flip, so a table picks it rather than branches. */
    static const int8_t pick[16] = {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};
    static const int8_t beside_dx[4] = {1, -1, 0, 0}, beside_dy[4] = {0, 0, 1, -1};
    const uint8_t *cells = s->cells;
    unsigned held = (cells[(cell + 1) & (SOK_CELLS - 1)] >> 6 & 1u) |
                    (cells[(cell - 1) & (SOK_CELLS - 1)] >> 5 & 2u) |
                    (cells[(cell + SOK_STRIDE) & (SOK_CELLS - 1)] >> 4 & 4u) |
                    (cells[(cell - SOK_STRIDE) & (SOK_CELLS - 1)] >> 3 & 8u);
    int i = pick[held], dx = beside_dx[i], dy = beside_dy[i];
    unsigned at = (cell + (unsigned)(dx + SOK_STRIDE * dy)) & (SOK_CELLS - 1);
    const struct sok_tile *beside = &s->tiles[cells[at] & 63u];
    int x = beside->x - dx, y = beside->y - dy;
    int city_changed = sok_bit(s->city_zone, cell);
    int slot = place_at(s, cell, x, y, s->drawn, face_up);
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
    s->seat = (uint8_t)(seat + 1 == s->players ? 0 : seat + 1);
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
