/* All Your Base: the worked scenarios of docs/rules/all-your-base.md (scenario 4 as a record
 * in data/all-your-base), the pass and draw counts, X plays, notation round trips and
 * move-count tables (kk_perft) from a fixed deal, counted by hand in the comments. */
#include <string.h>

#include "engine/all_your_base/ayb.h"
#include "testlib.h"

#define DATA "data/all-your-base/"

static const struct kk_game *G = &kk_game_all_your_base;

static int card(const char *text)
{
    int c = gb_card_from_text(gb_deck(GB_DECK_GB1), text);
    CHECK(c >= 0);
    return c < 0 ? 0 : c;
}

/* Adds a station of `symbol` to seat's base from the supply, with software and cubes. */
static int add_station(struct ayb_state *s, int seat, int symbol, const char *soft,
                       const int cubes[GB_CUBE_COLOURS])
{
    int id = s->nst[seat]++;
    struct ayb_station *t = &s->st[seat][id];
    t->alive = 1;
    t->symbol = (uint8_t)symbol;
    t->soft = AYB_NONE;
    s->tiles[symbol]--;
    for (int c = 0; c < GB_CUBE_COLOURS; c++) {
        t->cubes[c] = (uint8_t)cubes[c];
        s->cubes[c] = (uint8_t)(s->cubes[c] - cubes[c]);
    }
    if (soft) {
        int c = card(soft);
        int l = s->loc[c];
        if (l < AYB_MAX_SEATS)
            s->hand[l] &= ~(1ull << c);
        s->deck &= ~(1ull << c);
        s->loc[c] = AYB_L_SOFT;
        t->soft = (uint8_t)c;
    }
    return id;
}

/* Scenario 1: the seed's scoring example with gb1 cards, 33 points. */
static void scenario_scoring(void)
{
    struct ayb_state s;
    kk_test_new_game(G, &s, 6, NULL, 0); /* 5-6 players: 6 tiles of each symbol */
    const int red1[4] = {1, 0, 0, 0}, blue1[4] = {0, 0, 0, 1}, none[4] = {0};
    const int rg[4] = {1, 0, 1, 0}, yel1[4] = {0, 1, 0, 0}, br[4] = {1, 0, 0, 1};
    int a = add_station(&s, 0, GB_HAMMERS, "rH6", red1);
    int b = add_station(&s, 0, GB_DROP, "yD5", blue1);
    int c = add_station(&s, 0, GB_DROP, NULL, red1);
    int d = add_station(&s, 0, GB_CIRCLES, "wC1", rg);
    int e = add_station(&s, 0, GB_WHEEL, "kW5", yel1);
    int f = add_station(&s, 0, GB_BRICKS, "bB4", br);
    (void)none;
    CHECK_EQ_INT(ayb_station_score(&s.st[0][a]), 9);
    CHECK_EQ_INT(ayb_station_score(&s.st[0][b]), 5);
    CHECK_EQ_INT(ayb_station_score(&s.st[0][c]), 0);
    CHECK_EQ_INT(ayb_station_score(&s.st[0][d]), 7);
    CHECK_EQ_INT(ayb_station_score(&s.st[0][e]), 5);
    CHECK_EQ_INT(ayb_station_score(&s.st[0][f]), 7);
    CHECK_EQ_INT(ayb_base_score(&s, 0), 33);
}

/* Plays random legal sub-moves to the end of the first phase, logging for seat 0 the hand
 * size at each turn start, the cards it passed, kept and played in each turn. */
static void phase_counts(int players, const char *const *sets, int nsets, const int *hands,
                         const int *passed, const int *kept, const int *plays, int turns,
                         int dealt)
{
    struct ayb_state s;
    kk_test_new_game(G, &s, players, sets, nsets);
    kk_rng rng;
    kk_rng_seed(&rng, 5, (uint64_t)players);
    static kk_move mv[AYB_MAX_MOVES];
    int turn = 0, chance = 0;
    while (s.phase == 1 && s.phase_kind != AYB_PH_OVER) {
        if (G->to_move(&s) == KK_CHANCE) {
            chance++;
            G->apply(&s, G->sample_chance(&s, &rng));
            continue;
        }
        if (s.plan[0].steps == 0 && G->to_move(&s) == 0 && s.turn_mode == AYB_SIMULTANEOUS) {
            CHECK(turn < turns);
            if (turn >= turns)
                return;
            CHECK_EQ_INT(s.turn, turn + 1);
            CHECK_EQ_INT(ayb_popcount(s.hand[0]), hands[turn]);
            CHECK_EQ_INT(ayb_plays_due(&s, 0), plays[turn]);
            CHECK_EQ_INT(ayb_keeps_due(&s, 0), kept[turn]);
            CHECK_EQ_INT(hands[turn] - plays[turn] - kept[turn], passed[turn]);
            turn++;
        }
        int n = G->legal_moves(&s, mv);
        G->apply(&s, mv[kk_rng_bounded(&rng, (uint32_t)n)]);
    }
    CHECK_EQ_INT(turn, turns);
    CHECK_EQ_INT(chance, dealt);
}

