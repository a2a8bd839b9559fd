/* The dice game's build grid as bitboards: one 64-bit board for occupied cells and one per
 * direction for dice whose edge on that side is city. Legality of a placement and city
 * flood fills are a handful of shifts, which keeps random playouts fast. */
#include "dice.h"

#define COL_FIRST 0x0101010101010101ULL
#define COL_LAST 0x8080808080808080ULL
#define ROW_LAST 0xFF00000000000000ULL
#define ROW_FIRST 0x00000000000000FFULL

static const uint64_t origin_bit = 1ULL << (DICE_ORIGIN * DICE_GRID + DICE_ORIGIN);

/* A board moved one cell in a direction; bits leaving the window are dropped. */
static inline uint64_t go_north(uint64_t b) { return b << 8; }
static inline uint64_t go_south(uint64_t b) { return b >> 8; }
static inline uint64_t go_east(uint64_t b) { return (b << 1) & ~COL_FIRST; }
static inline uint64_t go_west(uint64_t b) { return (b >> 1) & ~COL_LAST; }

static inline int popcount64(uint64_t b) { return dice_popcount(b); }

void dice_grid_adjacency(const struct dice_grid *g, int touching, struct dice_adjacency *a)
{
    uint64_t occ = g->occupied;
    if (!occ) {
        /* The first die of a turn goes to the origin; nothing is forbidden there. */
        a->empty = origin_bit;
        for (int d = 0; d < 4; d++)
            a->city[d] = a->field[d] = 0;
        return;
    }
    a->empty = ~occ;
    if (touching)
        a->empty &= go_north(occ) | go_south(occ) | go_east(occ) | go_west(occ);
    /* Side d of a cell touches the neighbour's opposite side (d + 2) % 4. */
    a->city[0] = go_south(g->city[2]);
    a->field[0] = go_south(occ & ~g->city[2]);
    a->city[1] = go_west(g->city[3]);
    a->field[1] = go_west(occ & ~g->city[3]);
    a->city[2] = go_north(g->city[0]);
    a->field[2] = go_north(occ & ~g->city[0]);
    a->city[3] = go_east(g->city[1]);
    a->field[3] = go_east(occ & ~g->city[1]);
}

uint64_t dice_grid_legal(const struct dice_grid *g, unsigned edges)
{
    struct dice_adjacency a;
    dice_grid_adjacency(g, 0, &a);
    return dice_adjacency_legal(&a, edges);
}

void dice_grid_place(struct dice_grid *g, int cell, unsigned edges)
{
    uint64_t bit = 1ULL << cell;
    g->occupied |= bit;
    for (int d = 0; d < 4; d++)
        g->city[d] |= bit & (0 - (uint64_t)((edges >> d) & 1u));
}

unsigned dice_grid_edges(const struct dice_grid *g, int cell)
{
    unsigned e = 0;
    for (int d = 0; d < 4; d++)
        if ((g->city[d] >> cell) & 1u)
            e |= 1u << d;
    return e;
}

/* Every die joined to `seed` through city edges. Placement keeps touching edges matched,
 * so a city edge always leads to a die whose facing edge is city too. */
static uint64_t flood(const struct dice_grid *g, uint64_t seed)
{
    uint64_t city = seed;
    for (;;) {
        uint64_t grown = city | ((go_north(city & g->city[0]) | go_east(city & g->city[1]) |
                                  go_south(city & g->city[2]) | go_west(city & g->city[3])) &
                                 g->occupied);
        if (grown == city)
            return city;
        city = grown;
    }
}

uint64_t dice_grid_city(const struct dice_grid *g, int cell)
{
    return flood(g, 1ULL << cell);
}

int dice_grid_open_edges(const struct dice_grid *g, uint64_t city)
{
    uint64_t empty = ~g->occupied;
    uint64_t n = city & g->city[0], e = city & g->city[1];
    uint64_t s = city & g->city[2], w = city & g->city[3];
    /* Edges against the window's border can never be closed: they count as open. */
    return popcount64(go_north(n) & empty) + popcount64(n & ROW_LAST) +
           popcount64(go_east(e) & empty) + popcount64(e & COL_LAST) +
           popcount64(go_south(s) & empty) + popcount64(s & ROW_FIRST) +
           popcount64(go_west(w) & empty) + popcount64(w & COL_FIRST);
}

static int city_closed(const struct dice_grid *g, uint64_t city)
{
    uint64_t empty = ~g->occupied;
    uint64_t n = city & g->city[0], e = city & g->city[1];
    uint64_t s = city & g->city[2], w = city & g->city[3];
    return !((go_north(n) & empty) | (n & ROW_LAST) | (go_east(e) & empty) | (e & COL_LAST) |
             (go_south(s) & empty) | (s & ROW_FIRST) | (go_west(w) & empty) | (w & COL_FIRST));
}

int dice_grid_largest_closed(const struct dice_grid *g)
{
    return dice_grid_count_closed(g, NULL);
}

int dice_grid_count_closed(const struct dice_grid *g, int *counts)
{
    int best = 0;
    uint64_t left = g->occupied;
    while (left) {
        uint64_t city = flood(g, left & (~left + 1));
        left &= ~city;
        if (city_closed(g, city)) {
            int n = popcount64(city);
            if (counts)
                counts[n]++;
            if (n > best)
                best = n;
        }
    }
    return best;
}

int dice_city_points(int n)
{
    static const int points[DICE_COUNT + 1] = {0, 0, 0, 1, 3, 6, 10, 15, 21, 28};
    return n < 0 ? 0 : points[n > DICE_COUNT ? DICE_COUNT : n];
}
