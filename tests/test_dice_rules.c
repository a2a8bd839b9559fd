/* Carcassonne dice: rules scenarios as small hand-written records, one assertion each
 * (catapults, the 9-catapult win, knights and doubled turns, matching, three rolls,
 * goal, max_turns, the set_aside variant), plus move-count tables. */
#include <math.h>
#include <string.h>

#include "engine/dice/dice.h"
#include "testlib.h"

static struct dice_state st;

/* Replays text; returns 0 or the line of the error (-1 for errors without a line). */
static int play(const char *text)
{
    const struct kk_game *g = NULL;
    int line = 0;
    kk_error err = {{0}};
    memset(&st, 0, sizeof st);
    if (kk_test_replay_text(text, &g, &st, &line, &err) == 0)
        return 0;
    if (line == 0)
        fprintf(stderr, "replay failed without a line: %s\n", err.msg);
    return line ? line : -1;
}

#define HEAD "game carcassonne-dice\nplayers 2\n"

static void test_score_closed_city(void)
{
    /* Line 3 rolls: two caps, a straight, three knights and three catapults (lost). */
    CHECK_EQ_INT(play(HEAD "* CCSKKKXXX\n"
                           "0: C1@0,0\n"   /* cap, city to the east */
                           "0: S1@1,0\n"   /* straight east-west */
                           "0: C3@2,0\n"   /* cap, city to the west: closed, 3 dice */
                           "0: stop\n"),
                 0);
    CHECK_EQ_INT(st.total[0], 1);
    CHECK_EQ_INT(st.seat, 1);
    CHECK_EQ_INT(st.to_roll, 9);
    CHECK_EQ_INT(st.stat[DICE_ST_DICE_LOST], 3);
    CHECK_EQ_INT(st.stat[DICE_ST_SCORED_3], 1);
    CHECK_EQ_INT(st.stat[DICE_ST_PTS_1_2], 1);
}

static void test_catapults_leave_the_turn(void)
{
    /* Two catapults: the re-roll throws the other 7 dice. */
    CHECK_EQ_INT(play(HEAD "* CCSLLTKXX\n0: roll+0\n* CCSLLTK\n"), 0);
    CHECK_EQ_INT(st.lost, 2);
    /* Eight letters for seven dice is an error on that line. */
    CHECK_EQ_INT(play(HEAD "* CCSLLTKXX\n0: roll+0\n* CCSLLTKK\n"), 5);
    /* Catapults of the first roll stay out of the third. */
    CHECK_EQ_INT(play(HEAD "* CCSLLTKXX\n0: roll+0\n* CCSLLXX\n0: roll\n* CSLLT\n"), 0);
}

static void test_nine_catapults(void)
{
    CHECK_EQ_INT(play(HEAD "* XXXXXXXXX\n"), 0);
    CHECK_EQ_INT(st.phase, DICE_PHASE_OVER);
    CHECK_EQ_INT(st.winners, 1);
    CHECK_EQ_INT(st.stat[DICE_ST_NINE_CATAPULTS], 1);
    /* All 9 re-rolled at once after a roll kept nothing: still a win, for seat 1 here. */
    CHECK_EQ_INT(play(HEAD "* CKXXXXXXX\n0: stop\n* CCSLLTTKK\n1: roll+0\n* XXXXXXXXX\n"), 0);
    CHECK_EQ_INT(st.winners, 2);
    /* Eight dice (one held as a knight by seat 0) all catapults: no win. */
    CHECK_EQ_INT(play(HEAD "* CCSKKKXXX\n0: bank\n* XXXXXXXX\n"), 0);
    CHECK_EQ_INT(st.phase, DICE_PHASE_DECIDE);
    /* ... and with no dice left, rolling again is not possible. */
    CHECK_EQ_INT(play(HEAD "* CCSKKKXXX\n0: bank\n* XXXXXXXX\n1: roll\n"), 6);
}

