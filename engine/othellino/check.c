/* Othellino's consistency check (Debug builds and tests): discs are conserved (every
 * placement adds exactly one disc, a pass none, nothing is ever removed), the centre is
 * always filled, and the end flag and the seat to move agree with the position. */
#include "othellino.h"

int othl_check(const void *state, kk_error *err)
{
    const struct othl_state *s = state;
    uint64_t all = s->disc[0] | s->disc[1];
    if (s->disc[0] & s->disc[1])
        return kk_fail(err, "a cell holds both colours (%#llx)",
                       (unsigned long long)(s->disc[0] & s->disc[1]));
    if (all & ~OTHL_BOARD)
        return kk_fail(err, "discs outside the 36 cells");
    if (s->seat > 1 || s->start > 1 || s->empties_rule > 1)
        return kk_fail(err, "bad seat %d, start %d or empties rule %d", s->seat, s->start,
                       s->empties_rule);
    if (s->passes > s->plies)
        return kk_fail(err, "%d passes in %d plies", s->passes, s->plies);
    if (othl_popcount(all) != 4 + s->plies - s->passes)
        return kk_fail(err, "%d discs after %d placements (expected 4 more)", othl_popcount(all),
                       s->plies - s->passes);
    uint64_t centre = (1ULL << 14) | (1ULL << 15) | (1ULL << 20) | (1ULL << 21);
    if ((all & centre) != centre)
        return kk_fail(err, "a centre cell is empty");
    int can_move = othl_moves(s->disc[s->seat], s->disc[!s->seat]) != 0;
    int other_can = othl_moves(s->disc[!s->seat], s->disc[s->seat]) != 0;
    if (s->over != (!can_move && !other_can))
        return kk_fail(err, "end flag %d but the seats can%s place", s->over,
                       s->over ? "" : "not");
    return 0;
}
