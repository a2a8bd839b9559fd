/* Carcassonne dice: the whole-turn solver (engine/dice/turn.c) against brute force on small
 * turns. The brute force knows nothing of partial cities, holes or symmetry: it throws
 * every sequence of die faces (6^n, equally likely), tries every way to build every subset
 * of the shown city faces on every cell of a 5 x 5 board in every rotation (the turn's
 * first die in the middle), and keeps the best; closed cities are found by a flood fill.
 * With three dice a 5 x 5 board holds every city the turn can close, so the brute force
 * is the true optimum of these turns. The solver's policy class grows one city through its
 * holes, so its value must never exceed the brute force's; on one throw the two agree
 * (the class then takes the best closed city), and on more throws the brute force finds
 * more: two caps thrown first are best built facing each other one cell apart, waiting
 * for a straight between them, which the class cannot do (the numbers below). With
 * bridges (a die set next to a hole, facing it) the class does that, and matches the brute
 * force on every turn tried here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/dice/solve.h"
#include "testlib.h"

#define SIDE 5
#define CELLS (SIDE * SIDE)
#define MIDDLE (CELLS / 2)
#define MAXD 4

struct board {
    int n;
    int cell[MAXD];
    unsigned edges[MAXD];
};

struct brute {
    const struct dice_state *s;
    /* memo: key -> value */
    uint64_t *keys;
    double *values;
    size_t mask;
};

static int at(const struct board *b, int cell)
{
    for (int i = 0; i < b->n; i++)
        if (b->cell[i] == cell)
            return i;
    return -1;
}

static int neighbour(int cell, int d)
{
    int r = cell / SIDE, c = cell % SIDE;
    static const int dr[4] = {1, 0, -1, 0}, dc[4] = {0, 1, 0, -1};
    r += dr[d], c += dc[d];
    return r < 0 || r >= SIDE || c < 0 || c >= SIDE ? -1 : r * SIDE + c;
}

static int can_place(const struct board *b, int cell, unsigned e)
{
    if (b->n == 0)
        return cell == MIDDLE;
    if (at(b, cell) >= 0)
        return 0;
    for (int d = 0; d < 4; d++) {
        int nb = neighbour(cell, d), j = nb < 0 ? -1 : at(b, nb);
        if (j >= 0 && ((e >> d) & 1u) != ((b->edges[j] >> ((d + 2) & 3)) & 1u))
            return 0;
    }
    return 1;
}

/* Points of the largest closed city: flood fill through city edges. */
static int score(const struct board *b)
{
    int best = 0, seen[MAXD] = {0};
    for (int i = 0; i < b->n; i++) {
        if (seen[i])
            continue;
        int stack[MAXD], top = 0, size = 0, closed = 1;
        stack[top++] = i;
        seen[i] = 1;
        while (top) {
            int k = stack[--top];
            size++;
            for (int d = 0; d < 4; d++) {
                if (!((b->edges[k] >> d) & 1u))
                    continue;
                int nb = neighbour(b->cell[k], d), j = nb < 0 ? -1 : at(b, nb);
                if (j < 0) {
                    closed = 0;
                    continue;
                }
                if (!seen[j]) {
                    seen[j] = 1;
                    stack[top++] = j;
                }
            }
        }
        if (closed && size > best)
            best = size;
    }
    return dice_city_points(best);
}

static double value(struct brute *br, const struct board *b, int m, int t);

/* Best over building any of shown[] (counts per kind) onto b; m2 dice stay in hand when
 * nothing more is built (each build takes one). */
static double best_build(struct brute *br, const struct board *b, int *shown, int m2, int t)
{
    double best = score(b);
    if (t > 1 && m2 > 0) {
        double v = value(br, b, m2, t - 1);
        best = v > best ? v : best;
    }
    for (int k = 0; k < br->s->num_kinds; k++) {
        if (!shown[k])
            continue;
        shown[k]--;
        for (int r = 0; r < br->s->kind_periods[k]; r++) {
            unsigned e = br->s->kind_rotated[k][r];
            for (int c = 0; c < CELLS; c++) {
                if (!can_place(b, c, e))
                    continue;
                struct board nb = *b;
                nb.cell[nb.n] = c, nb.edges[nb.n++] = e;
                double v = best_build(br, &nb, shown, m2 - 1, t);
                best = v > best ? v : best;
            }
        }
        shown[k]++;
    }
    return best;
}

