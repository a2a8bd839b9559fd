/* Backgammon: every worked scenario of the rules (docs/rules/backgammon.md, "Worked
 * examples"): the opening play counts roll by roll, the bear-off example, the higher-die
 * rule, hit versus no hit, the closed board and entering first; plus the notation's
 * canonical text and what it rejects on input. */
#include <string.h>

#include "bg_setup.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_backgammon;
static kk_move moves[BG_MAX_MOVES];

static int count(const struct bg_state *s)
{
    return g->legal_moves(s, moves);
}

/* 1 when some legal move prints exactly as text. */
static int has_text(const struct bg_state *s, const char *text)
{
    int n = g->legal_moves(s, moves);
    char buf[128];
    for (int i = 0; i < n; i++) {
        g->move_to_text(s, moves[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0)
            return 1;
    }
    return 0;
}

/* Parses text as the play of s; returns the move, or -1 on a parse error. */
static kk_move parse(const struct bg_state *s, const char *text)
{
    kk_move m;
    kk_error err;
    if (g->move_from_text(s, text, &m, &err) != 0)
        return -1;
    return m;
}

static void play(struct bg_state *s, const char *text)
{
    kk_move m = parse(s, text);
    CHECK(m >= 0 && kk_is_legal(g, s, m));
    g->apply(s, m);
}

#define SETUP "1:2 12:5 17:3 19:5"

static void test_opening_counts(void)
{
    static const struct { int a, b, n; } table[] = {
        {1, 1, 42}, {2, 1, 15}, {3, 1, 16}, {4, 1, 14}, {5, 1, 8},  {6, 1, 10}, {2, 2, 75},
        {3, 2, 17}, {4, 2, 18}, {5, 2, 8},  {6, 2, 14}, {3, 3, 73}, {4, 3, 17}, {5, 3, 9},
        {6, 3, 14}, {4, 4, 52}, {5, 4, 9},  {6, 4, 14}, {5, 5, 4},  {6, 5, 7},  {6, 6, 11},
    };
    struct bg_state s;
    int sum = 0;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        bg_test_position(&s, SETUP, SETUP, 0, table[i].a, table[i].b, NULL);
        int n = count(&s);
        if (n != table[i].n)
            fprintf(stderr, "opening %d-%d: %d plays, expected %d\n", table[i].a, table[i].b, n,
                    table[i].n);
        CHECK_EQ_INT(n, table[i].n);
        sum += n;
    }
    CHECK_EQ_INT(sum, 447);
    /* The same through kk_perft: with opening=seat0 the game starts with a roll of 21
     * outcomes, each followed by that roll's plays. */
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    CHECK_EQ_INT(kk_variant_set(g, &v, "opening=seat0", &err), 0);
    CHECK_EQ_INT(g->init(&s, &v, 2, &err), 0);
    CHECK_EQ_INT(kk_perft(g, &s, 1, &err), 21);
    CHECK_EQ_INT(kk_perft(g, &s, 2, &err), 447);
    /* With the opening roll: 30 ordered pairs, each played by the higher die's seat with
     * that non-double: twice the non-double counts (sum 2 * (447 - 257 doubles)). */
    kk_variant_defaults(g, &v, &err);
    CHECK_EQ_INT(g->init(&s, &v, 2, &err), 0);
    CHECK_EQ_INT(kk_perft(g, &s, 1, &err), 30);
    CHECK_EQ_INT(kk_perft(g, &s, 2, &err), 2 * (447 - (42 + 75 + 73 + 52 + 4 + 11)));
}

