/* Counterfactual regret minimisation (CFR) for small hidden-information games whose
 * struct kk_game has info_key: Monte Carlo CFR with external sampling, an exact best
 * response and exploitability for 2-seat games, and the average strategy as a policy that
 * can be saved, loaded and played (agent `cfr:policy=FILE`). docs/cfr.md explains the
 * algorithms, the file format and the measured curves. */
#ifndef KK_CFR_H
#define KK_CFR_H

#include "../engine/core/game.h"

/* A table of information sets, keyed by (seat, info_key bytes). As a policy it gives, per
 * information set, a probability for each legal move (in legal_moves() order). */
struct kk_cfr_policy;

enum kk_cfr_regret { KK_CFR_RM_PLUS, KK_CFR_RM_PLAIN };

enum kk_cfr_method {
    KK_CFR_EXTERNAL, /* external-sampling MCCFR: sampled chance and opponents */
    KK_CFR_FULL,     /* full-width CFR: the whole tree every iteration, chance enumerated;
                        with regret matching+ and linear averaging this is CFR+ */
    KK_CFR_CHANCE,   /* chance-sampled CFR: like full, but one chance outcome is drawn at
                        each chance node */
    KK_CFR_OUTCOME,  /* outcome-sampling MCCFR: one sampled play-out per walk, the
                        traverser exploring with probability KK_CFR_OS_EPSILON */
};

/* Outcome sampling's exploration at the traversing seat's decisions. */
#define KK_CFR_OS_EPSILON 0.6

struct kk_cfr_opts {
    enum kk_cfr_method method;
    enum kk_cfr_regret regret; /* regret matching+ (negative regrets clipped) or plain */
};

/* A trainer for one game, variant and seat count; owns its policy table. */
struct kk_cfr;

/* Utility of seat in a terminal state: its score minus the mean score of all seats, which
 * makes every game zero-sum (for 2 seats, half the score difference). */
double kk_cfr_utility(const struct kk_game *g, const void *state, int seat);

/* Fails when g has no info_key or the setup is rejected by the game. */
struct kk_cfr *kk_cfr_create(const struct kk_game *g, const struct kk_variant *v, int players,
                             const struct kk_cfr_opts *opts, kk_error *err);
void kk_cfr_destroy(struct kk_cfr *c);

/* Runs `iters` iterations; one iteration is one traversal for each seat in turn (sampled for
 * KK_CFR_EXTERNAL, the whole tree for KK_CFR_FULL). All draws come from rng, so a seed fixes
 * the result. */
int kk_cfr_run(struct kk_cfr *c, long long iters, kk_rng *rng, kk_error *err);
long long kk_cfr_iterations(const struct kk_cfr *c);
/* The root state (after init, before the first chance event or move). */
const void *kk_cfr_root(const struct kk_cfr *c);
/* The trainer's table: its policy is the average strategy. */
const struct kk_cfr_policy *kk_cfr_policy_of(const struct kk_cfr *c);

/* An empty policy (every information set unknown, played uniformly) for game g. */
struct kk_cfr_policy *kk_cfr_policy_new(const struct kk_game *g, kk_error *err);
void kk_cfr_policy_free(struct kk_cfr_policy *p);
/* Number of information sets in the table. */
long long kk_cfr_policy_size(const struct kk_cfr_policy *p);

/* Writes the policy's probabilities for `seat` (the seat to move in state) into probs,
 * one per legal move in legal_moves() order (n of them). Returns 1 when the information set
 * is in the table, 0 when it is not (probs is then uniform), -1 with err when the game's key
 * does not fit or the table's entry has a different number of moves. */
int kk_cfr_policy_probs(const struct kk_cfr_policy *p, const void *state, int seat,
                        double *probs, int n, kk_error *err);

/* Text file: header lines (format, game, players, variant, iterations), then one line per
 * information set: seat, key in hex ("-" when empty), the probability of each legal move. */
int kk_cfr_policy_save(const struct kk_cfr_policy *p, const char *path, const char *variant,
                       int players, long long iterations, kk_error *err);
/* Loads a file written by kk_cfr_policy_save; the file must name game g. */
struct kk_cfr_policy *kk_cfr_policy_load(const struct kk_game *g, const char *path,
                                         kk_error *err);

/* A test of a game's info_key against its sample_view: plays `games` random games from
 * root and, at every decision, draws `views` states with sample_view for the seat to move
 * and checks that each has the seat's key and the same legal moves (a key must not hold
 * anything the seat cannot see). Also checks that every key fits. Games without
 * sample_view are only checked for fitting keys. Returns 0, or -1 with err naming the
 * first failure. */
int kk_cfr_check_info_key(const struct kk_game *g, const void *root, int games, int views,
                          kk_rng *rng, kk_error *err);

/* Exact evaluation of a policy in a 2-seat game, by walking the whole tree from root
 * (chance enumerated with chance_outcomes): the value of the policy played by both seats,
 * each seat's best-response value against the other seat's policy, and the
 * exploitability (br[0] + br[1]) / 2, which is 0 exactly at a Nash equilibrium. */
struct kk_cfr_eval {
    double value[2];      /* expected utility of each seat when both play the policy */
    double br[2];         /* best-response utility of seat s against the policy */
    double exploitability;
    long long nodes;      /* nodes walked by one best-response pass */
};

/* Counts the tree's nodes from root; fails with a message naming the cap when there are
 * more than max_nodes. */
long long kk_cfr_tree_size(const struct kk_game *g, const void *root, long long max_nodes,
                           kk_error *err);
int kk_cfr_evaluate(const struct kk_game *g, const void *root, const struct kk_cfr_policy *p,
                    long long max_nodes, struct kk_cfr_eval *out, kk_error *err);

#endif
