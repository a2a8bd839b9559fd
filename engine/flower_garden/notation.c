/* Text notation of Flower Garden (docs/rules/flower-garden.md, "Notation"):
 *   draw     yW1                       the card drawn or dealt (colour, symbol, number)
 *   shop     shop wW3 yW1              cards in play order; a wild last card adds =r/=y/=g/=b
 *            shop new kW1 =r           rows=free: `new` starts a row, `rowK` continues the
 *            shop row2 bA1             K-th row of that symbol (1-based, oldest first)
 *   bed      bed yC2, bed wD2 =b
 *   discard  discard rA3 gD3           cards in id order when written; any order is read
 *   pass     pass                      only with an empty hand */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flower_garden.h"

#define APPEND(...)                                                                        \
    do {                                                                                   \
        size_t at_ = (size_t)len < size ? (size_t)len : size;                              \
        len += snprintf(buf + at_, size - at_, __VA_ARGS__);                               \
    } while (0)

static int card_text(const struct gb_card *deck, int id, char *buf, size_t size)
{
    return gb_card_text(deck, id, buf, size);
}

int fg_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct fg_state *s = state;
    const struct gb_card *deck = gb_deck(s->deck_id);
    char c[8];
    int len = 0;
    if (s->phase == FG_PHASE_DEAL || s->phase == FG_PHASE_DRAW)
        return card_text(deck, move, buf, size);
    int named = FG_COLOUR(move);
    switch (FG_ACTION(move)) {
    case FG_SHOP: {
        int ids[GB_CARDS_PER_SYMBOL];
        int n = fg_shop_sequence(deck, move, ids);
        APPEND("shop");
        if (s->rows_mode == FG_ROWS_FREE) {
            int target = (move >> 19) & 31;
            if (target)
                APPEND(" row%d", target);
            else
                APPEND(" new");
        }
        for (int i = 0; i < n; i++) {
            card_text(deck, ids[i], c, sizeof c);
            APPEND(" %s", c);
        }
        if (named >= 0)
            APPEND(" =%c", gb_colour_letters[named]);
        return len;
    }
    case FG_BED:
        card_text(deck, move & 63, c, sizeof c);
        APPEND("bed %s", c);
        if (named >= 0)
            APPEND(" =%c", gb_colour_letters[named]);
        return len;
    case FG_DISCARD: {
        uint64_t hand = s->hand[s->turn];
        APPEND("discard");
        for (int i = 0; hand; i++, hand &= hand - 1)
            if (((unsigned)move >> i) & 1u) {
                card_text(deck, __builtin_ctzll(hand), c, sizeof c);
                APPEND(" %s", c);
            }
        return len;
    }
    default: APPEND("pass"); return len;
    }
}

#define MAX_TOKENS 16

/* Splits text at blanks in place (no strtok: callers may run in parallel threads). */
static int split(char *text, char **tok)
{
    int n = 0;
    char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            *p++ = '\0';
        if (!*p)
            return n;
        if (n == MAX_TOKENS)
            return -1;
        tok[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
    }
}

static int parse_card(const struct gb_card *deck, const char *text, int *id, kk_error *err)
{
    *id = gb_card_from_text(deck, text);
    if (*id < 0)
        return kk_fail(err, "'%s' is not a card: colour r y g b w k, symbol D H C B W A, "
                            "number 1-6, e.g. yW1", text);
    return 0;
}

/* "=r" etc.: a colour named for a wild card. Returns the colour or -1. */
static int named_colour(const char *tok)
{
    if (tok[0] != '=' || !tok[1] || tok[2])
        return -1;
    int c = gb_colour_from_letter(tok[1]);
    return c >= 0 && c < GB_CUBE_COLOURS ? c : -1;
}

/* Index of a permutation of k items given as the rank of each position's item. */
static int perm_index(const int *order, int k)
{
    if (k <= 1)
        return 0;
    if (k == 2)
        return order[0] > order[1];
    static const int first[3] = {0, 2, 4};
    return first[order[0]] + (order[1] > order[2]);
}

