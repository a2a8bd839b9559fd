/* strtok_r is POSIX: declare it whatever the compiler (GCC's -fopenmp defines _REENTRANT,
 * which made glibc declare it by accident; clang's does not). */
#define _POSIX_C_SOURCE 200809L

#include "testlib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int kk_test_failures;
int kk_test_checks;

int kk_test_done(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, kk_test_checks, kk_test_failures);
    return kk_test_failures ? 1 : 0;
}

static int replay(struct kk_record *rec, int rc, const struct kk_game **g, void *state,
                  int *err_line, kk_error *err)
{
    if (rc != 0) {
        if (err_line)
            *err_line = atoi(err->msg);
        return -1;
    }
    *g = rec->game;
    if (rec->game->state_size > KK_TEST_STATE_MAX) {
        kk_record_free(rec);
        return kk_fail(err, "state of %s larger than KK_TEST_STATE_MAX", rec->game->name);
    }
    int line = 0;
    rc = kk_record_replay(rec, state, &line, err);
    if (err_line)
        *err_line = line;
    kk_record_free(rec);
    return rc;
}

int kk_test_replay_text(const char *text, const struct kk_game **g, void *state, int *err_line,
                        kk_error *err)
{
    struct kk_record rec;
    int rc = kk_record_parse(text, &rec, err);
    return replay(&rec, rc, g, state, err_line, err);
}

int kk_test_replay_file(const char *path, const struct kk_game **g, void *state, int *err_line,
                        kk_error *err)
{
    struct kk_record rec;
    int rc = kk_record_load(path, &rec, err);
    return replay(&rec, rc, g, state, err_line, err);
}

int kk_test_read_expect(const char *path, int32_t *scores, int max)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    int n = -1;
    if (fgets(line, sizeof line, f)) {
        char *p = strchr(line, '[');
        if (p) {
            n = 0;
            p++;
            while (n < max) {
                char *end;
                long v = strtol(p, &end, 10);
                if (end == p)
                    break;
                scores[n++] = (int32_t)v;
                p = end;
                while (*p == ' ' || *p == ',')
                    p++;
            }
        }
    }
    fclose(f);
    return n;
}

void kk_test_variant(const struct kk_game *g, struct kk_variant *v, const char *const *sets,
                     int nsets)
{
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(g, v, &err), 0);
    for (int i = 0; i < nsets; i++)
        CHECK_EQ_INT(kk_variant_set(g, v, sets[i], &err), 0);
}

void kk_test_new_game(const struct kk_game *g, void *state, int players,
                      const char *const *sets, int nsets)
{
    struct kk_variant v;
    kk_error err;
    kk_test_variant(g, &v, sets, nsets);
    CHECK_EQ_INT(kk_game_init(g, state, &v, players, &err), 0);
}

void kk_test_replay_checked(const struct kk_game *g, const char *path, void *state)
{
    const struct kk_game *got = NULL;
    int line = 0;
    kk_error err;
    int rc = kk_test_replay_file(path, &got, state, &line, &err);
    if (rc != 0)
        fprintf(stderr, "%s: line %d: %s\n", path, line, err.msg);
    CHECK_EQ_INT(rc, 0);
    CHECK(got == g);
    if (rc == 0 && got == g && g->check)
        CHECK_EQ_INT(g->check(state, &err), 0);
}

int kk_test_apply_text(const struct kk_game *g, void *state, const char *text)
{
    kk_move m;
    kk_error err;
    int rc = g->move_from_text(state, text, &m, &err);
    if (rc)
        fprintf(stderr, "'%s': %s\n", text, err.msg);
    CHECK_EQ_INT(rc, 0);
    if (rc != 0)
        return -1;
    int legal = kk_is_legal(g, state, m);
    if (!legal)
        fprintf(stderr, "'%s': not legal here\n", text);
    CHECK(legal);
    if (!legal)
        return -1;
    g->apply(state, m);
    return 0;
}

void kk_test_play_events(const struct kk_game *g, void *state, const char *events,
                         const char *seps)
{
    char buf[4096];
    kk_error err;
    snprintf(buf, sizeof buf, "%s", events);
    for (char *save = NULL, *tok = strtok_r(buf, seps, &save); tok;
         tok = strtok_r(NULL, seps, &save)) {
        if (kk_test_apply_text(g, state, tok) != 0)
            return;
        int rc = g->check ? g->check(state, &err) : 0;
        if (rc)
            fprintf(stderr, "check after '%s': %s\n", tok, err.msg);
        CHECK_EQ_INT(rc, 0);
        if (rc)
            return;
    }
}

