/* Temple of Doom: the rules' components (the three decks split from the box deck, the fixed
 * temple, the layout_seed test vectors, easy=1, adjacency), every worked scenario of the
 * rules (as records played through the notation, with a state edit only where reaching the
 * position by play would take a whole game), the collapse choices, the deal order, the end
 * and move-count tables. */
#include <string.h>

#include "engine/box/layout.h"
#include "engine/temple_of_doom/temple_of_doom.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_temple_of_doom;
static kk_move moves[GB_LAYOUTS];

static void start(struct td_state *s, int players, const char *settings)
{
    kk_test_start(g, s, players, settings);
}

/* Plays '|'-separated events in notation (chance or move, whichever the node is), each
 * checked for legality, with the consistency check after each. */
static void play(struct td_state *s, const char *events)
{
    kk_test_play_events(g, s, events, "|");
}

/* 1 if text parses at this node and is legal. */
static int legal(const struct td_state *s, const char *text)
{
    kk_move m;
    kk_error err;
    return g->move_from_text(s, text, &m, &err) == 0 && kk_is_legal(g, s, m);
}

static int tile(const struct td_state *s, int r, int x)
{
    int t = td_tile_at(s, r, x);
    CHECK(t >= 0);
    return t < 0 ? 0 : t;
}

static int colour_at(const struct td_state *s, int r, int x, int c)
{
    return s->at[tile(s, r, x) + 1][c];
}

/* Declines every point of every card until the round ends (plays each seat's lowest card). */
static void decline_round(struct td_state *s)
{
    int round = s->round;
    while (g->to_move(s) >= 0 && s->round == round && s->phase != TD_PH_COLLAPSE) {
        if (s->phase == TD_PH_CARD)
            g->apply(s, __builtin_ctz(s->hand[s->seat]));
        else
            g->apply(s, TD_DECLINE);
        kk_error err;
        CHECK_EQ_INT(g->check(s, &err), 0);
    }
}

/* Set-up of a solo game: relics, temple cards and the 9 movement cards. */
#define SOLO_DEAL(relics, temple, hand) relics "|" temple "|" hand

static void test_decks(void)
{
    struct td_state s;
    start(&s, 1, NULL);
    static const char *const want[3] = {
        "rD4 rH6 rC5 yD5 yW4 yA6 gH4 gC6 gB5 bB4 bW6 bA5 wD6 wH5 wA4 wC1 wB2 wW3",
        "rB1 rW2 rA3 yH1 yC2 yB3 gD3 gW1 gA2 bD1 bH2 bC3 kD2 kH3 kA1 kC4 kB6 kW5",
        "rD1 rH2 rC1 yD1 yW1 yA2 gH1 gC2 gB1 bB1 bW2 bA1 wD2 wH1 wA1 kC1 kB2 kW1",
    };
    const uint8_t *ids[3] = {s.relic_id, s.temple_id, s.move_id};
    for (int d = 0; d < 3; d++) {
        char buf[16];
        char list[256];
        snprintf(list, sizeof list, "%s", want[d]);
        int n = 0;
        for (char *tok = strtok(list, " "); tok; tok = strtok(NULL, " "), n++) {
            int id = gb_card_from_text(gb_deck(GB_DECK_GB1), tok);
            int found = 0;
            for (int i = 0; i < TD_DECK; i++)
                found += ids[d][i] == id;
            if (!found)
                fprintf(stderr, "deck %d lacks %s\n", d, tok);
            CHECK_EQ_INT(found, 1);
        }
        CHECK_EQ_INT(n, TD_DECK);
        for (int i = 0; i < TD_DECK; i++) {
            gb_card_text(gb_deck(GB_DECK_GB1), ids[d][i], buf, sizeof buf);
            CHECK(strstr(want[d], buf) != NULL);
        }
    }
    /* Movement cards give 1 or 2 points. */
    for (int i = 0; i < TD_DECK; i++)
        CHECK(td_card(s.move_id, i)->number <= 2);
}

