/* Tunnel Run's consistency check (Debug builds and tests): all 54 cards accounted for (9
 * of each symbol among hands, draw pile and discards), every pirate on one position and
 * the occupancy counts agreeing with them, tile capacity (1 basic, 3 advanced), the laid
 * segments permutations, and the phase consistent with the turn. */
#include "tunnel_run.h"

int tr_check(const void *state, kk_error *err)
{
    const struct tr_state *s = state;
    if (s->players < 2 || s->players > TR_MAX_SEATS || s->seat >= s->players)
        return kk_fail(err, "bad seat %d of %d players", s->seat, s->players);
    if (s->phase > TR_PHASE_OVER || s->segments > TR_SEGMENTS)
        return kk_fail(err, "bad phase %d / %d segments", s->phase, s->segments);
    if ((s->phase == TR_PHASE_SEGMENT) != (s->segments < TR_SEGMENTS))
        return kk_fail(err, "phase %d with %d segments laid", s->phase, s->segments);
    for (int k = 0; k < s->segments; k++) {
        int seen = 0;
        for (int i = 1; i <= 6; i++)
            seen |= 1 << s->track[6 * k + i];
        if (seen != 63)
            return kk_fail(err, "segment %d is not a permutation", k);
    }
    for (int y = 0; y < TR_SYMBOLS; y++) {
        int n = s->pile[y] + s->discard[y];
        for (int p = 0; p < s->players; p++)
            n += s->hand[p][y];
        if (n != TR_CARDS_PER_SYMBOL)
            return kk_fail(err, "%d cards of symbol %d, want 9", n, y);
    }
    uint8_t occ[TR_EXIT + 1] = {0};
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->pirates; i++) {
            if (s->pos[p][i] > TR_EXIT)
                return kk_fail(err, "seat %d pirate at %d", p, s->pos[p][i]);
            occ[s->pos[p][i]]++;
        }
    int cap = s->advanced ? 3 : 1;
    for (int q = 0; q <= TR_EXIT; q++) {
        if (occ[q] != s->occ[q])
            return kk_fail(err, "position %d: %d pirates, counted %d", q, occ[q], s->occ[q]);
        if (q >= 1 && q <= 36 && occ[q] > cap)
            return kk_fail(err, "tile %d holds %d pirates", q, occ[q]);
    }
    if (s->phase == TR_PHASE_SEGMENT && (s->occ[0] != s->players * s->pirates))
        return kk_fail(err, "pirates moved before the track was laid");
    if (s->phase == TR_PHASE_DEAL || s->phase == TR_PHASE_SEGMENT) {
        int dealt = 0;
        for (int p = 0; p < s->players; p++)
            dealt += tr_hand_cards(s, p);
        if (dealt != (s->phase == TR_PHASE_DEAL ? s->seat * s->hand_size + s->dealt : 0))
            return kk_fail(err, "%d cards dealt at seat %d card %d", dealt, s->seat, s->dealt);
    }
    if (s->phase == TR_PHASE_DRAW && s->draws == 0)
        return kk_fail(err, "a draw with nothing to draw");
    if (s->phase == TR_PHASE_ACT || s->phase == TR_PHASE_DRAW) {
        if (s->acts > (s->advanced ? s->actions : 1) || (!s->advanced && s->phase == TR_PHASE_ACT && s->acts))
            return kk_fail(err, "%d actions taken this turn", s->acts);
        if (s->turns >= s->max_turns)
            return kk_fail(err, "%d turns with max_turns %d", s->turns, s->max_turns);
        for (int p = 0; p < s->players; p++)
            if (tr_exited(s, p) == s->pirates)
                return kk_fail(err, "seat %d is out and the game goes on", p);
    }
    if (s->turns != s->stat[TR_ST_TURNS])
        return kk_fail(err, "%d turns, counted %d", s->turns, s->stat[TR_ST_TURNS]);
    if (s->phase == TR_PHASE_OVER && (!s->winners || s->winners >> s->players))
        return kk_fail(err, "game over with winners mask %#x", s->winners);
    return 0;
}
