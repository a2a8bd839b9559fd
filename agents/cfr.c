/* Counterfactual regret minimisation (cfr.h): the information-set table, external-sampling
 * MCCFR, the exact best response and exploitability, and the policy file. */
#include "cfr.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/buf.h"

/* ---------------------------------------------------------------------------------------
 * Information-set table. Keys, entries and the numbers of every information set live in
 * three growable pools addressed by offsets (no allocation per information set), found
 * through an open-addressing index of entry numbers. */

struct cfr_entry {
    uint64_t hash;
    size_t key_off;
    size_t data_off; /* width * n doubles */
    uint32_t key_len;
    uint32_t n;     /* legal moves at this information set */
    uint64_t stamp; /* trainer: the traversal that last gave it pending regrets */
};

struct kk_cfr_policy {
    const struct kk_game *game;
    int width; /* doubles per move: a policy has regret, then average-strategy sum, ... */
    struct cfr_entry *entries;
    size_t count, cap;
    uint32_t *slots; /* entry index + 1; 0 empty */
    size_t mask;     /* slots - 1, a power of two minus one */
    uint8_t *keys;
    size_t keys_len, keys_cap;
    double *data;
    size_t data_len, data_cap;
};

static uint64_t key_hash(const uint8_t *key, size_t len)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ key[i]) * 1099511628211ULL;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return h;
}

static int table_init(struct kk_cfr_policy *t, const struct kk_game *g, int width)
{
    memset(t, 0, sizeof *t);
    t->game = g;
    t->width = width;
    t->mask = 1023;
    t->slots = calloc(t->mask + 1, sizeof *t->slots);
    return t->slots ? 0 : -1;
}

static void table_free(struct kk_cfr_policy *t)
{
    free(t->entries);
    free(t->slots);
    free(t->keys);
    free(t->data);
}

