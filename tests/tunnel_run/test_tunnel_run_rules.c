/* Tunnel Run: every worked scenario of the rules on their track, the segment notation, the
 * edge rules (reshuffle, forced pass, nobody able to move, the cap and its tie-breaks) and
 * move counts from a dealt position. */
#include <string.h>

#include "../testlib.h"
#include "engine/tunnel_run/tunnel_run.h"

static const struct kk_game *g = &kk_game_tunnel_run;

/* The scenarios' track: tiles 1-36. */
static const char *const TRACK_SEGS =
    "* seg DHCBWA\n* seg HDBCAW\n* seg CAWHDB\n* seg BWADCH\n* seg WBDAHC\n* seg ACHWBD\n";

/* Replays a record made of a header, the scenario track and `rest`. */
static void replay(struct tr_state *s, int players, const char *sets, const char *rest)
{
    char text[2048];
    snprintf(text, sizeof text, "game tunnel-run\nplayers %d\n%s%s%s", players, sets ? sets : "",
             TRACK_SEGS, rest);
    const struct kk_game *gg;
    int line = 0;
    kk_error err;
    int rc = kk_test_replay_text(text, &gg, s, &line, &err);
    if (rc)
        fprintf(stderr, "replay line %d: %s\n", line, err.msg);
    CHECK_EQ_INT(rc, 0);
    CHECK_EQ_INT(g->check(s, &err), 0);
}

/* Applies one event in notation, checking legality and the invariants. */
static void event(struct tr_state *s, const char *text)
{
    kk_move m;
    kk_error err;
    int rc = g->move_from_text(s, text, &m, &err);
    if (rc)
        fprintf(stderr, "'%s': %s\n", text, err.msg);
    CHECK_EQ_INT(rc, 0);
    if (rc)
        return;
    CHECK(kk_is_legal(g, s, m));
    g->apply(s, m);
    rc = g->check(s, &err);
    if (rc)
        fprintf(stderr, "check after '%s': %s\n", text, err.msg);
    CHECK_EQ_INT(rc, 0);
}

/* Puts pirate i of seat at position q (test setup). */
static void put(struct tr_state *s, int seat, int i, int q)
{
    s->occ[s->pos[seat][i]]--;
    s->pos[seat][i] = (uint8_t)q;
    s->occ[q]++;
}