static void test_layouts(void)
{
    static const struct { const char *set; const char *text; } vec[] = {
        {"layout_seed=0", "DHCBWA / BWADH / CADH / WBCAD / HWBC / ADH / BCWA / DHW / BC"},
        {"layout_seed=1", "WCDBHA / ADWCW / BHHH / BWDDH / DBHD / ABA / CWBC / ACC / WA"},
        {"layout_seed=2", "HCABDW / HDCAD / WABB / WACDW / CBAW / HDH / WCCB / HAB / HD"},
        {"layout_seed=7", "ABHWDC / HHDBA / CCCA / WHDHA / CADW / AHB / CWBB / DWD / WB"},
        {"easy=1", "DHCBWA / BWADH / CADH / WBCAD / HWBC / BADHC / BCWA / DHW"},
        {"easy=1 layout_seed=1", "WCDBHA / ADWCW / BHHH / BWDDH / DBHD / WABAA / CWBC / ACC"},
    };
    for (size_t i = 0; i < sizeof vec / sizeof vec[0]; i++) {
        struct td_state s;
        char buf[128];
        start(&s, 1, vec[i].set);
        td_layout_text(&s, buf, sizeof buf);
        if (strcmp(buf, vec[i].text))
            fprintf(stderr, "%s: got %s\n", vec[i].set, buf);
        CHECK(!strcmp(buf, vec[i].text));
        kk_error err;
        CHECK_EQ_INT(g->check(&s, &err), 0);
    }
    struct td_state s;
    start(&s, 1, NULL);
    /* Rows centred on x = 5; the neighbours of (1,8) are (1,6), (1,10), (2,7), (2,9). */
    int t = tile(&s, 1, 8);
    uint64_t want = 1ULL << tile(&s, 1, 6) | 1ULL << tile(&s, 1, 10) | 1ULL << tile(&s, 2, 7) |
                    1ULL << tile(&s, 2, 9);
    CHECK(s.adj[t] == want);
    CHECK_EQ_INT(td_tile_at(&s, 9, 4) >= 0 && (s.final >> td_tile_at(&s, 9, 4) & 1u), 1);
    CHECK_EQ_INT(__builtin_popcountll(s.adj[tile(&s, 4, 5)]), 6);
    start(&s, 1, "easy=1");
    CHECK_EQ_INT(s.final_row, 8);
    CHECK(td_tile_at(&s, 6, 1) >= 0 && td_tile_at(&s, 6, 9) >= 0 && td_tile_at(&s, 9, 4) < 0);
    CHECK_EQ_INT(__builtin_popcountll(s.final), 3);
}

/* Setup order: 3 relics, 6 temple cards, then the movement deal; round end: 6 temple cards,
 * relics up to 3, the deal. A 5-player deal of round k starts at seat 2k mod 5. */
