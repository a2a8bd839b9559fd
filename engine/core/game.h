/* The game interface every kark game implements, shaped like OpenSpiel's State API.
 * A state is a flat struct with no pointers: copying it is a memcpy of state_size bytes,
 * which is what search does millions of times. Moves and chance outcomes are small
 * integers whose meaning belongs to the game; text notation converts both ways. */
#ifndef KK_GAME_H
#define KK_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "rng.h"
#include "variant.h"

/* The most seats any game has (Liar's Cards: 10). Generic code sizes per-seat scratch
 * arrays by it; each game's state keeps its own, smaller bound. */
#define KK_MAX_SEATS 10

/* to_move() values besides a seat number. */
enum { KK_CHANCE = -1, KK_TERMINAL = -2 };

typedef int32_t kk_move;

struct kk_buf;

/* A per-game statistic reported by experiments (points by source, tokens placed, ...). */
struct kk_stat_desc {
    const char *name; /* snake_case column name */
    int per_seat;     /* 1: one value per seat (columns name_s0, name_s1, ...) */
    const char *help;
};

struct kk_game {
    const char *name;  /* command-line name, e.g. "son-of-kark" */
    const char *title; /* human name, e.g. "Son of Kark" */
    int min_players, max_players, default_players;
    size_t state_size; /* bytes of one state */
    int max_moves;     /* upper bound on legal_moves() and chance_outcomes() counts */
    int score_scale;   /* a typical winning score, to normalise score margins to ~[-1, 1] */
    int cooperative;   /* 1: one person plays every seat and result() is the outcome */
    int result_min;    /* cooperative: lowest result; returns map [result_min, result_min +
                        * score_scale] to [0, 1] (0 for games whose results start at 0) */
    const struct kk_param *params;
    int num_params;
    const struct kk_stat_desc *stats;
    int num_stats;

    /* Sets up the state before the first chance event or move, for `players` seats
     * (0: the game's default for this variant) under v, already validated against params.
     * Returns 0, or -1 with err set when the combination is not supported. */
    int (*init)(void *state, const struct kk_variant *v, int players, kk_error *err);
    /* Number of seats in this state. */
    int (*players)(const void *state);
    /* The seat to move, KK_CHANCE, or KK_TERMINAL. */
    int (*to_move)(const void *state);
    /* Only at a seat's turn: writes the legal moves (at most max_moves, in a fixed order)
     * into out and returns how many (>= 1). */
    int (*legal_moves)(const void *state, kk_move *out);
    /* Applies a legal move, or a possible chance outcome at a chance node. Unchecked:
     * callers that take moves from outside (records) check legality first. */
    void (*apply)(void *state, kk_move move);
    /* Only at a chance node: writes the possible outcomes and their probabilities (> 0,
     * summing to 1) and returns how many. */
    int (*chance_outcomes)(const void *state, kk_move *out, double *prob);
    /* Only at a chance node: draws one outcome with those probabilities from rng. */
    kk_move (*sample_chance)(const void *state, kk_rng *rng);
    /* Each seat's points so far; final scores once terminal. */
    void (*scores)(const void *state, int32_t *out);
    /* Only when terminal: bit s set for every winning seat (several for a shared win). */
    uint32_t (*winners)(const void *state);
    /* Notation of a move or chance outcome about to be applied to state. Returns the length. */
    int (*move_to_text)(const void *state, kk_move move, char *buf, size_t size);
    /* Parses notation for the node state is at (a seat's move, or a chance outcome).
     * Returns 0 and sets *move, or -1 with err saying what is wrong. Legality is checked
     * by the caller against legal_moves()/chance_outcomes(). */
    int (*move_from_text)(const void *state, const char *text, kk_move *move, kk_error *err);
    /* Writes the statistics of stats[], each 1 value or players() values (per_seat). */
    void (*get_stats)(const void *state, double *out);
    /* Heuristic value of state for seat, in points: score plus a potential for unfinished
     * features. The greedy agent maximises it; documented in each game's rules doc. */
    double (*evaluate)(const void *state, int seat);

