/* Backgammon's turn machine, move generator and kk_game table.
 * A turn is a chance node (the roll; the game's first one is the opening roll, one die per
 * seat) followed by one decision: the whole play. legal_moves lists one move per distinct
 * resulting position among the plays that use as many dice as possible (and the higher die
 * when only one can be used and higher_die=1). */
#include <stdio.h>
#include <string.h>

#include "backgammon.h"

static const char *const opening_choices[] = {"roll", "seat0", NULL};

enum { P_OPENING, P_HIGHER_DIE, P_GAMMONS, NUM_PARAMS };

static const struct kk_param bg_params[NUM_PARAMS] = {
    {"opening", KK_PARAM_CHOICE, "roll", 0, 0, opening_choices, 0, 0,
     "roll: each seat rolls one die, the higher plays both numbers first; seat0: seat 0 "
     "starts with a normal roll"},
    {"higher_die", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: when only one die of a roll can be played, the higher must be if possible"},
    {"gammons", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: a gammon scores 2 and a backgammon 3 (cubeless money); 0: every win scores 1"},
};

static const struct kk_stat_desc bg_stats[BG_NUM_STATS] = {
    {"turns", 0, "plays made in the game (passes included)"},
    {"hits", 1, "opposing checkers this seat hit"},
    {"pips_left", 0, "the loser's pip count at the end"},
    {"gammon", 0, "1 if the loser had borne off no checker (gammon or backgammon)"},
    {"backgammon", 0, "1 if moreover the loser had a checker on the bar or in the winner's home"},
    {"opener", 0, "the seat that took the first turn"},
    {"opener_won", 0, "1 if the seat that took the first turn won"},
};

/* Setup in each seat's own numbering: the 24-, 13-, 8- and 6-points. */
static void setup(uint8_t *own)
{
    memset(own, 0, BG_SPACES);
    own[1] = 2;
    own[12] = 5;
    own[17] = 3;
    own[19] = 5;
}

int bg_pip_count(const struct bg_state *s, int seat)
{
    int pips = 0;
    for (int k = 0; k < BG_OFF; k++)
        pips += s->board[seat][k] * (25 - k);
    return pips;
}

int bg_all_home(const struct bg_state *s, int seat)
{
    const uint8_t *own = s->board[seat];
    for (int k = 0; k < BG_HOME; k++)
        if (own[k])
            return 0;
    return 1;
}

static int bg_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct bg_state *s = state;
    memset(s, 0, sizeof *s);
    if (players != 0 && players != BG_SEATS)
        return kk_fail(err, "backgammon is for 2 players, not %d", players);
    setup(s->board[0]);
    setup(s->board[1]);
    s->higher_die = (uint8_t)v->value[P_HIGHER_DIE][0];
    s->gammons = (uint8_t)v->value[P_GAMMONS][0];
    s->phase = v->value[P_OPENING][0] == 0 ? BG_PHASE_OPENING : BG_PHASE_ROLL;
    s->seat = 0;
    s->opener = 0;
    s->pips[0] = s->pips[1] = (int16_t)bg_pip_count(s, 0);
    return 0;
}

static int bg_players(const void *state)
{
    (void)state;
    return BG_SEATS;
}

static int bg_to_move(const void *state)
{
    const struct bg_state *s = state;
    switch (s->phase) {
    case BG_PHASE_MOVE: return s->seat;
    case BG_PHASE_OVER: return KK_TERMINAL;
    default: return KK_CHANCE;
    }
}

int bg_step_target(const struct bg_state *s, int seat, int from, int d)
{
    const uint8_t *own = s->board[seat], *opp = s->board[1 - seat];
    if (from < 0 || from > 24 || own[from] == 0)
        return -1;
    if (own[BG_BAR] && from != BG_BAR)
        return -1;
    int to = from + d;
    if (to <= 24)
        return opp[25 - to] >= 2 ? -1 : to;
    if (!bg_all_home(s, seat))
        return -1;
    if (to > BG_OFF)
        for (int k = BG_HOME; k < from; k++)
            if (own[k])
                return -1; /* a larger die bears off only the farthest checker */
    return BG_OFF;
}

int bg_step_apply(struct bg_state *s, int seat, int from, int d)
{
    uint8_t *own = s->board[seat], *opp = s->board[1 - seat];
    int to = from + d > BG_OFF ? BG_OFF : from + d;
    own[from]--;
    own[to]++;
    s->pips[seat] = (int16_t)(s->pips[seat] - ((from == BG_BAR ? 25 : 25 - from) - (25 - to)));
    if (to <= 24 && opp[25 - to] == 1) {
        opp[25 - to] = 0;
        opp[BG_BAR]++;
        s->pips[1 - seat] = (int16_t)(s->pips[1 - seat] + 25 - to);
        return 1;
    }
    return 0;
}

/* --- the move generator ---------------------------------------------------------------- */

/* Non-doubles: every ordered sequence of steps is tried, and sequences that reach the same
 * position are merged by a key of the play's change (the own spaces whose count changed,
 * with the change, and the spaces where a blot was hit). At most 2 * 25 * 25 sequences. */
#define GEN_PAIRS 1280

struct gen {
    struct bg_state s;
    int seat, best_depth, n;
    kk_move *out;
    /* non-doubles */
    uint64_t key[GEN_PAIRS];
    uint32_t rank[GEN_PAIRS]; /* print order of the stored step list: lower prints first */
    uint8_t depth[GEN_PAIRS];
};

/* Order of a step in the printed list: decreasing from-point (rising from-space), then
 * decreasing to-point (rising to-space), then the die, to make the order total. */
static uint32_t step_rank(const struct bg_state *s, int step)
{
    int from = BG_STEP_FROM(step), die = BG_STEP_DIE(step);
    int to = from + s->dice[die] > BG_OFF ? BG_OFF : from + s->dice[die];
    return (uint32_t)(from * 64 + to * 2 + die);
}

/* Doubles: the steps of a play form a multiset of from-spaces, and distinct multisets give
 * distinct positions, so plays are enumerated once each as non-decreasing from-spaces.
 * Applying the steps in that order is always legal when any order is: moving the farthest
 * checkers first only helps entering and bearing off. */
static void gen_double(struct gen *g, int depth, int min_from, kk_move steps)
{
    int any = 0;
    if (depth < 4) {
        int d = g->s.dice[0];
        for (int from = min_from; from <= 24; from++) {
            if (bg_step_target(&g->s, g->seat, from, d) < 0)
                continue;
            any = 1;
            struct bg_state saved = g->s;
            bg_step_apply(&g->s, g->seat, from, d);
            gen_double(g, depth + 1, from, steps | (kk_move)((from << 1) << (6 * depth)));
            g->s = saved;
        }
    }
    if (any)
        return;
    if (depth > g->best_depth) {
        g->best_depth = depth;
        g->n = 0;
    }
    if (depth == g->best_depth && g->n < BG_MAX_MOVES)
        g->out[g->n++] = steps | (depth << 24);
}

static uint64_t play_key(const struct bg_state *before, const struct bg_state *after, int seat)
{
    uint64_t key = 0;
    int shift = 0;
    for (int k = 0; k < BG_SPACES; k++) {
        int delta = after->board[seat][k] - before->board[seat][k];
        if (delta) {
            key |= (uint64_t)((k << 3) | (delta + 4)) << shift;
            shift += 8;
        }
    }
    uint64_t hits = 0;
    for (int k = 1; k <= 24; k++)
        if (before->board[1 - seat][k] && !after->board[1 - seat][k])
            hits |= 1ull << k;
    return key | hits << 32;
}

static void record_pair(struct gen *g, const struct bg_state *before, int depth, const int *step)
{
    uint64_t key = play_key(before, &g->s, g->seat);
    /* The printed order of these steps: sorted by rank. */
    int a = depth > 0 ? step[0] : 0, b = depth > 1 ? step[1] : 0;
    if (depth == 2 && step_rank(before, b) < step_rank(before, a)) {
        int t = a;
        a = b;
        b = t;
    }
    uint32_t rank = depth == 2 ? step_rank(before, a) * 2048u + step_rank(before, b)
                  : depth == 1 ? step_rank(before, a) * 2048u : 0;
    kk_move m = (kk_move)(a | (b << 6) | (depth << 24));
    if (depth == 0)
        m = BG_MOVE_PASS;
    for (int i = 0; i < g->n; i++) {
        if (g->key[i] != key)
            continue;
        /* Same position: keep the play that uses more dice (a bear-off by a larger die can
         * reach what two smaller steps reach), then the one printed first. */
        if (depth > g->depth[i] || (depth == g->depth[i] && rank < g->rank[i])) {
            g->depth[i] = (uint8_t)depth;
            g->rank[i] = rank;
            g->out[i] = m;
        }
        return;
    }
    if (g->n >= GEN_PAIRS)
        return; /* cannot happen: fewer sequences than GEN_PAIRS exist */
    g->key[g->n] = key;
    g->rank[g->n] = rank;
    g->depth[g->n] = (uint8_t)depth;
    g->out[g->n++] = m;
}

static void gen_pair(struct gen *g, const struct bg_state *before)
{
    int any_first = 0;
    for (int die = 0; die < 2; die++) {
        for (int from = 0; from <= 24; from++) {
            if (bg_step_target(&g->s, g->seat, from, g->s.dice[die]) < 0)
                continue;
            any_first = 1;
            struct bg_state mid = g->s;
            bg_step_apply(&g->s, g->seat, from, g->s.dice[die]);
            int steps[2] = {(from << 1) | die, 0}, any_second = 0;
            struct bg_state after_one = g->s;
            for (int from2 = 0; from2 <= 24; from2++) {
                if (bg_step_target(&after_one, g->seat, from2, after_one.dice[1 - die]) < 0)
                    continue;
                any_second = 1;
                bg_step_apply(&g->s, g->seat, from2, g->s.dice[1 - die]);
                steps[1] = (from2 << 1) | (1 - die);
                record_pair(g, before, 2, steps);
                g->s = after_one;
            }
            if (!any_second)
                record_pair(g, before, 1, steps);
            g->s = mid;
        }
    }
    if (!any_first)
        record_pair(g, before, 0, NULL);
}

static int generate(const struct bg_state *s, kk_move *out, struct gen *g)
{
    g->s = *s;
    g->seat = s->seat;
    g->best_depth = 0;
    g->n = 0;
    g->out = out;
    if (s->dice[0] == s->dice[1]) {
        gen_double(g, 0, 0, 0);
        return g->n ? g->n : (out[0] = BG_MOVE_PASS, 1);
    }
    gen_pair(g, s);
    int best = 0, high_used = 0;
    for (int i = 0; i < g->n; i++)
        if (g->depth[i] > best)
            best = g->depth[i];
    for (int i = 0; i < g->n; i++)
        if (g->depth[i] == 1 && BG_STEP_DIE(BG_STEP(out[i], 0)) == 0)
            high_used = 1;
    int n = 0;
    for (int i = 0; i < g->n; i++) {
        if (g->depth[i] != best)
            continue;
        if (best == 1 && s->higher_die && high_used && BG_STEP_DIE(BG_STEP(out[i], 0)) != 0)
            continue;
        out[n++] = out[i];
    }
    return n;
}

static int bg_legal_moves(const void *state, kk_move *out)
{
    struct gen g;
    return generate(state, out, &g);
}

/* --- turns ----------------------------------------------------------------------------- */

static void bg_apply(void *state, kk_move move)
{
    struct bg_state *s = state;
    if (s->phase == BG_PHASE_OPENING) {
        int a = move >> 3, b = move & 7;
        s->seat = a > b ? 0 : 1;
        s->opener = s->seat;
        s->dice[0] = (uint8_t)(a > b ? a : b);
        s->dice[1] = (uint8_t)(a > b ? b : a);
        s->phase = BG_PHASE_MOVE;
        return;
    }
    if (s->phase == BG_PHASE_ROLL) {
        s->dice[0] = (uint8_t)(move >> 3);
        s->dice[1] = (uint8_t)(move & 7);
        s->phase = BG_PHASE_MOVE;
        return;
    }
    int seat = s->seat;
    for (int i = 0; i < BG_MOVE_STEPS(move); i++) {
        int step = BG_STEP(move, i);
        s->hits[seat] += bg_step_apply(s, seat, BG_STEP_FROM(step), s->dice[BG_STEP_DIE(step)]);
    }
    s->turns++;
    if (s->board[seat][BG_OFF] == BG_CHECKERS) {
        s->phase = BG_PHASE_OVER;
        s->winner = (uint8_t)seat;
        return;
    }
    s->seat = (uint8_t)(1 - seat);
    s->phase = BG_PHASE_ROLL;
}

static int bg_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct bg_state *s = state;
    int n = 0;
    if (s->phase == BG_PHASE_OPENING) {
        for (int a = 1; a <= 6; a++)
            for (int b = 1; b <= 6; b++)
                if (a != b) {
                    out[n] = BG_ROLL(a, b);
                    prob[n++] = 1.0 / 30.0;
                }
        return n;
    }
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= a; b++) {
            out[n] = BG_ROLL(a, b);
            prob[n++] = a == b ? 1.0 / 36.0 : 2.0 / 36.0;
        }
    return n;
}

