/* Jump Gate: the rules' layouts (the fixed track and the layout_seed test vectors of the
 * reference generator, with the published pcg32-demo outputs that pin the generator down),
 * every worked scenario of the rules, the edge rules (corners, refresh, the cap, corner
 * crates) and move-count tables from the start, cross-checked against an independent model
 * of the rules. */
#include <string.h>

#include "engine/box/layout.h"
#include "engine/jump_gate/jump_gate.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_jump_gate;

/* A fresh game under the given settings ("k=v k=v", may be NULL). */
static void start(struct jg_state *s, int players, const char *settings)
{
    kk_test_start(g, s, players, settings);
}

/* Plays space-separated events in notation (chance or move, whichever the node is), each
 * checked for legality, then runs the consistency check. */
static void play(struct jg_state *s, const char *events)
{
    kk_test_play_events(g, s, events, " ");
}

static int has_crate(const struct jg_state *s, int seat, int p)
{
    return (int)(s->crates_left[seat] >> p & 1u);
}

static void test_pcg_and_layouts(void)
{
    /* pcg32-demo (state 42, sequence 54) prints these first outputs; layouts rely on it. */
    kk_rng r;
    gb_layout_rng(&r, 42, 54);
    const uint32_t want[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b,
                             0xcbed606e};
    for (int i = 0; i < 6; i++)
        CHECK_EQ_INT(kk_rng_u32(&r), want[i]);
    gb_layout_rng(&r, 42, 54);
    const int below6[] = {3, 3, 2, 1, 1, 4, 5, 3, 0, 2}; /* the reference's below(6) */
    for (int i = 0; i < 10; i++)
        CHECK_EQ_INT(gb_layout_below(&r, 6), below6[i]);

    /* layouts.py of the rules: seeds 1 and 2 are the rules' vectors, the rest extra. */
    static const struct { int seed; const char *track; } vec[] = {
        {0, "KPDPCPHPBKPWPDPAPHKPHPBPDPWKPAPHPCPD"},
        {1, "KBPDPAPCPKPAPPHDBPKCAPPWPDPKDPPWAPHP"},
        {2, "KBPHWPAPPKPHCPPBPAKPDWHPBPPKHDPPCPPB"},
        {3, "KDWPPPHPCKPPBAHCPPKACPWPPHPKBPPCPHDP"},
        {7, "KPAWPPBHPKPPCPPHAWKBAWPPPDPKPCPPPADW"},
        {1000, "KBWPPPPCHKHPPBAPWPKPPCPDHPBKPPHBAPPD"},
        {123456, "KCPDHBPPPKPPBPAPDHKPPHWPBAPKPPPPWHCB"},
    };
    for (size_t i = 0; i < sizeof vec / sizeof vec[0]; i++) {
        uint8_t track[JG_TRACK];
        char text[JG_TRACK + 1];
        jg_build_layout(vec[i].seed, track);
        jg_layout_text(track, text);
        if (strcmp(text, vec[i].track))
            fprintf(stderr, "layout %d: %s, want %s\n", vec[i].seed, text, vec[i].track);
        CHECK(!strcmp(text, vec[i].track));
        /* The game under layout_seed=N uses it and passes the shape checks. */
        struct jg_state s;
        char set[64];
        snprintf(set, sizeof set, "layout_seed=%d", vec[i].seed);
        start(&s, 2, set);
        CHECK(!memcmp(s.track, track, JG_TRACK));
        kk_error err;
        CHECK_EQ_INT(g->check(&s, &err), 0);
    }
    /* Every generated layout has the rules' shape (check() verifies it). */
    for (int n = 1; n <= 300; n++) {
        struct jg_state s;
        char set[64];
        snprintf(set, sizeof set, "layout_seed=%d", n);
        start(&s, 3, set);
        kk_error err;
        int rc = g->check(&s, &err);
        if (rc)
            fprintf(stderr, "layout %d: %s\n", n, err.msg);
        CHECK_EQ_INT(rc, 0);
    }
    /* layout_seed=-1: the first event is the layout draw. */
    struct jg_state s;
    start(&s, 2, "layout_seed=-1");
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    kk_move out[GB_LAYOUTS];
    double prob[GB_LAYOUTS];
    CHECK_EQ_INT(g->chance_outcomes(&s, out, prob), GB_LAYOUTS);
    char text[32];
    g->move_to_text(&s, 1000, text, sizeof text);
    CHECK(!strcmp(text, "layout 1000"));
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(g->move_from_text(&s, "layout 2", &m, &err), 0);
    g->apply(&s, m);
    char track[JG_TRACK + 1];
    jg_layout_text(s.track, track);
    CHECK(!strcmp(track, "KBPHWPAPPKPHCPPBPAKPDWHPBPPKHDPPCPPB"));
    CHECK_EQ_INT(g->move_from_text(&s, "layout 2", &m, &err), -1); /* now a die roll */
}

