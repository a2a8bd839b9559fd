/* Halma: the worked scenarios of docs/rules/halma.md (opening moves, jump chains and
 * stopping, Parlett's anti-spoiling win, the camp lock), the perft tables for 2, 3 and 4
 * players, the move cap and its tie-break, notation and set-up errors. Positions that no
 * short record reaches are drawn as piece lists ("0:a1 b2 1:e2") and checked with check(). */
#include <string.h>

#include "engine/halma/halma.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_halma;
static kk_move moves[HALMA_MAX_MOVES];

static void start(struct halma_state *s, const char *setting, int players)
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", setting ? setting : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        CHECK_EQ_INT(kk_variant_set(g, &v, tok, &err), 0);
    CHECK_EQ_INT(kk_game_init(g, s, &v, players, &err), 0);
}

static int cell_of(const struct halma_state *s, const char *name)
{
    kk_move m;
    char text[16];
    kk_error err;
    snprintf(text, sizeof text, "%s-a1", name);
    if (!strcmp(name, "a1"))
        snprintf(text, sizeof text, "a1-b1");
    CHECK_EQ_INT(g->move_from_text(s, text, &m, &err), 0);
    return halma_from(m);
}

/* Replaces the pieces by those of `pieces`: "S:" switches to seat S, then cell names. The
 * camp counters are recounted here, independently of the engine, and check() must agree
 * when every seat has its full set. */
static void place(struct halma_state *s, const char *pieces, int full)
{
    s->over = s->capped = s->winners = 0;
    for (int c = 0; c < HALMA_CELLS; c++)
        if (s->board[c] != HALMA_OFF)
            s->board[c] = 0;
    int count[HALMA_MAX_SEATS] = {0}, seat = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        if (tok[1] == ':') {
            seat = tok[0] - '0';
            tok += 2;
        }
        int c = cell_of(s, tok);
        CHECK_EQ_INT(s->board[c], 0);
        s->board[c] = (uint8_t)(seat + 1);
        s->pos[seat][count[seat]++] = (uint8_t)c;
    }
    for (int p = 0; p < s->players; p++) {
        int own = 0, filled = 0;
        for (int c = 0; c < HALMA_CELLS; c++)
            if (s->board[c] != HALMA_OFF && ((s->camp_mask[c] >> s->target[p]) & 1u)) {
                filled += s->board[c] != 0;
                own += s->board[c] == p + 1;
            }
        s->in_target[p] = (uint8_t)own;
        s->target_filled[p] = (uint8_t)filled;
        if (full)
            CHECK_EQ_INT(count[p], s->pieces);
    }
    kk_error err;
    if (full && g->check(s, &err) != 0) {
        fprintf(stderr, "placed position fails check: %s\n", err.msg);
        CHECK(0);
    }
}

/* The moves of the piece on `from`, as "to to to" in list order. */
static void moves_from(const struct halma_state *s, const char *from, char *out, size_t size)
{
    int f = cell_of(s, from), n = g->legal_moves(s, moves), len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        if (moves[i] != HALMA_PASS && halma_from(moves[i]) == f) {
            char name[8];
            halma_cell_name(halma_to(moves[i]), name, sizeof name);
            len += snprintf(out + len, size - (size_t)len, "%s%s", len ? " " : "", name);
        }
}

#define CHECK_STR(a, b)                                                                   \
    do {                                                                                  \
        CHECK(!strcmp((a), (b)));                                                         \
        if (strcmp((a), (b)))                                                             \
            fprintf(stderr, "  got '%s'\n  want '%s'\n", (a), (b));                       \
    } while (0)

