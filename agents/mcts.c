/* mcts and ismcts: UCT for N players with vector rewards.
 *
 * Tree: nodes live in a per-thread pool allocated once (no per-node malloc), 48 bytes each.
 * A node is keyed by the move that leads to it and the seat that made it (seat -1: a chance
 * outcome). Each node keeps the visit count and the summed reward of that seat only, so
 * every seat maximises its own return (max^n style).
 *
 * Layout: a node's children are grouped by (seat, chance key, below): first_child leads to
 * the head of the first group, heads are chained by next_group (the group found last moves
 * to the front), and a group's children by next_sibling, newest first. Selection finds the
 * group of the mover and the draw seen now (a per-tree cache maps (parent, seat, key) to
 * its head, else the groups are walked) and scans only its children, so its cost follows
 * the legal moves now, not every child ever made under other draws (docs/performance.md:
 * deep Carcassonne searches were 4-7x slower with one list). A group found full at an exact
 * visit is scored without generating the legal moves (see mcts_iterate).
 *
 * Open loop: by default chance events are not stored; each iteration samples them afresh.
 * A child is keyed also by a hash of the chance outcomes drawn since the previous decision
 * on the path (ckey), so a node never pools a move made after different draws (a
 * Carcassonne move names the place, not the tile); chance=pooled drops the key. The legal
 * moves at a node can differ from visit to visit (determinizations), so selection only
 * considers children whose move is legal now, and uses each child's availability count in
 * place of the parent's visits (the ISMCTS rule). With chance=explicit, sampled outcomes
 * become child nodes.
 *
 * Games with a deep evaluation fair over chance (the dice game) can have the luck of each
 * drawn outcome taken out of the returns above it (cv=deep, a control variate; see
 * kk_search_chance), keep a bounded set of outcomes per chance node (chance=explicit with
 * cwiden: progressive widening of chance nodes) and grow a node's decision only after some
 * visits (grow), so a leaf rated by an evaluation that looks ahead is not replaced by the
 * mean of a few children added in the cheap evaluation's order.
 *
 * Exploration is scale-free by default: the UCB bonus is multiplied by the observed sd of
 * the chooser's returns in this search. Simultaneous rounds are searched by decoupled UCT
 * (sim=decoupled): each seat of a round chooses among its own children of the round's node.
 * With sim=rm (regret matching) or sim=exp3 a seat of a round samples its child from a
 * bandit strategy instead of maximising UCB, and the move played at a simultaneous root is
 * taken from the average strategy (Lanctot, Lisy, Winands 2013): see sim_select.
 *
 * Hidden information (view): with view=iset (the default, and ismcts) every iteration starts
 * from a state sampled by g->sample_view for the searching seat (a determinization), so the
 * tree is over that seat's information sets. view=sample searches a few determinizations
 * with a tree each and sums root visits (PIMC); view=peek searches the true state, which
 * is cheating and flagged by base.peeks. Without sample_view all three are plain mcts.
 *
 * Each iteration copies the root state once and applies moves down the tree and through
 * the playout in that one buffer. Root parallelism: thread t searches its own tree with an
 * rng split from the caller's as stream t; root statistics are summed in thread order, so a
 * given seed and thread count always give the same move (iteration budgets only: a time
 * budget depends on the machine). */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/buf.h"
#include "search.h"

#define MCTS_MAX_THREADS 64
#define MCTS_MAX_PLAYED 4096 /* moves per iteration remembered for AMAF */
#define MCTS_NO_NODE (-1)
#define MCTS_ROOT_SEAT (-2)
#define MCTS_CHANCE_SEAT (-1)

struct mcts_node {
    double value;         /* summed return of `seat` over visits */
    float amaf_visits;    /* RAVE: playouts in which `seat` played `move` later */
    float amaf_value;     /* RAVE: summed return of `seat` over those playouts */
    int32_t visits;
    int32_t avail;        /* visits of the parent at which this move was legal */
    int32_t first_child;  /* head of the first group of children (see below) */
    int32_t next_sibling; /* next child in the same group (same seat and ckey) */
    int32_t next_group;   /* on a group's head: the head of the parent's next group */
    kk_move move;
    uint32_t ckey;        /* open loop: hash of the chance outcomes between the parent's
                             decision and this move (0: none), so that a node never pools
                             moves made after different draws (tiles, cards, dice) */
    int8_t seat;          /* who made move: a seat, MCTS_CHANCE_SEAT or MCTS_ROOT_SEAT */
    uint8_t full;         /* on a group's head: at an exact visit (see mcts_iterate) every
                             legal move had a child in the group, and none has been added
                             since (a new child becomes the head with full = 0) */
};
/* Memory per iteration is one node: keep it within 48 bytes (issue 23), so a search of
 * 10 million iterations stays well under 1 GB. */
_Static_assert(sizeof(struct mcts_node) <= 48, "an MCTS node must fit in 48 bytes");

struct mcts_params {
    int iters;           /* total over threads; 0: only the time budget */
    double ms;           /* time budget per decision; 0: none */
    double c;
    struct kk_playout_opts po;
    int explicit_chance;
    int pooled_chance;   /* chance=pooled: open loop without chance keys (the old scheme) */
    int seen_chance;     /* chance=seen: keys hold the outcomes as the searching seat sees
                            them (view_event), so a draw it cannot see splits no node */
    int scale_sd;        /* exploration term scaled by the observed sd of returns */
    int deep;            /* eval=deep: leaves and playouts rated by the game's deep evaluation */
    int cv;              /* cv=deep: returns less the luck of the chance outcomes drawn after
                            each node (a control variate from the deep evaluation) */
    int backup_max;      /* backup=max or expectimax: values for the searching seat backed
                            up from the children (see backed_value) */
    int backup_exact;    /* backup=expectimax: outcomes weighted by their probabilities, a
                            node never below its own rating (rollout=none) */
    int candidates;      /* moves=candidates: a decision's children come from the game's
                            candidate_moves, not every legal move */
    int turn_horizon;    /* horizon=turn: the tree ends where another seat is to decide */
    int decoupled;       /* simultaneous rounds searched as joint decisions (decoupled UCT) */
    int sim_rule;        /* how a seat of a round selects: SIM_UCB, SIM_RM or SIM_EXP3 */
    double sim_gamma;    /* sim=rm/exp3: probability of a uniformly random child */
    double rave;         /* RAVE equivalence parameter; 0: off */
    int threads;
    int reuse;
    double widen, widen_exp;
    double cwiden, cwiden_exp; /* chance=explicit: progressive widening of chance nodes */
    int expand_visits;   /* a decision below a tree node is grown once the node has this many
                            visits (0: at once) */
    int expand_greedy;   /* expansion order: best evaluation first instead of random */
    int nodes;           /* pool capacity per thread; 0: automatic */
    int determinize;     /* ismcts */
    int view_sample;     /* mcts view=sample: search determinizations, never the true state */
    int opp_iset;        /* view=iset on a game with info_key: an opponent's node is keyed by
                            that opponent's information set (opponents=iset, or auto at three
                            or more seats) */
    int opp_auto;        /* opponents=auto: split only when the game has three or more seats */
    int samples;         /* view=sample: determinizations per decision (PIMC votes) */
    int final_mix;       /* final=mix: at a simultaneous decision, sample the move from the
                            root visit distribution (a mixed strategy) */
};

/* The legal moves at a node: an open-addressing set (move -> index into moves) and a mark
 * per index for "has a child"; stamps avoid clearing between uses. The hash and the marks
 * have separate stamps so a set built once (the root's) can be marked afresh per visit. */
struct mcts_lset {
    kk_move *moves;       /* n moves; for a tree's node set this is its sc.moves */
    int n, max;
    int32_t *hidx;
    uint32_t *hstamp, *mark;
    uint32_t hmask, hcur, mcur;
};

/* Group cache: (parent, seat, ckey) -> the group's head, direct-mapped, not exhaustive. */
struct mcts_gslot {
    int32_t parent, head;
    uint32_t gen; /* low 31 bits: valid when equal to the tree's ggen; top bit (MCTS_SPILL):
                     since the cache was last cleared this slot has named more than one
                     group, so a group it does not name now may still exist */
};
#define MCTS_SPILL 0x80000000u

/* backup=max/expectimax: what the side table bk holds per node, all for the searching
 * seat: the sum of its returns, its backed-up value, the luck of the outcome it stands for
 * (a chance child, cv=deep), its own rating (expectimax: the evaluation of its state) and
 * the probability of its outcome (expectimax, a chance child). */
enum { BK_SUM, BK_VAL, BK_LUCK, BK_LEAF, BK_PROB, MCTS_BK };

#define MCTS_LOG_TABLE 1024 /* log(k) for small visit counts, filled once per tree */

/* Selection rules at a seat's decision in a simultaneous round (option sim). */
enum { SIM_UCB, SIM_RM, SIM_EXP3 };

#define MCTS_SIM_RECORDS 1024 /* sim=rm/exp3 decisions per iteration whose bandits learn */

/* sim=rm/exp3: one bandit decision of the current iteration, to be updated by its return.
 * The children that were available (legal) at it are simkid[kid0 .. kid0 + n). */
struct mcts_simrec {
    int32_t kid0, n, chosen;
    int32_t seat;
    double prob; /* the probability with which `chosen` was sampled */
    double base; /* the baseline subtracted from the return (see sim_learn) */
};

/* One thread's search: its tree, scratch memory and rng. */
struct mcts_tree {
    struct mcts_node *nodes, *spare; /* spare: target of compaction when reusing a subtree */
    int cap, used;
    int valid;            /* nodes[0] is the root for the state in `tracked` */
    void *tracked;        /* the state the tree's root stands for */
    void *work;           /* the state of the current iteration */
    void *sampled;        /* view=sample: the determinization being searched */
    struct kk_search_scratch sc;
    int32_t *path;        /* node indices from the root, cap entries */
    int32_t *path_played; /* AMAF: played[] length when the path reached each node */
    double *path_cv;      /* cv=deep: the scratch's cv_sum of the node's seat when the path
                             reached it (what was drawn before its move is not its luck) */
    double *path_cvo;     /* the same for the searching seat (backup=max/expectimax only, else
                             NULL) */
    double *bk, *bk_spare; /* backup=max/expectimax: MCTS_BK doubles per node (BK_*), beside
                              the pool as sim_acc is; NULL otherwise */
    int bk_exact;         /* backup=expectimax (see backed_value) */
    int bk_other;         /* backup=expectimax: BK_OTHER_* for the other seats' decisions */
    kk_move *oc_move;     /* backup=expectimax: a chance node's outcomes and their */
    double *oc_prob;      /* probabilities (max_moves each), to weigh a new outcome child */
    int8_t *played_seat;
    kk_move *played_move;
    struct mcts_lset set;  /* the legal moves of the node being visited (in sc.moves) */
    struct mcts_lset root; /* the root's, built once per search when every iteration starts
                              from the same state (no determinization): saves a legal-move
                              generation and a set build per iteration */
    int root_cached;
    struct mcts_gslot *gcache; /* a node below a draw can have dozens of groups: finding the
                                  one of the draw seen now without walking them */
    uint32_t gmask, ggen;
    double *logtab;        /* log(k), k < MCTS_LOG_TABLE: the same values log() returns */
    /* AMAF: last position of each (seat, move) in the iteration's played list. */
    int32_t *aidx;
    uint32_t *astamp;
    uint32_t amask, astamp_cur;
    uint8_t *info;        /* opponents=iset: an opponent's information-set key */
    struct kk_buf seen;   /* chance=seen: the searching seat's view of a chance outcome */
    int observer;         /* the seat the last search was for */
    kk_rng rng;
    long long iterations; /* last search */
    long long kept;       /* root visits the last search started from (tree reuse) */
    uint32_t root_key;    /* open loop: chance key of the events observed since the root's
                             last decision (children of the root are keyed by it) */
    /* Scale-free exploration: per seat, returns backed up in this search (count, sum, sum
     * of squares) and the resulting exploration scale. */
    double rs_n[KK_MAX_SEATS], rs_sum[KK_MAX_SEATS], rs_sq[KK_MAX_SEATS];
    double escale[KK_MAX_SEATS];
    /* sim=rm/exp3 only (NULL otherwise): a side table beside the pool, two doubles per node
     * index. sim_acc[2i] is child i's cumulative regret (rm) or importance-weighted reward
     * sum (exp3), sim_acc[2i + 1] its summed probability in the distributions the seat
     * sampled from (the average strategy, unnormalised). The 48-byte node has no room for
     * them; the table costs 16 bytes per node and exists only in trees that use it. */
    double *sim_acc;
    double *sim_prob;            /* max_moves: the current strategy at one decision */
    struct mcts_simrec *simrec;  /* MCTS_SIM_RECORDS: this iteration's bandit decisions */
    int32_t *simkid;             /* simkid_cap: their available children */
    int nsimrec, nsimkid, simkid_cap;
};

