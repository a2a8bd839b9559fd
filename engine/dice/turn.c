/* The whole turn of the dice game under the real rules (`kark solve carcassonne-dice
 * --turn`): a lower bound on the optimal expected score of a turn of three throws, as the
 * exact value of the best policy of a large class, computed by expectimax with exact
 * rational arithmetic (engine/dice/solve.h; docs/rules/carcassonne-dice.md, "Exact
 * references").
 *
 * The policy class. Between throws the player grows one city: its dice are joined through
 * city edges (a partial city, kept up to translation, rotation and reflection), and each
 * die built after the first fills a hole of it (an empty cell a city edge faces). After
 * each throw the player builds any set of the shown city faces into holes (every order
 * reaches the same set of partial cities, so they are listed once), or builds nothing;
 * knights are thrown again, catapults are lost. When the city closes, its size becomes the
 * turn's floor and the player may start a new city with the dice left (far from the old
 * one, so they never meet); a city that can no longer close with the dice in hand is given
 * up the same way. On the last throw the player takes the best closed city the throw
 * allows: completing the partial city, or a new city of the throw's faces alone. Every
 * such policy is legal under the default rules (set_aside=any, placement=anywhere), so the
 * class optimum is a lower bound on the turn's optimum; what it leaves out is growing
 * two open cities at once and building dice that do not touch the partial city through a
 * city edge (a die set apart to join it later). With `bridges` a die may also go on an
 * empty cell next to a hole, with a city edge facing it (two caps one cell apart, waiting
 * for a straight): the hole is then shared, so the pieces join when it is filled, and a
 * partial city with no holes left is one closed city. */
#include <stdlib.h>
#include <string.h>

#include "solve.h"

#define MAXN DICE_COUNT
#define CODES 10000 /* counts of up to 4 kinds, base 10 */

/* A partial city: up to 9 dice at (x, y) with edge bits, packed canonically. */
struct piece {
    int n;
    int8_t x[MAXN], y[MAXN];
    uint8_t e[MAXN];
};

struct node {
    dice_u128 key;
    uint8_t size, holes;
    uint32_t code5;     /* count of each kind, 5 bits each (kind 0 lowest) */
    int32_t child_at;   /* first child in the child array, -1 until listed */
    uint16_t children;
    int64_t closed_at;  /* first of its completions in the completion array, -1 until listed */
    uint32_t closed_n;
};

/* A closed city that filling holes of a partial city reaches: the faces it adds (5-bit
 * counts) and its size. */
struct completion {
    uint32_t added5;
    uint8_t size;
};

struct child {
    uint32_t id;
    uint8_t bridge; /* 1: the die went next to a hole, not into one */
};

struct memo_entry {
    uint64_t key; /* 0: empty */
    dice_u128 value;
};

/* Nodes reachable from `from` by building faces of `shown` (a code) into holes, each
 * with the number of dice it adds; `from` itself first (build nothing). */
struct reach {
    uint32_t *id;
    uint8_t *added;
    int n, cap;
};

struct turn {
    const struct dice_state *s;
    struct dice_state rules; /* s points here */
    int *own_best;           /* best_new when the turn owns it (dice_turn_open) */
    int kinds;
    int layout_kind[DICE_LAYOUTS]; /* kind of a layout, -1 when not on the dice */
    const int *best_new;           /* largest closed city of a face multiset (code) */
    dice_u128 pow6[DICE_COUNT * DICE_ROLLS + 1];

    struct node *nodes;
    size_t n_nodes, cap_nodes;
    uint32_t *table; /* open addressing: node id + 1, 0 empty */
    size_t table_mask;
    struct child *kids;
    size_t n_kids, cap_kids;
    struct completion *done;
    size_t n_done, cap_done;

    struct memo_entry *memo;
    size_t memo_mask, memo_used;

    uint32_t *stamp;
    uint32_t stamp_now;
    size_t cap_stamp;
    long long states;
    int bridges; /* 1: children include dice set next to a hole, facing it */
    struct reach reach[DICE_ROLLS + 1];
    int failed;
};

static const int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0}; /* N E S W */

static unsigned reflect(unsigned e)
{
    return (e & (DICE_N | DICE_S)) | ((e & DICE_E) ? DICE_W : 0) | ((e & DICE_W) ? DICE_E : 0);
}

