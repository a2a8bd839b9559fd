/* Shared search helpers: greedy one-ply choice, playouts, evaluation-based returns. */
#include "search.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int kk_search_scratch_init(struct kk_search_scratch *sc, const struct kk_game *g, kk_error *err)
{
    memset(sc, 0, sizeof *sc);
    sc->game = g;
    size_t n = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    sc->moves = malloc(n * sizeof *sc->moves);
    sc->moves2 = malloc(n * sizeof *sc->moves2);
    sc->prob = malloc(n * sizeof *sc->prob);
    sc->tmp = malloc(g->state_size);
    sc->tmp2 = malloc(g->state_size);
    if (!sc->moves || !sc->moves2 || !sc->prob || !sc->tmp || !sc->tmp2) {
        kk_search_scratch_free(sc);
        return kk_fail(err, "out of memory for search scratch (%s)", g->name);
    }
    return 0;
}

void kk_search_scratch_free(struct kk_search_scratch *sc)
{
    if (sc->deep_ctx)
        sc->game->deep_close(sc->deep_ctx);
    free(sc->moves);
    free(sc->moves2);
    free(sc->prob);
    free(sc->tmp);
    free(sc->tmp2);
    memset(sc, 0, sizeof *sc);
}

int kk_search_deep_option(struct kk_search_scratch *sc, double value, kk_error *err)
{
    sc->deep = value != 0;
    if (sc->deep && !sc->game->deep_evaluate)
        return kk_fail(err, "eval=deep: %s has no deep evaluation (use eval=game)",
                       sc->game->name);
    return 0;
}

/* The deep evaluation's context, opened at the first use; NULL when memory ran out, which
 * leaves evaluate() standing (the game's deep evaluation handles every rules variant
 * itself). */
static void *deep_context(struct kk_search_scratch *sc, const void *state)
{
    if (sc->deep_state == 0) {
        kk_error err;
        sc->deep_ctx = sc->game->deep_open(state, &err);
        sc->deep_state = sc->deep_ctx ? 1 : 2;
    }
    return sc->deep_ctx;
}

double kk_search_value(struct kk_search_scratch *sc, const void *state, int seat)
{
    const struct kk_game *g = sc->game;
    void *ctx = sc->deep ? deep_context(sc, state) : NULL;
    return ctx ? g->deep_evaluate(ctx, state, seat) : g->evaluate(state, seat);
}

int kk_search_cv_option(struct kk_search_scratch *sc, double value, kk_error *err)
{
    sc->cv = value != 0;
    if (sc->cv && !sc->game->deep_fair)
        return kk_fail(err, "cv=deep: %s has no deep evaluation fair over chance events "
                            "(use cv=off)", sc->game->name);
    return 0;
}

/* The seat other than s with the largest val (the first of ties), -1 when s is alone. */
static int best_other_seat(const double *val, int n, int s)
{
    int b = -1;
    for (int q = 0; q < n; q++)
        if (q != s && (b < 0 || val[q] > val[b]))
            b = q;
    return b;
}

/* The control variate of one outcome, per seat, in the units of a margin return
 * 0.5 + 0.5 (v_s - v_best other) / scale: 0.5 (d_s - d_b) / scale, with d the change of the
 * deep values and b the best other seat before the outcome (fixed before the draw, so every
 * term is zero in expectation when the deep values are: whatever the reward, the returns
 * keep their mean). With a single seat, 0.5 d_s / scale. To first order this is the
 * outcome's change of the margin return itself, which is what makes it a good control. */
void kk_search_chance_cv(struct kk_search_scratch *sc, void *state, kk_move o)
{
    const struct kk_game *g = sc->game;
    void *ctx = deep_context(sc, state);
    if (!ctx || !g->deep_fair(ctx, state)) {
        g->apply(state, o);
        return;
    }
    int n = g->players(state);
    double before[KK_MAX_SEATS];
    int best_other[KK_MAX_SEATS];
    for (int s = 0; s < n; s++)
        before[s] = g->deep_evaluate(ctx, state, s);
    for (int s = 0; s < n; s++)
        best_other[s] = best_other_seat(before, n, s);
    g->apply(state, o);
    double d[KK_MAX_SEATS];
    for (int s = 0; s < n; s++)
        d[s] = g->deep_evaluate(ctx, state, s) - before[s];
    double k = 0.5 / (g->score_scale > 0 ? g->score_scale : 1);
    for (int s = 0; s < n; s++)
        sc->cv_sum[s] += k * (d[s] - (best_other[s] >= 0 ? d[best_other[s]] : 0));
}

double kk_search_objective(struct kk_search_scratch *sc, const void *state, int seat,
                           enum kk_greedy_mode mode)
{
    const struct kk_game *g = sc->game;
    double own = kk_search_value(sc, state, seat);
    if (mode == KK_GREEDY_OWN)
        return own;
    int n = g->players(state);
    if (n < 2)
        return own;
    double best_other = -INFINITY;
    for (int s = 0; s < n; s++)
        if (s != seat) {
            double v = kk_search_value(sc, state, s);
            if (v > best_other)
                best_other = v;
        }
    return own - best_other;
}

