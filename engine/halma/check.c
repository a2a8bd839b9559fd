/* Halma's consistency check (Debug builds and tests): pieces conserved (each seat has its
 * full set on the board, where its piece list says), the border intact, the camp counters
 * right, turn and end state within their ranges. */
#include "halma.h"

int halma_check(const void *state, kk_error *err)
{
    const struct halma_state *s = state;
    if (s->players < 2 || s->players > HALMA_MAX_SEATS || s->seat >= s->players)
        return kk_fail(err, "bad seat %d of %d players", s->seat, s->players);
    if (s->size < 6 || s->size > HALMA_MAX_SIZE || s->camp < 2 || s->camp > HALMA_MAX_CAMP ||
        s->size < 2 * s->camp || s->pieces != s->camp * (s->camp + 1) / 2)
        return kk_fail(err, "bad geometry size %d camp %d pieces %d", s->size, s->camp,
                       s->pieces);
    int count[HALMA_MAX_SEATS] = {0};
    for (int c = 0; c < HALMA_CELLS; c++) {
        int x = halma_x(c), y = halma_y(c);
        int on = x >= 0 && y >= 0 && x < s->size && y < s->size;
        uint8_t b = s->board[c];
        if (!on != (b == HALMA_OFF))
            return kk_fail(err, "cell %d (%d,%d) is %s", c, x, y,
                           on ? "marked off the board" : "not marked off the board");
        if (on && b > s->players)
            return kk_fail(err, "cell %d holds a piece of seat %d of %d", c, b - 1, s->players);
        if (on && b)
            count[b - 1]++;
    }
    for (int p = 0; p < s->players; p++) {
        if (count[p] != s->pieces)
            return kk_fail(err, "seat %d has %d pieces on the board, not %d", p, count[p],
                           s->pieces);
        int own = 0, filled = 0;
        for (int i = 0; i < s->pieces; i++) {
            int c = s->pos[p][i];
            if (s->board[c] != p + 1)
                return kk_fail(err, "seat %d's piece list names cell %d, which holds %d", p, c,
                               s->board[c]);
            for (int j = 0; j < i; j++)
                if (s->pos[p][j] == c)
                    return kk_fail(err, "seat %d's piece list names cell %d twice", p, c);
            own += (s->camp_mask[c] >> s->target[p]) & 1u;
        }
        for (int c = 0; c < HALMA_CELLS; c++)
            filled += s->board[c] != 0 && s->board[c] != HALMA_OFF &&
                      ((s->camp_mask[c] >> s->target[p]) & 1u);
        if (own != s->in_target[p] || filled != s->target_filled[p])
            return kk_fail(err, "seat %d: %d own pieces and %d in its target camp, counted %d "
                                "and %d", p, own, filled, s->in_target[p], s->target_filled[p]);
    }
    int cap = s->max_turns * s->players;
    if (s->turns < 0 || s->turns > cap || (!s->over && s->turns == cap))
        return kk_fail(err, "%d turns with a cap of %d", s->turns, cap);
    if (s->over && (!s->winners || (s->winners >> s->players)))
        return kk_fail(err, "game over with winners mask %#x", s->winners);
    if (!s->over && (s->winners || s->capped))
        return kk_fail(err, "game going on with winners %#x capped %d", s->winners, s->capped);
    if (s->moves + s->passes != s->turns || s->jump_moves > s->moves ||
        s->jumps < s->jump_moves || s->jumps > s->longest_chain * s->jump_moves)
        return kk_fail(err, "move counters do not add up: %d moves %d passes %d turns", s->moves,
                       s->passes, s->turns);
    return 0;
}
