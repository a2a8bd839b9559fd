/* Flower Garden: the worked scenarios of docs/rules/flower-garden.md (records in
 * data/flower-garden where the position can be reached by hand; scenarios 4 and 6 edit the
 * flower counts of a dealt position), the variant parameters (rows=free, partial_take=0,
 * discard_max), and move-count tables counted by hand. */
#include <string.h>

#include "engine/flower_garden/flower_garden.h"
#include "../testlib.h"

#define DATA "data/flower-garden/"

static const struct kk_game *G = &kk_game_flower_garden;

enum { R, Y, GR, B };

/* Applies one event written in the notation; returns 1 if it parsed and was legal. */
static int try_text(struct fg_state *s, const char *text)
{
    kk_move m;
    kk_error err;
    if (G->move_from_text(s, text, &m, &err) != 0 || !kk_is_legal(G, s, m))
        return 0;
    G->apply(s, m);
    CHECK_EQ_INT(fg_check(s, &err), 0);
    return 1;
}

static int card(const char *text)
{
    return gb_card_from_text(gb_deck(GB_DECK_GB1), text);
}

static uint64_t bit(const char *text)
{
    return UINT64_C(1) << card(text);
}

/* Deals the given cards (seat 0's first) in a fresh game. */
static void deal(struct fg_state *s, const char *const *cards)
{
    for (int i = 0; G->to_move(s) == KK_CHANCE && s->phase == FG_PHASE_DEAL; i++)
        kk_test_apply_text(G, s, cards[i]);
    CHECK_EQ_INT(G->to_move(s), 0);
}

static void scenario_1(void)
{
    struct fg_state s;
    kk_test_replay_checked(G, DATA "scenario-1-seed-example.rec", &s);
    CHECK_EQ_INT(s.planted[0][Y], 2);
    CHECK_EQ_INT(s.unplanted[0][Y], 0);
    CHECK_EQ_INT(s.unplanted[1][R], 3);
    CHECK_EQ_INT(s.pile[R], 17);
    CHECK_EQ_INT(s.pile[Y], 18);
    CHECK_EQ_INT(s.nrows, 0); /* the Wheel row 3-1-1 was cleared */
    CHECK_EQ_INT(s.rows_cleared, 1);
    CHECK(s.discard == (bit("wW3") | bit("yW1") | bit("kW1")));
    CHECK(s.beds[0] == bit("yC2"));
    CHECK_EQ_INT(fg_score(&s, 0), 2);
    CHECK_EQ_INT(fg_score(&s, 1), -3);
    CHECK_EQ_INT(__builtin_popcountll(s.hand[0]), 6); /* each play was replenished */
    CHECK_EQ_INT(__builtin_popcountll(s.hand[1]), 6);
    CHECK_EQ_INT(G->to_move(&s), 1);

    /* Kari's first play gave exactly 2 yellow and made her draw 2. */
    struct fg_state t;
    kk_test_new_game(G, &t, 2, NULL, 0);
    const char *cards[] = {"wW3", "yW1", "yC2", "rD1", "rD4", "rH2",
                           "kW1", "bA1", "bA5", "gA2", "gD3", "yB3"};
    deal(&t, cards);
    kk_test_apply_text(G, &t, "shop wW3 yW1");
    CHECK_EQ_INT(t.unplanted[0][Y], 2);
    CHECK_EQ_INT(t.to_draw, 2);
    CHECK_EQ_INT(G->to_move(&t), KK_CHANCE);
    CHECK_EQ_INT(t.nrows, 1);
    CHECK(t.rows[0] == (bit("wW3") | bit("yW1")));
    /* Written back in play order. */
    char buf[64];
    kk_move m;
    kk_error err;
    struct fg_state u;
    kk_test_new_game(G, &u, 2, NULL, 0);
    deal(&u, cards);
    CHECK_EQ_INT(G->move_from_text(&u, "shop wW3 yW1", &m, &err), 0);
    G->move_to_text(&u, m, buf, sizeof buf);
    CHECK(strcmp(buf, "shop wW3 yW1") == 0);
    /* Wrong order, a missing or superfluous colour, mixed symbols: not moves. */
    CHECK(G->move_from_text(&u, "shop yW1 wW3", &m, &err) != 0);
    CHECK(G->move_from_text(&u, "shop wW3", &m, &err) != 0);
    CHECK(G->move_from_text(&u, "shop wW3 yW1 =r", &m, &err) != 0);
    CHECK(G->move_from_text(&u, "shop rD4 yC2", &m, &err) != 0);
    CHECK(G->move_from_text(&u, "shop wW3 =x", &m, &err) != 0);
    CHECK(!try_text(&u, "shop kW1 =r")); /* not in seat 0's hand */
    CHECK(try_text(&u, "shop wW3 =k") == 0);
}

