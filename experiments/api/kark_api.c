/* The binding API (kark_api.h) over the engine, the agents and the study runner. Every
 * entry point checks its arguments and the kind of node before calling a game hook, because
 * the hooks themselves are unchecked (calling legal_moves at a chance node is undefined). */
/* mkdtemp, strtok_r, unlink */
#define _POSIX_C_SOURCE 200809L

#include "kark_api.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../agents/agent.h"
#include "../../engine/core/buf.h"
#include "../../engine/core/game.h"
#include "../../engine/core/record.h"
#include "../play.h"
#include "../study.h"
#include "kark_obs.h"

struct kark_game {
    const struct kk_game *g;
    struct kk_variant v;
    int players; /* resolved seat count */
};

struct kark_state {
    const struct kark_game *game; /* borrowed: the game handle must outlive its states */
    const struct kk_game *g;
    kk_rng chance, agents;
    unsigned char data[]; /* g->state_size bytes */
};

struct kark_agent {
    const struct kk_game *g;
    struct kk_agent *a;
};

static int fail(kark_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(kark_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->code = code;
    }
    return code;
}

/* Copies an engine error into err with a code. */
static int fail_kk(kark_error *err, int code, const kk_error *e)
{
    return fail(err, code, "%s", e->msg);
}

static int ok(kark_error *err)
{
    if (err) {
        err->code = KARK_OK;
        err->msg[0] = '\0';
    }
    return KARK_OK;
}

/* Hands a built buffer to the caller as a malloc'd string ("" when empty). */
static int give_string(struct kk_buf *b, char **out, kark_error *err)
{
    if (!b->data) {
        char *s = malloc(1);
        if (!s)
            return fail(err, KARK_ERR_MEMORY, "out of memory");
        s[0] = '\0';
        *out = s;
    } else {
        *out = b->data; /* the buffer's storage becomes the caller's */
    }
    b->data = NULL;
    b->len = b->cap = 0;
    return ok(err);
}

int kark_api_version(void)
{
    return KARK_API_VERSION;
}

void kark_free(void *p)
{
    free(p);
}

int kark_games_json(char **json, kark_error *err)
{
    if (!json)
        return fail(err, KARK_ERR_ARGUMENT, "json is NULL");
    struct kk_buf b = {0};
    kk_buf_printf(&b, "[");
    for (int i = 0; kk_games[i]; i++) {
        const struct kk_game *g = kk_games[i];
        kk_buf_printf(&b, "%s{\"name\":", i ? "," : "");
        kk_buf_json_string(&b, g->name);
        kk_buf_printf(&b, ",\"title\":");
        kk_buf_json_string(&b, g->title);
        kk_buf_printf(&b,
                      ",\"min_players\":%d,\"max_players\":%d,\"default_players\":%d,"
                      "\"hidden\":%d,\"simultaneous\":%d,\"cooperative\":%d,\"params\":[",
                      g->min_players, g->max_players, g->default_players, kk_game_hidden(g),
                      g->simultaneous != NULL, g->cooperative);
        for (int p = 0; p < g->num_params; p++) {
            char accepts[512];
            kk_param_accepts(&g->params[p], accepts, sizeof accepts);
            kk_buf_printf(&b, "%s{\"name\":", p ? "," : "");
            kk_buf_json_string(&b, g->params[p].name);
            kk_buf_printf(&b, ",\"default\":");
            kk_buf_json_string(&b, g->params[p].def);
            kk_buf_printf(&b, ",\"accepts\":");
            kk_buf_json_string(&b, accepts);
            kk_buf_printf(&b, ",\"help\":");
            kk_buf_json_string(&b, g->params[p].help);
            kk_buf_printf(&b, "}");
        }
        kk_buf_printf(&b, "]}");
    }
    kk_buf_printf(&b, "]");
    return give_string(&b, json, err);
}

/* Looks a game up, naming the known ones when the name is wrong. */
static const struct kk_game *find_game(const char *name, kark_error *err)
{
    if (!name) {
        fail(err, KARK_ERR_ARGUMENT, "game name is NULL");
        return NULL;
    }
    const struct kk_game *g = kk_game_find(name);
    if (!g) {
        char names[512];
        size_t n = 0;
        names[0] = '\0';
        for (int i = 0; kk_games[i] && n < sizeof names; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                                  kk_games[i]->name);
        fail(err, KARK_ERR_ARGUMENT, "unknown game '%s': expected one of %s", name, names);
    }
    return g;
}