/* The smallest packing of p over the 8 symmetries, each die 12 bits (x, y, edges) after
 * moving the piece to x, y >= 0 and sorting its dice. */
static dice_u128 canonical(const struct piece *p)
{
    dice_u128 best = ~(dice_u128)0;
    for (int sym = 0; sym < 8; sym++) {
        int x[MAXN], y[MAXN], minx = 99, miny = 99;
        unsigned e[MAXN];
        for (int i = 0; i < p->n; i++) {
            int a = p->x[i], b = p->y[i];
            unsigned f = p->e[i];
            if (sym & 4) {
                a = -a;
                f = reflect(f);
            }
            for (int r = 0; r < (sym & 3); r++) { /* a quarter turn clockwise */
                int t = a;
                a = b;
                b = -t;
                f = dice_rotate(f, 1);
            }
            x[i] = a, y[i] = b, e[i] = f;
            minx = a < minx ? a : minx;
            miny = b < miny ? b : miny;
        }
        unsigned cell[MAXN];
        for (int i = 0; i < p->n; i++)
            cell[i] = (unsigned)(((y[i] - miny) << 8) | ((x[i] - minx) << 4) | (int)e[i]);
        for (int i = 1; i < p->n; i++)
            for (int j = i; j > 0 && cell[j - 1] > cell[j]; j--) {
                unsigned t = cell[j];
                cell[j] = cell[j - 1];
                cell[j - 1] = t;
            }
        dice_u128 k = (dice_u128)p->n;
        for (int i = 0; i < p->n; i++)
            k = (k << 12) | cell[i];
        if (k < best)
            best = k;
    }
    return best;
}

static void unpack(dice_u128 key, struct piece *p, int n)
{
    p->n = n;
    for (int i = n - 1; i >= 0; i--) {
        unsigned c = (unsigned)(key & 0xFFF);
        key >>= 12;
        p->e[i] = (uint8_t)(c & 15);
        p->x[i] = (int8_t)((c >> 4) & 15);
        p->y[i] = (int8_t)(c >> 8);
    }
}

static int find_die(const struct piece *p, int x, int y)
{
    for (int i = 0; i < p->n; i++)
        if (p->x[i] == x && p->y[i] == y)
            return i;
    return -1;
}

/* Holes of p: empty cells its city edges face (hx, hy, up to 4 * 9). */
static int holes_of(const struct piece *p, int *hx, int *hy)
{
    int n = 0;
    for (int i = 0; i < p->n; i++)
        for (int d = 0; d < 4; d++) {
            if (!((p->e[i] >> d) & 1u))
                continue;
            int x = p->x[i] + dx[d], y = p->y[i] + dy[d];
            if (find_die(p, x, y) >= 0)
                continue;
            int dup = 0;
            for (int h = 0; h < n; h++)
                dup |= hx[h] == x && hy[h] == y;
            if (!dup)
                hx[n] = x, hy[n++] = y;
        }
    return n;
}

static int layout_of(unsigned e)
{
    switch (dice_popcount(e)) {
    case 1: return DICE_CAP;
    case 2: return (e == (DICE_N | DICE_S) || e == (DICE_E | DICE_W)) ? DICE_STRAIGHT : DICE_CORNER;
    case 3: return DICE_TEE;
    default: return DICE_CROSS;
    }
}

static int grow_nodes(struct turn *tn)
{
    if (tn->n_nodes < tn->cap_nodes)
        return 0;
    size_t cap = tn->cap_nodes ? 2 * tn->cap_nodes : 1 << 16;
    struct node *nn = realloc(tn->nodes, cap * sizeof *nn);
    uint32_t *table = calloc(2 * cap, sizeof *table);
    uint32_t *stamp = calloc(cap, sizeof *stamp);
    if (!nn || !table || !stamp) {
        if (nn)
            tn->nodes = nn;
        free(table), free(stamp);
        return -1;
    }
    tn->nodes = nn;
    tn->cap_nodes = cap;
    free(tn->table);
    tn->table = table;
    tn->table_mask = 2 * cap - 1;
    for (size_t i = 0; i < tn->n_nodes; i++) {
        size_t h = (size_t)(tn->nodes[i].key ^ (tn->nodes[i].key >> 61) ^ (tn->nodes[i].key >> 83)) *
                   0x9E3779B97F4A7C15ULL;
        h = (h >> 20) & tn->table_mask;
        while (tn->table[h])
            h = (h + 1) & tn->table_mask;
        tn->table[h] = (uint32_t)i + 1;
    }
    /* A search may be under way (list_children inside reach_from): keep its marks. */
    if (tn->stamp)
        memcpy(stamp, tn->stamp, tn->cap_stamp * sizeof *stamp);
    free(tn->stamp);
    tn->stamp = stamp;
    tn->cap_stamp = cap;
    return 0;
}