static void test_deal_order(void)
{
    struct td_state s;
    start(&s, 5, NULL);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_INT(s.draw, TD_DRAW_RELIC);
        g->apply(&s, i);
    }
    for (int i = 0; i < 6; i++) {
        CHECK_EQ_INT(s.draw, TD_DRAW_TEMPLE);
        g->apply(&s, i);
    }
    for (int i = 0; i < 12; i++) {
        CHECK_EQ_INT(s.draw, TD_DRAW_MOVE);
        g->apply(&s, i);
    }
    int want0[5] = {3, 3, 2, 2, 2};
    for (int p = 0; p < 5; p++)
        CHECK_EQ_INT(__builtin_popcount(s.hand[p]), want0[p]);
    CHECK_EQ_INT(g->to_move(&s), 0);
    /* Nobody reaches a relic: round 2 deals temple cards first, then no relic (3 still up). */
    decline_round(&s);
    CHECK_EQ_INT(s.round, 1);
    CHECK_EQ_INT(s.draw, TD_DRAW_TEMPLE);
    for (int i = 0; i < 6; i++) {
        CHECK_EQ_INT(s.draw, TD_DRAW_TEMPLE);
        g->apply(&s, __builtin_ctz(s.temple_deck));
    }
    /* 6 movement cards are left, then the 12 played ones are reshuffled. */
    CHECK_EQ_INT(__builtin_popcount(s.move_deck), 6);
    for (int i = 0; i < 12; i++) {
        CHECK_EQ_INT(s.draw, TD_DRAW_MOVE);
        g->apply(&s, __builtin_ctz(s.move_deck));
        kk_error err;
        CHECK_EQ_INT(g->check(&s, &err), 0);
    }
    int want1[5] = {2, 2, 3, 3, 2}; /* round 1: seats 2 and 3 get 3 */
    for (int p = 0; p < 5; p++)
        CHECK_EQ_INT(__builtin_popcount(s.hand[p]), want1[p]);
    CHECK_EQ_INT(g->to_move(&s), 0); /* play still starts at seat 0 */
    /* Round 3 draws the last 6 temple cards; round 4 reshuffles the discards. */
    decline_round(&s);
    for (int i = 0; i < 6; i++)
        g->apply(&s, __builtin_ctz(s.temple_deck));
    CHECK_EQ_INT(s.temple_deck, 0);
    while (s.phase == TD_PH_DEAL)
        g->apply(&s, __builtin_ctz(s.move_deck));
    decline_round(&s);
    CHECK_EQ_INT(s.phase, TD_PH_DEAL);
    CHECK_EQ_INT(__builtin_popcount(s.temple_deck), TD_DECK); /* every card was discarded */
    CHECK_EQ_INT(s.temple_discard, 0);
}

/* first_seat=rotate: round k's play and deal start at seat k mod n. */
static void test_rotate(void)
{
    struct td_state s;
    start(&s, 2, "first_seat=rotate");
    while (s.phase == TD_PH_DEAL)
        g->apply(&s, __builtin_ctz(s.draw == TD_DRAW_RELIC    ? s.relic_deck
                                   : s.draw == TD_DRAW_TEMPLE ? s.temple_deck
                                                              : s.move_deck));
    CHECK_EQ_INT(__builtin_popcount(s.hand[0]), 6);
    CHECK_EQ_INT(g->to_move(&s), 0);
    decline_round(&s);
    while (s.draw != TD_DRAW_MOVE)
        g->apply(&s, __builtin_ctz(s.draw == TD_DRAW_RELIC ? s.relic_deck : s.temple_deck));
    g->apply(&s, __builtin_ctz(s.move_deck));
    CHECK_EQ_INT(__builtin_popcount(s.hand[1]), 1); /* the deal starts at seat 1 */
    while (s.phase == TD_PH_DEAL)
        g->apply(&s, __builtin_ctz(s.move_deck));
    CHECK_EQ_INT(g->to_move(&s), 1);
    /* A lone player gets hand_solo cards. */
    start(&s, 1, "hand_solo=4");
    while (s.phase == TD_PH_DEAL)
        g->apply(&s, 0 + __builtin_ctz(s.draw == TD_DRAW_RELIC    ? s.relic_deck
                                       : s.draw == TD_DRAW_TEMPLE ? s.temple_deck
                                                                  : s.move_deck));
    CHECK_EQ_INT(__builtin_popcount(s.hand[0]), 4);
}

