/* The round machine of Liar's Cards and its kk_game table: (a shuffled track once,) then
 * per round a deal of one chance event per card in seat order, the starter's wild choice
 * (wild_choice=starter, count rounds), bids in turn until a call, the challenge. */
#include <stdio.h>
#include <string.h>

#include "liars_cards.h"

static const char *const track_alphabet[] = {"DHCBWA", NULL};
static const char *const track_order_choices[] = {"fixed", "shuffled", NULL};
static const char *const wild_choice_choices[] = {"fixed", "starter", NULL};
static const char *const late_wild_choices[] = {"forbid", "allow", NULL};

enum {
    P_CUBES,
    P_MAX_CARDS,
    P_SUM_BELOW,
    P_TRACK,
    P_TRACK_ORDER,
    P_WILD_CHOICE,
    P_WILD_NEEDS_NATURAL,
    P_LATE_WILD_BID,
    NUM_PARAMS
};

static const struct kk_param lc_params[NUM_PARAMS] = {
    [P_CUBES] = {"cubes", KK_PARAM_INT, "5", 1, 9, NULL, 0, 0, "lives each seat starts with"},
    [P_MAX_CARDS] = {"max_cards", KK_PARAM_INT, "auto", 1, LC_MAX_HAND, NULL, 0, 0,
                     "most cards a seat is dealt (auto: 5 for 2-7 players, 4 for 8-9, 3 for "
                     "10); players x max_cards <= 54"},
    [P_SUM_BELOW] = {"sum_below", KK_PARAM_INT, "4", 0, 10, NULL, 0, 0,
                     "a round with fewer cards dealt than this bids on the sum of the numbers "
                     "(0: never)"},
    [P_TRACK] = {"track", KK_PARAM_WORD, "DHCBWA", 0, 1, track_alphabet, GB_SYMBOLS,
                 GB_SYMBOLS, "the bid track, lowest symbol first; the first is the wild"},
    [P_TRACK_ORDER] = {"track_order", KK_PARAM_CHOICE, "fixed", 0, 0, track_order_choices, 0, 0,
                       "shuffled: the track's order is a chance event at the start"},
    [P_WILD_CHOICE] = {"wild_choice", KK_PARAM_CHOICE, "fixed", 0, 0, wild_choice_choices, 0, 0,
                       "starter: each count round's starting bidder moves a symbol to the wild "
                       "position after the deal"},
    [P_WILD_NEEDS_NATURAL] = {"wild_needs_natural", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
                              "1: wild cards count only if a card of the bid symbol is present"},
    [P_LATE_WILD_BID] = {"late_wild_bid", KK_PARAM_CHOICE, "forbid", 0, 0, late_wild_choices, 0,
                         0, "allow: bids after the opening may name the active wild (counting "
                            "only its own cards)"},
};

static const struct kk_stat_desc lc_stats[LC_NUM_STATS] = {
    [LC_ST_ROUNDS] = {"rounds", 0, "rounds played (one cube lost in each)"},
    [LC_ST_SUM_ROUNDS] = {"sum_rounds", 0, "rounds bid on the sum of the numbers"},
    [LC_ST_CALLER_WINS] = {"caller_wins", 0, "challenges the caller won (the bid was false)"},
    [LC_ST_CALLER_WIN_SHARE] = {"caller_win_share", 0, "caller_wins / rounds"},
    [LC_ST_OPENING_COUNT] = {"opening_count", 0,
                             "mean number n of the opening bid of count rounds"},
    [LC_ST_OPENING_SUM] = {"opening_sum", 0, "mean opening bid of sum rounds"},
    [LC_ST_BIDS_PER_ROUND] = {"bids_per_round", 0, "bids made per round"},
    [LC_ST_WILD_OPENED] = {"wild_opened", 0,
                           "count rounds whose opening bid named the wild (made it ordinary)"},
    [LC_ST_NATURAL_DECIDED] = {"natural_decided", 0,
                               "challenges that the wild-needs-natural rule turned (the bid "
                               "would have held had the wilds counted)"},
    [LC_ST_WILD_MOVED] = {"wild_moved", 0,
                          "wild_choice=starter: rounds whose starter moved a new symbol to the "
                          "wild position"},
    [LC_ST_LOST_CALLING] = {"lost_calling", 1, "cubes lost by calling a true bid"},
    [LC_ST_LOST_BIDDING] = {"lost_bidding", 1, "cubes lost on a false bid that was called"},
};