/* The node of piece p (added when new); -1 when memory runs out. */
static long node_of(struct turn *tn, const struct piece *p)
{
    dice_u128 key = canonical(p);
    size_t h = (size_t)(key ^ (key >> 61) ^ (key >> 83)) * 0x9E3779B97F4A7C15ULL;
    if (grow_nodes(tn) != 0)
        return -1;
    h = (h >> 20) & tn->table_mask;
    while (tn->table[h]) {
        uint32_t id = tn->table[h] - 1;
        if (tn->nodes[id].key == key)
            return id;
        h = (h + 1) & tn->table_mask;
    }
    struct node *nd = &tn->nodes[tn->n_nodes];
    nd->key = key;
    nd->size = (uint8_t)p->n;
    int hx[4 * MAXN], hy[4 * MAXN];
    nd->holes = (uint8_t)holes_of(p, hx, hy);
    uint32_t code5 = 0;
    for (int i = 0; i < p->n; i++)
        code5 += 1u << (5 * tn->layout_kind[layout_of(p->e[i])]);
    nd->code5 = code5;
    nd->child_at = -1;
    nd->children = 0;
    nd->closed_at = -1;
    nd->closed_n = 0;
    tn->table[h] = (uint32_t)tn->n_nodes + 1;
    return (long)tn->n_nodes++;
}

/* Lists the children of node id: one die of some kind and rotation in one of its holes,
 * matching every die it touches, with the result still closable within 9 dice. */
static int list_children(struct turn *tn, uint32_t id)
{
    if (tn->nodes[id].child_at >= 0)
        return 0;
    struct piece p;
    unpack(tn->nodes[id].key, &p, tn->nodes[id].size);
    int hx[4 * MAXN], hy[4 * MAXN], nh = holes_of(&p, hx, hy);
    struct child found[4 * MAXN * 4 * DICE_KINDS * 4];
    int nf = 0;
    /* Cells to try: every hole (a fill), and with bridges every empty cell next to a hole
     * that is not a hole itself, the die facing that hole with a city edge. */
    int cx[4 * MAXN * 4], cy[4 * MAXN * 4], cfacing[4 * MAXN * 4], nc = 0;
    for (int h = 0; h < nh; h++)
        cx[nc] = hx[h], cy[nc] = hy[h], cfacing[nc++] = -1;
    if (tn->bridges)
        for (int h = 0; h < nh; h++)
            for (int d = 0; d < 4; d++) {
                int x = hx[h] + dx[d], y = hy[h] + dy[d], skip = find_die(&p, x, y) >= 0;
                for (int j = 0; j < nc && !skip; j++)
                    skip = cx[j] == x && cy[j] == y && (cfacing[j] < 0 || cfacing[j] == (d + 2) % 4);
                if (!skip)
                    cx[nc] = x, cy[nc] = y, cfacing[nc++] = (d + 2) & 3; /* side toward h */
            }
    if (p.n < DICE_COUNT)
        for (int h = 0; h < nc; h++)
            for (int k = 0; k < tn->kinds; k++)
                for (int r = 0; r < tn->s->kind_periods[k]; r++) {
                    unsigned e = tn->s->kind_rotated[k][r];
                    if (cfacing[h] >= 0 && !((e >> cfacing[h]) & 1u))
                        continue;
                    int ok = 1;
                    for (int d = 0; d < 4 && ok; d++) {
                        int j = find_die(&p, cx[h] + dx[d], cy[h] + dy[d]);
                        if (j >= 0)
                            ok = ((e >> d) & 1u) == ((p.e[j] >> ((d + 2) & 3)) & 1u);
                    }
                    if (!ok)
                        continue;
                    struct piece q = p;
                    q.x[q.n] = (int8_t)cx[h], q.y[q.n] = (int8_t)cy[h], q.e[q.n] = (uint8_t)e;
                    q.n++;
                    long c = node_of(tn, &q);
                    if (c < 0)
                        return -1;
                    if (tn->nodes[c].size + tn->nodes[c].holes > DICE_COUNT)
                        continue; /* can never close */
                    int dup = 0;
                    for (int i = 0; i < nf; i++)
                        dup |= found[i].id == (uint32_t)c;
                    if (!dup)
                        found[nf].id = (uint32_t)c, found[nf++].bridge = cfacing[h] >= 0;
                }
    if (tn->n_kids + (size_t)nf > tn->cap_kids) {
        size_t cap = tn->cap_kids ? 2 * tn->cap_kids : 1 << 16;
        while (cap < tn->n_kids + (size_t)nf)
            cap *= 2;
        struct child *nk = realloc(tn->kids, cap * sizeof *nk);
        if (!nk)
            return -1;
        tn->kids = nk;
        tn->cap_kids = cap;
    }
    memcpy(tn->kids + tn->n_kids, found, sizeof found[0] * (size_t)nf);
    tn->nodes[id].child_at = (int32_t)tn->n_kids;
    tn->nodes[id].children = (uint16_t)nf;
    tn->n_kids += (size_t)nf;
    return 0;
}

