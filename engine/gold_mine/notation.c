/* Text notation of Gold Mine (docs/rules/gold-mine.md, "Notation"):
 *   reveal   3D     the card turned up: number, then symbol letter (D H C B W A)
 *   choice   s, f   stay or flee */
#include <stdio.h>
#include <string.h>

#include "gold_mine.h"

int gm_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct gm_state *s = state;
    if (s->phase == GM_PHASE_REVEAL)
        return gb_kind_text(move, buf, size);
    return snprintf(buf, size, "%s", move == GM_FLEE ? "f" : "s");
}

int gm_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct gm_state *s = state;
    if (s->phase == GM_PHASE_OVER)
        return kk_fail(err, "the game is over");
    if (s->phase == GM_PHASE_REVEAL) {
        int kind = gb_kind_from_text(text);
        if (kind < 0)
            return kk_fail(err, "'%s' is not a card: a number 1-6 then a symbol letter "
                                "D H C B W A, e.g. 3D", text);
        *move = kind;
        return 0;
    }
    if (!strcmp(text, "s")) {
        *move = GM_STAY;
        return 0;
    }
    if (!strcmp(text, "f")) {
        *move = GM_FLEE;
        return 0;
    }
    return kk_fail(err, "'%s' is not a choice: s (stay) or f (flee)", text);
}
