/* Son of Kark records: every record in tests/data/son-of-kark replays to its .expect scores
 * (reference games from an independent implementation, and hand-written scenarios for each
 * rule and worked example), or, when it says `# expect-error LINE: reason`, is rejected at
 * that line with that reason. `# expect-supply a,b,...` also checks the token supplies.
 * Finished games must have given every seat 17 / 11 / 8 turns. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "engine/son_of_kark/sok.h"
#include "testlib.h"

#define DATA "data/son-of-kark"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Reads comma-separated integers after `key` in text; returns the count or -1. */
static int read_ints(const char *text, const char *key, int *out, int max)
{
    const char *p = strstr(text, key);
    if (!p)
        return -1;
    p += strlen(key);
    int n = 0;
    while (n < max) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        out[n++] = (int)v;
        p = end;
        if (*p == ',')
            p++;
    }
    return n;
}

static void check_record(const char *name, int *scenarios, int *rejections)
{
    char path[400];
    snprintf(path, sizeof path, DATA "/%s.rec", name);
    const char *text = slurp(path);
    CHECK(text != NULL);
    if (!text)
        return;
    int want_line = 0;
    char want_reason[200] = "";
    const char *e = strstr(text, "# expect-error ");
    if (e)
        sscanf(e, "# expect-error %d: %199[^\n]", &want_line, want_reason);
    int want_supply[SOK_MAX_PLAYERS];
    int n_supply = read_ints(text, "# expect-supply ", want_supply, SOK_MAX_PLAYERS);

    static struct sok_state state;
    const struct kk_game *g = NULL;
    int line = 0;
    kk_error err = {{0}};
    int rc = kk_test_replay_file(path, &g, &state, &line, &err);
    if (want_line) {
        (*rejections)++;
        if (rc == 0 || line != want_line || !strstr(err.msg, want_reason))
            fprintf(stderr, "%s: wanted line %d '%s', got rc %d line %d '%s'\n", name,
                    want_line, want_reason, rc, line, err.msg);
        CHECK(rc != 0);
        CHECK_EQ_INT(line, want_line);
        CHECK(strstr(err.msg, want_reason) != NULL);
        return;
    }
    if (rc != 0)
        fprintf(stderr, "%s: line %d: %s\n", name, line, err.msg);
    CHECK_EQ_INT(rc, 0);
    if (rc != 0)
        return;
    CHECK(g == &kk_game_son_of_kark);
    *scenarios += strncmp(name, "scenario", 8) == 0;

    int32_t expect[KK_MAX_SEATS];
    snprintf(path, sizeof path, DATA "/%s.expect", name);
    int n = kk_test_read_expect(path, expect, KK_MAX_SEATS);
    CHECK_EQ_INT(n, state.players);
    int32_t scores[KK_MAX_SEATS];
    g->scores(&state, scores);
    for (int p = 0; p < n && p < state.players; p++) {
        if (scores[p] != expect[p])
            fprintf(stderr, "%s: seat %d scored %d, expected %d\n", name, p, scores[p],
                    expect[p]);
        CHECK_EQ_INT(scores[p], expect[p]);
    }
    if (n_supply >= 0) {
        CHECK_EQ_INT(n_supply, state.players);
        for (int p = 0; p < n_supply && p < state.players; p++)
            CHECK_EQ_INT(state.supply[p], want_supply[p]);
    }
    CHECK_EQ_INT(g->check(&state, &err), 0);
    if (g->to_move(&state) == KK_TERMINAL) {
        int turns = (SOK_TILES - 2 - (state.players - 2)) / state.players;
        CHECK_EQ_INT(turns, state.players == 2 ? 17 : state.players == 3 ? 11 : 8);
        for (int p = 0; p < state.players; p++)
            CHECK_EQ_INT(state.turns[p], turns);
    }
}

int main(void)
{
    DIR *dir = opendir(DATA);
    CHECK(dir != NULL);
    if (!dir)
        return kk_test_done("sok_records");
    static char names[128][128];
    int files = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) && files < 128) {
        size_t len = strlen(ent->d_name);
        if (len > 4 && len < 100 && !strcmp(ent->d_name + len - 4, ".rec"))
            snprintf(names[files++], sizeof names[0], "%.*s", (int)(len - 4), ent->d_name);
    }
    closedir(dir);
    int scenarios = 0, rejections = 0;
    for (int i = 0; i < files; i++)
        check_record(names[i], &scenarios, &rejections);
    CHECK(files >= 30);
    CHECK(scenarios >= 17);
    CHECK(rejections >= 5);
    printf("  %d records (%d scenarios, %d rejected as expected)\n", files, scenarios,
           rejections);
    return kk_test_done("sok_records");
}