static void test_canonical_text(void)
{
    struct bg_state s;
    bg_test_position(&s, SETUP, SETUP, 0, 6, 3, NULL);
    CHECK(has_text(&s, "24/21 21/15"));
    CHECK(!has_text(&s, "24/18 18/15"));
    /* Every split is accepted on input and names the same move. */
    kk_move a = parse(&s, "24/21 21/15"), b = parse(&s, "24/18 18/15");
    CHECK(a >= 0 && a == b && kk_is_legal(g, &s, a));
    /* Two checkers from one point: the larger to-point first. */
    bg_test_position(&s, SETUP, SETUP, 0, 6, 5, NULL);
    CHECK(has_text(&s, "13/8 13/7"));
    CHECK(has_text(&s, "24/18 18/13"));
    /* Rejected: a step spanning two dice, a bad point, a backward step. */
    CHECK_EQ_INT(parse(&s, "24/13"), -1);
    CHECK_EQ_INT(parse(&s, "25/19 13/8"), -1);
    CHECK_EQ_INT(parse(&s, "8/14 13/8"), -1);
    CHECK_EQ_INT(parse(&s, "13/7* 13/8"), -1); /* marks a hit that hits nothing */
    CHECK_EQ_INT(parse(&s, "6/1 6/0"), -1);
    CHECK_EQ_INT(parse(&s, "24/18"), -1);      /* uses one die when two can be used */
    /* Rolls: higher die first; the opening roll names seat 0's die first. */
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    g->init(&s, &v, 2, &err);
    kk_move m;
    CHECK_EQ_INT(g->move_from_text(&s, "open 3-6", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(s.seat, 1);
    CHECK_EQ_INT(s.dice[0], 6);
    CHECK_EQ_INT(s.dice[1], 3);
    CHECK(g->move_from_text(&s, "pass", &m, &err) == 0 && !kk_is_legal(g, &s, m));
    play(&s, "24/18 13/10");
    CHECK_EQ_INT(g->move_from_text(&s, "3-6", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "7-1", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "6-3", &m, &err), 0);
    g->apply(&s, m);
    /* Seat 0 hits the blot seat 1 left on its 18-point (seat 0's 7-point): 13/7*. */
    CHECK(has_text(&s, "13/7* 10/4") == 0); /* 10 is empty for seat 0 */
    CHECK(has_text(&s, "13/10 13/7*"));
    play(&s, "13/7 13/10"); /* the hit mark is optional on input */
    CHECK_EQ_INT(s.board[1][BG_BAR], 1);
    CHECK_EQ_INT(s.hits[0], 1);
}

static void test_bear_off_example(void)
{
    struct bg_state s;
    const char *seat1 = "24:15"; /* all on seat 0's space 1, out of the way */
    bg_test_position(&s, "20:1 21:1", seat1, 0, 6, 1, NULL);
    CHECK_EQ_INT(count(&s), 2);
    CHECK(has_text(&s, "5/4 4/off"));
    CHECK(has_text(&s, "5/off 4/3"));
    CHECK(parse(&s, "4/3 5/off") == parse(&s, "5/off 4/3"));
    CHECK_EQ_INT(parse(&s, "4/off 5/4"), -1); /* the 6 may not bear off from 4 while 5 holds */
    bg_test_position(&s, "20:1 21:1", seat1, 0, 6, 5, NULL);
    CHECK_EQ_INT(count(&s), 1);
    play(&s, "5/off 4/off");
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(g->winners(&s), 1);
    int32_t sc[2];
    g->scores(&s, sc);
    CHECK(sc[0] == 1 && sc[1] == 0);
    bg_test_position(&s, "20:1 21:1", seat1, 0, 2, 1, NULL);
    CHECK_EQ_INT(count(&s), 3);
    CHECK(has_text(&s, "4/3 3/1")); /* ends on spaces {20, 24} */
    CHECK(has_text(&s, "5/4 4/2")); /* {21, 23} */
    CHECK(has_text(&s, "5/3 4/3")); /* {22, 22} */
}

static void test_higher_die(void)
{
    struct bg_state s;
    /* Seat 1 in seat 0's numbering: 24 (2), 6 (5), 7 (5), 8 (3). */
    const char *seat1 = "1:2 19:5 18:5 17:3";
    bg_test_position(&s, "1:14 13:1", seat1, 0, 6, 5, NULL);
    CHECK_EQ_INT(count(&s), 1);
    CHECK(has_text(&s, "12/6"));
    bg_test_position(&s, "1:14 13:1", seat1, 0, 6, 5, "higher_die=0");
    CHECK_EQ_INT(count(&s), 2);
    CHECK(has_text(&s, "12/6") && has_text(&s, "12/7"));
}

static void test_hit_versus_no_hit(void)
{
    struct bg_state s;
    /* Seat 1's blot on seat 0's space 10 = its own space 15; the rest on seat 0's 24 = 1. */
    bg_test_position(&s, "6:1 19:14", "15:1 1:14", 0, 4, 1, NULL);
    CHECK_EQ_INT(count(&s), 5);
    CHECK(has_text(&s, "19/15* 15/14"));
    CHECK(has_text(&s, "19/18 18/14"));
    struct bg_state hit = s, quiet = s;
    play(&hit, "19/15* 15/14");
    play(&quiet, "19/18 18/14");
    CHECK_EQ_INT(hit.board[0][11], 1);
    CHECK_EQ_INT(quiet.board[0][11], 1);
    CHECK_EQ_INT(hit.board[1][BG_BAR], 1);
    CHECK_EQ_INT(quiet.board[1][BG_BAR], 0);
}

static void test_closed_board(void)
{
    struct bg_state s;
    /* Seat 1 holds seat 0's spaces 1..6 = its own 19..24, two checkers each. */
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= a; b++) {
            bg_test_position(&s, "0:1 12:14", "19:2 20:2 21:2 22:2 23:2 24:2 12:3", 0, a, b,
                             NULL);
            CHECK_EQ_INT(count(&s), 1);
            CHECK_EQ_INT(moves[0], BG_MOVE_PASS);
            CHECK(has_text(&s, "pass"));
        }
    play(&s, "pass");
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(s.seat, 1);
}

static void test_entering_first(void)
{
    struct bg_state s;
    /* Two on the bar, 6-6, space 6 open: both enter, then two more sixes anywhere. */
    bg_test_position(&s, "0:2 12:5 17:3 19:5", "1:2 12:5 17:3 18:5", 0, 6, 6, NULL);
    int n = count(&s);
    CHECK(n > 1);
    char buf[128];
    for (int i = 0; i < n; i++) {
        CHECK_EQ_INT(BG_MOVE_STEPS(moves[i]), 4);
        CHECK_EQ_INT(BG_STEP_FROM(BG_STEP(moves[i], 0)), 0);
        CHECK_EQ_INT(BG_STEP_FROM(BG_STEP(moves[i], 1)), 0);
        g->move_to_text(&s, moves[i], buf, sizeof buf);
        CHECK(strncmp(buf, "bar/19 bar/19 ", 14) == 0);
    }
    CHECK(has_text(&s, "bar/19 bar/19 19/13 19/13"));
    CHECK(has_text(&s, "bar/19 bar/19 13/7 13/7"));
    /* Input must enter first. */
    CHECK_EQ_INT(parse(&s, "13/7 bar/19 bar/19 13/7"), -1);
    /* One checker on the bar that only the 6 can enter: it enters, then the 3 is free. */
    bg_test_position(&s, "0:1 12:14", "20:2 21:2 22:2 23:2 24:2 12:5", 0, 6, 3, NULL);
    CHECK(has_text(&s, "bar/19 13/10"));
    CHECK(!has_text(&s, "13/7 13/10"));
}

static void test_gammons(void)
{
    struct bg_state s;
    int32_t sc[2];
    /* Seat 0 bears off its last checker; seat 1 has none off. */
    bg_test_position(&s, "24:1", "1:15", 0, 2, 1, "gammons=1");
    s.board[0][BG_OFF] = 14;
    play(&s, "1/off");
    g->scores(&s, sc);
    CHECK(sc[0] == 3 && sc[1] == 0); /* seat 1 still in seat 0's home board: backgammon */
    bg_test_position(&s, "24:1", "12:15", 0, 2, 1, "gammons=1");
    play(&s, "1/off");
    g->scores(&s, sc);
    CHECK(sc[0] == 2 && sc[1] == 0);
    bg_test_position(&s, "24:1", "12:14", 0, 2, 1, "gammons=1");
    play(&s, "1/off");
    g->scores(&s, sc);
    CHECK(sc[0] == 1 && sc[1] == 0);
    bg_test_position(&s, "24:1", "1:15", 0, 2, 1, NULL);
    play(&s, "1/off");
    g->scores(&s, sc);
    CHECK(sc[0] == 1 && sc[1] == 0); /* gammons=0: every win is 1 */
}

int main(void)
{
    test_opening_counts();
    test_canonical_text();
    test_bear_off_example();
    test_higher_die();
    test_hit_versus_no_hit();
    test_closed_board();
    test_entering_first();
    test_gammons();
    return kk_test_done("backgammon_rules");
}
