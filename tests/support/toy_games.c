/* The toy games of toy_games.h: small, exact, and quick enough for thousands of searches. */
#include "toy_games.h"

#include <stdio.h>
#include <string.h>

#define NIM_MAX_MOVES_PLAYED 40
#define NIM_MAX_PILE 64

struct nim_state {
    int32_t players, pile, made, seat; /* seat: the mover, or the last mover while at chance */
    int32_t at_chance, over, add;
    uint32_t winners;
};

static const struct kk_param nim_params[] = {
    {"pile", KK_PARAM_INT, "10", 1, NIM_MAX_PILE - 4, NULL, 0, 0, "stones at the start"},
    {"add", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0, "1: chance adds a stone back with prob 1/3"},
};

static int nim_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)err;
    toy_nim_setup(state, players ? players : 2, v->value[0][0], v->value[1][0]);
    return 0;
}

void toy_nim_setup(void *state, int players, int pile, int add)
{
    struct nim_state *s = state;
    memset(s, 0, sizeof *s);
    s->players = players;
    s->pile = pile;
    s->add = add;
}

static int nim_players(const void *state)
{
    return ((const struct nim_state *)state)->players;
}

static int nim_to_move(const void *state)
{
    const struct nim_state *s = state;
    return s->over ? KK_TERMINAL : s->at_chance ? KK_CHANCE : s->seat;
}

static int nim_legal(const void *state, kk_move *out)
{
    const struct nim_state *s = state;
    int n = 0;
    for (int take = 1; take <= 3 && take <= s->pile; take++)
        out[n++] = take;
    return n;
}

static void nim_apply(void *state, kk_move m)
{
    struct nim_state *s = state;
    if (s->at_chance) {
        s->pile += m;
        s->at_chance = 0;
        s->seat = (s->seat + 1) % s->players;
        return;
    }
    s->pile -= m;
    s->made++;
    if (s->pile == 0) {
        s->over = 1;
        s->winners = 1u << s->seat;
    } else if (s->made >= NIM_MAX_MOVES_PLAYED) {
        s->over = 1;
        s->winners = (1u << s->players) - 1;
    } else {
        s->at_chance = 1;
    }
}

static int nim_chance(const void *state, kk_move *out, double *prob)
{
    const struct nim_state *s = state;
    out[0] = 0;
    prob[0] = 1;
    if (!s->add)
        return 1;
    prob[0] = 2.0 / 3;
    out[1] = 1;
    prob[1] = 1.0 / 3;
    return 2;
}

static kk_move nim_sample(const void *state, kk_rng *rng)
{
    const struct nim_state *s = state;
    return s->add && kk_rng_bounded(rng, 3) == 0 ? 1 : 0;
}

static void nim_scores(const void *state, int32_t *out)
{
    const struct nim_state *s = state;
    for (int i = 0; i < s->players; i++)
        out[i] = s->over && (s->winners >> i & 1u) ? 1 : 0;
}

static uint32_t nim_winners(const void *state)
{
    return ((const struct nim_state *)state)->winners;
}

static int nim_to_text(const void *state, kk_move m, char *buf, size_t size)
{
    const struct nim_state *s = state;
    return snprintf(buf, size, s->at_chance ? "+%d" : "%d", (int)m);
}

static int nim_from_text(const void *state, const char *text, kk_move *m, kk_error *err)
{
    const struct nim_state *s = state;
    int v;
    char extra;
    if (s->at_chance ? sscanf(text, "+%d%c", &v, &extra) != 1
                     : sscanf(text, "%d%c", &v, &extra) != 1)
        return kk_fail(err, "bad toy-nim move '%s'", text);
    *m = v;
    return 0;
}

static void nim_stats(const void *state, double *out)
{
    (void)state;
    (void)out;
}

/* Own points: 1 once the seat has won, else 0 (so greedy takes a winning move). */
static double nim_evaluate(const void *state, int seat)
{
    int32_t sc[KK_MAX_SEATS];
    nim_scores(state, sc);
    return sc[seat];
}

