/* The consistency check of Liar's Cards (Debug builds and tests): every card accounted for,
 * hand sizes that follow from the lives, only seats with lives dealt to or moving, scores
 * of the eliminated seats distinct and in order, the track a permutation. */
#include "liars_cards.h"

static int check_cards(const struct lc_state *s, kk_error *err)
{
    int held[GB_KINDS] = {0}, left = 0;
    for (int p = 0; p < s->players; p++) {
        if (s->hand_len[p] > LC_MAX_HAND)
            return kk_fail(err, "seat %d holds %d cards", p, s->hand_len[p]);
        for (int i = 0; i < s->hand_len[p]; i++) {
            if (s->hand[p][i] >= GB_KINDS)
                return kk_fail(err, "seat %d holds card kind %d", p, s->hand[p][i]);
            held[s->hand[p][i]]++;
        }
    }
    for (int k = 0; k < GB_KINDS; k++) {
        if (held[k] + s->kind_left[k] != gb_kind_copies(k))
            return kk_fail(err, "kind %d: %d held + %d left, the deck has %d", k, held[k],
                           s->kind_left[k], gb_kind_copies(k));
        left += s->kind_left[k];
    }
    if (left != s->cards_left)
        return kk_fail(err, "cards_left %d, kinds left add up to %d", s->cards_left, left);
    return 0;
}

/* Hand sizes: during bidding min(lives, max_cards) for every seat; during a deal, seats
 * before the one being dealt to are full, later ones empty; between rounds, what the
 * lives before the challenge gave. */
static int check_hands(const struct lc_state *s, kk_error *err)
{
    int between = s->phase == LC_PHASE_TRACK || s->phase == LC_PHASE_OVER ||
                  (s->phase == LC_PHASE_DEAL && s->dealt == 0);
    int total = 0;
    for (int p = 0; p < s->players; p++) {
        int len = s->hand_len[p], want;
        if (between) {
            if (s->caller == LC_NO_SEAT) {
                want = 0; /* before the first deal */
            } else {
                int before = s->lives[p] + (p == s->loser);
                want = before > 0 ? lc_hand_target(s, before) : 0;
            }
        } else if (s->lives[p] == 0) {
            want = 0;
        } else if (s->phase == LC_PHASE_DEAL) {
            want = p < s->deal_seat ? lc_hand_target(s, s->lives[p]) : p > s->deal_seat ? 0 : -1;
        } else {
            want = lc_hand_target(s, s->lives[p]);
        }
        if (want >= 0 && len != want)
            return kk_fail(err, "seat %d (%d lives) holds %d cards, expected %d", p, s->lives[p],
                           len, want);
        if (want < 0 && (len >= lc_hand_target(s, s->lives[p])))
            return kk_fail(err, "seat %d is being dealt to but already holds %d cards", p, len);
        total += len;
    }
    if (!between && s->phase == LC_PHASE_DEAL && total != s->dealt)
        return kk_fail(err, "%d cards in hands, %d dealt", total, s->dealt);
    if (!between && s->phase != LC_PHASE_DEAL && total != s->round_cards)
        return kk_fail(err, "%d cards in hands, the round deals %d", total, s->round_cards);
    if (s->phase == LC_PHASE_DEAL && !between && s->lives[s->deal_seat] == 0)
        return kk_fail(err, "dealing to seat %d, which is out", s->deal_seat);
    return 0;
}

