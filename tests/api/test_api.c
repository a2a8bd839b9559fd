/* The binding API of libkark.so (experiments/api/kark_api.h), linked against the shared
 * library itself: every game played to the end through the API with views, tensors,
 * resamples, clones and agents; errors as codes with messages; a whole game and a small
 * study. Under the sanitizer build LeakSanitizer checks that every handle and string the
 * API hands out is released by its free function. */
#include <stdlib.h>
#include <string.h>

#include "experiments/api/kark_api.h"
#include "testlib.h"

/* Plays one random game of `name` through the API; returns the number of events. */
static int play_through_api(const char *name, uint64_t seed)
{
    kark_game *g = NULL;
    kark_error err;
    CHECK_EQ_INT(kark_game_load(name, 0, NULL, 0, &g, &err), KARK_OK);
    if (!g)
        return 0;
    int max = kark_game_max_moves(g), dims[4], nd = 0;
    const char *layout = NULL;
    CHECK_EQ_INT(kark_game_observation_shape(g, dims, &nd, &layout, &err), KARK_OK);
    size_t len = 1;
    for (int i = 0; i < nd; i++)
        len *= (size_t)dims[i];
    int32_t *moves = malloc(sizeof *moves * (size_t)max);
    double *probs = malloc(sizeof *probs * (size_t)max);
    float *obs = malloc(sizeof *obs * len);
    kark_state *s = NULL;
    kark_agent *greedy = NULL;
    CHECK_EQ_INT(kark_state_new(g, seed, 0, &s, &err), KARK_OK);
    CHECK_EQ_INT(kark_agent_new(g, "greedy", &greedy, &err), KARK_OK);
    int events = 0, n = kark_state_players(s);
    while (s && greedy && kark_state_to_move(s) != -2 && events < 100000) {
        int who = kark_state_to_move(s), count = 0;
        int32_t m;
        if (who == -1) {
            CHECK_EQ_INT(kark_state_chance_outcomes(s, moves, probs, max, &count, &err), KARK_OK);
            CHECK(count >= 1);
            CHECK_EQ_INT(kark_state_sample_chance(s, &m, &err), KARK_OK);
        } else {
            CHECK_EQ_INT(kark_state_legal_moves(s, moves, max, &count, &err), KARK_OK);
            CHECK(count >= 1);
            if (events % 5 == 0)
                CHECK_EQ_INT(kark_agent_choose(greedy, s, &m, &err), KARK_OK);
            else
                CHECK_EQ_INT(kark_state_random_move(s, &m, &err), KARK_OK);
        }
        if (events % 9 == 0) {
            int seat = events % n;
            char *text = NULL;
            CHECK_EQ_INT(kark_state_view_text(s, seat, &text, &err), KARK_OK);
            kark_free(text);
            CHECK_EQ_INT(kark_state_observation(s, seat, obs, len, &err), KARK_OK);
            kark_state *other = NULL, *copy = NULL;
            CHECK_EQ_INT(kark_state_resample(s, seat, (uint64_t)events, &other, &err), KARK_OK);
            CHECK_EQ_INT(kark_state_clone(other, &copy, &err), KARK_OK);
            kark_state_free(other);
            kark_state_free(copy);
        }
        char buf[128];
        CHECK_EQ_INT(kark_state_move_text(s, m, buf, sizeof buf, &err), KARK_OK);
        CHECK_EQ_INT(kark_state_apply(s, m, &err), KARK_OK);
        events++;
    }
    char *json = NULL;
    CHECK_EQ_INT(kark_state_json(s, &json, &err), KARK_OK);
    CHECK(json && strstr(json, "\"terminal\":true"));
    kark_free(json);
    double ret[16];
    CHECK_EQ_INT(kark_state_returns(s, 1, ret, 16, &err), KARK_OK);
    double value;
    CHECK_EQ_INT(kark_state_evaluate(s, 0, &value, &err), KARK_OK);
    CHECK_EQ_INT(kark_state_evaluate(s, n, &value, &err), KARK_ERR_ARGUMENT);
    kark_agent_free(greedy);
    kark_state_free(s);
    kark_game_free(g);
    free(moves);
    free(probs);
    free(obs);
    return events;
}

