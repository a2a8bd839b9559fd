/* --compare FILE: a run set against an earlier `kark bench --json` output, so a speed
 * change shows as ratios and a behaviour change as a moved signature. The baseline is
 * read in the bench's own JSON layout: one game object per line, starting {"game":. */
#include "bench.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/buf.h"

int bench_baseline_load(const char *path, struct bench_baseline *b, kk_error *err)
{
    memset(b, 0, sizeof *b);
    FILE *f = fopen(path, "r");
    if (!f)
        return kk_fail(err, "%s: cannot open: %s", path, strerror(errno));
    struct kk_buf text = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        kk_buf_append(&text, chunk, n);
    fclose(f);
    if (!text.data || !strstr(text.data, "\n{\"game\":\"")) {
        kk_buf_free(&text);
        return kk_fail(err, "%s: not a 'kark bench --json' output (no game lines)", path);
    }
    b->text = text.data; /* owned from here on; kk_buf_free would free the same block */
    b->path = path;
    return 0;
}

void bench_baseline_free(struct bench_baseline *b)
{
    free(b->text);
    memset(b, 0, sizeof *b);
}

/* The baseline's line for game, as [*start, *end), or 0 if it has none. */
static int game_line(const struct bench_baseline *b, const char *game, const char **start,
                     const char **end)
{
    char prefix[160];
    snprintf(prefix, sizeof prefix, "\n{\"game\":\"%s\",", game);
    const char *s = strstr(b->text, prefix);
    if (!s)
        return 0;
    *start = s + 1;
    *end = strchr(*start, '\n');
    if (!*end)
        *end = *start + strlen(*start);
    return 1;
}

/* The number after "key": on [start, end); 0 if absent or null. */
static int number_in(const char *start, const char *end, const char *key, double *out)
{
    char pattern[80];
    int len = snprintf(pattern, sizeof pattern, "\"%s\":", key);
    for (const char *s = start; s + len <= end; s++) {
        if (memcmp(s, pattern, (size_t)len) != 0)
            continue;
        char *after;
        *out = strtod(s + len, &after);
        return after != s + len && after <= end;
    }
    return 0;
}

/* The signature string after "signature":" on [start, end). */
static int signature_in(const char *start, const char *end, char *out, size_t size)
{
    static const char pattern[] = "\"signature\":\"";
    const char *s = strstr(start, pattern);
    if (!s || s >= end)
        return 0;
    s += sizeof pattern - 1;
    size_t n = 0;
    while (s + n < end && s[n] != '"' && n + 1 < size)
        n++;
    memcpy(out, s, n);
    out[n] = '\0';
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
    const char *start, *end;
    if (!game_line(b, r->game->name, &start, &end))
        return 0;
    c->found = 1;
    for (int i = 0; i < NUM_COMPARED && i < BENCH_MAX_COMPARED; i++) {
        double old;
        const struct bench_stat *now = figure(r, i);
        c->key[i] = compared[i].key;
        c->label[i] = compared[i].label;
        if (now->n && number_in(start, end, compared[i].key, &old) && old > 0)
            c->ratio[i] = now->median / old;
    }
    c->num = NUM_COMPARED < BENCH_MAX_COMPARED ? NUM_COMPARED : BENCH_MAX_COMPARED;
    double bytes;
    c->old_state_bytes = number_in(start, end, "state_bytes", &bytes) ? (long)bytes : -1;
    char sig[40];
    snprintf(c->old_signature, sizeof c->old_signature, "?");
    if (signature_in(start, end, sig, sizeof sig))
        snprintf(c->old_signature, sizeof c->old_signature, "%s", sig);
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
