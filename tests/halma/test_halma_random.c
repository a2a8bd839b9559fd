/* Halma: invariants over random and greedy games for 2, 3 and 4 players and several
 * variants: check() (pieces conserved, counters right) after every event, every legal
 * move distinct and in row-major order, notation round trips, the winner rule re-derived
 * here at the end (all home / Parlett / the cap's tie-break), the statistics adding up. */
#include <string.h>

#include "agents/agent.h"
#include "engine/halma/halma.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_halma;
static kk_move moves[HALMA_MAX_MOVES];

static int chebyshev_sum(const struct halma_state *s, int p)
{
    int cx, cy, sum = 0;
    halma_corner_xy(s->size, s->target[p], &cx, &cy);
    for (int c = 0; c < HALMA_CELLS; c++)
        if (s->board[c] == p + 1) {
            int dx = halma_x(c) - cx, dy = halma_y(c) - cy;
            dx = dx < 0 ? -dx : dx;
            dy = dy < 0 ? -dy : dy;
            sum += dx > dy ? dx : dy;
        }
    return sum;
}

/* The winners the rules give for a finished game whose last mover was `last`. */
static uint32_t expected_winners(const struct halma_state *s, int last)
{
    int home = s->in_target[last] == s->pieces;
    int parlett = !s->spoiling && s->target_filled[last] == s->pieces && s->in_target[last];
    if (home || parlett)
        return 1u << last;
    uint32_t w = 0;
    for (int p = 0; p < s->players; p++) {
        int better = 0;
        for (int q = 0; q < s->players; q++)
            better |= s->in_target[q] > s->in_target[p] ||
                      (s->in_target[q] == s->in_target[p] &&
                       chebyshev_sum(s, q) < chebyshev_sum(s, p));
        if (!better)
            w |= 1u << p;
    }
    return w;
}

/* Plays one game; returns 1 if it ended by a win before the cap. */
static int play_game(const char *settings, int players, uint64_t seed, struct kk_agent *agent,
                      int deep)
{
    struct kk_variant v;
    kk_error err;
    struct halma_state s;
    kk_variant_defaults(g, &v, &err);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", settings);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        CHECK_EQ_INT(kk_variant_set(g, &v, tok, &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 7);
    int last = -1;
    for (;;) {
        if (g->check(&s, &err) != 0) {
            fprintf(stderr, "check failed (%s, %d players, seed %llu, turn %d): %s\n", settings,
                    players, (unsigned long long)seed, s.turns, err.msg);
            CHECK(0);
            return 0;
        }
        int who = g->to_move(&s);
        if (who == KK_TERMINAL)
            break;
        CHECK_EQ_INT(who, (last + 1) % players);
        int n = g->legal_moves(&s, moves);
        CHECK(n >= 1 && n <= g->max_moves);
        for (int i = 1; i < n; i++)
            CHECK(moves[i] > moves[i - 1]); /* distinct, from-cell then to-cell row-major */
        if (deep)
            for (int i = 0; i < n; i++)
                kk_test_roundtrip(g, &s, moves[i]);
        kk_move m = agent ? agent->choose(agent, &s, &rng)
                          : moves[kk_rng_bounded(&rng, (uint32_t)n)];
        CHECK(kk_is_legal(g, &s, m));
        if (m != HALMA_PASS)
            CHECK(halma_chain_length(&s, halma_from(m), halma_to(m)) >= 0);
        kk_test_roundtrip(g, &s, m);
        g->apply(&s, m);
        last = who;
    }
    CHECK(s.turns >= 1 && s.turns <= s.max_turns * players);
    CHECK_EQ_INT(s.capped, !(s.in_target[last] == s.pieces ||
                            (!s.spoiling && s.target_filled[last] == s.pieces &&
                             s.in_target[last])));
    CHECK_EQ_INT(s.capped, s.turns == s.max_turns * players && s.capped);
    CHECK_EQ_INT(g->winners(&s), expected_winners(&s, last));
    int32_t sc[HALMA_MAX_SEATS];
    g->scores(&s, sc);
    for (int p = 0; p < players; p++)
        CHECK_EQ_INT(sc[p], (g->winners(&s) >> p) & 1u);
    double st[HALMA_NUM_STATS + HALMA_MAX_SEATS];
    g->get_stats(&s, st);
    CHECK_EQ_INT(st[kk_stat_offset(g, players, HALMA_ST_TURNS)], s.turns);
    CHECK_EQ_INT(st[kk_stat_offset(g, players, HALMA_ST_CAPPED)], s.capped);
    for (int p = 0; p < players; p++)
        CHECK_EQ_INT(st[kk_stat_offset(g, players, HALMA_ST_IN_TARGET) + p], s.in_target[p]);
    CHECK_EQ_INT(st[kk_stat_offset(g, players, HALMA_ST_PASSES)], s.passes);
    double jpm = st[kk_stat_offset(g, players, HALMA_ST_JUMPS_PER_MOVE)];
    CHECK(jpm >= st[kk_stat_offset(g, players, HALMA_ST_JUMP_MOVES)]);
    CHECK(jpm <= st[kk_stat_offset(g, players, HALMA_ST_LONGEST_CHAIN)]);
    return !s.capped;
}

int main(void)
{
    static const char *const settings[] = {
        "max_turns=40", "max_turns=20 spoiling=none", "camp_lock=1 max_turns=30",
        "size=6 camp=3 max_turns=60", "size=12 camp=5 max_turns=20", "size=7 camp=2",
        "size=8 camp=4 max_turns=25 camp_lock=1",
    };
    const int kinds = (int)(sizeof settings / sizeof settings[0]);
    int games = 0;
    for (int i = 0; i < 84; i++) {
        play_game(settings[i % kinds], 2 + (i / kinds) % 3, (uint64_t)i, NULL, i < 6);
        games++;
    }
    /* Greedy games end in wins (all home or by Parlett's rule), which random play never
     * reaches; a few random ones run to the default cap. */
    kk_error err;
    struct kk_agent *greedy = kk_agent_create(g, "greedy", &err);
    CHECK(greedy != NULL);
    static const char *const greedy_settings[] = {"max_turns=200", "spoiling=none",
                                                  "camp_lock=1", "size=12 camp=5",
                                                  "size=6 camp=3"};
    int won = 0;
    for (int i = 0; i < 30 && greedy; i++) {
        won += play_game(greedy_settings[i % 5], 2 + i % 3, 1000 + (uint64_t)i, greedy, 0);
        games++;
    }
    printf("  %d of 30 greedy games won before the cap\n", won);
    CHECK(won >= 20);
    kk_agent_destroy(greedy);
    for (int players = 2; players <= 4; players++, games++)
        play_game("max_turns=200", players, 77, NULL, 0);
    printf("  %d games\n", games);
    return kk_test_done("halma_random");
}