static void errors(void)
{
    kark_game *g = NULL;
    kark_error err;
    CHECK_EQ_INT(kark_game_load("nope", 0, NULL, 0, &g, &err), KARK_ERR_ARGUMENT);
    CHECK(g == NULL && strncmp(err.msg, "unknown game 'nope'", 19) == 0);
    const char *bad[] = {"farms=9th"};
    CHECK_EQ_INT(kark_game_load("carcassonne", 0, bad, 1, &g, &err), KARK_ERR_ARGUMENT);
    CHECK(strstr(err.msg, "farms") != NULL);
    const char *sets[] = {"farms=2nd"};
    CHECK_EQ_INT(kark_game_load("carcassonne", 3, sets, 1, &g, &err), KARK_OK);
    CHECK_EQ_INT(kark_game_players(g), 3);
    kark_state *s = NULL;
    CHECK_EQ_INT(kark_state_new(g, 1, 0, &s, &err), KARK_OK);
    int32_t m = 0, moves[1];
    int count;
    CHECK_EQ_INT(kark_state_apply(s, -7, &err), KARK_ERR_ILLEGAL);
    CHECK_EQ_INT(kark_state_random_move(s, &m, &err), KARK_ERR_NODE);
    CHECK_EQ_INT(kark_state_sample_chance(s, &m, &err), KARK_OK);
    CHECK_EQ_INT(kark_state_apply(s, m, &err), KARK_OK);
    CHECK_EQ_INT(kark_state_legal_moves(s, moves, 1, &count, &err), KARK_ERR_ARGUMENT);
    CHECK_EQ_INT(kark_state_apply_text(s, "not a move", &err), KARK_ERR_ILLEGAL);
    char *text = NULL;
    CHECK_EQ_INT(kark_state_view_text(s, 3, &text, &err), KARK_ERR_ARGUMENT);
    CHECK(text == NULL);
    kark_agent *a = NULL;
    CHECK_EQ_INT(kark_agent_new(g, "mcts:iters=0", &a, &err), KARK_ERR_ARGUMENT);
    CHECK(a == NULL && strstr(err.msg, "iters") != NULL);
    CHECK_EQ_INT(kark_play(g, "random,random", 1, 0, &text, &err), KARK_ERR_ARGUMENT);
    CHECK_EQ_INT(kark_play(g, "random", 1, 0, &text, &err), KARK_OK);
    CHECK(text && strstr(text, "# result {") != NULL);
    kark_free(text);
    kark_state_free(s);
    kark_game_free(g);
}

int main(void)
{
    char *json = NULL;
    kark_error err;
    CHECK_EQ_INT(kark_api_version(), KARK_API_VERSION);
    CHECK_EQ_INT(kark_games_json(&json, &err), KARK_OK);
    CHECK(json && json[0] == '[');
    /* Every game in the list plays to the end through the API. */
    int games = 0;
    for (const char *p = json; (p = strstr(p, "{\"name\":\"")) != NULL;) {
        p += 9;
        char name[64];
        size_t len = strcspn(p, "\"");
        if (strncmp(p + len, "\",\"title\"", 9) != 0)
            continue; /* a parameter's object, not a game's */
        games++;
        CHECK(len < sizeof name);
        memcpy(name, p, len < sizeof name ? len : sizeof name - 1);
        name[len < sizeof name ? len : sizeof name - 1] = '\0';
        CHECK(play_through_api(name, 3) > 0);
    }
    CHECK(games >= 16);
    kark_free(json);
    errors();
    const char *variants[] = {"tokens=9", "tokens=7"};
    char *csv = NULL;
    CHECK_EQ_INT(kark_study("son-of-kark", 0, variants, 2, "greedy,random", 2, 1, 2, NULL, &csv,
                            &err),
                 KARK_OK);
    CHECK(csv && strncmp(csv, "index,variant_id,variant,players,seed", 37) == 0);
    kark_free(csv);
    CHECK_EQ_INT(kark_study("son-of-kark", 0, NULL, 0, "nosuch", 2, 1, 1, NULL, &csv, &err),
                 KARK_ERR_ARGUMENT);
    return kk_test_done("api");
}
