/* The Gauntlet: setup, the five phases of a turn, steps in card order, knock-outs, the end.
 * Cards live in loc[] (one location each), so cards are conserved by construction and the
 * draw pile is an unordered set: a draw is a uniform chance outcome over it (the discard
 * pile becomes the pile when it is empty, which is the reshuffle). Notation is parsed by
 * matching the text of every legal move, so writing and reading cannot disagree. */
#include <stdio.h>
#include <string.h>

#include "../box/layout.h"
#include "gauntlet.h"

enum { P_LAYOUT_SEED, P_TRACK, P_SWORD_REACH, P_FINAL_TIE, P_TWO_PLAYER_DECK, P_MARKET, P_MAX_TURNS,
       NUM_PARAMS };
static const char *const track_alphabet[] = {".BLn>s<", NULL};
static const char *const reach_choices[] = {"orthogonal", "king", NULL};
static const char *const tie_choices[] = {"order", "shared", NULL};
static const struct kk_param gt_params[NUM_PARAMS] = {
    {"layout_seed", KK_PARAM_INT, "0", -1, 1000000, NULL, 0, 0,
     "0: the fixed track; N >= 1: generated track N; -1: a new track each game"},
    {"track", KK_PARAM_WORD, "", 0, 0, track_alphabet, 0, GT_TILES,
     "empty, or 36 letters . B L n > s < row-major from (0,0): replaces layout_seed"},
    {"sword_reach", KK_PARAM_CHOICE, "orthogonal", 0, 0, reach_choices, 0, 0,
     "Swords reach: same or orthogonally adjacent tile, or king (also diagonal)"},
    {"final_tie", KK_PARAM_CHOICE, "order", 0, 0, tie_choices, 0, 0,
     "last tie-break between finishers: finishing order within the step, or a shared win"},
    {"two_player_deck", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "2 players: 1 drops the green-background cards"},
    {"market_per_player", KK_PARAM_INT, "3", 3, 3, NULL, 0, 0,
     "market cards per player at setup (refill 2 per player per turn)"},
    {"max_turns", KK_PARAM_INT, "60", 1, 200, NULL, 0, 0,
     "safety cap: after this turn the furthest pawns share the win"},
};

static const struct kk_stat_desc gt_stats[] = {
    {"rows", 1, "rows reached (0 at the start, 13 finished)"},
    {"capped", 0, "1 if the game stopped at max_turns"},
    {"turns", 0, "turns played"},
};

static const char *const start_cards[2][GT_MAX_SEATS][3] = {
    {{"rW2", "rB1", "rC1"}, {"bW2", "gB1", "wC1"}, {"yW1", "wB2", "kC1"}, {"gW1", "bB1", "yC2"}},
    {{"gW1", "wB2", "bC3"}, {"wW3", "rB1", "yC2"}, {NULL, NULL, NULL}, {NULL, NULL, NULL}},
};

static const struct gb_card *deck(void) { return gb_deck(GB_DECK_GB1); }

static int count_loc(const struct gt_state *s, int loc)
{
    int n = 0;
    for (int c = 0; c < GB_CARDS; c++)
        n += s->loc[c] == loc;
    return n;
}

static int gt_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct gt_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 4;
    if (players < 2 || players > GT_MAX_SEATS)
        return kk_fail(err, "gauntlet is for 2 to 4 players, not %d", players);
    s->players = (uint8_t)players;
    s->sword_king = (uint8_t)v->value[P_SWORD_REACH][0];
    s->final_tie_shared = (uint8_t)v->value[P_FINAL_TIE][0];
    s->max_turns = (uint8_t)v->value[P_MAX_TURNS][0];
    int seed = v->value[P_LAYOUT_SEED][0];
    if (v->len[P_TRACK] != 0 && v->len[P_TRACK] != GT_TILES)
        return kk_fail(err, "track needs 36 letters, not %d", v->len[P_TRACK]);
    if (v->len[P_TRACK]) {
        /* An explicit track overrides layout_seed (and draws no layout). */
        for (int i = 0; i < GT_TILES; i++)
            s->track.tile[i] = (uint8_t)v->value[P_TRACK][i];
        gt_track_fire_lines(&s->track);
        seed = 0;
    } else if (seed == 0)
        gt_track_fixed(&s->track);
    else if (seed > 0)
        gt_track_generate(&s->track, (uint64_t)seed);
    const struct gb_card *d = deck();
    int two = players == 2;
    for (int c = 0; c < GB_CARDS; c++)
        s->loc[c] = two && v->value[P_TWO_PLAYER_DECK][0] && d[c].background == GB_GREEN
                        ? GT_LOC_OUT : GT_LOC_PILE;
    for (int p = 0; p < players; p++) {
        s->pos[p] = GT_START;
        s->lp[p] = GT_LP;
        for (int i = 0; i < 3; i++) {
            int c = gb_card_from_text(d, start_cards[two][p][i]);
            s->loc[c] = (uint8_t)(GT_LOC_HAND + p);
            s->known[c] = 1;
        }
    }
    s->turn = 1;
    s->to_deal = (uint8_t)(3 * players);
    s->phase = seed < 0 ? GT_PHASE_LAYOUT : GT_PHASE_DEAL;
    return 0;
}