    /* Optional members (NULL when not needed). */
    /* Hidden information: writes into out a full state that agrees with everything seat
     * sees in state, with every hidden item dealt uniformly among its possible places, or
     * (documented in the game's rules doc) weighted by how likely the other seats' public
     * actions were under a stated model of their play. It reads nothing seat cannot see. */
    void (*sample_view)(const void *state, int seat, kk_rng *rng, void *out);
    /* Cooperative games: the single outcome of the game (e.g. the solo lowest score). */
    double (*result)(const void *state);
    /* Extra replay JSON members, written as `,"key":value...`. Returns the length. */
    int (*extra_json)(const void *state, char *buf, size_t size);
    /* Fast uniform random legal move for playouts (same distribution as drawing from
     * legal_moves()). NULL: kk_random_move() uses legal_moves(). */
    kk_move (*random_move)(const void *state, kk_rng *rng);
    /* The game's own playout policy (agents' `rollout=policy`): a cheap heuristic move of
     * the seat to move, for games where uniform playouts say little and a rating of every
     * legal move (greedy playouts) costs too much to run to the end of a turn or a game.
     * Draws only from rng (ties). NULL: the game has none. */
    kk_move (*policy_move)(const void *state, kk_rng *rng);
    /* Optional: the legal moves worth searching at state (a seat to move), written to out
     * (max_moves room), in the same order every time for the same state, never empty when
     * a move is legal; for a game whose legal moves are mostly interchangeable (the dice
     * game's builds set apart from every city), so that a search's tree holds one of each
     * kind (agents' `moves=candidates`). NULL: the game has none. */
    int (*candidate_moves)(const void *state, kk_move *out);
    /* A deeper evaluation that keeps tables between calls (agents' `eval=deep`), for a game
     * whose better estimate needs sub-solutions cached. deep_open makes a context (NULL
     * with err set only when memory runs out); deep_evaluate rates like evaluate(), in the
     * same units, any state of the game under any rules (an agent meets several variants in
     * a sweep: the context follows them, and may fall back to evaluate() for rules it does
     * not handle); deep_close frees the context. All three or none. */
    void *(*deep_open)(const void *state, kk_error *err);
    double (*deep_evaluate)(void *ctx, const void *state, int seat);
    void (*deep_close)(void *ctx);
    /* Optional, with the deep evaluation: 1 when deep_evaluate is fair over the chance event
     * at state (a chance node), for every seat: its value there equals the probability-
     * weighted mean of its values after each outcome, exactly or within a bound the game's
     * tests state; 0 where it is not (a fallback to evaluate()). Agents' `cv=deep` takes
     * each drawn outcome's change of the deep values out of a search's returns (a control
     * variate), which keeps their mean only where this holds. */
    int (*deep_fair)(void *ctx, const void *state);
    /* Fused random playout (needs random_move): plays state (any node) to the end exactly as
     *     while ((who = to_move(state)) != KK_TERMINAL)
     *         apply(state, who == KK_CHANCE ? sample_chance(state, chance)
     *                                       : random_move(state, moves));
     * does, the same draws from both generators and the same final state, but in one call
     * (no indirect calls, no dispatch on the phase). chance and moves may be the same
     * generator. Returns the number of seat moves made and, when chance_events is not
     * NULL, sets it to the number of chance outcomes applied. The game must end (no guard
     * against a game that does not). NULL: callers run that loop (kk_random_playout). */
    int (*playout)(void *state, kk_rng *chance, kk_rng *moves, int *chance_events);
    /* Expensive consistency check of a state (Debug builds, tests). 0 or -1 with err. */
    int (*check)(const void *state, kk_error *err);
    /* Simultaneous rounds (OpenSpiel's turn-based transform): at a seat's node that is part
     * of a simultaneous round, the bit mask of seats that still have to commit in it, the
     * mover included; 0 at every other node. Seats commit one at a time, in ascending seat
     * order unless the game's rules fix another (War 2.0: the attacker, then the defender);
     * to_move() is the pending seat that commits next. A commitment may take several
     * consecutive moves of its seat (a compound choice split into sub-decisions), the seat
     * leaving the mask with its last one. A commitment is hidden from every other seat
     * until the last one is in, then all are revealed together by the last apply(). A game
     * with simultaneous rounds must have sample_view, which redraws every other seat's
     * pending commitment. NULL: the game has none. */
    uint32_t (*simultaneous)(const void *state);
    /* Information sets, for counterfactual regret minimisation (agents/cfr.h): writes into
     * buf a byte string naming the information set of `seat` at state, i.e. everything
     * seat has observed so far (its private cards, every public move and chance outcome,
     * its own earlier moves) and nothing it has not. Two states must get the same key iff
     * seat cannot tell them apart, and same-key states have the same legal moves in the
     * same order. The key should give perfect recall (a seat forgets nothing it saw or did);
     * merging states that differ only in ways no strategy can use (e.g. a past round whose
     * cards were all reshuffled) is an allowed, lossless abstraction. Called only where seat
     * is to move; the key need not name the seat (callers keep seats apart). Returns the
     * length written (0 allowed), or -1 when the key needs more than size bytes
     * (KK_INFO_KEY_MAX is always enough for a game that implements it). NULL: the game
     * does not support CFR. */
    int (*info_key)(const void *state, int seat, uint8_t *buf, size_t size);
    /* The game's preferred search settings, as agent options "key=value,key=value" (e.g.
     * "rollout=greedy,depth=8"), or NULL. kk_agent_create applies them after each agent
     * kind's built-in defaults and before the user's options, so a user's option always
     * wins; an agent kind takes only the keys it has (greedy ignores "depth"), and a key
     * spelt "CLASS.key" (e.g. "mcts.eval=deep") only that agent class takes. Values must
     * be valid for every agent kind that has the key. Chosen by measurement and documented
     * in the game's rules doc; `kark agents --game GAME` shows the effective defaults. */
    const char *agent_defaults;
    /* Pictures of a position, for `kark play` and `kark render` (all optional). */
    /* Appends a text picture of state as `seat` sees it (KK_ONLOOKER: everything), lines
     * ending in '\n'. It must show nothing seat cannot see: other seats' hands, face-down
     * cards, the order of a deck, other seats' pending commitments. NULL: kk_game_draw's
     * generic picture. */
    void (*draw)(const void *state, int seat, struct kk_buf *out);
    /* Hidden information: appends the notation of event `move`, about to be applied to state,
     * as `seat` sees it (a card dealt to another seat as "?"), or nothing when seat does not
     * learn of the event at all. Called for a simultaneous round's commitments only once the
     * round is revealed. NULL: see kk_game_view_event. */
    void (*view_event)(const void *state, kk_move move, int seat, struct kk_buf *out);
    /* Appends an SVG document picturing state (everything: records are complete logs). NULL:
     * `kark render` refuses the game. */
    void (*svg)(const void *state, struct kk_buf *out);
    /* Record lines holding several moves of one seat (optional: both or neither). Where
     * the rules write one compound action as one line of space-separated parts (War 2.0:
     * "0: M yD1 1,1>2,1x2 1,1>1,2x1"), each part is one move and the record reads and
     * writes lines through these instead of move_to_text/move_from_text, which stay the
     * notation of one move on its own (for people and tests).
     * line_text: the part of the record line that move (legal at state) spells, returning
     * its length; 0 when the move is implied (spelt by the line's end or by a later part
     * of the line). Sets *more to 1 when the seat's next move continues this line.
     * line_read: reads the line's next move at state from text, the rest of the line not
     * yet read (no leading space; "" at the line's end while *more said the line goes on):
     * sets *move and returns how many characters it used (0 for an implied move), or -1
     * with err set. The record checks each move's legality. A line is "S:" followed by
     * " PART" for every non-empty part. NULL: a move per line (or per KK_RECORD_JOIN
     * part of a simultaneous commitment). */
    int (*line_text)(const void *state, kk_move move, char *buf, size_t size, int *more);
    int (*line_read)(const void *state, const char *text, kk_move *move, kk_error *err);
};