static void test_knights(void)
{
    /* Banking needs knight_need (3) knights. */
    CHECK_EQ_INT(play(HEAD "* CCSKKXXXX\n0: bank\n"), 4);
    /* Knights of earlier rolls add up: 2 set aside, then 1 more. */
    CHECK_EQ_INT(play(HEAD "* CCSKKXXXX\n0: roll+2\n* CKX\n0: bank\n"), 0);
    CHECK_EQ_INT(st.held[0], 1);
    /* A knight re-rolled is not counted. */
    CHECK_EQ_INT(play(HEAD "* CCSKKXXXX\n0: roll+1\n* CKXX\n0: bank\n"), 6);
    /* The held die is out of seat 1's pool: 8 dice, not 9. */
    CHECK_EQ_INT(play(HEAD "* CCSKKKXXX\n0: bank\n* CCSLLTKX\n"), 0);
    CHECK_EQ_INT(play(HEAD "* CCSKKKXXX\n0: bank\n* CCSLLTKXX\n"), 5);
    /* Seat 0's next turn throws 9 dice again and scores double: a 3-city is 2 points. */
    CHECK_EQ_INT(play(HEAD "* CCSKKKXXX\n0: bank\n* CCSLLTKX\n1: stop\n"
                           "* CCSLLTKXX\n0: C1@0,0\n0: S1@1,0\n0: C3@2,0\n0: stop\n"),
                 0);
    CHECK_EQ_INT(st.total[0], 2);
    CHECK_EQ_INT(st.held[0], 0);
    CHECK_EQ_INT(st.stat[DICE_ST_KNIGHTS_BANKED], 1);
    CHECK_EQ_INT(st.stat[DICE_ST_DOUBLED_TURNS], 1);
    /* With knight_need=2, two knights are enough. */
    CHECK_EQ_INT(play("game carcassonne-dice\nplayers 3\nset knight_need=2\n* CCSKKXXXX\n0: bank\n"), 0);
    /* 'roll' alone after a roll with knights is ambiguous: an error. */
    CHECK_EQ_INT(play(HEAD "* CCSKKXXXX\n0: roll\n"), 4);
    /* More knights than were rolled. */
    CHECK_EQ_INT(play(HEAD "* CCSKKXXXX\n0: roll+3\n"), 4);
    /* Two players holding knights leave 7 dice for the third. */
    CHECK_EQ_INT(play("game carcassonne-dice\nplayers 3\n* CCSKKKXXX\n0: bank\n"
                      "* CSKKKXXX\n1: bank\n* CCSLTTK\n"),
                 0);
}

static void test_matching(void)
{
    const char *roll = HEAD "* CCSLLTTKK\n";
    char text[512];
    /* The first die goes to the origin. */
    snprintf(text, sizeof text, "%s0: C0@1,0\n", roll);
    CHECK_EQ_INT(play(text), 4);
    /* An east-west straight north of a cap whose city faces north: field against city. */
    snprintf(text, sizeof text, "%s0: C0@0,0\n0: S1@0,1\n", roll);
    CHECK_EQ_INT(play(text), 5);
    /* The north-south straight matches, and a die away from everything is fine. */
    snprintf(text, sizeof text, "%s0: C0@0,0\n0: S0@0,1\n0: T2@3,3\n", roll);
    CHECK_EQ_INT(play(text), 0);
    /* A die can only be built once: two caps were rolled, not three. */
    snprintf(text, sizeof text, "%s0: C0@0,0\n0: C0@2,2\n0: C0@-2,-2\n", roll);
    CHECK_EQ_INT(play(text), 6);
    /* Occupied cell. */
    snprintf(text, sizeof text, "%s0: C0@0,0\n0: C2@0,0\n", roll);
    CHECK_EQ_INT(play(text), 5);
    /* Outside the window, and a face not on these dice. */
    snprintf(text, sizeof text, "%s0: C0@0,0\n0: T0@9,0\n", roll);
    CHECK_EQ_INT(play(text), 5);
    snprintf(text, sizeof text, "%s0: C0@0,0\n0: T0@0,-9\n", roll);
    CHECK_EQ_INT(play(text), 5);
    snprintf(text, sizeof text, "%s0: +0@0,0\n", roll);
    CHECK_EQ_INT(play(text), 4);
    /* Symmetric rotations are one move: S3 is S1. */
    snprintf(text, sizeof text, "%s0: S3@0,0\n", roll);
    CHECK_EQ_INT(play(text), 0);
}