/* Scenario 1: colour and symbol moves from the entrance; no adjacent Circles from (1,8). */
static void test_scenario1(void)
{
    struct td_state s;
    start(&s, 1, NULL);
    play(&s, SOLO_DEAL("rD4|yD5|gH4", "rB1|rW2|rA3|yH1|yC2|yB3",
                       "rD1|kW1|kC1|bB1|bW2|bA1|wD2|wH1|wA1"));
    CHECK_EQ_INT(g->to_move(&s), 0);
    play(&s, "rD1");
    /* rD1 by colour: a red to any row-1 tile; by symbol: any colour to (1,0), the row-1 Drop.
     * With the `-`: 1 + 6 + 4 moves. */
    CHECK_EQ_INT(g->legal_moves(&s, moves), 11);
    for (int x = 0; x <= 10; x += 2) {
        char t[32];
        snprintf(t, sizeof t, "cin>1,%d", x);
        CHECK(legal(&s, t));
    }
    CHECK(legal(&s, "sin@y>1,0") && !legal(&s, "sin@y>1,2") && !legal(&s, "cin@y>1,0"));
    play(&s, "-|kW1");
    /* Black: nobody by colour; by symbol, to (1,8), the row-1 Wheel. */
    CHECK(!legal(&s, "cin@r>1,8") && !legal(&s, "cin@r>1,0"));
    CHECK(legal(&s, "sin@r>1,8"));
    CHECK(!legal(&s, "sin>1,8")); /* four colours at the entrance: @c is needed */
    play(&s, "sin@r>1,8");
    CHECK_EQ_INT(colour_at(&s, 1, 8, GB_RED), 1);
    play(&s, "kC1");
    /* From (1,8) no symbol move: no Circles among (1,6) B, (1,10) A, (2,7) D, (2,9) H. */
    int n = g->legal_moves(&s, moves);
    for (int i = 1; i < n; i++)
        CHECK(td_point_from(moves[i]) != tile(&s, 1, 8) + 1);
    CHECK(legal(&s, "sin@g>1,4")); /* the entrance's archaeologists can reach (1,4) C */
    /* A redundant @c is accepted; a colour not there is not legal. */
    CHECK(!legal(&s, "s1,8@y>1,6"));
    play(&s, "-");
}

/* Scenario 2: the two points of yA2: a yellow by colour, then a green by symbol. */
static void test_scenario2(void)
{
    struct td_state s;
    start(&s, 1, NULL);
    play(&s, SOLO_DEAL("rD4|yD5|gH4", "rB1|rW2|rA3|yH1|yC2|yB3",
                       "yD1|gC2|yA2|bB1|bW2|bA1|wD2|wH1|wA1"));
    play(&s, "yD1|cin>1,0|gC2|cin>1,4|-|yA2|c1,0>2,1|s1,4>2,5");
    CHECK_EQ_INT(colour_at(&s, 2, 1, GB_YELLOW), 1);
    CHECK_EQ_INT(colour_at(&s, 2, 5, GB_GREEN_C), 1);
    CHECK_EQ_INT(colour_at(&s, 1, 0, GB_YELLOW) + colour_at(&s, 1, 4, GB_GREEN_C), 0);
    CHECK_EQ_INT(s.phase, TD_PH_CARD);
}

/* Scenario 3: rD4 and wC1 are collected at the round end, bW6 stays. */
static void test_scenario3(void)
{
    struct td_state s;
    start(&s, 1, NULL);
    play(&s, SOLO_DEAL("rD4|wC1|bW6", "rB1|rW2|rA3|yH1|yC2|yB3",
                       "rH2|yA2|yD1|bB1|bW2|bA1|gH1|gC2|gB1"));
    play(&s, "rH2|cin>1,6|c1,6>2,7|yA2|cin>1,2|c1,2>2,3|yD1|c2,3>3,2");
    CHECK_EQ_INT(colour_at(&s, 2, 7, GB_RED), 1);
    CHECK_EQ_INT(colour_at(&s, 3, 2, GB_YELLOW), 1);
    play(&s, "bB1|-|bW2|-|-|bA1|-|gH1|-|gC2|-|-|gB1|-");
    /* Round end done: the next deal is waiting. */
    CHECK_EQ_INT(s.phase, TD_PH_DEAL);
    CHECK_EQ_INT(s.round, 1);
    CHECK_EQ_INT(td_relics_won(&s), 2);
    char buf[8];
    for (uint32_t m = s.relic_won; m; m &= m - 1) {
        gb_card_text(gb_deck(GB_DECK_GB1), s.relic_id[__builtin_ctz(m)], buf, sizeof buf);
        CHECK(!strcmp(buf, "rD4") || !strcmp(buf, "wC1"));
    }
    CHECK_EQ_INT(__builtin_popcount(s.relic_up), 1);
    gb_card_text(gb_deck(GB_DECK_GB1), s.relic_id[__builtin_ctz(s.relic_up)], buf, sizeof buf);
    CHECK(!strcmp(buf, "bW6"));
    /* The round-end deal: 6 temple cards, then 2 relics, then the movement cards. */
    CHECK_EQ_INT(s.draw, TD_DRAW_TEMPLE);
    play(&s, "kD2|kH3|kA1|kC4|kB6|kW5");
    CHECK_EQ_INT(s.draw, TD_DRAW_RELIC);
    play(&s, "rC5|gB5");
    CHECK_EQ_INT(s.draw, TD_DRAW_MOVE);
    CHECK_EQ_INT(__builtin_popcount(s.relic_up), 3);
}

