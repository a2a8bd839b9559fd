/* Son of Kark move generation, perft style: for fixed tile sequences and a fixed way of
 * choosing moves, the number of legal moves at every turn must match a frozen table and a
 * deliberately simple brute-force count written here from the rules (scan every cell of
 * the bounding box, look tiles up by coordinates). Also: the move list has no duplicates,
 * agrees with the O(1) count, and every move survives a trip through its notation. */
#include <stdlib.h>
#include <string.h>

#include "engine/son_of_kark/sok.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_son_of_kark;

static int tile_at(const struct sok_state *s, int x, int y)
{
    for (int i = 0; i < s->num_tiles; i++)
        if (s->tiles[i].x == x && s->tiles[i].y == y)
            return i;
    return -1;
}

/* The rules, literally: every empty cell beside a tile; face up always, face down unless
 * beside a face-down tile; with a token left, the centre (a Market only with
 * self_displace or another owner) and each corner whose other three cells hold tiles. */
static int own_market_refusals; /* turns where self_displace=0 removed the Market */

static int brute_count(const struct sok_state *s)
{
    int tokens = s->supply[s->seat] > 0;
    int market = s->self_displace || s->market_owner[(int)s->drawn] != s->seat;
    own_market_refusals += tokens && !market;
    static const int dx4[4] = {1, -1, 0, 0}, dy4[4] = {0, 0, 1, -1};
    int n = 0;
    for (int y = s->min_y - 1; y <= s->max_y + 1; y++)
        for (int x = s->min_x - 1; x <= s->max_x + 1; x++) {
            if (tile_at(s, x, y) >= 0)
                continue;
            int beside = 0, down_ok = 1;
            for (int k = 0; k < 4; k++) {
                int t = tile_at(s, x + dx4[k], y + dy4[k]);
                if (t >= 0) {
                    beside = 1;
                    if (!s->tiles[t].face_up)
                        down_ok = 0;
                }
            }
            if (!beside)
                continue;
            int corners = 0;
            for (int cy = -1; cy <= 1; cy += 2)
                for (int cx = -1; cx <= 1; cx += 2)
                    corners += tile_at(s, x + cx, y) >= 0 && tile_at(s, x, y + cy) >= 0 &&
                               tile_at(s, x + cx, y + cy) >= 0;
            n += 1 + tokens * (market + corners);
            if (down_ok)
                n += 1 + tokens * (1 + corners);
        }
    return n;
}

/* Plays a game with the given draws, choosing move (turn * 7 + 3 + symbol * 5) mod n among
 * the n legal moves of legal_moves() order, and checks each
 * turn's move count against the brute force and (when given) the frozen table. */
static void play(const char *label, int players, const char *sets, const char *draws,
                 const int *table, int table_len)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(g, &v, &err), 0);
    if (sets) {
        char buf[200];
        snprintf(buf, sizeof buf, "%s", sets);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
            CHECK_EQ_INT(kk_variant_set(g, &v, tok, &err), 0);
    }
    static struct sok_state s;
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    static kk_move moves[1024];
    int turn = 0, draw = 0, print = getenv("SOK_PRINT_TABLE") != NULL;
    if (print)
        printf("%s:", label);
    while (g->to_move(&s) != KK_TERMINAL) {
        if (g->to_move(&s) == KK_CHANCE) {
            g->apply(&s, (kk_move)(strchr(sok_symbol_letters, draws[draw++]) -
                                   sok_symbol_letters));
            continue;
        }
        int n = g->legal_moves(&s, moves);
        CHECK(n <= g->max_moves);
        CHECK_EQ_INT(n, brute_count(&s));
        CHECK_EQ_INT(n, sok_count_moves(&s));
        if (table && turn < table_len && n != table[turn])
            fprintf(stderr, "%s turn %d: %d moves, table says %d\n", label, turn, n, table[turn]);
        if (table)
            CHECK(turn < table_len && n == table[turn]);
        if (print)
            printf(" %d,", n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++)
                if (moves[j] == moves[i])
                    CHECK(!"duplicate move");
            char text[64];
            kk_move back = -1;
            g->move_to_text(&s, moves[i], text, sizeof text);
            CHECK_EQ_INT(g->move_from_text(&s, text, &back, &err), 0);
            CHECK_EQ_INT(back, moves[i]);
        }
        g->apply(&s, moves[(turn * 7 + 3 + s.drawn * 5) % n]);
        turn++;
    }
    if (print)
        printf("\n");
    if (table)
        CHECK_EQ_INT(turn, table_len);
    CHECK_EQ_INT(g->check(&s, &err), 0);
}

/* Frozen from this engine after the brute force agreed; a change means move generation
 * (or the order of legal_moves) changed. */
static const int table_p2[] = {
    18, 20, 20, 25, 26, 31, 37, 38, 37, 34, 33, 33, 40, 45, 52, 60,
    65, 68, 76, 81, 79, 77, 82, 84, 83, 88, 89, 99, 104, 107, 110, 120,
    117, 119,
};
static const int table_p3_tokens2[] = {
    18, 26, 31, 29, 35, 43, 19, 50, 46, 48, 23, 58, 59, 30, 69, 31,
    33, 76, 34, 37, 88, 35, 39, 38, 40, 42, 40, 41, 44, 43, 41, 39,
    42,
};
static const int table_p4_sd0[] = {
    18, 19, 27, 32, 34, 42, 50, 60, 61, 69, 69, 69, 72, 74, 72, 71,
    49, 70, 63, 70, 68, 74, 69, 75, 68, 76, 84, 51, 74, 84, 92, 100,
};

int main(void)
{
    play("p2", 2, NULL, "ABDABWBCAHHBDDHAAWBCWDWDHWCBCCWAHCDH", table_p2,
         (int)(sizeof table_p2 / sizeof *table_p2));
    play("p3 tokens=2", 3, "tokens=2", "CWAWCADBBADDCHWHCCCABDWHBHHWBWAHBADD", table_p3_tokens2,
         (int)(sizeof table_p3_tokens2 / sizeof *table_p3_tokens2));
    play("p4 self_displace=0", 4, "self_displace=0", "CHDBHWCCDWBWWHDDCAWAWHHCAADBDBBABHAC",
         table_p4_sd0, (int)(sizeof table_p4_sd0 / sizeof *table_p4_sd0));
    CHECK(own_market_refusals > 0); /* the sequence does exercise the refusal */
    /* More sequences against the brute force only, with other choices of moves. */
    play("p2 tokens=7", 2, "tokens=7", "CHDBHWCCDWBWWHDDCAWAWHHCAADBDBBABHAC", NULL, 0);
    play("p3 sd0", 3, "self_displace=0 city_close=3", "ABDABWBCAHHBDDHAAWBCWDWDHWCBCCWAHCDH",
         NULL, 0);
    return kk_test_done("sok_movegen");
}
