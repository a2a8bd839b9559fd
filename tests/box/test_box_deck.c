/* The Green Box's shared components: deck gb1 equals the component table (a copy in
 * tests/data/box/deck-gb1.txt) and meets every constraint the rulebook states about the
 * deck, plus the facts its examples fix; card and kind notation round-trips. */
#include <stdio.h>
#include <string.h>

#include "engine/box/box.h"
#include "tests/testlib.h"

static const struct gb_card *deck;

static int count_where(int colour, int symbol, int number, int background)
{
    int n = 0;
    for (int i = 0; i < GB_CARDS; i++)
        n += (colour < 0 || deck[i].colour == colour) && (symbol < 0 || deck[i].symbol == symbol) &&
             (number < 0 || deck[i].number == number) &&
             (background < 0 || deck[i].background == background);
    return n;
}

static int index_of(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

static void test_table_matches_listing(void)
{
    FILE *f = fopen("data/box/deck-gb1.txt", "r");
    CHECK(f != NULL);
    if (!f)
        return;
    char line[256];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        int id, number;
        char col[16], sym[16], back[16];
        if (sscanf(line, "%d %15s %15s %d %15s", &id, col, sym, &number, back) != 5)
            continue;
        CHECK_EQ_INT(id, rows);
        if (id < 0 || id >= GB_CARDS)
            break;
        CHECK_EQ_INT(deck[id].colour, index_of(gb_colour_names, GB_COLOURS, col));
        CHECK_EQ_INT(deck[id].symbol, index_of(gb_symbol_names, GB_SYMBOLS, sym));
        CHECK_EQ_INT(deck[id].number, number);
        CHECK_EQ_INT(deck[id].background, index_of(gb_background_names, 3, back));
        rows++;
    }
    fclose(f);
    CHECK_EQ_INT(rows, GB_CARDS);
}

/* Each colour and each symbol has the numbers 1,1,1,2,2,3,4,5,6; each background holds 18
 * cards, 3 of each colour and symbol, numbered pink 1,2,3 / green 1,1,2 / brown 4,5,6 within
 * every colour and every symbol. */
static void test_number_and_background_split(void)
{
    static const int want[3][GB_NUMBERS + 1] = {
        {0, 1, 1, 1, 0, 0, 0}, /* pink */
        {0, 2, 1, 0, 0, 0, 0}, /* green */
        {0, 0, 0, 0, 1, 1, 1}, /* brown */
    };
    for (int x = 0; x < 6; x++)
        for (int n = 1; n <= GB_NUMBERS; n++) {
            CHECK_EQ_INT(count_where(x, -1, n, -1), gb_number_copies[n]);
            CHECK_EQ_INT(count_where(-1, x, n, -1), gb_number_copies[n]);
            for (int b = 0; b < 3; b++) {
                CHECK_EQ_INT(count_where(x, -1, n, b), want[b][n]);
                CHECK_EQ_INT(count_where(-1, x, n, b), want[b][n]);
            }
        }
    for (int b = 0; b < 3; b++)
        CHECK_EQ_INT(count_where(-1, -1, -1, b), 18);
    /* A colour does not hold equally many of each symbol. */
    for (int c = 0; c < GB_COLOURS; c++) {
        int lo = 99, hi = 0;
        for (int s = 0; s < GB_SYMBOLS; s++) {
            int k = count_where(c, s, -1, -1);
            lo = k < lo ? k : lo;
            hi = k > hi ? k : hi;
        }
        CHECK(lo < hi);
    }
}

/* Without the brown (or the green) cards, each colour has exactly one card of each symbol. */
static void test_removing_a_background(void)
{
    for (int drop = GB_GREEN; drop <= GB_BROWN; drop++)
        for (int c = 0; c < GB_COLOURS; c++)
            for (int s = 0; s < GB_SYMBOLS; s++)
                CHECK_EQ_INT(count_where(c, s, -1, -1) - count_where(c, s, -1, drop), 1);
}

/* Temple of Doom: the 3 black brown cards go to the pink deck and the 3 white pink cards to
 * the brown deck; both decks still hold 3 of each symbol. */
static void test_temple_swap(void)
{
    CHECK_EQ_INT(count_where(GB_BLACK, -1, -1, GB_BROWN), 3);
    CHECK_EQ_INT(count_where(GB_WHITE, -1, -1, GB_PINK), 3);
    for (int s = 0; s < GB_SYMBOLS; s++) {
        int relic = count_where(-1, s, -1, GB_BROWN) - count_where(GB_BLACK, s, -1, GB_BROWN) +
                    count_where(GB_WHITE, s, -1, GB_PINK);
        int temple = count_where(-1, s, -1, GB_PINK) - count_where(GB_WHITE, s, -1, GB_PINK) +
                     count_where(GB_BLACK, s, -1, GB_BROWN);
        CHECK_EQ_INT(relic, 3);
        CHECK_EQ_INT(temple, 3);
    }
}

