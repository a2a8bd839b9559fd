/* Carcassonne invariants over thousands of fixed-seed random games (base 2-5 players with
 * every farms edition, and the solo variant): the check hook holds (followers conserved,
 * union-find sets and open-edge counters agree with the board, frontier exact), scores
 * never decrease in the base game, every tile is placed or discarded exactly once, chance
 * probabilities match the bag, random_move is legal and uniform. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/carcassonne/carc.h"
#include "testlib.h"

static unsigned char state_buf[KK_TEST_STATE_MAX];

/* Checking builds already verify the state after every event inside apply: fewer games. */
#ifdef KK_CHECKS
#define GAMES_SCALE 4
#else
#define GAMES_SCALE 1
#endif
static kk_move moves[CARC_MAX_FRONT * 4 * 9];

static void set_variant(const struct kk_game *g, struct kk_variant *v, const char *set)
{
    kk_error err;
    kk_variant_defaults(g, v, &err);
    if (set)
        CHECK(kk_variant_set(g, v, set, &err) == 0);
}

/* One random game; full checks at every event when thorough. */
static long decisions; /* solo scoring-order decisions seen in thorough games */

static void random_game(const struct kk_game *g, const struct kk_variant *v, int players,
                        uint64_t seed, int thorough)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    kk_error err;
    CHECK(kk_game_init(g, s, v, players, &err) == 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 11);
    int32_t last[KK_MAX_SEATS] = {0};
    int events = 0, bad = 0;
    while (g->to_move(s) != KK_TERMINAL && events < 1000) {
        int who = g->to_move(s);
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(s, &rng);
            if (thorough) {
                double prob[CARC_NTYPES], sum = 0;
                int n = g->chance_outcomes(s, moves, prob), found = 0;
                for (int i = 0; i < n; i++) {
                    sum += prob[i];
                    found |= moves[i] == m;
                    bad |= fabs(prob[i] - (double)s->bag[moves[i]] / s->bag_total) > 1e-12;
                }
                bad |= !found || fabs(sum - 1) > 1e-9;
            }
        } else {
            m = g->random_move(s, &rng);
            if (thorough) {
                int n = g->legal_moves(s, moves), found = 0, places = 0;
                for (int i = 0; i < n; i++) {
                    found |= moves[i] == m;
                    places += s->phase == CARC_PHASE_PLACE && carc_move_spot(moves[i]) == 0;
                }
                bad |= !found || n < 1;
                /* Every placement has exactly one move without a follower (base game). */
                if (!s->solo && s->phase == CARC_PHASE_PLACE)
                    bad |= places != carc_count_placements(s, s->tile);
            }
        }
        if (thorough || (who >= 0 && s->phase == CARC_PHASE_DECIDE)) {
            /* Notation round trip of every event (tiles, placements, scoring decisions). */
            char text[64];
            kk_move back = -1;
            g->move_to_text(s, m, text, sizeof text);
            if (g->move_from_text(s, text, &back, &err) != 0 || back != m) {
                fprintf(stderr, "seed %llu: '%s' does not read back\n", (unsigned long long)seed, text);
                bad = 1;
            }
            decisions += who >= 0 && s->phase == CARC_PHASE_DECIDE;
        }
        g->apply(s, m);
        events++;
        if (thorough && g->check(s, &err) != 0) {
            fprintf(stderr, "seed %llu event %d: %s\n", (unsigned long long)seed, events, err.msg);
            CHECK(!"check hook");
            return;
        }
        if (!s->solo)
            for (int p = 0; p < s->players; p++) {
                bad |= s->score[p] < last[p];
                last[p] = s->score[p];
            }
    }
    CHECK(!bad);
    CHECK_EQ_INT(g->to_move(s), KK_TERMINAL);
    if (g->check(s, &err) != 0) {
        fprintf(stderr, "seed %llu at the end: %s\n", (unsigned long long)seed, err.msg);
        CHECK(!"check hook at the end");
    }
    if (!s->solo) {
        CHECK_EQ_INT(s->ntiles + s->discarded, CARC_NTILES);
        CHECK_EQ_INT(s->bag_total, 0);
        for (int p = 0; p < s->players; p++) {
            int sum = 0;
            for (int k = 0; k < CARC_NSRC; k++)
                sum += s->pts[p][k];
            CHECK_EQ_INT(sum, s->score[p]);
        }
    } else {
        int left = 0;
        for (int p = 0; p < s->players; p++)
            left += s->pile[p];
        CHECK_EQ_INT(left, s->bag_total);
        CHECK_EQ_INT(s->ntiles + s->discarded + s->bag_total, CARC_NTILES);
        CHECK(s->end_reason == CARC_END_TILES || s->end_reason == CARC_END_NO_MEEPLE);
        CHECK(s->end_reason == CARC_END_NO_MEEPLE || s->pile[s->seat] == 0);
        CHECK_EQ_INT(g->result(s), carc_lowest(s));
    }
}

