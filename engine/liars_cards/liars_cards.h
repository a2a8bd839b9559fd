/* Liar's Cards (`liars-cards`): Liar's Dice played with the Green Box's 54 cards, for 3-10
 * players (2 as an extension outside the published rules). The public game is
 * kk_game_liars_cards (engine/core/games.def); this header is for the module's own files
 * and its tests. Rules as implemented: docs/rules/liars-cards.md. */
#ifndef LC_H
#define LC_H

#include <stdint.h>

#include "../box/box.h"
#include "../core/game.h"

#define LC_MAX_SEATS 10 /* players: 2-10 (the game that set KK_MAX_SEATS) */
#define LC_MAX_HAND 9   /* max_cards is at most 9 */
#define LC_TRACK_PERMS 720
#define LC_NO_SEAT 0xFF
#define LC_RANK_WORDS 6 /* bid ranks are below 6 * 54 = 324 < 384 */

/* Phases. DEAL with dealt == 0 is "between rounds": the hands of the round just
 * challenged are still in the state, face up, until the first card of the next deal. */
enum { LC_PHASE_TRACK, LC_PHASE_DEAL, LC_PHASE_WILD, LC_PHASE_BID, LC_PHASE_OVER };

/* Seat moves. A count bid (n, symbol) is (n - 1) * 6 + symbol; a sum bid v is
 * LC_MOVE_SUM + v. Chance outcomes are a card kind (engine/box: symbol * 6 + number - 1)
 * during a deal and a track permutation's index (lexicographic, 0 = DHCBWA) at the start. */
#define LC_MOVE_SUM 400
#define LC_MOVE_CALL 1000
#define LC_MOVE_WILD 1001 /* + symbol */

static inline int lc_is_count_bid(kk_move m) { return m >= 0 && m < LC_MOVE_SUM; }
static inline int lc_is_sum_bid(kk_move m) { return m > LC_MOVE_SUM && m < LC_MOVE_CALL; }
static inline kk_move lc_count_bid(int n, int symbol) { return (n - 1) * GB_SYMBOLS + symbol; }
static inline int lc_bid_n(kk_move m) { return m / GB_SYMBOLS + 1; }
static inline int lc_bid_symbol(kk_move m) { return m % GB_SYMBOLS; }

/* Per-game statistics, in the order of the game's stats table. */
enum {
    LC_ST_ROUNDS,
    LC_ST_SUM_ROUNDS,
    LC_ST_CALLER_WINS,
    LC_ST_CALLER_WIN_SHARE,
    LC_ST_OPENING_COUNT,
    LC_ST_OPENING_SUM,
    LC_ST_BIDS_PER_ROUND,
    LC_ST_WILD_OPENED,
    LC_ST_NATURAL_DECIDED,
    LC_ST_WILD_MOVED,
    LC_ST_LOST_CALLING, /* per seat */
    LC_ST_LOST_BIDDING, /* per seat */
    LC_NUM_STATS
};

struct lc_state {
    /* Rules, fixed at init from the variant. */
    uint8_t players, cubes, max_cards, sum_below;
    uint8_t track_shuffled;     /* track_order=shuffled: the first chance event */
    uint8_t wild_starter;       /* wild_choice=starter */
    uint8_t wild_needs_natural; /* wilds count only beside a natural card of the bid symbol */
    uint8_t late_wild_allow;    /* late_wild_bid=allow */

    /* The game. */
    uint8_t phase;
    uint8_t track[GB_SYMBOLS];  /* symbol at each track position; position 0 is the wild */
    uint8_t pos[GB_SYMBOLS];    /* position of each symbol */
    uint8_t lives[LC_MAX_SEATS];
    uint8_t out_score[LC_MAX_SEATS]; /* when out: seats out before it; the winner's at the end */
    uint8_t active;             /* seats with lives left */
    uint8_t starter;            /* starting bidder of this (or the next) round */
    uint8_t seat;               /* seat to move in phases WILD and BID */

    /* The round. */
    uint8_t round_cards;        /* T: cards dealt this round (the last round between rounds) */
    uint8_t dealt;              /* cards dealt so far; 0 between rounds */
    uint8_t deal_seat;          /* seat receiving the next card */
    uint8_t sum_round;          /* T < sum_below: sum bids */
    uint8_t wild_active;        /* track[0] is wild this round */
    uint8_t hand_len[LC_MAX_SEATS];
    uint8_t hand[LC_MAX_SEATS][LC_MAX_HAND]; /* card kinds, in deal order */
    uint8_t kind_left[GB_KINDS]; /* copies of each kind not in a hand */
    uint8_t cards_left;
    uint8_t bidder;             /* seat of the standing bid, LC_NO_SEAT before the opening */
    uint8_t caller;             /* between rounds and at the end: who called; else LC_NO_SEAT */
    uint8_t loser;              /* ... and who lost the cube */
    int16_t bid_rank;           /* order of the standing bid, -1 before the opening */
    int16_t bid;                /* the standing bid (a move) */
    uint16_t round_bids; /* up to 324 */
    /* The ranks bid this round, a bit each. Bids strictly rise and every active seat bids in
     * turn from the starter, so this set is the round's whole bidding history (info_key). */
    uint64_t bid_ranks[LC_RANK_WORDS];

