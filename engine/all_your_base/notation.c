/* Text notation of All Your Base (docs/rules/all-your-base.md, "Notation"). Cards are
 * written as in the box (colour letter, symbol letter, number: `yW1`).
 *   deal or draw   yW1            removal (escalate)   -yW1
 *   a play         yW1 B | yW1 H s | wD2 H s c (white_any) | yW1 S s | kW5 X
 *   a keep         keep rD1 gH2 | keep rD1
 * A seat's commitment is its sub-moves in order; joined with " ; " they read as the
 * rules' one-line commitment `yW1 B ; kA2 H 0 ; keep rD1 gH2`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ayb.h"

static int card_text(int c, char *buf, size_t size)
{
    return gb_card_text(gb_deck(GB_DECK_GB1), c, buf, size);
}

int ayb_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct ayb_state *s = state;
    char a[8], b[8];
    if (s->phase_kind != AYB_PH_COMMIT) {
        card_text(move, a, sizeof a);
        return snprintf(buf, size, "%s%s", s->phase_kind == AYB_PH_REMOVE ? "-" : "", a);
    }
    if (move & AYB_KEEP) {
        card_text(move & 63, a, sizeof a);
        int c2 = (move >> 6) & 63;
        if (c2 == AYB_NONE)
            return snprintf(buf, size, "keep %s", a);
        card_text(c2, b, sizeof b);
        return snprintf(buf, size, "keep %s %s", a, b);
    }
    int card = move & 63, act = (move >> 6) & 7, t = (move >> 9) & 63, col = (move >> 15) & 3;
    card_text(card, a, sizeof a);
    switch (act) {
    case AYB_B: return snprintf(buf, size, "%s B", a);
    case AYB_S: return snprintf(buf, size, "%s S %d", a, t);
    case AYB_X: return snprintf(buf, size, "%s X", a);
    default:
        if (gb_deck(GB_DECK_GB1)[card].colour == GB_WHITE)
            return snprintf(buf, size, "%s H %d %c", a, t, gb_colour_letters[col]);
        return snprintf(buf, size, "%s H %d", a, t);
    }
}

static int parse_card(const char *tok, int *card, kk_error *err)
{
    *card = gb_card_from_text(gb_deck(GB_DECK_GB1), tok);
    if (*card < 0)
        return kk_fail(err, "'%s' is not a card: colour r y g b w k, symbol D H C B W A, "
                            "number 1-6, e.g. yW1", tok);
    return 0;
}

static int parse_station(const char *tok, int *t, kk_error *err)
{
    char *end;
    long v = strtol(tok, &end, 10);
    if (!*tok || *end || v < 0 || v >= AYB_MAX_STATIONS || tok[0] == '+' || tok[0] == '-')
        return kk_fail(err, "'%s' is not a station number", tok);
    *t = (int)v;
    return 0;
}

int ayb_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct ayb_state *s = state;
    if (s->phase_kind == AYB_PH_OVER)
        return kk_fail(err, "the game is over");
    if (s->phase_kind != AYB_PH_COMMIT) {
        int rem = s->phase_kind == AYB_PH_REMOVE;
        if (rem != (text[0] == '-'))
            return kk_fail(err, rem ? "expected a removal -CARD, got '%s'"
                                    : "expected a dealt card, got '%s'", text);
        int c;
        if (parse_card(text + rem, &c, err))
            return -1;
        *move = c;
        return 0;
    }
    char buf[64];
    if (strlen(text) >= sizeof buf)
        return kk_fail(err, "'%.20s...' is too long for a play or a keep", text);
    strcpy(buf, text);
    char *tok[6];
    int n = 0;
    for (char *p = strtok(buf, " "); p; p = strtok(NULL, " ")) {
        if (n == 5)
            return kk_fail(err, "'%s' has too many words", text);
        tok[n++] = p;
    }
    if (n == 0)
        return kk_fail(err, "empty move");
    if (!strcmp(tok[0], "keep")) {
        if (n < 2 || n > 3)
            return kk_fail(err, "'%s': keep takes one or two cards", text);
        int a, b = AYB_NONE;
        if (parse_card(tok[1], &a, err) || (n == 3 && parse_card(tok[2], &b, err)))
            return -1;
        if (a == b)
            return kk_fail(err, "'%s' keeps the same card twice", text);
        if (n == 3 && b < a) {
            int t = a;
            a = b;
            b = t;
        }
        *move = AYB_KEEP | a | b << 6;
        return 0;
    }
    int c, t = 0, col = 0;
    if (parse_card(tok[0], &c, err))
        return -1;
    if (n < 2 || strlen(tok[1]) != 1)
        return kk_fail(err, "'%s': a card is followed by B, H s, S s or X", text);
    int colour = gb_deck(GB_DECK_GB1)[c].colour;
    switch (tok[1][0]) {
    case 'B':
    case 'X':
        if (n != 2)
            return kk_fail(err, "'%s': %c takes no station", text, tok[1][0]);
        *move = c | (tok[1][0] == 'B' ? AYB_B : AYB_X) << 6;
        return 0;
    case 'S':
        if (n != 3)
            return kk_fail(err, "'%s': S takes a station number", text);
        if (parse_station(tok[2], &t, err))
            return -1;
        *move = c | AYB_S << 6 | t << 9;
        return 0;
    case 'H':
        if (n < 3 || n > 4)
            return kk_fail(err, "'%s': H takes a station number (and a cube colour for a "
                                "white card with wild_hardware=white_any)", text);
        if (parse_station(tok[2], &t, err))
            return -1;
        if (colour == GB_WHITE) {
            if (n != 4)
                return kk_fail(err, "'%s': a white card's Hardware names its cube colour "
                                    "r, y, g or b", text);
            col = gb_colour_from_letter(tok[3][0]);
            if (strlen(tok[3]) != 1 || col < 0 || col >= GB_CUBE_COLOURS)
                return kk_fail(err, "'%s' is not a cube colour: r, y, g or b", tok[3]);
        } else {
            if (n != 3)
                return kk_fail(err, "'%s': only a white card names a cube colour", text);
            col = colour < GB_CUBE_COLOURS ? colour : 0;
        }
        *move = c | AYB_H << 6 | t << 9 | col << 15;
        return 0;
    default:
        return kk_fail(err, "'%s': the action is B, H, S or X", text);
    }
}
