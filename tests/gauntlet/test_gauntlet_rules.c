/* The Gauntlet's worked scenarios played through the engine: 1 (arrows on the fixed
 * track), 2 (a double hit), 3 (acting order and shields, the seed's step-1 example), 6
 * (knock-out for the rest of the turn and the next, then 3 LP; finish tie-breaks), plus
 * layout_seed=1 through the parameter. A position is set up at the plan phase of turn 1
 * (pawns, LP, hands, M = 3), then every plan and step goes through the notation. */
#include <string.h>

#include "engine/gauntlet/gauntlet.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_gauntlet;

static int at(int x, int y) { return y * GT_COLS + x; }

static void event(struct gt_state *s, const char *text)
{
    kk_move m;
    kk_error err;
    int rc = G->move_from_text(s, text, &m, &err);
    if (rc)
        fprintf(stderr, "'%s': %s\n", text, err.msg);
    CHECK_EQ_INT(rc, 0);
    if (rc)
        return;
    CHECK(kk_is_legal(G, s, m));
    G->apply(s, m);
    if (G->check(s, &err)) {
        fprintf(stderr, "after '%s': %s\n", text, err.msg);
        CHECK(0);
    }
}

/* Random events up to turn 1's plan phase, then pawns, LP, M = 3 and hands of 7 holding
 * each seat's four named cards (the rest of each hand filled from the pile). */
static void setup(struct gt_state *s, int players, const char *track, const int *pos,
                  const int *lp, const char *const cards[][4])
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(G, &v, &err);
    CHECK_EQ_INT(kk_game_init(G, s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, 5, 5);
    static kk_move moves[GT_MAX_MOVES];
    while (s->phase != GT_PHASE_PLAN) {
        if (G->to_move(s) == KK_CHANCE)
            G->apply(s, G->sample_chance(s, &rng));
        else
            G->apply(s, moves[G->legal_moves(s, moves) - 1]);
    }
    if (track)
        CHECK_EQ_INT(gt_track_parse(&s->track, track), 0);
    s->m = 3;
    const struct gb_card *d = gb_deck(GB_DECK_GB1);
    for (int c = 0; c < GB_CARDS; c++)
        if (s->loc[c] >= GT_LOC_HAND && s->loc[c] < GT_LOC_PLAN)
            s->loc[c] = GT_LOC_PILE;
    int want[GB_CARDS] = {0};
    for (int p = 0; p < players; p++)
        for (int i = 0; i < 4; i++) {
            int c = gb_card_from_text(d, cards[p][i]);
            CHECK(c >= 0);
            want[c] = 1;
            if (s->loc[c] == GT_LOC_MARKET) /* keep the market's size: swap with a pile card */
                for (int e = 0; e < GB_CARDS; e++)
                    if (s->loc[e] == GT_LOC_PILE && !want[e]) {
                        s->loc[e] = GT_LOC_MARKET;
                        break;
                    }
            CHECK(s->loc[c] != GT_LOC_OUT);
            s->loc[c] = (uint8_t)(GT_LOC_HAND + p);
        }
    for (int p = 0; p < players; p++) {
        int have = 4;
        for (int c = 0; c < GB_CARDS && have < 7; c++)
            if (s->loc[c] == GT_LOC_PILE && !want[c]) {
                s->loc[c] = (uint8_t)(GT_LOC_HAND + p);
                have++;
            }
        s->pos[p] = (uint8_t)pos[p];
        s->lp[p] = (uint8_t)lp[p];
        s->ko_end[p] = lp[p] ? 0 : 2;
    }
    memset(s->known, 0, sizeof s->known);
    CHECK_EQ_INT(G->check(s, &err), 0);
    for (int p = 0; p < players; p++) {
        char plan[64];
        snprintf(plan, sizeof plan, "plan %s %s %s / %s", cards[p][0], cards[p][1],
                 cards[p][2], cards[p][3]);
        event(s, plan);
    }
    CHECK_EQ_INT(s->phase, GT_PHASE_STEP);
    CHECK_EQ_INT(s->step, 1);
}

