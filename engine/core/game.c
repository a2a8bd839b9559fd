#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define KK_GAME(sym) extern const struct kk_game sym;
#include "games.def"
#undef KK_GAME

const struct kk_game *const kk_games[] = {
#define KK_GAME(sym) &sym,
#include "games.def"
#undef KK_GAME
    NULL,
};

const struct kk_game *kk_game_find(const char *name)
{
    for (int i = 0; kk_games[i]; i++)
        if (strcmp(kk_games[i]->name, name) == 0)
            return kk_games[i];
    return NULL;
}

int kk_game_init(const struct kk_game *g, void *state, const struct kk_variant *v, int players,
                 kk_error *err)
{
    if (players != 0 && (players < g->min_players || players > g->max_players)) {
        if (g->min_players == g->max_players)
            return kk_fail(err, "%s is played by %d player%s, not %d", g->name, g->min_players,
                           g->min_players == 1 ? "" : "s", players);
        return kk_fail(err, "%s is played by %d to %d players, not %d", g->name, g->min_players,
                       g->max_players, players);
    }
    memset(state, 0, g->state_size);
    return g->init(state, v, players, err);
}

int kk_stat_offset(const struct kk_game *g, int players, int d)
{
    int w = 0;
    for (int i = 0; i < d; i++)
        w += g->stats[i].per_seat ? players : 1;
    return w;
}

int kk_stats_width(const struct kk_game *g, int players)
{
    return kk_stat_offset(g, players, g->num_stats);
}

/* The general path of kk_random_move, kept apart so the fast path (a game's own hook,
 * called once per playout move) has no 2 KB stack frame to set up. */
static kk_move random_from_legal(const struct kk_game *g, const void *state, kk_rng *rng)
{
    kk_move stackbuf[512];
    kk_move *moves = stackbuf;
    if (g->max_moves > 512)
        moves = malloc(sizeof *moves * (size_t)g->max_moves);
    if (!moves)
        abort();
    int n = g->legal_moves(state, moves);
    kk_move m = moves[kk_rng_bounded(rng, (uint32_t)n)];
    if (moves != stackbuf)
        free(moves);
    return m;
}

kk_move kk_random_move(const struct kk_game *g, const void *state, kk_rng *rng)
{
    if (g->random_move)
        return g->random_move(state, rng);
    return random_from_legal(g, state, rng);
}

int kk_random_playout(const struct kk_game *g, void *state, kk_rng *chance, kk_rng *moves,
                      int *chance_events, long max_events)
{
    if (g->playout)
        return g->playout(state, chance, moves, chance_events);
    int seat_moves = 0, chances = 0;
    for (long events = 0;; events++) {
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        if (events >= max_events)
            return -1;
        if (who == KK_CHANCE) {
            g->apply(state, g->sample_chance(state, chance));
            chances++;
        } else {
            g->apply(state, kk_random_move(g, state, moves));
            seat_moves++;
        }
    }
    if (chance_events)
        *chance_events = chances;
    return seat_moves;
}

int kk_is_legal(const struct kk_game *g, const void *state, kk_move move)
{
    int who = g->to_move(state);
    if (who == KK_TERMINAL)
        return 0;
    kk_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    double *prob = NULL;
    if (!moves)
        abort();
    int n;
    if (who == KK_CHANCE) {
        prob = malloc(sizeof *prob * (size_t)g->max_moves);
        if (!prob)
            abort();
        n = g->chance_outcomes(state, moves, prob);
    } else {
        n = g->legal_moves(state, moves);
    }
    int found = 0;
    for (int i = 0; i < n && !found; i++)
        found = moves[i] == move && (!prob || prob[i] > 0);
    free(moves);
    free(prob);
    return found;
}

uint32_t kk_sim_pending(const struct kk_game *g, const void *state)
{
    return g->simultaneous && g->to_move(state) >= 0 ? g->simultaneous(state) : 0;
}

int kk_game_hidden(const struct kk_game *g)
{
    return g->sample_view != NULL;
}

void kk_game_draw(const struct kk_game *g, const void *state, int seat, struct kk_buf *out)
{
    if (g->draw) {
        g->draw(state, seat, out);
        return;
    }
    int who = g->to_move(state), n = g->players(state);
    if (who == KK_TERMINAL)
        kk_buf_printf(out, "%s: the game is over\n", g->title);
    else if (who == KK_CHANCE)
        kk_buf_printf(out, "%s: chance is next\n", g->title);
    else
        kk_buf_printf(out, "%s: seat %d to move\n", g->title, who);
    /* Scores may depend on hidden cards; a game that shows them writes its own draw(). */
    if (seat != KK_ONLOOKER && kk_game_hidden(g) && who != KK_TERMINAL)
        return;
    int32_t scores[KK_MAX_SEATS];
    g->scores(state, scores);
    kk_buf_printf(out, "scores:");
    for (int s = 0; s < n; s++)
        kk_buf_printf(out, " %d", scores[s]);
    kk_buf_printf(out, "\n");
}

void kk_game_view_event(const struct kk_game *g, const void *state, kk_move move, int seat,
                        struct kk_buf *out)
{
    if (g->view_event && seat != KK_ONLOOKER) {
        g->view_event(state, move, seat, out);
        return;
    }
    char text[256];
    int who = g->to_move(state);
    /* Without the game's word, a hidden-information game shows a seat only its own moves:
     * a chance outcome may be a card dealt to another seat, a move may place a card face
     * down or keep it hidden. */
    if (seat != KK_ONLOOKER && kk_game_hidden(g) && who != seat) {
        kk_buf_printf(out, who == KK_CHANCE ? "?" : "(hidden)");
        return;
    }
    g->move_to_text(state, move, text, sizeof text);
    kk_buf_printf(out, "%s", text);
}

