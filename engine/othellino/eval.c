/* Othellino's greedy evaluation and per-game statistics. The evaluation (rules doc,
 * "Evaluation") adds to a seat's disc count its advantage in mobility and in corners:
 * discs alone make a poor guide in Othello, where having moves and holding corners
 * (discs that can never be taken back) decide games. */
#include "othellino.h"

#define OTHL_MOBILITY_WEIGHT 2.0 /* per legal placement more than the opponent */
#define OTHL_CORNER_WEIGHT 5.0   /* per corner more than the opponent */

double othl_evaluate(const void *state, int seat)
{
    const struct othl_state *s = state;
    uint64_t own = s->disc[seat], opp = s->disc[!seat];
    if (s->over) {
        int32_t sc[2];
        kk_game_othellino.scores(s, sc);
        return sc[seat];
    }
    int mobility = othl_popcount(othl_moves(own, opp)) - othl_popcount(othl_moves(opp, own));
    int corners = othl_popcount(own & OTHL_CORNERS) - othl_popcount(opp & OTHL_CORNERS);
    return othl_popcount(own) + OTHL_MOBILITY_WEIGHT * mobility + OTHL_CORNER_WEIGHT * corners;
}

void othl_get_stats(const void *state, double *out)
{
    const struct othl_state *s = state;
    int32_t sc[2];
    kk_game_othellino.scores(s, sc);
    out[OTHL_ST_MARGIN] = sc[0] - sc[1];
    out[OTHL_ST_PASSES] = s->passes;
    for (int p = 0; p < 2; p++)
        out[OTHL_ST_CORNERS + p] = othl_popcount(s->disc[p] & OTHL_CORNERS);
}