int kk_test_roundtrip(const struct kk_game *g, const void *state, kk_move m)
{
    char text[KK_EVENT_TEXT];
    kk_move back = -1;
    kk_error err;
    g->move_to_text(state, m, text, sizeof text);
    int ok = g->move_from_text(state, text, &back, &err) == 0 && back == m;
    if (!ok)
        fprintf(stderr, "%s: notation round trip failed for %d: '%s'\n", g->name, (int)m, text);
    CHECK(ok);
    return ok ? 0 : -1;
}

int kk_test_in_list(kk_move m, const kk_move *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

void kk_test_variant_line(const struct kk_game *g, struct kk_variant *v, const char *line)
{
    char buf[256];
    const char *sets[32];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", line ? line : "");
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok && n < 32;
         tok = strtok_r(NULL, " ", &save))
        sets[n++] = tok;
    kk_test_variant(g, v, sets, n);
}

void kk_test_start(const struct kk_game *g, void *state, int players, const char *settings)
{
    struct kk_variant v;
    kk_error err;
    kk_test_variant_line(g, &v, settings);
    int rc = kk_game_init(g, state, &v, players, &err);
    if (rc)
        fprintf(stderr, "%s: set-up: %s\n", g->name, err.msg);
    CHECK_EQ_INT(rc, 0);
}

static int walk_fail(const struct kk_test_walk *w, const struct kk_game *g, int event,
                     const char *what)
{
    fprintf(stderr, "%s (%s), event %d: %s\n", g->name, w->label ? w->label : "", event, what);
    CHECK(0);
    return -1;
}

static int cmp_move(const void *a, const void *b)
{
    kk_move x = *(const kk_move *)a, y = *(const kk_move *)b;
    return (x > y) - (x < y);
}

/* 1 if moves[0..n) has no repeats (sorted: scratch of n moves). */
static int distinct(const kk_move *moves, kk_move *sorted, int n)
{
    memcpy(sorted, moves, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_move);
    for (int i = 1; i < n; i++)
        if (sorted[i] == sorted[i - 1])
            return 0;
    return 1;
}

int kk_test_walk(const struct kk_game *g, void *state, kk_rng *rng, const struct kk_test_walk *w)
{
    kk_move *moves = malloc((size_t)g->max_moves * sizeof *moves);
    kk_move *sorted = malloc((size_t)g->max_moves * sizeof *sorted);
    double *probs = malloc((size_t)g->max_moves * sizeof *probs);
    void *before = malloc(g->state_size);
    int max_events = w->max_events > 0 ? w->max_events : 1000000;
    int events = 0, rc = 0;
    kk_error err;
    for (;; events++) {
        if (g->check && g->check(state, &err) != 0) {
            rc = walk_fail(w, g, events, err.msg);
            break;
        }
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            break;
        if (events >= max_events) {
            rc = walk_fail(w, g, events, "the game does not end");
            break;
        }
        kk_move m;
        if (who == KK_CHANCE) {
            int n = g->chance_outcomes(state, moves, probs);
            double sum = 0;
            int positive = 1;
            for (int i = 0; i < n; i++) {
                sum += probs[i];
                positive &= probs[i] > 0;
            }
            if (n < 1 || n > g->max_moves || !positive || fabs(sum - 1.0) > 1e-9) {
                rc = walk_fail(w, g, events, "chance outcomes without probabilities adding to 1");
                break;
            }
            m = g->sample_chance(state, rng);
            if (!kk_test_in_list(m, moves, n)) {
                rc = walk_fail(w, g, events, "drawn outcome not among the listed ones");
                break;
            }
            if (n <= w->chance_texts)
                for (int i = 0; i < n; i++)
                    kk_test_roundtrip(g, state, moves[i]);
            else
                kk_test_roundtrip(g, state, m);
        } else {
            int n = g->legal_moves(state, moves);
            if (who < 0 || n < 1 || n > g->max_moves) {
                rc = walk_fail(w, g, events, "a decision without legal moves");
                break;
            }
            if (!distinct(moves, sorted, n)) {
                rc = walk_fail(w, g, events, "a legal move listed twice");
                break;
            }
            int stride = w->move_texts > 0 ? 1 + n / w->move_texts : 1;
            for (int i = 0; i < n; i += stride)
                kk_test_roundtrip(g, state, moves[i]);
            if (w->decision)
                w->decision(w->ctx, state, who, moves, n, events, rng);
            if (w->use_random_move) {
                m = kk_random_move(g, state, rng);
                if (!kk_test_in_list(m, moves, n)) {
                    rc = walk_fail(w, g, events, "random_move chose an illegal move");
                    break;
                }
            } else {
                m = moves[kk_rng_below(rng, (uint32_t)n)];
            }
        }
        memcpy(before, state, g->state_size);
        g->apply(state, m);
        if (w->after)
            w->after(w->ctx, before, state, who, m);
    }
    free(sorted);
    free(moves);
    free(probs);
    free(before);
    return rc ? -1 : events;
}