static int check_bid(const struct lc_state *s, kk_error *err)
{
    if (s->sum_round != (s->round_cards < s->sum_below))
        return kk_fail(err, "sum_round %d with %d cards and sum_below %d", s->sum_round,
                       s->round_cards, s->sum_below);
    if (s->lives[s->seat] == 0)
        return kk_fail(err, "seat %d is out but is to move", s->seat);
    if (s->phase == LC_PHASE_WILD) {
        if (s->bid_rank >= 0 || s->sum_round || s->seat != s->starter)
            return kk_fail(err, "a wild choice after bidding began, in a sum round or not by "
                                "the starter");
        return 0;
    }
    if (s->bid_rank < 0) {
        if (s->bidder != LC_NO_SEAT || s->seat != s->starter || s->round_bids ||
            (s->bid_ranks[0] | s->bid_ranks[1] | s->bid_ranks[2] | s->bid_ranks[3] |
             s->bid_ranks[4] | s->bid_ranks[5]))
            return kk_fail(err, "no bid yet but bidder %d, seat %d, starter %d", s->bidder,
                           s->seat, s->starter);
        return 0;
    }
    if (s->bidder >= s->players || s->lives[s->bidder] == 0 || s->bidder == s->seat)
        return kk_fail(err, "standing bid by seat %d with seat %d to move", s->bidder, s->seat);
    if (s->sum_round != lc_is_sum_bid(s->bid) || s->bid_rank != lc_bid_rank(s, s->bid))
        return kk_fail(err, "standing bid %d (rank %d) does not fit the round", s->bid,
                       s->bid_rank);
    int top = s->sum_round ? GB_NUMBERS * s->round_cards : GB_SYMBOLS * s->round_cards - 1;
    if (s->bid_rank > top || (s->sum_round && s->bid_rank < 1))
        return kk_fail(err, "bid rank %d out of range 0..%d", s->bid_rank, top);
    /* The bid history: round_bids ranks, the highest the standing bid's. */
    int bits = 0, highest = -1;
    for (int w = 0; w < LC_RANK_WORDS; w++)
        for (uint64_t m = s->bid_ranks[w]; m; m &= m - 1) {
            bits++;
            highest = w * 64 + __builtin_ctzll(m);
        }
    if (bits != s->round_bids || highest != s->bid_rank)
        return kk_fail(err, "bid history holds %d ranks up to %d, expected %d up to %d", bits,
                       highest, s->round_bids, s->bid_rank);
    return 0;
}

int lc_check(const void *state, kk_error *err)
{
    const struct lc_state *s = state;
    if (s->players < 2 || s->players > LC_MAX_SEATS)
        return kk_fail(err, "%d players", s->players);
    if (s->phase > LC_PHASE_OVER)
        return kk_fail(err, "bad phase %d", s->phase);
    int seen = 0;
    for (int i = 0; i < GB_SYMBOLS; i++) {
        if (s->track[i] >= GB_SYMBOLS || (seen >> s->track[i] & 1) || s->pos[s->track[i]] != i)
            return kk_fail(err, "the track is not a permutation");
        seen |= 1 << s->track[i];
    }
    int active = 0;
    uint32_t scores = 0;
    for (int p = 0; p < s->players; p++) {
        if (s->lives[p] > s->cubes)
            return kk_fail(err, "seat %d has %d lives of %d", p, s->lives[p], s->cubes);
        if (s->lives[p] > 0) {
            active++;
            continue;
        }
        if (s->out_score[p] >= s->players - s->active || (scores >> s->out_score[p] & 1))
            return kk_fail(err, "seat %d out with score %d (%d seats out)", p, s->out_score[p],
                           s->players - s->active);
        scores |= 1u << s->out_score[p];
    }
    if (active != s->active || active < 1)
        return kk_fail(err, "%d seats have lives, active says %d", active, s->active);
    if ((s->phase == LC_PHASE_OVER) != (active == 1))
        return kk_fail(err, "phase %d with %d seats left", s->phase, active);
    if (s->phase != LC_PHASE_OVER && (s->starter >= s->players || s->lives[s->starter] == 0))
        return kk_fail(err, "starter %d is out", s->starter);
    if (check_cards(s, err) || check_hands(s, err))
        return -1;
    if ((s->phase == LC_PHASE_WILD || s->phase == LC_PHASE_BID) && check_bid(s, err))
        return -1;
    return 0;
}
