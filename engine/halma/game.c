/* The rules of Halma and its kk_game table: setup of the camps, moves (a step to an empty
 * neighbour or a jump chain, identified by start and end cell only), the win check of the
 * mover (all pieces home, or Parlett's anti-spoiling rule) and the move cap. */
#include <stdio.h>
#include <string.h>

#include "halma.h"

static const char *const spoiling_choices[] = {"parlett", "none", NULL};

enum { P_SIZE, P_CAMP, P_SPOILING, P_CAMP_LOCK, P_MAX_TURNS, NUM_PARAMS };

static const struct kk_param halma_params[NUM_PARAMS] = {
    {"size", KK_PARAM_INT, "10", 6, HALMA_MAX_SIZE, NULL, 0, 0,
     "the board is size x size cells (5 x 5 tiles of 2 x 2 cells: 10)"},
    {"camp", KK_PARAM_INT, "4", 2, HALMA_MAX_CAMP, NULL, 0, 0,
     "camp triangle side; pieces per seat = camp (camp + 1) / 2 (needs size >= 2 camp)"},
    {"spoiling", KK_PARAM_CHOICE, "parlett", 0, 0, spoiling_choices, 0, 0,
     "parlett: a full target camp holding one own piece wins; none: all pieces must arrive"},
    {"camp_lock", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: a piece in its target camp may not end a move outside it"},
    {"max_turns", KK_PARAM_INT, "200", 20, 10000, NULL, 0, 0,
     "turns per seat before the game ends and most pieces home wins (counted in statistics)"},
};

static const struct kk_stat_desc halma_stats[HALMA_NUM_STATS] = {
    {"turns", 0, "turns played in total (moves and passes)"},
    {"capped", 0, "1 if the game ended at the move cap"},
    {"in_target", 1, "pieces in the seat's target camp at the end"},
    {"jumps_per_move", 0, "jumps per move (shortest chain to the end cell; steps count 0)"},
    {"jump_moves", 0, "share of moves that were jump chains"},
    {"longest_chain", 0, "most jumps in one move"},
    {"passes", 0, "turns passed for want of a move"},
};

/* Offsets of the 8 neighbours in padded cells, row-major. */
static const int dirs[8] = {-HALMA_STRIDE - 1, -HALMA_STRIDE, -HALMA_STRIDE + 1, -1, 1,
                            HALMA_STRIDE - 1,  HALMA_STRIDE,  HALMA_STRIDE + 1};

/* A set of padded cells. */
struct cellset {
    uint64_t w[(HALMA_CELLS + 63) / 64];
};
static inline void set_add(struct cellset *c, int cell)
{
    c->w[cell >> 6] |= 1ULL << (cell & 63);
}
static inline int set_has(const struct cellset *c, int cell)
{
    return (int)((c->w[cell >> 6] >> (cell & 63)) & 1u);
}

void halma_corner_xy(int size, int corner, int *x, int *y)
{
    *x = (corner == 1 || corner == 2) ? size - 1 : 0;
    *y = (corner >= 2) ? size - 1 : 0;
}

/* Breadth-first search of the jump chains of the piece on from. The start cell counts as
 * empty but cannot be jumped over, and is never a landing (it is marked reached first).
 * Adds every landing cell to *dest; returns the chain length of `goal` (-1: not reached;
 * goal -1: search everything). */
static int jump_chains(const struct halma_state *s, int from, int goal, struct cellset *dest)
{
    uint8_t queue[HALMA_CELLS], depth[HALMA_CELLS];
    struct cellset seen = {{0}};
    set_add(&seen, from);
    int head = 0, tail = 0;
    queue[tail] = (uint8_t)from;
    depth[tail++] = 0;
    while (head < tail) {
        int c = queue[head], dc = depth[head];
        head++;
        for (int d = 0; d < 8; d++) {
            int over = c + dirs[d];
            uint8_t held = s->board[over];
            /* The border is HALMA_OFF, so `land` is only read when `over` is on the board
             * and then stays inside the padded array. */
            if (held == 0 || held == HALMA_OFF || over == from)
                continue;
            int land = over + dirs[d];
            if (s->board[land] != 0 || set_has(&seen, land))
                continue;
            set_add(&seen, land);
            if (dest)
                set_add(dest, land);
            if (land == goal)
                return dc + 1;
            queue[tail] = (uint8_t)land;
            depth[tail++] = (uint8_t)(dc + 1);
        }
    }
    return -1;
}

int halma_chain_length(const struct halma_state *s, int from, int to)
{
    int dx = halma_x(to) - halma_x(from), dy = halma_y(to) - halma_y(from);
    if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && s->board[to] == 0 && to != from)
        return 0;
    return jump_chains(s, from, to, NULL);
}

