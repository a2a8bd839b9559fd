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

/* Expected gold per seat from the next card if it does not collapse the mine and k seats
 * share it. The remainder that lies on the card is counted as shared too: it goes to the
 * pool, which the seats inside collect when they leave. */
static double safe_gold(const struct gm_state *s)
{
    int total, safe = 0, gold = 0;
    const uint8_t *cards = next_draw(s, &total);
    for (int k = 0; k < GB_KINDS; k++) {
        if (!cards[k] || gm_collapses(s, k))
            continue;
        safe += cards[k];
        gold += cards[k] * gb_kind_number(k);
    }
    return safe ? (double)gold / safe : 0;
}

/* E[1 / (1 + X)] for X ~ Binomial(n, 1/2), which is 2 (1 - 2^-(n+1)) / (n + 1): a seat's
 * expected fraction of something shared with each of n other seats taking part with
 * probability 1/2 (the pool when it flees, the next card when it stays). */
static double half_share(int n)
{
    double half = 1.0;
    for (int i = 0; i <= n; i++)
        half *= 0.5;
    return 2.0 * (1.0 - half) / (n + 1);
}

/* The seat's value if it flees now, or if it stays for exactly one more card and then
 * flees; card_share and pool_share are its expected fractions of the next card and of
 * the pool. */
static double flee_value(const struct gm_state *s, int seat, double pool_share)
{
    return s->banked[seat] + s->carried[seat] + s->pool * pool_share;
}

static double stay_value(const struct gm_state *s, int seat, double card_share,
                         double pool_share)
{
    double q = gm_collapse_chance(s);
    return s->banked[seat] +
           (1.0 - q) * (s->carried[seat] + s->pool * pool_share + safe_gold(s) * card_share);
}

double gm_evaluate(const void *state, int seat)
{
    const struct gm_state *s = state;
    unsigned bit = 1u << seat;
    if (s->phase == GM_PHASE_OVER || !(s->inside & bit))
        return s->banked[seat];
    int others = __builtin_popcount(s->inside) - 1;
    double unknown = half_share(others); /* each other seat leaves with probability 1/2 */
    if (s->phase == GM_PHASE_REVEAL) /* every seat inside shares the next card */
        return stay_value(s, seat, 1.0 / (others + 1), unknown);
    /* A decision: the seat knows its own choice, never the others'. A seat that stays
     * keeps a claim on the pool only if no other seat leaves now (probability 2^-others):
     * leavers take it, bar a remainder. */
    double alone = 1.0;
    for (int i = 0; i < others; i++)
        alone *= 0.5;
    double flee = flee_value(s, seat, unknown);
    double stay = stay_value(s, seat, unknown, unknown * alone);
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
