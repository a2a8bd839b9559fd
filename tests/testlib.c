#include "testlib.h"

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

void kk_test_apply_text(const struct kk_game *g, void *state, const char *text)
{
    kk_move m;
    kk_error err;
    int rc = g->move_from_text(state, text, &m, &err);
    if (rc)
        fprintf(stderr, "'%s': %s\n", text, err.msg);
    CHECK_EQ_INT(rc, 0);
    if (rc != 0)
        return;
    CHECK(kk_is_legal(g, state, m));
    g->apply(state, m);
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