static int parse_shop(const struct fg_state *s, char **tok, int n, kk_move *move,
                      kk_error *err)
{
    const struct gb_card *deck = gb_deck(s->deck_id);
    int at = 1, target = 0, named = -1;
    if (s->rows_mode == FG_ROWS_FREE) {
        if (at >= n)
            return kk_fail(err, "shop needs `new` or `rowK` with rows=free");
        if (!strcmp(tok[at], "new")) {
            target = 0;
        } else if (!strncmp(tok[at], "row", 3) && tok[at][3] >= '1' && tok[at][3] <= '9') {
            char *end;
            long k = strtol(tok[at] + 3, &end, 10);
            if (*end || k < 1 || k > GB_CARDS_PER_SYMBOL)
                return kk_fail(err, "'%s' is not a row: row1 to row9", tok[at]);
            target = (int)k;
        } else {
            return kk_fail(err, "'%s': with rows=free a shop play starts with `new` or `rowK`",
                           tok[at]);
        }
        at++;
    }
    if (n > at && tok[n - 1][0] == '=') {
        named = named_colour(tok[n - 1]);
        if (named < 0)
            return kk_fail(err, "'%s' is not a named colour: =r, =y, =g or =b", tok[n - 1]);
        n--;
    }
    int len = n - at;
    if (len < 1 || len > GB_CARDS_PER_SYMBOL)
        return kk_fail(err, "a shop play names 1 to 9 cards, not %d", len);
    int ids[GB_CARDS_PER_SYMBOL];
    for (int i = 0; i < len; i++) {
        if (parse_card(deck, tok[at + i], &ids[i], err))
            return -1;
        for (int j = 0; j < i; j++)
            if (ids[j] == ids[i])
                return kk_fail(err, "card %s named twice", tok[at + i]);
        if (deck[ids[i]].symbol != deck[ids[0]].symbol)
            return kk_fail(err, "shop cards must share one symbol (%s, %s)", tok[at],
                           tok[at + i]);
        if (i > 0 && deck[ids[i]].number > deck[ids[i - 1]].number)
            return kk_fail(err, "shop cards go in non-increasing order (%s after %s)",
                           tok[at + i], tok[at + i - 1]);
    }
    int wild = deck[ids[len - 1]].colour >= GB_CUBE_COLOURS;
    if (wild && named < 0)
        return kk_fail(err, "the last card %s is wild: name a colour (=r, =y, =g or =b)",
                       tok[at + len - 1]);
    if (!wild && named >= 0)
        return kk_fail(err, "the last card %s is not wild: no colour to name",
                       tok[at + len - 1]);
    int sym = deck[ids[0]].symbol, slots[GB_CARDS_PER_SYMBOL];
    fg_symbol_slots(deck, sym, slots);
    unsigned mask = 0;
    int rank1[3], k1 = 0, rank2[3], k2 = 0;
    for (int i = 0; i < len; i++)
        for (int j = 0; j < GB_CARDS_PER_SYMBOL; j++)
            if (slots[j] == ids[i])
                mask |= 1u << j;
    /* The rank of each played 1 (2) among the played 1s (2s) in slot order. */
    for (int i = 0; i < len; i++) {
        int num = deck[ids[i]].number;
        if (num > 2)
            continue;
        int lo = num == 1 ? 6 : 4, hi = num == 1 ? 9 : 6, rank = 0;
        for (int j = lo; j < hi; j++)
            if (((mask >> j) & 1u) && slots[j] < ids[i])
                rank++;
        if (num == 1)
            rank1[k1++] = rank;
        else
            rank2[k2++] = rank;
    }
    *move = FG_SHOP_MOVE((kk_move)mask, perm_index(rank1, k1), perm_index(rank2, k2), sym,
                         named, target);
    return 0;
}

int fg_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct fg_state *s = state;
    const struct gb_card *deck = gb_deck(s->deck_id);
    if (s->phase == FG_PHASE_OVER)
        return kk_fail(err, "the game is over");
    char copy[256];
    if (strlen(text) >= sizeof copy)
        return kk_fail(err, "move text too long");
    strcpy(copy, text);
    char *tok[MAX_TOKENS];
    int n = split(copy, tok);
    if (n <= 0)
        return kk_fail(err, n == 0 ? "empty move" : "too many words in '%s'", text);
    if (s->phase == FG_PHASE_DEAL || s->phase == FG_PHASE_DRAW) {
        int id;
        if (n != 1)
            return kk_fail(err, "a draw is one card, e.g. yW1, not '%s'", text);
        if (parse_card(deck, tok[0], &id, err))
            return -1;
        *move = id;
        return 0;
    }
    if (!strcmp(tok[0], "pass") && n == 1) {
        *move = FG_PASS_MOVE;
        return 0;
    }
    if (!strcmp(tok[0], "shop"))
        return parse_shop(s, tok, n, move, err);
    if (!strcmp(tok[0], "bed")) {
        int id, named = -1;
        if (n < 2 || n > 3)
            return kk_fail(err, "a bed is one card, e.g. bed yC2 or bed wD2 =b");
        if (parse_card(deck, tok[1], &id, err))
            return -1;
        int wild = deck[id].colour >= GB_CUBE_COLOURS;
        if (n == 3 && (named = named_colour(tok[2])) < 0)
            return kk_fail(err, "'%s' is not a named colour: =r, =y, =g or =b", tok[2]);
        if (wild != (named >= 0))
            return kk_fail(err, wild ? "%s is wild: name a colour (=r, =y, =g or =b)"
                                     : "%s is not wild: no colour to name", tok[1]);
        *move = FG_BED_MOVE(id, named);
        return 0;
    }
    if (!strcmp(tok[0], "discard")) {
        if (n < 2)
            return kk_fail(err, "discard names at least one card");
        uint64_t hand = s->hand[s->turn], cards = 0;
        for (int i = 1; i < n; i++) {
            int id;
            if (parse_card(deck, tok[i], &id, err))
                return -1;
            if (!((hand >> id) & 1u))
                return kk_fail(err, "%s is not in seat %d's hand", tok[i], s->turn);
            if ((cards >> id) & 1u)
                return kk_fail(err, "card %s named twice", tok[i]);
            cards |= UINT64_C(1) << id;
        }
        unsigned mask = 0;
        for (int i = 0; hand; i++, hand &= hand - 1)
            if (cards & hand & (0 - hand))
                mask |= 1u << i;
        *move = FG_DISCARD_MOVE((kk_move)mask);
        return 0;
    }
    return kk_fail(err, "'%s' is not a move: shop ..., bed CARD, discard CARDS or pass", text);
}