/* --- values ------------------------------------------------------------------------------ */

#define NONE_ID 0xFFFFFFu /* no partial city: the next build starts one */

static dice_u128 value(struct turn *tn, uint32_t id, int floor, int n, int t);

/* 1 when every 5-bit count of a is at most that of b (counts <= 9): the guard bit of each
 * field survives the subtraction exactly when no field borrows. */
#define GUARDS 0x84210u
static inline int code5_le(uint32_t a, uint32_t b)
{
    return (((b | GUARDS) - a) & GUARDS) == GUARDS;
}

static int reach_push(struct reach *r, uint32_t id, int added)
{
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 4096;
        uint32_t *ni = realloc(r->id, sizeof *ni * (size_t)cap);
        if (ni)
            r->id = ni;
        uint8_t *na = realloc(r->added, (size_t)cap);
        if (na)
            r->added = na;
        if (!ni || !na)
            return -1;
        r->cap = cap;
    }
    r->id[r->n] = id;
    r->added[r->n++] = (uint8_t)added;
    return 0;
}

static int reach_from(struct turn *tn, uint32_t from, uint32_t shown, int fills_only,
                      struct reach *out)
{
    out->n = 0;
    if (++tn->stamp_now == 0) {
        memset(tn->stamp, 0, tn->cap_stamp * sizeof *tn->stamp);
        tn->stamp_now = 1;
    }
    int head = 0;
    if (from == NONE_ID) {
        if (reach_push(out, NONE_ID, 0) != 0)
            return -1;
        /* A new city: its first die in any rotation is one shape up to symmetry. */
        for (int k = 0; k < tn->kinds; k++) {
            if (((shown >> (5 * k)) & 31u) == 0)
                continue;
            struct piece p = {1, {0}, {0}, {tn->s->kind_rotated[k][0]}};
            long c = node_of(tn, &p);
            if (c < 0)
                return -1;
            if (tn->stamp[c] != tn->stamp_now) {
                tn->stamp[c] = tn->stamp_now;
                if (reach_push(out, (uint32_t)c, 1) != 0)
                    return -1;
            }
        }
        head = 1;
        if (out->n == 1)
            return 0;
    } else {
        tn->stamp[from] = tn->stamp_now;
        if (reach_push(out, from, 0) != 0)
            return -1;
    }
    uint32_t base = from == NONE_ID ? 0 : tn->nodes[from].code5;
    for (; head < out->n; head++) {
        uint32_t id = out->id[head];
        if (list_children(tn, id) != 0)
            return -1;
        const struct node *nd = &tn->nodes[id];
        if (nd->holes == 0)
            continue; /* closed: nothing more joins it */
        for (int i = 0; i < nd->children; i++) {
            const struct child *ch = &tn->kids[nd->child_at + i];
            if (tn->stamp[ch->id] == tn->stamp_now || (fills_only && ch->bridge))
                continue;
            if (!code5_le(tn->nodes[ch->id].code5 - base, shown))
                continue;
            tn->stamp[ch->id] = tn->stamp_now;
            if (reach_push(out, ch->id,
                           tn->nodes[ch->id].size - (from == NONE_ID ? 0 : tn->nodes[from].size)) != 0)
                return -1;
        }
    }
    return 0;
}

