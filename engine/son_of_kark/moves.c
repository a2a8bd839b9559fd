/* Son of Kark: legal moves. For the drawn tile, every frontier cell allows face up, and face
 * down unless a face-down tile is orthogonally beside it; with a token in supply each face
 * also allows the centre (a Market needs self_displace or another owner) and each complete
 * corner. So the number of moves is a sum of incrementally kept counts, and a uniform random
 * move is found by picking an index and locating it in one of six blocks. */
#include "internal.h"

int sok_market_allowed(const struct sok_state *s)
{
    return s->self_displace || s->market_owner[s->drawn] != (int8_t)s->seat;
}

int sok_count_moves(const struct sok_state *s)
{
    int t = s->supply[s->seat] > 0;
    int mu = t && sok_market_allowed(s);
    return s->n_frontier * (1 + mu) + s->n_down_ok * (1 + t) +
           t * (s->n_corners + s->n_corners_down_ok);
}

int sok_legal_moves(const void *state, kk_move *out)
{
    const struct sok_state *s = state;
    int t = s->supply[s->seat] > 0;
    int mu = t && sok_market_allowed(s);
    int n = 0;
    for (unsigned w = 0; w < SOK_WORDS; w++) {
        for (uint64_t bits = s->frontier[w]; bits; bits &= bits - 1) {
            unsigned cell = w * 64 + (unsigned)__builtin_ctzll(bits);
            int corners[4], nc = 0;
            if (t)
                for (int k = 0; k < 4; k++)
                    if ((sok_corners(s, cell) >> k) & 1u)
                        corners[nc++] = SOK_NE + k;
            int faces = sok_bit(s->no_down, cell) ? 1 : 2;
            for (unsigned down = 0; down < (unsigned)faces; down++) {
                out[n++] = SOK_MOVE(cell, down, SOK_NONE);
                if (down ? t : mu)
                    out[n++] = SOK_MOVE(cell, down, SOK_CENTRE);
                for (int k = 0; k < nc; k++)
                    out[n++] = SOK_MOVE(cell, down, (unsigned)corners[k]);
            }
        }
    }
    return n;
}

/* Count `shift` (SOK_COUNT_SHIFT of a field) of mask word w. */
static inline unsigned word_field(const struct sok_state *s, unsigned w, unsigned shift)
{
    return (unsigned)(s->word_count[w].all >> shift) & 0xffffu;
}

/* The mask word holding the k-th (from 0) counted item of field `shift` (total of them:
 * total), with *k turned into the index within that word. The board sits around cell 0,
 * so its words are at both ends of the mask and the middle ones are mostly empty: the
 * search comes from whichever end is nearer k. */
static inline unsigned find_word(const struct sok_state *s, unsigned shift, unsigned total,
                                 unsigned *k)
{
    unsigned w, j = *k;
    if (2 * j < total) {
        for (w = 0; j >= word_field(s, w, shift); w++)
            j -= word_field(s, w, shift);
    } else {
        j = total - 1 - j; /* the same item counted from the last one */
        for (w = SOK_WORDS - 1; j >= word_field(s, w, shift); w--)
            j -= word_field(s, w, shift);
        j = word_field(s, w, shift) - 1 - j;
    }
    *k = j;
    return w;
}

/* The k-th (from 0) frontier cell in index order, or the k-th where face down is allowed:
 * the per-word counts find the word, then k lowest bits are cleared. */
static unsigned nth_cell(const struct sok_state *s, int down_ok_only, unsigned k)
{
    unsigned total = down_ok_only ? s->n_down_ok : s->n_frontier;
    unsigned w = find_word(s, SOK_COUNT_SHIFT(down_ok_only), total, &k);
    uint64_t bits = s->frontier[w] & ~(s->no_down[w] & -(uint64_t)down_ok_only);
    while (k--)
        bits &= bits - 1;
    return w * 64 + (unsigned)__builtin_ctzll(bits);
}

/* The k-th complete corner (optionally only at cells where face down is allowed), ordered
 * by word, then corner direction, then cell; returned as a move with that face. */
static kk_move nth_corner(const struct sok_state *s, unsigned down, unsigned k)
{
    unsigned total = down ? s->n_corners_down_ok : s->n_corners;
    unsigned w = find_word(s, SOK_COUNT_SHIFT(2 + down), total, &k);
    uint64_t cells = s->frontier[w] & ~(s->no_down[w] & -(uint64_t)down);
    for (unsigned c = 0;; c++)
        for (uint64_t bits = cells; bits; bits &= bits - 1) {
            unsigned cell = w * 64 + (unsigned)__builtin_ctzll(bits);
            if (((sok_corners(s, cell) >> c) & 1u) && k-- == 0)
                return SOK_MOVE(cell, down, SOK_NE + c);
        }
}

kk_move sok_random_move(const void *state, kk_rng *rng)
{
    const struct sok_state *s = state;
    unsigned t = s->supply[s->seat] > 0;
    unsigned mu = t & (unsigned)sok_market_allowed(s);
    unsigned nf = s->n_frontier, nd = s->n_down_ok;
    /* Blocks: up & no token | up & Market | down & no token | down & City | up & corner |
     * down & corner. Each move is in exactly one block, so the draw is uniform. The block
     * is found without branches (they would be mispredicted half the time). */
    unsigned edge[7]; /* block b holds indices edge[b] .. edge[b + 1] - 1 */
    edge[0] = 0;
    edge[1] = nf;
    edge[2] = edge[1] + (nf & -mu);
    edge[3] = edge[2] + nd;
    edge[4] = edge[3] + (nd & -t);
    edge[5] = edge[4] + (s->n_corners & -t);
    edge[6] = edge[5] + (s->n_corners_down_ok & -t);
    unsigned k = kk_rng_below(rng, edge[6]);
    unsigned block = (k >= edge[1]) + (k >= edge[2]) + (k >= edge[3]) + (k >= edge[4]) +
                     (k >= edge[5]);
    k -= edge[block];
    if (block < 4) {
        unsigned down = block >> 1;
        return SOK_MOVE(nth_cell(s, (int)down, k), down, (block & 1) ? SOK_CENTRE : SOK_NONE);
    }
    return nth_corner(s, block - 4, k);
}