/* Depth-first count with one state buffer and one move list per ply, allocated together. */
static long long perft_rec(const struct kk_game *g, char *states, kk_move *moves, double *prob,
                           int depth)
{
    const void *s = states;
    int who = g->to_move(s);
    if (depth == 0 || who == KK_TERMINAL)
        return 1;
    int n = who == KK_CHANCE ? g->chance_outcomes(s, moves, prob) : g->legal_moves(s, moves);
    if (depth == 1)
        return n;
    long long total = 0;
    char *next = states + g->state_size;
    for (int i = 0; i < n; i++) {
        memcpy(next, s, g->state_size);
        g->apply(next, moves[i]);
        total += perft_rec(g, next, moves + g->max_moves, prob + g->max_moves, depth - 1);
    }
    return total;
}

long long kk_perft(const struct kk_game *g, const void *state, int depth, kk_error *err)
{
    if (depth < 0)
        return kk_fail(err, "perft depth must be >= 0, not %d", depth);
    size_t plies = (size_t)depth + 1;
    char *states = malloc(g->state_size * plies);
    kk_move *moves = malloc(sizeof *moves * (size_t)g->max_moves * plies);
    double *prob = malloc(sizeof *prob * (size_t)g->max_moves * plies);
    long long n = -1;
    if (states && moves && prob) {
        memcpy(states, state, g->state_size);
        n = perft_rec(g, states, moves, prob, depth);
    } else {
        kk_fail(err, "out of memory for perft to depth %d", depth);
    }
    free(states);
    free(moves);
    free(prob);
    return n;
}

/* counts[k] gathers sequences of k + 1 events; the node at `ply` events is not terminal. */
static void perft_table_rec(const struct kk_game *g, char *states, kk_move *moves, double *prob,
                            int ply, int depth, long long *counts)
{
    const void *s = states;
    int who = g->to_move(s);
    int n = who == KK_CHANCE ? g->chance_outcomes(s, moves, prob) : g->legal_moves(s, moves);
    counts[ply] += n;
    if (ply + 1 == depth)
        return;
    char *next = states + g->state_size;
    for (int i = 0; i < n; i++) {
        memcpy(next, s, g->state_size);
        g->apply(next, moves[i]);
        if (g->to_move(next) != KK_TERMINAL)
            perft_table_rec(g, next, moves + g->max_moves, prob + g->max_moves, ply + 1, depth,
                            counts);
    }
}

int kk_perft_table(const struct kk_game *g, const void *state, int depth, long long *counts,
                   kk_error *err)
{
    if (depth < 1)
        return kk_fail(err, "perft depth must be >= 1, not %d", depth);
    for (int d = 0; d < depth; d++)
        counts[d] = 0;
    if (g->to_move(state) == KK_TERMINAL)
        return 0;
    size_t plies = (size_t)depth + 1;
    char *states = malloc(g->state_size * plies);
    kk_move *moves = malloc(sizeof *moves * (size_t)g->max_moves * plies);
    double *prob = malloc(sizeof *prob * (size_t)g->max_moves * plies);
    int rc = 0;
    if (states && moves && prob) {
        memcpy(states, state, g->state_size);
        perft_table_rec(g, states, moves, prob, 0, depth, counts);
    } else {
        rc = kk_fail(err, "out of memory for perft to depth %d", depth);
    }
    free(states);
    free(moves);
    free(prob);
    return rc;
}

uint32_t kk_top_scores(const int32_t *scores, int players)
{
    int32_t best = scores[0];
    for (int s = 1; s < players; s++)
        if (scores[s] > best)
            best = scores[s];
    uint32_t mask = 0;
    for (int s = 0; s < players; s++)
        if (scores[s] == best)
            mask |= 1u << s;
    return mask;
}

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

void kk_returns(const struct kk_game *g, const void *state, enum kk_reward reward, double *out)
{
    int n = g->players(state);
    int32_t scores[KK_MAX_SEATS];
    g->scores(state, scores);
    double scale = g->score_scale > 0 ? g->score_scale : 1;
    if (g->cooperative) {
        double r = g->result ? g->result(state) : 0;
        for (int s = 0; s < n; s++)
            out[s] = clamp((r - g->result_min) / scale, 0, 1);
        return;
    }
    double win[KK_MAX_SEATS] = {0};
    if (reward != KK_REWARD_MARGIN) {
        uint32_t w = g->to_move(state) == KK_TERMINAL ? g->winners(state)
                                                       : kk_top_scores(scores, n);
        int k = __builtin_popcount(w);
        for (int s = 0; s < n; s++)
            win[s] = (w >> s & 1u) ? 1.0 / k : 0.0;
    }
    for (int s = 0; s < n; s++) {
        if (reward == KK_REWARD_WIN) {
            out[s] = win[s];
            continue;
        }
        int32_t best_other = INT32_MIN;
        for (int o = 0; o < n; o++)
            if (o != s && scores[o] > best_other)
                best_other = scores[o];
        if (n == 1)
            best_other = 0;
        out[s] = kk_reward_of(reward, win[s],
                              0.5 + 0.5 * clamp((scores[s] - best_other) / scale, -1, 1));
    }
}