static void test_fixed_track(void)
{
    struct jg_state s;
    start(&s, 2, NULL);
    /* Gates: D at 2, 13, 24, 35; H at 6, 17, 20, 31; C 4, 33; B 8, 22; W 11, 26; A 15, 29. */
    static const int jumps[][2] = {{2, 13}, {13, 24}, {24, 35}, {35, 2}, {6, 17}, {17, 20},
                                   {20, 31}, {31, 6}, {4, 33}, {33, 4}, {8, 22}, {22, 8},
                                   {11, 26}, {26, 11}, {15, 29}, {29, 15}};
    for (size_t i = 0; i < sizeof jumps / sizeof jumps[0]; i++)
        CHECK_EQ_INT(s.jump[jumps[i][0]], jumps[i][1]);
    CHECK_EQ_INT(__builtin_popcountll(s.crate_spots), 16);
    CHECK_EQ_INT(s.pos[0], 0);
    CHECK_EQ_INT(s.pos[1], 18);
    start(&s, 3, NULL);
    CHECK(s.pos[0] == 0 && s.pos[1] == 9 && s.pos[2] == 18);
    start(&s, 4, NULL);
    CHECK(s.pos[0] == 0 && s.pos[1] == 9 && s.pos[2] == 18 && s.pos[3] == 27);
}

static void test_scenarios(void)
{
    struct jg_state s;
    kk_move moves[16];
    /* 1. Seat 1 at corner 9 rolls 2: Wheel gate 11 -> 26; plays 1- -> 25, collects. */
    start(&s, 3, NULL);
    play(&s, "1"); /* seat 0: 0 -> 1, its crate */
    CHECK_EQ_INT(jg_collected(&s, 0), 1);
    play(&s, "2");
    CHECK_EQ_INT(g->to_move(&s), 1);
    CHECK_EQ_INT(s.pos[1], 26);
    CHECK(has_crate(&s, 1, 25));
    play(&s, "1-");
    CHECK_EQ_INT(s.pos[1], 25);
    CHECK(!has_crate(&s, 1, 25));
    CHECK_EQ_INT(jg_collected(&s, 1), 1);
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(s.seat, 2);

    /* 2. The same, but 2-: Drop gate 24 jumps on to 35; nothing collected, turn over. */
    start(&s, 3, NULL);
    play(&s, "1 2 2-");
    CHECK_EQ_INT(s.pos[1], 35);
    CHECK_EQ_INT(jg_collected(&s, 1), 0);
    CHECK_EQ_INT(s.seat, 2);
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);

    /* 3. Ship at 0, crate at 3, roll 3: collected; no card decision. */
    start(&s, 2, NULL);
    play(&s, "3");
    CHECK(!has_crate(&s, 0, 3));
    CHECK_EQ_INT(s.pos[0], 3);
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(s.seat, 1);
    CHECK_EQ_INT(jg_hand_size(&s, 0), 9);

    /* 4. Crate at 1 gone, crate at 5 present: roll 1 -> empty planet -> 4+ -> 5 collected. */
    start(&s, 2, NULL);
    s.crates_left[0] &= ~(1ULL << 1);
    s.stat[JG_ST_CRATES_ON_ROLL] = 1; /* as if it had been collected by a roll */
    play(&s, "1");
    CHECK_EQ_INT(g->to_move(&s), 0);
    CHECK_EQ_INT(g->legal_moves(&s, moves), 13); /* pass + 6 values x 2 directions */
    play(&s, "4+");
    CHECK_EQ_INT(s.pos[0], 5);
    CHECK(!has_crate(&s, 0, 5));
    CHECK_EQ_INT(jg_collected(&s, 0), 2);
    CHECK_EQ_INT(s.hand[0][4], 0);

    /* 5. Roll 2 from 0: Drop gate 2 -> 13 (the next Drop, not 24); 31 -> 6 wraps. */
    start(&s, 2, NULL);
    play(&s, "2");
    CHECK_EQ_INT(s.pos[0], 13);
    CHECK_EQ_INT(g->to_move(&s), 0); /* passed a gate: a card may follow */
    start(&s, 2, NULL);
    s.pos[0] = 27;
    play(&s, "4");
    CHECK_EQ_INT(s.pos[0], 6);

    /* 6. Ship at 1 plays 3- -> 34 (wrapping backward past 0). */
    start(&s, 2, NULL);
    s.crates_left[0] &= ~(1ULL << 1);
    s.stat[JG_ST_CRATES_ON_ROLL] = 1;
    play(&s, "1 3-");
    CHECK_EQ_INT(s.pos[0], 34);
    CHECK(!has_crate(&s, 0, 34)); /* a planet with the mover's crate: collected */
}

