/* Flower Garden's greedy evaluation and its statistics. The evaluation values a seat's
 * position as its planted flowers plus what each unplanted flower is expected to become:
 * an unplanted flower ends as -1 or, once planted, +1. Flowers that a bed card in the
 * seat's own hand can plant right now are likely to be planted; other flowers less so, and
 * less the nearer the game is to its end (docs/rules/flower-garden.md, "Evaluation"). It
 * reads only the seat's own hand and public fields, so it is honest on the true state. */
#include "flower_garden.h"

const struct kk_stat_desc fg_stats[FG_NUM_STATS] = {
    {"planted", 1, "flowers the seat planted (its +1 points)"},
    {"unplanted", 1, "flowers the seat held unplanted at the end (its -1 points)"},
    {"shop_plays", 1, "Shop actions of the seat"},
    {"beds", 1, "Garden actions (beds planted) of the seat"},
    {"discards", 1, "Discard actions of the seat"},
    {"rows_cleared", 0, "shop rows discarded because of a repeated number"},
    {"turns", 0, "turns played"},
    {"end_by_piles", 0, "1 if the game ended by empty flower piles, 0 by the deck"},
};

/* Chance that a flower becomes planted: one a bed card in hand can plant, and any other
 * one at the start of the game (scaled down by how much of the game is left). */
#define P_MATCHED 0.85
#define P_OTHER 0.55

/* The fraction of the game left, from the deck cycles still to run and from the two
 * smallest flower piles (the default game ends when two piles are empty). */
static double game_left(const struct fg_state *s)
{
    double cycle = s->cycle_cards ? (double)__builtin_popcountll(s->draw) / s->cycle_cards : 1;
    double by_deck = (s->deck_cycles - s->exhaustions - 1 + cycle) / s->deck_cycles;
    int lo[GB_CUBE_COLOURS];
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        lo[c] = s->pile[c];
    for (int i = 1; i < GB_CUBE_COLOURS; i++)
        for (int j = i; j > 0 && lo[j - 1] > lo[j]; j--) {
            int t = lo[j];
            lo[j] = lo[j - 1];
            lo[j - 1] = t;
        }
    int k = s->piles_end, sum = 0;
    for (int i = 0; i < k; i++)
        sum += lo[i];
    double by_piles = (double)sum / (k * GB_CUBES_PER_COLOUR);
    double left = by_deck < by_piles ? by_deck : by_piles;
    return left < 0 ? 0 : left > 1 ? 1 : left;
}

/* Flowers of each colour that the seat's bed cards could plant: per colour the largest sum
 * of its own-colour card numbers not above the flowers held, then the wild cards (largest
 * first) on the colour with the most flowers left over that they fit. */
static int plantable(const struct fg_state *s, int seat)
{
    const struct gb_card *deck = gb_deck(s->deck_id);
    int left[GB_CUBE_COLOURS], total = 0;
    for (int c = 0; c < GB_CUBE_COLOURS; c++) {
        int u = s->unplanted[seat][c] < 63 ? s->unplanted[seat][c] : 63;
        uint64_t reach = 1, cap = u == 63 ? ~UINT64_C(0) : (UINT64_C(1) << (u + 1)) - 1;
        for (uint64_t m = s->hand[seat]; m; m &= m - 1) {
            const struct gb_card *card = &deck[__builtin_ctzll(m)];
            if (card->colour == c)
                reach = (reach | (reach << card->number)) & cap;
        }
        int best = 63 - __builtin_clzll(reach);
        left[c] = s->unplanted[seat][c] - best;
        total += best;
    }
    for (int num = GB_NUMBERS; num >= 1; num--)
        for (uint64_t m = s->hand[seat]; m; m &= m - 1) {
            const struct gb_card *card = &deck[__builtin_ctzll(m)];
            if (card->colour < GB_CUBE_COLOURS || card->number != num)
                continue;
            int at = 0;
            for (int c = 1; c < GB_CUBE_COLOURS; c++)
                if (left[c] > left[at])
                    at = c;
            if (left[at] >= num) {
                left[at] -= num;
                total += num;
            }
        }
    return total;
}

double fg_evaluate(const void *state, int seat)
{
    const struct fg_state *s = state;
    if (s->phase == FG_PHASE_OVER)
        return fg_score(s, seat);
    int planted = 0, unplanted = 0;
    for (int c = 0; c < GB_CUBE_COLOURS; c++) {
        planted += s->planted[seat][c];
        unplanted += s->unplanted[seat][c];
    }
    int matched = plantable(s, seat);
    double other = 2.0 * P_OTHER * game_left(s) - 1.0;
    return planted + matched * (2.0 * P_MATCHED - 1.0) + (unplanted - matched) * other;
}

void fg_get_stats(const void *state, double *out)
{
    const struct fg_state *s = state;
    int n = s->players, i = 0;
    for (int p = 0; p < n; p++) {
        int v = 0;
        for (int c = 0; c < GB_CUBE_COLOURS; c++)
            v += s->planted[p][c];
        out[i++] = v;
    }
    for (int p = 0; p < n; p++) {
        int v = 0;
        for (int c = 0; c < GB_CUBE_COLOURS; c++)
            v += s->unplanted[p][c];
        out[i++] = v;
    }
    for (int p = 0; p < n; p++)
        out[i++] = s->shop_plays[p];
    for (int p = 0; p < n; p++)
        out[i++] = s->bed_plays[p];
    for (int p = 0; p < n; p++)
        out[i++] = s->discard_plays[p];
    out[i++] = s->rows_cleared;
    out[i++] = s->turns;
    out[i++] = s->end_reason == FG_END_PILES;
}
