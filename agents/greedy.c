/* greedy: one ply. Tries every legal move and keeps the one whose successor state the
 * game's evaluate() rates best for the mover (optionally: minus the best opponent's rating).
 * Ties are broken uniformly at random from the rng, so two greedy agents do not play the
 * same game every time. On a game with hidden information it rates the moves in one
 * determinization of what the mover sees (view=sample), never in the true state, unless
 * told to cheat (view=peek): an evaluation that happened to read a hidden card would
 * otherwise leak it. The determinization is drawn from a child rng split off the
 * decision's rng, so its draws (however many the game's sample_view takes) do not shift
 * the tie-breaking draws that follow. */
#include <stdlib.h>

#include "search.h"

struct greedy {
    struct kk_agent base; /* first: the agent pointer is the struct pointer */
    enum kk_greedy_mode mode;
    int honest; /* hidden game, view=sample: rate moves in a determinization */
    void *view; /* the determinization, state_size bytes */
    struct kk_search_scratch sc;
};

static kk_move greedy_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    struct greedy *gr = (struct greedy *)self;
    if (gr->honest) {
        const struct kk_game *g = self->game;
        kk_rng sub;
        kk_rng_split(rng, 0x766965ULL, &sub);
        g->sample_view(state, g->to_move(state), &sub, gr->view);
        state = gr->view;
    }
    return kk_search_greedy_move(&gr->sc, state, gr->mode, rng);
}

static void greedy_destroy(struct kk_agent *self)
{
    struct greedy *gr = (struct greedy *)self;
    kk_search_scratch_free(&gr->sc);
    free(gr->view);
    free(gr);
}

static const char *const greedy_modes[] = {"own", "diff", NULL};
static const char *const greedy_views[] = {"sample", "peek", NULL};

static const struct kk_agent_opt greedy_opts[] = {
    {"value", "own", 0, 0, 0, greedy_modes,
     "own: maximise own evaluation; diff: own minus the best opponent's"},
    {"view", "sample", 0, 0, 0, greedy_views,
     "hidden-information games: sample rates moves in a determinization of what the mover "
     "sees; peek rates them in the true state: CHEATING, a baseline only"},
    {"eval", "game", 0, 0, 0, kk_search_eval_names,
     "game: the game's evaluation; deep: its deeper evaluation with tables kept for the "
     "whole game (games that have one: the dice game's single-turn solver)"},
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
    if (kk_search_deep_option(&gr->sc, vals[2], err) != 0) {
        kk_search_scratch_free(&gr->sc);
        free(gr);
        return NULL;
    }
    gr->mode = vals[0] == 0 ? KK_GREEDY_OWN : KK_GREEDY_DIFF;
    gr->honest = kk_game_hidden(g) && vals[1] == 0;
    gr->base.peeks = kk_game_hidden(g) && vals[1] != 0;
    gr->base.game = g;
    if (gr->honest && !(gr->view = malloc(g->state_size))) {
        greedy_destroy(&gr->base);
        kk_fail(err, "out of memory");
        return NULL;
    }
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
