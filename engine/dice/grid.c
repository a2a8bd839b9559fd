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

static inline int popcount64(uint64_t b) { return __builtin_popcountll(b); }

uint64_t dice_grid_legal(const struct dice_grid *g, unsigned edges)
{
    if (!g->occupied)
        return origin_bit;
    uint64_t occ = g->occupied, bad = 0;
    /* For each side of the new die: the neighbour on that side shows the opposite edge;
     * it must be city exactly when ours is. Cells are marked bad from the neighbour. */
    bad |= go_south((edges & DICE_N) ? occ & ~g->city[2] : g->city[2]);
    bad |= go_west((edges & DICE_E) ? occ & ~g->city[3] : g->city[3]);
    bad |= go_north((edges & DICE_S) ? occ & ~g->city[0] : g->city[0]);
    bad |= go_east((edges & DICE_W) ? occ & ~g->city[1] : g->city[1]);
    return ~occ & ~bad;
}

void dice_grid_place(struct dice_grid *g, int cell, unsigned edges)
{
    uint64_t bit = 1ULL << cell;
    g->occupied |= bit;
    for (int d = 0; d < 4; d++)
        if (edges & (1u << d))
            g->city[d] |= bit;
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
    return dice_grid_open_edges(g, city) == 0;
}

int dice_grid_largest_closed(const struct dice_grid *g)
{
    int best = 0;
    uint64_t left = g->occupied;
    while (left) {
        uint64_t city = flood(g, left & (~left + 1));
        left &= ~city;
        int n = popcount64(city);
        if (n > best && city_closed(g, city))
            best = n;
    }
    return best;
}

void dice_grid_count_closed(const struct dice_grid *g, int *counts)
{
    uint64_t left = g->occupied;
    while (left) {
        uint64_t city = flood(g, left & (~left + 1));
        left &= ~city;
        if (city_closed(g, city))
            counts[popcount64(city)]++;
    }
}

int dice_city_points(int n)
{
    static const int points[DICE_COUNT + 1] = {0, 0, 0, 1, 3, 6, 10, 15, 21, 28};
    return n < 0 ? 0 : points[n > DICE_COUNT ? DICE_COUNT : n];
}