/* Resolves the seat count of (g, v, players) by initialising a scratch state. */
static int resolve_players(const struct kk_game *g, const struct kk_variant *v, int players,
                           int *out, kark_error *err)
{
    void *state = calloc(1, g->state_size);
    if (!state)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    kk_error e;
    int rc = kk_game_init(g, state, v, players, &e);
    if (rc == 0)
        *out = g->players(state);
    free(state);
    return rc == 0 ? ok(err) : fail_kk(err, KARK_ERR_ARGUMENT, &e);
}

int kark_game_load(const char *name, int players, const char *const *sets, int num_sets,
                   kark_game **out, kark_error *err)
{
    if (!out)
        return fail(err, KARK_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    const struct kk_game *g = find_game(name, err);
    if (!g)
        return KARK_ERR_ARGUMENT;
    if (num_sets < 0 || (num_sets > 0 && !sets))
        return fail(err, KARK_ERR_ARGUMENT, "bad settings list");
    struct kark_game *gh = calloc(1, sizeof *gh);
    if (!gh)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    gh->g = g;
    kk_error e;
    if (kk_variant_defaults(g, &gh->v, &e) != 0) {
        free(gh);
        return fail_kk(err, KARK_ERR_RUN, &e);
    }
    for (int i = 0; i < num_sets; i++) {
        if (!sets[i] || kk_variant_set(g, &gh->v, sets[i], &e) != 0) {
            free(gh);
            return sets[i] ? fail_kk(err, KARK_ERR_ARGUMENT, &e)
                           : fail(err, KARK_ERR_ARGUMENT, "setting %d is NULL", i);
        }
    }
    int rc = resolve_players(g, &gh->v, players, &gh->players, err);
    if (rc != KARK_OK) {
        free(gh);
        return rc;
    }
    *out = gh;
    return ok(err);
}

void kark_game_free(kark_game *g)
{
    free(g);
}

const char *kark_game_name(const kark_game *g)
{
    return g ? g->g->name : "";
}

int kark_game_players(const kark_game *g)
{
    return g ? g->players : 0;
}

int kark_game_max_moves(const kark_game *g)
{
    return g ? g->g->max_moves : 0;
}

int kark_game_hidden(const kark_game *g)
{
    return g ? kk_game_hidden(g->g) : 0;
}

int kark_game_variant(const kark_game *g, char **text, kark_error *err)
{
    if (!g || !text)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    char buf[4096];
    kk_variant_describe(g->g, &g->v, " ", buf, sizeof buf);
    struct kk_buf b = {0};
    kk_buf_printf(&b, "%s", buf);
    return give_string(&b, text, err);
}

int kark_game_observation_shape(const kark_game *g, int *dims, int *ndims, const char **layout,
                                kark_error *err)
{
    if (!g || !dims || !ndims || !layout)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    *ndims = kark_obs_shape(g->g, g->players, dims, layout);
    return ok(err);
}

/* ---- states ---- */

static struct kark_state *state_alloc(const struct kark_game *game)
{
    struct kark_state *s = calloc(1, sizeof *s + game->g->state_size);
    if (s) {
        s->game = game;
        s->g = game->g;
    }
    return s;
}

int kark_state_new(const kark_game *g, uint64_t seed, uint64_t index, kark_state **out,
                   kark_error *err)
{
    if (!g || !out)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    *out = NULL;
    struct kark_state *s = state_alloc(g);
    if (!s)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    kk_error e;
    if (kk_game_init(g->g, s->data, &g->v, g->players, &e) != 0) {
        free(s);
        return fail_kk(err, KARK_ERR_ARGUMENT, &e);
    }
    kk_game_rngs(seed, index, &s->chance, &s->agents);
    *out = s;
    return ok(err);
}

void kark_state_free(kark_state *s)
{
    free(s);
}

int kark_state_clone(const kark_state *s, kark_state **out, kark_error *err)
{
    if (!s || !out)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    struct kark_state *c = state_alloc(s->game);
    if (!c) {
        *out = NULL;
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    }
    memcpy(c, s, sizeof *s + s->g->state_size);
    *out = c;
    return ok(err);
}

int kark_state_to_move(const kark_state *s)
{
    return s ? s->g->to_move(s->data) : KK_TERMINAL;
}

int kark_state_players(const kark_state *s)
{
    return s ? s->g->players(s->data) : 0;
}

uint32_t kark_state_sim_pending(const kark_state *s)
{
    return s ? kk_sim_pending(s->g, s->data) : 0;
}

/* Names the node kind for messages. */
static const char *node_name(int who)
{
    return who == KK_CHANCE ? "a chance node" : who == KK_TERMINAL ? "a terminal state"
                                                                    : "a seat's turn";
}

int kark_state_legal_moves(const kark_state *s, int32_t *moves, int cap, int *count,
                           kark_error *err)
{
    if (!s || !moves || !count)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int who = s->g->to_move(s->data);
    if (who < 0)
        return fail(err, KARK_ERR_NODE, "legal moves asked at %s (no seat is to move)",
                    node_name(who));
    if (cap < s->g->max_moves)
        return fail(err, KARK_ERR_ARGUMENT, "room for %d moves given, %d needed", cap,
                    s->g->max_moves);
    *count = s->g->legal_moves(s->data, moves);
    return ok(err);
}

int kark_state_chance_outcomes(const kark_state *s, int32_t *moves, double *probs, int cap,
                               int *count, kark_error *err)
{
    if (!s || !moves || !probs || !count)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int who = s->g->to_move(s->data);
    if (who != KK_CHANCE)
        return fail(err, KARK_ERR_NODE, "chance outcomes asked at %s", node_name(who));
    if (cap < s->g->max_moves)
        return fail(err, KARK_ERR_ARGUMENT, "room for %d outcomes given, %d needed", cap,
                    s->g->max_moves);
    *count = s->g->chance_outcomes(s->data, moves, probs);
    return ok(err);
}

/* KARK_OK when move is legal (or a possible outcome) at s, else an error naming it. */
static int check_move(const kark_state *s, int32_t move, kark_error *err)
{
    int who = s->g->to_move(s->data);
    if (who == KK_TERMINAL)
        return fail(err, KARK_ERR_NODE, "move %d applied to a terminal state", (int)move);
    size_t n = (size_t)s->g->max_moves;
    kk_move *moves = malloc(sizeof *moves * n);
    double *probs = malloc(sizeof *probs * n);
    if (!moves || !probs) {
        free(moves);
        free(probs);
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    }
    int count = who == KK_CHANCE ? s->g->chance_outcomes(s->data, moves, probs)
                                 : s->g->legal_moves(s->data, moves);
    int found = 0;
    for (int i = 0; i < count && !found; i++)
        found = moves[i] == move && (who != KK_CHANCE || probs[i] > 0);
    free(moves);
    free(probs);
    if (!found)
        return fail(err, KARK_ERR_ILLEGAL, "%s: %d is not a %s here", s->g->name, (int)move,
                    who == KK_CHANCE ? "possible chance outcome" : "legal move");
    return ok(err);
}

int kark_state_apply(kark_state *s, int32_t move, kark_error *err)
{
    if (!s)
        return fail(err, KARK_ERR_ARGUMENT, "NULL state");
    int rc = check_move(s, move, err);
    if (rc != KARK_OK)
        return rc;
    s->g->apply(s->data, move);
    return ok(err);
}

int kark_state_parse_move(const kark_state *s, const char *text, int32_t *move, kark_error *err)
{
    if (!s || !text || !move)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int who = s->g->to_move(s->data);
    if (who == KK_TERMINAL)
        return fail(err, KARK_ERR_NODE, "'%s' given at a terminal state", text);
    kk_error e;
    kk_move m;
    if (s->g->move_from_text(s->data, text, &m, &e) != 0)
        return fail(err, KARK_ERR_ILLEGAL, "bad move '%s': %s", text, e.msg);
    int rc = check_move(s, m, err);
    if (rc != KARK_OK)
        return fail(err, rc, "'%s' is not %s here", text,
                    who == KK_CHANCE ? "a possible chance outcome" : "a legal move");
    *move = m;
    return ok(err);
}

int kark_state_apply_text(kark_state *s, const char *text, kark_error *err)
{
    int32_t m;
    int rc = kark_state_parse_move(s, text, &m, err);
    if (rc != KARK_OK)
        return rc;
    s->g->apply(s->data, m);
    return ok(err);
}

int kark_state_sample_chance(kark_state *s, int32_t *move, kark_error *err)
{
    if (!s || !move)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int who = s->g->to_move(s->data);
    if (who != KK_CHANCE)
        return fail(err, KARK_ERR_NODE, "chance sampled at %s", node_name(who));
    *move = s->g->sample_chance(s->data, &s->chance);
    return ok(err);
}

int kark_state_random_move(kark_state *s, int32_t *move, kark_error *err)
{
    if (!s || !move)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int who = s->g->to_move(s->data);
    if (who < 0)
        return fail(err, KARK_ERR_NODE, "random move asked at %s", node_name(who));
    *move = kk_random_move(s->g, s->data, &s->agents);
    return ok(err);
}

int kark_state_move_text(const kark_state *s, int32_t move, char *buf, size_t size,
                         kark_error *err)
{
    if (!s || !buf || size == 0)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int rc = check_move(s, move, err);
    if (rc != KARK_OK)
        return rc;
    s->g->move_to_text(s->data, move, buf, size);
    return ok(err);
}

int kark_state_scores(const kark_state *s, int32_t *out, int cap, kark_error *err)
{
    if (!s || !out)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int n = s->g->players(s->data);
    if (cap < n)
        return fail(err, KARK_ERR_ARGUMENT, "room for %d scores given, %d needed", cap, n);
    int32_t sc[KK_MAX_SEATS];
    s->g->scores(s->data, sc);
    memcpy(out, sc, sizeof *out * (size_t)n);
    return ok(err);
}

int kark_state_returns(const kark_state *s, int reward, double *out, int cap, kark_error *err)
{
    if (!s || !out)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    if (reward < 0 || reward > 2)
        return fail(err, KARK_ERR_ARGUMENT,
                    "reward %d: expected 0 (win), 1 (margin) or 2 (mix, their mean)", reward);
    int n = s->g->players(s->data);
    if (cap < n)
        return fail(err, KARK_ERR_ARGUMENT, "room for %d returns given, %d needed", cap, n);
    double r[KK_MAX_SEATS];
    static const enum kk_reward kinds[] = {KK_REWARD_WIN, KK_REWARD_MARGIN, KK_REWARD_MIX};
    kk_returns(s->g, s->data, kinds[reward], r);
    memcpy(out, r, sizeof *out * (size_t)n);
    return ok(err);
}

static int check_seat(const kark_state *s, int seat, kark_error *err);

int kark_state_evaluate(const kark_state *s, int seat, double *value, kark_error *err)
{
    if (!s || !value)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int rc = check_seat(s, seat, err);
    if (rc != KARK_OK)
        return rc;
    *value = s->g->evaluate(s->data, seat);
    return ok(err);
}

int kark_state_json(const kark_state *s, char **json, kark_error *err)
{
    if (!s || !json)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    struct kk_buf b = {0};
    kk_state_json(&b, s->g, s->data);
    return give_string(&b, json, err);
}

const void *kark_state_bytes(const kark_state *s, size_t *size)
{
    if (size)
        *size = s ? s->g->state_size : 0;
    return s ? s->data : NULL;
}

/* ---- views ---- */

/* The seed of the canonical view: any fixed value works, this one is the golden ratio's. */
#define KARK_VIEW_SEED 0x9E3779B97F4A7C15ULL

/* Writes into view (state_size bytes) the seat's canonical view of s: on a game with hidden
 * information the game's sample_view from the fixed stream (KARK_VIEW_SEED, seat), which
 * the hidden-information games implement so that it depends only on what the seat sees;
 * on a perfect-information game the state itself. */
static void canonical_view(const kark_state *s, int seat, void *view)
{
    if (s->g->sample_view) {
        kk_rng r;
        kk_rng_seed(&r, KARK_VIEW_SEED, (uint64_t)seat);
        s->g->sample_view(s->data, seat, &r, view);
        kark_view_mask(s->g, view, seat);
    } else {
        memcpy(view, s->data, s->g->state_size);
    }
}

static int check_seat(const kark_state *s, int seat, kark_error *err)
{
    int n = s->g->players(s->data);
    if (seat < 0 || seat >= n)
        return fail(err, KARK_ERR_ARGUMENT, "seat %d: expected 0..%d", seat, n - 1);
    return KARK_OK;
}

int kark_state_view_text(const kark_state *s, int seat, char **text, kark_error *err)
{
    if (!s || !text)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int rc = check_seat(s, seat, err);
    if (rc != KARK_OK)
        return rc;
    const struct kk_game *g = s->g;
    void *view = malloc(g->state_size);
    if (!view)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    canonical_view(s, seat, view);
    struct kk_buf b = {0};
    int n = g->players(view), who = g->to_move(view);
    kk_buf_printf(&b, "view of seat %d: %s, %d players\n", seat, g->name, n);
    char desc[4096];
    kk_variant_describe(g, &s->game->v, " ", desc, sizeof desc);
    kk_buf_printf(&b, "variant: %s\n", g->num_params ? desc : "(no parameters)");
    if (who >= 0)
        kk_buf_printf(&b, "to move: seat %d\n", who);
    else
        kk_buf_printf(&b, "to move: %s\n", who == KK_CHANCE ? "chance" : "nobody (game over)");
    uint32_t pending = kk_sim_pending(g, view);
    if (pending) {
        kk_buf_printf(&b, "simultaneous round, still to commit:");
        for (int t = 0; t < n; t++)
            if (pending >> t & 1u)
                kk_buf_printf(&b, " %d", t);
        kk_buf_printf(&b, "\n");
    }
    kk_buf_printf(&b, "state: ");
    kk_state_json(&b, g, view);
    kk_buf_printf(&b, "\n");
    if (who == seat) {
        kk_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
        if (!moves) {
            free(view);
            kk_buf_free(&b);
            return fail(err, KARK_ERR_MEMORY, "out of memory");
        }
        int count = g->legal_moves(view, moves);
        kk_buf_printf(&b, "your moves:");
        for (int i = 0; i < count; i++) {
            char t[KK_EVENT_TEXT];
            g->move_to_text(view, moves[i], t, sizeof t);
            kk_buf_printf(&b, " [%s]", t);
        }
        kk_buf_printf(&b, "\n");
        free(moves);
    }
    if (g->sample_view)
        kk_buf_printf(&b, "(what this seat cannot see is filled in by one fixed deal of the "
                          "unseen items, the same for every state the seat cannot tell "
                          "apart: it is not the true one)\n");
    free(view);
    return give_string(&b, text, err);
}

int kark_state_observation(const kark_state *s, int seat, float *out, size_t cap,
                           kark_error *err)
{
    if (!s || !out)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int rc = check_seat(s, seat, err);
    if (rc != KARK_OK)
        return rc;
    int dims[4];
    const char *layout;
    int nd = kark_obs_shape(s->g, s->game->players, dims, &layout);
    size_t need = 1;
    for (int i = 0; i < nd; i++)
        need *= (size_t)dims[i];
    if (cap < need)
        return fail(err, KARK_ERR_ARGUMENT, "room for %zu values given, %zu needed", cap, need);
    void *view = malloc(s->g->state_size);
    if (!view)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    canonical_view(s, seat, view);
    memset(out, 0, sizeof *out * need);
    kark_obs_fill(s->g, view, seat, out);
    free(view);
    return ok(err);
}

int kark_state_resample(const kark_state *s, int seat, uint64_t seed, kark_state **out,
                        kark_error *err)
{
    if (!s || !out)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    *out = NULL;
    int rc = check_seat(s, seat, err);
    if (rc != KARK_OK)
        return rc;
    struct kark_state *c = state_alloc(s->game);
    if (!c)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    memcpy(c, s, sizeof *s + s->g->state_size);
    if (s->g->sample_view) {
        kk_rng r;
        kk_rng_seed(&r, seed, (uint64_t)seat);
        s->g->sample_view(s->data, seat, &r, c->data);
    }
    *out = c;
    return ok(err);
}

/* ---- agents ---- */

int kark_agent_new(const kark_game *g, const char *spec, kark_agent **out, kark_error *err)
{
    if (!g || !spec || !out)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    *out = NULL;
    struct kark_agent *a = calloc(1, sizeof *a);
    if (!a)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    kk_error e;
    a->g = g->g;
    if (!(a->a = kk_agent_create(g->g, spec, &e))) {
        free(a);
        return fail_kk(err, KARK_ERR_ARGUMENT, &e);
    }
    *out = a;
    return ok(err);
}

void kark_agent_free(kark_agent *a)
{
    if (a) {
        kk_agent_destroy(a->a);
        free(a);
    }
}

const char *kark_agent_spec(const kark_agent *a)
{
    return a ? a->a->spec : "";
}

static int check_agent(const kark_agent *a, const kark_state *s, kark_error *err)
{
    if (!a || !s)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    if (a->g != s->g)
        return fail(err, KARK_ERR_ARGUMENT, "agent '%s' was built for %s, not %s", a->a->spec,
                    a->g->name, s->g->name);
    return KARK_OK;
}

int kark_agent_choose(kark_agent *a, kark_state *s, int32_t *move, kark_error *err)
{
    int rc = check_agent(a, s, err);
    if (rc != KARK_OK)
        return rc;
    if (!move)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    int who = s->g->to_move(s->data);
    if (who < 0)
        return fail(err, KARK_ERR_NODE, "agent asked to move at %s", node_name(who));
    *move = a->a->choose(a->a, s->data, &s->agents);
    return ok(err);
}

int kark_agent_observe(kark_agent *a, const kark_state *s, int32_t move, kark_error *err)
{
    int rc = check_agent(a, s, err);
    if (rc != KARK_OK)
        return rc;
    if ((rc = check_move(s, move, err)) != KARK_OK)
        return rc;
    if (a->a->observe)
        a->a->observe(a->a, s->data, move);
    return ok(err);
}

void kark_agent_reset(kark_agent *a)
{
    if (a && a->a->reset)
        a->a->reset(a->a);
}

/* ---- whole games and experiments ---- */

int kark_play(const kark_game *g, const char *agents, uint64_t seed, uint64_t index,
              char **record, kark_error *err)
{
    if (!g || !agents || !record)
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    *record = NULL;
    char specs[KK_MAX_SEATS][KK_SPEC_LEN];
    kk_error e;
    int num = kk_agent_list_split(agents, specs, KK_MAX_SEATS, &e);
    if (num < 0)
        return fail_kk(err, KARK_ERR_ARGUMENT, &e);
    int seats = g->players;
    if (num != 1 && num != seats)
        return fail(err, KARK_ERR_ARGUMENT,
                    "%d agents given for %d seats (give one agent, or one per seat)", num, seats);
    struct kk_agent *made[KK_MAX_SEATS] = {0}, *seat_agent[KK_MAX_SEATS];
    int rc = KARK_OK;
    for (int i = 0; i < num && rc == KARK_OK; i++)
        if (!(made[i] = kk_agent_create(g->g, specs[i], &e)))
            rc = fail_kk(err, KARK_ERR_ARGUMENT, &e);
    void *state = rc == KARK_OK ? calloc(1, g->g->state_size) : NULL;
    if (rc == KARK_OK && !state)
        rc = fail(err, KARK_ERR_MEMORY, "out of memory");
    struct kk_buf rec = {0};
    if (rc == KARK_OK) {
        for (int s = 0; s < seats; s++)
            seat_agent[s] = made[num == 1 ? 0 : s];
        char comment[KK_SPEC_LEN * KK_MAX_SEATS + 64];
        size_t n = (size_t)snprintf(comment, sizeof comment, "kark play seed %llu game %llu:",
                                    (unsigned long long)seed, (unsigned long long)index);
        for (int s = 0; s < seats && n < sizeof comment; s++)
            n += (size_t)snprintf(comment + n, sizeof comment - n, " %s", seat_agent[s]->spec);
        kk_record_write_header(&rec, g->g, seats, &g->v, comment);
        kk_rng chance, arng;
        kk_game_rngs(seed, index, &chance, &arng);
        struct kk_game_result res;
        if (kk_play_game(g->g, &g->v, seats, seat_agent, &chance, &arng, state, &rec, &res, NULL,
                         &e) != 0)
            rc = fail_kk(err, KARK_ERR_RUN, &e);
        else
            kk_record_write_result(&rec, g->g, state);
    }
    for (int i = 0; i < num; i++)
        kk_agent_destroy(made[i]);
    free(state);
    if (rc == KARK_OK)
        return give_string(&rec, record, err);
    kk_buf_free(&rec);
    return rc;
}

/* Applies "k=v k=v ..." on top of the defaults. */
static int parse_variant(const struct kk_game *g, const char *text, struct kk_variant *v,
                         kark_error *err)
{
    kk_error e;
    if (kk_variant_defaults(g, v, &e) != 0)
        return fail_kk(err, KARK_ERR_RUN, &e);
    size_t len = strlen(text);
    char *copy = malloc(len + 1);
    if (!copy)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    memcpy(copy, text, len + 1);
    int rc = KARK_OK;
    char *save = NULL;
    for (char *tok = strtok_r(copy, " \t\n", &save); tok && rc == KARK_OK;
         tok = strtok_r(NULL, " \t\n", &save))
        if (kk_variant_set(g, v, tok, &e) != 0)
            rc = fail_kk(err, KARK_ERR_ARGUMENT, &e);
    free(copy);
    return rc;
}

/* Reads a whole file into a malloc'd string. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct kk_buf b = {0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        kk_buf_append(&b, chunk, n);
    fclose(f);
    char *s = NULL;
    if (give_string(&b, &s, NULL) != KARK_OK)
        return NULL;
    return s;
}

int kark_study(const char *game, int players, const char *const *variants, int num_variants,
               const char *agents, long long games, uint64_t seed, int threads,
               const char *out_dir, char **csv, kark_error *err)
{
    if (!agents || !csv || (num_variants > 0 && !variants))
        return fail(err, KARK_ERR_ARGUMENT, "NULL argument");
    *csv = NULL;
    const struct kk_game *g = find_game(game, err);
    if (!g)
        return KARK_ERR_ARGUMENT;
    if (games < 1 || games > 100000000)
        return fail(err, KARK_ERR_ARGUMENT, "games %lld: expected 1..100000000", games);
    if (threads < 1 || threads > 1024)
        return fail(err, KARK_ERR_ARGUMENT, "threads %d: expected 1..1024", threads);
    if (num_variants < 0 || num_variants > KK_STUDY_MAX_VARIANTS)
        return fail(err, KARK_ERR_ARGUMENT, "%d variants: expected 0..%d", num_variants,
                    KK_STUDY_MAX_VARIANTS);
    struct kk_study *st = calloc(1, sizeof *st);
    if (!st)
        return fail(err, KARK_ERR_MEMORY, "out of memory");
    st->game = g;
    st->games = games;
    st->seed = seed;
    st->num_variants = num_variants ? num_variants : 1;
    int rc = KARK_OK;
    for (int v = 0; v < st->num_variants && rc == KARK_OK; v++) {
        rc = parse_variant(g, num_variants ? (variants[v] ? variants[v] : "") : "",
                           &st->variants[v], err);
        kk_variant_describe(g, &st->variants[v], " ", st->variant_text[v],
                            sizeof st->variant_text[v]);
    }
    kk_error e;
    if (rc == KARK_OK) {
        int n = kk_agent_list_split(agents, st->specs, KK_STUDY_MAX_AGENTS, &e);
        if (n < 0)
            rc = fail_kk(err, KARK_ERR_ARGUMENT, &e);
        st->num_agents = n;
    }
    if (rc == KARK_OK) {
        if (!players && st->num_agents >= g->min_players && st->num_agents <= g->max_players)
            players = st->num_agents;
        rc = resolve_players(g, &st->variants[0], players, &st->players, err);
    }
    if (rc == KARK_OK && kk_study_check(st, &e) != 0)
        rc = fail_kk(err, KARK_ERR_ARGUMENT, &e);

    char tmp[4096] = "";
    const char *dir = out_dir;
    if (rc == KARK_OK && !dir) {
        const char *base = getenv("TMPDIR");
        snprintf(tmp, sizeof tmp, "%s/kark-study-XXXXXX", base && *base ? base : "/tmp");
        if (!mkdtemp(tmp))
            rc = fail(err, KARK_ERR_RUN, "cannot create a folder like '%s': %s", tmp,
                      strerror(errno));
        dir = tmp;
    }
    if (rc == KARK_OK) {
        struct kk_run_opts opts = {.threads = threads};
        struct kk_study_results res;
        int run = kk_study_run(st, dir, 0, &opts, &res, NULL, &e);
        if (run < 0) {
            rc = fail_kk(err, KARK_ERR_RUN, &e);
        } else {
            kk_study_results_free(&res);
            char path[4200];
            snprintf(path, sizeof path, "%s/games.csv", dir);
            if (run != 0)
                rc = fail(err, KARK_ERR_RUN, "the study stopped before its last game");
            else if (!(*csv = read_file(path)))
                rc = fail(err, KARK_ERR_RUN, "cannot read '%s': %s", path, strerror(errno));
            if (!out_dir)
                unlink(path);
        }
    }
    if (tmp[0] && !out_dir)
        rmdir(tmp);
    free(st);
    return rc == KARK_OK ? ok(err) : rc;
}
