/* Cardcassonne: the card game of the Carcassonne family, with hidden hands, face-down
 * cards in the rows and an unseen supply. This header is the module's internal contract
 * between its files (rules, notation, view) and its tests; other modules use only
 * kk_game_cardcassonne through engine/core/game.h. Rules: docs/rules/cardcassonne.md. */
#ifndef CARDC_H
#define CARDC_H

#include <stdint.h>

#include "engine/core/game.h"

extern const struct kk_game kk_game_cardcassonne;

/* Colours, which are also the four rows: yellow = cloister, red = road, green = field,
 * blue = city. Card kinds: colour * 5 + type for the 20 coloured kinds, then the jokers.
 * Identical cards are interchangeable, so hands and the supply are counts per kind. */
enum { CARDC_COLOURS = 4, CARDC_ROWS = 4 };
enum { CARDC_P1, CARDC_P2, CARDC_P3, CARDC_BUILDING, CARDC_ANIMAL, CARDC_TYPES };
enum {
    CARDC_DRAGON = 20,
    CARDC_FAIRY = 21,
    CARDC_ANIMAL_JOKER = 22,
    CARDC_BUILDING_JOKER = 23,
    CARDC_KINDS = 24
};
#define CARDC_MAX_SEATS 5 /* players: 2-5 */
#define CARDC_TOTAL_CARDS 130
#define CARDC_ANIMAL_MAX 13 /* 9 animals of a kind + 4 animal jokers */

static inline int cardc_kind(int colour, int type) { return colour * CARDC_TYPES + type; }
static inline int cardc_is_joker(int kind) { return kind >= CARDC_DRAGON; }
/* Colour of a coloured card; -1 for jokers. */
static inline int cardc_colour(int kind) { return kind < CARDC_DRAGON ? kind / CARDC_TYPES : -1; }
/* Type (CARDC_P1..CARDC_ANIMAL) of a coloured card; -1 for jokers. */
static inline int cardc_type(int kind) { return kind < CARDC_DRAGON ? kind % CARDC_TYPES : -1; }

/* How many of each kind the 130-card game holds. */
extern const uint8_t cardc_kind_total[CARDC_KINDS];

/* A row slot (one byte): a face-up card (its kind), a face-down card (kind and the seat
 * that placed it, the only seat that can see it), or a large follower (its seat). */
enum { CARDC_SLOT_FACEDOWN = 32, CARDC_SLOT_FOLLOWER = 200 };
static inline int cardc_slot_is_follower(uint8_t s) { return s >= CARDC_SLOT_FOLLOWER; }
static inline int cardc_slot_is_facedown(uint8_t s)
{
    return s >= CARDC_SLOT_FACEDOWN && s < CARDC_SLOT_FOLLOWER;
}
static inline int cardc_slot_kind(uint8_t s)
{
    return s < CARDC_SLOT_FACEDOWN ? s : (s - CARDC_SLOT_FACEDOWN) % CARDC_KINDS;
}
static inline int cardc_slot_placer(uint8_t s) { return (s - CARDC_SLOT_FACEDOWN) / CARDC_KINDS; }
static inline int cardc_slot_seat(uint8_t s) { return s - CARDC_SLOT_FOLLOWER; }
static inline uint8_t cardc_facedown_slot(int kind, int placer)
{
    return (uint8_t)(CARDC_SLOT_FACEDOWN + placer * CARDC_KINDS + kind);
}

/* At most every card plus every follower in one row. */
#define CARDC_ROW_CAP (CARDC_TOTAL_CARDS + CARDC_MAX_SEATS)

enum cardc_phase {
    CARDC_SETUP_DRAW,  /* chance: the next setup card turned face up */
    CARDC_SETUP_JOKER, /* the dealer chooses the row of the joker just turned up */
    CARDC_DEAL,        /* chance: the next card dealt to deal_seat */
    CARDC_PLAY,        /* seat `current` places a card or the follower */
    CARDC_DECIDE,      /* seat `current` keeps or cashes a claimed mismatched card */
    CARDC_OVER
};

/* Parameter indices in the game's table (docs/rules/cardcassonne.md lists them). */
enum {
    CARDC_PARAM_ANIMAL_POINTS,
    CARDC_PARAM_JOKER_ALONE,
    CARDC_PARAM_JOKER_TARGET,
    CARDC_PARAM_SPECIAL_POINTS,
    CARDC_PARAM_MISMATCH_POINTS,
    CARDC_PARAM_MISMATCH_DECISION,
    CARDC_PARAM_SETUP_CARDS,
    CARDC_PARAM_HAND_SIZE,
    CARDC_PARAM_ROUNDS,
    CARDC_PARAM_TIEBREAK,
    CARDC_PARAM_CHESTS,
    CARDC_NUM_PARAMS
};
/* Who knows the building cards under a chest during the game (the rulebook: nobody may look
 * under a chest): open = everyone (perfect memory of every claim), own = its owner only,
 * hidden = nobody. Only the number of cards under each chest is always public. */