static int gt_players(const void *state) { return ((const struct gt_state *)state)->players; }

static int draw_seat(const struct gt_state *s)
{
    return (s->start_player + s->draw_k) % s->players;
}

static int gt_to_move(const void *state)
{
    const struct gt_state *s = state;
    switch (s->phase) {
    case GT_PHASE_TAKE:
        return draw_seat(s);
    case GT_PHASE_PLAN:
        for (int p = 0; p < s->players; p++)
            if (!(s->committed >> p & 1))
                return p;
        return KK_TERMINAL; /* not reached */
    case GT_PHASE_STEP:
        return s->order[s->order_at];
    case GT_PHASE_OVER:
        return KK_TERMINAL;
    default:
        return KK_CHANCE;
    }
}

static uint32_t gt_simultaneous(const void *state)
{
    const struct gt_state *s = state;
    if (s->phase != GT_PHASE_PLAN)
        return 0;
    return ((1u << s->players) - 1) & ~(uint32_t)s->committed;
}

/* ---- cards in hand and market, sorted by id ---- */
static int cards_at(const struct gt_state *s, int loc, int *out)
{
    int n = 0;
    for (int c = 0; c < GB_CARDS; c++)
        if (s->loc[c] == loc)
            out[n++] = c;
    return n;
}

static int step_card(const struct gt_state *s, int p) { return s->plan[p][s->step - 1]; }
static int shielded(const struct gt_state *s, int p)
{
    return s->phase == GT_PHASE_STEP && deck()[step_card(s, p)].symbol == GB_WHEEL;
}
static int acts(const struct gt_state *s, int p) { return s->lp[p] > 0 && s->pos[p] != GT_END; }

/* Opponents a Swords from position `from` may strike (bit set). */
static uint32_t sword_targets(const struct gt_state *s, int seat, int from)
{
    uint32_t set = 0;
    if (from >= GT_TILES)
        return 0;
    for (int p = 0; p < s->players; p++) {
        if (p == seat || s->pos[p] >= GT_TILES)
            continue;
        int dx = s->pos[p] % GT_COLS - from % GT_COLS, dy = s->pos[p] / GT_COLS - from / GT_COLS;
        int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
        if (s->sword_king ? ax <= 1 && ay <= 1 : ax + ay <= 1)
            set |= 1u << p;
    }
    return set;
}

static void lose(struct gt_state *s, int p, int n)
{
    if (n <= 0 || shielded(s, p) || s->lp[p] == 0)
        return;
    s->lp[p] = (uint8_t)(s->lp[p] > n ? s->lp[p] - n : 0);
    if (s->lp[p] == 0)
        s->ko_end[p] = (uint8_t)(s->turn + 1);
}

/* The action of seat's step card; target is a seat for Swords (or -1). */
static void act(struct gt_state *s, int seat, int target)
{
    switch (deck()[step_card(s, seat)].symbol) {
    case GB_HAMMERS:
        if (target >= 0)
            lose(s, target, 1);
        break;
    case GB_ARROW:
        for (int p = 0; p < s->players; p++)
            if (s->pos[p] < GT_TILES)
                lose(s, p, s->track.hits[s->pos[p]]);
        break;
    case GB_DROP:
        if (s->lp[seat] < GT_LP)
            s->lp[seat]++;
        break;
    default:
        break;
    }
}

static int may_of(const struct gt_state *s, int seat)
{
    int sym = deck()[step_card(s, seat)].symbol;
    return sym == GB_BRICKS ? GT_MAY_BRICK : sym == GB_CIRCLES ? GT_MAY_LUMBER : 0;
}