/* Scenario 4: the collapse in the order the temple cards were turned up, and the removal a
 * round later. */
static void test_scenario4(void)
{
    struct td_state s;
    start(&s, 1, NULL);
    play(&s, SOLO_DEAL("rD4|yD5|gH4", "gD3|kD2|bH2|rB1|yC2|kW5",
                       "gB1|rD1|rH2|yD1|yW1|bB1|bW2|bA1|wD2"));
    play(&s, "gB1|cin>1,0");
    decline_round(&s);
    CHECK_EQ_INT(s.phase, TD_PH_DEAL);
    uint64_t want = 0;
    const int xs[5] = {0, 2, 6, 4, 8};
    for (int i = 0; i < 5; i++)
        want |= 1ULL << tile(&s, 1, xs[i]);
    CHECK(s.flipped == want);
    CHECK(s.up >> tile(&s, 1, 10) & 1u);
    CHECK_EQ_INT(colour_at(&s, 1, 0, GB_GREEN_C), 1); /* still standing, on a flipped tile */
    CHECK_EQ_INT(s.matched, 0); /* reset after the round end */
    CHECK_EQ_INT(__builtin_popcount(s.temple_discard), 6);
    /* Next round: nobody moves, so the five flipped tiles fall and the green dies. */
    kk_rng rng;
    kk_rng_seed(&rng, 4, 4);
    while (s.phase == TD_PH_DEAL)
        g->apply(&s, g->sample_chance(&s, &rng));
    decline_round(&s);
    for (int i = 0; i < 5; i++)
        CHECK(!((s.up | s.flipped) >> tile(&s, 1, xs[i]) & 1u));
    CHECK_EQ_INT(s.dead[GB_GREEN_C], 1);
    kk_error err;
    CHECK_EQ_INT(g->check(&s, &err), 0);
}

/* Scenario 5: from the final row only a colour point escapes. Reaching (9,4) by play takes
 * most of a game, so the archaeologist is put there. */
static void test_scenario5(void)
{
    struct td_state s;
    start(&s, 1, NULL);
    play(&s, SOLO_DEAL("rD4|yD5|gH4", "gD3|kD2|bH2|rB1|yC2|kW5",
                       "kB2|rD1|wH1|bB1|gB1|yW1|bW2|bA1|wD2"));
    s.at[TD_ENTRANCE][GB_RED]--;
    s.at[tile(&s, 9, 4) + 1][GB_RED]++;
    kk_error err;
    CHECK_EQ_INT(g->check(&s, &err), 0);
    play(&s, "bB1");
    CHECK(!legal(&s, "c9,4>out")); /* blue card, red archaeologist */
    play(&s, "-|kB2");
    CHECK(!legal(&s, "c9,4>out") && !legal(&s, "s9,4>out"));
    play(&s, "-|-|rD1");
    CHECK(legal(&s, "c9,4>out"));
    play(&s, "c9,4>out");
    CHECK_EQ_INT(s.escaped[GB_RED], 1);
    CHECK_EQ_INT(td_escaped(&s), 1);
    play(&s, "wH1");
    CHECK(legal(&s, "cin@y>1,2")); /* white: any colour by colour */
}

