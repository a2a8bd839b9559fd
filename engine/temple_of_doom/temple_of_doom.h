/* Temple of Doom (`temple-of-doom`, 1-6 players, cooperative): the Green Box game in which
 * a team moves 8 archaeologists through a collapsing temple of 36 tiles with movement cards,
 * collecting relics and escaping. The public game is kk_game_temple_of_doom
 * (engine/core/games.def); this header is for the module's own files and its tests. Rules as
 * implemented, the factoring of a card play into sub-decisions, the notation and the greedy
 * evaluation are in docs/rules/temple-of-doom.md. */
#ifndef TD_H
#define TD_H

#include <stdint.h>

#include "../box/box.h"
#include "../core/game.h"

#define TD_MAX_SEATS 6
#define TD_TILES 36
#define TD_MAX_ROWS 9
#define TD_DECK 18      /* cards in each of the three decks */
#define TD_COLOURS 4    /* archaeologist colours: red, yellow, green, blue (box order) */
#define TD_PER_COLOUR 2 /* archaeologists of each colour */
#define TD_ARCHS (TD_COLOURS * TD_PER_COLOUR)
#define TD_RELICS_UP 3
#define TD_TEMPLE_UP 6
#define TD_LAYOUT_SEQ 6 /* generator constant G of the layout_seed convention */

/* Places of archaeologists: the entrance, or tile t at place t + 1. TD_EXIT is only a
 * target (an archaeologist that reaches it has escaped). */
enum { TD_ENTRANCE = 0, TD_EXIT = TD_TILES + 1, TD_PLACES = TD_TILES + 1 };

enum { TD_PH_LAYOUT, TD_PH_DEAL, TD_PH_CARD, TD_PH_POINT, TD_PH_COLLAPSE, TD_PH_OVER };
/* What the next deal chance event turns up. */
enum { TD_DRAW_RELIC, TD_DRAW_TEMPLE, TD_DRAW_MOVE };

/* Moves.
 * - TD_PH_CARD: the card played, as its index 0..17 in the movement deck.
 * - TD_PH_POINT: TD_DECLINE, or a single move td_point(type, from, colour, to).
 * - TD_PH_COLLAPSE: the tile index chosen (flipped, or dropped when none is face up).
 * Chance outcomes: a card index 0..17 in the deck being drawn from; the layout 1..1000. */
#define TD_DECLINE 0
enum { TD_BY_COLOUR = 0, TD_BY_SYMBOL = 1 };
static inline kk_move td_point(int type, int from, int colour, int to)
{
    return 1 + (((type * TD_PLACES + from) * TD_COLOURS + colour) * (TD_EXIT + 1) + to);
}
static inline int td_point_to(kk_move m) { return (m - 1) % (TD_EXIT + 1); }
static inline int td_point_colour(kk_move m) { return (m - 1) / (TD_EXIT + 1) % TD_COLOURS; }
static inline int td_point_from(kk_move m)
{
    return (m - 1) / (TD_EXIT + 1) / TD_COLOURS % TD_PLACES;
}
static inline int td_point_type(kk_move m) { return (m - 1) / (TD_EXIT + 1) / TD_COLOURS / TD_PLACES; }

/* Per-game statistics, in the order of the game's stats table. */
enum {
    TD_ST_ROUNDS,
    TD_ST_ESCAPED,
    TD_ST_RELICS,
    TD_ST_DEAD,
    TD_ST_TILES_LEFT,
    TD_ST_CAPPED,
    TD_ST_POINTS_USED,
    TD_ST_POINTS_DECLINED,
    TD_NUM_STATS
};

struct td_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players;
    uint8_t easy, rotate, forced_points, open_hands, penalty_visible, keep_unmatched;
    uint8_t hand_solo;
    int32_t layout_seed;
    int32_t max_rounds;

    /* The three decks as gb1 card ids, ascending (built at init from engine/box). */
    uint8_t relic_id[TD_DECK], temple_id[TD_DECK], move_id[TD_DECK];

    /* The temple (built at init or by the layout draw). Tiles are indexed row by row from the
     * Starting Row, each row from the smallest x. */
    int32_t layout;                /* layout number in use (0: the fixed one) */
    uint8_t final_row;             /* 9, or 8 with easy=1 */
    uint8_t row[TD_TILES], x[TD_TILES], sym[TD_TILES];
    uint64_t adj[TD_TILES];        /* adjacent tiles (whatever their state) */
    uint64_t row1, final;          /* tiles of the Starting Row and of the final row */
    uint64_t up, flipped;          /* face-up tiles; tiles flipped at the last round end */

    /* Archaeologists: how many of each colour are at each place; the escaped and the dead. */
    uint8_t at[TD_PLACES][TD_COLOURS];
    uint8_t escaped[TD_COLOURS], dead[TD_COLOURS];

    /* Cards, as bit sets over deck indices 0..17 (deck orders are never stored). */
    uint32_t relic_deck, relic_up, relic_won;
    uint32_t temple_deck, temple_discard;
    uint8_t temple_up[TD_DECK]; /* face-up temple cards in the order they were turned up */
    uint8_t num_temple_up;
    uint32_t move_deck, move_played;
    uint32_t hand[TD_MAX_SEATS];

    /* Where the game is. */
    uint8_t phase;
    uint8_t draw;        /* TD_DRAW_* of the pending deal chance event */
    uint8_t setup;       /* 1 during the set-up deal (relics come before temple cards) */
    uint8_t temple_todo; /* temple cards still to turn up in this deal */
    uint8_t move_todo;   /* movement cards still to deal */
    uint8_t deal_seat;   /* who gets the next movement card */
    uint8_t first_seat;  /* the round's first seat */
    uint8_t seat;        /* seat playing a card, or choosing a collapse tile */
    uint8_t card;        /* movement deck index of the card being played */
    uint8_t points_left; /* its points not yet used or declined */
    uint8_t cursor;      /* collapse: index in temple_up of the card being resolved */
    uint32_t matched;    /* collapse: bit i set when temple_up[i] is matched */
    int32_t round;       /* 0-based round being played */

    int32_t stat[TD_NUM_STATS];
};

extern const struct kk_game kk_game_temple_of_doom;

/* --- layout.c --------------------------------------------------------------------------- */
/* Fills the temple of layout n (0: the fixed one) with easy on or off. */
void td_build_temple(struct td_state *s, int n);
/* The temple's symbols row by row as the rules write them ("WCDBHA / ADWCW / ..."). */
int td_layout_text(const struct td_state *s, char *buf, size_t size);
/* Tile index at (r, x), or -1. */
int td_tile_at(const struct td_state *s, int r, int x);

/* --- game.c ----------------------------------------------------------------------------- */
const struct gb_card *td_card(const uint8_t *ids, int i);
/* Archaeologists at the entrance or on tiles. */
int td_in_play(const struct td_state *s);
int td_escaped(const struct td_state *s);
int td_relics_won(const struct td_state *s);
/* The final result as it stands: escaped minus relics not collected. */
int td_result(const struct td_state *s);
/* The seat that plays next from seat `from` inclusive with a card in hand, or -1. */
int td_next_player(const struct td_state *s, int from);
int td_legal_points(const struct td_state *s, kk_move *out);

/* --- notation.c, check.c, eval.c, view.c -------------------------------------------------- */
int td_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int td_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int td_check(const void *state, kk_error *err);
double td_evaluate(const void *state, int seat);
void td_sample_view(const void *state, int seat, kk_rng *rng, void *out);

/* --- render.c: the temple as SVG (svg hook) ---------------------------------------------- */
struct kk_buf;
void td_svg(const void *state, struct kk_buf *out);

#endif
