/* The greedy evaluation of the dice game: a seat's total, plus for the player whose turn
 * it is the value of the turn so far, which is the larger of the largest closed city's
 * points and the chance-weighted points of each open city (rules doc, "Evaluation"). */
#include <stdlib.h>

#include "dice.h"
#include "solve.h"

/* Worth of holding a knight die: what doubling the next turn adds, about one ordinary
 * turn (7.4 points per turn in greedy self-play), while the others throw a die fewer.
 * At 3 (until 2026-11-28) banking looked worse than scoring any turn of 4 points or more,
 * and the search, which plans knights across throws, banked too rarely: docs/agents.md,
 * "The dice game's knights". */
#define DICE_KNIGHT_VALUE 7.0
/* A die already thrown that matches a hole closes it unless the hole's other sides
 * clash with it (rare): counted as this likely. */
#define DICE_READY_FITS 0.9

/* miss_after[k][t]: the chance that t throws of one die all miss a face that k of its six
 * faces show, (1 - k/6)^t, multiplied out one throw at a time (the order of the products
 * fixes the last bits, which greedy's ties depend on). Every evaluation asks for a few of
 * these; filled once at program start, read-only afterwards. */
#define DICE_MAX_TRIES (DICE_COUNT * DICE_ROLLS)
static double miss_after[DICE_SLOTS - 1][DICE_MAX_TRIES + 1];

#if defined(__GNUC__)
__attribute__((constructor)) static void miss_after_init(void)
{
    for (int k = 1; k < DICE_SLOTS - 1; k++) {
        double miss = 1.0;
        for (int t = 0; t <= DICE_MAX_TRIES; t++) {
            miss_after[k][t] = miss;
            miss *= 1.0 - k / 6.0;
        }
    }
}
#else
#error "engine/dice needs a start-up constructor (GCC or Clang)"
#endif

/* The layout whose rotation has exactly these city edges. */
static int layout_of(unsigned edges)
{
    switch (dice_popcount(edges)) {
    case 1: return DICE_CAP;
    case 2: return (edges == (DICE_N | DICE_S) || edges == (DICE_E | DICE_W)) ? DICE_STRAIGHT
                                                                               : DICE_CORNER;
    case 3: return DICE_TEE;
    default: return DICE_CROSS;
    }
}

/* dice_open_city_value with the grid's city links already found (turn_value finds them
 * once for every city of the grid). */