struct mcts {
    struct kk_agent base;
    struct mcts_params p;
    int ntrees;
    struct mcts_tree tree[MCTS_MAX_THREADS];
    kk_move *root_moves;
    int32_t *root_visits;
    double *root_value;
    double *root_avg;     /* sim=rm/exp3: summed average-strategy weight of each root move */
    int root_n;           /* moves in root_moves at the last search (0: none made) */
};

static uint32_t hash_move(uint64_t key)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return (uint32_t)key;
}

static uint32_t pow2_at_least(uint32_t n)
{
    uint32_t p = 16;
    while (p < n)
        p <<= 1;
    return p;
}

/* Advances a stamp; on wrap-around clears the arrays it guards so stale entries never match. */
static uint32_t next_stamp(uint32_t *stamp, uint32_t *a, size_t na, uint32_t *b, size_t nb)
{
    if (++*stamp == 0) {
        memset(a, 0, na * sizeof *a);
        if (b)
            memset(b, 0, nb * sizeof *b);
        *stamp = 1;
    }
    return *stamp;
}

static int lset_alloc(struct mcts_lset *ls, kk_move *moves, int max_moves)
{
    memset(ls, 0, sizeof *ls);
    ls->max = max_moves > 0 ? max_moves : 1;
    ls->moves = moves ? moves : malloc((size_t)ls->max * sizeof *ls->moves);
    ls->hmask = pow2_at_least(2u * (uint32_t)ls->max) - 1;
    ls->hidx = malloc((ls->hmask + 1) * sizeof *ls->hidx);
    ls->hstamp = calloc(ls->hmask + 1, sizeof *ls->hstamp);
    ls->mark = calloc((size_t)ls->max, sizeof *ls->mark);
    return ls->moves && ls->hidx && ls->hstamp && ls->mark ? 0 : -1;
}

static void lset_free(struct mcts_lset *ls, int own_moves)
{
    if (own_moves)
        free(ls->moves);
    free(ls->hidx);
    free(ls->hstamp);
    free(ls->mark);
}

/* Clears every "has a child" mark. */
static void lset_unmark(struct mcts_lset *ls)
{
    next_stamp(&ls->mcur, ls->mark, (size_t)ls->max, NULL, 0);
}

/* Sets of at most this many moves are searched by a scan, not hashed: Gold Mine's two or
 * three moves a seat cost more to hash than to compare. */
#define MCTS_LSET_SCAN 8

/* Loads moves[0..n) into the set (and clears the marks). */
static void lset_build(struct mcts_lset *ls, int n)
{
    ls->n = n;
    if (n <= MCTS_LSET_SCAN) {
        lset_unmark(ls);
        return;
    }
    uint32_t s = next_stamp(&ls->hcur, ls->hstamp, ls->hmask + 1, NULL, 0);
    for (int i = 0; i < n; i++) {
        uint32_t h = hash_move((uint32_t)ls->moves[i]) & ls->hmask;
        while (ls->hstamp[h] == s)
            h = (h + 1) & ls->hmask;
        ls->hstamp[h] = s;
        ls->hidx[h] = i;
    }
    lset_unmark(ls);
}

static int lset_find(const struct mcts_lset *ls, kk_move m)
{
    if (ls->n <= MCTS_LSET_SCAN) {
        for (int i = 0; i < ls->n; i++)
            if (ls->moves[i] == m)
                return i;
        return -1;
    }
    uint32_t h = hash_move((uint32_t)m) & ls->hmask;
    while (ls->hstamp[h] == ls->hcur) {
        if (ls->moves[ls->hidx[h]] == m)
            return ls->hidx[h];
        h = (h + 1) & ls->hmask;
    }
    return -1;
}

static uint64_t amaf_key(int seat, kk_move m)
{
    return ((uint64_t)(uint8_t)seat << 32) | (uint32_t)m;
}

static void amaf_build(struct mcts_tree *t, int num_played)
{
    uint32_t s = next_stamp(&t->astamp_cur, t->astamp, t->amask + 1, NULL, 0);
    for (int i = 0; i < num_played; i++) {
        uint64_t key = amaf_key(t->played_seat[i], t->played_move[i]);
        uint32_t h = hash_move(key) & t->amask;
        for (;;) {
            if (t->astamp[h] != s) {
                t->astamp[h] = s;
                t->aidx[h] = i;
                break;
            }
            int j = t->aidx[h];
            if (amaf_key(t->played_seat[j], t->played_move[j]) == key) {
                t->aidx[h] = i; /* keep the last position */
                break;
            }
            h = (h + 1) & t->amask;
        }
    }
}

/* Last position of (seat, m) in the played list, or -1. */
static int amaf_last(const struct mcts_tree *t, int seat, kk_move m)
{
    uint64_t key = amaf_key(seat, m);
    uint32_t h = hash_move(key) & t->amask;
    while (t->astamp[h] == t->astamp_cur) {
        int j = t->aidx[h];
        if (amaf_key(t->played_seat[j], t->played_move[j]) == key)
            return j;
        h = (h + 1) & t->amask;
    }
    return -1;
}

/* The head of parent's group of children made by `seat` under chance key `ckey`, or
 * MCTS_NO_NODE. */
static int32_t group_find(const struct mcts_node *nodes, int32_t parent, int seat,
                          uint32_t ckey)
{
    int32_t g = nodes[parent].first_child;
    while (g != MCTS_NO_NODE && !(nodes[g].seat == seat && nodes[g].ckey == ckey))
        g = nodes[g].next_group;
    return g;
}

/* Deep trees are memory-bound: siblings lie anywhere in the pool, one or two cache misses
 * each. Asking for the next sibling before working on this one overlaps the misses with
 * the work (a node may straddle two cache lines: both are asked for). */
static void node_prefetch(const struct mcts_node *nodes, int32_t i)
{
#if defined(__GNUC__)
    if (i != MCTS_NO_NODE) {
        __builtin_prefetch(&nodes[i]);
        __builtin_prefetch((const char *)&nodes[i] + sizeof nodes[i] - 1);
    }
#else
    (void)nodes;
    (void)i;
#endif
}

/* group_find, and the group found moves to the front of the parent's groups: below a
 * draw the groups are the outcomes seen there, and the likely ones are then found first.
 * Which group comes first changes nothing but the time it takes to find one. */
static int32_t group_find_mtf(struct mcts_node *nodes, int32_t parent, int seat, uint32_t ckey)
{
    int32_t *first = &nodes[parent].first_child;
    int32_t g = *first, prev = MCTS_NO_NODE;
    while (g != MCTS_NO_NODE && !(nodes[g].seat == seat && nodes[g].ckey == ckey)) {
        prev = g;
        g = nodes[g].next_group;
    }
    if (g != MCTS_NO_NODE && prev != MCTS_NO_NODE) {
        nodes[prev].next_group = nodes[g].next_group;
        nodes[g].next_group = *first;
        *first = g;
    }
    return g;
}

static struct mcts_gslot *gslot(struct mcts_tree *t, int32_t parent, int seat, uint32_t ckey)
{
    uint64_t k = ((uint64_t)(uint32_t)parent << 32 | ckey) ^
                 (uint64_t)(uint8_t)seat * 0x9e3779b97f4a7c15ULL;
    return &t->gcache[hash_move(k) & t->gmask];
}

/* Slot e was written since the cache was last cleared. */
static int gslot_live(const struct mcts_tree *t, const struct mcts_gslot *e)
{
    return (e->gen & ~MCTS_SPILL) == t->ggen;
}

/* Slot e names the group (parent, seat, ckey). */
static int gslot_names(const struct mcts_tree *t, const struct mcts_gslot *e, int32_t parent,
                       int seat, uint32_t ckey)
{
    return gslot_live(t, e) && e->parent == parent &&
           t->nodes[e->head].seat == seat && t->nodes[e->head].ckey == ckey;
}

/* Remembers head as the head of its group (a child of parent). A slot that named another
 * group is marked spilled: that group is no longer found through it. */
static void gslot_put(struct mcts_tree *t, int32_t parent, int32_t head)
{
    const struct mcts_node *h = &t->nodes[head];
    struct mcts_gslot *e = gslot(t, parent, h->seat, h->ckey);
    uint32_t spill = 0;
    if (gslot_live(t, e))
        spill = (e->gen & MCTS_SPILL) | (gslot_names(t, e, parent, h->seat, h->ckey)
                                             ? 0
                                             : MCTS_SPILL);
    e->gen = t->ggen | spill;
    e->parent = parent;
    e->head = head;
}

/* The head of parent's group (seat, ckey), or MCTS_NO_NODE: from the group cache when it
 * remembers it, else by walking the groups (and then remembered). A slot is trusted only
 * for its parent and when the node it names is of that seat and key: a group's head
 * changes only in node_new, which updates the group's slot, and node indices change only
 * in tree_reset and tree_promote, which clear the cache and put every group kept in it.
 * So every group has been put in its slot since the last clear, and a slot that is empty,
 * or names another group without ever having named a third, proves the group absent:
 * no walk. Below a draw or a simultaneous round a node can have dozens of groups, and
 * most iterations end by making a new one; walking them all to learn that cost Gold Mine
 * a quarter of its tree work. */
static int32_t group_lookup(struct mcts_tree *t, int32_t parent, int seat, uint32_t ckey)
{
    struct mcts_gslot *e = gslot(t, parent, seat, ckey);
    if (gslot_names(t, e, parent, seat, ckey))
        return e->head;
    if (!gslot_live(t, e) || !(e->gen & MCTS_SPILL))
        return MCTS_NO_NODE;
    int32_t g = group_find_mtf(t->nodes, parent, seat, ckey);
    if (g != MCTS_NO_NODE)
        gslot_put(t, parent, g);
    return g;
}

/* Forgets every remembered group (node indices are about to change). */
static void gcache_clear(struct mcts_tree *t)
{
    if (++t->ggen == MCTS_SPILL) {
        memset(t->gcache, 0, (t->gmask + 1) * sizeof *t->gcache);
        t->ggen = 1;
    }
}

/* A new child of parent (MCTS_NO_NODE: a root), put at the front of its group: within a
 * group children run newest first, the order the single list of the old layout gave the
 * same children, so selection breaks ties exactly as before. head: the group's head as
 * group_lookup found it, or MCTS_NO_NODE for a new group. The group moves to the front of
 * the parent's groups (a new group starts there). */
static int32_t node_new(struct mcts_tree *t, int32_t parent, int32_t head, int seat, kk_move m,
                        uint32_t ckey)
{
    if (t->used >= t->cap)
        return MCTS_NO_NODE;
    int32_t i = t->used++;
    struct mcts_node *n = &t->nodes[i];
    memset(n, 0, sizeof *n);
    n->move = m;
    n->ckey = ckey;
    n->seat = (int8_t)seat;
    n->first_child = MCTS_NO_NODE;
    n->next_sibling = MCTS_NO_NODE;
    n->next_group = MCTS_NO_NODE;
    if (t->sim_acc)
        t->sim_acc[2 * i] = t->sim_acc[2 * i + 1] = 0;
    if (t->bk)
        memset(t->bk + (size_t)i * MCTS_BK, 0, MCTS_BK * sizeof *t->bk);
    if (parent != MCTS_NO_NODE) {
        int32_t *first = &t->nodes[parent].first_child;
        if (head != MCTS_NO_NODE) {
            if (*first != head) /* found through the cache: bring it to the front */
                group_find_mtf(t->nodes, parent, seat, ckey);
            n->next_sibling = head;
            n->next_group = t->nodes[head].next_group;
            t->nodes[head].next_group = MCTS_NO_NODE;
        } else {
            n->next_group = *first;
        }
        *first = i;
        gslot_put(t, parent, i);
    }
    return i;
}

/* The child for move m in the group that starts at head, or MCTS_NO_NODE. */
static int32_t group_child(const struct mcts_node *nodes, int32_t head, kk_move m)
{
    int32_t c = head;
    while (c != MCTS_NO_NODE && nodes[c].move != m)
        c = nodes[c].next_sibling;
    return c;
}

/* The child for move m in parent's group (seat, ckey), added when it has none; MCTS_NO_NODE
 * when the pool is full. */