/* Scenario 6: the result and the win. */
static void test_scenario6(void)
{
    struct td_state s;
    start(&s, 2, NULL);
    static const struct { int escaped, relics, result, win; } vec[] = {
        {5, 16, 3, 1}, {1, 18, 1, 1}, {8, 10, 0, 0}, {0, 0, -18, 0}, {8, 18, 8, 1}};
    for (size_t i = 0; i < sizeof vec / sizeof vec[0]; i++) {
        struct td_state t = s;
        memset(t.at, 0, sizeof t.at);
        memset(t.escaped, 0, sizeof t.escaped);
        memset(t.dead, 0, sizeof t.dead);
        for (int k = 0; k < TD_ARCHS; k++) {
            if (k < vec[i].escaped)
                t.escaped[k / 2]++;
            else
                t.dead[k / 2]++;
        }
        t.relic_deck = 0;
        t.relic_up = 0;
        t.relic_won = (1u << vec[i].relics) - 1;
        t.relic_deck = ((1u << TD_DECK) - 1) & ~t.relic_won;
        t.phase = TD_PH_OVER;
        CHECK_EQ_INT(td_result(&t), vec[i].result);
        CHECK_EQ_INT(g->result(&t), vec[i].result);
        CHECK_EQ_INT(g->winners(&t), vec[i].win ? 3u : 0u);
        int32_t sc[2];
        g->scores(&t, sc);
        CHECK_EQ_INT(sc[0], vec[i].result);
        CHECK_EQ_INT(sc[1], vec[i].result);
        CHECK_EQ_INT(g->evaluate(&t, 0), vec[i].result);
    }
}

/* Collapse choices: layout 7 has three Circles in row 3. Once (1,10) is flipped, the next
 * unmatched Circles card asks the round's first seat which of them flips. */
static void test_collapse_choice(void)
{
    struct td_state s;
    start(&s, 1, "layout_seed=7");
    play(&s, SOLO_DEAL("rD4|yD5|gH4", "yC2|bC3|kC4|gD3|kD2|bH2",
                       "gB1|rD1|rH2|yD1|yW1|bB1|bW2|bA1|wD2"));
    decline_round(&s);
    CHECK_EQ_INT(s.phase, TD_PH_COLLAPSE);
    CHECK_EQ_INT(g->to_move(&s), 0);
    CHECK_EQ_INT(g->legal_moves(&s, moves), 3);
    CHECK(legal(&s, "flip 3,2") && legal(&s, "flip 3,4") && legal(&s, "flip 3,6"));
    CHECK(!legal(&s, "flip 1,10") && !legal(&s, "drop 3,2"));
    play(&s, "flip 3,4");
    /* kC4: two Circles left in row 3. */
    CHECK_EQ_INT(g->legal_moves(&s, moves), 2);
    char text[32];
    g->move_to_text(&s, moves[1], text, sizeof text);
    CHECK(!strcmp(text, "flip 3,6"));
    play(&s, "flip 3,6");
    /* gD3, kD2 and bH2 flip (1,8), (2,5) and (1,4) without a choice. */
    CHECK_EQ_INT(s.phase, TD_PH_DEAL);
    CHECK(s.flipped >> tile(&s, 2, 5) & 1u);
    CHECK_EQ_INT(__builtin_popcountll(s.flipped), 6);
    /* Drops: when no tile is face up, the flipped tiles nearest row 1 go at once. */
    struct td_state t;
    start(&t, 1, NULL);
    play(&t, SOLO_DEAL("rD4|yD5|gH4", "gD3|kD2|bH2|rB1|yC2|kW5",
                       "gB1|rD1|rH2|yD1|yW1|bB1|bW2|bA1|wD2"));
    /* Only (3,2) C, (3,4) A and (3,8) H are left. */
    t.up = 1ULL << tile(&t, 3, 2) | 1ULL << tile(&t, 3, 4) | 1ULL << tile(&t, 3, 8);
    decline_round(&t);
    /* gD3: no Drop face up, three face-up tiles in row 3: a choice; kD2 likewise. */
    CHECK_EQ_INT(t.phase, TD_PH_COLLAPSE);
    CHECK_EQ_INT(g->legal_moves(&t, moves), 3);
    play(&t, "flip 3,8|flip 3,2");
    /* bH2: (3,4) is the only face-up tile, flipped at once; rB1: nothing face up, so one of
     * the three flipped tiles is dropped: a choice. */
    CHECK_EQ_INT(t.phase, TD_PH_COLLAPSE);
    CHECK(legal(&t, "drop 3,2") && legal(&t, "drop 3,8") && !legal(&t, "flip 3,2"));
    play(&t, "drop 3,4");
    CHECK_EQ_INT(t.phase, TD_PH_COLLAPSE);
    play(&t, "drop 3,2");
    /* yC2 drops the last tile: the game ends, the 8 archaeologists stuck at the entrance. */
    CHECK_EQ_INT(t.phase, TD_PH_OVER);
    CHECK_EQ_INT(g->to_move(&t), KK_TERMINAL);
    CHECK_EQ_INT(td_result(&t), -18);
}