/* Cells of corner k's camp as a set. */
static void camp_set(const struct halma_state *s, int corner, struct cellset *out)
{
    memset(out, 0, sizeof *out);
    for (int c = 0; c < HALMA_CELLS; c++)
        if ((s->camp_mask[c] >> corner) & 1u)
            set_add(out, c);
}

/* End cells of the piece of the mover on from. */
static void destinations(const struct halma_state *s, int from, struct cellset *dest)
{
    memset(dest, 0, sizeof *dest);
    for (int d = 0; d < 8; d++)
        if (s->board[from + dirs[d]] == 0)
            set_add(dest, from + dirs[d]);
    jump_chains(s, from, -1, dest);
    int target = s->target[s->seat];
    if (s->camp_lock && ((s->camp_mask[from] >> target) & 1u)) {
        struct cellset camp;
        camp_set(s, target, &camp);
        for (size_t w = 0; w < sizeof dest->w / sizeof dest->w[0]; w++)
            dest->w[w] &= camp.w[w];
    }
}

static int halma_legal_moves(const void *state, kk_move *out)
{
    const struct halma_state *s = state;
    int n = 0;
    uint8_t own = (uint8_t)(s->seat + 1);
    for (int y = 0; y < s->size; y++)
        for (int x = 0; x < s->size; x++) {
            int from = halma_cell(x, y);
            if (s->board[from] != own)
                continue;
            struct cellset dest;
            destinations(s, from, &dest);
            for (size_t w = 0; w < sizeof dest.w / sizeof dest.w[0]; w++)
                for (uint64_t left = dest.w[w]; left; left &= left - 1)
                    out[n++] = halma_move(from, (int)(64 * w) + __builtin_ctzll(left));
        }
    if (n == 0)
        out[n++] = HALMA_PASS;
    return n;
}

/* Recomputes in_target and target_filled from the board. */
static void count_camps(struct halma_state *s)
{
    for (int p = 0; p < s->players; p++) {
        int own = 0, filled = 0;
        for (int c = 0; c < HALMA_CELLS; c++)
            if (s->board[c] != HALMA_OFF && ((s->camp_mask[c] >> s->target[p]) & 1u)) {
                filled += s->board[c] != 0;
                own += s->board[c] == p + 1;
            }
        s->in_target[p] = (uint8_t)own;
        s->target_filled[p] = (uint8_t)filled;
    }
}

static int halma_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct halma_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 2;
    if (players < 2 || players > HALMA_MAX_SEATS)
        return kk_fail(err, "halma is for 2 to 4 players, not %d", players);
    int size = v->value[P_SIZE][0], camp = v->value[P_CAMP][0];
    if (size < 2 * camp)
        return kk_fail(err, "camp=%d needs size >= %d so that the four camps do not overlap "
                            "(size=%d)", camp, 2 * camp, size);
    s->players = (uint8_t)players;
    s->size = (uint8_t)size;
    s->camp = (uint8_t)camp;
    s->pieces = (uint8_t)(camp * (camp + 1) / 2);
    s->spoiling = (uint8_t)v->value[P_SPOILING][0];
    s->camp_lock = (uint8_t)v->value[P_CAMP_LOCK][0];
    s->max_turns = v->value[P_MAX_TURNS][0];
    /* Home corners: 2 players A and C; 3 players A, B, C; 4 players A, B, C, D. The
     * target is the diagonally opposite corner. */
    for (int p = 0; p < players; p++) {
        int home = players == 2 ? 2 * p : p;
        s->target[p] = (uint8_t)((home + 2) % 4);
    }
    memset(s->board, HALMA_OFF, sizeof s->board);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int c = halma_cell(x, y);
            s->board[c] = 0;
            for (int k = 0; k < 4; k++) {
                int cx, cy;
                halma_corner_xy(size, k, &cx, &cy);
                int dist = (x > cx ? x - cx : cx - x) + (y > cy ? y - cy : cy - y);
                if (dist <= camp - 1)
                    s->camp_mask[c] |= (uint8_t)(1u << k);
            }
        }
    for (int p = 0; p < players; p++) {
        int home = (s->target[p] + 2) % 4, n = 0;
        for (int c = 0; c < HALMA_CELLS; c++)
            if (s->board[c] == 0 && ((s->camp_mask[c] >> home) & 1u)) {
                s->board[c] = (uint8_t)(p + 1);
                s->pos[p][n++] = (uint8_t)c;
            }
    }
    count_camps(s);
    return 0;
}

static int halma_players(const void *state)
{
    return ((const struct halma_state *)state)->players;
}

static int halma_to_move(const void *state)
{
    const struct halma_state *s = state;
    return s->over ? KK_TERMINAL : s->seat;
}

