/* The greedy evaluation of Halma and the statistics. A seat's value is its score (1 once it
 * has won) plus its progress: how much of the way from the opening position to a full
 * target camp its pieces have covered, measured by the sum over its pieces of the
 * Manhattan distance to its target corner (docs/rules/halma.md, "Evaluation"). */
#include "halma.h"

int halma_distance(const struct halma_state *s, int seat)
{
    int cx, cy, sum = 0;
    halma_corner_xy(s->size, s->target[seat], &cx, &cy);
    for (int i = 0; i < s->pieces; i++) {
        int dx = halma_x(s->pos[seat][i]) - cx, dy = halma_y(s->pos[seat][i]) - cy;
        sum += (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
    }
    return sum;
}

double halma_evaluate(const void *state, int seat)
{
    const struct halma_state *s = state;
    /* The camp is exactly the cells within Manhattan distance camp - 1 of its corner (k + 1
     * cells at distance k), so the distance sum is smallest, `done`, exactly when every
     * piece is home; at the start it is `start` (the home camp seen from the far corner). */
    int done = 0;
    for (int k = 0; k < s->camp; k++)
        done += k * (k + 1);
    int start = s->pieces * 2 * (s->size - 1) - done;
    double progress = (double)(start - halma_distance(s, seat)) / (start - done);
    double score = s->over ? (double)((s->winners >> seat) & 1u) : 0.0;
    return score + progress;
}

void halma_get_stats(const void *state, double *out)
{
    const struct halma_state *s = state;
    int i = 0;
    out[i++] = s->turns;
    out[i++] = s->capped;
    for (int p = 0; p < s->players; p++)
        out[i++] = s->in_target[p];
    out[i++] = s->moves ? (double)s->jumps / s->moves : 0.0;
    out[i++] = s->moves ? (double)s->jump_moves / s->moves : 0.0;
    out[i++] = s->longest_chain;
    out[i++] = s->passes;
}