static void arrows(void)
{
    /* Scenario 1: seat 0 (Arrow 5, acting first) fires on the fixed track. */
    static const char *const cards[4][4] = {{"bA5", "rC1", "rC5", "yC2"},
                                            {"rB1", "bB1", "bB4", "wB2"},
                                            {"gB1", "gB5", "kB2", "kB6"},
                                            {"yB3", "wC1", "kC1", "kC4"}};
    int pos[4] = {at(1, 1), at(0, 3), at(1, 4), at(2, 2)}, lp[4] = {3, 3, 3, 3};
    struct gt_state s;
    setup(&s, 4, NULL, pos, lp, cards);
    CHECK_EQ_INT(G->to_move(&s), 0);
    event(&s, "A 1,1>1,2");
    CHECK_EQ_INT(s.lp[0], 2); /* the firer stands in (0,1)'s line */
    CHECK_EQ_INT(s.lp[1], 2);
    CHECK_EQ_INT(s.lp[2], 3); /* on a Brick */
    CHECK_EQ_INT(s.lp[3], 3); /* in no line */
}

static void double_hit(void)
{
    /* Scenario 2: (1,3) is in two lines; seat 1 there loses 2, with a Shield nothing. */
    char track[GT_TILES + 1];
    memset(track, '.', GT_TILES);
    track[GT_TILES] = '\0';
    track[at(0, 3)] = '>';
    track[at(1, 0)] = 'n';
    static const char *const cards[2][4] = {{"bA5", "rC5", "gC6", "yC2"},
                                            {"rB1", "yB3", "wB2", "bC3"}};
    static const char *const shielded[2][4] = {{"bA5", "rC5", "gC6", "yC2"},
                                               {"wW3", "yB3", "wB2", "bC3"}};
    int pos[2] = {at(2, 11), at(1, 3)}, lp[2] = {3, 3};
    struct gt_state s;
    setup(&s, 2, track, pos, lp, cards);
    event(&s, "A 2,11>2,10");
    CHECK_EQ_INT(s.lp[1], 1);
    CHECK_EQ_INT(s.lp[0], 3);
    setup(&s, 2, track, pos, lp, shielded);
    event(&s, "A 2,11>2,10");
    CHECK_EQ_INT(s.lp[1], 3);
}

static void order_and_shields(void)
{
    /* Scenario 3 with seats Red 0, Yellow 1, Green 2, Blue 3 on scenario 2's track:
     * Blue Arrow 5, Green Swords 4, Red Shield 2, Yellow Arrow 1 act in that order. */
    char track[GT_TILES + 1];
    memset(track, '.', GT_TILES);
    track[GT_TILES] = '\0';
    track[at(0, 3)] = '>';
    track[at(1, 0)] = 'n';
    static const char *const cards[4][4] = {{"rW2", "rB1", "yB3", "gB1"},
                                            {"kA1", "bB1", "bB4", "wB2"},
                                            {"gH4", "gB5", "kB2", "kB6"},
                                            {"bA5", "rC1", "rC5", "yC2"}};
    int pos[4] = {at(1, 3), at(2, 4), at(2, 3), at(1, 5)}, lp[4] = {3, 3, 3, 3};
    struct gt_state s;
    setup(&s, 4, track, pos, lp, cards);
    CHECK_EQ_INT(G->to_move(&s), 3);
    event(&s, "A 1,5>1,6"); /* Blue fires first: Green -1, Blue -1, Red shielded */
    CHECK_EQ_INT(s.lp[3], 2);
    CHECK_EQ_INT(s.lp[2], 2);
    CHECK_EQ_INT(s.lp[0], 3);
    CHECK_EQ_INT(G->to_move(&s), 2);
    /* Green may strike Red (shielded) or Yellow; it strikes Yellow, then walks into both
     * lines at (1,3). */
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(G->move_from_text(&s, "A 1,3 2,3>2,2", &m, &err), 0);
    event(&s, "A 2,4 2,3>1,3");
    CHECK_EQ_INT(s.lp[1], 2);
    CHECK_EQ_INT(G->to_move(&s), 0);
    event(&s, "A 1,3>1,2");
    CHECK_EQ_INT(G->to_move(&s), 1);
    event(&s, "A 2,4>2,5"); /* Yellow's arrows: Blue -1 (column 1), Green -2: knocked out */
    CHECK_EQ_INT(s.lp[3], 1);
    CHECK_EQ_INT(s.lp[2], 0);
    CHECK_EQ_INT(s.lp[0], 3);
    CHECK_EQ_INT(s.lp[1], 2);
    CHECK_EQ_INT(s.step, 2);
    /* Knocked out: Green acts in no later step of this turn nor in the next turn, and
     * has 3 LP when turn 3 begins. */
    kk_rng rng;
    kk_rng_seed(&rng, 9, 9);
    static kk_move moves[GT_MAX_MOVES];
    while (G->to_move(&s) != KK_TERMINAL && s.turn < 3) {
        int who = G->to_move(&s);
        if (s.phase == GT_PHASE_STEP)
            CHECK(who != 2);
        if (who == KK_CHANCE)
            G->apply(&s, G->sample_chance(&s, &rng));
        else
            G->apply(&s, moves[kk_rng_bounded(&rng, (uint32_t)G->legal_moves(&s, moves))]);
        CHECK_EQ_INT(G->check(&s, &err), 0);
        if (s.turn == 2 && s.phase != GT_PHASE_OVER)
            CHECK_EQ_INT(s.lp[2], 0);
    }
    if (s.turn == 3)
        CHECK_EQ_INT(s.lp[2], 3);
}

