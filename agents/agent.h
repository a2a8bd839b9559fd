/* The agent interface: every player of a game (random, greedy, flat Monte Carlo, MCTS,
 * ISMCTS, ...) is a struct kk_agent built from a spec string such as
 * "mcts:iters=1000,c=0.7". Agents work on any game through struct kk_game, draw
 * randomness only from the rng they are given, and own no global state. */
#ifndef KK_AGENT_H
#define KK_AGENT_H

#include "../engine/core/game.h"

#define KK_SPEC_LEN 512
#define KK_MAX_AGENT_OPTS 32

/* One option of an agent kind. Numbers are doubles (integral when is_int); a choice
 * option's value is the index of the chosen name. */
struct kk_agent_opt {
    const char *name;
    const char *def;            /* default as text */
    double min, max;            /* numeric range (ignored for choices) */
    int is_int;                 /* numeric options: must be a whole number */
    const char *const *choices; /* NULL-terminated names, or NULL for a number */
    const char *help;
};

/* choices == KK_OPT_TEXT marks a free-text option (a file name; no ',' in it): its text
 * goes to the class's create_text, and its vals[i] is 0. */
extern const char *const kk_agent_opt_text[];
#define KK_OPT_TEXT kk_agent_opt_text

struct kk_agent;

struct kk_agent_class {
    const char *name; /* as in specs: "random", "mcts", ... */
    const char *help; /* one line */
    const struct kk_agent_opt *opts;
    int num_opts;
    /* Builds an agent for game g; vals[i] is the parsed value of opts[i].
     * Returns NULL with err set on failure (e.g. the game lacks a hook the agent needs). */
    struct kk_agent *(*create)(const struct kk_game *g, const double *vals, kk_error *err);
    /* Optional, for classes with text options: used instead of create; texts[i] is the
     * text of opts[i] as given (or its default). */
    struct kk_agent *(*create_text)(const struct kk_game *g, const double *vals,
                                    const char *const *texts, kk_error *err);
};

struct kk_agent {
    const struct kk_agent_class *cls;
    const struct kk_game *game;
    char spec[KK_SPEC_LEN]; /* canonical spec with every option, for reports */
    /* 1 when this agent searches or evaluates hidden state it should not see (view=peek on
     * a game with hidden information: kk_game_hidden()). Reports mark such agents as
     * cheating baselines. 0 for every honest agent and on perfect-information games. */
    int peeks;
    /* Chooses a legal move for the seat to move in state. */
    kk_move (*choose)(struct kk_agent *self, const void *state, kk_rng *rng);
    /* Told every move and chance outcome applied to the game (state is before it), so
     * search can reuse its tree. The commitments of a simultaneous round are told only when
     * the round is revealed, each with the state it was made in. An agent that searches
     * from its seat's view must not learn from this more than its seat sees. May be NULL. */
    void (*observe)(struct kk_agent *self, const void *state, kk_move move);
    /* Starts a new game: forget any per-game memory. May be NULL. */
    void (*reset)(struct kk_agent *self);
    void (*destroy)(struct kk_agent *self);
};

/* All agent kinds, NULL-terminated. */
extern const struct kk_agent_class *const kk_agent_classes[];
const struct kk_agent_class *kk_agent_class_find(const char *name);

/* The default option values of cls on game g: the class's own defaults, then the game's
 * agent_defaults for the keys cls has (g may be NULL). 0, or -1 with err set when the
 * game's defaults are malformed. */
int kk_agent_defaults(const struct kk_agent_class *cls, const struct kk_game *g, double *vals,
                      kk_error *err);

/* Builds an agent from "name" or "name:key=value,key=value", on top of
 * kk_agent_defaults(cls, g). Unknown names, options and
 * bad values fail with a message naming them and what is accepted. */
struct kk_agent *kk_agent_create(const struct kk_game *g, const char *spec, kk_error *err);
void kk_agent_destroy(struct kk_agent *a);

/* Splits a comma-separated agent list into specs: an item with '=' and no ':' continues
 * the options of the agent before it ("mcts:iters=500,c=0.5,greedy" is two agents).
 * Returns the number of specs, or -1 with err set. */
int kk_agent_list_split(const char *list, char specs[][KK_SPEC_LEN], int max_specs,
                        kk_error *err);

/* Writes the canonical spec "name:k=v,..." of a class with option values vals. */
void kk_agent_format_spec(const struct kk_agent_class *cls, const double *vals, char *buf,
                          size_t size);

#endif
