/* --compare FILE: a run set against an earlier `kark bench --json` output, so a speed
 * change shows as ratios and a behaviour change as a moved signature. The baseline is
 * parsed with jansson, so any layout of the same JSON works (a pretty-printed copy, one
 * reformatted by jq or python -m json.tool): only the members' names and values count. */
#include "bench.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/buf.h"

int bench_baseline_load(const char *path, struct bench_baseline *b, kk_error *err)
{
    memset(b, 0, sizeof *b);
    FILE *f = fopen(path, "r");
    if (!f)
        return kk_fail(err, "%s: cannot open: %s", path, strerror(errno));
    json_error_t jerr;
    json_t *root = json_loadf(f, 0, &jerr);
    fclose(f);
    if (!root)
        return kk_fail(err, "%s: not valid JSON (line %d, column %d: %s)", path, jerr.line,
                       jerr.column, jerr.text);
    json_t *games = json_object_get(root, "games");
    if (!json_is_array(games)) {
        json_decref(root);
        return kk_fail(err, "%s: not a 'kark bench --json' output (no \"games\" list)", path);
    }
    b->root = root;
    b->path = path;
    return 0;
}

void bench_baseline_free(struct bench_baseline *b)
{
    json_decref(b->root);
    memset(b, 0, sizeof *b);
}

/* The baseline's object for game, or NULL if it has none. */
static json_t *game_object(const struct bench_baseline *b, const char *game)
{
    json_t *games = json_object_get(b->root, "games"), *g;
    size_t i;
    json_array_foreach(games, i, g) {
        const char *name = json_string_value(json_object_get(g, "game"));
        if (name && strcmp(name, game) == 0)
            return g;
    }
    return NULL;
}

/* The number g.key; 0 if absent, null or not a number. */
static int number_in(json_t *g, const char *key, double *out)
{
    json_t *v = json_object_get(g, key);
    if (!json_is_number(v))
        return 0;
    *out = json_number_value(v);
    return 1;
}

static const struct {
    const char *key, *label;
} compared[] = {
    {"random_games_per_s", "random games/s"},
    {"random_turns_per_s", "random turns/s"},
    {"random_games_per_cpu_s", "random games/CPU s"},
    {"moves_per_s", "moves/s"},
    {"legal_gen_per_s", "legal gen/s"},
    {"mcts_iters_per_s", "mcts iters/s"},
};

static const struct bench_stat *figure(const struct bench_result *r, int i)
{
    switch (i) {
    case 0: return &r->random_games_per_s;
    case 1: return &r->random_turns_per_s;
    case 2: return &r->random_games_per_cpu_s;
    case 3: return &r->moves_per_s;
    case 4: return &r->legal_gen_per_s;
    default: return &r->mcts_iters_per_s;
    }
}

#define NUM_COMPARED ((int)(sizeof compared / sizeof compared[0]))

int bench_compare(const struct bench_baseline *b, const struct bench_result *r,
                  struct bench_comparison *c)
{
    memset(c, 0, sizeof *c);
    json_t *g = game_object(b, r->game->name);
    if (!g)
        return 0;
    c->found = 1;
    for (int i = 0; i < NUM_COMPARED && i < BENCH_MAX_COMPARED; i++) {
        double old;
        const struct bench_stat *now = figure(r, i);
        c->key[i] = compared[i].key;
        c->label[i] = compared[i].label;
        if (now->n && number_in(g, compared[i].key, &old) && old > 0)
            c->ratio[i] = now->median / old;
    }
    c->num = NUM_COMPARED < BENCH_MAX_COMPARED ? NUM_COMPARED : BENCH_MAX_COMPARED;
    double bytes;
    c->old_state_bytes = number_in(g, "state_bytes", &bytes) ? (long)bytes : -1;
    const char *sig = json_string_value(json_object_get(g, "signature"));
    snprintf(c->old_signature, sizeof c->old_signature, "%s", sig ? sig : "?");
    char now_sig[24];
    snprintf(now_sig, sizeof now_sig, "%016llx", (unsigned long long)r->signature);
    c->signature_changed = strcmp(now_sig, c->old_signature) != 0;
    return 1;
}

void bench_print_compare(FILE *f, const struct bench_baseline *b, const struct bench_result *r)
{
    struct bench_comparison c;
    if (!bench_compare(b, r, &c)) {
        fprintf(f, "  vs %s: no line for %s\n", b->path, r->game->name);
        return;
    }
    fprintf(f, "  vs %s:", b->path);
    for (int i = 0; i < c.num; i++)
        if (c.ratio[i] > 0)
            fprintf(f, " %s x%.3f,", c.label[i], c.ratio[i]);
    if (c.old_state_bytes >= 0 && (size_t)c.old_state_bytes != r->state_bytes)
        fprintf(f, " state %ld -> %zu bytes,", c.old_state_bytes, r->state_bytes);
    if (c.signature_changed)
        fprintf(f, " signature CHANGED (was %s)\n", c.old_signature);
    else
        fprintf(f, " signature unchanged\n");
}

void bench_json_compare(struct kk_buf *out, const struct bench_baseline *b,
                        const struct bench_result *r)
{
    struct bench_comparison c;
    if (!bench_compare(b, r, &c)) {
        kk_buf_printf(out, ",\"baseline\":null");
        return;
    }
    kk_buf_printf(out, ",\"baseline\":{\"signature\":");
    kk_buf_json_string(out, c.old_signature);
    kk_buf_printf(out, ",\"signature_changed\":%s", c.signature_changed ? "true" : "false");
    for (int i = 0; i < c.num; i++) {
        if (c.ratio[i] > 0)
            kk_buf_printf(out, ",\"%s_ratio\":%.4f", c.key[i], c.ratio[i]);
        else
            kk_buf_printf(out, ",\"%s_ratio\":null", c.key[i]);
    }
    kk_buf_printf(out, "}");
}
