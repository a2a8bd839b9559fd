/* Backgammon: invariants over random games (both opening rules, higher_die 0 and 1,
 * gammons): check() after every event, every listed play applies step by step legally,
 * distinct moves reach distinct positions, text round trips, and the move list equals
 * the one a naive reference (every ordered step sequence, merged by position) finds. */
#include <stdlib.h>
#include <string.h>

#include "bg_setup.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_backgammon;
static kk_move moves[BG_MAX_MOVES];
static double probs[BG_MAX_MOVES];

struct ref {
    int best, n, high_only;
    uint8_t boards[BG_MAX_MOVES][2 * BG_SPACES];
    uint8_t depth[BG_MAX_MOVES];
    uint8_t high[BG_MAX_MOVES]; /* a one-step play that used the higher die */
};
static struct ref ref;

static void ref_leaf(const struct bg_state *s, int depth, int used_high)
{
    for (int i = 0; i < ref.n; i++)
        if (memcmp(ref.boards[i], s->board, sizeof s->board) == 0) {
            if (depth > ref.depth[i])
                ref.depth[i] = (uint8_t)depth;
            ref.high[i] |= (uint8_t)used_high;
            return;
        }
    if (ref.n == BG_MAX_MOVES)
        return;
    memcpy(ref.boards[ref.n], s->board, sizeof s->board);
    ref.depth[ref.n] = (uint8_t)depth;
    ref.high[ref.n++] = (uint8_t)used_high;
}

/* Every ordered sequence of steps with the dice left (dice[] values, 0 = used). */
static void ref_walk(const struct bg_state *s, int *dice, int nd, int depth, int used_high)
{
    int any = 0;
    for (int i = 0; i < nd; i++) {
        if (!dice[i] || (i > 0 && dice[i] == dice[i - 1] && dice[i - 1]))
            continue; /* equal dice: try the first unused one only */
        for (int from = 0; from <= 24; from++) {
            if (bg_step_target(s, s->seat, from, dice[i]) < 0)
                continue;
            any = 1;
            struct bg_state t = *s;
            bg_step_apply(&t, s->seat, from, dice[i]);
            int d = dice[i];
            dice[i] = 0;
            ref_walk(&t, dice, nd, depth + 1, used_high | (depth == 0 && i == 0 && nd == 2));
            dice[i] = d;
        }
    }
    if (!any)
        ref_leaf(s, depth, used_high);
}

/* Number of reference plays; checks that every engine move reaches one of them. */
static int ref_count(const struct bg_state *s, int higher_die)
{
    int dice[4], nd = s->dice[0] == s->dice[1] ? 4 : 2;
    for (int i = 0; i < nd; i++)
        dice[i] = s->dice[i < 2 ? i : 0];
    ref.n = 0;
    ref_walk(s, dice, nd, 0, 0);
    int best = 0, any_high = 0, n = 0;
    for (int i = 0; i < ref.n; i++)
        best = ref.depth[i] > best ? ref.depth[i] : best;
    for (int i = 0; i < ref.n; i++)
        any_high |= ref.depth[i] == best && ref.high[i];
    int only_high = higher_die && nd == 2 && best == 1 && any_high;
    for (int i = 0; i < ref.n; i++)
        if (ref.depth[i] == best && (!only_high || ref.high[i]))
            ref.boards[n++][0] = ref.boards[i][0], memmove(ref.boards[n - 1], ref.boards[i],
                                                           sizeof ref.boards[i]);
    return n;
}

static int in_ref(const struct bg_state *after, int n)
{
    for (int i = 0; i < n; i++)
        if (memcmp(ref.boards[i], after->board, sizeof after->board) == 0)
            return 1;
    return 0;
}

static int max_seen;

static void check_moves(const struct bg_state *s, int deep)
{
    int n = g->legal_moves(s, moves);
    CHECK(n >= 1 && n <= g->max_moves);
    if (n > max_seen)
        max_seen = n;
    int nref = deep ? ref_count(s, s->higher_die) : 0;
    if (deep && nref != n) {
        fprintf(stderr, "dice %d-%d: engine %d plays, reference %d\n", s->dice[0], s->dice[1],
                n, nref);
        CHECK_EQ_INT(n, nref);
    }
    static uint8_t seen[BG_MAX_MOVES][2 * BG_SPACES];
    for (int i = 0; i < n; i++) {
        struct bg_state t = *s;
        int ok = 1;
        for (int j = 0; j < BG_MOVE_STEPS(moves[i]); j++) {
            int step = BG_STEP(moves[i], j), d = s->dice[BG_STEP_DIE(step)];
            ok &= bg_step_target(&t, s->seat, BG_STEP_FROM(step), d) >= 0;
            if (ok)
                bg_step_apply(&t, s->seat, BG_STEP_FROM(step), d);
        }
        CHECK(ok);
        memcpy(seen[i], t.board, sizeof t.board);
        for (int j = 0; j < i; j++)
            if (memcmp(seen[j], seen[i], sizeof t.board) == 0) {
                CHECK(0); /* two moves, one position */
                break;
            }
        if (deep)
            CHECK(in_ref(&t, nref));
        char text[128];
        kk_move back = -1;
        kk_error err;
        g->move_to_text(s, moves[i], text, sizeof text);
        if (g->move_from_text(s, text, &back, &err) != 0 || back != moves[i]) {
            fprintf(stderr, "round trip failed: '%s'\n", text);
            CHECK(0);
        }
    }
}

