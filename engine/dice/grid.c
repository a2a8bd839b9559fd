/* The dice game's build grid: the (at most 9) dice of the turn as a list of cells and edge
 * bits in a 17 x 17 window around the first die. Every query scans the list, which is
 * shorter than any board of the window; legal_moves asks once for the needs of all cells. */
#include <string.h>

#include "dice.h"

void dice_grid_place(struct dice_grid *g, int cell, unsigned edges)
{
    g->cell[g->count] = (uint16_t)cell;
    g->edges[g->count++] = (uint8_t)edges;
}

int dice_grid_find(const struct dice_grid *g, int cell)
{
    for (int i = 0; i < g->count; i++)
        if (g->cell[i] == cell)
            return i;
    return -1;
}

unsigned dice_grid_edges(const struct dice_grid *g, int cell)
{
    int i = dice_grid_find(g, cell);
    return i < 0 ? 0 : g->edges[i];
}

void dice_grid_needs(const struct dice_grid *g, int touching, uint8_t *need)
{
    if (!g->count) {
        /* The first die of a turn goes to the origin; nothing is asked of it there. */
        memset(need, DICE_NEED_NONE, DICE_CELLS);
        need[DICE_ORIGIN_CELL] = 0;
        return;
    }
    memset(need, touching ? DICE_NEED_NONE : 0, DICE_CELLS);
    if (touching)
        for (int i = 0; i < g->count; i++)
            for (int d = 0; d < 4; d++) {
                int c = dice_step(g->cell[i], d);
                if (c >= 0)
                    need[c] = 0;
            }
    /* Side (d + 2) % 4 of the cell beyond side d of a die touches that side. */
    for (int i = 0; i < g->count; i++)
        for (int d = 0; d < 4; d++) {
            int c = dice_step(g->cell[i], d);
            if (c >= 0)
                need[c] |= (uint8_t)(1u << ((d + 2) & 3) << ((g->edges[i] >> d) & 1u ? 0 : 4));
        }
    for (int i = 0; i < g->count; i++)
        need[g->cell[i]] = DICE_NEED_NONE;
}

unsigned dice_grid_need(const struct dice_grid *g, int touching, int cell)
{
    if (!g->count)
        return cell == DICE_ORIGIN_CELL ? 0 : DICE_NEED_NONE;
    /* One pass over the list: random_move asks this of a random cell on every draw. */
    unsigned need = 0;
    int col = cell % DICE_GRID, touches = 0;
    for (int i = 0; i < g->count; i++) {
        int diff = g->cell[i] - cell, d;
        if (diff == 0)
            return DICE_NEED_NONE;
        if (diff == DICE_GRID)
            d = 0;
        else if (diff == 1 && col + 1 < DICE_GRID)
            d = 1;
        else if (diff == -DICE_GRID)
            d = 2;
        else if (diff == -1 && col > 0)
            d = 3;
        else
            continue;
        touches = 1;
        need |= 1u << d << ((g->edges[i] >> ((d + 2) & 3)) & 1u ? 0 : 4);
    }
    return touching && !touches ? DICE_NEED_NONE : need;
}

/* One pass over the pairs of dice (contract in dice.h). Placement keeps touching edges
 * matched, so a city edge facing a die faces a city edge of it. */
void dice_grid_links(const struct dice_grid *g, int8_t (*link)[4])
{
    memset(link, -1, sizeof(int8_t[4]) * g->count);
    for (int i = 0; i < g->count; i++)
        for (int j = i + 1; j < g->count; j++) {
            int diff = g->cell[j] - g->cell[i], d;
            if (diff == DICE_GRID)
                d = 0;
            else if (diff == 1 && g->cell[i] % DICE_GRID + 1 < DICE_GRID)
                d = 1;
            else if (diff == -DICE_GRID)
                d = 2;
            else if (diff == -1 && g->cell[i] % DICE_GRID > 0)
                d = 3;
            else
                continue;
            if ((g->edges[i] >> d) & 1u) {
                link[i][d] = (int8_t)j;
                link[j][(d + 2) & 3] = (int8_t)i;
            }
        }
}