kk_move kk_search_greedy_move(struct kk_search_scratch *sc, const void *state,
                              enum kk_greedy_mode mode, kk_rng *rng)
{
    const struct kk_game *g = sc->game;
    int seat = g->to_move(state);
    int n = g->legal_moves(state, sc->moves);
    double best = -INFINITY;
    kk_move choice = sc->moves[0];
    int ties = 0;
    for (int i = 0; i < n; i++) {
        memcpy(sc->tmp, state, g->state_size);
        g->apply(sc->tmp, sc->moves[i]);
        double v = kk_search_objective(sc, sc->tmp, seat, mode);
        /* Values are sums of small integers and fractions: a relative tolerance keeps
         * rounding noise from breaking what should be ties. */
        double tol = 1e-9 * (1.0 + fabs(best));
        if (i == 0 || v > best + tol) {
            best = v;
            choice = sc->moves[i];
            ties = 1;
        } else if (v >= best - tol) {
            /* Reservoir sampling: each of the k tied moves ends up chosen with prob 1/k. */
            ties++;
            if (kk_rng_bounded(rng, (uint32_t)ties) == 0)
                choice = sc->moves[i];
        }
    }
    return choice;
}

kk_move kk_search_random_move(struct kk_search_scratch *sc, const void *state, kk_rng *rng)
{
    const struct kk_game *g = sc->game;
    if (g->random_move)
        return g->random_move(state, rng);
    int n = g->legal_moves(state, sc->moves);
    return sc->moves[kk_rng_bounded(rng, (uint32_t)n)];
}

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static void returns(const struct kk_game *g, struct kk_search_scratch *sc, const void *state,
                    enum kk_reward reward, double *out)
{
    if (g->to_move(state) == KK_TERMINAL) {
        kk_returns(g, state, reward, out);
        return;
    }
    int n = g->players(state);
    double scale = g->score_scale > 0 ? g->score_scale : 1;
    if (g->cooperative) {
        /* result() is only defined for a finished game; evaluate() estimates it. */
        for (int s = 0; s < n; s++)
            out[s] = clamp01(((sc ? kk_search_value(sc, state, s) : g->evaluate(state, s)) -
                              g->result_min) / scale);
        return;
    }
    double val[KK_MAX_SEATS];
    for (int s = 0; s < n; s++)
        val[s] = sc ? kk_search_value(sc, state, s) : g->evaluate(state, s);
    double win[KK_MAX_SEATS] = {0};
    if (reward != KK_REWARD_MARGIN) {
        double top = val[0];
        for (int s = 1; s < n; s++)
            if (val[s] > top)
                top = val[s];
        int k = 0;
        for (int s = 0; s < n; s++)
            k += val[s] >= top;
        for (int s = 0; s < n; s++)
            win[s] = val[s] >= top ? 1.0 / k : 0.0;
    }
    for (int s = 0; s < n; s++) {
        if (reward == KK_REWARD_WIN) {
            out[s] = win[s];
            continue;
        }
        int b = best_other_seat(val, n, s);
        double best_other = b < 0 ? 0 : val[b];
        out[s] = kk_reward_of(reward, win[s],
                              clamp01(0.5 + 0.5 * (val[s] - best_other) / scale));
    }
}

void kk_search_returns(const struct kk_game *g, const void *state, enum kk_reward reward,
                       double *out)
{
    returns(g, NULL, state, reward, out);
}

void kk_search_returns_with(struct kk_search_scratch *sc, const void *state,
                            enum kk_reward reward, double *out)
{
    returns(sc->game, sc, state, reward, out);
}

const char *const kk_search_rollout_names[] = {"random", "greedy", "policy", "none", NULL};
const char *const kk_search_eval_names[] = {"game", "deep", NULL};

int kk_search_rollout_policy(const struct kk_game *g, double value, enum kk_rollout *out,
                             kk_error *err)
{
    *out = value == 0   ? KK_ROLLOUT_RANDOM
           : value == 1 ? KK_ROLLOUT_GREEDY
           : value == 2 ? KK_ROLLOUT_POLICY
                        : KK_ROLLOUT_NONE;
    if (*out == KK_ROLLOUT_POLICY && !g->policy_move)
        return kk_fail(err, "rollout=policy: %s has no playout policy of its own (use random "
                            "or greedy)", g->name);
    return 0;
}

void kk_search_playout(struct kk_search_scratch *sc, void *state,
                       const struct kk_playout_opts *po, kk_rng *rng, double *out,
                       int8_t *played_seat, kk_move *played_move, int *num_played,
                       int max_played)
{
    const struct kk_game *g = sc->game;
    if (po->policy == KK_ROLLOUT_RANDOM && po->depth == 0 && !po->turn_cut && !played_move &&
        !sc->cv && (g->playout || g->random_move)) {
        /* The common case (uniform playouts to the end, nothing recorded): the game's
         * fused playout, or the tight loop it stands for, one generator for chance and
         * moves; the same calls in the same order as below, so the same games. */
        kk_random_playout(g, state, rng, rng, NULL, LONG_MAX);
        kk_search_returns_with(sc, state, po->reward, out);
        return;
    }
    int moves_made = 0, first = -1;
    for (; po->policy != KK_ROLLOUT_NONE;) {
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        if (who == KK_CHANCE) {
            kk_search_chance(sc, state, g->sample_chance(state, rng));
            continue;
        }
        if (po->depth > 0 && moves_made >= po->depth)
            break;
        if (first < 0)
            first = who;
        else if (po->turn_cut && who != first)
            break;
        kk_move m;
        if (po->policy != KK_ROLLOUT_RANDOM && kk_rng_double(rng) >= po->epsilon)
            m = po->policy == KK_ROLLOUT_POLICY ? g->policy_move(state, rng)
                                                : kk_search_greedy_move(sc, state,
                                                                        KK_GREEDY_OWN, rng);
        else
            m = kk_search_random_move(sc, state, rng);
        if (played_move && *num_played < max_played) {
            played_seat[*num_played] = (int8_t)who;
            played_move[*num_played] = m;
            (*num_played)++;
        }
        g->apply(state, m);
        moves_made++;
    }
    kk_search_returns_with(sc, state, po->reward, out);
}