/* The generic random playout, event by event through the interface: the loop the
 * playout hook is defined by (engine/core/game.h). */
static int generic_playout(const struct kk_game *g, void *state, kk_rng *chance, kk_rng *mv,
                           int *chances)
{
    int seat_moves = 0;
    *chances = 0;
    for (int who; (who = g->to_move(state)) != KK_TERMINAL;) {
        if (who == KK_CHANCE) {
            g->apply(state, g->sample_chance(state, chance));
            ++*chances;
        } else {
            g->apply(state, g->random_move(state, mv));
            seat_moves++;
        }
    }
    return seat_moves;
}

/* The playout hook plays the very games of the generic loop from state: the same final
 * state byte for byte, the same generator states afterwards and the same counts, with two
 * generators and with one shared by chance and moves (as MCTS rollouts use it). */
static long playout_discards; /* tiles that fitted nowhere in those games */

static void playout_matches(const struct kk_game *g, const void *state, uint64_t seed)
{
    static unsigned char a[KK_TEST_STATE_MAX], b[KK_TEST_STATE_MAX];
    for (int shared = 0; shared < 2; shared++) {
        kk_rng ca, ma, cb, mb;
        kk_rng_seed(&ca, seed, 3);
        kk_rng_seed(&ma, seed, 4);
        cb = ca;
        mb = ma;
        memcpy(a, state, g->state_size);
        memcpy(b, state, g->state_size);
        int cha = -1, chb = -1;
        int na = generic_playout(g, a, &ca, shared ? &ca : &ma, &cha);
        int nb = g->playout(b, &cb, shared ? &cb : &mb, &chb);
        CHECK_EQ_INT(nb, na);
        CHECK_EQ_INT(chb, cha);
        CHECK(memcmp(a, b, g->state_size) == 0);
        CHECK(ca.state == cb.state && ma.state == mb.state);
        CHECK_EQ_INT(g->to_move(b), KK_TERMINAL);
        playout_discards += ((const struct carc_state *)b)->discarded -
                            ((const struct carc_state *)state)->discarded;
    }
}

/* The hook against the loop from the start and from positions part way through games
 * (chance nodes and seat nodes), under every farms edition and 2-5 players; and through
 * kk_random_playout, which the bench uses. */
static void playout_agrees(const struct kk_game *g)
{
    static const char *const sets[] = {NULL, "farms=2nd", "farms=1st", "farms=off",
                                       "followers=1", "small_city=1"};
    struct carc_state *s = (struct carc_state *)state_buf;
    kk_error err;
    CHECK(g->playout != NULL);
    if (!g->playout)
        return;
    for (int i = 0; i < 600 / GAMES_SCALE; i++) {
        struct kk_variant v;
        set_variant(g, &v, sets[i % 6]);
        CHECK(kk_game_init(g, s, &v, 2 + i % 4, &err) == 0);
        kk_rng rng;
        kk_rng_seed(&rng, 31337, (uint64_t)i);
        int prefix = (i * 7) % 150; /* events played before the playout starts */
        for (int e = 0; e < prefix && g->to_move(s) != KK_TERMINAL; e++)
            g->apply(s, g->to_move(s) == KK_CHANCE ? g->sample_chance(s, &rng)
                                                   : g->random_move(s, &rng));
        playout_matches(g, s, 500 + (uint64_t)i);
    }
    /* A tile that fits nowhere is rare (the hook then puts its move generator back): more
     * games from the start until the playouts have discarded a few. */
    for (int i = 0; i < 40000 && playout_discards < 8; i++) {
        struct kk_variant v;
        set_variant(g, &v, sets[i % 6]);
        CHECK(kk_game_init(g, s, &v, 2 + i % 4, &err) == 0);
        playout_matches(g, s, 100000 + (uint64_t)i);
    }
    /* kk_random_playout takes the hook, and gives what the loop gives without it. */
    struct kk_variant v;
    set_variant(g, &v, NULL);
    CHECK(kk_game_init(g, s, &v, 2, &err) == 0);
    static unsigned char a[KK_TEST_STATE_MAX];
    memcpy(a, s, g->state_size);
    kk_rng c1, m1, c2, m2;
    kk_rng_seed(&c1, 8, 1);
    kk_rng_seed(&m1, 8, 2);
    c2 = c1;
    m2 = m1;
    int ch1 = 0, ch2 = 0;
    int n1 = kk_random_playout(g, s, &c1, &m1, &ch1, 1000);
    int n2 = generic_playout(g, a, &c2, &m2, &ch2);
    CHECK(n1 > 0 && ch1 > 0);
    CHECK_EQ_INT(n1, n2);
    CHECK_EQ_INT(ch1, ch2);
    CHECK(memcmp(a, s, g->state_size) == 0);
    CHECK(playout_discards > 0); /* the hook's path for a tile that fits nowhere ran */
}

