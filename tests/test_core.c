/* Core mechanisms on a toy game defined here: variant parsing and validation, agent
 * spec lists, returns (win shares and margins), statistics width. */
#include <stdio.h>
#include <string.h>

#include "agents/agent.h"
#include "engine/core/game.h"
#include "testlib.h"

static const char *const farm_names[] = {"3rd", "2nd", "1st", "off", NULL};
static const char *const face_names[] = {"cap", "straight", "corner", "tee", NULL};

static const struct kk_param toy_params[] = {
    {"tokens", KK_PARAM_INT, "auto", 1, 20, NULL, 0, 0, "tokens per player"},
    {"farms", KK_PARAM_CHOICE, "3rd", 0, 0, farm_names, 0, 0, "farm scoring"},
    {"cross_tie", KK_PARAM_INT_LIST, "3,2,1", 0, 10, NULL, 3, 3, "tie points"},
    {"faces", KK_PARAM_CHOICE_LIST, "cap,straight,corner,tee", 0, 0, face_names, 4, 4, "faces"},
    {"goal", KK_PARAM_INT, "42", 1, 1000, NULL, 0, 0, "points to win"},
};

/* A toy terminal state: scores only. */
struct toy_state {
    int players;
    int32_t scores[KK_MAX_SEATS];
};
static int toy_players(const void *s) { return ((const struct toy_state *)s)->players; }
static int toy_to_move(const void *s) { (void)s; return KK_TERMINAL; }
static void toy_scores(const void *s, int32_t *out)
{
    const struct toy_state *t = s;
    memcpy(out, t->scores, sizeof t->scores);
}
static uint32_t toy_winners(const void *s)
{
    const struct toy_state *t = s;
    return kk_top_scores(t->scores, t->players);
}
static double toy_result(const void *s)
{
    const struct toy_state *t = s;
    return t->scores[0];
}
static const struct kk_stat_desc toy_stats[] = {{"a", 1, ""}, {"b", 0, ""}, {"c", 1, ""}};

static struct kk_game toy = {
    .name = "toy", .title = "Toy", .min_players = 2, .max_players = 4, .default_players = 2,
    .state_size = sizeof(struct toy_state), .max_moves = 4, .score_scale = 20,
    .params = toy_params, .num_params = 5, .stats = toy_stats, .num_stats = 3,
    .players = toy_players, .to_move = toy_to_move, .scores = toy_scores,
    .winners = toy_winners, .result = toy_result,
};

static void test_variants(void)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(&toy, &v, &err), 0);
    CHECK_EQ_INT(v.value[0][0], KK_AUTO);
    CHECK_EQ_INT(v.value[1][0], 0);
    CHECK_EQ_INT(v.len[2], 3);
    CHECK_EQ_INT(v.value[2][0], 3);
    CHECK_EQ_INT(v.value[2][2], 1);
    CHECK_EQ_INT(v.value[3][3], 3);
    CHECK_EQ_INT(v.value[4][0], 42);

    CHECK_EQ_INT(kk_variant_set(&toy, &v, "tokens=7", &err), 0);
    CHECK_EQ_INT(v.value[0][0], 7);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "tokens=auto", &err), 0);
    CHECK_EQ_INT(v.value[0][0], KK_AUTO);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "farms=off", &err), 0);
    CHECK_EQ_INT(v.value[1][0], 3);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "cross_tie=4,2,0", &err), 0);
    CHECK_EQ_INT(v.value[2][0], 4);
    CHECK_EQ_INT(v.value[2][2], 0);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "faces=tee,tee,cap,corner", &err), 0);
    CHECK_EQ_INT(v.value[3][0], 3);

    char buf[256];
    kk_variant_format(&toy, &v, 3, buf, sizeof buf);
    CHECK(strcmp(buf, "tee,tee,cap,corner") == 0);
    kk_variant_describe(&toy, &v, " ", buf, sizeof buf);
    CHECK(strcmp(buf, "tokens=auto farms=off cross_tie=4,2,0 faces=tee,tee,cap,corner goal=42") ==
          0);

    /* Errors name the key or value and say what is accepted. */
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "colour=3", &err), -1);
    CHECK(strstr(err.msg, "unknown parameter 'colour'") && strstr(err.msg, "tokens, farms"));
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "tokens=0", &err), -1);
    CHECK(strstr(err.msg, "'0'") && strstr(err.msg, "1..20"));
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "tokens=7x", &err), -1);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "goal=auto", &err), -1); /* auto only if default */
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "farms=4th", &err), -1);
    CHECK(strstr(err.msg, "3rd, 2nd, 1st, off") != NULL);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "cross_tie=3,2", &err), -1);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "cross_tie=3,,1", &err), -1);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "cross_tie=3,2,11", &err), -1);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "faces=cap,cap,cap,hex", &err), -1);
    CHECK(strstr(err.msg, "'hex'") != NULL);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "tokens", &err), -1);
    CHECK_EQ_INT(kk_variant_set(&toy, &v, "=3", &err), -1);
    /* A failed set leaves the old value. */
    CHECK_EQ_INT(v.value[2][0], 4);
    CHECK_EQ_INT(v.value[2][2], 0);
    CHECK_EQ_INT(kk_param_index(&toy, "goal"), 4);
    CHECK_EQ_INT(kk_param_index(&toy, "nope"), -1);
}