static int seat_paths(const struct gt_state *s, int seat, struct gt_path *out)
{
    int kmin, kmax = gt_step_bounds(s->m, s->used[seat], s->step, &kmin);
    return gt_paths(&s->track, s->pos[seat], may_of(s, seat), kmin, kmax, out);
}

/* Step moves: ((order * 5) + target + 1) * GT_MAX_PATHS + path index; order 0 action
 * first, 1 move first, 2 a lone action (knocked out by its own arrows). */
enum { ORD_ACT_FIRST, ORD_MOVE_FIRST, ORD_LONE };
static kk_move step_move(int order, int target, int path)
{
    return ((order * 5) + target + 1) * GT_MAX_PATHS + path;
}

static int targets_list(uint32_t set, int *out)
{
    int n = 0;
    for (int p = 0; set; p++, set >>= 1)
        if (set & 1)
            out[n++] = p;
    return n;
}

static int gt_legal_moves(const void *state, kk_move *out)
{
    const struct gt_state *s = state;
    int n = 0, seat = gt_to_move(s);
    if (s->phase == GT_PHASE_TAKE) {
        int m[GB_CARDS], k = cards_at(s, GT_LOC_MARKET, m);
        if (k < 2) {
            out[n++] = k == 1 ? m[0] * GB_CARDS + m[0] : 0; /* takes what is there */
            return n;
        }
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                out[n++] = m[i] * GB_CARDS + m[j];
        return n;
    }
    if (s->phase == GT_PHASE_PLAN) {
        int h[GB_CARDS], k = cards_at(s, GT_LOC_HAND + seat, h);
        for (int a = 0; a < k; a++)
            for (int b = 0; b < k; b++)
                for (int c = 0; c < k; c++)
                    for (int d = 0; d < k; d++)
                        if (a != b && a != c && a != d && b != c && b != d && c != d)
                            out[n++] = ((h[a] * GB_CARDS + h[b]) * GB_CARDS + h[c]) * GB_CARDS + h[d];
        return n;
    }
    /* A step. */
    struct gt_path paths[GT_MAX_PATHS];
    int np = seat_paths(s, seat, paths);
    int sym = deck()[step_card(s, seat)].symbol, t[GT_MAX_SEATS];
    /* Action first. */
    if (sym == GB_ARROW) {
        struct gt_state c = *s;
        act(&c, seat, -1);
        if (c.lp[seat] == 0)
            out[n++] = step_move(ORD_LONE, -1, 0);
        else
            for (int i = 0; i < np; i++)
                out[n++] = step_move(ORD_ACT_FIRST, -1, i);
    } else if (sym == GB_HAMMERS) {
        int nt = targets_list(sword_targets(s, seat, s->pos[seat]), t);
        for (int j = 0; j < (nt ? nt : 1); j++)
            for (int i = 0; i < np; i++)
                out[n++] = step_move(ORD_ACT_FIRST, nt ? t[j] : -1, i);
    } else {
        for (int i = 0; i < np; i++)
            out[n++] = step_move(ORD_ACT_FIRST, -1, i);
    }
    /* Move first. */
    for (int i = 0; i < np; i++) {
        int end = paths[i].len ? paths[i].pos[paths[i].len - 1] : s->pos[seat];
        int nt = sym == GB_HAMMERS ? targets_list(sword_targets(s, seat, end), t) : 0;
        for (int j = 0; j < (nt ? nt : 1); j++)
            out[n++] = step_move(ORD_MOVE_FIRST, nt ? t[j] : -1, i);
    }
    return n;
}

/* ---- chance ---- */
static int draw_source(const struct gt_state *s)
{
    return count_loc(s, GT_LOC_PILE) ? GT_LOC_PILE : GT_LOC_DISCARD;
}

static int gt_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct gt_state *s = state;
    int n = 0;
    if (s->phase == GT_PHASE_LAYOUT) {
        for (int i = 1; i <= GB_LAYOUTS; i++) {
            out[n] = i;
            prob[n++] = 1.0 / GB_LAYOUTS;
        }
        return n;
    }
    if (s->phase == GT_PHASE_DIE) {
        for (int i = 3; i <= 6; i++) {
            out[n] = i;
            prob[n++] = 0.25;
        }
        return n;
    }
    n = cards_at(s, draw_source(s), out);
    for (int i = 0; i < n; i++)
        prob[i] = 1.0 / n;
    return n;
}

