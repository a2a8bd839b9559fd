/* The greedy evaluation of Liar's Cards and the statistics. A seat's value is its score so
 * far plus its lives, less the chance of losing a cube on the bid in play, judged from the
 * seat's own hand alone: the other hands are taken to be a uniform deal of the cards the
 * seat cannot see (multivariate hypergeometric). No other seat's cards are read, so the
 * greedy agent is honest on the true state (rules doc, "Evaluation"). */
#include "liars_cards.h"

/* n! for n = 0..54, exact up to 22! and correctly rounded beyond. */
static const double factorial[GB_CARDS + 1] = {
    1.0, 1.0, 2.0, 6.0,
    24.0, 120.0, 720.0, 5040.0,
    40320.0, 362880.0, 3628800.0, 39916800.0,
    479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0,
    20922789888000.0, 355687428096000.0, 6402373705728000.0, 1.21645100408832e+17,
    2.43290200817664e+18, 5.109094217170944e+19, 1.1240007277776077e+21, 2.585201673888498e+22,
    6.204484017332394e+23, 1.5511210043330986e+25, 4.0329146112660565e+26, 1.0888869450418352e+28,
    3.0488834461171387e+29, 8.841761993739702e+30, 2.6525285981219107e+32, 8.222838654177922e+33,
    2.631308369336935e+35, 8.683317618811886e+36, 2.9523279903960416e+38, 1.0333147966386145e+40,
    3.7199332678990125e+41, 1.3763753091226346e+43, 5.230226174666011e+44, 2.0397882081197444e+46,
    8.159152832478977e+47, 3.345252661316381e+49, 1.40500611775288e+51, 6.041526306337383e+52,
    2.658271574788449e+54, 1.1962222086548019e+56, 5.502622159812089e+57, 2.5862324151116818e+59,
    1.2413915592536073e+61, 6.082818640342675e+62, 3.0414093201713376e+64, 1.5511187532873822e+66,
    8.065817517094388e+67, 4.2748832840600255e+69, 2.308436973392414e+71,
};

static double binom(int n, int k)
{
    if (k < 0 || k > n || n < 0)
        return 0;
    return factorial[n] / (factorial[k] * factorial[n - k]);
}

void lc_count_distribution(int nat_left, int wild_left, int other_left, int draw, int own_nat,
                           int own_wild, int wild_counts, int needs_natural, double *dist)
{
    for (int c = 0; c <= GB_CARDS; c++)
        dist[c] = 0;
    /* Each binomial once: the double loop below is then products only (greedy evaluates
     * a few hundred bids per decision). */
    double bn[GB_CARDS + 1], bw[GB_CARDS + 1], bo[GB_CARDS + 1];
    double all = binom(nat_left + wild_left + other_left, draw);
    for (int i = 0; i <= draw; i++) {
        bn[i] = binom(nat_left, i);
        bw[i] = binom(wild_left, i);
        bo[i] = binom(other_left, i) / all;
    }
    for (int x = 0; x <= nat_left && x <= draw; x++)
        for (int y = 0; y <= wild_left && x + y <= draw; y++) {
            int z = draw - x - y;
            if (z > other_left)
                continue;
            int count = own_nat + x;
            if (wild_counts && (count > 0 || !needs_natural))
                count += own_wild + y;
            dist[count] += bn[x] * bw[y] * bo[z];
        }
}

/* Sum rounds deal fewer than sum_below <= 10 cards, so at most 9 are unseen. */
#define LC_SUM_DRAW_MAX 9

static double sum_plausibility(const struct lc_state *s, int seat, int v)
{
    int left[GB_NUMBERS + 1], own = 0, len = s->hand_len[seat];
    for (int k = 1; k <= GB_NUMBERS; k++)
        left[k] = GB_SYMBOLS * gb_number_copies[k];
    for (int i = 0; i < len; i++) {
        int k = gb_kind_number(s->hand[seat][i]);
        left[k]--;
        own += k;
    }
    int draw = s->round_cards - len;
    if (draw < 0 || draw > LC_SUM_DRAW_MAX)
        return 0.5; /* not a sum round's deal: no opinion */
    /* ways[j][t]: weighted ways to draw j unseen cards adding up to t. */
    enum { T_MAX = GB_NUMBERS * LC_SUM_DRAW_MAX };
    double ways[LC_SUM_DRAW_MAX + 1][T_MAX + 1] = {{0}};
    ways[0][0] = 1;
    for (int k = 1; k <= GB_NUMBERS; k++)
        for (int j = draw; j >= 0; j--)
            for (int t = T_MAX; t >= 0; t--) {
                double w = ways[j][t];
                if (w == 0)
                    continue;
                for (int x = 1; x <= left[k] && j + x <= draw && t + k * x <= T_MAX; x++)
                    ways[j + x][t + k * x] += w * binom(left[k], x);
            }
    double hit = 0;
    for (int t = v - own < 0 ? 0 : v - own; t <= T_MAX; t++)
        hit += ways[draw][t];
    return hit / binom(GB_CARDS - len, draw);
}

