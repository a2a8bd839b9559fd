/* War 2.0's greedy evaluation and statistics (docs/rules/war.md, "Evaluation").
 * evaluate(seat) = own score now + 0.25 per own unit on the map + the expected swing of a
 * declared battle (attacker's win chance with its committed or best card against the
 * defender's playable cards drawn uniformly) - 0.5 x the best other seat's score. The
 * unit term makes reinforcing and keeping units worth something; the battle term makes a
 * declaration worth its odds; the last term makes taking a leader's tile better than
 * taking a trailing seat's. */
#include <string.h>

#include "../box/box.h"
#include "war.h"

/* The attacker's chance of winning the declared battle: its card ka (or, ka < 0, its best
 * playable card) against each playable defender card, equally likely. */
static double win_chance(const struct war_state *s, int ka)
{
    uint16_t ac = ka >= 0 ? (uint16_t)(1u << ka) : war_playable(s, s->turn_seat);
    uint16_t dc = war_playable(s, s->defender);
    double best = 0;
    for (int a = 0; a < WAR_HAND; a++) {
        if (!(ac >> a & 1))
            continue;
        int wins = 0, n = 0;
        for (int d = 0; d < WAR_HAND; d++) {
            if (!(dc >> d & 1))
                continue;
            int at, de;
            war_battle_totals(s, a, d, &at, &de);
            wins += at > de;
            n++;
        }
        double p = n ? (double)wins / n : 1.0;
        if (p > best)
            best = p;
    }
    return best;
}

double war_evaluate(const void *state, int seat)
{
    const struct war_state *s = state;
    int32_t sc[WAR_MAX_SEATS];
    kk_game_war.scores(state, sc);
    double v = sc[seat] + 0.25 * war_units_on_map(s, seat);
    if (s->phase == WAR_PH_ATTACK || s->phase == WAR_PH_DEFEND) {
        double p = win_chance(s, s->phase == WAR_PH_DEFEND ? s->att_card : -1);
        /* Won: the defender loses a unit and usually the tile; lost: the attacker a unit. */
        if (seat == s->turn_seat)
            v += p * 2.0 - (1 - p) * 0.25;
        else if (seat == s->defender)
            v -= p * 1.5;
    }
    int32_t best = -1;
    for (int p = 0; p < s->players; p++)
        if (p != seat && sc[p] > best)
            best = sc[p];
    return v - 0.5 * best;
}

void war_get_stats(const void *state, double *out)
{
    const struct war_state *s = state;
    int n = s->players, k = 0;
    for (int p = 0; p < n; p++)
        out[k++] = __builtin_popcountll(war_owned(s, p));
    for (int p = 0; p < n; p++)
        out[k++] = war_units_on_map(s, p);
    for (int p = 0; p < n; p++)
        out[k++] = s->battles_won[p];
    out[k++] = s->battles;
    out[k++] = s->attacker_wins;
    out[k++] = s->turns;
}
