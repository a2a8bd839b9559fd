/* flatmc: flat Monte Carlo. Each root move is a bandit arm; a pull applies the move and
 * plays out to the end (or a depth cut-off) with the rollout policy. Arms are pulled by
 * UCB1 (every arm once, in random order, then the highest mean + c*sqrt(ln N / n)); the
 * answer is the most-pulled arm, ties to the better mean. No tree: the opponents'
 * replies are only ever the rollout policy's, which is why mcts beats it.
 * On a game with hidden information every pull starts from a fresh determinization of what
 * the mover sees (view=iset), never from the true state, unless told to cheat (view=peek). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

struct flatmc {
    struct kk_agent base;
    int playouts;
    double c;
    struct kk_playout_opts po;
    int honest; /* hidden game, view=iset: each pull from a determinization */
    int scale_sd;
    struct kk_search_scratch sc;
    kk_move *arms;
    int *pulls;
    double *sum;
};

static kk_move flatmc_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    struct flatmc *f = (struct flatmc *)self;
    const struct kk_game *g = self->game;
    int seat = g->to_move(state);
    int n = g->legal_moves(state, f->arms);
    if (n == 1)
        return f->arms[0];
    /* Shuffled so that, when the budget is smaller than the number of moves, the moves
     * that get a playout are a uniform sample rather than the first in the game's order. */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)kk_rng_bounded(rng, (uint32_t)(i + 1));
        kk_move t = f->arms[i];
        f->arms[i] = f->arms[j];
        f->arms[j] = t;
    }
    memset(f->pulls, 0, sizeof *f->pulls * (size_t)n);
    memset(f->sum, 0, sizeof *f->sum * (size_t)n);
    double ret[KK_MAX_SEATS];
    /* Scale-free exploration as in mcts: c in units of the observed sd of the returns,
     * with one pseudo-return of variance 1/4. */
    double rsum = 0, rsq = 0;
    for (int t = 0; t < f->playouts; t++) {
        int arm;
        if (t < n) {
            arm = t;
        } else {
            double scale = 1;
            if (f->scale_sd) {
                double mean = rsum / t, ss = rsq - t * mean * mean;
                scale = sqrt(((ss > 0 ? ss : 0) + 0.25) / (t + 1));
            }
            double logn = log((double)t), best = -INFINITY, c = f->c * scale;
            arm = 0;
            for (int i = 0; i < n; i++) {
                double u = f->sum[i] / f->pulls[i] + c * sqrt(logn / f->pulls[i]);
                if (u > best) {
                    best = u;
                    arm = i;
                }
            }
        }
        if (f->honest)
            g->sample_view(state, seat, rng, f->sc.tmp2);
        else
            memcpy(f->sc.tmp2, state, g->state_size);
        g->apply(f->sc.tmp2, f->arms[arm]);
        kk_search_playout(&f->sc, f->sc.tmp2, &f->po, rng, ret, NULL, NULL, NULL, 0);
        f->pulls[arm]++;
        f->sum[arm] += ret[seat];
        rsum += ret[seat];
        rsq += ret[seat] * ret[seat];
    }
    int best = 0;
    for (int i = 1; i < n; i++) {
        if (f->pulls[i] == 0)
            continue;
        if (f->pulls[i] > f->pulls[best] ||
            (f->pulls[i] == f->pulls[best] &&
             f->sum[i] / f->pulls[i] > f->sum[best] / f->pulls[best]))
            best = i;
    }
    return f->arms[best];
}

static void flatmc_destroy(struct kk_agent *self)
{
    struct flatmc *f = (struct flatmc *)self;
    kk_search_scratch_free(&f->sc);
    free(f->arms);
    free(f->pulls);
    free(f->sum);
    free(f);
}

static const char *const flatmc_rewards[] = {"win", "margin", "mix", NULL};
static const char *const flatmc_cuts[] = {"moves", "turn", NULL};
static const char *const flatmc_views[] = {"iset", "peek", NULL};
static const char *const flatmc_scales[] = {"sd", "none", NULL};