static void test_edges(void)
{
    struct jg_state s;
    kk_move moves[16];
    /* Corners: corner_card=1 allows a card after landing on one, 0 ends the turn. */
    start(&s, 2, NULL);
    s.pos[0] = 5;
    play(&s, "4");
    CHECK_EQ_INT(s.pos[0], 9);
    CHECK_EQ_INT(g->to_move(&s), 0);
    start(&s, 2, "corner_card=0");
    s.pos[0] = 5;
    play(&s, "4");
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(s.seat, 1);

    /* A card move landing on a gate jumps once more; the ship never stops on the gate. */
    start(&s, 2, NULL);
    play(&s, "2 2+"); /* 0 -> 2 (D) -> 13; 2+ -> 15 (A) -> 29 */
    CHECK_EQ_INT(s.pos[0], 29);
    /* A card landing on a planet without the mover's crate: nothing happens. */
    start(&s, 2, NULL);
    play(&s, "2 3-"); /* 13 -> 10: planet with a crate; collected */
    CHECK_EQ_INT(jg_collected(&s, 0), 1);
    play(&s, "1"); /* seat 1: 18 -> 19, its crate: collected, no card decision */
    CHECK_EQ_INT(jg_collected(&s, 1), 1);
    CHECK_EQ_INT(s.seat, 0);
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);

    /* An empty hand means no decision at all; two cards of one value are one move. */
    start(&s, 2, NULL);
    memset(s.hand[0], 0, sizeof s.hand[0]);
    s.hand[0][1] = 1;
    s.spent[0] = 8;
    s.stat[JG_ST_CARDS_PLAYED] = 8;
    play(&s, "2");
    CHECK_EQ_INT(g->legal_moves(&s, moves), 3);
    play(&s, "1+"); /* 13 -> 14: planet, crate collected */
    CHECK_EQ_INT(jg_hand_size(&s, 0), 0);
    play(&s, "6");  /* seat 1: 18 -> 24 (D) -> 35; card decision */
    play(&s, "-");
    play(&s, "4");  /* seat 0: 14 -> 18, a corner that allows a card, but no card is left */
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    CHECK_EQ_INT(s.seat, 1);

    /* card_reuse=refresh: the 9th card played brings all 9 back. */
    start(&s, 2, "card_reuse=refresh");
    memset(s.hand[0], 0, sizeof s.hand[0]);
    s.hand[0][6] = 1;
    s.spent[0] = 8;
    s.stat[JG_ST_CARDS_PLAYED] = 8;
    play(&s, "2 6+");
    CHECK_EQ_INT(jg_hand_size(&s, 0), 9);
    CHECK_EQ_INT(s.hand[0][1], 3);
    CHECK_EQ_INT(s.stat[JG_ST_REFRESHES], 1);

    /* The cap: after max_turns turns, the most crates share the win. */
    start(&s, 2, "max_turns=2");
    play(&s, "3 2"); /* seat 0 collects at 3; seat 1 18 -> 20 (H) -> 31: card decision */
    play(&s, "-");   /* turn 2 ends: the cap */
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(g->winners(&s), 1);
    CHECK_EQ_INT(s.stat[JG_ST_CAPPED], 1);
    start(&s, 2, "max_turns=1");
    play(&s, "4 -"); /* 0 -> 4 (C) -> 33: no crate for anyone: shared win */
    CHECK_EQ_INT(g->winners(&s), 3);

    /* crates=1: collecting the only crate wins at once. */
    start(&s, 2, "crates=1");
    CHECK_EQ_INT(__builtin_popcountll(s.crate_spots), 1);
    CHECK(has_crate(&s, 0, 1));
    play(&s, "1");
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(g->winners(&s), 1);
    CHECK_EQ_INT(s.stat[JG_ST_CAPPED], 0);

    /* corner_crates=1: 20 crates, the first at corner 0 (the start, collected only by
     * landing there later); rejected with 4 players and crates above 16 without it. */
    start(&s, 3, "corner_crates=1");
    CHECK_EQ_INT(s.crates, 20);
    CHECK(has_crate(&s, 0, 0) && has_crate(&s, 1, 9));
    start(&s, 2, "corner_crates=1 crates=2");
    CHECK(has_crate(&s, 0, 0) && has_crate(&s, 0, 1) && !has_crate(&s, 0, 3));
    s.pos[0] = 32;
    s.crates_left[0] = 1; /* only corner 0 left */
    s.stat[JG_ST_CRATES_ON_ROLL] = 1;
    play(&s, "4"); /* 32 -> 0: the corner is a planet: collected, seat 0 wins */
    CHECK_EQ_INT(g->winners(&s), 1);
    start(&s, 2, "corner_crates=1 crates=2 corner_card=0");
    s.pos[1] = 5;
    play(&s, "1 4"); /* seat 1: 5 -> 9, a crate-less corner planet: a card is allowed */
    CHECK_EQ_INT(g->to_move(&s), 1);
    {
        struct kk_variant v;
        kk_error err;
        kk_variant_defaults(g, &v, &err);
        kk_variant_set(g, &v, "corner_crates=1", &err);
        CHECK_EQ_INT(kk_game_init(g, &s, &v, 4, &err), -1);
        CHECK(strstr(err.msg, "corner_crates") != NULL);
        kk_variant_defaults(g, &v, &err);
        kk_variant_set(g, &v, "crates=17", &err);
        CHECK_EQ_INT(kk_game_init(g, &s, &v, 2, &err), -1);
        CHECK(strstr(err.msg, "crates") != NULL);
    }
}