static int32_t child_get(struct mcts_tree *t, int32_t parent, int seat, uint32_t ckey, kk_move m)
{
    int32_t head = group_lookup(t, parent, seat, ckey);
    int32_t c = group_child(t->nodes, head, m);
    return c != MCTS_NO_NODE ? c : node_new(t, parent, head, seat, m, ckey);
}

static void tree_reset(struct mcts_tree *t, const struct kk_game *g, const void *state)
{
    t->used = 0;
    gcache_clear(t);
    node_new(t, MCTS_NO_NODE, MCTS_NO_NODE, MCTS_ROOT_SEAT, 0, 0);
    t->root_key = 0;
    memcpy(t->tracked, state, g->state_size);
    t->valid = 1;
}

/* Makes child `keep` of the root the new root, copying its subtree to the front of the
 * spare pool (breadth first) and swapping pools: cost proportional to what is kept. */
static void tree_promote(struct mcts_tree *t, int32_t keep)
{
    struct mcts_node *old = t->nodes, *nw = t->spare;
    double *obk = t->bk, *nbk = t->bk_spare;
    nw[0] = old[keep];
    if (obk)
        memcpy(nbk, obk + (size_t)keep * MCTS_BK, MCTS_BK * sizeof *nbk);
    nw[0].next_sibling = MCTS_NO_NODE;
    nw[0].next_group = MCTS_NO_NODE;
    nw[0].seat = MCTS_ROOT_SEAT;
    int count = 1;
    for (int j = 0; j < count; j++) {
        /* Groups and the children within each keep their order; a group's children land
         * next to each other in the new pool. */
        int32_t og = nw[j].first_child, prev_head = MCTS_NO_NODE;
        nw[j].first_child = MCTS_NO_NODE;
        while (og != MCTS_NO_NODE) {
            int32_t next_group = old[og].next_group, prev = MCTS_NO_NODE;
            for (int32_t oc = og; oc != MCTS_NO_NODE; oc = old[oc].next_sibling) {
                nw[count] = old[oc];
                if (obk)
                    memcpy(nbk + (size_t)count * MCTS_BK, obk + (size_t)oc * MCTS_BK,
                           MCTS_BK * sizeof *nbk);
                nw[count].next_sibling = MCTS_NO_NODE;
                nw[count].next_group = MCTS_NO_NODE;
                if (prev != MCTS_NO_NODE)
                    nw[prev].next_sibling = count;
                else if (prev_head == MCTS_NO_NODE)
                    nw[j].first_child = count;
                else
                    nw[prev_head].next_group = count;
                if (prev == MCTS_NO_NODE)
                    prev_head = count;
                prev = count++;
            }
            og = next_group;
        }
    }
    t->spare = old;
    t->nodes = nw;
    t->bk_spare = obk;
    t->bk = nbk;
    t->used = count;
    gcache_clear(t);
    /* Every kept group back in the cache (see group_lookup). */
    for (int32_t j = 0; j < count; j++)
        for (int32_t g = nw[j].first_child; g != MCTS_NO_NODE; g = nw[g].next_group)
            gslot_put(t, j, g);
}

/* Folds a chance outcome into an open-loop chance key (never 0 after an event). */
static uint32_t chance_key_add(uint32_t key, kk_move o)
{
    uint32_t k = hash_move(((uint64_t)key << 32) ^ (uint32_t)o ^ 0x9e3779b97f4a7c15ULL);
    return k ? k : 1;
}

/* What a chance key adds for outcome o of state (before it is applied): o itself, or with
 * chance=seen a hash of the event as the searching seat sees it, or 0 when that seat does
 * not learn of it. Open loop keys a node by the draws since the last decision; keying it by
 * a draw the searcher cannot see (another seat's card) would split its statistics by hidden
 * outcomes, as if the searcher were going to see them. */
static uint32_t chance_seen(struct mcts_tree *t, const struct kk_game *g, const void *state,
                            kk_move o, int seen, int observer)
{
    if (!seen)
        return (uint32_t)o;
    kk_buf_clear(&t->seen);
    kk_game_view_event(g, state, o, observer, &t->seen);
    if (t->seen.len == 0)
        return 0;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < t->seen.len; i++)
        h = (h ^ (uint8_t)t->seen.data[i]) * 16777619u;
    return h ? h : 1;
}

/* Scale-free exploration. The UCB1 bonus c * sqrt(ln A / n) assumes returns spread over
 * [0, 1]; margin returns of a long game spread over a few hundredths, so a fixed c makes
 * selection round robin on one game and greedy on another. With scale=sd the bonus is
 * multiplied by the standard deviation of the returns seen so far in this search for the
 * seat that chooses, estimated with one pseudo-return of variance 1/4 (the widest a return
 * in [0, 1] can have) so the first iterations explore as if the spread were the largest. */
static void explore_scale_update(struct mcts_tree *t, const double *ret, int n)
{
    for (int s = 0; s < n; s++) {
        t->rs_n[s] += 1;
        t->rs_sum[s] += ret[s];
        t->rs_sq[s] += ret[s] * ret[s];
        double mean = t->rs_sum[s] / t->rs_n[s];
        double ss = t->rs_sq[s] - t->rs_n[s] * mean * mean;
        if (ss < 0)
            ss = 0;
        t->escale[s] = sqrt((ss + 0.25) / (t->rs_n[s] + 1));
    }
}

static void explore_scale_reset(struct mcts_tree *t)
{
    for (int s = 0; s < KK_MAX_SEATS; s++) {
        t->rs_n[s] = t->rs_sum[s] = t->rs_sq[s] = 0;
        t->escale[s] = 0.5;
    }
}

static double ucb(const struct mcts_params *p, const double *logtab, const struct mcts_node *c,
                  double q, double scale)
{
    if (p->rave > 0 && c->amaf_visits > 0) {
        double beta = sqrt(p->rave / (3.0 * c->visits + p->rave));
        q = (1 - beta) * q + beta * (c->amaf_value / c->amaf_visits);
    }
    double la = c->avail < MCTS_LOG_TABLE ? logtab[c->avail] : log((double)c->avail);
    return q + p->c * scale * sqrt(la / c->visits);
}

/* Index in ls->moves of a uniformly random legal move without a child (untried >= 1). */
static int random_untried(struct mcts_tree *t, const struct mcts_lset *ls, int untried)
{
    int r = (int)kk_rng_bounded(&t->rng, (uint32_t)untried), i = 0;
    if (untried == ls->n)
        return r; /* nothing marked */
    for (;; i++)
        if (ls->mark[i] != ls->mcur && r-- == 0)
            return i;
}

/* Index of the untried move whose successor the mover's evaluate() rates best (ties to
 * the first in the game's order, so no randomness is drawn). Costs one apply per untried
 * move: meant for use with progressive widening, where it decides which few moves of a
 * large set the tree ever considers. */
static int best_untried(struct mcts_tree *t, const struct mcts_lset *ls, const struct kk_game *g,
                        const void *s, int who)
{
    int best = -1;
    double best_v = -INFINITY;
    for (int i = 0; i < ls->n; i++) {
        if (ls->mark[i] == ls->mcur)
            continue;
        memcpy(t->sc.tmp, s, g->state_size);
        g->apply(t->sc.tmp, ls->moves[i]);
        double v = g->evaluate(t->sc.tmp, who);
        if (best < 0 || v > best_v) {
            best = i;
            best_v = v;
        }
    }
    return best;
}

/* The current strategy of a bandit decision over children kid[0..n) (sim=rm/exp3), written
 * to sigma. Regret matching: proportional to the positive cumulative regrets, uniform when
 * none is positive. Exp3: proportional to exp(eta * X) with X the importance-weighted reward
 * sums and eta = gamma / n (computed relative to the largest X, so it never overflows). */
static void sim_strategy(const struct mcts_params *p, const double *acc, const int32_t *kid,
                         int n, double *sigma)
{
    double total = 0;
    if (p->sim_rule == SIM_RM) {
        for (int k = 0; k < n; k++) {
            double r = acc[2 * kid[k]];
            sigma[k] = r > 0 ? r : 0;
            total += sigma[k];
        }
    } else {
        double top = -INFINITY, eta = p->sim_gamma / n;
        for (int k = 0; k < n; k++)
            if (acc[2 * kid[k]] > top)
                top = acc[2 * kid[k]];
        for (int k = 0; k < n; k++) {
            sigma[k] = exp(eta * (acc[2 * kid[k]] - top));
            total += sigma[k];
        }
    }
    for (int k = 0; k < n; k++)
        sigma[k] = total > 0 ? sigma[k] / total : 1.0 / n;
}

/* sim=rm/exp3 at a seat's decision in a simultaneous round, once every legal move has a
 * child: the available children are simkid[kid0 .. nsimkid). A child is sampled from
 * sigma' = (1 - gamma) sigma + gamma / n, sigma the bandit's current strategy, so every
 * child keeps being tried and the importance weights 1 / prob stay bounded by n / gamma.
 * sigma' is also what is added to the children's average-strategy sums: the average of what
 * the seats actually play is what converges (Hannan consistency bounds the regret of the
 * empirical frequencies). Averaging sigma instead, i.e. removing the exploration, is off
 * at an interior mix because the other seats explore too: on toy-mix, whose equilibrium
 * plays A 1/3 of the time, the sigma average settles near (1/3 - gamma/2) / (1 - gamma)
 * (0.26 at gamma = 0.3), the sigma' average near 1/3. The decision is recorded so that its bandit
 * learns from this iteration's return (sim_learn). No seat's choice depends on another's
 * commitment in the round: each samples from its own statistics, as in decoupled UCT. */
static int32_t sim_select(struct mcts_tree *t, const struct mcts_params *p, int who, int kid0)
{
    int n = t->nsimkid - kid0;
    const int32_t *kid = t->simkid + kid0;
    double *sigma = t->sim_prob;
    sim_strategy(p, t->sim_acc, kid, n, sigma);
    double gamma = p->sim_gamma, r = kk_rng_double(&t->rng), cum = 0;
    for (int k = 0; k < n; k++)
        t->sim_acc[2 * kid[k] + 1] += (1 - gamma) * sigma[k] + gamma / n;
    int pick = n - 1; /* also where rounding leaves r above the last cumulative sum */
    for (int k = 0; k < n - 1; k++) {
        cum += (1 - gamma) * sigma[k] + gamma / n;
        if (r < cum) {
            pick = k;
            break;
        }
    }
    struct mcts_simrec *rec = &t->simrec[t->nsimrec++];
    rec->kid0 = kid0;
    rec->n = n;
    rec->chosen = kid[pick];
    rec->seat = who;
    rec->prob = (1 - gamma) * sigma[pick] + gamma / n;
    double sum = 0, visits = 0;
    for (int k = 0; k < n; k++) {
        sum += t->nodes[kid[k]].value;
        visits += t->nodes[kid[k]].visits;
    }
    rec->base = visits > 0 ? sum / visits : 0.5;
    return kid[pick];
}

/* Updates the bandits of this iteration's sim=rm/exp3 decisions with its returns, less a
 * baseline per decision (the mean return of the seat over the decision's children so far,
 * fixed before this iteration's return is known). x-hat_k = x / prob for the sampled child,
 * 0 for the others, is an unbiased estimate of child k's return; regret matching adds
 * x-hat_k - x to every available child's regret, Exp3 adds x-hat to the sampled child's
 * sum. The baseline shifts every child's estimate by the same amount, so the expected
 * regrets are unchanged; it only removes the variance that a return of about 0.5 divided
 * by a small prob would add (margin returns of a long game differ by a few hundredths).
 * What remains is still large: a child sampled with prob gamma / n is credited n / gamma
 * times its return, so moves whose values differ by a few hundredths take thousands of
 * visits to tell apart (docs/agents.md: All Your Base). */
static void sim_learn(struct mcts_tree *t, const struct mcts_params *p, const double *ret)
{
    for (int i = 0; i < t->nsimrec; i++) {
        const struct mcts_simrec *rec = &t->simrec[i];
        double x = ret[rec->seat] - rec->base;
        if (p->sim_rule == SIM_RM)
            for (int k = 0; k < rec->n; k++)
                t->sim_acc[2 * t->simkid[rec->kid0 + k]] -= x;
        t->sim_acc[2 * rec->chosen] += x / rec->prob;
    }
}

/* Progressive widening, of decisions (widen) and of chance nodes (cwiden): how many
 * children a node visited `visits` times may have. */