static void scenario_2(void)
{
    struct fg_state s, t;
    kk_test_replay_checked(G, DATA "scenario-2-order.rec", &s);
    CHECK_EQ_INT(G->to_move(&s), 1);
    CHECK_EQ_INT(s.nrows, 1);
    CHECK_EQ_INT(s.unplanted[0][GR], 2);

    t = s;
    CHECK(!try_text(&t, "shop bA5")); /* 5 > 4 */
    CHECK(!try_text(&t, "shop bA5 bA1"));

    t = s;
    kk_test_apply_text(G, &t, "shop bA1");
    CHECK_EQ_INT(t.unplanted[1][B], 3);
    CHECK_EQ_INT(t.nrows, 1);
    CHECK_EQ_INT(__builtin_popcountll(t.rows[0]), 3);

    t = s;
    kk_test_apply_text(G, &t, "shop rA3 yA2");
    CHECK_EQ_INT(t.unplanted[1][Y], 4);
    CHECK_EQ_INT(t.nrows, 1); /* 6-4-3-2: no repeat, the row stays */
    CHECK_EQ_INT(t.to_draw, 2);

    t = s;
    kk_test_apply_text(G, &t, "shop wA1 bA1");
    CHECK_EQ_INT(t.unplanted[1][B], 4); /* the last card, bA1, is blue */
    CHECK_EQ_INT(t.nrows, 0);           /* 6-4-1-1 repeats 1: cleared */
    CHECK(t.discard == (bit("yA6") | bit("wA4") | bit("wA1") | bit("bA1")));
    CHECK_EQ_INT(t.rows_cleared, 1);

    /* The other order ends on the wild card, which names the colour. */
    t = s;
    CHECK(!try_text(&t, "shop bA1 wA1"));
    kk_test_apply_text(G, &t, "shop bA1 wA1 =y");
    CHECK_EQ_INT(t.unplanted[1][Y], 4);
    CHECK_EQ_INT(t.nrows, 0);
}

static void scenario_3(void)
{
    struct fg_state s, t;
    kk_test_replay_checked(G, DATA "scenario-3-garden.rec", &s);
    CHECK_EQ_INT(G->to_move(&s), 0);
    CHECK_EQ_INT(s.unplanted[0][R], 3);
    t = s;
    CHECK(!try_text(&t, "bed rD4"));
    CHECK(!try_text(&t, "bed wB2")); /* a wild bed names its colour */
    CHECK(!try_text(&t, "bed wB2 =y"));
    kk_test_apply_text(G, &t, "bed wB2 =r");
    CHECK_EQ_INT(t.unplanted[0][R], 1);
    CHECK_EQ_INT(t.planted[0][R], 2);
    CHECK_EQ_INT(fg_score(&t, 0), 1);
    CHECK_EQ_INT(t.to_draw, 1);
}

/* A dealt 2-player position whose flower counts the scenario then edits, moving cubes
 * between a pile and seat 1's unplanted flowers so that they stay conserved. */
