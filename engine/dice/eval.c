/* The greedy evaluation of the dice game: a seat's total, plus for the player whose turn
 * it is the value of the turn so far, which is the larger of the largest closed city's
 * points and the chance-weighted points of each open city (rules doc, "Evaluation"). */
#include "dice.h"

/* Worth of holding a knight die: about one ordinary turn's points, which the doubled
 * turn adds (measured mean points per scored turn of greedy play is close to this). */
#define DICE_KNIGHT_VALUE 3.0
/* Chance that a die showing a city face fits the hole it is meant to close. */
#define DICE_FIT 0.5

double dice_open_city_value(const struct dice_state *s, int n, int open)
{
    /* Dice still usable this turn: rolled city dice not yet built can close an edge now;
     * dice still to be thrown (or knights of this roll, which may be re-thrown) each show
     * a city face on one of the remaining throws with chance q: a knight is thrown again,
     * a catapult loses the die. */
    int ready = 0, throwable, throws;
    if (s->phase == DICE_PHASE_ROLL) {
        throwable = s->to_roll;
        throws = DICE_ROLLS - s->rolls_done;
    } else {
        for (int k = 0; k < s->num_kinds; k++)
            ready += s->rolled_kind[k];
        throwable = s->rolled_knights;
        throws = DICE_ROLLS - s->rolls_done;
    }
    double q = 0, again = 1;
    for (int t = 0; t < throws; t++) {
        q += again * (4.0 / 6.0);
        again *= 1.0 / 6.0;
    }
    /* dist[j]: chance that j dice succeed (show a fitting city face). */
    double dist[DICE_COUNT + 1] = {1.0};
    int dice = 0;
    for (int i = 0; i < ready + throwable && dice < DICE_COUNT; i++, dice++) {
        double p = (i < ready ? 1.0 : q) * DICE_FIT;
        for (int j = dice + 1; j > 0; j--)
            dist[j] = dist[j] * (1 - p) + dist[j - 1] * p;
        dist[0] *= 1 - p;
    }
    double reach = 0;
    for (int j = open; j <= dice; j++)
        reach += dist[j];
    return dice_city_points(n + open) * reach;
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
        int open = dice_grid_open_edges(g, city);
        if (open > 0) {
            double v = dice_open_city_value(s, __builtin_popcountll(city), open);
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