/* Lists once the closed cities that filling holes of node id reaches (any faces, within 9
 * dice), so that a last throw checks a list instead of searching again. */
static int list_completions(struct turn *tn, uint32_t id, struct reach *scratch)
{
    if (tn->nodes[id].closed_at >= 0)
        return 0;
    if (reach_from(tn, id, 10u * 0x8421u /* 10 of each kind: no limit */, 1, scratch) != 0)
        return -1;
    uint32_t base = tn->nodes[id].code5;
    size_t first = tn->n_done;
    for (int i = 0; i < scratch->n; i++) {
        const struct node *nd = &tn->nodes[scratch->id[i]];
        if (nd->holes != 0)
            continue;
        if (tn->n_done == tn->cap_done) {
            size_t cap = tn->cap_done ? 2 * tn->cap_done : 1 << 16;
            struct completion *nc = realloc(tn->done, cap * sizeof *nc);
            if (!nc)
                return -1;
            tn->done = nc;
            tn->cap_done = cap;
        }
        tn->done[tn->n_done].added5 = nd->code5 - base;
        tn->done[tn->n_done++].size = nd->size;
    }
    tn->nodes[id].closed_at = (int64_t)first;
    tn->nodes[id].closed_n = (uint32_t)(tn->n_done - first);
    return 0;
}

/* Value (numerator over 6^(n (t-1)), n dice thrown) of ending a throw at node id with n2
 * dice left in hand and t - 1 throws to come. */
/* The class's bookkeeping at the end of a throw: a partial city that closed raises the floor
 * and a new city may start; one that cannot close with the n2 dice left is given up. */
static uint32_t settle(const struct turn *tn, uint32_t id, int n2, int *floor)
{
    if (id != NONE_ID && tn->nodes[id].holes == 0) {
        if (tn->nodes[id].size > *floor)
            *floor = tn->nodes[id].size;
        return NONE_ID;
    }
    return id != NONE_ID && tn->nodes[id].holes > n2 ? NONE_ID : id;
}

static dice_u128 after(struct turn *tn, uint32_t id, int floor, int n, int n2, int t)
{
    int f = floor;
    id = settle(tn, id, n2, &f);
    if (t - 1 == 0 || n2 == 0)
        return (dice_u128)dice_city_points(f) * tn->pow6[n * (t - 1)];
    return value(tn, id, f, n2, t - 1) * tn->pow6[(n - n2) * (t - 1)];
}

/* Ways of a throw of n dice showing city counts c[] and `rest` other faces: n!/(prod c!
 * rest!) * prod slots^c (the rest split later between knights and catapults). */
static long long city_ways(const struct dice_state *s, const int *c, int kinds, int n)
{
    long long w = 1;
    int used = 0;
    for (int k = 0; k < kinds; k++) {
        for (int i = 0; i < c[k]; i++) {
            used++;
            w = w * used / (i + 1); /* binomial built factor by factor stays integral */
            w *= s->kind_slots[k];
        }
    }
    (void)n;
    return w;
}

static long long binom(int n, int k)
{
    long long b = 1;
    for (int i = 1; i <= k; i++)
        b = b * (n - k + i) / i;
    return b;
}

static int code_of(const int *c, int kinds)
{
    int code = 0;
    for (int k = kinds - 1; k >= 0; k--)
        code = code * 10 + c[k];
    return code;
}

