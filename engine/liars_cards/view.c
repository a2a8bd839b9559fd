/* What a seat of Liar's Cards cannot see: the other seats' cards in the round being dealt
 * or bid. sample_view redeals them; everything public (lives, bids, track, hand sizes, the
 * deal's progress) and the seat's own cards stay as they are. The redeal is weighted by
 * what the other seats' bids this round say about their cards, under a model of how they
 * bid (the greedy agent's rule, with a floor so that no possible hand is ruled out):
 * searching a uniform deal, an agent treats a bid of four Arrows as if its maker could as
 * well hold none, and calls true bids or raises over them into lies (rules doc, "What each
 * seat sees" and "How the agents fare"). */
#include <string.h>

#include "liars_cards.h"

/* Every card seat does not hold (the undealt ones and the other seats'), dealt afresh to
 * the other seats with their hand sizes kept; the rest stays as in s. */
static void redeal(const struct lc_state *s, int seat, kk_rng *rng, struct lc_state *v)
{
    memcpy(v, s, sizeof *v);
    uint8_t pool[GB_KINDS];
    int total = s->cards_left;
    memcpy(pool, s->kind_left, sizeof pool);
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_len[p]; i++)
            pool[s->hand[p][i]]++;
        total += s->hand_len[p];
    }
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_len[p]; i++) {
            int pick = (int)kk_rng_below(rng, (uint32_t)total), k = 0;
            while (pick >= pool[k])
                pick -= pool[k++];
            v->hand[p][i] = (uint8_t)k;
            pool[k]--;
            total--;
        }
    }
    memcpy(v->kind_left, pool, sizeof pool);
    v->cards_left = (uint8_t)total;
}

/* Before the first deal, between rounds (hands face up after the challenge) and at the end
 * nothing is hidden. */
static int nothing_hidden(const struct lc_state *s)
{
    return s->phase == LC_PHASE_TRACK || s->phase == LC_PHASE_OVER ||
           (s->phase == LC_PHASE_DEAL && s->dealt == 0);
}

void lc_sample_view_uniform(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct lc_state *s = state;
    if (nothing_hidden(s)) {
        memcpy(out, s, sizeof *s);
        return;
    }
    redeal(s, seat, rng, out);
}

int lc_round_bids(const struct lc_state *s, int *bidder, int *rank, int max)
{
    int n = 0, who = s->starter;
    for (int w = 0; w < LC_RANK_WORDS; w++)
        for (uint64_t m = s->bid_ranks[w]; m && n < max; m &= m - 1) {
            bidder[n] = who;
            rank[n++] = w * 64 + __builtin_ctzll(m);
            who = lc_next_active(s, who);
        }
    return n;
}

/* Plausibility of the count bid (n, sym) from seat p's hand in c, memoised within one view
 * by everything it depends on there: n, p's natural and wild cards, whether the wilds
 * count, p's hand size (the round's cards are the same for every candidate). */
struct plaus_memo {
    uint32_t key[256];
    double val[256];
};

static double memo_plaus(struct plaus_memo *m, const struct lc_state *c, int p, int n, int sym)
{
    int a = 0, w = 0, wild = c->track[0];
    for (int i = 0; i < c->hand_len[p]; i++) {
        int x = gb_kind_symbol(c->hand[p][i]);
        a += x == sym;
        w += x == wild;
    }
    int wc = c->wild_active && sym != wild;
    uint32_t key = 1 + (uint32_t)((((n * 10 + a) * 10 + w) * 2 + wc) * 10 + c->hand_len[p]);
    uint32_t h = (key * 2654435761u) >> 24;
    for (int probe = 0; probe < 16; probe++, h = (h + 1) & 255) {
        if (m->key[h] == key)
            return m->val[h];
        if (m->key[h] == 0) {
            m->key[h] = key;
            return m->val[h] = lc_bid_plausibility(c, p, lc_count_bid(n, sym));
        }
    }
    /* A crowded neighbourhood (many seats and sizes) just goes uncached. */
    return lc_bid_plausibility(c, p, lc_count_bid(n, sym));
}

#define LC_TIE 1e-9

/* The greedy agent's choice (docs/rules/liars-cards.md, "Greedy evaluation"): the raise its
 * own cards make most likely to hold, or `call` when the standing bid is less likely to
 * hold than that raise is to fail, at random among ties. For one symbol the chance falls
 * as n grows, so the best chance is among the lowest raise of each symbol, and the ties
 * are, per symbol, the raises from its lowest up while they reach it. rank -1: `call`. */
