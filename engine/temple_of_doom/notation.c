/* Text notation of Temple of Doom (docs/rules/temple-of-doom.md, "Notation"):
 *   chance       rD4          a card turned up or dealt (gb1 card text); `layout N`
 *   card         yA2          the movement card a seat plays
 *   point        c1,0>2,1     by colour (c) or symbol (s), from a place to a place; places are
 *                sin@r>1,8    `in`, `r,x` and `out`; `@c` names the mover's colour when the
 *                -            card does not fix it and the place holds 2+ colours; `-` declines
 *   collapse     flip 2,5     the tile a temple card flips (drop: a flipped tile it removes) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../box/layout.h"
#include "temple_of_doom.h"

static int place_text(const struct td_state *s, int p, char *buf, size_t size)
{
    if (p == TD_ENTRANCE)
        return snprintf(buf, size, "in");
    if (p == TD_EXIT)
        return snprintf(buf, size, "out");
    return snprintf(buf, size, "%d,%d", s->row[p - 1], s->x[p - 1]);
}

static int colours_at(const struct td_state *s, int p)
{
    int n = 0;
    for (int c = 0; c < TD_COLOURS; c++)
        n += s->at[p][c] > 0;
    return n;
}

static int find_in(const uint8_t *ids, const char *text)
{
    int id = gb_card_from_text(gb_deck(GB_DECK_GB1), text);
    for (int i = 0; i < TD_DECK && id >= 0; i++)
        if (ids[i] == id)
            return i;
    return -1;
}

int td_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct td_state *s = state;
    const struct gb_card *deck = gb_deck(GB_DECK_GB1);
    switch (s->phase) {
    case TD_PH_LAYOUT: return snprintf(buf, size, "layout %d", (int)move);
    case TD_PH_DEAL: {
        const uint8_t *ids = s->draw == TD_DRAW_RELIC ? s->relic_id
                             : s->draw == TD_DRAW_TEMPLE ? s->temple_id
                                                         : s->move_id;
        return gb_card_text(deck, ids[move], buf, size);
    }
    case TD_PH_CARD: return gb_card_text(deck, s->move_id[move], buf, size);
    case TD_PH_COLLAPSE:
        return snprintf(buf, size, "%s %d,%d", (s->up >> move & 1u) ? "flip" : "drop",
                        s->row[move], s->x[move]);
    default: break;
    }
    if (move == TD_DECLINE)
        return snprintf(buf, size, "-");
    int type = td_point_type(move), from = td_point_from(move), c = td_point_colour(move);
    const struct gb_card *card = td_card(s->move_id, s->card);
    int fixed = type == TD_BY_COLOUR && card->colour != GB_WHITE;
    char a[16], b[16], at[4] = "";
    place_text(s, from, a, sizeof a);
    place_text(s, td_point_to(move), b, sizeof b);
    if (!fixed && colours_at(s, from) >= 2)
        snprintf(at, sizeof at, "@%c", gb_colour_letters[c]);
    return snprintf(buf, size, "%c%s%s>%s", type == TD_BY_COLOUR ? 'c' : 's', a, at, b);
}

/* Parses a place: in, out or r,x (a tile of the temple, in any state). Returns the place or
 * -1; *end is set past it. */
static int parse_place(const struct td_state *s, const char *t, const char **end)
{
    if (!strncmp(t, "in", 2)) {
        *end = t + 2;
        return TD_ENTRANCE;
    }
    if (!strncmp(t, "out", 3)) {
        *end = t + 3;
        return TD_EXIT;
    }
    char *e;
    if (*t < '0' || *t > '9')
        return -1;
    long r = strtol(t, &e, 10);
    if (*e != ',' || e[1] < '0' || e[1] > '9')
        return -1;
    long x = strtol(e + 1, &e, 10);
    int tile = r >= 1 && r <= TD_MAX_ROWS && x >= 0 && x <= 10 ? td_tile_at(s, (int)r, (int)x) : -1;
    if (tile < 0)
        return -1;
    *end = e;
    return tile + 1;
}