/* Scenarios 2 and 3: hand sizes, passes, keeps and the cards dealt in a phase. */
static void scenario_counts(void)
{
    const int h4[] = {10, 8, 6, 4, 2}, p4[] = {6, 4, 2, 0, 0}, k4[] = {2, 2, 2, 2, 0},
              n4[] = {2, 2, 2, 2, 2};
    phase_counts(4, NULL, 0, h4, p4, k4, n4, 5, 40);
    const int h6[] = {9, 7, 5, 3, 1}, p6[] = {5, 3, 1, 0, 0}, k6[] = {2, 2, 2, 1, 0},
              n6[] = {2, 2, 2, 2, 1};
    phase_counts(6, NULL, 0, h6, p6, k6, n6, 5, 54);
    /* Draw style: 6-card hands, play 2 keep 2 send 2 draw 2; the fifth turn keeps nothing
     * and holds 4 unplayed; 12 + 16 = 28 cards dealt and drawn. */
    const int h2[] = {6, 6, 6, 6, 6}, p2[] = {2, 2, 2, 2, 4}, k2[] = {2, 2, 2, 2, 0},
              n2[] = {2, 2, 2, 2, 2};
    phase_counts(2, NULL, 0, h2, p2, k2, n2, 5, 28);
    const char *draw3[] = {"hand_mode=draw"};
    phase_counts(3, draw3, 1, h2, p2, k2, n2, 5, 18 + 24);
    /* In the draw style the last turn's seats hold 4 cards that are never played. */
    struct ayb_state s;
    kk_test_new_game(G, &s, 2, NULL, 0);
    kk_rng rng;
    kk_rng_seed(&rng, 9, 0);
    static kk_move mv[AYB_MAX_MOVES];
    while (s.phase == 1 && s.phase_kind != AYB_PH_OVER) {
        if (s.turn == 5 && s.phase_kind == AYB_PH_COMMIT && s.pending == 3 && !s.plan[0].steps)
            break;
        if (G->to_move(&s) == KK_CHANCE) {
            G->apply(&s, G->sample_chance(&s, &rng));
            continue;
        }
        int n = G->legal_moves(&s, mv);
        G->apply(&s, mv[kk_rng_bounded(&rng, (uint32_t)n)]);
    }
    CHECK_EQ_INT(s.turn, 5);
    for (int i = 0; i < 4; i++) { /* two plays each, no keep */
        int n = G->legal_moves(&s, mv);
        G->apply(&s, mv[kk_rng_bounded(&rng, (uint32_t)n)]);
    }
    CHECK_EQ_INT(s.phase, 2);
    CHECK_EQ_INT(s.played[0] + s.played[1], 0); /* a new phase */
}

/* Scenario 4 as a record: the lead seat takes the last Arrow tile; the other seat's Build
 * fizzles and its Software on the station that was not built fizzles too. */
