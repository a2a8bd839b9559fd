/* greedy: one ply. Tries every legal move and keeps the one whose successor state the
 * game's evaluate() rates best for the mover (optionally: minus the best opponent's rating).
 * Ties are broken uniformly at random from the rng, so two greedy agents do not play the
 * same game every time. */
#include <stdlib.h>

#include "search.h"

struct greedy {
    struct kk_agent base; /* first: the agent pointer is the struct pointer */
    enum kk_greedy_mode mode;
    struct kk_search_scratch sc;
};

static kk_move greedy_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    struct greedy *gr = (struct greedy *)self;
    return kk_search_greedy_move(&gr->sc, state, gr->mode, rng);
}

static void greedy_destroy(struct kk_agent *self)
{
    struct greedy *gr = (struct greedy *)self;
    kk_search_scratch_free(&gr->sc);
    free(gr);
}

static const char *const greedy_modes[] = {"own", "diff", NULL};

static const struct kk_agent_opt greedy_opts[] = {
    {"value", "own", 0, 0, 0, greedy_modes,
     "own: maximise own evaluation; diff: own minus the best opponent's"},
};

static struct kk_agent *greedy_create(const struct kk_game *g, const double *vals,
                                      kk_error *err)
{
    struct greedy *gr = calloc(1, sizeof *gr);
    if (!gr) {
        kk_fail(err, "out of memory");
        return NULL;
    }
    if (kk_search_scratch_init(&gr->sc, g, err) != 0) {
        free(gr);
        return NULL;
    }
    gr->mode = vals[0] == 0 ? KK_GREEDY_OWN : KK_GREEDY_DIFF;
    gr->base.game = g;
    gr->base.choose = greedy_choose;
    gr->base.destroy = greedy_destroy;
    return &gr->base;
}

const struct kk_agent_class kk_agent_greedy = {
    .name = "greedy",
    .help = "one ply: the move whose result the game's evaluation rates best",
    .opts = greedy_opts,
    .num_opts = (int)(sizeof greedy_opts / sizeof greedy_opts[0]),
    .create = greedy_create,
};
