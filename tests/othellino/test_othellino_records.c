/* Othellino: every record in tests/data/othellino replays to the scores of its .expect
 * file: the rules' worked scenarios, and self-play games with passes (both start
 * positions, both empties rules) kept as a regression signature of the rules. */
#include <dirent.h>
#include <string.h>

#include "engine/othellino/othellino.h"
#include "../testlib.h"

#define DATA "data/othellino"

int main(void)
{
    DIR *dir = opendir(DATA);
    CHECK(dir != NULL);
    if (!dir)
        return kk_test_done("othellino_records");
    static char names[64][128];
    int files = 0, passes = 0, finished = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) && files < 64) {
        size_t len = strlen(ent->d_name);
        if (len > 4 && len < 100 && !strcmp(ent->d_name + len - 4, ".rec"))
            snprintf(names[files++], sizeof names[0], "%.*s", (int)(len - 4), ent->d_name);
    }
    closedir(dir);
    CHECK(files >= 5);
    for (int i = 0; i < files; i++) {
        char path[400];
        const struct kk_game *g = NULL;
        struct othl_state s;
        int line = 0;
        kk_error err;
        snprintf(path, sizeof path, DATA "/%.100s.rec", names[i]);
        int rc = kk_test_replay_file(path, &g, &s, &line, &err);
        if (rc != 0)
            fprintf(stderr, "%s: line %d: %s\n", path, line, err.msg);
        CHECK_EQ_INT(rc, 0);
        CHECK(g == &kk_game_othellino);
        if (rc != 0)
            continue;
        int32_t expect[2], sc[2];
        snprintf(path, sizeof path, DATA "/%.100s.expect", names[i]);
        CHECK_EQ_INT(kk_test_read_expect(path, expect, 2), 2);
        g->scores(&s, sc);
        CHECK(sc[0] == expect[0] && sc[1] == expect[1]);
        passes += s.passes;
        finished += s.over;
    }
    printf("  %d records, %d finished, %d passes\n", files, finished, passes);
    CHECK(passes > 0 && finished >= 3);
    return kk_test_done("othellino_records");
}