static void test_returns(void)
{
    struct toy_state s = {3, {10, 30, 30, 0, 0}};
    double r[KK_MAX_SEATS];
    kk_returns(&toy, &s, KK_REWARD_WIN, r);
    CHECK(r[0] == 0.0 && r[1] == 0.5 && r[2] == 0.5);
    kk_returns(&toy, &s, KK_REWARD_MARGIN, r);
    CHECK(r[0] == 0.0);        /* 20 behind = one score_scale: clamped to 0 */
    CHECK(r[1] == 0.5 && r[2] == 0.5);
    s.scores[2] = 20;
    kk_returns(&toy, &s, KK_REWARD_MARGIN, r);
    CHECK(r[1] == 0.75);       /* 10 ahead of 20: 0.5 + 0.5 * 10/20 */
    CHECK(r[2] == 0.25);
    kk_returns(&toy, &s, KK_REWARD_MIX, r); /* seat 1 wins: (1 + 0.75) / 2 */
    CHECK(r[1] == 0.875 && r[2] == 0.125 && r[0] == 0.0);
    CHECK_EQ_INT(kk_top_scores(s.scores, 3), 2);
    toy.cooperative = 1;
    s.scores[0] = 15;
    kk_returns(&toy, &s, KK_REWARD_WIN, r);
    CHECK(r[0] == 0.75 && r[1] == 0.75 && r[2] == 0.75);
    toy.cooperative = 0;
    CHECK_EQ_INT(kk_stats_width(&toy, 3), 7);
    /* Statistics a (per seat), b (one value), c (per seat): offsets 0, 3, 4 for 3 seats. */
    CHECK_EQ_INT(kk_stat_offset(&toy, 3, 0), 0);
    CHECK_EQ_INT(kk_stat_offset(&toy, 3, 1), 3);
    CHECK_EQ_INT(kk_stat_offset(&toy, 3, 2), 4);
    CHECK_EQ_INT(kk_stat_offset(&toy, 2, 2), 3);
}

static void test_agent_specs(void)
{
    char specs[KK_MAX_SEATS][KK_SPEC_LEN];
    kk_error err;
    int n = kk_agent_list_split("mcts:iters=500,c=0.5,greedy", specs, KK_MAX_SEATS, &err);
    CHECK_EQ_INT(n, 2);
    CHECK(strcmp(specs[0], "mcts:iters=500,c=0.5") == 0);
    CHECK(strcmp(specs[1], "greedy") == 0);
    n = kk_agent_list_split("random,random,random", specs, KK_MAX_SEATS, &err);
    CHECK_EQ_INT(n, 3);
    CHECK_EQ_INT(kk_agent_list_split("iters=5,random", specs, KK_MAX_SEATS, &err), -1);
    CHECK_EQ_INT(kk_agent_list_split("random,,random", specs, KK_MAX_SEATS, &err), -1);
    CHECK_EQ_INT(kk_agent_list_split("random,", specs, KK_MAX_SEATS, &err), -1);
    CHECK_EQ_INT(kk_agent_list_split("", specs, KK_MAX_SEATS, &err), -1);
    CHECK_EQ_INT(kk_agent_list_split("a,b,c,d,e,f", specs, 5, &err), -1);

    struct kk_agent *a = kk_agent_create(&toy, "random", &err);
    CHECK(a != NULL);
    if (a) {
        CHECK(strcmp(a->spec, "random") == 0);
        kk_agent_destroy(a);
    }
    CHECK(kk_agent_create(&toy, "alphazero", &err) == NULL);
    CHECK(strstr(err.msg, "unknown agent 'alphazero'") && strstr(err.msg, "random"));
    CHECK(kk_agent_create(&toy, "random:iters=3", &err) == NULL);
    CHECK(strstr(err.msg, "'iters'") != NULL);
    CHECK(kk_agent_create(&toy, "random:", &err) == NULL);
}

/* Every agent's canonical spec (every option written out, as reports and resumed runs read
 * it back) fits KK_SPEC_LEN and names the same agent: mcts's once outgrew 256 characters,
 * was cut short, and a tournament then failed on its own spec. */
static void test_agent_spec_roundtrip(void)
{
    kk_error err;
    int made = 0;
    for (int i = 0; kk_agent_classes[i]; i++) {
        struct kk_agent *a = kk_agent_create(&toy, kk_agent_classes[i]->name, &err);
        if (!a)
            continue; /* needs options or a program (external, gnubg) */
        made++;
        CHECK(strlen(a->spec) < KK_SPEC_LEN - 1);
        struct kk_agent *b = kk_agent_create(&toy, a->spec, &err);
        CHECK(b != NULL);
        if (b) {
            CHECK(strcmp(a->spec, b->spec) == 0);
            kk_agent_destroy(b);
        } else {
            fprintf(stderr, "%s: %s\n", a->spec, err.msg);
        }
        kk_agent_destroy(a);
    }
    CHECK(made >= 5);
}

int main(void)
{
    test_variants();
    test_returns();
    test_agent_specs();
    test_agent_spec_roundtrip();
    return kk_test_done("core");
}