static double widen_allowed(double coef, double expo, int32_t visits)
{
    return ceil(coef * pow((double)visits, expo));
}

/* chance=explicit with cwiden > 0: at a chance node that already has
 * ceil(cwiden * visits^cwiden_exp) outcome children, the least visited of them (the first
 * stored among ties), to be followed instead of a fresh draw; MCTS_NO_NODE while a new
 * draw is allowed. Progressive widening of chance nodes (Couetoux et al. 2011, "double
 * progressive widening"): the outcomes kept were drawn from the true distribution and are
 * visited in turn, so the mean over them stays unbiased while the trees below them are
 * revisited and grow, where fresh draws of a throw of many dice would almost never meet
 * the same outcome twice. With cv=deep the luck of the outcomes kept is taken out of the
 * returns above them. */
static int32_t chance_widened(struct mcts_tree *t, const struct mcts_params *p, int32_t node)
{
    int32_t head = group_lookup(t, node, MCTS_CHANCE_SEAT, 0);
    if (head == MCTS_NO_NODE)
        return MCTS_NO_NODE;
    int kept = 0;
    int32_t least = MCTS_NO_NODE;
    for (int32_t c = head; c != MCTS_NO_NODE; c = t->nodes[c].next_sibling) {
        kept++;
        if (least == MCTS_NO_NODE || t->nodes[c].visits <= t->nodes[least].visits)
            least = c; /* children are newest first: ties go to the first stored */
    }
    return kept >= widen_allowed(p->cwiden, p->cwiden_exp, t->nodes[node].visits)
               ? least
               : MCTS_NO_NODE;
}

/* The moves a decision of the tree may have children for: the legal ones, or with
 * moves=candidates the game's candidates among them. */
static int node_moves(const struct kk_game *g, const struct mcts_params *p, const void *state,
                      kk_move *out)
{
    return p->candidates ? g->candidate_moves(state, out) : g->legal_moves(state, out);
}

/* Puts node at path[depth] and returns depth + 1. cv: path_cv's entry (see there); played:
 * the length of the AMAF list when the path reached the node. */
static int path_push(struct mcts_tree *t, int depth, int32_t node, double cv, int played)
{
    t->path[depth] = node;
    t->path_cv[depth] = cv;
    if (t->path_cvo)
        t->path_cvo[depth] = t->sc.cv_sum[t->observer];
    t->path_played[depth] = played;
    return depth + 1;
}

/* How backup=expectimax backs up another seat's decision (set per search). */
enum { BK_OTHER_MEAN, BK_OTHER_MIN, BK_OTHER_MAX };

/* backup=expectimax: node n's value from its children, one group of them, made by `seat`
 * (see backed_value). */
static double expectimax_value(const struct mcts_tree *t, int32_t n, int seat)
{
    const double *bn = t->bk + (size_t)n * MCTS_BK;
    int32_t head = t->nodes[n].first_child;
    double leaf = bn[BK_LEAF];
    if (seat == MCTS_CHANCE_SEAT) {
        double sum = 0, seen = 0, drawn = 0;
        for (int32_t c = head; c != MCTS_NO_NODE; c = t->nodes[c].next_sibling) {
            const double *bc = t->bk + (size_t)c * MCTS_BK;
            if (t->nodes[c].visits == 0)
                continue;
            sum += bc[BK_PROB] * bc[BK_VAL];
            seen += bc[BK_PROB] * bc[BK_LEAF];
            drawn += bc[BK_PROB];
        }
        /* every outcome drawn: their mean, whatever the rating before the draw */
        return drawn > 1 - 1e-12 ? sum : leaf - seen + sum;
    }
    int rule = seat == t->observer ? BK_OTHER_MAX : t->bk_other;
    double best = rule == BK_OTHER_MAX ? -INFINITY : INFINITY, sum = 0, w = 0;
    if (rule != BK_OTHER_MEAN && !t->nodes[head].full)
        best = leaf; /* moves not searched yet: the evaluation stands in for them */
    for (int32_t c = head; c != MCTS_NO_NODE; c = t->nodes[c].next_sibling) {
        int32_t v = t->nodes[c].visits;
        if (v == 0)
            continue;
        double x = t->bk[(size_t)c * MCTS_BK + BK_VAL];
        sum += v * x;
        w += v;
        if (rule == BK_OTHER_MAX ? x > best : x < best)
            best = x;
    }
    if (rule == BK_OTHER_MEAN)
        return w > 0 ? sum / w : leaf;
    return isfinite(best) ? best : leaf;
}

/* backup=max: the searching seat's value of node n, from its children's (bk[BK_VAL]):
 * the best child's at its own decisions, the visit-weighted mean at other seats' decisions
 * and at chance (an outcome's drawn luck taken out with cv=deep, so what is averaged is
 * fair), the mean return at a node with no children or with children keyed by what was
 * drawn or committed since (open-loop chance, a simultaneous round, an opponent's
 * information set: each group then stands for one of several draws; so under
 * backup=expectimax too).
 *
 * backup=expectimax (leaves rated by the evaluation alone, so each node's own rating
 * bk[BK_LEAF] is exact for its state) is expectimax over the tree with the evaluation at
 * its frontier: at a decision the best child for the seat deciding (the searching seat's
 * highest value; another seat's the lowest in two-seat games, where the returns are
 * constant-sum, the highest in cooperative games, the visit-weighted mean with three
 * seats or more), where a decision that still has moves without a child counts its own
 * rating among them (the evaluation stands in for the moves not searched); at chance the
 * probability-weighted mean of the outcomes, those not drawn yet counted at the node's
 * own rating less what the drawn ones' ratings account for (so the rating of each, when
 * the evaluation is fair over the draw, as the game's deep_fair says). No draw then counts
 * for more than its probability (the visit-weighted mean gives an outcome drawn once in ten
 * visits a tenth of the node's value, whatever its chance), and where the evaluation is a
 * value the seat can reach (the dice game's deep evaluation) the searching seat's values
 * only rise as the tree grows. */
static double backed_value(const struct mcts_tree *t, int32_t n)
{
    const struct mcts_node *nd = &t->nodes[n];
    const double *bn = t->bk + (size_t)n * MCTS_BK;
    double mean = bn[BK_SUM] / nd->visits;
    int32_t head = nd->first_child;
    if (head == MCTS_NO_NODE)
        return t->bk_exact ? bn[BK_LEAF] : mean;
    if (t->nodes[head].next_group != MCTS_NO_NODE || t->nodes[head].ckey != 0)
        return mean;
    int seat = t->nodes[head].seat;
    if (t->bk_exact)
        return expectimax_value(t, n, seat);
    double best = -INFINITY, sum = 0, w = 0;
    for (int32_t c = head; c != MCTS_NO_NODE; c = t->nodes[c].next_sibling) {
        const double *bc = t->bk + (size_t)c * MCTS_BK;
        int32_t v = t->nodes[c].visits;
        if (v == 0)
            continue;
        double x = bc[BK_VAL] - (seat == MCTS_CHANCE_SEAT ? bc[BK_LUCK] : 0);
        if (seat == t->observer) {
            if (x > best)
                best = x;
        } else {
            sum += v * x;
            w += v;
        }
    }
    if (seat == t->observer)
        return best > -INFINITY ? best : mean;
    return w > 0 ? sum / w : mean;
}

/* backup=expectimax: the probability of outcome o at chance node state s. */
static double outcome_prob(struct mcts_tree *t, const void *s, kk_move o)
{
    int n = t->sc.game->chance_outcomes(s, t->oc_move, t->oc_prob);
    for (int i = 0; i < n; i++)
        if (t->oc_move[i] == o)
            return t->oc_prob[i];
    return 0;
}

