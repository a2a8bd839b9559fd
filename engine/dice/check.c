/* The dice game's consistency check (Debug builds and tests): every die accounted for,
 * the grid well formed with matched edges, counters within their ranges. */
#include "dice.h"

int dice_check(const void *state, kk_error *err)
{
    const struct dice_state *s = state;
    if (s->players < 2 || s->players > DICE_MAX_SEATS || s->seat >= s->players)
        return kk_fail(err, "bad seat %d of %d players", s->seat, s->players);
    if (s->phase > DICE_PHASE_OVER)
        return kk_fail(err, "bad phase %d", s->phase);
    int held = 0;
    for (int p = 0; p < s->players; p++) {
        if (s->held[p] > 1)
            return kk_fail(err, "seat %d holds %d knight dice", p, s->held[p]);
        held += s->held[p];
        if (s->total[p] < 0 || (s->phase != DICE_PHASE_OVER && s->total[p] >= s->goal))
            return kk_fail(err, "seat %d total %d with the game %s", p, s->total[p],
                           s->phase == DICE_PHASE_OVER ? "over" : "going on");
    }
    if (s->turns < 0 || s->turns > s->max_turns)
        return kk_fail(err, "%d turns with max_turns %d", s->turns, s->max_turns);
    if (s->phase == DICE_PHASE_OVER) {
        if (!s->winners || s->winners >> s->players)
            return kk_fail(err, "game over with winners mask %#x", s->winners);
        return 0;
    }
    if (s->held[s->seat])
        return kk_fail(err, "the player to move still holds a knight die");
    int rolled_left = 0;
    for (int k = 0; k < s->num_kinds; k++)
        rolled_left += s->rolled_kind[k];
    rolled_left += s->rolled_knights;
    int in_hand = s->phase == DICE_PHASE_ROLL ? s->to_roll : rolled_left;
    if (s->phase == DICE_PHASE_ROLL && rolled_left)
        return kk_fail(err, "rolled dice left over before a roll");
    if (in_hand + s->built + s->knights_kept + s->lost + held != DICE_COUNT)
        return kk_fail(err, "dice do not add up: %d in hand, %d built, %d knights, %d lost, "
                            "%d held", in_hand, s->built, s->knights_kept, s->lost, held);
    if (s->rolls_done > DICE_ROLLS || (s->phase == DICE_PHASE_ROLL && s->rolls_done == DICE_ROLLS))
        return kk_fail(err, "%d rolls done in phase %d", s->rolls_done, s->phase);
    if (s->phase == DICE_PHASE_ROLL && s->to_roll == 0)
        return kk_fail(err, "a roll of no dice");
    const struct dice_grid *g = &s->grid;
    if (g->count != s->built)
        return kk_fail(err, "%d dice on the grid, %d built", g->count, s->built);
    if (s->built && g->cell[0] != DICE_ORIGIN_CELL)
        return kk_fail(err, "the first die is not at the origin");
    for (int i = 0; i < g->count; i++) {
        int cell = g->cell[i];
        unsigned e = g->edges[i];
        if (cell >= DICE_CELLS || dice_grid_find(g, cell) != i)
            return kk_fail(err, "die %d at cell %d: outside the window or on another die", i,
                           cell);
        int shape = 0;
        for (int k = 0; k < s->num_kinds && !shape; k++)
            for (int r = 0; r < 4; r++)
                shape |= dice_rotate(s->kind_edges[k], r) == e;
        if (!shape)
            return kk_fail(err, "die at cell %d has edges %#x, not a face of these dice", cell, e);
        /* Each pair checked once, from its west and south member. */
        for (int d = 0; d < 2; d++) {
            int c = dice_step(cell, d), j = c < 0 ? -1 : dice_grid_find(g, c);
            if (j >= 0 && !((e >> d) & 1u) != !((g->edges[j] >> (d + 2)) & 1u))
                return kk_fail(err, "edges do not match between cells %d and %d", cell, c);
        }
    }
    return 0;
}
