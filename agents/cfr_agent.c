/* cfr: plays a saved CFR average strategy (agents/cfr.h, docs/cfr.md). At each decision it
 * looks up its seat's information set (the game's info_key) in the policy file and draws a
 * move with the stored probabilities. An information set the file does not list (never
 * visited in training, or a different variant) is played uniformly at random; so is every
 * decision when no file is given. */
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "cfr.h"

struct cfr_agent {
    struct kk_agent base;
    struct kk_cfr_policy *policy; /* NULL: uniform everywhere */
    kk_move *moves;
    double *probs;
};

static kk_move cfr_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    struct cfr_agent *a = (struct cfr_agent *)self;
    const struct kk_game *g = self->game;
    if (!a->policy)
        return kk_random_move(g, state, rng);
    int n = g->legal_moves(state, a->moves);
    kk_error err;
    /* Unknown information set: probs is uniform. A mismatched entry (a file for another
     * variant) is played uniformly too rather than stopping the game. */
    if (kk_cfr_policy_probs(a->policy, state, g->to_move(state), a->probs, n, &err) < 0)
        for (int k = 0; k < n; k++)
            a->probs[k] = 1.0 / n;
    double r = kk_rng_double(rng), acc = 0;
    for (int k = 0; k < n; k++) {
        acc += a->probs[k];
        if (r < acc)
            return a->moves[k];
    }
    for (int k = n - 1; k > 0; k--)
        if (a->probs[k] > 0)
            return a->moves[k];
    return a->moves[0];
}

static void cfr_destroy(struct kk_agent *self)
{
    struct cfr_agent *a = (struct cfr_agent *)self;
    kk_cfr_policy_free(a->policy);
    free(a->moves);
    free(a->probs);
    free(a);
}

static struct kk_agent *cfr_create(const struct kk_game *g, const double *vals,
                                   const char *const *texts, kk_error *err)
{
    (void)vals;
    const char *path = texts[0];
    int uniform = strcmp(path, "-") == 0;
    if (!uniform && !g->info_key) {
        kk_fail(err, "agent cfr: %s has no information-set keys (info_key), so it cannot "
                     "play a CFR policy", g->name);
        return NULL;
    }
    struct cfr_agent *a = calloc(1, sizeof *a);
    size_t m = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    if (a) {
        a->moves = malloc(m * sizeof *a->moves);
        a->probs = malloc(m * sizeof *a->probs);
    }
    if (!a || !a->moves || !a->probs) {
        if (a)
            cfr_destroy(&a->base);
        kk_fail(err, "out of memory");
        return NULL;
    }
    if (!uniform) {
        kk_error lerr;
        a->policy = kk_cfr_policy_load(g, path, &lerr);
        if (!a->policy) {
            kk_fail(err, "agent cfr: %s", lerr.msg);
            cfr_destroy(&a->base);
            return NULL;
        }
    }
    a->base.choose = cfr_choose;
    a->base.destroy = cfr_destroy;
    return &a->base;
}

static struct kk_agent *cfr_create_plain(const struct kk_game *g, const double *vals,
                                         kk_error *err)
{
    static const char *const none[] = {"-"};
    return cfr_create(g, vals, none, err);
}

static const struct kk_agent_opt cfr_opts[] = {
    {"policy", "-", 0, 0, 0, KK_OPT_TEXT,
     "policy file written by 'kark cfr --out' ('-': none, play uniformly at random)"},
};

const struct kk_agent_class kk_agent_cfr = {
    .name = "cfr",
    .help = "plays a CFR average strategy from a file (uniform at unknown information sets)",
    .opts = cfr_opts,
    .num_opts = 1,
    .create = cfr_create_plain,
    .create_text = cfr_create,
};