static kk_move gt_sample_chance(const void *state, kk_rng *rng)
{
    const struct gt_state *s = state;
    if (s->phase == GT_PHASE_LAYOUT)
        return 1 + (kk_move)kk_rng_bounded(rng, GB_LAYOUTS);
    if (s->phase == GT_PHASE_DIE)
        return 3 + (kk_move)kk_rng_bounded(rng, 4);
    int c[GB_CARDS], n = cards_at(s, draw_source(s), c);
    return c[kk_rng_bounded(rng, (uint32_t)n)];
}

/* ---- flow ---- */
static void begin_step(struct gt_state *s);

/* Whether cards can still be drawn (pile or discards). */
static int can_draw(const struct gt_state *s)
{
    return count_loc(s, GT_LOC_PILE) + count_loc(s, GT_LOC_DISCARD) > 0;
}

static void next_draw_seat(struct gt_state *s)
{
    for (;;) {
        if (s->phase == GT_PHASE_DRAW && s->to_deal > 0 && can_draw(s))
            return;
        if (s->phase == GT_PHASE_TAKE)
            return;
        /* The current seat is done drawing. */
        s->draw_k++;
        if (s->draw_k >= s->players) {
            s->phase = GT_PHASE_PLAN;
            s->committed = 0;
            return;
        }
        s->phase = GT_PHASE_TAKE;
    }
}

static void finish_deal(struct gt_state *s)
{
    if (s->to_deal > 0 && can_draw(s))
        return;
    s->phase = GT_PHASE_DIE;
}

static void end_game(struct gt_state *s)
{
    uint32_t win = 0;
    if (s->num_fin) {
        int best = -1;
        for (int p = 0; p < s->players; p++) {
            if (!s->fin_step[p])
                continue;
            /* key: LP high, step early, rank early */
            int key = s->lp[p] * 10000 + (9 - s->fin_step[p]) * 100 +
                      (s->final_tie_shared ? 0 : 99 - s->fin_rank[p]);
            if (key > best) {
                best = key;
                win = 0;
            }
            if (key == best)
                win |= 1u << p;
        }
    } else {
        int best = -2;
        s->capped = 1;
        for (int p = 0; p < s->players; p++) {
            int y = s->pos[p] == GT_START ? -1 : s->pos[p] / GT_COLS;
            if (y > best) {
                best = y;
                win = 0;
            }
            if (y == best)
                win |= 1u << p;
        }
    }
    s->winners = (uint8_t)win;
    s->phase = GT_PHASE_OVER;
}

static void end_turn(struct gt_state *s)
{
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < 3; i++)
            s->loc[s->plan[p][i]] = GT_LOC_DISCARD;
    if (s->num_fin) {
        end_game(s);
        return;
    }
    for (int p = 0; p < s->players; p++)
        if (s->lp[p] == 0 && s->ko_end[p] == s->turn) {
            s->lp[p] = GT_LP;
            s->ko_end[p] = 0;
        }
    if (s->turn >= s->max_turns) {
        end_game(s);
        return;
    }
    s->turn++;
    s->start_player = (uint8_t)((s->start_player + 1) % s->players);
    s->step = 0;
    s->phase = GT_PHASE_DEAL;
    s->to_deal = (uint8_t)(2 * s->players);
    finish_deal(s);
}

/* Moves to the next seat that acts in this step, or the next step, or the turn's end. */
static void advance(struct gt_state *s)
{
    while (s->order_at < s->num_order && !acts(s, s->order[s->order_at]))
        s->order_at++;
    if (s->order_at < s->num_order)
        return;
    if (s->step < 3)
        begin_step(s);
    else
        end_turn(s);
}

static void begin_step(struct gt_state *s)
{
    s->step++;
    s->phase = GT_PHASE_STEP;
    s->num_order = 0;
    s->order_at = 0;
    /* Higher card number first; equal numbers from the starting player clockwise. */
    for (int num = GB_NUMBERS; num >= 1; num--)
        for (int k = 0; k < s->players; k++) {
            int p = (s->start_player + k) % s->players;
            if (deck()[step_card(s, p)].number == num)
                s->order[s->num_order++] = (uint8_t)p;
        }
    advance(s);
}