/* The `seat` of draw() and view_event() for someone who sees everything. */
#define KK_ONLOOKER (-1)

/* Room callers give info_key(): a game's key must fit in it. */
#define KK_INFO_KEY_MAX 1024

/* All games, in a fixed order; NULL-terminated. */
extern const struct kk_game *const kk_games[];
const struct kk_game *kk_game_find(const char *name);

/* Validates players against the game's range, then calls g->init. */
int kk_game_init(const struct kk_game *g, void *state, const struct kk_variant *v, int players,
                 kk_error *err);

/* Total number of statistic values for `players` seats. */
int kk_stats_width(const struct kk_game *g, int players);
/* Index of the first value of stats[d] in get_stats() output for `players` seats
 * (a per-seat statistic's value for seat s is at that index + s). */
int kk_stat_offset(const struct kk_game *g, int players, int d);

/* Uniform random legal move (uses g->random_move when present). */
kk_move kk_random_move(const struct kk_game *g, const void *state, kk_rng *rng);

/* Plays state to the end with uniformly random moves (kk_random_move, chance outcomes by
 * sample_chance): g->playout when the game has one, else the loop it is defined by.
 * Returns the number of seat moves and sets *chance_events (may be NULL) as playout does,
 * or returns -1 when the game has not ended after max_events events (loop only: a game
 * with a playout hook promises to end). */