int lc_next_active(const struct lc_state *s, int seat)
{
    for (int i = 1; i <= s->players; i++) {
        int p = (seat + i) % s->players;
        if (s->lives[p] > 0)
            return p;
    }
    return seat;
}

int lc_bid_rank(const struct lc_state *s, kk_move bid)
{
    if (lc_is_sum_bid(bid))
        return bid - LC_MOVE_SUM;
    return (lc_bid_n(bid) - 1) * GB_SYMBOLS + s->pos[lc_bid_symbol(bid)];
}

void lc_track_from_index(int index, uint8_t track[GB_SYMBOLS])
{
    int left[GB_SYMBOLS] = {0, 1, 2, 3, 4, 5}, n = GB_SYMBOLS, fact = 120;
    for (int i = 0; i < GB_SYMBOLS; i++) {
        int k = index / fact;
        index %= fact;
        track[i] = (uint8_t)left[k];
        for (int j = k; j + 1 < n; j++)
            left[j] = left[j + 1];
        n--;
        if (n > 0)
            fact /= n;
    }
}

int lc_track_index(const uint8_t track[GB_SYMBOLS])
{
    int index = 0, fact = 120;
    for (int i = 0; i < GB_SYMBOLS; i++) {
        int smaller = 0;
        for (int j = i + 1; j < GB_SYMBOLS; j++)
            smaller += track[j] < track[i];
        index += smaller * fact;
        if (GB_SYMBOLS - 1 - i > 0)
            fact /= GB_SYMBOLS - 1 - i;
    }
    return index;
}

static void set_track(struct lc_state *s, const uint8_t track[GB_SYMBOLS])
{
    for (int i = 0; i < GB_SYMBOLS; i++) {
        s->track[i] = track[i];
        s->pos[track[i]] = (uint8_t)i;
    }
}

int lc_count_for(const struct lc_state *s, int symbol)
{
    int natural = 0, wild = 0, w = s->track[0];
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->hand_len[p]; i++) {
            int sym = gb_kind_symbol(s->hand[p][i]);
            natural += sym == symbol;
            wild += sym == w;
        }
    if (s->wild_active && symbol != w && (natural > 0 || !s->wild_needs_natural))
        natural += wild;
    return natural;
}

int lc_bid_holds(const struct lc_state *s)
{
    if (lc_is_sum_bid(s->bid)) {
        int sum = 0;
        for (int p = 0; p < s->players; p++)
            for (int i = 0; i < s->hand_len[p]; i++)
                sum += gb_kind_number(s->hand[p][i]);
        return sum >= s->bid - LC_MOVE_SUM;
    }
    return lc_count_for(s, lc_bid_symbol(s->bid)) >= lc_bid_n(s->bid);
}

/* A new round is due: deal it (the first card resets the deck, see apply_deal). */
static void next_round(struct lc_state *s)
{
    s->phase = LC_PHASE_DEAL;
    s->dealt = 0;
}

