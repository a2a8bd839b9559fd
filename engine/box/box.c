#include "box.h"

#include <stdio.h>
#include <string.h>

const char gb_symbol_letters[GB_SYMBOLS + 1] = "DHCBWA";
const char gb_colour_letters[GB_COLOURS + 1] = "rygbwk";
const char *const gb_symbol_names[GB_SYMBOLS] = {"Drop", "Hammers", "Circles",
                                                 "Bricks", "Wheel", "Arrow"};
const char *const gb_colour_names[GB_COLOURS] = {"red", "yellow", "green",
                                                 "blue", "white", "black"};
const char *const gb_background_names[3] = {"pink", "green", "brown"};
const uint8_t gb_number_copies[GB_NUMBERS + 1] = {0, 3, 2, 1, 1, 1, 1};

/* Deck gb1 (components.md, a construction: the printed layout is only pictured in the
 * rulebook). Colour offsets blue 0, yellow 1, white 2, red 3, green 4, black 5; for symbol s
 * let k = (s - offset) mod 6: k < 3 is one pink card numbered k + 1, k >= 3 one green card
 * numbered (1, 2, 1)[k - 3] and one brown card numbered (4, 6, 5)[k - 3]. Listed in id
 * order: colour, then symbol, then green before brown. */
static const struct gb_card deck_gb1[GB_CARDS] = {
    {0, 0, 1, GB_GREEN}, {0, 0, 4, GB_BROWN}, {0, 1, 2, GB_GREEN}, {0, 1, 6, GB_BROWN},
    {0, 2, 1, GB_GREEN}, {0, 2, 5, GB_BROWN}, {0, 3, 1, GB_PINK}, {0, 4, 2, GB_PINK},
    {0, 5, 3, GB_PINK}, {1, 0, 1, GB_GREEN}, {1, 0, 5, GB_BROWN}, {1, 1, 1, GB_PINK},
    {1, 2, 2, GB_PINK}, {1, 3, 3, GB_PINK}, {1, 4, 1, GB_GREEN}, {1, 4, 4, GB_BROWN},
    {1, 5, 2, GB_GREEN}, {1, 5, 6, GB_BROWN}, {2, 0, 3, GB_PINK}, {2, 1, 1, GB_GREEN},
    {2, 1, 4, GB_BROWN}, {2, 2, 2, GB_GREEN}, {2, 2, 6, GB_BROWN}, {2, 3, 1, GB_GREEN},
    {2, 3, 5, GB_BROWN}, {2, 4, 1, GB_PINK}, {2, 5, 2, GB_PINK}, {3, 0, 1, GB_PINK},
    {3, 1, 2, GB_PINK}, {3, 2, 3, GB_PINK}, {3, 3, 1, GB_GREEN}, {3, 3, 4, GB_BROWN},
    {3, 4, 2, GB_GREEN}, {3, 4, 6, GB_BROWN}, {3, 5, 1, GB_GREEN}, {3, 5, 5, GB_BROWN},
    {4, 0, 2, GB_GREEN}, {4, 0, 6, GB_BROWN}, {4, 1, 1, GB_GREEN}, {4, 1, 5, GB_BROWN},
    {4, 2, 1, GB_PINK}, {4, 3, 2, GB_PINK}, {4, 4, 3, GB_PINK}, {4, 5, 1, GB_GREEN},
    {4, 5, 4, GB_BROWN}, {5, 0, 2, GB_PINK}, {5, 1, 3, GB_PINK}, {5, 2, 1, GB_GREEN},
    {5, 2, 4, GB_BROWN}, {5, 3, 2, GB_GREEN}, {5, 3, 6, GB_BROWN}, {5, 4, 1, GB_GREEN},
    {5, 4, 5, GB_BROWN}, {5, 5, 1, GB_PINK},
};

const struct gb_card *gb_deck(enum gb_deck_id deck)
{
    switch (deck) {
    case GB_DECK_GB1:
        return deck_gb1;
    }
    return deck_gb1;
}

int gb_symbol_from_letter(char c)
{
    const char *p = c ? strchr(gb_symbol_letters, c) : NULL;
    return p ? (int)(p - gb_symbol_letters) : -1;
}

int gb_colour_from_letter(char c)
{
    const char *p = c ? strchr(gb_colour_letters, c) : NULL;
    return p ? (int)(p - gb_colour_letters) : -1;
}

int gb_card_text(const struct gb_card *deck, int id, char *buf, size_t size)
{
    const struct gb_card *c = &deck[id];
    return snprintf(buf, size, "%c%c%d", gb_colour_letters[c->colour],
                    gb_symbol_letters[c->symbol], c->number);
}

int gb_card_from_text(const struct gb_card *deck, const char *text)
{
    if (strlen(text) != 3)
        return -1;
    int col = gb_colour_from_letter(text[0]), sym = gb_symbol_from_letter(text[1]);
    int num = text[2] - '0';
    if (col < 0 || sym < 0 || num < 1 || num > GB_NUMBERS)
        return -1;
    for (int i = 0; i < GB_CARDS; i++)
        if (deck[i].colour == col && deck[i].symbol == sym && deck[i].number == num)
            return i;
    return -1;
}

int gb_kind_text(int kind, char *buf, size_t size)
{
    return snprintf(buf, size, "%d%c", gb_kind_number(kind),
                    gb_symbol_letters[gb_kind_symbol(kind)]);
}

int gb_kind_from_text(const char *text)
{
    if (strlen(text) != 2 || text[0] < '1' || text[0] > '0' + GB_NUMBERS)
        return -1;
    int sym = gb_symbol_from_letter(text[1]);
    return sym < 0 ? -1 : gb_kind(sym, text[0] - '0');
}