/* random_move draws every legal move with equal probability (a fixed position). */
static void uniformity(const struct kk_game *g)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    struct kk_variant v;
    set_variant(g, &v, NULL);
    kk_error err;
    kk_game_init(g, s, &v, 2, &err);
    kk_rng rng;
    kk_rng_seed(&rng, 5, 5);
    for (int i = 0; i < 30; i++) /* a mid-game position */
        g->apply(s, g->to_move(s) == KK_CHANCE ? g->sample_chance(s, &rng) : g->random_move(s, &rng));
    while (g->to_move(s) == KK_CHANCE)
        g->apply(s, g->sample_chance(s, &rng));
    int n = g->legal_moves(s, moves);
    static int counts[CARC_MAX_FRONT * 4 * 9];
    memset(counts, 0, sizeof counts);
    int draws = 2000 * n;
    for (int i = 0; i < draws; i++) {
        kk_move m = g->random_move(s, &rng);
        for (int k = 0; k < n; k++)
            if (moves[k] == m) {
                counts[k]++;
                break;
            }
    }
    /* Each count is Binomial(draws, 1/n): mean 2000, sd < 45; allow 6 sd. */
    int lo = draws, hi = 0, total = 0;
    for (int k = 0; k < n; k++) {
        lo = counts[k] < lo ? counts[k] : lo;
        hi = counts[k] > hi ? counts[k] : hi;
        total += counts[k];
    }
    CHECK(n > 5);
    CHECK_EQ_INT(total, draws);
    CHECK(lo > 2000 - 270 && hi < 2000 + 270);
}

/* Lays a row of tiles east of the start tile, cells 1..end-1 (choosing the draws);
 * returns the first cell left empty. */
static int long_row(const struct kk_game *g, struct carc_state *s, int end)
{
    int x = 1;
    while (x < end) {
        /* Leave to the east the edge that most remaining tiles can continue, and use up
         * tiles with few kinds of edges first. */
        int tile = -1, rot = -1, best = -1;
        for (int t = 0; t < CARC_NTYPES; t++) {
            if (!s->bag[t])
                continue;
            for (int r = 0; r < carc_period[t]; r++) {
                if (carc_fit_side(s, x, 0, t, r) != 0)
                    continue;
                char east = "?CRF"[(carc_rots[t][r].edge_code >> (2 * CARC_E)) & 3];
                int avail = 0, kinds = 0;
                for (int u = 0; u < CARC_NTYPES; u++)
                    if (strchr(carc_tiles[u].edges, east))
                        avail += s->bag[u] - (u == t);
                for (const char *e = "CRF"; *e; e++)
                    kinds += strchr(carc_tiles[t].edges, *e) != NULL;
                int score = avail * 4 - kinds;
                if (score > best) {
                    best = score;
                    tile = t;
                    rot = r;
                }
            }
        }
        if (tile < 0)
            break;
        g->apply(s, tile); /* the draw */
        CHECK_EQ_INT(g->to_move(s), x % 2 == 1 ? 0 : 1);
        g->apply(s, carc_move(x, 0, rot, 0));
        x++;
    }
    return x;
}

static void span_limit(const struct kk_game *g)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    struct kk_variant v;
    set_variant(g, &v, NULL);
    kk_error err;
    kk_game_init(g, s, &v, 2, &err);
    int x = long_row(g, s, CARC_MAX_SPAN);
    CHECK_EQ_INT(x, CARC_MAX_SPAN); /* the row spans cells 0..61 */
    CHECK(g->check(s, &err) == 0);
    CHECK(!carc_cell_open(s, CARC_MAX_SPAN, 0));
    CHECK(!carc_cell_open(s, -1, 0));
    CHECK(carc_cell_open(s, 5, 1) || carc_cell_open(s, 5, -1));
    CHECK(s->near_limit);
    for (uint64_t seed = 0; seed < 20; seed++) /* near the limit every cell is checked */
        playout_matches(g, s, seed);
    kk_rng rng;
    kk_rng_seed(&rng, 77, 1);
    int bad = 0;
    while (g->to_move(s) != KK_TERMINAL) {
        if (g->to_move(s) == KK_CHANCE) {
            g->apply(s, g->sample_chance(s, &rng));
            continue;
        }
        int n = g->legal_moves(s, moves);
        for (int i = 0; i < n; i++)
            bad |= carc_move_x(moves[i]) < 0 || carc_move_x(moves[i]) >= CARC_MAX_SPAN;
        g->apply(s, g->random_move(s, &rng));
        bad |= g->check(s, &err) != 0;
    }
    CHECK(!bad);
    CHECK_EQ_INT(s->ntiles + s->discarded, CARC_NTILES);
}