static int lc_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct lc_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 3;
    if (players < 2 || players > LC_MAX_SEATS)
        return kk_fail(err, "liars-cards is for 2 to %d players, not %d", LC_MAX_SEATS, players);
    int max_cards = v->value[P_MAX_CARDS][0];
    if (max_cards == KK_AUTO)
        max_cards = players <= 7 ? 5 : players <= 9 ? 4 : 3;
    if (players * max_cards > GB_CARDS)
        return kk_fail(err, "max_cards=%d is too large for %d players: players x max_cards "
                            "must be at most %d cards", max_cards, players, GB_CARDS);
    s->players = (uint8_t)players;
    s->cubes = (uint8_t)v->value[P_CUBES][0];
    s->max_cards = (uint8_t)max_cards;
    s->sum_below = (uint8_t)v->value[P_SUM_BELOW][0];
    s->track_shuffled = (uint8_t)(v->value[P_TRACK_ORDER][0] == 1);
    s->wild_starter = (uint8_t)(v->value[P_WILD_CHOICE][0] == 1);
    s->wild_needs_natural = (uint8_t)v->value[P_WILD_NEEDS_NATURAL][0];
    s->late_wild_allow = (uint8_t)(v->value[P_LATE_WILD_BID][0] == 1);
    uint8_t track[GB_SYMBOLS];
    for (int i = 0; i < GB_SYMBOLS; i++)
        track[i] = (uint8_t)v->value[P_TRACK][i];
    set_track(s, track);
    for (int p = 0; p < players; p++)
        s->lives[p] = s->cubes;
    s->active = (uint8_t)players;
    for (int k = 0; k < GB_KINDS; k++)
        s->kind_left[k] = (uint8_t)gb_kind_copies(k);
    s->cards_left = GB_CARDS;
    s->bidder = s->caller = s->loser = LC_NO_SEAT;
    s->bid_rank = -1;
    s->bid = -1;
    s->starter = 0;
    if (s->track_shuffled)
        s->phase = LC_PHASE_TRACK;
    else
        next_round(s);
    return 0;
}

static int lc_players(const void *state)
{
    return ((const struct lc_state *)state)->players;
}

static int lc_to_move(const void *state)
{
    const struct lc_state *s = state;
    switch (s->phase) {
    case LC_PHASE_TRACK:
    case LC_PHASE_DEAL: return KK_CHANCE;
    case LC_PHASE_WILD:
    case LC_PHASE_BID: return s->seat;
    default: return KK_TERMINAL;
    }
}

/* Bids above the standing one in bid order, then call (when there is a bid to call). */
static int lc_legal_moves(const void *state, kk_move *out)
{
    const struct lc_state *s = state;
    int n = 0;
    if (s->phase == LC_PHASE_WILD) {
        for (int sym = 0; sym < GB_SYMBOLS; sym++)
            out[n++] = LC_MOVE_WILD + sym;
        return n;
    }
    int opening = s->bid_rank < 0;
    if (s->sum_round) {
        for (int v = opening ? 1 : s->bid_rank + 1; v <= GB_NUMBERS * s->round_cards; v++)
            out[n++] = LC_MOVE_SUM + v;
    } else {
        int skip_wild = !opening && s->wild_active && !s->late_wild_allow;
        for (int rank = s->bid_rank + 1; rank < GB_SYMBOLS * s->round_cards; rank++) {
            int p = rank % GB_SYMBOLS;
            if (p == 0 && skip_wild)
                continue;
            out[n++] = lc_count_bid(rank / GB_SYMBOLS + 1, s->track[p]);
        }
    }
    if (!opening)
        out[n++] = LC_MOVE_CALL;
    return n;
}

/* The first card of a round puts every card back (the last round's hands were face up
 * until now) and fixes who is dealt how many. */
static void reset_for_deal(struct lc_state *s)
{
    memset(s->hand_len, 0, sizeof s->hand_len);
    for (int k = 0; k < GB_KINDS; k++)
        s->kind_left[k] = (uint8_t)gb_kind_copies(k);
    s->cards_left = GB_CARDS;
    int total = 0;
    for (int p = 0; p < s->players; p++)
        if (s->lives[p] > 0)
            total += lc_hand_target(s, s->lives[p]);
    s->round_cards = (uint8_t)total;
    s->deal_seat = s->lives[0] > 0 ? 0 : (uint8_t)lc_next_active(s, 0);
    s->caller = s->loser = s->bidder = LC_NO_SEAT;
    s->bid_rank = -1;
    s->bid = -1;
    s->round_bids = 0;
    memset(s->bid_ranks, 0, sizeof s->bid_ranks);
    s->sum_round = 0;
    s->wild_active = 0;
}

static void start_bidding(struct lc_state *s)
{
    s->sum_round = (uint8_t)(s->round_cards < s->sum_below);
    s->rounds++;
    if (s->sum_round)
        s->sum_rounds++;
    else
        s->count_rounds++;
    s->seat = s->starter;
    if (!s->sum_round && s->wild_starter) {
        s->phase = LC_PHASE_WILD;
        return;
    }
    s->wild_active = (uint8_t)!s->sum_round;
    s->phase = LC_PHASE_BID;
}