enum { CARDC_CHESTS_OPEN, CARDC_CHESTS_OWN, CARDC_CHESTS_HIDDEN };
enum { CARDC_TARGET_TOP, CARDC_TARGET_BEST };
enum { CARDC_DECIDE_OWNER, CARDC_DECIDE_CASH, CARDC_DECIDE_KEEP };

/* Move encoding. Card placements name the kind, not a particular card: identical cards
 * give identical moves. Whether a placement is face down follows from the state (the
 * seat's first card of the round). */
enum {
    CARDC_MOVE_FOLLOWER = CARDC_KINDS * CARDC_ROWS, /* + row */
    CARDC_MOVE_KEEP = CARDC_MOVE_FOLLOWER + CARDC_ROWS,
    CARDC_MOVE_CASH,
    CARDC_MAX_MOVES
};
static inline kk_move cardc_place_move(int kind, int row) { return kind * CARDC_ROWS + row; }

/* Points by source, per seat, in the order of the game's statistics. */
enum { CARDC_SRC_PERSONS, CARDC_SRC_ANIMALS, CARDC_SRC_BUILDINGS, CARDC_SRC_JOKERS,
       CARDC_SRC_MISMATCHES, CARDC_SOURCES };

struct cardc_rules {
    int16_t animal_points[CARDC_ANIMAL_MAX]; /* for n = 1..13 animals of one kind */
    int16_t joker_alone, special_points, mismatch_points;
    uint8_t joker_target, mismatch_decision, tiebreak, chests;
    uint8_t setup_cards, hand_size, rounds;
};

struct cardc_state {
    struct cardc_rules rules;
    uint8_t players;
    uint8_t phase;
    uint8_t round;        /* 0-based */
    uint8_t dealer;       /* dealer of the current round */
    uint8_t current;      /* seat to move in PLAY, DECIDE and SETUP_JOKER */
    uint8_t last_follower;/* seat that placed the latest follower this round */
    uint8_t setup_left;   /* setup cards still to turn up */
    uint8_t pending_joker;/* SETUP_JOKER: the kind of the joker waiting for a row */
    uint8_t deal_seat, deal_left;
    uint8_t deck_total;
    uint8_t deck[CARDC_KINDS];
    uint8_t deck_group[CARDC_COLOURS + 1]; /* supply by kind / 5: colours, then jokers */
    uint8_t hand[CARDC_MAX_SEATS][CARDC_KINDS];
    uint8_t hand_n[CARDC_MAX_SEATS];
    /* The distinct kinds in each hand, in no particular order, coloured kinds and jokers
     * apart, with each kind's index in its list: O(1) updates and random moves. */
    uint8_t hand_coloured[CARDC_MAX_SEATS][CARDC_DRAGON];
    uint8_t hand_jokers[CARDC_MAX_SEATS][CARDC_KINDS - CARDC_DRAGON];
    uint8_t hand_ncoloured[CARDC_MAX_SEATS], hand_njokers[CARDC_MAX_SEATS];
    uint8_t hand_index[CARDC_MAX_SEATS][CARDC_KINDS];
    uint8_t placed_card[CARDC_MAX_SEATS];     /* placed a card this round: next goes face up */
    uint8_t follower_placed[CARDC_MAX_SEATS]; /* this round */
    uint8_t row_len[CARDC_ROWS];
    uint8_t row_claim_end[CARDC_ROWS]; /* 1 + position of the row's last follower, or 0 */
    uint8_t row[CARDC_ROWS][CARDC_ROW_CAP];
    /* Claimed this round, waiting for round scoring (between claim and scoring only). */
    uint8_t claim[CARDC_MAX_SEATS][CARDC_KINDS];
    /* Claimed mismatched animal/building cards waiting for the keep-or-cash decision. */
    uint8_t pending[CARDC_MAX_SEATS][CARDC_KINDS];
    uint8_t pending_n[CARDC_MAX_SEATS];
    /* Each seat's area: animal cards by kind, animal jokers assigned to each kind, animal
     * jokers waiting (no animals yet), buildings by kind and building jokers (chest). */
    uint8_t animals[CARDC_MAX_SEATS][CARDC_COLOURS];
    uint8_t animal_jokers_on[CARDC_MAX_SEATS][CARDC_COLOURS];
    uint8_t animal_jokers_waiting[CARDC_MAX_SEATS];
    uint8_t buildings[CARDC_MAX_SEATS][CARDC_COLOURS];
    uint8_t building_jokers[CARDC_MAX_SEATS];
    /* Cards that left the game (scored persons, dragon, fairy, cashed mismatches). */
    uint8_t box[CARDC_KINDS];
    int32_t score[CARDC_MAX_SEATS]; /* 32 bits: large animal_points tables exceed 16 */
    int32_t round_start[CARDC_MAX_SEATS]; /* scores when the round's claims began */
    int32_t points[CARDC_MAX_SEATS][CARDC_SOURCES];
    uint8_t cards_claimed[CARDC_MAX_SEATS];
    uint8_t rounds_won[CARDC_MAX_SEATS];
};


