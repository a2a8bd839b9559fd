/* The simultaneous-round contract on toy-match (support/toy_sim.h): the game says which
 * seats are still to commit; a seat's view redraws the other's pending commitment; the
 * game loop tells observers a commitment only when its round is revealed; replay traces
 * print a round's commitments together; and search agents that work from their seat's
 * view cannot exploit a pending commitment, while a peeking one wins every round. */
#include <string.h>

#include "agents/agent.h"
#include "engine/core/record.h"
#include "experiments/play.h"
#include "support/toy_sim.h"
#include "testlib.h"

static const struct kk_game *g = &kk_toy_match;

static void start(void *state)
{
    kk_test_new_game(g, state, 2, NULL, 0);
}

static void test_pending_and_views(void)
{
    char state[256], view[256];
    start(state);
    CHECK_EQ_INT(kk_sim_pending(g, state), 3);
    CHECK_EQ_INT(g->to_move(state), 0);
    g->apply(state, 1);
    CHECK_EQ_INT(kk_sim_pending(g, state), 2);
    CHECK_EQ_INT(g->to_move(state), 1);
    CHECK(kk_game_hidden(g));
    /* Seat 1's views of seat 0's pending side: uniform, whatever the truth. */
    int ones[2] = {0, 0};
    for (int truth = 0; truth < 2; truth++) {
        char st[256];
        start(st);
        g->apply(st, truth);
        kk_rng rng;
        kk_rng_seed(&rng, 7, 1);
        for (int i = 0; i < 4000; i++) {
            g->sample_view(st, 1, &rng, view);
            ones[truth] += toy_match_side(view, 0) == 1;
        }
    }
    /* Same stream, same draws: the view does not depend on the hidden truth at all. */
    CHECK_EQ_INT(ones[0], ones[1]);
    CHECK(ones[0] > 1800 && ones[0] < 2200);
    /* Seat 0's own view keeps its own commitment. */
    kk_rng rng;
    kk_rng_seed(&rng, 7, 2);
    g->sample_view(state, 0, &rng, view);
    CHECK(memcmp(view, state, g->state_size) == 0);
    g->apply(state, 0);
    CHECK_EQ_INT(kk_sim_pending(g, state), 3); /* revealed: a new round */
}

/* An agent that always plays 1 and logs, for every observe(), how many choices the game had
 * asked of any agent so far. */
struct spy {
    struct kk_agent base;
    int *chosen;
    int log_seat[64], log_after[64], nlog;
};

static kk_move spy_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    (void)state;
    (void)rng;
    struct spy *s = (struct spy *)self;
    (*s->chosen)++;
    return 1;
}

static void spy_observe(struct kk_agent *self, const void *state, kk_move move)
{
    (void)move;
    struct spy *s = (struct spy *)self;
    if (s->nlog < 64) {
        s->log_seat[s->nlog] = g->to_move(state);
        s->log_after[s->nlog++] = *s->chosen;
    }
}

static void observe_timing(int split)
{
    int chosen = 0;
    struct spy a = {.base = {.game = g, .choose = spy_choose, .observe = spy_observe},
                    .chosen = &chosen};
    struct spy b = a;
    struct kk_agent *agents[2] = {&a.base, &b.base};
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    if (split)
        kk_variant_set(g, &v, "split=1", &err);
    char state[256];
    kk_rng chance, arng;
    kk_game_rngs(1, 0, &chance, &arng);
    struct kk_game_result res;
    CHECK_EQ_INT(kk_play_game(g, &v, 2, agents, &chance, &arng, state, NULL, &res, NULL, &err), 0);
    int per = split ? 4 : 2; /* moves per round */
    CHECK_EQ_INT(a.nlog, 5 * per);
    CHECK_EQ_INT(b.nlog, 5 * per);
    for (int k = 0; k < a.nlog; k++) {
        /* Every move of round r is told after all of round r's moves were chosen. */
        int round = k / per;
        CHECK_EQ_INT(a.log_seat[k], k % per < per / 2 ? 0 : 1);
        CHECK_EQ_INT(a.log_after[k], per * round + per);
    }
    CHECK_EQ_INT(res.scores[0], 5); /* both always play 1: sides match */
}

static void test_observe_waits_for_the_reveal(void)
{
    observe_timing(0);
    observe_timing(1);
}