static int legal_has(const struct tr_state *s, const char *text)
{
    kk_move m, moves[64];
    kk_error err;
    if (g->move_from_text(s, text, &m, &err))
        return 0;
    int n = g->legal_moves(s, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

static void test_perm(void)
{
    for (int r = 0; r < TR_PERMS; r++) {
        uint8_t sym[TR_SYMBOLS];
        tr_perm_symbols(r, sym);
        CHECK_EQ_INT(tr_perm_rank(sym), r);
    }
    struct tr_state s;
    replay(&s, 2, NULL, "");
    static const char want[] = "DHCBWAHDBCAWCAWHDBBWADCHWBDAHCACHWBD";
    for (int q = 1; q <= TR_TILES; q++)
        CHECK_EQ_INT(s.track[q], strchr("DHCBWA", want[q - 1]) - "DHCBWA");
    CHECK_EQ_INT(g->to_move(&s), KK_CHANCE);
    char text[32];
    g->move_to_text(&s, 1, text, sizeof text);
    CHECK(!strcmp(text, "deal H"));
}

static void test_scenarios(void)
{
    struct tr_state s;
    kk_move moves[64];
    /* 1. The seed's example: seat 0 ("Blue") on tile 2 (H); seat 1 ("Yellow") plays H
     *    from the start: tile 2 is occupied, so the next H, tile 7. Then it draws one. */
    replay(&s, 2, NULL,
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n"
           "0: H@0\n* D\n1: H@0\n");
    CHECK_EQ_INT(s.pos[1][0] == 7 || s.pos[1][1] == 7 || s.pos[1][2] == 7, 1);
    CHECK_EQ_INT(s.occ[7], 1);
    CHECK_EQ_INT(s.phase, TR_PHASE_DRAW);
    CHECK_EQ_INT(s.stat[TR_ST_SKIPPED], 1);
    event(&s, "W");
    CHECK_EQ_INT(tr_hand_cards(&s, 1), 3);

    /* 2. Own pirates block too: tiles 2 (seat 0) and 7 (seat 1's own) are taken, so H from
     *    the start goes to 16; C goes to the empty tile 3. */
    event(&s, "D@0"); /* seat 0: 0 -> 1 */
    event(&s, "C");
    CHECK_EQ_INT(tr_forward_target(&s, 1 /* H */, 0), 16);
    CHECK_EQ_INT(tr_forward_target(&s, 2 /* C */, 0), 3);
    event(&s, "H@0");
    CHECK_EQ_INT(s.occ[16], 1);

    /* 3. Exit: from tile 34 (W) an H has no H ahead: out to 37; D goes to 36 if it is empty,
     *    else out. */
    replay(&s, 2, NULL, "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    put(&s, 0, 0, 34);
    CHECK_EQ_INT(tr_forward_target(&s, 1, 34), TR_EXIT);
    CHECK_EQ_INT(tr_forward_target(&s, 0, 34), 36);
    put(&s, 1, 0, 36);
    CHECK_EQ_INT(tr_forward_target(&s, 0, 34), TR_EXIT);
    event(&s, "H@34");
    CHECK_EQ_INT(s.pos[0][0], TR_EXIT);
    CHECK_EQ_INT(tr_exited(&s, 0), 1);

    /* 4. Advanced backward move: tile 5 holds two pirates, tile 8 three, 6, 7, 9 empty; the
     *    pirate on 10 goes back over 9, 8 (full), 7, 6 to 5 and draws 2. */
    replay(&s, 3, "set advanced=1\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n* deal A\n* deal A\n"
           "* deal A\n");
    put(&s, 1, 0, 5);  /* "Red" */
    put(&s, 2, 0, 5);  /* "Blue" */
    put(&s, 1, 1, 8);
    put(&s, 1, 2, 8);
    put(&s, 2, 1, 8);
    put(&s, 0, 0, 10); /* "Yellow" is seat 0, to move */
    CHECK_EQ_INT(tr_backward_target(&s, 10), 5);
    CHECK(legal_has(&s, "b@10"));
    CHECK(!legal_has(&s, "end")); /* no action yet, and others are possible */
    event(&s, "b@10");
    CHECK_EQ_INT(s.occ[5], 3);
    CHECK_EQ_INT(s.phase, TR_PHASE_DRAW);
    CHECK_EQ_INT(s.draws, 2);
    event(&s, "D");
    event(&s, "W");
    CHECK_EQ_INT(tr_hand_cards(&s, 0), 5);
    CHECK_EQ_INT(g->to_move(&s), 0); /* one action of three taken */
    CHECK(legal_has(&s, "end"));
    /* Had tile 5 held one pirate, one card. */
    replay(&s, 3, "set advanced=1\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n* deal A\n* deal A\n"
           "* deal A\n");
    put(&s, 1, 0, 5);
    put(&s, 0, 0, 10);
    event(&s, "b@10");
    CHECK_EQ_INT(s.draws, 1);
    /* A pirate on tile 1 with nobody behind has no backward move. */
    replay(&s, 2, "set advanced=1\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    put(&s, 0, 0, 1);
    CHECK_EQ_INT(tr_backward_target(&s, 1), -1);
    CHECK(!legal_has(&s, "b@1"));

    /* 5. Win mid-turn (advanced): five pirates out, one on 35 (B); C has no tile ahead:
     *    out, and the game ends at once without the other actions or a draw. */
    replay(&s, 2, "set advanced=1\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    for (int i = 0; i < 5; i++)
        put(&s, 0, i, TR_EXIT);
    put(&s, 0, 5, 35);
    event(&s, "C@35");
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(g->winners(&s), 1);
    int32_t sc[2];
    g->scores(&s, sc);
    CHECK(sc[0] == 6 && sc[1] == 0);

    /* 6. Opening move count = distinct symbols in hand. */
    replay(&s, 2, NULL, "* deal H\n* deal H\n* deal C\n* deal D\n* deal D\n* deal D\n");
    CHECK_EQ_INT(g->legal_moves(&s, moves), 2);
    replay(&s, 2, NULL, "* deal D\n* deal H\n* deal C\n* deal D\n* deal D\n* deal D\n");
    CHECK_EQ_INT(g->legal_moves(&s, moves), 3);
    event(&s, "D@0");
    event(&s, "A");
    CHECK_EQ_INT(g->legal_moves(&s, moves), 1); /* seat 1: three D cards, all at the start */
}

static void test_edges(void)
{
    struct tr_state s;
    kk_move moves[64];
    /* Deal order is in blocks: seat 0's whole hand first. */
    replay(&s, 2, NULL, "* deal H\n* deal D\n* deal C\n");
    CHECK_EQ_INT(tr_hand_cards(&s, 0), 3);
    CHECK_EQ_INT(s.seat, 1);
    CHECK_EQ_INT(s.phase, TR_PHASE_DEAL);

    /* Lazy reshuffle: with the pile empty, the discards (including the card just played)
     * become the pile when a card must be drawn. */
    replay(&s, 2, NULL, "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    memset(s.discard, 0, sizeof s.discard);
    for (int y = 0; y < TR_SYMBOLS; y++) {
        s.discard[y] = s.pile[y];
        s.pile[y] = 0;
    }
    event(&s, "D@0");
    CHECK_EQ_INT(s.phase, TR_PHASE_DRAW);
    CHECK_EQ_INT(s.stat[TR_ST_RESHUFFLES], 1);
    CHECK_EQ_INT(s.pile[0], 9); /* seat 0's D, just played, is back in the pile */
    CHECK_EQ_INT(s.pile[0] + s.pile[1] + s.pile[2] + s.pile[3] + s.pile[4] + s.pile[5], 49);
    /* reshuffle=0: no draw; the hand shrinks. */
    replay(&s, 2, "set reshuffle=0\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    for (int y = 0; y < TR_SYMBOLS; y++) {
        s.discard[y] = (uint8_t)(s.discard[y] + s.pile[y]);
        s.pile[y] = 0;
    }
    event(&s, "D@0");
    CHECK_EQ_INT(g->to_move(&s), 1);
    CHECK_EQ_INT(tr_hand_cards(&s, 0), 2);
    /* Basic game, empty hand: the only move is pass. */
    memset(s.hand[1], 0, sizeof s.hand[1]);
    s.discard[1] = (uint8_t)(s.discard[1] + 2);
    s.discard[2] = (uint8_t)(s.discard[2] + 1);
    CHECK_EQ_INT(g->legal_moves(&s, moves), 1);
    CHECK_EQ_INT(moves[0], TR_PASS);
    event(&s, "pass");
    CHECK_EQ_INT(s.stat[TR_ST_PASSES], 1);
    CHECK_EQ_INT(g->to_move(&s), 0);
    /* Nobody can move: the game ends after the turn, scored as at the cap. */
    memset(s.hand[0], 0, sizeof s.hand[0]);
    s.hand[0][2] = 1;
    s.discard[1] = (uint8_t)(s.discard[1] + 1);
    put(&s, 1, 0, 20);
    event(&s, "C@0"); /* seat 0: 0 -> 3; now both hands are empty */
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(s.stat[TR_ST_CAPPED], 1);
    CHECK_EQ_INT(g->winners(&s), 2); /* no one out; seat 1's pirates are further on */

    /* Advanced: a forced pass is 'end'; 'end' is offered only after an action otherwise. */
    replay(&s, 2, "set advanced=1\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    CHECK(!legal_has(&s, "end"));
    memset(s.hand[0], 0, sizeof s.hand[0]);
    s.discard[0] = 1;
    s.discard[1] = 1;
    s.discard[2] = 1;
    CHECK_EQ_INT(g->legal_moves(&s, moves), 1);
    CHECK_EQ_INT(moves[0], TR_END);
    event(&s, "end");
    CHECK_EQ_INT(g->to_move(&s), 1);
    /* actions=1: the turn ends after one action. */
    replay(&s, 2, "set advanced=1\nset actions=1\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    event(&s, "H@0");
    CHECK_EQ_INT(g->to_move(&s), 1);
    /* Advanced forward moves draw nothing, and tiles hold up to 3 pirates. */
    CHECK_EQ_INT(tr_hand_cards(&s, 0), 2);

    /* The cap: most pirates out, then the largest sum of positions. Seat 0 plays C and
     * draws C (3, 10, 13, 23, 30), seat 1 plays H and draws H (2, 7, 16, 24, 29). */
    replay(&s, 2, "set max_turns=10\n",
           "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n"
           "0: C@0\n* C\n1: H@0\n* H\n0: C@3\n* C\n1: H@2\n* H\n0: C@10\n* C\n"
           "1: H@7\n* H\n0: C@13\n* C\n1: H@16\n* H\n0: C@23\n* C\n1: H@24\n* H\n");
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(s.turns, 10);
    CHECK_EQ_INT(s.stat[TR_ST_CAPPED], 1);
    CHECK_EQ_INT(g->winners(&s), 1); /* nobody out; 30 + 0 + 0 against 29 + 0 + 0 */
}

/* Move counts from a dealt position, each derived by hand. Depth 1: the distinct symbols
 * in seat 0's hand H D C (3); depth 2: each move is followed by a draw of any of the 6
 * symbols (18); depth 3: seat 1 holds H H C, all pirates at the start (2 moves each, 36);
 * depth 4: a draw again (216). */
static void test_perft(void)
{
    struct tr_state s;
    replay(&s, 2, NULL, "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n");
    const long long want[] = {3, 18, 36, 216};
    for (int d = 1; d <= 4; d++) {
        kk_error err;
        long long n = kk_perft(g, &s, d, &err);
        if (n != want[d - 1])
            fprintf(stderr, "perft depth %d: %lld, want %lld\n", d, n, want[d - 1]);
        CHECK_EQ_INT(n, want[d - 1]);
    }
}

/* check() notices a card or pirate that vanished or appeared, and an overfull tile. */
static void test_check_catches(void)
{
    struct tr_state s, bad;
    kk_error err;
    replay(&s, 2, NULL, "* deal H\n* deal D\n* deal C\n* deal H\n* deal H\n* deal C\n0: H@0\n* D\n");
    bad = s;
    bad.pile[3]--;
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    bad.hand[1][4]++;
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    bad.occ[2]--; /* a pirate off the count */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    put(&bad, 1, 0, 2); /* two pirates on one tile in the basic game */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
    bad = s;
    bad.track[3] = bad.track[4]; /* a segment that is not a permutation */
    CHECK_EQ_INT(g->check(&bad, &err), -1);
}

int main(void)
{
    test_check_catches();
    test_perm();
    test_scenarios();
    test_edges();
    test_perft();
    return kk_test_done("tunnel_run_rules");
}