uint16_t dice_grid_flood(const int8_t (*link)[4], int die)
{
    uint16_t members = (uint16_t)(1u << die), todo = members;
    while (todo) {
        int i = __builtin_ctz(todo);
        todo &= (uint16_t)(todo - 1);
        for (int d = 0; d < 4; d++) {
            int j = link[i][d];
            if (j >= 0 && !((members >> j) & 1u)) {
                members |= (uint16_t)(1u << j);
                todo |= (uint16_t)(1u << j);
            }
        }
    }
    return members;
}

uint16_t dice_grid_city(const struct dice_grid *g, int die)
{
    int8_t link[DICE_COUNT][4];
    dice_grid_links(g, link);
    return dice_grid_flood((const int8_t (*)[4])link, die);
}

int dice_grid_cities(const struct dice_grid *g, uint8_t *city)
{
    int8_t link[DICE_COUNT][4];
    dice_grid_links(g, link);
    int n = 0;
    uint16_t left = (uint16_t)((1u << g->count) - 1);
    while (left) {
        uint16_t members = dice_grid_flood((const int8_t (*)[4])link, __builtin_ctz(left));
        left &= (uint16_t)~members;
        for (int i = 0; i < g->count; i++)
            if ((members >> i) & 1u)
                city[i] = (uint8_t)n;
        n++;
    }
    return n;
}

int dice_grid_open_edges(const struct dice_grid *g, uint16_t members)
{
    int8_t link[DICE_COUNT][4];
    dice_grid_links(g, link);
    return dice_grid_open_edges_linked(g, (const int8_t (*)[4])link, members);
}

int dice_grid_open_edges_linked(const struct dice_grid *g, const int8_t (*link)[4],
                                uint16_t members)
{
    int open = 0;
    for (int i = 0; i < g->count; i++)
        if ((members >> i) & 1u)
            for (int d = 0; d < 4; d++)
                /* A city edge is open unless it is joined to a die: facing an empty cell,
                 * or the window's border, which can never be closed. */
                open += ((g->edges[i] >> d) & 1u) && link[i][d] < 0;
    return open;
}

int dice_grid_largest_closed(const struct dice_grid *g)
{
    return dice_grid_count_closed(g, NULL);
}

int dice_grid_count_closed(const struct dice_grid *g, int *counts)
{
    int8_t link[DICE_COUNT][4];
    dice_grid_links(g, link);
    int best = 0;
    uint16_t left = (uint16_t)((1u << g->count) - 1);
    while (left) {
        uint16_t members = dice_grid_flood((const int8_t (*)[4])link, __builtin_ctz(left));
        left &= (uint16_t)~members;
        if (dice_grid_open_edges_linked(g, (const int8_t (*)[4])link, members) == 0) {
            int n = dice_popcount(members);
            if (counts)
                counts[n]++;
            if (n > best)
                best = n;
        }
    }
    return best;
}

int dice_grid_sort_cities(const struct dice_grid *g, const int8_t (*link)[4], int *largest_closed,
                          uint16_t *open)
{
    int nopen = 0;
    *largest_closed = 0;
    uint16_t left = (uint16_t)((1u << g->count) - 1);
    while (left) {
        uint16_t members = dice_grid_flood(link, __builtin_ctz(left));
        left &= (uint16_t)~members;
        if (dice_grid_open_edges_linked(g, link, members) == 0) {
            int n = dice_popcount(members);
            if (n > *largest_closed)
                *largest_closed = n;
        } else {
            open[nopen++] = members;
        }
    }
    return nopen;
}

int dice_city_points(int n)
{
    static const int points[DICE_COUNT + 1] = {0, 0, 0, 1, 3, 6, 10, 15, 21, 28};
    return n < 0 ? 0 : points[n > DICE_COUNT ? DICE_COUNT : n];
}
