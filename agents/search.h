/* Building blocks shared by the search agents (greedy, flatmc, mcts, ismcts): one-ply
 * greedy choice, playouts with a cut-off, and evaluation-based returns. Private to agents/:
 * not part of the agent interface. Every function takes its scratch memory from the caller
 * (a kk_search_scratch), so hot loops never allocate and threads never share buffers. */
#ifndef KK_AGENTS_SEARCH_H
#define KK_AGENTS_SEARCH_H

#include "agent.h"

/* Greedy objectives: the mover's evaluate(), or that minus the best opponent's. */
enum kk_greedy_mode { KK_GREEDY_OWN, KK_GREEDY_DIFF };

/* Playout (rollout) policies. */
/* Playout (rollout) policies; NONE: no playout, the leaf is rated by evaluation at once. */
enum kk_rollout { KK_ROLLOUT_RANDOM, KK_ROLLOUT_GREEDY, KK_ROLLOUT_POLICY, KK_ROLLOUT_NONE };

/* Per-thread scratch: a move list, outcome probabilities, and two spare states. */
struct kk_search_scratch {
    const struct kk_game *game;
    kk_move *moves;  /* max_moves entries */
    kk_move *moves2; /* max_moves entries, for callers that keep one list while using another */
    double *prob;    /* max_moves entries */
    void *tmp;       /* state_size bytes */
    void *tmp2;      /* state_size bytes */
    /* eval=deep: the game's deep evaluation, opened at the first state rated (deep_state:
     * 0 not yet, 1 open, 2 opening ran out of memory, so evaluate() stands). */
    int deep;
    int deep_state;
    void *deep_ctx;
    /* cv=deep: a control variate on returns. Every chance outcome drawn through
     * kk_search_chance adds to cv_sum, per seat, the change it made to the deep values (in
     * return units); a search subtracts what was added after a node from that node's
     * return. The change is zero in expectation over the outcome where the game's
     * deep_fair says so (elsewhere nothing is added), so the returns keep their mean and
     * lose the luck of the draws. */
    int cv;
    double cv_sum[KK_MAX_SEATS];
};

/* eval=deep asked for (an option value: 0 game, 1 deep): an error when the game has no deep
 * evaluation. */
int kk_search_deep_option(struct kk_search_scratch *sc, double value, kk_error *err);

/* The game's rating of state for seat: evaluate(), or with eval=deep its deep evaluation. */
double kk_search_value(struct kk_search_scratch *sc, const void *state, int seat);

/* cv=deep asked for (an option value: 0 off, 1 deep): an error when the game has no deep
 * evaluation fair over chance events (kk_game deep_fair). */
int kk_search_cv_option(struct kk_search_scratch *sc, double value, kk_error *err);

/* Applies chance outcome o to state (a chance node); with cv on, adds its change of the
 * returns' deep values to sc->cv_sum (see there). Inline so that without cv a search's
 * chance event costs what apply() costs. */
void kk_search_chance_cv(struct kk_search_scratch *sc, void *state, kk_move o);
static inline void kk_search_chance(struct kk_search_scratch *sc, void *state, kk_move o)
{
    if (sc->cv)
        kk_search_chance_cv(sc, state, o);
    else
        sc->game->apply(state, o);
}

int kk_search_scratch_init(struct kk_search_scratch *sc, const struct kk_game *g, kk_error *err);
void kk_search_scratch_free(struct kk_search_scratch *sc);

/* Objective value of state for seat under mode (evaluate, or evaluate minus the best other
 * seat's evaluate). */
double kk_search_objective(struct kk_search_scratch *sc, const void *state, int seat,
                           enum kk_greedy_mode mode);

/* The legal move of state (a seat's turn) whose successor maximises the objective for the
 * mover; ties broken uniformly at random from rng. Uses sc->moves and sc->tmp. */
kk_move kk_search_greedy_move(struct kk_search_scratch *sc, const void *state,
                              enum kk_greedy_mode mode, kk_rng *rng);

/* A uniformly random legal move, through g->random_move when present, else sc->moves. */
kk_move kk_search_random_move(struct kk_search_scratch *sc, const void *state, kk_rng *rng);