static void apply_deal(struct lc_state *s, int kind)
{
    if (s->dealt == 0)
        reset_for_deal(s);
    int p = s->deal_seat;
    s->hand[p][s->hand_len[p]++] = (uint8_t)kind;
    s->kind_left[kind]--;
    s->cards_left--;
    s->dealt++;
    if (s->hand_len[p] < lc_hand_target(s, s->lives[p]))
        return;
    int next = lc_next_active(s, p);
    if (next > p) {
        s->deal_seat = (uint8_t)next;
        return;
    }
    start_bidding(s);
}

static void apply_wild(struct lc_state *s, int symbol)
{
    /* The chosen tile moves to position 0; the tiles before it shift up one place. */
    int at = s->pos[symbol];
    if (at != 0)
        s->wild_moved++;
    uint8_t track[GB_SYMBOLS];
    memcpy(track, s->track, sizeof track);
    for (int i = at; i > 0; i--)
        track[i] = track[i - 1];
    track[0] = (uint8_t)symbol;
    set_track(s, track);
    s->wild_active = 1;
    s->phase = LC_PHASE_BID;
}

static void apply_bid(struct lc_state *s, kk_move bid)
{
    if (s->bid_rank < 0) {
        if (lc_is_sum_bid(bid)) {
            s->opening_sum_sum = (uint16_t)(s->opening_sum_sum + bid - LC_MOVE_SUM);
        } else {
            s->opening_count_sum = (uint16_t)(s->opening_count_sum + lc_bid_n(bid));
            if (s->wild_active && lc_bid_symbol(bid) == s->track[0]) {
                s->wild_active = 0; /* an opening bid on the wild makes it ordinary */
                s->wild_opened++;
            }
        }
    }
    s->bid = (int16_t)bid;
    s->bid_rank = (int16_t)lc_bid_rank(s, bid);
    s->bid_ranks[s->bid_rank / 64] |= 1ULL << (s->bid_rank % 64);
    s->bidder = s->seat;
    s->round_bids++;
    s->bids++;
    s->seat = (uint8_t)lc_next_active(s, s->seat);
}

static void apply_call(struct lc_state *s)
{
    int holds = lc_bid_holds(s);
    s->caller = s->seat;
    s->loser = holds ? s->caller : s->bidder;
    if (holds) {
        s->lost_calling[s->caller]++;
    } else {
        s->caller_wins++;
        s->lost_bidding[s->bidder]++;
        /* Would the wilds have made this bid true without the natural-card rule? */
        int sym = lc_is_count_bid(s->bid) ? lc_bid_symbol(s->bid) : -1;
        if (sym >= 0 && s->wild_active && s->wild_needs_natural && sym != s->track[0] &&
            lc_count_for(s, sym) == 0) {
            int wild = lc_count_for(s, s->track[0]);
            if (wild >= lc_bid_n(s->bid))
                s->natural_decided++;
        }
    }
    int l = s->loser;
    s->lives[l]--;
    if (s->lives[l] == 0) {
        s->out_score[l] = (uint8_t)(s->players - s->active);
        s->active--;
    }
    s->dealt = 0;
    if (s->active == 1) {
        int w = lc_next_active(s, l);
        s->out_score[w] = (uint8_t)(s->players - 1);
        s->phase = LC_PHASE_OVER;
        return;
    }
    s->starter = (uint8_t)(s->lives[l] > 0 ? l : lc_next_active(s, l));
    next_round(s);
}

static void lc_apply(void *state, kk_move move)
{
    struct lc_state *s = state;
    switch (s->phase) {
    case LC_PHASE_TRACK: {
        uint8_t track[GB_SYMBOLS];
        lc_track_from_index(move, track);
        set_track(s, track);
        next_round(s);
        return;
    }
    case LC_PHASE_DEAL:
        apply_deal(s, move);
        return;
    case LC_PHASE_WILD:
        apply_wild(s, move - LC_MOVE_WILD);
        return;
    case LC_PHASE_BID:
        if (move == LC_MOVE_CALL)
            apply_call(s);
        else
            apply_bid(s, move);
        return;
    default:
        return;
    }
}