static void do_path(struct gt_state *s, int seat, const struct gt_path *path)
{
    s->used[seat] = (uint8_t)(s->used[seat] + (path->len ? path->len : 1));
    if (path->len)
        s->pos[seat] = path->pos[path->len - 1];
    if (s->pos[seat] == GT_END) {
        s->fin_step[seat] = s->step;
        s->fin_rank[seat] = ++s->num_fin;
    }
}

static void gt_apply(void *state, kk_move move)
{
    struct gt_state *s = state;
    switch (s->phase) {
    case GT_PHASE_LAYOUT:
        gt_track_generate(&s->track, (uint64_t)move);
        s->phase = GT_PHASE_DEAL;
        return;
    case GT_PHASE_DEAL:
    case GT_PHASE_DRAW: {
        if (!count_loc(s, GT_LOC_PILE))
            for (int c = 0; c < GB_CARDS; c++)
                if (s->loc[c] == GT_LOC_DISCARD)
                    s->loc[c] = GT_LOC_PILE;
        s->known[move] = 0;
        s->to_deal--;
        if (s->phase == GT_PHASE_DEAL) {
            s->loc[move] = GT_LOC_MARKET;
            finish_deal(s);
        } else {
            s->loc[move] = (uint8_t)(GT_LOC_HAND + draw_seat(s));
            next_draw_seat(s);
        }
        return;
    }
    case GT_PHASE_DIE:
        s->m = (uint8_t)move;
        memset(s->used, 0, sizeof s->used);
        s->draw_k = 0;
        s->phase = GT_PHASE_TAKE;
        return;
    case GT_PHASE_TAKE: {
        int seat = draw_seat(s), a = move / GB_CARDS, b = move % GB_CARDS;
        if (s->loc[a] == GT_LOC_MARKET) {
            s->loc[a] = (uint8_t)(GT_LOC_HAND + seat);
            s->known[a] = 1;
        }
        if (s->loc[b] == GT_LOC_MARKET) {
            s->loc[b] = (uint8_t)(GT_LOC_HAND + seat);
            s->known[b] = 1;
        }
        s->phase = GT_PHASE_DRAW;
        s->to_deal = 2;
        next_draw_seat(s);
        return;
    }
    case GT_PHASE_PLAN: {
        int seat = gt_to_move(s), c[4];
        c[3] = move % GB_CARDS;
        c[2] = move / GB_CARDS % GB_CARDS;
        c[1] = move / (GB_CARDS * GB_CARDS) % GB_CARDS;
        c[0] = move / (GB_CARDS * GB_CARDS * GB_CARDS);
        for (int i = 0; i < 4; i++) {
            s->plan[seat][i] = (uint8_t)c[i];
            s->loc[c[i]] = (uint8_t)(GT_LOC_PLAN + seat * 4 + i);
        }
        s->committed |= (uint8_t)(1u << seat);
        if (s->committed == (1u << s->players) - 1) {
            for (int p = 0; p < s->players; p++) {
                s->loc[s->plan[p][3]] = GT_LOC_DISCARD;
                s->known[s->plan[p][3]] = 0;
            }
            s->step = 0;
            begin_step(s);
        }
        return;
    }
    case GT_PHASE_STEP: {
        int seat = gt_to_move(s);
        int path = move % GT_MAX_PATHS, rest = move / GT_MAX_PATHS;
        int order = rest / 5, target = rest % 5 - 1;
        struct gt_path paths[GT_MAX_PATHS];
        int np = order == ORD_LONE ? 0 : seat_paths(s, seat, paths);
        if (order == ORD_MOVE_FIRST)
            do_path(s, seat, &paths[path]);
        act(s, seat, target);
        if (order == ORD_ACT_FIRST && path < np)
            do_path(s, seat, &paths[path]);
        s->order_at++;
        advance(s);
        return;
    }
    default:
        return;
    }
}

/* ---- results ---- */
static void gt_scores(const void *state, int32_t *out)
{
    const struct gt_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->phase == GT_PHASE_OVER && (s->winners >> p & 1);
}

static uint32_t gt_winners(const void *state) { return ((const struct gt_state *)state)->winners; }

static int rows_of(const struct gt_state *s, int p)
{
    return s->pos[p] == GT_START ? 0 : s->pos[p] == GT_END ? GT_ROWS + 1 : s->pos[p] / GT_COLS + 1;
}