const struct kk_game kk_toy_nim = {
    .name = "toy-nim",
    .title = "Toy Nim with chance",
    .min_players = 2,
    .max_players = 3,
    .default_players = 2,
    .state_size = sizeof(struct nim_state),
    .max_moves = 3,
    .score_scale = 1,
    .params = nim_params,
    .num_params = 2,
    .init = nim_init,
    .players = nim_players,
    .to_move = nim_to_move,
    .legal_moves = nim_legal,
    .apply = nim_apply,
    .chance_outcomes = nim_chance,
    .sample_chance = nim_sample,
    .scores = nim_scores,
    .winners = nim_winners,
    .move_to_text = nim_to_text,
    .move_from_text = nim_from_text,
    .get_stats = nim_stats,
    .evaluate = nim_evaluate,
};

/* Memo over (add, pile, moves made, mover, at_chance) for 2 players; value for seat 0. */
static double nim_memo[2][NIM_MAX_PILE + 1][NIM_MAX_MOVES_PLAYED + 1][2][2];
static unsigned char nim_known[2][NIM_MAX_PILE + 1][NIM_MAX_MOVES_PLAYED + 1][2][2];

static double nim_value0(const struct nim_state *s)
{
    if (s->over)
        return (s->winners & 1u) ? (s->winners == 1u ? 1.0 : 0.5) : 0.0;
    double *memo = &nim_memo[s->add][s->pile][s->made][s->seat][s->at_chance];
    unsigned char *known = &nim_known[s->add][s->pile][s->made][s->seat][s->at_chance];
    if (*known)
        return *memo;
    double v;
    if (s->at_chance) {
        kk_move out[2];
        double prob[2];
        int n = nim_chance(s, out, prob);
        v = 0;
        for (int i = 0; i < n; i++) {
            struct nim_state t = *s;
            nim_apply(&t, out[i]);
            v += prob[i] * nim_value0(&t);
        }
    } else {
        kk_move moves[3];
        int n = nim_legal(s, moves);
        v = s->seat == 0 ? -1 : 2;
        for (int i = 0; i < n; i++) {
            struct nim_state t = *s;
            nim_apply(&t, moves[i]);
            double c = nim_value0(&t);
            v = s->seat == 0 ? (c > v ? c : v) : (c < v ? c : v);
        }
    }
    *known = 1;
    *memo = v;
    return v;
}

double toy_nim_solve(const void *state, int seat)
{
    const struct nim_state *s = state;
    double v = nim_value0(s);
    return seat == 0 ? v : 1 - v;
}

/* ---- toy-guess ---- */

enum { GUESS_DEAL, GUESS_CHOOSE, GUESS_SAFE_DRAW, GUESS_OVER };

struct guess_state {
    int32_t phase, card, won; /* won: seat 0 won */
};

static int guess_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)v;
    (void)players;
    (void)err;
    memset(state, 0, sizeof(struct guess_state));
    return 0;
}

void toy_guess_setup(void *state, int card)
{
    struct guess_state *s = state;
    memset(s, 0, sizeof *s);
    s->phase = GUESS_CHOOSE;
    s->card = card;
}

static int guess_players(const void *state)
{
    (void)state;
    return 2;
}

static int guess_to_move(const void *state)
{
    const struct guess_state *s = state;
    return s->phase == GUESS_CHOOSE ? 0 : s->phase == GUESS_OVER ? KK_TERMINAL : KK_CHANCE;
}

static int guess_legal(const void *state, kk_move *out)
{
    (void)state;
    for (int i = 0; i < 4; i++)
        out[i] = i;
    return 4;
}

static void guess_apply(void *state, kk_move m)
{
    struct guess_state *s = state;
    switch (s->phase) {
    case GUESS_DEAL:
        s->card = m;
        s->phase = GUESS_CHOOSE;
        break;
    case GUESS_CHOOSE:
        if (m == TOY_GUESS_SAFE) {
            s->phase = GUESS_SAFE_DRAW;
        } else {
            s->won = m - TOY_GUESS_CARD0 == s->card;
            s->phase = GUESS_OVER;
        }
        break;
    case GUESS_SAFE_DRAW:
        s->won = m;
        s->phase = GUESS_OVER;
        break;
    }
}

