/* random: a uniformly random legal move. The baseline every other agent must beat. */
#include <stdlib.h>

#include "agent.h"

static kk_move random_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    return kk_random_move(self->game, state, rng);
}

static void random_destroy(struct kk_agent *self)
{
    free(self);
}

static struct kk_agent *random_create(const struct kk_game *g, const double *vals,
                                      kk_error *err)
{
    (void)g;
    (void)vals;
    struct kk_agent *a = calloc(1, sizeof *a);
    if (!a) {
        kk_fail(err, "out of memory");
        return NULL;
    }
    a->choose = random_choose;
    a->destroy = random_destroy;
    return a;
}

const struct kk_agent_class kk_agent_random = {
    .name = "random",
    .help = "uniformly random legal move",
    .opts = NULL,
    .num_opts = 0,
    .create = random_create,
};