static void own_arrows(void)
{
    /* Settled reading 3: knocked out by its own arrows when acting first, a lone `A`. */
    static const char *const cards[2][4] = {{"bA5", "rC5", "gC6", "yC2"},
                                            {"rB1", "yB3", "wB2", "bC3"}};
    int pos[2] = {at(1, 1), at(1, 6)}, lp[2] = {1, 3};
    struct gt_state s;
    setup(&s, 2, NULL, pos, lp, cards);
    kk_move m[GT_MAX_MOVES];
    char text[96];
    int n = G->legal_moves(&s, m), lone = 0;
    for (int i = 0; i < n; i++) {
        G->move_to_text(&s, m[i], text, sizeof text);
        lone += !strcmp(text, "A");
    }
    CHECK_EQ_INT(lone, 1);
    event(&s, "A");
    CHECK_EQ_INT(s.lp[0], 0);
    CHECK_EQ_INT(s.pos[0], at(1, 1));
}

static void finish(int p_lp, int want)
{
    /* Scenario 6: P (seat 0) finishes in step 2 with p_lp LP, Q (seat 1) in step 3 with 3. */
    static const char *const cards[2][4] = {{"rB1", "yB3", "wB2", "bC3"},
                                            {"bB4", "gB5", "kB6", "wC1"}};
    int pos[2] = {at(1, 10), at(1, 9)}, lp[2] = {p_lp, 3};
    struct gt_state s;
    setup(&s, 2, NULL, pos, lp, cards);
    event(&s, "A 1,9>1,10");
    event(&s, "A 1,10>1,11");
    event(&s, "A 1,10>1,11");
    event(&s, "1,11>E A");
    CHECK_EQ_INT(s.fin_step[0], 2);
    event(&s, "A 1,11>E");
    CHECK_EQ_INT(G->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(G->winners(&s), 1u << want);
    int32_t sc[2];
    G->scores(&s, sc);
    CHECK_EQ_INT(sc[want], 1);
    CHECK_EQ_INT(sc[1 - want], 0);
}

static void layout_param(void)
{
    struct kk_variant v;
    kk_error err;
    struct gt_state s;
    char buf[GT_TILES + 1];
    kk_variant_defaults(G, &v, &err);
    CHECK_EQ_INT(kk_variant_set(G, &v, "layout_seed=1", &err), 0);
    CHECK_EQ_INT(kk_game_init(G, &s, &v, 3, &err), 0);
    gt_track_text(&s.track, buf);
    CHECK(!strcmp(buf, "n.sB..LL..s.B...L.BB.LL.>n.Bs..L.B.."));
    CHECK(kk_variant_set(G, &v, "sword_reach=queen", &err) != 0);
    /* An explicit track overrides layout_seed; a wrong length fails at init. */
    CHECK_EQ_INT(kk_variant_set(G, &v, "layout_seed=-1", &err), 0);
    CHECK_EQ_INT(kk_variant_set(G, &v, "track=...>.BL....<.BL..BL.<>.LB..L.<B.L>.B", &err), 0);
    CHECK_EQ_INT(kk_game_init(G, &s, &v, 2, &err), 0);
    CHECK_EQ_INT(s.phase, GT_PHASE_DEAL); /* no `* layout` event */
    gt_track_text(&s.track, buf);
    CHECK(!strcmp(buf, "...>.BL....<.BL..BL.<>.LB..L.<B.L>.B"));
    CHECK_EQ_INT(s.track.hits[at(1, 1)], 1);
    CHECK_EQ_INT(kk_variant_set(G, &v, "track=..n", &err), 0);
    CHECK(kk_game_init(G, &s, &v, 2, &err) != 0);
    CHECK(kk_variant_set(G, &v, "track=x", &err) != 0);
}

int main(void)
{
    arrows();
    double_hit();
    order_and_shields();
    own_arrows();
    finish(2, 1);
    finish(3, 0);
    layout_param();
    return kk_test_done("gauntlet_rules");
}
