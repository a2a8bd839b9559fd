/* Exact single-turn references for the dice game (`kark solve carcassonne-dice`).
 *
 * Two steps. (1) Every closed city of at most 9 dice is enumerated once by growing a city
 * from one die, always filling its first open hole (a hole is an empty cell a city edge
 * faces), so every closed city is reached; each is recorded by its count of each city face,
 * once for an unbounded grid (the published rules) and once when it fits kark's 8 x 8
 * window with some die of it as the turn's first. A table then gives, for every multiset of
 * city faces, the largest closed city that some sub-multiset of it can build.
 * (2) Expectimax over throws with exact rational arithmetic. Values are numerators over
 * 6^(n t) for n dice in hand and t throws left, held in 128-bit integers (6^27 < 2^71).
 * With one throw the value is the exact optimum of the real turn: the player builds once,
 * after seeing every face. With more throws the player keeps a multiset of faces between
 * throws without fixing where they lie; the real rules fix each kept die on the grid, so the
 * value is an upper bound on the real optimum (exact for that relaxation), memoised on
 * (kept multiset, dice in hand, throws left). Knights are always thrown again and catapults
 * are lost, as setting a knight aside never raises a turn's score. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"

#define BOARD 19           /* 9 dice reach at most 8 cells from the first */
#define START (9 * BOARD + 9)
#define CODES 10000        /* counts of up to 4 kinds, base 10 */

struct enumerator {
    const struct dice_state *s;
    uint8_t edges[BOARD * BOARD]; /* edge bits + 16 when occupied */
    int cells[DICE_COUNT];
    int kind_of[DICE_COUNT];
    int placed;
    int counts[DICE_KINDS];
    uint8_t *closable; /* indexed by count code */
    long long cities;
};

static const int step[4] = {BOARD, 1, -BOARD, -1}; /* N E S W (north = +row) */

static int code_of(const int *counts, int kinds)
{
    int c = 0;
    for (int k = kinds - 1; k >= 0; k--)
        c = c * 10 + counts[k];
    return c;
}

/* The first open hole (in placement order, then N E S W), -1 when the city is closed;
 * *holes counts the distinct open holes. */
static int first_hole(const struct enumerator *e, int *holes)
{
    int first = -1, n = 0, seen[4 * DICE_COUNT];
    for (int i = 0; i < e->placed; i++) {
        int c = e->cells[i];
        for (int d = 0; d < 4; d++) {
            if (!(e->edges[c] & (1u << d)))
                continue;
            int h = c + step[d];
            if (e->edges[h] & 16)
                continue;
            int dup = 0;
            for (int j = 0; j < n; j++)
                dup |= seen[j] == h;
            if (!dup) {
                seen[n++] = h;
                if (first < 0)
                    first = h;
            }
        }
    }
    *holes = n;
    return first;
}

static void grow(struct enumerator *e)
{
    int holes, h = first_hole(e, &holes);
    if (h < 0) {
        int code = code_of(e->counts, e->s->num_kinds);
        e->cities++;
        e->closable[code] = 1;
        return;
    }
    if (e->placed + holes > DICE_COUNT)
        return; /* not enough dice left to fill every hole */
    for (int k = 0; k < e->s->num_kinds; k++) {
        for (int rot = 0; rot < e->s->kind_periods[k]; rot++) {
            unsigned edges = e->s->kind_rotated[k][rot];
            int ok = 1;
            for (int d = 0; d < 4 && ok; d++) {
                uint8_t nb = e->edges[h + step[d]];
                if (nb & 16)
                    ok = ((edges >> d) & 1u) == ((nb >> ((d + 2) & 3)) & 1u);
            }
            if (!ok)
                continue;
            e->edges[h] = (uint8_t)(edges | 16);
            e->cells[e->placed] = h;
            e->kind_of[e->placed++] = k;
            e->counts[k]++;
            grow(e);
            e->counts[k]--;
            e->placed--;
            e->edges[h] = 0;
        }
    }
}

/* --- expectimax over throws --------------------------------------------------------------- */

struct solver {
    const struct dice_state *s;
    int kinds;
    int best[CODES];      /* largest closed city buildable from the multiset */
    dice_u128 pow6[DICE_COUNT * DICE_ROLLS + 1];
    dice_u128 *memo;      /* [code][n][t], numerator over 6^(n t); all-ones = unknown */
    long long states;
};

#define UNKNOWN (~(dice_u128)0)

static dice_u128 *memo_at(struct solver *sv, int code, int n, int t)
{
    return &sv->memo[((size_t)code * (DICE_COUNT + 1) + (size_t)n) * (DICE_ROLLS + 1) + (size_t)t];
}

static int code_size(int code)
{
    int n = 0;
    for (; code; code /= 10)
        n += code % 10;
    return n;
}

static dice_u128 value(struct solver *sv, int code, int n, int t);

/* The best choice after a throw that showed `shown` city faces and lost `lost` dice: keep any
 * sub-multiset of the shown faces; the rest (and the knights) go back into the hand.
 * Returned as a numerator over 6^(n (t - 1)). */
