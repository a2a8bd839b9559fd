/* Gold Mine's greedy evaluation and its statistics. The evaluation is a one-card lookahead
 * for the current round: what the seat banks if it flees now, against what it expects if
 * it stays for exactly one more card and then flees (docs/rules/gold-mine.md,
 * "Evaluation"). Comparing the two is the classic one-step stopping rule: flee as soon as
 * the next card's expected gain is worth less than the gold it puts at risk. */
#include "gold_mine.h"

const struct kk_stat_desc gm_stats[GM_NUM_STATS] = {
    {"gold_per_round", 1, "gold the seat banked per round played"},
    {"banked_per_round", 0, "gold banked per round by all seats together"},
    {"collapses", 0, "rounds that ended with the mine collapsing"},
    {"cards_per_round", 0, "cards turned up per round (the collapsing card included)"},
    {"caught_rate", 1, "fraction of rounds the seat was inside when the mine collapsed"},
    {"gold_lost", 1, "carried gold the seat lost in collapses"},
    {"pool_lost", 0, "gold left lying on the cards when rounds ended"},
    {"refills", 0, "times an empty deck was refilled from discards (deck=continue)"},
};

/* The cards the next reveal draws from: the deck, or with an empty deck under
 * deck=continue the discards that will refill it. Returns their number. */
static const uint8_t *next_draw(const struct gm_state *s, int *total)
{
    if (s->deck_left > 0) {
        *total = s->deck_left;
        return s->deck;
    }
    int n = 0;
    for (int k = 0; k < GB_KINDS; k++)
        n += s->discard[k];
    *total = n;
    return s->discard;
}

double gm_collapse_chance(const struct gm_state *s)
{
    if (s->phase == GM_PHASE_OVER || !s->inside)
        return 0;
    int total;
    const uint8_t *cards = next_draw(s, &total);
    int bad = 0;
    for (int k = 0; k < GB_KINDS; k++)
        if (cards[k] && gm_collapses(s, k))
            bad += cards[k];
    return total ? (double)bad / total : 0;
}

/* Expected gold per seat from the next card if it does not collapse the mine and `inside`
 * seats share it (remainders go to the pool). */
static double safe_share(const struct gm_state *s, int inside)
{
    int total, safe = 0, gold = 0;
    const uint8_t *cards = next_draw(s, &total);
    for (int k = 0; k < GB_KINDS; k++) {
        if (!cards[k] || gm_collapses(s, k))
            continue;
        safe += cards[k];
        gold += cards[k] * (gb_kind_number(k) / inside);
    }
    return safe ? (double)gold / safe : 0;
}

/* A fleeing seat's expected fraction of the pool when each of the other m - 1 seats inside
 * flees with probability 1/2: E[1 / (1 + X)] for X ~ Binomial(m - 1, 1/2), which is
 * 2 (1 - 2^-m) / m. */
static double pool_fraction(int m)
{
    double half_m = 1.0;
    for (int i = 0; i < m; i++)
        half_m *= 0.5;
    return 2.0 * (1.0 - half_m) / m;
}

double gm_evaluate(const void *state, int seat)
{
    const struct gm_state *s = state;
    double banked = s->banked[seat];
    unsigned bit = 1u << seat;
    if (s->phase == GM_PHASE_OVER || !(s->inside & bit))
        return banked;
    int m = __builtin_popcount(s->inside);
    double at_risk = s->carried[seat] + s->pool * pool_fraction(m);
    double q = gm_collapse_chance(s);
    double flee = banked + at_risk;
    double stay = banked + (1.0 - q) * (at_risk + safe_share(s, m));
    if (s->phase == GM_PHASE_REVEAL)
        return stay;
    if (s->committed & bit)
        return (s->fleeing & bit) ? flee : stay;
    return flee > stay ? flee : stay;
}

void gm_get_stats(const void *state, double *out)
{
    const struct gm_state *s = state;
    int n = s->players, i = 0;
    double rounds = s->rounds_done > 0 ? s->rounds_done : 1;
    double total = 0;
    for (int p = 0; p < n; p++) {
        out[i++] = s->banked[p] / rounds;
        total += s->banked[p];
    }
    out[i++] = total / rounds;
    out[i++] = s->collapses;
    out[i++] = s->cards_turned / rounds;
    for (int p = 0; p < n; p++)
        out[i++] = s->caught[p] / rounds;
    for (int p = 0; p < n; p++)
        out[i++] = s->lost_by[p];
    out[i++] = s->pool_lost;
    out[i++] = s->refills;
}
