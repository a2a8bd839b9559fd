/* Tunnel Run's notation (docs/rules/tunnel-run.md, "Notation"):
 *   segment layout  * seg DHCBWA   the 6 symbols of the next segment in track order
 *   card dealt      * deal H       (setup)
 *   card drawn      * H
 *   forward move    H@0            play a Hammers card for a pirate on position 0
 *   backward move   b@14           the pirate on tile 14 moves back
 *   end, pass       end / pass */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../box/box.h"
#include "tunnel_run.h"

int tr_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct tr_state *s = state;
    switch (s->phase) {
    case TR_PHASE_SEGMENT: {
        uint8_t sym[TR_SYMBOLS];
        tr_perm_symbols((int)move, sym);
        char t[TR_SYMBOLS + 1];
        for (int i = 0; i < TR_SYMBOLS; i++)
            t[i] = gb_symbol_letters[sym[i]];
        t[TR_SYMBOLS] = '\0';
        return snprintf(buf, size, "seg %s", t);
    }
    case TR_PHASE_DEAL: return snprintf(buf, size, "deal %c", gb_symbol_letters[move]);
    case TR_PHASE_DRAW: return snprintf(buf, size, "%c", gb_symbol_letters[move]);
    default: break;
    }
    if (move == TR_END)
        return snprintf(buf, size, "end");
    if (move == TR_PASS)
        return snprintf(buf, size, "pass");
    if (tr_is_forward(move))
        return snprintf(buf, size, "%c@%d", gb_symbol_letters[move / 64], (int)(move % 64));
    return snprintf(buf, size, "b@%d", (int)(move - TR_BACK));
}

static int parse_symbol(const char *text)
{
    return text[0] && !text[1] ? gb_symbol_from_letter(text[0]) : -1;
}

int tr_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct tr_state *s = state;
    switch (s->phase) {
    case TR_PHASE_OVER: return kk_fail(err, "the game is over");
    case TR_PHASE_SEGMENT: {
        uint8_t sym[TR_SYMBOLS];
        int seen = 0;
        if (strncmp(text, "seg ", 4) || strlen(text) != 4 + TR_SYMBOLS)
            return kk_fail(err, "bad segment '%s': expected 'seg' and the 6 symbols, as in "
                                "seg DHCBWA", text);
        for (int i = 0; i < TR_SYMBOLS; i++) {
            int y = gb_symbol_from_letter(text[4 + i]);
            if (y < 0 || (seen >> y & 1))
                return kk_fail(err, "bad segment '%s': each of D H C B W A exactly once", text);
            seen |= 1 << y;
            sym[i] = (uint8_t)y;
        }
        *move = tr_perm_rank(sym);
        return 0;
    }
    case TR_PHASE_DEAL: {
        int y = strncmp(text, "deal ", 5) ? -1 : parse_symbol(text + 5);
        if (y < 0)
            return kk_fail(err, "bad deal '%s': expected 'deal S' with S one of D H C B W A",
                           text);
        *move = y;
        return 0;
    }
    case TR_PHASE_DRAW: {
        int y = parse_symbol(text);
        if (y < 0)
            return kk_fail(err, "bad draw '%s': expected a symbol D H C B W A", text);
        *move = y;
        return 0;
    }
    default: break;
    }
    if (!strcmp(text, "end")) {
        *move = TR_END;
        return 0;
    }
    if (!strcmp(text, "pass")) {
        *move = TR_PASS;
        return 0;
    }
    if (text[0] && text[1] == '@' && text[2] >= '0' && text[2] <= '9' && strlen(text) <= 4) {
        char *end;
        long p = strtol(text + 2, &end, 10);
        if (!*end && p >= 0 && p <= TR_TILES) {
            if (text[0] == 'b') {
                *move = TR_BACK + (int)p;
                return 0;
            }
            int y = gb_symbol_from_letter(text[0]);
            if (y >= 0) {
                *move = tr_forward(y, (int)p);
                return 0;
            }
        }
    }
    return kk_fail(err, "bad move '%s': expected S@p (S one of D H C B W A, p 0-36), b@p, "
                        "end or pass", text);
}