/* carc_free_mask (legal_moves' one-pass check) agrees with carc_segment_free (the single
 * segment check) and carc_front_segment_free (the same from the frontier pattern, which
 * the base game's random_move uses) for every segment of every fitting placement, over the
 * positions of random games with farmers: a follower is never offered on a segment the
 * other calls occupied, nor withheld from a free one. */
static void free_mask_agrees(const struct kk_game *g)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    kk_error err;
    struct kk_variant v;
    set_variant(g, &v, NULL);
    long checked = 0, blocked = 0;
    for (int game = 0; game < 40 / GAMES_SCALE + 2; game++) {
        CHECK(kk_game_init(g, s, &v, 2 + game % 4, &err) == 0);
        kk_rng rng;
        kk_rng_seed(&rng, 4242, (uint64_t)game);
        while (g->to_move(s) != KK_TERMINAL) {
            if (g->to_move(s) == KK_CHANCE) {
                g->apply(s, g->sample_chance(s, &rng));
                continue;
            }
            int t = s->tile;
            for (int k = 0; k < s->nfront; k++)
                for (int rot = 0; rot < 4; rot++) {
                    if (!((carc_fit[t][s->fpat[k]] >> rot) & 1u))
                        continue;
                    unsigned mask = carc_free_mask(s, s->fx[k], s->fy[k], t, rot);
                    for (int j = 0; j < carc_tiles[t].nseg; j++) {
                        int one = carc_segment_free(s, s->fx[k], s->fy[k], t, rot, j);
                        CHECK_EQ_INT((int)((mask >> j) & 1u), one);
                        CHECK_EQ_INT(carc_front_segment_free(s, k, t, rot, j), one);
                        checked++;
                        blocked += !one;
                    }
                }
            g->apply(s, g->random_move(s, &rng));
        }
    }
    CHECK(checked > 10000 && blocked > 1000); /* both answers were exercised */
}

/* The random move's distribution, exactly: every legal move (placement and follower spot)
 * equally likely. From many fixed positions (2-5 players, farms on and off, a follower
 * supply of 1, the solo game; early, middle and late in seeded games, and one near the span
 * limit, where the draw takes its other path), random_move is drawn 150 times per legal
 * move and the counts are tested against the uniform distribution over legal_moves() with
 * a chi-square test: each position's statistic and their sum, turned into z-scores by the
 * Wilson-Hilferty approximation, must stay below 5 (a chance of about 3e-7 for a correct
 * sampler). A sampler that never draws one rotation, that prefers the first candidates of a
 * batch, or that weighs placements equally whatever their number of free spots fails by
 * far (z in the hundreds). Returns the largest per-position z-score. */
static double chi_square_z(double chi2, int df)
{
    double a = 2.0 / (9.0 * df);
    return (cbrt(chi2 / df) - (1 - a)) / sqrt(a);
}

static double move_distribution_at(const struct kk_game *g, const void *state, kk_rng *rng,
                                   double *chi2_sum, int *df_sum)
{
    static int counts[CARC_MAX_FRONT * 4 * 9];
    int n = g->legal_moves(state, moves);
    memset(counts, 0, sizeof counts);
    long draws = 150L * n;
    for (long i = 0; i < draws; i++) {
        kk_move m = g->random_move(state, rng);
        int found = -1;
        for (int k = 0; k < n && found < 0; k++)
            if (moves[k] == m)
                found = k;
        CHECK(found >= 0);
        if (found >= 0)
            counts[found]++;
    }
    if (n < 2)
        return 0;
    double chi2 = 0;
    for (int k = 0; k < n; k++)
        chi2 += (counts[k] - 150.0) * (counts[k] - 150.0) / 150.0;
    *chi2_sum += chi2;
    *df_sum += n - 1;
    return chi_square_z(chi2, n - 1);
}

