/* Temple of Doom's greedy evaluation: an estimate, in result points, of the final
 * S = escaped - relics not collected (docs/rules/temple-of-doom.md, "Evaluation"):
 *   the result as it stands (escaped so far, every relic not yet collected counted against)
 *   + 0.8 per face-up relic that an archaeologist already satisfies (collected at round end)
 *   + for each archaeologist still in play, its chance of escaping: 0.25 at the entrance,
 *     0.25 + 0.5 * row / final row on a face-up tile, 0.05 on a flipped tile (it dies at the
 *     next round end unless it steps off).
 * Dead archaeologists add nothing. A finished game evaluates to its result. */
#include "temple_of_doom.h"

static int satisfied(const struct td_state *s, int colour, int symbol)
{
    for (int t = 0; t < TD_TILES; t++)
        if ((s->up >> t & 1u) && s->sym[t] == symbol)
            for (int c = 0; c < TD_COLOURS; c++)
                if (s->at[t + 1][c] && (colour == GB_WHITE || colour == c))
                    return 1;
    return 0;
}

double td_evaluate(const void *state, int seat)
{
    const struct td_state *s = state;
    (void)seat; /* every seat shares the result */
    double v = td_result(s);
    if (s->phase == TD_PH_OVER)
        return v;
    for (uint32_t m = s->relic_up; m; m &= m - 1) {
        const struct gb_card *c = td_card(s->relic_id, __builtin_ctz(m));
        if (satisfied(s, c->colour, c->symbol))
            v += s->penalty_visible ? 1.0 : 0.8;
    }
    for (int c = 0; c < TD_COLOURS; c++) {
        v += 0.25 * s->at[TD_ENTRANCE][c];
        for (int t = 0; t < TD_TILES; t++) {
            int n = s->at[t + 1][c];
            if (!n)
                continue;
            if (s->up >> t & 1u)
                v += n * (0.25 + 0.5 * s->row[t] / s->final_row);
            else
                v += n * 0.05;
        }
    }
    return v;
}