static void test_three_rolls(void)
{
    CHECK_EQ_INT(play(HEAD "* CCSLLTTKK\n0: roll+0\n* CCSLLTTKK\n0: roll+0\n* CCSLLTTKK\n"
                           "0: roll+0\n"),
                 8);
    CHECK_EQ_INT(play(HEAD "* CCSLLTTKK\n0: roll+0\n* CCSLLTTKK\n0: roll+0\n* CCSLLTTKK\n"
                           "0: stop\n"),
                 0);
    CHECK_EQ_INT(st.stat[DICE_ST_ROLLS], 3);
    /* A seat may not move for another, nor stop before its first roll. */
    CHECK_EQ_INT(play(HEAD "0: stop\n"), 3);
    CHECK_EQ_INT(play(HEAD "* CCSLLTTKK\n1: stop\n"), 4);
}

static void test_goal_and_max_turns(void)
{
    CHECK_EQ_INT(play("game carcassonne-dice\nplayers 2\nset goal=1\n"
                      "* CCSKKKXXX\n0: C1@0,0\n0: S1@1,0\n0: C3@2,0\n0: stop\n"),
                 0);
    CHECK_EQ_INT(st.phase, DICE_PHASE_OVER);
    CHECK_EQ_INT(st.winners, 1);
    CHECK_EQ_INT(play("game carcassonne-dice\nplayers 2\nset goal=1\n"
                      "* CCSKKKXXX\n0: C1@0,0\n0: S1@1,0\n0: C3@2,0\n0: stop\n* K\n"),
                 9);
    /* max_turns=2: after two scoreless turns the leaders (both) share the win. */
    CHECK_EQ_INT(play("game carcassonne-dice\nplayers 2\nset max_turns=2\n"
                      "* CCSKKKXXX\n0: stop\n* CCSKKKXXX\n1: stop\n"),
                 0);
    CHECK_EQ_INT(st.phase, DICE_PHASE_OVER);
    CHECK_EQ_INT(st.winners, 3);
    CHECK_EQ_INT(st.stat[DICE_ST_MAX_TURNS_STOP], 1);
    CHECK_EQ_INT(st.stat[DICE_ST_TURNS], 2);
}

static void test_set_aside_one(void)
{
    const char *h = "game carcassonne-dice\nplayers 2\nset set_aside=one\n* CCSLLTTKK\n";
    char text[512];
    snprintf(text, sizeof text, "%s0: roll+0\n", h);
    CHECK_EQ_INT(play(text), 5);
    snprintf(text, sizeof text, "%s0: roll+1\n", h);
    CHECK_EQ_INT(play(text), 0);
    snprintf(text, sizeof text, "%s0: C0@0,0\n0: roll+0\n", h);
    CHECK_EQ_INT(play(text), 0);
    /* A roll of catapults only has nothing to set aside. */
    CHECK_EQ_INT(play("game carcassonne-dice\nplayers 2\nset set_aside=one\n"
                      "* CCSLLTTKK\n0: roll+1\n* XXXXXXXX\n0: stop\n"),
                 0);
}

static void test_touching(void)
{
    const char *h = "game carcassonne-dice\nplayers 2\nset placement=touching\n* CCSLLTTKK\n"
                    "0: C0@0,0\n";
    char text[512];
    /* Away from the cap: legal under the rules, not under placement=touching. */
    snprintf(text, sizeof text, "%s0: T0@3,3\n", h);
    CHECK_EQ_INT(play(text), 6);
    /* Next to it, field against field, starting a new city: fine. */
    snprintf(text, sizeof text, "%s0: C1@1,0\n", h);
    CHECK_EQ_INT(play(text), 0);
}

/* Number of legal moves after text (a seat's node). */
static int count_moves(const char *text)
{
    static kk_move moves[8192];
    if (play(text) != 0)
        return -1;
    return kk_game_carcassonne_dice.legal_moves(&st, moves);
}