static void test_replay_trace(void)
{
    struct kk_record rec = {0};
    rec.game = g;
    rec.players = 2;
    kk_error err;
    kk_variant_defaults(g, &rec.variant, &err);
    kk_variant_set(g, &rec.variant, "rounds=2", &err);
    CHECK(rec.variant.value[1][0] == 0);
    static const char *const ev[] = {"1", "0", "1", "1", "0"};
    struct kk_record_event events[5];
    for (int i = 0; i < 5; i++) {
        events[i].line = 10 + i;
        events[i].seat = i % 2;
        strcpy(events[i].text, ev[i]);
    }
    rec.events = events;
    rec.num_events = 4;
    char state[256];
    struct kk_buf trace = {0};
    int line;
    CHECK_EQ_INT(kk_record_replay_trace(&rec, state, &line, &trace, &err), 0);
    CHECK(strcmp(kk_buf_str(&trace), "10-11 reveal 0: 1 | 1: 0\n12-13 reveal 0: 1 | 1: 1\n") == 0);
    int32_t sc[2];
    g->scores(state, sc);
    CHECK_EQ_INT(sc[0], 1);
    CHECK_EQ_INT(sc[1], 1);
    kk_buf_free(&trace);
    /* A round cut short keeps its commitment hidden; a fifth event is past the end. */
    rec.num_events = 3;
    struct kk_buf t2 = {0};
    CHECK_EQ_INT(kk_record_replay_trace(&rec, state, &line, &t2, &err), 0);
    CHECK(strstr(kk_buf_str(&t2), "12 (a simultaneous round still open") != NULL);
    CHECK(strstr(kk_buf_str(&t2), "0: 1 | ") == NULL || strstr(kk_buf_str(&t2), "12-") == NULL);
    kk_buf_free(&t2);
    rec.num_events = 5;
    CHECK_EQ_INT(kk_record_replay_trace(&rec, state, &line, NULL, &err), -1);
    CHECK_EQ_INT(line, 14);
}

/* A commitment made of sub-decisions is written on one record line, joined by " ; ". */
static void test_record_joins_sub_decisions(void)
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    kk_variant_set(g, &v, "rounds=1", &err);
    kk_variant_set(g, &v, "split=1", &err);
    char state[256];
    CHECK_EQ_INT(kk_game_init(g, state, &v, 2, &err), 0);
    struct kk_buf out = {0};
    static const kk_move moves[] = {0, 1, 1, 0};
    for (int i = 0; i < 4; i++) {
        kk_record_write_event(&out, g, state, moves[i]);
        g->apply(state, moves[i]);
    }
    CHECK(strcmp(kk_buf_str(&out), "0: 0 ; 1\n1: 1 ; 0\n") == 0);
    kk_buf_free(&out);
}

/* Seat 1 searching from its view wins about half the rounds against a random seat 0; a
 * search of the true state wins them all. */
static double seat1_round_share(const char *spec, int games)
{
    kk_error err = {{0}};
    struct kk_agent *rnd = kk_agent_create(g, "random", &err);
    struct kk_agent *a = kk_agent_create(g, spec, &err);
    CHECK(rnd != NULL && a != NULL);
    if (!rnd || !a) {
        fprintf(stderr, "%s: %s\n", spec, err.msg);
        kk_agent_destroy(rnd);
        kk_agent_destroy(a);
        return -1;
    }
    struct kk_agent *agents[2] = {rnd, a};
    struct kk_variant v;
    kk_variant_defaults(g, &v, &err);
    char state[256];
    long won = 0;
    for (int i = 0; i < games; i++) {
        kk_rng chance, arng;
        kk_game_rngs(11, (uint64_t)i, &chance, &arng);
        struct kk_game_result res;
        CHECK_EQ_INT(kk_play_game(g, &v, 2, agents, &chance, &arng, state, NULL, &res, NULL, &err),
                     0);
        won += res.scores[1];
    }
    kk_agent_destroy(rnd);
    kk_agent_destroy(a);
    return (double)won / (5.0 * games);
}

static void test_honest_search(void)
{
    double honest = seat1_round_share("ismcts:iters=200", 200);
    double fair = seat1_round_share("mcts:iters=200", 200); /* the default is honest */
    double greedy = seat1_round_share("greedy", 200);
    double peek = seat1_round_share("mcts:iters=200,view=peek", 60);
    fprintf(stderr, "seat 1 round share: ismcts %.3f, mcts %.3f, greedy %.3f, peeking mcts "
                    "%.3f\n", honest, fair, greedy, peek);
    /* 1000 rounds: sd 0.016 around 0.5. */
    CHECK(honest > 0.43 && honest < 0.57);
    CHECK(fair > 0.43 && fair < 0.57);
    CHECK(greedy > 0.43 && greedy < 0.57);
    CHECK(peek > 0.97);
}

int main(void)
{
    test_pending_and_views();
    test_observe_waits_for_the_reveal();
    test_replay_trace();
    test_record_joins_sub_decisions();
    test_honest_search();
    return kk_test_done("simultaneous");
}