static int guess_chance(const void *state, kk_move *out, double *prob)
{
    const struct guess_state *s = state;
    if (s->phase == GUESS_DEAL) {
        for (int i = 0; i < 3; i++) {
            out[i] = i;
            prob[i] = 1.0 / 3;
        }
        return 3;
    }
    out[0] = 1;
    prob[0] = 0.6;
    out[1] = 0;
    prob[1] = 0.4;
    return 2;
}

static kk_move guess_sample(const void *state, kk_rng *rng)
{
    const struct guess_state *s = state;
    if (s->phase == GUESS_DEAL)
        return kk_rng_bounded(rng, 3);
    return kk_rng_double(rng) < 0.6 ? 1 : 0;
}

static void guess_scores(const void *state, int32_t *out)
{
    const struct guess_state *s = state;
    out[0] = s->phase == GUESS_OVER && s->won;
    out[1] = s->phase == GUESS_OVER && !s->won;
}

static uint32_t guess_winners(const void *state)
{
    return ((const struct guess_state *)state)->won ? 1u : 2u;
}

static int guess_to_text(const void *state, kk_move m, char *buf, size_t size)
{
    (void)state;
    return snprintf(buf, size, "%d", (int)m);
}

static int guess_from_text(const void *state, const char *text, kk_move *m, kk_error *err)
{
    (void)state;
    int v;
    char extra;
    if (sscanf(text, "%d%c", &v, &extra) != 1)
        return kk_fail(err, "bad toy-guess move '%s'", text);
    *m = v;
    return 0;
}

static double guess_evaluate(const void *state, int seat)
{
    int32_t sc[2];
    guess_scores(state, sc);
    return sc[seat];
}

/* Seat 0 never sees the card: it is redealt uniformly. Seat 1 sees everything. */
static void guess_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct guess_state *s = state;
    struct guess_state *o = out;
    *o = *s;
    if (seat == 0 && s->phase != GUESS_DEAL && s->phase != GUESS_OVER)
        o->card = (int32_t)kk_rng_bounded(rng, 3);
}

const struct kk_game kk_toy_guess = {
    .name = "toy-guess",
    .title = "Toy hidden-card guess",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct guess_state),
    .max_moves = 4,
    .score_scale = 1,
    .init = guess_init,
    .players = guess_players,
    .to_move = guess_to_move,
    .legal_moves = guess_legal,
    .apply = guess_apply,
    .chance_outcomes = guess_chance,
    .sample_chance = guess_sample,
    .scores = guess_scores,
    .winners = guess_winners,
    .move_to_text = guess_to_text,
    .move_from_text = guess_from_text,
    .get_stats = nim_stats,
    .evaluate = guess_evaluate,
    .sample_view = guess_sample_view,
};

/* ---- toy-pennies ---- */

enum { PEN_COMMIT0, PEN_COMMIT1, PEN_SAFE_DRAW, PEN_OVER };

struct pennies_state {
    int32_t phase, c0, c1, won; /* c0/c1: the commitments; won: seat 0 won */
};

static int pennies_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)v;
    (void)players;
    (void)err;
    toy_pennies_setup(state);
    return 0;
}

void toy_pennies_setup(void *state)
{
    struct pennies_state *s = state;
    memset(s, 0, sizeof *s);
    s->phase = PEN_COMMIT0;
}

static int pennies_to_move(const void *state)
{
    const struct pennies_state *s = state;
    return s->phase == PEN_COMMIT0   ? 0
           : s->phase == PEN_COMMIT1 ? 1
           : s->phase == PEN_OVER    ? KK_TERMINAL
                                     : KK_CHANCE;
}

static int pennies_legal(const void *state, kk_move *out)
{
    const struct pennies_state *s = state;
    if (s->phase == PEN_COMMIT0) {
        out[0] = TOY_PENNIES_SAFE;
        out[1] = TOY_PENNIES_HEADS;
        out[2] = TOY_PENNIES_TAILS;
        return 3;
    }
    out[0] = TOY_PENNIES_HEADS;
    out[1] = TOY_PENNIES_TAILS;
    return 2;
}