static double open_value(const struct dice_state *s, const int8_t (*link)[4], uint16_t members)
{
    const struct dice_grid *g = &s->grid;
    /* The holes: empty cells that city edges of this city face, each with the sides of it
     * that those edges touch. A city edge not joined to a die faces an empty cell or the
     * border. */
    int hole[4 * DICE_COUNT], holes_n = 0;
    unsigned want_of[4 * DICE_COUNT];
    for (int i = 0; i < g->count; i++) {
        if (!((members >> i) & 1u))
            continue;
        for (int d = 0; d < 4; d++) {
            if (!((g->edges[i] >> d) & 1u) || link[i][d] >= 0)
                continue;
            int c = dice_step(g->cell[i], d);
            if (c < 0)
                return 0; /* a city edge against the window border never closes */
            int h = 0;
            while (h < holes_n && hole[h] != c)
                h++;
            if (h == holes_n) {
                hole[holes_n] = c;
                want_of[holes_n++] = 0;
            }
            want_of[h] |= 1u << ((d + 2) & 3);
        }
    }
    /* Holes are served in cell order (south to north, then west to east). */
    for (int h = 1; h < holes_n; h++)
        for (int j = h; j > 0 && hole[j - 1] > hole[j]; j--) {
            int tc = hole[j]; hole[j] = hole[j - 1]; hole[j - 1] = tc;
            unsigned tw = want_of[j]; want_of[j] = want_of[j - 1]; want_of[j - 1] = tw;
        }
    int n = dice_popcount(members);
    int ready[DICE_KINDS] = {0}, spare = 0, throws = DICE_ROLLS - s->rolls_done;
    if (s->phase == DICE_PHASE_DECIDE)
        for (int k = 0; k < s->num_kinds; k++)
            ready[k] = s->rolled_kind[k];
    double reach = 1.0;
    int waiting = 0;                 /* holes left for dice still to be thrown */
    int need_slots[DICE_COUNT];     /* faces of a die that fill the hole */
    if (holes_n > DICE_COUNT - n)
        return 0; /* more holes than dice in the game */
    for (int h = 0; h < holes_n; h++) {
        int layout = layout_of(want_of[h]), kind = -1;
        for (int k = 0; k < s->num_kinds; k++)
            if (s->kind_layout[k] == layout)
                kind = k;
        if (kind < 0)
            return 0; /* no face of these dice fills this hole */
        if (ready[kind] > 0) {
            ready[kind]--;
            reach *= DICE_READY_FITS;
        } else {
            need_slots[waiting++] = s->kind_slots[kind];
        }
    }
    /* Dice that can still be thrown: those in hand not needed for a hole. */
    if (s->phase == DICE_PHASE_ROLL) {
        spare = s->to_roll;
    } else {
        for (int k = 0; k < s->num_kinds; k++)
            spare += ready[k];
        spare += s->rolled_knights;
        if (throws == 0)
            spare = 0;
    }
    /* Each waiting hole needs its own die to show the right face on one of the remaining
     * throws; holes are served in turn by the dice not yet spent on earlier ones. */
    for (int i = 0; i < waiting; i++) {
        int tries = (spare - i) * throws;
        if (tries <= 0)
            return 0;
        reach *= 1.0 - miss_after[need_slots[i]][tries];
    }
    return dice_city_points(n + holes_n) * reach;
}

double dice_open_city_value(const struct dice_state *s, uint16_t members)
{
    int8_t link[DICE_COUNT][4];
    dice_grid_links(&s->grid, link);
    return open_value(s, (const int8_t (*)[4])link, members);
}

/* The largest closed city's points or the best open city's value, whichever is larger.
 * Greedy choices and search expansions evaluate every build of a position, so this is the
 * game's hot spot: the links are found once and every city is walked once. */
static double turn_value(const struct dice_state *s)
{
    const struct dice_grid *g = &s->grid;
    int8_t link[DICE_COUNT][4];
    dice_grid_links(g, link);
    int largest_closed;
    uint16_t open[DICE_COUNT];
    int nopen = dice_grid_sort_cities(g, (const int8_t (*)[4])link, &largest_closed, open);
    double best_open = 0;
    for (int c = 0; c < nopen; c++) {
        double v = open_value(s, (const int8_t (*)[4])link, open[c]);
        if (v > best_open)
            best_open = v;
    }
    double best = dice_city_points(largest_closed);
    if (best_open > best)
        best = best_open;
    return s->doubled ? 2 * best : best;
}

double dice_evaluate(const void *state, int seat)
{
    const struct dice_state *s = state;
    double v = s->total[seat] + (s->held[seat] ? DICE_KNIGHT_VALUE : 0.0);
    if (s->phase != DICE_PHASE_OVER && seat == s->seat)
        v += turn_value(s);
    return v;
}

/* --- the deep evaluation (agents' eval=deep) ---------------------------------------------- */

/* The single-turn solver's class (engine/dice/turn.c) answers for the rest of the turn in
 * play: the same total and knight as dice_evaluate, with the turn's part the expected points
 * of the best policy of the class from here instead of the chance-weighted open city. One
 * agent may meet several rules (a balance sweep reuses its agents across variants), so the
 * context follows the rules of the states it is shown: a solver for the faces of the last
 * rules seen, or none under rules the class does not fit (placement=touching,
 * set_aside=one), where the greedy evaluation stands. */
struct dice_deep {
    struct dice_turn *tn;
    struct dice_state rules; /* the rules tn was made for (valid once `seen`) */
    int seen;
};