/* Single cards the rulebook's examples name, and the Gauntlet's starting hands. */
static void test_example_cards(void)
{
    CHECK(count_where(GB_YELLOW, GB_WHEEL, 1, -1) == 1);
    CHECK(count_where(GB_BLACK, GB_WHEEL, 1, -1) == 1);
    CHECK(count_where(-1, GB_WHEEL, 3, -1) >= 1);
    CHECK(count_where(GB_WHITE, GB_CIRCLES, 1, -1) == 1);
    CHECK(count_where(GB_BLACK, GB_WHEEL, 5, -1) == 1);
    /* Gauntlet, 4 players: 4 cards of value <= 2 in each of Wheel, Bricks, Circles, with
     * eight 1s and four 2s over the twelve. */
    int ones = 0, twos = 0;
    static const int gaunt[3] = {GB_WHEEL, GB_BRICKS, GB_CIRCLES};
    for (int i = 0; i < 3; i++) {
        int s = gaunt[i], n1 = count_where(-1, s, 1, -1), n2 = count_where(-1, s, 2, -1);
        CHECK(n1 + n2 >= 4);
        ones += n1 < 4 ? n1 : 4;
        twos += n2;
        /* 2 players (pink and brown cards only): 1, 2 and 3 once each among values <= 3. */
        for (int v = 1; v <= 3; v++)
            CHECK_EQ_INT(count_where(-1, s, v, GB_PINK) + count_where(-1, s, v, GB_BROWN), 1);
    }
    CHECK(ones >= 8 && twos >= 4);
    /* Our construction: War 2.0's colour sets are alike on the symbols they remove. */
    CHECK(count_where(GB_BLUE, GB_ARROW, -1, -1) == count_where(GB_YELLOW, GB_ARROW, -1, -1));
    CHECK(count_where(GB_BLUE, GB_ARROW, -1, -1) == count_where(GB_WHITE, GB_ARROW, -1, -1));
    CHECK(count_where(GB_BLUE, GB_ARROW, -1, -1) + count_where(GB_BLUE, GB_HAMMERS, -1, -1) ==
          count_where(GB_YELLOW, GB_ARROW, -1, -1) + count_where(GB_YELLOW, GB_HAMMERS, -1, -1));
}

static void test_notation(void)
{
    char buf[8];
    for (int i = 0; i < GB_CARDS; i++) {
        gb_card_text(deck, i, buf, sizeof buf);
        CHECK_EQ_INT(gb_card_from_text(deck, buf), i); /* (colour, symbol, number) is unique */
    }
    gb_card_text(deck, 14, buf, sizeof buf);
    CHECK(strcmp(buf, "yW1") == 0);
    CHECK_EQ_INT(gb_card_from_text(deck, "yW2"), -1); /* no such card */
    CHECK_EQ_INT(gb_card_from_text(deck, "xW1"), -1);
    CHECK_EQ_INT(gb_card_from_text(deck, "yW"), -1);
    int copies = 0;
    for (int k = 0; k < GB_KINDS; k++) {
        gb_kind_text(k, buf, sizeof buf);
        CHECK_EQ_INT(gb_kind_from_text(buf), k);
        CHECK_EQ_INT(count_where(-1, gb_kind_symbol(k), gb_kind_number(k), -1), gb_kind_copies(k));
        copies += gb_kind_copies(k);
    }
    CHECK_EQ_INT(copies, GB_CARDS);
    CHECK_EQ_INT(gb_kind_from_text("3D"), gb_kind(GB_DROP, 3));
    CHECK_EQ_INT(gb_kind_from_text("7D"), -1);
    CHECK_EQ_INT(gb_kind_from_text("3X"), -1);
    CHECK_EQ_INT(gb_kind_from_text("3"), -1);
    CHECK_EQ_INT(gb_symbol_from_letter('A'), GB_ARROW);
    CHECK_EQ_INT(gb_symbol_from_letter('\0'), -1);
    CHECK_EQ_INT(gb_colour_from_letter('k'), GB_BLACK);
}

int main(void)
{
    deck = gb_deck(GB_DECK_GB1);
    test_table_matches_listing();
    test_number_and_background_split();
    test_removing_a_background();
    test_temple_swap();
    test_example_cards();
    test_notation();
    return kk_test_done("box_deck");
}
