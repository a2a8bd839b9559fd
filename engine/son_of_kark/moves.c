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
                    if (sok_corner_complete(s, cell, k))
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

/* The k-th (from 0) frontier cell in index order, or the k-th where face down is allowed:
 * the per-word counts find the word, then k lowest bits are cleared. */
static unsigned nth_cell(const struct sok_state *s, int down_ok_only, unsigned k)
{
    const uint16_t *count = down_ok_only ? s->down_ok_count : s->frontier_count;
    unsigned w = 0;
    while (k >= count[w])
        k -= count[w++];
    uint64_t bits = s->frontier[w] & (down_ok_only ? ~s->no_down[w] : ~(uint64_t)0);
    while (k--)
        bits &= bits - 1;
    return w * 64 + (unsigned)__builtin_ctzll(bits);
}

/* The k-th complete corner (optionally only at cells where face down is allowed), ordered
 * by word, then corner direction, then cell; returned as a move with that face. */
static kk_move nth_corner(const struct sok_state *s, unsigned down, unsigned k)
{
    const uint16_t *count = down ? s->corner_down_count : s->corner_count;
    unsigned w = 0;
    while (k >= count[w])
        k -= count[w++];
    uint64_t allowed = down ? ~s->no_down[w] : ~(uint64_t)0;
    for (unsigned c = 0;; c++)
        for (uint64_t bits = s->corner[c][w] & allowed; bits; bits &= bits - 1)
            if (k-- == 0)
                return SOK_MOVE(w * 64 + (unsigned)__builtin_ctzll(bits), down, SOK_NE + c);
}

kk_move sok_random_move(const void *state, kk_rng *rng)
{
    const struct sok_state *s = state;
    unsigned t = s->supply[s->seat] > 0;
    unsigned mu = t && sok_market_allowed(s);
    unsigned nf = s->n_frontier, nd = s->n_down_ok;
    unsigned total = nf * (1 + mu) + nd * (1 + t) + t * (s->n_corners + s->n_corners_down_ok);
    unsigned k = sok_rng_below(rng, total);

    /* Blocks: up & no token | up & Market | down & no token | down & City | up & corner |
     * down & corner. Each (move, block) pair appears once, so the draw is uniform. */
    if (k < nf)
        return SOK_MOVE(nth_cell(s, 0, k), 0u, SOK_NONE);
    k -= nf;
    if (mu) {
        if (k < nf)
            return SOK_MOVE(nth_cell(s, 0, k), 0u, SOK_CENTRE);
        k -= nf;
    }
    if (k < nd)
        return SOK_MOVE(nth_cell(s, 1, k), 1u, SOK_NONE);
    k -= nd;
    if (k < nd)
        return SOK_MOVE(nth_cell(s, 1, k), 1u, SOK_CENTRE);
    k -= nd;
    if (k < s->n_corners)
        return nth_corner(s, 0, k);
    return nth_corner(s, 1, k - s->n_corners);
}
