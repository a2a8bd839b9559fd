/* Flower Garden (`flower-garden`, 2-5 players): the Green Box's card game of shop rows and
 * flower beds. Cards played in descending rows of one symbol into a shared shop pay flower
 * cubes; a card played as a bed plants flowers of its colour. Planted flowers score +1,
 * unplanted ones -1. The public game is kk_game_flower_garden (engine/core/games.def); this
 * header is for the module's own files and its tests. Rules as implemented, the move
 * encoding, notation and the greedy evaluation: docs/rules/flower-garden.md. */
#ifndef FLOWER_GARDEN_H
#define FLOWER_GARDEN_H

#include <stdint.h>

#include "../box/box.h"
#include "../core/game.h"

#define FG_MAX_SEATS 5 /* players: 2-5 */
#define FG_MAX_HAND 10 /* the `hand` parameter's upper bound */
/* Every shop row holds at least one card, so 54 rows bound even rows=free. */
#define FG_MAX_ROWS GB_CARDS
/* Bound on legal moves: a hand of 10 with 9 cards of one symbol has 1279 card sequences of
 * that symbol (x4 colours when the last card is wild), plus at most 847 discards and 40
 * beds; rows=free multiplies a symbol's sequences by its row choices but then fewer of its
 * cards can be in hand. docs/rules/flower-garden.md, "Moves". */
#define FG_MAX_MOVES 8192

/* A move is an int: the action in bits 28-29, then per action:
 *   shop:    bits 0-8 which of the symbol's 9 card slots are played (slots in order of
 *            number descending, id ascending within a number), bits 9-11 the order of the
 *            played 1s (index of a permutation, lexicographic), bit 12 the order of the
 *            played 2s, bits 13-15 the symbol, bits 16-18 named colour + 1 (0: none),
 *            bits 19-23 the row (0: the symbol's row, or a new row with rows=free; K >= 1:
 *            the K-th existing row of that symbol with rows=free);
 *   bed:     bits 0-5 the card id, bits 16-18 named colour + 1;
 *   discard: bits 0-9 which of the mover's hand cards (hand in id order);
 *   pass:    nothing (a seat without cards).
 * Chance outcomes are card ids (0-53). */
enum { FG_SHOP = 0, FG_BED = 1, FG_DISCARD = 2, FG_PASS = 3 };
#define FG_ACTION(m) (((m) >> 28) & 3)
#define FG_COLOUR(m) ((((m) >> 16) & 7) - 1)
#define FG_SHOP_MOVE(slots, p1, p2, sym, colour, row)                                      \
    ((kk_move)((slots) | ((p1) << 9) | ((p2) << 12) | ((sym) << 13) | (((colour) + 1) << 16) | \
               ((row) << 19)))
#define FG_BED_MOVE(card, colour) ((kk_move)((FG_BED << 28) | (card) | (((colour) + 1) << 16)))
#define FG_DISCARD_MOVE(mask) ((kk_move)((FG_DISCARD << 28) | (mask)))
#define FG_PASS_MOVE ((kk_move)(FG_PASS << 28))

enum { FG_PHASE_DEAL, FG_PHASE_PLAY, FG_PHASE_DRAW, FG_PHASE_OVER };
enum { FG_ROWS_PER_SYMBOL, FG_ROWS_FREE };
enum { FG_END_NONE, FG_END_DECK, FG_END_PILES, FG_END_STALL };

/* Per-game statistics, in the order of the game's stats table. */
enum {
    FG_ST_PLANTED,       /* per seat */
    FG_ST_UNPLANTED,     /* per seat */
    FG_ST_SHOP_PLAYS,    /* per seat */
    FG_ST_BEDS,          /* per seat */
    FG_ST_DISCARDS,      /* per seat: Discard actions */
    FG_ST_ROWS_CLEARED,
    FG_ST_TURNS,
    FG_ST_END_BY_PILES,
    FG_NUM_STATS
};

struct fg_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players;
    uint8_t hand_size;
    uint8_t rows_mode; /* FG_ROWS_* */
    uint8_t discard_max;
    uint8_t deck_cycles; /* exhaustions that end the game (auto resolved) */
    uint8_t piles_end;   /* emptied flower piles that end the game */
    uint8_t partial_take;
    uint8_t deck_id;

    /* Where the game is. */
    uint8_t phase;
    uint8_t turn;    /* seat to move, being dealt to, or replenishing */
    uint8_t to_draw; /* cards still to draw (deal or replenish) */
    uint8_t exhaustions;
    uint8_t end_reason; /* FG_END_* */
    uint8_t nrows;
    uint8_t cycle_cards; /* cards the draw pile held when the current cycle began */
    uint8_t pile[GB_CUBE_COLOURS];
    uint8_t unplanted[FG_MAX_SEATS][GB_CUBE_COLOURS];
    uint8_t planted[FG_MAX_SEATS][GB_CUBE_COLOURS];
    /* Cards as sets of ids: every card is in exactly one of these. The draw pile is a set:
     * its order is never stored, a draw is a chance node over what is in it. */
    uint64_t hand[FG_MAX_SEATS];
    uint64_t beds[FG_MAX_SEATS];
    uint64_t draw;
    uint64_t discard;
    /* Shop rows, oldest first. A row's numbers are strictly decreasing (a repeat clears it),
     * so its card set fixes its order; only a game ended by the piles mid-play can leave a
     * row with a repeat. */
    uint64_t rows[FG_MAX_ROWS];

    /* Statistics, all public. */
    int32_t turns;
    int32_t rows_cleared;
    int32_t shop_plays[FG_MAX_SEATS];
    int32_t bed_plays[FG_MAX_SEATS];
    int32_t discard_plays[FG_MAX_SEATS];
};

extern const struct kk_game kk_game_flower_garden;

/* --- game.c ---------------------------------------------------------------------------- */
/* The 9 card ids of a symbol in slot order (number descending, id ascending). */
void fg_symbol_slots(const struct gb_card *deck, int symbol, int *slots);
/* The cards of a shop move in play order; returns how many. */
int fg_shop_sequence(const struct gb_card *deck, kk_move move, int *ids);
/* The colour a shop move pays (last card's colour, or the named one). */
int fg_shop_colour(const struct gb_card *deck, kk_move move);
/* The index (0-based, creation order) of the K-th row (1-based) of symbol, or -1. */
int fg_row_index(const struct fg_state *s, int symbol, int k);
int fg_score(const struct fg_state *s, int seat);

/* --- notation.c ------------------------------------------------------------------------ */
int fg_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int fg_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);

/* --- eval.c ---------------------------------------------------------------------------- */
double fg_evaluate(const void *state, int seat);
void fg_get_stats(const void *state, double *out);
extern const struct kk_stat_desc fg_stats[FG_NUM_STATS];

/* --- view.c / check.c ------------------------------------------------------------------ */
void fg_sample_view(const void *state, int seat, kk_rng *rng, void *out);
int fg_check(const void *state, kk_error *err);

#endif