static void gt_get_stats(const void *state, double *out)
{
    const struct gt_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = rows_of(s, p);
    out[s->players] = s->capped;
    out[s->players + 1] = s->turn;
}

/* Heuristic: a win is worth 100; otherwise rows reached (13 for the end) plus half a row
 * per life point, since LP decide ties and keep a pawn acting. */
static double gt_evaluate(const void *state, int seat)
{
    const struct gt_state *s = state;
    if (s->phase == GT_PHASE_OVER)
        return (s->winners >> seat & 1) ? 100.0 : 0.0;
    return rows_of(s, seat) + 0.5 * s->lp[seat];
}

/* ---- notation ---- */
static int pos_text(int pos, char *buf, size_t size)
{
    if (pos == GT_START)
        return snprintf(buf, size, "S");
    if (pos == GT_END)
        return snprintf(buf, size, "E");
    return snprintf(buf, size, "%d,%d", pos % GT_COLS, pos / GT_COLS);
}

static int card_text(int c, char *buf, size_t size) { return gb_card_text(deck(), c, buf, size); }

static int gt_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct gt_state *s = state;
    char a[16], b[16], c[16], d[16];
    switch (s->phase) {
    case GT_PHASE_LAYOUT:
        return snprintf(buf, size, "layout %d", (int)move);
    case GT_PHASE_DIE:
        return snprintf(buf, size, "die %d", (int)move);
    case GT_PHASE_DEAL:
    case GT_PHASE_DRAW:
        return card_text(move, buf, size);
    case GT_PHASE_TAKE: {
        int x = move / GB_CARDS, y = move % GB_CARDS;
        if (s->loc[x] != GT_LOC_MARKET)
            return snprintf(buf, size, "take");
        card_text(x, a, sizeof a);
        if (x == y)
            return snprintf(buf, size, "take %s", a);
        card_text(y, b, sizeof b);
        return snprintf(buf, size, "take %s %s", a, b);
    }
    case GT_PHASE_PLAN:
        card_text(move / (GB_CARDS * GB_CARDS * GB_CARDS), a, sizeof a);
        card_text(move / (GB_CARDS * GB_CARDS) % GB_CARDS, b, sizeof b);
        card_text(move / GB_CARDS % GB_CARDS, c, sizeof c);
        card_text(move % GB_CARDS, d, sizeof d);
        return snprintf(buf, size, "plan %s %s %s / %s", a, b, c, d);
    case GT_PHASE_STEP: {
        int seat = gt_to_move(s);
        int path = move % GT_MAX_PATHS, rest = move / GT_MAX_PATHS;
        int order = rest / 5, target = rest % 5 - 1;
        char act_txt[32], path_txt[64];
        int n = snprintf(act_txt, sizeof act_txt, "A");
        if (target >= 0) {
            pos_text(s->pos[target], a, sizeof a);
            n += snprintf(act_txt + n, sizeof act_txt - (size_t)n, " %s", a);
            /* Name the seat when another opponent in reach shares the tile. */
            struct gt_path paths[GT_MAX_PATHS];
            int from = s->pos[seat];
            if (order == ORD_MOVE_FIRST) {
                seat_paths(s, seat, paths);
                if (paths[path].len)
                    from = paths[path].pos[paths[path].len - 1];
            }
            uint32_t reach = sword_targets(s, seat, from);
            int share = 0;
            for (int p = 0; p < s->players; p++)
                share += (reach >> p & 1) && s->pos[p] == s->pos[target];
            if (share > 1)
                snprintf(act_txt + n, sizeof act_txt - (size_t)n, " @%d", target);
        }
        if (order == ORD_LONE)
            return snprintf(buf, size, "%s", act_txt);
        struct gt_path paths[GT_MAX_PATHS];
        seat_paths(s, seat, paths);
        int m = pos_text(s->pos[seat], path_txt, sizeof path_txt);
        for (int i = 0; i < paths[path].len; i++) {
            pos_text(paths[path].pos[i], a, sizeof a);
            m += snprintf(path_txt + m, sizeof path_txt - (size_t)m, ">%s", a);
        }
        if (order == ORD_ACT_FIRST)
            return snprintf(buf, size, "%s %s", act_txt, path_txt);
        return snprintf(buf, size, "%s %s", path_txt, act_txt);
    }
    default:
        return snprintf(buf, size, "?");
    }
}