/* Adds one card of kind to seat's hand (counts and kind lists). Written without
 * data-dependent branches (whether the kind is new is a coin flip for the predictor):
 * the list slot past the end is written either way and only counted when new. */
static inline void cardc_hand_add(struct cardc_state *st, int seat, int kind)
{
    int joker = cardc_is_joker(kind);
    uint8_t *list = joker ? st->hand_jokers[seat] : st->hand_coloured[seat];
    uint8_t *n = joker ? &st->hand_njokers[seat] : &st->hand_ncoloured[seat];
    int fresh = st->hand[seat][kind] == 0;
    st->hand[seat][kind]++;
    st->hand_n[seat]++;
    if (*n < (joker ? CARDC_KINDS - CARDC_DRAGON : CARDC_DRAGON))
        list[*n] = fresh ? (uint8_t)kind : list[*n];
    st->hand_index[seat][kind] = fresh ? *n : st->hand_index[seat][kind];
    *n = (uint8_t)(*n + fresh);
}

/* Removes one card of kind (held) from seat's hand; when it was the last of its kind the
 * list's last kind takes its place. Branch-free like cardc_hand_add. */
static inline void cardc_hand_remove(struct cardc_state *st, int seat, int kind)
{
    int joker = cardc_is_joker(kind);
    uint8_t *list = joker ? st->hand_jokers[seat] : st->hand_coloured[seat];
    uint8_t *n = joker ? &st->hand_njokers[seat] : &st->hand_ncoloured[seat];
    st->hand_n[seat]--;
    int gone = --st->hand[seat][kind] == 0;
    int at = st->hand_index[seat][kind], last = list[*n - 1];
    list[at] = gone ? (uint8_t)last : list[at];
    st->hand_index[seat][last] = gone ? (uint8_t)at : st->hand_index[seat][last];
    *n = (uint8_t)(*n - gone);
}

/* Rules (cardc_rules.c). */
int cardc_init(void *state, const struct kk_variant *v, int players, kk_error *err);
int cardc_to_move(const void *state);
int cardc_legal_moves(const void *state, kk_move *out);
void cardc_apply(void *state, kk_move move);
int cardc_chance_outcomes(const void *state, kk_move *out, double *prob);
kk_move cardc_sample_chance(const void *state, kk_rng *rng);
kk_move cardc_random_move(const void *state, kk_rng *rng);
void cardc_scores(const void *state, int32_t *out);
uint32_t cardc_winners(const void *state);
/* Best total for building cards (counts by kind) plus jokers, grouped into sets of
 * different kinds worth 0, 5, 15, 30 points for 1..4 cards. Exact. */
int cardc_building_value(const uint8_t count[CARDC_COLOURS], int jokers);
/* The card kind a DECIDE move refers to (the seat's first pending kind), or -1. */
int cardc_pending_kind(const struct cardc_state *st);

/* Notation (cardc_text.c). */
int cardc_card_text(int kind, char *buf, size_t size);
int cardc_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int cardc_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);

/* Views, statistics, evaluation, checks (cardc_view.c). */
void cardc_sample_view(const void *state, int seat, kk_rng *rng, void *out);
void cardc_get_stats(const void *state, double *out);
/* Replay JSON extras: rounds played and each seat's building cards (the tie-break). */
int cardc_extra_json(const void *state, char *buf, size_t size);
double cardc_evaluate(const void *state, int seat);
int cardc_check(const void *state, kk_error *err);

/* Pictures (cardc_render.c): text as a seat sees it, events as a seat sees them, SVG. */
struct kk_buf;
void cardc_draw(const void *state, int seat, struct kk_buf *out);
void cardc_view_event(const void *state, kk_move move, int seat, struct kk_buf *out);
void cardc_svg(const void *state, struct kk_buf *out);

#endif