static int point_from_text(const struct td_state *s, const char *text, kk_move *move,
                           kk_error *err)
{
    if (!strcmp(text, "-")) {
        *move = TD_DECLINE;
        return 0;
    }
    const char *t = text, *e;
    int type;
    if (*t == 'c')
        type = TD_BY_COLOUR;
    else if (*t == 's')
        type = TD_BY_SYMBOL;
    else
        return kk_fail(err, "'%s' is not a single move: c or s, a place, '>', a place "
                            "(e.g. c1,0>2,1 or sin@r>1,8), or '-'", text);
    int from = parse_place(s, t + 1, &e);
    if (from < 0 || from == TD_EXIT)
        return kk_fail(err, "'%s': no such starting place (in, or a tile r,x)", text);
    int colour = -1;
    if (*e == '@') {
        colour = gb_colour_from_letter(e[1]);
        if (colour < 0 || colour >= TD_COLOURS)
            return kk_fail(err, "'%s': @ takes an archaeologist colour r y g b", text);
        e += 2;
    }
    if (*e != '>')
        return kk_fail(err, "'%s': expected '>' before the target place", text);
    int to = parse_place(s, e + 1, &e);
    if (to < 0 || to == TD_ENTRANCE || *e)
        return kk_fail(err, "'%s': no such target place (a tile r,x or out)", text);
    const struct gb_card *card = td_card(s->move_id, s->card);
    if (colour < 0) {
        if (type == TD_BY_COLOUR && card->colour != GB_WHITE && card->colour != GB_BLACK) {
            colour = card->colour;
        } else {
            int n = 0;
            for (int c = 0; c < TD_COLOURS; c++)
                if (s->at[from][c]) {
                    colour = c;
                    n++;
                }
            if (n == 0)
                return kk_fail(err, "'%s': no archaeologist there", text);
            if (n > 1)
                return kk_fail(err, "'%s': several colours there; name one with @c", text);
        }
    }
    *move = td_point(type, from, colour, to);
    return 0;
}

int td_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct td_state *s = state;
    switch (s->phase) {
    case TD_PH_OVER: return kk_fail(err, "the game is over");
    case TD_PH_LAYOUT: {
        int n;
        char tail;
        if (sscanf(text, "layout %d%c", &n, &tail) != 1 || n < 1 || n > GB_LAYOUTS)
            return kk_fail(err, "'%s' is not a layout draw: layout N with N in 1..%d", text,
                           GB_LAYOUTS);
        *move = n;
        return 0;
    }
    case TD_PH_DEAL: {
        const uint8_t *ids = s->draw == TD_DRAW_RELIC ? s->relic_id
                             : s->draw == TD_DRAW_TEMPLE ? s->temple_id
                                                         : s->move_id;
        int i = find_in(ids, text);
        if (i < 0)
            return kk_fail(err, "'%s' is not a card of the %s deck", text,
                           s->draw == TD_DRAW_RELIC ? "relic"
                           : s->draw == TD_DRAW_TEMPLE ? "temple" : "movement");
        *move = i;
        return 0;
    }
    case TD_PH_CARD: {
        int i = find_in(s->move_id, text);
        if (i < 0)
            return kk_fail(err, "'%s' is not a movement card (e.g. yA2)", text);
        *move = i;
        return 0;
    }
    case TD_PH_COLLAPSE: {
        const char *e;
        int flip = !strncmp(text, "flip ", 5), drop = !strncmp(text, "drop ", 5);
        int p = flip || drop ? parse_place(s, text + 5, &e) : -1;
        if (p <= TD_ENTRANCE || p == TD_EXIT || *e)
            return kk_fail(err, "'%s' is not a collapse choice: flip r,x or drop r,x", text);
        if (flip != (int)(s->up >> (p - 1) & 1u))
            return kk_fail(err, "'%s': that tile is %s", text, flip ? "not face up" : "face up");
        *move = p - 1;
        return 0;
    }
    default: return point_from_text(s, text, move, err);
    }
}
