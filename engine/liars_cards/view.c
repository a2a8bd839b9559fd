/* What a seat of Liar's Cards cannot see: the other seats' cards in the round being dealt
 * or bid. sample_view redeals them; everything public (lives, bids, track, hand sizes, the
 * deal's progress) and the seat's own cards stay as they are. */
#include <string.h>

#include "liars_cards.h"

void lc_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct lc_state *s = state;
    struct lc_state *v = out;
    memcpy(v, s, sizeof *v);
    /* Before the first deal, between rounds (hands face up after the challenge) and at the
     * end nothing is hidden. */
    if (s->phase == LC_PHASE_TRACK || s->phase == LC_PHASE_OVER ||
        (s->phase == LC_PHASE_DEAL && s->dealt == 0))
        return;
    /* The pool: every card the seat does not hold (the undealt ones and the others'). */
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
