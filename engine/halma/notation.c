/* Text notation of Halma (docs/rules/halma.md, "Notation"): a cell is a column letter
 * `a`.. and a row number from 1 at the top, without leading zeros (`a1`, `j10`); a move is
 * `from-to` (intermediate landings of a jump chain are not written) or `pass`. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "halma.h"

int halma_cell_name(int cell, char *buf, size_t size)
{
    return snprintf(buf, size, "%c%d", 'a' + halma_x(cell), halma_y(cell) + 1);
}

int halma_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    (void)state;
    if (move == HALMA_PASS)
        return snprintf(buf, size, "pass");
    char from[8], to[8];
    halma_cell_name(halma_from(move), from, sizeof from);
    halma_cell_name(halma_to(move), to, sizeof to);
    return snprintf(buf, size, "%s-%s", from, to);
}

/* Parses one cell name at *p, advancing it. */
static int parse_cell(const struct halma_state *s, const char **p, int *cell, kk_error *err)
{
    const char *t = *p;
    if (*t < 'a' || *t >= 'a' + s->size)
        return kk_fail(err, "expected a column letter a..%c in '%.8s'", 'a' + s->size - 1, t);
    int x = *t++ - 'a';
    if (*t < '1' || *t > '9')
        return kk_fail(err, "expected a row number 1..%d after '%c' (no leading zero)",
                       s->size, 'a' + x);
    int y = 0;
    while (isdigit((unsigned char)*t) && y <= s->size)
        y = 10 * y + (*t++ - '0');
    if (y > s->size)
        return kk_fail(err, "row %d is off the %dx%d board", y, s->size, s->size);
    *cell = halma_cell(x, y - 1);
    *p = t;
    return 0;
}

int halma_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct halma_state *s = state;
    if (!strcmp(text, "pass")) {
        *move = HALMA_PASS;
        return 0;
    }
    const char *p = text;
    int from, to;
    if (parse_cell(s, &p, &from, err) != 0)
        return -1;
    if (*p != '-')
        return kk_fail(err, "expected 'from-to' (e.g. d1-e2) or 'pass', not '%s'", text);
    p++;
    if (parse_cell(s, &p, &to, err) != 0)
        return -1;
    if (*p)
        return kk_fail(err, "unexpected '%s' after the move '%.*s'", p, (int)(p - text), text);
    if (from == to)
        return kk_fail(err, "a move must change the piece's cell: '%s'", text);
    *move = halma_move(from, to);
    return 0;
}
