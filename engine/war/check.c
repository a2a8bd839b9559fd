/* War 2.0's invariant check (Debug builds, tests): units are conserved, a tile holds units
 * of at most one seat, every card of a seat is in exactly one place, and the phase's data
 * are consistent. */
#include "../box/box.h"
#include "war.h"

int war_check(const void *state, kk_error *err)
{
    const struct war_state *s = state;
    if (s->players < 2 || s->players > WAR_MAX_SEATS)
        return kk_fail(err, "players %d", s->players);
    if (s->phase > WAR_PH_OVER)
        return kk_fail(err, "phase %d", s->phase);
    for (int c = 0; c < s->map.cells; c++) {
        if ((s->owner[c] < 0) != (s->count[c] == 0))
            return kk_fail(err, "cell %d: owner %d with %d units", c, s->owner[c], s->count[c]);
        if (s->owner[c] >= s->players)
            return kk_fail(err, "cell %d: owner %d", c, s->owner[c]);
    }
    for (int p = 0; p < s->players; p++) {
        if (war_units_on_map(s, p) + s->supply[p] != s->units)
            return kk_fail(err, "seat %d: %d units on the map + %d in supply != %d", p,
                           war_units_on_map(s, p), s->supply[p], s->units);
        if (s->added[p] > 3)
            return kk_fail(err, "seat %d: added %d", p, s->added[p]);
        uint16_t aside = 0;
        for (int k = 0; k < WAR_HAND; k++)
            if (war_card(s, p, k)->number >= 4 + s->added[p])
                aside |= (uint16_t)(1u << k);
        uint16_t pending = 0;
        if ((s->phase == WAR_PH_DEFEND && p == s->turn_seat))
            pending = (uint16_t)(1u << s->att_card);
        uint16_t places[4] = {s->hand[p], s->played[p], aside, pending};
        uint16_t all = 0;
        for (int i = 0; i < 4; i++) {
            if (all & places[i])
                return kk_fail(err, "seat %d: a card is in two places", p);
            all |= places[i];
        }
        if (all != (1u << WAR_HAND) - 1)
            return kk_fail(err, "seat %d: cards missing (0x%x)", p, all);
    }
    if (s->phase == WAR_PH_PLACE && s->placed >= 6 * s->players)
        return kk_fail(err, "placement phase after every placement");
    if (s->phase >= WAR_PH_TURN && s->phase < WAR_PH_OVER) {
        if (s->placed != 6 * s->players)
            return kk_fail(err, "turns before the placements ended");
        if (s->phase >= WAR_PH_ACTION && s->actions_left == 0)
            return kk_fail(err, "an action with none left");
        int battle = s->phase >= WAR_PH_ATTACK && s->phase <= WAR_PH_ADVANCE;
        if (battle && s->defender == s->turn_seat)
            return kk_fail(err, "a seat attacks itself");
        if ((s->phase == WAR_PH_ATTACK || s->phase == WAR_PH_DEFEND) &&
            (s->owner[s->from] != s->turn_seat || s->owner[s->target] != s->defender))
            return kk_fail(err, "battle tiles not owned by attacker and defender");
        int want = s->phase == WAR_PH_DEFEND || s->phase == WAR_PH_FLEE ? s->defender
                                                                          : s->turn_seat;
        if (s->seat != want)
            return kk_fail(err, "seat %d to move in phase %d, expected %d", s->seat, s->phase,
                           want);
    }
    if (s->ending > 2 || (s->ending == 2 && s->phase != WAR_PH_OVER &&
                          (s->final_left == 0 || s->final_left > s->players)))
        return kk_fail(err, "ending %d with %d final turns", s->ending, s->final_left);
    if (s->ending) {
        for (int p = 0; p < s->players; p++)
            if (s->added[p] != 3)
                return kk_fail(err, "ending before seat %d added its 6", p);
    }
    return 0;
}
