/* Othellino notation (rules doc, "Notation"): a cell as column letter a-f and row digit
 * 1-6, e.g. `c2`, or `pass`. Row 1 is the top row. */
#include <stdio.h>
#include <string.h>

#include "othellino.h"

int othl_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    (void)state;
    if (move == OTHL_PASS)
        return snprintf(buf, size, "pass");
    return snprintf(buf, size, "%c%d", 'a' + move % OTHL_SIDE, 1 + move / OTHL_SIDE);
}

int othl_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct othl_state *s = state;
    if (s->over)
        return kk_fail(err, "the game is over");
    if (strcmp(text, "pass") == 0) {
        *move = OTHL_PASS;
        return 0;
    }
    if (strlen(text) != 2 || text[0] < 'a' || text[0] > 'f' || text[1] < '1' || text[1] > '6')
        return kk_fail(err, "expected a cell a1..f6 (column a-f, row 1-6) or pass");
    *move = (text[1] - '1') * OTHL_SIDE + (text[0] - 'a');
    return 0;
}