static void test_opening(void)
{
    static const char *const camp = "a1 b1 c1 d1 a2 b2 c2 a3 b3 a4";
    for (int players = 2; players <= 4; players++) {
        struct halma_state s;
        start(&s, NULL, players);
        CHECK_EQ_INT(s.pieces, 10);
        /* Seat 0's home camp is exactly the ten cells of scenario 1. */
        char buf[64];
        snprintf(buf, sizeof buf, "%s", camp);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
            CHECK_EQ_INT(s.board[cell_of(&s, tok)], 1);
        CHECK_EQ_INT(g->legal_moves(&s, moves), 24);
        kk_error err;
        CHECK_EQ_INT(g->check(&s, &err), 0);
        CHECK_EQ_INT(g->to_move(&s), 0);
    }
    /* The 24 moves, in order: from-cell row-major, then to-cell. */
    struct halma_state s;
    start(&s, NULL, 2);
    int n = g->legal_moves(&s, moves);
    char all[512] = "";
    int len = 0;
    for (int i = 0; i < n; i++) {
        char t[16];
        g->move_to_text(&s, moves[i], t, sizeof t);
        len += snprintf(all + len, sizeof all - (size_t)len, "%s%s", i ? " " : "", t);
    }
    CHECK_STR(all, "a1-c3 b1-d3 c1-e1 c1-d2 c1-c3 d1-e1 d1-d2 d1-e2 a2-c4 b2-d2 b2-c3 b2-b4 "
                   "c2-d2 c2-c3 c2-d3 a3-c3 a3-b4 a3-a5 b3-c3 b3-b4 b3-c4 a4-b4 a4-a5 a4-b5");
}

static void test_perft(void)
{
    kk_error err;
    struct halma_state s;
    start(&s, NULL, 2);
    CHECK_EQ_INT(kk_perft(g, &s, 1, &err), 24);
    CHECK_EQ_INT(kk_perft(g, &s, 2, &err), 576);
    CHECK_EQ_INT(kk_perft(g, &s, 3, &err), 20040);
    start(&s, NULL, 4);
    CHECK_EQ_INT(kk_perft(g, &s, 1, &err), 24);
    CHECK_EQ_INT(kk_perft(g, &s, 2, &err), 578);
    CHECK_EQ_INT(kk_perft(g, &s, 3, &err), 13920);
    /* 3 players: not in the rules file. The first three turns are seats 0, 1 and 2 on the
     * same corners as with 4 players (seat 3's camp is too far to matter), so the counts
     * must be the 4-player ones. */
    start(&s, NULL, 3);
    CHECK_EQ_INT(kk_perft(g, &s, 1, &err), 24);
    CHECK_EQ_INT(kk_perft(g, &s, 2, &err), 578);
    CHECK_EQ_INT(kk_perft(g, &s, 3, &err), 13920);
}

static void test_jump_chain(void)
{
    struct halma_state s;
    start(&s, NULL, 2);
    place(&s, "0:c3 1:d3 f3", 0);
    char got[256];
    moves_from(&s, "c3", got, sizeof got);
    /* 7 steps (not d3), the single jump to e3 (stopping there) and the double jump to g3;
     * jumping back from e3 over d3 lands on c3, which is no move. */
    CHECK_STR(got, "b2 c2 d2 b3 e3 g3 b4 c4 d4");
    CHECK_EQ_INT(halma_chain_length(&s, cell_of(&s, "c3"), cell_of(&s, "e3")), 1);
    CHECK_EQ_INT(halma_chain_length(&s, cell_of(&s, "c3"), cell_of(&s, "g3")), 2);
    CHECK_EQ_INT(halma_chain_length(&s, cell_of(&s, "c3"), cell_of(&s, "d4")), 0);
    /* The start cell is empty during a chain but cannot be jumped over: with c3 between
     * e3 and a3... a piece on b3 lets c3 jump to a3 only. */
    place(&s, "0:c3 1:b3 d3 f3", 0);
    moves_from(&s, "c3", got, sizeof got);
    CHECK_STR(got, "b2 c2 d2 a3 e3 g3 b4 c4 d4");
    /* Direction changes within a chain: c3 over d4 to e5, then over f5 to g5. */
    place(&s, "0:c3 1:d4 f5", 0);
    moves_from(&s, "c3", got, sizeof got);
    CHECK_STR(got, "b2 c2 d2 b3 d3 b4 c4 e5 g5");
}