static dice_u128 throw_value(struct turn *tn, uint32_t id, int floor, int n, int t)
{
    /* Enumerate the city counts c[0..kinds-1] with sum <= n. */
    int c[DICE_KINDS] = {0};
    dice_u128 total = 0;
    /* One list per throws-left level: value(t) only recurses into value(t - 1). */
    struct reach *rc = &tn->reach[t];
    for (;;) {
        int cities = 0;
        for (int k = 0; k < tn->kinds; k++)
            cities += c[k];
        if (cities <= n) {
            int shown = code_of(c, tn->kinds), rest = n - cities;
            uint32_t shown5 = 0;
            for (int k = 0; k < tn->kinds; k++)
                shown5 |= (uint32_t)c[k] << (5 * k);
            /* multinomial: n! / (cities! rest!) * cities!/prod c! * slots^c */
            long long w = city_ways(tn->s, c, tn->kinds, n) * binom(n, rest);
            if (t == 1) {
                /* Last throw: the best closed city now: the floor, a new city of these
                 * faces, or the partial city completed. */
                int best = floor > tn->best_new[shown] ? floor : tn->best_new[shown];
                if (id != NONE_ID && list_completions(tn, id, rc) == 0) {
                    const struct completion *cp = tn->done + tn->nodes[id].closed_at;
                    for (uint32_t i = 0; i < tn->nodes[id].closed_n; i++)
                        if (cp[i].size > best && code5_le(cp[i].added5, shown5))
                            best = cp[i].size;
                } else if (id != NONE_ID) {
                    tn->failed = 1;
                }
                /* knights and catapults: 2^rest ways */
                total += (dice_u128)w * ((dice_u128)1 << rest) * (dice_u128)dice_city_points(best);
            } else if (reach_from(tn, id, shown5, 0, rc) == 0) {
                /* Split the rest into x catapults (lost) and rest - x knights (thrown again).
                 * rc is this call's own: the recursion below fills its own lists. */
                for (int x = 0; x <= rest; x++) {
                    dice_u128 best = 0;
                    for (int i = 0; i < rc->n; i++) {
                        int n2 = n - x - rc->added[i];
                        dice_u128 v = after(tn, rc->id[i], floor, n, n2, t);
                        if (v > best)
                            best = v;
                    }
                    total += (dice_u128)w * (dice_u128)binom(rest, x) * best;
                }
            } else {
                tn->failed = 1;
            }
        }
        int k = 0;
        while (k < tn->kinds && c[k] == n)
            c[k++] = 0;
        if (k == tn->kinds)
            break;
        c[k]++;
    }
    return total;
}

static int grow_memo(struct turn *tn)
{
    size_t size = 2 * (tn->memo_mask + 1);
    struct memo_entry *m = calloc(size, sizeof *m);
    if (!m)
        return -1;
    for (size_t i = 0; i <= tn->memo_mask; i++) {
        if (!tn->memo[i].key)
            continue;
        size_t h = (size_t)(tn->memo[i].key * 0x9E3779B97F4A7C15ULL >> 17) & (size - 1);
        while (m[h].key)
            h = (h + 1) & (size - 1);
        m[h] = tn->memo[i];
    }
    free(tn->memo);
    tn->memo = m;
    tn->memo_mask = size - 1;
    return 0;
}

static dice_u128 value(struct turn *tn, uint32_t id, int floor, int n, int t)
{
    uint64_t key = ((uint64_t)id << 16) | ((uint64_t)floor << 8) | ((uint64_t)n << 4) |
                   (uint64_t)t;
    key = key * 2 + 1; /* never 0 */
    size_t h = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 17) & tn->memo_mask;
    while (tn->memo[h].key) {
        if (tn->memo[h].key == key)
            return tn->memo[h].value;
        h = (h + 1) & tn->memo_mask;
    }
    dice_u128 v = throw_value(tn, id, floor, n, t);
    tn->states++;
    if (tn->memo_used * 2 >= tn->memo_mask && grow_memo(tn) != 0) {
        tn->failed = 1; /* out of memory: the caller reports it */
        return v;
    }
    /* the recursion may have moved entries: find the slot again */
    h = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 17) & tn->memo_mask;
    while (tn->memo[h].key)
        h = (h + 1) & tn->memo_mask;
    tn->memo[h].key = key;
    tn->memo[h].value = v;
    tn->memo_used++;
    return v;
}

/* A solver for the rules of s (kept by value: the caller's state may change), no nodes yet;
 * NULL when memory runs out. */