/* One iteration: determinize or copy, descend, expand one node, play out, back up. */
static void mcts_iterate(struct mcts_tree *t, const struct kk_game *g, const struct mcts_params *p,
                         const void *root_state, int observer)
{
    void *s = t->work;
    if (p->determinize && g->sample_view)
        g->sample_view(root_state, observer, &t->rng, s);
    else
        memcpy(s, root_state, g->state_size);

    int depth = 0, num_played = 0;
    int32_t node = 0;
    uint32_t ckey = t->root_key; /* chance since the last decision on the path */
    uint32_t round_key = 0;      /* decoupled rounds: commitments made so far in the round */
    uint32_t round_seats = 0;    /* the seats that made them */
    /* A commitment of several moves (All Your Base: first play, second play, keep): each
     * seat's own earlier moves in the round, which it knows (own_key[s] valid for the seats
     * in own_seats). */
    uint32_t own_key[KK_MAX_SEATS], own_seats = 0;
    int amaf = p->rave > 0;
    int first = 1; /* the first decision: the root's own state when t->root_cached */
    /* exact: the state is a function of the root state and the moves on the path (no
     * determinization, open-loop chance or decoupled round so far in this iteration), so
     * every exact visit of a group sees the same state and the same legal moves. A group
     * found full at an exact visit is then searched without generating them. */
    int opp_split = p->opp_iset && !(p->opp_auto && g->players(root_state) < 3);
    int exact = !(p->determinize && g->sample_view) && !opp_split;
    t->nsimrec = t->nsimkid = 0;
    if (p->cv)
        memset(t->sc.cv_sum, 0, sizeof t->sc.cv_sum);
    depth = path_push(t, depth, 0, 0, 0);
    int at_horizon = 0;
    for (;;) {
        int who = g->to_move(s);
        if (who == KK_TERMINAL)
            break;
        if (p->turn_horizon && who >= 0 && who != observer) {
            at_horizon = 1; /* rated as it stands, not expanded or played out */
            break;
        }
        int at_root = first;
        first = 0;
        if (who == KK_CHANCE) {
            int32_t stored = p->explicit_chance && p->cwiden > 0 && exact
                                 ? chance_widened(t, p, node)
                                 : MCTS_NO_NODE;
            if (stored != MCTS_NO_NODE) {
                /* Chance widening: this node has all the outcomes it may have for its
                 * visits; go on below one of them (valid here: the state is a function of
                 * the path). */
                double before = t->sc.cv_sum[observer];
                kk_search_chance(&t->sc, s, t->nodes[stored].move);
                node = stored;
                depth = path_push(t, depth, stored, 0, num_played);
                if (t->bk)
                    t->bk[(size_t)stored * MCTS_BK + BK_LUCK] = t->sc.cv_sum[observer] - before;
                continue;
            }
            kk_move o = g->sample_chance(s, &t->rng);
            uint32_t seen = p->pooled_chance || p->explicit_chance
                                ? 0
                                : chance_seen(t, g, s, o, p->seen_chance, observer);
            double before = t->sc.cv_sum[observer];
            /* explicit: the outcome's node, found (or made) once; backup=expectimax weighs
             * a new one by its probability, taken from the state before the outcome */
            int32_t c = p->explicit_chance ? child_get(t, node, MCTS_CHANCE_SEAT, 0, o)
                                           : MCTS_NO_NODE;
            double prob = t->bk_exact && c != MCTS_NO_NODE && t->nodes[c].visits == 0
                              ? outcome_prob(t, s, o)
                              : 0;
            kk_search_chance(&t->sc, s, o);
            if (!p->explicit_chance) {
                if (!p->pooled_chance && (seen || !p->seen_chance))
                    ckey = chance_key_add(ckey, (kk_move)seen);
                exact = 0;
                continue;
            }
            if (c == MCTS_NO_NODE)
                break; /* pool full: off the tree, play out from here */
            node = c;
            depth = path_push(t, depth, c, 0, num_played);
            if (t->bk)
                t->bk[(size_t)c * MCTS_BK + BK_LUCK] = t->sc.cv_sum[observer] - before;
            if (t->bk_exact && t->nodes[c].visits == 0) {
                /* a new outcome: its weight and its own rating */
                double r[KK_MAX_SEATS];
                kk_search_returns_with(&t->sc, s, p->po.reward, r);
                t->bk[(size_t)c * MCTS_BK + BK_PROB] = prob;
                t->bk[(size_t)c * MCTS_BK + BK_LEAF] = r[observer];
            }
            continue;
        }
        if (p->expand_visits > 0 && !at_root && t->nodes[node].visits < p->expand_visits)
            break; /* a young node is rated as it stands (by the playout), not grown */
        uint32_t key = ckey;
        int split = opp_split && who != observer;
        if (split) {
            /* Multiple observers, cheaply: an opponent decides on what it can see. Its
             * children are keyed by its information set in this determinization (its own
             * cards among them), so its statistics never pool hands it could tell apart. */
            int len = g->info_key(s, who, t->info, KK_INFO_KEY_MAX);
            uint64_t h = 0xcbf29ce484222325ULL;
            for (int b = 0; b < len; b++)
                h = (h ^ t->info[b]) * 0x100000001b3ULL;
            key = chance_key_add(ckey, (kk_move)(uint32_t)(h ^ (h >> 32)));
        }
        uint32_t pooled_key = ckey; /* the key the others see this node by */
        if (own_seats & (1u << who)) {
            key = chance_key_add(key, (kk_move)own_key[who]);
            pooled_key = chance_key_add(pooled_key, (kk_move)own_key[who]);
        }
        int32_t head = group_lookup(t, node, who, key);
        int known = exact && head != MCTS_NO_NODE && t->nodes[head].full;
        struct mcts_lset *ls = NULL;
        if (known) {
            /* every child is legal and every legal move has one */
        } else if (at_root && t->root_cached) {
            ls = &t->root; /* built once for this search */
            lset_unmark(ls);
        } else {
            ls = &t->set;
            int nl = node_moves(g, p, s, ls->moves);
            if (head != MCTS_NO_NODE) {
                lset_build(ls, nl);
            } else {
                ls->n = nl; /* no child to look up: the set itself is not needed */
                lset_unmark(ls);
            }
        }
        int navail = 0, size = 0;
        int32_t best = MCTS_NO_NODE;
        double best_u = -INFINITY;
        double scale = p->scale_sd ? t->escale[who] : 1.0;
        /* decoupled implies the hook, and a seat is to move: kk_sim_pending's checks */
        uint32_t pending = p->decoupled ? g->simultaneous(s) : 0;
        /* sim=rm/exp3: a seat of a round samples from its bandit's strategy over the
         * available children, gathered here (with room for them all, else UCB as usual),
         * when the round is a joint decision in the tree: another seat of it chooses in
         * this search, later (still pending) or earlier (on this path). At a root whose
         * round began before the search, the earlier seats' commitments are redrawn by
         * sample_view, not chosen: the mover then faces a fixed opponent, and UCB's
         * best reply is what it needs (see final_root). */
        int bandit = pending && p->sim_rule != SIM_UCB &&
                     ((pending & ~(1u << who)) || (round_seats & ~(1u << who))) &&
                     t->nsimrec < MCTS_SIM_RECORDS &&
                     t->nsimkid + g->max_moves <= t->simkid_cap;
        int kid0 = t->nsimkid;
        for (int32_t c = head, next; c != MCTS_NO_NODE; c = next) {
            struct mcts_node *cn = &t->nodes[c];
            next = cn->next_sibling;
            node_prefetch(t->nodes, next);
            size++;
            if (!known) {
                int i = lset_find(ls, cn->move);
                if (i < 0)
                    continue;
                ls->mark[i] = ls->mcur;
            }
            navail++;
            cn->avail++;
            if (bandit) {
                t->simkid[t->nsimkid++] = c;
                best = c;
                continue;
            }
            double q = t->bk && who == observer ? t->bk[(size_t)c * MCTS_BK + BK_VAL]
                                                : cn->value / cn->visits;
            double u = ucb(p, t->logtab, cn, q, scale);
            if (u > best_u) {
                best_u = u;
                best = c;
            }
        }
        int n = known ? navail : ls->n;
        int untried = n - navail;
        if (exact && untried == 0 && size == navail && head != MCTS_NO_NODE)
            t->nodes[head].full = 1;
        int expand = untried > 0 && t->used < t->cap;
        if (expand && p->widen > 0 && navail > 0) {
            expand = navail < widen_allowed(p->widen, p->widen_exp, t->nodes[node].visits);
        }
        if (expand) {
            t->nsimkid = kid0; /* expanding: no bandit decision here */
            int i = p->expand_greedy ? best_untried(t, ls, g, s, who)
                                     : random_untried(t, ls, untried);
            kk_move m = ls->moves[i];
            int32_t c = node_new(t, node, head, who, m, key);
            t->nodes[c].avail = 1;
            t->nodes[c].full = exact && untried == 1 && size == navail;
            if (amaf && num_played < MCTS_MAX_PLAYED) {
                t->played_seat[num_played] = (int8_t)who;
                t->played_move[num_played++] = m;
            }
            g->apply(s, m);
            depth = path_push(t, depth, c, t->sc.cv_sum[who], num_played);
            break;
        }
        if (best == MCTS_NO_NODE)
            break; /* pool full and nothing here yet: play out */
        if (bandit)
            best = sim_select(t, p, who, kid0);
        kk_move m = t->nodes[best].move;
        if (amaf && num_played < MCTS_MAX_PLAYED) {
            t->played_seat[num_played] = (int8_t)who;
            t->played_move[num_played++] = m;
        }
        g->apply(s, m);
        depth = path_push(t, depth, best, t->sc.cv_sum[who], num_played);
        /* The mover's commitment goes on (a compound one) when it is still pending in the
         * same round; a mask of new seats would be the next round. (A next round of the
         * mover alone, right after this one, would be taken for this one going on.) */
        uint32_t after = pending ? kk_sim_pending(g, s) : 0;
        int again = (after & (1u << who)) && !(after & ~pending);
        if ((pending & ~(1u << who)) || again) {
            /* Decoupled UCT: a simultaneous round is one joint decision. Every seat of the
             * round selects among its own children of the node where the round began, by
             * its own statistics, so no seat's choice can depend on another's commitment;
             * the commitments made so far are folded into a key instead. A seat's next
             * move of the same commitment is keyed by its own moves so far, and only by
             * them: its second play is its own decision, not pooled with its first, and
             * still blind to the other seats' commitments. */
            round_key = chance_key_add(round_key, (kk_move)(((uint32_t)who << 24) ^ (uint32_t)m));
            round_seats |= 1u << who;
            if (again) {
                own_key[who] = chance_key_add(own_seats & (1u << who) ? own_key[who] : 0, m);
                own_seats |= 1u << who;
            }
            exact = 0;
            continue;
        }
        /* After a round, the children below the last commitment are keyed by the others'. */
        ckey = pending ? round_key : 0;
        round_key = 0;
        round_seats = own_seats = 0;
        if (split && g->to_move(s) != KK_TERMINAL) {
            /* The opponent's keyed child holds its statistics for this information set;
             * the play goes on from a twin of that move kept in the pooled group, one for
             * all the opponent's information sets. Continuing below the keyed child would
             * key every later node by the opponent's cards, so the searcher's own later
             * choices in the tree would be made knowing them (strategy fusion of the
             * worst kind: the tree would value a bold bid by replies that see through
             * the bluff). */
            int32_t c = child_get(t, node, who, pooled_key, m);
            if (c == MCTS_NO_NODE)
                break; /* pool full: off the tree, play out from here */
            depth = path_push(t, depth, c, t->path_cv[depth - 1], num_played);
            best = c;
        }
        node = best;
    }

    double ret[KK_MAX_SEATS];
    if (at_horizon)
        kk_search_returns_with(&t->sc, s, p->po.reward, ret);
    else if (amaf)
        kk_search_playout(&t->sc, s, &p->po, &t->rng, ret, t->played_seat, t->played_move,
                          &num_played, MCTS_MAX_PLAYED);
    else
        kk_search_playout(&t->sc, s, &p->po, &t->rng, ret, NULL, NULL, NULL, 0);

    sim_learn(t, p, ret);
    /* cv=deep: a node's return less the luck drawn after it, which is the root's return
     * less every draw's luck (ret from here on: also what the exploration scale learns
     * from) plus the luck drawn before the node's move (path_cv). Without cv both are
     * zero and skipped. */
    if (p->cv)
        for (int q = 0; q < g->players(root_state); q++)
            ret[q] -= t->sc.cv_sum[q];
    explore_scale_update(t, ret, g->players(root_state));
    for (int d = 0; d < depth; d++) {
        struct mcts_node *nd = &t->nodes[t->path[d]];
        nd->visits++;
        if (nd->seat >= 0)
            nd->value += ret[nd->seat] + (p->cv ? t->path_cv[d] : 0);
    }
    if (t->bk) {
        /* The searching seat's return at each node (its luck after the node taken out, as
         * above), and its backed-up value from the deepest node up: only the path's nodes
         * saw a child's value change. */
        for (int d = depth - 1; d >= 1; d--) {
            int32_t n = t->path[d];
            double *bn = t->bk + (size_t)n * MCTS_BK;
            double r = ret[observer] + (p->cv ? t->path_cvo[d] : 0);
            bn[BK_SUM] += r;
            if (t->bk_exact && t->nodes[n].visits == 1 && t->nodes[n].seat != MCTS_CHANCE_SEAT)
                bn[BK_LEAF] = r; /* a decision's child rated as the leaf it was made as */
            bn[BK_VAL] = backed_value(t, n);
        }
    }
    if (amaf) {
        /* A child of path node d gets an AMAF update when its seat made its move anywhere
         * after d in this iteration (tree part or playout). path_played[d] is where the
         * moves after node d begin; the child's own move counts too. */
        amaf_build(t, num_played);
        for (int d = 0; d < depth; d++) {
            int start = d == 0 ? 0 : t->path_played[d];
            for (int32_t h = t->nodes[t->path[d]].first_child; h != MCTS_NO_NODE;
                 h = t->nodes[h].next_group) {
                if (t->nodes[h].seat < 0)
                    continue;
                for (int32_t c = h; c != MCTS_NO_NODE; c = t->nodes[c].next_sibling) {
                    struct mcts_node *cn = &t->nodes[c];
                    if (amaf_last(t, cn->seat, cn->move) >= start) {
                        cn->amaf_visits += 1;
                        cn->amaf_value += (float)ret[cn->seat];
                    }
                }
            }
        }
    }
}

/* Runs one tree's share of the search. */
static void mcts_search_tree(struct mcts_tree *t, const struct kk_game *g,
                             const struct mcts_params *p, const void *state, int iters,
                             double deadline)
{
    int observer = g->to_move(state);
    /* backup=max keeps values for one seat: a tree kept from another seat's search is not
     * reused */
    int keep = p->reuse && t->valid && memcmp(state, t->tracked, g->state_size) == 0 &&
               (!t->bk || t->observer == observer);
    t->observer = observer;
    t->bk_other = g->cooperative        ? BK_OTHER_MAX
                  : g->players(state) == 2 ? BK_OTHER_MIN
                                           : BK_OTHER_MEAN;
    if (!keep)
        tree_reset(t, g, state);
    t->kept = t->nodes[0].visits;
    explore_scale_reset(t);
    /* Without determinization every iteration starts from `state` itself: its legal moves
     * are the same each time. */
    t->root_cached = !(p->determinize && g->sample_view) && g->to_move(state) >= 0;
    if (t->root_cached)
        lset_build(&t->root, node_moves(g, p, state, t->root.moves));
    long long done = 0;
    for (;;) {
        if (iters > 0 && done >= iters)
            break;
        if (deadline > 0 && (done & 15) == 0 && omp_get_wtime() >= deadline)
            break;
        mcts_iterate(t, g, p, state, observer);
        done++;
    }
    t->iterations = done;
}

/* Adds tree t's root statistics for the moves in the legal set of tree[0] (built from the
 * real root moves) into m->root_visits / root_value. */
static void add_root_stats(struct mcts *m, const struct mcts_tree *t, int who)
{
    const struct mcts_tree *t0 = &m->tree[0];
    for (int32_t c = group_find(t->nodes, 0, who, t->root_key); c != MCTS_NO_NODE;
         c = t->nodes[c].next_sibling) {
        int k = lset_find(&t0->set, t->nodes[c].move);
        if (k < 0)
            continue;
        m->root_visits[k] += t->nodes[c].visits;
        m->root_value[k] += t->bk ? t->bk[(size_t)c * MCTS_BK + BK_VAL] * t->nodes[c].visits
                                  : t->nodes[c].value;
        if (t->sim_acc)
            m->root_avg[k] += t->sim_acc[2 * c + 1];
    }
}

/* Root move k ranks above root move j: more visits, then the better mean (k visited); with
 * backup=expectimax the better value (values are exact for the tree searched, and a move
 * found better late has had fewer visits), then more visits. */
static int root_above(const struct mcts *m, int k, int j)
{
    if (m->p.backup_exact) {
        double vk = m->root_value[k] / m->root_visits[k];
        double vj = m->root_value[j] / m->root_visits[j];
        return vk > vj || (vk == vj && m->root_visits[k] > m->root_visits[j]);
    }
    return m->root_visits[k] > m->root_visits[j] ||
           (m->root_visits[k] == m->root_visits[j] &&
            m->root_value[k] / m->root_visits[k] > m->root_value[j] / m->root_visits[j]);
}