    /* Statistics (whole game). */
    uint16_t rounds, sum_rounds, caller_wins, count_rounds, wild_opened, natural_decided;
    uint16_t wild_moved, bids;
    uint16_t opening_count_sum, opening_sum_sum;
    uint8_t lost_calling[LC_MAX_SEATS], lost_bidding[LC_MAX_SEATS];
};

extern const struct kk_game kk_game_liars_cards;

/* --- game.c ----------------------------------------------------------------------------- */
/* Cards a seat with `lives` is dealt. */
static inline int lc_hand_target(const struct lc_state *s, int lives)
{
    return lives < s->max_cards ? lives : s->max_cards;
}
/* Next seat after `seat` (clockwise: higher numbers, wrapping) that still has lives. */
int lc_next_active(const struct lc_state *s, int seat);
/* Order of a bid in this round: count bids (n - 1) * 6 + track position, sum bids v. */
int lc_bid_rank(const struct lc_state *s, kk_move bid);
/* Cards counted for a count bid on `symbol` over all hands, under the round's wild rules. */
int lc_count_for(const struct lc_state *s, int symbol);
/* Whether the standing bid holds over all hands. */
int lc_bid_holds(const struct lc_state *s);
/* Track permutation <-> its index 0..719 (lexicographic over symbol indices). */
void lc_track_from_index(int index, uint8_t track[GB_SYMBOLS]);
int lc_track_index(const uint8_t track[GB_SYMBOLS]);

/* --- notation.c, check.c, view.c ---------------------------------------------------------- */
int lc_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int lc_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);
int lc_check(const void *state, kk_error *err);
/* The game's sample_view: redeals every other active seat's cards (sizes kept) from the 54
 * cards less the seat's own, weighted by the likelihood of the other seats' bids this round
 * under the greedy agent's bidding rule (lc_greedy_likelihood) plus LC_BELIEF_FLOOR, by
 * importance resampling of LC_BELIEF_DRAWS uniform redeals. Without such a bid (or in a
 * sum round) it is lc_sample_view_uniform. Between rounds and at the end every hand is
 * face up and nothing changes. */
void lc_sample_view(const void *state, int seat, kk_rng *rng, void *out);
/* The same with every redeal equally likely: what seat knows for certain, no more. */
void lc_sample_view_uniform(const void *state, int seat, kk_rng *rng, void *out);
#define LC_BELIEF_DRAWS 32
#define LC_BELIEF_FLOOR 0.005
/* Probability that a greedy player p holding its cards in s (count round; s's wild_active
 * as it was when p bid) answers the standing bid of rank prev with the bid of rank `rank`
 * (prev -1: opens with it; rank -1: calls). */
double lc_greedy_likelihood(const struct lc_state *s, int p, int prev, int rank);
/* The round's bids in order: who made each (from the starter, in turn) and its rank.
 * Returns how many (at most max). */
int lc_round_bids(const struct lc_state *s, int *bidder, int *rank, int max);
/* The information set of seat (agents/cfr.h): every seat's lives, the starter, the track,
 * whether the wild is active, the seat's own cards (symbols in a count round, numbers in a
 * sum round: nothing else of a card matters there) and this round's bids. Earlier rounds are
 * left out: every card is reshuffled, so the lives, starter and track carry all they decide. */
int lc_info_key(const void *state, int seat, uint8_t *buf, size_t size);

/* --- eval.c ------------------------------------------------------------------------------- */
double lc_evaluate(const void *state, int seat);
void lc_get_stats(const void *state, double *out);
/* Distribution of the cards counted for a count bid when `draw` unseen cards are drawn
 * from `nat_left` cards of the bid symbol, `wild_left` wilds and `other_left` others, on
 * top of own_nat natural cards and own_wild wilds already seen: wilds count (when
 * wild_counts) if there is a natural card or needs_natural is 0. dist[c] for c = 0..54. */
void lc_count_distribution(int nat_left, int wild_left, int other_left, int draw, int own_nat,
                           int own_wild, int wild_counts, int needs_natural, double *dist);
/* Probability, from seat's own hand only, that `bid` (a count or sum bid) holds this round
 * given that the other hands are a uniform deal of the cards seat does not hold. */
double lc_bid_plausibility(const struct lc_state *s, int seat, kk_move bid);

/* --- render.c: the text picture and events as a seat sees them ---------------------- */
void lc_draw(const void *state, int seat, struct kk_buf *out);
void lc_view_event(const void *state, kk_move move, int seat, struct kk_buf *out);

#endif