/* Move counts from the start, the numbers an independent model of the rules (written in
 * Python from the rules text alone) gives for the same settings. */
static void test_perft(void)
{
    static const struct {
        int players;
        const char *settings;
        int depth;
        long long want[6];
    } tab[] = {
        {2, NULL, 6, {6, 57, 405, 3480, 26672, 214895}},
        {3, "corner_card=0", 5, {6, 57, 405, 3438, 26109}},
        {4, "crates=2", 5, {6, 64, 468, 4992, 36504}},
        {2, "crates=1", 6, {6, 66, 376, 4840, 28400, 324648}},
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        struct jg_state s;
        start(&s, tab[i].players, tab[i].settings);
        for (int d = 1; d <= tab[i].depth; d++) {
            kk_error err;
            long long n = kk_perft(g, &s, d, &err);
            if (n != tab[i].want[d - 1])
                fprintf(stderr, "perft %zu depth %d: %lld, want %lld\n", i, d, n,
                        tab[i].want[d - 1]);
            CHECK_EQ_INT(n, tab[i].want[d - 1]);
        }
    }
}

/* check() notices a crate or card that vanished or appeared, and a broken track. */
static void test_check_catches(void)
{
    struct jg_state s, bad;
    kk_error err;
    start(&s, 3, NULL);
    play(&s, "2 1+"); /* a card played, a crate collected */
    CHECK_EQ_INT(g->check(&s, &err), 0);
    bad = s;
    bad.crates_left[1] &= ~(1ULL << 5); /* a crate gone without being collected */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    bad.hand[0][6]--; /* a card gone */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    bad.hand[2][1]++; /* a fourth 1 */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    bad.track[11] = JG_PLANET; /* a gate lost */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    bad.jump[2] = 24; /* skips the Drop gate at 13 */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
}

int main(void)
{
    test_check_catches();
    test_pcg_and_layouts();
    test_fixed_track();
    test_scenarios();
    test_edges();
    test_perft();
    return kk_test_done("jump_gate_rules");
}