static void move_distribution(void)
{
    struct carc_state *s = (struct carc_state *)state_buf;
    static const struct {
        const char *game, *set;
        int players;
    } configs[] = {{"carcassonne", NULL, 2},        {"carcassonne", NULL, 3},
                   {"carcassonne", "farms=off", 4}, {"carcassonne", "followers=1", 5},
                   {"carcassonne-solo", NULL, 0},   {"carcassonne-solo", "colours=4", 0}};
    static const int depths[] = {2, 25, 60, 110};
    double chi2_sum = 0, worst = -1e9;
    int df_sum = 0, positions = 0;
    kk_rng rng;
    kk_rng_seed(&rng, 23, 8);
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        const struct kk_game *g = kk_game_find(configs[c].game);
        struct kk_variant v;
        set_variant(g, &v, configs[c].set);
        for (size_t d = 0; d < sizeof depths / sizeof depths[0]; d++) {
            kk_error err;
            CHECK(kk_game_init(g, s, &v, configs[c].players, &err) == 0);
            kk_rng play;
            kk_rng_seed(&play, 700 + c, d);
            for (int e = 0; e < depths[d] && g->to_move(s) != KK_TERMINAL; e++)
                g->apply(s, g->to_move(s) == KK_CHANCE ? g->sample_chance(s, &play)
                                                       : g->random_move(s, &play));
            while (g->to_move(s) == KK_CHANCE)
                g->apply(s, g->sample_chance(s, &play));
            if (g->to_move(s) == KK_TERMINAL || s->phase != CARC_PHASE_PLACE)
                continue;
            double z = move_distribution_at(g, s, &rng, &chi2_sum, &df_sum);
            worst = z > worst ? z : worst;
            positions++;
        }
    }
    /* Near the span limit: a row of 61 tiles (cells 0..60), then a draw that fits. */
    const struct kk_game *base = kk_game_find("carcassonne");
    struct kk_variant v;
    set_variant(base, &v, NULL);
    kk_error err;
    CHECK(kk_game_init(base, s, &v, 2, &err) == 0);
    CHECK_EQ_INT(long_row(base, s, CARC_MAX_SPAN - 1), CARC_MAX_SPAN - 1);
    kk_rng play;
    kk_rng_seed(&play, 31, 4);
    while (base->to_move(s) == KK_CHANCE)
        base->apply(s, base->sample_chance(s, &play));
    CHECK(s->near_limit && s->phase == CARC_PHASE_PLACE);
    if (s->phase == CARC_PHASE_PLACE) {
        double z = move_distribution_at(base, s, &rng, &chi2_sum, &df_sum);
        worst = z > worst ? z : worst;
        positions++;
    }
    double z_all = chi_square_z(chi2_sum, df_sum);
    printf("move distribution: %d positions, chi-square %.0f on %d degrees of freedom (z %.2f), "
           "worst position z %.2f\n", positions, chi2_sum, df_sum, z_all, worst);
    CHECK(positions >= 20);
    CHECK(z_all < 5 && worst < 5);
}

/* The board lives on a 64 x 64 torus and may span 62 cells: build one long row east of
 * the start tile (choosing the draws), then check that no placement stretches it further,
 * that nothing aliases, and that the game still plays to its end. */
int main(void)
{
    const struct kk_game *base = kk_game_find("carcassonne");
    const struct kk_game *solo = kk_game_find("carcassonne-solo");
    CHECK(base && solo);
    if (!base || !solo)
        return kk_test_done("carc_random");
    CHECK(base->state_size <= 8192);
    static const char *const sets[] = {NULL, "farms=2nd", "farms=1st", "farms=off",
                                       "followers=2", "small_city=1"};
    int games = 0;
    for (int i = 0; i < 3000 / GAMES_SCALE; i++) {
        struct kk_variant v;
        set_variant(base, &v, sets[i % 6]);
        random_game(base, &v, 2 + i % 4, 100 + (uint64_t)i, i < 300);
        games++;
    }
    static const char *const solo_sets[] = {NULL, "meeples=3", "meeples=5", "colours=4"};
    for (int i = 0; i < 2000 / GAMES_SCALE; i++) {
        struct kk_variant v;
        set_variant(solo, &v, solo_sets[i % 4]);
        random_game(solo, &v, 0, 9000 + (uint64_t)i, i < 300);
        games++;
    }
    uniformity(base);
    move_distribution();
    span_limit(base);
    free_mask_agrees(base);
    playout_agrees(base);
    CHECK(decisions > 0);
    printf("%d random games, %ld scoring-order decisions read back, %ld discards in playouts\n",
           games, decisions, playout_discards);
    return kk_test_done("carc_random");
}