/* The most visited real root move (ties: better mean), or -1 without statistics. */
static int best_root(const struct mcts *m, int n)
{
    int best = -1;
    for (int k = 0; k < n; k++) {
        if (m->root_visits[k] == 0)
            continue;
        if (best < 0 || root_above(m, k, best))
            best = k;
    }
    return best;
}

/* sim=rm/exp3 at a simultaneous root: the move from the average strategy (the root
 * children's summed sampling distributions, Lanctot et al. 2013), which approaches an
 * equilibrium where the last iteration's strategy may cycle; the visits are a noisier
 * sample of the same distributions. final=visits plays its
 * most probable move (ties: most visits, then better mean: best_root's order), final=mix
 * draws one from it. -1 when the bandits never chose (every iteration expanded). */
static int final_average(const struct mcts *m, int n, int best, kk_rng *rng)
{
    double total = 0;
    for (int k = 0; k < n; k++)
        total += m->root_avg[k];
    if (!(total > 0))
        return -1;
    if (m->p.final_mix) {
        double r = kk_rng_double(rng) * total;
        for (int k = 0; k < n; k++) {
            r -= m->root_avg[k];
            if (r < 0 && m->root_avg[k] > 0)
                return k;
        }
    }
    int top = best;
    for (int k = 0; k < n; k++)
        if (m->root_avg[k] > m->root_avg[top] ||
            (m->root_avg[k] == m->root_avg[top] && m->root_visits[k] > 0 &&
             root_above(m, k, top)))
            top = k;
    return top;
}

/* The move to play: the most visited (best_root), or with final=mix at a decision of a
 * simultaneous round a move drawn with probability proportional to its root visits. In a
 * round no seat sees the others' commitments, so the decoupled search's visit frequencies,
 * not its most visited move, approximate an equilibrium strategy (Lanctot et al. 2013);
 * the draw comes from the decision's rng, so a seed still fixes the game. */
static int final_root(const struct mcts *m, const void *state, int n, kk_rng *rng)
{
    int best = best_root(m, n);
    uint32_t pending = kk_sim_pending(m->base.game, state);
    if (best < 0 || !pending)
        return best;
    int who = m->base.game->to_move(state);
    if (m->p.sim_rule != SIM_UCB && m->p.decoupled && (pending & ~(1u << who))) {
        int avg = final_average(m, n, best, rng);
        if (avg >= 0)
            return avg;
    }
    if (!m->p.final_mix)
        return best;
    long long total = 0;
    for (int k = 0; k < n; k++)
        total += m->root_visits[k];
    long long r = (long long)(kk_rng_double(rng) * (double)total);
    for (int k = 0; k < n; k++) {
        r -= m->root_visits[k];
        if (r < 0)
            return k;
    }
    return best;
}

/* view=sample: tree i searches determinizations i, i + T, i + 2T, ... of the `samples`,
 * each with an equal share of the iterations. Everything is drawn from the trees' split
 * rngs, so the move depends only on the seed, `samples` and `threads`. */
static kk_move mcts_choose_sampled(struct mcts *m, const void *state, int n, int who,
                                   double deadline, kk_rng *rng)
{
    const struct kk_game *g = m->base.game;
    const struct mcts_params *p = &m->p;
    int T = m->ntrees, K = p->samples;
    memset(m->root_visits, 0, sizeof *m->root_visits * (size_t)n);
    memset(m->root_value, 0, sizeof *m->root_value * (size_t)n);
    memset(m->root_avg, 0, sizeof *m->root_avg * (size_t)n);
    m->root_n = n;
    struct mcts_tree *t0 = &m->tree[0];
    for (int k = 0; k < K; k++) {
        struct mcts_tree *t = &m->tree[k % T];
        int share = p->iters / K + (k < p->iters % K);
        if (p->iters > 0 && share == 0)
            share = 1;
        g->sample_view(state, who, &t->rng, t->sampled);
        t->valid = 0;
        mcts_search_tree(t, g, p, t->sampled, share, deadline);
        t->valid = 0; /* a determinization is never the state observe() will see */
        /* tree[0]'s legal set may have been rebuilt by the search: rebuild it from the
         * real root moves before reading votes. */
        memcpy(t0->set.moves, m->root_moves, sizeof *m->root_moves * (size_t)n);
        lset_build(&t0->set, n);
        add_root_stats(m, t, who);
    }
    int best = final_root(m, state, n, rng);
    if (best < 0)
        return m->root_moves[kk_rng_bounded(&t0->rng, (uint32_t)n)];
    return m->root_moves[best];
}

static kk_move mcts_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    struct mcts *m = (struct mcts *)self;
    const struct kk_game *g = self->game;
    const struct mcts_params *p = &m->p;
    int who = g->to_move(state);
    int n = g->legal_moves(state, m->root_moves);
    m->root_n = 0;
    if (n == 1)
        return m->root_moves[0];
    for (int i = 0; i < m->ntrees; i++)
        kk_rng_split(rng, (uint64_t)i, &m->tree[i].rng);
    double deadline = p->ms > 0 ? omp_get_wtime() + p->ms / 1000.0 : 0;
    int T = m->ntrees;
    if (p->view_sample && g->sample_view) {
        /* Determinized mcts (perfect-information Monte Carlo): each tree searches `samples`
         * states drawn from what the mover sees, one fresh tree per state, and the root
         * visits of all of them are summed below as votes. The true state is never searched.
         * Trees run one after another here: votes are read from each tree before the next
         * determinization replaces it. */
        return mcts_choose_sampled(m, state, n, who, deadline, rng);
    }
    if (T == 1) {
        mcts_search_tree(&m->tree[0], g, p, state, p->iters, deadline);
    } else {
        /* One loop iteration per tree: when the caller already runs inside a parallel
         * region (e.g. a tournament over games), nesting is off and the trees are simply
         * searched one after another, with the same result. */
#pragma omp parallel for num_threads(T) schedule(static, 1)
        for (int i = 0; i < T; i++) {
            int share = p->iters / T + (i < p->iters % T);
            if (p->iters > 0 && share == 0)
                share = 1;
            mcts_search_tree(&m->tree[i], g, p, state, share, deadline);
        }
    }
    /* Sum root statistics in tree order, over the moves legal in the real state (with open
     * loop or determinization the root may also hold moves from other chance outcomes). */
    struct mcts_tree *t0 = &m->tree[0];
    memcpy(t0->set.moves, m->root_moves, sizeof *m->root_moves * (size_t)n);
    lset_build(&t0->set, n);
    memset(m->root_visits, 0, sizeof *m->root_visits * (size_t)n);
    memset(m->root_value, 0, sizeof *m->root_value * (size_t)n);
    memset(m->root_avg, 0, sizeof *m->root_avg * (size_t)n);
    m->root_n = n;
    for (int i = 0; i < T; i++)
        add_root_stats(m, &m->tree[i], who);
    int best = final_root(m, state, n, rng);
    if (best < 0) /* no statistics at all (e.g. a zero time budget) */
        return m->root_moves[kk_rng_bounded(rng, (uint32_t)n)];
    return m->root_moves[best];
}

/* Keeps each tree in step with the game so the next search can start from the subtree of
 * what was played. Any surprise (a state that is not the one tracked, a move with no node)
 * simply drops the tree. */
static void mcts_observe(struct kk_agent *self, const void *state, kk_move move)
{
    struct mcts *m = (struct mcts *)self;
    const struct kk_game *g = self->game;
    if (!m->p.reuse)
        return;
    int who = g->to_move(state);
    for (int i = 0; i < m->ntrees; i++) {
        struct mcts_tree *t = &m->tree[i];
        if (!t->valid)
            continue;
        if (memcmp(state, t->tracked, g->state_size) != 0) {
            t->valid = 0;
            continue;
        }
        if (who == KK_CHANCE && !m->p.explicit_chance) {
            /* open loop: the root stays; its next children are those keyed by the outcome */
            uint32_t seen = chance_seen(t, g, state, move, m->p.seen_chance, t->observer);
            if (!m->p.pooled_chance && (seen || !m->p.seen_chance))
                t->root_key = chance_key_add(t->root_key, (kk_move)seen);
            g->apply(t->tracked, move);
            continue;
        }
        int seat = who == KK_CHANCE ? MCTS_CHANCE_SEAT : who;
        uint32_t key = seat == MCTS_CHANCE_SEAT ? 0 : t->root_key;
        int32_t c = group_child(t->nodes, group_find(t->nodes, 0, seat, key), move);
        if (c == MCTS_NO_NODE) {
            t->valid = 0;
            continue;
        }
        tree_promote(t, c);
        t->root_key = 0;
        g->apply(t->tracked, move);
    }
}

static void mcts_reset(struct kk_agent *self)
{
    struct mcts *m = (struct mcts *)self;
    for (int i = 0; i < m->ntrees; i++)
        m->tree[i].valid = 0;
}

static void tree_free(struct mcts_tree *t)
{
    free(t->nodes);
    free(t->spare);
    free(t->tracked);
    free(t->work);
    free(t->sampled);
    free(t->info);
    kk_buf_free(&t->seen);
    kk_search_scratch_free(&t->sc);
    free(t->path);
    free(t->path_played);
    free(t->path_cv);
    free(t->path_cvo);
    free(t->bk);
    free(t->bk_spare);
    free(t->oc_move);
    free(t->oc_prob);
    free(t->played_seat);
    free(t->played_move);
    lset_free(&t->set, 0);
    lset_free(&t->root, 1);
    free(t->logtab);
    free(t->gcache);
    free(t->aidx);
    free(t->astamp);
    free(t->sim_acc);
    free(t->sim_prob);
    free(t->simrec);
    free(t->simkid);
}

static void mcts_destroy(struct kk_agent *self)
{
    struct mcts *m = (struct mcts *)self;
    for (int i = 0; i < m->ntrees; i++)
        tree_free(&m->tree[i]);
    free(m->root_moves);
    free(m->root_visits);
    free(m->root_value);
    free(m->root_avg);
    free(m);
}

static int tree_alloc(struct mcts_tree *t, const struct kk_game *g, const struct mcts_params *p,
                      int cap, kk_error *err)
{
    if (kk_search_scratch_init(&t->sc, g, err) != 0 ||
        kk_search_deep_option(&t->sc, p->deep, err) != 0 ||
        kk_search_cv_option(&t->sc, p->cv, err) != 0)
        return -1;
    t->cap = cap;
    t->nodes = malloc((size_t)cap * sizeof *t->nodes);
    t->spare = p->reuse ? malloc((size_t)cap * sizeof *t->spare) : NULL;
    t->tracked = malloc(g->state_size);
    t->work = malloc(g->state_size);
    t->sampled = malloc(g->state_size);
    t->info = malloc(KK_INFO_KEY_MAX);
    t->path = malloc((size_t)(cap + 1) * sizeof *t->path);
    t->path_played = malloc((size_t)(cap + 1) * sizeof *t->path_played);
    t->path_cv = malloc((size_t)(cap + 1) * sizeof *t->path_cv);
    int sets_ok = lset_alloc(&t->set, t->sc.moves, g->max_moves) == 0;
    sets_ok = lset_alloc(&t->root, NULL, g->max_moves) == 0 && sets_ok;
    t->logtab = malloc(MCTS_LOG_TABLE * sizeof *t->logtab);
    t->gmask = pow2_at_least((uint32_t)(cap < 65536 ? cap : 65536)) - 1;
    t->gcache = calloc(t->gmask + 1, sizeof *t->gcache);
    t->ggen = 1;
    if (t->logtab)
        for (int k = 0; k < MCTS_LOG_TABLE; k++)
            t->logtab[k] = log((double)k);
    int ok = t->nodes && (t->spare || !p->reuse) && t->tracked && t->work && t->sampled && t->info &&
             t->path && t->path_played && t->path_cv && sets_ok && t->logtab && t->gcache;
    if (p->backup_max) {
        t->path_cvo = malloc((size_t)(cap + 1) * sizeof *t->path_cvo);
        t->bk = malloc((size_t)cap * MCTS_BK * sizeof *t->bk);
        t->bk_spare = p->reuse ? malloc((size_t)cap * MCTS_BK * sizeof *t->bk_spare) : NULL;
        ok = ok && t->path_cvo && t->bk && (t->bk_spare || !p->reuse);
        t->bk_exact = p->backup_exact;
    }
    if (p->backup_exact) {
        t->oc_move = malloc((size_t)g->max_moves * sizeof *t->oc_move);
        t->oc_prob = malloc((size_t)g->max_moves * sizeof *t->oc_prob);
        ok = ok && t->oc_move && t->oc_prob;
    }
    if (p->rave > 0) {
        t->played_seat = malloc(MCTS_MAX_PLAYED * sizeof *t->played_seat);
        t->played_move = malloc(MCTS_MAX_PLAYED * sizeof *t->played_move);
        t->amask = pow2_at_least(2 * MCTS_MAX_PLAYED) - 1;
        t->aidx = malloc((t->amask + 1) * sizeof *t->aidx);
        t->astamp = calloc(t->amask + 1, sizeof *t->astamp);
        ok = ok && t->played_seat && t->played_move && t->aidx && t->astamp;
    }
    if (p->sim_rule != SIM_UCB && p->decoupled) {
        long long kids = (long long)MCTS_SIM_RECORDS * g->max_moves;
        t->simkid_cap = (int)(kids < (1 << 20) ? kids : (1 << 20));
        if (t->simkid_cap < g->max_moves)
            t->simkid_cap = g->max_moves;
        t->sim_acc = malloc((size_t)cap * 2 * sizeof *t->sim_acc);
        t->sim_prob = malloc((size_t)g->max_moves * sizeof *t->sim_prob);
        t->simrec = malloc(MCTS_SIM_RECORDS * sizeof *t->simrec);
        t->simkid = malloc((size_t)t->simkid_cap * sizeof *t->simkid);
        ok = ok && t->sim_acc && t->sim_prob && t->simrec && t->simkid;
    }
    if (!ok)
        return kk_fail(err, "out of memory for a search tree of %d nodes", cap);
    return 0;
}