/* Chebyshev distance from cell to seat's target corner (the cap's tie-break). */
static int chebyshev(const struct halma_state *s, int seat, int cell)
{
    int cx, cy;
    halma_corner_xy(s->size, s->target[seat], &cx, &cy);
    int dx = halma_x(cell) - cx, dy = halma_y(cell) - cy;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    return dx > dy ? dx : dy;
}

/* At the cap: most pieces in the target camp, then the smallest sum of Chebyshev distances
 * to the target corner; remaining ties share the win. */
static uint32_t cap_winners(const struct halma_state *s)
{
    int best_in = -1, best_dist = 0;
    uint32_t w = 0;
    for (int p = 0; p < s->players; p++) {
        int dist = 0;
        for (int i = 0; i < s->pieces; i++)
            dist += chebyshev(s, p, s->pos[p][i]);
        if (s->in_target[p] > best_in || (s->in_target[p] == best_in && dist < best_dist)) {
            best_in = s->in_target[p];
            best_dist = dist;
            w = 1u << p;
        } else if (s->in_target[p] == best_in && dist == best_dist) {
            w |= 1u << p;
        }
    }
    return w;
}

static void halma_apply(void *state, kk_move move)
{
    struct halma_state *s = state;
    int p = s->seat;
    if (move == HALMA_PASS) {
        s->passes++;
    } else {
        int from = halma_from(move), to = halma_to(move);
        int jumps = halma_chain_length(s, from, to);
        s->moves++;
        if (jumps > 0) {
            s->jump_moves++;
            s->jumps += jumps;
            if (jumps > s->longest_chain)
                s->longest_chain = jumps;
        }
        s->board[from] = 0;
        s->board[to] = (uint8_t)(p + 1);
        for (int i = 0; i < s->pieces; i++)
            if (s->pos[p][i] == from) {
                s->pos[p][i] = (uint8_t)to;
                break;
            }
        for (int q = 0; q < s->players; q++) {
            int in_from = (s->camp_mask[from] >> s->target[q]) & 1u;
            int in_to = (s->camp_mask[to] >> s->target[q]) & 1u;
            s->target_filled[q] = (uint8_t)(s->target_filled[q] - in_from + in_to);
            if (q == p)
                s->in_target[q] = (uint8_t)(s->in_target[q] - in_from + in_to);
        }
    }
    s->turns++;
    /* Only the mover is checked, and before the cap: a win on the last turn stands. */
    int all_home = s->in_target[p] == s->pieces;
    int parlett = s->spoiling == HALMA_SPOIL_PARLETT && s->target_filled[p] == s->pieces &&
                  s->in_target[p] > 0;
    if (all_home || parlett) {
        s->over = 1;
        s->winners = (uint8_t)(1u << p);
    } else if (s->turns >= s->max_turns * s->players) {
        s->over = 1;
        s->capped = 1;
        s->winners = (uint8_t)cap_winners(s);
    } else {
        s->seat = (uint8_t)((p + 1) % s->players);
    }
}

static void halma_scores(const void *state, int32_t *out)
{
    const struct halma_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->over ? (int32_t)((s->winners >> p) & 1u) : 0;
}

static uint32_t halma_winners(const void *state)
{
    return ((const struct halma_state *)state)->winners;
}

static int halma_extra_json(const void *state, char *buf, size_t size)
{
    const struct halma_state *s = state;
    char in[4 * HALMA_MAX_SEATS + 1] = "";
    int n = 0;
    for (int p = 0; p < s->players; p++)
        n += snprintf(in + n, sizeof in - (size_t)n, "%s%d", p ? "," : "", s->in_target[p]);
    return snprintf(buf, size, ",\"turns\":%d,\"capped\":%s,\"in_target\":[%s]", (int)s->turns,
                    s->capped ? "true" : "false", in);
}

const struct kk_game kk_game_halma = {
    .name = "halma",
    .title = "Halma",
    .min_players = 2,
    .max_players = HALMA_MAX_SEATS,
    .default_players = 2,
    .state_size = sizeof(struct halma_state),
    .max_moves = HALMA_MAX_MOVES,
    /* Scores are 1 for the winner, 0 for the others; evaluate() is on the same scale. */
    .score_scale = 1,
    .cooperative = 0,
    .params = halma_params,
    .num_params = NUM_PARAMS,
    .stats = halma_stats,
    .num_stats = HALMA_NUM_STATS,
    .init = halma_init,
    .players = halma_players,
    .to_move = halma_to_move,
    .legal_moves = halma_legal_moves,
    .apply = halma_apply,
    .scores = halma_scores,
    .winners = halma_winners,
    .move_to_text = halma_move_to_text,
    .move_from_text = halma_move_from_text,
    .get_stats = halma_get_stats,
    .evaluate = halma_evaluate,
    .check = halma_check,
    .draw = halma_draw,
    .svg = halma_svg,
    .extra_json = halma_extra_json,
    .agent_defaults = "expand=greedy,rollout=greedy,depth=4",
};
