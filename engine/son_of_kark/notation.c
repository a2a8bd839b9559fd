/* Son of Kark notation: chance outcomes are a symbol letter (`D H C B W A`), moves are
 * `x,y,F TOKEN` with F `u`/`d` and TOKEN `-`, `M`, `NE`, `NW`, `SE` or `SW`.
 * Parsing works on real coordinates (not torus indices) and explains why a move is
 * illegal, so a record replay can say what is wrong on which line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const token_names[] = {"-", "M", "NE", "NW", "SE", "SW"};

int sok_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct sok_state *s = state;
    if (s->drawn < 0 && !s->terminal) {
        if (move < 0 || move >= SOK_SYMBOLS)
            return snprintf(buf, size, "?%d", (int)move);
        return snprintf(buf, size, "%c", sok_symbol_letters[move]);
    }
    int x, y, token = SOK_MOVE_TOKEN(move);
    if (move < 0 || token > SOK_SW || sok_cell_coords(s, SOK_MOVE_CELL(move), &x, &y) < 0)
        return snprintf(buf, size, "?%d", (int)move);
    return snprintf(buf, size, "%d,%d,%c %s", x, y, SOK_MOVE_DOWN(move) ? 'd' : 'u',
                    token_names[token]);
}

static int parse_chance(const struct sok_state *s, const char *text, kk_move *move,
                        kk_error *err)
{
    const char *p = text[0] ? strchr(sok_symbol_letters, text[0]) : NULL;
    if (!p || text[1] != '\0')
        return kk_fail(err, "bad tile '%s': expected one of D H C B W A", text);
    int sym = (int)(p - sok_symbol_letters);
    if (s->bag[sym] == 0)
        return kk_fail(err, "no %s tile left in the bag", sok_symbol_names[sym]);
    *move = sym;
    return 0;
}

/* Reads an optionally signed decimal integer in [-999, 999]; returns the end or NULL. */
static const char *parse_coord(const char *p, int *v)
{
    int sign = 1, n = 0, digits = 0;
    if (*p == '-' || *p == '+')
        sign = *p++ == '-' ? -1 : 1;
    while (*p >= '0' && *p <= '9' && digits < 4) {
        n = n * 10 + (*p++ - '0');
        digits++;
    }
    if (digits == 0 || digits > 3)
        return NULL;
    *v = sign * n;
    return p;
}

static int parse_move(const struct sok_state *s, const char *text, kk_move *move,
                      kk_error *err)
{
    static const char usage[] = "expected x,y,F TOKEN with F u or d and TOKEN - M NE NW SE SW "
                                "(e.g. 2,0,u SW)";
    int x, y;
    const char *p = parse_coord(text, &x);
    if (!p || *p++ != ',' || !(p = parse_coord(p, &y)) || *p++ != ',')
        return kk_fail(err, "bad move '%s': %s", text, usage);
    if (*p != 'u' && *p != 'd')
        return kk_fail(err, "bad move '%s': %s", text, usage);
    int down = *p++ == 'd';
    if (*p != ' ' && *p != '\t')
        return kk_fail(err, "bad move '%s': %s", text, usage);
    while (*p == ' ' || *p == '\t')
        p++;
    int token = -1;
    for (int i = 0; i <= SOK_SW; i++)
        if (strcmp(p, token_names[i]) == 0)
            token = i;
    if (token < 0)
        return kk_fail(err, "bad token '%s' in move '%s': %s", p, text, usage);

    if (sok_tile_at(s, x, y) >= 0)
        return kk_fail(err, "cell %d,%d already holds a tile", x, y);
    int beside = 0;
    for (int k = 0; k < 4; k++) {
        int n = sok_tile_at(s, x + sok_dir_dx[k], y + sok_dir_dy[k]);
        if (n < 0)
            continue;
        beside = 1;
        if (down && !s->tiles[n].face_up)
            return kk_fail(err, "face-down tile beside a face-down tile at %d,%d",
                           s->tiles[n].x, s->tiles[n].y);
    }
    if (!beside)
        return kk_fail(err, "cell %d,%d is not beside any tile", x, y);
    if (token != SOK_NONE && s->supply[s->seat] == 0)
        return kk_fail(err, "no token left (seat %d has placed all %d)", s->seat, s->tokens);
    if (token == SOK_CENTRE && !down && !sok_market_allowed(s))
        return kk_fail(err, "seat %d already owns the %s market and self_displace=0", s->seat,
                       sok_symbol_names[(int)s->drawn]);
    if (token >= SOK_NE) {
        int k = token - SOK_NE;
        int dx = sok_corner_dx[k], dy = sok_corner_dy[k];
        if (sok_tile_at(s, x + dx, y) < 0 || sok_tile_at(s, x, y + dy) < 0 ||
            sok_tile_at(s, x + dx, y + dy) < 0)
            return kk_fail(err, "crossroad corner %s of %d,%d is not complete",
                           token_names[token], x, y);
    }
    *move = SOK_MOVE(sok_cell(x, y), (unsigned)down, (unsigned)token);
    return 0;
}

int sok_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct sok_state *s = state;
    if (s->terminal)
        return kk_fail(err, "the game is over: every tile has been placed");
    if (s->drawn < 0)
        return parse_chance(s, text, move, err);
    return parse_move(s, text, move, err);
}