static int gt_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct gt_state *s = state;
    static const size_t cap = GB_LAYOUTS > GT_MAX_MOVES ? GB_LAYOUTS : GT_MAX_MOVES;
    kk_move list[GB_LAYOUTS > GT_MAX_MOVES ? GB_LAYOUTS : GT_MAX_MOVES];
    double prob[GB_LAYOUTS > GT_MAX_MOVES ? GB_LAYOUTS : GT_MAX_MOVES];
    (void)cap;
    if (s->phase == GT_PHASE_OVER)
        return kk_fail(err, "the game is over");
    if (s->phase == GT_PHASE_PLAN) {
        /* Parse directly: 840 texts per seat would be slow for long records. */
        char w[5][16], slash[4];
        if (sscanf(text, "plan %15s %15s %15s %3s %15s", w[0], w[1], w[2], slash, w[3]) == 5 &&
            !strcmp(slash, "/")) {
            int c[4];
            for (int i = 0; i < 4; i++)
                if ((c[i] = gb_card_from_text(deck(), w[i])) < 0)
                    return kk_fail(err, "'%s' is not a card", w[i]);
            *move = ((c[0] * GB_CARDS + c[1]) * GB_CARDS + c[2]) * GB_CARDS + c[3];
            return 0;
        }
        return kk_fail(err, "'%s' is not a plan: plan C1 C2 C3 / D", text);
    }
    int n = gt_to_move(s) == KK_CHANCE ? gt_chance_outcomes(s, list, prob) : gt_legal_moves(s, list);
    char buf[96];
    for (int i = 0; i < n; i++) {
        gt_move_to_text(s, list[i], buf, sizeof buf);
        if (!strcmp(buf, text)) {
            *move = list[i];
            return 0;
        }
    }
    return kk_fail(err, "'%s' is not a legal move or outcome here", text);
}

/* ---- hidden information ---- */
/* Redeals, for `seat`, every card it cannot see: other seats' hands and unrevealed plan
 * slots, and the draw pile. A card everyone saw a seat take stays with that seat (in its
 * hand or one of its hidden plan slots). */
static int hidden_from(const struct gt_state *s, int seat, int loc)
{
    if (loc == GT_LOC_PILE)
        return 1;
    if (loc >= GT_LOC_HAND && loc < GT_LOC_PLAN)
        return loc - GT_LOC_HAND != seat;
    if (loc >= GT_LOC_PLAN) {
        int p = (loc - GT_LOC_PLAN) / 4, slot = (loc - GT_LOC_PLAN) % 4;
        if (p == seat)
            return 0;
        return slot == 3 || slot >= s->step;
    }
    return 0;
}

static void shuffle_ints(kk_rng *rng, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)kk_rng_bounded(rng, (uint32_t)(i + 1)), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void gt_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct gt_state *s = state;
    struct gt_state *o = out;
    *o = *s;
    int pool[GB_CARDS], np = 0;
    for (int c = 0; c < GB_CARDS; c++)
        if (hidden_from(s, seat, s->loc[c]) && !(s->known[c] && s->loc[c] != GT_LOC_PILE))
            pool[np++] = c;
    shuffle_ints(rng, pool, np);
    int used = 0;
    for (int p = 0; p < s->players; p++) {
        if (p == seat)
            continue;
        /* The seat's hidden places, and its known cards placed among them at random. */
        int places[GB_CARDS], nplace = 0, knownc[GB_CARDS], nk = 0;
        for (int c = 0; c < GB_CARDS; c++) {
            int l = s->loc[c];
            if (!hidden_from(s, seat, l) || l == GT_LOC_PILE)
                continue;
            int owner = l < GT_LOC_PLAN ? l - GT_LOC_HAND : (l - GT_LOC_PLAN) / 4;
            if (owner != p)
                continue;
            places[nplace++] = l;
            if (s->known[c])
                knownc[nk++] = c;
        }
        shuffle_ints(rng, places, nplace);
        for (int i = 0; i < nplace; i++) {
            int c = i < nk ? knownc[i] : pool[used++];
            int l = places[i];
            o->loc[c] = (uint8_t)l;
            o->known[c] = (uint8_t)(i < nk);
            if (l >= GT_LOC_PLAN)
                o->plan[p][(l - GT_LOC_PLAN) % 4] = (uint8_t)c;
        }
    }
    for (; used < np; used++)
        o->loc[pool[used]] = GT_LOC_PILE;
}