static void pennies_apply(void *state, kk_move m)
{
    struct pennies_state *s = state;
    switch (s->phase) {
    case PEN_COMMIT0:
        s->c0 = m;
        s->phase = PEN_COMMIT1;
        break;
    case PEN_COMMIT1: /* the last commitment: both are revealed together */
        s->c1 = m;
        if (s->c0 == TOY_PENNIES_SAFE) {
            s->phase = PEN_SAFE_DRAW;
        } else {
            s->won = s->c0 == s->c1;
            s->phase = PEN_OVER;
        }
        break;
    case PEN_SAFE_DRAW:
        s->won = m;
        s->phase = PEN_OVER;
        break;
    }
}

static int pennies_chance(const void *state, kk_move *out, double *prob)
{
    (void)state;
    out[0] = 1;
    prob[0] = 0.4;
    out[1] = 0;
    prob[1] = 0.6;
    return 2;
}

static kk_move pennies_sample(const void *state, kk_rng *rng)
{
    (void)state;
    return kk_rng_double(rng) < 0.4 ? 1 : 0;
}

static void pennies_scores(const void *state, int32_t *out)
{
    const struct pennies_state *s = state;
    out[0] = s->phase == PEN_OVER && s->won;
    out[1] = s->phase == PEN_OVER && !s->won;
}

static uint32_t pennies_winners(const void *state)
{
    return ((const struct pennies_state *)state)->won ? 1u : 2u;
}

static double pennies_evaluate(const void *state, int seat)
{
    int32_t sc[2];
    pennies_scores(state, sc);
    return sc[seat];
}

/* Seat 1 never sees seat 0's pending commitment: it is redrawn uniformly. */
static void pennies_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct pennies_state *s = state;
    struct pennies_state *o = out;
    *o = *s;
    if (seat == 1 && s->phase == PEN_COMMIT1)
        o->c0 = (int32_t)kk_rng_bounded(rng, 3);
}

static uint32_t pennies_simultaneous(const void *state)
{
    const struct pennies_state *s = state;
    return s->phase == PEN_COMMIT0 ? 3u : s->phase == PEN_COMMIT1 ? 2u : 0u;
}

const struct kk_game kk_toy_pennies = {
    .name = "toy-pennies",
    .title = "Toy matching pennies with a safe option",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct pennies_state),
    .max_moves = 3,
    .score_scale = 1,
    .init = pennies_init,
    .players = guess_players,
    .to_move = pennies_to_move,
    .legal_moves = pennies_legal,
    .apply = pennies_apply,
    .chance_outcomes = pennies_chance,
    .sample_chance = pennies_sample,
    .scores = pennies_scores,
    .winners = pennies_winners,
    .move_to_text = guess_to_text,
    .move_from_text = guess_from_text,
    .get_stats = nim_stats,
    .evaluate = pennies_evaluate,
    .sample_view = pennies_sample_view,
    .simultaneous = pennies_simultaneous,
};

/* ---- toy-mix ---- */

enum { MIX_COMMIT0, MIX_COMMIT1, MIX_OVER };

struct mix_state {
    int32_t phase, c0, c1;
};

static int mix_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    (void)v;
    (void)players;
    (void)err;
    memset(state, 0, sizeof(struct mix_state));
    return 0;
}

static int mix_to_move(const void *state)
{
    const struct mix_state *s = state;
    return s->phase == MIX_OVER ? KK_TERMINAL : s->phase;
}

static int mix_legal(const void *state, kk_move *out)
{
    (void)state;
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static void mix_apply(void *state, kk_move m)
{
    struct mix_state *s = state;
    if (s->phase == MIX_COMMIT0)
        s->c0 = m;
    else
        s->c1 = m;
    s->phase++;
}

static int mix_no_chance(const void *state, kk_move *out, double *prob)
{
    (void)state;
    (void)out;
    (void)prob;
    return 0;
}

static kk_move mix_no_sample(const void *state, kk_rng *rng)
{
    (void)state;
    (void)rng;
    return 0;
}

/* A/L: 1-0 for seat 0; A/R and B/L: 0-1; B/R: 1-1, a shared win. */
static void mix_scores(const void *state, int32_t *out)
{
    const struct mix_state *s = state;
    int over = s->phase == MIX_OVER;
    int a = s->c0 == TOY_MIX_A, l = s->c1 == TOY_MIX_L;
    out[0] = over && (a ? l : !l);
    out[1] = over && !(a && l);
}

static uint32_t mix_winners(const void *state)
{
    int32_t sc[2];
    mix_scores(state, sc);
    return (sc[0] >= sc[1] ? 1u : 0u) | (sc[1] >= sc[0] ? 2u : 0u);
}

static double mix_evaluate(const void *state, int seat)
{
    int32_t sc[2];
    mix_scores(state, sc);
    return sc[seat];
}

/* Seat 1 never sees seat 0's pending commitment: it is redrawn uniformly. */
static void mix_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct mix_state *s = state;
    struct mix_state *o = out;
    *o = *s;
    if (seat == 1 && s->phase == MIX_COMMIT1)
        o->c0 = (int32_t)kk_rng_bounded(rng, 2);
}