static void scenario_contested(void)
{
    struct ayb_state s;
    kk_test_replay_checked(G, DATA "scenario-4-contested-tile.rec", &s);
    CHECK_EQ_INT(s.tiles[GB_ARROW], 0);
    CHECK_EQ_INT(s.nst[0], 2); /* stations 0, 1: no station 2 */
    CHECK_EQ_INT(s.nst[1], 2);
    CHECK_EQ_INT(s.st[1][1].symbol, GB_ARROW);
    CHECK_EQ_INT(s.st[1][1].soft, card("bA5"));
    CHECK_EQ_INT(s.st[1][0].soft, card("gD3"));
    CHECK_EQ_INT(s.fizzles, 2);
    CHECK_EQ_INT(s.loc[card("yA6")], AYB_L_DISCARD);
    CHECK_EQ_INT(s.loc[card("gA2")], AYB_L_DISCARD);
    /* Each hand: the kept pair and the two cards sent by the other seat (draws are due). */
    CHECK(s.hand[0] == ((1ull << card("yH1")) | (1ull << card("gH1")) |
                        (1ull << card("rC1")) | (1ull << card("rC5"))));
    CHECK(s.hand[1] == ((1ull << card("rD1")) | (1ull << card("rH2")) |
                        (1ull << card("bD1")) | (1ull << card("bH2"))));
    CHECK_EQ_INT(G->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(ayb_base_score(&s, 1), 3 + 5);
}

/* Places a hand for seat (cards from the deck); the state must be at a turn start. */
static void give(struct ayb_state *s, int seat, const char *const *cards, int n)
{
    for (int i = 0; i < n; i++) {
        int c = card(cards[i]);
        int l = s->loc[c];
        if (l < AYB_MAX_SEATS)
            s->hand[l] &= ~(1ull << c);
        s->deck &= ~(1ull << c);
        s->loc[c] = (uint8_t)seat;
        s->hand[seat] |= 1ull << c;
    }
}

/* A 2-player state at turn 1 with the deal done at random, then both hands cleared. */
static void bare_turn(struct ayb_state *s, const char *const *sets, int nsets)
{
    kk_test_new_game(G, s, 2, sets, nsets);
    kk_rng rng;
    kk_rng_seed(&rng, 3, 3);
    while (G->to_move(s) == KK_CHANCE)
        G->apply(s, G->sample_chance(s, &rng));
    for (int p = 0; p < 2; p++) {
        for (uint64_t m = s->hand[p]; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            s->loc[c] = AYB_L_DECK;
            s->deck |= 1ull << c;
        }
        s->hand[p] = 0;
    }
}

/* Scenario 5: an upgrade discards the old software; 5 + 3 + 3 = 11 with a white wH5. */
static void scenario_upgrade(void)
{
    struct ayb_state s;
    bare_turn(&s, NULL, 0);
    const int yb[4] = {0, 1, 0, 1};
    int id = add_station(&s, 0, GB_HAMMERS, "yH1", yb);
    const char *h0[] = {"wH5", "rD1", "gD3", "bA1", "rC1", "rC5"};
    const char *h1[] = {"yD1", "yD5", "gH1", "bH2", "bW2", "bB1"};
    give(&s, 0, h0, 6);
    give(&s, 1, h1, 6);
    kk_error err;
    CHECK_EQ_INT(ayb_check(&s, &err), 0);
    CHECK_EQ_INT(ayb_base_score(&s, 0), 1 + 3); /* yH1 matches the yellow cube */
    kk_test_apply_text(G, &s, "wH5 S 0");
    kk_test_apply_text(G, &s, "rD1 B");
    kk_test_apply_text(G, &s, "keep gD3 bA1");
    kk_test_apply_text(G, &s, "yD1 B");
    kk_test_apply_text(G, &s, "yD5 S 0");
    kk_test_apply_text(G, &s, "keep gH1 bH2");
    CHECK_EQ_INT(ayb_check(&s, &err), 0);
    CHECK_EQ_INT(s.st[0][id].soft, card("wH5"));
    CHECK_EQ_INT(s.loc[card("yH1")], AYB_L_DISCARD);
    CHECK_EQ_INT(ayb_station_score(&s.st[0][id]), 11);
    /* A lower card may replace a higher one, and two Software into one slot in a turn
     * are legal (settled reading 7): the second replaces the first. */
    struct ayb_state t;
    bare_turn(&t, NULL, 0);
    add_station(&t, 0, GB_CIRCLES, "rC5", yb);
    const char *g0[] = {"rC1", "kC1", "gD3", "bA1", "yD1", "yD5"};
    const char *g1[] = {"gH1", "bH2", "bW2", "bB1", "rD1", "rA3"};
    give(&t, 0, g0, 6);
    give(&t, 1, g1, 6);
    kk_test_apply_text(G, &t, "rC1 S 0");
    kk_test_apply_text(G, &t, "kC1 S 0");
    kk_test_apply_text(G, &t, "keep gD3 bA1");
    kk_test_apply_text(G, &t, "rD1 B");
    kk_test_apply_text(G, &t, "gH1 H 0");
    kk_test_apply_text(G, &t, "keep bH2 bW2");
    CHECK_EQ_INT(t.st[0][0].soft, card("kC1"));
    CHECK_EQ_INT(t.loc[card("rC1")], AYB_L_DISCARD);
    CHECK_EQ_INT(t.loc[card("rC5")], AYB_L_DISCARD);
    CHECK_EQ_INT(ayb_station_score(&t.st[0][0]), 1); /* black matches no cube */
    CHECK_EQ_INT(ayb_check(&t, &err), 0);
}

/* Scenario 5 as a whole one-phase record: the upgrade from yH1 to wH5 with a yellow and a
 * blue cube scores 11, and the record's result line [11, 9] is checked by the replay. */
static void scenario_upgrade_record(void)
{
    struct ayb_state s;
    kk_test_replay_checked(G, DATA "scenario-5-upgrade.rec", &s);
    CHECK_EQ_INT(G->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(s.st[0][0].soft, card("wH5"));
    CHECK_EQ_INT(s.loc[card("yH1")], AYB_L_DISCARD);
    CHECK_EQ_INT(s.st[0][0].cubes[GB_YELLOW], 1);
    CHECK_EQ_INT(s.st[0][0].cubes[GB_BLUE], 1);
    CHECK_EQ_INT(ayb_station_score(&s.st[0][0]), 11);
    CHECK_EQ_INT(s.total[0], 11);
    CHECK_EQ_INT(s.total[1], 3 + 6);
    CHECK_EQ_INT(s.turn, 5);
    CHECK_EQ_INT(s.played[0], 10);
    CHECK_EQ_INT(ayb_popcount(s.hand[0]), 4); /* held, never played */
}

/* Plays random sub-moves until the phase changes. */
static void finish_phase(struct ayb_state *s, kk_rng *rng)
{
    static kk_move mv[AYB_MAX_MOVES];
    int phase = s->phase;
    while (s->phase == phase && s->phase_kind != AYB_PH_OVER) {
        if (G->to_move(s) == KK_CHANCE) {
            G->apply(s, G->sample_chance(s, rng));
            continue;
        }
        int n = G->legal_moves(s, mv);
        G->apply(s, mv[kk_rng_bounded(rng, (uint32_t)n)]);
    }
}

/* Scenario 6: a Circles station with two red cubes persists with keep_base=1 (scores 0
 * without software, 11 with rC5), and is gone after phase 1 with keep_base=0. */
static void scenario_persistence(void)
{
    for (int kb = 0; kb <= 1; kb++) {
        const char *set[] = {kb ? "keep_base=1" : "keep_base=0"};
        struct ayb_state s;
        kk_test_new_game(G, &s, 3, set, 1);
        kk_rng rng;
        kk_rng_seed(&rng, 21, (uint64_t)kb);
        while (G->to_move(&s) == KK_CHANCE)
            G->apply(&s, G->sample_chance(&s, &rng));
        const int rr[4] = {2, 0, 0, 0};
        int id = add_station(&s, 0, GB_CIRCLES, NULL, rr);
        int first_next = 0;
        finish_phase(&s, &rng);
        kk_error err;
        CHECK_EQ_INT(ayb_check(&s, &err), 0);
        CHECK_EQ_INT(s.phase, 2);
        first_next = s.nst[0];
        CHECK_EQ_INT(s.st[0][id].alive, kb);
        if (!kb) {
            CHECK_EQ_INT(s.cubes[GB_RED], GB_CUBES_PER_COLOUR);
            CHECK_EQ_INT(s.tiles[GB_CIRCLES], 4);
            CHECK(first_next > id); /* numbers continue across phases (settled 2) */
            continue;
        }
        CHECK_EQ_INT(s.st[0][id].cubes[GB_RED], 2);
        CHECK_EQ_INT(s.st[0][id].soft, AYB_NONE);
        CHECK_EQ_INT(ayb_station_score(&s.st[0][id]), 0);
        struct ayb_station t = s.st[0][id];
        t.soft = (uint8_t)card("rC5");
        CHECK_EQ_INT(ayb_station_score(&t), 11);
    }
}

/* Settled reading 1: X only when no full commitment avoids it, as few as possible. */
static void x_plays(void)
{
    static kk_move mv[AYB_MAX_MOVES];
    char text[64];
    struct ayb_state s;
    bare_turn(&s, NULL, 0);
    /* Seat 1 holds every Wheel, Drop and Circles tile and two Arrows: one Arrow tile is
     * left. Seat 0 has no station and only black cards. */
    const int none[4] = {0};
    for (int i = 0; i < 3; i++) {
        add_station(&s, 1, GB_WHEEL, NULL, none);
        add_station(&s, 1, GB_DROP, NULL, none);
        add_station(&s, 1, GB_CIRCLES, NULL, none);
    }
    for (int i = 0; i < 2; i++)
        add_station(&s, 1, GB_ARROW, NULL, none);
    const char *h0[] = {"kW1", "kW5", "kA1", "kD2", "kC1", "kC4"};
    const char *h1[] = {"rC1", "rC5", "gH1", "bH2", "bW2", "bB1"};
    give(&s, 0, h0, 6);
    give(&s, 1, h1, 6);
    kk_error err;
    CHECK_EQ_INT(ayb_check(&s, &err), 0);
    /* Only kA1 can act (Build the last Arrow); nothing can act after it (no second
     * Arrow tile; black: no Hardware; no station of another symbol). So one X: first
     * kA1 B then any X, or first an X then kA1 B. */
    int n = G->legal_moves(&s, mv);
    CHECK_EQ_INT(n, 1 + 5);
    int bs = 0;
    for (int i = 0; i < n; i++) {
        G->move_to_text(&s, mv[i], text, sizeof text);
        bs += !strcmp(text, "kA1 B");
    }
    CHECK_EQ_INT(bs, 1);
    kk_test_apply_text(G, &s, "kW5 X");
    n = G->legal_moves(&s, mv);
    CHECK_EQ_INT(n, 1);
    G->move_to_text(&s, mv[0], text, sizeof text);
    CHECK(!strcmp(text, "kA1 B"));
    kk_test_apply_text(G, &s, "kA1 B");
    kk_test_apply_text(G, &s, "keep kW1 kD2");
    (void)none;
    kk_move m;
    CHECK_EQ_INT(G->move_from_text(&s, "rC1 X", &m, &err), 0);
    CHECK(!kk_is_legal(G, &s, m)); /* seat 1 can act: X is illegal */
}

/* Notation errors and the white_any colour. */
static void notation(void)
{
    struct ayb_state s;
    const char *wild[] = {"wild_hardware=white_any"};
    bare_turn(&s, wild, 1);
    const int none[4] = {0};
    add_station(&s, 0, GB_DROP, NULL, none);
    const char *h0[] = {"wD2", "rD1", "gD3", "bA1", "rC1", "rC5"};
    const char *h1[] = {"yD1", "yD5", "gH1", "bH2", "bW2", "bB1"};
    give(&s, 0, h0, 6);
    give(&s, 1, h1, 6);
    kk_move m;
    kk_error err;
    CHECK(G->move_from_text(&s, "wD2 H 0", &m, &err) != 0); /* colour always written */
    CHECK(G->move_from_text(&s, "rD1 H 0 r", &m, &err) != 0);
    CHECK(G->move_from_text(&s, "zz1 B", &m, &err) != 0);
    CHECK(G->move_from_text(&s, "rD1 Q", &m, &err) != 0);
    CHECK(G->move_from_text(&s, "rD1 S x", &m, &err) != 0);
    CHECK(G->move_from_text(&s, "keep rD1 rD1", &m, &err) != 0);
    kk_test_apply_text(G, &s, "wD2 H 0 g");
    kk_test_apply_text(G, &s, "rD1 S 0");
    kk_test_apply_text(G, &s, "keep rC5 gD3"); /* either order parses */
    char text[64];
    CHECK_EQ_INT(G->move_from_text(&s, "keep yD5 yD1", &m, &err), 0);
    G->move_to_text(&s, m, text, sizeof text);
    CHECK(!strcmp(text, "keep yD1 yD5"));
}

/* Move counts from the deal of scenario 4 (seat 0: rA3 yA2 yA6 gA2 rD1 rH2, no stations):
 * every card may open with a Build (6); after an Arrow Build the second card is one of 5
 * Builds, 5 Hardware on the new station (all coloured) or Software there for the 3 other
 * Arrows (13), after rD1 or rH2 10: 4 x 13 + 2 x 10 = 72; then C(4,2) = 6 keeps: 432. */
static void perft(void)
{
    struct ayb_state s;
    kk_test_replay_checked(G, DATA "draw-style-turn1.rec", &s);
    kk_error err;
    CHECK(kk_perft(G, &s, 1, &err) == 6);
    CHECK(kk_perft(G, &s, 2, &err) == 72);
    CHECK(kk_perft(G, &s, 3, &err) == 432);
    /* Seat 1 (bA1 bA5 yD1 yH1 gD3 gH1) by the same count: after an Arrow Build 5 + 5 + 1
     * (11, two Arrows), after a Drop 5 + 5 + 1 (11, two Drops), after a Hammers 5 + 5 + 1
     * (11, two Hammers): 6 x 11 = 66 second plays, x 6 keeps = 396 per seat-0 line. */
    CHECK(kk_perft(G, &s, 6, &err) == 432LL * 396);
}

int main(void)
{
    scenario_scoring();
    scenario_counts();
    scenario_contested();
    scenario_upgrade();
    scenario_upgrade_record();
    scenario_persistence();
    x_plays();
    notation();
    perft();
    return kk_test_done("all_your_base_rules");
}