/* The game ends mid-round when the last archaeologist escapes. */
static void test_end_on_escape(void)
{
    struct td_state s;
    start(&s, 1, NULL);
    play(&s, SOLO_DEAL("rD4|yD5|gH4", "gD3|kD2|bH2|rB1|yC2|kW5",
                       "kB2|rD1|wH1|bB1|gB1|yW1|bW2|bA1|wD2"));
    memset(s.at, 0, sizeof s.at);
    s.escaped[GB_YELLOW] = 2, s.escaped[GB_GREEN_C] = 2, s.escaped[GB_BLUE] = 2;
    s.dead[GB_RED] = 1;
    s.at[tile(&s, 9, 6) + 1][GB_RED] = 1;
    play(&s, "wH1|c9,6>out");
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(td_result(&s), 7 - 18);
}

static void test_perft(void)
{
    struct td_state s;
    kk_error err;
    start(&s, 1, NULL);
    CHECK_EQ_INT(kk_perft(g, &s, 1, &err), 18);
    CHECK_EQ_INT(kk_perft(g, &s, 2, &err), 18 * 17);
    CHECK_EQ_INT(kk_perft(g, &s, 3, &err), 18 * 17 * 16);
    play(&s, SOLO_DEAL("rD4|yD5|gH4", "rB1|rW2|rA3|yH1|yC2|yB3",
                       "rD1|kW1|kC1|bB1|bW2|bA1|wD2|wH1|wA1"));
    /* 9 cards; at the first point every card's moves from the all-entrance start. */
    CHECK_EQ_INT(kk_perft(g, &s, 1, &err), 9);
    long long d2 = kk_perft(g, &s, 2, &err);
    long long d3 = kk_perft(g, &s, 3, &err);
    printf("  perft after the solo deal: 9, %lld, %lld\n", d2, d3);
    /* Depth 2 by hand: a 1-colour card: 1 + 6 colour + 4 symbol (the row-1 tile of its
     * symbol, 4 colours); white: 1 + 4 x 6 + 4; black: 1 + 4. */
    CHECK_EQ_INT(d2, 11 /* rD1 */ + 5 /* kW1 */ + 5 /* kC1 */ + 11 /* bB1 */ + 11 /* bW2 */ +
                         11 /* bA1 */ + 29 /* wD2 */ + 29 /* wH1 */ + 29 /* wA1 */);
    /* Depth 3 by hand: 1-point cards (101 point moves) x 8 cards left, bW2 149, wD2 941. */
    CHECK_EQ_INT(d3, 101 * 8 + 149 + 941);
    start(&s, 3, NULL);
    CHECK_EQ_INT(kk_perft(g, &s, 2, &err), 18 * 17);
}

int main(void)
{
    test_decks();
    test_layouts();
    test_deal_order();
    test_rotate();
    test_scenario1();
    test_scenario2();
    test_scenario3();
    test_scenario4();
    test_scenario5();
    test_scenario6();
    test_collapse_choice();
    test_end_on_escape();
    test_perft();
    return kk_test_done("temple_of_doom_rules");
}
