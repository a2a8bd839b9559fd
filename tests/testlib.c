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