static int same_rules(const struct dice_state *a, const struct dice_state *b)
{
    if (a->num_kinds != b->num_kinds || a->touching != b->touching ||
        a->set_aside_one != b->set_aside_one)
        return 0;
    for (int k = 0; k < a->num_kinds; k++)
        if (a->kind_layout[k] != b->kind_layout[k] || a->kind_slots[k] != b->kind_slots[k])
            return 0;
    return 1;
}

void *dice_deep_open(const void *state, kk_error *err)
{
    (void)state;
    struct dice_deep *d = calloc(1, sizeof *d);
    if (!d)
        kk_fail(err, "out of memory for the dice game's deep evaluation");
    return d;
}

void dice_deep_close(void *ctx)
{
    struct dice_deep *d = ctx;
    if (d && d->tn)
        dice_turn_close(d->tn);
    free(d);
}

/* The solver for the rules of s, NULL when the class does not fit them or memory ran out. */
static struct dice_turn *solver_for(struct dice_deep *d, const struct dice_state *s)
{
    if (!d->seen || !same_rules(&d->rules, s)) {
        if (d->tn)
            dice_turn_close(d->tn);
        d->tn = NULL;
        d->rules = *s;
        d->seen = 1;
        kk_error err;
        if (!s->touching && !s->set_aside_one)
            d->tn = dice_turn_open(s, 0, &err);
    }
    return d->tn;
}

/* A throw changes only the mover's value. Inside the solver's class (one partial city) the
 * mover's rest of the turn before a throw is the probability-weighted mean of its values
 * after each outcome, the solver's own recursion. Outside it (cities built by another
 * policy), the rest tries each open city, and none, as the partial one and keeps the best,
 * before the throw and after it, and the two need not agree in the mean: at a few throws in
 * ten of the playout policy's games they differ by up to 0.021 points (2.5e-4 in return
 * units; test_carcassonne_dice_cv states the bound and checks it at every throw of played
 * games). Fair in that sense wherever the solver answers. (Where memory for its tables runs
 * out, the plain evaluation stands in for that state: the one exception, not foreseen.) */
int dice_deep_fair(void *ctx, const void *state)
{
    return solver_for(ctx, state) != NULL;
}

/* Values must agree across the end of a turn, or a search would prefer lines that put the
 * end of its turn past its horizon: the next seat's turn is worth some 8 points as soon as
 * it is the turn in play. So every seat is valued up to the end of the current round (seat
 * 0 starts every round): the seat to move by the rest of its turn, a seat still to play in
 * this round by a fresh turn of the dice it will throw (doubled by its knight), and a seat
 * that has played by its total. At the end of a round every seat gains a fresh turn at once,
 * which a margin between seats does not see. */
double dice_deep_evaluate(void *ctx, const void *state, int seat)
{
    const struct dice_state *s = state;
    struct dice_turn *tn = solver_for(ctx, s);
    if (!tn)
        return dice_evaluate(state, seat);
    double v = s->total[seat];
    if (s->phase == DICE_PHASE_OVER)
        return v + (s->held[seat] ? DICE_KNIGHT_VALUE : 0.0);
    double turn;
    if (seat == s->seat) {
        v += s->held[seat] ? DICE_KNIGHT_VALUE : 0.0; /* banked this turn */
        turn = dice_turn_rest(tn, s);
        if (s->doubled)
            turn *= 2;
    } else if (seat > s->seat) {
        int dice = DICE_COUNT;
        for (int p = 0; p < s->players; p++)
            dice -= p != seat && s->held[p];
        turn = dice_turn_start(tn, dice);
        if (s->held[seat])
            turn *= 2;
    } else {
        return v + (s->held[seat] ? DICE_KNIGHT_VALUE : 0.0);
    }
    if (turn < 0) /* out of memory: the plain evaluation */
        return dice_evaluate(state, seat);
    return v + turn;
}
