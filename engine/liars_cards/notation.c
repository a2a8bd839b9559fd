/* Text notation of Liar's Cards (docs/rules/liars-cards.md, "Notation"):
 *   deal        3D              one card dealt: number, then symbol letter (D H C B W A)
 *   track       track HCDWAB    the shuffled track, wild first (track_order=shuffled)
 *   count bid   4C              at least 4 cards count as Circles
 *   sum bid     s17             the numbers of all dealt cards add up to at least 17
 *   call        call            the previous bid is a lie
 *   wild        wild:S          the starter moves symbol S to the wild position */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "liars_cards.h"

int lc_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct lc_state *s = state;
    switch (s->phase) {
    case LC_PHASE_TRACK: {
        uint8_t track[GB_SYMBOLS];
        lc_track_from_index(move, track);
        char letters[GB_SYMBOLS + 1];
        for (int i = 0; i < GB_SYMBOLS; i++)
            letters[i] = gb_symbol_letters[track[i]];
        letters[GB_SYMBOLS] = '\0';
        return snprintf(buf, size, "track %s", letters);
    }
    case LC_PHASE_DEAL:
        return gb_kind_text(move, buf, size);
    default:
        break;
    }
    if (move == LC_MOVE_CALL)
        return snprintf(buf, size, "call");
    if (move >= LC_MOVE_WILD && move < LC_MOVE_WILD + GB_SYMBOLS)
        return snprintf(buf, size, "wild:%c", gb_symbol_letters[move - LC_MOVE_WILD]);
    if (lc_is_sum_bid(move))
        return snprintf(buf, size, "s%d", move - LC_MOVE_SUM);
    return snprintf(buf, size, "%d%c", lc_bid_n(move), gb_symbol_letters[lc_bid_symbol(move)]);
}

/* A whole positive number of at most 3 digits, or -1. */
static int parse_number(const char *text, const char *end)
{
    if (end <= text || end - text > 3)
        return -1;
    int v = 0;
    for (const char *p = text; p < end; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

static int parse_track(const char *text, kk_move *move, kk_error *err)
{
    if (strncmp(text, "track ", 6) != 0)
        return kk_fail(err, "bad track outcome '%s': expected 'track' and a permutation of "
                            "DHCBWA, e.g. track HCDWAB", text);
    const char *w = text + 6;
    while (*w == ' ')
        w++;
    uint8_t track[GB_SYMBOLS];
    int seen = 0;
    if (strlen(w) != GB_SYMBOLS)
        return kk_fail(err, "bad track '%s': expected the 6 letters DHCBWA in some order", w);
    for (int i = 0; i < GB_SYMBOLS; i++) {
        int sym = gb_symbol_from_letter(w[i]);
        if (sym < 0 || (seen >> sym & 1))
            return kk_fail(err, "bad track '%s': expected the 6 letters DHCBWA in some order",
                           w);
        seen |= 1 << sym;
        track[i] = (uint8_t)sym;
    }
    *move = lc_track_index(track);
    return 0;
}

int lc_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct lc_state *s = state;
    switch (s->phase) {
    case LC_PHASE_OVER:
        return kk_fail(err, "the game is over");
    case LC_PHASE_TRACK:
        return parse_track(text, move, err);
    case LC_PHASE_DEAL: {
        int kind = gb_kind_from_text(text);
        if (kind < 0)
            return kk_fail(err, "bad card '%s': expected a number 1-6 and a symbol letter "
                                "(D H C B W A), e.g. 3D", text);
        *move = kind;
        return 0;
    }
    default:
        break;
    }
    size_t len = strlen(text);
    if (strcmp(text, "call") == 0) {
        *move = LC_MOVE_CALL;
        return 0;
    }
    if (strncmp(text, "wild:", 5) == 0) {
        int sym = len == 6 ? gb_symbol_from_letter(text[5]) : -1;
        if (sym < 0)
            return kk_fail(err, "bad wild choice '%s': expected wild: and a symbol letter "
                                "(D H C B W A), e.g. wild:H", text);
        *move = LC_MOVE_WILD + sym;
        return 0;
    }
    if (text[0] == 's') {
        int v = parse_number(text + 1, text + len);
        if (v < 1 || v > GB_NUMBERS * GB_CARDS)
            return kk_fail(err, "bad sum bid '%s': expected s and a number, e.g. s17", text);
        *move = LC_MOVE_SUM + v;
        return 0;
    }
    int sym = len >= 2 ? gb_symbol_from_letter(text[len - 1]) : -1;
    int n = parse_number(text, text + len - 1);
    if (sym < 0 || n < 1 || n > GB_CARDS)
        return kk_fail(err, "bad move '%s': expected a count bid like 4C, a sum bid like s17, "
                            "call, or wild:S", text);
    *move = lc_count_bid(n, sym);
    return 0;
}