int kk_random_playout(const struct kk_game *g, void *state, kk_rng *chance, kk_rng *moves,
                      int *chance_events, long max_events);

/* Seats still to commit in the simultaneous round state is in (0: not in one). */
uint32_t kk_sim_pending(const struct kk_game *g, const void *state);
/* 1 when a move at a node of a simultaneous round with pending mask `before` (nonzero) led
 * to a node with mask `after` that is outside that round: the round was revealed. (A new
 * round shows a seat that had already committed; a degenerate run of one-seat rounds of the
 * same seat reads as one round, which only delays the reveal.) */
static inline int kk_sim_revealed(uint32_t before, uint32_t after)
{
    return after == 0 || (after & ~before) != 0;
}

/* 1 when a seat of this game cannot see everything (hidden hands, face-down cards, pending
 * simultaneous commitments): the game has sample_view. Honest agents search its views. */
int kk_game_hidden(const struct kk_game *g);

/* Appends the text picture of state as seat (or KK_ONLOOKER) sees it: g->draw, or a
 * generic one (whose turn it is; the scores unless the game hides information). */
void kk_game_draw(const struct kk_game *g, const void *state, int seat, struct kk_buf *out);
/* Appends event `move` (about to be applied to state) as seat sees it, nothing if seat does
 * not learn of it: g->view_event, or by default the whole notation on a game without hidden
 * information, for KK_ONLOOKER and for seat's own moves, else "?" for a chance outcome and
 * "(hidden)" for another seat's move. */
void kk_game_view_event(const struct kk_game *g, const void *state, kk_move move, int seat,
                        struct kk_buf *out);

/* Number of move sequences of `depth` events from state (seat moves and chance outcomes;
 * a chance node branches on every possible outcome, unweighted; a terminal state before
 * depth counts 1). Returns -1 with err set if memory runs out. */
long long kk_perft(const struct kk_game *g, const void *state, int depth, kk_error *err);

/* The perft table in one pass: counts[d - 1] = number of event sequences of exactly d
 * events from state, for d = 1..depth (seat moves and chance outcomes, chance nodes
 * branching on every outcome, unweighted). Unlike kk_perft, a terminal position is a
 * leaf with no children: it ends its sequences and adds nothing at greater depths (the
 * usual perft convention). Returns 0, or -1 with err set if memory runs out. */
int kk_perft_table(const struct kk_game *g, const void *state, int depth, long long *counts,
                   kk_error *err);

/* 1 if move is among the legal moves (seat node) or possible outcomes (chance node). */
int kk_is_legal(const struct kk_game *g, const void *state, kk_move move);

enum kk_reward { KK_REWARD_WIN, KK_REWARD_MARGIN, KK_REWARD_MIX };
/* Per-seat returns of a terminal (or cut-off) state, each in [0, 1]:
 * WIN: 1/k to each of k winners (at a non-terminal state: the current leaders), 0 else;
 * MARGIN: 0.5 + 0.5 * clamp((own score - best other score) / score_scale, -1, 1);
 * MIX: the mean of the two (winning counts, and so does by how much).
 * Cooperative games: every seat gets clamp((result - result_min) / score_scale, 0, 1). */
void kk_returns(const struct kk_game *g, const void *state, enum kk_reward reward, double *out);
/* One seat's return of kind reward from its win share and its margin return (both in
 * [0, 1]): the one definition of MIX, for kk_returns and the search's cut-off returns. */
static inline double kk_reward_of(enum kk_reward reward, double win, double margin)
{
    return reward == KK_REWARD_WIN ? win : reward == KK_REWARD_MARGIN ? margin
                                                                       : 0.5 * (win + margin);
}

/* Winners from scores: every seat with the top score. */
uint32_t kk_top_scores(const int32_t *scores, int players);

#endif