double lc_bid_plausibility(const struct lc_state *s, int seat, kk_move bid)
{
    if (lc_is_sum_bid(bid))
        return sum_plausibility(s, seat, bid - LC_MOVE_SUM);
    int sym = lc_bid_symbol(bid), n = lc_bid_n(bid), wild = s->track[0];
    int wild_counts = s->wild_active && sym != wild;
    int len = s->hand_len[seat], own_nat = 0, own_wild = 0;
    for (int i = 0; i < len; i++) {
        int c = gb_kind_symbol(s->hand[seat][i]);
        own_nat += c == sym;
        own_wild += c == wild;
    }
    int draw = s->round_cards - len;
    if (n > s->round_cards || draw < 0)
        return 0;
    /* Sure from the own hand alone, or beyond every card that could still count. */
    int own = own_nat + (wild_counts && (own_nat > 0 || !s->wild_needs_natural) ? own_wild : 0);
    if (own >= n)
        return 1;
    int could = GB_CARDS_PER_SYMBOL - own_nat + (wild_counts ? GB_CARDS_PER_SYMBOL - own_wild : 0);
    if (own_nat + (wild_counts ? own_wild : 0) + (could < draw ? could : draw) < n)
        return 0;
    int nat_left = GB_CARDS_PER_SYMBOL - own_nat;
    int wild_left = wild_counts ? GB_CARDS_PER_SYMBOL - own_wild : 0;
    int other_left = GB_CARDS - len - nat_left - wild_left;
    double dist[GB_CARDS + 1], p = 0;
    lc_count_distribution(nat_left, wild_left, other_left, draw, own_nat, own_wild, wild_counts,
                          s->wild_needs_natural, dist);
    for (int c = n; c <= GB_CARDS; c++)
        p += dist[c];
    return p > 1 ? 1 : p;
}

/* Before the opening bid nothing is at stake yet; what the starter's wild choice changes
 * is how many of its own cards will count for its best symbol. A small weight makes it a
 * tie-break that never outweighs a cube's chance. */
#define LC_OPENING_WEIGHT 0.01

static int own_support(const struct lc_state *s, int seat)
{
    int count[GB_SYMBOLS] = {0}, wild = s->track[0], best = 0;
    for (int i = 0; i < s->hand_len[seat]; i++)
        count[gb_kind_symbol(s->hand[seat][i])]++;
    for (int sym = 0; sym < GB_SYMBOLS; sym++) {
        int c = count[sym];
        if (s->wild_active && sym != wild && (c > 0 || !s->wild_needs_natural))
            c += count[wild];
        if (c > best)
            best = c;
    }
    return best;
}

double lc_evaluate(const void *state, int seat)
{
    const struct lc_state *s = state;
    if (s->caller != LC_NO_SEAT) {
        /* Just after a challenge the hands are face up and the cube is already lost. A
         * seat's own view of that call (or bid) was a gamble: value it as it stood before
         * the reveal, so that a search step that applies `call` on the true state learns
         * nothing from the cards it could not see. */
        int out_now = s->lives[s->loser] == 0;
        int out_before = s->players - s->active - out_now;
        if (seat == s->caller || seat == s->bidder) {
            int lives_before = s->lives[seat] + (seat == s->loser);
            double p = lc_bid_plausibility(s, seat, s->bid);
            return out_before + lives_before - (seat == s->caller ? p : 1 - p);
        }
        return s->lives[seat] == 0 ? s->out_score[seat] : out_before + s->lives[seat];
    }
    if (s->lives[seat] == 0)
        return s->out_score[seat];
    double v = s->players - s->active + s->lives[seat];
    if (s->phase == LC_PHASE_BID && seat == s->bidder)
        v -= 1 - lc_bid_plausibility(s, seat, s->bid);
    else if (s->phase == LC_PHASE_BID && seat == s->seat && s->bid_rank < 0 && !s->sum_round)
        v += LC_OPENING_WEIGHT * own_support(s, seat);
    return v;
}

void lc_get_stats(const void *state, double *out)
{
    const struct lc_state *s = state;
    out[LC_ST_ROUNDS] = s->rounds;
    out[LC_ST_SUM_ROUNDS] = s->sum_rounds;
    out[LC_ST_CALLER_WINS] = s->caller_wins;
    out[LC_ST_CALLER_WIN_SHARE] = s->rounds ? (double)s->caller_wins / s->rounds : 0;
    out[LC_ST_OPENING_COUNT] = s->count_rounds ? (double)s->opening_count_sum / s->count_rounds
                                               : 0;
    out[LC_ST_OPENING_SUM] = s->sum_rounds ? (double)s->opening_sum_sum / s->sum_rounds : 0;
    out[LC_ST_BIDS_PER_ROUND] = s->rounds ? (double)s->bids / s->rounds : 0;
    out[LC_ST_WILD_OPENED] = s->wild_opened;
    out[LC_ST_NATURAL_DECIDED] = s->natural_decided;
    out[LC_ST_WILD_MOVED] = s->wild_moved;
    /* The per-seat statistics come last, one value per seat each. */
    for (int p = 0; p < s->players; p++) {
        out[LC_ST_LOST_CALLING + p] = s->lost_calling[p];
        out[LC_ST_LOST_CALLING + s->players + p] = s->lost_bidding[p];
    }
}