static struct turn *turn_new(const struct dice_state *s, const int *best_new, int bridges)
{
    struct turn *tn = calloc(1, sizeof *tn);
    if (!tn)
        return NULL;
    tn->rules = *s;
    tn->s = &tn->rules;
    tn->kinds = s->num_kinds;
    tn->best_new = best_new;
    tn->bridges = bridges;
    for (int l = 0; l < DICE_LAYOUTS; l++)
        tn->layout_kind[l] = -1;
    for (int k = 0; k < s->num_kinds; k++)
        tn->layout_kind[s->kind_layout[k]] = k;
    tn->pow6[0] = 1;
    for (int i = 1; i <= DICE_COUNT * DICE_ROLLS; i++)
        tn->pow6[i] = tn->pow6[i - 1] * 6;
    tn->memo_mask = (1u << 16) - 1;
    tn->memo = calloc(tn->memo_mask + 1, sizeof *tn->memo);
    if (!tn->memo || grow_nodes(tn) != 0) {
        free(tn->memo), free(tn->nodes), free(tn->table), free(tn->stamp), free(tn);
        return NULL;
    }
    return tn;
}

static void turn_free(struct turn *tn)
{
    if (!tn)
        return;
    free(tn->nodes), free(tn->table), free(tn->kids), free(tn->memo), free(tn->stamp);
    free(tn->done);
    for (int t = 0; t <= DICE_ROLLS; t++)
        free(tn->reach[t].id), free(tn->reach[t].added);
    free(tn->own_best);
    free(tn);
}

int dice_turn_solve(const struct dice_state *s, const int *best_new, int dice, int throws,
                    int bridges, struct dice_turn_result *r, kk_error *err)
{
    memset(r, 0, sizeof *r);
    struct turn *tn = turn_new(s, best_new, bridges);
    if (!tn)
        return kk_fail(err, "out of memory for the dice turn solver");
    r->numerator = value(tn, NONE_ID, 0, dice, throws);
    r->denominator_exp = dice * throws;
    r->states = tn->states;
    r->partial_cities = (long long)tn->n_nodes;
    int rc = tn->failed ? kk_fail(err, "the dice turn solver ran out of room") : 0;
    turn_free(tn);
    return rc;
}

/* --- the rest of a turn in play (dice_turn_rest) ------------------------------------------ */

struct dice_turn *dice_turn_open(const struct dice_state *s, int bridges, kk_error *err)
{
    struct dice_solve_result *r = malloc(sizeof *r);
    int *best = malloc(sizeof *best * CODES);
    if (!r || !best) {
        free(r), free(best);
        kk_fail(err, "out of memory for the dice turn solver");
        return NULL;
    }
    if (dice_solve(s, r, err) != 0) {
        free(r), free(best);
        return NULL;
    }
    memcpy(best, r->best_closed, sizeof *best * CODES);
    free(r);
    struct turn *tn = turn_new(s, best, bridges);
    if (!tn) {
        free(best);
        kk_fail(err, "out of memory for the dice turn solver");
        return NULL;
    }
    tn->own_best = best;
    return (struct dice_turn *)tn;
}

void dice_turn_close(struct dice_turn *ctx)
{
    turn_free((struct turn *)ctx);
}

/* Expected points (not doubled) of ending a throw with the partial city at node id (NONE_ID:
 * none), the largest closed city `floor` dice, n2 dice in hand and t throws to come: after()
 * in points. */
static double rest_after(struct turn *tn, uint32_t id, int floor, int n2, int t)
{
    int f = floor;
    id = settle(tn, id, n2, &f);
    if (t == 0 || n2 == 0)
        return dice_city_points(f);
    return dice_u128_ratio(value(tn, id, f, n2, t), n2 * t);
}

/* The rest of the turn from the partial city id: before a throw of s->to_roll dice, or with
 * a throw shown (its unbuilt city dice in shown5, 5-bit counts). */
static double rest_from(struct turn *tn, const struct dice_state *s, uint32_t id, int floor)
{
    int left = DICE_ROLLS - s->rolls_done; /* throws still to come */
    if (s->phase == DICE_PHASE_ROLL)
        return rest_after(tn, id, floor, s->to_roll, left);
    uint32_t shown5 = 0;
    int shown = 0, hand = s->rolled_knights;
    for (int k = 0; k < tn->kinds; k++) {
        shown5 |= (uint32_t)s->rolled_kind[k] << (5 * k);
        shown = shown * 10 + s->rolled_kind[tn->kinds - 1 - k];
        hand += s->rolled_kind[k];
    }
    if (left == 0) {
        /* The last throw: the best closed city it allows. */
        int best = floor > tn->best_new[shown] ? floor : tn->best_new[shown];
        if (id != NONE_ID) {
            if (list_completions(tn, id, &tn->reach[0]) != 0)
                return -1;
            const struct completion *cp = tn->done + tn->nodes[id].closed_at;
            for (uint32_t i = 0; i < tn->nodes[id].closed_n; i++)
                if (cp[i].size > best && code5_le(cp[i].added5, shown5))
                    best = cp[i].size;
        }
        return dice_city_points(best);
    }
    /* reach[0] is free: value() only uses the lists of levels 1..3. */
    struct reach *rc = &tn->reach[0];
    if (reach_from(tn, id, shown5, 0, rc) != 0)
        return -1;
    double best = 0;
    for (int i = 0; i < rc->n; i++) {
        double v = rest_after(tn, rc->id[i], floor, hand - rc->added[i], left);
        if (v > best)
            best = v;
    }
    return best;
}