static uint64_t key_of(const struct board *b, int m, int t)
{
    /* sorted (cell, edges) pairs, then m and t */
    int order[MAXD];
    for (int i = 0; i < b->n; i++)
        order[i] = b->cell[i] * 16 + (int)b->edges[i];
    for (int i = 1; i < b->n; i++)
        for (int j = i; j > 0 && order[j - 1] > order[j]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    uint64_t k = 1;
    for (int i = 0; i < b->n; i++)
        k = k * 512 + (uint64_t)order[i];
    return (k * 16 + (uint64_t)m) * 4 + (uint64_t)t;
}

static double value(struct brute *br, const struct board *b, int m, int t)
{
    uint64_t key = key_of(b, m, t);
    size_t h = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 20) & br->mask;
    while (br->keys[h]) {
        if (br->keys[h] == key)
            return br->values[h];
        h = (h + 1) & br->mask;
    }
    int faces[MAXD] = {0};
    double sum = 0;
    int outcomes = 1;
    for (int i = 0; i < m; i++)
        outcomes *= 6;
    for (int o = 0; o < outcomes; o++) {
        int shown[DICE_KINDS] = {0}, lost = 0, x = o;
        for (int i = 0; i < m; i++, x /= 6)
            faces[i] = br->s->slot_category[x % 6];
        for (int i = 0; i < m; i++) {
            if (faces[i] < br->s->num_kinds)
                shown[faces[i]]++;
            else if (faces[i] == br->s->num_kinds + 1)
                lost++;
        }
        sum += best_build(br, b, shown, m - lost, t);
    }
    double v = sum / outcomes;
    h = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 20) & br->mask;
    while (br->keys[h])
        h = (h + 1) & br->mask;
    br->keys[h] = key;
    br->values[h] = v;
    return v;
}

static double brute(const struct dice_state *s, int dice, int throws)
{
    struct brute br = {s, NULL, NULL, (1u << 22) - 1};
    br.keys = calloc(br.mask + 1, sizeof *br.keys);
    br.values = calloc(br.mask + 1, sizeof *br.values);
    CHECK(br.keys && br.values);
    struct board b = {0, {0}, {0}};
    double v = value(&br, &b, dice, throws);
    free(br.keys);
    free(br.values);
    return v;
}

static double solver(const struct dice_state *s, int dice, int throws, int bridges,
                     struct dice_solve_result *r)
{
    kk_error err;
    struct dice_turn_result tr;
    CHECK_EQ_INT(dice_turn_solve(s, r->best_closed, dice, throws, bridges, &tr, &err), 0);
    CHECK_EQ_INT(tr.denominator_exp, dice * throws);
    return dice_u128_ratio(tr.numerator, tr.denominator_exp);
}

/* The brute force's value, and the solver's without and with bridges (holes <= bridges <=
 * brute force; all equal on one throw; bridges equal to the brute force on these turns). */
static void compare(const char *faces, int dice, int throws, double *holes_out,
                    double *brute_out)
{
    struct dice_state s;
    const char *sets[1] = {faces};
    kk_test_new_game(&kk_game_carcassonne_dice, &s, 2, faces ? sets : NULL, faces ? 1 : 0);
    struct dice_solve_result *r = malloc(sizeof *r);
    kk_error err;
    CHECK_EQ_INT(dice_solve(&s, r, &err), 0);
    double a = solver(&s, dice, throws, 0, r), ab = solver(&s, dice, throws, 1, r);
    double b = brute(&s, dice, throws);
    printf("  %s, %d dice, %d throws: holes %.12f, bridges %.12f, brute force %.12f\n",
           faces ? faces : "default faces", dice, throws, a, ab, b);
    CHECK(a <= ab + 1e-12);
    CHECK(fabs(ab - b) <= 1e-12);
    if (throws == 1)
        CHECK(fabs(a - b) <= 1e-12);
    CHECK(b > 0);
    /* Both are multiples of 1 / 6^(dice * throws). */
    double scale = pow(6.0, dice * throws);
    CHECK(fabs(b * scale - floor(b * scale + 0.5)) < 1e-6);
    *holes_out = a, *brute_out = b;
    free(r);
}

int main(void)
{
    /* One throw of nine dice: the class takes the best closed city, the exact optimum. */
    struct dice_state s;
    kk_test_new_game(&kk_game_carcassonne_dice, &s, 2, NULL, 0);
    struct dice_solve_result *r = malloc(sizeof *r);
    kk_error err;
    CHECK_EQ_INT(dice_solve(&s, r, &err), 0);
    struct dice_turn_result tr;
    CHECK_EQ_INT(dice_turn_solve(&s, r->best_closed, 9, 1, 0, &tr, &err), 0);
    char buf[48];
    dice_u128_text(tr.numerator, buf, sizeof buf);
    CHECK(strcmp(buf, "48849417") == 0);
    free(r);
    /* Small turns against brute force. */
    double a, b;
    compare(NULL, 3, 1, &a, &b);
    /* Cap, cap and a straight or a corner, in any order: 3 * 2 of the 216 throws. */
    CHECK(fabs(a * 216 - 6) < 1e-9);
    compare(NULL, 3, 2, &a, &b);
    CHECK(fabs(a * 46656 - 3432) < 1e-6);
    CHECK(fabs(b * 46656 - 3516) < 1e-6);
    compare("faces=cap,straight,corner,corner", 3, 2, &a, &b);
    compare(NULL, 3, 3, &a, &b);
    return kk_test_done("test_carcassonne_dice_turn");
}