static kk_move bg_sample_chance(const void *state, kk_rng *rng)
{
    const struct bg_state *s = state;
    if (s->phase == BG_PHASE_OPENING) {
        /* Uniform over the 30 ordered pairs of different dice (equal dice are re-rolled). */
        int pick = (int)kk_rng_below(rng, 30);
        int a = pick / 5 + 1, b = pick % 5 + 1;
        if (b >= a)
            b++;
        return BG_ROLL(a, b);
    }
    int pick = (int)kk_rng_below(rng, 36);
    int a = pick / 6 + 1, b = pick % 6 + 1;
    return a >= b ? BG_ROLL(a, b) : BG_ROLL(b, a);
}

/* Points the winner scores: 1, or with gammons 2 when the loser has borne nothing off and
 * 3 when moreover a loser's checker is on its bar or in the winner's home board. */
static int win_points(const struct bg_state *s)
{
    const uint8_t *loser = s->board[1 - s->winner];
    if (!s->gammons || loser[BG_OFF] > 0)
        return 1;
    for (int k = 0; k <= 6; k++)
        if (loser[k])
            return 3;
    return 2;
}

static void bg_scores(const void *state, int32_t *out)
{
    const struct bg_state *s = state;
    out[0] = out[1] = 0;
    if (s->phase == BG_PHASE_OVER)
        out[s->winner] = win_points(s);
}

