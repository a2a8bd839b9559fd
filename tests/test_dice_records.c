/* Carcassonne dice: every record in tests/data/carcassonne-dice replays without error to
 * the scores of its .expect file (hand-written scenarios and greedy self-play games kept
 * as a regression signature). */
#include <dirent.h>
#include <string.h>

#include "engine/dice/dice.h"
#include "testlib.h"

#define DATA "data/carcassonne-dice"

int main(void)
{
    DIR *dir = opendir(DATA);
    CHECK(dir != NULL);
    if (!dir)
        return kk_test_done("dice_records");
    static char names[64][128];
    int files = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) && files < 64) {
        size_t len = strlen(ent->d_name);
        if (len > 4 && len < 100 && !strcmp(ent->d_name + len - 4, ".rec"))
            snprintf(names[files++], sizeof names[0], "%.*s", (int)(len - 4), ent->d_name);
    }
    closedir(dir);
    CHECK(files >= 8);
    static struct dice_state state;
    for (int i = 0; i < files; i++) {
        char path[400];
        const struct kk_game *g = NULL;
        int line = 0;
        kk_error err;
        snprintf(path, sizeof path, DATA "/%.100s.rec", names[i]);
        int rc = kk_test_replay_file(path, &g, &state, &line, &err);
        if (rc != 0)
            fprintf(stderr, "%s: line %d: %s\n", path, line, err.msg);
        CHECK_EQ_INT(rc, 0);
        CHECK(g == &kk_game_carcassonne_dice);
        int32_t expect[KK_MAX_SEATS];
        snprintf(path, sizeof path, DATA "/%.100s.expect", names[i]);
        int n = kk_test_read_expect(path, expect, KK_MAX_SEATS);
        CHECK_EQ_INT(n, state.players);
        for (int p = 0; p < n && p < state.players; p++)
            CHECK_EQ_INT(state.total[p], expect[p]);
        CHECK_EQ_INT(state.phase, names[i][0] == 's' ? state.phase : DICE_PHASE_OVER);
    }
    printf("  %d records\n", files);
    return kk_test_done("dice_records");
}