static dice_u128 best_keep(struct solver *sv, int code, int n, int t, const int *shown,
                           int lost)
{
    int keep[DICE_KINDS] = {0};
    dice_u128 best = 0;
    for (;;) {
        int kept = 0, kc = code;
        for (int k = 0, p = 1; k < sv->kinds; k++, p *= 10) {
            kept += keep[k];
            kc += keep[k] * p;
        }
        int hand = n - lost - kept;
        /* Stop: the best closed city of the kept faces, as a numerator over 6^(n (t-1)). */
        dice_u128 v = (dice_u128)dice_city_points(sv->best[kc]) * sv->pow6[n * (t - 1)];
        if (t > 1 && hand > 0) {
            dice_u128 w = value(sv, kc, hand, t - 1) * sv->pow6[(n - hand) * (t - 1)];
            if (w > v)
                v = w;
        }
        if (v > best)
            best = v;
        int k = 0;
        while (k < sv->kinds && keep[k] == shown[k])
            keep[k++] = 0;
        if (k == sv->kinds)
            break;
        keep[k]++;
    }
    return best;
}

/* Sums over every throw of n dice: category counts cat[0..kinds+1] (kinds, knight, catapult). */
static dice_u128 throws(struct solver *sv, int code, int n, int t, int cat_index, int left,
                        int *cat, long long ways)
{
    int cats = sv->kinds + 2;
    if (cat_index == cats - 1) {
        cat[cat_index] = left;
        long long w = ways; /* multinomial times slot weights: divided out below */
        for (int i = 0; i < left; i++)
            w /= (long long)(i + 1);
        return (dice_u128)w * best_keep(sv, code, n, t, cat, cat[cats - 1]);
    }
    dice_u128 sum = 0;
    long long w = ways;
    int slots = cat_index < sv->kinds ? sv->s->kind_slots[cat_index] : 1;
    for (int c = 0; c <= left; c++) {
        if (c > 0)
            w = w * slots / c; /* stays integral: n!/(c! ...) built factor by factor */
        cat[cat_index] = c;
        sum += throws(sv, code, n, t, cat_index + 1, left - c, cat, w);
    }
    return sum;
}

static long long factorial(int n)
{
    long long f = 1;
    for (int i = 2; i <= n; i++)
        f *= i;
    return f;
}

static dice_u128 value(struct solver *sv, int code, int n, int t)
{
    if (n == 0 || t == 0)
        return (dice_u128)dice_city_points(sv->best[code]);
    dice_u128 *m = memo_at(sv, code, n, t);
    if (*m != UNKNOWN)
        return *m;
    int cat[DICE_KINDS + 2];
    /* ways = n! / prod(c!) * prod(slots^c): the recursion multiplies by slots and divides
     * by the count factor by factor, which keeps every intermediate an integer. */
    *m = throws(sv, code, n, t, 0, n, cat, factorial(n));
    sv->states++;
    return *m;
}

int dice_solve(const struct dice_state *s, struct dice_solve_result *r, kk_error *err)
{
    memset(r, 0, sizeof *r);
    struct enumerator *e = calloc(1, sizeof *e);
    uint8_t *closable = calloc(1, CODES);
    struct solver *sv = calloc(1, sizeof *sv);
    dice_u128 *memo = malloc(sizeof *memo * CODES * (DICE_COUNT + 1) * (DICE_ROLLS + 1));
    if (!e || !closable || !sv || !memo) {
        free(e), free(closable), free(sv), free(memo);
        return kk_fail(err, "out of memory for the dice solver");
    }
    e->s = s;
    e->closable = closable;
    for (int k = 0; k < s->num_kinds; k++) {
        /* Every closed city can be turned so that one of its dice of kind k is unrotated. */
        e->edges[START] = (uint8_t)(s->kind_rotated[k][0] | 16);
        e->cells[0] = START;
        e->kind_of[0] = k;
        e->placed = 1;
        e->counts[k] = 1;
        grow(e);
        e->counts[k] = 0;
        e->edges[START] = 0;
    }
    r->closed_cities = e->cities;
    sv->s = s;
    sv->kinds = s->num_kinds;
    sv->pow6[0] = 1;
    for (int i = 1; i <= DICE_COUNT * DICE_ROLLS; i++)
        sv->pow6[i] = sv->pow6[i - 1] * 6;
    sv->memo = memo;
    const uint8_t *ok = closable;
    /* best[code]: the largest closable sub-multiset, by dynamic programming over codes in
     * increasing order (removing one die lowers the code). */
    for (int code = 0; code < CODES; code++) {
        int b = ok[code] ? code_size(code) : 0, c = code;
        for (int k = 0, p = 1; k < DICE_KINDS; k++, p *= 10, c /= 10)
            if (c % 10 && sv->best[code - p] > b)
                b = sv->best[code - p];
        sv->best[code] = b;
    }
    for (size_t i = 0; i < (size_t)CODES * (DICE_COUNT + 1) * (DICE_ROLLS + 1); i++)
        memo[i] = UNKNOWN;
    for (int t = 1; t <= DICE_ROLLS; t++) {
        r->numerator[t] = value(sv, 0, DICE_COUNT, t);
        r->denominator_exp[t] = DICE_COUNT * t;
    }
    for (int size = 0; size <= DICE_COUNT; size++)
        for (int code = 0; code < CODES; code++)
            if (ok[code] && code_size(code) == size)
                r->closable_multisets[size]++;
    memcpy(r->best_closed, sv->best, sizeof r->best_closed);
    r->states = sv->states;
    free(e), free(closable), free(sv), free(memo);
    return 0;
}

int dice_u128_text(dice_u128 v, char *buf, size_t size)
{
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    if ((size_t)n + 1 > size)
        return -1;
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return n;
}

double dice_u128_ratio(dice_u128 num, int den_exp)
{
    double v = (double)num;
    for (int i = 0; i < den_exp; i++)
        v /= 6.0;
    return v;
}