static long table_find(const struct kk_cfr_policy *t, const uint8_t *key, size_t len,
                       uint64_t h)
{
    for (size_t i = (size_t)h & t->mask;; i = (i + 1) & t->mask) {
        uint32_t s = t->slots[i];
        if (s == 0)
            return -1;
        const struct cfr_entry *e = &t->entries[s - 1];
        if (e->hash == h && e->key_len == len && memcmp(t->keys + e->key_off, key, len) == 0)
            return (long)(s - 1);
    }
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, c * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* Adds a new entry (the key must not be in the table) with width * n zeros. */
static long table_add(struct kk_cfr_policy *t, const uint8_t *key, size_t len, uint64_t h,
                      int n, kk_error *err)
{
    if ((t->count + 1) * 2 > t->mask + 1) {
        size_t nmask = t->mask * 2 + 1;
        uint32_t *ns = calloc(nmask + 1, sizeof *ns);
        if (!ns)
            return kk_fail(err, "out of memory for information sets");
        for (size_t e = 0; e < t->count; e++) {
            size_t i = (size_t)t->entries[e].hash & nmask;
            while (ns[i])
                i = (i + 1) & nmask;
            ns[i] = (uint32_t)(e + 1);
        }
        free(t->slots);
        t->slots = ns;
        t->mask = nmask;
    }
    size_t nd = (size_t)t->width * (size_t)n;
    if (t->count >= UINT32_MAX - 1 ||
        grow((void **)&t->entries, &t->cap, t->count + 1, sizeof *t->entries) != 0 ||
        grow((void **)&t->keys, &t->keys_cap, t->keys_len + len + 1, 1) != 0 ||
        grow((void **)&t->data, &t->data_cap, t->data_len + nd + 1, sizeof *t->data) != 0)
        return kk_fail(err, "out of memory for information sets");
    struct cfr_entry *e = &t->entries[t->count];
    e->hash = h;
    e->key_off = t->keys_len;
    e->key_len = (uint32_t)len;
    e->data_off = t->data_len;
    e->n = (uint32_t)n;
    e->stamp = 0;
    if (len)
        memcpy(t->keys + t->keys_len, key, len);
    t->keys_len += len;
    memset(t->data + t->data_len, 0, nd * sizeof *t->data);
    t->data_len += nd;
    size_t i = (size_t)h & t->mask;
    while (t->slots[i])
        i = (i + 1) & t->mask;
    t->slots[i] = (uint32_t)(t->count + 1);
    return (long)t->count++;
}

/* Entry for key with n moves, created when missing; -1 with err on a move-count mismatch
 * (the game's info_key merges states with different legal moves) or no memory. */
static long table_get(struct kk_cfr_policy *t, const uint8_t *key, size_t len, int n,
                      kk_error *err)
{
    uint64_t h = key_hash(key, len);
    long e = table_find(t, key, len, h);
    if (e < 0)
        return table_add(t, key, len, h, n, err);
    if ((int)t->entries[e].n != n)
        return kk_fail(err, "%s: info_key gives one key to states with %u and %d legal moves",
                       t->game->name, t->entries[e].n, n);
    return e;
}

/* The table key of seat's information set: the seat, then the game's info_key bytes. */
static int make_key(const struct kk_game *g, const void *state, int seat, uint8_t *buf,
                    kk_error *err)
{
    buf[0] = (uint8_t)seat;
    int len = g->info_key(state, seat, buf + 1, KK_INFO_KEY_MAX);
    if (len < 0 || len > KK_INFO_KEY_MAX)
        return kk_fail(err, "%s: info_key needs more than %d bytes", g->name, KK_INFO_KEY_MAX);
    return len + 1;
}

/* The average strategy of entry e, normalised (uniform when nothing was accumulated). */
static void entry_average(const struct kk_cfr_policy *t, long e, double *probs)
{
    const struct cfr_entry *en = &t->entries[e];
    const double *avg = t->data + en->data_off + en->n;
    double sum = 0;
    for (uint32_t a = 0; a < en->n; a++)
        sum += avg[a];
    for (uint32_t a = 0; a < en->n; a++)
        probs[a] = sum > 0 ? avg[a] / sum : 1.0 / en->n;
}

struct kk_cfr_policy *kk_cfr_policy_new(const struct kk_game *g, kk_error *err)
{
    struct kk_cfr_policy *p = malloc(sizeof *p);
    if (!p || table_init(p, g, 2) != 0) {
        free(p);
        kk_fail(err, "out of memory");
        return NULL;
    }
    return p;
}

void kk_cfr_policy_free(struct kk_cfr_policy *p)
{
    if (!p)
        return;
    table_free(p);
    free(p);
}

long long kk_cfr_policy_size(const struct kk_cfr_policy *p)
{
    return (long long)p->count;
}

int kk_cfr_policy_probs(const struct kk_cfr_policy *p, const void *state, int seat,
                        double *probs, int n, kk_error *err)
{
    for (int a = 0; a < n; a++)
        probs[a] = 1.0 / n;
    uint8_t key[KK_INFO_KEY_MAX + 1];
    int len = make_key(p->game, state, seat, key, err);
    if (len < 0)
        return -1;
    long e = table_find(p, key, (size_t)len, key_hash(key, (size_t)len));
    if (e < 0)
        return 0;
    if ((int)p->entries[e].n != n)
        return kk_fail(err, "%s: the policy has %u moves at an information set with %d",
                       p->game->name, p->entries[e].n, n);
    entry_average(p, e, probs);
    return 1;
}

/* ---------------------------------------------------------------------------------------
 * Per-depth scratch for the recursive walks: each depth has its own move list,
 * probabilities, values, key and child state. Frames are allocated once and never move. */

struct frame {
    kk_move *moves;
    double *prob;
    double *vals;
    uint8_t *key;
    unsigned char *state;
};

struct frames {
    const struct kk_game *g;
    struct frame **f;
    int count, cap;
};

#define CFR_MAX_DEPTH 100000

static struct frame *frame_at(struct frames *fs, int depth, kk_error *err)
{
    if (depth < fs->count)
        return fs->f[depth];
    if (depth >= CFR_MAX_DEPTH) {
        kk_fail(err, "%s: the game tree is deeper than %d events", fs->g->name, CFR_MAX_DEPTH);
        return NULL;
    }
    if (fs->count == fs->cap) {
        int nc = fs->cap ? fs->cap * 2 : 32;
        struct frame **nf = realloc(fs->f, (size_t)nc * sizeof *nf);
        if (!nf) {
            kk_fail(err, "out of memory");
            return NULL;
        }
        fs->f = nf;
        fs->cap = nc;
    }
    size_t m = (size_t)(fs->g->max_moves > 0 ? fs->g->max_moves : 1);
    struct frame *f = calloc(1, sizeof *f);
    if (f) {
        f->moves = malloc(m * sizeof *f->moves);
        f->prob = malloc(m * sizeof *f->prob);
        f->vals = malloc(m * sizeof *f->vals);
        f->key = malloc(KK_INFO_KEY_MAX + 8);
        f->state = malloc(fs->g->state_size);
    }
    if (!f || !f->moves || !f->prob || !f->vals || !f->key || !f->state) {
        if (f) {
            free(f->moves);
            free(f->prob);
            free(f->vals);
            free(f->key);
            free(f->state);
            free(f);
        }
        kk_fail(err, "out of memory");
        return NULL;
    }
    fs->f[fs->count++] = f;
    return f;
}

static void frames_free(struct frames *fs)
{
    for (int i = 0; i < fs->count; i++) {
        free(fs->f[i]->moves);
        free(fs->f[i]->prob);
        free(fs->f[i]->vals);
        free(fs->f[i]->key);
        free(fs->f[i]->state);
        free(fs->f[i]);
    }
    free(fs->f);
    fs->f = NULL;
    fs->count = fs->cap = 0;
}

/* The child of state after move m, in frame f's state buffer. */
static const void *child(const struct kk_game *g, struct frame *f, const void *state, kk_move m)
{
    memcpy(f->state, state, g->state_size);
    g->apply(f->state, m);
    return f->state;
}

double kk_cfr_utility(const struct kk_game *g, const void *state, int seat)
{
    int32_t sc[KK_MAX_SEATS];
    int n = g->players(state);
    g->scores(state, sc);
    double sum = 0;
    for (int s = 0; s < n; s++)
        sum += sc[s];
    return sc[seat] - sum / n;
}

/* ---------------------------------------------------------------------------------------
 * External-sampling MCCFR (Lanctot et al. 2009). For the traversing seat every move is
 * explored and its regrets updated; chance and the other seats are sampled, the other seats
 * from their current regret-matching strategy, which is also added to their average. */

struct kk_cfr {
    const struct kk_game *g;
    int players;
    struct kk_cfr_opts opts;
    struct kk_cfr_policy tab;
    unsigned char *root;
    long long iters;
    struct frames fs;
    kk_error *err;
    kk_rng *rng; /* during kk_cfr_run */
    int failed;
    uint64_t stamp;   /* traversals so far (full and chance-sampled CFR) */
    uint32_t *dirty;  /* entries with pending regrets in this traversal */
    size_t num_dirty, dirty_cap;
};

static void regret_match(const double *regret, int n, double *sigma)
{
    double pos = 0;
    for (int a = 0; a < n; a++)
        pos += regret[a] > 0 ? regret[a] : 0;
    for (int a = 0; a < n; a++)
        sigma[a] = pos > 0 ? (regret[a] > 0 ? regret[a] / pos : 0) : 1.0 / n;
}

static int sample_index(const double *p, int n, kk_rng *rng)
{
    double r = kk_rng_double(rng), acc = 0;
    for (int a = 0; a < n; a++) {
        acc += p[a];
        if (r < acc)
            return a;
    }
    for (int a = n - 1; a > 0; a--) /* rounding: the last move with weight */
        if (p[a] > 0)
            return a;
    return 0;
}

static double es_walk(struct kk_cfr *c, const void *state, int depth, int trav, kk_rng *rng)
{
    const struct kk_game *g = c->g;
    int who = g->to_move(state);
    if (who == KK_TERMINAL)
        return kk_cfr_utility(g, state, trav);
    struct frame *f = frame_at(&c->fs, depth, c->err);
    if (!f) {
        c->failed = 1;
        return 0;
    }
    if (who == KK_CHANCE)
        return es_walk(c, child(g, f, state, g->sample_chance(state, rng)), depth + 1, trav,
                       rng);
    int len = make_key(g, state, who, f->key, c->err);
    int n = g->legal_moves(state, f->moves);
    long e = len < 0 ? -1 : table_get(&c->tab, f->key, (size_t)len, n, c->err);
    if (e < 0) {
        c->failed = 1;
        return 0;
    }
    size_t off = c->tab.entries[e].data_off;
    regret_match(c->tab.data + off, n, f->prob);
    if (who != trav) {
        double *avg = c->tab.data + off + n;
        for (int a = 0; a < n; a++)
            avg[a] += f->prob[a];
        int a = sample_index(f->prob, n, rng);
        return es_walk(c, child(g, f, state, f->moves[a]), depth + 1, trav, rng);
    }
    double ev = 0;
    for (int a = 0; a < n && !c->failed; a++) {
        f->vals[a] = es_walk(c, child(g, f, state, f->moves[a]), depth + 1, trav, rng);
        ev += f->prob[a] * f->vals[a];
    }
    double *regret = c->tab.data + off; /* the pool may have moved during the walk */
    for (int a = 0; a < n; a++) {
        regret[a] += f->vals[a] - ev;
        if (c->opts.regret == KK_CFR_RM_PLUS && regret[a] < 0)
            regret[a] = 0;
    }
    return ev;
}

/* Full-width CFR (Zinkevich et al. 2007) with alternating updates (or, for KK_CFR_CHANCE,
 * chance-sampled CFR: one outcome drawn per chance node and iteration): the traversing seat's
 * regrets are weighted by the reach of chance and the other seats, its average strategy by
 * its own reach; with regret matching+ the average is weighted by the iteration number
 * (linear averaging, as in CFR+), with plain regret matching uniformly. */
static double full_walk(struct kk_cfr *c, const void *state, int depth, int trav,
                        double reach_others, double reach_own, double weight)
{
    const struct kk_game *g = c->g;
    int who = g->to_move(state);
    if (who == KK_TERMINAL)
        return kk_cfr_utility(g, state, trav);
    struct frame *f = frame_at(&c->fs, depth, c->err);
    if (!f) {
        c->failed = 1;
        return 0;
    }
    if (who == KK_CHANCE && c->opts.method == KK_CFR_CHANCE) /* sampled: reach unchanged */
        return full_walk(c, child(g, f, state, g->sample_chance(state, c->rng)), depth + 1,
                         trav, reach_others, reach_own, weight);
    if (who == KK_CHANCE) {
        int n = g->chance_outcomes(state, f->moves, f->prob);
        double v = 0;
        for (int k = 0; k < n && !c->failed; k++)
            v += f->prob[k] * full_walk(c, child(g, f, state, f->moves[k]), depth + 1, trav,
                                        reach_others * f->prob[k], reach_own, weight);
        return v;
    }
    int len = make_key(g, state, who, f->key, c->err);
    int n = g->legal_moves(state, f->moves);
    long e = len < 0 ? -1 : table_get(&c->tab, f->key, (size_t)len, n, c->err);
    if (e < 0) {
        c->failed = 1;
        return 0;
    }
    size_t off = c->tab.entries[e].data_off;
    regret_match(c->tab.data + off, n, f->prob);
    double ev = 0;
    if (who != trav) {
        /* No pruning of moves the other seat never plays: the traverser's average
         * strategy below them must still be accumulated with its own reach. */
        for (int a = 0; a < n && !c->failed; a++)
            ev += f->prob[a] * full_walk(c, child(g, f, state, f->moves[a]), depth + 1, trav,
                                         reach_others * f->prob[a], reach_own, weight);
        return ev;
    }
    for (int a = 0; a < n && !c->failed; a++) {
        f->vals[a] = full_walk(c, child(g, f, state, f->moves[a]), depth + 1, trav, reach_others,
                               reach_own * f->prob[a], weight);
        ev += f->prob[a] * f->vals[a];
    }
    /* The strategy must stay fixed for the whole traversal (an information set is met once
     * per state in it), so regrets go to a pending sum applied afterwards. */
    double *avg = c->tab.data + off + n, *pending = avg + n;
    if (c->tab.entries[e].stamp != c->stamp) {
        if (grow((void **)&c->dirty, &c->dirty_cap, c->num_dirty + 1, sizeof *c->dirty) != 0) {
            kk_fail(c->err, "out of memory");
            c->failed = 1;
            return 0;
        }
        c->dirty[c->num_dirty++] = (uint32_t)e;
        c->tab.entries[e].stamp = c->stamp;
    }
    for (int a = 0; a < n; a++) {
        pending[a] += reach_others * (f->vals[a] - ev);
        avg[a] += weight * reach_own * f->prob[a];
    }
    return ev;
}

static void apply_pending(struct kk_cfr *c)
{
    for (size_t i = 0; i < c->num_dirty; i++) {
        uint32_t e = c->dirty[i], n = c->tab.entries[e].n;
        double *regret = c->tab.data + c->tab.entries[e].data_off, *pending = regret + 2 * n;
        for (uint32_t a = 0; a < n; a++) {
            regret[a] += pending[a];
            pending[a] = 0;
            if (c->opts.regret == KK_CFR_RM_PLUS && regret[a] < 0)
                regret[a] = 0;
        }
    }
}

/* Outcome-sampling MCCFR (Lanctot et al. 2009): one terminal history is sampled, the
 * traverser's moves from an epsilon-exploring mix of its strategy, the other seats' from
 * theirs, chance from the game. The sampled utility, divided by the probability s of
 * sampling the history, gives every regret of the traverser on the path an unbiased
 * estimate; the other seats' average strategies are weighted by their reach over s.
 * Chance probabilities are left out of both reach and s, where they cancel. Returns the
 * sampled utility over s; *tail is the probability under the current strategies of the
 * rest of the sampled history from state. */
static double os_walk(struct kk_cfr *c, const void *state, int depth, int trav,
                      double reach_own, double reach_others, double sample, double *tail)
{
    const struct kk_game *g = c->g;
    int who = g->to_move(state);
    if (who == KK_TERMINAL) {
        *tail = 1;
        return kk_cfr_utility(g, state, trav) / sample;
    }
    struct frame *f = frame_at(&c->fs, depth, c->err);
    if (!f) {
        c->failed = 1;
        return 0;
    }
    if (who == KK_CHANCE)
        return os_walk(c, child(g, f, state, g->sample_chance(state, c->rng)), depth + 1, trav,
                       reach_own, reach_others, sample, tail);
    int len = make_key(g, state, who, f->key, c->err);
    int n = g->legal_moves(state, f->moves);
    long e = len < 0 ? -1 : table_get(&c->tab, f->key, (size_t)len, n, c->err);
    if (e < 0) {
        c->failed = 1;
        return 0;
    }
    size_t off = c->tab.entries[e].data_off;
    regret_match(c->tab.data + off, n, f->prob);
    /* f->vals holds the sampling distribution. */
    double eps = who == trav ? KK_CFR_OS_EPSILON : 0;
    for (int a = 0; a < n; a++)
        f->vals[a] = eps / n + (1 - eps) * f->prob[a];
    int a = sample_index(f->vals, n, c->rng);
    double pa = f->prob[a], qa = f->vals[a], child_tail, u;
    if (who == trav) {
        u = os_walk(c, child(g, f, state, f->moves[a]), depth + 1, trav, reach_own * pa,
                    reach_others, sample * qa, &child_tail);
        double w = u * reach_others, *regret = c->tab.data + off;
        for (int b = 0; b < n; b++) {
            regret[b] += b == a ? w * child_tail * (1 - pa) : -w * child_tail * pa;
            if (c->opts.regret == KK_CFR_RM_PLUS && regret[b] < 0)
                regret[b] = 0;
        }
    } else {
        u = os_walk(c, child(g, f, state, f->moves[a]), depth + 1, trav, reach_own,
                    reach_others * pa, sample * qa, &child_tail);
        double *avg = c->tab.data + off + n;
        for (int b = 0; b < n; b++)
            avg[b] += reach_others / sample * f->prob[b];
    }
    *tail = child_tail * pa;
    return u;
}

struct kk_cfr *kk_cfr_create(const struct kk_game *g, const struct kk_variant *v, int players,
                             const struct kk_cfr_opts *opts, kk_error *err)
{
    if (!g->info_key) {
        kk_fail(err, "%s has no information-set keys (info_key), so CFR cannot train on it",
                g->name);
        return NULL;
    }
    struct kk_cfr *c = calloc(1, sizeof *c);
    /* Per move: regret, average-strategy sum, pending regret (full-width CFR). */
    if (!c || table_init(&c->tab, g, 3) != 0 || !(c->root = malloc(g->state_size))) {
        if (c) {
            table_free(&c->tab);
            free(c);
        }
        kk_fail(err, "out of memory");
        return NULL;
    }
    c->g = g;
    c->opts = *opts;
    c->fs.g = g;
    if (kk_game_init(g, c->root, v, players, err) != 0) {
        kk_cfr_destroy(c);
        return NULL;
    }
    c->players = g->players(c->root);
    return c;
}

void kk_cfr_destroy(struct kk_cfr *c)
{
    if (!c)
        return;
    table_free(&c->tab);
    frames_free(&c->fs);
    free(c->dirty);
    free(c->root);
    free(c);
}

int kk_cfr_run(struct kk_cfr *c, long long iters, kk_rng *rng, kk_error *err)
{
    c->err = err;
    c->rng = rng;
    for (long long i = 0; i < iters; i++) {
        double weight = c->opts.regret == KK_CFR_RM_PLUS ? (double)(c->iters + 1) : 1.0;
        for (int trav = 0; trav < c->players; trav++) {
            if (c->opts.method == KK_CFR_FULL || c->opts.method == KK_CFR_CHANCE) {
                c->stamp++;
                c->num_dirty = 0;
                full_walk(c, c->root, 0, trav, 1.0, 1.0, weight);
                apply_pending(c);
            } else if (c->opts.method == KK_CFR_OUTCOME) {
                double tail;
                os_walk(c, c->root, 0, trav, 1.0, 1.0, 1.0, &tail);
            } else {
                es_walk(c, c->root, 0, trav, rng);
            }
            if (c->failed)
                return -1;
        }
        c->iters++;
    }
    return 0;
}

long long kk_cfr_iterations(const struct kk_cfr *c)
{
    return c->iters;
}

const void *kk_cfr_root(const struct kk_cfr *c)
{
    return c->root;
}

const struct kk_cfr_policy *kk_cfr_policy_of(const struct kk_cfr *c)
{
    return &c->tab;
}

/* ---------------------------------------------------------------------------------------
 * Exact evaluation. The best response of seat i walks the whole tree once, carrying the
 * probability that chance and the other seat reach each node (i's own moves are all
 * explored). It collects, for each of i's information sets J and move b, the counterfactual
 * value cfv(J, b): the reach-weighted utility of the terminals whose last decision of i was
 * (J, b). A pass over the information sets, children before parents, then adds to each
 * parent's cfv the best cfv of the child: the best response chooses one move per
 * information set, never per state. Information sets are also keyed by their parent
 * (information set, move), so a game whose key drops a strategically irrelevant past still
 * gets a best response that remembers its own past decisions. */

struct br_ctx {
    const struct kk_game *g;
    const struct kk_cfr_policy *policy;
    int seat;
    long long nodes, max_nodes;
    struct kk_cfr_policy tab; /* width 1: cfv per move */
    int32_t *parent;          /* per entry: parent entry (-1: none) */
    int32_t *paction;         /* per entry: the parent's move index */
    size_t link_cap;
    double root;              /* value of terminals before any decision of seat */
    struct frames fs;
    kk_error *err;
    int failed;
};

static int count_node(long long *nodes, long long max, const struct kk_game *g, kk_error *err)
{
    if (++*nodes > max)
        return kk_fail(err, "%s: the game tree has more than %lld nodes", g->name, max);
    return 0;
}

static void br_walk(struct br_ctx *b, const void *state, int depth, double reach,
                    int32_t parent, int32_t paction)
{
    const struct kk_game *g = b->g;
    if (b->failed || count_node(&b->nodes, b->max_nodes, g, b->err) != 0) {
        b->failed = 1;
        return;
    }
    int who = g->to_move(state);
    if (who == KK_TERMINAL) {
        double u = reach * kk_cfr_utility(g, state, b->seat);
        if (parent < 0)
            b->root += u;
        else
            b->tab.data[b->tab.entries[parent].data_off + (size_t)paction] += u;
        return;
    }
    struct frame *f = frame_at(&b->fs, depth, b->err);
    if (!f) {
        b->failed = 1;
        return;
    }
    if (who == KK_CHANCE) {
        int n = g->chance_outcomes(state, f->moves, f->prob);
        for (int k = 0; k < n; k++)
            br_walk(b, child(g, f, state, f->moves[k]), depth + 1, reach * f->prob[k], parent,
                    paction);
        return;
    }
    int n = g->legal_moves(state, f->moves);
    if (who != b->seat) {
        if (kk_cfr_policy_probs(b->policy, state, who, f->prob, n, b->err) < 0) {
            b->failed = 1;
            return;
        }
        for (int k = 0; k < n; k++)
            if (f->prob[k] > 0)
                br_walk(b, child(g, f, state, f->moves[k]), depth + 1, reach * f->prob[k],
                        parent, paction);
        return;
    }
    /* Key: parent entry, parent move, then the game's key of this seat. */
    memcpy(f->key, &parent, 4);
    memcpy(f->key + 4, &paction, 4);
    int len = g->info_key(state, who, f->key + 8, KK_INFO_KEY_MAX);
    if (len < 0) {
        kk_fail(b->err, "%s: info_key needs more than %d bytes", g->name, KK_INFO_KEY_MAX);
        b->failed = 1;
        return;
    }
    size_t before = b->tab.count;
    long e = table_get(&b->tab, f->key, (size_t)len + 8, n, b->err);
    if (e < 0 || e > INT32_MAX) {
        b->failed = 1;
        return;
    }
    if (b->tab.count > before) {
        if (grow((void **)&b->parent, &b->link_cap, b->tab.count, sizeof *b->parent) != 0) {
            kk_fail(b->err, "out of memory");
            b->failed = 1;
            return;
        }
        size_t cap = b->link_cap;
        int32_t *pa = realloc(b->paction, cap * sizeof *pa);
        if (!pa) {
            kk_fail(b->err, "out of memory");
            b->failed = 1;
            return;
        }
        b->paction = pa;
        b->parent[e] = parent;
        b->paction[e] = paction;
    }
    for (int k = 0; k < n; k++)
        br_walk(b, child(g, f, state, f->moves[k]), depth + 1, reach, (int32_t)e, k);
}

static int best_response(const struct kk_game *g, const void *root,
                         const struct kk_cfr_policy *p, int seat, long long max_nodes,
                         double *value, long long *nodes, kk_error *err)
{
    struct br_ctx b;
    memset(&b, 0, sizeof b);
    b.g = g;
    b.policy = p;
    b.seat = seat;
    b.max_nodes = max_nodes;
    b.fs.g = g;
    b.err = err;
    if (table_init(&b.tab, g, 1) != 0)
        return kk_fail(err, "out of memory");
    br_walk(&b, root, 0, 1.0, -1, 0);
    if (!b.failed) {
        /* Children were created after their parents: finish them first. */
        for (size_t e = b.tab.count; e-- > 0;) {
            const struct cfr_entry *en = &b.tab.entries[e];
            const double *cfv = b.tab.data + en->data_off;
            double best = cfv[0];
            for (uint32_t k = 1; k < en->n; k++)
                best = cfv[k] > best ? cfv[k] : best;
            if (b.parent[e] < 0)
                b.root += best;
            else
                b.tab.data[b.tab.entries[b.parent[e]].data_off + (size_t)b.paction[e]] += best;
        }
        *value = b.root;
        *nodes = b.nodes;
    }
    table_free(&b.tab);
    free(b.parent);
    free(b.paction);
    frames_free(&b.fs);
    return b.failed ? -1 : 0;
}

struct value_ctx {
    const struct kk_game *g;
    const struct kk_cfr_policy *policy;
    long long nodes, max_nodes;
    struct frames fs;
    kk_error *err;
    int failed;
};

/* Expected utility of seat 0 when every seat plays the policy. */
static double value_walk(struct value_ctx *v, const void *state, int depth)
{
    const struct kk_game *g = v->g;
    if (v->failed || count_node(&v->nodes, v->max_nodes, g, v->err) != 0) {
        v->failed = 1;
        return 0;
    }
    int who = g->to_move(state);
    if (who == KK_TERMINAL)
        return kk_cfr_utility(g, state, 0);
    struct frame *f = frame_at(&v->fs, depth, v->err);
    if (!f) {
        v->failed = 1;
        return 0;
    }
    int n;
    if (who == KK_CHANCE) {
        n = g->chance_outcomes(state, f->moves, f->prob);
    } else {
        n = g->legal_moves(state, f->moves);
        if (kk_cfr_policy_probs(v->policy, state, who, f->prob, n, v->err) < 0) {
            v->failed = 1;
            return 0;
        }
    }
    double sum = 0;
    for (int k = 0; k < n; k++)
        if (f->prob[k] > 0)
            sum += f->prob[k] * value_walk(v, child(g, f, state, f->moves[k]), depth + 1);
    return sum;
}

static long long size_walk(const struct kk_game *g, const void *state, int depth,
                           struct frames *fs, long long *nodes, long long max, kk_error *err)
{
    if (count_node(nodes, max, g, err) != 0)
        return -1;
    int who = g->to_move(state);
    if (who == KK_TERMINAL)
        return 0;
    struct frame *f = frame_at(fs, depth, err);
    if (!f)
        return -1;
    int n = who == KK_CHANCE ? g->chance_outcomes(state, f->moves, f->prob)
                             : g->legal_moves(state, f->moves);
    for (int k = 0; k < n; k++)
        if (size_walk(g, child(g, f, state, f->moves[k]), depth + 1, fs, nodes, max, err) < 0)
            return -1;
    return 0;
}

long long kk_cfr_tree_size(const struct kk_game *g, const void *root, long long max_nodes,
                           kk_error *err)
{
    struct frames fs = {.g = g};
    long long nodes = 0;
    long long rc = size_walk(g, root, 0, &fs, &nodes, max_nodes, err);
    frames_free(&fs);
    return rc < 0 ? -1 : nodes;
}

int kk_cfr_evaluate(const struct kk_game *g, const void *root, const struct kk_cfr_policy *p,
                    long long max_nodes, struct kk_cfr_eval *out, kk_error *err)
{
    if (!g->info_key)
        return kk_fail(err, "%s has no information-set keys (info_key)", g->name);
    if (g->players(root) != 2)
        return kk_fail(err, "exact exploitability is defined here for 2 seats, not %d",
                       g->players(root));
    memset(out, 0, sizeof *out);
    struct value_ctx v = {.g = g, .policy = p, .max_nodes = max_nodes, .err = err};
    v.fs.g = g;
    double v0 = value_walk(&v, root, 0);
    frames_free(&v.fs);
    if (v.failed)
        return -1;
    out->value[0] = v0;
    out->value[1] = -v0;
    for (int s = 0; s < 2; s++)
        if (best_response(g, root, p, s, max_nodes, &out->br[s], &out->nodes, err) != 0)
            return -1;
    out->exploitability = (out->br[0] + out->br[1]) / 2;
    return 0;
}

/* ---------------------------------------------------------------------------------------
 * Policy files. */

#define CFR_FORMAT "kark-cfr-policy 1"

int kk_cfr_policy_save(const struct kk_cfr_policy *p, const char *path, const char *variant,
                       int players, long long iterations, kk_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return kk_fail(err, "cannot write '%s': %s", path, strerror(errno));
    fprintf(f, "%s\n# The average strategy of CFR. One information set a line: the seat, its\n"
               "# info_key in hex ('-' when empty), then the probability of each legal move\n"
               "# in the game's legal-move order.\n",
            CFR_FORMAT);
    fprintf(f, "game %s\nplayers %d\nvariant %s\niterations %lld\ninfosets %zu\n",
            p->game->name, players, variant && *variant ? variant : "-", iterations, p->count);
    double *probs = malloc(sizeof *probs * (size_t)(p->game->max_moves > 0 ? p->game->max_moves
                                                                          : 1));
    if (!probs) {
        fclose(f);
        return kk_fail(err, "out of memory");
    }
    for (size_t e = 0; e < p->count; e++) {
        const struct cfr_entry *en = &p->entries[e];
        const uint8_t *k = p->keys + en->key_off;
        fprintf(f, "%d ", k[0]);
        if (en->key_len == 1)
            fputc('-', f);
        for (uint32_t i = 1; i < en->key_len; i++)
            fprintf(f, "%02x", k[i]);
        entry_average(p, (long)e, probs);
        for (uint32_t a = 0; a < en->n; a++)
            fprintf(f, " %.9g", probs[a]);
        fputc('\n', f);
    }
    free(probs);
    if (ferror(f) | (fclose(f) != 0))
        return kk_fail(err, "cannot write '%s'", path);
    return 0;
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses one information-set line into p. */
static int load_line(struct kk_cfr_policy *p, char *line, double *probs, kk_error *err)
{
    uint8_t key[KK_INFO_KEY_MAX + 1];
    char *s = line, *end;
    errno = 0;
    long seat = strtol(s, &end, 10);
    if (end == s || errno || seat < 0 || seat >= KK_MAX_SEATS || *end != ' ')
        return kk_fail(err, "expected a seat number first");
    s = end + 1;
    size_t len = 1;
    key[0] = (uint8_t)seat;
    if (*s == '-') {
        s++;
    } else {
        while (hex_digit(s[0]) >= 0) {
            if (hex_digit(s[1]) < 0)
                return kk_fail(err, "odd number of hex digits in the key");
            if (len > KK_INFO_KEY_MAX)
                return kk_fail(err, "key longer than %d bytes", KK_INFO_KEY_MAX);
            key[len++] = (uint8_t)(hex_digit(s[0]) * 16 + hex_digit(s[1]));
            s += 2;
        }
        if (len == 1)
            return kk_fail(err, "expected a hex key or '-' after the seat");
    }
    int n = 0;
    double sum = 0;
    while (*s == ' ') {
        s++;
        errno = 0;
        double x = strtod(s, &end);
        if (end == s || errno || !isfinite(x) || x < 0 || x > 1)
            return kk_fail(err, "bad probability '%.20s'", s);
        if (n == p->game->max_moves)
            return kk_fail(err, "more probabilities than %s has moves", p->game->name);
        probs[n++] = x;
        sum += x;
        s = end;
    }
    if (*s != '\0')
        return kk_fail(err, "unexpected text '%.20s'", s);
    if (n == 0)
        return kk_fail(err, "no probabilities");
    if (fabs(sum - 1) > 1e-6)
        return kk_fail(err, "probabilities sum to %g, not 1", sum);
    uint64_t h = key_hash(key, len);
    if (table_find(p, key, len, h) >= 0)
        return kk_fail(err, "information set listed twice");
    long e = table_add(p, key, len, h, n, err);
    if (e < 0)
        return -1;
    memcpy(p->data + p->entries[e].data_off + n, probs, (size_t)n * sizeof *probs);
    return 0;
}

struct kk_cfr_policy *kk_cfr_policy_load(const struct kk_game *g, const char *path,
                                         kk_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        kk_fail(err, "cannot open policy '%s': %s", path, strerror(errno));
        return NULL;
    }
    struct kk_buf b = {0};
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        kk_buf_append(&b, chunk, got);
    int bad = ferror(f);
    fclose(f);
    struct kk_cfr_policy *p = bad ? NULL : kk_cfr_policy_new(g, err);
    double *probs = malloc(sizeof *probs * (size_t)(g->max_moves > 0 ? g->max_moves : 1));
    if (bad)
        kk_fail(err, "cannot read policy '%s'", path);
    char *text = b.data;
    int line_no = 0, seen_game = 0, ok = p && probs && text;
    if (p && probs && !text)
        kk_fail(err, "policy '%s' is empty", path);
    kk_error lerr = {{0}};
    while (ok && *text) {
        char *nl = strchr(text, '\n');
        if (nl)
            *nl = '\0';
        size_t l = strlen(text);
        if (l && text[l - 1] == '\r')
            text[--l] = '\0';
        line_no++;
        if (line_no == 1) {
            if (strcmp(text, CFR_FORMAT) != 0) {
                kk_fail(err, "policy '%s' line 1: expected '%s'", path, CFR_FORMAT);
                ok = 0;
            }
        } else if (text[0] == '#' || text[0] == '\0') {
        } else if (strncmp(text, "game ", 5) == 0) {
            seen_game = 1;
            if (strcmp(text + 5, g->name) != 0) {
                kk_fail(err, "policy '%s' is for game %s, not %s", path, text + 5, g->name);
                ok = 0;
            }
        } else if (strncmp(text, "players ", 8) == 0 || strncmp(text, "variant ", 8) == 0 ||
                   strncmp(text, "iterations ", 11) == 0 ||
                   strncmp(text, "infosets ", 9) == 0) {
        } else if (!seen_game) {
            kk_fail(err, "policy '%s' line %d: no 'game NAME' line before it", path, line_no);
            ok = 0;
        } else if (load_line(p, text, probs, &lerr) != 0) {
            kk_fail(err, "policy '%s' line %d: %s", path, line_no, lerr.msg);
            ok = 0;
        }
        text = nl ? nl + 1 : text + l;
    }
    if (ok && !seen_game) {
        kk_fail(err, "policy '%s' has no 'game NAME' line", path);
        ok = 0;
    }
    kk_buf_free(&b);
    int oom = !probs && !bad;
    free(probs);
    if (!ok) {
        if (oom)
            kk_fail(err, "out of memory");
        kk_cfr_policy_free(p);
        return NULL;
    }
    return p;
}

/* ---------------------------------------------------------------------------------------
 * Checking a game's keys. */

int kk_cfr_check_info_key(const struct kk_game *g, const void *root, int games, int views,
                          kk_rng *rng, kk_error *err)
{
    if (!g->info_key)
        return kk_fail(err, "%s has no info_key", g->name);
    size_t m = (size_t)(g->max_moves > 0 ? g->max_moves : 1);
    unsigned char *state = malloc(g->state_size), *view = malloc(g->state_size);
    kk_move *moves = malloc(m * sizeof *moves), *vmoves = malloc(m * sizeof *vmoves);
    uint8_t *key = malloc(KK_INFO_KEY_MAX), *vkey = malloc(KK_INFO_KEY_MAX);
    int rc = 0;
    if (!state || !view || !moves || !vmoves || !key || !vkey)
        rc = kk_fail(err, "out of memory");
    for (int gi = 0; gi < games && rc == 0; gi++) {
        memcpy(state, root, g->state_size);
        for (long step = 0; rc == 0; step++) {
            int who = g->to_move(state);
            if (who == KK_TERMINAL)
                break;
            if (who == KK_CHANCE) {
                g->apply(state, g->sample_chance(state, rng));
                continue;
            }
            int len = g->info_key(state, who, key, KK_INFO_KEY_MAX);
            if (len < 0 || len > KK_INFO_KEY_MAX) {
                rc = kk_fail(err, "%s: game %d step %ld: info_key does not fit %d bytes",
                             g->name, gi, step, KK_INFO_KEY_MAX);
                break;
            }
            int n = g->legal_moves(state, moves);
            for (int k = 0; k < views && g->sample_view && rc == 0; k++) {
                g->sample_view(state, who, rng, view);
                int vlen = g->info_key(view, who, vkey, KK_INFO_KEY_MAX);
                int vn = g->legal_moves(view, vmoves);
                if (vlen != len || memcmp(key, vkey, (size_t)len) != 0)
                    rc = kk_fail(err, "%s: game %d step %ld: a view of seat %d has another "
                                      "key: the key holds something the seat cannot see",
                                 g->name, gi, step, who);
                else if (vn != n || memcmp(moves, vmoves, (size_t)n * sizeof *moves) != 0)
                    rc = kk_fail(err, "%s: game %d step %ld: a view of seat %d has the same "
                                      "key but other legal moves", g->name, gi, step, who);
            }
            g->apply(state, moves[kk_rng_bounded(rng, (uint32_t)n)]);
        }
    }
    free(state);
    free(view);
    free(moves);
    free(vmoves);
    free(key);
    free(vkey);
    return rc;
}