static uint32_t bg_winners(const void *state)
{
    const struct bg_state *s = state;
    return s->phase == BG_PHASE_OVER ? 1u << s->winner : 0;
}

static void bg_get_stats(const void *state, double *out)
{
    const struct bg_state *s = state;
    int over = s->phase == BG_PHASE_OVER;
    const uint8_t *loser = over ? s->board[1 - s->winner] : NULL;
    out[BG_ST_TURNS] = s->turns;
    out[BG_ST_HITS] = s->hits[0];
    out[BG_ST_HITS + 1] = s->hits[1];
    out[BG_ST_PIPS_LEFT] = over ? s->pips[1 - s->winner] : 0;
    out[BG_ST_GAMMON] = over && loser[BG_OFF] == 0;
    int back = 0;
    for (int k = 0; over && k <= 6; k++)
        back |= loser[k] != 0;
    out[BG_ST_BACKGAMMON] = over && loser[BG_OFF] == 0 && back;
    out[BG_ST_OPENER] = s->opener;
    out[BG_ST_OPENER_WON] = over && s->winner == s->opener;
}

static int bg_extra_json(const void *state, char *buf, size_t size)
{
    const struct bg_state *s = state;
    return snprintf(buf, size, ",\"turns\":%d,\"pips\":[%d,%d],\"off\":[%d,%d]", (int)s->turns,
                    s->pips[0], s->pips[1], s->board[0][BG_OFF], s->board[1][BG_OFF]);
}

const struct kk_game kk_game_backgammon = {
    .name = "backgammon",
    .title = "Backgammon",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct bg_state),
    .max_moves = BG_MAX_MOVES,
    .score_scale = 1,
    .cooperative = 0,
    .params = bg_params,
    .num_params = NUM_PARAMS,
    .stats = bg_stats,
    .num_stats = BG_NUM_STATS,
    .init = bg_init,
    .players = bg_players,
    .to_move = bg_to_move,
    .legal_moves = bg_legal_moves,
    .apply = bg_apply,
    .chance_outcomes = bg_chance_outcomes,
    .sample_chance = bg_sample_chance,
    .scores = bg_scores,
    .winners = bg_winners,
    .move_to_text = bg_move_to_text,
    .move_from_text = bg_move_from_text,
    .get_stats = bg_get_stats,
    .evaluate = bg_evaluate,
    .check = bg_check,
    .draw = bg_draw,
    .svg = bg_svg,
    .extra_json = bg_extra_json,
    .agent_defaults = "depth=4",
};
