/* Othellino: the worked scenarios of the rules (docs/rules/othellino.md): the first
 * moves, a capture in several directions, passes and the end, scoring under both empties
 * rules (a drawn game splits the empties), the published opening line, and the move-count
 * table from the start. */
#include <string.h>

#include "engine/othellino/othellino.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_othellino;

/* Bit of a cell named like "c2". */
static uint64_t cells(const char *names)
{
    uint64_t b = 0;
    for (const char *p = names; *p; p++)
        if (*p >= 'a' && *p <= 'f') {
            b |= 1ULL << ((p[1] - '1') * OTHL_SIDE + (p[0] - 'a'));
            p++;
        }
    return b;
}

static void init_default(struct othl_state *s)
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    CHECK_EQ_INT(kk_game_init(g, s, &v, 0, &err), 0);
}

static void moves_text(const struct othl_state *s, char *buf)
{
    kk_move m[OTHL_MAX_MOVES];
    int n = g->legal_moves(s, m);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char t[8];
        g->move_to_text(s, m[i], t, sizeof t);
        strcat(buf, i ? " " : "");
        strcat(buf, t);
    }
}

static void test_first_moves(void)
{
    struct othl_state s;
    char buf[256];
    init_default(&s);
    CHECK(s.disc[0] == cells("c4 d3") && s.disc[1] == cells("c3 d4"));
    CHECK_EQ_INT(g->to_move(&s), 0);
    moves_text(&s, buf);
    CHECK(strcmp(buf, "c2 b3 e4 d5") == 0); /* the set b3 c2 d5 e4, row-major */
    const struct kk_game *rg;
    int line;
    kk_error err;
    CHECK_EQ_INT(kk_test_replay_file("data/othellino/scenario-first-move.rec", &rg, &s, &line,
                                     &err), 0);
    CHECK(s.disc[0] == cells("c2 c3 c4 d3") && s.disc[1] == cells("d4"));
    int32_t sc[2];
    g->scores(&s, sc);
    CHECK(sc[0] == 4 && sc[1] == 1);
    CHECK_EQ_INT(g->to_move(&s), 1);
}

static void test_multi_direction(void)
{
    struct othl_state s;
    init_default(&s);
    CHECK_EQ_INT(othl_set_position(&s, cells("c1 e1"), cells("c2 d2 b2"), 0), 0);
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(g->move_from_text(&s, "c3", &m, &err), 0);
    CHECK(kk_is_legal(g, &s, m));
    g->apply(&s, m);
    CHECK(s.disc[0] == cells("c1 e1 c3 c2 d2"));
    CHECK(s.disc[1] == cells("b2"));
}

static void test_pass_and_end(void)
{
    struct othl_state s;
    char buf[256];
    init_default(&s);
    /* Light to move cannot capture the corner disc; dark could take b1 from c1. */
    CHECK_EQ_INT(othl_set_position(&s, cells("a1"), cells("b1"), 1), 0);
    CHECK_EQ_INT(g->to_move(&s), 1);
    moves_text(&s, buf);
    CHECK(strcmp(buf, "pass") == 0);
    g->apply(&s, OTHL_PASS);
    CHECK_EQ_INT(g->to_move(&s), 0);
    moves_text(&s, buf);
    CHECK(strcmp(buf, "c1") == 0);
    g->apply(&s, 2);
    /* Dark a1 b1 c1 alone on the board: nobody can place, the game is over. */
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(g->winners(&s), 1);

    /* A pass is illegal while a placement exists (the record rejects it). */
    struct othl_state r;
    const struct kk_game *rg;
    int line = 0;
    kk_error err;
    CHECK(kk_test_replay_text("game othellino\n0: pass\n", &rg, &r, &line, &err) != 0);
    CHECK_EQ_INT(line, 2);
    CHECK(kk_test_replay_text("game othellino\nplayers 3\n", &rg, &r, &line, &err) != 0);
}

/* 17-17 with a1 and f1 empty and no capture possible for either side. */
static void test_draw_scoring(void)
{
    struct othl_state s;
    int32_t sc[2];
    init_default(&s);
    CHECK_EQ_INT(othl_set_position(&s, 0x4315b75eULL, 0xfbcea4880ULL, 0), 0);
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    g->scores(&s, sc);
    CHECK(sc[0] == 17 && sc[1] == 17);
    CHECK_EQ_INT(g->winners(&s), 3);
    s.empties_rule = OTHL_EMPTIES_WINNER;
    g->scores(&s, sc);
    CHECK(sc[0] == 18 && sc[1] == 18);
    CHECK_EQ_INT(g->winners(&s), 3);
    /* A win with empties: the winner takes them under empties=winner only. */
    CHECK_EQ_INT(othl_set_position(&s, cells("a1 b1 c1"), 0, 1), 0);
    g->scores(&s, sc);
    CHECK(sc[0] == 36 && sc[1] == 0);
    s.empties_rule = OTHL_EMPTIES_NONE;
    g->scores(&s, sc);
    CHECK(sc[0] == 3 && sc[1] == 0);
}

static void test_published_line(void)
{
    struct othl_state s;
    const struct kk_game *rg;
    int line;
    kk_error err;
    CHECK_EQ_INT(kk_test_replay_file("data/othellino/scenario-pv12.rec", &rg, &s, &line, &err),
                 0);
    int32_t sc[2];
    g->scores(&s, sc);
    CHECK(sc[0] == 9 && sc[1] == 7);
    CHECK_EQ_INT(g->to_move(&s), 0);
}

static void test_perft(void)
{
    static const long long table[] = {1, 4, 12, 56, 244, 1364, 7604, 47740, 308716};
    struct othl_state s;
    kk_error err;
    init_default(&s);
    long long counts[8];
    for (int d = 0; d <= 8; d++)
        CHECK_EQ_INT(kk_perft(g, &s, d, &err), table[d]);
    CHECK_EQ_INT(kk_perft_table(g, &s, 8, counts, &err), 0);
    for (int d = 1; d <= 8; d++)
        CHECK_EQ_INT(counts[d - 1], table[d]);
    /* The parallel start is the same game for the first move count: 4 placements. */
    struct kk_variant v;
    kk_variant_defaults(g, &v, &err);
    CHECK_EQ_INT(kk_variant_set(g, &v, "start=parallel", &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 2, &err), 0);
    CHECK(s.disc[0] == cells("c3 c4") && s.disc[1] == cells("d3 d4"));
    char buf[256];
    moves_text(&s, buf);
    CHECK(strcmp(buf, "e2 e3 e4 e5") == 0);
}

int main(void)
{
    test_first_moves();
    test_multi_direction();
    test_pass_and_end();
    test_draw_scoring();
    test_published_line();
    test_perft();
    return kk_test_done("othellino_rules");
}