struct kk_playout_opts {
    enum kk_reward reward;
    enum kk_rollout policy;
    double epsilon; /* greedy policy: probability of a random move instead */
    int depth;      /* moves before cutting off with evaluation returns; 0 = play to the end */
    int turn_cut;   /* 1: also cut off when a seat other than the playout's first mover is
                     * to move (the end of that seat's turn) */
};

/* The choices of the search agents' `rollout` option, in the order of enum kk_rollout, and
 * of their `eval` option (game, deep: the value kk_search_deep_option takes). */
extern const char *const kk_search_rollout_names[];
extern const char *const kk_search_eval_names[];

/* The rollout option's value (an index into kk_search_rollout_names) as a policy; an error
 * when the game has no playout policy of its own. */
int kk_search_rollout_policy(const struct kk_game *g, double value, enum kk_rollout *out,
                             kk_error *err);

/* Plays state forward in place (chance sampled, seats by the policy) until terminal or the
 * depth cut-off, then writes each seat's return in [0, 1] to out. Optionally records every
 * seat move (seat, move) in order for AMAF: played_seat/played_move may be NULL, else they
 * must hold *num_played plus the playout's moves (at most max_played in total). */
void kk_search_playout(struct kk_search_scratch *sc, void *state,
                       const struct kk_playout_opts *po, kk_rng *rng, double *out,
                       int8_t *played_seat, kk_move *played_move, int *num_played,
                       int max_played);

/* Returns of any state in [0, 1]: kk_returns() when terminal; otherwise the same
 * definitions with each seat's evaluate() standing in for its score (cooperative games:
 * clamp((evaluate - result_min) / score_scale, 0, 1), evaluate estimating the final result). */
void kk_search_returns(const struct kk_game *g, const void *state, enum kk_reward reward,
                       double *out);
/* The same with the scratch's rating (kk_search_value). */
void kk_search_returns_with(struct kk_search_scratch *sc, const void *state,
                            enum kk_reward reward, double *out);

/* Introspection of an mcts/ismcts agent, for tests (-1 for other kinds): the root visits
 * its last search started from (> 0 when tree reuse kept a subtree), and whether tree reuse
 * is in effect (it is switched off under honest views of hidden-information games). */
long long kk_mcts_kept_visits(const struct kk_agent *a);
int kk_mcts_reuses(const struct kk_agent *a);
/* Nodes in the first tree after the last search (-1 for other kinds). */
long long kk_mcts_tree_nodes(const struct kk_agent *a);
/* The shape of the first tree after the last search, for tests. Among its decision nodes
 * visited at least min_visits times: their number and the most decisions on a path from
 * the root to one. The nodes other than the root that have decision children but no more
 * than min_visits visits (none when grow=g and min_visits=g: a node grows a decision only
 * at g visits, and the iteration that grows it is one more). The largest ratio, over chance
 * nodes (chance=explicit), of outcome children to ceil(sqrt(visits - 1)), at least 1: the
 * most that chance widening with cwiden=1 and cwiden_exp=0.5 keeps, so at most 1 under it. */
struct kk_mcts_shape {
    long long visited;
    int depth;
    long long young_parents;
    double widest;
};
/* Returns 0, or -1 for other kinds of agent (or no memory for the walk). */
int kk_mcts_tree_shape(const struct kk_agent *a, int min_visits, struct kk_mcts_shape *out);
/* backup=max/expectimax: the nodes of tree 0 (the root aside) whose stored value is not the one
 * recomputed from their children and returns (it is recomputed only along each iteration's
 * path, so this is 0 in a sound tree, kept subtrees included). -1 for other kinds of agent
 * or other backups. */
long long kk_mcts_backup_mismatches(const struct kk_agent *a);
/* The root of the last search, summed over trees, for each move legal in the state searched
 * (the game's order; max_moves entries each): the move, its visits, its mean return for the
 * mover, and with sim=rm/exp3 at a simultaneous decision its probability in the average
 * strategy (else 0). Returns the number of moves (0 when the last decision had one legal
 * move), or -1 for other kinds. */
int kk_mcts_root_stats(const struct kk_agent *a, kk_move *moves, int32_t *visits, double *mean,
                       double *avg);

#endif
