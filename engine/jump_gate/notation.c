/* Jump Gate's notation (docs/rules/jump-gate.md, "Notation"):
 *   die roll      * 4          the value shown, 1-6
 *   layout draw   * layout 17  the layout number, 1-1000 (layout_seed=-1 only)
 *   card          2+ / 2-      play a card of value 2 forward / backward
 *   no card       -            (also accepted: pass) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../box/layout.h"
#include "jump_gate.h"

int jg_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct jg_state *s = state;
    if (s->phase == JG_PHASE_LAYOUT)
        return snprintf(buf, size, "layout %d", (int)move);
    if (s->phase == JG_PHASE_ROLL)
        return snprintf(buf, size, "%d", (int)move);
    if (move == JG_PASS)
        return snprintf(buf, size, "-");
    return snprintf(buf, size, "%d%c", jg_move_value(move), jg_move_backward(move) ? '-' : '+');
}

/* A whole decimal number in [lo, hi], or -1. */
static int parse_number(const char *text, int lo, int hi)
{
    if (*text < '0' || *text > '9' || strlen(text) > 7)
        return -1;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end || v < lo || v > hi)
        return -1;
    return (int)v;
}

int jg_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct jg_state *s = state;
    if (s->phase == JG_PHASE_OVER)
        return kk_fail(err, "the game is over");
    if (s->phase == JG_PHASE_LAYOUT) {
        int n = strncmp(text, "layout ", 7) ? -1 : parse_number(text + 7, 1, GB_LAYOUTS);
        if (n < 0)
            return kk_fail(err, "bad layout draw '%s': expected 'layout N' with N in 1..%d",
                           text, GB_LAYOUTS);
        *move = n;
        return 0;
    }
    if (s->phase == JG_PHASE_ROLL) {
        int d = parse_number(text, 1, 6);
        if (d < 0)
            return kk_fail(err, "bad die roll '%s': expected a number 1-6", text);
        *move = d;
        return 0;
    }
    if (!strcmp(text, "-") || !strcmp(text, "pass")) {
        *move = JG_PASS;
        return 0;
    }
    size_t len = strlen(text);
    if (len == 2 && text[0] >= '1' && text[0] <= '6' && (text[1] == '+' || text[1] == '-')) {
        *move = jg_card_move(text[0] - '0', text[1] == '-');
        return 0;
    }
    return kk_fail(err, "bad move '%s': expected - (no card) or a card value 1-6 and a "
                        "direction, as in 2+ or 2-", text);
}