/* ---- consistency ---- */
static int gt_check(const void *state, kk_error *err)
{
    const struct gt_state *s = state;
    int n = s->players, out = 0;
    for (int c = 0; c < GB_CARDS; c++) {
        int l = s->loc[c];
        if (l >= GT_LOC_PLAN + 4 * n || (l >= GT_LOC_HAND + n && l < GT_LOC_PLAN))
            return kk_fail(err, "card %d in location %d", c, l);
        if (l >= GT_LOC_PLAN && s->plan[(l - GT_LOC_PLAN) / 4][(l - GT_LOC_PLAN) % 4] != c)
            return kk_fail(err, "card %d in a plan slot that names another card", c);
        out += l == GT_LOC_OUT;
    }
    if (out != (n == 2 && out ? 18 : 0))
        return kk_fail(err, "%d cards out of the game", out);
    int in_play = GB_CARDS - out, seen = 0;
    for (int l = GT_LOC_PILE; l < GT_LOC_PLAN + 4 * n; l++)
        seen += count_loc(s, l);
    if (seen != in_play)
        return kk_fail(err, "cards not conserved: %d of %d", seen, in_play);
    for (int p = 0; p < n; p++) {
        int pos = s->pos[p];
        if (pos > GT_END || (pos < GT_TILES && gt_is_arrow(s->track.tile[pos])))
            return kk_fail(err, "seat %d's pawn on %d", p, pos);
        if (s->lp[p] > GT_LP)
            return kk_fail(err, "seat %d has %d LP", p, s->lp[p]);
        if ((s->lp[p] == 0) != (s->ko_end[p] != 0))
            return kk_fail(err, "seat %d: LP and knock-out disagree", p);
        if ((pos == GT_END) != (s->fin_step[p] != 0))
            return kk_fail(err, "seat %d: finish and position disagree", p);
        int hand = count_loc(s, GT_LOC_HAND + p), plan = 0;
        for (int i = 0; i < 4; i++)
            plan += count_loc(s, GT_LOC_PLAN + p * 4 + i);
        if (s->phase == GT_PHASE_STEP && (hand != 3 || plan != 3))
            return kk_fail(err, "seat %d holds %d cards and plans %d in a step", p, hand, plan);
        if (s->phase == GT_PHASE_PLAN && (s->committed >> p & 1) && (hand != 3 || plan != 4))
            return kk_fail(err, "seat %d committed but holds %d, plans %d", p, hand, plan);
        if (s->phase == GT_PHASE_PLAN && !(s->committed >> p & 1) && hand < 4)
            return kk_fail(err, "seat %d must plan from %d cards", p, hand);
    }
    if (s->phase == GT_PHASE_STEP && !acts(s, s->order[s->order_at]))
        return kk_fail(err, "a seat that cannot act is to move");
    return 0;
}

const struct kk_game kk_game_gauntlet = {
    .name = "gauntlet",
    .title = "The Gauntlet",
    .min_players = 2,
    .max_players = GT_MAX_SEATS,
    .default_players = 4,
    .state_size = sizeof(struct gt_state),
    .max_moves = GT_MAX_MOVES,
    .score_scale = 1,
    .cooperative = 0,
    .params = gt_params,
    .num_params = NUM_PARAMS,
    .stats = gt_stats,
    .num_stats = 3,
    .init = gt_init,
    .players = gt_players,
    .to_move = gt_to_move,
    .legal_moves = gt_legal_moves,
    .apply = gt_apply,
    .chance_outcomes = gt_chance_outcomes,
    .sample_chance = gt_sample_chance,
    .scores = gt_scores,
    .winners = gt_winners,
    .move_to_text = gt_move_to_text,
    .move_from_text = gt_move_from_text,
    .get_stats = gt_get_stats,
    .evaluate = gt_evaluate,
    .sample_view = gt_sample_view,
    .check = gt_check,
    .simultaneous = gt_simultaneous,
    /* A plan is one of up to 840 moves and a playout of random plans says little about a
     * race of thirty turns: expand in the evaluation's order and play greedy plans for
     * about one turn before scoring by evaluation (docs/agents.md, "Game defaults"). */
    .agent_defaults = "widen=1,expand=greedy,rollout=greedy,depth=12",
};