static uint32_t mix_simultaneous(const void *state)
{
    const struct mix_state *s = state;
    return s->phase == MIX_COMMIT0 ? 3u : s->phase == MIX_COMMIT1 ? 2u : 0u;
}

const struct kk_game kk_toy_mix = {
    .name = "toy-mix",
    .title = "Toy 2x2 round with a mixed equilibrium at 1/3",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct mix_state),
    .max_moves = 2,
    .score_scale = 1,
    .init = mix_init,
    .players = guess_players,
    .to_move = mix_to_move,
    .legal_moves = mix_legal,
    .apply = mix_apply,
    .chance_outcomes = mix_no_chance,
    .sample_chance = mix_no_sample,
    .scores = mix_scores,
    .winners = mix_winners,
    .move_to_text = guess_to_text,
    .move_from_text = guess_from_text,
    .get_stats = nim_stats,
    .evaluate = mix_evaluate,
    .sample_view = mix_sample_view,
    .simultaneous = mix_simultaneous,
};

/* ---- toy-differ ---- */

enum { DIFF_X, DIFF_Y, DIFF_SEAT1, DIFF_OVER };

struct differ_state {
    int32_t phase, x, y, z;
};

static int differ_to_move(const void *state)
{
    const struct differ_state *s = state;
    return s->phase == DIFF_OVER ? KK_TERMINAL : s->phase == DIFF_SEAT1 ? 1 : 0;
}

static void differ_apply(void *state, kk_move m)
{
    struct differ_state *s = state;
    if (s->phase == DIFF_X)
        s->x = m;
    else if (s->phase == DIFF_Y)
        s->y = m;
    else
        s->z = m;
    s->phase++;
}

static void differ_scores(const void *state, int32_t *out)
{
    const struct differ_state *s = state;
    int over = s->phase == DIFF_OVER;
    out[0] = over && s->x != s->y;
    out[1] = over && s->x == s->y;
}

static uint32_t differ_winners(const void *state)
{
    int32_t sc[2];
    differ_scores(state, sc);
    return sc[0] ? 1u : 2u;
}

static double differ_evaluate(const void *state, int seat)
{
    int32_t sc[2];
    differ_scores(state, sc);
    return sc[seat];
}

/* Seat 1 never sees seat 0's pending bits: they are redrawn uniformly. */
static void differ_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct differ_state *s = state;
    struct differ_state *o = out;
    *o = *s;
    if (seat == 1 && s->phase == DIFF_SEAT1) {
        o->x = (int32_t)kk_rng_bounded(rng, 2);
        o->y = (int32_t)kk_rng_bounded(rng, 2);
    }
}

static uint32_t differ_simultaneous(const void *state)
{
    const struct differ_state *s = state;
    return s->phase == DIFF_OVER ? 0u : s->phase == DIFF_SEAT1 ? 2u : 3u;
}

const struct kk_game kk_toy_differ = {
    .name = "toy-differ",
    .title = "Toy compound commitment: two bits that must differ",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(struct differ_state),
    .max_moves = 2,
    .score_scale = 1,
    .init = mix_init,
    .players = guess_players,
    .to_move = differ_to_move,
    .legal_moves = mix_legal,
    .apply = differ_apply,
    .chance_outcomes = mix_no_chance,
    .sample_chance = mix_no_sample,
    .scores = differ_scores,
    .winners = differ_winners,
    .move_to_text = guess_to_text,
    .move_from_text = guess_from_text,
    .get_stats = nim_stats,
    .evaluate = differ_evaluate,
    .sample_view = differ_sample_view,
    .simultaneous = differ_simultaneous,
};
