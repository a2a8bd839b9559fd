/* The Green Box of Games' shared components, defined once for every Green Box engine:
 * the six symbols (the same letters and order as Son of Kark), the 54-card deck with
 * colour, symbol, number and background (deck gb1 of the rules' components.md), the
 * 36 tiles (six per symbol) and the card "kinds" (symbol + number) that games which ignore
 * colour draw from. Tables are const; nothing here has state. */
#ifndef GB_BOX_H
#define GB_BOX_H

#include <stddef.h>
#include <stdint.h>

#define GB_SYMBOLS 6
#define GB_COLOURS 6
#define GB_NUMBERS 6          /* printed numbers 1..6 */
#define GB_CARDS 54
#define GB_CARDS_PER_SYMBOL 9 /* numbered 1, 1, 1, 2, 2, 3, 4, 5, 6 */
#define GB_TILES 36           /* six per symbol; green face shows it, brown face blank */
#define GB_TILES_PER_SYMBOL 6
#define GB_KINDS (GB_SYMBOLS * GB_NUMBERS) /* (symbol, number) pairs */
#define GB_CUBE_COLOURS 4     /* red, yellow, green, blue: the card colours less white, black */
#define GB_CUBES_PER_COLOUR 20

enum gb_symbol { GB_DROP, GB_HAMMERS, GB_CIRCLES, GB_BRICKS, GB_WHEEL, GB_ARROW };
enum gb_colour { GB_RED, GB_YELLOW, GB_GREEN_C, GB_BLUE, GB_WHITE, GB_BLACK };
enum gb_background { GB_PINK, GB_GREEN, GB_BROWN };
enum gb_deck_id { GB_DECK_GB1 };

struct gb_card {
    uint8_t colour, symbol, number, background;
};

extern const char gb_symbol_letters[GB_SYMBOLS + 1]; /* "DHCBWA" */
extern const char gb_colour_letters[GB_COLOURS + 1]; /* "rygbwk" */
extern const char *const gb_symbol_names[GB_SYMBOLS];
extern const char *const gb_colour_names[GB_COLOURS];
extern const char *const gb_background_names[3];
/* Cards of each number per symbol (and per colour): index 1..6 -> 3, 2, 1, 1, 1, 1. */
extern const uint8_t gb_number_copies[GB_NUMBERS + 1];

/* The 54 cards of a deck layout, indexed by card id (0..53). */
const struct gb_card *gb_deck(enum gb_deck_id deck);

/* Symbol or colour index of a letter, or -1. */
int gb_symbol_from_letter(char c);
int gb_colour_from_letter(char c);

/* A card as colour letter + symbol letter + number ("yW1"), and back (-1 if no such card). */
int gb_card_text(const struct gb_card *deck, int id, char *buf, size_t size);
int gb_card_from_text(const struct gb_card *deck, const char *text);

/* Kinds: kind = symbol * 6 + (number - 1); written number then symbol letter ("3D"). */
static inline int gb_kind(int symbol, int number) { return symbol * GB_NUMBERS + number - 1; }
static inline int gb_kind_symbol(int kind) { return kind / GB_NUMBERS; }
static inline int gb_kind_number(int kind) { return kind % GB_NUMBERS + 1; }
static inline int gb_kind_copies(int kind) { return gb_number_copies[gb_kind_number(kind)]; }
int gb_kind_text(int kind, char *buf, size_t size);
int gb_kind_from_text(const char *text); /* -1 if not a kind */

#endif