static const char *const mcts_rewards[] = {"win", "margin", "mix", NULL};
static const char *const mcts_cuts[] = {"moves", "turn", NULL};
static const char *const mcts_chance[] = {"open", "explicit", "pooled", "seen", NULL};
static const char *const mcts_scales[] = {"sd", "none", NULL};
static const char *const mcts_sims[] = {"decoupled", "sequential", "rm", "exp3", NULL};
enum { SIMOPT_DECOUPLED, SIMOPT_SEQUENTIAL, SIMOPT_RM, SIMOPT_EXP3 };
static const char *const mcts_expand[] = {"random", "greedy", NULL};
static const char *const mcts_views[] = {"iset", "sample", "peek", NULL};
static const char *const mcts_opponents[] = {"auto", "iset", "pooled", NULL};
static const char *const mcts_finals[] = {"visits", "mix", NULL};
static const char *const mcts_horizons[] = {"game", "turn", NULL};
static const char *const mcts_cvs[] = {"off", "deep", NULL};
static const char *const mcts_backups[] = {"mean", "max", "expectimax", "auto", NULL};
enum { BACKUP_MEAN, BACKUP_MAX, BACKUP_EXPECTIMAX, BACKUP_AUTO };
static const char *const mcts_moves[] = {"all", "candidates", NULL};
enum { VIEW_ISET, VIEW_SAMPLE, VIEW_PEEK };

/* Indices into the option table, shared by mcts and ismcts. */
enum {
    OPT_ITERS, OPT_MS, OPT_C, OPT_REWARD, OPT_ROLLOUT, OPT_EPSILON, OPT_DEPTH, OPT_CHANCE,
    OPT_RAVE, OPT_THREADS, OPT_REUSE, OPT_WIDEN, OPT_WIDEN_EXP, OPT_EXPAND, OPT_NODES,
    OPT_VIEW, OPT_SAMPLES, OPT_SCALE, OPT_SIM, OPT_OPPONENTS, OPT_FINAL, OPT_GAMMA, OPT_CUT,
    OPT_EVAL, OPT_HORIZON, OPT_CV, OPT_CWIDEN, OPT_CWIDEN_EXP, OPT_GROW, OPT_BACKUP, OPT_MOVES,
    OPT_COUNT
};
_Static_assert(OPT_COUNT <= KK_MAX_AGENT_OPTS, "raise KK_MAX_AGENT_OPTS in agent.h");

static const struct kk_agent_opt mcts_opts[OPT_COUNT] = {
    [OPT_ITERS] = {"iters", "1000", 0, 100000000, 1, NULL,
                   "iterations per decision, over all threads (0: only the time budget)"},
    [OPT_MS] = {"ms", "0", 0, 3600000, 0, NULL,
                "time budget per decision in milliseconds (0: none; not reproducible)"},
    [OPT_C] = {"c", "1", 0, 100, 0, NULL,
                "UCT exploration constant, in units of the returns' observed sd (scale=sd) "
                "or of the [0, 1] return range (scale=none)"},
    [OPT_REWARD] = {"reward", "margin", 0, 0, 0, mcts_rewards,
                    "win: 1/k for a k-way shared win, else 0; margin: 0.5 + 0.5 * (own score "
                    "- best other) / score scale, clamped to [0, 1]; mix: the mean of the two"},
    [OPT_ROLLOUT] = {"rollout", "random", 0, 0, 0, kk_search_rollout_names,
                     "playout policy: uniform random, epsilon-greedy on the evaluation, or "
                     "the game's own cheap heuristic (policy, games that have one), taking a "
                     "random move with probability epsilon; none: no playout, a new leaf is "
                     "rated by evaluation at once"},
    [OPT_EPSILON] = {"epsilon", "0.1", 0, 1, 0, NULL,
                     "greedy and policy playouts: probability of a random move instead"},
    [OPT_DEPTH] = {"depth", "0", 0, 100000, 1, NULL,
                   "playout moves before scoring by evaluation (0: play to the end)"},
    [OPT_CHANCE] = {"chance", "open", 0, 0, 0, mcts_chance,
                    "open: resample chance each iteration, no chance nodes, a move's node "
                    "keyed by the outcomes drawn since the last decision; explicit: sampled "
                    "outcomes are tree nodes; pooled: open loop without keys (one node "
                    "pools a move over every draw); seen: open, keyed by the outcomes as the "
                    "searching seat sees them (a draw it cannot see splits no node)"},
    [OPT_RAVE] = {"rave", "0", 0, 1e9, 0, NULL,
                  "RAVE/AMAF equivalence parameter k, beta = sqrt(k / (3n + k)) (0: off)"},
    [OPT_THREADS] = {"threads", "1", 1, MCTS_MAX_THREADS, 1, NULL,
                     "root parallelism: independent trees on OpenMP threads, visits summed"},
    [OPT_REUSE] = {"reuse", "1", 0, 1, 1, NULL,
                   "keep the subtree of the moves actually played for the next decision "
                   "(off under honest views of hidden-information games: it would leak)"},
    [OPT_WIDEN] = {"widen", "0", 0, 1000, 0, NULL,
                   "progressive widening: at most ceil(widen * visits^widen_exp) children "
                   "per node (0: try every move before revisiting one)"},
    [OPT_WIDEN_EXP] = {"widen_exp", "0.5", 0, 1, 0, NULL, "progressive widening exponent"},
    [OPT_EXPAND] = {"expand", "random", 0, 0, 0, mcts_expand,
                    "which untried move a node adds next: random, or the best by evaluation "
                    "(one apply per untried move; pairs with widen)"},
    [OPT_NODES] = {"nodes", "0", 0, 100000000, 1, NULL,
                   "tree node pool per thread (0: 3 * iterations per thread + 1024, or 2^20 "
                   "with a time budget); a full pool stops growing the tree"},
    [OPT_VIEW] = {"view", "iset", 0, 0, 0, mcts_views,
                  "hidden-information games: iset starts every iteration from a fresh "
                  "determinization of what the mover sees (one tree over information sets, "
                  "ISMCTS); sample searches `samples` determinizations, a tree each, votes "
                  "summed (PIMC); peek searches the true state: CHEATING, a baseline only"},
    [OPT_SAMPLES] = {"samples", "1", 1, 10000, 1, NULL,
                     "view=sample: determinizations per decision, iterations split evenly, "
                     "root visits summed as votes"},
    [OPT_SCALE] = {"scale", "sd", 0, 0, 0, mcts_scales,
                   "exploration scale: sd multiplies c by the observed standard deviation of "
                   "the chooser's returns in this search (scale-free); none uses c as is"},
    [OPT_SIM] = {"sim", "decoupled", 0, 0, 0, mcts_sims,
                 "games with simultaneous rounds: decoupled searches a round as one joint "
                 "decision, each seat choosing by its own statistics without seeing the "
                 "others' commitments (decoupled UCT); rm and exp3 do the same, but each "
                 "seat samples its move by regret matching or Exp3 (with exploration "
                 "gamma) and the move played at a simultaneous root comes from the average "
                 "strategy; sequential lets later seats answer earlier ones in the tree"},
    [OPT_OPPONENTS] = {"opponents", "auto", 0, 0, 0, mcts_opponents,
                       "view=iset on games with information-set keys (info_key): iset splits "
                       "an opponent's node by that opponent's information set, so opponents in "
                       "the tree act on their own cards; pooled: one node per move over every "
                       "hand they might hold (single-observer ISMCTS); auto: pooled at two "
                       "seats, iset at three or more (measured on Liar's Cards)"},
    [OPT_FINAL] = {"final", "visits", 0, 0, 0, mcts_finals,
                   "the move played: visits plays the most visited root move; mix, at a "
                   "decision of a simultaneous round, draws it with probability proportional "
                   "to its root visits (a mixed strategy), elsewhere the most visited; with "
                   "sim=rm/exp3 at a simultaneous decision: the average strategy's most "
                   "probable move, or (mix) one drawn from it"},
    [OPT_CUT] = {"cut", "moves", 0, 0, 0, mcts_cuts,
                 "where a playout stops before the end: moves, after depth moves; turn, also "
                 "as soon as a seat other than the playout's first mover is to move (the end "
                 "of that seat's turn, for games whose turns are several moves)"},
    [OPT_EVAL] = {"eval", "game", 0, 0, 0, kk_search_eval_names,
                  "how leaves and cut playouts rate a state: game, the game's evaluation; "
                  "deep, the game's deeper evaluation with tables kept for the whole game "
                  "(games that have one: the dice game's single-turn solver); greedy "
                  "expansion keeps the game's evaluation"},
    [OPT_HORIZON] = {"horizon", "game", 0, 0, 0, mcts_horizons,
                     "game: the tree grows through every seat's decisions; turn: an "
                     "iteration stops where a seat other than the searching one is to decide "
                     "(after the chance events before it) and rates that state by evaluation, "
                     "with no playout: a planner of its own turn, for games whose evaluation "
                     "values the end of a turn (the dice game with eval=deep)"},
    [OPT_CV] = {"cv", "off", 0, 0, 0, mcts_cvs,
                "off; deep: a control variate on returns, each chance outcome's change of the "
                "game's deep evaluation taken out of the returns of the nodes above it (zero "
                "in expectation, so the same mean with the luck of the draws removed; games "
                "whose deep evaluation is fair over chance events: the dice game)"},
    [OPT_CWIDEN] = {"cwiden", "0", 0, 1000, 0, NULL,
                    "chance=explicit: progressive widening of chance nodes, at most "
                    "ceil(cwiden * visits^cwiden_exp) outcomes kept at a chance node, visited "
                    "in turn once that many are kept (0: a fresh draw every visit)"},
    [OPT_CWIDEN_EXP] = {"cwiden_exp", "0.5", 0, 1, 0, NULL, "chance widening exponent"},
    [OPT_GROW] = {"grow", "0", 0, 1000000, 1, NULL,
                  "visits a tree node needs before the decision below it gets children (with "
                  "chance=explicit the node is a chance outcome); until then an iteration "
                  "stops there and the playout rates it (0: grow at once)"},
    [OPT_BACKUP] = {"backup", "mean", 0, 0, 0, mcts_backups,
                    "how a node's value for the searching seat is formed: mean, the mean of "
                    "its returns; max, from its children: the best at the seat's own "
                    "decisions, the visit-weighted mean at other seats' and at chance nodes "
                    "(with cv=deep the outcomes' luck taken out); expectimax (with "
                    "rollout=none): chance outcomes weighted by their probabilities, those "
                    "not drawn yet at the node's own rating, and a decision never below its "
                    "own rating; below an open-loop draw the mean (use chance=explicit); auto: "
                    "expectimax with rollout=none on a game without hidden information (or "
                    "view=peek), else mean"},
    [OPT_MOVES] = {"moves", "all", 0, 0, 0, mcts_moves,
                   "which moves a decision in the tree may try: all legal moves, or the "
                   "game's candidates (the moves worth searching, for games that name them: "
                   "the dice game's builds into holes, one set apart per face and rotation, "
                   "and its control moves)"},
    [OPT_GAMMA] = {"gamma", "0.1", 0.001, 1, 0, NULL,
                   "sim=rm/exp3: probability with which a seat of a simultaneous round tries a "
                   "uniformly random move instead of its bandit's strategy (exp3: also its "
                   "learning rate, gamma / moves)"},
};