static void test_move_counts(void)
{
    /* First die: only at the origin. C 4 rotations + S 2 + L 4 + T 4 = 14, then
     * roll+0, roll+1, roll+2 and stop. */
    CHECK_EQ_INT(count_moves(HEAD "* CSLTKKXXX\n"), 14 + 3 + 1);
    /* Three knights: bank too; every die gone but knights: roll+0..roll+2 (roll+3
     * would throw nothing). */
    CHECK_EQ_INT(count_moves(HEAD "* KKKXXXXXX\n"), 3 + 1 + 1);
    /* After a cap (city north) at the origin, the straight has 287 + 285 placements in the
     * 17 x 17 window (test_dice_grid) and the corner 284*4 + 8; then roll+0..2 and stop. */
    CHECK_EQ_INT(count_moves(HEAD "* CSLKKXXXX\n0: C0@0,0\n"), 287 + 285 + 284 * 4 + 8 + 3 + 1);
    CHECK(count_moves(HEAD "* CSLKKXXXX\n0: C0@0,0\n") <= kk_game_carcassonne_dice.max_moves);
    /* placement=touching: after a cap (city north) at the origin, only its 4 neighbours:
     * straight 1 + 1 (north: N-S; south: E-W) + 2 (east and west: N-S) = 4, corner 2 per
     * side = 8 (test_dice_grid); then roll+0..2 and stop. */
    CHECK_EQ_INT(count_moves("game carcassonne-dice\nplayers 2\nset placement=touching\n"
                             "* CSLKKXXXX\n0: C0@0,0\n"),
                 4 + 8 + 3 + 1);
    /* Third roll: no more rolling; the first die (C 4 rotations, S 2) or stop. */
    CHECK_EQ_INT(count_moves(HEAD "* CCSKKLLTT\n0: roll+0\n* CCSKKLLTT\n0: roll+0\n"
                                  "* CCSKKXXXX\n"),
                 4 + 2 + 1);
    /* A roll of 9 dice has C(14,5) = 2002 possible outcomes; 8 dice, C(13,5) = 1287. */
    kk_move out[4096];
    double prob[4096];
    play(HEAD);
    CHECK_EQ_INT(kk_game_carcassonne_dice.chance_outcomes(&st, out, prob), 2002);
    play(HEAD "* CCSKKKXXX\n0: bank\n");
    CHECK_EQ_INT(kk_game_carcassonne_dice.chance_outcomes(&st, out, prob), 1287);
}

/* The greedy evaluation (rules doc, "Greedy evaluation"). */
static void test_evaluate(void)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    /* A closed 3-city on the last roll with nothing left in hand: worth its 1 point. */
    CHECK_EQ_INT(play(HEAD "* CCSLLTTKK\n0: roll+2\n* CCSLLTT\n0: roll+0\n* CCSXXXX\n"
                           "0: C1@0,0\n0: S1@1,0\n0: C3@2,0\n"),
                 0);
    CHECK(g->evaluate(&st, 0) == 1.0);
    CHECK(g->evaluate(&st, 1) == 0.0);
    /* A held knight is worth 7 to its holder (about one ordinary turn). */
    CHECK_EQ_INT(play(HEAD "* CCSKKKXXX\n0: bank\n"), 0);
    CHECK(g->evaluate(&st, 0) == 7.0);
    /* Two east-west straights on the last roll: two holes that want caps, and two caps
     * in hand, each fitting with chance 0.9: 0.81 of points(4) = 3. */
    CHECK_EQ_INT(play(HEAD "* CCSLLTTKK\n0: roll+2\n* CCSLLTT\n0: roll+0\n* SSCCXXX\n"
                           "0: S1@0,0\n0: S1@1,0\n"),
                 0);
    CHECK(fabs(g->evaluate(&st, 0) - 0.81 * 3) < 1e-12);
    /* The same with corners in hand instead of caps, and no throw left: worth nothing. */
    CHECK_EQ_INT(play(HEAD "* CCSLLTTKK\n0: roll+2\n* CCSLLTT\n0: roll+0\n* SSLLXXX\n"
                           "0: S1@0,0\n0: S1@1,0\n"),
                 0);
    CHECK(g->evaluate(&st, 0) == 0.0);
    /* With a throw left and 2 corners to throw again: each hole needs a cap from its own
     * die, 1/6 a throw: (1 - 5/6^2) for the first hole (two dice), 1/6 for the second. */
    CHECK_EQ_INT(play(HEAD "* CCSLLTTKK\n0: roll+2\n* SSLLXXX\n0: S1@0,0\n0: S1@1,0\n"),
                 0);
    CHECK(fabs(g->evaluate(&st, 0) - 3 * (1 - 25.0 / 36) * (1.0 / 6)) < 1e-12);
}

int main(void)
{
    test_evaluate();
    test_score_closed_city();
    test_catapults_leave_the_turn();
    test_nine_catapults();
    test_knights();
    test_matching();
    test_three_rolls();
    test_goal_and_max_turns();
    test_set_aside_one();
    test_touching();
    test_move_counts();
    return kk_test_done("dice_rules");
}