static void dealt(struct fg_state *s, const char *const *sets, int nsets)
{
    kk_test_new_game(G, s, 2, sets, nsets);
    const char *cards[] = {"gA2", "wA1", "bA1", "rD4", "yC2", "rH2",
                           "kW1", "bA5", "rA3", "yA2", "gD3", "yB3"};
    deal(s, cards);
}

static void move_flowers(struct fg_state *s, int colour, int to_pile)
{
    s->unplanted[1][colour] = (uint8_t)(s->unplanted[1][colour] + s->pile[colour] - to_pile);
    s->pile[colour] = (uint8_t)to_pile;
}

static void scenario_4(void)
{
    struct fg_state s, t;
    kk_error err;
    dealt(&s, NULL, 0);
    move_flowers(&s, B, 0);
    move_flowers(&s, GR, 1);
    CHECK_EQ_INT(fg_check(&s, &err), 0);

    /* 3 cards, the last green: the player takes the 1 green left and the game ends at
     * once, without the replenish. */
    t = s;
    kk_test_apply_text(G, &t, "shop gA2 wA1 bA1"); /* 2-1-1 ends on bA1: blue, the empty pile */
    CHECK_EQ_INT(t.unplanted[0][B], 0);  /* pays nothing, the game goes on */
    CHECK(G->to_move(&t) != KK_TERMINAL);

    t = s;
    kk_test_apply_text(G, &t, "shop gA2 bA1 wA1 =g");
    CHECK_EQ_INT(t.unplanted[0][GR], 1);
    CHECK_EQ_INT(t.pile[GR], 0);
    CHECK_EQ_INT(G->to_move(&t), KK_TERMINAL);
    CHECK_EQ_INT(t.end_reason, FG_END_PILES);
    CHECK_EQ_INT(__builtin_popcountll(t.hand[0]), 3); /* no replenish */
    CHECK_EQ_INT(t.nrows, 1); /* the repeated 1 does not clear the row: the game is over */
    CHECK_EQ_INT(fg_score(&t, 0), -1);
    CHECK_EQ_INT(G->winners(&t), 1u); /* seat 1 holds 39 unplanted flowers */

    /* piles_empty=3: the same play does not end the game. */
    const char *three[] = {"piles_empty=3"};
    dealt(&s, three, 1);
    move_flowers(&s, B, 0);
    move_flowers(&s, GR, 1);
    kk_test_apply_text(G, &s, "shop gA2 bA1 wA1 =g");
    CHECK_EQ_INT(G->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(s.nrows, 0);

    /* partial_take=0: a play the pile cannot pay in full is illegal. */
    const char *exact[] = {"partial_take=0"};
    dealt(&s, exact, 1);
    move_flowers(&s, GR, 2);
    t = s;
    CHECK(!try_text(&t, "shop gA2 bA1 wA1 =g")); /* 3 > 2 */
    CHECK(try_text(&t, "shop wA1 =g"));           /* 1 <= 2 */
    t = s;
    CHECK(try_text(&t, "shop bA1 wA1 =g")); /* 2 <= 2 */
    move_flowers(&s, B, 0);
    t = s;
    CHECK(!try_text(&t, "shop bA1"));
}

/* Scenario 5 with 3 players: the first exhaustion lets play go on, the second ends the
 * game on the draw that empties the reshuffled pile, even in the middle of a replenish. */
static void scenario_5(void)
{
    int found_mid = 0;
    for (uint64_t seed = 1; seed < 400 && !found_mid; seed++) {
        struct fg_state s;
        kk_error err;
        kk_rng rng;
        kk_rng_seed(&rng, seed, 5);
        kk_test_new_game(G, &s, 3, NULL, 0);
        CHECK_EQ_INT(s.deck_cycles, 2);
        int saw_one = 0;
        while (G->to_move(&s) != KK_TERMINAL) {
            struct fg_state before = s;
            if (G->to_move(&s) == KK_CHANCE)
                G->apply(&s, G->sample_chance(&s, &rng));
            else
                G->apply(&s, kk_random_move(G, &s, &rng));
            CHECK_EQ_INT(fg_check(&s, &err), 0);
            if (s.exhaustions == 1 && before.exhaustions == 0) {
                saw_one = 1;
                CHECK(G->to_move(&s) != KK_TERMINAL);
                CHECK_EQ_INT(before.phase, FG_PHASE_DRAW);
                CHECK_EQ_INT(__builtin_popcountll(before.draw), 1);
            }
            if (s.exhaustions == 2) {
                CHECK_EQ_INT(G->to_move(&s), KK_TERMINAL);
                CHECK_EQ_INT(s.end_reason, FG_END_DECK);
                CHECK_EQ_INT(before.phase, FG_PHASE_DRAW);
                CHECK_EQ_INT(__builtin_popcountll(before.draw), 1);
                if (s.to_draw > 0)
                    found_mid = 1;
            }
        }
        if (s.end_reason == FG_END_DECK)
            CHECK(saw_one);
    }
    CHECK(found_mid);

    /* With 5 players the default is three cycles. */
    struct fg_state s;
    kk_test_new_game(G, &s, 5, NULL, 0);
    CHECK_EQ_INT(s.deck_cycles, 3);
    const char *one[] = {"deck_cycles=1"};
    kk_test_new_game(G, &s, 5, one, 1);
    CHECK_EQ_INT(s.deck_cycles, 1);
}

static void scenario_6(void)
{
    struct fg_state s;
    dealt(&s, NULL, 0);
    s.planted[0][R] = 5;
    s.planted[0][Y] = 4;
    s.unplanted[0][GR] = 3;
    s.unplanted[0][B] = 1;
    CHECK_EQ_INT(fg_score(&s, 0), 5);
    int32_t sc[FG_MAX_SEATS];
    G->scores(&s, sc);
    CHECK_EQ_INT(sc[0], 5);
}

/* rows=free: `shop new` starts another row of a symbol, `shop rowK` continues the K-th. */
static void free_rows(void)
{
    const char *free_[] = {"rows=free"};
    struct fg_state s;
    kk_move m;
    kk_error err;
    dealt(&s, free_, 1);
    CHECK(G->move_from_text(&s, "shop gA2", &m, &err) != 0); /* needs new or rowK */
    kk_test_apply_text(G, &s, "shop new gA2");
    kk_test_apply_text(G, &s, "gC6");
    CHECK(!try_text(&s, "shop row2 rA3"));
    CHECK(!try_text(&s, "shop row1 rA3")); /* 3 > 2 */
    kk_test_apply_text(G, &s, "shop new rA3");         /* a second Arrow row */
    kk_test_apply_text(G, &s, "bD1");
    CHECK_EQ_INT(s.nrows, 2);
    kk_test_apply_text(G, &s, "shop row2 bA1"); /* continues rA3: 3-1, 2 cards */
    CHECK_EQ_INT(s.unplanted[0][B], 2);
    kk_test_apply_text(G, &s, "wC1");
    char buf[64];
    CHECK_EQ_INT(G->move_from_text(&s, "shop row1 yA2", &m, &err), 0);
    G->move_to_text(&s, m, buf, sizeof buf);
    CHECK(strcmp(buf, "shop row1 yA2") == 0);
    kk_test_apply_text(G, &s, "shop row1 yA2"); /* row 1 is gA2: 2-2 repeats, cleared */
    CHECK_EQ_INT(s.nrows, 1);
    CHECK_EQ_INT(s.unplanted[1][Y], 2);
    kk_test_apply_text(G, &s, "yD1");
    /* Rows closed up: the old row 2 (rA3 bA1) is now row 1. */
    CHECK_EQ_INT(fg_row_index(&s, GB_ARROW, 1), 0);
    CHECK_EQ_INT(fg_row_index(&s, GB_ARROW, 2), -1);
    CHECK(s.rows[0] == (bit("rA3") | bit("bA1")));
}

/* Discards: discard_max bounds the count; any order is read, id order is written. */
static void discards(void)
{
    struct fg_state s;
    kk_move m, m2;
    kk_error err;
    dealt(&s, NULL, 0);
    CHECK_EQ_INT(G->move_from_text(&s, "discard rH2 gA2", &m, &err), 0);
    CHECK_EQ_INT(G->move_from_text(&s, "discard gA2 rH2", &m2, &err), 0);
    CHECK_EQ_INT(m, m2);
    char buf[64];
    G->move_to_text(&s, m, buf, sizeof buf);
    CHECK(strcmp(buf, "discard rH2 gA2") == 0);
    CHECK(!try_text(&s, "discard gA2 wA1 bA1 rD4 yC2"));
    CHECK(G->move_from_text(&s, "discard kW1", &m, &err) != 0); /* not in the hand */
    const char *six[] = {"discard_max=6"};
    dealt(&s, six, 1);
    kk_test_apply_text(G, &s, "discard gA2 wA1 bA1 rD4 yC2 rH2");
    CHECK_EQ_INT(s.to_draw, 6);
    CHECK_EQ_INT(__builtin_popcountll(s.discard), 6);
}

/* Move counts by hand (docs/rules/flower-garden.md, "Moves"). */
static void perft(void)
{
    kk_error err;
    struct fg_state s;
    kk_test_new_game(G, &s, 2, NULL, 0);
    const char *cards[] = {"wW3", "yW1", "yC2", "rD1", "rD4", "rH2",
                           "kW1", "bA1", "bA5", "gA2", "gD3", "yB3"};
    deal(&s, cards);
    /* Seat 0: Wheel {wW3 (x4 colours), yW1, wW3 yW1}: 6; Circles 1; Drop {rD4, rD1,
     * rD4 rD1}: 3; Hammers 1; no beds; discards C(6,1..4) = 56: 67 moves, each followed
     * by a draw from the 42 cards left. */
    CHECK_EQ_INT(kk_perft(G, &s, 1, &err), 67);
    CHECK_EQ_INT(kk_perft(G, &s, 2, &err), 67 * 42);
    /* Depth 3: the 52 moves playing 2+ cards draw twice (42 x 41); after the 15 playing
     * one card seat 1 has 13 shop plays + 56 discards, except after `shop rD1`, which
     * leaves a Drop row below its gD3: 52*1722 + 42*(14*69 + 68). */
    CHECK_EQ_INT(kk_perft(G, &s, 3, &err), 52 * 1722 + 42 * (14 * 69 + 68));

    /* Scenario 2's position: Arrow sequences from {rA3, yA2, bA1, wA1} below the row's
     * 4: 4 x 5 - 1 = 19 (two orders of the two 1s), 8 of them ending on wA1 (x4 named
     * colours): 43; gD3 1; bA5 alone or first is illegal; no beds; 56 discards: 100. */
    kk_test_replay_checked(G, DATA "scenario-2-order.rec", &s);
    CHECK_EQ_INT(kk_perft(G, &s, 1, &err), 100);

    /* An empty hand has one move, pass. */
    struct fg_state t = s;
    t.discard |= t.hand[1];
    t.hand[1] = 0;
    CHECK_EQ_INT(kk_perft(G, &t, 1, &err), 1);
    kk_test_apply_text(G, &t, "pass");
    CHECK_EQ_INT(G->to_move(&t), 0);
    /* Nobody holds a card: the game cannot go on, so it ends. */
    t.discard |= t.hand[0];
    t.hand[0] = 0;
    kk_test_apply_text(G, &t, "pass");
    CHECK_EQ_INT(G->to_move(&t), KK_TERMINAL);
    CHECK_EQ_INT(t.end_reason, FG_END_STALL);
    CHECK_EQ_INT(fg_check(&t, &err), 0);
}

int main(void)
{
    scenario_1();
    scenario_2();
    scenario_3();
    scenario_4();
    scenario_5();
    scenario_6();
    free_rows();
    discards();
    perft();
    return kk_test_done("flower_garden_rules");
}