static struct kk_agent *mcts_create_common(const struct kk_game *g, const double *vals,
                                           int determinize, kk_error *err)
{
    struct mcts_params p = {0};
    p.iters = (int)vals[OPT_ITERS];
    p.ms = vals[OPT_MS];
    p.c = vals[OPT_C];
    p.po.reward = (enum kk_reward)(int)vals[OPT_REWARD]; /* the choices in enum order */
    if (kk_search_rollout_policy(g, vals[OPT_ROLLOUT], &p.po.policy, err) != 0)
        return NULL;
    p.po.epsilon = vals[OPT_EPSILON];
    p.po.depth = (int)vals[OPT_DEPTH];
    p.po.turn_cut = vals[OPT_CUT] == 1;
    p.explicit_chance = vals[OPT_CHANCE] == 1;
    p.pooled_chance = vals[OPT_CHANCE] == 2;
    p.seen_chance = vals[OPT_CHANCE] == 3;
    p.scale_sd = vals[OPT_SCALE] == 0;
    p.deep = vals[OPT_EVAL] != 0; /* checked against the game by kk_search_deep_option */
    p.turn_horizon = vals[OPT_HORIZON] != 0;
    p.cv = vals[OPT_CV] != 0; /* checked against the game by kk_search_cv_option */
    p.candidates = vals[OPT_MOVES] != 0;
    if (p.candidates && !g->candidate_moves) {
        kk_fail(err, "moves=candidates: %s names no candidate moves (use moves=all)", g->name);
        return NULL;
    }
    p.decoupled = vals[OPT_SIM] != SIMOPT_SEQUENTIAL && g->simultaneous != NULL;
    p.sim_rule = vals[OPT_SIM] == SIMOPT_RM     ? SIM_RM
                 : vals[OPT_SIM] == SIMOPT_EXP3 ? SIM_EXP3
                                                : SIM_UCB;
    p.sim_gamma = vals[OPT_GAMMA];
    /* A decoupled tree hangs every seat's commitment from the round's first node, so the
     * kept subtree of a commitment would not hold the next seat's choices: no reuse. */
    p.reuse = (int)vals[OPT_REUSE];
    if (p.decoupled)
        p.reuse = 0;
    p.rave = vals[OPT_RAVE];
    p.threads = (int)vals[OPT_THREADS];
    p.widen = vals[OPT_WIDEN];
    p.widen_exp = vals[OPT_WIDEN_EXP];
    p.cwiden = vals[OPT_CWIDEN];
    p.cwiden_exp = vals[OPT_CWIDEN_EXP];
    if (p.cwiden > 0 && !p.explicit_chance) {
        kk_fail(err, "cwiden=%g: chance widening needs chance=explicit (chance outcomes as "
                     "tree nodes)", p.cwiden);
        return NULL;
    }
    p.expand_visits = (int)vals[OPT_GROW];
    p.expand_greedy = vals[OPT_EXPAND] != 0;

    p.nodes = (int)vals[OPT_NODES];
    int view = (int)vals[OPT_VIEW];
    int hidden = kk_game_hidden(g);
    if (determinize && view == VIEW_SAMPLE) {
        kk_fail(err, "ismcts searches one tree over information sets: view=sample is "
                     "determinized mcts (mcts:view=sample), view=peek the cheating baseline");
        return NULL;
    }
    p.determinize = view == VIEW_ISET;
    /* auto: expectimax where it applies (leaves rated by the evaluation alone, one state
     * per node), the mean elsewhere, so a game may default to it and a user's rollout or
     * view still makes a valid search. */
    int backup = (int)vals[OPT_BACKUP];
    if (backup == BACKUP_AUTO)
        backup = p.po.policy == KK_ROLLOUT_NONE && (!hidden || view == VIEW_PEEK)
                     ? BACKUP_EXPECTIMAX
                     : BACKUP_MEAN;
    p.backup_max = backup != BACKUP_MEAN;
    p.backup_exact = backup == BACKUP_EXPECTIMAX;
    if (p.backup_exact && p.po.policy != KK_ROLLOUT_NONE) {
        kk_fail(err, "backup=expectimax rates each leaf by the evaluation alone: it needs "
                     "rollout=none (or use backup=mean or auto)");
        return NULL;
    }
    if (p.backup_exact && hidden && view != VIEW_PEEK) {
        kk_fail(err, "backup=expectimax needs one state per tree node: %s hides information "
                     "(use backup=max)", g->name);
        return NULL;
    }
    p.opp_iset = p.determinize && hidden && g->info_key && vals[OPT_OPPONENTS] != 2;
    p.opp_auto = vals[OPT_OPPONENTS] == 0;
    p.view_sample = view == VIEW_SAMPLE;
    p.samples = (int)vals[OPT_SAMPLES];
    p.final_mix = vals[OPT_FINAL] == 1;
    /* Tree reuse follows the game through observe(), which is handed the true state and
     * every event, hidden ones included (an opponent's draw, another seat's pending
     * commitment). Descending the kept tree by such an event would start the next search
     * from statistics gathered for that hidden value, and even the decision to keep or drop
     * a tree (by comparing true states) depends on hidden data. So an honest search on a
     * hidden game starts every decision from a fresh tree. */
    if (hidden && view != VIEW_PEEK)
        p.reuse = 0;
    if (p.iters == 0 && p.ms == 0) {
        kk_fail(err, "%s needs a budget: iters > 0 or ms > 0", determinize ? "ismcts" : "mcts");
        return NULL;
    }
    int cap = p.nodes;
    if (cap == 0) {
        long long per = p.iters > 0 ? (p.iters + p.threads - 1) / p.threads : 0;
        cap = p.ms > 0 ? 1 << 20 : (int)(3 * per + 1024);
    }
    if (cap < 16)
        cap = 16;
    struct mcts *m = calloc(1, sizeof *m);
    if (!m) {
        kk_fail(err, "out of memory");
        return NULL;
    }
    m->p = p;
    m->base.game = g;
    m->base.destroy = mcts_destroy;
    m->ntrees = p.threads;
    for (int i = 0; i < m->ntrees; i++)
        if (tree_alloc(&m->tree[i], g, &p, cap, err) != 0) {
            mcts_destroy(&m->base);
            return NULL;
        }
    m->root_moves = malloc((size_t)g->max_moves * sizeof *m->root_moves);
    m->root_visits = malloc((size_t)g->max_moves * sizeof *m->root_visits);
    m->root_value = malloc((size_t)g->max_moves * sizeof *m->root_value);
    m->root_avg = calloc((size_t)g->max_moves, sizeof *m->root_avg);
    if (!m->root_moves || !m->root_visits || !m->root_value || !m->root_avg) {
        mcts_destroy(&m->base);
        kk_fail(err, "out of memory");
        return NULL;
    }
    m->base.peeks = hidden && view == VIEW_PEEK;
    m->base.choose = mcts_choose;
    m->base.observe = mcts_observe;
    m->base.reset = mcts_reset;
    return &m->base;
}

static struct kk_agent *mcts_create(const struct kk_game *g, const double *vals, kk_error *err)
{
    return mcts_create_common(g, vals, 0, err);
}

static struct kk_agent *ismcts_create(const struct kk_game *g, const double *vals,
                                      kk_error *err)
{
    return mcts_create_common(g, vals, 1, err);
}

const struct kk_agent_class kk_agent_mcts = {
    .name = "mcts",
    .help = "UCT for N players (open-loop chance, optional RAVE, root parallel, tree reuse); "
            "on hidden-information games searches the mover's information sets (view=iset) "
            "unless told to cheat (view=peek)",
    .opts = mcts_opts,
    .num_opts = OPT_COUNT,
    .create = mcts_create,
};

const struct kk_agent_class kk_agent_ismcts = {
    .name = "ismcts",
    .help = "single-observer information-set MCTS: each iteration searches a state sampled "
            "from what the mover can see (the same as mcts with view=iset)",
    .opts = mcts_opts,
    .num_opts = OPT_COUNT,
    .create = ismcts_create,
};

long long kk_mcts_kept_visits(const struct kk_agent *a)
{
    if (a->cls != &kk_agent_mcts && a->cls != &kk_agent_ismcts)
        return -1;
    return ((const struct mcts *)a)->tree[0].kept;
}

int kk_mcts_reuses(const struct kk_agent *a)
{
    if (a->cls != &kk_agent_mcts && a->cls != &kk_agent_ismcts)
        return -1;
    return ((const struct mcts *)a)->p.reuse;
}

long long kk_mcts_tree_nodes(const struct kk_agent *a)
{
    if (a->cls != &kk_agent_mcts && a->cls != &kk_agent_ismcts)
        return -1;
    return ((const struct mcts *)a)->tree[0].used;
}

int kk_mcts_tree_shape(const struct kk_agent *a, int min_visits, struct kk_mcts_shape *out)
{
    memset(out, 0, sizeof *out);
    if (a->cls != &kk_agent_mcts && a->cls != &kk_agent_ismcts)
        return -1;
    const struct mcts_tree *t = &((const struct mcts *)a)->tree[0];
    if (t->used == 0)
        return 0;
    int32_t *stack = malloc((size_t)t->used * sizeof *stack);
    int *dep = malloc((size_t)t->used * sizeof *dep);
    if (!stack || !dep) {
        free(stack);
        free(dep);
        return -1;
    }
    int top = 0;
    stack[top] = 0;
    dep[top++] = 0;
    while (top > 0) {
        top--;
        int32_t n = stack[top];
        int d = dep[top];
        const struct mcts_node *nd = &t->nodes[n];
        if (nd->visits >= min_visits && nd->seat >= 0) {
            out->visited++;
            if (d > out->depth)
                out->depth = d;
        }
        int outcomes = 0, decisions = 0;
        for (int32_t h = nd->first_child; h != MCTS_NO_NODE; h = t->nodes[h].next_group)
            for (int32_t c = h; c != MCTS_NO_NODE; c = t->nodes[c].next_sibling) {
                outcomes += t->nodes[c].seat == MCTS_CHANCE_SEAT;
                decisions += t->nodes[c].seat >= 0;
                stack[top] = c;
                dep[top++] = d + (t->nodes[c].seat >= 0);
            }
        if (n != 0 && decisions > 0 && nd->visits <= min_visits)
            out->young_parents++;
        if (outcomes > 0) {
            double allow = ceil(sqrt(nd->visits > 1 ? nd->visits - 1.0 : 0.0));
            double r = outcomes / (allow > 1 ? allow : 1);
            if (r > out->widest)
                out->widest = r;
        }
    }
    free(stack);
    free(dep);
    return 0;
}

long long kk_mcts_backup_mismatches(const struct kk_agent *a)
{
    if (a->cls != &kk_agent_mcts && a->cls != &kk_agent_ismcts)
        return -1;
    const struct mcts *m = (const struct mcts *)a;
    const struct mcts_tree *t = &m->tree[0];
    if (!t->bk)
        return -1;
    long long bad = 0;
    for (int32_t n = 1; n < t->used; n++)
        if (t->nodes[n].visits > 0 &&
            fabs(backed_value(t, n) - t->bk[(size_t)n * MCTS_BK + BK_VAL]) > 1e-12)
            bad++;
    return bad;
}

int kk_mcts_root_stats(const struct kk_agent *a, kk_move *moves, int32_t *visits, double *mean,
                       double *avg)
{
    if (a->cls != &kk_agent_mcts && a->cls != &kk_agent_ismcts)
        return -1;
    const struct mcts *m = (const struct mcts *)a;
    double total = 0;
    for (int k = 0; k < m->root_n; k++)
        total += m->root_avg[k];
    for (int k = 0; k < m->root_n; k++) {
        moves[k] = m->root_moves[k];
        visits[k] = m->root_visits[k];
        mean[k] = m->root_visits[k] > 0 ? m->root_value[k] / m->root_visits[k] : 0;
        avg[k] = total > 0 ? m->root_avg[k] / total : 0;
    }
    return m->root_n;
}
