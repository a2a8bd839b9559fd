/* The dice game's playout policy (`rollout=policy`): greedy on the game's evaluation, but
 * over the builds that can matter rather than every legal one. A position shows up to four
 * faces in four rotations on some 280 empty cells, over a thousand builds, nearly all of
 * them a die set apart from every city, which the evaluation rates alike wherever it
 * stands. Rating only the builds into holes (cells a built city edge faces), one set-apart
 * build per face and rotation, and the control moves makes a move some thirty evaluations
 * instead of a thousand, cheap enough to play a turn to its end in every search iteration
 * (docs/agents.md, "The dice game's playout policy"). */
#include <math.h>
#include <string.h>

#include "dice.h"

/* Cells for a die set apart: empty, no built city edge facing them, and no built city
 * edge facing any of their neighbours (so the new die's holes are no other city's), taken
 * in rings around the origin so that they stay clear of the window's border. */
#define APART_WANTED 4

static int apart_cells(const uint8_t *need, int *out)
{
    int n = 0;
    for (int r = 1; r < DICE_ORIGIN && n < APART_WANTED; r++)
        for (int dy = -r; dy <= r && n < APART_WANTED; dy++)
            for (int dx = -r; dx <= r && n < APART_WANTED; dx++) {
                if (dx != -r && dx != r && dy != -r && dy != r)
                    continue; /* inside the ring */
                int cell = (DICE_ORIGIN + dy) * DICE_GRID + DICE_ORIGIN + dx;
                if (need[cell] == DICE_NEED_NONE || (need[cell] & 15u))
                    continue;
                int clear = 1;
                for (int d = 0; d < 4 && clear; d++) {
                    int nb = dice_step(cell, d);
                    clear = nb >= 0 && !(need[nb] & 15u);
                }
                if (clear)
                    out[n++] = cell;
            }
    return n;
}

/* The builds that can matter and the control moves (the playout policy's candidates, and
 * the search's with `moves=candidates`): every build into a hole, one build set apart per
 * face and rotation, the control moves. Legal moves all, in a fixed order for a state. */
int dice_candidate_moves(const void *state, kk_move *cand)
{
    const struct dice_state *s = state;
    int n = 0;
    uint8_t need[DICE_CELLS];
    dice_grid_needs(&s->grid, s->touching, need);
    int hole[4 * DICE_COUNT], holes = 0, apart[APART_WANTED], aparts = 0;
    if (s->grid.count) {
        for (int i = 0; i < s->grid.count; i++)
            for (int d = 0; d < 4; d++) {
                if (!((s->grid.edges[i] >> d) & 1u))
                    continue;
                int c = dice_step(s->grid.cell[i], d);
                if (c < 0 || need[c] == DICE_NEED_NONE)
                    continue; /* the border, or a die already there */
                int h = 0;
                while (h < holes && hole[h] != c)
                    h++;
                if (h == holes)
                    hole[holes++] = c;
            }
        aparts = apart_cells(need, apart);
    }
    for (int k = 0; k < s->num_kinds; k++) {
        if (!s->rolled_kind[k])
            continue;
        for (int rot = 0; rot < s->kind_periods[k]; rot++) {
            unsigned edges = s->kind_rotated[k][rot];
            if (!s->grid.count) {
                cand[n++] = DICE_BUILD(k, rot, DICE_ORIGIN_CELL);
                continue;
            }
            for (int h = 0; h < holes; h++)
                if (dice_fits(need[hole[h]], edges))
                    cand[n++] = DICE_BUILD(k, rot, hole[h]);
            for (int a = 0; a < aparts; a++)
                if (dice_fits(need[apart[a]], edges)) {
                    cand[n++] = DICE_BUILD(k, rot, apart[a]);
                    break;
                }
        }
    }
    return n + dice_control_moves(s, cand + n);
}

kk_move dice_policy_move(const void *state, kk_rng *rng)
{
    const struct dice_state *s = state;
    const struct kk_game *g = &kk_game_carcassonne_dice;
    kk_move cand[DICE_CANDIDATES_MAX];
    int n = dice_candidate_moves(state, cand);

    int seat = s->seat, ties = 0;
    double best = -INFINITY;
    kk_move choice = cand[0];
    for (int i = 0; i < n; i++) {
        struct dice_state next;
        memcpy(&next, s, sizeof next);
        g->apply(&next, cand[i]);
        double v = dice_evaluate(&next, seat);
        double tol = 1e-9 * (1.0 + fabs(best)); /* as greedy: rounding must not break ties */
        if (i == 0 || v > best + tol) {
            best = v;
            choice = cand[i];
            ties = 1;
        } else if (v >= best - tol && kk_rng_bounded(rng, (uint32_t)++ties) == 0) {
            choice = cand[i];
        }
    }
    return choice;
}
