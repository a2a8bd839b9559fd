/* Othellino's turn machine and its kk_game table: placements that capture, forced passes,
 * the end when neither seat can place, and disc-count scoring. */
#include <string.h>

#include "othellino.h"

static const char *const start_choices[] = {"diagonal", "parallel", NULL};
static const char *const empties_choices[] = {"none", "winner", NULL};

enum { P_START, P_EMPTIES, NUM_PARAMS };

static const struct kk_param othl_params[NUM_PARAMS] = {
    {"start", KK_PARAM_CHOICE, "diagonal", 0, 0, start_choices, 0, 0,
     "diagonal: each seat's two centre discs on a diagonal (standard); parallel: side by side"},
    {"empties", KK_PARAM_CHOICE, "none", 0, 0, empties_choices, 0, 0,
     "none: score = discs; winner: empty cells at the end are added to the winner's score"},
};

static const struct kk_stat_desc othl_stats[] = {
    {"margin", 0, "final score of seat 0 minus seat 1"},
    {"passes", 0, "passes played"},
    {"corners", 1, "corner cells held at the end (a corner disc never changes colour)"},
};

#define CELL(x, y) ((y) * OTHL_SIDE + (x))

/* After a move: the next seat moves if it can place or must pass; the game is over when
 * neither seat can place. */
static void settle(struct othl_state *s)
{
    uint64_t own = s->disc[s->seat], opp = s->disc[!s->seat];
    s->over = !othl_moves(own, opp) && !othl_moves(opp, own);
}

int othl_set_position(struct othl_state *s, uint64_t dark, uint64_t light, int seat)
{
    if ((dark & light) || ((dark | light) & ~OTHL_BOARD) || seat < 0 || seat > 1)
        return -1;
    s->disc[0] = dark;
    s->disc[1] = light;
    s->seat = (uint8_t)seat;
    settle(s);
    return 0;
}

static int othl_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct othl_state *s = state;
    memset(s, 0, sizeof *s);
    if (players != 0 && players != 2)
        return kk_fail(err, "othellino is played by 2 players, not %d", players);
    s->start = (uint8_t)v->value[P_START][0];
    s->empties_rule = (uint8_t)v->value[P_EMPTIES][0];
    uint64_t c3 = 1ULL << CELL(2, 2), c4 = 1ULL << CELL(2, 3);
    uint64_t d3 = 1ULL << CELL(3, 2), d4 = 1ULL << CELL(3, 3);
    if (s->start == OTHL_START_DIAGONAL) {
        s->disc[0] = c4 | d3;
        s->disc[1] = c3 | d4;
    } else {
        s->disc[0] = c3 | c4;
        s->disc[1] = d3 | d4;
    }
    s->seat = 0;
    settle(s);
    return 0;
}

static int othl_players(const void *state)
{
    (void)state;
    return 2;
}

static int othl_to_move(const void *state)
{
    const struct othl_state *s = state;
    return s->over ? KK_TERMINAL : s->seat;
}

static int othl_legal_moves(const void *state, kk_move *out)
{
    const struct othl_state *s = state;
    uint64_t m = othl_moves(s->disc[s->seat], s->disc[!s->seat]);
    int n = 0;
    for (; m; m &= m - 1)
        out[n++] = __builtin_ctzll(m);
    if (n == 0)
        out[n++] = OTHL_PASS;
    return n;
}

/* Uniform over the legal moves: the k-th set bit of the move mask for a uniform k. */
static kk_move othl_random_move(const void *state, kk_rng *rng)
{
    const struct othl_state *s = state;
    uint64_t m = othl_moves(s->disc[s->seat], s->disc[!s->seat]);
    int n = othl_popcount(m);
    if (n == 0)
        return OTHL_PASS;
    for (uint32_t k = kk_rng_below(rng, (uint32_t)n); k > 0; k--)
        m &= m - 1;
    return __builtin_ctzll(m);
}

static void othl_apply(void *state, kk_move move)
{
    struct othl_state *s = state;
    int me = s->seat;
    if (move == OTHL_PASS) {
        s->passes++;
    } else {
        uint64_t flips = othl_flips(move, s->disc[me], s->disc[!me]);
        s->disc[me] |= flips | (1ULL << move);
        s->disc[!me] &= ~flips;
    }
    s->plies++;
    s->seat = (uint8_t)!me;
    settle(s);
}

static int othl_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    (void)state;
    (void)out;
    (void)prob;
    return 0; /* never called: Othellino has no chance nodes */
}

static kk_move othl_sample_chance(const void *state, kk_rng *rng)
{
    (void)state;
    (void)rng;
    return 0;
}

static void othl_scores(const void *state, int32_t *out)
{
    const struct othl_state *s = state;
    out[0] = othl_popcount(s->disc[0]);
    out[1] = othl_popcount(s->disc[1]);
    if (s->over && s->empties_rule == OTHL_EMPTIES_WINNER) {
        int e = OTHL_CELLS - out[0] - out[1];
        if (out[0] > out[1])
            out[0] += e;
        else if (out[1] > out[0])
            out[1] += e;
        else {
            out[0] += e / 2; /* equal counts leave an even number of empties */
            out[1] += e / 2;
        }
    }
}

/* The disc count decides, whatever the empties rule (it never changes the order). */
static uint32_t othl_winners(const void *state)
{
    const struct othl_state *s = state;
    int d = othl_popcount(s->disc[0]) - othl_popcount(s->disc[1]);
    return d > 0 ? 1u : d < 0 ? 2u : 3u;
}

const struct kk_game kk_game_othellino = {
    .name = "othellino",
    .title = "Othellino",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct othl_state),
    .max_moves = OTHL_MAX_MOVES,
    .score_scale = 36,
    .cooperative = 0,
    .params = othl_params,
    .num_params = NUM_PARAMS,
    .stats = othl_stats,
    .num_stats = (int)(sizeof othl_stats / sizeof othl_stats[0]),
    .init = othl_init,
    .players = othl_players,
    .to_move = othl_to_move,
    .legal_moves = othl_legal_moves,
    .apply = othl_apply,
    .chance_outcomes = othl_chance_outcomes,
    .sample_chance = othl_sample_chance,
    .scores = othl_scores,
    .winners = othl_winners,
    .move_to_text = othl_move_to_text,
    .move_from_text = othl_move_from_text,
    .get_stats = othl_get_stats,
    .evaluate = othl_evaluate,
    .random_move = othl_random_move,
    .check = othl_check,
    .draw = othl_draw,
    .svg = othl_svg,
};