static double greedy_likelihood(struct plaus_memo *m, const struct lc_state *c, int p, int prev,
                                int rank)
{
    int T = c->round_cards, opening = prev < 0;
    int low[GB_SYMBOLS];
    double maxp = -1;
    for (int pos = 0; pos < GB_SYMBOLS; pos++) {
        low[pos] = 0;
        if (pos == 0 && !opening && c->wild_active && !c->late_wild_allow)
            continue;
        int n = 1;
        while ((n - 1) * GB_SYMBOLS + pos <= prev)
            n++;
        if (n > T)
            continue;
        low[pos] = n;
        double v = memo_plaus(m, c, p, n, c->track[pos]);
        if (v > maxp)
            maxp = v;
    }
    int ties = 0, chosen = 0;
    for (int pos = 0; pos < GB_SYMBOLS; pos++)
        for (int n = low[pos]; n > 0 && n <= T; n++) {
            if (memo_plaus(m, c, p, n, c->track[pos]) < maxp - LC_TIE)
                break;
            ties++;
            chosen |= rank == (n - 1) * GB_SYMBOLS + pos;
        }
    if (opening)
        return ties > 0 && chosen ? 1.0 / ties : 0;
    double holds = memo_plaus(m, c, p, prev / GB_SYMBOLS + 1, c->track[prev % GB_SYMBOLS]);
    double lose_call = holds, lose_raise = ties > 0 ? 1 - maxp : 2;
    if (lose_call < lose_raise - LC_TIE)
        return rank < 0 ? 1 : 0;
    if (lose_raise < lose_call - LC_TIE)
        return chosen ? 1.0 / ties : 0;
    return rank < 0 || chosen ? 1.0 / (ties + 1) : 0;
}

double lc_greedy_likelihood(const struct lc_state *s, int p, int prev, int rank)
{
    struct plaus_memo memo;
    memset(memo.key, 0, sizeof memo.key);
    return greedy_likelihood(&memo, s, p, prev, rank);
}

void lc_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct lc_state *s = state;
    int bidder[LC_RANK_WORDS * 64], rank[LC_RANK_WORDS * 64];
    int nb = s->phase == LC_PHASE_BID && !s->sum_round
                 ? lc_round_bids(s, bidder, rank, LC_RANK_WORDS * 64)
                 : 0;
    int others = 0;
    for (int i = 0; i < nb; i++)
        others += bidder[i] != seat;
    if (others == 0) {
        lc_sample_view_uniform(state, seat, rng, out);
        return;
    }
    /* Sampling importance resampling: LC_BELIEF_DRAWS uniform redeals, one kept with
     * probability proportional to its weight (a running weighted reservoir). */
    struct plaus_memo memo;
    memset(memo.key, 0, sizeof memo.key);
    struct lc_state cand;
    double total = 0;
    for (int k = 0; k < LC_BELIEF_DRAWS; k++) {
        redeal(s, seat, rng, &cand);
        double w = 1;
        for (int i = 0; i < nb; i++) {
            if (bidder[i] == seat)
                continue;
            /* Before the opening bid the wild is active in a count round; only an opening
             * bid on it switches it off. */
            cand.wild_active = (uint8_t)(i == 0 ? 1 : s->wild_active);
            w *= LC_BELIEF_FLOOR +
                 greedy_likelihood(&memo, &cand, bidder[i], i ? rank[i - 1] : -1, rank[i]);
        }
        cand.wild_active = s->wild_active;
        total += w;
        if (k == 0 || kk_rng_double(rng) * total < w)
            memcpy(out, &cand, sizeof cand);
    }
}

int lc_info_key(const void *state, int seat, uint8_t *buf, size_t size)
{
    const struct lc_state *s = state;
    size_t need = (size_t)s->players + 4 + GB_SYMBOLS + s->hand_len[seat] + 2 * s->round_bids;
    if (need > size)
        return -1;
    size_t n = 0;
    for (int p = 0; p < s->players; p++)
        buf[n++] = s->lives[p];
    buf[n++] = s->starter;
    buf[n++] = s->phase;
    buf[n++] = s->wild_active;
    memcpy(buf + n, s->track, GB_SYMBOLS);
    n += GB_SYMBOLS;
    /* Own cards, sorted, by the one attribute the round uses. */
    uint8_t own[LC_MAX_HAND];
    int k = s->hand_len[seat];
    for (int i = 0; i < k; i++) {
        int kind = s->hand[seat][i];
        own[i] = (uint8_t)(s->sum_round ? gb_kind_number(kind) : gb_kind_symbol(kind));
        for (int j = i; j > 0 && own[j - 1] > own[j]; j--) {
            uint8_t t = own[j];
            own[j] = own[j - 1];
            own[j - 1] = t;
        }
    }
    buf[n++] = (uint8_t)k;
    memcpy(buf + n, own, (size_t)k);
    n += (size_t)k;
    /* The round's bids in order (ascending ranks), two bytes each. */
    for (int w = 0; w < LC_RANK_WORDS; w++)
        for (uint64_t m = s->bid_ranks[w]; m; m &= m - 1) {
            int rank = w * 64 + __builtin_ctzll(m);
            buf[n++] = (uint8_t)(rank & 0xFF);
            buf[n++] = (uint8_t)(rank >> 8);
        }
    return (int)n;
}
