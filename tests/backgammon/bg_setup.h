/* Test helper shared by the backgammon tests: build a position from checker lists
 * written as in the rules doc ("space:count ..." in a seat's own numbering; unlisted
 * checkers of the 15 are borne off), with a roll to play. */
#ifndef BG_TEST_SETUP_H
#define BG_TEST_SETUP_H

#include <stdlib.h>
#include <string.h>

#include "engine/backgammon/backgammon.h"

static inline int bg_test_list(uint8_t *own, const char *list)
{
    int total = 0;
    memset(own, 0, BG_SPACES);
    for (const char *p = list; p && *p;) {
        char *end;
        long space = strtol(p, &end, 10);
        if (*end != ':')
            return -1;
        long count = strtol(end + 1, &end, 10);
        own[space] = (uint8_t)(own[space] + count);
        total += (int)count;
        while (*end == ' ')
            end++;
        p = end;
    }
    own[BG_OFF] = (uint8_t)(own[BG_OFF] + BG_CHECKERS - total);
    return 0;
}

/* Seat 0's and seat 1's checkers, each in its own numbering; `seat` rolls a-b (a >= b). */
static inline void bg_test_position(struct bg_state *s, const char *seat0, const char *seat1,
                             int seat, int a, int b, const char *setting)
{
    const struct kk_game *g = &kk_game_backgammon;
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    if (setting)
        kk_variant_set(g, &v, setting, &err);
    g->init(s, &v, 2, &err);
    bg_test_list(s->board[0], seat0);
    bg_test_list(s->board[1], seat1);
    s->pips[0] = (int16_t)bg_pip_count(s, 0);
    s->pips[1] = (int16_t)bg_pip_count(s, 1);
    s->seat = (uint8_t)seat;
    s->dice[0] = (uint8_t)a;
    s->dice[1] = (uint8_t)b;
    s->phase = BG_PHASE_MOVE;
}

#endif