static void test_parlett(void)
{
    /* Seat 1 (heading for seat 0's home) holds eight cells of it; seat 0 still sits on a1;
     * d1 is empty and seat 1 steps e2-d1 to fill the camp. */
    static const char *const position =
        "0:a1 j10 i10 h10 g10 j9 i9 h9 j8 f6 "
        "1:b1 c1 a2 b2 c2 a3 b3 a4 e2 i7";
    for (int spoil = 0; spoil < 2; spoil++) {
        struct halma_state s;
        start(&s, spoil ? "spoiling=none" : NULL, 2);
        place(&s, position, 1);
        s.seat = 1;
        s.turns = 101;
        s.moves = 101;
        kk_move m;
        kk_error err;
        CHECK_EQ_INT(g->move_from_text(&s, "e2-d1", &m, &err), 0);
        CHECK(kk_is_legal(g, &s, m));
        g->apply(&s, m);
        CHECK_EQ_INT(g->check(&s, &err), 0);
        CHECK_EQ_INT(s.target_filled[1], 10);
        CHECK_EQ_INT(s.in_target[1], 9);
        if (!spoil) {
            CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
            CHECK_EQ_INT(g->winners(&s), 2);
            int32_t sc[2];
            g->scores(&s, sc);
            CHECK_EQ_INT(sc[0], 0);
            CHECK_EQ_INT(sc[1], 1);
            CHECK_EQ_INT(s.capped, 0);
        } else {
            CHECK_EQ_INT(g->to_move(&s), 0);
        }
    }
    /* Only the mover is checked: seat 0 stepping home a5-a4 fills seat 1's target camp (8
     * of seat 1, 2 of seat 0) and the game goes on; seat 1 wins with its next move, whatever
     * it is. */
    struct halma_state s;
    start(&s, NULL, 2);
    place(&s, "0:a1 a5 j10 i10 h10 g10 j9 i9 h9 j8 1:b1 c1 d1 a2 b2 c2 a3 b3 e5 f6", 1);
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(g->move_from_text(&s, "a5-a4", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(s.target_filled[1], 10);
    CHECK_EQ_INT(g->to_move(&s), 1);
    CHECK_EQ_INT(g->move_from_text(&s, "e5-e6", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(g->winners(&s), 2);
    /* Nine of ten home and the camp not full: no win yet; the tenth completes it. */
    place(&s, "0:f5 j10 i10 h10 g10 j9 i9 h9 j8 i8 1:b1 c1 a2 b2 c2 a3 b3 a4 d1 a6", 1);
    s.seat = 0;
    CHECK_EQ_INT(g->move_from_text(&s, "f5-g6", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(g->to_move(&s), 1);
    place(&s, "0:i7 j10 i10 h10 g10 j9 i9 h9 j8 i8 1:b1 c1 a2 b2 c2 a3 b3 a4 d1 a6", 1);
    s.seat = 0;
    CHECK_EQ_INT(g->move_from_text(&s, "i7-j7", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(g->winners(&s), 1);
}

static void test_camp_lock(void)
{
    char got[256];
    struct halma_state s;
    start(&s, NULL, 2);
    place(&s, "0:g10 1:a1", 0);
    moves_from(&s, "g10", got, sizeof got);
    CHECK_STR(got, "f9 g9 h9 f10 h10");
    start(&s, "camp_lock=1", 2);
    place(&s, "0:g10 1:a1", 0);
    moves_from(&s, "g10", got, sizeof got);
    CHECK_STR(got, "h9 h10");
    /* The lock binds only pieces that start inside: f8 is outside and moves freely, in
     * or out (steps, h8 over g8, h10 over g9, f10 over g9 after h8). */
    place(&s, "0:f8 g10 1:g8 g9", 0);
    moves_from(&s, "g10", got, sizeof got);
    CHECK_STR(got, "h9 h10");
    moves_from(&s, "f8", got, sizeof got);
    CHECK_STR(got, "e7 f7 g7 e8 h8 e9 f9 f10 h10");
    /* Chains from inside that end outside are cut: j10 over i9 to h8, then over h7 to h6. */
    place(&s, "0:j10 1:i9 h7", 0);
    moves_from(&s, "j10", got, sizeof got);
    CHECK_STR(got, "j9 i10");
    /* A chain may pass outside if it ends inside: h10 over h9 to h8 (outside), then over i8
     * to j8 (inside). g9 is outside (Manhattan distance 4 from j10). */
    place(&s, "0:h10 1:h9 h7 i8", 0);
    moves_from(&s, "h10", got, sizeof got);
    CHECK_STR(got, "j8 i9 g10 i10");
}

static void test_cap(void)
{
    /* max_turns=20 with 2 players: 40 turns, then most pieces home, then the smaller
     * Chebyshev sum to the target corner; a win on the 40th turn is an ordinary win. */
    struct halma_state s;
    start(&s, "max_turns=20", 2);
    place(&s, "0:a1 b1 c1 d1 a2 b2 c2 a3 b3 e5 1:j10 i10 h10 g10 j9 i9 h9 j8 i8 j7", 1);
    s.turns = 39;
    s.moves = 39;
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(g->move_from_text(&s, "e5-e6", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(s.capped, 1);
    /* No one home: seat 0's Chebyshev sum shrank by one (e5 -> e6), seat 1's is equal to
     * the start, so seat 0 wins alone. */
    CHECK_EQ_INT(g->winners(&s), 1);
    /* Equal in everything: shared. */
    start(&s, "max_turns=20", 2);
    place(&s, "0:a1 b1 c1 d1 a2 b2 c2 a3 b3 a4 1:j10 i10 h10 g10 j9 i9 h9 j8 i8 i6", 1);
    s.turns = 39;
    s.moves = 39;
    s.seat = 1;
    CHECK_EQ_INT(g->move_from_text(&s, "i6-j7", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(g->winners(&s), 3);
    int32_t sc[2];
    g->scores(&s, sc);
    CHECK(sc[0] == 1 && sc[1] == 1);
    /* More pieces home beats a smaller distance sum. */
    start(&s, "max_turns=20", 2);
    place(&s, "0:i9 j10 b1 c1 d1 a2 b2 c2 a3 b3 1:a1 a5 b5 c5 d5 e5 e1 e2 e3 e4", 1);
    s.turns = 39;
    s.moves = 39;
    s.seat = 1;
    CHECK_EQ_INT(g->move_from_text(&s, "e5-e6", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(s.in_target[0], 2);
    CHECK_EQ_INT(s.in_target[1], 1);
    CHECK_EQ_INT(g->winners(&s), 1);
    /* Winning on the last turn before the cap is an ordinary win. */
    s.turns = s.moves = 0;
    place(&s, "0:i7 j10 i10 h10 g10 j9 i9 h9 j8 i8 1:b1 c1 a2 b2 c2 a3 b3 a4 d1 a6", 1);
    s.seat = 0;
    s.turns = 39;
    CHECK_EQ_INT(g->move_from_text(&s, "i7-j7", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
    CHECK_EQ_INT(s.capped, 0);
    CHECK_EQ_INT(g->winners(&s), 1);
}

static void test_pass(void)
{
    /* A seat whose pieces are all walled in has only `pass`; a pass is a turn. */
    struct halma_state s;
    start(&s, "camp=2 size=6", 2);
    CHECK_EQ_INT(s.pieces, 3);
    /* Seat 0 on a1 b1 a2, walled in by pieces (any colour, more than a real game has) on
     * every cell a step or a jump could reach, but one: a2 over b3 to c4, and on over d3
     * to e2. */
    place(&s, "0:a1 b1 a2 1:c1 c2 b2 a3 c3 b3 d1 a4 d3", 0);
    char got[64];
    moves_from(&s, "a2", got, sizeof got);
    CHECK_STR(got, "e2 c4");
    CHECK_EQ_INT(g->legal_moves(&s, moves), 2);
    place(&s, "0:a1 b1 a2 1:c1 c2 b2 a3 c3 b3 d1 a4 d3 c4", 0);
    int n = g->legal_moves(&s, moves);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(moves[0], HALMA_PASS);
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(g->move_from_text(&s, "pass", &m, &err), 0);
    CHECK(kk_is_legal(g, &s, m));
    g->apply(&s, m);
    CHECK_EQ_INT(s.turns, 1);
    CHECK_EQ_INT(s.passes, 1);
    CHECK_EQ_INT(g->to_move(&s), 1);
    /* pass is not legal while a move exists. */
    start(&s, NULL, 2);
    CHECK(!kk_is_legal(g, &s, HALMA_PASS));
}

static void test_notation(void)
{
    struct halma_state s;
    start(&s, "size=12", 2);
    kk_move m;
    kk_error err;
    char t[32];
    CHECK_EQ_INT(g->move_from_text(&s, "l12-k11", &m, &err), 0);
    CHECK_EQ_INT(halma_from(m), halma_cell(11, 11));
    CHECK_EQ_INT(halma_to(m), halma_cell(10, 10));
    g->move_to_text(&s, m, t, sizeof t);
    CHECK_STR(t, "l12-k11");
    CHECK_EQ_INT(g->move_from_text(&s, "a1-a01", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "a01-a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "m1-a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "a13-a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "a0-a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "a1-a1", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "a1a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "a1-a2x", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "A1-a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "Pass", &m, &err), -1);
    start(&s, NULL, 2);
    CHECK_EQ_INT(g->move_from_text(&s, "k1-a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "a11-a2", &m, &err), -1);
    CHECK_EQ_INT(g->move_from_text(&s, "j10-a1", &m, &err), 0);
    g->move_to_text(&s, m, t, sizeof t);
    CHECK_STR(t, "j10-a1");
}

static void test_setup(void)
{
    struct kk_variant v;
    kk_error err;
    struct halma_state s;
    kk_variant_defaults(g, &v, &err);
    CHECK_EQ_INT(kk_variant_set(g, &v, "size=8", &err), 0);
    CHECK_EQ_INT(kk_variant_set(g, &v, "camp=5", &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 2, &err), -1);
    CHECK(strstr(err.msg, "camp=5") != NULL);
    CHECK_EQ_INT(kk_variant_set(g, &v, "camp=4", &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 4, &err), 0);
    CHECK_EQ_INT(g->check(&s, &err), 0);
    CHECK_EQ_INT(kk_variant_set(g, &v, "size=6", &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 2, &err), -1);
    CHECK_EQ_INT(kk_variant_set(g, &v, "camp=3", &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 4, &err), 0);
    CHECK_EQ_INT(s.pieces, 6);
    CHECK_EQ_INT(g->check(&s, &err), 0);
    CHECK_EQ_INT(kk_variant_set(g, &v, "size=13", &err), -1);
    CHECK_EQ_INT(kk_variant_set(g, &v, "camp=6", &err), -1);
    CHECK_EQ_INT(kk_variant_set(g, &v, "spoiling=always", &err), -1);
    CHECK_EQ_INT(kk_variant_set(g, &v, "max_turns=19", &err), -1);
    /* 12 x 12 with 15-piece camps, 4 players. */
    start(&s, "size=12", 4);
    CHECK_EQ_INT(kk_variant_set(g, &v, "size=12", &err), 0);
    CHECK_EQ_INT(kk_variant_set(g, &v, "camp=5", &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 4, &err), 0);
    CHECK_EQ_INT(s.pieces, 15);
    CHECK_EQ_INT(g->check(&s, &err), 0);
    /* Seat corners: 3 players A, B, C heading for C, D, A. */
    start(&s, NULL, 3);
    CHECK_EQ_INT(s.board[cell_of(&s, "j1")], 2);
    CHECK_EQ_INT(s.board[cell_of(&s, "j10")], 3);
    CHECK_EQ_INT(s.board[cell_of(&s, "a10")], 0);
    CHECK_EQ_INT(s.target[1], 3);
    start(&s, NULL, 2);
    CHECK_EQ_INT(s.board[cell_of(&s, "j10")], 2);
    CHECK_EQ_INT(s.board[cell_of(&s, "j1")], 0);
}

static void test_evaluate(void)
{
    /* Progress: 0 at the start, 1 with every piece home; d1-e2 brings a piece 2 closer
     * (columns plus rows) to j10, out of the 160 - 20 to cover. A winner gets 1 more. */
    struct halma_state s;
    start(&s, NULL, 2);
    CHECK_EQ_INT(halma_distance(&s, 0), 160);
    CHECK_EQ_INT(halma_distance(&s, 1), 160);
    CHECK(g->evaluate(&s, 0) == 0.0 && g->evaluate(&s, 1) == 0.0);
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(g->move_from_text(&s, "d1-e2", &m, &err), 0);
    g->apply(&s, m);
    CHECK(g->evaluate(&s, 0) > 2.0 / 140 - 1e-12 && g->evaluate(&s, 0) < 2.0 / 140 + 1e-12);
    place(&s, "0:i7 j10 i10 h10 g10 j9 i9 h9 j8 i8 1:b1 c1 a2 b2 c2 a3 b3 a4 d1 a6", 1);
    s.seat = 0;
    CHECK(g->evaluate(&s, 0) < 1.0);
    CHECK_EQ_INT(g->move_from_text(&s, "i7-j7", &m, &err), 0);
    g->apply(&s, m);
    CHECK_EQ_INT(halma_distance(&s, 0), 20);
    CHECK(g->evaluate(&s, 0) == 2.0);
}

int main(void)
{
    test_evaluate();
    test_opening();
    test_perft();
    test_jump_chain();
    test_parlett();
    test_camp_lock();
    test_cap();
    test_pass();
    test_notation();
    test_setup();
    return kk_test_done("halma_rules");
}
