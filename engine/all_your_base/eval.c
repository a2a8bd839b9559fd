/* All Your Base's greedy evaluation and its statistics (docs/rules/all-your-base.md,
 * "Evaluation"). The evaluation counts, for the seat: its total so far, what its base
 * would score if the phase ended now after its own planned plays (other seats' plans are
 * never looked at, so the evaluation does not read hidden commitments), half the best gain
 * each card it holds or keeps could still bring as software this phase, and with keep_base=1
 * a value of the base for each phase still to come (2 points a station plus 1.2 per cube of
 * its best colour: what a random software card of that symbol is worth there on average). */
#include <string.h>

#include "ayb.h"

const struct kk_stat_desc ayb_stats[AYB_NUM_STATS] = {
    {"stations", 1, "stations the seat built"},
    {"cubes", 1, "hardware cubes the seat installed"},
    {"software", 1, "software cards the seat installed (upgrades included)"},
    {"fizzles", 0, "plays that fizzled on a contested supply or a station not built"},
    {"x_plays", 0, "no-effect discards (action X)"},
    {"phase1", 1, "the seat's phase-1 score"},
};

/* Best gain from installing card c as software on one of seat's stations now. */
static int upgrade_gain(const struct ayb_state *s, int seat, int c)
{
    const struct gb_card *card = &gb_deck(GB_DECK_GB1)[c];
    int best = 0;
    for (int i = 0; i < s->nst[seat]; i++) {
        const struct ayb_station *t = &s->st[seat][i];
        if (!t->alive || t->symbol != card->symbol)
            continue;
        struct ayb_station u = *t;
        u.soft = (uint8_t)c;
        int g = ayb_station_score(&u) - ayb_station_score(t);
        if (g > best)
            best = g;
    }
    return best;
}

double ayb_evaluate(const void *state, int seat)
{
    const struct ayb_state *s0 = state;
    if (seat < 0 || seat >= s0->players)
        return 0;
    struct ayb_state s;
    memcpy(&s, s0, sizeof s);
    const struct ayb_plan *pl = &s0->plan[seat];
    int unresolved = s.phase_kind == AYB_PH_COMMIT &&
                     (s.turn_mode == AYB_SIMULTANEOUS || !pl->done);
    if (unresolved)
        for (int r = 0; r < pl->nplay; r++)
            ayb_resolve_play(&s, seat, &pl->play[r]);
    double v = s.total[seat];
    if (s.phase_kind == AYB_PH_OVER)
        return v;
    v += ayb_base_score(&s, seat);
    uint64_t cards = s.hand[seat];
    if (s.phase_kind == AYB_PH_COMMIT && pl->nkeep) {
        cards = 0;
        for (int i = 0; i < pl->nkeep; i++)
            cards |= 1ull << pl->keep[i];
    }
    for (uint64_t m = cards; m; m &= m - 1)
        v += 0.5 * upgrade_gain(&s, seat, __builtin_ctzll(m));
    if (s.keep_base) {
        double base = 0;
        for (int i = 0; i < s.nst[seat]; i++) {
            const struct ayb_station *t = &s.st[seat][i];
            if (!t->alive)
                continue;
            int top = 0;
            for (int c = 0; c < GB_CUBE_COLOURS; c++)
                if (t->cubes[c] > top)
                    top = t->cubes[c];
            base += 2.0 + 1.2 * top;
        }
        v += base * (s.phases - s.phase);
    }
    return v;
}

void ayb_get_stats(const void *state, double *out)
{
    const struct ayb_state *s = state;
    int n = s->players, i = 0;
    for (int p = 0; p < n; p++)
        out[i++] = s->n_stations[p];
    for (int p = 0; p < n; p++)
        out[i++] = s->n_cubes[p];
    for (int p = 0; p < n; p++)
        out[i++] = s->n_soft[p];
    out[i++] = s->fizzles;
    out[i++] = s->xplays;
    for (int p = 0; p < n; p++)
        out[i++] = s->phase1[p];
}