static int lc_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct lc_state *s = state;
    int n = 0;
    if (s->phase == LC_PHASE_TRACK) {
        for (int i = 0; i < LC_TRACK_PERMS; i++) {
            out[n] = i;
            prob[n++] = 1.0 / LC_TRACK_PERMS;
        }
        return n;
    }
    /* Before a round's first card the whole deck is back. */
    int fresh = s->dealt == 0;
    double left = fresh ? GB_CARDS : s->cards_left;
    for (int k = 0; k < GB_KINDS; k++) {
        int copies = fresh ? gb_kind_copies(k) : s->kind_left[k];
        if (copies > 0) {
            out[n] = k;
            prob[n++] = copies / left;
        }
    }
    return n;
}

static kk_move lc_sample_chance(const void *state, kk_rng *rng)
{
    const struct lc_state *s = state;
    if (s->phase == LC_PHASE_TRACK)
        return (kk_move)kk_rng_below(rng, LC_TRACK_PERMS);
    int fresh = s->dealt == 0;
    int pick = (int)kk_rng_below(rng, fresh ? GB_CARDS : s->cards_left);
    for (int k = 0;; k++) {
        int copies = fresh ? gb_kind_copies(k) : s->kind_left[k];
        if (pick < copies)
            return k;
        pick -= copies;
    }
}

static void lc_scores(const void *state, int32_t *out)
{
    const struct lc_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->lives[p] == 0 || s->phase == LC_PHASE_OVER ? s->out_score[p]
                                                               : s->players - s->active;
}

static uint32_t lc_winners(const void *state)
{
    const struct lc_state *s = state;
    uint32_t w = 0;
    for (int p = 0; p < s->players; p++)
        if (s->lives[p] > 0)
            w |= 1u << p;
    return w;
}

static int lc_extra_json(const void *state, char *buf, size_t size)
{
    const struct lc_state *s = state;
    char lives[3 * LC_MAX_SEATS + 1] = "";
    int n = 0;
    for (int p = 0; p < s->players; p++)
        n += snprintf(lives + n, sizeof lives - (size_t)n, "%s%d", p ? "," : "", s->lives[p]);
    char track[GB_SYMBOLS + 1];
    for (int i = 0; i < GB_SYMBOLS; i++)
        track[i] = gb_symbol_letters[s->track[i]];
    track[GB_SYMBOLS] = '\0';
    return snprintf(buf, size, ",\"rounds\":%d,\"lives\":[%s],\"track\":\"%s\"", s->rounds,
                    lives, track);
}

const struct kk_game kk_game_liars_cards = {
    .name = "liars-cards",
    .title = "Liar's Cards",
    .min_players = 2,
    .max_players = LC_MAX_SEATS,
    .default_players = 3,
    .state_size = sizeof(struct lc_state),
    .max_moves = LC_TRACK_PERMS, /* the track chance; bids are at most 54 * 6 + 1 */
    .score_scale = 5,            /* evaluate() is about lives, 5 by default */
    .cooperative = 0,
    .params = lc_params,
    .num_params = NUM_PARAMS,
    .stats = lc_stats,
    .num_stats = LC_NUM_STATS,
    .init = lc_init,
    .players = lc_players,
    .to_move = lc_to_move,
    .legal_moves = lc_legal_moves,
    .apply = lc_apply,
    .chance_outcomes = lc_chance_outcomes,
    .sample_chance = lc_sample_chance,
    .scores = lc_scores,
    .winners = lc_winners,
    .move_to_text = lc_move_to_text,
    .move_from_text = lc_move_from_text,
    .get_stats = lc_get_stats,
    .evaluate = lc_evaluate,
    .sample_view = lc_sample_view,
    .info_key = lc_info_key,
    .extra_json = lc_extra_json,
    .check = lc_check,
    .draw = lc_draw,
    .view_event = lc_view_event,
    /* Dozens of bids per decision, few worth weighing: widen slowly in the evaluation's
     * order; playouts bid and call greedily throughout (a random bid is absurd and costs a
     * cube) to the end of the round. Measured in docs/rules/liars-cards.md, "Default search
     * options". */
    .agent_defaults = "widen=0.25,expand=greedy,rollout=greedy,epsilon=0,depth=8",
};
