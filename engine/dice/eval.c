/* The greedy evaluation of the dice game: a seat's total, plus for the player whose turn
 * it is the value of the turn so far, which is the larger of the largest closed city's
 * points and the chance-weighted points of each open city (rules doc, "Evaluation"). */
#include "dice.h"

/* Worth of holding a knight die: roughly what doubling an ordinary turn adds. Greedy
 * self-play changed little for values from 2 to 7. */
#define DICE_KNIGHT_VALUE 3.0
/* A die already thrown that matches a hole closes it unless the hole's other sides
 * clash with it (rare): counted as this likely. */
#define DICE_READY_FITS 0.9

#define COL_FIRST 0x0101010101010101ULL
#define COL_LAST 0x8080808080808080ULL

/* The layout whose rotation has exactly these city edges. */
static int layout_of(unsigned edges)
{
    switch (dice_popcount(edges)) {
    case 1: return DICE_CAP;
    case 2: return (edges == (DICE_N | DICE_S) || edges == (DICE_E | DICE_W)) ? DICE_STRAIGHT
                                                                               : DICE_CORNER;
    case 3: return DICE_TEE;
    default: return DICE_CROSS;
    }
}

double dice_open_city_value(const struct dice_state *s, uint64_t city)
{
    const struct dice_grid *g = &s->grid;
    uint64_t empty = ~g->occupied;
    /* Empty cells that city edges of this city face, by the side of the hole they touch. */
    uint64_t from_n = ((city & g->city[2]) >> 8) & empty;
    uint64_t from_e = ((city & g->city[3]) >> 1) & ~COL_LAST & empty;
    uint64_t from_s = ((city & g->city[0]) << 8) & empty;
    uint64_t from_w = ((city & g->city[1]) << 1) & ~COL_FIRST & empty;
    uint64_t holes = from_n | from_e | from_s | from_w;
    int n = dice_popcount(city), open = dice_grid_open_edges(g, city);
    int inside = dice_popcount(from_n) + dice_popcount(from_e) + dice_popcount(from_s) +
                 dice_popcount(from_w);
    if (open != inside)
        return 0; /* a city edge against the window border never closes */

    int ready[DICE_KINDS] = {0}, spare = 0, throws = DICE_ROLLS - s->rolls_done;
    if (s->phase == DICE_PHASE_DECIDE)
        for (int k = 0; k < s->num_kinds; k++)
            ready[k] = s->rolled_kind[k];
    double reach = 1.0;
    int waiting = 0;                 /* holes left for dice still to be thrown */
    double need_chance[DICE_COUNT]; /* per throw of one die: shows the hole's face */
    int holes_n = dice_popcount(holes);
    if (holes_n > DICE_COUNT - n)
        return 0; /* more holes than dice in the game */
    for (uint64_t left = holes; left; left &= left - 1) {
        uint64_t bit = left & (0 - left);
        unsigned want = ((from_n & bit) ? DICE_N : 0) | ((from_e & bit) ? DICE_E : 0) |
                        ((from_s & bit) ? DICE_S : 0) | ((from_w & bit) ? DICE_W : 0);
        int layout = layout_of(want), kind = -1;
        for (int k = 0; k < s->num_kinds; k++)
            if (s->kind_layout[k] == layout)
                kind = k;
        if (kind < 0)
            return 0; /* no face of these dice fills this hole */
        if (ready[kind] > 0) {
            ready[kind]--;
            reach *= DICE_READY_FITS;
        } else {
            need_chance[waiting++] = s->kind_slots[kind] / 6.0;
        }
    }
    /* Dice that can still be thrown: those in hand not needed for a hole. */
    if (s->phase == DICE_PHASE_ROLL) {
        spare = s->to_roll;
    } else {
        for (int k = 0; k < s->num_kinds; k++)
            spare += ready[k];
        spare += s->rolled_knights;
        if (throws == 0)
            spare = 0;
    }
    /* Each waiting hole needs its own die to show the right face on one of the remaining
     * throws; holes are served in turn by the dice not yet spent on earlier ones. */
    for (int i = 0; i < waiting; i++) {
        int tries = (spare - i) * throws;
        if (tries <= 0)
            return 0;
        double miss = 1.0;
        for (int t = 0; t < tries; t++)
            miss *= 1.0 - need_chance[i];
        reach *= 1.0 - miss;
    }
    return dice_city_points(n + holes_n) * reach;
}

static double turn_value(const struct dice_state *s)
{
    const struct dice_grid *g = &s->grid;
    double best = dice_city_points(dice_grid_largest_closed(g));
    uint64_t left = g->occupied;
    while (left) {
        int cell = __builtin_ctzll(left);
        uint64_t city = dice_grid_city(g, cell);
        left &= ~city;
        if (dice_grid_open_edges(g, city) > 0) {
            double v = dice_open_city_value(s, city);
            if (v > best)
                best = v;
        }
    }
    return s->doubled ? 2 * best : best;
}

double dice_evaluate(const void *state, int seat)
{
    const struct dice_state *s = state;
    double v = s->total[seat] + (s->held[seat] ? DICE_KNIGHT_VALUE : 0.0);
    if (s->phase != DICE_PHASE_OVER && seat == s->seat)
        v += turn_value(s);
    return v;
}
