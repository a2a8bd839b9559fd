/* Liar's Cards: random and greedy games for every player count 2-10 under many variants,
 * with the check hook after every event and invariants tracked independently of the
 * engine: chance outcomes listed with probabilities summing to 1 and sampled among them,
 * notation round trips, lives falling by exactly one per challenge and never otherwise,
 * no seat moving after it is out, the game ending after players x cubes - (winner's lives)
 * rounds with scores in elimination order, and statistics that add up. */
#include <math.h>
#include <string.h>

#include "agents/agent.h"
#include "engine/liars_cards/liars_cards.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_liars_cards;
static kk_move moves[LC_TRACK_PERMS];
static double probs[LC_TRACK_PERMS];

static const char *const variants[][2] = {
    {NULL, NULL},
    {"wild_choice=starter", "track_order=shuffled"},
    {"late_wild_bid=allow", "wild_needs_natural=0"},
    {"cubes=2", "max_cards=1"},
    {"cubes=3", "max_cards=2"},
    {"sum_below=0", "track=AWBCHD"},
    {"sum_below=10", "cubes=1"},
    {"wild_choice=starter", "late_wild_bid=allow"},
};
#define NUM_VARIANTS (int)(sizeof variants / sizeof variants[0])

/* Plays one game; agent NULL: uniform random moves. Returns 0 when every check held. */
static int play_game(int players, int variant, uint64_t seed, struct kk_agent *agent)
{
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    for (int i = 0; i < 2; i++)
        if (variants[variant][i] && kk_variant_set(g, &v, variants[variant][i], &err) != 0)
            return fprintf(stderr, "variant: %s\n", err.msg), -1;
    static struct lc_state s;
    if (kk_game_init(g, &s, &v, players, &err) != 0)
        return fprintf(stderr, "init: %s\n", err.msg), -1;
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)players * 100 + (uint64_t)variant);
    int cubes = s.cubes, out_count = 0, calls = 0;
    int out_order[LC_MAX_SEATS];
    int lives[LC_MAX_SEATS];
    for (int p = 0; p < players; p++) {
        lives[p] = cubes;
        out_order[p] = -1;
    }
    for (int events = 0;; events++) {
        if (events > 100000)
            return fprintf(stderr, "game does not end\n"), -1;
        if (g->check(&s, &err) != 0)
            return fprintf(stderr, "check (players %d, variant %d, seed %llu, event %d): %s\n",
                           players, variant, (unsigned long long)seed, events, err.msg),
                   -1;
        for (int p = 0; p < players; p++) {
            double e = g->evaluate(&s, p);
            if (!isfinite(e) || e < 0 || e > players - 1 + cubes)
                return fprintf(stderr, "evaluate(%d) = %g\n", p, e), -1;
        }
        int who = g->to_move(&s);
        if (who == KK_TERMINAL)
            break;
        kk_move m;
        if (who == KK_CHANCE) {
            int n = g->chance_outcomes(&s, moves, probs);
            double total = 0;
            for (int i = 0; i < n; i++) {
                total += probs[i];
                if (probs[i] <= 0)
                    return fprintf(stderr, "outcome with probability %g\n", probs[i]), -1;
            }
            if (fabs(total - 1) > 1e-9)
                return fprintf(stderr, "chance probabilities add up to %.12f\n", total), -1;
            m = g->sample_chance(&s, &rng);
            if (!kk_test_in_list(m, moves, n))
                return fprintf(stderr, "sampled outcome %d not listed\n", (int)m), -1;
        } else {
            if (who < 0 || who >= players || lives[who] == 0)
                return fprintf(stderr, "seat %d moves with %d lives\n", who,
                               who >= 0 && who < players ? lives[who] : -1),
                       -1;
            int n = g->legal_moves(&s, moves);
            if (n < 1)
                return fprintf(stderr, "no legal move\n"), -1;
            m = agent ? agent->choose(agent, &s, &rng) : moves[kk_rng_below(&rng, (uint32_t)n)];
            if (!kk_test_in_list(m, moves, n))
                return fprintf(stderr, "agent chose an illegal move\n"), -1;
        }
        if (kk_test_roundtrip(g, &s, m) != 0)
            return -1;
        int is_call = who >= 0 && m == LC_MOVE_CALL;
        g->apply(&s, m);
        /* Lives: one cube, from the bidder or the caller, exactly when a call is made. */
        int lost = 0, loser = -1;
        for (int p = 0; p < players; p++) {
            int d = lives[p] - s.lives[p];
            if (d != 0) {
                lost += d;
                loser = p;
            }
        }
        if (is_call) {
            calls++;
            if (lost != 1 || (loser != s.caller && loser != s.bidder) || s.loser != loser)
                return fprintf(stderr, "a call took %d cubes\n", lost), -1;
            lives[loser]--;
            if (lives[loser] == 0)
                out_order[loser] = out_count++;
        } else if (lost != 0) {
            return fprintf(stderr, "lives changed without a call\n"), -1;
        }
    }
    int winner = -1;
    for (int p = 0; p < players; p++)
        if (lives[p] > 0)
            winner = p;
    if (out_count != players - 1 || winner < 0 || g->winners(&s) != 1u << winner)
        return fprintf(stderr, "ended with %d out, winners %#x\n", out_count, g->winners(&s)),
               -1;
    if (calls != players * cubes - lives[winner])
        return fprintf(stderr, "%d rounds, expected %d\n", calls, players * cubes - lives[winner]),
               -1;
    int32_t scores[LC_MAX_SEATS];
    g->scores(&s, scores);
    for (int p = 0; p < players; p++) {
        int want = p == winner ? players - 1 : out_order[p];
        if (scores[p] != want)
            return fprintf(stderr, "seat %d scores %d, expected %d\n", p, scores[p], want), -1;
    }
    double stats[64];
    g->get_stats(&s, stats);
    double lost_calling = 0, lost_bidding = 0;
    for (int p = 0; p < players; p++) {
        lost_calling += stats[kk_stat_offset(g, players, LC_ST_LOST_CALLING) + p];
        lost_bidding += stats[kk_stat_offset(g, players, LC_ST_LOST_BIDDING) + p];
    }
    if (stats[LC_ST_ROUNDS] != calls || lost_calling + lost_bidding != calls ||
        stats[LC_ST_CALLER_WINS] != lost_bidding ||
        stats[LC_ST_NATURAL_DECIDED] > stats[LC_ST_CALLER_WINS])
        return fprintf(stderr, "statistics do not add up\n"), -1;
    return 0;
}

int main(void)
{
    kk_error err;
    struct kk_agent *greedy = kk_agent_create(g, "greedy", &err);
    CHECK(greedy != NULL);
    CHECK_EQ_INT(kk_stats_width(g, 10), LC_ST_LOST_CALLING + 20);
    int games = 0;
    for (int players = 2; players <= LC_MAX_SEATS; players++)
        for (int variant = 0; variant < NUM_VARIANTS; variant++) {
            for (uint64_t seed = 1; seed <= 3; seed++, games++)
                CHECK_EQ_INT(play_game(players, variant, seed, NULL), 0);
            CHECK_EQ_INT(play_game(players, variant, 9, greedy), 0);
            games++;
        }
    printf("  %d games\n", games);
    kk_agent_destroy(greedy);
    return kk_test_done("liars_cards_random");
}