static void play_games(const char *setting, int games, uint64_t seed, int deep_every)
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    /* setting: space-separated key=value items */
    char items[128];
    snprintf(items, sizeof items, "%s", setting ? setting : "");
    for (char *p = strtok(items, " "); p; p = strtok(NULL, " "))
        CHECK_EQ_INT(kk_variant_set(g, &v, p, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 7);
    for (int game = 0; game < games; game++) {
        struct bg_state s;
        CHECK_EQ_INT(g->init(&s, &v, 2, &err), 0);
        int events = 0, decisions = 0;
        for (;;) {
            if (g->check(&s, &err) != 0) {
                fprintf(stderr, "check failed (game %d, event %d): %s\n", game, events, err.msg);
                CHECK(0);
                return;
            }
            int who = g->to_move(&s);
            if (who == KK_TERMINAL)
                break;
            kk_move m;
            if (who == KK_CHANCE) {
                int n = g->chance_outcomes(&s, moves, probs);
                double total = 0;
                for (int i = 0; i < n; i++)
                    total += probs[i];
                CHECK(n == (s.phase == BG_PHASE_OPENING ? 30 : 21));
                CHECK(total > 0.999999 && total < 1.000001);
                m = g->sample_chance(&s, &rng);
                CHECK(kk_is_legal(g, &s, m));
                char text[32];
                kk_move back;
                g->move_to_text(&s, m, text, sizeof text);
                CHECK(g->move_from_text(&s, text, &back, &err) == 0 && back == m);
            } else {
                check_moves(&s, deep_every && decisions % deep_every == 0);
                decisions++;
                m = kk_random_move(g, &s, &rng);
            }
            g->apply(&s, m);
            events++;
        }
        int32_t sc[2];
        g->scores(&s, sc);
        uint32_t w = g->winners(&s);
        CHECK(w == 1 || w == 2);
        CHECK(sc[w == 1 ? 0 : 1] >= 1 && sc[w == 1 ? 1 : 0] == 0);
        double st[8];
        g->get_stats(&s, st);
        CHECK_EQ_INT(st[BG_ST_TURNS], s.turns);
        CHECK_EQ_INT(st[BG_ST_HITS] + st[BG_ST_HITS + 1], s.hits[0] + s.hits[1]);
        CHECK(st[BG_ST_PIPS_LEFT] > 0);
        CHECK(st[BG_ST_BACKGAMMON] <= st[BG_ST_GAMMON]);
        if (strstr(setting ? setting : "", "gammons=1"))
            CHECK_EQ_INT(sc[w == 1 ? 0 : 1], 1 + st[BG_ST_GAMMON] + st[BG_ST_BACKGAMMON]);
    }
}

/* The opening roll: each of the 30 ordered pairs about equally often, the higher die's
 * seat to play it. */
static void test_opening_distribution(void)
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    kk_rng rng;
    kk_rng_seed(&rng, 5, 1);
    int counts[64] = {0};
    for (int i = 0; i < 30000; i++) { /* about 1000 per pair */
        struct bg_state s;
        g->init(&s, &v, 2, &err);
        kk_move m = g->sample_chance(&s, &rng);
        counts[m]++;
        g->apply(&s, m);
        CHECK_EQ_INT(s.seat, (m >> 3) > (m & 7) ? 0 : 1);
    }
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            CHECK(a == b ? counts[BG_ROLL(a, b)] == 0
                         : counts[BG_ROLL(a, b)] > 850 && counts[BG_ROLL(a, b)] < 1150);
}

int main(void)
{
    play_games(NULL, 16, 1, 4);
    play_games("higher_die=0", 8, 2, 4);
    play_games("opening=seat0 gammons=1", 8, 3, 4);
    play_games("gammons=1", 60, 4, 0);
    test_opening_distribution();
    printf("largest move list seen: %d\n", max_seen);
    return kk_test_done("backgammon_random");
}
