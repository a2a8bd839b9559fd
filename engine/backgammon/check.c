/* Backgammon's consistency check (Debug builds and tests): 15 checkers per seat, no space
 * held by both seats, cached pip counts equal to the board's, phase and dice well formed,
 * and a finished game's winner has borne everything off. */
#include "backgammon.h"

int bg_check(const void *state, kk_error *err)
{
    const struct bg_state *s = state;
    if (s->phase > BG_PHASE_OVER || s->seat >= BG_SEATS || s->opener >= BG_SEATS)
        return kk_fail(err, "bad phase %d / seat %d / opener %d", s->phase, s->seat, s->opener);
    for (int p = 0; p < BG_SEATS; p++) {
        int total = 0;
        for (int k = 0; k < BG_SPACES; k++)
            total += s->board[p][k];
        if (total != BG_CHECKERS)
            return kk_fail(err, "seat %d has %d checkers, not 15", p, total);
        if (s->pips[p] != bg_pip_count(s, p))
            return kk_fail(err, "seat %d pip count %d, board says %d", p, s->pips[p],
                           bg_pip_count(s, p));
        if (s->hits[p] < 0)
            return kk_fail(err, "seat %d hit count %d", p, s->hits[p]);
    }
    for (int k = 1; k <= 24; k++)
        if (s->board[0][k] && s->board[1][25 - k])
            return kk_fail(err, "seat 0's space %d holds checkers of both seats", k);
    if (s->phase == BG_PHASE_MOVE) {
        if (s->dice[0] < 1 || s->dice[0] > 6 || s->dice[1] < 1 || s->dice[1] > s->dice[0])
            return kk_fail(err, "bad dice %d-%d", s->dice[0], s->dice[1]);
    }
    int off0 = s->board[0][BG_OFF] == BG_CHECKERS, off1 = s->board[1][BG_OFF] == BG_CHECKERS;
    if (off0 && off1)
        return kk_fail(err, "both seats have borne off every checker");
    if (s->phase == BG_PHASE_OVER) {
        if (s->winner >= BG_SEATS || s->board[s->winner][BG_OFF] != BG_CHECKERS)
            return kk_fail(err, "game over but the winner %d has not borne off", s->winner);
    } else if (off0 || off1) {
        return kk_fail(err, "a seat has borne off every checker but the game goes on");
    }
    return 0;
}