double dice_turn_start(struct dice_turn *ctx, int dice)
{
    struct turn *tn = (struct turn *)ctx;
    double v = rest_after(tn, NONE_ID, 0, dice, DICE_ROLLS);
    return tn->failed ? -1 : v;
}

/* How near a hole of the partial city a die of another city may not stand (dice_turn_rest). */
#define WALL_STEPS 2

double dice_turn_rest(struct dice_turn *ctx, const struct dice_state *s)
{
    struct turn *tn = (struct turn *)ctx;
    if (s->phase == DICE_PHASE_OVER)
        return 0;
    const struct dice_grid *g = &s->grid;
    int8_t link[DICE_COUNT][4];
    dice_grid_links(g, link);
    int floor;
    uint16_t open[DICE_COUNT];
    int nopen = dice_grid_sort_cities(g, (const int8_t (*)[4])link, &floor, open);
    /* The class grows one partial city: try each open city as that one (and none). */
    double best = rest_from(tn, s, NONE_ID, floor);
    for (int c = 0; c < nopen && best >= 0; c++) {
        struct piece p = {0, {0}, {0}, {0}};
        for (int i = 0; i < g->count; i++)
            if ((open[c] >> i) & 1u) {
                p.x[p.n] = (int8_t)(g->cell[i] % DICE_GRID - DICE_ORIGIN);
                p.y[p.n] = (int8_t)(g->cell[i] / DICE_GRID - DICE_ORIGIN);
                p.e[p.n++] = g->edges[i];
            }
        int hx[4 * MAXN], hy[4 * MAXN], nh = holes_of(&p, hx, hy), inside = 1;
        for (int h = 0; h < nh; h++)
            inside &= hx[h] >= -DICE_ORIGIN && hx[h] <= DICE_ORIGIN && hy[h] >= -DICE_ORIGIN &&
                      hy[h] <= DICE_ORIGIN;
        if (!inside || p.n + nh > DICE_COUNT)
            continue; /* a hole at the window's border, or too big to close */
        /* The class grows the city as if nothing stood near it; a die of another city
         * beside a hole decides which faces fit there, and one beside the cells a hole's
         * die opens next does the same a build later, so the class's value would not be
         * one the city can reach. Such a city is not the class's to grow: a die of
         * another city within two steps of a hole walls it in. (Farther walls are not
         * looked for: with two steps a player of the move of highest value loses 0.03
         * points a turn to them, against 0.25 with none; docs/rules/carcassonne-dice.md,
         * "Walled cities".) */
        int walled = 0;
        for (int h = 0; h < nh && !walled; h++)
            for (int ddy = -WALL_STEPS; ddy <= WALL_STEPS && !walled; ddy++)
                for (int ddx = -WALL_STEPS; ddx <= WALL_STEPS && !walled; ddx++) {
                    int x = hx[h] + ddx, y = hy[h] + ddy;
                    if (abs(ddx) + abs(ddy) > WALL_STEPS || x < -DICE_ORIGIN ||
                        x > DICE_ORIGIN || y < -DICE_ORIGIN || y > DICE_ORIGIN)
                        continue;
                    int die = dice_grid_find(g, (y + DICE_ORIGIN) * DICE_GRID + x + DICE_ORIGIN);
                    walled = die >= 0 && !((open[c] >> die) & 1u);
                }
        if (walled)
            continue;
        long id = node_of(tn, &p);
        if (id < 0)
            return -1;
        double v = rest_from(tn, s, (uint32_t)id, floor);
        if (v > best || v < 0)
            best = v;
    }
    return tn->failed ? -1 : best;
}