static const struct kk_agent_opt flatmc_opts[] = {
    {"playouts", "1000", 1, 10000000, 1, NULL, "playouts per decision, over all root moves"},
    {"c", "1", 0, 100, 0, NULL,
     "UCB1 exploration constant, in units of the returns' observed sd (scale=sd) or of the "
     "[0, 1] return range (scale=none)"},
    {"reward", "margin", 0, 0, 0, flatmc_rewards,
     "win: 1/k for a k-way shared win, else 0; margin: normalised score difference; "
     "mix: the mean of the two"},
    {"rollout", "random", 0, 0, 0, kk_search_rollout_names,
     "playout policy: uniform random, epsilon-greedy on the game's evaluation, or the "
     "game's own cheap heuristic (policy, games that have one); none: no playout, the "
     "move's result is rated by evaluation"},
    {"epsilon", "0.1", 0, 1, 0, NULL, "greedy and policy rollouts: probability of a random move"},
    {"depth", "0", 0, 100000, 1, NULL,
     "moves per playout before scoring by evaluation (0: play to the end)"},
    {"view", "iset", 0, 0, 0, flatmc_views,
     "hidden-information games: iset starts every playout from a fresh determinization of "
     "what the mover sees; peek plays out the true state: CHEATING, a baseline only"},
    {"scale", "sd", 0, 0, 0, flatmc_scales,
     "exploration scale: sd multiplies c by the observed sd of the returns in this "
     "decision (scale-free); none uses c as is"},
    {"cut", "moves", 0, 0, 0, flatmc_cuts,
     "where a playout stops before the end: moves, after depth moves; turn, also as soon as "
     "a seat other than the playout's first mover is to move"},
    {"eval", "game", 0, 0, 0, kk_search_eval_names,
     "how a cut playout rates its state: game, the game's evaluation; deep, its deeper "
     "evaluation with tables kept for the whole game (games that have one)"},
};

static struct kk_agent *flatmc_create(const struct kk_game *g, const double *vals,
                                      kk_error *err)
{
    struct flatmc *f = calloc(1, sizeof *f);
    if (!f) {
        kk_fail(err, "out of memory");
        return NULL;
    }
    if (kk_search_scratch_init(&f->sc, g, err) != 0) {
        free(f);
        return NULL;
    }
    size_t n = (size_t)g->max_moves;
    f->arms = malloc(n * sizeof *f->arms);
    f->pulls = malloc(n * sizeof *f->pulls);
    f->sum = malloc(n * sizeof *f->sum);
    f->base.game = g;
    f->base.destroy = flatmc_destroy;
    if (!f->arms || !f->pulls || !f->sum) {
        flatmc_destroy(&f->base);
        kk_fail(err, "out of memory");
        return NULL;
    }
    f->playouts = (int)vals[0];
    f->c = vals[1];
    f->po.reward = (enum kk_reward)(int)vals[2]; /* the choices in enum order */
    if (kk_search_rollout_policy(g, vals[3], &f->po.policy, err) != 0) {
        flatmc_destroy(&f->base);
        return NULL;
    }
    f->po.turn_cut = vals[8] == 1;
    if (kk_search_deep_option(&f->sc, vals[9], err) != 0) {
        flatmc_destroy(&f->base);
        return NULL;
    }
    f->po.epsilon = vals[4];
    f->po.depth = (int)vals[5];
    f->honest = kk_game_hidden(g) && vals[6] == 0;
    f->base.peeks = kk_game_hidden(g) && vals[6] != 0;
    f->scale_sd = vals[7] == 0;
    f->base.choose = flatmc_choose;
    return &f->base;
}

const struct kk_agent_class kk_agent_flatmc = {
    .name = "flatmc",
    .help = "flat Monte Carlo: playouts from each root move, UCB1 over root moves",
    .opts = flatmc_opts,
    .num_opts = (int)(sizeof flatmc_opts / sizeof flatmc_opts[0]),
    .create = flatmc_create,
};
