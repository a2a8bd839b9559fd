/* Gold Mine's one-seat optimal stopping value: one seat alone in the mine under the
 * default rules (fresh 54-card deck, collapse on the third card of a symbol), banking
 * everything it finds when it flees. The exact expected gold of a round under the best
 * stay/flee policy is found by recursion over the set of face-up cards, compared with
 * "flee once carrying T or more" policies, with "flee after the first card" (the mean card,
 * 25/9), and with the clairvoyant bound (flee just before the collapsing card). The figures
 * are quoted in docs/rules/gold-mine.md ("One seat alone"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gold_mine/gold_mine.h"
#include "../testlib.h"

/* A symbol's face-up cards: at most 2 (a third collapses the mine), as a sorted pair of
 * numbers, 0 for none. The 24 possible ones are listed in sym_state[]. */
#define SYM_STATES 24
static int sym_state[SYM_STATES][2];
static int sym_next[SYM_STATES][GB_NUMBERS + 1]; /* after a card numbered n; -1 collapse */

static void build_symbol_states(void)
{
    int n = 0;
    sym_state[n][0] = sym_state[n][1] = 0;
    n++;
    for (int a = 1; a <= 6; a++) {
        sym_state[n][0] = 0;
        sym_state[n][1] = a;
        n++;
    }
    for (int a = 1; a <= 6; a++)
        for (int b = a; b <= 6; b++)
            if (a < b || gb_number_copies[a] >= 2) {
                sym_state[n][0] = a;
                sym_state[n][1] = b;
                n++;
            }
    CHECK_EQ_INT(n, SYM_STATES);
    for (int i = 0; i < SYM_STATES; i++)
        for (int c = 1; c <= 6; c++) {
            sym_next[i][c] = -1;
            if (sym_state[i][0])
                continue; /* two up already: a third collapses */
            int lo = sym_state[i][1], hi = c;
            if (lo > hi) {
                hi = lo;
                lo = c;
            }
            for (int j = 0; j < SYM_STATES; j++)
                if (sym_state[j][0] == lo && sym_state[j][1] == hi)
                    sym_next[i][c] = j;
        }
}

static int up_count(int i, int number)
{
    return (sym_state[i][0] == number) + (sym_state[i][1] == number);
}

/* Symbols are interchangeable, so a state is the sorted 6-tuple of symbol states: a
 * multiset of 6 from 24, ranked by the combinatorial number system (C(29, 6) ranks). */
#define RANKS 475020
static long long binom[30][8];

static int rank_of(const int *sorted)
{
    long long r = 0;
    for (int i = 0; i < GB_SYMBOLS; i++)
        r += binom[sorted[i] + i][i + 1];
    return (int)r;
}

enum policy { OPTIMAL, THRESHOLD, PROPHET };
struct solver {
    enum policy policy;
    int threshold;
    double *memo; /* NAN: not computed */
};

/* Expected gold banked from here, just after a reveal that did not collapse (or at the
 * start, before the first card, where the seat cannot flee). */
static double value(struct solver *sv, const int *sym, int first)
{
    int sorted[GB_SYMBOLS];
    memcpy(sorted, sym, sizeof sorted);
    for (int i = 1; i < GB_SYMBOLS; i++)
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            int t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    int r = rank_of(sorted);
    if (!isnan(sv->memo[r]))
        return sv->memo[r];
    int carried = 0, up = 0;
    for (int y = 0; y < GB_SYMBOLS; y++) {
        carried += sym_state[sorted[y]][0] + sym_state[sorted[y]][1];
        up += (sym_state[sorted[y]][0] > 0) + (sym_state[sorted[y]][1] > 0);
    }
    if (!first && sv->policy == THRESHOLD && carried >= sv->threshold)
        return sv->memo[r] = carried; /* no need to look further */
    double stay = 0, prophet = 0;
    for (int y = 0; y < GB_SYMBOLS; y++)
        for (int n = 1; n <= 6; n++) {
            int left = gb_number_copies[n] - up_count(sorted[y], n);
            if (left <= 0)
                continue;
            double p = (double)left / (GB_CARDS - up);
            int nx = sym_next[sorted[y]][n];
            if (nx < 0) {
                prophet += p * carried;
                continue;
            }
            int next[GB_SYMBOLS];
            memcpy(next, sorted, sizeof next);
            next[y] = nx;
            double v = value(sv, next, 0);
            stay += p * v;
            prophet += p * v;
        }
    double v;
    if (first)
        v = sv->policy == PROPHET ? prophet : stay;
    else if (sv->policy == OPTIMAL)
        v = stay > carried ? stay : carried;
    else if (sv->policy == THRESHOLD)
        v = carried >= sv->threshold ? carried : stay;
    else
        v = prophet;
    sv->memo[r] = v;
    return v;
}

static double solve(enum policy policy, int threshold, double *memo)
{
    struct solver sv = {policy, threshold, memo};
    for (int i = 0; i < RANKS; i++)
        memo[i] = NAN;
    int empty[GB_SYMBOLS] = {0};
    double v = value(&sv, empty, 1);
    /* The start state is ranked 0 but, unlike later states, may not flee: forget it. */
    memo[0] = NAN;
    return v;
}

int main(void)
{
    for (int n = 0; n < 30; n++) {
        binom[n][0] = 1;
        for (int k = 1; k < 8; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
    CHECK_EQ_INT(binom[29][6], RANKS);
    build_symbol_states();
    double *memo = malloc(sizeof *memo * RANKS);
    CHECK(memo != NULL);
    if (!memo)
        return kk_test_done("gold_mine_solo");

    double best = solve(OPTIMAL, 0, memo);
    double prophet = solve(PROPHET, 0, memo);
    double first_card = solve(THRESHOLD, 1, memo); /* flee after the first card */
    CHECK(fabs(first_card - 25.0 / 9.0) < 1e-12);
    double best_t_value = 0;
    int best_t = 0;
    for (int t = 2; t <= 20; t++) {
        double v = solve(THRESHOLD, t, memo);
        CHECK(v <= best + 1e-9);
        printf("  flee once carrying %d or more: %.4f\n", t, v);
        if (v > best_t_value) {
            best_t_value = v;
            best_t = t;
        }
    }
    CHECK(best > best_t_value);
    CHECK(best < prophet);
    printf("  one seat alone: optimal %.6f gold per round; best threshold T=%d: %.4f; "
           "clairvoyant bound %.6f\n", best, best_t, best_t_value, prophet);
    /* The figures the rules doc quotes. */
    CHECK(fabs(best - 12.3125) < 5e-5);
    CHECK(fabs(best_t_value - 11.3279) < 5e-5);
    CHECK(fabs(prophet - 18.5746) < 5e-5);
    CHECK_EQ_INT(best_t, 14);
    free(memo);
    return kk_test_done("gold_mine_solo");
}
